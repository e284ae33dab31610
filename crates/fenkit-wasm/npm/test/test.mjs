// The npm package, installed from its tarball into a fresh folder, answers
// as the command does. Run by tools/test-npm: FEN_BIN names the command,
// ROOT the repository (its samples and ../shared/data/real).
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import assert from "node:assert/strict";
import * as fenkit from "fenkit";

const fen = process.env.FEN_BIN;
const root = process.env.ROOT;
const run = (args, input) =>
  execFileSync(fen, args, { input, cwd: root, encoding: "utf8", stdio: ["pipe", "pipe", "ignore"] });
const runStatus = (args, input) => {
  try {
    return run(args, input);
  } catch (error) {
    return error.stdout; // status 1: bad records, said on stderr
  }
};

let compared = 0;
let usual = 0;

// check: as `fen check --format json` on the same text.
for (const file of ["samples/pasted.fen", "samples/pasted-forms.fen", "samples/suite.epd"]) {
  const text = readFileSync(join(root, file), "utf8");
  for (const options of [{}, { lenient: true }]) {
    const args = ["check", "--format", "json", ...(options.lenient ? ["--lenient"] : [])];
    const theirs = runStatus(args, text).trim().split("\n").map((line) => JSON.parse(line));
    const ours = fenkit.check(text, options).map((record) => ({ ...record, source: "<stdin>" }));
    assert.deepEqual(ours, theirs, `${file} ${JSON.stringify(options)}`);
    compared += ours.length;
  }
}

// A line over the command's limit is refused by its length, as there, in
// its words less the flag that sets the limit (the package has none).
const long = `8/8/8/8/8/8/8/K1k5 w - - 0 1 ${"x".repeat(5000)}\n8/8/8/8/8/8/8/K1k5 w - - 0 1\n`;
const longTheirs = runStatus(["check", "--format", "json"], long).trim().split("\n").map((line) => JSON.parse(line));
assert.equal(longTheirs[0].errors[0].code, "line-too-long");
const flagHint = "; --max-line-bytes sets the limit";
assert.ok(longTheirs[0].errors[0].message.includes(flagHint));
longTheirs[0].errors[0].message = longTheirs[0].errors[0].message.replace(flagHint, "");
assert.deepEqual(fenkit.check(long).map((record) => ({ ...record, source: "<stdin>" })), longTheirs);

// Each function, on the samples' records and real suites.
const files = ["samples/pasted.fen", "samples/classic.fen", "samples/suite.epd"];
const real = join(root, "../shared/data/real/chess-epds");
if (existsSync(real)) {
  files.push(...readdirSync(real).filter((name) => name.endsWith(".epd")).sort().slice(0, 8).map((name) => join(real, name)));
} else if (process.env.CI) {
  throw new Error(`${real} is absent, and CI must compare with it`);
}
// Besides the files, positions of games (the FEN after each ply).
const played = run(["pgn", "samples/openings.pgn"]).split("\n").slice(0, 300).join("\n");
for (const file of [...files, played]) {
  const text = file.includes("\n") ? file : readFileSync(file.startsWith("/") ? file : join(root, file), "utf8");
  const records = text.split("\n").slice(0, 300);
  for (const record of records.map((r) => r.trim()).filter(Boolean)) {
    // One record a call (the usual one told by a few bits, its object
    // built by index.js) gives what the record among others gives.
    const alone = fenkit.check(record);
    const among = fenkit.check(`${record}\n`);
    assert.equal(JSON.stringify(alone), JSON.stringify(among), record);
    usual += alone[0]?.valid && alone[0].errors.length === 0 ? 1 : 0;
    const drawn = fenkit.board(record);
    if (drawn.ok) {
      assert.equal(drawn.value, run(["board", record]), record);
    } else {
      assert.ok(drawn.errors.length > 0 && drawn.errors[0].code, record);
    }
    const key = fenkit.key(record);
    if (!key.ok) continue;
    assert.equal(key.value, run(["key", record]).trimEnd(), record);
    assert.equal(fenkit.polyglotKey(record).value, run(["key", "--polyglot", record]).trimEnd(), record);
    const moves = fenkit.legalMoves(record).value.slice().sort();
    const theirs = run(["moves", record]).split("\n").map((line) => line.split("\t")[1]).filter(Boolean).sort();
    assert.deepEqual(moves, theirs, record);
    if (moves.length > 0) {
      assert.equal(fenkit.play(key.value, [moves[0]]).value, run(["play", key.value, moves[0]]).trimEnd(), record);
    }
    const words = run(["describe", "--style", "spoken", record]).trimEnd();
    assert.equal(fenkit.describe(record).value, words, record);
    // The editor's fields: written back unedited, the canonical FEN.
    const fields = fenkit.fields(record).value;
    assert.equal(fields.words, words, record);
    assert.equal(fenkit.writeFields(fields).value, fenkit.check(record)[0].fen, record);
    compared += 1;
  }
}

// svg: the bytes of `fen svg` with the same options, the command's flags
// in camel case; a position that breaks the rules drawn crossed out.
const looks = [
  [{}, []],
  [{ flip: true, coordinates: "inside", colors: "blue", caption: true }, ["--flip", "--coordinates", "inside", "--colors", "blue", "--caption"]],
  [{ pieces: "merida", size: 240, lastMove: "e2e4", check: "none" }, ["--pieces", "merida", "--size", "240", "--last-move", "e2e4", "--check", "none"]],
  [{ arrows: ["Ge2e4", "Rd8d1"], marks: "e4,Rxd5", colors: "#ffffff,#000000", evalBar: true }, ["--arrows", "Ge2e4,Rd8d1", "--marks", "e4,Rxd5", "--colors", "#ffffff,#000000", "--eval-bar"]],
];
const drawnRecords = ["4k3/8/8/8/8/8/8/4K2P w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"];
for (const file of files.slice(0, 4)) {
  const text = readFileSync(file.startsWith("/") ? file : join(root, file), "utf8");
  drawnRecords.push(...text.split("\n").map((r) => r.trim()).filter(Boolean).slice(0, 12));
}
for (const record of drawnRecords) {
  for (const [options, flags] of looks) {
    const ours = fenkit.svg(record, options);
    if (!ours.ok) {
      assert.ok(!fenkit.board(record).ok, `${record}: svg refused a record board reads`);
      continue;
    }
    assert.equal(ours.value, run(["svg", ...flags, record]), `${record} ${JSON.stringify(options)}`);
    compared += 1;
  }
}
assert.equal(fenkit.svg("8/8/8/8/8/8/8/K1k5 w - - 0 1", { pieces: "staunty" }).ok, false);
assert.match(fenkit.svg("8/8/8/8/8/8/8/K1k5 w - - 0 1", { size: 9 }).errors[0].message, /^size: /);
assert.match(fenkit.svg("8/8/8/8/8/8/8/K1k5 w - - 0 1", { sise: 200 }).errors[0].message, /^sise: is not an option/);
const king = readFileSync(join(root, "crates/fenkit-diagrams/assets/pieces/merida/wK.svg"), "utf8");
assert.equal(fenkit.pieceSvg("merida", "wK").value, king);
assert.equal(fenkit.pieceSvg("merida", "wX").ok, false);

// Fields edited as the page's editor edits them, and refused.
const edited = fenkit.fields("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").value;
edited.board[7] = null; // the rook of h1 taken away: written, then judged by check
const written = fenkit.writeFields(edited).value;
assert.equal(written, "4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1");
assert.equal(fenkit.check(written)[0].errors[0].code, "castling-no-rook");
edited.castling = "Q";
assert.equal(fenkit.writeFields(edited).value, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
edited.board[7] = "X";
assert.match(fenkit.writeFields(edited).errors[0].message, /^board: 'X' on h1 is not a piece letter/);
assert.equal(fenkit.writeFields({ board: [] }).ok, false);
const house = fenkit.fields("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1", { variant: "crazyhouse" }).value;
assert.equal(house.pocket, "Qn");
assert.equal(fenkit.writeFields(house, { variant: "crazyhouse" }).value, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1");

// pgnPositions: as `fen pgn --format json`.
for (const file of ["samples/games.pgn", "samples/annotated.pgn"]) {
  const text = readFileSync(join(root, file), "utf8");
  const theirs = runStatus(["pgn", "--format", "json", file]).trim().split("\n").map((line) => JSON.parse(line));
  assert.deepEqual(fenkit.pgnPositions(text).value, theirs, file);
  compared += theirs.length;
}

// Bad input is an answer, never an exception.
for (const text of ["", "8/8 w", "\u0000\u0001", "x".repeat(100_000), "1. e4 e5 2. Zz9 *"]) {
  for (const answer of [fenkit.board(text), fenkit.key(text), fenkit.play(text, "e4"), fenkit.legalMoves(text)]) {
    assert.equal(typeof answer.ok, "boolean");
  }
  assert.ok(Array.isArray(fenkit.check(text)));
  assert.equal(typeof fenkit.pgnPositions(text).ok, "boolean");
}
const wrong = fenkit.play("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "1. e4 e5 2. Ke3");
assert.equal(wrong.ok, false);
assert.match(wrong.errors[0].message, /^move 2\. Ke3/);

assert.ok(compared > 200, `${compared} answers compared`);
assert.ok(usual > 100, `${usual} usual records checked alone`);
console.log(`the package answered as the command: ${compared} answers compared`);
