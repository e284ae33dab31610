//! A position's verdict and each move's, as lichess's tablebase gives
//! them.

use std::{cmp::Reverse, fmt};

use shakmaty::{CastlingMode, Chess, Color, Position, Role, san::SanPlus};
use shakmaty_syzygy::{AmbiguousWdl, Dtz, MaybeRounded, Metric, SyzygyError};

use crate::{Category, Tables};

/// What the tables say of a position, for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = TablebaseAnswer))]
pub struct Answer {
    pub category: Category,
    /// Win (2), cursed win (1), draw (0), blessed loss (−1) or loss (−2),
    /// as if the position had just been reached by a capture or a pawn
    /// move: the halfmove clock not counted, as Syzygy's WDL tables and
    /// python-chess's `probe_wdl` give it.
    pub wdl: i8,
    /// The distance to zeroing (the plies to a capture or pawn move, by
    /// best play), signed for the side to move; rounded by one where the
    /// tables store it so, as python-chess's `probe_dtz` gives it.
    pub dtz: i32,
    /// `dtz` where the tables hold it exactly, else none.
    pub precise_dtz: Option<i32>,
    pub checkmate: bool,
    pub stalemate: bool,
    pub insufficient_material: bool,
    /// Every legal move, best first as lichess orders them.
    pub moves: Vec<MoveAnswer>,
}

/// A legal move and what it leaves the other side with.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = TablebaseMove))]
pub struct MoveAnswer {
    pub uci: String,
    pub san: String,
    /// A capture or a pawn move: the fifty-move count starts again.
    pub zeroing: bool,
    /// The category of the position after the move, for the side to move
    /// there (the other side): `loss` is the best a move can do.
    pub category: Category,
    /// The position's DTZ after the move, for the side to move there;
    /// none where the tables do not hold it.
    pub dtz: Option<i32>,
    pub precise_dtz: Option<i32>,
    pub checkmate: bool,
    pub stalemate: bool,
    pub insufficient_material: bool,
    #[cfg_attr(feature = "serde", serde(skip))]
    #[cfg_attr(feature = "openapi", schema(ignore))]
    capture: Option<Role>,
    #[cfg_attr(feature = "serde", serde(skip))]
    #[cfg_attr(feature = "openapi", schema(ignore))]
    promotion: Option<Role>,
}

/// Why the tables cannot answer for a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotInTables {
    /// Syzygy's tables hold no position with castling rights.
    Castling,
    TooManyPieces {
        pieces: usize,
        most: usize,
    },
    /// The table file this material needs is not in the folders.
    Missing {
        file: String,
    },
    /// A table could not be read.
    Damaged(String),
}

impl fmt::Display for NotInTables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotInTables::Castling => {
                f.write_str("the tables hold no position with castling rights")
            }
            NotInTables::TooManyPieces { pieces, most } => write!(
                f,
                "{pieces} pieces: the tables given hold positions of {most} pieces at most"
            ),
            NotInTables::Missing { file } => {
                write!(f, "the table {file} is not in the folders given")
            }
            NotInTables::Damaged(why) => write!(f, "a table could not be read: {why}"),
        }
    }
}

impl std::error::Error for NotInTables {}

impl Answer {
    /// The game's result under best play and the fifty-move rule, as PGN
    /// writes it, for a position with `turn` to move: a cursed win or a
    /// blessed loss is a draw.
    ///
    /// ```
    /// # fn answer(wdl: i8) -> fenkit_tb::Answer { fenkit_tb::Answer { category: fenkit_tb::Category::Draw, wdl, dtz: 0, precise_dtz: None, checkmate: false, stalemate: false, insufficient_material: false, moves: vec![] } }
    /// use shakmaty::Color;
    /// assert_eq!(answer(-2).game_result(Color::White), "0-1");
    /// assert_eq!(answer(1).game_result(Color::Black), "1/2-1/2");
    /// ```
    pub fn game_result(&self, turn: Color) -> &'static str {
        match self.wdl {
            2 => turn.fold_wb("1-0", "0-1"),
            -2 => turn.fold_wb("0-1", "1-0"),
            _ => "1/2-1/2",
        }
    }

    /// The moves that keep the position's result (a win a win, a draw a
    /// draw), best first: a composed study wants exactly one.
    pub fn keeping(&self) -> impl Iterator<Item = &MoveAnswer> {
        self.moves.iter().filter(|m| -m.category == self.category)
    }

    /// The verdict in words, for a position with `turn` to move: its
    /// result, DTZ, and the moves that keep it.
    ///
    /// ```
    /// use fenkit_tb::Tables;
    /// use shakmaty::{CastlingMode, Chess, Color, fen::Fen};
    ///
    /// # let Ok(tables) = Tables::open(&["../../../shared/data/syzygy/regular".into()]) else { return Ok(()) };
    /// let fen: Fen = "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1".parse()?;
    /// let position: Chess = fen.into_position(CastlingMode::Standard)?;
    /// let answer = tables.answer(&position)?;
    /// assert_eq!(answer.verdict(Color::White), "White wins, 3 plies to zeroing; 2 of 4 moves keep it: Kd6, Kf6");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn verdict(&self, turn: Color) -> String {
        let side = turn.fold_wb("White", "Black");
        let result = match self.category {
            Category::Win => "wins",
            Category::CursedWin => "wins, but the fifty-move rule comes first",
            Category::MaybeWin => "wins, or the fifty-move rule comes first",
            Category::Draw => "draws",
            Category::MaybeLoss => "loses, or the fifty-move rule comes first",
            Category::BlessedLoss => "loses, but the fifty-move rule comes first",
            Category::Loss => "loses",
            Category::Unknown => "has no verdict",
        };
        let mut words = format!("{side} {result}");
        if self.dtz != 0 {
            words += &format!(", {} plies to zeroing", self.dtz.abs());
        }
        let kept: Vec<&str> = self.keeping().map(|m| m.san.as_str()).collect();
        if !self.moves.is_empty() {
            let (n, total) = (kept.len(), self.moves.len());
            let verb = if n == 1 { "keeps" } else { "keep" };
            words += &format!("; {n} of {total} moves {verb} it: {}", kept.join(", "));
        }
        words
    }

    /// The answer as an engine's score in centipawns for the side to move,
    /// in Stockfish's form for a tablebase win: 20,000 less the plies to
    /// zeroing, so that a win is worth more than any material and the
    /// nearer one more; its negation for a loss; 0 for a draw, a cursed
    /// win or a blessed loss included (the fifty-move rule comes first).
    ///
    /// ```
    /// # fn answer(category: fenkit_tb::Category, dtz: i32) -> fenkit_tb::Answer { fenkit_tb::Answer { category, wdl: 0, dtz, precise_dtz: None, checkmate: false, stalemate: false, insufficient_material: false, moves: vec![] } }
    /// use fenkit_tb::Category;
    /// assert_eq!(answer(Category::Win, 11).centipawns(), 19_989);
    /// assert_eq!(answer(Category::Loss, -12).centipawns(), -19_988);
    /// assert_eq!(answer(Category::CursedWin, 120).centipawns(), 0);
    /// ```
    pub fn centipawns(&self) -> i32 {
        let won = 20_000 - self.dtz.abs().min(10_000);
        match self.category {
            Category::Win | Category::MaybeWin => won,
            Category::Loss | Category::MaybeLoss => -won,
            _ => 0,
        }
    }
}

/// A position's facts and its DTZ, where the tables hold it.
struct Verdict {
    checkmate: bool,
    stalemate: bool,
    insufficient_material: bool,
    dtz: Option<MaybeRounded<Dtz>>,
    halfmoves: u32,
}

impl Verdict {
    /// The position's category, given the halfmove clock before the move
    /// that reached it: a mate or a win that comes after the fifty-move
    /// rule could be claimed counts as a draw's.
    fn category(&self, halfmoves_before: u32) -> Category {
        let in_time = halfmoves_before < 100;
        let dtz = self.dtz;
        if self.stalemate || self.insufficient_material || dtz.is_some_and(|d| d.is_zero()) {
            Category::Draw
        } else if self.checkmate {
            if in_time {
                Category::Loss
            } else {
                Category::BlessedLoss
            }
        } else if let Some(dtz) = dtz {
            match (in_time, dtz.is_negative()) {
                (true, _) => AmbiguousWdl::from_dtz_and_halfmoves(dtz, self.halfmoves).into(),
                (false, true) => Category::BlessedLoss,
                (false, false) => Category::CursedWin,
            }
        } else {
            Category::Unknown
        }
    }

    fn dtz_sign(&self) -> i32 {
        self.dtz.map_or(0, |dtz| dtz.signum())
    }
}

impl Tables {
    /// The position's WDL for the side to move (−2 to 2) as if just
    /// reached by a capture or pawn move, as [`Answer::wdl`]: one probe,
    /// without the moves' answers.
    pub fn wdl(&self, position: &Chess) -> Result<i8, NotInTables> {
        let wdl = self
            .syzygy
            .probe_wdl_after_zeroing(position)
            .map_err(|err| self.not_in_tables(position, err))?;
        Ok(wdl as i8)
    }

    /// The position's DTZ, as [`Answer::dtz`]: one probe, without the
    /// moves' answers.
    pub fn dtz(&self, position: &Chess) -> Result<i32, NotInTables> {
        let dtz = self
            .syzygy
            .probe_dtz(position)
            .map_err(|err| self.not_in_tables(position, err))?;
        Ok(dtz.ignore_rounding().0)
    }

    /// The tables' answer for `position` and each of its moves.
    pub fn answer(&self, position: &Chess) -> Result<Answer, NotInTables> {
        let verdict = self.verdict(position, true)?;
        let dtz = verdict.dtz.expect("a position the tables hold has a DTZ");
        let wdl = self.wdl(position)?;
        let halfmoves = position.halfmoves();
        let mut moves = Vec::new();
        for m in position.legal_moves() {
            let mut after = position.clone();
            let san = SanPlus::from_move_and_play_unchecked(&mut after, m);
            let verdict = self.verdict(&after, false)?;
            moves.push((
                verdict.dtz_sign(),
                MoveAnswer {
                    uci: m.to_uci(CastlingMode::Standard).to_string(),
                    san: san.to_string(),
                    zeroing: m.is_zeroing(),
                    category: verdict.category(halfmoves),
                    dtz: verdict.dtz.map(|d| d.ignore_rounding().0),
                    precise_dtz: verdict.dtz.and_then(|d| d.precise()).map(|d| d.0),
                    checkmate: verdict.checkmate,
                    stalemate: verdict.stalemate,
                    insufficient_material: verdict.insufficient_material,
                    capture: m.capture(),
                    promotion: m.promotion(),
                },
            ));
        }
        moves.sort_by_key(|(sign, m)| best_first(m, *sign));
        let mut moves: Vec<MoveAnswer> = moves.into_iter().map(|(_, m)| m).collect();
        let own = verdict.category(halfmoves.saturating_sub(1));
        settle_maybes(own, &mut moves);
        Ok(Answer {
            category: moves.first().map_or(own, |best| -best.category),
            wdl,
            dtz: dtz.ignore_rounding().0,
            precise_dtz: dtz.precise().map(|d| d.0),
            checkmate: verdict.checkmate,
            stalemate: verdict.stalemate,
            insufficient_material: verdict.insufficient_material,
            moves,
        })
    }

    /// The facts of `position` and its DTZ; a position the tables do not
    /// hold is an error when `needed`, else has no DTZ. A table that
    /// cannot be read is always an error.
    fn verdict(&self, position: &Chess, needed: bool) -> Result<Verdict, NotInTables> {
        let dtz = match self.syzygy.probe_dtz(position) {
            Ok(dtz) => Some(dtz),
            Err(err @ SyzygyError::ProbeFailed { .. }) => {
                return Err(self.not_in_tables(position, err));
            }
            Err(err) if needed => return Err(self.not_in_tables(position, err)),
            Err(_) => None,
        };
        Ok(Verdict {
            checkmate: position.is_checkmate(),
            stalemate: position.is_stalemate(),
            insufficient_material: position.is_insufficient_material(),
            dtz,
            halfmoves: position.halfmoves(),
        })
    }

    pub(crate) fn not_in_tables(&self, position: &Chess, err: SyzygyError) -> NotInTables {
        match err {
            SyzygyError::Castling => NotInTables::Castling,
            SyzygyError::TooManyPieces => NotInTables::TooManyPieces {
                pieces: position.board().occupied().count(),
                most: self.max_pieces(),
            },
            SyzygyError::MissingTable { metric, material } => NotInTables::Missing {
                file: format!("{material}.{}", extension(metric)),
            },
            other => NotInTables::Damaged(other.to_string()),
        }
    }
}

fn extension(metric: Metric) -> &'static str {
    match metric {
        Metric::Wdl => "rtbw",
        Metric::Dtz => "rtbz",
    }
}

/// What orders moves best first, lichess's order: the category left to
/// the other side (a loss first, an unknown one pessimistically near it),
/// a mate, then a stalemate or bare material; a winner zeroes first (and
/// captures), a loser last; then the quickest win or slowest loss by the
/// other side's DTZ; then the biggest capture and promotion.
fn best_first(m: &MoveAnswer, their_dtz_sign: i32) -> impl Ord + use<> {
    let they_win = their_dtz_sign > 0;
    (
        m.category,
        Reverse(m.checkmate),
        (Reverse(m.stalemate), Reverse(m.insufficient_material)),
        m.zeroing ^ !they_win,
        m.capture.is_some() ^ !they_win,
        m.dtz.map(Reverse),
        (Reverse(m.capture), Reverse(m.promotion)),
    )
}

/// Where the position's own category is sure and its best moves are only
/// `maybe-` (DTZ's rounding), the moves that keep the result are what the
/// position says: a won position's best moves leave a loss.
fn settle_maybes(own: Category, moves: &mut [MoveAnswer]) {
    let (maybe, sure) = match own {
        Category::Win => (Category::MaybeLoss, Category::Loss),
        Category::CursedWin => (Category::MaybeLoss, Category::BlessedLoss),
        Category::BlessedLoss => (Category::MaybeWin, Category::CursedWin),
        Category::Loss => (Category::MaybeWin, Category::Win),
        _ => return,
    };
    for m in moves.iter_mut().take_while(|m| m.category == maybe) {
        m.category = sure;
    }
}
