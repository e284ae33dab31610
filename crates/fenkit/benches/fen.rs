//! fenkit against shakmaty alone, on the same positions from random games:
//! parse, parse + legality, legality alone, and write.
//!
//! `cargo bench -p fenkit --bench fen`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::{CastlingMode, Chess, FromSetup, Setup, fen::Fen};

const POSITIONS: usize = 10_000;

/// Times fenkit and shakmaty on the same items, each counting the items its
/// function says yes to (so no work can be optimized away).
fn duel<T>(
    c: &mut Criterion,
    name: &str,
    items: &[T],
    mut fenkit: impl FnMut(&T) -> bool,
    mut shakmaty: impl FnMut(&T) -> bool,
) {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(items.len() as u64));
    group.bench_function("fenkit", |b| {
        b.iter(|| items.iter().filter(|&i| fenkit(black_box(i))).count())
    });
    group.bench_function("shakmaty", |b| {
        b.iter(|| items.iter().filter(|&i| shakmaty(black_box(i))).count())
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let mut records = Vec::with_capacity(POSITIONS);
    fen_bench::random_positions(POSITIONS, 7, |fen| records.push(fen.as_bytes().to_vec()));
    let setups: Vec<Setup> = records
        .iter()
        .map(|r| fenkit::parse(r).expect("valid").setup)
        .collect();

    duel(
        c,
        "parse",
        &records,
        |r| fenkit::parse(r).is_ok(),
        |r| Fen::from_ascii(r).is_ok(),
    );
    duel(
        c,
        "parse+legality",
        &records,
        |r| fenkit::check(r).is_valid(),
        |r| {
            Fen::from_ascii(r)
                .is_ok_and(|fen| fen.into_position::<Chess>(CastlingMode::Standard).is_ok())
        },
    );
    duel(
        c,
        "legality",
        &setups,
        |s| fenkit::violations(s, CastlingMode::Standard).is_empty(),
        |s| Chess::from_setup(s.clone(), CastlingMode::Standard).is_ok(),
    );
    let fens: Vec<Fen> = setups
        .iter()
        .map(|s| Fen::try_from_setup(s.clone()).expect("representable"))
        .collect();
    let (mut ours, mut theirs) = (Vec::with_capacity(128), Vec::with_capacity(128));
    duel(
        c,
        "write",
        &(0..POSITIONS).collect::<Vec<_>>(),
        |&i| {
            ours.clear();
            fenkit::write_fen(&setups[i], &mut ours);
            !ours.is_empty()
        },
        |&i| {
            theirs.clear();
            fens[i].append_ascii_to(&mut theirs);
            !theirs.is_empty()
        },
    );
}

criterion_group! {
    name = fen;
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(std::time::Duration::from_secs(1))
        .measurement_time(std::time::Duration::from_secs(3));
    targets = benches
}
criterion_main!(fen);
