//! The tablebase columns on the shared 3-4-piece Syzygy tables: WDL and
//! DTZ as `endgame.epd` gives them (python-chess's figures), null with a
//! reason beyond the tables, and the folders named as users name them.

use std::{path::PathBuf, sync::Arc};

use arrow_array::{
    Array, ArrayRef, StringArray,
    cast::AsArray,
    types::{Int8Type, Int32Type},
};
use fenkit_arrow::{ReadOptions, fen_dtz, fen_tb_best, fen_tb_category, fen_tb_errors, fen_wdl};

/// The shared tables' folder; a missing one fails in CI.
fn tables() -> Option<PathBuf> {
    let folder = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/syzygy/regular"
    ));
    if folder.is_dir() {
        return Some(folder);
    }
    if std::env::var_os("CI").is_some_and(|ci| !ci.is_empty() && ci != "false") {
        panic!(
            "{} is missing, and CI must compare with it",
            folder.display()
        );
    }
    eprintln!("skipped: {} is missing", folder.display());
    None
}

fn one(value: &str) -> ArrayRef {
    Arc::new(StringArray::from(vec![value]))
}

/// The codes and messages of each row's reasons.
fn reasons(errors: &ArrayRef) -> Vec<Vec<(String, String)>> {
    let lists = errors.as_list::<i32>();
    (0..lists.len())
        .map(|row| {
            let problems = lists.value(row);
            let problems = problems.as_struct();
            let code = problems.column_by_name("code").unwrap().as_string::<i32>();
            let message = problems
                .column_by_name("message")
                .unwrap()
                .as_string::<i32>();
            (0..problems.len())
                .map(|i| (code.value(i).to_owned(), message.value(i).to_owned()))
                .collect()
        })
        .collect()
}

#[test]
fn wdl_and_dtz_are_endgame_epd_s_and_beyond_the_tables_null_with_the_reason() {
    let Some(folder) = tables() else { return };
    let epd = std::fs::read_to_string(folder.join("../endgame.epd")).expect("endgame.epd");
    let mut fens = Vec::new();
    let mut expected = Vec::new();
    for line in epd.lines().filter(|line| !line.trim().is_empty()) {
        let fields: Vec<&str> = line.splitn(5, ' ').collect();
        let operation = |name: &str| -> i32 {
            let start = fields[4].find(&format!("{name} ")).expect(name) + name.len() + 1;
            let rest = &fields[4][start..];
            rest[..rest.find(';').unwrap()].parse().unwrap()
        };
        let pieces = fields[0].chars().filter(char::is_ascii_alphabetic).count();
        fens.push(format!("{} 0 1", fields[..4].join(" ")));
        expected.push((pieces, operation("wdl"), operation("dtz")));
    }
    assert_eq!(fens.len(), 200);
    let records = StringArray::from(fens.clone());
    let syzygy = one(folder.to_str().unwrap());
    let read = ReadOptions::default();
    let wdl = fen_wdl(&records, Some(&syzygy), &read).unwrap();
    let dtz = fen_dtz(&records, Some(&syzygy), &read).unwrap();
    let category = fen_tb_category(&records, Some(&syzygy), &read).unwrap();
    let best = fen_tb_best(&records, Some(&syzygy), &read).unwrap();
    let errors = reasons(&fen_tb_errors(&records, Some(&syzygy), &read).unwrap());
    let (wdl, dtz) = (
        wdl.as_primitive::<Int8Type>(),
        dtz.as_primitive::<Int32Type>(),
    );
    let (category, best) = (category.as_string::<i32>(), best.as_string::<i32>());
    let mut answered = 0;
    for (row, &(pieces, their_wdl, their_dtz)) in expected.iter().enumerate() {
        let fen = &fens[row];
        if pieces > 4 {
            assert!(
                wdl.is_null(row) && dtz.is_null(row) && category.is_null(row),
                "{fen}"
            );
            let (code, message) = &errors[row][0];
            assert_eq!(code, "not-in-tables", "{fen}");
            assert!(message.contains("5 pieces"), "{fen}: {message}");
            continue;
        }
        answered += 1;
        assert_eq!(
            (i32::from(wdl.value(row)), dtz.value(row)),
            (their_wdl, their_dtz),
            "{fen}"
        );
        assert!(errors[row].is_empty(), "{fen}: {:?}", errors[row]);
        let sure = match their_wdl {
            2 => "win",
            -2 => "loss",
            0 => "draw",
            _ => continue,
        };
        assert_eq!(category.value(row), sure, "{fen}");
        assert!(best.is_valid(row) || their_dtz == 0, "{fen}");
    }
    assert!(answered > 100, "{answered} positions of 3-4 pieces");
}

#[test]
fn a_record_that_is_not_valid_gives_its_own_problems_and_a_variant_is_refused() {
    let Some(folder) = tables() else { return };
    let syzygy = one(folder.to_str().unwrap());
    let records = StringArray::from(vec![Some("4k3/8/8/8/8/8/8/4K2 w - - 0 1"), None]);
    let errors = fen_tb_errors(&records, Some(&syzygy), &ReadOptions::default()).unwrap();
    assert_eq!(reasons(&errors)[0][0].0, "rank-too-short");
    assert!(errors.is_null(1));
    let atomic = ReadOptions::default().with_variant(shakmaty::variant::Variant::Atomic);
    let records = StringArray::from(vec!["4k3/8/8/8/8/8/8/4K3 w - - 0 1"]);
    let errors = fen_tb_errors(&records, Some(&syzygy), &atomic).unwrap();
    let (code, message) = &reasons(&errors)[0][0];
    assert_eq!(code, "not-in-tables");
    assert!(message.contains("Atomic"), "{message}");
    assert!(
        fen_wdl(&records, Some(&syzygy), &atomic)
            .unwrap()
            .is_null(0)
    );
}

#[test]
fn folders_that_cannot_be_read_or_differ_by_row_are_argument_errors() {
    let records = StringArray::from(vec!["4k3/8/8/8/8/8/8/4K3 w - - 0 1"; 2]);
    let read = ReadOptions::default();
    let missing = one("/no/such/folder");
    let err = fen_wdl(&records, Some(&missing), &read).unwrap_err();
    assert!(err.to_string().contains("/no/such/folder"), "{err}");
    let two: ArrayRef = Arc::new(StringArray::from(vec!["/a", "/b"]));
    let err = fen_dtz(&records, Some(&two), &read).unwrap_err();
    assert!(err.to_string().contains("other folders"), "{err}");
}
