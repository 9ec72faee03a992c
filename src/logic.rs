//! Human solving techniques (being written: see issue 5).
