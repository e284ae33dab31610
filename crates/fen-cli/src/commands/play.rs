//! `fen play FEN MOVE...`: the FEN after each move, in SAN or UCI.

use std::io::{self, Write};

use fenkit::{
    Code, Diagnostic, Field, ReadOptions, Record, Span, WriteOptions,
    variants::{Variant, VariantPosition},
};
use shakmaty::{CastlingMode, EnPassantMode, KnownOutcome, Outcome, Position};

use crate::{options::Style, output::Output, run::Status};

/// Play moves (SAN or UCI, mixed) from a position and print the FEN after
/// each: `fen play startpos e4 c5 Nf3`; in a variant with `--variant`
/// (drops as `N@f3`).
#[derive(clap::Args)]
pub struct Args {
    /// The position (`startpos`, or a FEN in one argument or six), then
    /// the moves.
    #[arg(required = true, num_args = 1.., value_name = "FEN MOVE")]
    pub arguments: Vec<String>,
    /// Print only the position after the last move.
    #[arg(long = "final", alias = "last")]
    pub final_only: bool,
    /// Read castling rights of the FEN as Chess960.
    #[arg(long)]
    pub chess960: bool,
    /// Play by a variant's rules from its position (`startpos` is the
    /// variant's start).
    #[command(flatten)]
    pub variant: crate::options::VariantChoice,
    #[command(flatten)]
    pub style: Style,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let (fen, moves) = split(&args.arguments);
    let read = args.variant.apply(
        ReadOptions::default()
            .with_castling(match args.chess960 {
                true => CastlingMode::Chess960,
                false => CastlingMode::Standard,
            })
            .with_format(fenkit::Format::Auto),
    );
    let write = args.style.write_options(&read);
    play(&fen, &moves, &read, write, args.final_only, out)
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
    let moves = fenkit::moves::move_words(&rest.join(" "))
        .map(str::to_string)
        .collect();
    (fen, moves)
}

/// Plays `moves` from `fen`; prints the FEN after each move (or after the
/// last only), and stops at the first move that cannot be played.
fn play(
    fen: &str,
    moves: &[String],
    read: &ReadOptions,
    write: WriteOptions,
    last_only: bool,
    out: &mut Output,
) -> io::Result<Status> {
    let Some(mut position) = start("<argument>", fen, read, out)? else {
        return Ok(Status::BadRecords);
    };
    let mut text = Vec::with_capacity(100);
    let status = play_moves(&mut position, moves, out, |position| {
        if !last_only {
            write_position(position, write, &mut text);
        }
    })?;
    if last_only && status == Status::Ok {
        write_position(&position, write, &mut text);
    }
    out.stdout().write_all(&text)?;
    if let Some(over) = game_over(&position).filter(|_| status == Status::Ok) {
        out.note(&format!("the game is over after the last move: {over}"))?;
    }
    Ok(status)
}

/// Plays `moves` on `position`, calling `each` with the position after
/// each; stops at the first move that cannot be played, said as a
/// diagnostic against the moves as one line (`<moves>`), with the legal
/// moves of the position where it stopped.
pub fn play_moves(
    position: &mut VariantPosition,
    moves: &[String],
    out: &mut Output,
    mut each: impl FnMut(&VariantPosition),
) -> io::Result<Status> {
    let mut status = Status::Ok;
    // The moves as one line, so that a diagnostic names its move's column.
    let line = moves.join(" ");
    let mut offset = 0;
    for text_move in moves {
        let number = fenkit::moves::move_number(position);
        let over = game_over(position);
        match fenkit::moves::read_variant_move(position, text_move) {
            Ok(m) if over.is_none() => fenkit::variants::play(position, m),
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
                let diagnostic = Diagnostic::new(code, Field::Record, span, message);
                let record = Record {
                    source: "<moves>",
                    line_number: 1,
                    line: line.as_bytes(),
                    offset,
                    bytes: text_move.as_bytes(),
                };
                out.diagnostics(&record, &[diagnostic])?;
                if over.is_none() {
                    let legal = fenkit::moves::legal_sans(position);
                    out.note(&format!("  legal moves here: {}", legal.join(" ")))?;
                }
                status = Status::BadRecords;
                break;
            }
        }
        offset += text_move.len() + 1;
        each(position);
    }
    Ok(status)
}

/// How the game stands when it is over: a variant's own end (an exploded
/// king, the hill reached, three checks given, no pieces left in
/// Antichess), or the side to move checkmated or stalemated, in words.
fn game_over(position: &VariantPosition) -> Option<String> {
    let side = position.turn().fold_wb("White", "Black");
    let variant = position.variant();
    if variant != Variant::Chess {
        let name = fenkit::variants::variant_name(variant);
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
    match fenkit::CheckStatus::of_variant(position) {
        fenkit::CheckStatus::Checkmate => {
            let winner = position.turn().fold_wb("Black", "White");
            Some(format!("{side} is checkmated, {winner} wins"))
        }
        fenkit::CheckStatus::Stalemate => Some(format!("{side} is stalemated, a draw")),
        _ => None,
    }
}

fn write_position(position: &VariantPosition, write: WriteOptions, text: &mut Vec<u8>) {
    // The standard records the en passant square after every double push;
    // `--ep` may say otherwise.
    write.write_fen(&position.to_setup(EnPassantMode::Always), text);
    text.push(b'\n');
}

/// A position given as an argument or option (`fen play`'s start, `fen
/// search --fen`, `fen pgn --fen`, `fen explorer query`), read alike
/// everywhere: `startpos`, a FEN, or its four-field key; or its problems
/// reported against `source` (the argument or option that gave it).
pub fn start(
    source: &str,
    fen: &str,
    read: &ReadOptions,
    out: &mut Output,
) -> io::Result<Option<VariantPosition>> {
    if fen == "startpos" {
        return Ok(Some(VariantPosition::new(read.variant)));
    }
    // A FEN, or the four-field key people paste (`… w KQkq -`), read by
    // its shape as every subcommand reads a record.
    let read = &read.with_format(fenkit::Format::Auto);
    let record = Record {
        source,
        line_number: 1,
        line: fen.as_bytes(),
        offset: 0,
        bytes: fen.as_bytes(),
    };
    super::legal_variant_reported(read, &record, out)
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
