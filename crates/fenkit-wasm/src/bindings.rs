//! The API exported to WebAssembly: each function takes text and gives
//! back JSON text, which the package's `index.js` parses (one crossing a
//! call, no JavaScript objects built from Rust).

use serde_json::Value;
use wasm_bindgen::prelude::wasm_bindgen;

fn text(value: Value) -> String {
    value.to_string()
}

#[wasm_bindgen]
pub fn check(records: &str, options: &str) -> String {
    let options: Value = serde_json::from_str(options).unwrap_or(Value::Null);
    match crate::read_options(&options) {
        Ok(read) => crate::check_compact(records, "<input>", &read),
        Err(why) => text(serde_json::json!({"ok": false, "errors": [{"message": why}]})),
    }
}

/// The usual record's bits (`crate::usual`), or 0 where `check` must
/// answer.
#[wasm_bindgen(js_name = checkOne)]
pub fn check_one(record: &str, options: &str) -> u8 {
    // No options, the usual call: nothing to parse.
    let read = match options {
        "{}" => Ok(crate::standard()),
        _ => crate::read_options(&serde_json::from_str(options).unwrap_or(Value::Null)),
    };
    match read {
        Ok(read) => crate::check_one(record, &read).unwrap_or(0),
        Err(_) => 0,
    }
}

#[wasm_bindgen]
pub fn board(fen: &str) -> String {
    text(crate::board(fen))
}

#[wasm_bindgen]
pub fn describe(fen: &str) -> String {
    text(crate::describe(fen))
}

#[wasm_bindgen(js_name = legalMoves)]
pub fn legal_moves(fen: &str) -> String {
    text(crate::legal_moves(fen))
}

#[wasm_bindgen]
pub fn play(fen: &str, moves: &str) -> String {
    text(crate::play(fen, moves))
}

#[wasm_bindgen(js_name = pgnPositions)]
pub fn pgn_positions(pgn: &str) -> String {
    text(crate::pgn_positions(pgn))
}

#[wasm_bindgen]
pub fn key(fen: &str) -> String {
    text(crate::key(fen))
}

#[wasm_bindgen(js_name = polyglotKey)]
pub fn polyglot_key(fen: &str) -> String {
    text(crate::polyglot_key(fen))
}

#[wasm_bindgen]
pub fn svg(fen: &str, options: &str) -> String {
    let options: Value = serde_json::from_str(options).unwrap_or(Value::Null);
    text(crate::svg(fen, &options))
}

#[wasm_bindgen(js_name = pieceSvg)]
pub fn piece_svg(set: &str, id: &str) -> String {
    text(crate::piece_svg(set, id))
}

#[wasm_bindgen]
pub fn fields(fen: &str, options: &str) -> String {
    let options: Value = serde_json::from_str(options).unwrap_or(Value::Null);
    text(crate::fields(fen, &options))
}

#[wasm_bindgen(js_name = writeFields)]
pub fn write_fields(fields: &str, options: &str) -> String {
    let fields: Value = serde_json::from_str(fields).unwrap_or(Value::Null);
    let options: Value = serde_json::from_str(options).unwrap_or(Value::Null);
    text(crate::write_fields(&fields, &options))
}
