//! When and how fast a game was played, as the explorer groups games: its
//! speed from `TimeControl` by lichess's bounds, its month from `Date`.

use std::{fmt, str::FromStr};

/// A game's speed, lichess's groups: the clock's estimated length is its
/// base plus 40 increments (the increment of an average game of 40
/// moves), and the bounds are lichess's (under 30 s ultraBullet, under 3
/// minutes bullet, under 8 blitz, under 25 rapid, under 6 hours
/// classical). `TimeControl "-"` (no clock) is correspondence; a game
/// without a readable `TimeControl` (master games and most files not from
/// a server) is `Unknown`, counted unless a query names speeds.
///
/// ```
/// use fenkit_index::explorer::Speed;
///
/// assert_eq!(Speed::of_time_control(Some("180+2")), Speed::Blitz); // 180 + 80 = 260 s
/// assert_eq!(Speed::of_time_control(Some("60+1")), Speed::Bullet);
/// assert_eq!(Speed::of_time_control(Some("-")), Speed::Correspondence);
/// assert_eq!(Speed::of_time_control(Some("40/7200:3600")), Speed::Unknown);
/// assert_eq!("rapid".parse(), Ok(Speed::Rapid));
/// assert_eq!(Speed::UltraBullet.to_string(), "ultraBullet");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Speed {
    UltraBullet = 0,
    Bullet = 1,
    Blitz = 2,
    Rapid = 3,
    Classical = 4,
    Correspondence = 5,
    Unknown = 6,
}

impl Speed {
    /// Every speed, in the order of their numbers.
    pub const ALL: [Speed; 7] = [
        Speed::UltraBullet,
        Speed::Bullet,
        Speed::Blitz,
        Speed::Rapid,
        Speed::Classical,
        Speed::Correspondence,
        Speed::Unknown,
    ];

    /// The speed of a game whose `TimeControl` tag is `written`.
    pub fn of_time_control(written: Option<&str>) -> Speed {
        let Some(written) = written.map(str::trim) else {
            return Speed::Unknown;
        };
        if written == "-" {
            return Speed::Correspondence;
        }
        let (base, increment) = written.split_once('+').unwrap_or((written, "0"));
        let (Ok(base), Ok(increment)) = (base.parse::<u64>(), increment.parse::<u64>()) else {
            return Speed::Unknown;
        };
        match base + 40 * increment {
            0..30 => Speed::UltraBullet,
            30..180 => Speed::Bullet,
            180..480 => Speed::Blitz,
            480..1500 => Speed::Rapid,
            1500..21600 => Speed::Classical,
            _ => Speed::Correspondence,
        }
    }

    /// The speed numbered `number` (its place in [`Speed::ALL`]).
    pub fn from_number(number: u8) -> Option<Speed> {
        Speed::ALL.get(usize::from(number)).copied()
    }

    /// lichess's names of the speeds, in the order of their numbers.
    const NAMES: [&'static str; 7] = [
        "ultraBullet",
        "bullet",
        "blitz",
        "rapid",
        "classical",
        "correspondence",
        "unknown",
    ];

    /// lichess's name of the speed (`unknown` for [`Speed::Unknown`]).
    pub fn name(self) -> &'static str {
        Speed::NAMES[self as usize]
    }
}

impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that is not a speed, and the words that are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadSpeed(pub String);

impl fmt::Display for BadSpeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Speed::ALL.iter().map(|speed| speed.name()).collect();
        write!(
            f,
            "'{}' is not a speed: one of {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for BadSpeed {}

impl FromStr for Speed {
    type Err = BadSpeed;

    fn from_str(text: &str) -> Result<Speed, BadSpeed> {
        Speed::ALL
            .into_iter()
            .find(|speed| speed.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| BadSpeed(text.to_string()))
    }
}

/// The month a game was played, or unknown: what `--since` and `--until`
/// choose by. Months are numbered from year 0 so that they sort; 0 is
/// unknown, which a query with a `since` or `until` leaves out.
///
/// ```
/// use fenkit_index::explorer::Month;
///
/// let march = Month::of_date(Some("2024.03.15"));
/// assert_eq!(march.to_string(), "2024-03");
/// assert_eq!("2024-03".parse(), Ok(march));
/// assert!(Month::of_date(Some("2023.12.31")) < march);
/// assert_eq!(Month::of_date(Some("2024.??.??")), Month::UNKNOWN);
/// assert_eq!(Month::UNKNOWN.to_string(), "unknown");
/// assert!("2024-13".parse::<Month>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Month(u16);

impl Month {
    pub const UNKNOWN: Month = Month(0);

    /// The month of year `year`, `month` 1 to 12 (`None` beyond year 5000).
    pub fn new(year: u16, month: u8) -> Option<Month> {
        let valid = (1..=12).contains(&month) && year <= 5000;
        valid.then(|| Month(year * 12 + u16::from(month)))
    }

    /// The month of a `Date` or `UTCDate` tag (`2024.03.15`; the day may
    /// be `??`).
    pub fn of_date(written: Option<&str>) -> Month {
        let Some(mut parts) = written.map(|text| text.trim().split('.')) else {
            return Month::UNKNOWN;
        };
        let (Some(year), Some(month)) = (parts.next(), parts.next()) else {
            return Month::UNKNOWN;
        };
        Month::read(year, month).unwrap_or(Month::UNKNOWN)
    }

    fn read(year: &str, month: &str) -> Option<Month> {
        let digits =
            |text: &str, width| text.len() == width && text.bytes().all(|b| b.is_ascii_digit());
        if !digits(year, 4) || !digits(month, 2) {
            return None;
        }
        Month::new(year.parse().ok()?, month.parse().ok()?)
    }

    /// Its number: 0 for unknown, else `year * 12 + month`.
    pub fn number(self) -> u16 {
        self.0
    }

    /// The month numbered `number`.
    pub fn from_number(number: u16) -> Month {
        Month(number)
    }

    /// The year and month (1 to 12), unless unknown.
    pub fn year_and_month(self) -> Option<(u16, u8)> {
        let before = self.0.checked_sub(1)?;
        Some((before / 12, (before % 12) as u8 + 1))
    }
}

impl fmt::Display for Month {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.year_and_month() {
            Some((year, month)) => write!(f, "{year:04}-{month:02}"),
            None => f.write_str("unknown"),
        }
    }
}

/// Text that is not a month written `YYYY-MM`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMonth(pub String);

impl fmt::Display for BadMonth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a month: write YYYY-MM (2024-03)", self.0)
    }
}

impl std::error::Error for BadMonth {}

impl FromStr for Month {
    type Err = BadMonth;

    fn from_str(text: &str) -> Result<Month, BadMonth> {
        let (year, month) = text.trim().split_once(['-', '.']).unwrap_or((text, ""));
        Month::read(year, month).ok_or_else(|| BadMonth(text.to_string()))
    }
}
