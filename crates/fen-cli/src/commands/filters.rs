//! What a game must show: a position, material, patterns of pieces and
//! tag conditions, asked by `fen search` (which finds the games) and `fen
//! pgn --format pgn` (which writes them); read from their flags once.

use std::{io, str::FromStr};

use fenkit::{Code, Diagnostic, Field, ReadOptions, Record, Span};
use fenkit_games::{
    search::{BadQuery, PositionKey, Query},
    tag_filter::TagCondition,
};

use crate::{codes, output::Output};

/// What a game must show to be found (`fen search`) or written (`fen pgn
/// --format pgn`): all of it, the position, material and patterns at one
/// ply.
#[derive(clap::Args, Default)]
pub struct Filters {
    /// A position the game reaches, by any order of moves: a FEN, its
    /// four-field key, or startpos. Compared as the four-field key
    /// compares: placement, side to move, castling rights, and the en
    /// passant square only where a legal capture exists; the clocks do
    /// not matter.
    #[arg(long, value_name = "FEN")]
    pub fen: Option<String>,
    /// The material on the board: White's pieces, 'v', Black's, each side
    /// K then Q R B N P (KRPvKR: rook and pawn against rook), exactly; a
    /// side ending in '+' has at least those pieces (KQ+vK). Given again,
    /// any of them: --material KRPvKR --material KRvKRP for either colour.
    #[arg(long, value_name = "SIGNATURE")]
    pub material: Vec<String>,
    /// Pieces on their squares, written as a FEN placement: a letter is
    /// that piece on its square, a digit that many squares free (anything
    /// or nothing), '.' a square that must be empty (8/8/4p3/3P4/8/8/8/8:
    /// a white pawn on d5, a black pawn on e6). Given again, all of them.
    #[arg(long, value_name = "PLACEMENT")]
    pub pattern: Vec<String>,
    /// Only games whose tags meet the condition: TAG OP VALUE, OP one of =
    /// != < <= > >= (WhiteElo>=2200, TimeControl>=180, Date>=2024.01);
    /// ratings compare as numbers, TimeControl by its base. Given again,
    /// every condition must hold; a game without the tag, or with '?',
    /// meets none. A game the conditions leave out is not played (nor
    /// are its moves checked).
    #[arg(long = "where", value_name = "CONDITION")]
    pub conditions: Vec<TagCondition>,
}

impl Filters {
    /// Nothing is asked: every game is wanted.
    pub fn are_empty(&self) -> bool {
        self.fen.is_none()
            && self.material.is_empty()
            && self.pattern.is_empty()
            && self.conditions.is_empty()
    }

    /// What `--fen`, `--material` and `--pattern` ask, or `None` when one
    /// of them cannot be read (said at its column).
    pub fn query(&self, out: &mut Output) -> io::Result<Option<Query>> {
        let position = match &self.fen {
            None => Some(None),
            // Checked as the command checks records, said against the option.
            Some(fen) => super::play::start("--fen", fen, &ReadOptions::default(), out)?
                .map(|position| Some(PositionKey::of(&position))),
        };
        let material = read_all(("--material", &self.material), codes::BAD_SIGNATURE, out)?;
        let patterns = read_all(("--pattern", &self.pattern), codes::BAD_PATTERN, out)?;
        Ok(match (position, material, patterns) {
            (Some(position), Some(material), Some(patterns)) => Some(Query {
                position,
                material,
                patterns,
            }),
            _ => None,
        })
    }
}

/// The values of `option` read, or `None` when one cannot be (each such
/// said at its column, with `code`).
fn read_all<T: FromStr<Err = BadQuery>>(
    (option, texts): (&str, &[String]),
    code: Code,
    out: &mut Output,
) -> io::Result<Option<Vec<T>>> {
    let mut read = Vec::new();
    let mut fine = true;
    for text in texts {
        match text.parse() {
            Ok(value) => read.push(value),
            Err(bad) => {
                usage_error((option, text), bad, code, out)?;
                fine = false;
            }
        }
    }
    Ok(fine.then_some(read))
}

/// Says that the value of `option` cannot be read, at byte `at` of it.
fn usage_error(
    (option, text): (&str, &str),
    BadQuery { at, message }: BadQuery,
    code: Code,
    out: &mut Output,
) -> io::Result<()> {
    let record = Record {
        source: option,
        line_number: 1,
        line: text.as_bytes(),
        offset: 0,
        bytes: text.as_bytes(),
    };
    let span = Span::new(at, at + 1);
    let diagnostic = Diagnostic::new(code, Field::Record, span, message);
    out.diagnostics(&record, &[diagnostic])
}
