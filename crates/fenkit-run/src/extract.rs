//! Where the records stand in a line: FEN records (several per line), one
//! EPD record per line, a CSV/TSV column, a JSON-lines key, or the
//! `[FEN "…"]` tag of a PGN game.

use std::{borrow::Cow, collections::HashMap};

use serde_json::value::RawValue;

/// How to find records in a line.
#[derive(Clone)]
pub enum Extract {
    /// The records of a line of FEN or EPD text, as the library's
    /// splitter finds them (several FEN records per line; one EPD record).
    Records(fenkit::Format),
    /// Column `index` (0-based) of lines split at `delimiter`.
    Column { index: usize, delimiter: u8 },
    /// The column of lines split at `delimiter` whose header is `name`:
    /// each input's own header says which ([`Extract::for_header`]).
    NamedColumn { name: String, delimiter: u8 },
    /// The string under `key` of a JSON object per line.
    Json { key: String },
    /// The value of each `[FEN "…"]` tag.
    PgnTag,
}

/// What a line holds: records at their byte offsets, or why it holds none
/// it should.
pub enum Extracted<'a> {
    Record(usize, Cow<'a, [u8]>),
    Missing(String),
}

impl Extract {
    /// Whether records stand in the rows of a table (a CSV/TSV column, a
    /// JSON key), whose rows may be longer than a record.
    pub fn is_table(&self) -> bool {
        matches!(
            self,
            Extract::Column { .. } | Extract::NamedColumn { .. } | Extract::Json { .. }
        )
    }

    /// This extraction for an input whose first line is `header`: a named
    /// column becomes that column's number, or an error naming the
    /// columns there are; a numbered column with no `/` in line 1 (a
    /// header read as a record) gets a hint in the second place.
    pub fn for_header(
        &self,
        header: &[u8],
        skips_header: bool,
    ) -> Result<(Extract, Option<String>), String> {
        match self {
            Extract::NamedColumn { name, delimiter } => {
                let mut names = Vec::new();
                for index in 0.. {
                    let Ok((_, text)) = column(header, index, *delimiter) else {
                        break;
                    };
                    let text = String::from_utf8_lossy(text).trim().to_string();
                    if text == *name {
                        return Ok((
                            Extract::Column {
                                index,
                                delimiter: *delimiter,
                            },
                            None,
                        ));
                    }
                    names.push(fenkit::printable(&text).into_owned());
                }
                Err(format!(
                    "no column named '{}' in the header; its columns are {}",
                    fenkit::printable(name),
                    names.join(", ")
                ))
            }
            &Extract::Column { index, delimiter } => {
                let hint = match column(header, index, delimiter) {
                    Ok((_, text)) if !skips_header && !text.contains(&b'/') && !text.is_empty() => {
                        let name = String::from_utf8_lossy(text);
                        let name = fenkit::printable(&name);
                        Some(format!(
                            "line 1 looks like a header: column {} holds '{name}', not a FEN record; give --header to skip it, or --field {name} to name the column",
                            index + 1,
                        ))
                    }
                    _ => None,
                };
                Ok((Extract::Column { index, delimiter }, hint))
            }
            other => Ok((other.clone(), None)),
        }
    }

    /// Calls `emit` with each record of `line`, in order.
    pub fn each<'a, E>(
        &self,
        line: &'a [u8],
        mut emit: impl FnMut(Extracted<'a>) -> Result<(), E>,
    ) -> Result<(), E> {
        // A blank line holds no record, in any format.
        if line.iter().all(u8::is_ascii_whitespace) {
            return Ok(());
        }
        match self {
            Extract::Records(format) => {
                for (offset, bytes) in fenkit::records_in(line, *format) {
                    emit(Extracted::Record(offset, Cow::Borrowed(bytes)))?;
                }
                Ok(())
            }
            Extract::Column { index, delimiter } => emit(match column(line, *index, *delimiter) {
                Ok((offset, bytes)) => Extracted::Record(offset, Cow::Borrowed(bytes)),
                Err(columns) => Extracted::Missing(format!(
                    "the line has {columns} {}; the FEN was to be in column {}",
                    if columns == 1 { "column" } else { "columns" },
                    index + 1
                )),
            }),
            Extract::Json { key } => emit(json_field(line, key)),
            // Resolved by `for_header` before any line is read.
            Extract::NamedColumn { .. } => {
                unreachable!("a named column is resolved from its header")
            }
            Extract::PgnTag => {
                let start = line.iter().take_while(|b| b.is_ascii_whitespace()).count();
                let Some(rest) = line[start..].strip_prefix(b"[FEN \"") else {
                    return Ok(());
                };
                let value = start + 6;
                let end = rest
                    .iter()
                    .rposition(|&b| b == b'"')
                    .map_or(line.len(), |at| value + at);
                emit(Extracted::Record(value, Cow::Borrowed(&line[value..end])))
            }
        }
    }
}

/// Column `index` of a CSV/TSV line with its offset (inside quotes for a
/// quoted column), or the number of columns when there are too few.
fn column(line: &[u8], index: usize, delimiter: u8) -> Result<(usize, &[u8]), usize> {
    let mut pos = 0;
    let mut number = 0;
    loop {
        let (start, end, next) = if line.get(pos) == Some(&b'"') {
            // A quoted column: "" stands for one quote inside.
            let mut at = pos + 1;
            loop {
                match line[at..].iter().position(|&b| b == b'"') {
                    Some(q) if line.get(at + q + 1) == Some(&b'"') => at += q + 2,
                    Some(q) => break (pos + 1, at + q, at + q + 1),
                    None => break (pos + 1, line.len(), line.len()),
                }
            }
        } else {
            let end = line[pos..]
                .iter()
                .position(|&b| b == delimiter)
                .map_or(line.len(), |at| pos + at);
            (pos, end, end)
        };
        if number == index {
            return Ok((start, &line[start..end]));
        }
        number += 1;
        match line[next..].iter().position(|&b| b == delimiter) {
            Some(at) => pos = next + at + 1,
            None => return Err(number),
        }
    }
}

/// The value under `key` in `fields`: the key itself, or for a key with
/// dots (`a.b.c`) the path through nested objects. When it is not there,
/// the deepest object the path reached (`None` for the line's own) and
/// that object's keys (`None` when the value there is no object).
fn find_key<'a>(
    fields: &HashMap<String, &'a RawValue>,
    key: &str,
) -> Result<&'a RawValue, (Option<String>, Option<Vec<String>>)> {
    if let Some(raw) = fields.get(key) {
        return Ok(raw);
    }
    let mut parts = key.split('.');
    let first = parts.next().unwrap_or(key);
    let keys_of = |object: &HashMap<String, &RawValue>| Some(object.keys().cloned().collect());
    let (Some(mut raw), true) = (fields.get(first).copied(), key.contains('.')) else {
        return Err((None, keys_of(fields)));
    };
    let mut path = first.to_string();
    for part in parts {
        let object: HashMap<String, &'a RawValue> =
            serde_json::from_str(raw.get()).map_err(|_| (Some(path.clone()), None))?;
        raw = object
            .get(part)
            .copied()
            .ok_or_else(|| (Some(path.clone()), keys_of(&object)))?;
        path = format!("{path}.{part}");
    }
    Ok(raw)
}

/// The string under `key` of the JSON object on `line` (a dotted key
/// reaches into nested objects), at its place in the line when it has no
/// escapes.
fn json_field<'a>(line: &'a [u8], key: &str) -> Extracted<'a> {
    type Object<'a> = HashMap<String, &'a RawValue>;
    let fields: Object = match serde_json::from_slice(line) {
        Ok(fields) => fields,
        Err(err) => {
            // In words, without serde's names for its tokens.
            let why = match err.classify() {
                serde_json::error::Category::Eof => "it ends before the object does".to_string(),
                serde_json::error::Category::Data => {
                    "it is JSON, but not an object of strings and values".to_string()
                }
                _ => format!("it breaks JSON syntax at column {}", err.column()),
            };
            return Extracted::Missing(format!("the line is not a JSON object: {why}"));
        }
    };
    let raw = match find_key(&fields, key) {
        Ok(raw) => raw,
        Err((at, keys)) => {
            let key = fenkit::printable(key);
            let keys = keys.map(|keys| {
                let mut keys: Vec<_> = keys
                    .iter()
                    .map(|k| format!("'{}'", fenkit::printable(k)))
                    .collect();
                keys.sort();
                keys.join(", ")
            });
            return Extracted::Missing(match (at, keys) {
                (None, Some(keys)) if keys.is_empty() => {
                    format!("the JSON object has no key '{key}': it is empty")
                }
                (Some(at), Some(keys)) if keys.is_empty() => format!(
                    "the JSON object has no key '{key}': the object under '{}' is empty",
                    fenkit::printable(&at)
                ),
                (None, Some(keys)) => {
                    format!("the JSON object has no key '{key}' (its keys: {keys})")
                }
                (Some(at), Some(keys)) => format!(
                    "the JSON object has no key '{key}' (the keys under '{}': {keys})",
                    fenkit::printable(&at)
                ),
                (at, None) => format!(
                    "the JSON object has no key '{key}': the value under '{}' is not an object",
                    fenkit::printable(at.as_deref().unwrap_or_default())
                ),
            });
        }
    };
    let text = raw.get();
    // The raw value is a slice of the line, so its place is known.
    let offset_of = |part: &str| part.as_ptr() as usize - line.as_ptr() as usize;
    if let Some(inner) = text.strip_prefix('"').and_then(|t| t.strip_suffix('"'))
        && !inner.contains('\\')
    {
        return Extracted::Record(offset_of(inner), Cow::Borrowed(inner.as_bytes()));
    }
    match serde_json::from_str(text) {
        Ok(serde_json::Value::String(value)) => {
            Extracted::Record(offset_of(text), Cow::Owned(value.into_bytes()))
        }
        _ => Extracted::Missing(format!(
            "the value of '{}' is not a string: {}",
            fenkit::printable(key),
            fenkit::printable(&text.chars().take(40).collect::<String>())
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(extract: &Extract, line: &str) -> Vec<String> {
        let mut out = Vec::new();
        let _ = extract.each::<()>(line.as_bytes(), |found| {
            out.push(match found {
                Extracted::Record(offset, bytes) => {
                    format!("{offset}:{}", String::from_utf8_lossy(&bytes))
                }
                Extracted::Missing(why) => format!("missing: {why}"),
            });
            Ok(())
        });
        out
    }

    #[test]
    fn columns_are_found_with_their_offsets() {
        let csv = Extract::Column {
            index: 1,
            delimiter: b',',
        };
        assert_eq!(
            found(&csv, "00sHx,q3k1nr/1pp1nQpp/3p4 b k - 0 17,e8d7"),
            ["6:q3k1nr/1pp1nQpp/3p4 b k - 0 17"]
        );
        assert_eq!(
            found(&csv, "\"a,b\",\"8/8 w - - 0 1\",x"),
            ["7:8/8 w - - 0 1"]
        );
        assert_eq!(
            found(&csv, "only"),
            ["missing: the line has 1 column; the FEN was to be in column 2"]
        );
        let tsv = Extract::Column {
            index: 0,
            delimiter: b'\t',
        };
        assert_eq!(found(&tsv, "8/8 w - - 0 1\t0.3"), ["0:8/8 w - - 0 1"]);
    }

    #[test]
    fn json_lines_give_the_string_and_its_place() {
        let json = Extract::Json { key: "fen".into() };
        assert_eq!(
            found(&json, r#"{"id": 1, "fen": "8/8 w - - 0 1"}"#),
            ["18:8/8 w - - 0 1"]
        );
        assert_eq!(
            found(&json, r#"{"id": 1}"#),
            ["missing: the JSON object has no key 'fen' (its keys: 'id')"]
        );
        assert!(found(&json, "not json")[0].starts_with("missing: the line is not a JSON object"));
    }

    #[test]
    fn dotted_keys_reach_into_nested_objects() {
        let nested = Extract::Json {
            key: "game.start.fen".into(),
        };
        let line = r#"{"id": 1, "game": {"start": {"fen": "8/8 w - - 0 1"}}}"#;
        assert_eq!(found(&nested, line), ["37:8/8 w - - 0 1"]);
        assert_eq!(
            found(&nested, r#"{"game": {"end": 1, "moves": 2}}"#),
            [
                "missing: the JSON object has no key 'game.start.fen' (the keys under 'game': 'end', 'moves')"
            ]
        );
        assert_eq!(
            found(&nested, r#"{"game": 3}"#),
            [
                "missing: the JSON object has no key 'game.start.fen': the value under 'game' is not an object"
            ]
        );
        // A key with a dot in its name is found as it is.
        let dotted = Extract::Json { key: "a.b".into() };
        assert_eq!(
            found(&dotted, r#"{"a.b": "8/8 w - - 0 1"}"#),
            ["9:8/8 w - - 0 1"]
        );
    }

    #[test]
    fn pgn_fen_tags_are_read_and_other_lines_skipped() {
        assert_eq!(
            found(&Extract::PgnTag, r#"[FEN "8/8 w - - 0 1"]"#),
            ["6:8/8 w - - 0 1"]
        );
        assert!(found(&Extract::PgnTag, r#"[Event "x"]"#).is_empty());
        assert!(found(&Extract::PgnTag, "1. e4 e5").is_empty());
    }

    #[test]
    fn epd_lines_are_one_record_in_auto_mode() {
        assert_eq!(
            found(
                &Extract::Records(fenkit::Format::Auto),
                r#"  8/8 w - - id "a/b c/d";"#
            ),
            [r#"2:8/8 w - - id "a/b c/d";"#]
        );
        assert_eq!(
            found(
                &Extract::Records(fenkit::Format::Auto),
                "8/8 w - - 0 1 8/7K b - - 0 2"
            )
            .len(),
            2
        );
    }
}
