//! Dancing links and Algorithm X/C (being written: see issue 2).
