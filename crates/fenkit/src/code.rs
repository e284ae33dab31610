//! What kind of problem a diagnostic reports ([`Code`], each with a stable
//! name), the question it answers no to ([`Class`]), and how bad it is
//! ([`Severity`]).

use core::fmt;

/// How bad a diagnostic is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(rename_all = "lowercase"))]
pub enum Severity {
    /// The record is rejected.
    Error,
    /// The record is accepted, but something was noticed or repaired.
    Warning,
}

impl Severity {
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

macro_rules! codes {
    ($($(#[doc = $doc:literal])* $variant:ident => $name:literal,)*) => {
        /// What kind of problem a diagnostic reports.
        ///
        /// Each code has a stable kebab-case name ([`Code::as_str`]) that
        /// scripts may match on; the message beside it is for people and may
        /// change.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Code {
            $($(#[doc = $doc])* $variant,)*
            /// A problem of the input around a record that only a front end
            /// meets, by the name the front end gives it (the command's
            /// `line-too-long` and `missing-column`): the front end owns
            /// these codes, the library only carries them. Always of the
            /// malformed class.
            Input(&'static str),
        }

        impl Code {
            /// Every code of the library's own, in declaration order.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The stable kebab-case name of the code.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $name,)*
                    Code::Input(name) => name,
                }
            }

            /// What a problem of this kind is: the code's documentation
            /// (as `docs/codes.md` lists it), its lines joined. A front
            /// end's own code ([`Code::Input`]) has none here.
            ///
            /// ```
            /// use fenkit::Code;
            /// assert_eq!(Code::BadDigit.describe(), "`0` or `9`: runs of empty squares are 1 to 8 long.");
            /// assert_eq!(Code::Input("line-too-long").describe(), "");
            /// ```
            pub fn describe(self) -> String {
                let lines: &[&str] = match self {
                    $(Code::$variant => &[$($doc),*],)*
                    Code::Input(_) => &[],
                };
                lines.iter().map(|line| line.trim()).collect::<Vec<_>>().join(" ")
            }

            /// The library's code with the given kebab-case name.
            pub fn from_name(name: &str) -> Option<Code> {
                match name {
                    $($name => Some(Code::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

codes! {
    // The record as a whole.
    /// Fewer than six fields.
    MissingField => "missing-field",
    /// More than six fields.
    ExtraField => "extra-field",
    /// Fields separated by something other than exactly one space, or blanks
    /// at the start or end of the record.
    BadSeparator => "bad-separator",
    /// A NUL byte.
    NulByte => "nul-byte",
    /// Control bytes (NUL, CR, form feed, vertical tab) after the record's
    /// last field, as old C tools leave them at a line's end.
    ControlAtEnd => "control-at-end",
    /// `startpos`, the UCI name of the standard start, where a record
    /// stands.
    Startpos => "startpos",
    /// Bytes that are not UTF-8.
    InvalidUtf8 => "invalid-utf8",
    /// The record stands inside quotes.
    QuotedRecord => "quoted-record",
    /// The record stands inside what a paste wraps it in: a `FEN:` prefix,
    /// an analysis URL, a PGN `[FEN "…"]` tag, Markdown backticks, a
    /// trailing comment (taken off by lenient reading).
    WrappedRecord => "wrapped-record",

    // Piece placement.
    /// A character that is neither a piece letter, a digit nor `/`.
    BadPieceChar => "bad-piece-char",
    /// `0` or `9`: runs of empty squares are 1 to 8 long.
    BadDigit => "bad-digit",
    /// Two digits in a row, such as `44` for `8`.
    AdjacentDigits => "adjacent-digits",
    /// A rank with more than eight squares.
    RankTooLong => "rank-too-long",
    /// A rank with fewer than eight squares.
    RankTooShort => "rank-too-short",
    /// More than eight ranks.
    TooManyRanks => "too-many-ranks",
    /// Fewer than eight ranks.
    TooFewRanks => "too-few-ranks",

    // Active color.
    /// Not `w` or `b`.
    BadSide => "bad-side",

    // Castling availability.
    /// A character other than `K`, `Q`, `k`, `q` (or a lone `-`).
    BadCastlingChar => "bad-castling-char",
    /// Castling letters not in the order `KQkq`.
    CastlingOrder => "castling-order",
    /// A castling letter written twice.
    CastlingRepeat => "castling-repeat",

    // En passant target square.
    /// Not `-` and not a square name.
    BadEpSquare => "bad-ep-square",
    /// A square on the wrong rank for the side to move.
    EpWrongRank => "ep-wrong-rank",

    // Halfmove clock and fullmove number.
    /// Not a plain decimal number.
    BadNumber => "bad-number",
    /// A number with a leading zero, such as `01`.
    LeadingZero => "leading-zero",
    /// A number larger than 4294967295.
    ClockOverflow => "clock-overflow",
    /// A fullmove number of 0.
    FullmoveZero => "fullmove-zero",

    // Legality: the record is well-formed, but no game reaches it.
    /// A side without a king.
    MissingKing => "missing-king",
    /// A side with more than one king.
    TooManyKings => "too-many-kings",
    /// A pawn on rank 1 or 8.
    PawnOnBackRank => "pawn-on-back-rank",
    /// The side that is not to move is in check.
    OppositeCheck => "opposite-check",
    /// A check that no last move could have given.
    ImpossibleCheck => "impossible-check",
    /// A castling right whose king is not on its original square.
    CastlingNoKing => "castling-no-king",
    /// A castling right whose rook is not on its original square.
    CastlingNoRook => "castling-no-rook",
    /// An en passant square without the pawn that just moved two squares.
    EpNoPawn => "ep-no-pawn",
    /// An en passant square whose square, or the square the pawn came from,
    /// is occupied.
    EpOccupied => "ep-occupied",
    /// More than 16 pieces of one color.
    TooManyPieces => "too-many-pieces",
    /// More than 8 pawns of one color.
    TooManyPawns => "too-many-pawns",
    /// More promoted pieces than missing pawns allow.
    TooManyPromoted => "too-many-promoted",
    /// A non-zero halfmove clock beside an en passant square.
    EpWithHalfmove => "ep-with-halfmove",
    /// An en passant square kept by the `legal` writing policy although
    /// whether its capture is legal cannot be judged: the position cannot
    /// be played from (found by writers, not by the parser; a warning).
    EpUndecided => "ep-undecided",
    /// Two castling rights of one side on the same wing of the king
    /// (Chess960), or a right for a rook beside no king.
    CastlingAmbiguous => "castling-ambiguous",
    /// Pawns on files that need more captures than the enemy has lost.
    PawnCaptures => "pawn-captures",
    /// A bishop that its unmoved pawns never let out, and no promotion to
    /// explain another one.
    TrappedBishop => "trapped-bishop",

    // Plausibility: warnings by default, errors with `Strictness::Plausible`.
    /// A halfmove clock larger than the plies played since move 1.
    HalfmoveExceedsPlies => "halfmove-exceeds-plies",

    // EPD operations.
    /// An opcode that does not start with a letter or holds characters
    /// other than letters, digits and `_`.
    EpdBadOpcode => "epd-bad-opcode",
    /// An operation not ended by `;`.
    EpdMissingSemicolon => "epd-missing-semicolon",
    /// A quoted string without its closing quote.
    EpdUnterminatedString => "epd-unterminated-string",
    /// An operand that does not fit its opcode, such as `hmvc x`.
    EpdBadOperand => "epd-bad-operand",
    /// FEN's halfmove clock and fullmove number after an EPD record's four
    /// fields (`… - 0 1; D1 20`), where EPD writes `hmvc` and `fmvn`.
    EpdFenClocks => "epd-fen-clocks",
    /// A `;` in front of operations (`;D1 20 ;D2 400`), or a blank before
    /// the `;` that ends one (`bm d5 ; id "x";`).
    EpdSemicolonPlacement => "epd-semicolon-placement",
    /// A move of `bm`, `am`, `pm`, `sm` or `pv` that is no legal move of
    /// the position (or of the position the variation has reached).
    EpdIllegalMove => "epd-illegal-move",

    // Moves and games (found when playing moves, not by the parser).
    /// A move that is neither SAN nor UCI.
    BadMove => "bad-move",
    /// A move that no legal move of the position matches.
    IllegalMove => "illegal-move",
    /// A SAN move that several legal moves match.
    AmbiguousMove => "ambiguous-move",
    /// A PGN comment (`{`) that is never closed: the rest of the input is
    /// in it.
    UnterminatedComment => "unterminated-comment",
    /// A `[Variant]` tag naming a variant fenkit does not play (Bughouse,
    /// Shogi…): the game is one diagnostic, not an error at each move.
    UnknownVariant => "unknown-variant",
    /// A game's `[Result]` tag that its last position contradicts: a
    /// checkmate (or a variant's win) not scored as that win, a stalemate
    /// or a dead position not scored as a draw.
    ResultContradicted => "result-contradicted",

    // The fields variants add (read with a variant other than standard).
    /// A Crazyhouse pocket with a letter that is no piece a pocket holds
    /// (kings never are), or a `[` never closed.
    BadPocket => "bad-pocket",
    /// A pocket in a record of a variant without drops.
    PocketNotInVariant => "pocket-not-in-variant",
    /// A `~` (promoted piece) after no piece, or in a variant without
    /// drops.
    BadPromotedMark => "bad-promoted-mark",
    /// A Three-check counter that is not 0 to 3 (`3+3` checks to give,
    /// lichess's `+1+2` checks given).
    BadChecks => "bad-checks",
    /// Three-check counters in a record of another variant.
    ChecksNotInVariant => "checks-not-in-variant",
    /// A position that breaks a rule of its variant's own (shakmaty's
    /// verdict): a pawn in Racing Kings, Three-check counters with no
    /// check left to give, more Crazyhouse pieces than squares.
    VariantRule => "variant-rule",
    /// A position shakmaty will not play from although fenkit named no
    /// broken rule (kept for safety; not expected).
    IllegalPosition => "illegal-position",
    /// In a sequence of positions, one that no legal move of the one
    /// before reaches.
    NotOneMove => "not-one-move",
}

/// Which question a problem answers no to. A record may be read (is it
/// FEN at all?), played from (can a game go on from here?), and traced
/// back (could a game from the standard start have come here?); each code
/// belongs to exactly one of these questions, and [`Strictness`] chooses
/// which of them make a record invalid.
///
/// [`Strictness`]: crate::Strictness
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "openapi",
    derive(utoipa::ToSchema),
    schema(
        rename_all = "lowercase",
        description = "The question a problem answers no to: can the record be read, played \
            from, reached from the standard start, believed."
    )
)]
pub enum Class {
    /// The record breaks the standard's syntax (or the input around it
    /// holds no record where one should be): nothing can be read from it.
    Malformed,
    /// The record reads, but no game can be played from it, or it
    /// contradicts itself: a side without its king, the side not to move
    /// in check, a castling right without its rook. Engines refuse these.
    Illegal,
    /// A game can be played from the position, but no game from the
    /// standard start reaches it: pawns that needed more captures than
    /// were made, a bishop its unmoved pawns never let out. Set-up
    /// positions (perft suites, studies, `[SetUp "1"]` games) are often
    /// of this kind.
    Unreachable,
    /// Reachable, but its counters say something unlikely, such as a
    /// halfmove clock larger than the plies played.
    Implausible,
}

impl Class {
    /// The stable name used in machine-readable output.
    pub const fn as_str(self) -> &'static str {
        match self {
            Class::Malformed => "malformed",
            Class::Illegal => "illegal",
            Class::Unreachable => "unreachable",
            Class::Implausible => "implausible",
        }
    }
}

impl Code {
    /// The question a problem of this kind answers no to.
    pub const fn class(self) -> Class {
        use Code::*;
        match self {
            // What the reader finds: the record, or the input around it,
            // is not FEN as the standard writes it.
            MissingField
            | ExtraField
            | BadSeparator
            | NulByte
            | InvalidUtf8
            | QuotedRecord
            | WrappedRecord
            | BadPieceChar
            | BadDigit
            | AdjacentDigits
            | RankTooLong
            | RankTooShort
            | TooManyRanks
            | TooFewRanks
            | BadSide
            | BadCastlingChar
            | CastlingOrder
            | CastlingRepeat
            | BadEpSquare
            | EpWrongRank
            | BadNumber
            | LeadingZero
            | ClockOverflow
            | FullmoveZero
            | EpdBadOpcode
            | EpdMissingSemicolon
            | EpdUnterminatedString
            | EpdBadOperand
            | EpdFenClocks
            | EpdSemicolonPlacement
            | ControlAtEnd
            | Startpos
            | BadMove
            | AmbiguousMove
            | UnterminatedComment
            | UnknownVariant
            | BadPocket
            | PocketNotInVariant
            | BadPromotedMark
            | BadChecks
            | ChecksNotInVariant
            | Input(_) => Class::Malformed,
            // What stops play or contradicts the record: shakmaty (and any
            // engine) refuses these positions, or the record says two
            // things that cannot both be true (an en passant square beside
            // a non-zero halfmove clock; a castling right without its rook).
            MissingKing | TooManyKings | PawnOnBackRank | OppositeCheck | ImpossibleCheck
            | CastlingNoKing | CastlingNoRook | EpNoPawn | EpOccupied | TooManyPieces
            | TooManyPawns | EpWithHalfmove | EpUndecided | CastlingAmbiguous | IllegalMove
            | IllegalPosition | NotOneMove | EpdIllegalMove | VariantRule => Class::Illegal,
            // Deductions about the game that led here: true of every game
            // from the standard start, false of set-up positions, which
            // engines play all the same.
            TooManyPromoted | PawnCaptures | TrappedBishop => Class::Unreachable,
            HalfmoveExceedsPlies | ResultContradicted => Class::Implausible,
        }
    }

    /// How bad a problem of this kind is by default (with
    /// [`Strictness::Playable`](crate::Strictness::Playable)): an error
    /// when the record cannot be read or played from, a warning when it
    /// only cannot be reached. A repair in lenient reading is a warning
    /// whatever its code.
    pub const fn severity(self) -> Severity {
        crate::Strictness::Playable.severity(self.class())
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
