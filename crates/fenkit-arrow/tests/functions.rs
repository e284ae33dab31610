//! The table of column functions: each entry's example gives its result,
//! and each result has the type the entry declares.

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, RecordBatch, StringArray};
use fenkit_arrow::{FUNCTIONS, Options};

/// A column as JSON values, one a row, as arrow-json writes them.
fn as_json(column: ArrayRef) -> Vec<serde_json::Value> {
    let batch = RecordBatch::try_from_iter([("x", column)]).expect("one column");
    let mut writer = arrow_json::WriterBuilder::new()
        .with_explicit_nulls(true)
        .build::<_, arrow_json::writer::JsonArray>(Vec::new());
    writer.write(&batch).expect("writes");
    writer.finish().expect("finishes");
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&writer.into_inner()).expect("JSON");
    rows.into_iter().map(|row| row["x"].clone()).collect()
}

/// The shared 3-4-piece Syzygy tables, which the tablebase functions'
/// examples are answered from (as `SYZYGY_PATH` names them in Python's
/// doctests); a missing folder fails in CI.
fn shared_tables() -> Option<String> {
    let folder = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/syzygy/regular"
    );
    if std::path::Path::new(folder).is_dir() {
        return Some(folder.to_owned());
    }
    if std::env::var_os("CI").is_some_and(|ci| !ci.is_empty() && ci != "false") {
        panic!("{folder} is missing, and CI must answer the tablebase examples from it");
    }
    eprintln!("skipped: the tablebase examples, {folder} missing");
    None
}

#[test]
fn every_example_gives_its_result_in_the_declared_type() {
    assert!(FUNCTIONS.len() >= 13);
    let tables = shared_tables();
    for function in FUNCTIONS {
        let example = function.example;
        let records = StringArray::from(example.records.to_vec());
        let beside = match function.beside.map(|beside| beside.name) {
            Some("syzygy") => match &tables {
                Some(folder) => Some(folder.as_str()),
                None => continue,
            },
            _ => example.beside,
        };
        let beside = beside.map(|value| Arc::new(StringArray::from(vec![value])) as ArrayRef);
        let options = Options::from_words(example.options).expect("the example's options");
        let out = function
            .call(&records, beside.as_deref(), &options)
            .expect("the example runs");
        assert_eq!(out.data_type(), &(function.returns)(), "{}", function.name);
        assert_eq!(out.len(), records.len(), "{}", function.name);
        let expected: Vec<serde_json::Value> =
            serde_json::from_str(example.result).expect("the result is JSON");
        assert_eq!(as_json(out), expected, "{}", function.name);
    }
}

#[test]
fn names_are_unique_and_methods_are_unique() {
    let mut names: Vec<_> = FUNCTIONS.iter().map(|f| f.name).collect();
    let mut methods: Vec<_> = FUNCTIONS.iter().map(|f| f.method()).collect();
    names.sort();
    names.dedup();
    methods.sort();
    methods.dedup();
    assert_eq!(names.len(), FUNCTIONS.len());
    assert_eq!(methods.len(), FUNCTIONS.len());
}

#[test]
fn a_required_column_beside_left_out_is_an_argument_error() {
    let play = fenkit_arrow::ColumnFunction::named("fen_play").unwrap();
    let records = StringArray::from(vec!["8/8/8/8/8/8/8/K6k w - - 0 1"]);
    let err = play.call(&records, None, &Options::default()).unwrap_err();
    assert!(err.to_string().contains("moves"), "{err}");
}

/// What the function `name` gives for one record (and the column beside
/// it) read with the option `words`.
fn one(name: &str, record: &str, beside: Option<&str>, words: &str) -> serde_json::Value {
    let function = FUNCTIONS.iter().find(|f| f.name == name).expect(name);
    let records = StringArray::from(vec![record]);
    let beside = beside.map(|value| Arc::new(StringArray::from(vec![value])) as ArrayRef);
    let options = Options::from_words(words).expect("options");
    let out = function
        .call(&records, beside.as_deref(), &options)
        .expect("runs");
    as_json(out).remove(0)
}

#[test]
fn a_variant_is_played_keyed_and_judged_by_its_rules() {
    let pocket = "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3";
    let zh = "variant=crazyhouse";
    // A drop, its pawn from the pocket, counted on the halfmove clock.
    assert_eq!(
        one("fen_play", pocket, Some("P@e6"), zh),
        "rnb1kbnr/ppp1pppp/4P3/3q4/8/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 1 3"
    );
    assert_eq!(
        one("fen_play", pocket, Some("P@e6"), ""),
        serde_json::Value::Null
    );
    assert_eq!(
        one("fen_key", pocket, None, zh),
        "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq -"
    );
    // Polyglot's keys and the openings are standard chess's: none here.
    assert_eq!(
        one("fen_polyglot_key", pocket, None, zh),
        serde_json::Value::Null
    );
    // Mate on the board, but a knight in the pocket blocks on g8.
    let blocked = "6rk/6pp/8/8/8/8/8/K5R1[n] b - - 0 1";
    assert_eq!(one("fen_check_status", blocked, None, zh), "none");
    // Atomic: the king next to a capture goes up with it.
    let atomic = "rnbqkbnr/1ppppppp/8/p3N3/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 3";
    assert_eq!(
        one("fen_play", atomic, Some("Nxf7"), "variant=atomic"),
        "rnbq3r/1pppp1pp/8/p7/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 3"
    );
}
