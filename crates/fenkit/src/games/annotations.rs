//! What players, engines and servers write in a move's comment: the clock
//! (`[%clk 0:03:00]`), the time the move took (`[%emt 0:00:05]`), an
//! evaluation (`[%eval 0.17]`, `[%eval #-3,22]`), arrows and circled
//! squares (`[%cal Ge2e4,Rd1d8]`, `[%csl Gd4]`), numeric annotation glyphs,
//! and the words of the comment with the commands taken out. lichess
//! writes the first five into every game it exports; ChessBase, the
//! others.

use shakmaty::Square;

/// An evaluation from White's point of view: centipawns, or mate in so
/// many moves (negative when Black mates), with the search depth when
/// given.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Eval {
    Centipawns { cp: i32, depth: Option<u32> },
    Mate { moves: i32, depth: Option<u32> },
}

/// An arrow or a circled square (`from == to`) in one of lichess's four
/// colours: `G`reen, `R`ed, `Y`ellow, `B`lue.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Drawn {
    pub color: char,
    pub from: Square,
    pub to: Square,
}

/// As lichess writes it in `[%cal]` and `[%csl]`: the colour's letter,
/// then the square, or the two squares of an arrow.
///
/// ```
/// use fenkit::games::Drawn;
/// use shakmaty::Square;
///
/// assert_eq!(Drawn { color: 'G', from: Square::E2, to: Square::E4 }.to_string(), "Ge2e4");
/// assert_eq!(Drawn { color: 'R', from: Square::D4, to: Square::D4 }.to_string(), "Rd4");
/// ```
impl std::fmt::Display for Drawn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.color, self.from)?;
        if self.from != self.to {
            write!(f, "{}", self.to)?;
        }
        Ok(())
    }
}

/// The annotations of one ply (or, for ply 0, of the game before its first
/// move).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Annotations {
    /// The mover's clock after the move, in seconds.
    pub clock: Option<f64>,
    /// The time the move took, in seconds.
    pub emt: Option<f64>,
    pub eval: Option<Eval>,
    pub arrows: Vec<Drawn>,
    pub circles: Vec<Drawn>,
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
#[cfg(feature = "pgn")]
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
    /// use fenkit::games::{Annotations, Eval};
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
        // Comments are nearly always UTF-8: checked first, repaired only
        // when not.
        let text = match std::str::from_utf8(comment) {
            Ok(text) => std::borrow::Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(comment),
        };
        let mut rest = text.as_ref();
        // The words between commands, joined by single spaces.
        let words = |part: &str, comment: &mut String| {
            // Between lichess's commands stand blanks only: passed over
            // without the Unicode-aware split.
            if part.bytes().all(|b| b.is_ascii_whitespace()) {
                return;
            }
            for word in part.split_whitespace() {
                if !comment.is_empty() {
                    comment.push(' ');
                }
                comment.push_str(word);
            }
        };
        let mut comment = std::mem::take(&mut self.comment);
        while let Some(open) = memchr::memmem::find(rest.as_bytes(), b"[%") {
            // An unclosed command is words.
            let Some(close) = memchr::memchr(b']', &rest.as_bytes()[open..]) else {
                break;
            };
            words(&rest[..open], &mut comment);
            self.command(&rest[open..=open + close]);
            rest = &rest[open + close + 1..];
        }
        words(rest, &mut comment);
        self.comment = comment;
    }

    /// One `[%name args]` command.
    fn command(&mut self, command: &str) {
        let inner = command[2..command.len() - 1].trim_ascii();
        let blank = inner.bytes().position(|b| b.is_ascii_whitespace());
        let (name, args) = blank.map_or((inner, ""), |at| (&inner[..at], &inner[at..]));
        let args = args.trim_ascii();
        let problem = match name {
            "clk" | "emt" => match seconds(args) {
                Some(value) => {
                    let slot = if name == "clk" {
                        &mut self.clock
                    } else {
                        &mut self.emt
                    };
                    slot.get_or_insert(value);
                    None
                }
                None => Some("a clock is h:mm:ss"),
            },
            "eval" => match eval(args) {
                Some(value) => {
                    self.eval.get_or_insert(value);
                    None
                }
                None => Some("an evaluation is pawns (0.17) or mate in N (#-3), then ,depth"),
            },
            "cal" | "csl" => {
                let mut bad = false;
                for item in args.split(',').filter(|item| !item.is_empty()) {
                    match drawn(item.trim()) {
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
            self.problems
                .push(format!("{}: {problem}", crate::printable(command)));
        }
    }
}

/// `text` split at the first `byte` (ASCII), as `str::split_once` with a
/// char but without its searcher: this runs on every clock and evaluation
/// of every game (measured: a twentieth of `fen pgn --columns
/// annotations`).
fn split_at_byte(text: &str, byte: u8) -> Option<(&str, &str)> {
    let at = text.bytes().position(|b| b == byte)?;
    Some((&text[..at], &text[at + 1..]))
}

/// `h:mm:ss` or `h:mm:ss.f` in seconds.
fn seconds(text: &str) -> Option<f64> {
    let (h, rest) = split_at_byte(text, b':')?;
    let (m, s) = split_at_byte(rest, b':')?;
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    let (whole, fraction) = split_at_byte(s, b'.').unwrap_or((s, ""));
    if !digits(h) || !digits(m) || !digits(whole) || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let hours = f64::from(h.parse::<u32>().ok()?);
    let minutes = f64::from(m.parse::<u32>().ok()?);
    // Whole seconds, the usual case, parse as an integer.
    let seconds = match fraction.is_empty() {
        true => f64::from(whole.parse::<u32>().ok()?),
        false => s.parse::<f64>().ok()?,
    };
    // As python-chess sums them: whole hours and minutes, then the seconds.
    Some(hours * 3600.0 + minutes * 60.0 + seconds)
}

/// `0.17`, `-1.5`, `#3`, `#-3`, each with an optional `,depth`.
fn eval(text: &str) -> Option<Eval> {
    let (value, depth) = match split_at_byte(text, b',') {
        Some((value, depth)) => (value, Some(depth.trim().parse::<u32>().ok()?)),
        None => (text, None),
    };
    if let Some(mate) = value.strip_prefix('#') {
        let moves = mate.trim_start_matches('+').parse::<i32>().ok()?;
        return Some(Eval::Mate { moves, depth });
    }
    let unsigned = value.trim_start_matches(['+', '-']);
    let (whole, fraction) = split_at_byte(unsigned, b'.').unwrap_or((unsigned, ""));
    let fine = whole.len() <= 10
        && fraction.len() <= 2
        && whole
            .bytes()
            .chain(fraction.bytes())
            .all(|b| b.is_ascii_digit())
        && !(whole.is_empty() && fraction.is_empty())
        && value.len() - unsigned.len() <= 1;
    if !fine {
        return None;
    }
    let pawns: f64 = value.trim_end_matches('.').parse().ok()?;
    // Rounded as python-chess rounds: halves to even.
    let cp = (pawns * 100.0).round_ties_even();
    (cp.abs() < f64::from(i32::MAX)).then_some(Eval::Centipawns {
        cp: cp as i32,
        depth,
    })
}

/// `Ge2e4` or `Rd4`.
fn drawn(item: &str) -> Option<Drawn> {
    let mut chars = item.chars();
    let color = chars
        .next()
        .filter(|c| matches!(c, 'G' | 'R' | 'Y' | 'B'))?;
    let squares = chars.as_str();
    if !squares.is_ascii() {
        return None;
    }
    let square = |text: &str| text.parse::<Square>().ok();
    match squares.len() {
        2 => {
            let at = square(squares)?;
            Some(Drawn {
                color,
                from: at,
                to: at,
            })
        }
        4 => Some(Drawn {
            color,
            from: square(&squares[..2])?,
            to: square(&squares[2..])?,
        }),
        _ => None,
    }
}
