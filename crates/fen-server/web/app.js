// The page of `fen serve`. The server decides what is right and wrong
// (POST /api/check); this script only shows its answer: the board of the
// record under the caret, every problem in words, the faulty characters
// marked in the text, and a board editor that writes the FEN back.
'use strict';

const FILES = 'abcdefgh';
const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const EMPTY_PLACEMENT = '8/8/8/8/8/8/8/8';
const ROLES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
const PALETTE = ['K', 'Q', 'R', 'B', 'N', 'P', 'erase', 'k', 'q', 'r', 'b', 'n', 'p', 'move'];
const DRAG_THRESHOLD = 5;
// What a Crazyhouse pocket may hold, in lichess's order.
const POCKET_ROLES = ['p', 'n', 'b', 'r', 'q'];

const $ = (id) => document.getElementById(id);
const input = $('input');

const state = {
  orientation: 'white',
  // board[rank * 8 + file], rank 0 being rank 1: a FEN piece letter or null.
  board: placementToBoard(START.split(' ')[0]),
  problemSquares: new Set(),
  tool: null,
  results: [],
  clocks: '0 1',
  request: 0,
  timer: null,
  caretLine: 1,
  // What lenient reading makes of a malformed record: { fen, repairs }.
  repair: null,
  // The variant the records are read in (the server's option word), and
  // the fields it adds as the canonical FEN writes them: the pocket's
  // letters (Crazyhouse) and the checks to give (Three-check, `3+3`).
  variant: 'standard',
  pocket: null,
  checks: null,
  // Squares of promoted pieces (`~` in Crazyhouse): captured, they go to
  // the pocket as pawns.
  promoted: new Set(),
  // Whether the server answers /api/explorer (fen serve --explorer DIR);
  // unknown until asked, false after a 404.
  explorer: null,
  explorerRequest: 0,
};

// ---- Squares, pieces and placements ------------------------------------

function squareName(index) {
  return FILES[index % 8] + (Math.floor(index / 8) + 1);
}

function isWhite(letter) {
  return letter === letter.toUpperCase();
}

function pieceId(letter) {
  return (isWhite(letter) ? 'w' : 'b') + letter.toUpperCase();
}

function pieceLabel(letter) {
  return (isWhite(letter) ? 'white ' : 'black ') + ROLES[letter.toLowerCase()];
}

// The board of a placement (a pocket after it is left out); the squares
// of promoted pieces go to `promoted`, when given.
function placementToBoard(placement, promoted) {
  const board = new Array(64).fill(null);
  placement.split('[')[0].split('/').forEach((rank, row) => {
    let file = 0;
    for (const ch of rank) {
      if (ch >= '1' && ch <= '8') {
        file += Number(ch);
      } else if (ch === '~') {
        if (promoted && file > 0 && row < 8) promoted.add((7 - row) * 8 + file - 1);
      } else {
        if (file < 8 && row < 8) board[(7 - row) * 8 + file] = ch;
        file += 1;
      }
    }
  });
  return board;
}

function boardToPlacement(board) {
  const ranks = [];
  for (let rank = 7; rank >= 0; rank--) {
    let text = '';
    let run = 0;
    for (let file = 0; file < 8; file++) {
      const piece = board[rank * 8 + file];
      if (piece) {
        if (run) text += run;
        run = 0;
        text += piece + (state.promoted.has(rank * 8 + file) ? '~' : '');
      } else {
        run += 1;
      }
    }
    ranks.push(run ? text + run : text);
  }
  return ranks.join('/');
}

// ---- Talking to the server ---------------------------------------------

function scheduleCheck(delay) {
  clearTimeout(state.timer);
  state.timer = setTimeout(check, delay);
}

async function check() {
  const text = input.value;
  const request = ++state.request;
  if (!text.trim()) {
    state.results = [];
    showResults();
    return;
  }
  let results;
  try {
    const response = await fetch(`/api/check${variantQuery('?')}`, { method: 'POST', body: text });
    const body = await response.json();
    if (!Array.isArray(body)) throw new Error(body.error || `the server answered ${response.status}`);
    results = body;
  } catch (error) {
    if (request !== state.request) return;
    state.results = [];
    showResults(`No answer from the server: ${error.message}`);
    return;
  }
  // An older answer that arrives late must not overwrite a newer one.
  if (request !== state.request) return;
  state.results = results;
  showResults();
  rememberInUrl(text);
}

// `variant=…` after `joint` for a variant, nothing for standard chess.
function variantQuery(joint) {
  return state.variant === 'standard' ? '' : `${joint}variant=${state.variant}`;
}

function rememberInUrl(text) {
  const lines = text.split('\n').filter((line) => line.trim());
  const url = new URL(window.location.href);
  if (state.variant === 'standard') url.searchParams.delete('variant');
  else url.searchParams.set('variant', state.variant);
  if (lines.length === 1 && lines[0].length <= 400) {
    url.searchParams.set('fen', lines[0].trim().replaceAll(' ', '_'));
  } else {
    url.searchParams.delete('fen');
  }
  window.history.replaceState(null, '', url);
}

// ---- Showing an answer -------------------------------------------------

function caretLine() {
  return input.value.slice(0, input.selectionStart).split('\n').length;
}

// The record the board shows: the one on the caret's line, or else the
// nearest one above it, or else the first.
function activeResult() {
  const line = caretLine();
  let chosen = null;
  for (const result of state.results) {
    if (result.line <= line) chosen = result;
  }
  return chosen || state.results[0] || null;
}

function showResults(failure) {
  state.caretLine = caretLine();
  const active = activeResult();
  showHighlights();
  showProblems();
  showStatus(active, failure);
  const malformed = active !== null && !active.fen;
  if (active && active.fen) {
    const fields = active.fen.split(' ');
    state.promoted = new Set();
    state.board = placementToBoard(fields[0], state.promoted);
    const pocket = fields[0].match(/\[([^\]]*)\]$/);
    state.pocket = pocket ? pocket[1] : null;
    // Three-check's counters stand between the en passant square and the
    // clocks.
    state.checks = /^\d\+\d$/.test(fields[4] || '') ? fields.splice(4, 1)[0] : null;
    state.clocks = /^\d+$/.test(fields[4] || '') && /^\d+$/.test(fields[5] || '') ? `${fields[4]} ${fields[5]}` : '0 1';
    setControls(fields[1], fields[2], fields[3]);
    state.problemSquares = namedSquares(active);
  } else {
    state.problemSquares = new Set();
  }
  if (malformed) {
    // A record that cannot be read has no position: the board shows none,
    // rather than one the text does not hold, and the controls no values.
    state.board = placementToBoard(EMPTY_PLACEMENT);
    state.pocket = null;
    for (const control of document.querySelectorAll('input[name="turn"], input[name="castle"]')) control.checked = false;
    $('ep').replaceChildren();
  }
  // The side, castling and en passant controls say what the text says, or
  // nothing.
  for (const fieldset of document.querySelectorAll('.controls fieldset')) fieldset.disabled = malformed;
  drawBoard(malformed);
  drawPockets(malformed);
  showCanonical(active);
  offerRepair(malformed ? active : null);
}

// When the record under the caret is malformed, asks the server whether
// lenient reading repairs it; if so, the Repair button offers that.
async function offerRepair(active) {
  const button = $('repair');
  button.hidden = true;
  state.repair = null;
  if (!active) return;
  const request = state.request;
  try {
    const response = await fetch(`/api/check?lenient=true&status=always${variantQuery('&')}`, { method: 'POST', body: active.input });
    const body = await response.json();
    if (request !== state.request || !Array.isArray(body) || !body[0] || !body[0].valid) return;
    const repairs = body[0].errors.filter((e) => e.class === 'malformed').map((e) => e.message);
    state.repair = { fen: body[0].fen, repairs };
    button.hidden = false;
  } catch (_) {
    // No repair offered: the problems listed say what to fix.
  }
}

// Writes the repaired record over the caret's line and lists the repairs.
function applyRepair() {
  const repair = state.repair;
  if (!repair) return;
  writeBack(repair.fen);
  const note = $('repairs');
  note.textContent = `Repaired: ${repair.repairs.join('; ')}.`;
  note.hidden = false;
}

// The squares the record's broken rules name (errors only), as the
// server says them: the ones a diagram crosses out.
function namedSquares(result) {
  const found = new Set();
  for (const problem of result.errors) {
    if (problem.severity !== 'error' || !problem.square) continue;
    const file = problem.square.charCodeAt(0) - 'a'.charCodeAt(0);
    const rank = Number(problem.square[1]) - 1;
    found.add(rank * 8 + file);
  }
  return found;
}

function showStatus(active, failure) {
  const status = $('status');
  status.className = '';
  if (failure) {
    status.textContent = failure;
    status.className = 'bad';
    return;
  }
  if (!active) {
    status.textContent = 'Paste a FEN above, or set up the board.';
    return;
  }
  let prefix = '';
  if (state.results.length > 1) {
    const valid = state.results.filter((r) => r.valid).length;
    prefix = `${state.results.length} records, ${valid} valid. Line ${active.line}: `;
  }
  const count = active.errors.filter((e) => e.severity === 'error').length;
  const plural = count === 1 ? 'problem' : 'problems';
  if (active.valid) {
    const side = active.turn === 'white' ? 'White' : 'Black';
    // A set-up position (a perft suite's, a study's) is played from;
    // that no game reaches it is a warning, said here too.
    const unreachable = active.errors.some((e) => e.class === 'unreachable');
    const kind = state.variant === 'standard' ? '' : `${$('variant').selectedOptions[0].textContent} `;
    let text = unreachable
      ? `Legal ${kind}position, though no game from the standard start reaches it. ${side} to move`
      : `Legal ${kind}position. ${side} to move`;
    if (active.checkmate) text += ', checkmated';
    else if (active.stalemate) text += ', stalemated';
    else if (active.check) text += ', in check';
    status.textContent = `${prefix}${text}.`;
    status.className = 'ok';
  } else if (active.fen) {
    status.textContent = `${prefix}Well-formed, but not a legal position: ${count} ${plural}.`;
    status.className = 'bad';
  } else {
    status.textContent = `${prefix}Not a valid FEN: ${count} ${plural}.`;
    status.className = 'bad';
  }
}

function showProblems() {
  const list = $('problems');
  list.replaceChildren();
  const many = state.results.length > 1;
  for (const result of state.results) {
    for (const problem of result.errors) {
      const item = document.createElement('li');
      item.className = problem.severity;
      item.dataset.line = result.line;
      item.dataset.code = problem.code;
      const where = document.createElement('span');
      where.className = 'where';
      where.textContent = `${many ? `line ${result.line}, ` : ''}column ${problem.column} · ${problem.severity}[${problem.code}]`;
      const message = document.createElement('div');
      message.className = 'message';
      message.textContent = problem.message;
      item.append(where, message);
      item.addEventListener('click', () => selectProblem(result.line, problem));
      list.append(item);
    }
  }
}

// Puts the caret on a problem's characters.
function selectProblem(lineNumber, problem) {
  const lines = input.value.split('\n');
  let offset = 0;
  for (let i = 0; i < lineNumber - 1; i++) offset += lines[i].length + 1;
  const chars = Array.from(lines[lineNumber - 1] || '');
  const toUnits = (column) => chars.slice(0, column - 1).join('').length;
  input.focus();
  input.setSelectionRange(offset + toUnits(problem.column), offset + toUnits(problem.end_column));
}

// The text again, behind the textarea, with each problem's characters in a
// <mark>; a problem between two characters (a missing field) is a bar.
function showHighlights() {
  const lines = input.value.split('\n');
  const marks = new Map();
  for (const result of state.results) {
    marks.set(
      result.line,
      result.errors.map((e) => ({ start: e.column - 1, end: e.end_column - 1, severity: e.severity })),
    );
  }
  const html = lines.map((line, index) => markLine(Array.from(line), marks.get(index + 1) || []));
  $('highlights').innerHTML = html.join('\n') + '\n ';
  syncScroll();
}

function markLine(chars, spans) {
  const opened = new Array(chars.length + 1).fill(null);
  const covered = new Array(chars.length).fill(null);
  for (const span of spans) {
    if (span.end <= span.start) {
      opened[Math.min(span.start, chars.length)] = 'gap';
      continue;
    }
    for (let i = span.start; i < Math.min(span.end, chars.length); i++) {
      if (covered[i] !== 'error') covered[i] = span.severity;
    }
  }
  let html = '';
  let i = 0;
  while (i <= chars.length) {
    if (opened[i]) html += '<mark class="gap"></mark>';
    if (i === chars.length) break;
    const kind = covered[i];
    let j = i;
    while (j < chars.length && covered[j] === kind && (j === i || !opened[j])) j++;
    const text = escapeHtml(chars.slice(i, j).join(''));
    html += kind ? `<mark class="${kind}">${text}</mark>` : text;
    i = j;
  }
  return html;
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

function syncScroll() {
  const highlights = $('highlights');
  highlights.scrollTop = input.scrollTop;
  highlights.scrollLeft = input.scrollLeft;
}

function showCanonical(active) {
  const fen = active && active.fen;
  $('canonical-box').hidden = !fen;
  $('links').hidden = !fen;
  if (!fen) return;
  $('canonical').textContent = fen;
  const query = encodeURIComponent(fen.replaceAll(' ', '_')).replaceAll('%2F', '/');
  const flip = state.orientation === 'black' ? '&orientation=black' : '';
  const variant = variantQuery('&');
  $('svg-link').href = `/board.svg?fen=${query}${flip}${variant}`;
  $('png-link').href = `/board.png?fen=${query}${flip}&size=400${variant}`;
  showExplorer(fen);
}

// ---- The opening explorer (when the server has an index) ---------------

async function showExplorer(fen) {
  const box = $('explorer');
  if (state.explorer === false || state.variant !== 'standard') {
    box.hidden = true;
    return;
  }
  const request = ++state.explorerRequest;
  const query = encodeURIComponent(fen);
  let answer;
  try {
    const response = await fetch(`/api/explorer?fen=${query}`);
    if (response.status === 404) state.explorer = false;
    if (!response.ok) {
      box.hidden = true;
      return;
    }
    answer = await response.json();
  } catch {
    box.hidden = true;
    return;
  }
  if (request !== state.explorerRequest) return;
  state.explorer = true;
  const games = answer.white + answer.draws + answer.black;
  const opening = answer.opening ? `${answer.opening.eco} ${answer.opening.name} · ` : '';
  $('explorer-summary').textContent = `${opening}${games} game${games === 1 ? '' : 's'}`;
  const rows = $('explorer-moves');
  rows.replaceChildren();
  for (const move of answer.moves) {
    const row = document.createElement('tr');
    const total = move.white + move.draws + move.black;
    const san = document.createElement('button');
    san.type = 'button';
    san.className = 'explorer-move';
    san.textContent = move.san;
    san.title = `Play ${move.san}`;
    san.addEventListener('click', () => playMove(fen, move.uci));
    const bar = document.createElement('div');
    bar.className = 'explorer-bar';
    for (const [side, count] of [['white', move.white], ['draws', move.draws], ['black', move.black]]) {
      const part = document.createElement('span');
      part.className = side;
      const share = total ? (100 * count) / total : 0;
      part.style.width = `${share}%`;
      part.textContent = share >= 12 ? `${Math.round(share)}%` : '';
      bar.append(part);
    }
    const cells = [san, String(total), bar, move.averageRating == null ? '–' : String(move.averageRating)];
    for (const content of cells) {
      const cell = document.createElement('td');
      cell.append(content);
      row.append(cell);
    }
    rows.append(row);
  }
  box.hidden = false;
}

// A move of the explorer's table, played: the FEN after it replaces the
// record under the caret.
async function playMove(fen, uci) {
  const response = await fetch(`/api/play?fen=${encodeURIComponent(fen)}&moves=${uci}`);
  if (!response.ok) return;
  const answer = await response.json();
  const next = answer.fens[answer.fens.length - 1];
  const fields = next.split(' ');
  state.board = placementToBoard(fields[0]);
  state.promoted = new Set();
  state.clocks = `${fields[4]} ${fields[5]}`;
  writeBack(next);
}

// ---- The board ---------------------------------------------------------

function drawBoard(stale) {
  const board = $('board');
  board.classList.toggle('stale', stale);
  const note = $('board-note');
  note.hidden = !stale;
  note.textContent = stale ? 'This record is not well-formed, so there is no position to show: fix the marked characters, or Repair.' : '';
  const white = state.orientation === 'white';
  const squares = [];
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 8; column++) {
      const rank = white ? 7 - row : row;
      const file = white ? column : 7 - column;
      const index = rank * 8 + file;
      const square = document.createElement('div');
      square.className = `square ${(rank + file) % 2 === 0 ? 'dark' : 'light'}`;
      if (state.problemSquares.has(index)) square.classList.add('problem');
      square.dataset.square = squareName(index);
      square.setAttribute('role', 'gridcell');
      const piece = state.board[index];
      if (piece) {
        const image = document.createElement('img');
        image.src = `/pieces/${pieceId(piece)}.svg`;
        image.alt = pieceLabel(piece);
        image.dataset.piece = piece;
        image.draggable = false;
        square.append(image);
        square.setAttribute('aria-label', `${squareName(index)}, ${pieceLabel(piece)}`);
      } else {
        square.setAttribute('aria-label', `${squareName(index)}, empty`);
      }
      if (column === 0) square.append(coordinate('rank', String(rank + 1)));
      if (row === 7) square.append(coordinate('file', FILES[file]));
      squares.push(square);
    }
  }
  board.replaceChildren(...squares);
}

// The pockets of a Crazyhouse position, each by its player's side of the
// board: every kind with its number. With a piece of the palette chosen, a
// click on its kind adds one to its player's pocket; with the eraser, it
// takes one out.
function drawPockets(stale) {
  const shown = state.variant === 'crazyhouse' && state.pocket !== null && !stale;
  const bottomColor = state.orientation === 'white' ? 'w' : 'b';
  for (const [id, color] of [['pocket-top', bottomColor === 'w' ? 'b' : 'w'], ['pocket-bottom', bottomColor]]) {
    const row = $(id);
    row.hidden = !shown;
    if (!shown) continue;
    row.setAttribute('aria-label', `${color === 'w' ? 'White' : 'Black'}'s pocket`);
    row.replaceChildren(
      ...POCKET_ROLES.map((role) => {
        const letter = color === 'w' ? role.toUpperCase() : role;
        const count = Array.from(state.pocket).filter((c) => c === letter).length;
        const button = document.createElement('button');
        button.type = 'button';
        button.dataset.piece = letter;
        button.title = `${count} ${pieceLabel(letter)}${count === 1 ? '' : 's'} in the pocket: choose the piece in the palette and click to add one, the eraser to take one out`;
        const image = document.createElement('img');
        image.src = `/pieces/${pieceId(letter)}.svg`;
        image.alt = pieceLabel(letter);
        image.style.opacity = count ? '1' : '0.25';
        const number = document.createElement('span');
        number.className = 'count';
        number.textContent = count > 1 ? String(count) : '';
        button.append(image, number);
        button.addEventListener('click', () => editPocket(letter));
        return button;
      }),
    );
  }
}

function editPocket(letter) {
  const pocket = Array.from(state.pocket || '');
  if (state.tool === letter) {
    pocket.push(letter);
  } else if (state.tool === 'erase' && pocket.includes(letter)) {
    pocket.splice(pocket.indexOf(letter), 1);
  } else {
    return;
  }
  // The canonical order: White's pieces first, each side's by kind.
  const order = 'QRBNPqrbnp';
  state.pocket = pocket.sort((a, b) => order.indexOf(a) - order.indexOf(b)).join('');
  writeBack(controlsFen());
}

function coordinate(kind, text) {
  const label = document.createElement('span');
  label.className = `coord ${kind}`;
  label.textContent = text;
  return label;
}

// ---- Editing -----------------------------------------------------------

function setControls(turn, castling, enPassant) {
  for (const radio of document.querySelectorAll('input[name="turn"]')) radio.checked = radio.value === turn;
  for (const box of document.querySelectorAll('input[name="castle"]')) box.checked = castling.includes(box.value);
  fillEnPassant(turn, enPassant);
}

// The squares an en passant target can be on for the side to move, and
// the record's own square even when it is not one of them.
function fillEnPassant(turn, current) {
  const select = $('ep');
  const rank = turn === 'b' ? '3' : '6';
  const options = ['-', ...Array.from(FILES, (file) => file + rank)];
  if (current && !options.includes(current)) options.push(current);
  select.replaceChildren(
    ...options.map((value) => {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = value === '-' ? 'none' : value;
      return option;
    }),
  );
  select.value = current && options.includes(current) ? current : '-';
}

function currentTurn() {
  return document.querySelector('input[name="turn"]:checked').value;
}

function controlsFen() {
  const turn = currentTurn();
  const castling = Array.from(document.querySelectorAll('input[name="castle"]:checked'), (box) => box.value).join('') || '-';
  const pocket = state.variant === 'crazyhouse' && state.pocket !== null ? `[${state.pocket}]` : '';
  const checks = state.variant === 'threecheck' && state.checks ? ` ${state.checks}` : '';
  return `${boardToPlacement(state.board)}${pocket} ${turn} ${castling} ${$('ep').value}${checks} ${state.clocks}`;
}

// Writes the editor's position over the record under the caret.
function writeBack(fen) {
  const lines = input.value.split('\n');
  const target = Math.min(caretLine(), lines.length) - 1;
  lines[target] = fen;
  const caret = lines.slice(0, target).join('\n').length + (target > 0 ? 1 : 0) + fen.length;
  input.value = lines.join('\n');
  input.setSelectionRange(caret, caret);
  state.problemSquares = new Set();
  drawBoard(false);
  scheduleCheck(0);
}

function edit(change) {
  change(state.board);
  writeBack(controlsFen());
}

function clickSquare(index) {
  const tool = state.tool;
  if (!tool || tool === 'move') return;
  edit((board) => {
    board[index] = tool === 'erase' || board[index] === tool ? null : tool;
    state.promoted.delete(index);
  });
}

function selectTool(tool) {
  state.tool = state.tool === tool ? null : tool;
  for (const button of $('palette').children) {
    button.setAttribute('aria-pressed', String(button.dataset.tool === state.tool));
  }
}

function buildPalette() {
  const palette = $('palette');
  for (const tool of PALETTE) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.tool = tool;
    button.setAttribute('aria-pressed', 'false');
    if (tool === 'erase') {
      button.className = 'eraser';
      button.textContent = '✕';
      button.title = 'Remove pieces';
    } else if (tool === 'move') {
      button.className = 'eraser';
      button.textContent = '✥';
      button.title = 'Move pieces by dragging';
    } else {
      const image = document.createElement('img');
      image.src = `/pieces/${pieceId(tool)}.svg`;
      image.alt = pieceLabel(tool);
      button.title = `Place a ${pieceLabel(tool)}`;
      button.append(image);
    }
    palette.append(button);
  }
}

// Dragging with pointer events (mouse, pen and touch alike): from a square
// moves its piece, from the palette places a new one; dropped off the
// board, a piece is removed. A press that does not move is a click.
function startDrag(event) {
  const fromSquare = event.target.closest('.square');
  const fromButton = event.target.closest('#palette button');
  let piece = null;
  let source = null;
  if (fromSquare) {
    source = squareIndex(fromSquare);
    piece = state.board[source];
  } else if (fromButton && fromButton.dataset.tool.length === 1) {
    piece = fromButton.dataset.tool;
  }
  const origin = { x: event.clientX, y: event.clientY };
  let ghost = null;
  event.target.setPointerCapture?.(event.pointerId);

  const move = (moveEvent) => {
    const far = Math.hypot(moveEvent.clientX - origin.x, moveEvent.clientY - origin.y) > DRAG_THRESHOLD;
    if (!ghost && far && piece) {
      const size = $('board').getBoundingClientRect().width / 8;
      ghost = document.createElement('img');
      ghost.src = `/pieces/${pieceId(piece)}.svg`;
      ghost.className = 'drag-ghost';
      ghost.style.width = ghost.style.height = `${size}px`;
      document.body.append(ghost);
    }
    if (ghost) {
      const size = parseFloat(ghost.style.width);
      ghost.style.left = `${moveEvent.clientX - size / 2}px`;
      ghost.style.top = `${moveEvent.clientY - size / 2}px`;
      for (const square of document.querySelectorAll('.square.target')) square.classList.remove('target');
      squareAt(moveEvent.clientX, moveEvent.clientY)?.classList.add('target');
    }
  };
  const end = (endEvent) => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', end);
    window.removeEventListener('pointercancel', end);
    if (!ghost) {
      if (endEvent.type === 'pointerup') {
        if (fromSquare) clickSquare(source);
        else if (fromButton) selectTool(fromButton.dataset.tool);
      }
      return;
    }
    ghost.remove();
    const target = endEvent.type === 'pointerup' ? squareAt(endEvent.clientX, endEvent.clientY) : null;
    if (endEvent.type !== 'pointerup') {
      drawBoard(false);
      return;
    }
    edit((board) => {
      const promoted = source !== null && state.promoted.delete(source);
      if (source !== null) board[source] = null;
      if (target) {
        board[squareIndex(target)] = piece;
        if (promoted) state.promoted.add(squareIndex(target));
        else state.promoted.delete(squareIndex(target));
      }
    });
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', end);
  window.addEventListener('pointercancel', end);
  event.preventDefault();
}

function squareIndex(square) {
  const name = square.dataset.square;
  return (Number(name[1]) - 1) * 8 + FILES.indexOf(name[0]);
}

function squareAt(x, y) {
  return document.elementFromPoint(x, y)?.closest('#board .square') || null;
}

// ---- Wiring ------------------------------------------------------------

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
  // Moving the caret to another line shows that line's record.
  for (const name of ['keyup', 'click']) {
    input.addEventListener(name, () => {
      if (caretLine() !== state.caretLine) showResults();
    });
  }
  $('board').addEventListener('pointerdown', startDrag);
  $('palette').addEventListener('pointerdown', startDrag);
  for (const control of document.querySelectorAll('input[name="turn"], input[name="castle"]')) {
    control.addEventListener('change', () => {
      if (control.name === 'turn') fillEnPassant(control.value, '-');
      writeBack(controlsFen());
    });
  }
  $('ep').addEventListener('change', () => writeBack(controlsFen()));
  // Another variant reads the same text anew: a standard record reads as
  // a Crazyhouse one with empty pockets, or a Three-check one with three
  // checks each to give; the canonical FEN shows the fields added.
  $('variant').addEventListener('change', () => {
    state.variant = $('variant').value;
    scheduleCheck(0);
  });
  $('flip').addEventListener('click', () => {
    state.orientation = state.orientation === 'white' ? 'black' : 'white';
    showResults();
  });
  $('start').addEventListener('click', () => {
    state.board = placementToBoard(START.split(' ')[0]);
    state.promoted = new Set();
    state.clocks = '0 1';
    writeBack(START);
  });
  $('clear').addEventListener('click', () => {
    state.board = placementToBoard(EMPTY_PLACEMENT);
    state.promoted = new Set();
    setControls(currentTurn(), '', '-');
    writeBack(controlsFen());
  });
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
