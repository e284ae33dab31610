//! A game's result against its last position: what the rules decided
//! there (a checkmate, a stalemate, a dead position, a variant's own
//! end) and what the `[Result]` tag says must agree.

use shakmaty::{Color, KnownOutcome, Outcome, Position};

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
    let said = match tag.trim() {
        "1-0" => Some(Color::White),
        "0-1" => Some(Color::Black),
        "1/2-1/2" => None,
        _ => return None,
    };
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
