// Showing the server's answer: the record under the caret on the board,
// its status in words, every problem listed, its canonical FEN and links.
import { $, EMPTY_PLACEMENT, caretColumn, caretLine, state } from './state.js';
import { drawBoard, drawPockets, placementToBoard } from './board.js';
import { setControls, writeBack } from './editor.js';
import { showExplorer } from './explorer.js';
import { selectProblem, showHighlights } from './highlight.js';
import { offerRepair, variantQuery } from './network.js';

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

export function showResults(failure) {
  state.caretLine = caretLine();
  const active = activeResult();
  state.shown = active ? `${active.line}:${active.column}` : null;
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
    const file = problem.square.charCodeAt(0) - 'a'.charCodeAt(0);
    const rank = Number(problem.square[1]) - 1;
    found.add(rank * 8 + file);
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
  $('svg-link').href = `/board.svg?fen=${query}${flip}${variant}`;
  $('png-link').href = `/board.png?fen=${query}${flip}&size=400${variant}`;
  showExplorer(fen);
}
