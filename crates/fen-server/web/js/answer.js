// Showing the server's answer: the record under the caret on the board,
// its status in words, every problem listed, its canonical FEN and links.
import { $, caretColumn, caretLine, emptyBoard, state } from './state.js';
import { drawBoard, drawPockets, squareOf } from './board.js';
import { setControls, writeBack } from './editor.js';
import { showExplorer } from './explorer.js';
import { showGames } from './games.js';
import { showTablebase } from './tablebase.js';
import { selectProblem, showHighlights } from './highlight.js';
import { offerRepair, readFields, variantQuery } from './network.js';

// The record the board shows: on the caret's line, the one the caret
// stands in or after (several records may share a line); or else the
// nearest one above it, or else the first.
export function activeResult() {
  const line = caretLine();
  const column = caretColumn();
  let chosen = null;
  for (const result of state.results) {
    if (result.line < line || (result.line === line && (result.column <= column || !chosen || chosen.line < line))) {
      chosen = result;
    }
  }
  return chosen || state.results[0] || null;
}

// Shows the answer for the record under the caret, once its fields (the
// board, the pocket, the controls) have come from the server; what comes
// for a record no longer under the caret is dropped, and an edit made
// meanwhile keeps its board.
export async function showResults(failure) {
  const shown = ++state.shownRequest;
  const edit = state.edit;
  const active = activeResult();
  let fields = null;
  if (active && active.fen && !failure) {
    try {
      fields = await readFields(active.fen);
    } catch (error) {
      failure = `No answer from the server: ${error.message}`;
    }
    if (shown !== state.shownRequest) return;
  }
  state.caretLine = caretLine();
  state.shown = active ? `${active.line}:${active.column}` : null;
  showHighlights();
  showProblems();
  showStatus(active, failure);
  const malformed = active !== null && !active.fen;
  // A record whose placement reads, another field broken (an en dash for
  // '-'), still has a board to show: the placement's, read alone.
  let placementOnly = null;
  if (malformed && !failure) {
    placementOnly = await placementFields(active);
    if (shown !== state.shownRequest) return;
  }
  if (fields && edit === state.edit) {
    state.fields = fields;
    state.board = fields.board.slice();
    state.promoted = new Set(fields.promoted.map(squareOf));
    state.pocket = fields.pocket;
    state.checks = fields.checks;
    setControls(fields.turn, fields.castling, fields.enPassant);
  }
  state.problemSquares = active && active.fen ? namedSquares(active) : new Set();
  if (malformed) {
    // A record that cannot be read has no position: the board shows none,
    // rather than one the text does not hold, and the controls no values.
    state.board = placementOnly ? placementOnly.fields.board.slice() : emptyBoard();
    state.pocket = placementOnly ? placementOnly.fields.pocket : null;
    for (const control of document.querySelectorAll('input[name="turn"], input[name="castle"]')) control.checked = false;
    $('ep').replaceChildren();
  }
  // The side, castling and en passant controls say what the text says, or
  // nothing.
  for (const fieldset of document.querySelectorAll('.controls fieldset')) fieldset.disabled = malformed;
  drawBoard(malformed && !placementOnly, placementOnly && placementOnly.broken);
  drawPockets(malformed && !placementOnly);
  $('board-words').textContent = fields && !malformed
    ? fields.words
    : placementOnly
      ? `${placementOnly.fields.words.split('. ').slice(0, 2).join('. ')}. The record's other fields are malformed.`
      : 'No position: the record is not well-formed.';
  showCanonical(active);
  offerRepair(malformed ? active : null);
}

// The fields of a malformed record's placement read alone, and the names
// of the fields that are broken; null when the placement itself is.
async function placementFields(active) {
  const broken = new Set(active.errors.filter((e) => e.severity === 'error').map((e) => e.field));
  if (broken.size === 0 || broken.has('placement') || broken.has('record')) return null;
  const placement = active.input.trim().split(/\s+/)[0];
  if (!placement) return null;
  try {
    const fields = await readFields(`${placement} w - - 0 1`);
    return { fields, broken: Array.from(broken) };
  } catch {
    return null;
  }
}

// Writes the repaired record over the caret's line and lists the repairs.
export function applyRepair() {
  const repair = state.repair;
  if (!repair) return;
  writeBack(repair.fen);
  const note = $('repairs');
  note.textContent = `Repaired: ${repair.repairs.join('; ')}.`;
  note.hidden = false;
}

// The squares the record's broken rules name (errors only), as the
// server says them: the ones a diagram crosses out.
export function namedSquares(result) {
  const found = new Set();
  for (const problem of result.errors) {
    if (problem.severity !== 'error' || !problem.square) continue;
    found.add(squareOf(problem.square));
  }
  return found;
}

export function showStatus(active, failure) {
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

export function showProblems() {
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

export function showCanonical(active) {
  const fen = active && active.fen;
  $('canonical-box').hidden = !fen;
  $('links').hidden = !fen;
  if (!fen) return;
  $('canonical').textContent = fen;
  const query = encodeURIComponent(fen.replaceAll(' ', '_')).replaceAll('%2F', '/');
  const flip = state.orientation === 'black' ? '&orientation=black' : '';
  // A diagram draws the board alone: Chess960's castling is not its
  // concern.
  const variant = state.variant === 'chess960' ? '' : variantQuery('&');
  // The look chosen on the page, where it is not the default.
  const pieces = state.pieces === 'cburnett' ? '' : `&pieces=${state.pieces}`;
  const theme = state.theme === 'brown' ? '' : `&theme=${state.theme}`;
  if (state.local) {
    // The diagram drawn here, by the package: a link to its bytes, the
    // record read as it was checked.
    const options = { orientation: state.orientation, pieces: state.pieces, theme: state.theme };
    if (state.variant === 'chess960') options.chess960 = true;
    else if (state.variant !== 'standard') options.variant = state.variant;
    try {
      $('svg-link').href = state.local.svgUrl(fen, options);
    } catch {
      $('links').hidden = true;
    }
  } else {
    $('svg-link').href = `/board.svg?fen=${query}${flip}${variant}${pieces}${theme}`;
  }
  $('png-link').href = `/board.png?fen=${query}${flip}&size=400${variant}${pieces}${theme}`;
  showExplorer(fen);
  showTablebase(fen);
  showGames(fen);
}
