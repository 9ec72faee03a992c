//! Puzzle generation (being written: see issues 4 and 6).
