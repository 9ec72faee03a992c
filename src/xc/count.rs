//! Counting helpers (being written: see issue 2).
