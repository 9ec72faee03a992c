//! Splitting a search tree into subproblems and counting them in parallel (being written: see issue 7).
