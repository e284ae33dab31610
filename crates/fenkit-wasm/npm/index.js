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
  text = String(text);
  const read = options == null || Object.keys(options).length === 0 ? "{}" : JSON.stringify(options);
  // The usual record (alone on its line, valid, canonical, nothing to
  // say) comes back as a few bits, and its object is built here as the
  // command writes it, key for key: for one record a call no text crosses
  // back; for a file, a number stands for each such line.
  const bits = wasm.checkOne(text, read);
  if (bits !== 0) return [usual(text, 1, bits)];
  const answers = answer(wasm.check(text, read));
  if (!Array.isArray(answers) || !answers.some((entry) => typeof entry === "number")) return answers;
  const lines = text.split("\n");
  return answers.map((entry) => {
    if (typeof entry !== "number") return entry;
    const line = Math.floor(entry / 32);
    return usual(lines[line - 1].replace(/\r$/, ""), line, entry % 32);
  });
}

// The object `fen check --format json` writes for the usual record
// `record` on line `line`, from the bits the module told (`usual` in the
// crate: 1 Black to move, 2 check, 4 checkmate, 8 stalemate).
function usual(record, line, bits) {
  return {
    source: "<input>",
    line,
    column: 1,
    input: record,
    valid: true,
    fen: record,
    turn: bits & 1 ? "black" : "white",
    check: (bits & 2) !== 0,
    checkmate: (bits & 4) !== 0,
    stalemate: (bits & 8) !== 0,
    errors: [],
  };
}

/** A well-formed record's board: 8 lines of 8 characters, `.` empty. */
export function board(fen) {
  return answer(wasm.board(String(fen)));
}

/**
 * The diagram of a well-formed record as SVG text, the bytes `fen svg`
 * writes with the same options (the command's flags in camel case:
 * `size`, `orientation`, `flip`, `coordinates`, `colors`, `pieces`,
 * `check`, `lastMove`, `arrows`, `marks`, `caption`, `evalBar`, and
 * `variant` or `chess960` to read the record as).
 */
export function svg(fen, options = {}) {
  return answer(wasm.svg(String(fen), JSON.stringify(options ?? {})));
}

/** One piece's drawing (`wK`, `bN`…) of a shipped set, as SVG text. */
export function pieceSvg(set, id) {
  return answer(wasm.pieceSvg(String(set), String(id)));
}

/** A well-formed record in words, as a screen reader says it. */
export function describe(fen) {
  return answer(wasm.describe(String(fen)));
}

/**
 * A well-formed record's fields as a board editor holds them: the 64
 * squares (a1 to h8, a piece letter or null), the side, castling, en
 * passant and the squares it may stand on, the clocks, the position in
 * words (`fen serve`'s `/api/fields`).
 */
export function fields(fen, options = {}) {
  return answer(wasm.fields(String(fen), JSON.stringify(options ?? {})));
}

/** The canonical FEN that edited fields make, or the problems of their record. */
export function writeFields(fields, options = {}) {
  return answer(wasm.writeFields(JSON.stringify(fields ?? null), JSON.stringify(options ?? {})));
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
