//! Shared by the benches (`mod common;`): criterion draws its HTML-report plots with plotters,
//! which in this crate renders only fonts registered with it (no system fonts).

use criterion::Criterion;

/// Registers the embedded font with plotters, for criterion's plots.
pub fn register_font() {
    dlxlab::report::font::ensure_registered().expect("embedded font");
}

/// The default criterion configuration, with the font registered.
#[allow(dead_code)] // benches with their own measurement call `register_font` only
pub fn config() -> Criterion {
    register_font();
    Criterion::default()
}
