//! The decision-tree difficulty index (being written: see issue 5).
