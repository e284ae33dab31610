//! What players, engines and servers write in a move's comment: the clock
//! (`[%clk 0:03:00]`), the time the move took (`[%emt 0:00:05]`), an
//! evaluation (`[%eval 0.17]`, `[%eval #-3,22]`), arrows and circled
//! squares (`[%cal Ge2e4,Rd1d8]`, `[%csl Gd4]`), numeric annotation glyphs,
//! and the words of the comment with the commands taken out. lichess
//! writes the first five into every game it exports; ChessBase, the
//! others.

use shakmaty::Square;

pub use fenkit::marks::{Brush, Eval, Shape};

/// The annotations of one ply (or, for ply 0, of the game before its first
/// move).
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub struct Annotations {
    /// The mover's clock after the move, in seconds.
    pub clock: Option<f64>,
    /// The time the move took, in seconds.
    pub emt: Option<f64>,
    pub eval: Option<Eval>,
    pub arrows: Vec<Shape>,
    pub circles: Vec<Shape>,
    /// Numeric annotation glyphs, `$1` or the `!`-style suffixes as numbers.
    pub nags: Vec<u8>,
    /// The comments' words, the commands taken out; comments joined by a
    /// space.
    pub comment: String,
    /// Commands that could not be read, in words (the rest of the game is
    /// read all the same).
    pub problems: Vec<String>,
}

/// No annotations, for plies read without them.
pub const NONE: Annotations = Annotations {
    clock: None,
    emt: None,
    eval: None,
    arrows: Vec::new(),
    circles: Vec::new(),
    nags: Vec::new(),
    comment: String::new(),
    problems: Vec::new(),
};

impl Annotations {
    /// Whether nothing is annotated.
    pub fn is_empty(&self) -> bool {
        self.clock.is_none()
            && self.emt.is_none()
            && self.eval.is_none()
            && self.arrows.is_empty()
            && self.circles.is_empty()
            && self.nags.is_empty()
            && self.comment.is_empty()
    }

    /// Reads one comment's commands and words into these annotations; the
    /// first clock, move time and evaluation found stand.
    ///
    /// ```
    /// use fenkit_games::{Annotations, Eval};
    ///
    /// let mut notes = Annotations::default();
    /// notes.read_comment(b" [%eval -1.5,20] [%clk 0:02:58.4] Good move [%cal Ge2e4,Rd1d8] [%csl Yd4]");
    /// assert_eq!(notes.clock, Some(178.4));
    /// assert_eq!(notes.eval, Some(Eval::Centipawns { cp: -150, depth: Some(20) }));
    /// assert_eq!((notes.arrows.len(), notes.circles.len()), (2, 1));
    /// assert_eq!(notes.comment, "Good move");
    ///
    /// notes.read_comment(b"[%clk 1:xx:00] [%eval #-3]");
    /// assert_eq!(notes.problems, ["[%clk 1:xx:00]: a clock is h:mm:ss"]);
    /// ```
    pub fn read_comment(&mut self, comment: &[u8]) {
        // Read as bytes: commands are ASCII, and lichess's comments are
        // commands and blanks only, so the words (and their UTF-8 check)
        // are the rare case. Measured: a third of `fen pgn --columns
        // annotations` went to reading comments as `str`.
        let mut rest = comment;
        while let Some(open) = find_command(rest) {
            // An unclosed command is words.
            let Some(close) = rest[open..].iter().position(|&b| b == b']') else {
                break;
            };
            self.words(&rest[..open]);
            self.command(&rest[open..=open + close]);
            rest = &rest[open + close + 1..];
        }
        self.words(rest);
    }

    /// Clears these annotations, keeping what they hold allocated for the
    /// next ply.
    pub fn clear(&mut self) {
        self.clock = None;
        self.emt = None;
        self.eval = None;
        self.arrows.clear();
        self.circles.clear();
        self.nags.clear();
        self.comment.clear();
        self.problems.clear();
    }

    /// The words between commands, joined to the comment by single spaces.
    fn words(&mut self, part: &[u8]) {
        if part.iter().all(u8::is_ascii_whitespace) {
            return;
        }
        for word in String::from_utf8_lossy(part).split_whitespace() {
            if !self.comment.is_empty() {
                self.comment.push(' ');
            }
            self.comment.push_str(word);
        }
    }

    /// One `[%name args]` command.
    fn command(&mut self, command: &[u8]) {
        let inner = command[2..command.len() - 1].trim_ascii();
        let blank = inner.iter().position(u8::is_ascii_whitespace);
        let (name, args) = blank.map_or((inner, &b""[..]), |at| inner.split_at(at));
        let args = args.trim_ascii();
        let problem = match name {
            b"clk" | b"emt" => match seconds(args) {
                Some(value) => {
                    let slot = if name == b"clk" {
                        &mut self.clock
                    } else {
                        &mut self.emt
                    };
                    slot.get_or_insert(value);
                    None
                }
                None => Some("a clock is h:mm:ss"),
            },
            b"eval" => match eval(args) {
                Some(value) => {
                    self.eval.get_or_insert(value);
                    None
                }
                None => Some("an evaluation is pawns (0.17) or mate in N (#-3), then ,depth"),
            },
            b"cal" | b"csl" => {
                let mut bad = false;
                for item in args.split(|&b| b == b',').filter(|item| !item.is_empty()) {
                    match shape(item.trim_ascii()) {
                        Some(d) if d.from == d.to => self.circles.push(d),
                        Some(d) => self.arrows.push(d),
                        None => bad = true,
                    }
                }
                bad.then_some("arrows and circles are a colour (G, R, Y, B) and squares, such as Ge2e4 or Rd4")
            }
            _ => None,
        };
        if let Some(problem) = problem {
            let command = String::from_utf8_lossy(command);
            self.problems
                .push(format!("{}: {problem}", fenkit::printable(&command)));
        }
    }
}

/// Where the next `[%` starts. Comments and their commands are short:
/// plain loops here, not memchr and memmem, whose setup per call cost
/// more than the search (measured: a fifth of `fen pgn --columns
/// annotations` with them).
pub(crate) fn find_command(text: &[u8]) -> Option<usize> {
    (0..text.len().saturating_sub(1)).find(|&at| text[at] == b'[' && text[at + 1] == b'%')
}

/// The run of decimal digits that starts `text`: its value (none when
/// past a `u64`) and its length. Clocks and evaluations are read in one
/// pass of these, not split and then parsed: they are on every move of
/// every lichess game (measured: reading them was two thirds of reading
/// comments).
fn leading_number(text: &[u8]) -> (Option<u64>, usize) {
    let mut value = Some(0u64);
    let mut len = 0;
    for &b in text {
        if !b.is_ascii_digit() {
            break;
        }
        value = value.and_then(|v| v.checked_mul(10)?.checked_add(u64::from(b - b'0')));
        len += 1;
    }
    (value, len)
}

/// `text` without the digits that start it, when it starts with some
/// that fit a `u32` and then `separator`.
fn number_then(text: &[u8], separator: u8) -> Option<(u32, &[u8])> {
    let (value, len) = leading_number(text);
    if len == 0 || text.get(len) != Some(&separator) {
        return None;
    }
    Some((u32::try_from(value?).ok()?, &text[len + 1..]))
}

/// `h:mm:ss` or `h:mm:ss.f` in seconds.
fn seconds(text: &[u8]) -> Option<f64> {
    let (hours, rest) = number_then(text, b':')?;
    let (minutes, s) = number_then(rest, b':')?;
    let (whole, len) = leading_number(s);
    let whole = u32::try_from(whole?).ok().filter(|_| len > 0)?;
    let seconds = match &s[len..] {
        // Whole seconds, the usual case, as an integer.
        [] => f64::from(whole),
        // A fraction: read as a float, as python-chess does.
        [b'.', fraction @ ..] if fraction.iter().all(u8::is_ascii_digit) => std::str::from_utf8(s)
            .ok()?
            .trim_end_matches('.')
            .parse::<f64>()
            .ok()?,
        _ => return None,
    };
    // As python-chess sums them: whole hours and minutes, then the seconds.
    Some(f64::from(hours) * 3600.0 + f64::from(minutes) * 60.0 + seconds)
}

/// `0.17`, `-1.5`, `#3`, `#-3`, each with an optional `,depth`.
fn eval(text: &[u8]) -> Option<Eval> {
    let (value, depth) = match text.iter().position(|&b| b == b',') {
        Some(at) => {
            let depth = text[at + 1..].trim_ascii();
            let (number, len) = leading_number(depth);
            if len == 0 || len != depth.len() {
                return None;
            }
            (&text[..at], Some(u32::try_from(number?).ok()?))
        }
        None => (text, None),
    };
    if let Some(mate) = value.strip_prefix(b"#") {
        let moves = std::str::from_utf8(mate)
            .ok()?
            .trim_start_matches('+')
            .parse::<i32>()
            .ok()?;
        return Some(Eval::Mate { moves, depth });
    }
    let (negative, unsigned) = match value.first() {
        Some(b'-') => (true, &value[1..]),
        Some(b'+') => (false, &value[1..]),
        _ => (false, value),
    };
    let (whole, whole_len) = leading_number(unsigned);
    // Pawns to centipawns in integers: exact, as python-chess's rounding of
    // `pawns * 100` is for at most two decimals.
    let (hundredths, fraction_len) = match &unsigned[whole_len..] {
        [] => (0, 0),
        [b'.', fraction @ ..] => match leading_number(fraction) {
            (Some(n), 1) if fraction.len() == 1 => (n * 10, 1),
            (Some(n), len) if len == fraction.len() && len <= 2 => (n, len),
            _ => return None,
        },
        _ => return None,
    };
    if whole_len > 10 || whole_len + fraction_len == 0 {
        return None;
    }
    let cp = whole? * 100 + hundredths;
    if cp >= i32::MAX as u64 {
        return None;
    }
    let cp = cp as i32;
    Some(Eval::Centipawns {
        cp: if negative { -cp } else { cp },
        depth,
    })
}

/// `Ge2e4` or `Rd4`.
fn shape(item: &[u8]) -> Option<Shape> {
    let (&letter, squares) = item.split_first()?;
    let brush = Brush::from_letter(letter)?;
    let square = |text: &[u8]| Square::from_ascii(text).ok();
    let (from, to) = match squares.len() {
        2 => (square(squares)?, square(squares)?),
        4 => (square(&squares[..2])?, square(&squares[2..])?),
        _ => return None,
    };
    Some(Shape { brush, from, to })
}
