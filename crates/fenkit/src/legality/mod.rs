//! The rules of chess that a well-formed record can still break: kings,
//! pawns on the back ranks, checks no game can reach, castling rights
//! without their king and rook, en passant squares without their pawn, and
//! more material than a game can have.
//!
//! Every rule that shakmaty's `Chess::from_setup` enforces is here, each
//! with a message naming the squares; a few more (pieces beyond 16, a
//! halfmove clock beside an en passant square) are fenkit's own.

mod castling;
mod history;
mod quick;

pub use quick::{surely_playable, surely_valid};

use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, FromSetup, Rank, Setup, Square, attacks,
};

use crate::{
    Code, Diagnostic, Field, FieldSpans, Span, placement_span,
    words::{contents, count, join_and, piece_on, side_name},
};

/// A rule of chess that a position breaks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Violation {
    pub code: Code,
    /// The field to point at: usually the placement, or the castling, en
    /// passant or halfmove field that claims what the board denies.
    pub field: Field,
    /// The square to point at within the field, if any.
    pub square: Option<Square>,
    pub message: String,
}

impl Violation {
    fn new(code: Code, field: Field, square: Option<Square>, message: String) -> Violation {
        Violation {
            code,
            field,
            square,
            message,
        }
    }

    /// The violation as a diagnostic of the record it was parsed from,
    /// pointing at the square's character or castling letter where there is
    /// one, else at the whole field.
    ///
    /// ```
    /// let record = b"4k3/8/8/8/8/8/8/4K2P w - - 0 1";
    /// let parsed = fenkit::parse(record)?;
    /// let violations = fenkit::violations(&parsed.setup, shakmaty::CastlingMode::Standard);
    /// let diagnostic = violations[0].locate(record, &parsed.fields);
    /// assert_eq!(diagnostic.code.as_str(), "pawn-on-back-rank");
    /// assert_eq!(diagnostic.span, fenkit::Span::new(19, 20)); // the 'P'
    /// # Ok::<_, fenkit::ParseError>(())
    /// ```
    pub fn locate(&self, record: &[u8], fields: &FieldSpans) -> Diagnostic {
        let field_span = fields.get_or_end(self.field);
        let text = record
            .get(field_span.start..field_span.end)
            .unwrap_or_default();
        let inner = self.square.and_then(|square| match self.field {
            Field::Placement => placement_span(text, square),
            Field::Castling => castling::letter_at(text, square),
            _ => None,
        });
        let span = inner.map_or(field_span, |inner| {
            Span::new(field_span.start + inner.start, field_span.start + inner.end)
        });
        Diagnostic {
            square: self.square,
            ..Diagnostic::new(self.code, self.field, span, self.message.clone())
        }
    }
}

/// Every rule of chess that `setup` breaks, with castling rights judged
/// as standard chess or Chess960 (any rook on the back rank, the king
/// between its castling rooks), and what only looks implausible (as
/// violations whose code is a warning).
///
/// ```
/// use shakmaty::{CastlingMode::{Chess960, Standard}, Setup};
///
/// assert!(fenkit::violations(&Setup::initial(), Standard).is_empty());
///
/// let setup = fenkit::parse(b"4k3/8/8/8/8/8/8/4Q2K w - - 0 1")?.setup;
/// let violations = fenkit::violations(&setup, Standard);
/// assert_eq!(violations[0].code.as_str(), "opposite-check");
/// assert_eq!(
///     violations[0].message,
///     "Black's king on e8 is in check from the white queen on e1, but it is White's move: \
///      Black cannot have ended its move in check"
/// );
///
/// let setup = fenkit::chess960_start(0).unwrap(); // BBQNNRKR
/// assert!(fenkit::violations(&setup, Chess960).is_empty());
/// assert_eq!(fenkit::violations(&setup, Standard)[0].code.as_str(), "castling-no-king");
/// # Ok::<_, fenkit::ParseError>(())
/// ```
pub fn violations(setup: &Setup, mode: CastlingMode) -> Vec<Violation> {
    if surely_valid(setup, mode) {
        return Vec::new();
    }
    violations_in_full(setup, mode)
}

/// [`violations`] without the quick answer for the usual position: every
/// rule reasoned out. What the quick answers are tested against.
#[doc(hidden)]
pub fn violations_in_full(setup: &Setup, mode: CastlingMode) -> Vec<Violation> {
    let mut out = Vec::new();
    rules_of_play(setup, mode, &mut out);
    history::check(setup, mode, &mut out);
    for violation in &mut out {
        // Said once, for every deduction about the game's history: what it
        // means for the record, which is still played from by default.
        if violation.code.class() == crate::Class::Unreachable {
            violation
                .message
                .push_str("; no game from the standard start reaches this position");
        }
    }
    out
}

/// The rules that decide whether a game can be played from `setup`: the
/// [`violations`] of class illegal, without the deductions about the
/// game's history, which cost the most and never make a position
/// unplayable. For callers that only warn about illegal positions.
///
/// ```
/// use shakmaty::CastlingMode;
///
/// // Perft position 4: unreachable, but playable.
/// let setup = fenkit::parse(b"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1")?.setup;
/// assert!(fenkit::legality::unplayable(&setup, CastlingMode::Standard).is_empty());
/// assert!(!fenkit::violations(&setup, CastlingMode::Standard).is_empty());
/// # Ok::<_, fenkit::ParseError>(())
/// ```
pub fn unplayable(setup: &Setup, mode: CastlingMode) -> Vec<Violation> {
    if surely_playable(setup, mode) {
        return Vec::new();
    }
    let mut out = Vec::new();
    rules_of_play(setup, mode, &mut out);
    out.retain(|violation| violation.code.class() == crate::Class::Illegal);
    out
}

/// Every rule but the game's history, in the order they are reported.
fn rules_of_play(setup: &Setup, mode: CastlingMode, out: &mut Vec<Violation>) {
    let board = &setup.board;
    for color in Color::ALL {
        kings(board, color, out);
    }
    back_rank_pawns(board, out);
    for color in Color::ALL {
        material(board, color, out);
    }
    checks(setup, out);
    castling::check(setup, mode, out);
    en_passant(setup, out);
}

pub(crate) fn single_king(board: &Board, color: Color) -> Option<Square> {
    (board.kings() & board.by_color(color)).single_square()
}

fn squares_list(squares: Bitboard) -> String {
    join_and(squares.into_iter().map(|sq| sq.to_string()))
}

fn kings(board: &Board, color: Color, out: &mut Vec<Violation>) {
    let kings = board.kings() & board.by_color(color);
    let side = side_name(color);
    match kings.count() {
        1 => {}
        0 => out.push(Violation::new(
            Code::MissingKing,
            Field::Placement,
            None,
            format!("{side} has no king; each side has exactly one"),
        )),
        n => out.push(Violation::new(
            Code::TooManyKings,
            Field::Placement,
            kings.first(),
            format!(
                "{side} has {n} kings ({}); each side has exactly one",
                squares_list(kings)
            ),
        )),
    }
}

fn back_rank_pawns(board: &Board, out: &mut Vec<Violation>) {
    for square in board.pawns() & Bitboard::BACKRANKS {
        out.push(Violation::new(
            Code::PawnOnBackRank,
            Field::Placement,
            Some(square),
            format!(
                "{} is on rank {}; pawns never stand on rank 1 or 8 (a pawn reaching the last rank is promoted)",
                piece_on(board, square),
                square.rank().char()
            ),
        ));
    }
}

/// A side's pieces by kind, each with how many a side starts with and its
/// name: any beyond the start can only be a promoted pawn. Bishops count by
/// the color of their squares; the last two entries are theirs.
pub(crate) fn piece_counts(board: &Board, color: Color) -> [(usize, usize, &'static str); 5] {
    let ours = board.by_color(color);
    let ours_in = |squares: Bitboard| (squares & ours).count();
    [
        (ours_in(board.queens()), 1, "queens"),
        (ours_in(board.rooks()), 2, "rooks"),
        (ours_in(board.knights()), 2, "knights"),
        (
            ours_in(board.bishops() & Bitboard::LIGHT_SQUARES),
            1,
            "bishops on light squares",
        ),
        (
            ours_in(board.bishops() & Bitboard::DARK_SQUARES),
            1,
            "bishops on dark squares",
        ),
    ]
}

/// The fewest promoted pawns that `counts` call for.
pub(crate) fn promotions(counts: &[(usize, usize, &'static str)]) -> usize {
    counts
        .iter()
        .map(|&(n, start, _)| n.saturating_sub(start))
        .sum()
}

fn material(board: &Board, color: Color, out: &mut Vec<Violation>) {
    let ours = board.by_color(color);
    let side = side_name(color);
    let pieces = ours.count();
    let pawns = (board.pawns() & ours).count();
    let too_many = if pieces > 16 {
        let why = format!("{side} has {pieces} pieces; a side starts with 16 and never gains any");
        Some((Code::TooManyPieces, why))
    } else if pawns > 8 {
        let why = format!("{side} has {pawns} pawns; a side has at most 8");
        Some((Code::TooManyPawns, why))
    } else {
        None
    };
    if let Some((code, why)) = too_many {
        out.push(Violation::new(code, Field::Placement, None, why));
        return;
    }
    let surplus = piece_counts(board, color);
    let promoted = promotions(&surplus);
    if pawns + promoted > 8 {
        let what = join_and(
            surplus
                .iter()
                .filter(|&&(n, start, _)| n > start)
                .map(|&(n, _, name)| format!("{n} {name}")),
        );
        out.push(Violation::new(
            Code::TooManyPromoted,
            Field::Placement,
            None,
            format!(
                "{side} has {what}: at least {} but with {} on the board {} can have promoted",
                count(
                    promoted,
                    "piece is a promoted pawn,",
                    "pieces are promoted pawns,"
                ),
                count(pawns, "pawn", "pawns"),
                match 8 - pawns {
                    0 => "no pawn".to_string(),
                    n => format!("only {n}"),
                }
            ),
        ));
    }
}

fn attackers_list(board: &Board, attackers: Bitboard) -> String {
    join_and(attackers.into_iter().map(|sq| piece_on(board, sq)))
}

fn checks(setup: &Setup, out: &mut Vec<Violation>) {
    let board = &setup.board;
    let turn = setup.turn;
    let (Some(our_king), Some(their_king)) = (single_king(board, turn), single_king(board, !turn))
    else {
        return;
    };
    let occupied = board.occupied();
    let attackers = board.attacks_to(their_king, turn, occupied);
    if attackers.any() {
        out.push(Violation::new(
            Code::OppositeCheck,
            Field::Placement,
            Some(their_king),
            format!(
                "{}'s king on {their_king} is in check from {}, but it is {}'s move: {} cannot have ended its move in check",
                side_name(!turn),
                attackers_list(board, attackers),
                side_name(turn),
                side_name(!turn)
            ),
        ));
    }

    let checkers = board.attacks_to(our_king, !turn, occupied);
    let (Some(a), Some(b)) = (checkers.first(), checkers.last()) else {
        return;
    };
    // Decide first, and spend words only on a position that breaks a rule.
    let ep = valid_ep(setup);
    let problem = match ep {
        Some(_) if a != b => Some(CheckProblem::EpDouble),
        Some((_, from, to))
            if a != to
                && board
                    .attacks_to(our_king, !turn, occupied.without(to).with(from))
                    .any() =>
        {
            Some(CheckProblem::EpNotGiven)
        }
        Some(_) => None,
        None if checkers.count() > 2 => Some(CheckProblem::TooMany),
        None if a != b && attacks::aligned(a, our_king, b) => Some(CheckProblem::Aligned),
        None => None,
    }
    .or_else(|| {
        (checkers & board.steppers())
            .more_than_one()
            .then_some(CheckProblem::Steppers)
    });
    let Some(problem) = problem else {
        return;
    };
    let king = format!("{}'s king on {our_king}", side_name(turn));
    let list = attackers_list(board, checkers);
    let last_move = || match ep {
        Some((ep, from, to)) => format!(
            "the en passant square {ep} says {}'s last move was {from}-{to}",
            side_name(!turn)
        ),
        None => String::new(),
    };
    let message = match problem {
        CheckProblem::EpDouble => format!(
            "{}, which cannot give the double check from {list}",
            last_move()
        ),
        CheckProblem::EpNotGiven => format!(
            "{}, which neither gives nor uncovers the check from {list}",
            last_move()
        ),
        CheckProblem::TooMany => format!(
            "{king} is in check from {} pieces ({list}); one move gives check with at most two",
            checkers.count()
        ),
        CheckProblem::Aligned => format!(
            "{king} is in check from {list} along one line; no single move gives both checks"
        ),
        CheckProblem::Steppers => format!(
            "{king} is in check from both {list}; a double check uncovers a rook, bishop or queen, so two knights or pawns never check together"
        ),
    };
    out.push(Violation::new(
        Code::ImpossibleCheck,
        Field::Placement,
        Some(our_king),
        message,
    ));
}

/// Why the checks on the king to move cannot come from one last move.
enum CheckProblem {
    /// An en passant square, so the last move was a pawn push: one check at most.
    EpDouble,
    /// An en passant square, but the push neither gave nor uncovered the check.
    EpNotGiven,
    TooMany,
    /// Two checkers on one line through the king.
    Aligned,
    /// Two checkers that are knights or pawns.
    Steppers,
}

/// The en passant square with the squares the pawn came from and went to,
/// when the board agrees that a pawn just moved two squares.
fn valid_ep(setup: &Setup) -> Option<(Square, Square, Square)> {
    let (ep, from, to) = ep_squares(setup)?;
    let board = &setup.board;
    let pawn_there = board.piece_at(to) == Some((!setup.turn).pawn());
    (pawn_there && !board.occupied().contains(ep) && !board.occupied().contains(from))
        .then_some((ep, from, to))
}

/// The en passant square with the squares a pawn came from and went to, if
/// the square is on the right rank.
fn ep_squares(setup: &Setup) -> Option<(Square, Square, Square)> {
    let ep = setup.ep_square?;
    let turn = setup.turn;
    if ep.rank() != crate::ep_rank(turn) {
        return None;
    }
    let from = Square::from_coords(ep.file(), turn.relative_rank(Rank::Seventh));
    let to = Square::from_coords(ep.file(), turn.relative_rank(Rank::Fifth));
    Some((ep, from, to))
}

fn en_passant(setup: &Setup, out: &mut Vec<Violation>) {
    let Some(ep) = setup.ep_square else {
        return;
    };
    let turn = setup.turn;
    let Some((_, from, to)) = ep_squares(setup) else {
        let message = crate::en_passant::ep_rank_problem(ep, Some(turn)).unwrap_or_default();
        out.push(Violation::new(
            Code::EpWrongRank,
            Field::EnPassant,
            Some(ep),
            message,
        ));
        return;
    };
    let board = &setup.board;
    let claim = || {
        format!(
            "en passant square {ep} says {} just played {from}-{to}",
            side_name(!turn)
        )
    };
    let pawn = (!turn).pawn();
    if board.piece_at(to) != Some(pawn) {
        out.push(Violation::new(
            Code::EpNoPawn,
            Field::EnPassant,
            Some(ep),
            format!("{}, but {}", claim(), contents(board, to)),
        ));
    }
    for (square, role) in [
        (ep, "the square the pawn passed over"),
        (from, "where the pawn came from"),
    ] {
        if board.occupied().contains(square) {
            out.push(Violation::new(
                Code::EpOccupied,
                Field::EnPassant,
                Some(ep),
                format!("{}, but {} ({role})", claim(), contents(board, square)),
            ));
        }
    }
    if setup.halfmoves != 0 {
        out.push(Violation::new(
            Code::EpWithHalfmove,
            Field::Halfmove,
            None,
            format!(
                "the halfmove clock is {}, but the en passant square {ep} says the last move was a pawn push, which resets it to 0",
                setup.halfmoves
            ),
        ));
    }
}

#[cfg(test)]
mod tests;

/// The position to play from `setup`, when shakmaty plays from it. More
/// promoted pieces than missing pawns (shakmaty's "too much material")
/// stop no game: fenkit's own rules judge material, and say unreachable.
///
/// ```
/// use shakmaty::{CastlingMode, Setup};
///
/// assert!(fenkit::playable(&Setup::initial(), CastlingMode::Standard).is_some());
/// assert!(fenkit::playable(&Setup::empty(), CastlingMode::Standard).is_none());
/// ```
pub fn playable(setup: &Setup, mode: CastlingMode) -> Option<Chess> {
    match Chess::from_setup(setup.clone(), mode) {
        Ok(position) => Some(position),
        Err(err) => err.ignore_too_much_material().ok(),
    }
}
