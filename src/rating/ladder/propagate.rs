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

/// The decided variables and the queue of those not yet propagated.
pub(super) struct Propagator {
    model: &'static Model,
    rung: Rung,
    value: Vec<u8>,
    queue: Vec<u16>,
    open: Vec<u16>,
}

impl Propagator {
    /// Nothing decided; constraints of rungs above `rung` are ignored.
    pub fn new(rung: Rung) -> Propagator {
        Propagator {
            model: Model::get(),
            rung,
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
        let band = std::env::var_os("LADDER_BAND").is_some() && self.rung >= Rung::LockedRows;
        while let Some(var) = self.queue.pop() {
            let model = self.model;
            if band {
                for &id in &model.pattern_occurs[var as usize] {
                    let pat = model.patterns[id as usize];
                    const PERMS: [[usize; 3]; 6] =
                        [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
                    let (mut union, mut inter) = (0u16, 0x1ffu16);
                    for perm in PERMS {
                        let mask: u16 = (0..3).map(|i| 1u16 << (i * 3 + perm[i])).sum();
                        let ok = (0..9).all(|k| match self.lit_value(pat[k]) {
                            Some(false) => mask >> k & 1 == 0,
                            Some(true) => mask >> k & 1 == 1,
                            None => true,
                        });
                        if ok {
                            union |= mask;
                            inter &= mask;
                        }
                    }
                    if union == 0 {
                        self.queue.clear();
                        return Err(Conflict);
                    }
                    for k in 0..9 {
                        if union >> k & 1 == 0 {
                            self.assert(pat[k] ^ 1)?;
                        } else if inter >> k & 1 == 1 {
                            self.assert(pat[k])?;
                        }
                    }
                }
            }
            for &id in &model.occurs[var as usize] {
                let c = &model.constraints[id as usize];
                if c.rung > self.rung {
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
                    for i in 0..self.open.len() {
                        let l = self.open[i];
                        self.assert(l)?;
                    }
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
