//! Chess960 castling written as every reader reads it: X-FEN by default
//! with --chess960, the right rook named, White first; checked against a
//! fixed list, against fen's own start positions, and against python-chess
//! where it is installed.

mod common;

/// Runs fen with `input` on standard input; its standard output.
fn fen(args: &[&str], input: &str) -> String {
    let output = common::run(args, input.as_bytes().to_vec());
    String::from_utf8(output.stdout).expect("UTF-8")
}

fn castling_field(fen: &str) -> &str {
    fen.split(' ').nth(2).expect("a castling field")
}

#[test]
fn every_start_position_normalizes_to_itself() {
    let starts = fen(&["chess960", "--all"], "");
    assert_eq!(starts.lines().count(), 960);
    assert_eq!(fen(&["normalize", "--chess960"], &starts), starts);
    // Position 0, BBQNNRKR, castles with the f and h rooks: X-FEN says KQkq.
    assert_eq!(castling_field(starts.lines().next().unwrap()), "KQkq");
}

#[test]
fn the_letter_written_names_the_rook_of_the_right() {
    // (record, castling written by normalize --chess960 --castling xfen)
    let cases = [
        // The right is a1's, where a knight stands; 'Q' would read as c1.
        ("4k3/8/8/8/8/8/8/N1R1K3 w A - 0 1", "A"),
        ("rRpppppp/8/8/8/8/8/PPPPPPBN/PPRQKBNR w KA - 0 1", "KA"),
        // Inner rooks by file, outermost ones by wing, White first.
        ("1r2k1r1/8/8/8/8/8/8/R1R1K1R1 w GCAgb - 0 1", "KCQkq"),
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "KQ"),
    ];
    for (record, expected) in cases {
        let written = fen(&["normalize", "--chess960", "--castling", "xfen"], record);
        assert_eq!(castling_field(&written), expected, "{record}");
        // And it reads back as the same rights.
        assert_eq!(
            fen(&["normalize", "--chess960", "--castling", "xfen"], &written),
            written
        );
    }
}

#[test]
fn keys_and_games_of_chess960_write_x_fen() {
    let start = fen(&["chess960", "0"], "");
    assert_eq!(
        fen(&["key", "--chess960"], &start).trim_end(),
        "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq -"
    );
    let shredder = fen(&["key", "--chess960", "--castling", "shredder"], &start);
    assert_eq!(castling_field(&shredder), "HFhf");
    let game = format!(
        "[Variant \"Chess960\"]\n[FEN \"{}\"]\n\n1. g3 g6 *\n",
        start.trim_end()
    );
    let plies = fen(&["pgn"], &game);
    assert_eq!(plies.lines().count(), 2);
    for line in plies.lines() {
        assert_eq!(castling_field(line), "KQkq", "{line}");
    }
}

/// python-chess reads what fen writes, where python-chess is installed.
#[test]
fn python_chess_reads_every_normalized_start_position() {
    if !common::python_chess() {
        return;
    }
    let starts = fen(&["chess960", "--all"], "");
    let normalized = fen(&["normalize", "--chess960"], &starts);
    let script = "import sys, chess\n\
        bad = 0\n\
        for line in sys.stdin:\n\
        \x20   fen = line.strip()\n\
        \x20   board = chess.Board(fen, chess960=True)\n\
        \x20   if board.castling_xfen() != fen.split()[2]:\n\
        \x20       bad += 1; print(fen, board.castling_xfen())\n\
        print('unread', bad)\n";
    let text = common::python(script, &[], normalized.as_bytes());
    assert!(text.ends_with("unread 0\n"), "{text}");
}

/// `fen chess960 --number` gives the number python-chess's
/// `Board.chess960_pos()` gives: each of the 960 starts, positions that
/// are none (a move played, Black to move, a right lost), and two that
/// are (king and queen swapped, another start; the start with other
/// clocks).
#[test]
fn start_numbers_are_python_chess_numbers() {
    if !common::python_chess() {
        return;
    }
    let starts = fen(&["chess960", "--all", "--castling", "shredder"], "");
    let mut records: Vec<String> = starts.lines().map(str::to_string).collect();
    records.extend(
        [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kkq - 0 1",
            "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5 40",
        ]
        .map(str::to_string),
    );
    let mut args = vec!["chess960".to_string(), "--number".to_string()];
    args.extend(records.iter().cloned());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let ours = fen(&args, "");
    let script = "import sys, chess\n\
        for line in sys.stdin:\n\
        \x20   n = chess.Board(line.strip(), chess960=True).chess960_pos()\n\
        \x20   print('-' if n is None else n)\n";
    let theirs = common::python(script, &[], (records.join("\n") + "\n").as_bytes());
    assert_eq!(ours, theirs);
    assert_eq!(ours.lines().filter(|line| *line != "-").count(), 962);
}
