//! Games in PGN, through pgn-reader: the mainline played move by move from
//! the start or the `[FEN]` tag, each position handed to a callback.
//! Variations are skipped; comments and NAGs are read into each ply's
//! [`Annotations`] when asked ([`Plies::keeping_annotations`]). The caller
//! owns the reader (and so the I/O).

use std::ops::ControlFlow;

/// pgn-reader's streaming reader, to drive [`Plies`] with.
pub use pgn_reader::Reader;

mod handler;

pub use handler::{PlyHandler, Until};

use super::start::Start;
pub use super::{
    mainline::{
        MainlineMoves, annotation_problem_at, first_word_not_san, mainline_move, mainline_moves,
    },
    start::Tags,
    texts::{GameText, GameTexts, holds_a_game},
};
use pgn_reader::{Nag, RawComment, RawTag, SanPlus, Visitor};
use shakmaty::{Chess, Color, Move, Position};

use fenkit::variants::{NamedVariant, Variant, VariantPosition, named_variant};

use super::annotations::{self, Annotations};
use fenkit::Code;

/// A position of a game: `ply` 0 is the start, `san` the move that led
/// here.
pub struct Ply<'a> {
    /// 1 for the first game the visitor sees.
    pub game: u64,
    pub ply: usize,
    pub san: Option<&'a SanPlus>,
    /// The move that led here, as played (for UCI and squares).
    pub played: Option<Move>,
    /// In the game's variant (its `[Variant]` tag; standard chess when it
    /// has none).
    pub position: &'a VariantPosition,
    /// The game's values of the tags asked for by
    /// [`Plies::keeping_tags`], in that order (`None` for a tag the game
    /// lacks).
    pub tags: &'a [Option<String>],
    /// What the comments and glyphs after the move say (for ply 0, before
    /// the first move); empty unless [`Plies::keeping_annotations`].
    pub annotations: &'a Annotations,
}

/// How a game ended: its number, how many plies it had, and where it
/// stopped.
#[derive(Debug)]
#[non_exhaustive]
pub struct GameEnd {
    pub game: u64,
    pub plies: usize,
    pub position: VariantPosition,
    /// The values of the tags kept, as in [`Ply::tags`].
    pub tags: Vec<Option<String>>,
    /// The handler wanted none of the game ([`PlyHandler::wants_game`]):
    /// its movetext was not read, nor its moves checked, and `position`
    /// is no position of it.
    pub skipped: bool,
    /// The handler stopped the game at ply `plies` ([`PlyHandler::ply`]):
    /// nothing after it was read or checked.
    pub stopped: bool,
}

/// Why the rest of a game was skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GameError {
    pub game: u64,
    /// The ply of the move that could not be played; none for a bad tag.
    pub ply: Option<usize>,
    pub code: Code,
    pub message: String,
}

impl GameError {
    /// Game `game`'s comment (`{`) that is never closed: pgn-reader's one
    /// error inside a game, which takes the rest of the input.
    pub fn unterminated_comment(game: u64) -> GameError {
        GameError {
            game,
            ply: None,
            code: Code::UnterminatedComment,
            message:
                "the comment opened here ('{') is never closed: the rest of the input is in it"
                    .into(),
        }
    }
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game {}: {}", self.game, self.message)
    }
}

impl std::error::Error for GameError {}

/// A pgn-reader visitor that plays each game's mainline and hands every
/// position, the start included, to its [`PlyHandler`].
///
/// Games are played through the one door, [`Plies::play`], one game's
/// text at a time (as [`GameTexts`] cuts a file):
///
/// ```
/// use fenkit_games::pgn::{GameTexts, Plies};
///
/// let pgn = b"[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 (1... Ke7) 2. e5 *\n\n1. Nf3 Nf6 2. Ne6?? *\n";
/// let mut fens = Vec::new();
/// let mut plies = Plies::new(|ply| fens.push(fenkit::Fen::from_position(ply.position).to_string()));
/// let mut games = GameTexts::new(&pgn[..]).map(|game| game.unwrap().text);
/// let first = plies.play(&mut games.next().unwrap()).unwrap().outcome.unwrap();
/// assert_eq!(first.plies, 3);
/// let second = plies.play(&mut games.next().unwrap()).unwrap().outcome.unwrap_err();
/// assert_eq!(second.message, "move 2. Ne6: no white knight can reach e6");
/// drop(plies);
/// assert_eq!(fens[3], "8/3k4/8/4P3/8/8/8/4K3 b - - 0 2");
/// ```
pub struct Plies<F> {
    on_ply: F,
    pub(crate) games: u64,
    start: Chess,
    /// The names of the tags whose values each ply carries.
    kept: Vec<String>,
    /// The fullmove number and side to move where the current game starts.
    first: (u32, Color),
    /// Read comments and glyphs: each ply is handed out when the next move
    /// (or the game's end) shows that its annotations are all read.
    annotated: bool,
    /// Refuse what PGN's standard does not allow but whose meaning is
    /// plain (see [`Plies::warnings`]).
    pub(crate) strict: bool,
    warnings: Vec<GameWarning>,
    /// Plies of the current game before the first word that is no move
    /// (pgn-reader skips such a word and plays on): none past it is
    /// played. Set by [`Plies::play`] when it meets such a word.
    pub(crate) word_limit: usize,
    /// Keep a game's text as written when its dialects are rewritten
    /// ([`Plies::keeping_text_as_written`]).
    pub(crate) as_written: bool,
}

/// Something a game writes against PGN's standard but whose meaning is
/// plain, read all the same (unless [`Plies::strictly`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct GameWarning {
    pub game: u64,
    /// The ply of the move written so; none for the `[FEN]` tag.
    pub ply: Option<usize>,
    pub message: String,
}

impl<F: FnMut(Ply<'_>)> Plies<F> {
    /// A visitor handing each ply to a closure.
    pub fn new(on_ply: F) -> Plies<F> {
        Plies::with_handler(on_ply)
    }
}

impl<F: PlyHandler> Plies<F> {
    /// A visitor handing each ply to `on_ply`, which keeps what a game's
    /// plies fill (reached between games by [`Plies::handler_mut`]).
    pub fn with_handler(on_ply: F) -> Plies<F> {
        Plies {
            on_ply,
            games: 0,
            start: Chess::default(),
            kept: Vec::new(),
            first: (1, Color::White),
            annotated: false,
            strict: false,
            warnings: Vec::new(),
            word_limit: usize::MAX,
            as_written: false,
        }
    }

    /// Refuses, as errors, what is otherwise read with a warning: a move
    /// in long algebraic notation (`g1f3`, a capture without `x` such as
    /// `Be2c4`), and a `[FEN]` tag's castling right whose king or rook is
    /// not at home (python-chess drops such rights, as does this
    /// otherwise).
    pub fn strictly(self) -> Plies<F> {
        Plies {
            strict: true,
            ..self
        }
    }

    /// The warnings of the games read so far, taken: those of games that
    /// pgn-reader drove this visitor through directly. [`Plies::play`]
    /// takes each game's and hands them on with it
    /// ([`crate::PlayedGame::warnings`]).
    ///
    /// ```
    /// use fenkit_games::pgn::Plies;
    ///
    /// let mut plies = Plies::new(|_| {});
    /// let played = plies.play(&mut b"1. e2e4 e7e5 2. g1f3 *".to_vec()).unwrap();
    /// assert_eq!(played.outcome.unwrap().plies, 3);
    /// assert_eq!(played.warnings[0].message, "move 2. g1f3 is written in long algebraic notation (from and to squares); PGN writes Nf3");
    /// assert!(plies.warnings().is_empty());
    /// ```
    pub fn warnings(&mut self) -> Vec<GameWarning> {
        std::mem::take(&mut self.warnings)
    }

    /// The next game read is game `number` (the games after it count on
    /// from there): for games cut from one input and played apart, on
    /// several threads, each under its number in the input.
    ///
    /// ```
    /// use fenkit_games::pgn::Plies;
    ///
    /// let mut plies = Plies::new(|_| {});
    /// plies.number_next(41);
    /// let end = plies.play(&mut b"1. e4 *".to_vec()).unwrap().outcome.unwrap();
    /// assert_eq!(end.game, 41);
    /// ```
    pub fn number_next(&mut self, number: u64) {
        self.games = number.saturating_sub(1);
    }

    /// Each ply carries what its comments and glyphs say: clock, move
    /// time, evaluation, arrows, circled squares, NAGs and words. A ply is
    /// then handed out once the next move is read (its comments stand
    /// after it), in the same order.
    ///
    /// ```
    /// use fenkit_games::{Eval, pgn::Plies};
    ///
    /// let pgn = b"1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... c5?! { [%eval 0.19] [%clk 0:02:58] } *";
    /// let mut seen = Vec::new();
    /// let mut plies = Plies::new(|ply| seen.push((ply.ply, ply.annotations.clock, ply.annotations.nags.clone())))
    ///     .keeping_annotations();
    /// plies.play(&mut pgn.to_vec()).unwrap();
    /// drop(plies);
    /// assert_eq!(seen, [(0, None, vec![]), (1, Some(180.0), vec![]), (2, Some(178.0), vec![6])]);
    /// ```
    pub fn keeping_annotations(self) -> Plies<F> {
        Plies {
            annotated: true,
            ..self
        }
    }

    /// Games without a `[FEN]` tag start from `position` instead of the
    /// standard start: movetext kept apart from its game, such as a
    /// puzzle's moves beside its FEN.
    ///
    /// ```
    /// use fenkit_games::pgn::Plies;
    /// use shakmaty::{CastlingMode, Position};
    ///
    /// let start = fenkit::check(b"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").position(CastlingMode::Standard).unwrap();
    /// let mut plies = Plies::new(|_| {}).starting_at(start);
    /// let end = plies.play(&mut b"1. e4 Kd7 *".to_vec()).unwrap().outcome.unwrap();
    /// assert_eq!(end.position.board().occupied().count(), 3);
    /// ```
    pub fn starting_at(self, position: Chess) -> Plies<F> {
        Plies {
            start: position,
            ..self
        }
    }

    /// Each ply and game end carries the values of these tags (players,
    /// result, site…), in this order.
    ///
    /// ```
    /// use fenkit_games::pgn::Plies;
    ///
    /// let pgn = b"[White \"Anna\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n";
    /// let mut plies = Plies::new(|_| {}).keeping_tags(&["Result", "Black", "White"]);
    /// let end = plies.play(&mut pgn.to_vec()).unwrap().outcome.unwrap();
    /// assert_eq!(end.tags, [Some("1-0".to_string()), None, Some("Anna".to_string())]);
    /// ```
    pub fn keeping_tags(self, names: &[&str]) -> Plies<F> {
        Plies {
            kept: names.iter().map(|name| name.to_string()).collect(),
            ..self
        }
    }

    /// [`Plies::play`] keeps a game's text as written
    /// ([`crate::PlayedGame::as_written`]) when it rewrites the game's dialects:
    /// for a caller that writes the game back as it came.
    pub fn keeping_text_as_written(self) -> Plies<F> {
        Plies {
            as_written: true,
            ..self
        }
    }
}

pub struct Movetext {
    position: VariantPosition,
    ply: usize,
    tags: Vec<Option<String>>,
    /// With annotations: the ply read but not yet handed out (the move
    /// that led to `position`, none for the start), and what its comments
    /// and glyphs say so far.
    waiting: Option<Option<(SanPlus, Move)>>,
    notes: Annotations,
    /// A comment longer than the reader's buffer, in pieces.
    long_comment: Vec<u8>,
}

/// How a game ends: played through, or stopped by an error.
pub type Outcome = Result<GameEnd, GameError>;

impl<F> Plies<F> {
    /// What the plies are handed to, to read or reset between games.
    pub fn handler_mut(&mut self) -> &mut F {
        &mut self.on_ply
    }

    /// The move number of the current game's `ply`-th move (1 for the
    /// first), as SAN text writes it: `2.` before White's move, `2...`
    /// before Black's.
    pub fn move_number(&self, ply: usize) -> String {
        let (fullmoves, turn) = self.first;
        let half = ply.saturating_sub(1) + usize::from(turn == Color::Black);
        let number = fullmoves as usize + half / 2;
        format!(
            "{number}{}",
            if half.is_multiple_of(2) { "." } else { "..." }
        )
    }

    pub(crate) fn error(&self, ply: Option<usize>, code: Code, message: String) -> GameError {
        GameError {
            game: self.games,
            ply,
            code,
            message,
        }
    }
}

impl<F: PlyHandler> Plies<F> {
    /// Hands out the ply waiting for its annotations, with them; whether
    /// the handler plays on.
    fn hand_out(&mut self, movetext: &mut Movetext) -> ControlFlow<()> {
        let Some(waiting) = movetext.waiting.take() else {
            return ControlFlow::Continue(());
        };
        let flow = self.on_ply.ply(Ply {
            game: self.games,
            ply: movetext.ply,
            san: waiting.as_ref().map(|(san, _)| san),
            played: waiting.map(|(_, m)| m),
            position: &movetext.position,
            tags: &movetext.tags,
            annotations: &movetext.notes,
        });
        // Cleared in place: the next ply reuses what this one allocated.
        movetext.notes.clear();
        flow
    }

    /// The game ended at the current ply, before its end: stopped by the
    /// handler, or cut at a word that is no move.
    fn cut_short(&self, movetext: &Movetext, stopped: bool) -> Outcome {
        Ok(GameEnd {
            game: self.games,
            plies: movetext.ply,
            position: movetext.position.clone(),
            tags: movetext.tags.clone(),
            skipped: false,
            stopped,
        })
    }
}

impl<F: PlyHandler> Visitor for Plies<F> {
    type Tags = Tags;
    type Movetext = Movetext;
    type Output = Outcome;

    fn begin_tags(&mut self) -> ControlFlow<Outcome, Tags> {
        self.games += 1;
        ControlFlow::Continue(Tags {
            kept: vec![None; self.kept.len()],
            ..Tags::default()
        })
    }

    fn tag(&mut self, tags: &mut Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Outcome> {
        match name {
            b"FEN" => tags.fen = Some(value.decode().into_owned()),
            b"Variant" => {
                let written = String::from_utf8_lossy(&value.decode()).into_owned();
                let lower = written.to_ascii_lowercase();
                tags.chess960 = lower.contains("960") || lower.starts_with("fischer");
                tags.variant = Some(match named_variant(&written) {
                    Some(NamedVariant { variant, .. }) => Ok(variant),
                    None if tags.chess960 => Ok(Variant::Chess),
                    None => Err(written),
                });
            }
            _ => {}
        }
        if let Some(at) = self.kept.iter().position(|kept| kept.as_bytes() == name) {
            tags.kept[at] = Some(String::from_utf8_lossy(&value.decode()).into_owned());
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Tags) -> ControlFlow<Outcome, Movetext> {
        if !self.on_ply.wants_game(&tags.kept) {
            return ControlFlow::Break(Ok(GameEnd {
                game: self.games,
                plies: 0,
                position: VariantPosition::Chess(self.start.clone()),
                tags: tags.kept,
                skipped: true,
                stopped: false,
            }));
        }
        let start = Start {
            default: &self.start,
            strict: self.strict,
        };
        match start.of(&tags) {
            Ok((position, warning)) => {
                if let Some(message) = warning {
                    let game = self.games;
                    let ply = None;
                    self.warnings.push(GameWarning { game, ply, message });
                }
                self.first = (position.fullmoves().get(), position.turn());
                let mut movetext = Movetext {
                    position,
                    ply: 0,
                    tags: tags.kept,
                    waiting: None,
                    notes: Annotations::default(),
                    long_comment: Vec::new(),
                };
                if self.annotated {
                    movetext.waiting = Some(None);
                    return ControlFlow::Continue(movetext);
                }
                let flow = self.on_ply.ply(Ply {
                    game: self.games,
                    ply: 0,
                    san: None,
                    played: None,
                    position: &movetext.position,
                    tags: &movetext.tags,
                    annotations: &annotations::NONE,
                });
                match flow {
                    ControlFlow::Continue(()) => ControlFlow::Continue(movetext),
                    ControlFlow::Break(()) => ControlFlow::Break(self.cut_short(&movetext, true)),
                }
            }
            Err((code, message)) => ControlFlow::Break(Err(self.error(None, code, message))),
        }
    }

    fn san(&mut self, movetext: &mut Movetext, san_plus: SanPlus) -> ControlFlow<Outcome> {
        if self.hand_out(movetext).is_break() {
            return ControlFlow::Break(self.cut_short(movetext, true));
        }
        // A word pgn-reader skipped stands before this move: the game ends
        // there ([`Plies::play`] says why).
        if movetext.ply >= self.word_limit {
            return ControlFlow::Break(self.cut_short(movetext, false));
        }
        let position = &mut movetext.position;
        // A move in long algebraic notation (`g1f3`, `Be2c4`): read with a
        // warning, written as the standard's SAN; refused when strict.
        let mut san_plus = san_plus;
        let played = match san_plus.san.to_move(position) {
            Ok(m) => Ok(m),
            Err(err) => match super::mainline::long_algebraic(position, &san_plus.san) {
                Some(m) => {
                    let number = fenkit::moves::move_number(position);
                    let standard = SanPlus::from_move(position.clone(), m);
                    let message = format!(
                        "move {number} {san_plus} is written in long algebraic notation (from and to squares); PGN writes {standard}"
                    );
                    if self.strict {
                        let error = self.error(Some(movetext.ply + 1), Code::BadMove, message);
                        return ControlFlow::Break(Err(error));
                    }
                    self.warnings.push(GameWarning {
                        game: self.games,
                        ply: Some(movetext.ply + 1),
                        message,
                    });
                    san_plus = standard;
                    Ok(m)
                }
                None => Err(err),
            },
        };
        match played {
            Ok(m) => {
                fenkit::variants::play(position, m);
                movetext.ply += 1;
                if self.annotated {
                    movetext.waiting = Some(Some((san_plus, m)));
                    return ControlFlow::Continue(());
                }
                let flow = self.on_ply.ply(Ply {
                    game: self.games,
                    ply: movetext.ply,
                    san: Some(&san_plus),
                    played: Some(m),
                    position,
                    tags: &movetext.tags,
                    annotations: &annotations::NONE,
                });
                match flow {
                    ControlFlow::Continue(()) => ControlFlow::Continue(()),
                    ControlFlow::Break(()) => ControlFlow::Break(self.cut_short(movetext, true)),
                }
            }
            Err(_) => {
                let text = san_plus.to_string();
                let number = fenkit::moves::move_number(position);
                let (code, message) = match fenkit::moves::read_variant_move(position, &text) {
                    // pgn-reader read `g1f3` as a pawn's move from g1.
                    Ok(m) => (
                        Code::BadMove,
                        format!(
                            "move {number} {text} is written in UCI (from and to squares), but PGN movetext is SAN: write {}; `fen play` reads UCI",
                            shakmaty::san::San::from_move(position, m)
                        ),
                    ),
                    Err(why) => (why.code, format!("move {number} {}", why.message)),
                };
                ControlFlow::Break(Err(self.error(Some(movetext.ply + 1), code, message)))
            }
        }
    }

    fn nag(&mut self, movetext: &mut Movetext, nag: Nag) -> ControlFlow<Outcome> {
        if self.annotated {
            movetext.notes.nags.push(nag.0);
        }
        ControlFlow::Continue(())
    }

    fn partial_comment(
        &mut self,
        movetext: &mut Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Outcome> {
        if self.annotated {
            movetext.long_comment.extend_from_slice(comment.as_bytes());
        }
        ControlFlow::Continue(())
    }

    fn comment(
        &mut self,
        movetext: &mut Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Outcome> {
        if self.annotated {
            match movetext.long_comment.is_empty() {
                true => movetext.notes.read_comment(comment.as_bytes()),
                false => {
                    let mut whole = std::mem::take(&mut movetext.long_comment);
                    whole.extend_from_slice(comment.as_bytes());
                    movetext.notes.read_comment(&whole);
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, mut movetext: Movetext) -> Outcome {
        // The game ends here whatever the handler says of its last ply.
        let _ = self.hand_out(&mut movetext);
        Ok(GameEnd {
            game: self.games,
            plies: movetext.ply,
            position: movetext.position,
            tags: movetext.tags,
            skipped: false,
            stopped: false,
        })
    }
}
