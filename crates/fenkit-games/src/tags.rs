//! What lichess's tag values mean, for front ends that write them typed:
//! ratings and rating changes are integers, `TimeControl` is a base and
//! an increment in seconds, and `UTCDate` with `UTCTime` is one moment.
//! A value that does not read (`?`, `-`, a typo) has no typed meaning,
//! and the front end writes it as text or not at all.

/// A tag value as what it means; tags that are not typed are text as
/// written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TagValue {
    Integer(i64),
    /// `TimeControl`: seconds at the start, seconds added per move.
    TimeControl {
        base: u32,
        increment: u32,
    },
    /// Neither: the value as written.
    Text(String),
    /// Unknown (`?`, `-`, or empty).
    Unknown,
}

/// Tags whose values are whole numbers in lichess's exports.
const INTEGER_TAGS: [&str; 6] = [
    "WhiteElo",
    "BlackElo",
    "WhiteRatingDiff",
    "BlackRatingDiff",
    "PlyCount",
    "FideId",
];

/// The name of the tag [`utc_moment`] makes of `UTCDate` and `UTCTime`.
pub const UTC_MOMENT: &str = "UTCDateTime";

/// What the value of the tag `name` means.
///
/// ```
/// use fenkit_games::{TagValue, tag_value};
///
/// assert_eq!(tag_value("WhiteElo", "1500"), TagValue::Integer(1500));
/// assert_eq!(tag_value("BlackRatingDiff", "-7"), TagValue::Integer(-7));
/// assert_eq!(tag_value("TimeControl", "180+2"), TagValue::TimeControl { base: 180, increment: 2 });
/// assert_eq!(tag_value("WhiteElo", "?"), TagValue::Unknown);
/// assert_eq!(tag_value("White", "Carlsen, Magnus"), TagValue::Text("Carlsen, Magnus".into()));
/// assert_eq!(tag_value("Site", "?"), TagValue::Text("?".into())); // not a typed tag
/// ```
pub fn tag_value(name: &str, value: &str) -> TagValue {
    let typed = INTEGER_TAGS.contains(&name) || name == "TimeControl";
    if !typed {
        return TagValue::Text(value.to_string());
    }
    let value = value.trim();
    if value.is_empty() || value == "?" || value == "-" {
        return TagValue::Unknown;
    }
    if INTEGER_TAGS.contains(&name) {
        let digits = value.strip_prefix('+').unwrap_or(value);
        return digits
            .parse()
            .map_or_else(|_| TagValue::Text(value.to_string()), TagValue::Integer);
    }
    if name == "TimeControl" {
        let (base, increment) = value.split_once('+').unwrap_or((value, "0"));
        if let (Ok(base), Ok(increment)) = (base.parse(), increment.parse()) {
            return TagValue::TimeControl { base, increment };
        }
    }
    TagValue::Text(value.to_string())
}

/// `UTCDate` (`2017.04.01`) and `UTCTime` (`00:00:10`) as one ISO 8601
/// moment, `2017-04-01T00:00:10Z`; `None` unless both read.
///
/// ```
/// assert_eq!(fenkit_games::utc_moment("2017.04.01", "00:00:10").as_deref(), Some("2017-04-01T00:00:10Z"));
/// assert_eq!(fenkit_games::utc_moment("2017.??.??", "00:00:10"), None);
/// ```
pub fn utc_moment(date: &str, time: &str) -> Option<String> {
    let numbers = |text: &str, separator: char, widths: [usize; 3]| -> Option<[u32; 3]> {
        let mut parts = text.trim().split(separator);
        let mut out = [0; 3];
        for (slot, width) in out.iter_mut().zip(widths) {
            let part = parts.next()?;
            if part.len() != width || !part.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            *slot = part.parse().ok()?;
        }
        parts.next().is_none().then_some(out)
    };
    let [year, month, day] = numbers(date, '.', [4, 2, 2])?;
    let [hour, minute, second] = numbers(time, ':', [2, 2, 2])?;
    let valid = (1..=12).contains(&month)
        && (1..=31).contains(&day)
        && hour < 24
        && minute < 60
        && second < 61;
    valid.then(|| format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}Z"))
}

/// The values of the tags `names` of the game `text`, in that order (the
/// game read through the one door, stopped at its start).
///
/// ```
/// let tags = fenkit_games::game_tags(b"[White \"Tal\"]\n\n1. e4 *", &["Black", "White"]);
/// assert_eq!(tags, [None, Some("Tal".to_string())]);
/// ```
pub fn game_tags(text: &[u8], names: &[&str]) -> Vec<Option<String>> {
    use crate::pgn::{Plies, Ply, Until};
    let mut values = vec![None; names.len()];
    let mut plies = Plies::with_handler(Until(|ply: Ply<'_>| {
        values = ply.tags.to_vec();
        std::ops::ControlFlow::Break(())
    }))
    .keeping_tags(names);
    let _ = plies.play(&mut text.to_vec());
    drop(plies);
    values
}
