//! A chess position read from a picture of its board: fenkit's eyes.
//!
//! [`Scanner::scan`] decodes a picture (PNG, JPEG, GIF, WebP, BMP),
//! finds the board in it ([`locate`]), cuts out its 64 squares
//! ([`squares`]), names each square's content with a small network
//! ([`network`], trained on boards drawn by fenkit's diagrams library),
//! turns the board the right way up, mends with the rules what the
//! network was unsure of ([`mend`]), and says what a picture cannot:
//! whose move it is, the castling rights and the en passant square are
//! taken from the caller where given, else assumed, and every assumption
//! is named in [`Reading::assumptions`].
//!
//! The library reads bytes and prints nothing; reading files is the
//! caller's.
//!
//! ```
//! use fenkit_diagrams::{Diagram, png};
//! use fenkit_scan::{Given, Scanner};
//!
//! let setup = fenkit::parse(b"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")?.setup;
//! let picture = png(&setup, &Diagram::default().with_size(320))?;
//! let reading = Scanner::new().scan(&picture, &Given::default())?;
//! assert_eq!(reading.placement(), "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R");
//! // Whose move it is cannot be seen: White is assumed, and said so.
//! assert!(reading.fen().ends_with(" w KQkq - 0 1"));
//! assert_eq!(reading.assumptions.len(), 3);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
// The one `unsafe` call (and its test's) is the network's AVX2 path
// (`network.rs`), taken where the CPU says it has AVX2.
#![deny(unsafe_code)]

pub mod caption;
mod colour;
pub mod counts;
mod error;
mod fields;
mod given;
pub mod highlight;
#[cfg(feature = "serde")]
pub mod json;
mod likeness;
pub mod locate;
pub mod mend;
pub mod network;
mod orientation;
#[cfg(feature = "pdf")]
pub mod pdf;
pub mod picture;
mod reading;
pub mod slanted;
pub mod squares;

use shakmaty::{Board, ByColor, Color, Square};

use crate::{
    error::too_small,
    fields::fields,
    highlight::could_have_moved,
    orientation::{bottom_by_pieces, shown_square},
};

pub use caption::Caption;
pub use error::ScanError;
pub use fields::Assumption;
pub use given::Given;
pub use mend::{Mend, MendWhy, Moved};
pub use network::Network;
pub use orientation::OrientationFound;
pub use picture::{Gray, PictureError};
pub use reading::{Reading, SquareReading};
pub use slanted::Quadrilateral;
pub use squares::BoardBox;

/// How far each extra reading of a square is nudged along the diagonal,
/// as a share of a square: three readings averaged (measured on the real
/// diagrams: 75% of boards exact with one reading, 96% with three, no
/// more with five; BENCHMARKS.md).
const NUDGE: f32 = 0.06;

/// The side of a square of a board seen at an angle, once drawn upright,
/// in pixels: more than the network's 32, so that each of its pixels is
/// an area of the picture, not a point.
const STRAIGHTENED_SQUARE: usize = 48;

/// A box a whole square off a board keeps seven of its eight ranks or
/// files, and its squares alternate some 7/8 as much as the board's: a
/// box moved a square by the rules must alternate at least this share of
/// the box it moves from.
const NEARLY_AS_ALTERNATING: f32 = 0.95;

/// A reading whose likelihood ([`Reading::log_likelihood`]) is below
/// this is in doubt, and the board is read again from its four corners
/// ([`Scanner::or_straightened`]): its 64 squares together at odds under
/// one in 55. Chosen on `bench/scan`'s renders (seeds 1 to 4, 2,236
/// boards with an upright grid): -2, -3 and -4 keep as many boards, to
/// one, and -4 reads the fewest again (7 of ChessVision's 31 upright
/// boards, where -2 reads 13: the time a picture is held to 100 ms).
const DOUBTFUL_BELOW: f32 = -4.0;

/// Reads positions from pictures with the square networks ([`Network`]).
pub struct Scanner {
    network: Network,
}

impl Default for Scanner {
    fn default() -> Scanner {
        Scanner::new()
    }
}

impl Scanner {
    /// A scanner with the network fenkit ships.
    pub fn new() -> Scanner {
        Scanner {
            network: Network::shipped(),
        }
    }

    /// A scanner with another network (weights in the shipped layout).
    pub fn with_network(network: Network) -> Scanner {
        Scanner { network }
    }

    /// The position in the picture `bytes`.
    pub fn scan(&self, bytes: &[u8], given: &Given) -> Result<Reading, ScanError> {
        let picture = Gray::decode(bytes)?;
        self.scan_picture(&picture, given)
    }

    /// The position in a decoded picture: a picture with several boards
    /// of a size is refused ([`ScanError::SeveralBoards`]).
    pub fn scan_picture(&self, picture: &Gray, given: &Given) -> Result<Reading, ScanError> {
        too_small(picture)?;
        if let Some((board_box, _strength)) = locate::locate(picture) {
            if locate::another_beside(picture, board_box) {
                let count = locate::locate_all(picture).len().max(2);
                return Err(ScanError::SeveralBoards(count));
            }
            let upright = self.read_board(picture, board_box, given);
            return Ok(self.or_straightened(picture, upright, given));
        }
        self.read_slanted_or_faint(picture, given)
    }

    /// `upright`, the board read in its upright box, or the board read
    /// again from its four corners ([`slanted::find`]) and straightened,
    /// where that reading is likelier and breaks no more of the rules no
    /// position can ([`mend::impossible`]). A photo of a screen or a page
    /// taken a little off straight still shows an upright box, but the
    /// far squares of the box cut across the board's lines, and the
    /// pieces there read unsurely or wrongly. Tried only where the
    /// upright reading is in doubt ([`DOUBTFUL_BELOW`]): finding the
    /// corners and reading again costs more than the first reading (some
    /// 90 ms on a phone's crop of 512 pixels, where that takes 60).
    fn or_straightened(&self, picture: &Gray, upright: Reading, given: &Given) -> Reading {
        if upright.log_likelihood() >= DOUBTFUL_BELOW {
            return upright;
        }
        let Some(quad) = slanted::find(picture) else {
            return upright;
        };
        let straightened = self.read_slanted(picture, quad, given);
        if straightened.impossible() <= upright.impossible()
            && straightened.log_likelihood() > upright.log_likelihood()
        {
            straightened
        } else {
            upright
        }
    }

    /// The board of a picture in which no upright board stands out: one
    /// seen at an angle, else one printed so pale that its squares
    /// alternate as little as a page of text's ([`locate::locate_faint`]:
    /// found by how cleanly they part into two tones), else none.
    fn read_slanted_or_faint(&self, picture: &Gray, given: &Given) -> Result<Reading, ScanError> {
        if let Some(quad) = slanted::find(picture) {
            return Ok(self.read_slanted(picture, quad, given));
        }
        let (board_box, _strength) = locate::locate_faint(picture).ok_or(ScanError::NoBoard)?;
        Ok(self.read_board(picture, board_box, given))
    }

    /// The position on a board seen at an angle, its corners `quad`: read
    /// from the board drawn upright ([`slanted::straightened`]), as
    /// [`read_board`](Scanner::read_board) reads any board, its corners
    /// moved with it where the rules moved it a square.
    pub fn read_slanted(&self, picture: &Gray, quad: Quadrilateral, given: &Given) -> Reading {
        let upright = slanted::straightened(picture, &quad, STRAIGHTENED_SQUARE);
        let square = STRAIGHTENED_SQUARE as f32;
        let board = BoardBox {
            left: square,
            top: square,
            width: 8.0 * square,
            height: 8.0 * square,
        };
        let mut reading = self.read_board(&upright, board, given);
        let (u, v) = (
            (reading.board_box.left - square) / board.width,
            (reading.board_box.top - square) / board.height,
        );
        let corners =
            [(u, v), (u + 1.0, v), (u + 1.0, v + 1.0), (u, v + 1.0)].map(|(u, v)| quad.point(u, v));
        reading.corners = corners;
        reading.board_box = Quadrilateral { corners }.bounds();
        reading
    }

    /// Every board in the picture `bytes` (a page of diagrams), in reading
    /// order: rows of boards from the top, each row from the left.
    pub fn scan_all(&self, bytes: &[u8], given: &Given) -> Result<Vec<Reading>, ScanError> {
        self.scan_all_picture(&Gray::decode(bytes)?, given)
    }

    /// Every board in a decoded picture, in reading order.
    pub fn scan_all_picture(
        &self,
        picture: &Gray,
        given: &Given,
    ) -> Result<Vec<Reading>, ScanError> {
        too_small(picture)?;
        let boards = locate::locate_all(picture);
        if boards.is_empty() {
            return Ok(vec![self.read_slanted_or_faint(picture, given)?]);
        }
        Ok(boards
            .into_iter()
            .map(|board_box| self.read_board(picture, board_box, given))
            .collect())
    }

    /// The position on the board at `board_box` in `picture`. The rules
    /// help the eyes at the grid: a reading that still breaks what no
    /// position can once mended (a side with no king, a pawn on its first
    /// rank: [`mend::impossible`]) is read again with the box a square
    /// off each way, and the reading that breaks fewer such rules kept
    /// (its `moved` says where to, and the caller warns of it: a
    /// board found a rank low, a strip of paper read as its first rank,
    /// loses its top rank's king), where its squares alternate light and
    /// dark nearly as much (`NEARLY_AS_ALTERNATING`: a box moved off the
    /// board onto its coordinates or the page may read a piece there that
    /// the rules want). Where a box a square off breaks as few such rules,
    /// the eyes decide: it is kept where its squares alternate more (a
    /// book's study with no white king, found a file off with a strip of
    /// page as its last file, is moved back onto its eight files). A rule
    /// a position may break (a king left in check) moves nothing: a real
    /// board a square off often reads as a position as good.
    pub fn read_board(&self, picture: &Gray, board_box: BoardBox, given: &Given) -> Reading {
        let reading = self.read_box(picture, board_box, given);
        let broken = |reading: &Reading| (reading.impossible(), reading.mended.len());
        let broken_as_found = broken(&reading);
        let impossible_as_found = broken_as_found.0;
        if impossible_as_found == 0 {
            return reading;
        }
        let alternation = |board: BoardBox| locate::alternation(picture, board).unwrap_or(0.0);
        let mut best = ((broken_as_found, alternation(board_box)), reading);
        let (step_x, step_y) = (board_box.width / 8.0, board_box.height / 8.0);
        for (dx, dy) in [(0.0, -1.0), (0.0, 1.0), (-1.0, 0.0), (1.0, 0.0)] {
            let shifted = BoardBox {
                left: board_box.left + dx * step_x,
                top: board_box.top + dy * step_y,
                ..board_box
            };
            if !shifted.lies_inside(picture) {
                continue;
            }
            // Each rule below keeps a box only where it alternates nearly
            // as much as the best box, or more, so a box that does neither
            // is not read, as most boxes a square off a board found right
            // are not (they alternate some 7/8 as much): a position that
            // breaks the rules as drawn (lichess's editor's four kings)
            // is spared four readings of its 64 squares.
            let ((best_broken, best_alternation), _) = best;
            let other_alternation = alternation(shifted);
            let nearly_as_alternating =
                other_alternation >= NEARLY_AS_ALTERNATING * best_alternation;
            let more_alternating = other_alternation > best_alternation;
            if !nearly_as_alternating && !more_alternating {
                continue;
            }
            let other = self.read_box(picture, shifted, given);
            let other_broken = broken(&other);
            let fewer = other_broken.0 < impossible_as_found
                && other_broken < best_broken
                && nearly_as_alternating;
            let as_few = other_broken.0 <= best_broken.0 && more_alternating;
            if fewer || as_few {
                let moved = Moved {
                    across: dx as i8,
                    down: dy as i8,
                };
                best = (
                    (other_broken, other_alternation),
                    Reading {
                        moved: Some(moved),
                        ..other
                    },
                );
            }
        }
        best.1
    }

    /// The position on the board at `board_box`, read where it stands.
    fn read_box(&self, picture: &Gray, board_box: BoardBox, given: &Given) -> Reading {
        // Each square read three times, from the box and from the box a
        // little off each way along the diagonal, the probabilities
        // averaged: a square cut a little off by the finder, or printed a
        // little off, then counts less. In picture order: the top row
        // first, each from the left.
        let nudge = board_box.width.min(board_box.height) / 8.0 * NUDGE;
        let views: Vec<_> = [0.0, nudge, -nudge]
            .into_iter()
            .map(|by| {
                let nudged = BoardBox {
                    left: board_box.left + by,
                    top: board_box.top + by,
                    ..board_box
                };
                squares::squares(picture, nudged)
            })
            .collect();
        // Each square read by each member, in each view.
        let each: Vec<Vec<Vec<[f32; network::CLASSES]>>> = views
            .iter()
            .map(|view| {
                view.iter()
                    .map(|square| self.network.classify_each(square))
                    .collect()
            })
            .collect();
        let read_by = |members: &[usize]| {
            let probabilities = network::averaged(&each, members);
            self.reading_of(picture, board_box, given, &views[0], &probabilities)
        };
        let members: Vec<usize> = (0..self.network.members()).collect();
        let all = read_by(&members);
        if all.impossible() == 0 || members.len() < 2 {
            return all;
        }
        // The shipped networks are two pairs trained on different boards
        // (network.rs): on a set only one pair learnt (lichess's firi,
        // whose black pieces are gold), the pairs disagree, their average
        // sits near even odds on many squares and breaks rules all over
        // that no mend of a few squares repairs. Each half read alone is
        // kept where it breaks fewer such rules, changing only squares
        // the whole read unsurely.
        let (first, second) = members.split_at(members.len() / 2);
        let mut kept: Option<Reading> = None;
        for half in [first, second] {
            let by_half = read_by(half);
            let fewest = kept.as_ref().unwrap_or(&all).impossible();
            if by_half.impossible() < fewest && all.differs_only_where_unsure(&by_half) {
                kept = Some(by_half);
            }
        }
        let Some(mut by_half) = kept else {
            return all;
        };
        // Each square the half reads otherwise is said, as a mend is,
        // where the half's own mends do not say it already.
        let said: Vec<Square> = by_half.mended.iter().map(|mend| mend.square).collect();
        for square in Square::ALL {
            let (whole, half) = (
                all.squares[square as usize],
                by_half.squares[square as usize],
            );
            if whole.piece != half.piece && !said.contains(&square) {
                by_half.mended.push(Mend {
                    square,
                    read: whole.piece,
                    read_confidence: whole.confidence,
                    now: half.piece,
                    now_confidence: half.confidence,
                    why: MendWhy::Networks,
                });
            }
        }
        by_half
    }

    /// The board read from each square's `probabilities`, in picture
    /// order (`levels` the squares as cut, for their pieces' tones):
    /// turned the right way up, its sides' tones, its own drawings, the
    /// rules and the counts of pieces mending what the networks were
    /// unsure of.
    fn reading_of(
        &self,
        picture: &Gray,
        board_box: BoardBox,
        given: &Given,
        levels: &[[f32; squares::SIDE * squares::SIDE]],
        probabilities: &[[f32; network::CLASSES]],
    ) -> Reading {
        let mut shown: Vec<SquareReading> = probabilities
            .iter()
            .map(|probabilities| {
                let mut order: Vec<usize> = (0..network::CLASSES).collect();
                order.sort_by(|a, b| probabilities[*b].total_cmp(&probabilities[*a]));
                SquareReading {
                    piece: network::CLASS_PIECES[order[0]],
                    confidence: probabilities[order[0]],
                    second: network::CLASS_PIECES[order[1]],
                    second_confidence: probabilities[order[1]],
                }
            })
            .collect();
        let recoloured = colour::recolour(&mut shown, probabilities, levels);
        let told = likeness::mend(&mut shown, probabilities, levels);
        let (bottom, orientation) = match given.bottom {
            Some(bottom) => (bottom, OrientationFound::Given),
            None => match bottom_by_pieces(&shown) {
                Some(bottom) => (bottom, OrientationFound::Pieces),
                None => (Color::White, OrientationFound::Assumed),
            },
        };
        let mut squares = [shown[0]; 64];
        let mut kings = [ByColor::new_with(|_| 0.0); 64];
        let king_class = ByColor::new_with(|color| network::class_of(color.king()));
        let mut next = [(None, 0.0); 64];
        for (index, reading) in shown.iter().enumerate() {
            let square = shown_square(index, bottom) as usize;
            squares[square] = *reading;
            kings[square] = king_class.map(|class| probabilities[index][class]);
            next[square] =
                mend::next_choice(&probabilities[index], [reading.piece, reading.second]);
        }
        let occupied: Vec<bool> = shown
            .iter()
            .map(|reading| reading.piece.is_some())
            .collect();
        let last_move = highlight::last_move(picture, board_box, &occupied)
            .map(|(from, to)| (shown_square(from, bottom), shown_square(to, bottom)));
        // A change before the rules', said as the mend it is.
        let said = |(index, read, read_confidence): likeness::Changed, why: MendWhy| {
            let square = shown_square(index, bottom);
            let now = &squares[square as usize];
            Mend {
                square,
                read,
                read_confidence,
                now: now.piece,
                now_confidence: now.confidence,
                why,
            }
        };
        let mut mended: Vec<Mend> = (recoloured.into_iter())
            .map(|changed| said(changed, MendWhy::Tone))
            .collect();
        mended.extend((told.changed.into_iter()).map(|changed| said(changed, MendWhy::Drawing)));
        let mut twinned = [false; 64];
        for (index, twin) in told.twinned.iter().enumerate() {
            twinned[shown_square(index, bottom) as usize] = *twin;
        }
        mended.extend(mend::mend(&mut squares, &kings, &next, &twinned));
        // A piece its tone turned and the count turned back stands as the
        // network read it: neither change is said.
        for turned in counts::wrong_side(&mut squares) {
            let by_tone = mended.iter().position(|mend| {
                mend.square == turned.square && mend.why == MendWhy::Tone && mend.read == turned.now
            });
            match by_tone {
                Some(at) => {
                    mended.remove(at);
                }
                None => mended.push(turned),
            }
        }
        mended.extend(counts::fewer_promotions(&mut squares));
        let mut board = Board::empty();
        for square in Square::ALL {
            if let Some(piece) = squares[square as usize].piece {
                board.set_piece_at(square, piece);
            }
        }
        // The side that moved last is the one on the highlight's square,
        // where its piece could have come from the other square.
        let moved = last_move
            .and_then(|(from, to)| {
                board
                    .piece_at(to)
                    .filter(|piece| could_have_moved(*piece, from, to))
            })
            .map(|piece| piece.color);
        let (setup, assumptions) = fields(board, given, last_move.zip(moved));
        Reading {
            board_box,
            corners: board_box.corners(),
            last_move: last_move.filter(|_| moved.is_some()),
            bottom,
            orientation,
            squares,
            mended,
            moved: None,
            assumptions,
            setup,
            caption: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use fenkit_diagrams::{Diagram, png};

    use super::*;

    fn read(fen: &[u8]) -> Reading {
        let setup = fenkit::parse(fen).expect("a record").setup;
        let picture = png(&setup, &Diagram::default().with_size(320)).expect("a picture");
        Scanner::new()
            .scan(&picture, &Given::default())
            .expect("a board")
    }

    #[test]
    fn squares_read_at_under_even_odds_are_unsure_unless_mended() {
        let mut reading = read(b"4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert!(reading.unsure().is_empty(), "a crisp render is read surely");
        reading.squares[Square::E4 as usize].confidence = 0.3;
        reading.squares[Square::D4 as usize].confidence = 0.45;
        reading.squares[Square::C4 as usize].confidence = 0.2;
        assert_eq!(reading.unsure(), vec![Square::C4, Square::E4, Square::D4]);
        // A mended square's warning says it already.
        reading.mended.push(Mend {
            square: Square::C4,
            read: None,
            read_confidence: 0.6,
            now: None,
            now_confidence: 0.2,
            why: MendWhy::Rules,
        });
        assert_eq!(reading.unsure(), vec![Square::E4, Square::D4]);
    }

    #[test]
    fn a_render_s_pieces_keep_their_sides() {
        // Both sides' pieces, sure and of two tones: none changes sides.
        let fen = b"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
        let reading = read(fen);
        assert!(reading.mended.is_empty(), "{:?}", reading.mended);
        assert_eq!(
            reading.placement(),
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R"
        );
    }
}
