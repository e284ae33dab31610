//! Every column function against the library's own answer for the same
//! record, on every string layout, with nulls, bytes that are not UTF-8,
//! and columns long enough to be cut into slices for every core.

use std::sync::Arc;

use arrow_array::{
    Array, ArrayRef, BinaryArray, BinaryViewArray, LargeStringArray, NullArray, StringArray,
    StringViewArray, cast::AsArray, types::UInt64Type,
};
use fenkit::{ReadOptions, WriteOptions};
use shakmaty::{CastlingMode, Color, EnPassantMode, Position};

/// Records people write, then each of them broken one byte at a time:
/// deleted, replaced, doubled, swapped with the next. Thousands of rows, most of them malformed
/// in one way or another.
fn corpus() -> Vec<Vec<u8>> {
    let mut seeds: Vec<Vec<u8>> = [
        "classic.fen",
        "pasted.fen",
        "pasted-forms.fen",
        "sicilian.fen",
    ]
    .iter()
    .flat_map(|name| {
        let text = std::fs::read(format!(
            "{}/../../samples/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("sample");
        text.split(|&b| b == b'\n')
            .filter(|l| !l.is_empty())
            .map(<[u8]>::to_vec)
            .collect::<Vec<_>>()
    })
    .collect();
    seeds.push(b"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1".to_vec());
    seeds.push(b"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1".to_vec());
    seeds.push(b"r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3".to_vec());
    seeds.push(b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 \xff".to_vec());
    let mut records = seeds.clone();
    for seed in &seeds {
        for at in 0..seed.len() {
            let mut deleted = seed.clone();
            deleted.remove(at);
            let mut replaced = seed.clone();
            replaced[at] = b"x1/ -"[at % 5];
            let mut doubled = seed.clone();
            doubled.insert(at, seed[at]);
            let mut swapped = seed.clone();
            swapped.swap(at, (at + 1) % seed.len());
            records.extend([deleted, replaced, doubled, swapped]);
        }
    }
    records
}

/// The corpus with a null every seventh row, in every layout that holds
/// bytes that are not UTF-8, and (for its UTF-8 rows) every string layout.
fn layouts(records: &[Vec<u8>]) -> Vec<(ArrayRef, Vec<Option<Vec<u8>>>)> {
    let rows: Vec<Option<Vec<u8>>> = records
        .iter()
        .enumerate()
        .map(|(i, r)| (i % 7 != 3).then(|| r.clone()))
        .collect();
    let texts: Vec<Option<String>> = rows
        .iter()
        .filter_map(|r| {
            r.as_ref()
                .map(|r| String::from_utf8(r.clone()).ok().map(Some))
                .unwrap_or(Some(None))
        })
        .collect();
    let text_rows: Vec<Option<Vec<u8>>> = texts
        .iter()
        .map(|t| t.as_ref().map(|t| t.as_bytes().to_vec()))
        .collect();
    let bytes: Vec<Option<&[u8]>> = rows.iter().map(|r| r.as_deref()).collect();
    let strs: Vec<Option<&str>> = texts.iter().map(|t| t.as_deref()).collect();
    vec![
        (
            Arc::new(BinaryArray::from(bytes.clone())) as ArrayRef,
            rows.clone(),
        ),
        (Arc::new(BinaryViewArray::from(bytes)) as ArrayRef, rows),
        (
            Arc::new(StringArray::from(strs.clone())) as ArrayRef,
            text_rows.clone(),
        ),
        (
            Arc::new(LargeStringArray::from(strs.clone())) as ArrayRef,
            text_rows.clone(),
        ),
        (Arc::new(StringViewArray::from(strs)) as ArrayRef, text_rows),
    ]
}

fn options() -> [ReadOptions; 3] {
    [
        ReadOptions::default(),
        ReadOptions::default().with_lenient(true),
        ReadOptions::default()
            .with_castling(CastlingMode::Chess960)
            .with_strictness(fenkit::Strictness::Reachable),
    ]
}

/// Checks `column` row by row against `expected`, the library's answer.
fn agree<T: PartialEq + std::fmt::Debug>(
    name: &str,
    column: &ArrayRef,
    rows: &[Option<Vec<u8>>],
    value: impl Fn(&dyn Array, usize) -> T,
    expected: impl Fn(&[u8]) -> Option<T>,
) {
    assert_eq!(
        column.len(),
        rows.len(),
        "{name}: one output row per input row"
    );
    for (i, row) in rows.iter().enumerate() {
        let want = row.as_deref().and_then(&expected);
        let got = (!column.is_null(i)).then(|| value(column.as_ref(), i));
        assert_eq!(
            got,
            want,
            "{name}, row {i}: {:?}",
            row.as_deref().map(String::from_utf8_lossy)
        );
    }
}

fn text(column: &dyn Array, i: usize) -> String {
    column.as_string::<i32>().value(i).to_string()
}

#[test]
fn every_function_agrees_with_the_library_on_every_layout() {
    let records = corpus();
    assert!(
        records.len() > 4096,
        "long enough to be cut into slices: {}",
        records.len()
    );
    for (layout, (input, rows)) in layouts(&records).into_iter().enumerate() {
        // Every option on one layout, the default on the others.
        let options = if layout == 0 {
            &options()[..]
        } else {
            &options()[..1]
        };
        for &read in options {
            let mode = read.castling;
            let position = |r: &[u8]| read.check(r).position(mode);
            let setup = |r: &[u8]| read.parse(r).ok().map(|p| p.setup);

            let valid = fenkit_arrow::fen_valid(&input, &read).unwrap();
            agree(
                "fen_valid",
                &valid,
                &rows,
                |c, i| c.as_boolean().value(i),
                |r| Some(read.check(r).is_valid()),
            );

            let errors = fenkit_arrow::fen_errors(&input, &read).unwrap();
            agree(
                "fen_errors",
                &errors,
                &rows,
                |c, i| {
                    let problems = c.as_list::<i32>().value(i);
                    let problems = problems.as_struct();
                    let codes = problems.column_by_name("code").unwrap().as_string::<i32>();
                    let columns = problems
                        .column_by_name("column")
                        .unwrap()
                        .as_primitive::<arrow_array::types::UInt32Type>();
                    (0..problems.len())
                        .map(|p| (codes.value(p).to_string(), columns.value(p) as usize))
                        .collect::<Vec<_>>()
                },
                |r| {
                    Some(
                        read.check(r)
                            .diagnostics
                            .iter()
                            .map(|d| (d.code.as_str().to_string(), fenkit::column(r, d.span.start)))
                            .collect(),
                    )
                },
            );

            let write = WriteOptions::default().with_ep(EnPassantMode::Legal);
            let canonical = fenkit_arrow::fen_canonical(&input, &read, &write).unwrap();
            agree("fen_canonical", &canonical, &rows, text, |r| {
                setup(r).map(|s| write.fen(&s))
            });

            let board = fenkit_arrow::fen_board(&input, &read).unwrap();
            agree("fen_board", &board, &rows, text, |r| {
                setup(r)
                    .map(|s| String::from_utf8(fenkit::board_letters(&s.board).to_vec()).unwrap())
            });

            let side = fenkit_arrow::fen_side(&input, &read).unwrap();
            agree("fen_side", &side, &rows, text, |r| {
                setup(r).map(|s| {
                    if s.turn == Color::White {
                        "white"
                    } else {
                        "black"
                    }
                    .to_string()
                })
            });

            let material = fenkit_arrow::fen_material(&input, &read).unwrap();
            agree(
                "fen_material",
                &material,
                &rows,
                |c, i| {
                    let counts = c.as_struct();
                    let pawns = counts
                        .column_by_name("black_pawns")
                        .unwrap()
                        .as_primitive::<arrow_array::types::UInt8Type>()
                        .value(i);
                    let kings = counts
                        .column_by_name("white_kings")
                        .unwrap()
                        .as_primitive::<arrow_array::types::UInt8Type>()
                        .value(i);
                    (pawns as usize, kings as usize)
                },
                |r| {
                    setup(r).map(|s| {
                        (
                            (s.board.black() & s.board.pawns()).count(),
                            (s.board.white() & s.board.kings()).count(),
                        )
                    })
                },
            );

            let key = fenkit_arrow::fen_key(&input, &read).unwrap();
            agree("fen_key", &key, &rows, text, |r| {
                position(r).map(|p| {
                    let mut out = Vec::new();
                    fenkit::write_opening_key(&p, fenkit::CastlingNotation::Standard, &mut out);
                    String::from_utf8(out).unwrap()
                })
            });

            let polyglot = fenkit_arrow::fen_polyglot_key(&input, &read).unwrap();
            agree(
                "fen_polyglot_key",
                &polyglot,
                &rows,
                |c, i| c.as_primitive::<UInt64Type>().value(i),
                |r| position(r).map(|p| fenkit::polyglot_key(&p)),
            );
            let signed = fenkit_arrow::fen_polyglot_key_i64(&input, &read).unwrap();
            agree(
                "fen_polyglot_key_i64",
                &signed,
                &rows,
                |c, i| c.as_primitive::<arrow_array::types::Int64Type>().value(i) as u64,
                |r| position(r).map(|p| fenkit::polyglot_key(&p)),
            );

            let status = fenkit_arrow::fen_check_status(&input, &read).unwrap();
            agree("fen_check_status", &status, &rows, text, |r| {
                position(r).map(|p| {
                    match (p.is_checkmate(), p.is_stalemate(), p.is_check()) {
                        (true, _, _) => "checkmate",
                        (_, true, _) => "stalemate",
                        (_, _, true) => "check",
                        _ => "none",
                    }
                    .to_string()
                })
            });

            let opening = fenkit_arrow::fen_opening(&input, &read).unwrap();
            agree(
                "fen_opening",
                &opening,
                &rows,
                |c, i| {
                    c.as_struct()
                        .column_by_name("name")
                        .unwrap()
                        .as_string::<i32>()
                        .value(i)
                        .to_string()
                },
                |r| {
                    position(r)
                        .and_then(|p| fenkit_games::opening(&p))
                        .map(|o| o.name.to_string())
                },
            );
        }
    }
}

#[test]
fn a_column_of_nulls_and_an_empty_column_give_nulls_and_nothing() {
    let nulls = NullArray::new(5);
    let valid = fenkit_arrow::fen_valid(&nulls, &Default::default()).unwrap();
    assert_eq!((valid.len(), valid.null_count()), (5, 5));
    let empty = StringArray::from(Vec::<&str>::new());
    assert_eq!(
        fenkit_arrow::fen_errors(&empty, &Default::default())
            .unwrap()
            .len(),
        0
    );
}

#[test]
fn a_column_that_is_not_text_is_refused_with_the_types_that_would_do() {
    let numbers = arrow_array::Int64Array::from(vec![1, 2]);
    let err = fenkit_arrow::fen_key(&numbers, &Default::default()).unwrap_err();
    assert!(err.to_string().contains("must be text"), "{err}");
    assert!(err.to_string().contains("Int64"), "{err}");
}

#[test]
fn bytes_that_are_not_utf8_are_a_diagnostic_not_a_failure() {
    let bytes = BinaryArray::from(vec![&b"4k3/8/8/8/8/8/8/4K3 w - - 0 \xff"[..]]);
    let errors = fenkit_arrow::fen_errors(&bytes, &Default::default()).unwrap();
    let problems = errors.as_list::<i32>().value(0);
    assert!(!problems.is_empty());
    let message = problems
        .as_struct()
        .column_by_name("message")
        .unwrap()
        .as_string::<i32>()
        .value(0)
        .to_string();
    assert!(message.contains("0xFF"), "the byte is named: {message}");
}

#[test]
fn moves_are_played_row_by_row_or_from_one_constant() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let fens = StringArray::from(vec![Some(start), Some(start), None, Some("x")]);
    let moves = StringArray::from(vec![Some("e4 e5 Nf3"), None, Some("e4"), Some("e4")]);
    let after =
        fenkit_arrow::fen_play(&fens, &moves, &Default::default(), &Default::default()).unwrap();
    let after = after.as_string::<i32>();
    assert_eq!(
        after.value(0),
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert!(after.is_null(1) && after.is_null(2) && after.is_null(3));

    let one = StringArray::from(vec!["d2d4"]);
    let after =
        fenkit_arrow::fen_play(&fens, &one, &Default::default(), &Default::default()).unwrap();
    assert_eq!(
        after.as_string::<i32>().value(1),
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1"
    );

    let two = StringArray::from(vec!["e4", "e4"]);
    let err =
        fenkit_arrow::fen_play(&fens, &two, &Default::default(), &Default::default()).unwrap_err();
    assert!(err.to_string().contains("2 rows for 4 records"), "{err}");
}

#[test]
fn games_give_every_position_or_null() {
    let games = StringArray::from(vec![
        Some("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0"),
        Some("1. e4 e5 2. Zz9 *"),
        None,
        Some("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *"),
        Some("1. Kd2 *"),
    ]);
    let start = StringArray::from(vec![
        None,
        None,
        None,
        None,
        Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
    ]);
    let plies = fenkit_arrow::pgn_positions(&games, Some(&start), &Default::default()).unwrap();
    let plies = plies.as_list::<i32>();
    assert_eq!(plies.len(), 5);
    assert_eq!(plies.value(0).len(), 7);
    assert!(plies.is_null(1) && plies.is_null(2));
    let field = |row: usize, name: &str| {
        let game = plies.value(row);
        game.as_struct()
            .column_by_name(name)
            .unwrap()
            .as_string::<i32>()
            .clone()
    };
    let from_tag = field(3, "fen");
    assert_eq!(from_tag.value(2), "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2");
    let from_start = field(4, "uci");
    assert_eq!((from_start.is_null(0), from_start.value(1)), (true, "e1d2"));
}
