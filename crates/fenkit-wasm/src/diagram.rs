//! Diagrams: `svg(fen, options)`, the bytes `fen svg` writes for the same
//! record and options, and one piece's drawing for a page that places
//! pieces itself. The options are the command's flags by their names in
//! camel case (the service's `/board.svg` parameters), each read by the
//! diagrams library's own parser, so that a value the command refuses is
//! refused here with the same words.

use std::str::FromStr;

use fenkit_diagrams::{BadOption, Diagram, Orientation, PieceSet, SIZES};
use serde_json::{Value, json};

use crate::{answer, read_options, refused};

/// The options `svg` takes, besides those of reading (`variant`,
/// `chess960`, `input`, `lenient`).
const OPTIONS: [&str; 13] = [
    "size",
    "orientation",
    "flip",
    "coordinates",
    "colors",
    "theme",
    "pieces",
    "check",
    "lastMove",
    "arrows",
    "marks",
    "caption",
    "evalBar",
];
const READING: [&str; 4] = ["input", "lenient", "variant", "chess960"];

/// An option refused: `{"ok": false, "errors": [{"message": ...}]}`.
pub(crate) fn bad_option(name: &str, why: &str) -> Value {
    json!({"ok": false, "errors": [{"message": format!("{name}: {why}")}]})
}

/// A text option read by its parser.
fn parsed<T: FromStr<Err = BadOption>>(name: &str, value: &Value) -> Result<T, Value> {
    let text = value
        .as_str()
        .ok_or_else(|| bad_option(name, "is not a string"))?;
    text.parse()
        .map_err(|BadOption(why)| bad_option(name, &why))
}

/// A list option: an array of strings, or one string with commas (as
/// the command's flag takes it).
fn listed<T: FromStr<Err = BadOption>>(name: &str, value: &Value) -> Result<Vec<T>, Value> {
    let items: Vec<Value> = match value {
        Value::String(text) => (text.split(',').filter(|item| !item.is_empty()))
            .map(Value::from)
            .collect(),
        Value::Array(items) => items.clone(),
        _ => return Err(bad_option(name, "is not a list")),
    };
    items.iter().map(|item| parsed(name, item)).collect()
}

fn flag(name: &str, value: &Value) -> Result<bool, Value> {
    value
        .as_bool()
        .ok_or_else(|| bad_option(name, "is not true or false"))
}

/// The diagram `options` ask for (a JSON object), or the first option
/// refused.
pub fn diagram(options: &Value) -> Result<Diagram, Value> {
    let mut diagram = Diagram::default();
    let Some(options) = options.as_object() else {
        return Ok(diagram);
    };
    for (name, value) in options {
        match name.as_str() {
            "size" => {
                let size = (value.as_u64()).and_then(|size| u32::try_from(size).ok());
                diagram.size = size.filter(|size| SIZES.contains(size)).ok_or_else(|| {
                    let (least, most) = (SIZES.start(), SIZES.end());
                    bad_option(name, &format!("is not a number within {least} to {most}"))
                })?;
            }
            "orientation" => diagram.orientation = parsed(name, value)?,
            "flip" => {
                if flag(name, value)? {
                    diagram.orientation = Orientation::Black;
                }
            }
            "coordinates" => diagram.coordinates = parsed(name, value)?,
            "colors" | "theme" => diagram.theme = parsed(name, value)?,
            "pieces" => {
                let set = value.as_str().unwrap_or_default();
                diagram.pieces = PieceSet::named(set).ok_or_else(|| {
                    let known = PieceSet::NAMES.join(", ");
                    bad_option(name, &format!("is not a piece set; the sets are {known}"))
                })?;
            }
            "check" => diagram.check = parsed(name, value)?,
            "lastMove" => {
                let text = value.as_str().unwrap_or_default();
                let squares = fenkit_diagrams::move_squares(text);
                diagram.last_move = Some(squares.map_err(|BadOption(why)| bad_option(name, &why))?);
            }
            "arrows" => diagram.arrows = listed(name, value)?,
            "marks" => diagram.marks = listed(name, value)?,
            "caption" => diagram.caption = flag(name, value)?,
            "evalBar" => diagram.eval_bar = flag(name, value)?,
            known if READING.contains(&known) => {}
            _ => {
                let known = [&OPTIONS[..], &READING[..]].concat().join(", ");
                let why = format!("is not an option of svg; the options are {known}");
                return Err(bad_option(&fenkit::printable(name), &why));
            }
        }
    }
    Ok(diagram)
}

/// The diagram of the record `fen` as `fen svg` draws it with the same
/// options: a position that breaks the rules is drawn with its faulty
/// squares crossed out (its faults, warnings, beside the image).
pub fn svg(fen: &str, options: &Value) -> Value {
    let read = match read_options(options) {
        Ok(read) => read,
        Err(why) => return json!({"ok": false, "errors": [{"message": why}]}),
    };
    let diagram = match diagram(options) {
        Ok(diagram) => diagram,
        Err(refused) => return refused,
    };
    let parsed = match read.parse(fen.as_bytes()) {
        Ok(parsed) => parsed,
        Err(error) => return refused(error.diagnostics(), fen),
    };
    let (crossed, _faults) = fenkit_diagrams::faults_to_draw(&read, fen.as_bytes(), &parsed);
    let mut diagram = diagram.with_problems(crossed);
    if diagram.eval_bar {
        diagram.eval = fenkit::marks::Eval::of_epd(&parsed);
    }
    answer(fenkit_diagrams::svg(&parsed.setup, &diagram))
}

/// The drawing of one piece (`wK`, `bN`…) of a shipped set, a standalone
/// SVG document 45 units square, as `fen serve` serves it at
/// `/pieces/SET/ID.svg`.
pub fn piece_svg(set: &str, id: &str) -> Value {
    let Some(pieces) = PieceSet::named(set) else {
        let known = PieceSet::NAMES.join(", ");
        let why = format!(
            "'{}' is not a piece set; the sets are {known}",
            fenkit::printable(set)
        );
        return json!({"ok": false, "errors": [{"message": why}]});
    };
    let piece = fenkit_diagrams::piece_order()
        .into_iter()
        .find(|(_, stem)| *stem == id);
    match piece {
        Some((piece, _)) => answer(pieces.piece_svg(piece)),
        None => {
            let why = format!(
                "no piece is called '{}'; try wK or bN",
                fenkit::printable(id)
            );
            json!({"ok": false, "errors": [{"message": why}]})
        }
    }
}
