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

pub mod highlight;
#[cfg(feature = "serde")]
pub mod json;
pub mod locate;
pub mod mend;
pub mod network;
pub mod picture;
pub mod squares;

use shakmaty::{
    Bitboard, Board, ByColor, CastlingMode, Color, File, Piece, Rank, Role, Setup, Square,
};

pub use mend::Mend;
pub use network::Network;
pub use picture::{Gray, PictureError};
pub use squares::BoardBox;

/// What the caller knows that a picture cannot show; `None` where the
/// scanner is to find or assume it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Given {
    /// The side to move.
    pub side: Option<Color>,
    /// The castling rights, as the rooks that may castle.
    pub castling: Option<Bitboard>,
    /// The en passant square (`Some(None)`: none).
    pub en_passant: Option<Option<Square>>,
    /// The side shown at the bottom of the picture.
    pub bottom: Option<Color>,
}

impl Given {
    /// Castling rights from standard letters (`KQkq`, any subset in that
    /// order, or `-`), as the rooks that may castle.
    ///
    /// ```
    /// use shakmaty::Square;
    /// let rooks = fenkit_scan::Given::castling_from_letters("Kq").unwrap();
    /// assert_eq!(rooks.into_iter().collect::<Vec<_>>(), [Square::H1, Square::A8]);
    /// assert!(fenkit_scan::Given::castling_from_letters("qK").is_none());
    /// ```
    pub fn castling_from_letters(letters: &str) -> Option<Bitboard> {
        if letters == "-" {
            return Some(Bitboard::EMPTY);
        }
        let mut rooks = Bitboard::EMPTY;
        let mut rest = letters;
        for (letter, rook) in [
            ('K', Square::H1),
            ('Q', Square::A1),
            ('k', Square::H8),
            ('q', Square::A8),
        ] {
            if let Some(after) = rest.strip_prefix(letter) {
                rooks.add(rook);
                rest = after;
            }
        }
        (rest.is_empty() && !letters.is_empty()).then_some(rooks)
    }

    /// The side to move from `w` or `b` (or `white`, `black`); the
    /// message every front end gives otherwise.
    pub fn side_from_word(word: &str) -> Result<Color, String> {
        match word {
            "w" | "white" => Ok(Color::White),
            "b" | "black" => Ok(Color::Black),
            _ => Err("the side to move is w or b".into()),
        }
    }

    /// Castling rights from letters, with the message every front end
    /// gives for letters that are none.
    pub fn castling_from_word(word: &str) -> Result<Bitboard, String> {
        Given::castling_from_letters(word)
            .ok_or_else(|| "castling rights are any of K, Q, k, q in that order, or -".into())
    }

    /// An en passant square (on the third or sixth rank) or `-` for none.
    pub fn en_passant_from_word(word: &str) -> Result<Option<Square>, String> {
        if word == "-" {
            return Ok(None);
        }
        match word.parse::<Square>() {
            Ok(square) if matches!(square.rank(), Rank::Third | Rank::Sixth) => Ok(Some(square)),
            _ => Err("the en passant square is on the third or sixth rank (e3, e6), or -".into()),
        }
    }

    /// The side at the bottom: `auto` (found from the pieces), `white`
    /// or `black`.
    pub fn bottom_from_word(word: &str) -> Result<Option<Color>, String> {
        match word {
            "auto" => Ok(None),
            "white" => Ok(Some(Color::White)),
            "black" => Ok(Some(Color::Black)),
            _ => Err("the orientation is auto, white or black".into()),
        }
    }
}

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

/// How the board's orientation was settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrientationFound {
    /// The caller said which side is at the bottom.
    Given,
    /// The pawns and kings stand as they do for that side at the bottom.
    Pieces,
    /// Nothing told: White at the bottom, as diagrams are printed.
    Assumed,
}

impl OrientationFound {
    pub fn as_str(self) -> &'static str {
        match self {
            OrientationFound::Given => "given",
            OrientationFound::Pieces => "pieces",
            OrientationFound::Assumed => "assumed",
        }
    }
}

/// A field of the record the picture could not show, and what was put
/// there instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assumption {
    /// `side`, `castling` or `en_passant`.
    pub field: &'static str,
    /// The value written, as FEN writes it.
    pub value: String,
    /// Why that value, in words.
    pub why: String,
}

/// One board read from a picture.
#[derive(Clone, Debug)]
pub struct Reading {
    /// Where the board stands in the picture, in its pixels.
    pub board_box: BoardBox,
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
    /// The fields the picture could not show, each as assumed.
    pub assumptions: Vec<Assumption>,
    /// The position: the board read, the other fields given or assumed.
    pub setup: Setup,
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

    /// The rules of chess the position breaks, in fenkit's words.
    pub fn violations(&self) -> Vec<fenkit::Violation> {
        fenkit::violations(&self.setup, CastlingMode::Standard)
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

/// Why a picture gave no position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScanError {
    Picture(PictureError),
    /// The picture was read but shows no board of 8 by 8 squares.
    NoBoard,
}

impl std::fmt::Display for ScanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScanError::Picture(error) => error.fmt(f),
            ScanError::NoBoard => {
                f.write_str("no chess board of 8 by 8 squares found in the picture")
            }
        }
    }
}

impl std::error::Error for ScanError {}

impl From<PictureError> for ScanError {
    fn from(error: PictureError) -> ScanError {
        ScanError::Picture(error)
    }
}

/// How far each extra reading of a square is nudged along the diagonal,
/// as a share of a square: three readings averaged (measured on the real
/// diagrams: 75% of boards exact with one reading, 96% with three, no
/// more with five; BENCHMARKS.md).
const NUDGE: f32 = 0.06;

/// Reads positions from pictures with one network.
pub struct Scanner {
    network: Network,
}

impl Default for Scanner {
    fn default() -> Scanner {
        Scanner::new()
    }
}

const CLASS_PIECES: [Option<Piece>; network::CLASSES] = {
    const fn piece(color: Color, role: Role) -> Option<Piece> {
        Some(Piece { color, role })
    }
    use Color::{Black, White};
    [
        None,
        piece(White, Role::Pawn),
        piece(White, Role::Knight),
        piece(White, Role::Bishop),
        piece(White, Role::Rook),
        piece(White, Role::Queen),
        piece(White, Role::King),
        piece(Black, Role::Pawn),
        piece(Black, Role::Knight),
        piece(Black, Role::Bishop),
        piece(Black, Role::Rook),
        piece(Black, Role::Queen),
        piece(Black, Role::King),
    ]
};

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

    /// The position in a decoded picture.
    pub fn scan_picture(&self, picture: &Gray, given: &Given) -> Result<Reading, ScanError> {
        let (board_box, _strength) = locate::locate(picture).ok_or(ScanError::NoBoard)?;
        Ok(self.read_board(picture, board_box, given))
    }

    /// Every board in the picture `bytes` (a page of diagrams), in reading
    /// order: rows of boards from the top, each row from the left.
    pub fn scan_all(&self, bytes: &[u8], given: &Given) -> Result<Vec<Reading>, ScanError> {
        let picture = Gray::decode(bytes)?;
        let boards = locate::locate_all(&picture);
        if boards.is_empty() {
            return Err(ScanError::NoBoard);
        }
        Ok(boards
            .into_iter()
            .map(|board_box| self.read_board(&picture, board_box, given))
            .collect())
    }

    /// The position on the board at `board_box` in `picture`.
    pub fn read_board(&self, picture: &Gray, board_box: BoardBox, given: &Given) -> Reading {
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
        let shown: Vec<SquareReading> = (0..64)
            .map(|index| {
                let mut probabilities = [0.0; network::CLASSES];
                for view in &views {
                    let read = self.network.classify(&view[index]);
                    for (sum, probability) in probabilities.iter_mut().zip(read) {
                        *sum += probability / views.len() as f32;
                    }
                }
                let mut order: Vec<usize> = (0..network::CLASSES).collect();
                order.sort_by(|a, b| probabilities[*b].total_cmp(&probabilities[*a]));
                SquareReading {
                    piece: CLASS_PIECES[order[0]],
                    confidence: probabilities[order[0]],
                    second: CLASS_PIECES[order[1]],
                    second_confidence: probabilities[order[1]],
                }
            })
            .collect();
        let (bottom, orientation) = match given.bottom {
            Some(bottom) => (bottom, OrientationFound::Given),
            None => match bottom_by_pieces(&shown) {
                Some(bottom) => (bottom, OrientationFound::Pieces),
                None => (Color::White, OrientationFound::Assumed),
            },
        };
        let mut squares = [shown[0]; 64];
        for (index, reading) in shown.iter().enumerate() {
            squares[shown_square(index, bottom) as usize] = *reading;
        }
        let occupied: Vec<bool> = shown
            .iter()
            .map(|reading| reading.piece.is_some())
            .collect();
        let last_move = highlight::last_move(picture, board_box, &occupied)
            .map(|(from, to)| (shown_square(from, bottom), shown_square(to, bottom)));
        let mended = mend::mend(&mut squares);
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
            last_move: last_move.filter(|_| moved.is_some()),
            bottom,
            orientation,
            squares,
            mended,
            assumptions,
            setup,
        }
    }
}

/// The square shown at `index` (picture order) with `bottom` at the
/// bottom.
fn shown_square(index: usize, bottom: Color) -> Square {
    let (row, column) = ((index / 8) as u32, (index % 8) as u32);
    match bottom {
        Color::White => Square::from_coords(File::new(column), Rank::new(7 - row)),
        Color::Black => Square::from_coords(File::new(7 - column), Rank::new(row)),
    }
}

/// Whether `piece`, now on `to`, could have come from `from` in one move
/// (the board's other pieces aside): a highlight between two squares it
/// could not have joined is no last move.
fn could_have_moved(piece: Piece, from: Square, to: Square) -> bool {
    let forward = piece.color.fold_wb(1, -1);
    let ranks = i32::from(to.rank()) - i32::from(from.rank());
    let files = i32::from(to.file()) - i32::from(from.file());
    let home = piece.color.fold_wb(Rank::First, Rank::Eighth);
    // A pawn's step, double step or capture, which a promoted piece on
    // the last rank made too.
    let pawn_move = (files == 0
        && (ranks == forward
            || (ranks == 2 * forward
                && from.rank() == piece.color.fold_wb(Rank::Second, Rank::Seventh))))
        || (files.abs() == 1 && ranks == forward);
    match piece.role {
        Role::Pawn => pawn_move,
        // Castling: the king two files along its home rank (or onto its
        // rook, as some sites draw it).
        Role::King if from.rank() == home && to.rank() == home && files.abs() >= 2 => true,
        role => {
            let promoted = to.rank() == piece.color.fold_wb(Rank::Eighth, Rank::First) && pawn_move;
            promoted
                || shakmaty::attacks::attacks(
                    to,
                    Piece {
                        color: piece.color,
                        role,
                    },
                    Bitboard::EMPTY,
                )
                .contains(from)
        }
    }
}

/// The side at the bottom as the pawns and kings tell it: a side's pawns
/// and king stand mostly on its own half. `None` when they do not tell.
fn bottom_by_pieces(shown: &[SquareReading]) -> Option<Color> {
    let mut white_at_bottom = 0.0;
    for (index, reading) in shown.iter().enumerate() {
        let Some(piece) = reading.piece else { continue };
        // Rows from the top, 0 to 7: below the middle is positive.
        let low = (index / 8) as f32 - 3.5;
        let weight = match piece.role {
            Role::Pawn => 1.0,
            Role::King => 2.0,
            _ => continue,
        };
        white_at_bottom += weight
            * if piece.color == Color::White {
                low
            } else {
                -low
            };
    }
    // A clear lean only: a pawn or two out of place decides nothing.
    if white_at_bottom > 3.0 {
        Some(Color::White)
    } else if white_at_bottom < -3.0 {
        Some(Color::Black)
    } else {
        None
    }
}

/// The record's other fields: given, else read from a last move's
/// highlight (the side to move), else assumed; said so either way.
fn fields(
    board: Board,
    given: &Given,
    last_move: Option<((Square, Square), Color)>,
) -> (Setup, Vec<Assumption>) {
    let mut assumptions = Vec::new();
    let turn = given.side.unwrap_or_else(|| {
        let (turn, why) = match last_move {
            Some(((from, to), moved)) => (
                !moved,
                format!(
                    "the highlighted last move {from}-{to} was {}'s: {} to move (--side says it)",
                    side_name(moved),
                    side_name(!moved)
                ),
            ),
            None => (
                Color::White,
                "a picture does not show whose move it is: White assumed (--side says it)".into(),
            ),
        };
        assumptions.push(Assumption {
            field: "side",
            value: turn.fold_wb("w", "b").into(),
            why,
        });
        turn
    });
    let castling_rights = given.castling.unwrap_or_else(|| {
        let mut rooks = Bitboard::EMPTY;
        for (king, rook, color) in [
            (Square::E1, Square::H1, Color::White),
            (Square::E1, Square::A1, Color::White),
            (Square::E8, Square::H8, Color::Black),
            (Square::E8, Square::A8, Color::Black),
        ] {
            if board.piece_at(king) == Some(color.king())
                && board.piece_at(rook) == Some(color.rook())
            {
                rooks.add(rook);
            }
        }
        let letters = castling_letters(rooks);
        assumptions.push(Assumption {
            field: "castling",
            value: letters.clone(),
            why: if rooks.is_empty() {
                "no king and rook stand at home: no castling (--castling says it)".into()
            } else {
                format!("{letters} assumed where king and rook stand at home (--castling says it)")
            },
        });
        rooks
    });
    let ep_square = given.en_passant.unwrap_or_else(|| {
        // The standard's en passant square follows every double step.
        let double_step = last_move.and_then(|((from, to), moved)| {
            let home = moved.fold_wb(Rank::Second, Rank::Seventh);
            let pawn_there = board.piece_at(to) == Some(moved.pawn());
            let passed = Square::from_coords(from.file(), moved.fold_wb(Rank::Third, Rank::Sixth));
            let two_ahead = moved.fold_wb(Rank::Fourth, Rank::Fifth);
            (pawn_there && from.file() == to.file() && from.rank() == home && to.rank() == two_ahead)
                .then_some(((from, to), passed))
        });
        let (square, why) = match double_step {
            Some(((from, to), passed)) => (
                Some(passed),
                format!("the highlighted last move {from}-{to} was a pawn's double step: {passed} (--ep says it)"),
            ),
            None => match last_move {
                Some(((from, to), _)) => (
                    None,
                    format!("the highlighted last move {from}-{to} was no pawn's double step: no en passant square (--ep says it)"),
                ),
                None => (
                    None,
                    "a picture does not show the last move: no en passant square (--ep says it)".into(),
                ),
            },
        };
        assumptions.push(Assumption {
            field: "en_passant",
            value: square.map_or_else(|| "-".to_string(), |square| square.to_string()),
            why,
        });
        square
    });
    let setup = Setup {
        board,
        promoted: Bitboard::EMPTY,
        pockets: None,
        turn,
        castling_rights,
        ep_square,
        remaining_checks: None::<ByColor<shakmaty::RemainingChecks>>,
        halfmoves: 0,
        fullmoves: std::num::NonZeroU32::MIN,
    };
    (setup, assumptions)
}

fn side_name(color: Color) -> &'static str {
    color.fold_wb("White", "Black")
}

fn castling_letters(rooks: Bitboard) -> String {
    let letters: String = [
        ('K', Square::H1),
        ('Q', Square::A1),
        ('k', Square::H8),
        ('q', Square::A8),
    ]
    .into_iter()
    .filter(|(_, rook)| rooks.contains(*rook))
    .map(|(letter, _)| letter)
    .collect();
    if letters.is_empty() {
        "-".into()
    } else {
        letters
    }
}
