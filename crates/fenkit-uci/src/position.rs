//! A UCI `position` command read and checked, as a GUI or match runner
//! sends it: `position startpos|fen FEN [moves M…]`. The FEN is read as
//! the standard writes it (or in its EPD form, the clocks left out, which
//! engines take too), the position must be legal, and each move must be a
//! legal UCI move: what an engine would otherwise be handed and crash on.
//! This does no I/O: `fen guard` reads the lines and writes the answers.

use fenkit::{
    Code, Format, ReadOptions, Severity, moves::read_variant_move, variants::VariantPosition,
};
use shakmaty::{Position, uci::UciMove};

/// A `position` command that can be sent: where it starts, its moves, and
/// the position they reach.
#[derive(Clone, Debug)]
pub struct PositionCommand {
    pub start: VariantPosition,
    pub moves: Vec<UciMove>,
    pub position: VariantPosition,
}

/// What is wrong with a `position` command, at a column of its line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// 1 for the line's first character.
    pub column: usize,
    pub code: Code,
    pub message: String,
}

/// Reads the `position` command `line` with `read`'s variant and castling
/// notation; every error of its FEN, or the first move that cannot be
/// played.
///
/// ```
/// use fenkit::ReadOptions;
/// use fenkit_uci::read_position_command;
///
/// let read = ReadOptions::default();
/// let command = read_position_command("position startpos moves e2e4 e7e5", &read).unwrap();
/// assert_eq!(command.moves.len(), 2);
/// // No white king: the FEN's error, at its column of the line.
/// let problems = read_position_command("position fen 4k3/8/8/8/8/8/8/8 w - - 0 1", &read).unwrap_err();
/// assert_eq!(problems[0].code.to_string(), "missing-king");
/// assert_eq!(problems[0].column, 14);
/// let problems = read_position_command("position startpos moves e2e5", &read).unwrap_err();
/// assert_eq!((problems[0].code.to_string().as_str(), problems[0].column), ("illegal-move", 25));
/// assert!(read_position_command("position fen", &read).is_err());
/// ```
pub fn read_position_command(
    line: &str,
    read: &ReadOptions,
) -> Result<PositionCommand, Vec<Problem>> {
    let bytes = line.as_bytes();
    let problem = |at: usize, code: Code, message: String| Problem {
        column: fenkit::column(bytes, at),
        code,
        message,
    };
    let words = word_spans(line);
    let word = |index: usize| words.get(index).map(|&(start, end)| &line[start..end]);
    if word(0) != Some("position") {
        return Err(vec![problem(
            0,
            Code::BadMove,
            "not a position command".into(),
        )]);
    }
    let moves_at = words
        .iter()
        .position(|&(start, end)| &line[start..end] == "moves");
    let start = match word(1) {
        Some("startpos") if moves_at.is_none_or(|at| at == 2) => VariantPosition::new(read.variant),
        // At least one word of FEN before `moves` or the end.
        Some("fen") if words.len() > 2 && moves_at.is_none_or(|at| at > 2) => {
            let last = moves_at.map_or(words.len(), |at| at) - 1;
            let (from, to) = (words[2].0, words[last].1);
            let fen = &bytes[from..to];
            let fields = last - 1;
            let format = match fields {
                4 => Format::Epd,
                _ => Format::Fen,
            };
            let checked = read.with_format(format).check(fen);
            let errors: Vec<Problem> = checked
                .diagnostics
                .iter()
                .filter(|d| d.severity == Severity::Error)
                .map(|d| problem(from + d.span.start, d.code, d.message.clone()))
                .collect();
            if !errors.is_empty() {
                return Err(errors);
            }
            match checked.variant_position(read.castling) {
                Some(position) => position,
                None => {
                    let message = "the position cannot be played from".to_string();
                    return Err(vec![problem(from, Code::IllegalPosition, message)]);
                }
            }
        }
        _ => {
            let at = words.get(1).map_or(line.len(), |&(start, _)| start);
            let message =
                "'position' takes 'startpos' or 'fen FEN', then 'moves' and the moves".into();
            return Err(vec![problem(at, Code::BadMove, message)]);
        }
    };
    let mut position = start.clone();
    let mut moves = Vec::new();
    for &(from, to) in words.iter().skip(moves_at.map_or(words.len(), |at| at + 1)) {
        let text = &line[from..to];
        let Ok(uci) = UciMove::from_ascii(text.as_bytes()) else {
            let message = format!(
                "{}: not a move in UCI's form (e2e4, e7e8q)",
                text.escape_debug()
            );
            return Err(vec![problem(from, Code::BadMove, message)]);
        };
        let played = match uci.to_move(&position) {
            Ok(played) => played,
            Err(_) => {
                // The library says why, in SAN's or UCI's terms.
                let message = match read_variant_move(&position, text) {
                    Err(error) => error.message,
                    Ok(_) => format!("{text}: not a legal move here"),
                };
                return Err(vec![problem(from, Code::IllegalMove, message)]);
            }
        };
        position.play_unchecked(played);
        moves.push(uci);
    }
    Ok(PositionCommand {
        start,
        moves,
        position,
    })
}

/// Where each blank-separated word of `line` starts and ends.
fn word_spans(line: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (at, byte) in line.bytes().enumerate().chain([(line.len(), b' ')]) {
        match (byte.is_ascii_whitespace(), start) {
            (true, Some(from)) => {
                spans.push((from, at));
                start = None;
            }
            (false, None) => start = Some(at),
            _ => {}
        }
    }
    spans
}
