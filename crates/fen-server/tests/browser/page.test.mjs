// The page of `fen serve` as a person uses it, in Debian's headless
// Chromium driven by playwright-core: paste, read the problems, edit the
// board. Screenshots go to target/browser-screenshots/.
//
// FEN_BIN names the `fen` binary (default: target/debug/fen, built first).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SHOTS = path.join(ROOT, 'target/browser-screenshots');
const FEN_BIN = process.env.FEN_BIN || path.join(ROOT, 'target/debug/fen');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const SICILIAN = 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';
const SHORT_RANK = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1';

let server;
let origin;
// An explorer index of samples/openings.pgn, served with the page.
const EXPLORER = mkdtempSync(path.join(os.tmpdir(), 'fen-page-explorer-'));
// A search index of the same games.
const INDEX = mkdtempSync(path.join(os.tmpdir(), 'fen-page-index-'));
// The 3-4-piece Syzygy tables of ../shared, where they stand.
const TABLES = path.join(ROOT, '../shared/data/syzygy/regular');
let browser;
let page;
const requests = [];

function startServer() {
  return new Promise((resolve, reject) => {
    const args = ['serve', '--bind', '127.0.0.1:0', '--quiet', '--explorer', EXPLORER, '--index', INDEX];
    if (existsSync(TABLES)) args.push('--syzygy', TABLES);
    server = spawn(FEN_BIN, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let said = '';
    server.stderr.on('data', (chunk) => {
      said += chunk;
      // The whole line: a chunk may end inside the address.
      const found = said.match(/listening on (http:\/\/[\d.:]+)\n/);
      if (found) resolve(found[1]);
    });
    server.on('error', reject);
    server.on('exit', (code) => reject(new Error(`fen serve exited with ${code}: ${said}`)));
  });
}

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  execFileSync(FEN_BIN, ['explorer', 'build', path.join(ROOT, 'samples/openings.pgn'), '-o', EXPLORER], { stdio: 'ignore' });
  execFileSync(FEN_BIN, ['index', path.join(ROOT, 'samples/openings.pgn'), '-o', INDEX], { stdio: 'ignore' });
  origin = await startServer();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1100, height: 820 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  page = await context.newPage();
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => {
    throw error;
  });
  await page.goto(origin);
});

after(async () => {
  await browser?.close();
  server?.kill('SIGTERM');
  rmSync(EXPLORER, { recursive: true, force: true });
  rmSync(INDEX, { recursive: true, force: true });
});

async function paste(text) {
  await page.fill('#input', text);
}

async function statusSays(pattern) {
  await page.waitForFunction(
    (source) => new RegExp(source).test(document.querySelector('#status').textContent),
    pattern.source,
    { timeout: 5000 },
  );
}

/// Every piece on the board, as {square: letter}.
function pieces() {
  return page.$$eval('#board .square img', (images) =>
    Object.fromEntries(images.map((image) => [image.closest('.square').dataset.square, image.dataset.piece])),
  );
}

async function fen() {
  return page.inputValue('#input');
}

/// Waits until the text is `expected`: an edit is written by the server
/// (POST /api/fields), so the text follows a moment after the board.
async function fenIs(expected) {
  try {
    await page.waitForFunction((text) => document.querySelector('#input').value === text, expected, { timeout: 5000 });
  } catch {
    assert.equal(await fen(), expected);
  }
}

/// Waits until the text matches `pattern`.
async function fenMatches(pattern) {
  try {
    await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('#input').value), pattern.source, { timeout: 5000 });
  } catch {
    assert.match(await fen(), pattern);
  }
}

test('a pasted FEN shows its pieces on their squares', async () => {
  await paste(SICILIAN);
  await statusSays(/Legal position\. Black to move/);
  const board = await pieces();
  assert.equal(Object.keys(board).length, 32);
  assert.equal(board.e4, 'P');
  assert.equal(board.c5, 'p');
  assert.equal(board.f3, 'N');
  assert.equal(board.e1, 'K');
  assert.equal(board.d8, 'q');
  assert.equal(board.e2, undefined);
  assert.equal(board.g1, undefined);
  assert.equal(board.c7, undefined);
  // White at the bottom: a8 first, h1 last.
  const order = await page.$$eval('#board .square', (squares) => squares.map((s) => s.dataset.square));
  assert.deepEqual([order[0], order[7], order[56], order[63]], ['a8', 'h8', 'a1', 'h1']);
  assert.equal(await page.textContent('#canonical'), SICILIAN);
  assert.equal(await page.$$eval('#problems li', (items) => items.length), 0);
  assert.match(await page.getAttribute('#svg-link', 'href'), /^\/board\.svg\?fen=rnbqkbnr\/pp1ppppp\/8\/2p5\/4P3\/5N2\/PPPP1PPP\/RNBQKB1R_b_KQkq_-_1_2$/);
  await page.screenshot({ path: path.join(SHOTS, 'valid.png') });
});

test('a short rank 1 is named, and its characters are marked in the text', async () => {
  await paste(SHORT_RANK);
  await statusSays(/Not a valid FEN: 1 problem/);
  const problems = await page.$$eval('#problems li', (items) =>
    items.map((item) => ({ code: item.dataset.code, text: item.textContent })),
  );
  assert.equal(problems.length, 1);
  assert.equal(problems[0].code, 'rank-too-short');
  assert.match(problems[0].text, /column 36/);
  assert.match(problems[0].text, /rank 1 \(the 8th group\) has 7 squares/);
  const marked = await page.$$eval('#highlights mark', (marks) => marks.map((mark) => mark.textContent));
  assert.deepEqual(marked, ['RNBQKBN']);
  // The mark lies under the same characters of the textarea: it starts 35
  // character widths in, as measured on the text's own font.
  const geometry = await page.evaluate(() => {
    const mark = document.querySelector('#highlights mark').getBoundingClientRect();
    const box = document.querySelector('#highlights').getBoundingClientRect();
    const probe = document.createElement('span');
    probe.textContent = 'x'.repeat(35);
    document.querySelector('#highlights').append(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    const padding = parseFloat(getComputedStyle(document.querySelector('#input')).paddingLeft);
    return { offset: mark.left - box.left - padding, width };
  });
  assert.ok(Math.abs(geometry.offset - geometry.width) < 1, JSON.stringify(geometry));
  // No position is shown that the text does not hold: the board is empty
  // and faded, and says why; the controls claim nothing.
  assert.equal(await page.getAttribute('#board', 'class'), 'stale');
  assert.equal(await page.isVisible('#board-note'), true);
  assert.equal(await page.$$eval('#board img', (pieces) => pieces.length), 0);
  assert.equal(await page.$$eval('.controls fieldset:disabled', (sets) => sets.length), 3);
  // A rank too short is nothing lenient reading repairs.
  assert.equal(await page.isVisible('#repair'), false);
  assert.equal(await page.isVisible('#canonical-box'), false);
  await page.screenshot({ path: path.join(SHOTS, 'rank-1-too-short.png') });
  // Clicking the problem selects the faulty characters.
  await page.click('#problems li');
  const selected = await page.evaluate(() => {
    const area = document.querySelector('#input');
    return area.value.slice(area.selectionStart, area.selectionEnd);
  });
  assert.equal(selected, 'RNBQKBN');
});

test('a record broken outside its placement shows the placement, the broken field named', async () => {
  // An en dash for '-' in the en passant field, as word processors write it.
  await paste('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq \u2013 0 1');
  await statusSays(/Not a valid FEN: 1 problem/);
  await page.waitForFunction(() => document.querySelectorAll('#board img').length === 32, null, { timeout: 5000 });
  const board = await pieces();
  assert.equal(board.e4, 'P');
  assert.equal(board.e2, undefined);
  assert.equal(await page.getAttribute('#board', 'class'), '');
  assert.match(await page.textContent('#board-note'), /the en passant field is malformed/);
  assert.match(await page.textContent('#board-words'), /^White: King on e1, Queen on d1/);
  // The controls still claim nothing the text does not say.
  assert.equal(await page.$$eval('.controls fieldset:disabled', (sets) => sets.length), 3);
  await page.screenshot({ path: path.join(SHOTS, 'placement-only.png') });
});

test('the board is described in words for screen readers', async () => {
  await paste('4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1');
  await statusSays(/Legal position\. White to move/);
  assert.equal(await page.getAttribute('#board', 'aria-describedby'), 'board-words');
  assert.equal(
    await page.textContent('#board-words'),
    'White: King on e1, Rooks on a1 and h1. Black: King on e8. White to move. White may castle on both sides.',
  );
});

test('another piece set and board colour redraw the board, the palette and the diagram links', async () => {
  await paste(SICILIAN);
  await statusSays(/Legal position\. Black to move/);
  await page.selectOption('#pieces', 'merida');
  await page.selectOption('#theme', 'blue');
  await page.waitForFunction(() => document.querySelector('#board img').src.includes('/pieces/merida/'), null, { timeout: 5000 });
  const sources = await page.$$eval('#board img, #palette img', (images) => images.map((image) => new URL(image.src).pathname));
  assert.ok(sources.length > 32 && sources.every((source) => /^\/pieces\/merida\/[wb][KQRBNP]\.svg$/.test(source)), sources.join());
  // Every drawing the page asked for came back.
  const broken = await page.$$eval('#board img', (images) => images.filter((image) => !image.complete || image.naturalWidth === 0).length);
  assert.equal(broken, 0);
  const dark = await page.$eval('#board .square.dark', (square) => getComputedStyle(square).backgroundColor);
  assert.equal(dark, 'rgb(140, 162, 173)');
  assert.match(await page.getAttribute('#png-link', 'href'), /&pieces=merida&theme=blue$/);
  await page.screenshot({ path: path.join(SHOTS, 'merida-blue.png') });
  await page.selectOption('#pieces', 'cburnett');
  await page.selectOption('#theme', 'brown');
});

test('an illegal position marks its squares', async () => {
  await paste('rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1');
  await statusSays(/Well-formed, but not a legal position/);
  const marked = await page.$$eval('#board .square.problem', (squares) => squares.map((s) => s.dataset.square));
  assert.deepEqual(marked, ['h8']);
  assert.match(await page.textContent('#problems'), /pawn-on-back-rank/);
  await page.screenshot({ path: path.join(SHOTS, 'illegal.png') });
});

test('a set-up position is legal, with its unreachability as a warning', async () => {
  // Position 4 of the standard perft suite.
  await paste('r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1');
  await statusSays(/Legal position, though no game from the standard start reaches it\. White to move/);
  const problems = await page.$$eval('#problems li', (items) => items.map((li) => li.className));
  assert.ok(problems.length > 0 && problems.every((kind) => kind === 'warning'), problems.join());
  assert.match(await page.textContent('#problems'), /warning\[pawn-captures\]/);
  assert.equal(await page.$$eval('#board .square.problem', (squares) => squares.length), 0);
  await page.screenshot({ path: path.join(SHOTS, 'set-up.png') });
});

test('a curly-quoted paste is repaired by the Repair button, which lists the repairs', async () => {
  await paste('\u201c8/8/8/4k3/8/8/4P3/4K3 w – – 0 1\u201d');
  await statusSays(/Not a valid FEN/);
  assert.equal(await page.$$eval('#board img', (pieces) => pieces.length), 0);
  await page.waitForSelector('#repair', { state: 'visible' });
  await page.screenshot({ path: path.join(SHOTS, 'repair-offered.png') });
  await page.click('#repair');
  await statusSays(/Legal position\. White to move/);
  assert.equal(await page.inputValue('#input'), '8/8/8/4k3/8/8/4P3/4K3 w - - 0 1');
  const repairs = await page.textContent('#repairs');
  assert.match(repairs, /^Repaired: /);
  assert.match(repairs, /quotes/);
  assert.equal(await page.$$eval('#board img', (pieces) => pieces.length), 3);
  assert.equal(await page.$$eval('.controls fieldset:disabled', (sets) => sets.length), 0);
  await page.screenshot({ path: path.join(SHOTS, 'repaired.png') });
});

test('clicking and dragging on the board edits the FEN', async () => {
  await paste(START);
  // The answer for this text, not the last test's.
  await page.waitForFunction((start) => document.querySelector('#canonical').textContent === start, START);
  await statusSays(/Legal position\. White to move/);
  // Pick the white queen, then click d4.
  await page.click('#palette button[data-tool="Q"]');
  await page.click('#board [data-square="d4"]');
  await fenIs('rnbqkbnr/pppppppp/8/8/3Q4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  await statusSays(/Well-formed, but not a legal position/); // seventeen white pieces
  // Clicking the same piece again takes it away.
  await page.click('#board [data-square="d4"]');
  await fenIs(START);
  // The eraser empties e2.
  await page.click('#palette button[data-tool="erase"]');
  await page.click('#board [data-square="e2"]');
  await fenIs('rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1');
  await page.click('#palette button[data-tool="erase"]'); // back to no tool
  // Drag the knight from g1 to f3.
  await page.dragAndDrop('#board [data-square="g1"]', '#board [data-square="f3"]');
  await fenIs('rnbqkbnr/pppppppp/8/8/8/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1');
  // Side to move, castling and en passant.
  await page.check('input[name="turn"][value="b"]');
  await page.uncheck('input[name="castle"][value="Q"]');
  await fenIs('rnbqkbnr/pppppppp/8/8/8/5N2/PPPP1PPP/RNBQKB1R b Kkq - 0 1');
  await page.selectOption('#ep', 'e3');
  await fenIs('rnbqkbnr/pppppppp/8/8/8/5N2/PPPP1PPP/RNBQKB1R b Kkq e3 0 1');
  await statusSays(/Well-formed, but not a legal position/); // no pawn on e4 for e3
  assert.match(await page.textContent('#problems'), /e3/);
  // Drag a black rook from the palette onto a4.
  await page.dragAndDrop('#palette button[data-tool="r"]', '#board [data-square="a4"]');
  await fenMatches(/^rnbqkbnr\/pppppppp\/8\/8\/r7\/5N2\//);
  await page.screenshot({ path: path.join(SHOTS, 'edited.png') });
});

test('flip, copy, several records, and nothing fetched from elsewhere', async () => {
  await paste(`${START}\n${SICILIAN}`);
  // The board shows the record on the caret's line.
  await statusSays(/^2 records, 2 valid\. Line 2: Legal position\. Black to move/);
  await page.focus('#input');
  await page.keyboard.press('Control+Home');
  await statusSays(/Line 1: Legal position\. White to move/);
  assert.equal((await pieces()).f3, undefined);
  await page.keyboard.press('Control+End');
  await statusSays(/Line 2: Legal position\. Black to move/);
  assert.equal((await pieces()).f3, 'N');
  await page.click('#flip');
  const order = await page.$$eval('#board .square', (squares) => squares.map((s) => s.dataset.square));
  assert.deepEqual([order[0], order[63]], ['h1', 'a8']);
  assert.match(await page.getAttribute('#png-link', 'href'), /orientation=black/);
  await page.click('#copy');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), SICILIAN);
  await page.screenshot({ path: path.join(SHOTS, 'flipped.png') });
  const foreign = requests.filter((url) => !url.startsWith(origin));
  assert.deepEqual(foreign, []);
});

test('records sharing a line are edited one at a time, and Chess960 castling is kept', async () => {
  await paste(`${START} ${SICILIAN}`);
  await page.focus('#input');
  await page.keyboard.press('Control+End');
  // The caret stands in the second record: the board is the Sicilian's.
  await statusSays(/^2 records, 2 valid\. Line 1: Legal position\. Black to move/);
  await page.check('input[name="turn"][value="w"]');
  const sicilianWhite = SICILIAN.replace(' b ', ' w ');
  await fenIs(`${START} ${sicilianWhite}`);
  // The first record, edited, leaves the second as it is.
  await page.focus('#input');
  await page.keyboard.press('Control+Home');
  await statusSays(/Line 1: Legal position\. White to move/);
  await page.click('#palette button[data-tool="erase"]');
  await page.click('#board [data-square="e2"]');
  await page.click('#palette button[data-tool="erase"]');
  await fenIs(`rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1 ${sicilianWhite}`);
  // Chess960: its castling rights are read, shown and written back.
  const chess960 = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9';
  await page.selectOption('#variant', 'chess960');
  await paste(chess960);
  await statusSays(/^Legal Chess960 position\. White to move/);
  await page.uncheck('input[name="castle"][value="q"]');
  await fenIs(chess960.replace('KQkq', 'KQk'));
  await statusSays(/Legal Chess960 position/);
  await page.selectOption('#variant', 'standard');
});

test('a Crazyhouse record shows its pockets, which the palette fills and the eraser empties', async () => {
  const pocketed = 'rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3';
  await page.selectOption('#variant', 'standard');
  await paste(pocketed);
  await statusSays(/Not a valid FEN/); // standard chess has no pocket
  assert.equal(await page.isHidden('#pocket-top'), true);
  await page.selectOption('#variant', 'crazyhouse');
  await statusSays(/Legal Crazyhouse position\. White to move/);
  assert.match(page.url(), /variant=crazyhouse/);
  /// Each piece of both pockets with its number (0 for a kind not held).
  const pockets = () =>
    page.$$eval('.pocket button', (buttons) =>
      Object.fromEntries(
        buttons.map((b) => [b.dataset.piece, b.querySelector('img').style.opacity === '1' ? Number(b.querySelector('.count').textContent || 1) : 0]),
      ),
    );
  const held = await pockets();
  assert.deepEqual([held.P, held.p, held.Q, held.n], [1, 1, 0, 0]);
  // A white knight into White's pocket, then a second pawn.
  await page.click('#palette button[data-tool="N"]');
  await page.click('.pocket button[data-piece="N"]');
  await fenIs('rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[NPp] w KQkq - 0 3');
  await page.click('#palette button[data-tool="P"]');
  await page.click('.pocket button[data-piece="P"]');
  await fenIs('rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[NPPp] w KQkq - 0 3');
  await page.waitForFunction(() => document.querySelector('.pocket button[data-piece="P"] .count').textContent === '2');
  await page.screenshot({ path: path.join(SHOTS, 'crazyhouse.png') });
  // The eraser takes them out again.
  await page.click('#palette button[data-tool="erase"]');
  await page.click('.pocket button[data-piece="N"]');
  await page.click('.pocket button[data-piece="P"]');
  await fenIs(pocketed);
  await page.click('#palette button[data-tool="erase"]'); // back to no tool
  await statusSays(/Legal Crazyhouse position/);
  assert.match(await page.getAttribute('#svg-link', 'href'), /&variant=crazyhouse$/);
  // Three-check's counters are kept when the board is edited.
  await page.selectOption('#variant', 'threecheck');
  await paste('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 2+3 0 1');
  await statusSays(/Legal Three-check position\. Black to move/);
  await page.check('input[name="turn"][value="w"]');
  await fenIs('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 1');
  await page.selectOption('#variant', 'standard');
});

test('the explorer table under the board plays its moves', async () => {
  await page.selectOption('#variant', 'standard');
  await paste(START);
  await statusSays(/Legal position\. White to move/);
  await page.waitForFunction(() => !document.querySelector('#explorer').hidden);
  assert.match(await page.textContent('#explorer-summary'), /^476 games$/);
  const moves = () => page.$$eval('#explorer-moves .explorer-move', (buttons) => buttons.map((b) => b.textContent));
  assert.deepEqual((await moves()).slice(0, 3), ['e4', 'd4', 'c4']);
  await page.screenshot({ path: path.join(SHOTS, 'explorer.png'), fullPage: true });
  // A move of the table, played: the FEN after it (the en passant square
  // after the double push, as the standard says), and the table from there.
  await page.click('#explorer-moves .explorer-move >> text=e4');
  await statusSays(/Legal position\. Black to move/);
  await fenIs('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
  await page.waitForFunction(() => /King's Pawn Game · 253 games/.test(document.querySelector('#explorer-summary').textContent));
  // A variant hides it: the index holds standard chess.
  await page.selectOption('#variant', 'crazyhouse');
  await page.waitForFunction(() => document.querySelector('#explorer').hidden);
  await page.selectOption('#variant', 'standard');
});

test('the endgame tables say each move\'s result, and a move of theirs is played', async (t) => {
  if (!existsSync(TABLES)) {
    assert.ok(!process.env.CI, `${TABLES} is absent, and CI must test with it`);
    t.skip(`${TABLES} is absent`);
    return;
  }
  await page.selectOption('#variant', 'standard');
  await paste('4k3/8/8/8/8/8/1Q6/K7 b - - 0 1');
  await statusSays(/Legal position\. Black to move/);
  await page.waitForFunction(() => !document.querySelector('#tablebase').hidden);
  assert.equal(await page.textContent('#tablebase-summary'), 'loss for the side to move · DTZ 18');
  const rows = () => page.$$eval('#tablebase-moves tr', (trs) => trs.map((tr) => tr.textContent));
  assert.deepEqual((await rows())[0], 'Ke7loss17');
  await page.screenshot({ path: path.join(SHOTS, 'tablebase.png'), fullPage: true });
  await page.click('#tablebase-moves .explorer-move >> text=Ke7');
  await fenIs('8/4k3/8/8/8/8/1Q6/K7 w - - 1 2');
  await page.waitForFunction(() => /^win for the side to move/.test(document.querySelector('#tablebase-summary').textContent));
  // The start position has 32 pieces: no table is asked.
  await paste(START);
  await page.waitForFunction(() => document.querySelector('#tablebase').hidden);
});

test('the games that reach the position are listed under the explorer, each a link to it in PGN', async () => {
  await page.selectOption('#variant', 'standard');
  await paste('rnbqkbnr/pp2pppp/2p5/8/3PN3/8/PPP2PPP/R1BQKBNR b KQkq - 0 4');
  await statusSays(/Legal position\. Black to move/);
  await page.waitForFunction(() => !document.querySelector('#games').hidden
    && document.querySelector('#games-summary').textContent === '4 reach this position');
  const items = await page.$$eval('#games-list li', (lis) => lis.map((li) => li.textContent));
  assert.equal(items.length, 4);
  assert.match(items[0], /^Arden – Fenn 0-1 · 2024\.02\.22 · ply 7 after Nxe4$/);
  await page.screenshot({ path: path.join(SHOTS, 'games.png'), fullPage: true });
  // The link: the game in PGN, the ply marked.
  const href = await page.getAttribute('#games-list li a', 'href');
  const game = await (await fetch(new URL(href, origin))).text();
  assert.match(game, /\[White "Arden"\]/);
  assert.match(game, /4\. Nxe4 \{fen search: ply 7\}/);
  // From the start, more than the list shows.
  await paste(START);
  await page.waitForFunction(() => /^the first 10 reach this position$/.test(document.querySelector('#games-summary').textContent));
});

test('a picture of a board fills the editor, and its FEN waits for the three answers', async () => {
  const picture = path.join(EXPLORER, 'after-e4.png');
  const afterE4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
  execFileSync(FEN_BIN, ['png', '--fen', afterE4, '--size', '360', '--pieces', 'merida', '-o', picture]);
  await page.setInputFiles('#scan-file', picture);
  await page.waitForSelector('#scan-questions:not([hidden])');
  // Filled at once with what was assumed, and said not to be final.
  assert.equal(await page.inputValue('#input'), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1');
  assert.match(await page.textContent('#scan-status'), /Answer what a picture cannot show/);
  // No side is chosen for the user; castling is offered where king and
  // rook stand at home; en passant only once the side is known.
  assert.equal(await page.isChecked('input[name="scan-turn"][value="w"]'), false);
  assert.equal(await page.isChecked('input[name="scan-castle"][value="K"]'), true);
  assert.equal(await page.isDisabled('#scan-ep'), true);
  await page.click('#scan-use');
  assert.match(await page.textContent('#scan-status'), /Whose move is it/);
  await page.check('input[name="scan-turn"][value="b"]');
  assert.deepEqual(await page.$$eval('#scan-ep option', (options) => options.map((o) => o.value)), ['-', 'e3']);
  await page.selectOption('#scan-ep', 'e3');
  await page.screenshot({ path: path.join(SHOTS, 'scan-questions.png'), fullPage: true });
  await page.click('#scan-use');
  assert.equal(await page.inputValue('#input'), afterE4);
  await statusSays(/Legal position\. Black to move/);
  assert.equal(await page.isHidden('#scan-questions'), true);
  await page.screenshot({ path: path.join(SHOTS, 'scan-used.png'), fullPage: true });
  // A highlighted last move offers its side and double step as answers.
  const highlighted = path.join(EXPLORER, 'after-e4-highlighted.png');
  execFileSync(FEN_BIN, ['png', '--fen', afterE4, '--size', '360', '--last-move', 'e2e4', '-o', highlighted]);
  await page.setInputFiles('#scan-file', highlighted);
  await page.waitForSelector('#scan-questions:not([hidden])');
  assert.match(await page.textContent('#scan-status'), /highlighted last move e2e4/);
  assert.equal(await page.isChecked('input[name="scan-turn"][value="b"]'), true);
  assert.equal(await page.inputValue('#scan-ep'), 'e3');
  await page.click('#scan-use');
  assert.equal(await page.inputValue('#input'), afterE4);
  // A board the rules moved a square off its lines is said so: the
  // server's own answer, its board.moved set as `fen scan` sets it.
  await page.route('**/api/scan', async (route) => {
    const response = await route.fetch();
    const answer = await response.json();
    answer.board.moved = { across: 0, down: 1 };
    await route.fulfill({ response, json: answer });
  });
  await page.setInputFiles('#scan-file', picture);
  await page.waitForFunction(() => /read one square down from where its lines stand/.test(document.querySelector('#scan-status').textContent));
  await page.screenshot({ path: path.join(SHOTS, 'scan-moved.png'), fullPage: true });
  await page.unroute('**/api/scan');
  await page.check('input[name="scan-turn"][value="b"]');
  await page.selectOption('#scan-ep', 'e3');
  await page.click('#scan-use');
  assert.equal(await page.inputValue('#input'), afterE4);
  // What is no picture of a board is said, and the text is left alone.
  await page.setInputFiles('#scan-file', { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('no picture') });
  await page.waitForFunction(() => /No position read: not-a-picture/.test(document.querySelector('#scan-status').textContent));
  assert.equal(await page.inputValue('#input'), afterE4);
});
