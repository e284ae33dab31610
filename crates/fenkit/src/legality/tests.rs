use super::*;
use crate::parse;

fn located(record: &str) -> Vec<(Code, Span)> {
    let parsed = parse(record.as_bytes()).expect("well-formed");
    violations(&parsed.setup, CastlingMode::Standard)
        .iter()
        .map(|v| {
            let d = v.locate(record.as_bytes(), &parsed.fields);
            (d.code, d.span)
        })
        .collect()
}

#[test]
fn castling_problems_point_at_their_letter() {
    // The black rook of a8 is missing: the 'q' is byte 28.
    assert_eq!(
        located("1nbqkbnr/8/8/8/8/8/8/4K3 w kq - 0 1"),
        [(Code::CastlingNoRook, Span::new(28, 29))]
    );
}

#[test]
fn placement_problems_point_at_the_square() {
    // Two white kings: the first, e1, is the 'K' at byte 17.
    assert_eq!(
        located("4k3/8/8/8/8/8/8/4K1K1 w - - 0 1"),
        [(Code::TooManyKings, Span::new(17, 18))]
    );
    // A missing king has no square: the whole placement.
    assert_eq!(
        located("4k3/8/8/8/8/8/8/8 w - - 0 1"),
        [(Code::MissingKing, Span::new(0, 17))]
    );
}

#[test]
fn ep_problems_point_at_the_field_and_the_clock() {
    assert_eq!(
        located("4k3/8/8/8/8/8/8/4K3 b - e3 7 9"),
        [
            (Code::EpNoPawn, Span::new(24, 26)),
            (Code::EpWithHalfmove, Span::new(27, 28))
        ]
    );
}

#[test]
fn setups_from_elsewhere_are_checked_too() {
    // A Setup that no strict record gives: en passant on the wrong rank,
    // and a castling right for a rook that is not on a corner.
    let mut setup = Setup::initial();
    setup.ep_square = Some(Square::E4);
    setup.castling_rights = Bitboard::from(Square::B1);
    let codes: Vec<Code> = violations(&setup, CastlingMode::Standard)
        .iter()
        .map(|v| v.code)
        .collect();
    assert_eq!(codes, [Code::CastlingNoRook, Code::EpWrongRank]);
}

#[test]
fn promoted_material_is_counted_by_bishop_color() {
    // Two bishops on light squares beside eight pawns: one must be promoted.
    let record = "4k3/8/8/8/8/1B1B4/PPPPPPPP/4K3 w - - 0 1";
    let parsed = parse(record.as_bytes()).unwrap();
    let found = violations(&parsed.setup, CastlingMode::Standard);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].code, Code::TooManyPromoted);
    assert!(
        found[0]
            .message
            .starts_with("White has 2 bishops on light squares"),
        "{}",
        found[0].message
    );
    // On different colors they are the starting pair.
    assert!(
        violations(
            &parse(b"4k3/8/8/8/3PP3/1BB5/PPP2PPP/4K3 w - - 0 1")
                .unwrap()
                .setup,
            CastlingMode::Standard
        )
        .is_empty()
    );
}

#[test]
fn a_discovered_check_by_a_double_push_is_possible() {
    // Black just played d7-d5 and the pawn itself gives the check.
    let record = "8/8/8/3p4/4K3/8/8/7k w - d6 0 1";
    assert!(located(record).is_empty(), "{:?}", located(record));
    // A check by a rook the push cannot have uncovered is impossible.
    assert_eq!(
        located("8/8/8/3p4/8/8/8/r3K2k w - d6 0 1")[0].0,
        Code::ImpossibleCheck
    );
}
