//! Where a game starts: the standard start (or the caller's), a variant's
//! own, or its `[FEN]` tag's, read as the FEN library reads a record;
//! castling rights that cannot be are dropped with a warning, as
//! python-chess drops them.

use shakmaty::{CastlingMode, Chess, FromSetup};

use fenkit::{
    Code, ReadOptions, Severity,
    variants::{Variant, VariantPosition, variant_name},
};

/// What a game's tags say of how to play it (pgn-reader's `Tags` of
/// [`crate::pgn::Plies`]): its `[FEN]`, its `[Variant]`, and the values
/// kept.
#[derive(Default)]
pub struct Tags {
    pub(crate) fen: Option<Vec<u8>>,
    pub(crate) chess960: bool,
    /// The `[Variant]` tag's variant; the tag as written when it names
    /// none fenkit plays.
    pub(crate) variant: Option<Result<Variant, String>>,
    pub(crate) kept: Vec<Option<String>>,
}

/// Why a game cannot start: the code and message of its error.
pub(crate) type NoStart = (Code, String);

/// Where a game starts, and how: the standard start (or `default`, the
/// caller's), a variant's own, or its `[FEN]` tag's.
pub(crate) struct Start<'a> {
    pub(crate) default: &'a Chess,
    /// Castling rights that cannot be are an error, not dropped.
    pub(crate) strict: bool,
}

impl Start<'_> {
    /// The start position, in the game's variant: the variant's own, or
    /// the `[FEN]` tag's; and what was read against the standard, said
    /// as a warning.
    pub(crate) fn of(&self, tags: &Tags) -> Result<(VariantPosition, Option<String>), NoStart> {
        let variant = match &tags.variant {
            None => Variant::Chess,
            Some(Ok(variant)) => *variant,
            Some(Err(written)) => {
                let message = format!(
                    "the [Variant] tag names '{}', which fenkit does not play (it plays Standard, Chess960, Crazyhouse, Atomic, Antichess, King of the Hill, Three-check, Racing Kings and Horde)",
                    fenkit::printable(written)
                );
                return Err((Code::UnknownVariant, message));
            }
        };
        if variant != Variant::Chess {
            return Ok((Self::variant_start(variant, tags)?, None));
        }
        let (position, warning) = self.standard_start(tags)?;
        Ok((VariantPosition::Chess(position), warning))
    }

    /// The start of a game of a variant: its own, or its `[FEN]` tag's,
    /// read as shakmaty reads a variant's FEN (pockets, promoted pieces,
    /// remaining checks).
    fn variant_start(variant: Variant, tags: &Tags) -> Result<VariantPosition, NoStart> {
        let Some(fen) = &tags.fen else {
            return Ok(VariantPosition::new(variant));
        };
        let mode = match tags.chess960 {
            true => CastlingMode::Chess960,
            false => CastlingMode::Standard,
        };
        let name = variant_name(variant);
        let setup = shakmaty::fen::Fen::from_ascii(fen).map_err(|err| {
            (
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
            (
                Code::IllegalPosition,
                format!("the [FEN] tag's position cannot be played in {name}: {err}"),
            )
        })
    }

    /// The start of a game of standard chess: the standard one (or the one
    /// given by [`Plies::starting_at`]), or the `[FEN]` tag's.
    fn standard_start(&self, tags: &Tags) -> Result<(Chess, Option<String>), NoStart> {
        let Some(fen) = &tags.fen else {
            return Ok((self.default.clone(), None));
        };
        let mode = if tags.chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let read = ReadOptions::default().with_castling(mode);
        let checked = read.check(fen);
        if let Some(position) = checked.position(mode) {
            return Ok((position, None));
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
            let warning = format!(
                "the [FEN] tag: {}; read without the castling rights that cannot be",
                why.join("; ")
            );
            return Ok((position, Some(warning)));
        }
        let first_error = checked
            .diagnostics
            .iter()
            .find(|d| d.severity == Severity::Error);
        Err(match first_error {
            Some(diagnostic) => (
                diagnostic.code,
                format!("the [FEN] tag: {}", diagnostic.message),
            ),
            None if checked.setup.is_none() => {
                (Code::MissingField, "the [FEN] tag is empty".into())
            }
            None => (
                Code::IllegalPosition,
                "the [FEN] tag's position cannot be played from".into(),
            ),
        })
    }
}
