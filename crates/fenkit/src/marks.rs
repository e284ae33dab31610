//! What is drawn on a position besides its pieces, as games and engines
//! say it: an evaluation ([`Eval`], and the winning chances it gives), and
//! arrows and circled squares in lichess's brushes ([`Shape`], [`Brush`]).
//! The games library reads them from comments (`[%eval]`, `[%cal]`,
//! `[%csl]`), the diagrams library draws them, and [`PlyMarks`] carries a
//! ply's marks from the one to the other; here, below both, so that the
//! diagrams need no games library.

use shakmaty::{Move, Square};

/// An evaluation from White's point of view: centipawns, or mate in so
/// many moves (negative when Black mates), with the search depth when
/// given.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Eval {
    Centipawns { cp: i32, depth: Option<u32> },
    Mate { moves: i32, depth: Option<u32> },
}

impl Eval {
    /// An EPD record's `ce` operation (centipawns from the side to move's
    /// view, as the standard defines it), as an evaluation from White's.
    ///
    /// ```
    /// use fenkit::marks::Eval;
    ///
    /// let epd = fenkit::ReadOptions::default().with_format(fenkit::Format::Epd);
    /// let parsed = epd.parse(b"4k3/8/8/8/8/8/8/4K2Q b - - ce 250;")?;
    /// assert_eq!(Eval::of_epd(&parsed), Some(Eval::Centipawns { cp: -250, depth: None }));
    /// # Ok::<_, fenkit::ParseError>(())
    /// ```
    pub fn of_epd(parsed: &crate::Parsed) -> Option<Eval> {
        let ce = parsed.operations.iter().find(|op| op.opcode == "ce")?;
        let cp: i32 = ce.first()?.parse().ok()?;
        let cp = if parsed.setup.turn.is_white() {
            cp
        } else {
            -cp
        };
        Some(Eval::Centipawns { cp, depth: None })
    }
}

/// Written as lichess writes it in `[%eval …]`: pawns with two decimals,
/// or `#` and the moves to mate (negative when Black mates); the depth
/// after a comma when known.
///
/// ```
/// use fenkit::marks::Eval;
///
/// assert_eq!(Eval::Centipawns { cp: -150, depth: None }.to_string(), "-1.50");
/// assert_eq!(Eval::Centipawns { cp: 7, depth: Some(20) }.to_string(), "0.07,20");
/// assert_eq!(Eval::Mate { moves: -3, depth: None }.to_string(), "#-3");
/// ```
impl std::fmt::Display for Eval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let depth = match self {
            Eval::Centipawns { cp, depth } => {
                let sign = if *cp < 0 { "-" } else { "" };
                let cp = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", cp / 100, cp % 100)?;
                depth
            }
            Eval::Mate { moves, depth } => {
                write!(f, "#{moves}")?;
                depth
            }
        };
        match depth {
            Some(depth) => write!(f, ",{depth}"),
            None => Ok(()),
        }
    }
}

/// One of lichess's four brushes, by its letter: `G`reen, `R`ed,
/// `Y`ellow, `B`lue. A game's shapes are drawn in them, and so are a
/// diagram's arrows and marks (`fenkit_diagrams` uses this one).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Brush {
    #[default]
    Green,
    Red,
    Yellow,
    Blue,
}

impl Brush {
    /// The brush of a letter, `G`, `R`, `Y` or `B`.
    ///
    /// ```
    /// use fenkit::marks::Brush;
    ///
    /// assert_eq!(Brush::from_letter(b'Y'), Some(Brush::Yellow));
    /// assert_eq!(Brush::from_letter(b'O'), None);
    /// ```
    pub fn from_letter(letter: u8) -> Option<Brush> {
        match letter {
            b'G' => Some(Brush::Green),
            b'R' => Some(Brush::Red),
            b'Y' => Some(Brush::Yellow),
            b'B' => Some(Brush::Blue),
            _ => None,
        }
    }

    /// Its letter, as lichess writes it.
    pub fn letter(self) -> u8 {
        match self {
            Brush::Green => b'G',
            Brush::Red => b'R',
            Brush::Yellow => b'Y',
            Brush::Blue => b'B',
        }
    }
}

/// An arrow, or a circled square (`from == to`), as a game's comment
/// draws it (lichess's `[%cal]` and `[%csl]`; chessground calls them
/// shapes). A diagram's `Arrow` and `Mark` come from it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    pub brush: Brush,
    pub from: Square,
    pub to: Square,
}

impl Shape {
    /// Appends the lichess form (see [`Display`](#impl-Display-for-Shape))
    /// to `buf`, as shakmaty's `append_ascii_to` does for moves: without
    /// the formatter, for writers of many rows.
    pub fn append_ascii_to(&self, buf: &mut Vec<u8>) {
        buf.push(self.brush.letter());
        for square in [self.from, self.to]
            .iter()
            .take(if self.from == self.to { 1 } else { 2 })
        {
            buf.push(square.file().char() as u8);
            buf.push(square.rank().char() as u8);
        }
    }
}

/// As lichess writes it in `[%cal]` and `[%csl]`: the colour's letter,
/// then the square, or the two squares of an arrow.
///
/// ```
/// use fenkit::marks::{Brush, Shape};
/// use shakmaty::Square;
///
/// assert_eq!(Shape { brush: Brush::Green, from: Square::E2, to: Square::E4 }.to_string(), "Ge2e4");
/// assert_eq!(Shape { brush: Brush::Red, from: Square::D4, to: Square::D4 }.to_string(), "Rd4");
/// ```
impl std::fmt::Display for Shape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", char::from(self.brush.letter()), self.from)?;
        if self.from != self.to {
            write!(f, "{}", self.to)?;
        }
        Ok(())
    }
}

/// White's winning chances, from −1 (Black wins) to 1.
///
/// ```
/// use fenkit::marks::{Eval, winning_chances};
///
/// assert_eq!(winning_chances(Eval::Centipawns { cp: 0, depth: None }), 0.0);
/// assert!((winning_chances(Eval::Centipawns { cp: 100, depth: None }) - 0.182).abs() < 0.001);
/// assert!(winning_chances(Eval::Mate { moves: -3, depth: None }) < -0.95);
/// ```
pub fn winning_chances(eval: Eval) -> f64 {
    let cp = match eval {
        Eval::Centipawns { cp, .. } => cp.clamp(-1000, 1000),
        Eval::Mate { moves, .. } if moves > 0 => 1000,
        Eval::Mate { moves: 0, .. } => 0,
        Eval::Mate { .. } => -1000,
    };
    2.0 / (1.0 + (-0.00368208 * f64::from(cp)).exp()) - 1.0
}

/// What a diagram of one ply of a game shows besides the position: the
/// move that led there, its glyphs (NAGs), its evaluation, and the game's
/// arrows and circled squares at that ply. The games library gives a
/// ply's (`GamePly::marks`); a diagram takes it (`Diagram::for_ply`).
#[derive(Copy, Clone, Debug, Default)]
pub struct PlyMarks<'a> {
    pub last_move: Option<Move>,
    pub nags: &'a [u8],
    pub eval: Option<Eval>,
    pub arrows: &'a [Shape],
    pub circles: &'a [Shape],
}
