// The board and its pieces: squares by index (a1 0, h8 63, as the
// server's fields list them), the board and the Crazyhouse pockets drawn.
import { $, FILES, state } from './state.js';
import { editPocket } from './editor.js';

const ROLES = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };
// What a Crazyhouse pocket may hold, in lichess's order.
const POCKET_ROLES = ['p', 'n', 'b', 'r', 'q'];

export function squareName(index) {
  return FILES[index % 8] + (Math.floor(index / 8) + 1);
}

export function isWhite(letter) {
  return letter === letter.toUpperCase();
}

export function pieceId(letter) {
  return (isWhite(letter) ? 'w' : 'b') + letter.toUpperCase();
}

// The drawing of a piece in the piece set chosen.
export function pieceSrc(letter) {
  if (state.local) return state.local.pieceSrc(state.pieces, pieceId(letter));
  return `/pieces/${state.pieces}/${pieceId(letter)}.svg`;
}

export function pieceLabel(letter) {
  return (isWhite(letter) ? 'white ' : 'black ') + ROLES[letter.toLowerCase()];
}

// The index of a square named `name` (`e4`).
export function squareOf(name) {
  return (Number(name[1]) - 1) * 8 + FILES.indexOf(name[0]);
}

// `stale`: no position to show; `broken`: the fields, other than the
// placement, that are malformed (the board shows the placement alone).
export function drawBoard(stale, broken) {
  const board = $('board');
  board.classList.toggle('stale', stale);
  const note = $('board-note');
  note.hidden = !stale && !broken;
  if (stale) {
    note.textContent = 'This record is not well-formed, so there is no position to show: fix the marked characters, or Repair.';
  } else if (broken) {
    const names = broken.map((field) => field.replaceAll('-', ' ')).join(' and ');
    note.textContent = `The board shows the piece placement alone: the ${names} ${broken.length === 1 ? 'field is' : 'fields are'} malformed. Fix the marked characters, or Repair.`;
  } else {
    note.textContent = '';
  }
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
        image.src = pieceSrc(piece);
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
export function drawPockets(stale) {
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
        image.src = pieceSrc(letter);
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

export function coordinate(kind, text) {
  const label = document.createElement('span');
  label.className = `coord ${kind}`;
  label.textContent = text;
  return label;
}

export function squareIndex(square) {
  return squareOf(square.dataset.square);
}

export function squareAt(x, y) {
  return document.elementFromPoint(x, y)?.closest('#board .square') || null;
}
