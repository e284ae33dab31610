//! Completion: the legal moves where a move is typed in PGN movetext,
//! and in a FEN record's castling and en passant fields what the board
//! makes possible there.

use lsp_types::{CompletionItem, CompletionItemKind, Position};
use shakmaty::{Bitboard, CastlingMode, Color, Rank, Role, Square};

use crate::{
    analysis::Analysis,
    document::{Document, Kind, byte_in_line},
};

/// What may be typed at `at`.
pub fn complete(document: &Document, analysis: &Analysis, at: Position) -> Vec<CompletionItem> {
    let number = at.line as usize;
    let line = document.line(number);
    let byte = byte_in_line(line, at.character);
    match document.kind {
        Kind::Pgn if !line.trim_start().starts_with('[') => moves(document, number, byte),
        _ => fields(
            line,
            analysis.record_at(number, byte).map(|found| found.start),
            byte,
        ),
    }
}

fn item(label: String, kind: CompletionItemKind, detail: &str) -> CompletionItem {
    CompletionItem {
        label,
        kind: Some(kind),
        detail: Some(detail.to_string()),
        ..CompletionItem::default()
    }
}

/// The legal moves of the position the game's text reaches before the
/// word being typed, those that begin with it.
fn moves(document: &Document, number: usize, byte: usize) -> Vec<CompletionItem> {
    let line = document.line(number);
    let typed_from = line[..byte]
        .char_indices()
        .rev()
        .find(|&(_, c)| c.is_whitespace() || c == '.')
        .map_or(0, |(at, c)| at + c.len_utf8());
    let typed = &line[typed_from..byte];
    // The game's lines from its first (its tags, or the file's start).
    let first = crate::games::start_of_game(document, number);
    let mut text: Vec<&str> = (first..number).map(|n| document.line(n)).collect();
    text.push(&line[..typed_from]);
    let mut game = text.join("\n");
    game.push_str(" *");
    let (plies, stop) = fenkit_games::game_plies(game.as_bytes());
    let Some(last) = plies.last().filter(|_| stop.is_none()) else {
        return Vec::new();
    };
    let position = fenkit::playable(&last.setup, CastlingMode::Standard)
        .or_else(|| fenkit::playable(&last.setup, CastlingMode::Chess960));
    let Some(position) = position else {
        return Vec::new();
    };
    fenkit::moves::legal_sans(&position)
        .into_iter()
        .filter(|san| san.starts_with(typed))
        .map(|san| item(san, CompletionItemKind::VALUE, "a legal move here"))
        .collect()
}

/// In a record's castling field, the rights its kings and rooks allow;
/// in its en passant field, the squares a double step could have passed.
fn fields(line: &str, record_start: Option<usize>, byte: usize) -> Vec<CompletionItem> {
    let Some(start) = record_start else {
        return Vec::new();
    };
    let before = &line[start..byte];
    // The field the cursor is in, from 0: a word being typed is its own.
    let words = before.split_whitespace().count();
    let field = words.saturating_sub(usize::from(!before.ends_with(char::is_whitespace)));
    let placement = line[start..].split_whitespace().next().unwrap_or("");
    let side = line[start..].split_whitespace().nth(1).unwrap_or("w");
    let Ok(board) = placement.parse::<shakmaty::Board>() else {
        return Vec::new();
    };
    match field {
        2 => {
            let mut rights = String::new();
            let home =
                |square: Square, piece: shakmaty::Piece| board.piece_at(square) == Some(piece);
            for (letter, king, rook, color) in [
                ('K', Square::E1, Square::H1, Color::White),
                ('Q', Square::E1, Square::A1, Color::White),
                ('k', Square::E8, Square::H8, Color::Black),
                ('q', Square::E8, Square::A8, Color::Black),
            ] {
                if home(king, Role::King.of(color)) && home(rook, Role::Rook.of(color)) {
                    rights.push(letter);
                }
            }
            let mut items = vec![item(
                "-".into(),
                CompletionItemKind::VALUE,
                "no castling rights",
            )];
            if !rights.is_empty() {
                items.insert(
                    0,
                    item(
                        rights,
                        CompletionItemKind::VALUE,
                        "every right the kings and rooks on their squares allow",
                    ),
                );
            }
            items
        }
        3 => {
            // The side that moved last pushed a pawn two squares: it stands
            // on its fourth rank, the two squares behind it empty.
            let mover = match side {
                "b" => Color::White,
                _ => Color::Black,
            };
            let (pawn_rank, passed, from) = match mover {
                Color::White => (Rank::Fourth, Rank::Third, Rank::Second),
                Color::Black => (Rank::Fifth, Rank::Sixth, Rank::Seventh),
            };
            let pawns = board.by_piece(Role::Pawn.of(mover)) & Bitboard::from_rank(pawn_rank);
            let mut items = vec![item(
                "-".into(),
                CompletionItemKind::VALUE,
                "no en passant target",
            )];
            for pawn in pawns {
                let target = Square::from_coords(pawn.file(), passed);
                let origin = Square::from_coords(pawn.file(), from);
                if board.piece_at(target).is_none() && board.piece_at(origin).is_none() {
                    items.push(item(
                        target.to_string(),
                        CompletionItemKind::VALUE,
                        "the square a double pawn step passed",
                    ));
                }
            }
            items
        }
        _ => Vec::new(),
    }
}
