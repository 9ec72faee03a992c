//! The run loop: chunks of lines read by a driver thread, blocks of (puzzle, solver) pairs on the
//! rayon pool, rows out in line order.
//!
//! The thread that calls [`run`] is the driver: it reads a chunk of lines (sized to take about
//! [`CHUNK_TARGET`] at the rate measured so far, at most [`Plan::chunk_lines`]),
//! pairs its puzzle lines (of this shard, after the resume point) with every solver, and hands
//! the pairs to the pool as blocks; while the pool solves them it reads and hands over the next
//! chunk, and it writes a chunk's rows as soon as the chunk is complete. So reading, parsing and
//! writing overlap the solving, and no worker waits at the end of a chunk: the next chunk's
//! blocks are already queued. At most two chunks are in flight, so the memory held stays two
//! chunks and their rows whatever the length of the corpus.
//!
//! **Scheduling.** Blocks go to the pool's shared FIFO queue, so they start roughly in the order
//! they were handed over. Within a chunk the blocks of the solver that has cost the most CPU per
//! pair so far come first, and each solver's block size is chosen from its measured cost (about
//! [`BLOCK_TARGET`] of CPU per block), so an expensive solver's pairs are spread over every
//! worker early and the cheap ones fill in behind them: the last chunk does not end with one
//! thread finishing a long solver alone. The order of work changes nothing in the output: each
//! row goes to its place by (line, solver), so the rows come out sorted by line and then by
//! solver in plan order, whatever the number of threads.
//!
//! **Output.** With [`Plan::csv_rows`] each worker formats its block's rows as `runs.csv` lines
//! into the block's own buffer; the driver only copies bytes in order. No lock is taken per row:
//! a block sends one message when it is done.
//!
//! **Pairs.** A block's pairs run on its worker in `harness/pairs.rs`: one pair, the check of its
//! answer, and the single-threaded timing pass.
//!
//! **Stopping.** A stop request is honoured between pairs: the rows of the longest prefix of
//! whole puzzles are written and the run ends there, so the output always holds whole puzzles.

use std::collections::VecDeque;
use std::io::BufRead;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use rayon::ThreadPool;

use crate::corpus::{CorpusReader, LineCounts, LineKind, Record};

use super::pairs::{run_block, serial_times};
use super::phases::thread_cpu;
use super::{HarnessError, Row};

pub use super::pairs::format_rows;
pub use super::plan::{Mode, Plan, SolverRun};

use super::plan::BlockSpec;

/// The CPU time a block of pairs aims at: long enough that timing and handing over a block cost
/// nothing next to it, short enough that the blocks of one chunk outnumber the threads.
pub const BLOCK_TARGET: Duration = Duration::from_millis(2);

/// Pairs per block for a solver not yet measured (the first chunk).
const FIRST_BLOCK_PAIRS: usize = 16;

/// Most pairs in one block, however cheap the solver.
const MAX_BLOCK_PAIRS: usize = 1024;

/// Chunks handed to the pool and not yet written.
const CHUNKS_IN_FLIGHT: usize = 2;

/// About how long a chunk should take to run: a chunk's rows reach the sink (and `runs.csv`,
/// which an early Ctrl-C keeps) when the chunk is done, so chunks are sized from the measured
/// rate to end every second or so, up to [`Plan::chunk_lines`] lines.
pub const CHUNK_TARGET: Duration = Duration::from_secs(1);

/// Lines of the first chunk (before anything is measured) and the fewest in any chunk.
const FIRST_CHUNK_LINES: usize = 16;

/// Time spent in each activity of a run (see [`super::phases`] for how each is measured).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StageTimes {
    /// Reading and parsing chunks, driver thread: wall and CPU.
    pub read_wall: Duration,
    /// See [`StageTimes::read_wall`].
    pub read_cpu: Duration,
    /// Handing rows to the sink (formatting and writing), driver thread: wall and CPU.
    pub write_wall: Duration,
    /// See [`StageTimes::write_wall`].
    pub write_cpu: Duration,
    /// From the start of the run to the end of its last block.
    pub solve_wall: Duration,
    /// CPU time of the workers in the blocks of pairs.
    pub solve_cpu: Duration,
    /// The single-threaded timing pass ([`Plan::serial_timing`]), driver thread: wall and CPU.
    pub serial_wall: Duration,
    /// See [`StageTimes::serial_wall`].
    pub serial_cpu: Duration,
}

/// What a run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Lines of the shard read, by kind (including lines skipped on resume).
    pub counts: LineCounts,
    /// Puzzle lines skipped because an earlier run had done them.
    pub skipped_puzzles: u64,
    /// Puzzle lines run now.
    pub puzzles: u64,
    /// Rows written now.
    pub rows: u64,
    /// Rows written now that record a solver failure.
    pub solver_errors: u64,
    /// The run stopped early on request.
    pub interrupted: bool,
    /// Where the time went.
    pub times: StageTimes,
}

/// The sink of a run: the rows of each finished chunk in line order, and with
/// [`Plan::csv_rows`] their `runs.csv` lines (else an empty slice).
pub type Sink<'s> = dyn FnMut(&[Row], &[u8]) -> Result<(), HarnessError> + 's;

/// Runs the plan over the lines of `reader` on `pool`, the calling thread driving (reading,
/// handing out blocks, writing; it should not be one of the pool's workers). `progress` is called
/// with `1` each time a puzzle's rows are complete (from any thread); `sink` receives the rows of
/// each chunk in line order. Stops early, at a whole puzzle, when `stop` is set.
pub fn run<R: BufRead>(
    reader: &mut CorpusReader<R>,
    plan: &Plan<'_>,
    pool: &ThreadPool,
    stop: &AtomicBool,
    progress: &(dyn Fn(u64) + Sync),
    sink: &mut Sink<'_>,
) -> Result<Tally, HarnessError> {
    if plan.solvers.is_empty() {
        return Err(HarnessError::NoSolvers);
    }
    let abort = AtomicBool::new(false);
    pool.in_place_scope(|scope| {
        let mut driver = Driver::new(plan, stop, &abort, progress);
        let result = driver.drive(reader, scope, sink);
        if result.is_err() {
            // The blocks still queued end at once; the scope waits for them.
            abort.store(true, Ordering::Relaxed);
        }
        result
    })
}

/// What a block sends back.
struct BlockDone {
    chunk: u64,
    block: usize,
    /// One per puzzle of the block; `None` where a stop request came first.
    rows: Vec<Option<Row>>,
    /// The rows' `runs.csv` lines, one after another (with [`Plan::csv_rows`]).
    csv: Vec<u8>,
    /// End of each row's line in `csv`.
    ends: Vec<usize>,
    cpu: Duration,
    finished: Instant,
}

/// A chunk handed to the pool and not yet written.
struct InFlight {
    seq: u64,
    /// Lines read for the chunk, and its puzzle records to run.
    lines: usize,
    records: usize,
    blocks: Vec<BlockSpec>,
    done: Vec<Option<BlockDone>>,
    waiting: usize,
    /// For each slot, the index of its first block and its block size.
    slot_blocks: Vec<(usize, usize)>,
}

impl InFlight {
    /// The block of `slot` that holds the chunk's puzzle `p`, and the puzzle's index in it.
    fn block_of(&self, slot: usize, p: usize) -> (usize, usize) {
        let (first_block, size) = self.slot_blocks[slot];
        (first_block + p / size, p % size)
    }
}

struct Driver<'p, 'a> {
    plan: &'p Plan<'a>,
    stop: &'p AtomicBool,
    abort: &'p AtomicBool,
    progress: &'p (dyn Fn(u64) + Sync),
    per: usize,
    /// CPU time and pairs run so far per slot: the cost estimate behind the block order.
    slot_cpu: Vec<Duration>,
    slot_pairs: Vec<u64>,
    tally: Tally,
    started: Instant,
    last_block: Instant,
    /// Lines to read for the next chunk (see [`CHUNK_TARGET`]), and lines of chunks written.
    chunk_lines: usize,
    lines_written: u64,
}

type Message = Result<BlockDone, Box<dyn std::any::Any + Send>>;

impl<'p, 'a> Driver<'p, 'a> {
    fn new(
        plan: &'p Plan<'a>,
        stop: &'p AtomicBool,
        abort: &'p AtomicBool,
        progress: &'p (dyn Fn(u64) + Sync),
    ) -> Self {
        let per = plan.rows_per_puzzle();
        let now = Instant::now();
        Driver {
            plan,
            stop,
            abort,
            progress,
            per,
            slot_cpu: vec![Duration::ZERO; per],
            slot_pairs: vec![0; per],
            tally: Tally::default(),
            started: now,
            last_block: now,
            chunk_lines: plan.chunk_lines.clamp(1, FIRST_CHUNK_LINES),
            lines_written: 0,
        }
    }

    /// Sizes the next chunks from the rate so far: [`CHUNK_TARGET`] of lines at that rate.
    fn resize_chunks(&mut self, lines: usize) {
        self.lines_written += lines as u64;
        let secs = self.started.elapsed().as_secs_f64().max(1e-3);
        let at_rate = self.lines_written as f64 / secs * CHUNK_TARGET.as_secs_f64();
        let most = self.plan.chunk_lines.max(1);
        self.chunk_lines = (at_rate as usize).clamp(FIRST_CHUNK_LINES.min(most), most);
    }

    fn drive<'s, R: BufRead>(
        &mut self,
        reader: &mut CorpusReader<R>,
        scope: &rayon::Scope<'s>,
        sink: &mut Sink<'_>,
    ) -> Result<Tally, HarnessError>
    where
        'p: 's,
    {
        let (tx, rx) = mpsc::channel::<Message>();
        let in_flight = if self.plan.serial_timing {
            1
        } else {
            CHUNKS_IN_FLIGHT
        };
        let mut queue: VecDeque<(InFlight, Arc<Vec<Record>>)> = VecDeque::new();
        let mut eof = false;
        let mut seq = 0;
        loop {
            while !eof && queue.len() < in_flight {
                let (wall, cpu) = (Instant::now(), thread_cpu());
                let lines = reader
                    .read_chunk(self.chunk_lines)
                    .map_err(HarnessError::Corpus)?;
                eof = lines.is_empty();
                let read = lines.len();
                let records = self.take_records(lines);
                self.tally.times.read_wall += wall.elapsed();
                self.tally.times.read_cpu += thread_cpu().saturating_sub(cpu);
                if !eof {
                    let mut chunk = self.spawn_chunk(seq, records, scope, &tx);
                    chunk.0.lines = read;
                    queue.push_back(chunk);
                    seq += 1;
                }
            }
            let Some((front, _)) = queue.front() else {
                break;
            };
            if front.waiting > 0 {
                let message = rx.recv().expect("the driver holds a sender");
                let done = match message {
                    Ok(done) => done,
                    Err(payload) => {
                        self.abort.store(true, Ordering::Relaxed);
                        panic::resume_unwind(payload)
                    }
                };
                self.last_block = self.last_block.max(done.finished);
                self.tally.times.solve_cpu += done.cpu;
                let (chunk, _) = queue
                    .iter_mut()
                    .find(|(c, _)| c.seq == done.chunk)
                    .expect("a block belongs to a chunk in flight");
                let spec = chunk.blocks[done.block];
                let ran = done.rows.iter().filter(|r| r.is_some()).count();
                self.slot_cpu[spec.slot] += done.cpu;
                self.slot_pairs[spec.slot] += ran as u64;
                chunk.waiting -= 1;
                let block = done.block;
                chunk.done[block] = Some(done);
                continue;
            }
            let (chunk, records) = queue.pop_front().expect("the front chunk exists");
            let lines = chunk.lines;
            let complete = self.write_chunk(chunk, &records, sink)?;
            self.resize_chunks(lines);
            if !complete {
                self.tally.interrupted = true;
                break;
            }
        }
        self.tally.times.solve_wall = self.last_block.saturating_duration_since(self.started);
        Ok(self.tally)
    }

    /// Counts a chunk's lines and keeps the puzzle records to run now.
    fn take_records(&mut self, lines: Vec<crate::corpus::Line>) -> Vec<Record> {
        let mut records = Vec::new();
        for line in lines {
            if !self.plan.shard.contains(line.number) {
                continue;
            }
            self.tally.counts.add(&line);
            if let LineKind::Puzzle(record) = line.kind {
                if record.line <= self.plan.skip_through {
                    self.tally.skipped_puzzles += 1;
                } else {
                    records.push(record);
                }
            }
        }
        records
    }

    /// The slots, most expensive per pair first (plan order until measured), each with its block
    /// size.
    fn slot_order(&self) -> Vec<(usize, usize)> {
        let mean = |slot: usize| {
            let pairs = self.slot_pairs[slot];
            (pairs > 0).then(|| self.slot_cpu[slot].as_nanos() as f64 / pairs as f64)
        };
        let mut slots: Vec<usize> = (0..self.per).collect();
        slots.sort_by(|&a, &b| {
            let (ma, mb) = (mean(a).unwrap_or(0.0), mean(b).unwrap_or(0.0));
            mb.total_cmp(&ma)
        });
        slots
            .into_iter()
            .map(|slot| {
                let size = match mean(slot) {
                    None => FIRST_BLOCK_PAIRS,
                    Some(ns) => (BLOCK_TARGET.as_nanos() as f64 / ns.max(1.0))
                        .clamp(1.0, MAX_BLOCK_PAIRS as f64)
                        as usize,
                };
                (slot, size)
            })
            .collect()
    }

    fn spawn_chunk<'s>(
        &self,
        seq: u64,
        records: Vec<Record>,
        scope: &rayon::Scope<'s>,
        tx: &mpsc::Sender<Message>,
    ) -> (InFlight, Arc<Vec<Record>>)
    where
        'p: 's,
    {
        let n = records.len();
        let records = Arc::new(records);
        let left: Arc<Vec<AtomicU32>> =
            Arc::new((0..n).map(|_| AtomicU32::new(self.per as u32)).collect());
        let mut blocks = Vec::new();
        let mut slot_blocks = vec![(0, 1); self.per];
        for (slot, size) in self.slot_order() {
            slot_blocks[slot] = (blocks.len(), size);
            for first in (0..n).step_by(size) {
                blocks.push(BlockSpec {
                    slot,
                    first,
                    len: size.min(n - first),
                });
            }
        }
        for (block, &spec) in blocks.iter().enumerate() {
            let (records, left, tx) = (Arc::clone(&records), Arc::clone(&left), tx.clone());
            let (plan, stop, abort, progress) = (self.plan, self.stop, self.abort, self.progress);
            scope.spawn(move |_| {
                let ran = panic::catch_unwind(AssertUnwindSafe(|| {
                    run_block(plan, &records, &left, spec, stop, abort, progress)
                }));
                let message = ran.map(|(rows, csv, ends, cpu)| BlockDone {
                    chunk: seq,
                    block,
                    rows,
                    csv,
                    ends,
                    cpu,
                    finished: Instant::now(),
                });
                // The driver is gone only when it failed; the blocks left have nothing to report.
                let _ = tx.send(message);
            });
        }
        let waiting = blocks.len();
        let done = (0..waiting).map(|_| None).collect();
        let chunk = InFlight {
            seq,
            lines: 0,
            records: n,
            blocks,
            done,
            waiting,
            slot_blocks,
        };
        (chunk, records)
    }

    /// Puts a finished chunk's rows in line order and hands them to the sink: all of them, or
    /// the whole puzzles before the first pair a stop request skipped. Returns whether the chunk
    /// was complete.
    fn write_chunk(
        &mut self,
        mut chunk: InFlight,
        records: &[Record],
        sink: &mut Sink<'_>,
    ) -> Result<bool, HarnessError> {
        let (wall, cpu) = (Instant::now(), thread_cpu());
        let per = self.per;
        let mut rows = Vec::with_capacity(chunk.records * per);
        let mut csv = Vec::new();
        'puzzles: for p in 0..chunk.records {
            let mut whole = Vec::with_capacity(per);
            for slot in 0..per {
                let (block, k) = chunk.block_of(slot, p);
                let done = chunk.done[block]
                    .as_mut()
                    .expect("every block of a written chunk is done");
                match done.rows[k].take() {
                    Some(row) => {
                        whole.push(row);
                    }
                    None => break 'puzzles,
                }
            }
            if self.plan.csv_rows {
                for slot in 0..per {
                    let (block, k) = chunk.block_of(slot, p);
                    let done = chunk.done[block]
                        .as_ref()
                        .expect("every block of a written chunk is done");
                    let start = if k == 0 { 0 } else { done.ends[k - 1] };
                    csv.extend_from_slice(&done.csv[start..done.ends[k]]);
                }
            }
            rows.extend(whole);
        }
        drop(chunk.done);
        // The serial timing pass is a phase of its own, not part of writing.
        let (mut serial_wall, mut serial_cpu) = (Duration::ZERO, Duration::ZERO);
        if self.plan.serial_timing {
            let (start_wall, start_cpu) = (Instant::now(), thread_cpu());
            let refs: Vec<&Record> = records.iter().collect();
            let timed = serial_times(&refs, self.plan, &mut rows, self.stop);
            serial_cpu = thread_cpu().saturating_sub(start_cpu);
            serial_wall = start_wall.elapsed();
            self.tally.times.serial_wall += serial_wall;
            self.tally.times.serial_cpu += serial_cpu;
            rows.truncate(timed / per * per);
            if self.plan.csv_rows {
                csv = format_rows(&rows)?;
            }
        }
        self.tally.puzzles += (rows.len() / per) as u64;
        self.tally.rows += rows.len() as u64;
        self.tally.solver_errors += rows.iter().filter(|r| r.is_solver_error()).count() as u64;
        sink(&rows, &csv)?;
        self.tally.times.write_wall += wall.elapsed().saturating_sub(serial_wall);
        self.tally.times.write_cpu += thread_cpu().saturating_sub(cpu).saturating_sub(serial_cpu);
        Ok(rows.len() == chunk.records * per)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::Shard;
    use crate::solvers::SolveLimits;

    #[test]
    fn the_costliest_solver_goes_first_in_blocks_sized_by_its_cost() {
        let names = ["fast", "mrv", "dlx"].map(String::from);
        let solvers = super::super::plan::select_solvers(&names, SolveLimits::default()).unwrap();
        let plan = Plan {
            solvers: &solvers,
            mode: Mode::EverySolver,
            shard: Shard::ALL,
            chunk_lines: 4096,
            serial_timing: false,
            skip_through: 0,
            csv_rows: false,
            permute: None,
        };
        let (stop, abort) = (AtomicBool::new(false), AtomicBool::new(false));
        let mut driver = Driver::new(&plan, &stop, &abort, &|_| ());
        // Not measured yet: plan order, the first block size.
        assert_eq!(
            driver.slot_order(),
            [0, 1, 2].map(|s| (s, FIRST_BLOCK_PAIRS))
        );
        // fast 1 µs, mrv 4 ms, dlx 10 µs a pair.
        driver.slot_cpu = vec![
            Duration::from_micros(1_000),
            Duration::from_millis(4_000),
            Duration::from_micros(10_000),
        ];
        driver.slot_pairs = vec![1000; 3];
        assert_eq!(
            driver.slot_order(),
            [(1, 1), (2, 200), (0, MAX_BLOCK_PAIRS)]
        );
    }
}
