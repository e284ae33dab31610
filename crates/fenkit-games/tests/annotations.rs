//! Clocks and evaluations as servers and people write them, at the edges
//! of what is read: each case's value, or that it is refused with a
//! problem (never a lost comment).

use fenkit_games::{Annotations, Eval};

fn read(comment: &str) -> Annotations {
    let mut notes = Annotations::default();
    notes.read_comment(comment.as_bytes());
    notes
}

fn centipawns(cp: i32) -> Option<Eval> {
    Some(Eval::Centipawns { cp, depth: None })
}

#[test]
fn evaluations_read_as_centipawns_or_mate() {
    let cases: &[(&str, Option<Eval>)] = &[
        ("0.29", centipawns(29)),
        ("-0.5", centipawns(-50)),
        ("+1.", centipawns(100)),
        (".5", centipawns(50)),
        ("-0", centipawns(0)),
        ("3", centipawns(300)),
        ("21474836.46", centipawns(2_147_483_646)),
        ("-21474836.46", centipawns(-2_147_483_646)),
        (
            "#+3",
            Some(Eval::Mate {
                moves: 3,
                depth: None,
            }),
        ),
        (
            "#-2,30",
            Some(Eval::Mate {
                moves: -2,
                depth: Some(30),
            }),
        ),
        (
            "-1.5, 20",
            Some(Eval::Centipawns {
                cp: -150,
                depth: Some(20),
            }),
        ),
    ];
    for (text, expected) in cases {
        let notes = read(&format!("[%eval {text}]"));
        assert_eq!(&notes.eval, expected, "{text}");
        assert!(notes.problems.is_empty(), "{text}: {:?}", notes.problems);
    }
}

#[test]
fn evaluations_out_of_range_or_malformed_are_problems() {
    for text in [
        "--1",
        "1.234",
        "0.005",
        "99999999999",
        "21474836.47",
        ".",
        "",
        "1,x",
        "1,",
        "e4",
        "1.5a",
    ] {
        let notes = read(&format!("[%eval {text}]"));
        assert_eq!(notes.eval, None, "{text}");
        assert_eq!(notes.problems.len(), 1, "{text}");
    }
}

#[test]
fn clocks_read_as_seconds() {
    let cases: &[(&str, f64)] = &[
        ("0:03:00", 180.0),
        ("0:00:58.", 58.0),
        ("1:2:3.45", 3723.45),
        ("0:00:00.123456", 0.123456),
        ("10:00:00", 36000.0),
    ];
    for (text, seconds) in cases {
        assert_eq!(
            read(&format!("[%clk {text}]")).clock,
            Some(*seconds),
            "{text}"
        );
        assert_eq!(
            read(&format!("[%emt {text}]")).emt,
            Some(*seconds),
            "{text}"
        );
    }
}

/// Clocks that are not h:mm:ss: fields missing, too many, not numbers,
/// out of range.
const NOT_CLOCKS: [&str; 8] = [
    "1:xx:00",
    "0:03",
    "::",
    "0:03:00:00",
    "-1:00:00",
    "99999999999:00:00",
    "0:00:1.5.5",
    "0:00:",
];

#[test]
fn malformed_clocks_are_problems() {
    for text in NOT_CLOCKS {
        let notes = read(&format!("[%clk {text}]"));
        assert_eq!(notes.clock, None, "{text}");
        assert_eq!(
            notes.problems,
            [format!("[%clk {text}]: a clock is h:mm:ss")]
        );
    }
}

#[test]
fn words_commands_and_drawings_apart() {
    let notes = read(" [%cal Ge2e4, Rd4 ,Xe1,Ga1a9] héllo [%x y] wörld [%csl Yé4] [%clk 0:00:01");
    let shown = |drawn: &[fenkit_games::Shape]| drawn.iter().map(ToString::to_string).collect();
    let shown: [Vec<String>; 2] = [shown(&notes.arrows), shown(&notes.circles)];
    assert_eq!(shown, [["Ge2e4"], ["Rd4"]]);
    // An unclosed command stays in the words.
    assert_eq!(notes.comment, "héllo wörld [%clk 0:00:01");
    assert_eq!(notes.problems.len(), 2);
    let mut written = Vec::new();
    for drawn in notes.arrows.iter().chain(&notes.circles) {
        drawn.append_ascii_to(&mut written);
    }
    assert_eq!(written, b"Ge2e4Rd4");
}

proptest::proptest! {
    /// An evaluation written as fenkit writes it (`fen analyse`) reads back
    /// as itself.
    #[test]
    fn evaluations_written_read_back(cp in -100_000i32..100_000, moves in -60i32..60, depth in proptest::option::of(0u32..99), mate in proptest::bool::ANY) {
        let eval = match mate {
            true => Eval::Mate { moves, depth },
            false => Eval::Centipawns { cp, depth },
        };
        proptest::prop_assert_eq!(read(&format!("[%eval {eval}]")).eval, Some(eval));
    }
}
