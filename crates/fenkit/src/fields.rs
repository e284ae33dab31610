//! A position's fields as a board editor holds them: each square's piece,
//! the pocket, the side, castling, en passant and the squares it may
//! stand on, the clocks; and back, the record edited fields make. The
//! service's `/api/fields` and the npm package's `fields` both answer
//! with these, so that a page keeps no FEN rule of its own.

use shakmaty::{Color, Piece, Setup, Square};

use crate::{WriteOptions, variants::pocket_letters};

/// A position's fields, as a board editor holds them.
///
/// ```
/// use fenkit::fields::Fields;
///
/// let setup = fenkit::parse(b"4k3/8/8/8/8/8/8/R3K3 b Q - 3 40")?.setup;
/// let mut fields = Fields::of(&setup);
/// assert_eq!((fields.board[0].as_deref(), fields.castling.as_str()), (Some("R"), "Q"));
/// fields.board[0] = None;
/// fields.castling.clear();
/// assert_eq!(fields.record().unwrap(), "4k3/8/8/8/8/8/8/4K3 b - - 3 40");
/// # Ok::<_, fenkit::ParseError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "camelCase")
)]
#[cfg_attr(
    feature = "openapi",
    derive(utoipa::ToSchema),
    schema(description = "A position's fields, as a board editor holds them.")
)]
pub struct Fields {
    /// The 64 squares, a1, b1, … h1, a2, … h8: a piece letter (`K`,
    /// `p`…), or null for an empty square.
    pub board: Vec<Option<String>>,
    /// The squares of promoted pieces (Crazyhouse's `~`).
    #[cfg_attr(feature = "serde", serde(default))]
    pub promoted: Vec<String>,
    /// A Crazyhouse pocket's letters, White's first; null outside
    /// Crazyhouse.
    #[cfg_attr(feature = "serde", serde(default))]
    pub pocket: Option<String>,
    /// `w` or `b`.
    pub turn: String,
    /// The castling letters (`KQkq`, or Chess960's file letters); empty
    /// for none. Sent in any order: the FEN written orders them.
    #[cfg_attr(feature = "serde", serde(default))]
    pub castling: String,
    /// The en passant square, or null.
    #[cfg_attr(feature = "serde", serde(default))]
    pub en_passant: Option<String>,
    /// Three-check's checks still to give, `W+B`; null outside
    /// Three-check.
    #[cfg_attr(feature = "serde", serde(default))]
    pub checks: Option<String>,
    pub halfmove: u32,
    pub fullmove: u32,
    /// The squares an en passant square may stand on, by the side to move
    /// (`w`, `b`); given, not read back.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "openapi", schema(read_only))]
    pub en_passant_squares: EnPassantSquares,
    /// The position in words, as a screen reader says it (`fen describe
    /// --style spoken`); given, not read back.
    #[cfg_attr(feature = "serde", serde(default))]
    #[cfg_attr(feature = "openapi", schema(read_only))]
    pub words: String,
}

/// The squares an en passant square may stand on with each side to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct EnPassantSquares {
    pub w: Vec<String>,
    pub b: Vec<String>,
}

impl Fields {
    /// The fields of `setup` (the pocket and the checks of a variant that
    /// has them, which reading set).
    pub fn of(setup: &Setup) -> Fields {
        let write = WriteOptions::default();
        let squares = |turn: Color| crate::ep_squares(turn).map(|s| s.to_string()).collect();
        Fields {
            board: Square::ALL
                .iter()
                .map(|&square| setup.board.piece_at(square).map(|p| p.char().to_string()))
                .collect(),
            promoted: setup.promoted.into_iter().map(|s| s.to_string()).collect(),
            pocket: setup.pockets.as_ref().map(|pockets| {
                Color::ALL
                    .iter()
                    .map(|&color| pocket_letters(pockets, color))
                    .collect()
            }),
            turn: setup.turn.fold_wb("w", "b").to_string(),
            castling: match write.castling(setup) {
                none if none == "-" => String::new(),
                letters => letters,
            },
            en_passant: write.ep_square(setup).map(|s| s.to_string()),
            checks: setup
                .remaining_checks
                .map(|checks| format!("{}+{}", u32::from(checks.white), u32::from(checks.black))),
            halfmove: setup.halfmoves,
            fullmove: setup.fullmoves.get(),
            en_passant_squares: EnPassantSquares {
                w: squares(Color::White),
                b: squares(Color::Black),
            },
            words: crate::description::describe(setup, None, crate::description::Style::Spoken)
                .trim_end()
                .to_owned(),
        }
    }

    /// The record the fields make, for the reader to judge: the placement
    /// written from the squares, the other fields as they are. `Err` says
    /// which field holds no value at all (a square that is not a piece
    /// letter, a promoted square that is not a square, a board that is
    /// not 64 squares); everything else is the reader's to report.
    pub fn record(&self) -> Result<String, String> {
        if self.board.len() != 64 {
            let count = self.board.len();
            return Err(format!("board: {count} squares; a board has 64"));
        }
        let mut setup = Setup::empty();
        for (&square, letter) in Square::ALL.iter().zip(&self.board) {
            let Some(letter) = letter else { continue };
            let mut chars = letter.chars();
            let piece = match (chars.next(), chars.next()) {
                (Some(one), None) => Piece::from_char(one),
                _ => None,
            };
            let piece = piece.ok_or_else(|| {
                let letter = crate::printable(letter);
                format!("board: '{letter}' on {square} is not a piece letter")
            })?;
            setup.board.set_piece_at(square, piece);
        }
        for name in &self.promoted {
            let square: Square = name
                .parse()
                .map_err(|_| format!("promoted: '{}' is not a square", crate::printable(name)))?;
            setup.promoted.add(square);
        }
        let placement = WriteOptions::default().placement(&setup);
        let pocket =
            (self.pocket.as_deref()).map_or(String::new(), |letters| format!("[{letters}]"));
        let castling = match self.castling.as_str() {
            "" => "-",
            letters => letters,
        };
        let en_passant = self.en_passant.as_deref().unwrap_or("-");
        let checks = (self.checks.as_deref()).map_or(String::new(), |checks| format!(" {checks}"));
        Ok(format!(
            "{placement}{pocket} {} {castling} {en_passant}{checks} {} {}",
            self.turn, self.halfmove, self.fullmove
        ))
    }
}
