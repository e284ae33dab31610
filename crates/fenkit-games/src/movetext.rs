//! The one lexer of movetext as a text, for the readers that need places
//! pgn-reader does not hand out: where each mainline move stands
//! (`mainline.rs`) and which words are dialects to rewrite
//! (`dialects.rs`). It cuts a text into what PGN's export format
//! separates: tag pairs and `%` escapes (a line each), comments (`{…}`,
//! across lines; `;` to the end of the line), the parentheses of
//! variations, and words (moves, numbers, glyphs, results). Blanks
//! separate and are skipped.

use std::ops::Range;

/// What a token is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    /// A line holding a tag pair or a `%` escape: its first non-blank
    /// byte is `[` or `%` (pgn-reader reads one there), outside a
    /// comment; to the end of the line, its `\n` included.
    Line,
    /// A `{…}` comment, its braces included; `closed` is false for one
    /// that the text ends before its `}`.
    Comment { closed: bool },
    /// A `;` comment, to the end of the line, its `\n` included.
    RestOfLine,
    /// `(`: a variation starts.
    Open,
    /// `)`: a variation ends.
    Close,
    /// Anything else up to a blank or one of `{}();`: a move, a move
    /// number, a glyph, a result. A `}` outside a comment is a word of
    /// its own, so that the lexer always moves on.
    Word,
}

/// Where the lexer stands in a text: it is handed the text at each step,
/// so that a reader may rewrite a word in place (the same length)
/// between steps.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct Lexer {
    at: usize,
    /// The text starts inside a `{` comment opened before it (a line of
    /// a game read line by line).
    in_comment: bool,
}

impl Lexer {
    /// A lexer at the start of a text that starts inside a `{` comment
    /// when `in_comment`: its first token is then the comment's rest.
    pub fn new(in_comment: bool) -> Lexer {
        Lexer { at: 0, in_comment }
    }

    /// The next token of `text` and its byte range; `None` at its end.
    /// Inlined into each reader's loop: it runs on every word of every
    /// game twice, and a call per token cost `fen pgn` 5 to 8 per cent
    /// (measured; DESIGN.md says so at movetext.rs).
    #[inline(always)]
    pub fn next(&mut self, text: &[u8]) -> Option<(Token, Range<usize>)> {
        if std::mem::take(&mut self.in_comment) {
            let (end, closed) = through(text, self.at, b'}');
            let start = std::mem::replace(&mut self.at, end);
            return Some((Token::Comment { closed }, start..end));
        }
        let blanks = text
            .get(self.at..)?
            .iter()
            .position(|b| !b.is_ascii_whitespace())?;
        let start = self.at + blanks;
        let (token, end) = match text[start] {
            b'[' | b'%' if starts_line(text, start) => (Token::Line, through(text, start, b'\n').0),
            b'{' => {
                let (end, closed) = through(text, start + 1, b'}');
                (Token::Comment { closed }, end)
            }
            b';' => (Token::RestOfLine, through(text, start, b'\n').0),
            b'(' => (Token::Open, start + 1),
            b')' => (Token::Close, start + 1),
            _ => {
                let length = text[start + 1..]
                    .iter()
                    .position(|&b| b.is_ascii_whitespace() || b"{}();".contains(&b))
                    .map_or(text.len() - start, |length| length + 1);
                (Token::Word, start + length)
            }
        };
        self.at = end;
        Some((token, start..end))
    }
}

/// Whether only blanks stand before byte `at` on its line.
#[inline]
fn starts_line(text: &[u8], at: usize) -> bool {
    text[..at]
        .iter()
        .rev()
        .find(|&&b| !matches!(b, b' ' | b'\t' | b'\r'))
        .is_none_or(|&b| b == b'\n')
}

/// The end of what runs from `from` to `stop`, `stop` included; whether
/// `stop` was found (else the text's end).
#[inline]
fn through(text: &[u8], from: usize, stop: u8) -> (usize, bool) {
    match memchr::memchr(stop, &text[from..]) {
        Some(end) => (from + end + 1, true),
        None => (text.len(), false),
    }
}

#[cfg(test)]
mod tests {
    use super::{Lexer, Token};

    fn tokens(text: &str, in_comment: bool) -> Vec<(Token, &str)> {
        let mut lexer = Lexer::new(in_comment);
        std::iter::from_fn(|| lexer.next(text.as_bytes()))
            .map(|(token, at)| (token, &text[at]))
            .collect()
    }

    #[test]
    fn each_kind_is_cut_where_it_ends() {
        use Token::*;
        let text = "[Event \"a {b\"]\n  % esc ; x\n1.e4 {c (d)\n e} e5?!(1...c5)} ; rest {\n$1 *";
        assert_eq!(
            tokens(text, false),
            [
                (Line, "[Event \"a {b\"]\n"),
                (Line, "% esc ; x\n"),
                (Word, "1.e4"),
                (Comment { closed: true }, "{c (d)\n e}"),
                (Word, "e5?!"),
                (Open, "("),
                (Word, "1...c5"),
                (Close, ")"),
                (Word, "}"),
                (RestOfLine, "; rest {\n"),
                (Word, "$1"),
                (Word, "*"),
            ]
        );
    }

    #[test]
    fn a_comment_may_start_before_the_text_and_end_after_it() {
        use Token::*;
        assert_eq!(
            tokens(" still } 2. Nf3 {open", true),
            [
                (Comment { closed: true }, " still }"),
                (Word, "2."),
                (Word, "Nf3"),
                (Comment { closed: false }, "{open"),
            ]
        );
        assert_eq!(
            tokens("[not a tag", true),
            [(Comment { closed: false }, "[not a tag")]
        );
        assert_eq!(tokens("1. e4 [x]", false)[2], (Word, "[x]"));
    }
}
