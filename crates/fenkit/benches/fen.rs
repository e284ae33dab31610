//! fenkit against shakmaty alone, on the same positions from random games:
//! parse, parse + legality, legality alone, and write.
//!
//! `cargo bench -p fenkit --bench fen`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::{CastlingMode, Chess, FromSetup, Setup, fen::Fen};

const POSITIONS: usize = 10_000;

fn corpus() -> Vec<Vec<u8>> {
    let mut records = Vec::with_capacity(POSITIONS);
    fen_bench::random_positions(POSITIONS, 7, |fen| records.push(fen.as_bytes().to_vec()));
    records
}

fn benches(c: &mut Criterion) {
    let records = corpus();
    let setups: Vec<Setup> = records
        .iter()
        .map(|r| fenkit::parse(r).expect("valid").setup)
        .collect();

    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Elements(POSITIONS as u64));
    group.bench_function("fenkit", |b| {
        b.iter(|| {
            records
                .iter()
                .filter(|r| fenkit::parse(black_box(r)).is_ok())
                .count()
        })
    });
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            records
                .iter()
                .filter(|r| Fen::from_ascii(black_box(r)).is_ok())
                .count()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("parse+legality");
    group.throughput(Throughput::Elements(POSITIONS as u64));
    group.bench_function("fenkit", |b| {
        b.iter(|| {
            records
                .iter()
                .filter(|r| fenkit::check(black_box(r)).is_valid())
                .count()
        })
    });
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            records
                .iter()
                .filter_map(|r| Fen::from_ascii(black_box(r)).ok())
                .filter(|fen| {
                    fen.clone()
                        .into_position::<Chess>(CastlingMode::Standard)
                        .is_ok()
                })
                .count()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("legality");
    group.throughput(Throughput::Elements(POSITIONS as u64));
    group.bench_function("fenkit", |b| {
        b.iter(|| {
            setups
                .iter()
                .filter(|s| fenkit::violations(black_box(s)).is_empty())
                .count()
        })
    });
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            setups
                .iter()
                .filter(|s| {
                    Chess::from_setup((*black_box(s)).clone(), CastlingMode::Standard).is_ok()
                })
                .count()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("write");
    group.throughput(Throughput::Elements(POSITIONS as u64));
    let mut out = Vec::with_capacity(128);
    group.bench_function("fenkit", |b| {
        b.iter(|| {
            let mut bytes = 0;
            for setup in &setups {
                out.clear();
                fenkit::write_fen(black_box(setup), &mut out);
                bytes += out.len();
            }
            bytes
        })
    });
    let fens: Vec<Fen> = setups
        .iter()
        .map(|s| Fen::try_from_setup(s.clone()).expect("representable"))
        .collect();
    group.bench_function("shakmaty", |b| {
        b.iter(|| {
            let mut bytes = 0;
            for fen in &fens {
                out.clear();
                black_box(fen).append_ascii_to(&mut out);
                bytes += out.len();
            }
            bytes
        })
    });
    group.finish();
}

criterion_group! {
    name = fen;
    config = Criterion::default().sample_size(30).warm_up_time(std::time::Duration::from_secs(1)).measurement_time(std::time::Duration::from_secs(3));
    targets = benches
}
criterion_main!(fen);
