//! The games of a PGN document: where each starts and ends, and what its
//! tags say, for symbols and folding.

use lsp_types::{DocumentSymbol, FoldingRange, Position, Range, SymbolKind};

use crate::document::Document;

/// A game: its lines (first and last, from 0) and its tags.
struct Game {
    first: usize,
    last: usize,
    tags: Vec<(String, String)>,
}

impl Game {
    fn tag(&self, name: &str) -> &str {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map_or("?", |(_, v)| v.as_str())
    }
}

/// `[Name "value"]`, read.
fn tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name.to_string(), value.replace("\\\"", "\"")))
}

/// The games: a game starts at a tag line that follows movetext (or at
/// the first tag line), and ends at the last non-empty line before the
/// next one.
fn games(document: &Document) -> Vec<Game> {
    let mut games: Vec<Game> = Vec::new();
    let mut in_moves = true;
    for (number, line) in document.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match tag(line) {
            Some(found) => {
                if in_moves {
                    games.push(Game {
                        first: number,
                        last: number,
                        tags: Vec::new(),
                    });
                }
                in_moves = false;
                if let Some(game) = games.last_mut() {
                    game.tags.push(found);
                    game.last = number;
                }
            }
            None => {
                in_moves = true;
                match games.last_mut() {
                    Some(game) => game.last = number,
                    // Movetext before any tag is a game of its own.
                    None => games.push(Game {
                        first: number,
                        last: number,
                        tags: Vec::new(),
                    }),
                }
            }
        }
    }
    games
}

/// One symbol per game: White – Black, its result and date.
#[allow(deprecated)] // `DocumentSymbol::deprecated`, which the type still has.
pub fn symbols(document: &Document) -> Vec<DocumentSymbol> {
    games(document)
        .into_iter()
        .map(|game| {
            let end = document.line(game.last).encode_utf16().count() as u32;
            let range = Range::new(
                Position::new(game.first as u32, 0),
                Position::new(game.last as u32, end),
            );
            DocumentSymbol {
                name: format!("{} – {}", game.tag("White"), game.tag("Black")),
                detail: Some(format!("{}, {}", game.tag("Result"), game.tag("Date"))),
                kind: SymbolKind::EVENT,
                tags: None,
                deprecated: None,
                range,
                selection_range: Range::new(range.start, range.start),
                children: None,
            }
        })
        .collect()
}

/// One fold per game of more than one line.
pub fn folding(document: &Document) -> Vec<FoldingRange> {
    if document.kind != crate::document::Kind::Pgn {
        return Vec::new();
    }
    games(document)
        .into_iter()
        .filter(|game| game.last > game.first)
        .map(|game| FoldingRange {
            start_line: game.first as u32,
            end_line: game.last as u32,
            ..FoldingRange::default()
        })
        .collect()
}
