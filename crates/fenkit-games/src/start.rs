//! Where a game starts: the standard start (or the caller's), a variant's
//! own, or its `[FEN]` tag's, read as the FEN library reads a record;
//! castling rights that cannot be are dropped with a warning, as
//! python-chess drops them.

use shakmaty::{CastlingMode, Chess, FromSetup};

use fenkit::{
    Code, ReadOptions, Severity,
    variants::{Variant, VariantPosition, variant_name},
};

use super::pgn::{GameError, GameWarning, Plies};

/// What a game's tags say of how to play it (pgn-reader's `Tags` of
/// [`Plies`]): its `[FEN]`, its `[Variant]`, and the values kept.
#[derive(Default)]
pub struct Tags {
    pub(crate) fen: Option<Vec<u8>>,
    pub(crate) chess960: bool,
    /// The `[Variant]` tag's variant; the tag as written when it names
    /// none fenkit plays.
    pub(crate) variant: Option<Result<Variant, String>>,
    pub(crate) kept: Vec<Option<String>>,
}

impl<F> Plies<F> {
    /// The start position, in the game's variant: the variant's own, or
    /// the `[FEN]` tag's.
    pub(crate) fn start(&mut self, tags: &Tags) -> Result<VariantPosition, GameError> {
        let variant = match &tags.variant {
            None => Variant::Chess,
            Some(Ok(variant)) => *variant,
            Some(Err(written)) => {
                let message = format!(
                    "the [Variant] tag names '{}', which fenkit does not play (it plays Standard, Chess960, Crazyhouse, Atomic, Antichess, King of the Hill, Three-check, Racing Kings and Horde)",
                    fenkit::printable(written)
                );
                return Err(self.error(None, Code::UnknownVariant, message));
            }
        };
        if variant != Variant::Chess {
            return self.variant_start(variant, tags);
        }
        self.standard_start(tags).map(VariantPosition::Chess)
    }

    /// The start of a game of a variant: its own, or its `[FEN]` tag's,
    /// read as shakmaty reads a variant's FEN (pockets, promoted pieces,
    /// remaining checks).
    fn variant_start(&self, variant: Variant, tags: &Tags) -> Result<VariantPosition, GameError> {
        let Some(fen) = &tags.fen else {
            return Ok(VariantPosition::new(variant));
        };
        let mode = match tags.chess960 {
            true => CastlingMode::Chess960,
            false => CastlingMode::Standard,
        };
        let name = variant_name(variant);
        let setup = shakmaty::fen::Fen::from_ascii(fen).map_err(|err| {
            self.error(
                None,
                Code::IllegalPosition,
                format!("the [FEN] tag is not a FEN of {name}: {err}"),
            )
        })?;
        let position = match VariantPosition::from_setup(variant, setup.into_setup(), mode) {
            Ok(position) => Ok(position),
            // Castling rights whose king or rook is elsewhere dropped, as
            // python-chess reads them.
            Err(error) => error.ignore_invalid_castling_rights(),
        };
        position.map_err(|err| {
            self.error(
                None,
                Code::IllegalPosition,
                format!("the [FEN] tag's position cannot be played in {name}: {err}"),
            )
        })
    }

    /// The start of a game of standard chess: the standard one (or the one
    /// given by [`Plies::starting_at`]), or the `[FEN]` tag's.
    fn standard_start(&mut self, tags: &Tags) -> Result<Chess, GameError> {
        let Some(fen) = &tags.fen else {
            return Ok(self.start.clone());
        };
        let mode = if tags.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let read = ReadOptions::default().with_castling(mode);
        let checked = read.check(fen);
        if let Some(position) = checked.position(mode) {
            return Ok(position);
        }
        // Castling rights whose king or rook is elsewhere, and nothing
        // else wrong: read without them, as python-chess does.
        let errors: Vec<_> = checked
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        if !self.strict
            && !errors.is_empty()
            && errors
                .iter()
                .all(|d| matches!(d.code, Code::CastlingNoRook | Code::CastlingNoKing))
            && let Some(setup) = &checked.setup
            && let Err(error) = Chess::from_setup(setup.clone(), mode)
            && let Ok(position) = error.ignore_invalid_castling_rights()
        {
            let why: Vec<&str> = errors.iter().map(|d| d.message.as_str()).collect();
            self.warnings.push(GameWarning {
                game: self.games,
                ply: None,
                message: format!(
                    "the [FEN] tag: {}; read without the castling rights that cannot be",
                    why.join("; ")
                ),
            });
            return Ok(position);
        }
        let first_error = checked
            .diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error);
        Err(match first_error {
            Some(diagnostic) => self.error(
                None,
                diagnostic.code,
                format!("the [FEN] tag: {}", diagnostic.message),
            ),
            None if checked.setup.is_none() => {
                self.error(None, Code::MissingField, "the [FEN] tag is empty".into())
            }
            None => self.error(
                None,
                Code::IllegalPosition,
                "the [FEN] tag's position cannot be played from".into(),
            ),
        })
    }
}
