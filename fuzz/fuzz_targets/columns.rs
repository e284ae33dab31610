//! The column functions and the PGN batch reader on arbitrary bytes. The
//! input's lines are a column (an empty line is a null): every function
//! gives one row per line, null where the line is null, and agrees with
//! the library on validity. The whole input read as PGN (compressed or
//! not) gives every game once, in order, numbered from 1, never a panic.
#![no_main]

use std::io::Read;

use arrow_array::{Array, BinaryArray, cast::AsArray};
use fenkit::ReadOptions;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &[u8]| {
    let rows: Vec<Option<&[u8]>> = input
        .split(|&b| b == b'\n')
        .take(64)
        .map(|line| (!line.is_empty()).then_some(line))
        .collect();
    let column = BinaryArray::from(rows.clone());
    for read in [
        ReadOptions::default(),
        ReadOptions::default().with_lenient(true),
    ] {
        let write = Default::default();
        let outputs = [
            fenkit_arrow::fen_valid(&column, &read).unwrap(),
            fenkit_arrow::fen_errors(&column, &read).unwrap(),
            fenkit_arrow::fen_canonical(&column, &read, &write).unwrap(),
            fenkit_arrow::fen_board(&column, &read).unwrap(),
            fenkit_arrow::fen_key(&column, &read).unwrap(),
            fenkit_arrow::fen_polyglot_key(&column, &read).unwrap(),
            fenkit_arrow::fen_material(&column, &read).unwrap(),
            fenkit_arrow::fen_check_status(&column, &read).unwrap(),
            fenkit_arrow::fen_opening(&column, &read).unwrap(),
            fenkit_arrow::fen_play(&column, &column, &read, &write).unwrap(),
            fenkit_arrow::pgn_positions(&column, None, &read).unwrap(),
        ];
        for output in &outputs {
            assert_eq!(output.len(), rows.len());
            for (i, row) in rows.iter().enumerate() {
                if row.is_none() {
                    assert!(output.is_null(i));
                }
            }
        }
        let valid = outputs[0].as_boolean();
        for (i, row) in rows.iter().enumerate() {
            if let Some(row) = row {
                assert_eq!(valid.value(i), read.check(row).is_valid());
            }
        }
    }

    let (mut plain, _) = fenkit_io::decompress(input).unwrap();
    let mut text = Vec::new();
    if plain.read_to_end(&mut text).is_err() {
        return; // a broken compressed stream: an error, said as one
    }
    // The one splitter's games: every one a row, numbered in order (an
    // input it cannot read on from is an error, never a panic).
    let games: Result<Vec<_>, _> = fenkit_games::pgn::GameTexts::new(&text[..]).collect();
    let Ok(games) = games else {
        for batch in fenkit_arrow::PgnBatches::new(&text[..]) {
            let _ = batch;
        }
        return;
    };
    let games = games.len();
    let mut next = 1;
    for batch in fenkit_arrow::PgnBatches::new(&text[..]) {
        let batch = batch.unwrap();
        let numbers = batch
            .column_by_name("game")
            .unwrap()
            .as_primitive::<arrow_array::types::UInt64Type>();
        for number in numbers.values() {
            assert_eq!(*number, next);
            next += 1;
        }
    }
    assert_eq!(next - 1, games as u64);
});
