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

use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use crate::sudoku::Grid;
use dynamics::Dynamics;
use encoding::{EncodingError, Formula};
use fit::{Escape, Fit, FitOptions};
use integrator::CashKarp;

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
}

impl Default for ChaosOptions {
    fn default() -> ChaosOptions {
        ChaosOptions {
            seed: 1,
            trajectories: 128,
            tolerance: 1e-3,
            time_cap: 20_000.0,
            budget: 128_000_000,
            fit: FitOptions::default(),
        }
    }
}

impl ChaosOptions {
    /// The accepted steps each trajectory may take.
    pub fn steps_per_trajectory(&self) -> u64 {
        (self.budget / self.trajectories.max(1) as u64).max(1)
    }

    /// The settings in words, for a run's record (`seed=1 trajectories=128 ...`).
    pub fn label(&self) -> String {
        format!(
            "seed={} trajectories={} tolerance={} cap={} budget={}",
            self.seed, self.trajectories, self.tolerance, self.time_cap, self.budget
        )
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

/// What a rating says about its own reliability, from best to worst.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ChaosStatus {
    /// Every trajectory escaped; `η` is fitted.
    Ok,
    /// Some trajectories reached the time cap (censored); `η` is fitted with them censored.
    TimeCap,
    /// Some trajectories used their share of the step budget (censored); `η` is fitted with them
    /// censored.
    Budget,
    /// Some trajectories stalled (step underflow): censored where they stopped.
    Stalled,
    /// Too few escapes in the tail for a rate: no `η`, only its lower bound `eta_low`.
    TooFewEscapes,
}

impl ChaosStatus {
    /// The name in `ratings.csv`'s `eta_status`.
    pub fn name(self) -> &'static str {
        match self {
            ChaosStatus::Ok => "ok",
            ChaosStatus::TimeCap => "time-cap",
            ChaosStatus::Budget => "step-budget",
            ChaosStatus::Stalled => "stalled",
            ChaosStatus::TooFewEscapes => "too-few-escapes",
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
    /// The status.
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

/// Runs trajectory `index` of `formula`.
pub fn trajectory(formula: &Formula, options: &ChaosOptions, index: u64) -> Trajectory {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(trajectory_seed(options.seed, index));
    let n = formula.variables.len();
    let spins: Vec<f64> = (0..n).map(|_| rng.random_range(-1.0..=1.0)).collect();
    let mut dynamics = Dynamics::new(formula);
    let mut y = dynamics.initial_state(&spins);
    let mut ck = CashKarp::new(y.len());
    let (mut t, mut h) = (0.0f64, 0.01f64);
    let max_steps = options.steps_per_trajectory();
    let end = loop {
        if formula.satisfied_by(&y[..n]) {
            break End::Solved;
        }
        if t >= options.time_cap {
            break End::TimeCap;
        }
        if ck.accepted >= max_steps {
            break End::Budget;
        }
        let mut f = |y: &[f64], dy: &mut [f64]| dynamics.derivative(y, dy);
        let mut try_h = h.min(options.time_cap - t);
        if ck
            .step(&mut f, &mut y, &mut t, &mut try_h, options.tolerance)
            .is_err()
        {
            break End::Stalled;
        }
        h = try_h;
        // The hypercube is invariant for the exact flow; keep the numerical one inside it.
        for s in &mut y[..n] {
            *s = s.clamp(-1.0, 1.0);
        }
    };
    Trajectory {
        end,
        time: t,
        steps: ck.accepted,
    }
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
    let censored = trajectories.iter().map(|t| t.end).max().unwrap_or(End::Solved);
    let censored_status = match censored {
        End::Solved => ChaosStatus::Ok,
        End::TimeCap => ChaosStatus::TimeCap,
        End::Budget => ChaosStatus::Budget,
        End::Stalled => ChaosStatus::Stalled,
    };
    let eta = |kappa: f64| -kappa.log10();
    match fit::fit(&escapes, options.fit) {
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
            status: ChaosStatus::TooFewEscapes,
        },
    }
}

/// Rates one puzzle (see the module's text); a puzzle without a formula (no solution, or
/// complete) is an error.
pub fn rate(grid: &Grid, options: &ChaosOptions) -> Result<ChaosRating, EncodingError> {
    Ok(rate_formula(&Formula::encode(grid)?, options))
}
