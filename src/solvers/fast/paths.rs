//! The compiled copies ("paths") of `fast`'s propagation, and the choice among them, made once per
//! process.
//!
//! The propagation is one generic body, `State::propagate_body`, written in portable Rust. It
//! is compiled twice on x86-64: once for the baseline target (SSE2 only: the *portable* path) and
//! once inside a `#[target_feature]` function for the x86-64-v3 level (AVX2, BMI1, BMI2, POPCNT,
//! LZCNT, FMA, MOVBE: the `x86-64-v3` path), where the compiler may use `blsr`/`andn`/`tzcnt` for
//! the bit tricks, three-operand shifts, and 256-bit vectors for the loops over the nine digit
//! words of a band, and where the bit gathers of the analyses are BMI2's `pext`/`pdep` (the module
//! `fast::gather`, selected by the body's const parameter `V3`). Both paths run the same algorithm
//! on the same state, so they must give identical outcomes, node counts included; `fast::tests`
//! checks that on every puzzle of a sample, for every path the CPU has (`band` compiles its whole
//! search per path on the same choice).
//!
//! The path is chosen once, the first time `fast` propagates: the fastest one the CPU has
//! (`is_x86_feature_detected!`), unless the environment variable `DLXLAB_FAST_PATH` names another
//! (`portable`, or `x86-64-v3` when the CPU has it), which is how CI and `dlxlab check` run the
//! corpus through each path. Elsewhere (aarch64, ...) there is only the portable path.

use std::sync::OnceLock;

use super::{Contradiction, State};

/// A compiled copy of the propagation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// The baseline build of the target (on x86-64: SSE2).
    Portable,
    /// x86-64 with the x86-64-v3 features (AVX2, BMI1, BMI2, POPCNT, LZCNT, FMA, MOVBE).
    X86V3,
}

impl Path {
    /// Every path, in the order [`Path::name`] lists them.
    pub const ALL: [Path; 2] = [Path::Portable, Path::X86V3];

    /// The name `DLXLAB_FAST_PATH` takes.
    pub fn name(self) -> &'static str {
        match self {
            Path::Portable => "portable",
            Path::X86V3 => "x86-64-v3",
        }
    }

    /// Whether this CPU can run the path.
    pub fn available(self) -> bool {
        match self {
            Path::Portable => true,
            Path::X86V3 => x86::available(),
        }
    }

    /// The propagation of this path, or `None` when the CPU cannot run it.
    pub(super) fn kernel(self) -> Option<Kernel> {
        match self {
            Path::Portable => Some(portable),
            Path::X86V3 => x86::kernel(),
        }
    }
}

/// A propagation to a fixpoint (see the module documentation of [`fast`](super)).
pub(super) type Kernel = fn(&mut State) -> Result<(), Contradiction>;

/// The portable path.
fn portable(state: &mut State) -> Result<(), Contradiction> {
    state.propagate_body::<false>()
}

/// The path `fast` uses in this process (chosen on first use; see the module documentation).
pub fn current() -> Path {
    chosen().0
}

/// The chosen path and its propagation.
pub(super) fn chosen() -> (Path, Kernel) {
    static CHOSEN: OnceLock<(Path, Kernel)> = OnceLock::new();
    *CHOSEN.get_or_init(|| {
        let wanted = std::env::var("DLXLAB_FAST_PATH").ok();
        let forced = Path::ALL
            .into_iter()
            .find(|p| wanted.as_deref() == Some(p.name()));
        // A path the CPU lacks, or an unknown name, falls back to the automatic choice, which
        // `current` reports (so a caller that forced a path can see whether it got it).
        forced
            .and_then(|p| p.kernel().map(|k| (p, k)))
            .or_else(|| Path::X86V3.kernel().map(|k| (Path::X86V3, k)))
            .unwrap_or((Path::Portable, portable as Kernel))
    })
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Contradiction, Kernel, State};

    pub(super) fn available() -> bool {
        std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("lzcnt")
            && std::arch::is_x86_feature_detected!("fma")
            && std::arch::is_x86_feature_detected!("movbe")
    }

    pub(super) fn kernel() -> Option<Kernel> {
        available().then_some(v3 as Kernel)
    }

    /// The x86-64-v3 path: the portable body, inlined here and compiled for those features.
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt,fma,movbe")]
    fn v3_body(state: &mut State) -> Result<(), Contradiction> {
        state.propagate_body::<true>()
    }

    fn v3(state: &mut State) -> Result<(), Contradiction> {
        // SAFETY: `kernel` hands out this function only after `available` has seen every feature
        // `v3_body` is compiled for on this CPU.
        unsafe { v3_body(state) }
    }
}

#[cfg(not(target_arch = "x86_64"))]
mod x86 {
    use super::Kernel;

    pub(super) fn available() -> bool {
        false
    }

    pub(super) fn kernel() -> Option<Kernel> {
        None
    }
}
