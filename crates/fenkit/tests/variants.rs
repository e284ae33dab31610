//! Records of lichess's variants read with `ReadOptions::variant`: the
//! fields they add (a Crazyhouse pocket, `~` after a promoted piece,
//! Three-check's counters) read and written back, and every problem of
//! them its own code, field and column, with the standard's problems of
//! the rest of the record at their columns as written.

mod common;

use fenkit::{ReadOptions, variants::Variant};
use shakmaty::{CastlingMode, Position, Role, Square};

fn read(variant: Variant) -> ReadOptions {
    ReadOptions::default().with_variant(variant)
}

/// `record` read with `read` and written back.
fn written_back(read: ReadOptions, record: &[u8]) -> String {
    let parsed = read.parse(record).expect("well-formed");
    fenkit::Fen::from(parsed.setup).to_string()
}

/// The codes, fields and 1-based columns of `record`'s problems.
fn problems(variant: Variant, record: &str) -> Vec<(String, String, usize)> {
    read(variant)
        .check(record.as_bytes())
        .diagnostics
        .iter()
        .map(|d| {
            (
                d.code.as_str().to_string(),
                d.field.as_str().to_string(),
                fenkit::column(record.as_bytes(), d.span.start),
            )
        })
        .collect()
}

#[test]
fn each_problem_of_a_variant_field_has_its_code_and_column() {
    use fenkit::OptionWord;
    let cases = common::cases(include_str!("cases/variants.txt"));
    assert!(cases.len() >= 10, "{} cases", cases.len());
    for case in cases {
        let variant = Variant::from_word(case.section).expect("a variant");
        let record = String::from_utf8(case.bytes(0)).expect("UTF-8");
        let expected: Vec<(String, String, usize)> = (case.items(1).iter())
            .map(|item| match item[..] {
                [code, field, column] => (code.into(), field.into(), column.parse().unwrap()),
                _ => panic!("not code, field and column: {item:?}"),
            })
            .collect();
        assert_eq!(problems(variant, &record), expected, "{variant}: {record}");
    }
}

#[test]
fn variant_fields_read_into_the_setup_and_written_back() {
    // lichess's ninth rank for the pocket, promoted queen, its counters.
    let zh = read(Variant::Crazyhouse);
    let parsed = zh
        .parse(b"1Q~6/3k4/8/8/8/8/8/R3K3/Nnp w Q - 1 2")
        .expect("well-formed");
    let pockets = parsed.setup.pockets.expect("a pocket");
    assert_eq!(pockets.white[Role::Knight], 1);
    assert_eq!(pockets.black[Role::Pawn], 1);
    assert!(parsed.setup.promoted.contains(Square::B8));
    assert_eq!(
        fenkit::Fen::from(parsed.setup.clone()).to_string(),
        "1Q~6/3k4/8/8/8/8/8/R3K3[Nnp] w Q - 1 2"
    );
    // No pocket written: an empty one.
    assert_eq!(
        written_back(zh, b"4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        "4k3/8/8/8/8/8/8/4K3[] w - - 0 1"
    );

    let three = read(Variant::ThreeCheck);
    assert_eq!(
        written_back(three, b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+2"),
        "4k3/8/8/8/8/8/8/4K3 w - - 2+1 0 1"
    );
    assert_eq!(
        written_back(three, b"4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        "4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1"
    );

    // Horde's start: White's pawns on rank 1 and no white king, valid.
    let horde = read(Variant::Horde)
        .check(b"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1");
    assert!(horde.is_valid(), "{:?}", horde.diagnostics);
    let position = horde
        .variant_position(CastlingMode::Standard)
        .expect("playable");
    assert_eq!(position.legal_moves().len(), 8);
    // Read as standard chess, the same record is not a position.
    assert!(
        !fenkit::check(
            b"rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
        )
        .is_valid()
    );
}

#[test]
fn a_ninth_rank_is_a_pocket_in_crazyhouse_and_a_fault_elsewhere() {
    // Found by the fuzz target: a piece on a ninth rank once panicked.
    let record = b"1Q~6/3k4/8/8/8/8/8/R3K3/Nn w Q - 1 2";
    for variant in Variant::ALL {
        let checked = read(variant).check(record);
        match variant {
            Variant::Crazyhouse => assert!(checked.is_valid(), "{:?}", checked.diagnostics),
            _ => assert!(!checked.is_valid(), "{variant}"),
        }
    }
}
