// A panel that shows what an optional index of the server answers (the
// explorer's moves, the games that reach a position): hidden while the
// server has no such index (404, remembered in state[key]) or cannot
// answer, for variants, and where no server answers (static files); an
// older answer never overwrites a newer one.
import { state } from './state.js';

export async function fetchPanel(box, key, url) {
  if (state[key] === false || state.variant !== 'standard' || state.local) {
    box.hidden = true;
    return null;
  }
  const counter = `${key}Request`;
  const request = ++state[counter];
  let answer;
  try {
    const response = await fetch(url);
    if (response.status === 404) state[key] = false;
    if (!response.ok) {
      box.hidden = true;
      return null;
    }
    answer = await response.json();
  } catch {
    box.hidden = true;
    return null;
  }
  if (request !== state[counter]) return null;
  state[key] = true;
  return answer;
}

// A row of a panel's table of moves: the move, a button that plays it,
// then the other cells (text or elements).
export function moveRow(move, play, cells) {
  const row = document.createElement('tr');
  const san = document.createElement('button');
  san.type = 'button';
  san.className = 'explorer-move';
  san.textContent = move.san;
  san.title = `Play ${move.san}`;
  san.addEventListener('click', play);
  for (const content of [san, ...cells]) {
    const cell = document.createElement('td');
    cell.append(content);
    row.append(cell);
  }
  return row;
}
