//! Knuth's DLX text format (being written: see issue 2).
