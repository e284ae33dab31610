//! Options as words: the one place where the command's flag values, the
//! service's parameters, the column functions' option text (SQL, Spark)
//! and Python's keyword arguments are read, so that a word means the same
//! in every front end.
//!
//! Each option's values are one table ([`OptionWord::CHOICES`]): the
//! spelling written back (`Display`), the other spellings accepted
//! (aliases, listed once), and a line of help for the command's `--help`.

use std::fmt;

use shakmaty::{CastlingMode, EnPassantMode, variant::Variant};

use super::{CastlingNotation, Format, Options, Strictness};

/// One value of an option: its word, the other words that name it, and
/// what it means.
#[derive(Copy, Clone, Debug)]
pub struct Choice<T: 'static> {
    pub word: &'static str,
    pub value: T,
    pub aliases: &'static [&'static str],
    pub help: &'static str,
}

impl<T: 'static> Choice<T> {
    pub const fn new(
        word: &'static str,
        value: T,
        aliases: &'static [&'static str],
        help: &'static str,
    ) -> Choice<T> {
        Choice {
            word,
            value,
            aliases,
            help,
        }
    }
}

/// An option whose values are words.
///
/// ```
/// use fenkit::{OptionWord, Strictness};
/// use shakmaty::EnPassantMode;
///
/// assert_eq!(Strictness::from_word("Reachable")?, Strictness::Reachable);
/// assert_eq!(Strictness::from_word("rules")?, Strictness::Reachable);
/// assert_eq!(EnPassantMode::from_word("pseudo-legal")?.word(), "pseudo");
/// assert_eq!(
///     Strictness::from_word("strict").unwrap_err().to_string(),
///     "strictness: 'strict' is not one of playable, reachable, plausible"
/// );
/// # Ok::<_, fenkit::UnknownWord>(())
/// ```
pub trait OptionWord: Copy + PartialEq + 'static {
    /// The option's name, as messages and `NAME=VALUE` words say it.
    const OPTION: &'static str;
    /// Every value, in the order help lists them.
    const CHOICES: &'static [Choice<Self>];

    /// The value `word` names (ASCII case ignored), or why none does.
    fn from_word(word: &str) -> Result<Self, UnknownWord> {
        Self::CHOICES
            .iter()
            .find(|choice| {
                choice.word.eq_ignore_ascii_case(word)
                    || choice.aliases.iter().any(|a| a.eq_ignore_ascii_case(word))
            })
            .map(|choice| choice.value)
            .ok_or_else(|| unknown::<Self>(word))
    }

    /// The one spelling of this value.
    fn word(self) -> &'static str {
        Self::CHOICES
            .iter()
            .find(|choice| choice.value == self)
            .map_or("", |choice| choice.word)
    }
}

/// `word`, which names no value of `T`, with `T`'s words.
fn unknown<T: OptionWord>(word: &str) -> UnknownWord {
    UnknownWord {
        option: T::OPTION,
        given: word.to_string(),
        choices: T::CHOICES.iter().map(|c| c.word.to_string()).collect(),
    }
}

/// A word that names no value of an option.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnknownWord {
    pub option: &'static str,
    pub given: String,
    pub choices: Vec<String>,
}

impl fmt::Display for UnknownWord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: '{}' is not one of {}",
            self.option,
            crate::printable(&self.given),
            self.choices.join(", ")
        )
    }
}

impl std::error::Error for UnknownWord {}

impl OptionWord for Format {
    const OPTION: &'static str = "format";
    const CHOICES: &'static [Choice<Format>] = &[
        Choice::new(
            "auto",
            Format::Auto,
            &[],
            "by the record's shape: EPD for four fields or operations, FEN otherwise",
        ),
        Choice::new("fen", Format::Fen, &[], "six fields"),
        Choice::new("epd", Format::Epd, &[], "four fields and operations"),
    ];
}

impl OptionWord for Strictness {
    const OPTION: &'static str = "strictness";
    const CHOICES: &'static [Choice<Strictness>] = &[
        Choice::new(
            "playable",
            Strictness::Playable,
            &[],
            "a game can be played from it: malformed and illegal records are invalid, unreachable ones get a warning",
        ),
        Choice::new(
            "reachable",
            Strictness::Reachable,
            &["rules"],
            "also reached from the standard start: unreachable records are invalid too",
        ),
        Choice::new(
            "plausible",
            Strictness::Plausible,
            &[],
            "also plausible: a halfmove clock beyond the plies played is invalid too",
        ),
    ];
}

impl OptionWord for CastlingNotation {
    const OPTION: &'static str = "castling";
    const CHOICES: &'static [Choice<CastlingNotation>] = &[
        Choice::new(
            "standard",
            CastlingNotation::Standard,
            &[],
            "KQkq; X-FEN when a right is not a corner rook's",
        ),
        Choice::new(
            "xfen",
            CastlingNotation::XFen,
            &["x-fen"],
            "KQkq for the outermost rooks, file letters for inner ones",
        ),
        Choice::new(
            "shredder",
            CastlingNotation::Shredder,
            &["shredder-fen"],
            "file letters, such as HAha",
        ),
    ];
}

/// Which en passant square to write (`ep`).
impl OptionWord for EnPassantMode {
    const OPTION: &'static str = "ep";
    const CHOICES: &'static [Choice<EnPassantMode>] = &[
        Choice::new(
            "always",
            EnPassantMode::Always,
            &[],
            "after every double push, as the standard says",
        ),
        Choice::new(
            "pseudo",
            EnPassantMode::PseudoLegal,
            &["pseudo-legal"],
            "when a pawn could capture",
        ),
        Choice::new(
            "legal",
            EnPassantMode::Legal,
            &[],
            "when a legal capture exists",
        ),
    ];
}

/// lichess's variants by the words the option takes (one word each, for
/// option text split at blanks), read by the one reader of variant names,
/// [`named_variant`](crate::variants::named_variant), which also takes the
/// names games write (`King of the Hill`, `Three-check`).
impl OptionWord for Variant {
    const OPTION: &'static str = "variant";

    fn from_word(word: &str) -> Result<Variant, UnknownWord> {
        // Chess960 is castling's option, not a variant's.
        crate::variants::named_variant(word)
            .filter(|named| !named.chess960)
            .map(|named| named.variant)
            .ok_or_else(|| unknown::<Self>(word))
    }

    const CHOICES: &'static [Choice<Variant>] = &[
        Choice::new(
            "standard",
            Variant::Chess,
            &["chess"],
            "standard chess (Chess960 castling is the chess960 option)",
        ),
        Choice::new(
            "crazyhouse",
            Variant::Crazyhouse,
            &["zh"],
            "captured pieces go to a pocket and are dropped back: [pocket] after the placement, ~ after a promoted piece",
        ),
        Choice::new(
            "atomic",
            Variant::Atomic,
            &[],
            "a capture explodes the pieces around it",
        ),
        Choice::new(
            "antichess",
            Variant::Antichess,
            &["giveaway"],
            "captures are forced; losing every piece wins",
        ),
        Choice::new(
            "kingofthehill",
            Variant::KingOfTheHill,
            &["king-of-the-hill", "koth"],
            "a king on a centre square wins",
        ),
        Choice::new(
            "threecheck",
            Variant::ThreeCheck,
            &["three-check", "3check"],
            "three checks win: the checks left to give (3+3) after the en passant square",
        ),
        Choice::new(
            "racingkings",
            Variant::RacingKings,
            &["racing-kings"],
            "no checks; the first king to rank 8 wins",
        ),
        Choice::new(
            "horde",
            Variant::Horde,
            &[],
            "White has 36 pawns and no king",
        ),
    ];
}

/// The names of [`Options`]' options, as `NAME=VALUE` words and Python's
/// keyword arguments give them.
pub const OPTION_NAMES: [&str; 7] = [
    "lenient",
    "chess960",
    "format",
    "strictness",
    "ep",
    "castling",
    "variant",
];

fn flag(option: &'static str, value: &str) -> Result<bool, UnknownWord> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "1" | "yes" | "" => Ok(true),
        "false" | "0" | "no" => Ok(false),
        _ => Err(UnknownWord {
            option,
            given: value.to_string(),
            choices: vec!["true".into(), "false".into()],
        }),
    }
}

impl Options {
    /// Sets the option `name` (one of [`OPTION_NAMES`]) to `value`.
    ///
    /// ```
    /// let mut options = fenkit::Options::default();
    /// options.set("strictness", "reachable")?;
    /// options.set("castling", "x-fen")?;
    /// assert_eq!(options.read.strictness, fenkit::Strictness::Reachable);
    /// assert_eq!(options.write.castling, fenkit::CastlingNotation::XFen);
    /// assert!(options.set("strictnes", "reachable").is_err());
    /// # Ok::<_, fenkit::UnknownWord>(())
    /// ```
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), UnknownWord> {
        let (read, write) = (&mut self.read, &mut self.write);
        match name.to_ascii_lowercase().as_str() {
            "lenient" => read.lenient = flag("lenient", value)?,
            "chess960" => {
                read.castling = match flag("chess960", value)? {
                    true => CastlingMode::Chess960,
                    false => CastlingMode::Standard,
                }
            }
            "format" => read.format = Format::from_word(value)?,
            "strictness" => read.strictness = Strictness::from_word(value)?,
            "ep" => write.ep = EnPassantMode::from_word(value)?,
            "castling" => write.castling = CastlingNotation::from_word(value)?,
            "variant" => read.variant = Variant::from_word(value)?,
            _ => {
                return Err(UnknownWord {
                    option: "option",
                    given: name.to_string(),
                    choices: OPTION_NAMES.map(String::from).to_vec(),
                });
            }
        }
        Ok(())
    }

    /// Reads options written as words, separated by commas or blanks, as
    /// SQL and Spark take them: `lenient`, `strict`, `chess960`, a format
    /// or strictness by its value (`epd`, `reachable`), and `NAME=VALUE`
    /// for any option (`ep=legal`, `castling=shredder`).
    ///
    /// ```
    /// use fenkit::Options;
    ///
    /// let options = Options::from_words("lenient, reachable ep=legal")?;
    /// assert!(options.read.lenient);
    /// assert_eq!(options.read.strictness, fenkit::Strictness::Reachable);
    /// assert_eq!(options.write.ep, shakmaty::EnPassantMode::Legal);
    /// assert!(Options::from_words("lenent").unwrap_err().to_string().contains("lenient"));
    /// # Ok::<_, fenkit::UnknownWord>(())
    /// ```
    pub fn from_words(words: &str) -> Result<Options, UnknownWord> {
        let mut options = Options::default();
        for word in words
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
        {
            if let Some((name, value)) = word.split_once('=') {
                options.set(name, value)?;
                continue;
            }
            let read = &mut options.read;
            match word.to_ascii_lowercase().as_str() {
                "lenient" | "chess960" => options.set(word, "true")?,
                "strict" => read.lenient = false,
                _ => {
                    if let Ok(format) = Format::from_word(word) {
                        read.format = format;
                    } else if let Ok(strictness) = Strictness::from_word(word) {
                        read.strictness = strictness;
                    } else {
                        return Err(UnknownWord {
                            option: "options",
                            given: word.to_string(),
                            choices: bare_words(),
                        });
                    }
                }
            }
        }
        Ok(options)
    }
}

/// Every word `from_words` takes, for its message.
fn bare_words() -> Vec<String> {
    fn values<T: OptionWord>() -> String {
        let words: Vec<&str> = T::CHOICES.iter().map(|c| c.word).collect();
        format!("{}={}", T::OPTION, words.join("|"))
    }
    let mut words: Vec<String> = ["lenient", "strict", "chess960"].map(String::from).to_vec();
    words.extend(Format::CHOICES.iter().map(|c| c.word.to_string()));
    words.extend(Strictness::CHOICES.iter().map(|c| c.word.to_string()));
    words.extend([
        values::<EnPassantMode>(),
        values::<CastlingNotation>(),
        values::<Variant>(),
    ]);
    words
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl std::str::FromStr for Format {
    type Err = UnknownWord;

    fn from_str(word: &str) -> Result<Format, UnknownWord> {
        Format::from_word(word)
    }
}

impl fmt::Display for Strictness {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl std::str::FromStr for Strictness {
    type Err = UnknownWord;

    fn from_str(word: &str) -> Result<Strictness, UnknownWord> {
        Strictness::from_word(word)
    }
}

impl fmt::Display for CastlingNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl std::str::FromStr for CastlingNotation {
    type Err = UnknownWord;

    fn from_str(word: &str) -> Result<CastlingNotation, UnknownWord> {
        CastlingNotation::from_word(word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn each_word_reads_back<T: OptionWord + fmt::Debug>() {
        for choice in T::CHOICES {
            assert_eq!(T::from_word(choice.word), Ok(choice.value));
            assert_eq!(choice.value.word(), choice.word);
            for alias in choice.aliases {
                assert_eq!(T::from_word(alias), Ok(choice.value), "{alias}");
            }
        }
        assert!(T::from_word("no-such-word").is_err());
    }

    #[test]
    fn every_word_and_alias_names_its_value() {
        each_word_reads_back::<Format>();
        each_word_reads_back::<Strictness>();
        each_word_reads_back::<CastlingNotation>();
        each_word_reads_back::<EnPassantMode>();
        each_word_reads_back::<Variant>();
    }
}
