//! Cluster job files: the problem once, one line of forced options per job (being written: see issue 7).
