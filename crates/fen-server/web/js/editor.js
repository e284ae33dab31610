// The board editor: the palette, clicks and drags on the board, the
// side, castling and en passant controls, and the position written back
// over the record under the caret.
import { $, caretLine, input, state } from './state.js';
import { drawBoard, pieceLabel, pieceSrc, squareAt, squareIndex, squareName } from './board.js';
import { activeResult, showStatus } from './answer.js';
import { scheduleCheck, writeFields } from './network.js';

const PALETTE = ['K', 'Q', 'R', 'B', 'N', 'P', 'erase', 'k', 'q', 'r', 'b', 'n', 'p', 'move'];
const DRAG_THRESHOLD = 5;

export function editPocket(letter) {
  const pocket = Array.from(state.pocket || '');
  if (state.tool === letter) {
    pocket.push(letter);
  } else if (state.tool === 'erase' && pocket.includes(letter)) {
    pocket.splice(pocket.indexOf(letter), 1);
  } else {
    return;
  }
  state.pocket = pocket.join('');
  writeEdited();
}

// The side, castling and en passant controls set to the fields read:
// castling letters the four boxes do not hold (Chess960's file letters)
// are kept aside, to be written back as they were.
export function setControls(turn, castling, enPassant) {
  for (const radio of document.querySelectorAll('input[name="turn"]')) radio.checked = radio.value === turn;
  for (const box of document.querySelectorAll('input[name="castle"]')) box.checked = castling.includes(box.value);
  state.otherCastling = Array.from(castling).filter((letter) => !'KQkq'.includes(letter)).join('');
  fillEnPassant(turn, enPassant);
}

// The squares an en passant target can be on with `turn` to move, as the
// server gave them with the fields, and the record's own square even when
// it is not one of them.
export function fillEnPassant(turn, current) {
  const select = $('ep');
  const squares = state.fields ? state.fields.enPassantSquares[turn] : [];
  const options = ['-', ...squares];
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

export function currentTurn() {
  return document.querySelector('input[name="turn"]:checked').value;
}

// The editor's position as fields for the server to write: the squares,
// the pocket, the controls, and the clocks of the record read.
export function controlsFields() {
  const boxes = Array.from(document.querySelectorAll('input[name="castle"]:checked'), (box) => box.value);
  const ep = $('ep').value;
  return {
    board: state.board,
    promoted: Array.from(state.promoted, squareName),
    pocket: state.pocket,
    turn: currentTurn(),
    castling: boxes.join('') + state.otherCastling,
    enPassant: ep === '-' ? null : ep,
    checks: state.checks,
    halfmove: state.fields ? state.fields.halfmove : 0,
    fullmove: state.fields ? state.fields.fullmove : 1,
  };
}

// Writes the edited position over the record under the caret, as the
// server writes its fields; an answer for an edit that a later one
// replaced is dropped.
export async function writeEdited() {
  const edit = ++state.edit;
  drawBoard(false);
  let fen;
  try {
    fen = await writeFields(controlsFields());
  } catch (error) {
    if (edit === state.edit) showStatus(null, `The position could not be written: ${error.message}`);
    return;
  }
  if (edit === state.edit) writeBack(fen);
}

// Writes the editor's position over the record under the caret: that
// record alone when others share its line, else the caret's line.
export function writeBack(fen) {
  const lines = input.value.split('\n');
  const target = Math.min(caretLine(), lines.length) - 1;
  const active = activeResult();
  let caret;
  const chars = Array.from(lines[target] || '');
  const start = active ? active.column - 1 : 0;
  const end = active ? start + Array.from(active.input).length : 0;
  // Only while the answer is that of this text: the record stands where
  // the server said.
  if (active && active.line === target + 1 && chars.slice(start, end).join('') === active.input) {
    lines[target] = chars.slice(0, start).join('') + fen + chars.slice(end).join('');
    caret = chars.slice(0, start).join('').length + fen.length;
    // Until the server answers, the record there is the one written.
    active.input = fen;
  } else {
    lines[target] = fen;
    caret = fen.length;
  }
  caret += lines.slice(0, target).join('\n').length + (target > 0 ? 1 : 0);
  input.value = lines.join('\n');
  input.setSelectionRange(caret, caret);
  state.problemSquares = new Set();
  drawBoard(false);
  scheduleCheck(0);
}

export function edit(change) {
  change(state.board);
  writeEdited();
}

export function clickSquare(index) {
  const tool = state.tool;
  if (!tool || tool === 'move') return;
  edit((board) => {
    board[index] = tool === 'erase' || board[index] === tool ? null : tool;
    state.promoted.delete(index);
  });
}

export function selectTool(tool) {
  state.tool = state.tool === tool ? null : tool;
  for (const button of $('palette').children) {
    button.setAttribute('aria-pressed', String(button.dataset.tool === state.tool));
  }
}

export function buildPalette() {
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
      image.src = pieceSrc(tool);
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
export function startDrag(event) {
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
      ghost.src = pieceSrc(piece);
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
