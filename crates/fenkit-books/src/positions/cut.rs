//! Each game cut at a ply: the position there (an EPD book) or the moves
//! up to it (a PGN book of lines), as `fen book make --format epd|pgn`
//! makes them.

use std::ops::ControlFlow;

use fenkit::variants::VariantPosition;
use fenkit::{
    WriteOptions,
    epd::{Operand, Operation},
};
use fenkit_games::{
    pgn::{Ply, PlyHandler},
    tag_filter::TagCondition,
};
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position, Role};

use super::Seeded;

/// Where each game is cut: at one ply, or at a ply drawn for the game
/// from a range by a seed (the game's number and the seed choose it, so
/// the same games and seed give the same book on any number of threads).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlyChoice {
    At(usize),
    Between(usize, usize),
}

impl std::str::FromStr for PlyChoice {
    type Err = String;

    /// `16`, or `8-12` for a ply drawn from 8 to 12.
    fn from_str(text: &str) -> Result<PlyChoice, String> {
        let number = |s: &str| {
            s.trim()
                .parse::<usize>()
                .map_err(|_| format!("'{text}' is no ply: give N or A-B"))
        };
        match text.split_once('-') {
            Some((a, b)) => match (number(a)?, number(b)?) {
                (a, b) if a <= b => Ok(PlyChoice::Between(a, b)),
                _ => Err(format!(
                    "'{text}': the range's first ply comes after its last"
                )),
            },
            None => Ok(PlyChoice::At(number(text)?)),
        }
    }
}

impl PlyChoice {
    /// The ply of game number `game` under `seed`.
    ///
    /// ```
    /// use fenkit_books::positions::PlyChoice;
    ///
    /// let choice: PlyChoice = "8-12".parse().unwrap();
    /// let ply = choice.ply(7, 42);
    /// assert!((8..=12).contains(&ply));
    /// assert_eq!(ply, choice.ply(7, 42));
    /// assert_eq!("16".parse::<PlyChoice>().unwrap().ply(7, 42), 16);
    /// ```
    pub fn ply(self, seed: u64, game: u64) -> usize {
        match self {
            PlyChoice::At(ply) => ply,
            PlyChoice::Between(a, b) => {
                a + Seeded::for_item(seed, game).below((b - a + 1) as u64) as usize
            }
        }
    }
}

/// Whether both sides have a queen (the UHO books keep such positions:
/// more decisive games).
pub fn both_queens(position: &Chess) -> bool {
    let queens = position.board().by_role(Role::Queen);
    [Color::White, Color::Black]
        .into_iter()
        .all(|color| (queens & position.board().by_color(color)).any())
}

/// A game cut at its ply.
#[derive(Clone, Debug)]
pub struct Cut {
    /// The game's number across the inputs, from 1.
    pub game: u64,
    pub ply: usize,
    pub start: Chess,
    /// The moves from the start to the ply (kept for a book of lines).
    pub moves: Vec<Move>,
    pub position: Chess,
}

impl Cut {
    /// Writes the cut as a four-field EPD record (its en passant square
    /// as `write` says): `id`, then `ce` (for the side to move, as EPD has
    /// it) and `acd` where an engine scored it (`score`: the depth and
    /// White's centipawns), then the clocks as `hmvc` and `fmvn` with
    /// `clocks`.
    ///
    /// ```
    /// use fenkit_books::positions::Cut;
    /// use shakmaty::{Chess, Position};
    ///
    /// let start = Chess::default();
    /// let e4 = start.legal_moves().into_iter().find(|m| m.to().to_string() == "e4").unwrap();
    /// let position = start.clone().play(e4)?;
    /// let cut = Cut { game: 1, ply: 1, start, moves: vec![e4], position };
    /// let mut text = Vec::new();
    /// cut.write_epd("g.pgn:1 ply 1", Some((Some(20), 35)), false, &Default::default(), &mut text);
    /// assert_eq!(String::from_utf8(text)?, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 id \"g.pgn:1 ply 1\"; ce -35; acd 20;\n");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_epd(
        &self,
        id: &str,
        score: Option<(Option<u32>, i32)>,
        clocks: bool,
        write: &WriteOptions,
        text: &mut Vec<u8>,
    ) {
        let mut operations = vec![Operation {
            opcode: "id".into(),
            operands: vec![Operand::Quoted(id.into())],
        }];
        if let Some((depth, white)) = score {
            let ce = self.position.turn().fold_wb(white, -white);
            operations.push(Operation::token("ce", ce.to_string()));
            operations.extend(depth.map(|depth| Operation::token("acd", depth.to_string())));
        }
        if clocks {
            let position = &self.position;
            operations.push(Operation::token("hmvc", position.halfmoves().to_string()));
            operations.push(Operation::token("fmvn", position.fullmoves().to_string()));
        }
        let setup = self.position.to_setup(EnPassantMode::Always);
        write.write_epd(&setup, &operations, text);
        text.push(b'\n');
    }
}

/// What became of a game.
#[derive(Clone, Debug)]
pub enum CutFate {
    Cut(Box<Cut>),
    /// Over before the ply.
    Short,
    /// A tag condition left it out.
    Filtered,
    /// A variant's game, Chess960's too: the books are standard chess's.
    Variant,
    /// Its start could not be set up (said by the reader).
    Unplayable,
}

/// The game state that cuts each game (a [`PlyHandler`]): it stops the
/// game at its ply, so that the rest is never played.
pub struct Cutter {
    choice: PlyChoice,
    seed: u64,
    keep_moves: bool,
    conditions: Vec<TagCondition>,
    start: Option<Chess>,
    target: usize,
    moves: Vec<Move>,
    fate: CutFate,
}

impl Cutter {
    /// A cutter of games: at `choice` (drawn with `seed`), keeping the
    /// moves for lines, only games whose tags meet every condition.
    pub fn new(
        choice: PlyChoice,
        seed: u64,
        keep_moves: bool,
        conditions: Vec<TagCondition>,
    ) -> Cutter {
        Cutter {
            choice,
            seed,
            keep_moves,
            conditions,
            start: None,
            target: 0,
            moves: Vec::new(),
            fate: CutFate::Unplayable,
        }
    }

    /// The tags its conditions read, for the player to keep.
    pub fn tags(&self) -> Vec<String> {
        self.conditions.iter().map(|c| c.tag.clone()).collect()
    }

    /// The game's fate; the next game starts afresh.
    pub fn take(&mut self) -> CutFate {
        self.start = None;
        self.moves.clear();
        std::mem::replace(&mut self.fate, CutFate::Unplayable)
    }
}

impl PlyHandler for Cutter {
    fn ply(&mut self, ply: Ply<'_>) -> ControlFlow<()> {
        if ply.ply == 0 {
            self.moves.clear();
            let mut met = self.conditions.iter().zip(ply.tags);
            if !met.all(|(c, tag)| c.holds(tag.as_deref())) {
                self.fate = CutFate::Filtered;
                return ControlFlow::Break(());
            }
            self.fate = CutFate::Short;
            // A standard book: a Chess960 game's castling would be written
            // as no standard record can hold it.
            let VariantPosition::Chess(start) = ply.position else {
                self.fate = CutFate::Variant;
                return ControlFlow::Break(());
            };
            if start.castles().mode() == CastlingMode::Chess960 {
                self.fate = CutFate::Variant;
                return ControlFlow::Break(());
            }
            self.start = Some(start.clone());
            self.target = self.choice.ply(self.seed, ply.game);
        }
        if let (Some(m), true) = (ply.played, self.keep_moves) {
            self.moves.push(m);
        }
        if ply.ply < self.target {
            return ControlFlow::Continue(());
        }
        if let (Some(start), VariantPosition::Chess(position)) = (self.start.take(), ply.position) {
            self.fate = CutFate::Cut(Box::new(Cut {
                game: ply.game,
                ply: ply.ply,
                start,
                moves: std::mem::take(&mut self.moves),
                position: position.clone(),
            }));
        }
        ControlFlow::Break(())
    }
}
