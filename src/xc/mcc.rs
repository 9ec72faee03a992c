//! Algorithm M: multiplicities (being written: see issue 2).
