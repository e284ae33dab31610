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
    assert.equal(fenkit.describe(record).value, run(["describe", "--style", "spoken", record]).trimEnd(), record);
    compared += 1;
  }
}

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
console.log(`the package answered as the command: ${compared} answers compared`);
