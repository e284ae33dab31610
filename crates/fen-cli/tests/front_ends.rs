//! One corpus rich in dialects and faults, through every door a game can
//! take: the command (`fen book make`, `fen explorer build`, `fen
//! search`), the search index (`fen index`, as the service searches it),
//! and the column functions (fenkit-arrow's kernels over `read_pgn`, as
//! Python, SQL and Spark count and find games). Every game is played by
//! the games library's one door, so they must count and find alike.

mod common;

use std::path::{Path, PathBuf};

use arrow_array::{Array, StringArray, cast::AsArray, types::Int64Type};
use serde_json::Value;

/// Tags the explorer counts a game by, for game `n`.
fn tags(n: usize, result: &str) -> String {
    format!(
        "[Event \"corpus {n}\"]\n[Site \"https://lichess.org/game{n:04}\"]\n[White \"w{n}\"]\n\
         [Black \"b{n}\"]\n[Result \"{result}\"]\n[WhiteElo \"{}\"]\n[BlackElo \"1900\"]\n\
         [TimeControl \"300+0\"]\n[UTCDate \"2024.0{}.01\"]\n",
        1800 + 50 * n,
        1 + n % 9
    )
}

/// Games as people write them: castling with zeros, `e.p.`, a double
/// check sign, moves in long algebraic notation and UCI, glyphs glued to
/// moves, a result with an en dash; a word that is no move, an illegal
/// move, a comment never closed at the end, a `[FEN]` start.
fn corpus() -> String {
    let movetexts = [
        (
            "1-0",
            "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 5. d3 0-0 6. Bg5 d6 1-0",
        ),
        ("0-1", "1. e4 e5 2. g1f3 b8c6 3. Bc4 Bc5 4. O-O Nf6 0-1"),
        (
            "1/2-1/2",
            "1. e4 e5!? 2. Nf3!! Nc6?! 3. Bb5 a6 4. Ba4 Nf6 1/2-1/2",
        ),
        ("1-0", "1. e4 d5 2. e5 f5 3. exf6 e.p. Nxf6 4. Nf3 Bg4 1-0"),
        ("1-0", "1. e4 e5 2. Nf3 Nc6 3. Zz9 Nf6 4. d4 exd4 1-0"),
        ("0-1", "1. e4 e5 2. Nf3 Nc6 3. Ke3 Nf6 0-1"),
        ("1-0", "1. f3 e5 2. g4 Qh4++ 1-0"),
        ("1-0", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 1–0"),
        (
            "1/2-1/2",
            "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 1/2-1/2",
        ),
    ];
    let mut text = String::new();
    for (n, (result, movetext)) in movetexts.iter().enumerate() {
        text.push_str(&tags(n + 1, result));
        text.push('\n');
        text.push_str(movetext);
        text.push_str("\n\n");
    }
    text.push_str(&tags(10, "1-0"));
    text.push_str(
        "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 Kd7 2. e5 Ke6 1-0\n\n",
    );
    text
}

fn folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fen-front-ends-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn fen_ok(args: &[&str]) -> String {
    let output = common::fen(args).output().unwrap();
    let said = String::from_utf8_lossy(&output.stderr);
    // The corpus's bad games make status 1; anything else is a failure.
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "fen {args:?}: {said}"
    );
    String::from_utf8(output.stdout).unwrap()
}

/// fenkit-arrow's `kernel` over the corpus's `read_pgn` batches, to a
/// Parquet file, as Spark writes its counts.
fn rows_to_parquet(
    games: &Path,
    parquet: &Path,
    kernel: impl Fn(&arrow_array::RecordBatch) -> arrow_array::RecordBatch,
) {
    let mut writer = None;
    for batch in fenkit_arrow::read_pgn(games).unwrap() {
        let rows = kernel(&batch.unwrap());
        let writer = writer.get_or_insert_with(|| {
            let file = std::fs::File::create(parquet).unwrap();
            parquet::arrow::ArrowWriter::try_new(file, rows.schema(), None).unwrap()
        });
        writer.write(&rows).unwrap();
    }
    writer.expect("a batch").close().unwrap();
}

/// The positions asked of every door: after 1. e4 e5 2. Nf3 Nc6 (most
/// games), after both sides castled in the Italian (games 1, 2 and 8
/// castle as `0-0`, `g1f3`, `O-O`), after the en passant capture, and the
/// start.
const POSITIONS: [&str; 4] = [
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 w kq - 6 5",
    "rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3",
    "startpos",
];

#[test]
fn every_front_end_counts_and_finds_the_games_of_one_corpus_alike() {
    let dir = folder();
    let games = dir.join("games.pgn");
    std::fs::write(&games, corpus()).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let games_path = games.to_str().unwrap();

    // Books: the command's, and the one made of the column functions'
    // counts, byte for byte.
    rows_to_parquet(&games, &dir.join("book.parquet"), |batch| {
        fenkit_arrow::book_rows(batch, 1024).unwrap()
    });
    let book_of_games = path("games.bin");
    let book_of_rows = path("rows.bin");
    fen_ok(&[
        "book",
        "make",
        "--min-game",
        "1",
        "-o",
        &book_of_games,
        games_path,
    ]);
    fen_ok(&[
        "book",
        "make",
        "--min-game",
        "1",
        "--from-parquet",
        &path("book.parquet"),
        "-o",
        &book_of_rows,
    ]);
    let book = std::fs::read(&book_of_games).unwrap();
    assert!(
        book.len() > 16 * 20,
        "a book of the corpus's moves: {}",
        book.len()
    );
    assert_eq!(book, std::fs::read(&book_of_rows).unwrap());

    // The explorer: built by the command, and imported from the column
    // functions' rows; every position answered alike.
    rows_to_parquet(&games, &dir.join("explorer.parquet"), |batch| {
        fenkit_arrow::explorer_rows(batch, 1024).unwrap()
    });
    let (built, imported) = (path("built"), path("imported"));
    fen_ok(&["explorer", "build", "-o", &built, games_path]);
    fen_ok(&[
        "explorer",
        "import",
        "-o",
        &imported,
        &path("explorer.parquet"),
    ]);
    let mut moves_seen = 0;
    for position in POSITIONS {
        let ask = |index: &str| -> Value {
            let text = fen_ok(&[
                "explorer", "query", index, position, "--format", "json", "--moves", "100",
            ]);
            serde_json::from_str(&text).unwrap()
        };
        let answer = ask(&built);
        assert_eq!(answer, ask(&imported), "{position}");
        moves_seen += answer["moves"].as_array().unwrap().len();
    }
    assert!(
        moves_seen >= 4,
        "the explorer answered too little: {moves_seen}"
    );

    // Search: the command over the file, the command over its index (as
    // the service searches), and the column function `pgn_reaches` over
    // each game's text: the same games at the same plies.
    let index = path("index");
    fen_ok(&["index", "-o", &index, games_path]);
    let texts: Vec<String> = fenkit_games::pgn::GameTexts::new(&corpus().into_bytes()[..])
        .map(|game| String::from_utf8(game.unwrap().text).unwrap())
        .collect();
    assert_eq!(texts.len(), 10);
    let texts = StringArray::from(texts);
    let mut found = 0;
    for position in POSITIONS {
        let hits = |output: String| -> Vec<(usize, usize)> {
            (output.lines())
                .map(|line| {
                    let mut fields = line.split('\t');
                    let game = fields.next().unwrap().parse().unwrap();
                    (game, fields.next().unwrap().parse().unwrap())
                })
                .collect()
        };
        let in_file = hits(fen_ok(&["search", "--fen", position, games_path]));
        let in_index = hits(fen_ok(&["search", "--fen", position, "--index", &index]));
        assert_eq!(in_file, in_index, "{position}");
        let fen = match position {
            "startpos" => "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            fen => fen,
        };
        let asked = StringArray::from(vec![fen]);
        let plies = fenkit_arrow::pgn_reaches(&texts, &asked, &Default::default()).unwrap();
        let plies = plies.as_primitive::<Int64Type>();
        let by_column: Vec<(usize, usize)> = (0..plies.len())
            .filter(|&row| !plies.is_null(row))
            .map(|row| (row + 1, plies.value(row) as usize))
            .collect();
        assert_eq!(in_file, by_column, "{position}");
        found += in_file.len();
    }
    // Games 1, 2 and 8 reach the castled Italian (its zeros, its UCI and
    // its standard castling read alike); game 5 reaches 2... Nc6 before
    // its word that is no move; game 10 starts elsewhere.
    let castled = fen_ok(&["search", "--fen", POSITIONS[1], games_path]);
    let castled: Vec<&str> = castled
        .lines()
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    assert_eq!(castled, ["1", "2", "8"]);
    assert!(found >= 15, "{found}");
    let _ = std::fs::remove_dir_all(&dir);
}
