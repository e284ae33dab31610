// `fen gif` as a reader of the GIF sees it: Chromium's own decoder (the
// ImageDecoder API) opens it, finds one frame a ply looping for ever, and
// its middle frame is the diagram `fen png` draws of that ply. The middle
// frame, clocks under the board, goes to
// target/browser-screenshots/gif-middle-frame.png.
//
// FEN_BIN names the `fen` binary (default: target/debug/fen, built first).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SHOTS = path.join(ROOT, 'target/browser-screenshots');
const FEN_BIN = process.env.FEN_BIN || path.join(ROOT, 'target/debug/fen');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/// A 40-move game: an Italian opening, then both knights to and fro, a
/// clock on every move (White's falling a second a move, Black's two) and
/// an arrow now and then.
function fortyMoves() {
  const moves = [['e4', 'e5'], ['Nf3', 'Nc6'], ['Bc4', 'Bc5'], ['O-O', 'Nf6']];
  while (moves.length < 40) {
    moves.push(moves.length % 2 === 0 ? ['Ng5', 'Ng4'] : ['Nf3', 'Nf6']);
  }
  const clock = (seconds) => `0:${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
  const text = moves
    .map(([white, black], index) => {
      const arrow = index % 5 === 0 ? ' [%cal Gd1h5]' : '';
      return `${index + 1}. ${white} { [%clk ${clock(300 - index)}]${arrow} } ${black} { [%clk ${clock(300 - 2 * index)}] }`;
    })
    .join(' ');
  return `[Event "Forty moves"]\n[TimeControl "300+0"]\n\n${text} *\n`;
}

let folder;
let browser;
let page;

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  folder = mkdtempSync(path.join(tmpdir(), 'fen-gif-'));
  const game = path.join(folder, 'game.pgn');
  writeFileSync(game, fortyMoves());
  const fen = (...args) => execFileSync(FEN_BIN, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  fen('gif', '--clocks', '--delay', '100', '--size', '320', '-o', path.join(folder, 'clocks.gif'), game);
  fen('gif', '--size', '320', '-o', path.join(folder, 'plain.gif'), game);
  for (const ply of [40, 41]) {
    fen('png', '--pgn', game, '--ply', String(ply), '--size', '320', '-o', path.join(folder, `ply-${ply}.png`));
  }
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage({ viewport: { width: 400, height: 420 } });
  page.on('pageerror', (error) => {
    throw error;
  });
  // A file: page is a secure context, as ImageDecoder asks.
  const blank = path.join(folder, 'frame.html');
  writeFileSync(blank, '<!doctype html><body style="margin:0"><canvas id="frame"></canvas></body>');
  await page.goto(`file://${blank}`);
});

after(async () => {
  await browser?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const base64 = (name) => readFileSync(path.join(folder, name)).toString('base64');

/// What Chromium's decoder makes of a GIF: frames, looping, each frame's
/// time; and frame `index` drawn on the page's canvas.
function decode(gif, index) {
  return page.evaluate(
    async ({ gif, index }) => {
      const data = Uint8Array.from(atob(gif), (c) => c.charCodeAt(0));
      const decoder = new ImageDecoder({ data, type: 'image/gif' });
      await decoder.tracks.ready;
      await decoder.completed;
      const track = decoder.tracks.selectedTrack;
      const durations = [];
      for (let i = 0; i < track.frameCount; i++) {
        durations.push((await decoder.decode({ frameIndex: i })).image.duration / 1000);
      }
      const { image } = await decoder.decode({ frameIndex: index });
      const canvas = document.getElementById('frame');
      canvas.width = image.displayWidth;
      canvas.height = image.displayHeight;
      canvas.getContext('2d').drawImage(image, 0, 0);
      return { frames: track.frameCount, animated: track.animated, loops: track.repetitionCount, durations };
    },
    { gif, index },
  );
}

/// The mean difference per channel between frame `index` of a GIF and a
/// PNG, both decoded by Chromium.
function difference(gif, index, png) {
  return page.evaluate(
    async ({ gif, index, png }) => {
      const pixels = async (data, type, frameIndex) => {
        const decoder = new ImageDecoder({ data: Uint8Array.from(atob(data), (c) => c.charCodeAt(0)), type });
        const { image } = await decoder.decode({ frameIndex });
        const canvas = new OffscreenCanvas(image.displayWidth, image.displayHeight);
        const context = canvas.getContext('2d');
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, canvas.width, canvas.height).data;
      };
      const a = await pixels(gif, 'image/gif', index);
      const b = await pixels(png, 'image/png', 0);
      if (a.length !== b.length) return Infinity;
      let sum = 0;
      for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
      return sum / a.length;
    },
    { gif, index, png },
  );
}

test('Chromium opens the GIF of a 40-move game: a frame a ply, looping, the last held', async () => {
  const middle = 40;
  const decoded = await decode(base64('clocks.gif'), middle);
  assert.equal(decoded.frames, 81, 'the start and 80 plies');
  assert.equal(decoded.animated, true);
  assert.equal(decoded.loops, Infinity);
  assert.deepEqual(new Set(decoded.durations.slice(0, -1)), new Set([100]));
  assert.equal(decoded.durations.at(-1), 300);
  await page.locator('#frame').screenshot({ path: path.join(SHOTS, 'gif-middle-frame.png') });
});

test("the GIF's middle frame is fen png's diagram of that ply", async () => {
  const same = await difference(base64('plain.gif'), 40, base64('ply-40.png'));
  const next = await difference(base64('plain.gif'), 40, base64('ply-41.png'));
  // A GIF has 256 colours: near, not equal; the next ply is further off.
  assert.ok(same < 1, `frame 40 against ply 40: ${same}`);
  assert.ok(next > 5 * same && next > 1, `frame 40 against ply 41: ${next} (ply 40: ${same})`);
});
