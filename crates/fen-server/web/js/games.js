// The games that reach the record's position (when the server has a
// search index): each names its players, result and date, and links to
// the game in PGN with the ply where it reached the position marked.
import { $ } from './state.js';
import { fetchPanel } from './panel.js';

const SHOWN = 10;

export async function showGames(fen) {
  const box = $('games');
  const query = encodeURIComponent(fen);
  const answer = await fetchPanel(box, 'search', `/api/search?fen=${query}&limit=${SHOWN}`);
  if (!answer) return;
  const count = answer.games.length;
  $('games-summary').textContent = count === 0
    ? 'none reach this position'
    : `${answer.more ? `the first ${count}` : count} reach${count === 1 && !answer.more ? 'es' : ''} this position`;
  const list = $('games-list');
  list.replaceChildren();
  for (const game of answer.games) {
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `/api/search?fen=${query}&game=${game.game}&format=pgn`;
    link.target = '_blank';
    link.rel = 'noopener';
    const players = `${game.white ?? '?'} – ${game.black ?? '?'}`;
    link.textContent = players;
    link.title = `Game ${game.game} in PGN, at ply ${game.ply}`;
    const about = document.createElement('span');
    about.className = 'game-about';
    const when = game.date && !game.date.startsWith('?') ? ` · ${game.date}` : '';
    const move = game.move ? ` after ${game.move}` : '';
    about.textContent = ` ${game.result ?? '*'}${when} · ply ${game.ply}${move}`;
    item.append(link, about);
    list.append(item);
  }
  box.hidden = false;
}
