// The text again, behind the textarea, each problem's characters marked;
// a problem in the list puts the caret on them.
import { $, input, state } from './state.js';

// Puts the caret on a problem's characters.
export function selectProblem(lineNumber, problem) {
  const lines = input.value.split('\n');
  let offset = 0;
  for (let i = 0; i < lineNumber - 1; i++) offset += lines[i].length + 1;
  const chars = Array.from(lines[lineNumber - 1] || '');
  const toUnits = (column) => chars.slice(0, column - 1).join('').length;
  input.focus();
  input.setSelectionRange(offset + toUnits(problem.column), offset + toUnits(problem.end_column));
}

// The text again, behind the textarea, with each problem's characters in a
// <mark>; a problem between two characters (a missing field) is a bar.
export function showHighlights() {
  const lines = input.value.split('\n');
  const marks = new Map();
  for (const result of state.results) {
    marks.set(
      result.line,
      result.errors.map((e) => ({ start: e.column - 1, end: e.end_column - 1, severity: e.severity })),
    );
  }
  const html = lines.map((line, index) => markLine(Array.from(line), marks.get(index + 1) || []));
  $('highlights').innerHTML = html.join('\n') + '\n ';
  syncScroll();
}

export function markLine(chars, spans) {
  const opened = new Array(chars.length + 1).fill(null);
  const covered = new Array(chars.length).fill(null);
  for (const span of spans) {
    if (span.end <= span.start) {
      opened[Math.min(span.start, chars.length)] = 'gap';
      continue;
    }
    for (let i = span.start; i < Math.min(span.end, chars.length); i++) {
      if (covered[i] !== 'error') covered[i] = span.severity;
    }
  }
  let html = '';
  let i = 0;
  while (i <= chars.length) {
    if (opened[i]) html += '<mark class="gap"></mark>';
    if (i === chars.length) break;
    const kind = covered[i];
    let j = i;
    while (j < chars.length && covered[j] === kind && (j === i || !opened[j])) j++;
    const text = escapeHtml(chars.slice(i, j).join(''));
    html += kind ? `<mark class="${kind}">${text}</mark>` : text;
    i = j;
  }
  return html;
}

export function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

export function syncScroll() {
  const highlights = $('highlights');
  highlights.scrollTop = input.scrollTop;
  highlights.scrollLeft = input.scrollLeft;
}
