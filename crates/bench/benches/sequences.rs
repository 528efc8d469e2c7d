//! Criterion benchmarks of the nim-sequence engines: sparse against naive on
//! the same rules and heap counts, and the sparse engine with and without
//! its vector kernels.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy::rule::{Rule, TakeBreak};
use grundy::sequence::{naive::Naive, sparse::Sparse, Engine, Values};

fn fill(engine: &mut dyn Engine, n: usize) -> Vec<u16> {
    let mut values = Values::from(Vec::with_capacity(n));
    while values.len() < n {
        engine.push_next(&mut values).expect("value fits in u16");
    }
    values.into_vec()
}

fn engines(c: &mut Criterion) {
    let mut group = c.benchmark_group("sequences");
    group.sample_size(10);
    for (code, n) in [("0.161", 1usize << 14), ("0.6", 1 << 14)] {
        let rule = Rule::TakeBreak(TakeBreak::parse(code).expect("valid code"));
        group.bench_function(format!("naive {code} to {n}"), |b| {
            b.iter(|| fill(&mut Naive::new(&rule), n))
        });
        group.bench_function(format!("sparse {code} to {n}"), |b| {
            b.iter(|| fill(&mut Sparse::new(&rule).expect("octal"), n))
        });
        // The same without the vector kernels (identical values).
        group.bench_function(format!("sparse portable {code} to {n}"), |b| {
            b.iter(|| fill(&mut Sparse::new(&rule).expect("octal").with_simd(false), n))
        });
    }
    let n = 1 << 14;
    group.bench_function(format!("naive grundys to {n}"), |b| {
        b.iter(|| fill(&mut Naive::new(&Rule::Grundys), n))
    });
    group.bench_function(format!("sparse grundys to {n}"), |b| {
        b.iter(|| fill(&mut Sparse::new(&Rule::Grundys).expect("grundys"), n))
    });
    group.finish();
}

criterion_group!(benches, engines);
criterion_main!(benches);
