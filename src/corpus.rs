//! Reading puzzle corpora (being written: see issue 4).
