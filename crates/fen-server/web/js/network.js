// Asking for answers: the records checked as they are typed (an older
// answer never overwrites a newer one), the lenient repair offered, the
// text remembered in the URL. The server answers, or the npm package in
// the browser where the page is static files (state.local): the same
// objects either way.
import { $, input, state } from './state.js';
import { showResults } from './answer.js';

export function scheduleCheck(delay) {
  clearTimeout(state.timer);
  state.timer = setTimeout(check, delay);
}

export async function check() {
  const text = input.value;
  const request = ++state.request;
  if (!text.trim()) {
    state.results = [];
    showResults();
    return;
  }
  let results;
  try {
    if (state.local) {
      results = state.local.check(text, state.variant, false);
    } else {
      const response = await fetch(`/api/check${variantQuery('?')}`, { method: 'POST', body: text });
      const body = await response.json();
      if (!Array.isArray(body)) throw new Error(body.error || `the server answered ${response.status}`);
      results = body;
    }
  } catch (error) {
    if (request !== state.request) return;
    state.results = [];
    showResults(`No answer ${state.local ? 'from the package' : 'from the server'}: ${error.message}`);
    return;
  }
  // An older answer that arrives late must not overwrite a newer one.
  if (request !== state.request) return;
  state.results = results;
  showResults();
  rememberInUrl(text);
}

// The fields of record `fen` as fenkit reads them, read in the chosen
// variant: each square's piece, the pocket, side, castling, en passant
// and the squares it may stand on, the clocks. Asked once a record.
export async function readFields(fen) {
  const key = `${state.variant} ${fen}`;
  if (!state.fieldsCache.has(key)) {
    let body;
    if (state.local) {
      body = state.local.fields(fen, state.variant);
    } else {
      const response = await fetch(`/api/fields?fen=${encodeURIComponent(fen)}${variantQuery('&')}`);
      body = await response.json();
      if (!response.ok) throw new Error(body.error || `the server answered ${response.status}`);
    }
    if (state.fieldsCache.size > 256) state.fieldsCache.clear();
    state.fieldsCache.set(key, body);
  }
  return state.fieldsCache.get(key);
}

// The record the edited `fields` make, written by the server (or the
// package).
export async function writeFields(fields) {
  if (state.local) return state.local.writeFields(fields, state.variant);
  const response = await fetch(`/api/fields${variantQuery('?')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fields),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || `the server answered ${response.status}`);
  return body.fen;
}

// What reads the records as the chosen variant says, after `joint`:
// `variant=…`, or `chess960=true` (Chess960 castling); nothing for
// standard chess.
export function variantQuery(joint) {
  if (state.variant === 'standard') return '';
  if (state.variant === 'chess960') return `${joint}chess960=true`;
  return `${joint}variant=${state.variant}`;
}

export function rememberInUrl(text) {
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

// When the record under the caret is malformed, asks whether
// lenient reading repairs it; if so, the Repair button offers that.
export async function offerRepair(active) {
  const button = $('repair');
  button.hidden = true;
  state.repair = null;
  if (!active) return;
  const request = state.request;
  try {
    let body;
    if (state.local) {
      body = state.local.check(active.input, state.variant, true);
    } else {
      const response = await fetch(`/api/check?lenient=true&status=always${variantQuery('&')}`, { method: 'POST', body: active.input });
      body = await response.json();
    }
    if (request !== state.request || !Array.isArray(body) || !body[0] || !body[0].valid) return;
    const repairs = body[0].errors.filter((e) => e.class === 'malformed').map((e) => e.message);
    state.repair = { fen: body[0].fen, repairs };
    button.hidden = false;
  } catch (_) {
    // No repair offered: the problems listed say what to fix.
  }
}
