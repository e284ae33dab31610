//! A game's result: what its `[Result]` tag says, read once for every
//! front end ([`tag_outcome`]); the score a book gives its moves
//! ([`book_score`]); and the tag against the last position, where what the
//! rules decided there (a checkmate, a stalemate, a dead position, a
//! variant's own end) and the tag must agree.

use shakmaty::{Color, KnownOutcome, Outcome, Position};

/// What a `[Result]` tag's value says: a win for one side or a draw;
/// `None` for `*` (unknown, unfinished) and for anything else. Blanks
/// around the value do not count.
///
/// ```
/// use fenkit_games::result::tag_outcome;
/// use shakmaty::{Color, KnownOutcome};
///
/// assert_eq!(tag_outcome("0-1"), Some(KnownOutcome::Decisive { winner: Color::Black }));
/// assert_eq!(tag_outcome(" 1/2-1/2 "), Some(KnownOutcome::Draw));
/// assert_eq!(tag_outcome("*"), None);
/// ```
pub fn tag_outcome(tag: &str) -> Option<KnownOutcome> {
    tag.trim().parse().ok()
}

/// The score of a move played by `mover` in a game won by `winner` (`None`
/// for a draw or an unknown result), as Polyglot weighs a book's moves:
/// 2 for the winner's moves, 0 for the loser's, 1 for either side's
/// otherwise. `fen book make`, the book column functions and the spill
/// all score by it.
///
/// ```
/// use shakmaty::Color::{Black, White};
///
/// assert_eq!(fenkit_games::result::book_score(Some(White), White), 2);
/// assert_eq!(fenkit_games::result::book_score(Some(White), Black), 0);
/// assert_eq!(fenkit_games::result::book_score(None, Black), 1);
/// ```
pub fn book_score(winner: Option<Color>, mover: Color) -> u8 {
    match winner {
        Some(side) if side == mover => 2,
        Some(_) => 0,
        None => 1,
    }
}

/// Why `tag` (a `[Result]` value) contradicts the game's last `position`,
/// if it does: the rules decided the game there and the tag says
/// otherwise. `*` and a position the rules leave open contradict nothing
/// (a resignation, a flag, an agreed draw).
///
/// ```
/// use fenkit_games::result::contradicted_result;
/// use shakmaty::{Chess, Position, fen::Fen, CastlingMode};
///
/// let mated: Chess = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1".parse::<Fen>()?.into_position(CastlingMode::Standard)?;
/// assert_eq!(contradicted_result(&mated, "1-0"), None);
/// assert_eq!(
///     contradicted_result(&mated, "1/2-1/2").unwrap(),
///     "the game ends in checkmate, White wins, but its [Result] tag says 1/2-1/2 (a draw)"
/// );
/// assert_eq!(contradicted_result(&Chess::default(), "0-1"), None); // Black may have won on time
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn contradicted_result(position: &impl Position, tag: &str) -> Option<String> {
    let said = tag_outcome(tag)?.winner();
    let decided = match position.outcome() {
        Outcome::Known(KnownOutcome::Decisive { winner }) => Some(winner),
        Outcome::Known(KnownOutcome::Draw) => None,
        Outcome::Unknown => return None,
    };
    if said == decided {
        return None;
    }
    let how = match (decided, position.is_checkmate()) {
        (Some(winner), true) => format!("in checkmate, {} wins", winner.fold_wb("White", "Black")),
        (Some(winner), false) => format!(
            "by the variant's rules, {} wins",
            winner.fold_wb("White", "Black")
        ),
        (None, _) if position.is_stalemate() => "in stalemate, a draw".to_string(),
        (None, _) => "with neither side able to mate, a draw".to_string(),
    };
    let meaning = match said {
        Some(winner) => format!("{} wins", winner.fold_wb("White", "Black")),
        None => "a draw".to_string(),
    };
    Some(format!(
        "the game ends {how}, but its [Result] tag says {tag} ({meaning})"
    ))
}
