//! PGN text cut into games without reading their moves: a game is its
//! tag pairs and the movetext after them, up to the next tag pair that
//! follows movetext. What is inside each game is the reader's business
//! (pgn-reader, through `fenkit::games::pgn`).

use std::io::{self, BufRead};

/// One game's text, and the line of the input it starts on (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    pub line: u64,
    pub text: Vec<u8>,
}

impl PgnGame {
    /// The movetext: what follows the last tag pair, blank lines trimmed.
    ///
    /// ```
    /// let game = fenkit_io::PgnGame { line: 1, text: b"[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 *\n".to_vec() };
    /// assert_eq!(game.movetext(), b"1. e4 e5 *");
    /// ```
    pub fn movetext(&self) -> &[u8] {
        let mut start = 0;
        for line in self.text.split_inclusive(|&b| b == b'\n') {
            if is_tag_line(line) || line.trim_ascii().is_empty() {
                start += line.len();
            } else {
                break;
            }
        }
        self.text[start..].trim_ascii()
    }
}

fn is_tag_line(line: &[u8]) -> bool {
    line.trim_ascii_start().starts_with(b"[")
}

/// The games of a PGN input, one at a time, in memory one game long.
///
/// ```
/// let pgn = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 d5\n2. c4 *\n";
/// let games: Vec<_> = fenkit_io::PgnGames::new(&pgn[..]).collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert_eq!((games[1].line, games[1].movetext()), (5, &b"1. d4 d5\n2. c4 *"[..]));
/// # Ok::<_, std::io::Error>(())
/// ```
pub struct PgnGames<R> {
    input: R,
    /// The first line of the next game, read ahead.
    pending: Option<Vec<u8>>,
    line: u64,
    done: bool,
}

impl<R: BufRead> PgnGames<R> {
    pub fn new(input: R) -> PgnGames<R> {
        PgnGames {
            input,
            pending: None,
            line: 0,
            done: false,
        }
    }

    fn next_line(&mut self) -> io::Result<Option<Vec<u8>>> {
        if let Some(line) = self.pending.take() {
            return Ok(Some(line));
        }
        let mut line = Vec::new();
        if self.input.read_until(b'\n', &mut line)? == 0 {
            return Ok(None);
        }
        self.line += 1;
        Ok(Some(line))
    }

    fn read_game(&mut self) -> io::Result<Option<PgnGame>> {
        let mut text = Vec::new();
        let mut first_line = 0;
        let mut seen_moves = false;
        while let Some(line) = self.next_line()? {
            let blank = line.trim_ascii().is_empty();
            if text.is_empty() && blank {
                continue;
            }
            if seen_moves && is_tag_line(&line) {
                self.pending = Some(line);
                break;
            }
            if text.is_empty() {
                first_line = self.line;
            }
            seen_moves |= !blank && !is_tag_line(&line);
            text.extend_from_slice(&line);
        }
        Ok((!text.is_empty()).then_some(PgnGame {
            line: first_line,
            text,
        }))
    }
}

impl<R: BufRead> Iterator for PgnGames<R> {
    type Item = io::Result<PgnGame>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let game = self.read_game().transpose();
        self.done = game.is_none() || matches!(game, Some(Err(_)));
        game
    }
}
