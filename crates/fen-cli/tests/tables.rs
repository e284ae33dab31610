//! Tables through `fen uniq`: whole rows kept with their header, the same
//! on one thread and two, whatever the size.

mod common;

use common::run;

#[test]
fn uniq_keeps_whole_rows_and_one_header_on_any_number_of_threads() {
    let table = std::fs::read(format!(
        "{}/../../samples/puzzles.csv",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let header_end = table.iter().position(|&b| b == b'\n').unwrap() + 1;
    // The table, then its rows again many times: blocks for both workers.
    let mut input = table.clone();
    for _ in 0..300 {
        input.extend_from_slice(&table[header_end..]);
    }
    let one = run(
        &["uniq", "--key", "epd", "--field", "FEN", "-j", "1"],
        input.clone(),
    );
    let two = run(
        &["uniq", "--key", "epd", "--field", "FEN", "-j", "2"],
        input,
    );
    assert_eq!(one.stdout, two.stdout);
    let kept = String::from_utf8(one.stdout).unwrap();
    let plain = String::from_utf8(table).unwrap();
    let mut lines = kept.lines();
    assert_eq!(lines.next(), plain.lines().next(), "the header first");
    for line in lines {
        assert!(
            plain.lines().any(|row| row == line),
            "a row of the table, whole: {line}"
        );
    }
    assert!(kept.lines().count() < plain.lines().count());
}
