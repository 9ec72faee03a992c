//! The transient-chaos hardness `η` of Ercsey-Ravasz & Toroczkai ("The chaos within Sudoku",
//! Sci. Rep. 2:725, 2012): the puzzle as a Boolean formula ([`encoding`]), solved by a
//! deterministic continuous-time dynamical system ([`dynamics`], Nature Physics 7:966, 2011)
//! integrated with error control ([`integrator`]) from many random initial conditions; the
//! fraction `p(t)` of trajectories not yet at a solution by time `t` decays as `e^{−κt}`, and the
//! escape rate `κ` ([`fit`]) gives `η = −log10 κ`: easy `0 < η ≤ 1`, medium `≤ 2`, hard `≤ 3`,
//! ultra-hard `> 3`.
//!
//! Trajectory `j` of a run with seed `S` starts from spins drawn uniformly in `[-1, 1]` by a PCG
//! generator seeded with a mix of `S` and `j`, with every clause weight 1; it runs until its spins'
//! signs satisfy every constraint (it escapes), until the time cap, or until it has taken its share
//! of the puzzle's step budget (`budget / trajectories` accepted steps); the last two are
//! censored. Trajectories run in parallel and are collected in index order, so a seed gives the
//! same `η` whatever the thread count. Choices the paper leaves open are in `docs/rating.md`
//! ("Chaos hardness").

pub mod dynamics;
pub mod encoding;
pub mod fit;
pub mod integrator;
pub mod lu;
pub mod rosenbrock;

use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use crate::sudoku::Grid;
use dynamics::Dynamics;
use encoding::{EncodingError, Formula};
use fit::{Escape, Fit, FitOptions};
use integrator::CashKarp;
use rosenbrock::Rosenbrock;

/// The settings of a chaos rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChaosOptions {
    /// The seed of the initial conditions.
    pub seed: u64,
    /// Trajectories (random initial conditions) per puzzle.
    pub trajectories: usize,
    /// The integrator's local error tolerance (absolute, on spins and on `ln a`).
    pub tolerance: f64,
    /// The time cap of one trajectory (the dynamics' time, not wall time).
    pub time_cap: f64,
    /// Accepted integrator steps per puzzle, shared equally by its trajectories.
    pub budget: u64,
    /// The escape-rate fit.
    pub fit: FitOptions,
    /// The integrator.
    pub integrator: Integrator,
}

/// Which integrator runs the trajectories: the same dynamics, the same error control (absolute
/// on the spins and on `ln a`), different stability.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Integrator {
    /// Explicit Cash–Karp RK4(5) ([`integrator::CashKarp`]): cheap steps, whose size falls as
    /// `1/a` once the weights have grown; the default, fine up to `η ≈ 2.5`.
    #[default]
    CashKarp,
    /// Linearly implicit Rosenbrock order 4(3) ([`rosenbrock::Rosenbrock`]): a dense solve per
    /// stage, but a step that follows the slow dynamics; for the hardest puzzles, whose escape
    /// times the explicit method cannot reach.
    Rosenbrock,
}

impl Integrator {
    /// The name on the command line and in a run's record: `cash-karp`, `rosenbrock`.
    pub fn name(self) -> &'static str {
        match self {
            Integrator::CashKarp => "cash-karp",
            Integrator::Rosenbrock => "rosenbrock",
        }
    }

    /// The integrator of that name.
    pub fn from_name(name: &str) -> Option<Integrator> {
        [Integrator::CashKarp, Integrator::Rosenbrock]
            .into_iter()
            .find(|i| i.name() == name)
    }
}

impl Default for ChaosOptions {
    fn default() -> ChaosOptions {
        ChaosOptions {
            seed: 1,
            trajectories: 64,
            tolerance: 1e-3,
            time_cap: 1_000.0,
            budget: 2_000_000,
            fit: FitOptions::default(),
            integrator: Integrator::CashKarp,
        }
    }
}

impl ChaosOptions {
    /// The accepted steps each trajectory may take.
    pub fn steps_per_trajectory(&self) -> u64 {
        (self.budget / self.trajectories.max(1) as u64).max(1)
    }

    /// The settings in words, for a run's record (`seed=1 trajectories=128 ...`; the
    /// integrator and the fit's settings only when they are not the defaults, so that older
    /// records still read the same).
    pub fn label(&self) -> String {
        let mut label = format!(
            "seed={} trajectories={} tolerance={} cap={} budget={}",
            self.seed, self.trajectories, self.tolerance, self.time_cap, self.budget
        );
        if self.integrator != Integrator::CashKarp {
            label.push_str(&format!(" integrator={}", self.integrator.name()));
        }
        let fit = FitOptions::default();
        if self.fit.tail != fit.tail {
            label.push_str(&format!(" tail={}", self.fit.tail));
        }
        if self.fit.min_escapes != fit.min_escapes {
            label.push_str(&format!(" min-escapes={}", self.fit.min_escapes));
        }
        label
    }
}

/// How one trajectory ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum End {
    /// Its signs satisfy every constraint.
    Solved,
    /// It reached the time cap.
    TimeCap,
    /// It used its share of the step budget.
    Budget,
    /// The step size underflowed or the state stopped being finite.
    Stalled,
    /// [`crate::budget::interrupt`] asked every search to stop (Ctrl-C): the rating is not whole.
    Interrupted,
}

/// One trajectory's result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Trajectory {
    /// How it ended.
    pub end: End,
    /// When it ended (the dynamics' time).
    pub time: f64,
    /// Accepted integrator steps.
    pub steps: u64,
}

/// Why some trajectories of a rating were censored (the worst reason among them), from best to
/// worst.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ChaosStatus {
    /// Every trajectory escaped.
    Ok,
    /// Some trajectories reached the time cap.
    TimeCap,
    /// Some trajectories used their share of the step budget.
    Budget,
    /// Some trajectories stalled (step underflow): censored where they stopped.
    Stalled,
    /// Stopped by [`crate::budget::interrupt`]: not a rating (hosts discard it).
    Interrupted,
}

impl ChaosStatus {
    /// The name of the reason: `ok`, `time-cap`, `step-budget`, `stalled`, `interrupted`.
    pub fn name(self) -> &'static str {
        match self {
            ChaosStatus::Ok => "ok",
            ChaosStatus::TimeCap => "time-cap",
            ChaosStatus::Budget => "step-budget",
            ChaosStatus::Stalled => "stalled",
            ChaosStatus::Interrupted => "interrupted",
        }
    }
}

/// The chaos hardness of one puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct ChaosRating {
    /// `η = −log10 κ` (`None`: too few escapes).
    pub eta: Option<f64>,
    /// The interval's lower end (from the upper end of `κ`'s interval); with too few escapes, a
    /// lower bound of `η`.
    pub eta_low: f64,
    /// The interval's upper end (`None`: too few escapes).
    pub eta_high: Option<f64>,
    /// `R²` of the line through `ln p(t)` on the tail.
    pub r2: Option<f64>,
    /// Where the tail starts (the dynamics' time; `None`: too few escapes).
    pub tail_start: Option<f64>,
    /// Every trajectory, in index order.
    pub trajectories: Vec<Trajectory>,
    /// The worst reason any trajectory was censored for.
    pub status: ChaosStatus,
}

impl ChaosRating {
    /// Trajectories that escaped.
    pub fn escaped(&self) -> usize {
        self.trajectories
            .iter()
            .filter(|t| t.end == End::Solved)
            .count()
    }

    /// What `ratings.csv`'s `eta_status` says: the censoring reason ([`ChaosStatus::name`]) when
    /// `η` was fitted (`ok`: nothing censored; `time-cap`, `step-budget`, `stalled`: a fit with
    /// those trajectories censored), and `too-few-escapes` followed by `:reason` when there were
    /// too few escapes in the tail for a rate (`η` empty, `eta_low` a lower bound).
    pub fn status_text(&self) -> String {
        match (self.eta, self.status) {
            (Some(_), status) => status.name().to_string(),
            (None, ChaosStatus::Ok) => "too-few-escapes".to_string(),
            (None, status) => format!("too-few-escapes:{}", status.name()),
        }
    }

    /// Accepted integrator steps over all trajectories.
    pub fn steps(&self) -> u64 {
        self.trajectories.iter().map(|t| t.steps).sum()
    }
}

/// The seed of trajectory `index` of a run seeded `seed`: SplitMix64's finaliser of both.
fn trajectory_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The random initial spins of trajectory `index`: uniform in `[-1, 1]`.
fn initial_spins(formula: &Formula, options: &ChaosOptions, index: u64) -> Vec<f64> {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(trajectory_seed(options.seed, index));
    (0..formula.variables.len())
        .map(|_| rng.random_range(-1.0..=1.0))
        .collect()
}

/// Runs trajectory `index` of `formula` with the options' integrator.
pub fn trajectory(formula: &Formula, options: &ChaosOptions, index: u64) -> Trajectory {
    let spins = initial_spins(formula, options, index);
    let n = spins.len();
    match options.integrator {
        Integrator::CashKarp => {
            let mut dynamics = Dynamics::new(formula);
            let mut y = dynamics.initial_state(&spins);
            let mut ck = CashKarp::new(y.len());
            ck.relative_from = n;
            let (end, time) = run(formula, options, &mut y, |y, t, h| {
                let mut f = |y: &[f64], dy: &mut [f64]| dynamics.derivative(y, dy);
                let ok = ck.step(&mut f, y, t, h, options.tolerance).is_ok();
                (ok, ck.accepted)
            });
            Trajectory {
                end,
                time,
                steps: ck.accepted,
            }
        }
        Integrator::Rosenbrock => {
            let mut rb = Rosenbrock::new(formula);
            let mut y = rb.initial_state(&spins);
            let (end, time) = run(formula, options, &mut y, |y, t, h| {
                let ok = rb.step(y, t, h, options.tolerance).is_ok();
                (ok, rb.accepted)
            });
            Trajectory {
                end,
                time,
                steps: rb.accepted,
            }
        }
    }
}

/// Steps one trajectory until it escapes or is stopped; `step` takes one accepted step from
/// `(y, t)` trying `h` and says whether it could and how many steps are accepted so far.
fn run(
    formula: &Formula,
    options: &ChaosOptions,
    y: &mut [f64],
    mut step: impl FnMut(&mut [f64], &mut f64, &mut f64) -> (bool, u64),
) -> (End, f64) {
    let n = formula.variables.len();
    let (mut t, mut h) = (0.0f64, 0.01f64);
    let mut accepted = 0;
    let max_steps = options.steps_per_trajectory();
    let end = loop {
        if formula.satisfied_by(&y[..n]) {
            break End::Solved;
        }
        if t >= options.time_cap {
            break End::TimeCap;
        }
        if accepted >= max_steps {
            break End::Budget;
        }
        if accepted % 1024 == 0 && crate::budget::interrupted() {
            break End::Interrupted;
        }
        let mut try_h = h.min(options.time_cap - t);
        let (ok, count) = step(y, &mut t, &mut try_h);
        accepted = count;
        if !ok {
            break End::Stalled;
        }
        h = try_h;
        // The hypercube is invariant for the exact flow; keep the numerical one inside it.
        for s in &mut y[..n] {
            *s = s.clamp(-1.0, 1.0);
        }
    };
    (end, t)
}

/// Rates one formula.
pub fn rate_formula(formula: &Formula, options: &ChaosOptions) -> ChaosRating {
    let trajectories: Vec<Trajectory> = (0..options.trajectories as u64)
        .into_par_iter()
        .map(|j| trajectory(formula, options, j))
        .collect();
    let escapes: Vec<Escape> = trajectories
        .iter()
        .map(|t| Escape {
            time: t.time,
            escaped: t.end == End::Solved,
        })
        .collect();
    let censored = trajectories
        .iter()
        .map(|t| t.end)
        .max()
        .unwrap_or(End::Solved);
    let censored_status = match censored {
        End::Solved => ChaosStatus::Ok,
        End::TimeCap => ChaosStatus::TimeCap,
        End::Budget => ChaosStatus::Budget,
        End::Stalled => ChaosStatus::Stalled,
        End::Interrupted => ChaosStatus::Interrupted,
    };
    let eta = |kappa: f64| -kappa.log10();
    let fitted = match censored_status {
        ChaosStatus::Interrupted => Fit::Bound {
            kappa_high: f64::INFINITY,
            escapes: 0,
        },
        _ => fit::fit(&escapes, options.fit),
    };
    match fitted {
        Fit::Rate(r) => ChaosRating {
            eta: Some(eta(r.kappa)),
            eta_low: eta(r.high),
            eta_high: Some(eta(r.low)),
            r2: r.r2,
            tail_start: Some(r.tail_start),
            trajectories,
            status: censored_status,
        },
        Fit::Bound { kappa_high, .. } => ChaosRating {
            eta: None,
            eta_low: eta(kappa_high),
            eta_high: None,
            r2: None,
            tail_start: None,
            trajectories,
            status: censored_status,
        },
    }
}

/// Rates one puzzle (see the module's text); a puzzle without a formula (no solution, or
/// complete) is an error.
pub fn rate(grid: &Grid, options: &ChaosOptions) -> Result<ChaosRating, EncodingError> {
    Ok(rate_formula(&Formula::encode(grid)?, options))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A solved grid with `blanks` cells emptied (every third cell from the first): a small
    /// formula that the dynamics solve fast.
    fn easy(blanks: usize) -> Grid {
        let solved =
            "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
        let line: String = solved
            .chars()
            .enumerate()
            .map(|(i, ch)| {
                if i % 3 == 0 && i / 3 < blanks {
                    '.'
                } else {
                    ch
                }
            })
            .collect();
        Grid::parse(&line).unwrap()
    }

    #[test]
    fn a_seed_gives_the_same_rating_whatever_the_thread_count() {
        let grid = easy(27);
        let options = ChaosOptions {
            trajectories: 24,
            time_cap: 50.0,
            ..ChaosOptions::default()
        };
        let in_pool = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| rate(&grid, &options).unwrap())
        };
        let one = in_pool(1);
        assert_eq!(one, in_pool(3));
        assert_eq!(one.trajectories.len(), 24);
        assert!(one.escaped() > 0);
        let other_seed = rate(&grid, &ChaosOptions { seed: 2, ..options }).unwrap();
        assert_ne!(one.trajectories, other_seed.trajectories);
    }

    #[test]
    fn every_trajectory_escapes_an_easy_puzzle_and_eta_is_fitted() {
        let r = rate(
            &easy(27),
            &ChaosOptions {
                trajectories: 40,
                ..ChaosOptions::default()
            },
        )
        .unwrap();
        assert_eq!(r.escaped(), 40);
        assert_eq!(r.status_text(), "ok");
        let eta = r.eta.unwrap();
        assert!(r.eta_low < eta && eta < r.eta_high.unwrap(), "{r:?}");
        // A puzzle this easy is on the easy end of the scale.
        assert!(eta < 1.0, "{eta}");
    }

    #[test]
    fn the_stiff_integrator_rates_an_easy_puzzle_alike() {
        let options = ChaosOptions {
            trajectories: 40,
            integrator: Integrator::Rosenbrock,
            ..ChaosOptions::default()
        };
        let r = rate(&easy(27), &options).unwrap();
        assert_eq!(r.escaped(), 40);
        let explicit = rate(
            &easy(27),
            &ChaosOptions {
                integrator: Integrator::CashKarp,
                ..options
            },
        )
        .unwrap();
        // Same dynamics, same initial conditions: the same rate within the intervals.
        let (a, b) = (r.eta.unwrap(), explicit.eta.unwrap());
        assert!(a < 1.0 && b < 1.0, "{a} {b}");
        assert!(r.eta_low < b && b < r.eta_high.unwrap(), "{r:?} {b}");
        assert!(options.label().ends_with(" integrator=rosenbrock"));
        let refit = ChaosOptions {
            fit: FitOptions {
                tail: 1.0,
                min_escapes: 5,
                ..FitOptions::default()
            },
            ..options
        };
        assert!(refit
            .label()
            .ends_with(" integrator=rosenbrock tail=1 min-escapes=5"));
        assert!(!ChaosOptions::default().label().contains("tail"));
        assert!(!explicit.trajectories.is_empty());
        assert_eq!(
            Integrator::from_name("rosenbrock"),
            Some(Integrator::Rosenbrock)
        );
        assert_eq!(Integrator::from_name("euler"), None);
    }

    #[test]
    fn an_exhausted_step_budget_is_a_status_not_a_rate() {
        let options = ChaosOptions {
            trajectories: 16,
            budget: 16 * 3,
            ..ChaosOptions::default()
        };
        assert_eq!(options.steps_per_trajectory(), 3);
        let r = rate(&easy(40), &options).unwrap();
        assert!(r
            .trajectories
            .iter()
            .all(|t| t.end == End::Budget && t.steps == 3));
        assert_eq!(r.eta, None);
        assert_eq!(r.eta_high, None);
        assert_eq!(r.status, ChaosStatus::Budget);
        assert_eq!(r.status_text(), "too-few-escapes:step-budget");
        assert!(r.eta_low.is_finite());
        // The time cap, likewise.
        let capped = rate(
            &easy(40),
            &ChaosOptions {
                trajectories: 16,
                time_cap: 1e-3,
                ..ChaosOptions::default()
            },
        )
        .unwrap();
        assert_eq!(capped.status_text(), "too-few-escapes:time-cap");
    }

    #[test]
    fn a_puzzle_without_a_formula_is_an_error() {
        let full = easy(0);
        assert_eq!(
            rate(&full, &ChaosOptions::default()),
            Err(EncodingError::Complete)
        );
    }
}
