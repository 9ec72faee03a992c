//! Difficulty ratings (being written: see issue 5).
