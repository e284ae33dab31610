/** One problem of a record, in fenkit's one shape (as `fen check --format json`). */
export interface Problem {
  code: string;
  severity: "error" | "warning";
  class: "malformed" | "illegal" | "unreachable" | "implausible";
  field: string;
  line: number | null;
  column: number;
  end_column: number;
  record_column: number;
  message: string;
  square: string | null;
}

/** An answer, or the problems that stood in its way. */
export type Answer<T> = { ok: true; value: T } | { ok: false; errors: Problem[] };

/** A record as `fen check --format json` writes it. */
export interface Checked {
  source: string;
  line: number;
  column: number;
  input: string;
  valid: boolean;
  fen?: string;
  turn?: "white" | "black";
  check?: boolean;
  checkmate?: boolean;
  stalemate?: boolean;
  errors: Problem[];
}

/** How records are read, as the command's flags. */
export interface CheckOptions {
  input?: "auto" | "fen" | "epd";
  lenient?: boolean;
  chess960?: boolean;
  variant?: string;
}

/** How a diagram looks, as `fen svg`'s flags say it. */
export interface SvgOptions extends CheckOptions {
  size?: number;
  orientation?: "white" | "black" | "side-to-move";
  flip?: boolean;
  coordinates?: "outside" | "inside" | "none";
  colors?: string;
  theme?: string;
  pieces?: "cburnett" | "merida" | "fantasy" | "spatial" | "celtic" | "eyes" | "skulls";
  check?: string;
  lastMove?: string;
  arrows?: string | string[];
  marks?: string | string[];
  caption?: boolean;
  evalBar?: boolean;
}

/** A position's fields, as a board editor holds them. */
export interface Fields {
  /** a1, b1, … h1, a2, … h8: a piece letter, or null. */
  board: (string | null)[];
  promoted: string[];
  pocket: string | null;
  turn: "w" | "b";
  castling: string;
  enPassant: string | null;
  checks: string | null;
  halfmove: number;
  fullmove: number;
  /** Given, not read back: where an en passant square may stand. */
  enPassantSquares: { w: string[]; b: string[] };
  /** Given, not read back: the position in words. */
  words: string;
}

/** A position of a game, as `fen pgn --format json` writes it. */
export interface GamePosition {
  game: number;
  ply: number;
  move: string;
  fen: string;
}

export function check(text: string, options?: CheckOptions): Checked[];
export function board(fen: string): Answer<string>;
export function svg(fen: string, options?: SvgOptions): Answer<string>;
export function pieceSvg(set: string, id: string): Answer<string>;
export function describe(fen: string): Answer<string>;
export function fields(fen: string, options?: CheckOptions): Answer<Fields>;
export function writeFields(fields: Fields, options?: CheckOptions): Answer<string>;
export function legalMoves(fen: string): Answer<string[]>;
export function play(fen: string, moves: string | string[]): Answer<string>;
export function pgnPositions(pgn: string): {
  ok: boolean;
  value: GamePosition[];
  errors: { game: number; line: number; message: string }[];
};
export function key(fen: string): Answer<string>;
export function polyglotKey(fen: string): Answer<string>;
