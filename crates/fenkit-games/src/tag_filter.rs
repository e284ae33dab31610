//! Conditions on a game's tags, as people write them on a command line
//! (`WhiteElo>=2200`, `Date>=2024.01`, `White=Carlsen, Magnus`): which
//! games a book or an explorer counts.

use std::{cmp::Ordering, fmt, str::FromStr};

use super::tags::{TagValue, tag_value};

/// `TAG OP VALUE`: OP one of `=`, `!=`, `<`, `<=`, `>`, `>=`. Ratings and
/// other numeric tags compare as numbers, `TimeControl` by its base in
/// seconds, the rest as text (so that `Date>=2024.01` takes the dates of
/// 2024 on, as `YYYY.MM.DD` sorts).
///
/// ```
/// use fenkit_games::tag_filter::TagCondition;
///
/// let strong: TagCondition = "WhiteElo>=2200".parse()?;
/// assert!(strong.holds(Some("2350")));
/// assert!(!strong.holds(Some("1999")));
/// assert!(!strong.holds(Some("?")) && !strong.holds(None)); // no rating, no game
/// let blitz: TagCondition = "TimeControl<600".parse()?;
/// assert!(blitz.holds(Some("180+2")));
/// let recent: TagCondition = "Date>=2024.01".parse()?;
/// assert!(recent.holds(Some("2024.03.15")) && !recent.holds(Some("2023.12.31")));
/// assert!("WhiteElo 2200".parse::<TagCondition>().is_err());
/// # Ok::<_, fenkit_games::tag_filter::BadCondition>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TagCondition {
    pub tag: String,
    op: Op,
    value: String,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Op {
    Equal,
    NotEqual,
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
}

/// A condition that does not read, and what one looks like.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadCondition(pub String);

impl fmt::Display for BadCondition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a condition on a tag: write TAG OP VALUE, OP one of = != < <= > >= (WhiteElo>=2200, Date>=2024.01, White=Carlsen, Magnus)",
            self.0
        )
    }
}

impl std::error::Error for BadCondition {}

impl FromStr for TagCondition {
    type Err = BadCondition;

    fn from_str(text: &str) -> Result<TagCondition, BadCondition> {
        let bad = || BadCondition(text.to_string());
        let at = text.find(['=', '!', '<', '>']).ok_or_else(bad)?;
        let tag = text[..at].trim();
        let rest = &text[at..];
        let (op, width) = [
            ("!=", Op::NotEqual),
            ("<=", Op::LessOrEqual),
            (">=", Op::GreaterOrEqual),
            ("=", Op::Equal),
            ("<", Op::Less),
            (">", Op::Greater),
        ]
        .into_iter()
        .find(|(written, _)| rest.starts_with(written))
        .map(|(written, op)| (op, written.len()))
        .ok_or_else(bad)?;
        let value = rest[width..].trim();
        let named = !tag.is_empty() && tag.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if !named || value.is_empty() {
            return Err(bad());
        }
        Ok(TagCondition {
            tag: tag.to_string(),
            op,
            value: value.to_string(),
        })
    }
}

impl TagCondition {
    /// Whether a game whose tag is `written` (`None` when it has none)
    /// meets the condition; a tag that is missing or unknown (`?`) meets
    /// none.
    pub fn holds(&self, written: Option<&str>) -> bool {
        let Some(written) = written else {
            return false;
        };
        let order = match tag_value(&self.tag, written) {
            TagValue::Unknown => return false,
            TagValue::Integer(number) => match self.value.parse::<i64>() {
                Ok(wanted) => number.cmp(&wanted),
                Err(_) => return false,
            },
            TagValue::TimeControl { base, .. } => match self.value.parse::<u32>() {
                Ok(wanted) => base.cmp(&wanted),
                Err(_) => written.cmp(self.value.as_str()),
            },
            TagValue::Text(text) => text.as_str().cmp(self.value.as_str()),
        };
        match self.op {
            Op::Equal => order == Ordering::Equal,
            Op::NotEqual => order != Ordering::Equal,
            Op::Less => order == Ordering::Less,
            Op::LessOrEqual => order != Ordering::Greater,
            Op::Greater => order == Ordering::Greater,
            Op::GreaterOrEqual => order != Ordering::Less,
        }
    }
}
