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

/** A position of a game, as `fen pgn --format json` writes it. */
export interface GamePosition {
  game: number;
  ply: number;
  move: string;
  fen: string;
}

export function check(text: string, options?: CheckOptions): Checked[];
export function board(fen: string): Answer<string>;
export function describe(fen: string): Answer<string>;
export function legalMoves(fen: string): Answer<string[]>;
export function play(fen: string, moves: string | string[]): Answer<string>;
export function pgnPositions(pgn: string): {
  ok: boolean;
  value: GamePosition[];
  errors: { game: number; line: number; message: string }[];
};
export function key(fen: string): Answer<string>;
export function polyglotKey(fen: string): Answer<string>;
