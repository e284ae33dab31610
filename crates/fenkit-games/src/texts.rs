//! PGN cut into games: the one game splitter of every front end (`fen
//! pgn`, `read_pgn` in Python, SQL and Spark), so that a file has one
//! count of games and each game one text wherever it is read.
//!
//! Where a game ends is pgn-reader's rule, by pgn-reader itself (its
//! `skip_game`): after the tag pairs, the movetext runs to a line that
//! starts with `[` or to an empty line, outside comments; `%` lines are
//! escapes; a byte-order mark is skipped. What holds neither a tag pair nor
//! a word of movetext (only comments: a `;` note after a game's result, as
//! the TCEC archive writes them) is not a game, and is left out.

use std::{
    io::{self, Read},
    sync::{Arc, Mutex},
};

use pgn_reader::Reader;

/// One game's text, and the line of the input it starts on (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameText {
    pub line: u64,
    pub text: Vec<u8>,
}

impl GameText {
    /// The movetext: what follows the last tag pair, blank lines trimmed.
    ///
    /// ```
    /// use fenkit_games::pgn::GameText;
    ///
    /// let game = GameText { line: 1, text: b"[White \"a\"]\n[Black \"b\"]\n\n1. e4 e5 *\n".to_vec() };
    /// assert_eq!(game.movetext(), b"1. e4 e5 *");
    /// ```
    pub fn movetext(&self) -> &[u8] {
        &self.text[self.movetext_range()]
    }

    /// Where [`GameText::movetext`] stands in the game's text.
    pub fn movetext_range(&self) -> std::ops::Range<usize> {
        let mut start = 0;
        for line in self.text.split_inclusive(|&b| b == b'\n') {
            let trimmed = line.trim_ascii_start();
            if trimmed.starts_with(b"[") || trimmed.is_empty() {
                start += line.len();
            } else {
                break;
            }
        }
        let rest = &self.text[start..];
        let from = start + (rest.len() - rest.trim_ascii_start().len());
        from..from + rest.trim_ascii().len()
    }
}

/// Whether `text` (what pgn-reader reads as one game) holds a game: a
/// byte that is not blank and not inside a comment (`{…}`, `;` to the end
/// of the line, a `%` line).
///
/// ```
/// use fenkit_games::pgn::holds_a_game;
///
/// assert!(holds_a_game(b"[Event \"a\"]\n"));
/// assert!(holds_a_game(b"1. e4 { best } *"));
/// assert!(!holds_a_game(b"; the engines agreed\n{ and so on }\n% escaped\n"));
/// ```
pub fn holds_a_game(text: &[u8]) -> bool {
    let mut at = 0;
    // Only blanks since the last line break: where `%` escapes a line.
    let mut line_start = true;
    while let Some(&byte) = text.get(at) {
        let after = |needle: u8| memchr::memchr(needle, &text[at..]).map_or(text.len(), |i| at + i);
        at = match byte {
            b'\n' => at + 1,
            b' ' | b'\t' | b'\r' => at + 1,
            b'%' if line_start => after(b'\n'),
            b';' => after(b'\n'),
            b'{' => after(b'}') + 1,
            _ => return true,
        };
        line_start = byte == b'\n' || (line_start && byte.is_ascii_whitespace());
    }
    false
}

/// What pgn-reader has read, kept until a game's text is taken out of it.
#[derive(Default)]
struct Kept {
    text: Vec<u8>,
    /// How much of `text` is handed out already: dropped now and then,
    /// not after each game (that would move the read-ahead every time).
    taken: usize,
    /// The line number at `text[taken]`.
    line: u64,
}

/// The input, keeping each byte it gives pgn-reader.
struct Keeping<R> {
    inner: R,
    kept: Arc<Mutex<Kept>>,
}

impl<R: Read> Read for Keeping<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.text.extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

/// The games of a PGN input, one at a time, in memory about one game long
/// (and pgn-reader's buffer).
///
/// ```
/// use fenkit_games::pgn::GameTexts;
///
/// let pgn = b"\xef\xbb\xbf[Event \"a\"]\n\n1. e4 *\n\n; a note\n\n[Event \"b\"]\n\n1. d4 d5\n2. c4 *\n";
/// let games: Vec<_> = GameTexts::new(&pgn[..]).collect::<Result<_, _>>()?;
/// assert_eq!(games.len(), 2);
/// assert_eq!((games[1].line, games[1].movetext()), (7, &b"1. d4 d5\n2. c4 *"[..]));
/// # Ok::<_, std::io::Error>(())
/// ```
pub struct GameTexts<R> {
    reader: Reader<Keeping<R>>,
    kept: Arc<Mutex<Kept>>,
    done: bool,
}

impl<R: Read> GameTexts<R> {
    pub fn new(input: R) -> GameTexts<R> {
        let kept = Arc::new(Mutex::new(Kept {
            line: 1,
            ..Kept::default()
        }));
        let keeping = Keeping {
            inner: input,
            kept: Arc::clone(&kept),
        };
        GameTexts {
            reader: Reader::new(keeping),
            kept,
            done: false,
        }
    }

    /// Where pgn-reader stands in the kept text.
    fn consumed(&self, kept: &Kept) -> usize {
        kept.text.len() - self.reader.buffer().len()
    }

    /// The next text pgn-reader reads as a game, a game or not.
    fn next_text(&mut self) -> io::Result<Option<GameText>> {
        if !self.reader.has_more()? {
            return Ok(None);
        }
        let start = self.consumed(&self.kept.lock().unwrap_or_else(|e| e.into_inner()));
        self.reader.skip_game()?;
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        let end = self.consumed(&kept).max(start);
        let before = memchr::memchr_iter(b'\n', &kept.text[kept.taken..start]).count() as u64;
        let line = kept.line + before;
        let text = kept.text[start..end].to_vec();
        kept.line = line + memchr::memchr_iter(b'\n', &text).count() as u64;
        kept.taken = end;
        if kept.taken >= 1 << 20 {
            let taken = kept.taken;
            kept.text.drain(..taken);
            kept.taken = 0;
        }
        Ok(Some(GameText { line, text }))
    }
}

impl<R: Read> Iterator for GameTexts<R> {
    type Item = io::Result<GameText>;

    fn next(&mut self) -> Option<io::Result<GameText>> {
        while !self.done {
            match self.next_text() {
                Ok(Some(game)) if !holds_a_game(&game.text) => continue,
                Ok(Some(game)) => return Some(Ok(game)),
                Ok(None) => self.done = true,
                Err(err) => {
                    self.done = true;
                    return Some(Err(err));
                }
            }
        }
        None
    }
}
