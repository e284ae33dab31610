//! Where the moves of a game's mainline stand in its text: pgn-reader hands
//! its visitor moves without their places, so diagnostics find a move
//! again here; and the first word that is no SAN, which pgn-reader skips.

use pgn_reader::SanPlus;

use crate::{
    dialects::glued_number_len,
    movetext::{Lexer, Token},
};

/// Where the `ply`-th move (1 for the first) of the mainline stands in the
/// text of one game, as a byte range: what a diagnostic about that move
/// points at. pgn-reader hands its visitor moves without their places, so
/// the movetext is walked again here: tag pairs, comments (`{…}` and `;`
/// to the end of the line), variations, NAGs, move numbers and results
/// are not moves.
///
/// ```
/// let game = b"[Event \"x\"]\n\n1. e4 {best} e5 (1... c5 2. Nf3) 2.Zz9 Nc6 *\n";
/// let at = fenkit_games::pgn::mainline_move(game, 3).unwrap();
/// assert_eq!(&game[at], b"Zz9");
/// assert_eq!(fenkit_games::pgn::mainline_move(game, 5), None);
/// ```
pub fn mainline_move(game: &[u8], ply: usize) -> Option<std::ops::Range<usize>> {
    mainline_moves(game).nth(ply.checked_sub(1)?)
}

/// Every word of a game's mainline that stands where a move stands, as
/// byte ranges in order: what pgn-reader should have played, one for one.
/// A word it skipped (`Zz9` is no SAN) shows as one range more than the
/// plies played.
///
/// ```
/// let game = b"1. e4 {best} e5 (1... c5) 2. Zz9 Nf3 $1 *";
/// let words: Vec<_> = fenkit_games::pgn::mainline_moves(game).map(|at| &game[at]).collect();
/// assert_eq!(words, [&b"e4"[..], b"e5", b"Zz9", b"Nf3"]);
/// ```
pub fn mainline_moves(game: &[u8]) -> MainlineMoves<'_> {
    MainlineMoves {
        game,
        lexer: Lexer::default(),
        depth: 0,
    }
}

/// Where a problem of the annotations of the `ply`-th move (0 for the
/// comments before the first) stands in the text of its game: the first
/// such command after the move, as
/// [`Annotations::problems`](crate::Annotations::problems) quotes
/// it; `None` when the text does not hold it as quoted.
///
/// ```
/// use fenkit_games::{Annotations, pgn::annotation_problem_at};
///
/// let game = b"1. e4 { [%clk 0:03:00] } e5 { [%clk 0:xx:00] } *";
/// let mut notes = Annotations::default();
/// notes.read_comment(b" [%clk 0:xx:00] ");
/// let at = annotation_problem_at(game, 2, &notes.problems[0]).unwrap();
/// assert_eq!(&game[at], b"[%clk 0:xx:00]");
/// ```
pub fn annotation_problem_at(
    game: &[u8],
    ply: usize,
    problem: &str,
) -> Option<std::ops::Range<usize>> {
    let command = problem.split(": ").next()?;
    let from = mainline_move(game, ply)
        .map_or(0, |at| at.end)
        .min(game.len());
    let at = from + memchr::memmem::find(&game[from..], command.as_bytes())?;
    Some(at..at + command.len())
}

/// The first word of a game's mainline that is no SAN, as its index
/// among the mainline's words (0 for the first move) and its byte range.
/// pgn-reader skips such words without a word to its visitor and plays on,
/// so a game with one (`Zz9`, a truncated `dx`, a UCI `g1f3`) is not the
/// game its text says: every reader of whole games stops at this word.
///
/// ```
/// let game = b"1. e4 e5 2. Zz9 Nc6 *";
/// let (index, at) = fenkit_games::pgn::first_word_not_san(game).unwrap();
/// assert_eq!((index, &game[at]), (2, &b"Zz9"[..]));
/// assert!(fenkit_games::pgn::first_word_not_san(b"1. e4 e5!? 2. O-O+ *").is_none());
/// ```
pub fn first_word_not_san(game: &[u8]) -> Option<(usize, std::ops::Range<usize>)> {
    (mainline_moves(game).enumerate()).find(|(_, at)| !is_san_word(&game[at.clone()]))
}

/// Whether a word where a move stands is one to pgn-reader: SAN, with
/// annotations glued to it (`e5!?`, which are NAGs to pgn-reader).
pub(crate) fn is_san_word(word: &[u8]) -> bool {
    let word = word.trim_ascii_end();
    let word = match word.iter().rposition(|b| !b"!?".contains(b)) {
        Some(last) => &word[..=last],
        None => word,
    };
    SanPlus::from_ascii(word).is_ok()
}

/// The iterator of [`mainline_moves`].
pub struct MainlineMoves<'a> {
    game: &'a [u8],
    lexer: Lexer,
    /// How deep in variations the walk stands.
    depth: usize,
}

impl Iterator for MainlineMoves<'_> {
    type Item = std::ops::Range<usize>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (token, at) = self.lexer.next(self.game)?;
            match token {
                Token::Open => self.depth += 1,
                Token::Close => self.depth = self.depth.saturating_sub(1),
                Token::Word if self.depth == 0 => {
                    // A move number may stand glued to its move: `12.e4`.
                    let start = at.start + glued_number_len(&self.game[at.clone()]);
                    let word = &self.game[start..at.end];
                    let not_a_move = word.is_empty()
                        || word.starts_with(b"$")
                        || [&b"1-0"[..], b"0-1", b"1/2-1/2", b"*"].contains(&word);
                    if !not_a_move {
                        return Some(start..at.end);
                    }
                }
                _ => {}
            }
        }
    }
}

/// The move that a SAN read from long algebraic notation means, where it
/// means one: UCI (`g1f3`, which SAN reads as a pawn on g1), or from and to
/// squares without the `x` of a capture (`Be2c4`).
pub(crate) fn long_algebraic(
    position: &impl shakmaty::Position,
    san: &shakmaty::san::San,
) -> Option<shakmaty::Move> {
    let shakmaty::san::San::Normal {
        role,
        file: Some(file),
        rank: Some(rank),
        capture: false,
        to,
        promotion,
    } = *san
    else {
        return None;
    };
    let from = shakmaty::Square::from_coords(file, rank);
    let piece = position.board().piece_at(from)?;
    position.legal_moves().into_iter().find(|m| {
        m.from() == Some(from)
            && m.to() == to
            && m.promotion() == promotion
            && (role == shakmaty::Role::Pawn || m.role() == role)
            && piece.role == m.role()
    })
}

#[cfg(test)]
mod tests {
    use super::mainline_move;

    fn nth(game: &str, ply: usize) -> Option<&str> {
        mainline_move(game.as_bytes(), ply).map(|at| &game[at])
    }

    #[test]
    fn a_stray_closing_brace_is_passed_over() {
        assert_eq!(nth("1. e4 } e5 *", 1), Some("e4"));
        assert!(super::first_word_not_san(b"}").is_some());
    }

    #[test]
    fn moves_are_found_past_what_is_not_a_move() {
        let game = "[Event \"a; b (c)\"]\n[FEN \"8/8 w - - 0 1\"]\n\n% escaped e4\n1. e4 $1 e5?! ; comment e6\n2. Nf3 {x (y) z} (2. Nc3 (2. f4) Nc6) 2... Nc6 3.Bb5 0-0 1-0\n";
        let moves: Vec<_> = (1..=6).map(|ply| nth(game, ply)).collect();
        assert_eq!(
            moves,
            [
                Some("e4"),
                Some("e5?!"),
                Some("Nf3"),
                Some("Nc6"),
                Some("Bb5"),
                Some("0-0")
            ]
        );
        assert_eq!(nth(game, 7), None);
        assert_eq!(nth("1... e5 2. Nf3", 1), Some("e5"));
    }
}
