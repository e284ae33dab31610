//! Diagrams per second: SVG text, and PNG images (SVG, rasterized by resvg,
//! encoded), at 400 pixels, on positions from random games.
//!
//! `cargo bench -p fenkit-diagrams --bench render`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fenkit_diagrams::{Diagram, png, svg};
use shakmaty::Setup;

const POSITIONS: usize = 50;

fn benches(c: &mut Criterion) {
    let mut setups: Vec<Setup> = Vec::with_capacity(POSITIONS);
    fen_bench::random_positions(POSITIONS, 11, |fen| {
        setups.push(fenkit::parse(fen.as_bytes()).expect("valid").setup)
    });
    let diagram = Diagram::default();
    let mut group = c.benchmark_group("render-400px");
    group.throughput(Throughput::Elements(POSITIONS as u64));
    group.bench_function("svg", |b| {
        b.iter(|| {
            setups
                .iter()
                .map(|s| svg(black_box(s), &diagram).len())
                .sum::<usize>()
        })
    });
    group.bench_function("png", |b| {
        b.iter(|| {
            setups
                .iter()
                .map(|s| png(black_box(s), &diagram).map_or(0, |image| image.len()))
                .sum::<usize>()
        })
    });
    group.finish();
}

const SECOND: std::time::Duration = std::time::Duration::from_secs(1);

criterion_group! {
    name = render;
    // An image takes milliseconds: few samples, each long enough.
    config = Criterion::default().sample_size(10).warm_up_time(SECOND).measurement_time(5 * SECOND);
    targets = benches
}
criterion_main!(render);
