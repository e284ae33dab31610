//! A diagram's caption as books print it: its number or id and whose
//! move it is ("12. White to play", "BK.01: Black to play", "Diagram 5",
//! "1... ?", "White mates in 2"), in English and in the usual words of
//! German, French, Spanish, Italian, Dutch and Russian books. A picture
//! cannot show the side to move; a caption beside it can, and a book's
//! numbering names its positions better than their place on the page.

use shakmaty::Color;

/// What a caption says of its diagram.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caption {
    /// The caption's text, as read.
    pub text: String,
    /// Its number or id (`12`, `BK.01`), where it gives one.
    pub id: Option<String>,
    /// The side to move, where it says.
    pub side: Option<Color>,
}

/// Words that say a side is to move, lower case, each with its side: a
/// caption says it where one of these stands in it. Longer phrases before
/// the shorter ones they hold.
const SIDE_WORDS: [(&str, Color); 44] = [
    ("white to play", Color::White),
    ("black to play", Color::Black),
    ("white to move", Color::White),
    ("black to move", Color::Black),
    ("white mates", Color::White),
    ("black mates", Color::Black),
    ("white wins", Color::White),
    ("black wins", Color::Black),
    ("white draws", Color::White),
    ("black draws", Color::Black),
    ("white plays", Color::White),
    ("black plays", Color::Black),
    ("white moves", Color::White),
    ("black moves", Color::Black),
    ("weiß am zug", Color::White),
    ("weiss am zug", Color::White),
    ("schwarz am zug", Color::Black),
    ("weiß zieht", Color::White),
    ("weiss zieht", Color::White),
    ("schwarz zieht", Color::Black),
    ("weiß setzt", Color::White),
    ("schwarz setzt", Color::Black),
    ("trait aux blancs", Color::White),
    ("trait aux noirs", Color::Black),
    ("les blancs jouent", Color::White),
    ("les noirs jouent", Color::Black),
    ("blancs jouent", Color::White),
    ("noirs jouent", Color::Black),
    ("juegan las blancas", Color::White),
    ("juegan las negras", Color::Black),
    ("juegan blancas", Color::White),
    ("juegan negras", Color::Black),
    ("muove il bianco", Color::White),
    ("muove il nero", Color::Black),
    ("tocca al bianco", Color::White),
    ("tocca al nero", Color::Black),
    ("il bianco muove", Color::White),
    ("il nero muove", Color::Black),
    ("wit aan zet", Color::White),
    ("zwart aan zet", Color::Black),
    ("wit speelt", Color::White),
    ("zwart speelt", Color::Black),
    ("ход белых", Color::White),
    ("ход чёрных", Color::Black),
];

/// Words that number a diagram before its number ("Diagram 5").
const NUMBER_WORDS: [&str; 12] = [
    "diagram",
    "diag.",
    "diagramm",
    "diagramme",
    "diagrama",
    "diagramma",
    "position",
    "problem",
    "exercise",
    "puzzle",
    "no.",
    "nr.",
];

impl Caption {
    /// What `text` says of a diagram, or `None` where it says neither a
    /// number nor a side (a line of the book's prose).
    ///
    /// ```
    /// use fenkit_scan::Caption;
    /// use shakmaty::Color;
    ///
    /// let caption = Caption::read("12. White to play").unwrap();
    /// assert_eq!((caption.id.as_deref(), caption.side), (Some("12"), Some(Color::White)));
    /// let caption = Caption::read("BK.01: Black to play").unwrap();
    /// assert_eq!((caption.id.as_deref(), caption.side), (Some("BK.01"), Some(Color::Black)));
    /// let caption = Caption::read("Diagram 5").unwrap();
    /// assert_eq!((caption.id.as_deref(), caption.side), (Some("5"), None));
    /// // A move number with three dots: Black's move.
    /// assert_eq!(Caption::read("1... ?").unwrap().side, Some(Color::Black));
    /// assert!(Caption::read("The rook belongs behind the passed pawn.").is_none());
    /// ```
    pub fn read(text: &str) -> Option<Caption> {
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        // "чёрных" is written "черных" as often: one spelling for both.
        let lower = text.to_lowercase().replace('ё', "е");
        let side = side_by_words(&lower).or_else(|| side_by_move_number(&text));
        let id = numbered(&text);
        (side.is_some() || id.is_some()).then_some(Caption { text, id, side })
    }
}

/// The side a phrase of [`SIDE_WORDS`] gives: the first said.
fn side_by_words(lower: &str) -> Option<Color> {
    SIDE_WORDS
        .iter()
        .filter_map(|(words, side)| {
            let words = words.replace('ё', "е");
            let at = lower.find(&words)?;
            // A phrase is a caption's where it starts a word.
            let starts_word = lower[..at]
                .chars()
                .last()
                .is_none_or(|c| !c.is_alphanumeric());
            starts_word.then_some((at, *side))
        })
        .min_by_key(|(at, _)| *at)
        .map(|(_, side)| side)
}

/// "1... ?" or "23…": Black to move; "1. ?": White to move. A move number
/// stands first, then its dots, then at most a question mark; one dot
/// needs the question mark ("12." alone numbers a diagram, no side).
fn side_by_move_number(text: &str) -> Option<Color> {
    let rest = text.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() == text.len() {
        return None;
    }
    let rest = rest.trim_start();
    let (side, after) = if let Some(after) = rest.strip_prefix("...") {
        (Color::Black, after)
    } else if let Some(after) = rest.strip_prefix('…') {
        (Color::Black, after)
    } else {
        (Color::White, rest.strip_prefix('.')?)
    };
    match after.trim() {
        "?" | "!?" | "??" => Some(side),
        "" if side == Color::Black => Some(side),
        _ => None,
    }
}

/// The caption's number or id: "12." or "12)" or "12" first (not a move
/// number: no moves after it), "BK.01:" first, or a number after a word
/// that numbers diagrams.
fn numbered(text: &str) -> Option<String> {
    let first = text.split(' ').next()?;
    let number = first.trim_end_matches(['.', ')', ':']);
    let ending = &first[number.len()..];
    let rest = text[first.len()..].trim_start();
    let moves_follow =
        rest.starts_with(['.', '…', '?']) || rest.split(' ').next().is_some_and(looks_like_move);
    if !number.is_empty()
        && number.bytes().all(|b| b.is_ascii_digit())
        && matches!(ending, "" | "." | ")" | ":")
        && !moves_follow
    {
        return Some(number.to_string());
    }
    // "BK.01:", "WAC.004:": an id of letters, digits and dots with a
    // digit in it, before a colon; one without ("clocks:") where the side
    // to move follows, as fen sheet captions a named position.
    if let Some(id) = first.strip_suffix(':')
        && !id.is_empty()
        && (id.chars().any(|c| c.is_ascii_digit()) || side_by_words(&rest.to_lowercase()).is_some())
        && id
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '.' | '-' | '_' | '/'))
    {
        return Some(id.to_string());
    }
    // "Diagram 5", "No. 12", "#7".
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split(' ').collect();
    if let Some(number) = words[0].strip_prefix('#').filter(|n| is_number(n)) {
        return Some(number.trim_end_matches(['.', ':', ')']).to_string());
    }
    words.windows(2).find_map(|pair| {
        (NUMBER_WORDS.contains(&pair[0]) && is_number(pair[1]))
            .then(|| pair[1].trim_end_matches(['.', ':', ')']).to_string())
    })
}

/// A move as a game's text writes it (`e4`, `Nf3`, `exd5`, `O-O`,
/// `e8=Q+`): after a number, the line is a game's moves, not a caption.
fn looks_like_move(word: &str) -> bool {
    let word = word.trim_end_matches(['+', '#', '!', '?']);
    word.starts_with("O-O")
        || ((2..=7).contains(&word.len())
            && word.ends_with(|c: char| matches!(c, '1'..='8' | 'Q' | 'R' | 'B' | 'N'))
            && word.chars().all(|c| "KQRBNabcdefgh12345678x=".contains(c))
            && word.chars().any(|c| ('a'..='h').contains(&c)))
}

fn is_number(word: &str) -> bool {
    let digits = word.trim_end_matches(['.', ':', ')']);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> (Option<String>, Option<Color>) {
        Caption::read(text).map_or((None, None), |caption| (caption.id, caption.side))
    }

    #[test]
    fn captions_as_books_print_them() {
        let id = |s: &str| Some(s.to_string());
        assert_eq!(read("12. White to play"), (id("12"), Some(Color::White)));
        assert_eq!(
            read("WAC.004: Black to play"),
            (id("WAC.004"), Some(Color::Black))
        );
        assert_eq!(read("Diagram 5"), (id("5"), None));
        assert_eq!(
            read("Diag. 17: White to move"),
            (id("17"), Some(Color::White))
        );
        assert_eq!(
            read("No. 3 White mates in 2"),
            (id("3"), Some(Color::White))
        );
        assert_eq!(read("#7"), (id("7"), None));
        assert_eq!(
            read("clocks: Black to play"),
            (id("clocks"), Some(Color::Black))
        );
        assert_eq!(read("Note: the rook"), (None, None));
        assert_eq!(read("1... ?"), (None, Some(Color::Black)));
        assert_eq!(read("23…"), (None, Some(Color::Black)));
        assert_eq!(read("1. ?"), (None, Some(Color::White)));
        assert_eq!(read("12."), (id("12"), None));
        assert_eq!(read("23..."), (None, Some(Color::Black)));
        assert_eq!(read("White mates in 2"), (None, Some(Color::White)));
        assert_eq!(read("14) Schwarz am Zug"), (id("14"), Some(Color::Black)));
        assert_eq!(read("Weiß zieht und gewinnt"), (None, Some(Color::White)));
        assert_eq!(read("Trait aux noirs"), (None, Some(Color::Black)));
        assert_eq!(read("Juegan las negras"), (None, Some(Color::Black)));
        assert_eq!(read("Muove il bianco"), (None, Some(Color::White)));
        assert_eq!(read("Zwart aan zet"), (None, Some(Color::Black)));
        assert_eq!(read("Ход чёрных"), (None, Some(Color::Black)));
        assert_eq!(read("Ход черных"), (None, Some(Color::Black)));
        assert_eq!(
            read("  3.   Black   to play "),
            (id("3"), Some(Color::Black))
        );
    }

    #[test]
    fn prose_is_no_caption() {
        assert_eq!(read("The white king walks to the centre."), (None, None));
        assert_eq!(read("Overwhite to move"), (None, None));
        assert_eq!(read("1. e4 e5 2. Nf3"), (None, None));
        assert_eq!(read(""), (None, None));
    }
}
