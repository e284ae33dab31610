//! The games of a PGN document: where each starts and ends, and what its
//! tags say, for symbols and folding; and each game played, its first
//! move that cannot be played found at its characters.

use std::{collections::HashMap, hash::BuildHasher};

use lsp_types::{
    Diagnostic, DiagnosticSeverity, DocumentSymbol, FoldingRange, NumberOrString, Position, Range,
    SymbolKind, TextEdit,
};

use crate::{
    document::{Document, byte_in_line, character_in_line},
    published::Published,
};

/// A game: its lines (first and last, from 0), the first line of its
/// movetext, and its tags.
struct Game {
    first: usize,
    last: usize,
    moves_from: Option<usize>,
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

/// The games, cut by fenkit's one game splitter as `fen pgn` cuts them
/// (pgn-reader's rule: the movetext runs to a tag line or an empty
/// line), each from its first line that is not blank to its last.
fn games(document: &Document) -> Vec<Game> {
    let texts = fenkit_games::pgn::GameTexts::new(document.text().as_bytes());
    // Reading from memory does not fail.
    texts
        .filter_map(Result::ok)
        .filter_map(|game| {
            let text = String::from_utf8_lossy(&game.text);
            let lines: Vec<&str> = text.lines().collect();
            let filled = |line: &&str| !line.trim().is_empty();
            let top = lines.iter().position(filled)?;
            let bottom = lines.iter().rposition(filled)?;
            let start = game.line as usize - 1;
            let body = &lines[top..=bottom];
            let tags: Vec<(String, String)> = body.iter().map_while(|line| tag(line)).collect();
            let moves_from = body[tags.len()..].iter().position(filled);
            Some(Game {
                first: start + top,
                last: start + bottom,
                moves_from: moves_from.map(|at| start + top + tags.len() + at),
                tags,
            })
        })
        .collect()
}

/// The first line of the game that line `number` belongs to (the last
/// game starting at or before it).
pub fn start_of_game(document: &Document, number: usize) -> usize {
    games(document)
        .iter()
        .map(|game| game.first)
        .take_while(|&first| first <= number)
        .last()
        .unwrap_or(0)
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

/// Each game's movetext written as PGN's export format lays it out:
/// tokens one blank apart, lines of at most 79 characters (a comment's
/// words wrapped like moves, a `;` comment ending its line, a `%` line
/// kept whole); nothing of the game changes but the blanks.
pub fn reflowed(document: &Document) -> Vec<TextEdit> {
    let mut edits = Vec::new();
    for game in games(document) {
        let Some(first) = game.moves_from else {
            continue;
        };
        let lines: Vec<&str> = (first..=game.last).map(|n| document.line(n)).collect();
        let text = crate::reflow::movetext(&lines);
        if text != lines.join("\n") {
            let end = document.line(game.last).encode_utf16().count() as u32;
            let range = Range::new(
                Position::new(first as u32, 0),
                Position::new(game.last as u32, end),
            );
            edits.push(TextEdit::new(range, text));
        }
    }
    edits
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

/// What playing a game found: where (bytes of its text; `None` for the
/// game as a whole), how bad, the code and the message.
type Finding = (
    Option<std::ops::Range<usize>>,
    DiagnosticSeverity,
    &'static str,
    String,
);

/// The position of byte `byte` of a game's text (its `lines` joined by
/// line breaks, the first being line `first` of the document).
fn position_in_game(lines: &[&str], first: usize, byte: usize) -> Position {
    let mut start = 0;
    for (index, line) in lines.iter().enumerate() {
        if byte <= start + line.len() {
            let number = first + index;
            return Position::new(number as u32, character_in_line(line, byte - start));
        }
        start += line.len() + 1;
    }
    Position::new((first + lines.len().saturating_sub(1)) as u32, 0)
}

/// A move of a game's mainline, with the position after it.
pub struct MoveAt {
    /// Where the move stands.
    pub range: Range,
    /// The move as written, with its number (`12... Nf6`).
    pub label: String,
    /// The game after it.
    pub ply: fenkit_games::GamePly,
    /// The rules the game is played by (its `[Variant]` tag).
    pub variant: shakmaty::variant::Variant,
}

/// The move of the mainline under `at`, when the game plays to it.
pub fn move_at(document: &Document, at: Position) -> Option<MoveAt> {
    let number = at.line as usize;
    let game = games(document)
        .into_iter()
        .find(|game| game.first <= number && number <= game.last)?;
    let lines: Vec<&str> = (game.first..=game.last).map(|n| document.line(n)).collect();
    let text = lines.join("\n");
    let line = lines[number - game.first];
    let before: usize = lines[..number - game.first]
        .iter()
        .map(|l| l.len() + 1)
        .sum();
    let offset = before + byte_in_line(line, at.character);
    let (index, word) = fenkit_games::pgn::mainline_moves(text.as_bytes())
        .enumerate()
        .find(|(_, word)| word.start <= offset && offset <= word.end)?;
    let (plies, _) = fenkit_games::game_plies(text.as_bytes());
    let ply = plies.into_iter().nth(index + 1)?;
    // The mover is the side not to move after it.
    let label = match ply.setup.turn {
        shakmaty::Color::Black => format!("{}. {}", ply.setup.fullmoves, &text[word.clone()]),
        shakmaty::Color::White => format!(
            "{}... {}",
            ply.setup.fullmoves.get().saturating_sub(1),
            &text[word.clone()]
        ),
    };
    let variant = fenkit::variants::named_variant(game.tag("Variant"))
        .map_or(shakmaty::variant::Variant::Chess, |named| named.variant);
    Some(MoveAt {
        range: Range::new(
            position_in_game(&lines, game.first, word.start),
            position_in_game(&lines, game.first, word.end),
        ),
        label,
        ply,
        variant,
    })
}

/// What playing each game found, by a hash of the game's text: an edit
/// replays only the games it changed.
#[derive(Default)]
pub struct Played {
    games: HashMap<u64, Vec<Finding>>,
}

impl Played {
    /// The move of each game that cannot be played (illegal, ambiguous,
    /// no move at all), at its characters; a `[Variant]` fenkit does not
    /// play, or a comment never closed, at the game's first line; a
    /// `[Result]` tag its last position contradicts, at the tag; a
    /// `[%clk]`, `[%emt]`, `[%eval]`, `[%cal]` or `[%csl]` command that
    /// does not read, at the command. A `[FEN]` tag's problems are the
    /// record's, found with the records.
    pub fn diagnostics(&mut self, document: &Document, out: &mut Published) {
        let mut seen = HashMap::new();
        for game in games(document) {
            let lines: Vec<&str> = (game.first..=game.last).map(|n| document.line(n)).collect();
            let text = lines.join("\n");
            let key = rustc_hash::FxBuildHasher.hash_one(&text);
            let found = match self.games.remove(&key).or_else(|| seen.remove(&key)) {
                Some(found) => found,
                None => play(&text, &game),
            };
            let locate = |byte| position_in_game(&lines, game.first, byte);
            for (at, severity, code, message) in &found {
                let range = match at {
                    Some(at) => Range::new(locate(at.start), locate(at.end)),
                    None => Range::new(locate(0), locate(lines[0].len())),
                };
                out.push(range, || Diagnostic {
                    range,
                    severity: Some(*severity),
                    code: Some(NumberOrString::String(code.to_string())),
                    source: Some("fenkit".to_string()),
                    message: message.clone(),
                    ..Diagnostic::default()
                });
            }
            seen.insert(key, found);
        }
        self.games = seen;
    }
}

/// Plays the game in `text` as `fen pgn` does: its commands that do not
/// read; where it stops, if early; else whether its last position
/// contradicts its `[Result]` tag.
fn play(text: &str, game: &Game) -> Vec<Finding> {
    let (plies, stop) = fenkit_games::game_plies(text.as_bytes());
    let mut found: Vec<Finding> = plies
        .iter()
        .flat_map(|ply| {
            ply.annotations.problems.iter().map(|problem| {
                let at =
                    fenkit_games::pgn::annotation_problem_at(text.as_bytes(), ply.ply, problem);
                (
                    at,
                    DiagnosticSeverity::WARNING,
                    "bad-annotation",
                    problem.clone(),
                )
            })
        })
        .collect();
    match stop {
        Some(fenkit_games::NoPly::Unplayable(error)) => {
            // A [FEN] tag's problems are found where the tag stands, as a
            // record.
            let tag = error.ply.is_none() && text.contains("[FEN");
            if !tag || error.code == fenkit::Code::UnknownVariant {
                let at = error
                    .ply
                    .and_then(|ply| fenkit_games::pgn::mainline_move(text.as_bytes(), ply));
                found.push((
                    at,
                    DiagnosticSeverity::ERROR,
                    error.code.as_str(),
                    error.message,
                ));
            }
        }
        Some(fenkit_games::NoPly::Beyond { .. }) => {}
        None => found.extend(result_contradicted(text, game, plies.last())),
    }
    found
}

/// The `[Result]` tag of a standard game, when its last position
/// contradicts it (a variant's positions are not at hand here).
fn result_contradicted(
    text: &str,
    game: &Game,
    last: Option<&fenkit_games::GamePly>,
) -> Option<Finding> {
    let standard = matches!(
        game.tag("Variant"),
        "?" | "Standard" | "Chess960" | "From Position"
    );
    if !standard || last?.setup.pockets.is_some() {
        return None;
    }
    let setup = &last?.setup;
    let position = fenkit::playable(setup, shakmaty::CastlingMode::Chess960)?;
    let message = fenkit_games::result::contradicted_result(&position, game.tag("Result"))?;
    let start = text.find("[Result")?;
    let end = start + text[start..].find('\n').unwrap_or(text.len() - start);
    let code = fenkit::Code::ResultContradicted;
    Some((
        Some(start..end),
        DiagnosticSeverity::WARNING,
        code.as_str(),
        message,
    ))
}
