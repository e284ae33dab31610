// The extension's grammars as VS Code reads them (vscode-textmate over
// the Oniguruma engine): each format's lines get the scopes a theme
// colours, and the packaged .vsix holds what the extension runs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import textmate from 'vscode-textmate';
import oniguruma from 'vscode-oniguruma';

const require = createRequire(import.meta.url);
const HERE = path.resolve(import.meta.dirname, '..');
const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer;
await oniguruma.loadWASM(wasm);

const registry = new textmate.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
    createOnigString: (text) => new oniguruma.OnigString(text),
  }),
  loadGrammar: async (scope) => {
    const name = scope.replace('source.', '');
    const file = path.join(HERE, 'syntaxes', `${name}.tmLanguage.json`);
    return textmate.parseRawGrammar(readFileSync(file, 'utf8'), file);
  },
});

/// Each token of `line` as [text, its innermost scope].
async function tokens(scope, line) {
  const grammar = await registry.loadGrammar(scope);
  const { tokens } = grammar.tokenizeLine(line, textmate.INITIAL);
  return tokens.map((t) => [line.slice(t.startIndex, t.endIndex), t.scopes[t.scopes.length - 1]]);
}

function scopeOf(found, text) {
  const token = found.find(([t]) => t === text);
  assert.ok(token, `no token '${text}' in ${JSON.stringify(found)}`);
  return token[1];
}

test('a FEN record: pieces by colour, digits, side, castling, en passant, clocks', async () => {
  const found = await tokens('source.fen', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
  assert.equal(scopeOf(found, 'r'), 'entity.name.function.black-piece.fen');
  assert.equal(scopeOf(found, 'P'), 'entity.name.type.white-piece.fen');
  assert.equal(scopeOf(found, '8'), 'constant.numeric.empty.fen');
  assert.equal(scopeOf(found, 'b'), 'entity.name.function.black-piece.fen'); // the bishop comes first
  assert.equal(found.find(([t, s]) => t === 'b' && s.startsWith('keyword'))[1], 'keyword.other.side.fen');
  assert.equal(scopeOf(found, 'KQkq'), 'string.unquoted.castling.fen');
  assert.equal(scopeOf(found, 'e3'), 'variable.other.en-passant.fen');
  assert.equal(found.at(-1)[0], '1');
  assert.equal(found.at(-1)[1], 'constant.numeric.fullmove.fen');
});

test('an EPD record: its operations after the four fields', async () => {
  const found = await tokens('source.epd', '4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id "WAC.001";');
  assert.equal(scopeOf(found, 'bm'), 'keyword.other.opcode.epd');
  assert.equal(scopeOf(found, '"WAC.001"'), 'string.quoted.double.epd');
  assert.equal(scopeOf(found, 'w'), 'keyword.other.side.fen');
  // Operands are moves, numbers and strings: a move on the c-file is no
  // comment opcode, and each operation's opcode is the first word.
  const english = await tokens('source.epd', '4k3/8/8/8/8/8/8/4K3 w - - bm c4 Kd2; c0 "c4 first"; acd 12;');
  assert.equal(scopeOf(english, 'c4'), 'variable.other.move.epd');
  assert.equal(scopeOf(english, 'Kd2'), 'variable.other.move.epd');
  assert.equal(scopeOf(english, 'c0'), 'keyword.other.opcode.epd');
  assert.equal(scopeOf(english, 'acd'), 'keyword.other.opcode.epd');
  assert.equal(scopeOf(english, '12'), 'constant.numeric.epd');
  assert.equal(scopeOf(english, '"c4 first"'), 'string.quoted.double.epd');
});

test('PGN: tags, move numbers, moves, comments, results', async () => {
  const tag = await tokens('source.pgn', '[White "Carlsen, Magnus"]');
  assert.equal(scopeOf(tag, 'White'), 'entity.name.tag.pgn');
  assert.equal(scopeOf(tag, '"Carlsen, Magnus"'), 'string.quoted.double.pgn');
  const moves = await tokens('source.pgn', '1. e4 { [%clk 0:03:00] } e5 2. Nf3 N@f6 $1 1-0');
  assert.equal(scopeOf(moves, '1.'), 'constant.numeric.move-number.pgn');
  assert.equal(scopeOf(moves, 'Nf3'), 'variable.other.move.pgn');
  assert.equal(scopeOf(moves, 'N@f6'), 'variable.other.move.pgn');
  assert.equal(scopeOf(moves, '$1'), 'constant.other.nag.pgn');
  assert.equal(scopeOf(moves, '1-0'), 'keyword.control.result.pgn');
  assert.ok(moves.some(([, s]) => s === 'comment.block.pgn'));
});

test('the packaged extension holds its manifest, its code, the grammars and the client library', { skip: !existsSync(path.join(HERE, 'fenkit.vsix')) && 'no fenkit.vsix: run `npm run package` first' }, () => {
  const listing = execFileSync('unzip', ['-l', path.join(HERE, 'fenkit.vsix')], { encoding: 'utf8' });
  for (const entry of ['extension/package.json', 'extension/extension.js', 'extension/syntaxes/fen.tmLanguage.json', 'extension/node_modules/vscode-languageclient/package.json']) {
    assert.match(listing, new RegExp(entry.replaceAll('.', '\\.')), entry);
  }
});
