//! The engine's criterion benchmarks, in `benches/`: `cargo bench -p
//! grundy-bench --bench nimber` (nim products: the fast paths against the
//! plain recursion) and `--bench sequences` (the nim-sequence engines). The
//! scripts in `bench/` at the top of the repository wrap them and the
//! command-line comparisons.
