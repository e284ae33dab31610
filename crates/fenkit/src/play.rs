//! Moves played from a position as people write them: the position and
//! its moves split from arguments as engine authors write them, each move
//! read in SAN or UCI and played until one cannot be, and how a game
//! stands when it is over. What `fen play` and `fen explorer query` do
//! with their arguments, with no I/O.

use shakmaty::{KnownOutcome, Outcome, Position};

use crate::{
    Code, Diagnostic, Field, Span,
    variants::{Variant, VariantPosition},
};

/// A move that could not be played: which of the moves (from 0), where
/// it starts in the moves joined by spaces, why, and the legal moves (SAN)
/// of the position where play stopped, unless the game was over.
#[derive(Clone, Debug)]
pub struct Stopped {
    pub index: usize,
    pub offset: usize,
    pub diagnostic: Diagnostic,
    pub legal: Option<Vec<String>>,
}

/// Splits the arguments into the position and the moves, as engine
/// authors write them: `startpos` or a FEN (in one argument or as six
/// words), optionally after `position` (and `fen`) as in a UCI command and
/// before `moves`; moves may share arguments and carry move numbers
/// (`1. e4 e5 2.Nf3`), which are left out.
pub fn split(arguments: &[String]) -> (String, Vec<String>) {
    let words: Vec<&str> = arguments
        .iter()
        .flat_map(|a| a.split_whitespace())
        .collect();
    let mut rest = &words[..];
    if rest.first() == Some(&"position") {
        rest = &rest[1..];
    }
    if rest.first() == Some(&"fen") {
        rest = &rest[1..];
    }
    let fields = match rest.first() {
        Some(&"startpos") => 1,
        // The placement, then the fields up to four or up to `moves`,
        // then the clocks where they are numbers: a four-field key is
        // followed by its moves.
        _ => {
            let fields = rest.iter().take(4).take_while(|&&w| w != "moves").count();
            let clocks = rest[fields..]
                .iter()
                .take(2)
                .take_while(|w| w.bytes().all(|b| b.is_ascii_digit()))
                .count();
            (fields + clocks).max(1)
        }
    };
    let fen = rest[..fields.min(rest.len())].join(" ");
    rest = &rest[fields.min(rest.len())..];
    if rest.first() == Some(&"moves") {
        rest = &rest[1..];
    }
    let moves = crate::moves::move_words(&rest.join(" "))
        .map(str::to_string)
        .collect();
    (fen, moves)
}

/// Plays `moves` (SAN or UCI, each checked against the rules and the
/// game's end) on `position`, calling `each` with the position after
/// each; stops at the first move that cannot be played.
///
/// ```
/// use fenkit::variants::{Variant, VariantPosition};
///
/// let mut position = VariantPosition::new(Variant::Chess);
/// let moves = ["f3", "e5", "g4", "Qh4#", "a3"].map(String::from);
/// let mut played = 0;
/// let stopped = fenkit::play::play_moves(&mut position, &moves, |_| played += 1).unwrap_err();
/// assert_eq!((played, stopped.index, stopped.offset), (4, 4, 14));
/// assert!(stopped.diagnostic.message.contains("the game is over: White is checkmated"));
/// ```
pub fn play_moves(
    position: &mut VariantPosition,
    moves: &[String],
    mut each: impl FnMut(&VariantPosition),
) -> Result<(), Stopped> {
    let mut offset = 0;
    for (index, text_move) in moves.iter().enumerate() {
        let number = crate::moves::move_number(position);
        let over = game_over(position);
        match crate::moves::read_variant_move(position, text_move) {
            Ok(m) if over.is_none() => crate::variants::play(position, m),
            found => {
                let (code, why) = match (over.clone(), found) {
                    (Some(over), _) => (
                        Code::IllegalMove,
                        format!("{text_move}: the game is over: {over}"),
                    ),
                    (None, Err(err)) => (err.code, err.message),
                    (None, Ok(_)) => unreachable!("a legal move is played"),
                };
                let message = format!("move {number} {why}");
                let span = Span::at(0, text_move.len());
                return Err(Stopped {
                    index,
                    offset,
                    diagnostic: Diagnostic::new(code, Field::Record, span, message),
                    legal: over.is_none().then(|| crate::moves::legal_sans(position)),
                });
            }
        }
        offset += text_move.len() + 1;
        each(position);
    }
    Ok(())
}

/// How the game stands when it is over: a variant's own end (an exploded
/// king, the hill reached, three checks given, no pieces left in
/// Antichess), or the side to move checkmated or stalemated, in words;
/// `None` while it goes on.
///
/// ```
/// use shakmaty::{CastlingMode, Chess};
///
/// let mate: fenkit::Fen = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1".parse()?;
/// let position = fenkit::variants::VariantPosition::Chess(mate.into_position::<Chess>(CastlingMode::Standard)?);
/// assert_eq!(fenkit::play::game_over(&position).unwrap(), "Black is checkmated, White wins");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn game_over(position: &VariantPosition) -> Option<String> {
    let side = position.turn().fold_wb("White", "Black");
    let variant = position.variant();
    if variant != Variant::Chess {
        let name = crate::variants::variant_name(variant);
        match position.variant_outcome() {
            Outcome::Known(KnownOutcome::Decisive { winner }) => {
                let winner = winner.fold_wb("White", "Black");
                return Some(format!("{winner} wins by the rules of {name}"));
            }
            Outcome::Known(KnownOutcome::Draw) => {
                return Some(format!("a draw by the rules of {name}"));
            }
            Outcome::Unknown => {}
        }
    }
    match crate::CheckStatus::of_variant(position) {
        crate::CheckStatus::Checkmate => {
            let winner = position.turn().fold_wb("Black", "White");
            Some(format!("{side} is checkmated, {winner} wins"))
        }
        crate::CheckStatus::Stalemate => Some(format!("{side} is stalemated, a draw")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::split;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn engine_logs_and_game_texts_are_read_as_they_are_written() {
        let uci = strings(&["position startpos moves e2e4 e7e5"]);
        assert_eq!(split(&uci), ("startpos".into(), strings(&["e2e4", "e7e5"])));
        let words = strings(&["startpos", "moves", "e2e4", "e7e5"]);
        assert_eq!(split(&words), split(&uci));
        let numbered = strings(&["startpos", "1.", "e4", "e5", "2.Nf3", "2...", "Nc6", "1-0"]);
        assert_eq!(split(&numbered).1, ["e4", "e5", "Nf3", "Nc6"]);
        let key = strings(&["8/8/8/8/8/8/8/K6k w - -", "Kb1", "Kh2"]);
        assert_eq!(
            split(&key),
            ("8/8/8/8/8/8/8/K6k w - -".into(), strings(&["Kb1", "Kh2"]))
        );
        let fen = strings(&["position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves Kb1"]);
        assert_eq!(
            split(&fen),
            ("8/8/8/8/8/8/8/K6k w - - 0 1".into(), strings(&["Kb1"]))
        );
    }

    #[test]
    fn the_fen_may_come_in_one_argument_or_six() {
        let one = strings(&["8/8/8/8/8/8/8/K6k w - - 0 1", "Kb1", "Kg2"]);
        assert_eq!(split(&one).0, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(split(&one).1, ["Kb1", "Kg2"]);
        let six = strings(&["8/8/8/8/8/8/8/K6k", "w", "-", "-", "0", "1", "Kb1 Kg2"]);
        assert_eq!(split(&six), split(&one));
        let start = strings(&["startpos", "e4", "e5"]);
        assert_eq!(
            split(&start),
            ("startpos".to_string(), strings(&["e4", "e5"]))
        );
    }
}
