//! The one door through which every front end plays a game: the command,
//! the service, the column functions (and so Python, SQL and Spark), the
//! indexes and the diagrams. [`Plies::play`] does in one place what each
//! of them did by hand:
//!
//! 1. the movetext dialects (`0-0`, `e.p.`, `++`, …) rewritten in place
//!    to the standard's form of the same length, unless strict
//!    ([`Plies::strictly`]), so that every place in the text stays put;
//! 2. the game read by pgn-reader with the [`Plies`] visitor, whose
//!    handler may stop it at any ply ([`PlyHandler::ply`]);
//! 3. each move's word checked as the game is played: pgn-reader skips a
//!    word that is no move (`Zz9`, a truncated `dx`) and plays on, so the
//!    game stops at such a word, and no ply past it is handed out. Checked
//!    move by move rather than all at first, a game stopped early (a
//!    search's first match) costs no look at the rest of its text;
//! 4. how it really ends: played through, stopped by the handler, skipped
//!    for its tags, or the error at the move, tag or word at fault; and the
//!    warnings of the moves it read against the standard.

use std::ops::{ControlFlow, Range};

use fenkit::Code;
use pgn_reader::{Nag, RawComment, RawTag, SanPlus, Skip, Visitor};

use super::{
    MovetextDialect,
    mainline::{MainlineMoves, is_san_word, mainline_moves},
    pgn::{GameError, GameWarning, Movetext, Outcome, Plies, PlyHandler, Reader, Tags},
    rewrite_dialects,
};

/// A game played through [`Plies::play`]: how it ended and what was said
/// of it on the way.
#[derive(Debug)]
#[non_exhaustive]
pub struct PlayedGame {
    /// Played through, stopped by the handler or skipped for its tags
    /// ([`super::pgn::GameEnd`]), or why the rest was not played.
    pub outcome: Outcome,
    /// The movetext dialects rewritten, each at its byte in the text
    /// (none when skipped for its tags or reading strictly).
    pub dialects: Vec<(usize, MovetextDialect)>,
    /// The moves and tag read against PGN's standard, with their meaning
    /// plain (none when reading strictly: those are errors then).
    pub warnings: Vec<GameWarning>,
    /// The text as it came, where dialects were rewritten and
    /// [`Plies::keeping_text_as_written`] asked for it.
    pub as_written: Option<Vec<u8>>,
}

impl<H: PlyHandler> Plies<H> {
    /// Plays the one game of `text` (as [`super::pgn::GameTexts`] cuts a
    /// file), its dialects rewritten in `text` itself unless strict;
    /// `None` when the text holds no game. The game is numbered on from
    /// the last ([`Plies::number_next`]).
    ///
    /// ```
    /// use fenkit_games::pgn::Plies;
    ///
    /// let mut fens = Vec::new();
    /// let mut plies = Plies::new(|ply| fens.push(fenkit::Fen::from_position(ply.position).to_string()));
    /// let mut text = b"1. e4 e5 2. 0-0?? Nc6 *".to_vec();
    /// let played = plies.play(&mut text).unwrap();
    /// // `0-0` is read as `O-O` (the dialect, rewritten in place) and cannot be played.
    /// assert_eq!(played.dialects.len(), 1);
    /// assert_eq!(played.outcome.unwrap_err().message, "move 2. O-O: f1 and g1 must be empty to castle king side");
    ///
    /// // A word that is no move: nothing past it is played.
    /// let played = plies.play(&mut b"1. e4 e5 2. Zz9 Nc6 *".to_vec()).unwrap();
    /// let error = played.outcome.unwrap_err();
    /// assert_eq!((error.game, error.ply, error.message.as_str()), (2, Some(3), "move 2. Zz9: not a move"));
    /// drop(plies);
    /// assert_eq!(fens.len(), 3 + 3); // each game: the start, e4, e5
    /// ```
    pub fn play(&mut self, text: &mut [u8]) -> Option<PlayedGame> {
        let number = self.games + 1;
        let (mut dialects, as_written) = match self.strict {
            true => (Vec::new(), None),
            false => {
                let original = self.as_written.then(|| text.to_vec());
                let found = rewrite_dialects(text);
                let original = original.filter(|_| !found.is_empty());
                (found, original)
            }
        };
        let text: &[u8] = text;
        let mut door = Door {
            plies: self,
            text,
            words: mainline_moves(text),
            seen: 0,
            bad_word: None,
        };
        let read = Reader::new(text).read_game(&mut door);
        let bad_word = door.bad_word.take();
        self.word_limit = usize::MAX;
        let outcome = match read {
            Ok(None) => return None,
            // Stopped or skipped: nothing past where it stopped counts.
            Ok(Some(Ok(end))) if end.skipped || end.stopped => Ok(end),
            Ok(Some(played)) => self.word_error(text, bad_word, played),
            // pgn-reader's one error inside a game read from memory: a
            // comment never closed, which takes the rest of the input.
            Err(_) => Err(GameError::unterminated_comment(number)),
        };
        let skipped = matches!(&outcome, Ok(end) if end.skipped);
        if skipped {
            dialects.clear();
        }
        Some(PlayedGame {
            outcome,
            dialects,
            warnings: self.warnings(),
            as_written: as_written.filter(|_| !skipped),
        })
    }

    /// How a game read from `text` really ends, given the first word in it
    /// that is no SAN (`2. Zz9`, a truncated `dx`, a FEN record read as
    /// PGN): the game stops at that word, unless it failed before it.
    fn word_error(
        &self,
        text: &[u8],
        bad_word: Option<(usize, Range<usize>)>,
        played: Outcome,
    ) -> Outcome {
        let failed_at = match &played {
            Ok(_) => usize::MAX,
            Err(error) => error.ply.unwrap_or(0),
        };
        let Some((index, at)) = bad_word.filter(|(index, _)| *index < failed_at) else {
            return played;
        };
        let word = String::from_utf8_lossy(&text[at.clone()]);
        // A dialect refused by strict reading: say which.
        let mut standard = text[at].to_vec();
        let dialect = crate::MovetextDialects::default().rewrite(&mut standard);
        let hint = match dialect.first() {
            Some(found) if found.standard == "nothing" => {
                format!(" ({}; PGN has no such word)", found.what)
            }
            Some(found) => format!(" ({}; PGN writes {})", found.what, found.standard),
            None if word.contains('/') => {
                " (it looks like FEN: fen pgn reads games in PGN; fen board and fen check read FEN)"
                    .to_string()
            }
            None => String::new(),
        };
        let number = self.move_number(index + 1);
        let message = format!(
            "move {number} {}: not a move{hint}",
            fenkit::printable(&word)
        );
        Err(self.error(Some(index + 1), Code::BadMove, message))
    }
}

/// pgn-reader's visitor for one game: [`Plies`], with each move's word in
/// the text checked as the move comes (the first word that is no SAN
/// found, as [`super::pgn::first_word_not_san`] finds it, but no further
/// than the game is played).
struct Door<'p, 't, H> {
    plies: &'p mut Plies<H>,
    text: &'t [u8],
    words: MainlineMoves<'t>,
    /// The words taken from `words`, each a move played.
    seen: usize,
    /// The first word that is no SAN: its index among the words, and
    /// where it stands.
    bad_word: Option<(usize, Range<usize>)>,
}

impl<H> Door<'_, '_, H> {
    /// Takes the next move's word; whether it is a move (pgn-reader skipped
    /// it otherwise, and what it hands on came after it).
    fn next_is_move(&mut self) -> bool {
        let Some(at) = self.words.next() else {
            return true;
        };
        if is_san_word(&self.text[at.clone()]) {
            self.seen += 1;
            return true;
        }
        self.bad_word = Some((self.seen, at));
        false
    }
}

impl<H: PlyHandler> Visitor for Door<'_, '_, H> {
    type Tags = Tags;
    type Movetext = Movetext;
    type Output = Outcome;

    fn begin_tags(&mut self) -> ControlFlow<Outcome, Tags> {
        self.plies.begin_tags()
    }

    fn tag(&mut self, tags: &mut Tags, name: &[u8], value: RawTag<'_>) -> ControlFlow<Outcome> {
        self.plies.tag(tags, name, value)
    }

    fn begin_movetext(&mut self, tags: Tags) -> ControlFlow<Outcome, Movetext> {
        self.plies.begin_movetext(tags)
    }

    fn san(&mut self, movetext: &mut Movetext, san_plus: SanPlus) -> ControlFlow<Outcome> {
        if !self.next_is_move() {
            // The game ends before this move: the plies visitor hands out
            // the ply waiting and stops at its limit.
            self.plies.word_limit = self.seen;
        }
        self.plies.san(movetext, san_plus)
    }

    fn nag(&mut self, movetext: &mut Movetext, nag: Nag) -> ControlFlow<Outcome> {
        self.plies.nag(movetext, nag)
    }

    fn partial_comment(
        &mut self,
        movetext: &mut Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Outcome> {
        self.plies.partial_comment(movetext, comment)
    }

    fn comment(
        &mut self,
        movetext: &mut Movetext,
        comment: RawComment<'_>,
    ) -> ControlFlow<Outcome> {
        self.plies.comment(movetext, comment)
    }

    fn begin_variation(&mut self, movetext: &mut Movetext) -> ControlFlow<Outcome, Skip> {
        self.plies.begin_variation(movetext)
    }

    fn end_game(&mut self, movetext: Movetext) -> Outcome {
        let end = self.plies.end_game(movetext);
        // A word after the last move that pgn-reader skipped.
        self.next_is_move();
        end
    }
}
