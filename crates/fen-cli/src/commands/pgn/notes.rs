//! The annotation columns of `fen pgn` (clock, move time, evaluation,
//! NAGs, comment, arrows, circles), written for every ply as TSV text or
//! JSON.

use std::io::Write;

use clap::ValueEnum;
use fenkit_games::{Annotations, Eval};

use crate::output;

/// An annotation column of `fen pgn`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Note {
    Clock,
    Emt,
    #[value(name = "eval_cp")]
    EvalCp,
    #[value(name = "eval_mate")]
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

    pub(super) fn name(self) -> &'static str {
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
        }
    }

    /// The columns asked for, `annotations` spelled out, each once.
    pub(super) fn columns(asked: &[Note]) -> Vec<Note> {
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
/// the comment's words escaped; `accuracy` is the move's, computed by the
/// caller, which knows the ply before. Written directly, not through JSON
/// values: this runs for every column of every ply.
pub(super) fn write_note(
    text: &mut Vec<u8>,
    note: Note,
    (notes, accuracy): (&Annotations, Option<f64>),
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
        Note::Accuracy => match accuracy {
            Some(accuracy) => {
                let _ = write!(text, "{accuracy:.1}");
            }
            None => null(text),
        },
        Note::Annotations => null(text),
    }
}
