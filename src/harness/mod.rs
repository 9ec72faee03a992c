//! The corpus study runner (being written: see issue 4).
