// fenkit for JavaScript: fenkit's reader, boards, moves and games, compiled
// to WebAssembly. Every function takes text and returns plain objects: an
// answer `{ ok: true, value }`, or `{ ok: false, errors }` with each
// problem's code, column and message; bad input never throws.
//
// The module loads its WebAssembly once, when imported: from the file
// beside it in Node, by `fetch` in a browser.
import init, * as wasm from "./fenkit_wasm.js";

const binary = new URL("./fenkit_wasm_bg.wasm", import.meta.url);
if (typeof process !== "undefined" && process.versions?.node) {
  const { readFile } = await import("node:fs/promises");
  await init({ module_or_path: await readFile(binary) });
} else {
  await init({ module_or_path: binary });
}

const answer = (text) => JSON.parse(text);

/**
 * Each record of `text` (a line may hold several FEN records, or one EPD
 * record), as `fen check --format json` writes it.
 */
export function check(text, options = {}) {
  return answer(wasm.check(String(text), JSON.stringify(options ?? {})));
}

/** A well-formed record's board: 8 lines of 8 characters, `.` empty. */
export function board(fen) {
  return answer(wasm.board(String(fen)));
}

/** A well-formed record in words, as a screen reader says it. */
export function describe(fen) {
  return answer(wasm.describe(String(fen)));
}

/** Every legal move of a valid record, in UCI. */
export function legalMoves(fen) {
  return answer(wasm.legalMoves(String(fen)));
}

/** The FEN after `moves` (SAN or UCI, spaces between, numbers allowed). */
export function play(fen, moves) {
  return answer(wasm.play(String(fen), Array.isArray(moves) ? moves.join(" ") : String(moves)));
}

/** Every position of every game of a PGN text, as `fen pgn --format json`. */
export function pgnPositions(pgn) {
  return answer(wasm.pgnPositions(String(pgn)));
}

/** The four-field key: transpositions share it. */
export function key(fen) {
  return answer(wasm.key(String(fen)));
}

/** The Polyglot key, as 16 hexadecimal digits. */
export function polyglotKey(fen) {
  return answer(wasm.polyglotKey(String(fen)));
}
