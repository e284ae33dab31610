//! `fen book make` and `fen book merge` against Polyglot itself (Debian's
//! `polyglot`, installed by `.ci/run` under /usr/games): the same games
//! and options give the same bytes, on real files (masters' games, TCEC,
//! a lichess export's standard games) and on games that make Polyglot
//! halve a position's counts; and so does a build in 1 MiB of memory
//! (spilled to disk, counted a key range at a time). An illegal move ends
//! its game with a diagnostic where Polyglot stops the run. Skipped, saying so, where
//! Polyglot or the real files are absent.

mod common;

use std::{
    io::Read,
    path::Path,
    process::Command,
    sync::atomic::{AtomicUsize, Ordering},
};

/// Books of ours that went to disk on the way (most games fit in 1 MiB).
static SPILLED: AtomicUsize = AtomicUsize::new(0);

const POLYGLOT: &str = "/usr/games/polyglot";

/// The option combinations compared, in Polyglot's spelling (ours is the
/// same with two dashes).
const OPTIONS: [&[&str]; 7] = [
    &[],
    &["-max-ply", "16"],
    &["-min-game", "1"],
    &["-min-score", "50", "-only-white"],
    &["-only-black", "-min-game", "2"],
    &["-uniform", "-max-ply", "30", "-min-game", "5"],
    &["-min-score", "70", "-min-game", "2"],
];

fn polyglot_here() -> bool {
    let here = Path::new(POLYGLOT).exists();
    if !here {
        common::oracle_missing(&format!(
            "{POLYGLOT} is absent; .ci/run installs Debian's polyglot"
        ));
    }
    here
}

/// Polyglot's book and ours from the PGN at `games`, with `options`; ours
/// is made twice, in memory and in 1 MiB (spilled to disk), the same.
fn both_books(games: &Path, options: &[&str], folder: &Path) -> (Vec<u8>, Vec<u8>) {
    let (theirs, ours) = (folder.join("polyglot.bin"), folder.join("fen.bin"));
    let made = Command::new(POLYGLOT)
        .args(["make-book", "-pgn"])
        .arg(games)
        .arg("-bin")
        .arg(&theirs)
        .args(options)
        .output()
        .expect("polyglot runs");
    assert!(made.status.success(), "polyglot: {made:?}");
    let ours_options: Vec<String> = options
        .iter()
        .map(|o| match o.strip_prefix('-') {
            Some(flag) if !flag.starts_with(|c: char| c.is_ascii_digit()) => format!("--{flag}"),
            _ => o.to_string(),
        })
        .collect();
    let mut args = vec![
        "book",
        "make",
        games.to_str().unwrap(),
        "-o",
        ours.to_str().unwrap(),
    ];
    args.extend(ours_options.iter().map(String::as_str));
    let made = common::fen(&args).output().expect("fen runs");
    assert!(made.status.success(), "fen: {made:?}");
    let in_memory = std::fs::read(&ours).unwrap();
    let made = common::fen(&args).args(["--memory", "1"]).output().unwrap();
    assert!(made.status.success(), "fen --memory 1: {made:?}");
    let spilled = String::from_utf8_lossy(&made.stderr).contains("spilled to disk");
    let small = std::fs::read(&ours).unwrap();
    assert!(
        small == in_memory,
        "{options:?}: --memory 1 writes {} bytes, in memory {}",
        small.len(),
        in_memory.len()
    );
    if spilled {
        SPILLED.fetch_add(1, Ordering::Relaxed);
    }
    let left = std::fs::read_dir(folder).unwrap().count();
    assert_eq!(left, 3, "the games and two books; nothing of the spill");
    (std::fs::read(theirs).unwrap(), in_memory)
}

fn folder(name: &str) -> std::path::PathBuf {
    let folder = std::env::temp_dir().join(format!("fen-book-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    folder
}

/// The PGN text of a real file, decompressed.
fn real_text(path: &str) -> Option<String> {
    let path = common::real(path)?;
    let mut text = String::new();
    zstd::stream::read::Decoder::new(std::fs::File::open(path).unwrap())
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    Some(text)
}

/// The games of `text` Polyglot can read: standard chess from the start
/// (no variant, no set-up position), at most `most`.
fn standard_games(text: &str, most: usize) -> String {
    text.split("\n[Event ")
        .enumerate()
        .map(|(i, game)| {
            if i == 0 {
                game.to_string()
            } else {
                format!("[Event {game}")
            }
        })
        .filter(|game| {
            !game.contains("[FEN ")
                && (!game.contains("[Variant ") || game.contains("[Variant \"Standard\"]"))
        })
        .take(most)
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn books_of_real_games_equal_polyglot_s_byte_for_byte() {
    if !polyglot_here() {
        return;
    }
    let folder = folder("real");
    let files = [
        ("pgnmentor-players/Adams.pgn.zst", usize::MAX),
        ("tcec/TCEC_Season_12_-_Superfinal.pgn.zst", usize::MAX),
        ("lichess-users/lichess_js.pgn.zst", 6000),
    ];
    let mut compared = 0;
    for (path, most) in files {
        let Some(text) = real_text(path) else {
            continue;
        };
        let games = folder.join("games.pgn");
        std::fs::write(&games, standard_games(&text, most)).unwrap();
        for options in OPTIONS {
            let (theirs, ours) = both_books(&games, options, &folder);
            assert!(
                !theirs.is_empty(),
                "{path} {options:?}: an empty book compares nothing"
            );
            assert!(
                theirs == ours,
                "{path} {options:?}: {} bytes from polyglot, {} from fen",
                theirs.len(),
                ours.len()
            );
            compared += 1;
        }
    }
    std::fs::remove_dir_all(&folder).ok();
    let spilled = SPILLED.load(Ordering::Relaxed);
    eprintln!("{compared} books compared, {spilled} of ours made on disk");
    assert!(compared == 0 || spilled > 0, "no book went to disk");
}

#[test]
fn counts_past_16384_are_halved_as_polyglot_halves_them() {
    if !polyglot_here() {
        return;
    }
    let folder = folder("halving");
    // 20,000 games from the start: 1. e4 in most (its count passes 16,384
    // and every move of the start position is halved), 1. d4 and 1. c4 in
    // some, results in turn.
    let mut text = String::new();
    for game in 0..20_000 {
        let result = ["1-0", "0-1", "1/2-1/2", "*"][game % 4];
        let moves = match game % 10 {
            0 => "1. d4 d5 2. c4",
            1 => "1. c4 e5",
            _ => "1. e4 e5 2. Nf3 Nc6",
        };
        text.push_str(&format!("[Result \"{result}\"]\n\n{moves} {result}\n\n"));
    }
    let games = folder.join("games.pgn");
    std::fs::write(&games, text).unwrap();
    for options in [&[][..], &["-uniform"], &["-min-score", "60"]] {
        let (theirs, ours) = both_books(&games, options, &folder);
        assert_eq!(theirs, ours, "{options:?}");
    }
    std::fs::remove_dir_all(&folder).ok();
}

#[test]
fn merged_books_equal_polyglot_s_either_way_round() {
    if !polyglot_here() {
        return;
    }
    let (Some(first), Some(second)) = (
        real_text("pgnmentor-players/Adams.pgn.zst"),
        real_text("pgnmentor-players/Anand.pgn.zst"),
    ) else {
        return;
    };
    let folder = folder("merge");
    let mut books = Vec::new();
    for (name, text) in [("a", first), ("b", second)] {
        let games = folder.join(format!("{name}.pgn"));
        std::fs::write(&games, standard_games(&text, usize::MAX)).unwrap();
        let book = folder.join(format!("{name}.bin"));
        let made = Command::new(POLYGLOT)
            .args(["make-book", "-pgn"])
            .arg(&games)
            .arg("-bin")
            .arg(&book)
            .output()
            .unwrap();
        assert!(made.status.success());
        books.push(book);
    }
    for (in1, in2) in [
        (&books[0], &books[1]),
        (&books[1], &books[0]),
        (&books[0], &books[0]),
    ] {
        let (theirs, ours) = (
            folder.join("polyglot-merged.bin"),
            folder.join("fen-merged.bin"),
        );
        let merged = Command::new(POLYGLOT)
            .args(["merge-book", "-in1"])
            .arg(in1)
            .arg("-in2")
            .arg(in2)
            .arg("-out")
            .arg(&theirs)
            .output()
            .unwrap();
        assert!(merged.status.success());
        let args = [
            "book",
            "merge",
            in1.to_str().unwrap(),
            in2.to_str().unwrap(),
            "-o",
            ours.to_str().unwrap(),
        ];
        assert!(common::fen(&args).status().unwrap().success());
        assert_eq!(
            std::fs::read(theirs).unwrap(),
            std::fs::read(ours).unwrap(),
            "{in1:?} + {in2:?}"
        );
    }
    std::fs::remove_dir_all(&folder).ok();
}

/// `fen book make GAMES -o BOOK` with `options`.
fn book_make(games: &Path, book: &Path, options: &[&str]) -> std::process::Output {
    let mut command = common::fen(&["book", "make"]);
    command.arg(games).arg("-o").arg(book).args(options);
    command.output().unwrap()
}

#[test]
fn an_illegal_move_ends_its_game_not_the_run() {
    let folder = folder("illegal");
    let games = folder.join("games.pgn");
    let text = "[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 Nc6 1-0\n\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Result \"0-1\"]\n\n1. e4 c5 0-1\n";
    std::fs::write(&games, text).unwrap();
    let book = folder.join("book.bin");
    let made = book_make(&games, &book, &["--min-game", "1"]);
    let said = String::from_utf8_lossy(&made.stderr);
    assert_eq!(made.status.code(), Some(1), "{said}");
    assert!(
        said.contains("games.pgn:3:13: error[illegal-move]: game 1: move 2. Ke3"),
        "{said}"
    );
    // 1. e4 from three games (2 + 2 + 0 for White); 1... c5 won; 1... e5
    // lost twice, which scores nothing, and Polyglot keeps no such move.
    let dump = common::fen(&["book", "dump", book.to_str().unwrap()])
        .output()
        .unwrap();
    let dump = String::from_utf8(dump.stdout).unwrap();
    let rows: Vec<Vec<&str>> = dump
        .lines()
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    let row = |san: &str| {
        rows.iter()
            .find(|r| r[5] == san)
            .unwrap_or_else(|| panic!("{san} in {dump}"))
            .clone()
    };
    assert_eq!(row("e4")[2], "4");
    assert!(rows.iter().all(|r| r[5] != "e5"), "{dump}");
    assert_eq!(row("c5")[2], "2");
    std::fs::remove_dir_all(&folder).ok();
}

#[test]
fn where_keeps_the_games_whose_tags_meet_every_condition() {
    let folder = folder("where");
    let games = folder.join("games.pgn");
    let text = "[WhiteElo \"2300\"]\n[TimeControl \"180+2\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n\
                [WhiteElo \"1800\"]\n[TimeControl \"180+2\"]\n[Result \"1-0\"]\n\n1. d4 1-0\n\n\
                [WhiteElo \"?\"]\n[Result \"1-0\"]\n\n1. c4 1-0\n\n\
                [WhiteElo \"2500\"]\n[TimeControl \"5400+30\"]\n[Result \"1-0\"]\n\n1. Nf3 1-0\n";
    std::fs::write(&games, text).unwrap();
    let book = folder.join("book.bin");
    let conditions = ["--where", "WhiteElo>=2000", "--where", "TimeControl<600"];
    let made = book_make(
        &games,
        &book,
        &[&["--min-game", "1"], &conditions[..]].concat(),
    );
    let said = String::from_utf8_lossy(&made.stderr);
    assert!(made.status.success(), "{said}");
    assert!(said.contains("fen: 3 games left out by --where"), "{said}");
    let dump = common::fen(&["book", "dump"]).arg(&book).output().unwrap();
    let sans: Vec<String> = String::from_utf8(dump.stdout)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l.split('\t').nth(5).unwrap().to_string())
        .collect();
    assert_eq!(sans, ["e4"]);
    let bad = book_make(&games, &book, &["--where", "WhiteElo 2000"]);
    common::assert_exit(&bad, 2, "is not a condition on a tag");
    std::fs::remove_dir_all(&folder).ok();
}

#[test]
fn an_input_that_cannot_be_read_writes_no_book() {
    let folder = folder("unreadable");
    let book = folder.join("book.bin");
    let missing = folder.join("missing.pgn");
    let made = book_make(&missing, &book, &[]);
    let said = String::from_utf8_lossy(&made.stderr);
    assert_eq!(made.status.code(), Some(2), "{said}");
    assert!(said.contains("no book written"), "{said}");
    assert!(!book.exists());
    // A book that is no whole number of entries is refused, not read.
    std::fs::write(&book, [0u8; 100]).unwrap();
    let dumped = common::fen(&["book", "dump", book.to_str().unwrap()])
        .output()
        .unwrap();
    common::assert_exit(
        &dumped,
        2,
        "100 bytes is not a whole number of 16-byte Polyglot entries",
    );
    std::fs::remove_dir_all(&folder).ok();
}

/// A Chess960 book (what Debian's Polyglot cannot make: it stops at the
/// first Chess960 game's first move off the standard start): python-chess
/// reads it, on Chess960 boards, and finds every move the games' winners
/// and drawers played (a loser's moves score nothing, so Polyglot's rule
/// keeps none of them), castling as king takes rook.
#[test]
fn a_chess960_book_gives_the_moves_of_its_games_to_python_chess() {
    let Some(text) = real_text("lichess-users/lichess_magnus2.pgn.zst") else {
        return;
    };
    if !common::python_chess() {
        return;
    }
    let games: Vec<String> = text
        .split("\n[Event ")
        .map(|game| format!("[Event {}", game.trim_start_matches("[Event ")))
        .filter(|game| game.contains("[Variant \"Chess960\"]"))
        .collect();
    assert!(games.len() > 50, "{} Chess960 games", games.len());
    let folder = folder("chess960");
    let (pgn, book) = (folder.join("games.pgn"), folder.join("book.bin"));
    std::fs::write(&pgn, games.join("\n")).unwrap();
    let args = [
        "book",
        "make",
        pgn.to_str().unwrap(),
        "-o",
        book.to_str().unwrap(),
        "--min-game",
        "1",
    ];
    let made = common::fen(&args).output().unwrap();
    assert!(made.status.success(), "{made:?}");
    let script = r#"
import sys, chess, chess.pgn, chess.polyglot
checked = castles = 0
missing = []
with open(sys.argv[1]) as games, chess.polyglot.open_reader(sys.argv[2]) as book:
    while (game := chess.pgn.read_game(games)) is not None:
        board, result = game.board(), game.headers["Result"]
        assert board.chess960
        for move in game.mainline_moves():
            lost = (result == "1-0" and board.turn == chess.BLACK) or (result == "0-1" and board.turn == chess.WHITE)
            if not lost:
                checked += 1
                castles += board.is_castling(move)
                if move not in [entry.move for entry in book.find_all(board)]:
                    missing.append(board.fen() + " " + move.uci())
            board.push(move)
print(checked, castles, len(missing), missing[:3])
"#;
    let said = common::python(
        script,
        &[pgn.to_str().unwrap(), book.to_str().unwrap()],
        b"",
    );
    let fields: Vec<&str> = said.split_whitespace().collect();
    let [checked, castles, missing] = [0, 1, 2].map(|i| fields[i].parse::<usize>().unwrap());
    assert!(checked > 2000 && castles > 20, "{said}");
    assert_eq!(missing, 0, "{said}");
    std::fs::remove_dir_all(folder).unwrap();
}

/// The counts of `games` as `fenkit.spark.book` writes them, unsummed
/// across batches (the command adds rows of one move): fenkit-arrow's
/// kernel over `read_pgn`'s batches, to a Parquet file.
fn counts_to_parquet(games: &Path, max_ply: usize, parquet: &Path) {
    let schema = fenkit_arrow::book_rows_schema();
    let file = std::fs::File::create(parquet).unwrap();
    let mut writer = parquet::arrow::ArrowWriter::try_new(file, schema, None).unwrap();
    for batch in fenkit_arrow::read_pgn(games).unwrap() {
        let rows = fenkit_arrow::book_rows(&batch.unwrap(), max_ply).unwrap();
        writer.write(&rows).unwrap();
    }
    writer.close().unwrap();
}

#[test]
fn a_book_from_counts_made_apart_is_the_book_from_the_games() {
    let folder = folder("parquet");
    let mut sources = vec![(
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../samples/openings.pgn").to_string(),
        None,
    )];
    for path in [
        "lichess-users/lichess_magnus.pgn.zst",
        "pgnmentor-players/Adams.pgn.zst",
    ] {
        if let Some(text) = real_text(path) {
            sources.push((path.to_string(), Some(text)));
        }
    }
    // The book's options and the plies counted (on the cluster's side).
    let options: [(&[&str], usize); 4] = [
        (&[], 1024),
        (&["--min-game", "1"], 1024),
        (&["--only-black", "--min-score", "40"], 1024),
        (&["--uniform"], 12),
    ];
    for (name, text) in &sources {
        let games = match text {
            Some(text) => {
                let games = folder.join("games.pgn");
                std::fs::write(&games, text).unwrap();
                games
            }
            None => Path::new(name).to_path_buf(),
        };
        for (options, max_ply) in options {
            let parquet = folder.join("counts.parquet");
            counts_to_parquet(&games, max_ply, &parquet);
            let (from_games, from_counts) = (folder.join("games.bin"), folder.join("counts.bin"));
            let made = common::fen(&["book", "make", games.to_str().unwrap(), "-o"])
                .arg(&from_games)
                .args(options)
                .args(["--max-ply", &max_ply.to_string()])
                .output()
                .unwrap();
            assert!(made.status.success(), "{made:?}");
            let made = common::fen(&["book", "make", "--from-parquet"])
                .arg(&parquet)
                .arg("-o")
                .arg(&from_counts)
                .args(options)
                .output()
                .unwrap();
            let said = String::from_utf8_lossy(&made.stderr);
            assert!(made.status.success(), "{said}");
            assert!(said.contains("rows read from 1 file"), "{said}");
            let (expected, got) = (
                std::fs::read(&from_games).unwrap(),
                std::fs::read(&from_counts).unwrap(),
            );
            assert!(
                expected.len() >= 16,
                "{name} {options:?}: an empty book compares nothing"
            );
            assert!(
                expected == got,
                "{name} {options:?}: {} bytes from the games, {} from counts",
                expected.len(),
                got.len()
            );
        }
    }
    // --max-ply and --where belong to the cluster's side.
    let refused = common::fen(&[
        "book",
        "make",
        "--from-parquet",
        "x.parquet",
        "-o",
        "y.bin",
        "--max-ply",
        "3",
    ])
    .output()
    .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    // Counts come from files, not standard input.
    let refused = common::fen(&["book", "make", "--from-parquet", "-o", "y.bin"])
        .output()
        .unwrap();
    common::assert_exit(&refused, 2, "give one");
    std::fs::remove_dir_all(&folder).ok();
}

/// `--mirror` makes the colour-inverted book: python-chess finds, in the
/// mirrored book at each position's `Board.mirror()`, exactly the
/// mirrored moves the plain book has at the position, with their
/// weights; and `book dump --mirror` of the plain book lists the mirrored
/// book's entries.
#[test]
fn a_mirrored_book_holds_each_position_s_moves_for_the_other_side() {
    let Some(text) = real_text("lichess-users/lichess_magnus.pgn.zst") else {
        return;
    };
    if !common::python_chess() {
        return;
    }
    let folder = folder("mirror");
    let games = folder.join("games.pgn");
    std::fs::write(&games, standard_games(&text, 300)).unwrap();
    let (plain, mirrored) = (folder.join("plain.bin"), folder.join("mirrored.bin"));
    for (book, options) in [(&plain, &[][..]), (&mirrored, &["--mirror"][..])] {
        let made = book_make(
            &games,
            book,
            &[&["--min-game", "1", "--max-ply", "16"], options].concat(),
        );
        assert!(made.status.success(), "{made:?}");
    }
    let script = r#"
import sys, chess, chess.polyglot
compared = 0
with chess.polyglot.open_reader(sys.argv[1]) as plain, chess.polyglot.open_reader(sys.argv[2]) as mirrored:
    seen, waiting = set(), [chess.Board()]
    while waiting:
        board = waiting.pop()
        key = chess.polyglot.zobrist_hash(board)
        if key in seen:
            continue
        seen.add(key)
        flip = lambda move: chess.Move(chess.square_mirror(move.from_square), chess.square_mirror(move.to_square), move.promotion)
        want = sorted((flip(e.move).uci(), e.weight) for e in plain.find_all(board, minimum_weight=0))
        got = sorted((e.move.uci(), e.weight) for e in mirrored.find_all(board.mirror(), minimum_weight=0))
        assert want == got, (board.fen(), want, got)
        compared += len(want)
        for entry in plain.find_all(board, minimum_weight=0):
            after = board.copy()
            after.push(entry.move)
            waiting.append(after)
print(compared)
"#;
    let said = common::python(
        script,
        &[plain.to_str().unwrap(), mirrored.to_str().unwrap()],
        b"",
    );
    let compared: usize = said.trim().parse().unwrap();
    assert!(compared > 500, "{said}");
    // The dump of the plain book, mirrored, lists the mirrored book's
    // entries: those a line of the plain book reaches (a loser's move is
    // not kept, so the positions after it are not reached), the others
    // counted on standard error.
    let dump = |book: &Path, mirror: bool| {
        let mut command = common::fen(&["book", "dump"]);
        command.arg(book);
        if mirror {
            command.arg("--mirror");
        }
        let output = command.output().unwrap();
        assert!(output.status.success(), "{output:?}");
        let rows: std::collections::BTreeSet<String> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|row| row.split('\t').take(4).collect::<Vec<_>>().join("\t"))
            .collect();
        (rows, String::from_utf8(output.stderr).unwrap())
    };
    let ((from_plain, said), (made, _)) = (dump(&plain, true), dump(&mirrored, false));
    assert!(from_plain.is_subset(&made));
    let left_out: usize = said
        .strip_prefix("fen: ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|count| count.parse().ok())
        .unwrap_or(0);
    assert_eq!(from_plain.len() + left_out, made.len(), "{said}");
    assert!(from_plain.len() > 500, "{}", from_plain.len());
    std::fs::remove_dir_all(folder).unwrap();
}

/// `book dump --format pgn` is one game whose tree holds the book:
/// python-chess reads it without error, every move of it is a book move
/// of its position with the weight its comment gives, and every position
/// the book reaches from the start is followed (once), its moves all
/// there. Mirrored, the same from the mirrored start.
#[test]
fn a_book_as_pgn_is_a_game_tree_python_chess_reads_move_for_move() {
    if !common::python_chess() {
        return;
    }
    let folder = folder("book-pgn");
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/openings.pgn");
    let book = folder.join("openings.bin");
    let made = book_make(&games, &book, &["--min-game", "1"]);
    assert!(made.status.success(), "{made:?}");
    let script = r#"
import sys, chess, chess.pgn, chess.polyglot
pgn_path, book_path, mirrored = sys.argv[1], sys.argv[2], sys.argv[3] == "mirror"
flip = lambda move: chess.Move(chess.square_mirror(move.from_square), chess.square_mirror(move.to_square), move.promotion)
with open(pgn_path) as text, chess.polyglot.open_reader(book_path) as book:
    game = chess.pgn.read_game(text)
    assert not game.errors, game.errors
    assert chess.pgn.read_game(text) is None, "one game"
    moves = 0
    followed = {}
    def walk(node):
        global moves
        board = node.board()
        # The book's own position: the shown one, mirrored back.
        own = board.mirror() if mirrored else board
        entries = {(flip(e.move) if mirrored else e.move): e.weight for e in book.find_all(own, minimum_weight=0)}
        for child in node.variations:
            assert child.move in entries, (board.fen(), child.move.uci(), entries)
            assert child.comment == f"weight {entries[child.move]}", child.comment
            moves += 1
        if node.variations:
            key = chess.polyglot.zobrist_hash(own)
            assert key not in followed, board.fen()
            followed[key] = len(node.variations)
            assert len(node.variations) == len(entries), (board.fen(), len(node.variations), len(entries))
        for child in node.variations:
            walk(child)
    walk(game)
    # Every position the book reaches from the start is followed.
    seen, waiting = set(), [chess.Board()]
    while waiting:
        board = waiting.pop()
        key = chess.polyglot.zobrist_hash(board)
        entries = list(book.find_all(board, minimum_weight=0))
        if key in seen or not entries:
            continue
        seen.add(key)
        for entry in entries:
            after = board.copy()
            after.push(entry.move)
            waiting.append(after)
    assert seen == set(followed), (len(seen), len(followed))
print(moves, len(followed))
"#;
    for mirror in [false, true] {
        let mut command = common::fen(&["book", "dump", "--format", "pgn"]);
        command.arg(&book);
        if mirror {
            command.arg("--mirror");
        }
        let output = command.output().unwrap();
        assert!(output.status.success(), "{output:?}");
        let pgn = folder.join(if mirror { "mirrored.pgn" } else { "book.pgn" });
        std::fs::write(&pgn, &output.stdout).unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        assert!(
            text.lines().all(|line| line.chars().count() <= 79),
            "{text}"
        );
        let which = if mirror { "mirror" } else { "plain" };
        let said = common::python(
            script,
            &[pgn.to_str().unwrap(), book.to_str().unwrap(), which],
            b"",
        );
        let fields: Vec<usize> = said
            .split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect();
        assert!(fields[0] >= 20 && fields[1] >= 5, "{said}");
    }
    std::fs::remove_dir_all(folder).unwrap();
}
