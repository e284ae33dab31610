// A position from a picture: a picture dropped, pasted or chosen is sent
// to POST /api/scan; the board it reads fills the editor at once, but the
// FEN is not final until the three things a picture cannot show are
// answered here: whose move it is, the castling rights left, and the en
// passant square. Castling is offered only where king and rook stand at
// home, en passant only behind a pawn that could just have moved two.
import { $ } from './state.js';
import { writeBack } from './editor.js';

let reading = null;

function pieceAt(square) {
  const entry = reading.squares.find((s) => s.square === square);
  return entry && entry.piece !== '-' ? entry.piece : null;
}

// The squares a pawn of the other side could just have passed over.
function enPassantChoices(turn) {
  const [from, passed, to, pawn] = turn === 'w' ? ['7', '6', '5', 'p'] : ['2', '3', '4', 'P'];
  return Array.from('abcdefgh', (file) => file)
    .filter((file) => pieceAt(file + to) === pawn && !pieceAt(file + passed) && !pieceAt(file + from))
    .map((file) => file + passed);
}

function castlingPossible(letter) {
  const [king, rook, kingPiece, rookPiece] = {
    K: ['e1', 'h1', 'K', 'R'],
    Q: ['e1', 'a1', 'K', 'R'],
    k: ['e8', 'h8', 'k', 'r'],
    q: ['e8', 'a8', 'k', 'r'],
  }[letter];
  return pieceAt(king) === kingPiece && pieceAt(rook) === rookPiece;
}

function fillEnPassantChoices() {
  const turn = document.querySelector('input[name="scan-turn"]:checked');
  const choices = turn ? enPassantChoices(turn.value) : [];
  $('scan-ep').replaceChildren(
    ...['-', ...choices].map((value) => {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = value === '-' ? 'none' : value;
      return option;
    }),
  );
  $('scan-ep').disabled = choices.length === 0;
}

// Where the rules moved the board from where its lines stand, as
// `fen scan` warns of it (board.moved: whole squares right and down).
function movedWarning(moved) {
  if (!moved) return [];
  const way = moved.across > 0 ? 'to the right' : moved.across < 0 ? 'to the left' : moved.down > 0 ? 'down' : 'up';
  return [`the board was read one square ${way} from where its lines stand, as there it broke what no position can: check it is not found off its squares`];
}

function describe(answer) {
  const unsure = answer.unsure
    .map((square) => answer.squares.find((s) => s.square === square))
    .map((s) => `${s.square} (${Math.round(s.confidence * 100)}%)`);
  const mended = answer.mended.map((m) =>
    m.why === 'tone'
      ? `${m.square} changed sides by its tone`
      : m.why === 'networks'
        ? `${m.square} read as half of the networks read it`
        : m.why === 'drawing'
          ? `${m.square} read as the board's own drawings tell`
          : `${m.square} mended to its second choice`,
  );
  const highlighted = answer.last_move ? [`the highlighted last move ${answer.last_move} says who is to move`] : [];
  const notes = [...movedWarning(answer.board.moved), ...highlighted, ...mended, ...(unsure.length ? [`unsure of ${unsure.join(', ')}: check them`] : [])];
  return `Board read from the picture${notes.length ? `: ${notes.join('; ')}` : ''}. Answer what a picture cannot show, then use the position.`;
}

async function scanPicture(file) {
  $('scan-status').textContent = 'Reading the picture…';
  $('scan-questions').hidden = true;
  let answer;
  try {
    const response = await fetch('/api/scan', { method: 'POST', body: file });
    answer = await response.json();
    if (!response.ok) throw new Error(answer.error || `the server answered ${response.status}`);
  } catch (failure) {
    $('scan-status').textContent = `No position read: ${failure.message}`;
    return;
  }
  reading = answer;
  writeBack(answer.fen);
  $('scan-status').textContent = describe(answer);
  // A highlighted last move tells the side to move (and a double step
  // the en passant square): offered as the answer, still to confirm.
  const said = (field) => answer.assumptions.find((assumption) => assumption.field === field);
  const side = answer.last_move ? said('side') : null;
  for (const radio of document.querySelectorAll('input[name="scan-turn"]')) radio.checked = Boolean(side) && radio.value === side.value;
  for (const box of document.querySelectorAll('input[name="scan-castle"]')) {
    const possible = castlingPossible(box.value);
    box.disabled = !possible;
    box.checked = possible;
  }
  fillEnPassantChoices();
  const enPassant = answer.last_move ? said('en_passant') : null;
  if (enPassant && Array.from($('scan-ep').options, (option) => option.value).includes(enPassant.value)) {
    $('scan-ep').value = enPassant.value;
  }
  $('scan-questions').hidden = false;
  document.querySelector('input[name="scan-turn"]').focus();
}

function useAnswers(event) {
  event.preventDefault();
  const turn = document.querySelector('input[name="scan-turn"]:checked');
  if (!turn) {
    $('scan-status').textContent = 'Whose move is it? A picture does not show it.';
    return;
  }
  const castling = Array.from(document.querySelectorAll('input[name="scan-castle"]:checked'), (box) => box.value).join('') || '-';
  const fen = `${reading.placement} ${turn.value} ${castling} ${$('scan-ep').value} 0 1`;
  writeBack(fen);
  $('scan-questions').hidden = true;
  $('scan-status').textContent = 'Position from the picture, with your answers.';
}

function firstPicture(items) {
  return Array.from(items || []).find((file) => file.type.startsWith('image/'));
}

export function setUpScan() {
  const drop = $('scan-drop');
  drop.addEventListener('dragover', (event) => {
    event.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('over');
    const file = firstPicture(event.dataTransfer.files);
    if (file) scanPicture(file);
  });
  $('scan-file').addEventListener('change', () => {
    const file = firstPicture($('scan-file').files);
    if (file) scanPicture(file);
  });
  // A picture pasted anywhere on the page (text still pastes as text).
  document.addEventListener('paste', (event) => {
    const file = firstPicture(Array.from(event.clipboardData.items, (item) => item.getAsFile()).filter(Boolean));
    if (!file) return;
    event.preventDefault();
    scanPicture(file);
  });
  for (const radio of document.querySelectorAll('input[name="scan-turn"]')) {
    radio.addEventListener('change', () => {
      fillEnPassantChoices();
      $('scan-status').textContent = describe(reading);
    });
  }
  $('scan-questions').addEventListener('submit', useAnswers);
}
