//! The columns of a ply's row after its FEN, as `fen pgn` and `fen
//! search` write them, TSV text or JSON: a game's tags, and what the
//! comments say of the ply (clock, move time, evaluation, NAGs, comment,
//! arrows, circles).

use std::io::Write;

use fenkit_games::{Annotations, Eval, TagValue};

use crate::output;

/// An annotation column of `fen pgn`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Note {
    Clock,
    Emt,
    #[cfg_attr(feature = "clap", value(name = "eval_cp"))]
    EvalCp,
    #[cfg_attr(feature = "clap", value(name = "eval_mate"))]
    EvalMate,
    Nags,
    Comment,
    Arrows,
    Circles,
    /// Every column above.
    Annotations,
    /// The accuracy of the move, from 0 to 100, by lichess's formula over
    /// the evaluations before and after it (`fenkit_games::advice`): not
    /// an annotation of the file, so not among `annotations`.
    Accuracy,
    /// The position's WDL for the side to move (−2 to 2) from endgame
    /// tables, none where they do not hold it: not among `annotations`.
    Wdl,
    /// The position's DTZ from endgame tables, as `wdl`.
    Dtz,
}

/// What a ply's row says that its comments do not, worked out by the
/// caller: the move's accuracy (it knows the ply before) and the
/// tables' verdict on the position.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct PlyFacts {
    pub accuracy: Option<f64>,
    pub wdl: Option<i8>,
    pub dtz: Option<i32>,
}

impl Note {
    const ALL: [Note; 8] = [
        Note::Clock,
        Note::Emt,
        Note::EvalCp,
        Note::EvalMate,
        Note::Nags,
        Note::Comment,
        Note::Arrows,
        Note::Circles,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Note::Clock => "clock",
            Note::Emt => "emt",
            Note::EvalCp => "eval_cp",
            Note::EvalMate => "eval_mate",
            Note::Nags => "nags",
            Note::Comment => "comment",
            Note::Arrows => "arrows",
            Note::Circles => "circles",
            Note::Annotations => "annotations",
            Note::Accuracy => "accuracy",
            Note::Wdl => "wdl",
            Note::Dtz => "dtz",
        }
    }

    /// The columns asked for, `annotations` spelled out, each once.
    pub fn columns(asked: &[Note]) -> Vec<Note> {
        let mut columns: Vec<Note> = Vec::new();
        for &note in asked {
            let each: &[Note] = match note {
                Note::Annotations => &Note::ALL,
                _ => std::slice::from_ref(&note),
            };
            for &note in each {
                if !columns.contains(&note) {
                    columns.push(note);
                }
            }
        }
        columns
    }
}

/// Writes one annotation column's value: TSV text (empty for none), or
/// JSON (null for none); with `escape` (standard output is a terminal),
/// the comment's words escaped. Written directly, not through JSON
/// values: this runs for every column of every ply.
pub fn write_note(
    text: &mut Vec<u8>,
    note: Note,
    (notes, facts): (&Annotations, &PlyFacts),
    json: bool,
    escape: bool,
) {
    if json {
        text.push(b',');
        text.push(b'"');
        text.extend_from_slice(note.name().as_bytes());
        text.extend_from_slice(b"\":");
    } else {
        text.push(b'\t');
    }
    let null = |text: &mut Vec<u8>| {
        if json {
            text.extend_from_slice(b"null");
        }
    };
    let (cp, mate) = match notes.eval {
        Some(Eval::Centipawns { cp, .. }) => (Some(cp), None),
        Some(Eval::Mate { moves, .. }) => (None, Some(moves)),
        None => (None, None),
    };
    match note {
        Note::Clock | Note::Emt => match if note == Note::Clock {
            notes.clock
        } else {
            notes.emt
        } {
            // Whole seconds, the usual case, written as integers are (a
            // float's shortest form costs more), with JSON's `.0`.
            Some(seconds) if seconds.abs() < 1e15 && seconds == (seconds as i64) as f64 => {
                text.extend_from_slice(itoa::Buffer::new().format(seconds as i64).as_bytes());
                if json {
                    text.extend_from_slice(b".0");
                }
            }
            Some(seconds) if json => {
                let _ = serde_json::to_writer(&mut *text, &seconds);
            }
            Some(seconds) => {
                let _ = write!(text, "{seconds}");
            }
            None => null(text),
        },
        Note::EvalCp | Note::EvalMate => match if note == Note::EvalCp { cp } else { mate } {
            Some(value) => text.extend_from_slice(itoa::Buffer::new().format(value).as_bytes()),
            None => null(text),
        },
        Note::Nags => {
            let (open, close, between) = if json { ("[", "]", ",") } else { ("", "", " ") };
            text.extend_from_slice(open.as_bytes());
            for (n, nag) in notes.nags.iter().enumerate() {
                if n > 0 {
                    text.extend_from_slice(between.as_bytes());
                }
                text.extend_from_slice(itoa::Buffer::new().format(*nag).as_bytes());
            }
            text.extend_from_slice(close.as_bytes());
        }
        Note::Comment if notes.comment.is_empty() => null(text),
        Note::Comment if json => {
            let _ = serde_json::to_writer(&mut *text, &notes.comment);
        }
        // On a terminal, what the input says is escaped, as tags are.
        Note::Comment if escape => {
            let words = notes.comment.replace(['\t', '\r', '\n'], " ");
            output::input_text(text, words.as_bytes(), true);
        }
        Note::Comment => fenkit_io::write_field(text, &notes.comment, b'\t'),
        Note::Arrows | Note::Circles => {
            let list = if note == Note::Arrows {
                &notes.arrows
            } else {
                &notes.circles
            };
            text.extend_from_slice(if json { b"[" } else { b"" });
            for (n, d) in list.iter().enumerate() {
                if n > 0 {
                    text.push(b',');
                }
                let quote: &[u8] = if json { b"\"" } else { b"" };
                text.extend_from_slice(quote);
                d.append_ascii_to(text);
                text.extend_from_slice(quote);
            }
            text.extend_from_slice(if json { b"]" } else { b"" });
        }
        Note::Accuracy => match facts.accuracy {
            Some(accuracy) => {
                let _ = write!(text, "{accuracy:.1}");
            }
            None => null(text),
        },
        Note::Wdl | Note::Dtz => match if note == Note::Wdl {
            facts.wdl.map(i32::from)
        } else {
            facts.dtz
        } {
            Some(value) => text.extend_from_slice(itoa::Buffer::new().format(value).as_bytes()),
            None => null(text),
        },
        Note::Annotations => null(text),
    }
}

/// The values of the tags `asked` for (of the tags `kept`, whose values
/// are `values`): TSV columns, or JSON keys (typed where lichess's are:
/// ratings as integers, `TimeControl` as base and increment), each after
/// what `text` holds. `UTCDateTime` is `UTCDate` and `UTCTime` as one
/// moment, read from the two tags kept after those asked for. `fen pgn`
/// and `fen search` write their tags so.
pub fn write_tags(
    text: &mut Vec<u8>,
    (asked, kept): (&[String], &[String]),
    values: &[Option<String>],
    json: bool,
    escape: bool,
) {
    let kept = |name: &str| {
        let at = kept.iter().position(|tag| tag == name)?;
        values.get(at).cloned().flatten()
    };
    let moment = || fenkit_games::utc_moment(&kept("UTCDate")?, &kept("UTCTime")?);
    for (name, value) in asked.iter().zip(values) {
        let value = match name.as_str() {
            fenkit_games::UTC_MOMENT => &moment(),
            _ => value,
        };
        if json {
            text.push(b',');
            let _ = serde_json::to_writer(&mut *text, name);
            text.push(b':');
            let typed = value.as_deref().map(|v| fenkit_games::tag_value(name, v));
            let _ = match typed {
                Some(TagValue::Integer(n)) => serde_json::to_writer(&mut *text, &n),
                Some(TagValue::TimeControl { base, increment }) => serde_json::to_writer(
                    &mut *text,
                    &serde_json::json!({"base": base, "increment": increment}),
                ),
                Some(TagValue::Unknown) => serde_json::to_writer(&mut *text, &()),
                _ => serde_json::to_writer(&mut *text, value),
            };
            continue;
        }
        text.push(b'\t');
        // TSV has no quoting: tabs and line breaks as spaces.
        let value = value.as_deref().unwrap_or("");
        match escape {
            true => {
                let value = value.replace(['\t', '\r', '\n'], " ");
                output::input_text(text, value.as_bytes(), true);
            }
            false => fenkit_io::write_field(text, value, b'\t'),
        }
    }
}

/// The tags whose values the plies carry: those `asked` for, then
/// `UTCDate` and `UTCTime` when `UTCDateTime` is asked for.
pub fn kept_tags(asked: &[String]) -> Vec<String> {
    let mut kept = asked.to_vec();
    if asked.iter().any(|tag| tag == fenkit_games::UTC_MOMENT) {
        kept.extend(["UTCDate".to_string(), "UTCTime".to_string()]);
    }
    kept
}
