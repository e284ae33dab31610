//! Properties over random positions and random bytes.

use std::num::NonZeroU32;

use fenkit::{CastlingNotation, Code, ReadOptions, WriteOptions};
use proptest::prelude::*;
use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, FromSetup, Piece, Position, Rank, Role, Setup, Square,
};

fn piece() -> impl Strategy<Value = Piece> {
    (0..6usize, any::<bool>()).prop_map(|(role, white)| Piece {
        role: Role::ALL[role],
        color: Color::from_white(white),
    })
}

/// Any board, any counters: not necessarily legal, always writable.
fn setup(density: f64) -> impl Strategy<Value = Setup> {
    (
        prop::collection::vec(prop::option::weighted(density, piece()), 64),
        any::<bool>(),
        0..16u8,
        prop::option::of(0..8u32),
        any::<u32>(),
        1..=u32::MAX,
    )
        .prop_map(
            |(squares, white, castling, ep_file, halfmoves, fullmoves)| {
                let mut setup = Setup::empty();
                for (index, piece) in squares.into_iter().enumerate() {
                    if let Some(piece) = piece {
                        setup.board.set_piece_at(Square::new(index as u32), piece);
                    }
                }
                setup.turn = Color::from_white(white);
                for (bit, rook) in [Square::H1, Square::A1, Square::H8, Square::A8]
                    .into_iter()
                    .enumerate()
                {
                    if castling & (1 << bit) != 0 {
                        setup.castling_rights.add(rook);
                    }
                }
                setup.ep_square = ep_file.map(|file| {
                    Square::from_coords(
                        shakmaty::File::new(file),
                        setup.turn.relative_rank(Rank::Sixth),
                    )
                });
                setup.halfmoves = halfmoves;
                setup.fullmoves = NonZeroU32::new(fullmoves).unwrap_or(NonZeroU32::MIN);
                setup
            },
        )
}

/// Setups that are mostly close to legal: both kings, a few pieces, and
/// usually only the castling rights and pawns the board allows, so that the
/// rarer rules (checks, en passant) decide many cases.
fn near_legal_setup() -> impl Strategy<Value = Setup> {
    (setup(0.08), 0..64u32, 0..64u32, any::<u8>()).prop_map(
        |(mut setup, white_king, black_king, repairs)| {
            let kings = setup.board.kings();
            for square in kings {
                setup.board.discard_piece_at(square);
            }
            setup
                .board
                .set_piece_at(Square::new(white_king), Color::White.king());
            setup
                .board
                .set_piece_at(Square::new(black_king), Color::Black.king());
            if repairs & 3 != 0 {
                for square in setup.board.pawns() & Bitboard::BACKRANKS {
                    setup.board.discard_piece_at(square);
                }
            }
            if repairs & 12 != 0 {
                for rook in setup.castling_rights {
                    let color = Color::from_white(rook.rank() == Rank::First);
                    let king = Square::from_coords(shakmaty::File::E, rook.rank());
                    if setup.board.piece_at(rook) != Some(color.rook())
                        || setup.board.piece_at(king) != Some(color.king())
                    {
                        setup.castling_rights.discard(rook);
                    }
                }
            }
            if let (Some(ep), true) = (setup.ep_square, repairs & 48 != 0) {
                let to = Square::from_coords(ep.file(), setup.turn.relative_rank(Rank::Fifth));
                let from = Square::from_coords(ep.file(), setup.turn.relative_rank(Rank::Seventh));
                if !setup.board.kings().contains(to) {
                    setup.board.set_piece_at(to, (!setup.turn).pawn());
                }
                for square in [ep, from] {
                    if !setup.board.kings().contains(square) {
                        setup.board.discard_piece_at(square);
                    }
                }
            }
            if setup.ep_square.is_some() {
                setup.halfmoves = 0;
            }
            setup
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn written_setups_parse_back_to_themselves(setup in setup(0.3)) {
        let fen = fenkit::Fen::from(setup.clone()).to_string();
        let parsed = fenkit::parse(fen.as_bytes());
        prop_assert!(parsed.is_ok(), "{fen}: {:?}", parsed.err());
        let parsed = parsed.unwrap();
        prop_assert_eq!(&parsed.setup, &setup);
        prop_assert_eq!(fenkit::Fen::from(parsed.setup.clone()).to_string(), fen);
    }

    #[test]
    fn accepted_bytes_are_canonical_and_nothing_panics(bytes in prop::collection::vec(any::<u8>(), 0..120)) {
        check_any_record(&bytes)?;
    }

    #[test]
    fn mutated_records_are_diagnosed_in_bounds(
        setup in setup(0.3),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0..3u8, any::<u8>()), 1..4),
    ) {
        let mut bytes = fenkit::Fen::from(setup.clone()).to_string().into_bytes();
        for (at, kind, byte) in edits {
            let at = at.index(bytes.len() + 1);
            // Mostly FEN's own alphabet, so the edits reach deep into the parser.
            let byte = b"pnbrqkPNBRQK12345678/ wb-KQkq0e36"[usize::from(byte) % 32];
            match kind {
                0 if at < bytes.len() => { bytes.remove(at); }
                1 if at < bytes.len() => bytes[at] = byte,
                _ => bytes.insert(at, byte),
            }
        }
        check_any_record(&bytes)?;
    }

    #[test]
    fn castling_rights_read_back_the_same_in_every_notation(
        setup in setup(0.3),
        rights in any::<u64>(),
    ) {
        // Any rights on the back ranks, legal or not: a writer that names
        // another rook than the right's would change the record's meaning.
        let mut setup = setup;
        setup.castling_rights = Bitboard(rights) & Bitboard::BACKRANKS;
        let corners_only = (setup.castling_rights & !Bitboard::CORNERS).is_empty();
        for notation in [CastlingNotation::Standard, CastlingNotation::XFen, CastlingNotation::Shredder] {
            let fen = WriteOptions::default().with_castling(notation).fen(&setup);
            // Standard FEN is read as such; the rest as Chess960.
            let castling = match notation == CastlingNotation::Standard && corners_only {
                true => CastlingMode::Standard,
                false => CastlingMode::Chess960,
            };
            let read = ReadOptions::default().with_castling(castling);
            let parsed = read.parse(fen.as_bytes());
            prop_assert!(parsed.is_ok(), "{fen} ({notation:?}): {parsed:?}");
            let read_back = parsed.unwrap().setup.castling_rights;
            prop_assert_eq!(read_back, setup.castling_rights, "{} ({:?})", fen, notation);
        }
    }

    #[test]
    fn the_quick_path_of_unplayable_finds_what_the_rules_find(setup in near_legal_setup()) {
        let quick = fenkit::legality::unplayable(&setup, CastlingMode::Standard);
        let rules: Vec<Code> = fenkit::violations(&setup, CastlingMode::Standard)
            .iter()
            .filter(|v| v.code.class() == fenkit::Class::Illegal)
            .map(|v| v.code)
            .collect();
        let quick: Vec<Code> = quick.iter().map(|v| v.code).collect();
        prop_assert_eq!(quick, rules, "{}", fenkit::Fen::from(setup.clone()).to_string());
    }

    #[test]
    fn the_quick_answers_say_yes_only_where_the_full_rules_find_nothing(setup in near_legal_setup()) {
        for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
            let full = fenkit::legality::violations_in_full(&setup, mode);
            let fen = fenkit::Fen::from(setup.clone()).to_string();
            if fenkit::legality::surely_valid(&setup, mode) {
                prop_assert!(full.is_empty(), "{} ({:?}): {:?}", fen, mode, full);
            }
            if fenkit::legality::surely_playable(&setup, mode) {
                let illegal: Vec<Code> = full
                    .iter()
                    .filter(|v| v.code.class() == fenkit::Class::Illegal)
                    .map(|v| v.code)
                    .collect();
                prop_assert!(illegal.is_empty(), "{} ({:?}): {:?}", fen, mode, illegal);
            }
            prop_assert_eq!(fenkit::violations(&setup, mode), full);
        }
    }

    #[test]
    fn king_steps_and_can_move_agree_with_shakmatys_legal_moves(setup in near_legal_setup()) {
        let position = match Chess::from_setup(setup, CastlingMode::Standard) {
            Ok(position) => Some(position),
            Err(err) => err.ignore_too_much_material().ok(),
        };
        if let Some(position) = position {
            let fen = fenkit::Fen::from_position(&position).to_string();
            let legal = position.legal_moves();
            let steps: Bitboard = legal
                .iter()
                .filter(|m| m.role() == Role::King && !m.is_castle())
                .map(|m| m.to())
                .collect();
            prop_assert_eq!(fenkit::king_steps(&position), steps, "{}", fen);
            prop_assert_eq!(fenkit::can_move(&position), !legal.is_empty(), "{}", fen);
            // The status of a valid record, found without the position
            // where a step or a free piece's move answers, is shakmaty's.
            let checked = fenkit::check(fen.as_bytes());
            if let (Some(setup), true) = (&checked.setup, fenkit::no_errors(&checked.diagnostics)) {
                let theirs = match (position.is_check(), legal.is_empty()) {
                    (true, true) => fenkit::CheckStatus::Checkmate,
                    (true, false) => fenkit::CheckStatus::Check,
                    (false, true) => fenkit::CheckStatus::Stalemate,
                    (false, false) => fenkit::CheckStatus::None,
                };
                let ours = fenkit::CheckStatus::of_setup(setup, CastlingMode::Standard);
                prop_assert_eq!(ours, Some(theirs), "{}", fen);
            }
        }
    }

    #[test]
    fn playable_agrees_with_shakmaty(setup in near_legal_setup()) {
        let ours: Vec<Code> = shakmaty_rules(&setup);
        // The material rule is fenkit's to judge: more promoted pieces
        // than missing pawns is unreachable, not unplayable.
        let theirs = match Chess::from_setup(setup.clone(), CastlingMode::Standard) {
            Ok(_) => Ok(()),
            Err(err) => err.ignore_too_much_material().map(|_| ()),
        };
        prop_assert_eq!(
            ours.is_empty(),
            theirs.is_ok(),
            "{}: ours {:?}, shakmaty {:?}",
            fenkit::Fen::from(setup.clone()).to_string(),
            ours,
            theirs.err().map(|e| e.kinds())
        );
    }
}

/// What makes a record unplayable by fenkit's default strictness (its
/// errors), less the record's self-contradictions that shakmaty does not
/// judge: more than 16 pieces or 8 pawns of a side (shakmaty's "too much
/// material", which also covers what fenkit calls unreachable), and an en
/// passant square beside a non-zero halfmove clock. What is left is
/// exactly what shakmaty refuses to play from.
fn shakmaty_rules(setup: &Setup) -> Vec<Code> {
    fenkit::violations(setup, CastlingMode::Standard)
        .iter()
        .map(|v| v.code)
        .filter(|&code| {
            code.severity() == fenkit::Severity::Error
                && !matches!(
                    code,
                    Code::TooManyPieces | Code::TooManyPawns | Code::EpWithHalfmove
                )
        })
        .collect()
}

fn check_any_record(bytes: &[u8]) -> Result<(), TestCaseError> {
    let checked = fenkit::check(bytes);
    for d in &checked.diagnostics {
        prop_assert!(
            d.span.start <= d.span.end && d.span.end <= bytes.len(),
            "{d:?}"
        );
    }
    if let Ok(parsed) = fenkit::parse(bytes) {
        // The strict grammar has one spelling per setup.
        let written = fenkit::Fen::from(parsed.setup.clone()).to_string();
        prop_assert_eq!(written.as_bytes(), bytes);
        prop_assert!(checked.setup.is_some());
    } else {
        prop_assert!(!checked.is_valid());
        prop_assert!(checked.setup.is_none());
    }
    Ok(())
}

#[test]
fn legality_finds_the_corner_cases_shakmaty_does() {
    // Sanity of the generator's target: a legal and an illegal sample.
    let legal = fenkit::parse(b"4k3/8/8/8/8/8/8/4K3 w - - 0 1")
        .unwrap()
        .setup;
    assert!(fenkit::violations(&legal, CastlingMode::Standard).is_empty());
    let mut illegal = legal.clone();
    illegal.castling_rights = Bitboard::from(Square::H1);
    assert!(!fenkit::violations(&illegal, CastlingMode::Standard).is_empty());
    assert!(Chess::from_setup(illegal, CastlingMode::Standard).is_err());
}

#[test]
fn near_legal_setups_are_often_legal_and_often_not() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = near_legal_setup();
    let mut legal = 0;
    let mut surely = 0;
    let mut codes = std::collections::HashSet::new();
    for _ in 0..2000 {
        let setup = strategy.new_tree(&mut runner).unwrap().current();
        let violations = shakmaty_rules(&setup);
        legal += usize::from(violations.is_empty());
        surely += usize::from(fenkit::legality::surely_valid(
            &setup,
            CastlingMode::Standard,
        ));
        codes.extend(violations);
    }
    // Otherwise the agreement with shakmaty would be tested on one side only.
    assert!((400..1600).contains(&legal), "{legal} of 2000 legal");
    // And the quick answers must say yes often enough to be tested.
    assert!(
        (200..legal).contains(&surely),
        "{surely} of {legal} legal surely valid"
    );
    for code in [
        Code::ImpossibleCheck,
        Code::OppositeCheck,
        Code::EpNoPawn,
        Code::CastlingNoRook,
        Code::PawnOnBackRank,
    ] {
        assert!(codes.contains(&code), "{code} never raised");
    }
}
