//! How records are read and written: the dialect of castling letters, the
//! record format, lenient repair, which rules count, and which en passant
//! square to write.

use shakmaty::{CastlingMode, EnPassantMode, variant::Variant};

use crate::{Class, Severity};

mod words;

pub use words::{Choice, OPTION_NAMES, OptionWord, UnknownWord};

/// The shape of a record.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Format {
    /// Six fields.
    #[default]
    Fen,
    /// Four position fields, then operations ended by `;`.
    Epd,
    /// By the record's shape: EPD when it holds a `;`, has exactly the
    /// four position fields, or an EPD opcode follows its four fields (or
    /// FEN's two clocks and then an opcode: `… - 0 1 bm e4`); FEN
    /// otherwise.
    Auto,
}

impl Format {
    /// The format a file's name says, if it says one: EPD for `.epd`
    /// files, compressed or not. A front end reads each line of such a
    /// file as one record (EPD operations may hold `/` and blanks), each
    /// still read by its shape: a plain six-field FEN in an EPD file is
    /// FEN.
    ///
    /// ```
    /// use fenkit::Format;
    ///
    /// assert_eq!(Format::of_file_name("suites/WAC.epd"), Some(Format::Epd));
    /// assert_eq!(Format::of_file_name("book.EPD.zst"), Some(Format::Epd));
    /// assert_eq!(Format::of_file_name("positions.fen"), None);
    /// ```
    pub fn of_file_name(name: &str) -> Option<Format> {
        let name = name.to_ascii_lowercase();
        let name = [".gz", ".zst", ".bz2", ".xz"]
            .iter()
            .find_map(|suffix| name.strip_suffix(suffix))
            .unwrap_or(&name);
        name.ends_with(".epd").then_some(Format::Epd)
    }
}

/// Which classes of problems make a record invalid; the others are
/// warnings.
///
/// ```
/// use fenkit::{ReadOptions, Strictness};
///
/// // Position 4 of the standard perft suite: played by every engine, but
/// // White's pawns took more pieces than Black has lost.
/// let perft4 = b"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
/// let checked = fenkit::check(perft4);
/// assert!(checked.is_valid());
/// assert_eq!(checked.diagnostics[0].code.as_str(), "pawn-captures");
///
/// let reachable = ReadOptions::default().with_strictness(Strictness::Reachable);
/// assert!(!reachable.check(perft4).is_valid());
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strictness {
    /// A game can be played from the record: malformed and illegal
    /// records are invalid; what no game from the standard start reaches
    /// is a warning.
    #[default]
    Playable,
    /// Also reachable from the standard start: unreachable positions are
    /// invalid too.
    Reachable,
    /// Also plausible: counters that say something unlikely (a halfmove
    /// clock beyond the plies played) are invalid too.
    Plausible,
}

impl Strictness {
    /// The severity of a problem of `class` under this strictness.
    pub const fn severity(self, class: Class) -> Severity {
        let error = match class {
            Class::Malformed | Class::Illegal => true,
            Class::Unreachable => !matches!(self, Strictness::Playable),
            Class::Implausible => matches!(self, Strictness::Plausible),
        };
        if error {
            Severity::Error
        } else {
            Severity::Warning
        }
    }
}

/// How records are read.
///
/// ```
/// use fenkit::ReadOptions;
/// use shakmaty::CastlingMode;
///
/// // Shredder-FEN castling rights, read as Chess960.
/// let chess960 = ReadOptions::default().with_castling(CastlingMode::Chess960);
/// let record = b"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
/// assert!(chess960.check(record).is_valid());
/// assert!(!fenkit::check(record).is_valid());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ReadOptions {
    /// `Standard`: castling letters are `KQkq`, for rooks on the corners.
    /// `Chess960`: X-FEN (`KQkq` for the outermost rooks, file letters for
    /// inner ones) and Shredder-FEN (file letters only) as well.
    pub castling: CastlingMode,
    pub format: Format,
    /// Repair what people paste (missing counters, look-alike dashes,
    /// quotes, odd separators…), each repair reported as a warning.
    pub lenient: bool,
    pub strictness: Strictness,
    /// The variant whose rules and FEN fields apply: standard chess, or
    /// one of lichess's (a Crazyhouse pocket, Three-check's counters; see
    /// [`variants`](crate::variants)).
    pub variant: Variant,
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions {
            castling: CastlingMode::Standard,
            format: Format::Fen,
            lenient: false,
            strictness: Strictness::Playable,
            variant: Variant::Chess,
        }
    }
}

/// Options built from the defaults one choice at a time, so that a field
/// added later (as `variant` was) breaks no caller:
///
/// ```
/// use fenkit::{Format, ReadOptions, Strictness};
///
/// let read = ReadOptions::default().with_format(Format::Auto).with_lenient(true);
/// assert!(read.lenient && read.strictness == Strictness::Playable);
/// ```
impl ReadOptions {
    /// These options with the castling mode: standard, or Chess960.
    pub const fn with_castling(self, castling: CastlingMode) -> ReadOptions {
        ReadOptions { castling, ..self }
    }

    /// These options with the format read: FEN, EPD, or told by its shape.
    pub const fn with_format(self, format: Format) -> ReadOptions {
        ReadOptions { format, ..self }
    }

    /// These options with lenient reading on or off.
    pub const fn with_lenient(self, lenient: bool) -> ReadOptions {
        ReadOptions { lenient, ..self }
    }

    /// These options with the classes of problem that make a record invalid.
    pub const fn with_strictness(self, strictness: Strictness) -> ReadOptions {
        ReadOptions { strictness, ..self }
    }

    /// These options with the variant read.
    pub const fn with_variant(self, variant: Variant) -> ReadOptions {
        ReadOptions { variant, ..self }
    }
}

/// How castling rights are written. Whatever the notation, what is
/// written reads back as the same rights.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CastlingNotation {
    /// Standard FEN, `KQkq`, when every right is a corner rook's; X-FEN
    /// when any is not (a Chess960 setup).
    #[default]
    Standard,
    /// X-FEN: `KQkq` for the outermost rook of a wing (the rook an X-FEN
    /// reader finds for the letter), file letters for the others.
    XFen,
    /// File letters only, such as `HAha`.
    Shredder,
}

/// How records are written.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct WriteOptions {
    pub castling: CastlingNotation,
    /// Which en passant square to write: `Always` (the standard: whenever
    /// the last move was a double push), `PseudoLegal` (only when a pawn
    /// stands ready to capture), `Legal` (only when a legal capture exists).
    pub ep: EnPassantMode,
}

impl Default for WriteOptions {
    fn default() -> WriteOptions {
        WriteOptions {
            castling: CastlingNotation::Standard,
            ep: EnPassantMode::Always,
        }
    }
}

/// Built as [`ReadOptions`] is:
///
/// ```
/// use fenkit::{CastlingNotation, WriteOptions};
/// use shakmaty::EnPassantMode;
///
/// let write = WriteOptions::default().with_ep(EnPassantMode::Legal);
/// assert_eq!(write.castling, CastlingNotation::Standard);
/// ```
impl WriteOptions {
    /// These options with the castling notation written.
    pub const fn with_castling(self, castling: CastlingNotation) -> WriteOptions {
        WriteOptions { castling, ..self }
    }

    /// These options with the en passant policy: which square to write.
    pub const fn with_ep(self, ep: EnPassantMode) -> WriteOptions {
        WriteOptions { ep, ..self }
    }
}

/// How a front end reads records and writes them back, as one value: what
/// the column functions take, and what option words set
/// ([`Options::from_words`], [`Options::set`]). Records are read by their
/// shape (`Format::Auto`), as every front end reads them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    pub read: ReadOptions,
    pub write: WriteOptions,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            read: ReadOptions {
                format: Format::Auto,
                ..ReadOptions::default()
            },
            write: WriteOptions::default(),
        }
    }
}
