// The page as static files (tools/build-npm's DIR/page), served by a plain
// file server from a folder below the root, as a static host would serve
// it, in Debian's headless Chromium: no fenkit process, the npm package
// answering in the browser. Run by tools/test-npm with FENKIT_PAGE naming
// the folder; screenshots go to target/browser-screenshots/static-*.png.
//
// FEN_BIN names the `fen` binary the diagrams are compared with.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SHOTS = path.join(ROOT, 'target/browser-screenshots');
const FEN_BIN = process.env.FEN_BIN || path.join(ROOT, 'target/debug/fen');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const PAGE = process.env.FENKIT_PAGE;
if (!PAGE) throw new Error('FENKIT_PAGE must name the page tools/build-npm made (bash tools/test-npm runs this)');

const SICILIAN = 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };

let server;
let origin;
let browser;
let page;
const requests = [];
const errors = [];

// A static file server: the page's folder at /some/folder/, nothing else.
function serve() {
  server = createServer((request, response) => {
    const wanted = new URL(request.url, 'http://x').pathname;
    const inside = wanted.startsWith('/some/folder/') ? wanted.slice('/some/folder/'.length) || 'index.html' : null;
    const file = inside && path.join(PAGE, path.normalize(inside));
    try {
      if (request.method !== 'GET' || !file || !file.startsWith(PAGE)) throw new Error('not here');
      const body = readFileSync(file);
      response.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404);
      response.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)));
}

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  origin = await serve();
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const context = await browser.newContext({ viewport: { width: 1100, height: 820 } });
  page = await context.newPage();
  page.on('request', (request) => requests.push({ url: request.url(), method: request.method() }));
  page.on('pageerror', (error) => errors.push(error));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(new Error(message.text()));
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

async function statusSays(pattern) {
  await page.waitForFunction(
    (source) => new RegExp(source).test(document.querySelector('#status').textContent),
    pattern.source,
    { timeout: 10000 },
  );
}

async function fenIs(expected) {
  try {
    await page.waitForFunction((text) => document.querySelector('#input').value === text, expected, { timeout: 5000 });
  } catch {
    assert.equal(await page.inputValue('#input'), expected);
  }
}

test('the record of ?fen= is shown at once, answered in the browser', async () => {
  await page.goto(`${origin}/some/folder/?fen=${SICILIAN.replaceAll(' ', '_')}`);
  await statusSays(/Legal position\. Black to move/);
  const board = await page.$$eval('#board .square img', (images) =>
    Object.fromEntries(images.map((image) => [image.closest('.square').dataset.square, image.dataset.piece])),
  );
  assert.equal(Object.keys(board).length, 32);
  assert.deepEqual([board.e4, board.c5, board.f3, board.g1], ['P', 'p', 'N', undefined]);
  assert.equal(await page.textContent('#canonical'), SICILIAN);
  // Every piece drawn: the package's drawings, not the server's files.
  const broken = await page.$$eval('#board img', (images) => images.filter((image) => !image.complete || image.naturalWidth === 0).length);
  assert.equal(broken, 0);
  assert.match(await page.getAttribute('#board img', 'src'), /^data:image\/svg\+xml/);
  const words = execFileSync(FEN_BIN, ['describe', '--style', 'spoken', SICILIAN], { encoding: 'utf8' }).trimEnd();
  await page.waitForFunction((text) => document.querySelector('#board-words').textContent === text, words, { timeout: 5000 });
  // What needs a server is not offered.
  for (const hidden of ['#scan', '#png-choice', '#api-note', '#explorer', '#tablebase', '#games']) {
    assert.equal(await page.isHidden(hidden), true, hidden);
  }
  assert.equal(await page.isVisible('#local-note'), true);
  await page.screenshot({ path: path.join(SHOTS, 'static-valid.png') });
});

test('the SVG link holds the bytes `fen svg` writes', async () => {
  await page.selectOption('#pieces', 'merida');
  await page.selectOption('#theme', 'blue');
  await page.click('#flip');
  await page.waitForFunction(() => document.querySelector('#board img').src.length > 0);
  const href = await page.getAttribute('#svg-link', 'href');
  assert.match(href, /^blob:/);
  const drawn = await page.evaluate(async (url) => (await fetch(url)).text(), href);
  const theirs = execFileSync(FEN_BIN, ['svg', '--pieces', 'merida', '--colors', 'blue', '--orientation', 'black', SICILIAN], { encoding: 'utf8' });
  assert.equal(drawn, theirs);
  await page.screenshot({ path: path.join(SHOTS, 'static-merida-blue.png') });
  await page.click('#flip');
  await page.selectOption('#pieces', 'cburnett');
  await page.selectOption('#theme', 'brown');
});

test('a broken record names its problem at its column', async () => {
  await page.fill('#input', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1');
  await statusSays(/Not a valid FEN: 1 problem/);
  const problems = await page.$$eval('#problems li', (items) => items.map((item) => ({ code: item.dataset.code, text: item.textContent })));
  assert.equal(problems.length, 1);
  assert.equal(problems[0].code, 'rank-too-short');
  assert.match(problems[0].text, /column 36/);
  assert.deepEqual(await page.$$eval('#highlights mark', (marks) => marks.map((mark) => mark.textContent)), ['RNBQKBN']);
  await page.screenshot({ path: path.join(SHOTS, 'static-rank-too-short.png') });
  // A curly-quoted paste is repaired by lenient reading.
  await page.fill('#input', '\u201c8/8/8/4k3/8/8/4P3/4K3 w – – 0 1\u201d');
  await page.waitForSelector('#repair', { state: 'visible' });
  await page.click('#repair');
  await statusSays(/Legal position\. White to move/);
  assert.equal(await page.inputValue('#input'), '8/8/8/4k3/8/8/4P3/4K3 w - - 0 1');
});

test('the board editor writes the FEN back', async () => {
  await page.fill('#input', START);
  await page.waitForFunction((start) => document.querySelector('#canonical').textContent === start, START);
  await page.click('#palette button[data-tool="Q"]');
  await page.click('#board [data-square="d4"]');
  await fenIs('rnbqkbnr/pppppppp/8/8/3Q4/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  await statusSays(/Well-formed, but not a legal position/);
  await page.click('#board [data-square="d4"]');
  await fenIs(START);
  await page.click('#palette button[data-tool="Q"]'); // back to no tool
  await page.dragAndDrop('#board [data-square="g1"]', '#board [data-square="f3"]');
  await fenIs('rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1');
  await page.check('input[name="turn"][value="b"]');
  await page.uncheck('input[name="castle"][value="Q"]');
  await fenIs('rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b Kkq - 0 1');
  await page.screenshot({ path: path.join(SHOTS, 'static-edited.png') });
});

test('a Crazyhouse record is read as one, its pocket kept when edited', async () => {
  await page.selectOption('#variant', 'crazyhouse');
  await page.fill('#input', 'rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3');
  await statusSays(/Legal Crazyhouse position\. White to move/);
  await page.click('#palette button[data-tool="N"]');
  await page.click('.pocket button[data-piece="N"]');
  await fenIs('rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[NPp] w KQkq - 0 3');
  await page.screenshot({ path: path.join(SHOTS, 'static-crazyhouse.png') });
  await page.click('#palette button[data-tool="N"]');
  await page.selectOption('#variant', 'standard');
});

test('nothing was asked of a server: the page\'s own files, fetched, and nothing else', async () => {
  const asked = requests.filter(({ url }) => url.startsWith('http'));
  assert.ok(asked.some(({ url }) => url.endsWith('/some/folder/fenkit/fenkit_wasm_bg.wasm')));
  const elsewhere = asked.filter(({ url, method }) => method !== 'GET' || !url.startsWith(`${origin}/some/folder/`));
  assert.deepEqual(elsewhere, []);
  assert.deepEqual(asked.filter(({ url }) => url.includes('/api/')), []);
  assert.deepEqual(errors.map(String), []);
});
