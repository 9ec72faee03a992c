//! The embedded font: DejaVu Sans from the `dejavu` crate (crate MIT/Apache-2.0; the font under the
//! DejaVu Fonts licence — Bitstream Vera terms, with DejaVu changes in the public domain — which
//! permits embedding and redistribution).
//!
//! plotters is built without its `ttf` feature (which would pull in font-kit and fontconfig and find
//! fonts on the system) and with `ab_glyph`, which draws only fonts registered here. We register the
//! font under the generic family name `sans-serif`: PNGs are rasterised from the embedded outlines,
//! and SVGs say `font-family="sans-serif"`, a generic family every SVG viewer resolves to a font it
//! has, so neither needs a font installed.

use std::sync::OnceLock;

use plotters::style::{register_font, FontStyle};

/// The family name plots use; see the module doc.
pub const FAMILY: &str = "sans-serif";

/// Registers DejaVu Sans (regular and bold) with plotters. Idempotent and thread-safe; every plot
/// function calls it, so library users need not.
pub fn ensure_registered() -> Result<(), &'static str> {
    static DONE: OnceLock<Result<(), &'static str>> = OnceLock::new();
    *DONE.get_or_init(|| {
        register_font(FAMILY, FontStyle::Normal, dejavu::sans::regular())
            .map_err(|_| "the embedded DejaVu Sans regular font does not parse")?;
        register_font(FAMILY, FontStyle::Bold, dejavu::sans::bold())
            .map_err(|_| "the embedded DejaVu Sans bold font does not parse")?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use plotters::prelude::*;

    /// Text must come out as ink without any system font: draw a word into an in-memory bitmap
    /// and count dark pixels.
    #[test]
    fn text_renders_from_the_embedded_font() {
        super::ensure_registered().unwrap();
        let (w, h) = (200u32, 60u32);
        let mut buffer = vec![255u8; (w * h * 3) as usize];
        {
            let root = BitMapBackend::with_buffer(&mut buffer, (w, h)).into_drawing_area();
            root.draw(&Text::new(
                "nodes µs ρ τ",
                (10, 20),
                (super::FAMILY, 24.0).into_font().color(&BLACK),
            ))
            .unwrap();
            root.present().unwrap();
        }
        let dark = buffer.chunks(3).filter(|p| p[0] < 128).count();
        assert!(
            dark > 150,
            "only {dark} dark pixels: the text did not render"
        );
    }
}
