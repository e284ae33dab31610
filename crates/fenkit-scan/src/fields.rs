//! The record's fields a picture cannot show (side to move, castling,
//! en passant): given by the caller, read from a highlighted last move,
//! or assumed; each one not given is an [`Assumption`] that says why.

use shakmaty::{Bitboard, Board, ByColor, Color, Rank, Setup, Square};

use crate::Given;

/// A field of the record the picture could not show, and what was put
/// there instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assumption {
    /// `side`, `castling` or `en_passant`.
    pub field: &'static str,
    /// The value written, as FEN writes it.
    pub value: String,
    /// Why that value, in words.
    pub why: String,
}

/// The record's other fields: given, else read from a last move's
/// highlight (the side to move), else assumed; said so either way.
pub(crate) fn fields(
    board: Board,
    given: &Given,
    last_move: Option<((Square, Square), Color)>,
) -> (Setup, Vec<Assumption>) {
    let mut assumptions = Vec::new();
    let turn = given.side.unwrap_or_else(|| {
        let (turn, why) = match last_move {
            Some(((from, to), moved)) => (
                !moved,
                format!(
                    "the highlighted last move {from}-{to} was {}'s: {} to move (--side says it)",
                    side_name(moved),
                    side_name(!moved)
                ),
            ),
            None => (
                Color::White,
                "a picture does not show whose move it is: White assumed (--side says it)".into(),
            ),
        };
        assumptions.push(Assumption {
            field: "side",
            value: turn.fold_wb("w", "b").into(),
            why,
        });
        turn
    });
    let castling_rights = given.castling.unwrap_or_else(|| {
        let mut rooks = Bitboard::EMPTY;
        for (king, rook, color) in [
            (Square::E1, Square::H1, Color::White),
            (Square::E1, Square::A1, Color::White),
            (Square::E8, Square::H8, Color::Black),
            (Square::E8, Square::A8, Color::Black),
        ] {
            if board.piece_at(king) == Some(color.king())
                && board.piece_at(rook) == Some(color.rook())
            {
                rooks.add(rook);
            }
        }
        let letters = castling_letters(rooks);
        assumptions.push(Assumption {
            field: "castling",
            value: letters.clone(),
            why: if rooks.is_empty() {
                "no king and rook stand at home: no castling (--castling says it)".into()
            } else {
                format!("{letters} assumed where king and rook stand at home (--castling says it)")
            },
        });
        rooks
    });
    let ep_square = given.en_passant.unwrap_or_else(|| {
        // The standard's en passant square follows every double step.
        let double_step = last_move.and_then(|((from, to), moved)| {
            let home = moved.fold_wb(Rank::Second, Rank::Seventh);
            let pawn_there = board.piece_at(to) == Some(moved.pawn());
            let passed = Square::from_coords(from.file(), moved.fold_wb(Rank::Third, Rank::Sixth));
            let two_ahead = moved.fold_wb(Rank::Fourth, Rank::Fifth);
            (pawn_there && from.file() == to.file() && from.rank() == home && to.rank() == two_ahead)
                .then_some(((from, to), passed))
        });
        let (square, why) = match double_step {
            Some(((from, to), passed)) => (
                Some(passed),
                format!("the highlighted last move {from}-{to} was a pawn's double step: {passed} (--ep says it)"),
            ),
            None => match last_move {
                Some(((from, to), _)) => (
                    None,
                    format!("the highlighted last move {from}-{to} was no pawn's double step: no en passant square (--ep says it)"),
                ),
                None => (
                    None,
                    "a picture does not show the last move: no en passant square (--ep says it)".into(),
                ),
            },
        };
        assumptions.push(Assumption {
            field: "en_passant",
            value: square.map_or_else(|| "-".to_string(), |square| square.to_string()),
            why,
        });
        square
    });
    let setup = Setup {
        board,
        promoted: Bitboard::EMPTY,
        pockets: None,
        turn,
        castling_rights,
        ep_square,
        remaining_checks: None::<ByColor<shakmaty::RemainingChecks>>,
        halfmoves: 0,
        fullmoves: std::num::NonZeroU32::MIN,
    };
    (setup, assumptions)
}

fn side_name(color: Color) -> &'static str {
    color.fold_wb("White", "Black")
}

fn castling_letters(rooks: Bitboard) -> String {
    let letters: String = [
        ('K', Square::H1),
        ('Q', Square::A1),
        ('k', Square::H8),
        ('q', Square::A8),
    ]
    .into_iter()
    .filter(|(_, rook)| rooks.contains(*rook))
    .map(|(letter, _)| letter)
    .collect();
    if letters.is_empty() {
        "-".into()
    } else {
        letters
    }
}
