//! Unit propagation over the [`Model`]'s cardinality constraints, restricted to one rung.
//!
//! A constraint "at least `need` of these literals" is looked at again whenever one of its
//! variables is decided: with `t` literals true and `u` open, it fails when `need - t > u` and forces
//! every open literal when `need - t == u`. Constraints are at most ten literals long, so
//! recounting one is cheaper than keeping watch lists.

use super::model::{cell_lit, Model, CELL_VARS, VARS};
use super::rung::Rung;

/// The propagation found that no assignment satisfies the constraints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Conflict;

const OPEN: u8 = 0;
const TRUE: u8 = 1;
const FALSE: u8 = 2;

/// Which constraints a propagation uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Rules {
    /// Those of this rung and the rungs below.
    Rung(Rung),
    /// Those of the band solvers' propagation ([`super::probe_band_solvers`]).
    BandSolvers,
}

/// The decided variables and the queue of those not yet propagated.
pub(super) struct Propagator {
    model: &'static Model,
    rules: Rules,
    value: Vec<u8>,
    queue: Vec<u16>,
    open: Vec<u16>,
}

impl Propagator {
    /// Nothing decided; only the constraints of `rules` propagate.
    pub fn new(rules: Rules) -> Propagator {
        Propagator {
            model: Model::get(),
            rules,
            value: vec![OPEN; VARS],
            queue: Vec::new(),
            open: Vec::with_capacity(10),
        }
    }

    /// The model propagated over.
    pub fn model(&self) -> &'static Model {
        self.model
    }

    /// `Some(true)` if literal `lit` is true, `Some(false)` if false, `None` if open.
    pub fn lit_value(&self, lit: u16) -> Option<bool> {
        match self.value[(lit >> 1) as usize] {
            OPEN => None,
            v => Some((v == TRUE) != (lit & 1 == 1)),
        }
    }

    /// Makes `lit` true (queued for [`Self::propagate`]).
    pub fn assert(&mut self, lit: u16) -> Result<(), Conflict> {
        match self.lit_value(lit) {
            Some(true) => Ok(()),
            Some(false) => Err(Conflict),
            None => {
                self.value[(lit >> 1) as usize] = if lit & 1 == 0 { TRUE } else { FALSE };
                self.queue.push(lit >> 1);
                Ok(())
            }
        }
    }

    /// Propagates every queued decision to a fixpoint.
    pub fn propagate(&mut self) -> Result<(), Conflict> {
        while let Some(var) = self.queue.pop() {
            let model = self.model;
            for &id in &model.occurs[var as usize] {
                let c = &model.constraints[id as usize];
                let active = match self.rules {
                    Rules::Rung(rung) => c.rung <= rung,
                    Rules::BandSolvers => c.band,
                };
                if !active {
                    continue;
                }
                self.open.clear();
                let mut trues = 0u8;
                for &l in model.lits_of(c) {
                    match self.lit_value(l) {
                        Some(true) => trues += 1,
                        Some(false) => {}
                        None => self.open.push(l),
                    }
                }
                if trues >= c.need {
                    continue;
                }
                let missing = (c.need - trues) as usize;
                if missing > self.open.len() {
                    self.queue.clear();
                    return Err(Conflict);
                }
                if missing == self.open.len() {
                    let open = std::mem::take(&mut self.open);
                    for &l in &open {
                        self.assert(l)?;
                    }
                    self.open = open;
                }
            }
        }
        Ok(())
    }

    /// The digits (1..=9) of the cells decided so far, 0 for the others.
    pub fn cells(&self) -> Vec<u8> {
        (0..81)
            .map(|cell| {
                (0..9)
                    .find(|&d| self.lit_value(cell_lit(cell, d)) == Some(true))
                    .map_or(0, |d| d as u8 + 1)
            })
            .collect()
    }

    /// Whether every cell variable is decided (so every cell has its digit).
    pub fn cells_decided(&self) -> bool {
        self.value[..CELL_VARS].iter().all(|&v| v != OPEN)
    }

    /// The open variables.
    pub fn open_vars(&self) -> impl Iterator<Item = usize> + '_ {
        (0..VARS).filter(|&v| self.value[v] == OPEN)
    }
}
