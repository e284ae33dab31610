// The opening explorer (when the server has an index): the moves played
// from the record's position, and a move of its table played.
import { $ } from './state.js';
import { writeBack } from './editor.js';
import { fetchPanel, moveRow } from './panel.js';

export async function showExplorer(fen) {
  const box = $('explorer');
  const answer = await fetchPanel(box, 'explorer', `/api/explorer?fen=${encodeURIComponent(fen)}`);
  if (!answer) return;
  const games = answer.white + answer.draws + answer.black;
  const opening = answer.opening ? `${answer.opening.eco} ${answer.opening.name} · ` : '';
  $('explorer-summary').textContent = `${opening}${games} game${games === 1 ? '' : 's'}`;
  const rows = $('explorer-moves');
  rows.replaceChildren();
  for (const move of answer.moves) {
    const total = move.white + move.draws + move.black;
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
    const rating = move.averageRating == null ? '–' : String(move.averageRating);
    rows.append(moveRow(move, () => playMove(fen, move.uci), [String(total), bar, rating]));
  }
  box.hidden = false;
}

// A move of the explorer's table, played: the FEN after it replaces the
// record under the caret.
export async function playMove(fen, uci) {
  const response = await fetch(`/api/play?fen=${encodeURIComponent(fen)}&moves=${uci}`);
  if (!response.ok) return;
  const answer = await response.json();
  writeBack(answer.fens[answer.fens.length - 1]);
}
