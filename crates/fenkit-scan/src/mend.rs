//! The rules helping the eyes: a reading that breaks what no position
//! can (a side with two kings or none, a pawn on the first or last rank,
//! more than 16 pieces or 8 pawns a side) is mended with the network's
//! second choice at squares it was unsure of, where that makes the
//! reading break fewer rules. A reading the network was sure of is left
//! as read, broken or not: people picture composed and fantasy positions
//! too, and the caller warns of the rules they break.

use shakmaty::{Color, Piece, Role, Square};

use crate::SquareReading;

/// A square whose reading was changed after the network read it.
#[derive(Clone, Debug, PartialEq)]
pub struct Mend {
    pub square: Square,
    /// What the network read first, and how sure it was.
    pub read: Option<Piece>,
    pub read_confidence: f32,
    /// What is now on the square, and the network's probability for it.
    pub now: Option<Piece>,
    pub now_confidence: f32,
    pub why: MendWhy,
}

/// Why a square's reading was changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MendWhy {
    /// The reading broke what no position can: the network's second
    /// choice was taken ([`mend`]).
    Rules,
    /// The piece's tone is the other side's on this board: its shape kept,
    /// its side changed (`colour.rs`).
    Tone,
}

impl MendWhy {
    pub fn as_str(self) -> &'static str {
        match self {
            MendWhy::Rules => "rules",
            MendWhy::Tone => "tone",
        }
    }
}

/// What `piece` is, in words: "a white queen", "empty".
pub fn piece_words(piece: Option<Piece>) -> String {
    match piece {
        Some(piece) => format!("a {}", fenkit::piece_name(piece)),
        None => "empty".into(),
    }
}

/// The mend in words, as `fen scan` warns of it: "e7 read as a white
/// queen (62%), now a black queen (30%): ...", and why.
impl std::fmt::Display for Mend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} read as {} ({:.0}%), now {} ({:.0}%): ",
            self.square,
            piece_words(self.read),
            100.0 * self.read_confidence,
            piece_words(self.now),
            100.0 * self.now_confidence,
        )?;
        f.write_str(match self.why {
            MendWhy::Rules => {
                "the network's second choice, as the reading broke what no position can"
            }
            MendWhy::Tone => "its tone is the other side's on this board",
        })
    }
}

/// A board read a whole square off from where its lines stand, as the
/// picture is seen: read there, it broke what no position can, and a box
/// a square off broke fewer such rules (or as few, its squares
/// alternating more). The eyes and the rules then disagree on where the
/// board stands, and the caller warns of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moved {
    /// Squares to the right (negative: to the left).
    pub across: i8,
    /// Squares down (negative: up).
    pub down: i8,
}

/// "the board was read one square down from where its lines stand, ...",
/// as `fen scan` warns of it.
impl std::fmt::Display for Moved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let way = match (self.across.signum(), self.down.signum()) {
            (0, 1) => "down",
            (0, -1) => "up",
            (1, _) => "to the right",
            _ => "to the left",
        };
        write!(
            f,
            "the board was read one square {way} from where its lines stand, as read \
             there it broke what no position can: it may be found off its squares"
        )
    }
}

/// A square is unsure when its first choice is below this and its
/// second above [`SECOND_AT_LEAST`]: only there may the rules change the
/// reading.
const UNSURE_BELOW: f32 = 0.9;
const SECOND_AT_LEAST: f32 = 0.04;
/// The most unsure squares tried, alone and in pairs.
const TRIED: usize = 8;

/// How many rules no position can break `board` breaks.
pub fn impossible(board: &[Option<Piece>; 64]) -> usize {
    let mut broken = 0;
    for color in Color::ALL {
        let count = |role: Role| {
            board
                .iter()
                .filter(|p| **p == Some(Piece { color, role }))
                .count()
        };
        broken += count(Role::King).abs_diff(1);
        broken += count(Role::Pawn).saturating_sub(8);
        let pieces = board
            .iter()
            .filter(|p| p.is_some_and(|p| p.color == color))
            .count();
        broken += pieces.saturating_sub(16);
    }
    for square in Square::ALL {
        if matches!(
            square.rank(),
            shakmaty::Rank::First | shakmaty::Rank::Eighth
        ) && board[square as usize].is_some_and(|piece| piece.role == Role::Pawn)
        {
            broken += 1;
        }
    }
    broken
}

/// Mends `squares` (indexed by square) in place where the rules show the
/// reading wrong, and says what changed.
pub fn mend(squares: &mut [SquareReading; 64]) -> Vec<Mend> {
    let board = squares.each_ref().map(|reading| reading.piece);
    let broken = impossible(&board);
    if broken == 0 {
        return Vec::new();
    }
    let mut unsure: Vec<Square> = Square::ALL
        .into_iter()
        .filter(|square| {
            let reading = &squares[*square as usize];
            reading.confidence < UNSURE_BELOW && reading.second_confidence >= SECOND_AT_LEAST
        })
        .collect();
    // The closest calls first.
    unsure.sort_by(|a, b| {
        let gap = |square: &Square| {
            let reading = &squares[*square as usize];
            reading.confidence - reading.second_confidence
        };
        gap(a).total_cmp(&gap(b))
    });
    unsure.truncate(TRIED);
    let mut choices: Vec<Vec<Square>> = unsure.iter().map(|square| vec![*square]).collect();
    for (i, first) in unsure.iter().enumerate() {
        for second in &unsure[i + 1..] {
            choices.push(vec![*first, *second]);
        }
    }
    // Fewest broken rules, then the likeliest: the least confidence given up.
    let mut best: Option<(usize, f32, &Vec<Square>)> = None;
    for choice in &choices {
        let mut tried = board;
        let mut cost = 0.0;
        for square in choice {
            let reading = &squares[*square as usize];
            tried[*square as usize] = reading.second;
            cost += (reading.confidence / reading.second_confidence.max(1e-6)).ln();
        }
        let left = impossible(&tried);
        if left < broken && best.is_none_or(|(fewest, least, _)| (left, cost) < (fewest, least)) {
            best = Some((left, cost, choice));
        }
    }
    let Some((_, _, choice)) = best else {
        return Vec::new();
    };
    choice
        .iter()
        .map(|square| {
            let reading = &mut squares[*square as usize];
            let mend = Mend {
                square: *square,
                read: reading.piece,
                read_confidence: reading.confidence,
                now: reading.second,
                now_confidence: reading.second_confidence,
                why: MendWhy::Rules,
            };
            std::mem::swap(&mut reading.piece, &mut reading.second);
            std::mem::swap(&mut reading.confidence, &mut reading.second_confidence);
            mend
        })
        .collect()
}
