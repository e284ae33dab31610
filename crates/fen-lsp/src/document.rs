//! A document as the editor holds it: its text, cut into lines, and the
//! positions the protocol speaks in (a line and a UTF-16 code unit in it)
//! turned into byte offsets and back.

use lsp_types::{Position, Range, TextDocumentContentChangeEvent};

/// What kind of file a document is: the records it holds are read as its
/// kind says.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// FEN records (EPD read where a line holds `;`, as `fen check` does).
    Fen,
    /// EPD records.
    Epd,
    /// PGN games: their `[FEN]` tags are records.
    Pgn,
}

impl Kind {
    /// The kind the client's language id names, or else the file's
    /// extension; FEN when neither says.
    pub fn of(language: &str, uri: &str) -> Kind {
        let extension = uri.rsplit('.').next().unwrap_or("").to_ascii_lowercase();
        match (language, extension.as_str()) {
            ("epd", _) | (_, "epd") => Kind::Epd,
            ("pgn", _) | (_, "pgn") => Kind::Pgn,
            _ => Kind::Fen,
        }
    }

    /// How the records of a document of this kind are read: EPD in an
    /// EPD file, FEN or EPD by the record elsewhere, as `fen check` reads;
    /// a PGN `[FEN]` tag with Chess960's castling too (lichess's exports
    /// hold Chess960 games, whose tags write rights by rook file, and
    /// standard rights read the same either way).
    pub fn read_options(self) -> fenkit::ReadOptions {
        fenkit::ReadOptions::default()
            .with_format(match self {
                Kind::Epd => fenkit::Format::Epd,
                _ => fenkit::Format::Auto,
            })
            .with_castling(match self {
                Kind::Pgn => shakmaty::CastlingMode::Chess960,
                _ => shakmaty::CastlingMode::Standard,
            })
    }
}

pub struct Document {
    pub kind: Kind,
    pub version: i32,
    text: String,
    /// The byte offset where each line starts.
    starts: Vec<usize>,
}

impl Document {
    pub fn new(kind: Kind, version: i32, text: String) -> Document {
        let mut document = Document {
            kind,
            version,
            text,
            starts: Vec::new(),
        };
        document.index();
        document
    }

    fn index(&mut self) {
        self.starts.clear();
        self.starts.push(0);
        let newlines = self.text.match_indices('\n').map(|(at, _)| at + 1);
        self.starts.extend(newlines);
    }

    /// How the records of line `number` are read: as the document's kind
    /// says, and in PGN by the rules of the `[Variant]` tag among the
    /// line's own tags (a Crazyhouse game's `[FEN]` holds its pockets,
    /// a Three-check game's its checks).
    pub fn read_options_at(&self, number: usize) -> fenkit::ReadOptions {
        let read = self.kind.read_options();
        if self.kind != Kind::Pgn {
            return read;
        }
        let is_tag = |n: &usize| self.line(*n).trim_start().starts_with('[');
        let first = (0..=number)
            .rev()
            .take_while(is_tag)
            .last()
            .unwrap_or(number);
        let variant = (first..self.line_count())
            .take_while(is_tag)
            .find_map(|n| {
                let value = self.line(n).trim().strip_prefix("[Variant")?;
                let name = value.trim().strip_prefix('"')?.strip_suffix("\"]")?;
                fenkit::variants::named_variant(name)
            })
            .map_or(shakmaty::variant::Variant::Chess, |named| named.variant);
        read.with_variant(variant)
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The lines, without their line breaks (`\n`, `\r\n`).
    pub fn lines(&self) -> impl Iterator<Item = &str> {
        (0..self.starts.len()).map(|number| self.line(number))
    }

    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// Line `number` (from 0) without its line break; empty past the end.
    pub fn line(&self, number: usize) -> &str {
        let Some(&start) = self.starts.get(number) else {
            return "";
        };
        let end = self
            .starts
            .get(number + 1)
            .map_or(self.text.len(), |&next| next - 1);
        let line = &self.text[start..end.max(start)];
        line.strip_suffix('\r').unwrap_or(line)
    }

    /// The byte offset of `position` in the text: a character past the
    /// end of its line is the line's end, a line past the end the text's.
    pub fn offset(&self, position: Position) -> usize {
        let number = position.line as usize;
        let Some(&start) = self.starts.get(number) else {
            return self.text.len();
        };
        start + byte_in_line(self.line(number), position.character)
    }

    /// Applies one change the client sent: a range replaced, or the whole
    /// text when it gives no range.
    pub fn apply(&mut self, change: TextDocumentContentChangeEvent) {
        match change.range {
            None => self.text = change.text,
            Some(range) => {
                let start = self.offset(range.start);
                let end = self.offset(range.end).max(start);
                self.text.replace_range(start..end, &change.text);
            }
        }
        self.index();
    }
}

/// The byte offset in `line` of UTF-16 code unit `character`, as the
/// protocol counts positions by default.
pub fn byte_in_line(line: &str, character: u32) -> usize {
    let mut units = 0;
    for (at, c) in line.char_indices() {
        if units >= character as usize {
            return at;
        }
        units += c.len_utf16();
    }
    line.len()
}

/// The UTF-16 code unit of byte offset `byte` in `line` (a byte inside a
/// character counts as that character's start).
pub fn character_in_line(line: &str, byte: usize) -> u32 {
    let mut byte = byte.min(line.len());
    while !line.is_char_boundary(byte) {
        byte -= 1;
    }
    line[..byte].encode_utf16().count() as u32
}

/// The range of bytes `start..end` of line `number`.
pub fn range_in_line(line: &str, number: usize, start: usize, end: usize) -> Range {
    let at = |byte| Position::new(number as u32, character_in_line(line, byte));
    Range::new(at(start), at(end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units_and_edits_land_where_they_say() {
        let mut document = Document::new(Kind::Fen, 1, "a–b\r\nc😀d\n".to_string());
        assert_eq!(document.line_count(), 3);
        assert_eq!(document.line(0), "a–b");
        // Line 1 starts after "a–b\r\n" (7 bytes); its UTF-16 unit 3 is `d`.
        assert_eq!(document.offset(Position::new(1, 3)), 7 + 1 + 4);
        assert_eq!(character_in_line(document.line(1), 5), 3);
        let change = TextDocumentContentChangeEvent {
            range: Some(Range::new(Position::new(0, 1), Position::new(0, 2))),
            range_length: None,
            text: "-".to_string(),
        };
        document.apply(change);
        assert_eq!(document.line(0), "a-b");
        assert_eq!(document.line(1), "c😀d");
    }
}
