//! lichess's production PGN fixtures (`../shared/data/real/scalachess/
//! pgn-fixtures/`, read where they stand): `fen pgn` gives every position
//! python-chess gives for the standard games it reads, but for one named
//! file.

mod common;

use std::path::Path;

#[test]
fn fen_pgn_reads_lichess_fixtures_as_python_chess_does() {
    let Some(folder) = common::real("scalachess/pgn-fixtures") else {
        return;
    };
    if !common::python_chess() {
        return;
    }
    let entries = std::fs::read_dir(&folder).expect("readable");
    // python-chess reads `+--` as a null move, fenkit as an evaluation
    // glyph.
    let known = ["blackAbsentResult.pgn"];
    let mut paths: Vec<_> = entries
        .map(|entry| entry.expect("readable").path())
        .filter(|path| path.extension().is_some_and(|e| e == "pgn"))
        .collect();
    paths.sort();
    let mut differ = Vec::new();
    for path in &paths {
        let path = path.to_str().expect("UTF-8");
        let text = std::fs::read(path).expect("readable");
        let expected = common::python_chess_fens(&text, true);
        let (got, _) = common::fen_pgn_fens(&text);
        // Every position python-chess gives, for the games it reads.
        let games: std::collections::BTreeSet<&str> = expected
            .lines()
            .filter_map(|l| l.split('\t').next())
            .collect();
        let ours: String = got
            .lines()
            .filter(|line| games.contains(line.split('\t').next().unwrap_or("")))
            .map(|line| format!("{line}\n"))
            .collect();
        let name = Path::new(path)
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        // A byte-order mark before the first tag pair: python-chess reads
        // an empty game, then the game without its Event tag; fenkit one
        // game with its tags. The positions are the same, numbered apart.
        let fens = |text: &str| -> Vec<String> {
            text.lines()
                .filter_map(|l| l.split('\t').nth(1).map(str::to_string))
                .collect()
        };
        let renumbered = name == "invisibleChar.pgn" && fens(&got) == fens(&expected);
        if ours != expected && !known.contains(&name.as_str()) && !renumbered {
            differ.push(name);
        }
    }
    assert!(paths.len() > 60, "{} fixtures", paths.len());
    assert!(
        differ.is_empty(),
        "fen pgn differs from python-chess on {differ:?}"
    );
}
