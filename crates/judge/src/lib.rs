//! Judge adapters (see issue 3).
