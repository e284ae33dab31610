//! The command's own problem codes: problems of the input around a record,
//! of what the command is asked to write, or of what it is asked to
//! search for, that the library's parser never meets. They travel in fenkit's diagnostics as [`Code::Input`] and
//! read like the library's codes everywhere (standard error, JSON, rows,
//! stats). What each means is said once, in [`OWN`].

use fenkit::Code;
use fenkit_books::positions::lint as book;

/// The runner's codes, listed here with the command's.
pub use fenkit_run::codes::{LINE_TOO_LONG, MISSING_COLUMN, RECORD_TOO_LONG};
/// The tables' code, shared with the column functions.
pub use fenkit_tb::NOT_IN_TABLES;

pub const ONE_IMAGE_ONLY: Code = Code::Input("one-image-only");
pub const BAD_SIGNATURE: Code = Code::Input("bad-signature");
pub const BAD_PATTERN: Code = Code::Input("bad-pattern");
pub const ENGINE: Code = Code::Input("engine");
pub const OTHER_VARIANT: Code = Code::Input("other-variant");
pub const SUITE_NO_GOAL: Code = Code::Input("suite-no-goal");
/// `fen scan`'s codes: the same words as `fenkit_scan::json::error_code`.
pub const NOT_A_PICTURE: Code = Code::Input("not-a-picture");
pub const BROKEN_PICTURE: Code = Code::Input("broken-picture");
pub const NO_BOARD: Code = Code::Input("no-board");
pub const SEVERAL_BOARDS: Code = Code::Input("several-boards");
pub const TOO_SMALL: Code = Code::Input("too-small");
pub const PDF_NOT_READ: Code = Code::Input("pdf-not-read");
pub const SCAN_MENDED: Code = Code::Input("scan-mended");
pub const SCAN_ASSUMED: Code = Code::Input("scan-assumed");
pub const SCAN_UNSURE: Code = Code::Input("scan-unsure");

/// The command's own codes, each with what it means, as `docs/codes.md`
/// lists them beside the library's.
pub const OWN: [(Code, &str); 23] = [
    (
        LINE_TOO_LONG,
        "The line holding a record is longer than `--max-line-bytes`.",
    ),
    (
        RECORD_TOO_LONG,
        "The record is longer than the reader accepts, in a row (a CSV column, a JSON value) that is not too long itself.",
    ),
    (
        MISSING_COLUMN,
        "The CSV/TSV column or JSON key that should hold the record is not there.",
    ),
    (
        ONE_IMAGE_ONLY,
        "A record beyond the first where the output holds one image only.",
    ),
    (
        BAD_SIGNATURE,
        "`fen search --material`: the material signature cannot be read (White's pieces, `v`, Black's, each side K then Q R B N P).",
    ),
    (
        BAD_PATTERN,
        "`fen search --pattern`: the pattern cannot be read (a FEN placement, digits for free squares, `.` for an empty one).",
    ),
    (
        ENGINE,
        "The engine exited or stopped answering on this record's position (its stderr's tail said); it is started again for the next.",
    ),
    (
        NOT_IN_TABLES,
        "`fen tb`: the tables given cannot answer for the position: more pieces than they hold, a table missing (named), castling rights, or a table that cannot be read.",
    ),
    (
        OTHER_VARIANT,
        "`fen analyse`: a game of another variant than `--variant` names, written as it is, not analysed.",
    ),
    (
        SUITE_NO_GOAL,
        "`fen suite`: a record with no `bm`, `am` or `dm` to solve; left out of the count.",
    ),
    (
        NOT_A_PICTURE,
        "`fen scan`: the file is no picture of a format fen reads (PNG, JPEG, GIF, WebP, BMP), told by its first bytes.",
    ),
    (
        BROKEN_PICTURE,
        "`fen scan`: the picture is truncated or corrupt, or too large to decode (the decoder's words follow).",
    ),
    (
        PDF_NOT_READ,
        "`fen scan`: a PDF whose pages cannot be read: encrypted, or broken or truncated so that no page can be found.",
    ),
    (
        NO_BOARD,
        "`fen scan`: the picture shows no board of 8 by 8 squares that fen can find.",
    ),
    (
        TOO_SMALL,
        "`fen scan`: the picture is under 80 pixels a side, too small to hold a board whose pieces can be told apart (squares of 10 pixels at least).",
    ),
    (
        SEVERAL_BOARDS,
        "`fen scan` without `--all`: the picture shows several boards with squares of a size (a page of diagrams, two games side by side), and which one is meant is not known; `--all` reads each, in reading order.",
    ),
    (
        SCAN_MENDED,
        "`fen scan`: a square's reading changed: the squares read broke what no position can (a side with two kings or none, a pawn on the first or last rank, more than 16 pieces or 8 pawns a side, more pieces promoted than pawns gone, pawns off their files with nothing taken for them), and the network's second choice at a square it was unsure of (or at a pawn on the first or last rank, however sure) was taken instead (for a side with no king, its king where the network found that likeliest among those squares); or a piece's tone was the other side's on this board (the tones of the pieces the network was sure of), and it changed sides; or a side had more of a piece than it starts with and the other side fewer (two black queens, no white one), and the least sure of them, the other side's piece as the network's next choice, changed sides; or a side had more of a piece than it starts with (three white bishops), and one read unsurely with the side's own pawn as the network's next choice became that pawn; or the four networks together broke what no position can and one pair of them alone broke fewer such rules, changing only squares the four were unsure of, and that pair's reading was kept; or, on a board drawn by a program (its empty squares flat, its pieces of one kind drawn alike), a drawing read unsurely as the piece a different drawing holds took its likeliest other piece of its side, or a square read otherwise than another square of the same drawing was read as that one.",
    ),
    (
        SCAN_UNSURE,
        "`fen scan`: squares the network read at under even odds (named, each with its reading), or a board read a square off from where its lines stand (read there, it broke what no position can): the board may be misread, or found off its squares.",
    ),
    (
        SCAN_ASSUMED,
        "`fen scan`: what the picture cannot show (side to move, castling rights, en passant square) was assumed, or the board turned round as its pawns and kings stand; `--side`, `--castling`, `--ep` and `--orientation` say it.",
    ),
    (
        book::EP_NO_CAPTURE,
        "`fen book lint`: an en passant square with no legal capture, which match runners disagree on (kept by some, dropped by others).",
    ),
    (
        book::CLOCK_OPERATIONS,
        "`fen book lint`: clock operations (`hmvc`, `fmvn`) in a book, which some runners cannot read.",
    ),
    (
        book::DUPLICATE,
        "`fen book lint`: the position of an earlier record of the book (by key), named by its line.",
    ),
    (
        book::OVER,
        "`fen book lint`: a position with no game left to play: mate, stalemate, bare material, or (with `--syzygy`) one the endgame tables decide.",
    ),
];
