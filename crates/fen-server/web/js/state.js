// What every part of the page shares: the text box, the state of the
// board and of the last answer, and the few constants of FEN the page
// needs to set up a board.
export const FILES = 'abcdefgh';
// The square colours of each theme, light then dark, as diagrams draw them.
export const THEMES = {
  brown: ['#f0d9b5', '#b58863'],
  blue: ['#dee3e6', '#8ca2ad'],
  green: ['#ffffdd', '#86a666'],
  gray: ['#dcdcdc', '#ababab'],
};
export const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

export const $ = (id) => document.getElementById(id);
export const input = $('input');

export function emptyBoard() {
  return new Array(64).fill(null);
}

export const state = {
  // The npm package's answers (js/local.js) where the page is static
  // files; null where `fen serve` answers.
  local: null,
  orientation: 'white',
  // The look of the board: a piece set the server ships, square colours
  // by name (`THEMES`).
  pieces: 'cburnett',
  theme: 'brown',
  // board[rank * 8 + file], rank 0 being rank 1: a FEN piece letter or null.
  board: emptyBoard(),
  problemSquares: new Set(),
  tool: null,
  results: [],
  // The fields of the record shown, as the server read them
  // (/api/fields): the clocks and the squares en passant may stand on
  // come from here.
  fields: null,
  // Fields read, kept by the record and variant they are of.
  fieldsCache: new Map(),
  // The number of the latest board edit, and of the latest answer shown:
  // what comes back for an older one is dropped.
  edit: 0,
  shownRequest: 0,
  request: 0,
  timer: null,
  caretLine: 1,
  // The record the board shows, as [line, column]: another record on the
  // same line is another record.
  shown: null,
  // Castling letters of the record that the four boxes do not hold (a
  // Chess960 record's file letters): written back as they were.
  otherCastling: '',
  // What lenient reading makes of a malformed record: { fen, repairs }.
  repair: null,
  // The variant the records are read in (the server's option word), and
  // the fields it adds as the canonical FEN writes them: the pocket's
  // letters (Crazyhouse) and the checks to give (Three-check, `3+3`).
  variant: 'standard',
  pocket: null,
  checks: null,
  // Squares of promoted pieces (`~` in Crazyhouse): captured, they go to
  // the pocket as pawns.
  promoted: new Set(),
  // Whether the server answers /api/explorer (fen serve --explorer DIR);
  // unknown until asked, false after a 404.
  explorer: null,
  explorerRequest: 0,
  // Whether the server answers /api/search (fen serve --index DIR), as
  // for the explorer.
  search: null,
  searchRequest: 0,
  // Whether the server answers /api/tablebase/standard (fen serve
  // --syzygy DIR), as for the explorer.
  tablebase: null,
  tablebaseRequest: 0,
};

export function caretLine() {
  return input.value.slice(0, input.selectionStart).split('\n').length;
}

// The caret's 1-based column in its line, in characters, as the server
// counts columns.
export function caretColumn() {
  const before = input.value.slice(0, input.selectionStart).split('\n').pop();
  return Array.from(before).length + 1;
}
