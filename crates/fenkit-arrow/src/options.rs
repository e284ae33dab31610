//! Options as words, for callers that pass text (SQL engines): `lenient`,
//! `chess960`, `auto` / `fen` / `epd` (the records' format), `playable` / `reachable` / `plausible`, and for functions
//! that write FEN `ep=always|pseudo-legal|legal` and
//! `castling=standard|x-fen|shredder`, separated by commas or spaces.

use fenkit::{CastlingNotation, ReadOptions, Strictness, WriteOptions};
use shakmaty::{CastlingMode, EnPassantMode};

/// How records are read and written. Records are read by their shape
/// (`auto`: EPD for four fields or operations, FEN otherwise), as the
/// command reads them; `fen` and `epd` insist on one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    pub read: ReadOptions,
    pub write: WriteOptions,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            read: ReadOptions {
                format: fenkit::Format::Auto,
                ..ReadOptions::default()
            },
            write: WriteOptions::default(),
        }
    }
}

impl Options {
    /// Reads `words`, or says which word is unknown and what would do.
    ///
    /// ```
    /// use fenkit_arrow::Options;
    ///
    /// let options = Options::from_words("lenient, reachable ep=legal")?;
    /// assert!(options.read.lenient);
    /// assert_eq!(options.read.strictness, fenkit::Strictness::Reachable);
    /// assert_eq!(options.write.ep, shakmaty::EnPassantMode::Legal);
    /// assert!(Options::from_words("lenent").unwrap_err().contains("lenient"));
    /// # Ok::<_, String>(())
    /// ```
    pub fn from_words(words: &str) -> Result<Options, String> {
        let mut options = Options::default();
        for word in words
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
        {
            let word = word.to_ascii_lowercase();
            let read = &mut options.read;
            let write = &mut options.write;
            match word.as_str() {
                "lenient" => read.lenient = true,
                "strict" => read.lenient = false,
                "chess960" => read.castling = CastlingMode::Chess960,
                "auto" => read.format = fenkit::Format::Auto,
                "fen" => read.format = fenkit::Format::Fen,
                "epd" => read.format = fenkit::Format::Epd,
                "playable" => read.strictness = Strictness::Playable,
                "reachable" => read.strictness = Strictness::Reachable,
                "plausible" => read.strictness = Strictness::Plausible,
                "ep=always" => write.ep = EnPassantMode::Always,
                "ep=pseudo-legal" => write.ep = EnPassantMode::PseudoLegal,
                "ep=legal" => write.ep = EnPassantMode::Legal,
                "castling=standard" => write.castling = CastlingNotation::Standard,
                "castling=x-fen" => write.castling = CastlingNotation::XFen,
                "castling=shredder" => write.castling = CastlingNotation::Shredder,
                _ => {
                    return Err(format!(
                        "unknown option '{word}'; options are lenient, chess960, auto, fen, epd, playable, reachable, plausible, ep=always|pseudo-legal|legal, castling=standard|x-fen|shredder"
                    ));
                }
            }
        }
        Ok(options)
    }
}
