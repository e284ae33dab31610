//! A game as the explorer keeps it for its top games: who played it, how
//! strong, who won, how fast and when; read from its tags.

use fenkit_games::result::tag_outcome;
use shakmaty::Color;

use super::{Month, Speed};

/// A player of a game: name and rating (`None` when the tag is missing,
/// `?`, or not a number).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Player {
    pub name: String,
    pub rating: Option<u16>,
}

/// A game counted by the explorer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplorerGame {
    /// Its number in the index, from 1 in the order games were added.
    pub number: u64,
    /// The lichess game ID, when the `Site` tag is a lichess address.
    pub lichess_id: Option<String>,
    pub white: Player,
    pub black: Player,
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub speed: Speed,
    pub month: Month,
}

/// Why a game is not counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotCounted {
    /// Its `Result` is `*` or missing: an explorer counts finished games.
    NoResult,
}

impl ExplorerGame {
    /// The tags a game is read from, in the order
    /// [`ExplorerGame::from_tags`] takes their values.
    pub const TAGS: [&'static str; 9] = [
        "Result",
        "Site",
        "White",
        "Black",
        "WhiteElo",
        "BlackElo",
        "TimeControl",
        "UTCDate",
        "Date",
    ];

    /// The game whose [`ExplorerGame::TAGS`] have the values `tags`
    /// (`None` for a tag it lacks), numbered `number`.
    ///
    /// ```
    /// use fenkit_index::explorer::{ExplorerGame, Speed};
    /// use shakmaty::Color;
    ///
    /// let tags = [Some("0-1"), Some("https://lichess.org/AbCd1234"), Some("anna"), Some("ben"),
    ///     Some("1850"), Some("?"), Some("300+3"), None, Some("2024.03.15")];
    /// let game = ExplorerGame::from_tags(7, &tags).unwrap();
    /// assert_eq!(game.lichess_id.as_deref(), Some("AbCd1234"));
    /// assert_eq!((game.winner, game.speed), (Some(Color::Black), Speed::Blitz));
    /// assert_eq!((game.white.rating, game.black.rating, game.rating()), (Some(1850), None, None));
    /// assert_eq!(game.month.to_string(), "2024-03");
    /// let unfinished = [Some("*"), None, None, None, None, None, None, None, None];
    /// assert!(ExplorerGame::from_tags(8, &unfinished).is_err());
    /// ```
    pub fn from_tags(number: u64, tags: &[Option<&str>]) -> Result<ExplorerGame, NotCounted> {
        let tag = |name: &str| {
            let at = ExplorerGame::TAGS.iter().position(|&t| t == name)?;
            tags.get(at).copied().flatten()
        };
        let winner = match tag("Result").and_then(tag_outcome) {
            Some(outcome) => outcome.winner(),
            None => return Err(NotCounted::NoResult),
        };
        let player = |name: &str, rating: &str| Player {
            name: bounded(tag(name).unwrap_or("?")),
            rating: tag(rating)
                .and_then(|r| r.trim().parse().ok())
                .filter(|&r| r > 0),
        };
        Ok(ExplorerGame {
            number,
            lichess_id: tag("Site").and_then(lichess_id),
            white: player("White", "WhiteElo"),
            black: player("Black", "BlackElo"),
            winner,
            speed: Speed::of_time_control(tag("TimeControl")),
            month: match Month::of_date(tag("UTCDate")) {
                Month::UNKNOWN => Month::of_date(tag("Date")),
                known => known,
            },
        })
    }

    /// The average of both ratings (`None` unless both are known): what
    /// the explorer averages and ranks top games by.
    pub fn rating(&self) -> Option<u16> {
        let (white, black) = (self.white.rating?, self.black.rating?);
        Some(((u32::from(white) + u32::from(black)) / 2) as u16)
    }

    /// Appends the game's bytes: number, then each text as a length byte
    /// and its bytes, ratings (0 for none), winner, speed, month.
    ///
    /// ```
    /// use fenkit_index::explorer::ExplorerGame;
    ///
    /// let tags = [Some("1/2-1/2"), Some("Linares"), Some("Kasparov, Garry"), Some("Anand, Viswanathan"),
    ///     Some("2805"), Some("2725"), None, None, Some("1993.02.??")];
    /// let game = ExplorerGame::from_tags(3, &tags).unwrap();
    /// let mut bytes = Vec::new();
    /// game.write(&mut bytes);
    /// assert_eq!(ExplorerGame::read(&bytes), Some((game, bytes.len())));
    /// ```
    pub fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.number.to_le_bytes());
        let id = self.lichess_id.as_deref().unwrap_or("");
        for text in [id, &self.white.name, &self.black.name] {
            out.push(text.len() as u8);
            out.extend_from_slice(text.as_bytes());
        }
        for rating in [self.white.rating, self.black.rating] {
            out.extend_from_slice(&rating.unwrap_or(0).to_le_bytes());
        }
        out.push(match self.winner {
            None => 0,
            Some(Color::White) => 1,
            Some(Color::Black) => 2,
        });
        out.push(self.speed as u8);
        out.extend_from_slice(&self.month.number().to_le_bytes());
    }

    /// The game at the start of `bytes` and the bytes it took; `None` when
    /// cut short or not a game.
    pub fn read(bytes: &[u8]) -> Option<(ExplorerGame, usize)> {
        let number = u64::from_le_bytes(bytes.get(..8)?.try_into().ok()?);
        let mut at = 8;
        let mut text = || {
            let len = usize::from(*bytes.get(at)?);
            let read = std::str::from_utf8(bytes.get(at + 1..at + 1 + len)?).ok()?;
            at += 1 + len;
            Some(read.to_string())
        };
        let (id, white, black) = (text()?, text()?, text()?);
        let rest = bytes.get(at..at + 8)?;
        let rating = |i: usize| Some(u16::from_le_bytes([rest[i], rest[i + 1]])).filter(|&r| r > 0);
        let winner = match rest[4] {
            0 => None,
            1 => Some(Color::White),
            2 => Some(Color::Black),
            _ => return None,
        };
        let game = ExplorerGame {
            number,
            lichess_id: (!id.is_empty()).then_some(id),
            white: Player {
                name: white,
                rating: rating(0),
            },
            black: Player {
                name: black,
                rating: rating(2),
            },
            winner,
            speed: Speed::from_number(rest[5])?,
            month: Month::from_number(u16::from_le_bytes([rest[6], rest[7]])),
        };
        Some((game, at + 8))
    }
}

/// `text` in at most 255 bytes, cut at a character's edge.
fn bounded(text: &str) -> String {
    let mut end = text.len().min(255);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_string()
}

/// The game ID of a lichess address (`https://lichess.org/AbCd1234`).
fn lichess_id(site: &str) -> Option<String> {
    let path = site.trim().strip_prefix("https://lichess.org/")?;
    let id = path.split(['/', '?', '#']).next()?;
    let fits = (8..=12).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric());
    fits.then(|| id.to_string())
}
