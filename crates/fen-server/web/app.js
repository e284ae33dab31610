// The page of `fen serve`, and the same page as static files. fenkit
// decides what is right and wrong (the server's POST /api/check, or the
// npm package in the browser); the page only shows its answer: the board
// of the record under the caret, every problem in words, the faulty
// characters marked in the text, and a board editor that writes the FEN
// back. Each part is a module of js/; this one wires them to the page.
import { $, START, THEMES, caretLine, emptyBoard, input, state } from './js/state.js';
import { drawBoard, pieceSrc } from './js/board.js';
import { activeResult, applyRepair, showResults } from './js/answer.js';
import { buildPalette, currentTurn, fillEnPassant, setControls, startDrag, writeBack, writeEdited } from './js/editor.js';
import { syncScroll } from './js/highlight.js';
import { check, scheduleCheck } from './js/network.js';
import { setUpScan } from './js/scan.js';

// The page answers from one of two places: served by `fen serve`, it
// asks the server's API; as static files (tools/build-npm writes them
// with `data-answers="package"`), the npm package answers in the browser
// (js/local.js, crates/fenkit-wasm/npm/page/ in the repository, which the
// server does not serve), and the panels that need the server (explorer,
// games, tablebase, pictures) stay hidden.
if (document.documentElement.dataset.answers === 'package') {
  state.local = await import('./js/local.js');
  for (const id of ['scan', 'png-choice', 'api-note']) $(id).hidden = true;
  $('local-note').hidden = false;
}

function startingText() {
  const asked = new URL(window.location.href).searchParams.get('variant');
  if (asked && Array.from($('variant').options, (option) => option.value).includes(asked)) {
    state.variant = asked;
    $('variant').value = asked;
  }
  const fen = new URL(window.location.href).searchParams.get('fen');
  if (!fen) return START;
  return fen.includes(' ') ? fen : fen.replaceAll('_', ' ');
}

function init() {
  buildPalette();
  input.value = startingText();
  input.setSelectionRange(0, 0);
  drawBoard(false);
  input.addEventListener('input', () => scheduleCheck(120));
  input.addEventListener('scroll', syncScroll);
  // Moving the caret to another record (another line, or another
  // record of the line) shows that record.
  for (const name of ['keyup', 'click']) {
    input.addEventListener(name, () => {
      const active = activeResult();
      const shown = active ? `${active.line}:${active.column}` : null;
      if (caretLine() !== state.caretLine || shown !== state.shown) showResults();
    });
  }
  $('board').addEventListener('pointerdown', startDrag);
  $('palette').addEventListener('pointerdown', startDrag);
  for (const control of document.querySelectorAll('input[name="turn"], input[name="castle"]')) {
    control.addEventListener('change', () => {
      if (control.name === 'turn') fillEnPassant(control.value, null);
      writeEdited();
    });
  }
  $('ep').addEventListener('change', () => writeEdited());
  // Another variant reads the same text anew: a standard record reads as
  // a Crazyhouse one with empty pockets, or a Three-check one with three
  // checks each to give; the canonical FEN shows the fields added.
  $('variant').addEventListener('change', () => {
    state.variant = $('variant').value;
    scheduleCheck(0);
  });
  // Another piece set or board colour: the board, the palette and the
  // diagram links drawn anew.
  $('pieces').addEventListener('change', () => {
    state.pieces = $('pieces').value;
    for (const button of document.querySelectorAll('#palette button')) {
      const image = button.querySelector('img');
      if (image) image.src = pieceSrc(button.dataset.tool);
    }
    showResults();
  });
  $('theme').addEventListener('change', () => {
    state.theme = $('theme').value;
    const [light, dark] = THEMES[state.theme];
    document.documentElement.style.setProperty('--light', light);
    document.documentElement.style.setProperty('--dark', dark);
    showResults();
  });
  $('flip').addEventListener('click', () => {
    state.orientation = state.orientation === 'white' ? 'black' : 'white';
    showResults();
  });
  $('start').addEventListener('click', () => writeBack(START));
  $('clear').addEventListener('click', () => {
    state.board = emptyBoard();
    state.promoted = new Set();
    setControls(currentTurn(), '', null);
    writeEdited();
  });
  setUpScan();
  $('copy').addEventListener('click', copyCanonical);
  $('repair').addEventListener('click', applyRepair);
  input.addEventListener('input', () => {
    $('repairs').hidden = true;
  });
  check();
}

async function copyCanonical() {
  const text = $('canonical').textContent;
  const button = $('copy');
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch {
    // Without clipboard access (plain HTTP on another host): select it.
    const range = document.createRange();
    range.selectNodeContents($('canonical'));
    window.getSelection().removeAllRanges();
    window.getSelection().addRange(range);
    button.textContent = 'Selected: press Ctrl+C';
  }
  setTimeout(() => {
    button.textContent = 'Copy';
  }, 1500);
}

init();
