#!/usr/bin/env bash
# Benchmark of the nim product in the engine: the dispatching `mul`
# (PCLMULQDQ when the processor has it), the portable byte tables and the
# carry-less path against the plain Fermat 2-power recursion
# (`nimber::reference`), on the same random 64-bit operands in the same run.
#
#   bench/nimber.sh
#
# Runs `cargo bench -p grundy-bench --bench nimber`: the criterion groups (wall
# time, HTML reports under target/criterion), then a summary in CPU time of
# the benchmark thread: products per second of each method, the median of
# 9 runs, and the ratio to the reference. Quote the summary: on a shared
# machine the wall times also count waiting for a core.
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$root"
cargo bench -p grundy-bench --bench nimber
