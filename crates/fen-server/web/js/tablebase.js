// The endgame tables (when the server has them, fen serve --syzygy): the
// position's result for the side to move, and each move's, best first.
// Asked only of positions of at most seven pieces, the most any table holds.
import { $ } from './state.js';
import { fetchPanel, moveRow } from './panel.js';
import { playMove } from './explorer.js';

// A move's category is the other side's after it: said for the mover.
const MOVER = {
  'loss': 'win', 'maybe-loss': 'maybe win', 'blessed-loss': 'cursed win', 'draw': 'draw',
  'cursed-win': 'blessed loss', 'maybe-win': 'maybe loss', 'win': 'loss', 'unknown': 'unknown',
};

function pieces(fen) {
  return (fen.split(' ')[0].match(/[a-zA-Z]/g) || []).length;
}

export async function showTablebase(fen) {
  const box = $('tablebase');
  if (pieces(fen) > 7) {
    box.hidden = true;
    return;
  }
  const url = `/api/tablebase/standard?fen=${encodeURIComponent(fen)}`;
  const answer = await fetchPanel(box, 'tablebase', url);
  if (!answer) return;
  const dtz = answer.dtz ? ` · DTZ ${Math.abs(answer.dtz)}` : '';
  $('tablebase-summary').textContent = `${answer.category.replace('-', ' ')} for the side to move${dtz}`;
  const rows = $('tablebase-moves');
  rows.replaceChildren();
  for (const move of answer.moves) {
    const result = document.createElement('span');
    const word = MOVER[move.category];
    result.textContent = word;
    result.className = word.split(' ').pop();
    const dtz = move.dtz == null ? '–' : String(Math.abs(move.dtz));
    rows.append(moveRow(move, () => playMove(fen, move.uci), [result, dtz]));
  }
  box.hidden = false;
}
