//! What a diagram shows besides the pieces, each readable from the short
//! text forms that the command line and URLs use.

use std::{fmt, str::FromStr};

pub use fenkit::marks::Brush;
use fenkit::marks::Shape;
use shakmaty::{Color, Square};

/// A text form that could not be read, with what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadOption(pub String);

impl fmt::Display for BadOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadOption {}

fn bad<T>(message: String) -> Result<T, BadOption> {
    Err(BadOption(message))
}

fn square(text: &str, what: &str) -> Result<Square, BadOption> {
    text.parse()
        .or_else(|_| bad(format!("'{text}' in {what} is not a square (a1 to h8)")))
}

/// Which side sits at the bottom.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Orientation {
    #[default]
    White,
    Black,
    /// The side to move, as a player sees the board.
    SideToMove,
}

impl Orientation {
    /// The color at the bottom when `turn` is to move.
    pub fn bottom(self, turn: Color) -> Color {
        match self {
            Orientation::White => Color::White,
            Orientation::Black => Color::Black,
            Orientation::SideToMove => turn,
        }
    }
}

impl FromStr for Orientation {
    type Err = BadOption;

    fn from_str(text: &str) -> Result<Orientation, BadOption> {
        match text {
            "white" => Ok(Orientation::White),
            "black" => Ok(Orientation::Black),
            "side-to-move" => Ok(Orientation::SideToMove),
            _ => bad(format!(
                "'{text}' is not an orientation (white, black or side-to-move)"
            )),
        }
    }
}

/// Where the file letters and rank numbers go.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Coordinates {
    None,
    /// In a margin left of and under the board.
    #[default]
    Outside,
    /// In the corners of the edge squares.
    Inside,
}

impl FromStr for Coordinates {
    type Err = BadOption;

    fn from_str(text: &str) -> Result<Coordinates, BadOption> {
        match text {
            "none" => Ok(Coordinates::None),
            "outside" => Ok(Coordinates::Outside),
            "inside" => Ok(Coordinates::Inside),
            _ => bad(format!(
                "'{text}' is not a coordinates style (none, outside or inside)"
            )),
        }
    }
}

/// Which king glows red.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum CheckMark {
    /// The king of the side to move, when it is attacked.
    #[default]
    Auto,
    None,
    /// The king (or whatever stands) on this square.
    On(Square),
}

impl FromStr for CheckMark {
    type Err = BadOption;

    fn from_str(text: &str) -> Result<CheckMark, BadOption> {
        match text {
            "auto" => Ok(CheckMark::Auto),
            "none" => Ok(CheckMark::None),
            _ => square(text, "--check")
                .map(CheckMark::On)
                .or_else(|_| bad(format!("'{text}' is not auto, none or a square"))),
        }
    }
}

/// The optional brush letter that starts `text`, and the rest.
fn split_brush(text: &str) -> (Brush, &str) {
    match text.bytes().next().and_then(Brush::from_letter) {
        Some(brush) => (brush, &text[1..]),
        None => (Brush::default(), text),
    }
}

/// The colour a brush draws in, lichess's.
pub(crate) fn hex(brush: Brush) -> &'static str {
    match brush {
        Brush::Green => "#15781b",
        Brush::Red => "#882020",
        Brush::Yellow => "#e68f00",
        Brush::Blue => "#003088",
    }
}

/// An arrow from one square to another: `e2e4`, or with a color letter
/// first, `Ge2e4` (G green, R red, Y yellow, B blue).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    pub brush: Brush,
    pub from: Square,
    pub to: Square,
}

impl FromStr for Arrow {
    type Err = BadOption;

    fn from_str(text: &str) -> Result<Arrow, BadOption> {
        let (brush, squares) = split_brush(text);
        if squares.len() != 4 || !squares.is_ascii() {
            return bad(format!(
                "'{text}' is not an arrow (two squares, with an optional color letter G, R, Y or B first: Ge2e4)"
            ));
        }
        Ok(Arrow {
            brush,
            from: square(&squares[..2], "the arrow")?,
            to: square(&squares[2..], "the arrow")?,
        })
    }
}

impl From<&Shape> for Arrow {
    /// A game's arrow (`[%cal Ge2e4]`), in its brush.
    fn from(shape: &Shape) -> Arrow {
        Arrow {
            brush: shape.brush,
            from: shape.from,
            to: shape.to,
        }
    }
}

impl From<&Shape> for Mark {
    /// A game's circled square (`[%csl Rd4]`), in its brush.
    fn from(shape: &Shape) -> Mark {
        Mark {
            brush: shape.brush,
            square: shape.to,
            cross: false,
        }
    }
}

/// A circle or a cross on a square: `e4`, `xe4` for a cross, each with an
/// optional color letter first (`Re4`, `Rxe4`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Mark {
    pub brush: Brush,
    pub square: Square,
    pub cross: bool,
}

impl FromStr for Mark {
    type Err = BadOption;

    fn from_str(text: &str) -> Result<Mark, BadOption> {
        let (brush, rest) = split_brush(text);
        let (cross, name) = match rest.strip_prefix('x') {
            Some(name) => (true, name),
            None => (false, rest),
        };
        let square = square(name, "the mark").or_else(|_| {
            bad(format!(
                "'{text}' is not a mark (a square, 'x' first for a cross, and an optional color letter G, R, Y or B before all: Rxe4)"
            ))
        })?;
        Ok(Mark {
            brush,
            square,
            cross,
        })
    }
}

/// Square colors, by name (`brown`, `blue`, `green`, `gray`) or as two
/// hex colors, light then dark: `#f0d9b5,#b58863`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Theme {
    pub light: Rgb,
    pub dark: Rgb,
}

impl Theme {
    pub const BROWN: Theme = Theme::new(0xf0d9b5, 0xb58863);
    pub const BLUE: Theme = Theme::new(0xdee3e6, 0x8ca2ad);
    pub const GREEN: Theme = Theme::new(0xffffdd, 0x86a666);
    pub const GRAY: Theme = Theme::new(0xdcdcdc, 0xababab);

    const fn new(light: u32, dark: u32) -> Theme {
        Theme {
            light: Rgb(light),
            dark: Rgb(dark),
        }
    }
}

impl Default for Theme {
    fn default() -> Theme {
        Theme::BROWN
    }
}

impl FromStr for Theme {
    type Err = BadOption;

    fn from_str(text: &str) -> Result<Theme, BadOption> {
        match text {
            "brown" => return Ok(Theme::BROWN),
            "blue" => return Ok(Theme::BLUE),
            "green" => return Ok(Theme::GREEN),
            "gray" | "grey" => return Ok(Theme::GRAY),
            _ => {}
        }
        let colors = text.split_once(',').and_then(|(light, dark)| {
            Some(Theme {
                light: light.parse().ok()?,
                dark: dark.parse().ok()?,
            })
        });
        colors.ok_or_else(|| {
            BadOption(format!(
                "'{text}' is not a theme (brown, blue, green, gray, or two hex colors light,dark such as #f0d9b5,#b58863)"
            ))
        })
    }
}

/// A color as `0xRRGGBB`, written `#rrggbb`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u32);

impl FromStr for Rgb {
    type Err = BadOption;

    fn from_str(text: &str) -> Result<Rgb, BadOption> {
        let hex = text.strip_prefix('#').unwrap_or(text);
        match u32::from_str_radix(hex, 16) {
            Ok(value) if hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
                Ok(Rgb(value))
            }
            _ => bad(format!("'{text}' is not a color (#rrggbb)")),
        }
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:06x}", self.0)
    }
}

/// A move-quality glyph on the square a move went to: the six NAGs of a
/// move's quality ($1 `!`, $2 `?`, $3 `!!`, $4 `??`, $5 `!?`, $6 `?!`),
/// each in its colour, as analysis boards show them. Written `e4!!`: the
/// square, then the glyph.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveGlyph {
    pub square: Square,
    /// The NAG, 1 to 6.
    nag: u8,
}

/// The six glyphs by NAG, with their colours.
const MOVE_GLYPHS: [(u8, &str, &str); 6] = [
    (1, "!", "#629924"),
    (2, "?", "#e69f00"),
    (3, "!!", "#26c2a3"),
    (4, "??", "#df5353"),
    (5, "!?", "#ea45d8"),
    (6, "?!", "#56b4e9"),
];

impl MoveGlyph {
    /// The glyph of NAG `nag` on `square`; `None` for a NAG that says no
    /// move's quality.
    ///
    /// ```
    /// let glyph = fenkit_diagrams::MoveGlyph::new(shakmaty::Square::E4, 3).unwrap();
    /// assert_eq!(glyph.symbol(), "!!");
    /// assert!(fenkit_diagrams::MoveGlyph::new(shakmaty::Square::E4, 14).is_none());
    /// ```
    pub fn new(square: Square, nag: u8) -> Option<MoveGlyph> {
        (1..=6).contains(&nag).then_some(MoveGlyph { square, nag })
    }

    pub fn nag(self) -> u8 {
        self.nag
    }

    pub fn symbol(self) -> &'static str {
        MOVE_GLYPHS[usize::from(self.nag) - 1].1
    }

    pub(crate) fn color(self) -> &'static str {
        MOVE_GLYPHS[usize::from(self.nag) - 1].2
    }
}

impl FromStr for MoveGlyph {
    type Err = BadOption;

    fn from_str(text: &str) -> Result<MoveGlyph, BadOption> {
        let bad = || {
            BadOption(format!(
                "'{text}' is not a square and a move glyph (e4!!, f7?, d5!?: one of !, ?, !!, ??, !?, ?!)"
            ))
        };
        let (square, symbol) = (
            text.get(..2).ok_or_else(bad)?,
            text.get(2..).ok_or_else(bad)?,
        );
        let square = square.parse().map_err(|_| bad())?;
        let (nag, _, _) = MOVE_GLYPHS
            .iter()
            .find(|(_, written, _)| *written == symbol)
            .ok_or_else(bad)?;
        Ok(MoveGlyph { square, nag: *nag })
    }
}

/// The players of a game, shown above and below the board (each by their
/// side), and its result beside them once it is over.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Players {
    /// A name as the tags give it, with a rating after it when known:
    /// `Carlsen, Magnus (2864)`.
    pub white: String,
    pub black: String,
    /// `1-0`, `0-1` or `1/2-1/2`; each side's score is shown by its name.
    pub result: Option<String>,
}

impl Players {
    /// The tags a game's diagrams may show, in the order
    /// [`Players::from_tags`] takes their values: the time control (for a
    /// GIF's clocks), the players, their ratings and the result.
    pub const TAGS: [&str; 6] = [
        "TimeControl",
        "White",
        "Black",
        "WhiteElo",
        "BlackElo",
        "Result",
    ];
    /// Where the time control stands in [`Players::TAGS`].
    pub const TIME_CONTROL: usize = 0;

    /// The players as the values of [`Players::TAGS`] name them, a rating
    /// after a name when known; `?` (PGN's unknown) for a name not given.
    ///
    /// ```
    /// use fenkit_diagrams::Players;
    ///
    /// let tags = [None, Some("Carlsen, Magnus"), None, Some("2864"), Some("-"), Some("1-0")];
    /// let tags = tags.map(|tag| tag.map(String::from));
    /// let players = Players::from_tags(&tags);
    /// assert_eq!((players.white.as_str(), players.black.as_str()), ("Carlsen, Magnus (2864)", "?"));
    /// ```
    pub fn from_tags(tags: &[Option<String>]) -> Players {
        let named = |name: usize, rating: usize| {
            let name = tags[name]
                .as_deref()
                .filter(|name| !name.is_empty())
                .unwrap_or("?");
            match tags[rating]
                .as_deref()
                .filter(|rating| rating.bytes().all(|b| b.is_ascii_digit()) && !rating.is_empty())
            {
                Some(rating) => format!("{name} ({rating})"),
                None => name.to_string(),
            }
        };
        Players {
            white: named(1, 3),
            black: named(2, 4),
            result: tags[5].clone(),
        }
    }

    /// Each side's score in `result`: `1`, `0` or `½`.
    pub(crate) fn score(&self, color: Color) -> Option<&'static str> {
        let (white, black) = match self.result.as_deref()? {
            "1-0" => ("1", "0"),
            "0-1" => ("0", "1"),
            "1/2-1/2" => ("½", "½"),
            _ => return None,
        };
        Some(match color {
            Color::White => white,
            Color::Black => black,
        })
    }
}

/// Reads `from` and `to` squares of a move in UCI form (`e2e4`, `e7e8q`).
///
/// ```
/// use shakmaty::Square;
/// assert_eq!(fenkit_diagrams::move_squares("e7e8q"), Ok((Square::E7, Square::E8)));
/// assert!(fenkit_diagrams::move_squares("Nf3").is_err());
/// ```
pub fn move_squares(text: &str) -> Result<(Square, Square), BadOption> {
    let squares = text
        .get(..4)
        .filter(|_| text.is_ascii() && matches!(text.len(), 4 | 5));
    match squares {
        Some(squares) => Ok((
            square(&squares[..2], "the move")?,
            square(&squares[2..], "the move")?,
        )),
        None => bad(format!(
            "'{text}' is not a move as two squares (e2e4, e7e8q)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the `render` fuzz target: slicing inside a character.
    #[test]
    fn text_beyond_ascii_is_refused_not_sliced() {
        for text in ["e\u{d5}2e", "\u{e9}2e4", "e2\u{e9}4"] {
            assert!(move_squares(text).is_err(), "{text}");
            assert!(text.parse::<Arrow>().is_err(), "{text}");
            assert!(text.parse::<Mark>().is_err(), "{text}");
            assert!(text.parse::<Theme>().is_err(), "{text}");
            assert!(text.parse::<CheckMark>().is_err(), "{text}");
            assert!(text.parse::<MoveGlyph>().is_err(), "{text}");
        }
    }

    #[test]
    fn options_read_their_short_forms() {
        let arrow: Arrow = "Rd8d1".parse().unwrap();
        assert_eq!(
            (arrow.brush, arrow.from, arrow.to),
            (Brush::Red, Square::D8, Square::D1)
        );
        assert_eq!("e2e4".parse::<Arrow>().unwrap().brush, Brush::Green);
        let mark: Mark = "Bxh7".parse().unwrap();
        assert_eq!(
            (mark.brush, mark.square, mark.cross),
            (Brush::Blue, Square::H7, true)
        );
        assert!(!"h7".parse::<Mark>().unwrap().cross);
        assert_eq!(
            "#000000,#FFFFFF".parse::<Theme>().unwrap().dark,
            Rgb(0xffffff)
        );
        assert!("#00000,#ffffff".parse::<Theme>().is_err());
        assert_eq!("blue".parse::<Theme>().unwrap(), Theme::BLUE);
        assert_eq!(
            "g1".parse::<CheckMark>().unwrap(),
            CheckMark::On(Square::G1)
        );
        assert_eq!(Orientation::SideToMove.bottom(Color::Black), Color::Black);
        assert!("e2e4e".parse::<Arrow>().is_err());
        assert!(move_squares("e2e4qq").is_err());
        let glyph: MoveGlyph = "f7??".parse().unwrap();
        assert_eq!((glyph.square, glyph.nag()), (Square::F7, 4));
        assert!("f7?!?".parse::<MoveGlyph>().is_err() && "f9!".parse::<MoveGlyph>().is_err());
        let players = Players {
            result: Some("1/2-1/2".into()),
            ..Players::default()
        };
        assert_eq!(players.score(Color::Black), Some("½"));
    }
}
