"""Type stubs for fenkit. Every function has its docstring, with an
example, at run time too: ``help(fenkit.fen_key)``."""

from typing import Any, Literal, TypeVar

Strictness = Literal["playable", "reachable", "plausible"]
EpPolicy = Literal["always", "pseudo-legal", "legal"]
CastlingNotation = Literal["standard", "x-fen", "shredder"]
Record = str | bytes

# A column: pyarrow Array/ChunkedArray, polars Series, pandas Series, a
# DuckDB relation of one column, an Arrow PyCapsule exporter, or a list of
# str/bytes. The result is of the same kind (pyarrow for other exporters).
C = TypeVar("C")

COLUMN_FUNCTIONS: tuple[str, ...]

def fen_valid(column: C, *, lenient: bool = False, chess960: bool = False, strictness: Strictness = "playable") -> C:
    """Whether each record is valid: well-formed and legal (bool).

    >>> fenkit.fen_valid(["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "8/8 w", None])
    [True, False, None]
    """

def fen_errors(column: C, *, lenient: bool = False, chess960: bool = False, strictness: Strictness = "playable") -> C:
    """Every problem of each record: list<struct{code, severity, field, column, end_column, message, square}>.

    >>> fenkit.fen_errors(["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1"])[0][0]["code"]
    'rank-too-short'
    """

def fen_canonical(column: C, *, lenient: bool = False, chess960: bool = False, strictness: Strictness = "playable", ep: EpPolicy = "always", castling: CastlingNotation = "standard") -> C:
    """Each well-formed record in canonical FEN (null when malformed).

    >>> fenkit.fen_canonical(["4k3/8/8/8/8/8/8/4K3 w – –"], lenient=True)
    ['4k3/8/8/8/8/8/8/4K3 w - - 0 1']
    """

def fen_board(column: C, *, lenient: bool = False, chess960: bool = False, strictness: Strictness = "playable") -> C:
    """Each well-formed record's board as 64 characters, rank 8 first, '.' for empty.

    >>> fenkit.fen_board(["4k3/8/8/8/8/8/8/4K3 w - - 0 1"])[0][:8]
    '....k...'
    """

def fen_key(column: C, *, lenient: bool = False, chess960: bool = False, strictness: Strictness = "playable") -> C:
    """Each valid record's four-field key (en passant only when a legal capture exists).

    >>> fenkit.fen_key(["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"])
    ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -']
    """

def fen_polyglot_key(column: C, *, lenient: bool = False, chess960: bool = False, strictness: Strictness = "playable") -> C:
    """Each valid record's Polyglot key (uint64).

    >>> hex(fenkit.fen_polyglot_key(["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"])[0])
    '0x463b96181691fc9c'
    """

def fen_polyglot_key_i64(column: C, *, lenient: bool = False, chess960: bool = False, strictness: Strictness = "playable") -> C:
    """fen_polyglot_key as int64 with the same bits (for Spark and Java).

    >>> fenkit.fen_polyglot_key_i64(["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"])
    [5060803636482931868]
    """

def fen_side(column: C, *, lenient: bool = False, chess960: bool = False, strictness: Strictness = "playable") -> C:
    """Each well-formed record's side to move, 'white' or 'black'.

    >>> fenkit.fen_side(["4k3/8/8/8/8/8/8/4K3 b - - 0 1"])
    ['black']
    """

def fen_material(column: C, *, lenient: bool = False, chess960: bool = False, strictness: Strictness = "playable") -> C:
    """Each well-formed record's pieces: struct of twelve uint8 counts, white_pawns … black_kings.

    >>> fenkit.fen_material(["4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1"])[0]["white_pawns"]
    3
    """

def fen_check_status(column: C, *, lenient: bool = False, chess960: bool = False, strictness: Strictness = "playable") -> C:
    """Each valid record's check status: 'none', 'check', 'checkmate' or 'stalemate'.

    >>> fenkit.fen_check_status(["7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"])
    ['checkmate']
    """

def fen_opening(column: C, *, lenient: bool = False, chess960: bool = False, strictness: Strictness = "playable") -> C:
    """The named opening of each valid record's position: struct{eco, name}, or null.

    >>> fenkit.fen_opening(["r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"])
    [{'eco': 'C60', 'name': 'Ruy Lopez'}]
    """

def fen_play(column: C, moves: Any, *, lenient: bool = False, chess960: bool = False, strictness: Strictness = "playable", ep: EpPolicy = "always", castling: CastlingNotation = "standard") -> C:
    """The FEN after `moves` (a column of the same length, or one str) from each valid record.

    >>> fenkit.fen_play(["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"], "e2e4 c5")
    ['rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2']
    """

def pgn_positions(column: C, start: Any = None, *, lenient: bool = False, chess960: bool = False, strictness: Strictness = "playable") -> C:
    """Every position of each game's mainline: list<struct{ply, san, uci, fen}>.

    >>> [p["uci"] for p in fenkit.pgn_positions(["1. e4 e5 2. Nf3 *"])[0]]
    [None, 'e2e4', 'e7e5', 'g1f3']
    """

def read_pgn(path: str) -> Any:
    """A PGN file (compressed or not) as a pyarrow RecordBatchReader, one row per game.

    >>> fenkit.read_pgn("samples/games.pgn").read_all().column("White")[0].as_py()
    'A'
    """

class FenError(ValueError):
    """A record that is not a valid FEN; `.problems` lists every problem."""

    problems: list[Problem]

class Problem:
    """One problem of a record."""

    code: str
    severity: Literal["error", "warning"]
    field: str
    column: int
    end_column: int
    message: str
    square: str | None

class Checked:
    """A record checked in full; in a notebook it shows its diagram and problems.

    >>> c = fenkit.check("4k3/8/8/8/8/8/8/4K2P w - - 0 1")
    >>> c.valid, c.well_formed, c.problems[0].square
    (False, True, 'h1')
    """

    input: str
    valid: bool
    well_formed: bool
    fen: str | None
    problems: list[Problem]
    placement: str | None
    side: Literal["white", "black"] | None
    castling: str | None
    ep_square: str | None
    halfmove_clock: int | None
    fullmove_number: int | None
    def __bool__(self) -> bool: ...
    def _repr_svg_(self) -> str | None: ...
    def _repr_html_(self) -> str: ...

def check(fen: Record, *, lenient: bool = False, chess960: bool = False, strictness: Strictness = "playable") -> Checked:
    """Checks `fen` in full and returns what was found, valid or not.

    >>> fenkit.check("4k3/8/8/8/8/8/8/4K2P w - - 0 1").problems[0].code
    'pawn-on-back-rank'
    """

def parse(fen: Record, *, lenient: bool = False, chess960: bool = False, strictness: Strictness = "playable") -> Checked:
    """Checks `fen`, or raises FenError listing every problem.

    >>> fenkit.parse("4k3/8/8/8/8/8/8/4K3 w - - 0 1").side
    'white'
    """

def board(fen: Record, *, lenient: bool = False, chess960: bool = False) -> str:
    """The board as 8 lines of 8 characters.

    >>> fenkit.board("4k3/8/8/8/8/8/8/4K3 w - - 0 1").splitlines()[0]
    '....k...'
    """

def normalize(fen: Record, *, lenient: bool = False, chess960: bool = False, ep: EpPolicy = "always", castling: CastlingNotation = "standard") -> str:
    """The record in canonical FEN.

    >>> fenkit.normalize("4k3/8/8/8/8/8/8/4K3 w – –", lenient=True)
    '4k3/8/8/8/8/8/8/4K3 w - - 0 1'
    """

def key(fen: Record, *, lenient: bool = False, chess960: bool = False) -> str:
    """The four-field key.

    >>> fenkit.key("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -'
    """

def polyglot_key(fen: Record, *, lenient: bool = False, chess960: bool = False) -> int:
    """The Polyglot key.

    >>> hex(fenkit.polyglot_key("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"))
    '0x463b96181691fc9c'
    """

def opening(fen: Record, *, lenient: bool = False) -> tuple[str, str] | None:
    """The named opening as (eco, name), or None.

    >>> fenkit.opening("r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3")
    ('C60', 'Ruy Lopez')
    """

def play(fen: Record, moves: str, *, lenient: bool = False, chess960: bool = False) -> str:
    """The FEN after `moves` (SAN or UCI).

    >>> fenkit.play("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e4")
    'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
    """

def legal_moves(fen: Record, *, lenient: bool = False, chess960: bool = False) -> list[str]:
    """The legal moves, in SAN.

    >>> len(fenkit.legal_moves("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"))
    20
    """

def svg(fen: Record, *, size: int = 400, flip: bool = False, coordinates: bool = True, lenient: bool = False, chess960: bool = False) -> str:
    """The diagram as SVG text.

    >>> fenkit.svg("4k3/8/8/8/8/8/8/4K3 w - - 0 1").startswith("<svg")
    True
    """

def png(fen: Record, *, size: int = 400, flip: bool = False, coordinates: bool = True, lenient: bool = False, chess960: bool = False) -> bytes:
    """The diagram as PNG bytes (size 16 to 4096).

    >>> fenkit.png("4k3/8/8/8/8/8/8/4K3 w - - 0 1", size=64)[:4]
    b'\\x89PNG'
    """
