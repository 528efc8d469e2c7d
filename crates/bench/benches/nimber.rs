//! The nim product: the fast paths (`mul`, which dispatches to the
//! carry-less path when the processor has `PCLMULQDQ`, the portable byte
//! tables, and the carry-less path itself) against the plain recursion of
//! `nimber::reference`, on the same random 64-bit operands in the same run.
//!
//! `cargo bench -p grundy-bench --bench nimber` runs the criterion groups (wall
//! time), then a summary measured in CPU time of this thread: for each
//! method the median over several runs, in products per second, and its
//! ratio to the reference. `bench/nimber.sh` is a wrapper.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, Throughput};
use grundy::nimber::{self, clmul, reference, tables};

/// `n` pairs of random 64-bit operands (SplitMix64, fixed seed).
fn operands(n: usize) -> Vec<(u64, u64)> {
    let mut state = 0x0123_4567_89AB_CDEFu64;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    (0..n).map(|_| (next(), next())).collect()
}

/// The xor of all products, so that none can be optimised away.
fn run(f: fn(u64, u64) -> u64, pairs: &[(u64, u64)]) -> u64 {
    pairs.iter().fold(0, |acc, &(a, b)| acc ^ f(a, b))
}

fn clmul_or_tables(a: u64, b: u64) -> u64 {
    clmul::mul(a, b).unwrap_or_else(|| tables::mul(a, b))
}

/// A method measured: name, function, operands per criterion iteration.
type Method = (&'static str, fn(u64, u64) -> u64, usize);

fn methods() -> Vec<Method> {
    let mut m: Vec<Method> = vec![
        ("mul (dispatching)", nimber::mul, 4096),
        ("tables (portable)", tables::mul, 4096),
    ];
    if clmul::is_available() {
        m.push(("clmul (pclmulqdq)", clmul_or_tables, 4096));
    }
    m.push(("reference (recursion)", reference::mul, 64));
    m
}

fn criterion_groups(c: &mut Criterion) {
    for (name, f, n) in methods() {
        let pairs = operands(n);
        let mut group = c.benchmark_group("nim product");
        group.sample_size(10);
        group.warm_up_time(std::time::Duration::from_millis(300));
        group.measurement_time(std::time::Duration::from_secs(1));
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function(name, |b| b.iter(|| run(f, black_box(&pairs))));
        group.finish();
    }
}

/// CPU time of this thread, in seconds (wall time where there is no such
/// clock; the summary says which).
fn thread_seconds() -> (f64, &'static str) {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: clock_gettime writes one timespec through a valid pointer.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } == 0 {
            return (ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9, "CPU");
        }
    }
    thread_local!(static START: Instant = Instant::now());
    (START.with(|s| s.elapsed().as_secs_f64()), "wall")
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Products per second of each method, median of `runs` timings of this
/// thread's CPU time, and the ratio to the reference.
fn cpu_summary() {
    let runs = 9;
    let pairs = operands(1 << 16);
    let mut rates = Vec::new();
    let mut clock = "CPU";
    for (name, f, _) in methods() {
        // About 0.1 s a run: the reference is slower by orders of magnitude.
        let rounds = if name.starts_with("reference") { 1 } else { 64 };
        let slice = if name.starts_with("reference") {
            &pairs[..2048]
        } else {
            &pairs[..]
        };
        let mut times = Vec::with_capacity(runs);
        for _ in 0..runs {
            let (t0, c) = thread_seconds();
            let mut acc = 0;
            for _ in 0..rounds {
                acc ^= run(f, black_box(slice));
            }
            black_box(acc);
            let (t1, _) = thread_seconds();
            clock = c;
            times.push(t1 - t0);
        }
        let products = (rounds * slice.len()) as f64;
        rates.push((name, products / median(times)));
    }
    let reference = rates.last().expect("the reference is measured").1;
    println!();
    println!(
        "nim product, random 64-bit operands, one thread: median of {runs} runs, {clock} time \
         (method in use: {})",
        nimber::method()
    );
    for (name, rate) in &rates {
        println!(
            "  {name:<22} {:>14.0} products/s  {:>10.1}x the reference",
            rate,
            rate / reference
        );
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    criterion_groups(&mut c);
    c.final_summary();
    // `cargo bench` passes --bench; `cargo test --benches` does not, and
    // then the criterion groups run once each and the summary is skipped.
    if std::env::args().any(|a| a == "--bench") {
        cpu_summary();
    }
}
