//! The options an engine offers, as its answer to `uci` lists them
//! (`option name Hash type spin default 16 min 1 max 33554432`), and
//! whether a value is one an option takes: checked before `setoption`, so
//! that a wrong name or value is said, not silently ignored as engines
//! do.

/// An option the engine offers, as its `uci` answer lists it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Offered {
    pub(crate) name: String,
    pub(crate) kind: String,
    pub(crate) min: Option<i64>,
    pub(crate) max: Option<i64>,
    pub(crate) vars: Vec<String>,
}

/// An `option name NAME type KIND [default D] [min N] [max N] [var V]…`
/// line. Names may hold blanks: the name runs to the word `type`.
pub(crate) fn read_option(line: &str) -> Offered {
    let words: Vec<&str> = line.split_ascii_whitespace().collect();
    let mut offered = Offered::default();
    let mut at = 1;
    let mut field = "";
    let mut value: Vec<&str> = Vec::new();
    let flush = |field: &str, value: &mut Vec<&str>, offered: &mut Offered| {
        let joined = value.join(" ");
        match field {
            "name" => offered.name = joined,
            "type" => offered.kind = joined,
            "min" => offered.min = joined.parse().ok(),
            "max" => offered.max = joined.parse().ok(),
            "var" => offered.vars.push(joined),
            _ => {}
        }
        value.clear();
    };
    while at < words.len() {
        let word = words[at];
        let keyword = matches!(word, "name" | "type" | "default" | "min" | "max" | "var")
            // A name runs to `type`, whatever words it holds.
            && (field != "name" || word == "type");
        if keyword {
            flush(field, &mut value, &mut offered);
            field = word;
        } else {
            value.push(word);
        }
        at += 1;
    }
    flush(field, &mut value, &mut offered);
    offered
}

/// Whether `value` is one the option takes: a number within its bounds,
/// `true` or `false`, one of its choices; a string or button takes any.
pub(crate) fn accepts(offered: &Offered, value: &str) -> bool {
    match offered.kind.as_str() {
        "spin" => value.parse::<i64>().is_ok_and(|number| {
            offered.min.is_none_or(|min| number >= min)
                && offered.max.is_none_or(|max| number <= max)
        }),
        "check" => matches!(value, "true" | "false"),
        "combo" => offered
            .vars
            .iter()
            .any(|var| var.eq_ignore_ascii_case(value)),
        _ => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_read_with_blanks_in_their_names() {
        let offered = read_option("option name Skill Level type spin default 20 min 0 max 20");
        assert_eq!(offered.name, "Skill Level");
        assert_eq!((offered.min, offered.max), (Some(0), Some(20)));
        assert!(accepts(&offered, "3") && !accepts(&offered, "21") && !accepts(&offered, "x"));
        let combo = read_option(
            "option name UCI_Variant type combo default chess var chess var 3check var giveaway",
        );
        assert_eq!(combo.vars, ["chess", "3check", "giveaway"]);
        assert!(accepts(&combo, "3CHECK") && !accepts(&combo, "shogi"));
    }
}
