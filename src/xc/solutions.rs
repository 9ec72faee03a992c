//! Solutions one at a time: a lazy iterator over an engine's search.
//!
//! The engines hand solutions to a callback ([`Engine::search_dyn`]). [`Solutions`] turns that
//! inside out without touching the engines: the search runs on a thread of its own and passes
//! each solution over a rendezvous channel, so it is never more than one solution ahead of the
//! consumer. When the consumer goes away (the iterator is dropped), the callback's next send fails
//! and the search stops there; a search that must stop between two solutions is stopped with
//! [`crate::budget::interrupt`].
//!
//! The counters are those of the search as it ran: with the consumer stopping early they describe
//! the part of the tree explored up to the last solution taken (and at most one more).

use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::time::Duration;

use super::engine::Engine;
use super::{Control, Limits, OptionId, SearchResult};

/// What the search thread sends.
enum Message {
    Solution(Vec<OptionId>),
    /// The search ended: its result and the engine's mems (see [`Engine::mems`]).
    End(SearchResult, Option<u64>),
}

/// The next thing [`Solutions::next_within`] has to report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// A solution: the options, forced ones first, then the search's, level by level.
    Solution(Vec<OptionId>),
    /// The search has ended; [`Solutions::result`] says how.
    Done,
    /// Nothing yet within the wait.
    Waiting,
}

/// The solutions of one search, produced lazily on a thread of the search's own.
pub struct Solutions {
    rx: Receiver<Message>,
    end: Option<(SearchResult, Option<u64>)>,
}

impl Solutions {
    /// Starts the search of `engine` under `limits`, stopping after `max` solutions (`0`: all).
    pub fn start(mut engine: Box<dyn Engine + Send>, limits: Limits, max: u64) -> Solutions {
        let (tx, rx) = sync_channel(0);
        std::thread::spawn(move || {
            let mut found = 0u64;
            let result = engine.search_dyn(&limits, &mut |solution: &[OptionId]| {
                found += 1;
                let gone = tx.send(Message::Solution(solution.to_vec())).is_err();
                if gone || (max != 0 && found >= max) {
                    Control::Stop
                } else {
                    Control::Continue
                }
            });
            // The consumer may be gone; then nobody needs the result.
            let _ = tx.send(Message::End(result, engine.mems()));
        });
        Solutions { rx, end: None }
    }

    /// Waits up to `wait` for the next solution (for a consumer that must look at something
    /// else now and then, such as signals).
    pub fn next_within(&mut self, wait: Duration) -> Next {
        if self.end.is_some() {
            return Next::Done;
        }
        match self.rx.recv_timeout(wait) {
            Ok(Message::Solution(s)) => Next::Solution(s),
            Ok(Message::End(result, mems)) => {
                self.end = Some((result, mems));
                Next::Done
            }
            Err(RecvTimeoutError::Timeout) => Next::Waiting,
            Err(RecvTimeoutError::Disconnected) => {
                unreachable!("the search thread sends its result before it ends")
            }
        }
    }

    /// How the search ended, once [`Next::Done`] was reported (`None` before).
    pub fn result(&self) -> Option<&SearchResult> {
        self.end.as_ref().map(|(r, _)| r)
    }

    /// The engine's mems for the search (dancing cells only), once it has ended.
    pub fn mems(&self) -> Option<u64> {
        self.end.as_ref().and_then(|&(_, m)| m)
    }
}

impl Iterator for Solutions {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        loop {
            match self.next_within(Duration::from_secs(3600)) {
                Next::Solution(s) => return Some(s),
                Next::Done => return None,
                Next::Waiting => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xc::choose::{exact_with, Method};
    use crate::xc::{count, SearchEnd};

    fn queens(n: usize) -> crate::xc::Problem {
        crate::puzzles::queens::Queens::new(n)
            .unwrap()
            .problem()
            .clone()
    }

    #[test]
    fn yields_the_searchs_solutions_in_order_with_its_counters() {
        for method in Method::ALL {
            let p = queens(6);
            let mut serial = Vec::new();
            let (mut engine, _) = exact_with(&p, method).unwrap();
            let want = engine.search_dyn(&Limits::NONE, &mut |s: &[OptionId]| {
                serial.push(s.to_vec());
                Control::Continue
            });
            let mut lazy = Solutions::start(exact_with(&p, method).unwrap().0, Limits::NONE, 0);
            let got: Vec<_> = lazy.by_ref().collect();
            assert_eq!(got, serial);
            assert_eq!(got.len(), 4);
            assert_eq!(lazy.result(), Some(&want));
            assert_eq!(lazy.mems().is_some(), method == Method::Dc);
        }
    }

    #[test]
    fn max_stops_the_search_and_a_limit_is_reported() {
        let p = queens(8);
        let mut two = Solutions::start(exact_with(&p, Method::Dlx).unwrap().0, Limits::NONE, 2);
        assert_eq!(two.by_ref().count(), 2);
        assert_eq!(two.result().unwrap().end, SearchEnd::Stopped);
        let mut limited =
            Solutions::start(exact_with(&p, Method::Dlx).unwrap().0, Limits::nodes(50), 0);
        let n = limited.by_ref().count() as u64;
        let (mut engine, _) = exact_with(&p, Method::Dlx).unwrap();
        let want = count::count(&mut engine, 0, &Limits::nodes(50));
        assert_eq!(n, want.stats.solutions);
        assert_eq!(limited.result(), Some(&want));
    }
}
