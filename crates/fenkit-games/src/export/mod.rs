//! Games written back in PGN's export format: the seven-tag roster first
//! (each tag there, `?` where unknown), then the other tags as read, values
//! escaped; movetext in lines of at most 79 characters, every move in the
//! standard's SAN (as replayed, so `Ngf3` written `Nf3` where nothing else
//! can go there), move numbers restated after a comment or variation,
//! NAGs as `$N`, comments and variations kept, the result last.
//!
//! The game's text is read again here, with the comments and variations
//! that [`Plies`](crate::pgn::Plies) skips: a game is written once its
//! mainline has been played through (its start position is that play's
//! ply 0). A move that cannot be played inside a variation leaves the
//! rest of that variation as it was written; nothing is dropped.

use std::ops::ControlFlow;

use fenkit::variants::VariantPosition;
use pgn_reader::{Nag, Outcome, RawComment, RawTag, Reader, SanPlus, Skip, Visitor};
use shakmaty::{Move, Position};

use crate::openings::Opening;

mod game;
mod tokens;

use game::Game;
use tokens::{Lines, number_token, standard_san, suffix, without_commands};

/// What to leave out of the games written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Strip {
    /// Every comment, its commands (clocks, evaluations, arrows) with it.
    pub comments: bool,
    /// Every variation: the mainline alone.
    pub variations: bool,
    /// Every NAG (`$1`, and `!` as read).
    pub nags: bool,
    /// The clock commands of comments: `[%clk]`, `[%emt]`.
    pub clocks: bool,
    /// The evaluation commands of comments: `[%eval]`.
    pub evals: bool,
    /// These tags, by name (the seven-tag roster's stay: the standard
    /// wants them).
    pub tags: Vec<String>,
}

/// Tags computed from the game, added or corrected.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Retag {
    /// `ECO`: the code of the deepest named position the mainline reaches
    /// (of the ECO table; standard chess only).
    pub eco: bool,
    /// `Opening`: that position's name.
    pub opening: bool,
    /// `PlyCount`: the mainline's plies.
    pub ply_count: bool,
}

/// How to write games.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Export {
    pub strip: Strip,
    pub retag: Retag,
    /// Tags given a value in every game: added, or replaced where they
    /// stand (`Annotator` for an analysis); not the seven-tag roster's.
    pub set_tags: Vec<(String, String)>,
}

/// What an analysis adds after a mainline move ([`Export::write_annotated_game`]),
/// after the move's own NAGs and comments and before its own variations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlyNote {
    /// A NAG (`$2` for a mistake), left out where the move has a
    /// move-assessing NAG (`$1` to `$6`) already.
    pub nag: Option<u8>,
    /// A comment's text, such as `[%eval 0.23]`.
    pub comment: Option<String>,
    /// A variation: the moves that could have been played instead, from
    /// the position before the move.
    pub variation: Vec<Move>,
}

/// The seven-tag roster, in the standard's order, with what stands for
/// an unknown value.
pub const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Movetext lines hold at most this many characters, as the export
/// format says.
pub const LINE: usize = 79;

impl Export {
    /// Writes the game of `text` (one game: tags and movetext, dialects
    /// already in the standard's form), which starts at `start`, to `out`
    /// in the export format, a blank line after it; `false`, and nothing
    /// written, for a text that cannot be read through.
    ///
    /// ```
    /// use fenkit_games::export::Export;
    /// use fenkit::variants::VariantPosition;
    ///
    /// let text = b"[White \"Anna \\\"A\\\"\"]\n[ECO \"C20\"]\n\n1. e4 {best by test} e5 2. Ngf3?! (2. Nc3) *\n";
    /// let mut out = Vec::new();
    /// Export::default().write_game(text, &VariantPosition::new(shakmaty::variant::Variant::Chess), &mut out);
    /// assert_eq!(String::from_utf8(out).unwrap(), "\
    /// [Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Anna \\\"A\\\"\"]\n\
    /// [Black \"?\"]\n[Result \"*\"]\n[ECO \"C20\"]\n\n\
    /// 1. e4 { best by test } 1... e5 2. Nf3 $6 (2. Nc3) *\n\n");
    /// ```
    pub fn write_game(&self, text: &[u8], start: &VariantPosition, out: &mut Vec<u8>) -> bool {
        self.write_played_game(text, (start, &[]), out)
    }

    /// The line `moves` from `start` as a game of its own: its start in
    /// `[FEN]` and `[SetUp]` (unless the standard start), `result` as its
    /// `[Result]` and last word, written as [`Export::write_game`] writes.
    ///
    /// ```
    /// use fenkit_games::export::Export;
    /// use fenkit::variants::VariantPosition;
    /// use shakmaty::{Chess, Position, fen::Fen, CastlingMode};
    ///
    /// let fen: Fen = "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1".parse()?;
    /// let start = VariantPosition::Chess(fen.into_position(CastlingMode::Standard)?);
    /// let mate = start.legal_moves().into_iter().find(|m| m.to().to_string() == "f8").unwrap();
    /// let mut out = Vec::new();
    /// Export::default().write_line(&start, &[mate], "1-0", &mut out);
    /// let text = String::from_utf8(out)?;
    /// assert!(text.contains("[FEN \"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1\"]\n[SetUp \"1\"]\n"));
    /// assert!(text.ends_with("\n1. Qf8# 1-0\n\n"));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_line(
        &self,
        start: &VariantPosition,
        moves: &[Move],
        result: &str,
        out: &mut Vec<u8>,
    ) {
        let mut text = String::new();
        if *start != VariantPosition::new(start.variant()) {
            let fen = fenkit::Fen::from_position(start);
            text += &format!("[FEN \"{fen}\"]\n[SetUp \"1\"]\n");
        }
        text += &format!("[Result \"{result}\"]\n\n");
        let mut at = start.clone();
        for (ply, &m) in moves.iter().enumerate() {
            if ply == 0 || at.turn().is_white() {
                text += &fenkit::moves::move_number(&at);
                text.push(' ');
            }
            text += &shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut at, m).to_string();
            text.push(' ');
        }
        text += result;
        self.write_game(text.as_bytes(), start, out);
    }

    /// [`Export::write_game`] for a game whose mainline was played
    /// already: its moves, which need not be looked for again.
    pub fn write_played_game(
        &self,
        text: &[u8],
        (start, mainline): (&VariantPosition, &[Move]),
        out: &mut Vec<u8>,
    ) -> bool {
        self.write_annotated_game(text, (start, mainline), &[], out)
    }

    /// [`Export::write_played_game`] with a note after each mainline move
    /// (`notes[0]` after the first): an engine's evaluation, a NAG, a
    /// better line.
    ///
    /// ```
    /// use fenkit_games::export::{Export, PlyNote};
    /// use fenkit::variants::VariantPosition;
    /// use shakmaty::{Chess, Move, Position, Role, Square};
    ///
    /// let start = VariantPosition::Chess(Chess::default());
    /// let e4 = Move::Normal { role: Role::Pawn, from: Square::E2, capture: None, to: Square::E4, promotion: None };
    /// let f5 = Move::Normal { role: Role::Pawn, from: Square::F7, capture: None, to: Square::F5, promotion: None };
    /// let e5 = Move::Normal { role: Role::Pawn, from: Square::E7, capture: None, to: Square::E5, promotion: None };
    /// let notes = [
    ///     PlyNote { comment: Some("[%eval 0.3]".into()), ..PlyNote::default() },
    ///     PlyNote { nag: Some(2), comment: Some("[%eval 1.1]".into()), variation: vec![e5] },
    /// ];
    /// let mut out = Vec::new();
    /// Export::default().write_annotated_game(b"1. e4 f5 *", (&start, &[e4, f5]), &notes, &mut out);
    /// let text = String::from_utf8(out).unwrap();
    /// assert!(text.ends_with("1. e4 { [%eval 0.3] } 1... f5 $2 { [%eval 1.1] } (1... e5) *\n\n"), "{text}");
    /// ```
    pub fn write_annotated_game(
        &self,
        text: &[u8],
        (start, mainline): (&VariantPosition, &[Move]),
        notes: &[PlyNote],
        out: &mut Vec<u8>,
    ) -> bool {
        let mut writer = Writer {
            export: self,
            start,
            mainline,
            notes,
        };
        match Reader::new(text).read_game(&mut writer) {
            Ok(Some(game)) => {
                game.write(self, out);
                true
            }
            // A comment never closed inside a variation (which a reader of
            // the mainline skips whole): the caller writes the game as it
            // was.
            _ => false,
        }
    }
}

/// The visitor that reads a game for [`Export::write_game`].
struct Writer<'a> {
    export: &'a Export,
    start: &'a VariantPosition,
    /// The mainline's moves, where known.
    mainline: &'a [Move],
    /// What to add after each mainline move.
    notes: &'a [PlyNote],
}

/// The positions of the line being read: where it stands, and before its
/// last move (where a variation that follows starts).
#[derive(Clone)]
struct Line {
    position: VariantPosition,
    before: VariantPosition,
    /// A move of this line could not be played: the rest is written as
    /// read.
    broken: bool,
}

/// A game's movetext as it is read.
struct Movetext {
    tags: Vec<(String, String)>,
    lines: Lines,
    line: Line,
    /// The lines a variation was entered from, innermost last.
    outer: Vec<Line>,
    /// The next move is Black's and needs its number: the movetext or a
    /// variation starts, or a comment or variation came between.
    number_next: bool,
    outcome: Option<Outcome>,
    mainline_plies: usize,
    opening: Option<&'static Opening>,
    /// A comment longer than the reader's buffer, in pieces.
    long_comment: Vec<u8>,
    /// The note of the mainline move just written, still to be added.
    pending: Option<usize>,
    /// Its NAG and comment are written (its variation waits for the
    /// move's own comments).
    noted: bool,
    /// That move has a move-assessing NAG of its own.
    assessed: bool,
}

impl Movetext {
    fn move_number(&mut self) {
        if let Some(token) = number_token(&self.line.position, self.number_next) {
            self.lines.token(&token);
        }
    }

    /// Writes the NAG and comment of the waiting note, the comment joined
    /// with the move's own first comment (`joined`, kept as `strip` says)
    /// where there is one, as lichess writes `{ [%eval 0.2] [%clk 0:03:00] }`.
    fn note_head(&mut self, notes: &[PlyNote], joined: Option<&[u8]>, strip: &Strip) {
        let note = match self.pending.and_then(|ply| notes.get(ply)) {
            Some(note) if !self.noted => note,
            _ => {
                if let Some(comment) = joined {
                    self.comment(comment, strip);
                }
                return;
            }
        };
        self.noted = true;
        if let Some(nag) = note.nag.filter(|_| !self.assessed) {
            self.lines.token(format!("${nag}").as_bytes());
        }
        let mut comment = note.comment.clone().unwrap_or_default().into_bytes();
        if let Some(joined) = joined {
            let kept = match strip.clocks || strip.evals {
                true => without_commands(joined, strip),
                false => joined.to_vec(),
            };
            comment.push(b' ');
            comment.extend_from_slice(&kept);
        }
        self.comment(&comment, &Strip::default());
    }

    /// Adds what is left of the note of the mainline move before, if one
    /// waits: its NAG and comment, then its variation.
    fn add_note(&mut self, notes: &[PlyNote]) {
        self.note_head(notes, None, &Strip::default());
        let Some(note) = self.pending.take().and_then(|ply| notes.get(ply)) else {
            return;
        };
        if note.variation.is_empty() {
            return;
        }
        let mut position = self.line.before.clone();
        self.lines.token(b"(");
        self.lines.glued = true;
        let mut number_next = true;
        for &played in &note.variation {
            if let Some(token) = number_token(&position, number_next) {
                self.lines.token(&token);
            }
            number_next = false;
            let san = standard_san(&position, played);
            fenkit::variants::play(&mut position, played);
            let written = SanPlus {
                san,
                suffix: suffix(&position),
            };
            let mut token = Vec::with_capacity(8);
            written.append_ascii_to(&mut token);
            self.lines.token(&token);
        }
        self.lines.close();
        self.number_next = true;
    }

    fn comment(&mut self, comment: &[u8], strip: &Strip) {
        let kept;
        let comment = match strip.clocks || strip.evals {
            true => {
                kept = without_commands(comment, strip);
                &kept[..]
            }
            false => comment,
        };
        let text = String::from_utf8_lossy(comment);
        let mut words = text.split_whitespace().peekable();
        if words.peek().is_none() {
            return;
        }
        self.lines.token(b"{");
        // A command (`[%clk 0:00:54]`, `[%eval 1.2]`) stays on one line:
        // programs read them with a pattern that a line break defeats.
        let mut command: Option<String> = None;
        for word in words {
            match &mut command {
                Some(open) => {
                    open.push(' ');
                    open.push_str(word);
                    if word.contains(']') {
                        self.lines.token(open.as_bytes());
                        command = None;
                    }
                }
                None if word.starts_with("[%") && !word.contains(']') => {
                    command = Some(word.to_string());
                }
                None => self.lines.token(word.as_bytes()),
            }
        }
        if let Some(open) = command {
            self.lines.token(open.as_bytes());
        }
        self.lines.token(b"}");
        self.number_next = true;
    }
}

impl Visitor for Writer<'_> {
    type Tags = Vec<(String, String)>;
    type Movetext = Movetext;
    type Output = Game;

    fn begin_tags(&mut self) -> ControlFlow<Game, Self::Tags> {
        ControlFlow::Continue(Vec::new())
    }

    fn tag(&mut self, tags: &mut Self::Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Game> {
        let name = String::from_utf8_lossy(name).into_owned();
        let value = String::from_utf8_lossy(&value.decode()).into_owned();
        // A tag given twice is written once, where it first stood, with
        // the value the reader takes: the last (a game's second `FEN`
        // tag is the one it is played from).
        match tags.iter_mut().find(|(tag, _)| *tag == name) {
            Some((_, earlier)) => *earlier = value,
            None => tags.push((name, value)),
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Game, Movetext> {
        ControlFlow::Continue(Movetext {
            tags,
            lines: Lines::default(),
            line: Line {
                position: self.start.clone(),
                before: self.start.clone(),
                broken: false,
            },
            outer: Vec::new(),
            number_next: true,
            outcome: None,
            mainline_plies: 0,
            opening: None,
            long_comment: Vec::new(),
            pending: None,
            noted: false,
            assessed: false,
        })
    }

    fn san(&mut self, movetext: &mut Movetext, san_plus: SanPlus) -> ControlFlow<Game> {
        if movetext.outer.is_empty() {
            movetext.add_note(self.notes);
        }
        if movetext.line.broken {
            movetext.lines.token(san_plus.to_string().as_bytes());
            return ControlFlow::Continue(());
        }
        movetext.move_number();
        movetext.number_next = false;
        let line = &mut movetext.line;
        // The mainline's moves as the game was played (no second search
        // for them); a variation's read here.
        let known = match movetext.outer.is_empty() {
            true => self.mainline.get(movetext.mainline_plies).copied(),
            false => None,
        };
        let played = known
            .or_else(|| san_plus.san.to_move(&line.position).ok())
            .or_else(|| crate::mainline::long_algebraic(&line.position, &san_plus.san));
        let Some(played) = played else {
            line.broken = true;
            movetext.lines.token(san_plus.to_string().as_bytes());
            return ControlFlow::Continue(());
        };
        let san = standard_san(&line.position, played);
        line.before.clone_from(&line.position);
        fenkit::variants::play(&mut line.position, played);
        let written = SanPlus {
            san,
            suffix: suffix(&line.position),
        };
        let mut token = Vec::with_capacity(8);
        written.append_ascii_to(&mut token);
        movetext.lines.token(&token);
        if movetext.outer.is_empty() {
            movetext.pending = Some(movetext.mainline_plies);
            movetext.noted = false;
            movetext.assessed = false;
            movetext.mainline_plies += 1;
            let retag = self.export.retag;
            if (retag.eco || retag.opening)
                && let VariantPosition::Chess(position) = &movetext.line.position
                && let Some(opening) = crate::opening(position)
            {
                movetext.opening = Some(opening);
            }
        }
        ControlFlow::Continue(())
    }

    fn nag(&mut self, movetext: &mut Movetext, nag: Nag) -> ControlFlow<Game> {
        if movetext.outer.is_empty() && (1..=6).contains(&nag.0) {
            movetext.assessed = true;
        }
        if !self.export.strip.nags {
            movetext.lines.token(format!("${}", nag.0).as_bytes());
        }
        ControlFlow::Continue(())
    }

    fn partial_comment(
        &mut self,
        movetext: &mut Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Game> {
        if !self.export.strip.comments {
            movetext.long_comment.extend_from_slice(comment.as_bytes());
        }
        ControlFlow::Continue(())
    }

    fn comment(&mut self, movetext: &mut Movetext, comment: RawComment<'_>) -> ControlFlow<Game> {
        if self.export.strip.comments {
            return ControlFlow::Continue(());
        }
        let strip = &self.export.strip;
        let whole;
        let comment = match movetext.long_comment.is_empty() {
            true => comment.as_bytes(),
            false => {
                let mut joined = std::mem::take(&mut movetext.long_comment);
                joined.extend_from_slice(comment.as_bytes());
                whole = joined;
                &whole[..]
            }
        };
        match movetext.outer.is_empty() {
            true => movetext.note_head(self.notes, Some(comment), strip),
            false => movetext.comment(comment, strip),
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, movetext: &mut Movetext) -> ControlFlow<Game, Skip> {
        if movetext.outer.is_empty() {
            movetext.add_note(self.notes);
        }
        if self.export.strip.variations {
            return ControlFlow::Continue(Skip(true));
        }
        let line = &movetext.line;
        let inner = Line {
            position: line.before.clone(),
            before: line.before.clone(),
            broken: line.broken,
        };
        movetext
            .outer
            .push(std::mem::replace(&mut movetext.line, inner));
        movetext.lines.token(b"(");
        movetext.lines.glued = true;
        movetext.number_next = true;
        ControlFlow::Continue(Skip(false))
    }

    fn end_variation(&mut self, movetext: &mut Movetext) -> ControlFlow<Game> {
        // A `)` without its `(` is none of the game's.
        if let Some(outer) = movetext.outer.pop() {
            movetext.line = outer;
            movetext.lines.close();
            movetext.number_next = true;
        }
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, movetext: &mut Movetext, outcome: Outcome) -> ControlFlow<Game> {
        if movetext.outer.is_empty() {
            movetext.add_note(self.notes);
            movetext.outcome = Some(outcome);
        }
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, mut movetext: Movetext) -> Game {
        // Variations left open by the text are closed, back to the
        // mainline, whose last note may still wait.
        while let Some(outer) = movetext.outer.pop() {
            movetext.line = outer;
            movetext.lines.close();
        }
        movetext.add_note(self.notes);
        Game {
            tags: movetext.tags,
            movetext: movetext.lines,
            outcome: movetext.outcome,
            mainline_plies: movetext.mainline_plies,
            opening: movetext.opening,
        }
    }
}
