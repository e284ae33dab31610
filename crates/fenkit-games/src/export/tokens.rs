//! The tokens of the movetext written: lines broken between tokens at
//! 79 characters (a command such as `[%clk 0:00:54]` kept whole), move
//! numbers, each move's SAN and check sign, and a comment's commands
//! stripped as asked.

use fenkit::variants::VariantPosition;
use shakmaty::{
    Bitboard, Move, Position, Role,
    san::{San, Suffix},
};

use super::{LINE, Strip};
use crate::annotations::find_command;

/// Movetext written token by token, a space between tokens and a line
/// break instead where the line would grow past [`LINE`].
#[derive(Default)]
pub(super) struct Lines {
    pub(super) text: Vec<u8>,
    pub(super) line: usize,
    /// The next token follows the last without a space: after `(`.
    pub(super) glued: bool,
}

impl Lines {
    pub(super) fn token(&mut self, token: &[u8]) {
        let space = usize::from(self.line > 0 && !self.glued);
        // A line starting with '%' is an escape line, which readers skip:
        // such a word stays on the line it follows.
        if self.line > 0 && self.line + space + token.len() > LINE && token.first() != Some(&b'%') {
            self.text.push(b'\n');
            self.line = 0;
        } else if space == 1 {
            self.text.push(b' ');
            self.line += 1;
        }
        self.glued = false;
        self.text.extend_from_slice(token);
        self.line += token.len();
    }

    /// `)`, right after the last token, or first on a line of its own
    /// when the line is full.
    pub(super) fn close(&mut self) {
        if self.line + 1 > LINE {
            self.text.push(b'\n');
            self.line = 0;
        }
        self.text.push(b')');
        self.line += 1;
    }
}

/// The move number before a move of `position`: `12.` for White, `12...`
/// for Black where it is needed (`number_next`), none otherwise.
pub(super) fn number_token(position: &VariantPosition, number_next: bool) -> Option<Vec<u8>> {
    let mut token = position.fullmoves().get().to_string().into_bytes();
    match position.turn() {
        shakmaty::Color::White => token.push(b'.'),
        shakmaty::Color::Black if number_next => token.extend_from_slice(b"..."),
        shakmaty::Color::Black => return None,
    }
    Some(token)
}

/// The standard's SAN of `played` in `position`. A piece that alone of
/// its kind attacks the square it goes to needs no file or rank, which
/// the board says without generating moves (measured: move generation
/// for SAN was the most of writing a game).
pub(super) fn standard_san(position: &VariantPosition, played: Move) -> San {
    if let Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    } = played
        && !matches!(role, Role::Pawn | Role::King)
    {
        let board = position.board();
        let turn = position.turn();
        let attackers =
            board.attacks_to(to, turn, board.occupied()) & board.by_piece(role.of(turn));
        if attackers == Bitboard::from_square(from) {
            return San::Normal {
                role,
                file: None,
                rank: None,
                capture: capture.is_some(),
                to,
                promotion,
            };
        }
    }
    San::from_move(position, played)
}

/// The check or mate sign after a move. In standard chess a move that
/// gives no check needs no move generation; a variant's game may end
/// otherwise (a king on the hill), which its rules say.
pub(super) fn suffix(position: &VariantPosition) -> Option<Suffix> {
    match position {
        VariantPosition::Chess(chess) if chess.checkers().is_empty() => None,
        VariantPosition::Chess(chess) if chess.is_checkmate() => Some(Suffix::Checkmate),
        VariantPosition::Chess(_) => Some(Suffix::Check),
        other => Suffix::from_position(other),
    }
}

/// `comment` without the commands that `strip` names.
pub(super) fn without_commands(comment: &[u8], strip: &Strip) -> Vec<u8> {
    let mut kept = Vec::with_capacity(comment.len());
    let mut rest = comment;
    while let Some(open) = find_command(rest) {
        let Some(close) = rest[open..].iter().position(|&b| b == b']') else {
            break;
        };
        let command = &rest[open + 2..open + close];
        let name = command
            .split(u8::is_ascii_whitespace)
            .next()
            .unwrap_or_default();
        let stripped = match name {
            b"clk" | b"emt" => strip.clocks,
            b"eval" => strip.evals,
            _ => false,
        };
        match stripped {
            // A blank where it stood, lest the words around it join.
            true => {
                kept.extend_from_slice(&rest[..open]);
                kept.push(b' ');
            }
            false => kept.extend_from_slice(&rest[..=open + close]),
        }
        rest = &rest[open + close + 1..];
    }
    kept.extend_from_slice(rest);
    kept
}
