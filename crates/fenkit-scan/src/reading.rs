//! One board read from a picture: each square's reading, the position,
//! and what was mended, moved and assumed to get there.

use shakmaty::{CastlingMode, Color, Piece, Setup, Square};

use crate::{Assumption, BoardBox, Caption, Mend, Moved, OrientationFound, mend};

/// What the network read on one square.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SquareReading {
    pub piece: Option<Piece>,
    /// The network's probability for `piece`, 0 to 1.
    pub confidence: f32,
    /// Its second choice and that choice's probability.
    pub second: Option<Piece>,
    pub second_confidence: f32,
}

/// One board read from a picture.
#[derive(Clone, Debug)]
pub struct Reading {
    /// Where the board stands in the picture, in its pixels: the upright
    /// box around `corners`.
    pub board_box: BoardBox,
    /// The board's corners in the picture: top left, top right, bottom
    /// right, bottom left as seen. Those of `board_box`, unless the board
    /// was seen at an angle ([`slanted`](crate::slanted)).
    pub corners: [(f32, f32); 4],
    /// The last move's squares (from, to) where the picture highlights
    /// them: what the side to move was read from.
    pub last_move: Option<(Square, Square)>,
    /// The side at the bottom of the picture, and how that was found.
    pub bottom: Color,
    pub orientation: OrientationFound,
    /// Each square's reading, indexed by square (a1 = 0).
    pub squares: [SquareReading; 64],
    /// Squares the rules mended.
    pub mended: Vec<Mend>,
    /// Where the rules moved the board from where its lines stand.
    pub moved: Option<Moved>,
    /// The fields the picture could not show, each as assumed.
    pub assumptions: Vec<Assumption>,
    /// The position: the board read, the other fields given or assumed.
    pub setup: Setup,
    /// The caption printed beside the board (a PDF page's text), where
    /// one was found: the side to move it says was taken unless given.
    pub caption: Option<Caption>,
}

impl Reading {
    /// The piece placement field.
    pub fn placement(&self) -> String {
        self.setup.board.board_fen().to_string()
    }

    /// The whole record.
    pub fn fen(&self) -> String {
        fenkit::WriteOptions::default().fen(&self.setup)
    }

    /// The position as an EPD record named `id` (its four fields, then
    /// `id "..."`, the quote and backslash escaped).
    pub fn epd(&self, id: &str) -> String {
        let fen = self.fen();
        let fields: Vec<&str> = fen.split(' ').take(4).collect();
        let id = id.replace('\\', "\\\\").replace('"', "\\\"");
        format!("{} id \"{id}\";", fields.join(" "))
    }

    /// The position as an EPD record named by its caption's id, where
    /// the caption beside it gives one, else by `otherwise()`.
    pub fn epd_or(&self, otherwise: &dyn Fn() -> String) -> String {
        let caption = self.caption.as_ref().and_then(|caption| caption.id.clone());
        self.epd(&caption.unwrap_or_else(otherwise))
    }

    /// The rules of chess the position breaks, in fenkit's words.
    pub fn violations(&self) -> Vec<fenkit::Violation> {
        fenkit::violations(&self.setup, CastlingMode::Standard)
    }

    /// The squares the network read at under even odds, least sure
    /// first, mended squares aside (their mend says so). A board found
    /// off its squares, or drawn in a look the network never saw, reads
    /// unsure there: the caller warns that the board may be misread.
    pub fn unsure(&self) -> Vec<Square> {
        let mut unsure: Vec<Square> = self
            .least_certain(64)
            .into_iter()
            .filter(|square| self.squares[*square as usize].confidence < EVEN_ODDS)
            .collect();
        unsure.retain(|square| self.mended.iter().all(|mend| mend.square != *square));
        unsure
    }

    /// How many rules no position can break the reading breaks
    /// ([`mend::impossible`]).
    pub(crate) fn impossible(&self) -> usize {
        mend::impossible(&self.squares.map(|square| square.piece))
    }

    /// How likely the network found the whole reading: the sum of the
    /// natural logarithms of its 64 squares' probabilities (0 where it
    /// was sure of every square).
    pub(crate) fn log_likelihood(&self) -> f32 {
        self.squares
            .iter()
            .map(|square| square.confidence.max(f32::MIN_POSITIVE).ln())
            .sum()
    }

    /// Whether `other` reads a piece other than this reading's only on
    /// squares this one read unsurely (under the mend's
    /// [`UNSURE_BELOW`](mend::UNSURE_BELOW)): a square read surely is
    /// kept, as the mend keeps it.
    pub(crate) fn differs_only_where_unsure(&self, other: &Reading) -> bool {
        self.squares
            .iter()
            .zip(&other.squares)
            .all(|(this, that)| this.piece == that.piece || this.confidence < mend::UNSURE_BELOW)
    }

    /// The `n` squares the network was least sure of, least sure first.
    pub fn least_certain(&self, n: usize) -> Vec<Square> {
        let mut squares = Square::ALL.to_vec();
        squares.sort_by(|a, b| {
            self.squares[*a as usize]
                .confidence
                .total_cmp(&self.squares[*b as usize].confidence)
        });
        squares.truncate(n);
        squares
    }
}

/// A square read with less confidence is unsure ([`Reading::unsure`]):
/// the network's first choice under even odds.
const EVEN_ODDS: f32 = 0.5;
