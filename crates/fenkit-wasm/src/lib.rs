//! fenkit for JavaScript: what the npm package `fenkit` answers, as plain
//! functions of text that return JSON values, so that the package and the
//! command give one answer (`tests/wasm_api.rs` in fen-cli holds each to
//! the command). `bindings.rs` exports them to WebAssembly (wasm-bindgen,
//! JSON text across the boundary, parsed by the package's `index.js`).
//!
//! Bad input is an answer, never a panic: a function that cannot answer
//! returns `{"ok": false, "errors": [...]}` with the record's problems in
//! the one shape of a problem (`fenkit::Problem`); one that can returns
//! `{"ok": true, "value": ...}`. `check` answers every record either way.
//!
//! ```
//! let answer = fenkit_wasm::board("8/8/8/8/8/8/8/K1k5 w - - 0 1");
//! assert_eq!(answer["value"].as_str().unwrap().lines().last(), Some("K.k....."));
//! let bad = fenkit_wasm::board("8/8 w");
//! assert_eq!(bad["ok"], false);
//! ```

#[cfg(target_arch = "wasm32")]
mod bindings;
mod check;
mod diagram;

pub use check::{MAX_LINE, check, check_compact, check_json, check_one, usual};
pub use diagram::{piece_svg, svg};

use fenkit::{
    Diagnostic, Format, Problem, ReadOptions,
    fields::Fields,
    variants::{VariantPosition, named_variant},
};
use serde::Deserialize;
use serde_json::{Value, json};
use shakmaty::{CastlingMode, EnPassantMode, Position};

/// How records are read: the command's `--input`, `--lenient`,
/// `--variant` and `--chess960`, from a JSON object (`{"lenient": true}`);
/// an unknown value is an error naming the ones there are.
pub fn read_options(options: &Value) -> Result<ReadOptions, String> {
    let mut read = ReadOptions::default().with_format(Format::Auto);
    if let Some(input) = options.get("input").and_then(Value::as_str) {
        read = read.with_format(match input {
            "auto" => Format::Auto,
            "fen" => Format::Fen,
            "epd" => Format::Epd,
            other => return Err(format!("input: '{other}' is not one of auto, fen, epd")),
        });
    }
    if options.get("lenient").and_then(Value::as_bool) == Some(true) {
        read = read.with_lenient(true);
    }
    if options.get("chess960").and_then(Value::as_bool) == Some(true) {
        read = read.with_castling(CastlingMode::Chess960);
    }
    if let Some(name) = options.get("variant").and_then(Value::as_str) {
        let named = named_variant(name)
            .ok_or_else(|| format!("variant: '{name}' is no variant fenkit reads"))?;
        read = read.with_variant(named.variant);
        if named.chess960 {
            read = read.with_castling(CastlingMode::Chess960);
        }
    }
    Ok(read)
}

/// `{"ok": true, "value": value}`.
fn answer(value: impl Into<Value>) -> Value {
    json!({"ok": true, "value": value.into()})
}

/// `{"ok": false, "errors": [...]}`: the problems of `record`.
fn refused(diagnostics: &[Diagnostic], record: &str) -> Value {
    let problems: Vec<Problem<'_>> = (diagnostics.iter())
        .map(|diagnostic| Problem::in_record(diagnostic, record.as_bytes()))
        .collect();
    json!({"ok": false, "errors": problems})
}

/// The position of a valid record, or its problems as an answer.
fn position(fen: &str, read: &ReadOptions) -> Result<VariantPosition, Value> {
    let checked = read.check(fen.as_bytes());
    checked
        .variant_position(read.castling)
        .ok_or_else(|| refused(&checked.diagnostics, fen))
}

pub(crate) fn standard() -> ReadOptions {
    ReadOptions::default().with_format(Format::Auto)
}

/// The classic exercise: a well-formed record's board as 8 lines of 8
/// characters, `.` for an empty square (`fen board`).
pub fn board(fen: &str) -> Value {
    let read = standard();
    let mut letters = [0; 64];
    match read.parse_with_letters(fen.as_bytes(), &mut letters) {
        Ok(_) => {
            let mut text = Vec::new();
            fenkit::write_board_lines(&letters, &mut text);
            answer(String::from_utf8_lossy(&text).into_owned())
        }
        Err(error) => refused(error.diagnostics(), fen),
    }
}

/// A well-formed record in words, as a screen reader says it (`fen
/// describe --style spoken`).
pub fn describe(fen: &str) -> Value {
    use fenkit::description::{Style, describe};
    let read = standard();
    let checked = read.check(fen.as_bytes());
    match &checked.setup {
        Some(setup) => {
            let position = checked.variant_position(read.castling);
            answer(
                describe(setup, position.as_ref(), Style::Spoken)
                    .trim_end()
                    .to_owned(),
            )
        }
        None => refused(&checked.diagnostics, fen),
    }
}

/// Every legal move of a valid record, in UCI (`fen moves --uci`).
pub fn legal_moves(fen: &str) -> Value {
    match position(fen, &standard()) {
        Ok(position) => {
            let mode = position.castles().mode();
            let moves: Vec<String> = (position.legal_moves().iter())
                .map(|m| m.to_uci(mode).to_string())
                .collect();
            answer(moves)
        }
        Err(refused) => refused,
    }
}

/// The FEN after `moves` (SAN or UCI, separated by spaces, move numbers
/// allowed) from a valid record (`fen play`); the move that cannot be
/// played, and why, as the error.
pub fn play(fen: &str, moves: &str) -> Value {
    let mut position = match position(fen, &standard()) {
        Ok(position) => position,
        Err(refused) => return refused,
    };
    let words: Vec<String> = (moves.split_whitespace())
        .filter(|word| {
            !word
                .trim_end_matches('.')
                .chars()
                .all(|c| c.is_ascii_digit())
        })
        .map(str::to_string)
        .collect();
    match fenkit::play::play_moves(&mut position, &words, |_| {}) {
        Ok(()) => answer(fenkit::Fen::from_position(&position).to_string()),
        Err(stopped) => {
            let word = &words[stopped.index];
            refused(std::slice::from_ref(&stopped.diagnostic), word)
        }
    }
}

/// Every position of every game of `pgn`, as `fen pgn --format json`
/// writes them (`game`, `ply`, `move`, `fen`), and each game's error where
/// it could not be played to its end.
pub fn pgn_positions(pgn: &str) -> Value {
    let mut plies = Vec::new();
    let mut errors = Vec::new();
    let mut player = fenkit_games::pgn::Plies::new(|ply: fenkit_games::pgn::Ply<'_>| {
        if ply.ply == 0 {
            return;
        }
        let fen = fenkit::Fen::from(ply.position.to_setup(EnPassantMode::Always)).to_string();
        let san = ply.san.map(|san| san.to_string());
        plies.push(json!({"game": ply.game, "ply": ply.ply, "move": san, "fen": fen}));
    });
    for game in fenkit_games::pgn::GameTexts::new(pgn.as_bytes()).flatten() {
        let mut text = game.text;
        if let Some(played) = player.play(&mut text)
            && let Err(error) = played.outcome
        {
            errors.push(json!({"game": error.game, "line": game.line, "message": error.message}));
        }
    }
    drop(player);
    json!({"ok": errors.is_empty(), "value": plies, "errors": errors})
}

/// The fields of a well-formed record as a board editor holds them
/// (`fenkit::fields::Fields`, what the service's `/api/fields` answers),
/// read as `options` say (`variant`, `chess960`).
pub fn fields(fen: &str, options: &Value) -> Value {
    let read = match read_options(options) {
        Ok(read) => read,
        Err(why) => return json!({"ok": false, "errors": [{"message": why}]}),
    };
    match read.parse(fen.as_bytes()) {
        Ok(parsed) => answer(serde_json::to_value(Fields::of(&parsed.setup)).unwrap_or_default()),
        Err(error) => refused(error.diagnostics(), fen),
    }
}

/// The canonical FEN that edited `fields` (as [`fields`] gives them)
/// make, read leniently so that castling letters in another order are
/// put in the standard's; the record's problems where they make none.
pub fn write_fields(fields: &Value, options: &Value) -> Value {
    let read = match read_options(options) {
        Ok(read) => read.with_lenient(true),
        Err(why) => return json!({"ok": false, "errors": [{"message": why}]}),
    };
    let record = match Fields::deserialize(fields).map_err(|err| err.to_string()) {
        Ok(fields) => fields.record(),
        Err(why) => Err(format!("the fields are not a position's: {why}")),
    };
    let record = match record {
        Ok(record) => record,
        Err(why) => return json!({"ok": false, "errors": [{"message": why}]}),
    };
    let checked = read.check(record.as_bytes());
    match checked.setup {
        Some(setup) => answer(fenkit::Fen::from(setup).to_string()),
        None => refused(&checked.diagnostics, &record),
    }
}

/// The four-field key of a valid record: the en passant square only
/// where a capture is legal (`fen key`).
pub fn key(fen: &str) -> Value {
    match position(fen, &standard()) {
        Ok(position) => {
            let mut text = Vec::new();
            let notation = fenkit::CastlingNotation::default();
            fenkit::write_opening_key(&position, notation, &mut text);
            answer(String::from_utf8_lossy(&text).into_owned())
        }
        Err(refused) => refused,
    }
}

/// The Polyglot key of a valid standard record, as 16 hex digits (a
/// JavaScript number holds 53 bits; `fen key --polyglot`).
pub fn polyglot_key(fen: &str) -> Value {
    match position(fen, &standard()) {
        Ok(VariantPosition::Chess(position)) => {
            answer(format!("{:016x}", fenkit::polyglot_key(&position)))
        }
        Ok(_) => json!({"ok": false, "errors": []}),
        Err(refused) => refused,
    }
}
