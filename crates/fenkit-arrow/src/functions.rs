//! The one table of column functions: every front end (DataFusion's UDFs
//! in `fen-sql`, the Python package and its stubs, DuckDB, polars, pandas
//! and Spark) is made from [`FUNCTIONS`], so that adding a function is one
//! entry here and its kernel.

use arrow_array::{Array, ArrayRef};
use arrow_schema::{ArrowError, DataType};
use fenkit::Options;

/// A second column a function reads beside its records.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Beside {
    /// Its name, as a keyword argument and in the stubs.
    pub name: &'static str,
    /// Whether it may be left out.
    pub optional: bool,
}

/// A worked example: the function on these records (and one value beside
/// them, for every row), with these option words, gives `result`, one
/// JSON value a row. The Rust tests and Python's doctests both run it.
#[derive(Copy, Clone, Debug)]
pub struct Example {
    pub records: &'static [Option<&'static str>],
    pub beside: Option<&'static str>,
    pub options: &'static str,
    pub result: &'static str,
}

impl Example {
    /// The function on `records` gives `result`.
    pub const fn of(records: &'static [Option<&'static str>], result: &'static str) -> Example {
        Example {
            records,
            beside: None,
            options: "",
            result,
        }
    }

    /// No records, no value beside them, no option words: what most
    /// examples differ from in their records and result alone.
    pub const PLAIN: Example = Example {
        records: &[],
        beside: None,
        options: "",
        result: "[]",
    };
}

/// One column function: a column of records in, a column of the same
/// length out.
#[derive(Copy, Clone, Debug)]
#[non_exhaustive]
pub struct ColumnFunction {
    /// The SQL name, which every front end uses.
    pub name: &'static str,
    /// What its records are, as its first argument is named in help:
    /// `fen` (FEN or EPD) or `movetext` (PGN).
    pub records: &'static str,
    pub beside: Option<Beside>,
    /// Whether it writes FEN, and so takes `ep` and `castling` besides
    /// the read options.
    pub writes_fen: bool,
    /// What it returns, declared before it runs (lazy polars, DuckDB,
    /// Spark, DataFusion's planner).
    pub returns: fn() -> DataType,
    /// What it answers, in a paragraph (Markdown: `code` in backticks).
    pub doc: &'static str,
    pub example: Example,
    pub run: Kernel,
}

/// A function's work: records, the column beside them, options.
pub type Kernel = fn(&dyn Array, Option<&dyn Array>, &Options) -> Result<ArrayRef, ArrowError>;

impl ColumnFunction {
    /// The function by its SQL name.
    ///
    /// ```
    /// let key = fenkit_arrow::ColumnFunction::named("fen_key").unwrap();
    /// assert_eq!(key.method(), "key");
    /// assert!(fenkit_arrow::ColumnFunction::named("fen_nothing").is_none());
    /// ```
    pub fn named(name: &str) -> Option<&'static ColumnFunction> {
        FUNCTIONS.iter().find(|function| function.name == name)
    }

    /// Its name as a method of a column (`pl.col("FEN").fen.key()`,
    /// `series.fen.positions()`): without its first word.
    pub fn method(&self) -> &'static str {
        self.name
            .split_once('_')
            .map_or(self.name, |(_, rest)| rest)
    }

    /// How many columns it takes: the least and the most.
    pub fn columns(&self) -> (usize, usize) {
        match self.beside {
            None => (1, 1),
            Some(Beside { optional: true, .. }) => (1, 2),
            Some(Beside {
                optional: false, ..
            }) => (2, 2),
        }
    }

    /// Runs it; a required column beside missing is an argument error.
    pub fn call(
        &self,
        records: &dyn Array,
        beside: Option<&dyn Array>,
        options: &Options,
    ) -> Result<ArrayRef, ArrowError> {
        if let (
            Some(Beside {
                name,
                optional: false,
            }),
            None,
        ) = (self.beside, beside)
        {
            return Err(ArrowError::InvalidArgumentError(format!(
                "{} takes the {name} beside the records",
                self.name
            )));
        }
        (self.run)(records, beside, options)
    }
}

impl ColumnFunction {
    /// What most functions are, so that an entry says only how it
    /// differs: of FEN records alone, writing no FEN, answering text. Its
    /// name, documentation, example and kernel it must be given, so that
    /// an entry without a kernel does not compile.
    const fn of_fen(
        name: &'static str,
        doc: &'static str,
        example: Example,
        run: Kernel,
    ) -> ColumnFunction {
        ColumnFunction {
            name,
            records: "fen",
            beside: None,
            writes_fen: false,
            returns: || DataType::Utf8,
            doc,
            example,
            run,
        }
    }
}

/// The column beside the records of a function that requires one.
fn required(beside: Option<&dyn Array>) -> &dyn Array {
    beside.expect("ColumnFunction::call checks that a required column is given")
}

/// Records of the examples: the start, and the position after 1. e4.
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const AFTER_E4: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";

/// The tables' folders beside the records of the tablebase functions,
/// optional: `SYZYGY_PATH` names them where it is left out.
const SYZYGY: Option<Beside> = Some(Beside {
    name: "syzygy",
    optional: true,
});

/// Positions of the tablebase functions' examples: a won king and pawn
/// ending, its loser to move, and a rook with its castling right.
const KPK_WON: &str = "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1";
const KPK_LOST: &str = "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1";

/// Every column function, in the order documentation lists them.
pub const FUNCTIONS: &[ColumnFunction] = &[
    ColumnFunction {
        returns: || DataType::Boolean,
        ..ColumnFunction::of_fen(
            "fen_valid",
            "Whether each record is valid: well-formed and legal.",
            Example::of(&[Some(START), Some("8/8 w"), None], "[true, false, null]"),
            |records, _, options| crate::fen_valid(records, &options.read),
        )
    },
    ColumnFunction {
        returns: crate::errors_type,
        ..ColumnFunction::of_fen(
            "fen_errors",
            "Every problem of each record: a list of structs `{code, severity, class, field, line, column, end_column, record_column, message, square}` (the one shape of a problem), errors and warnings in the order they stand; a value has no line (null), and its columns are 1-based characters in the record.",
            Example::of(
                &[Some("4k3/8/8/8/8/8/8/4K3 w K - 0 1")],
                r#"[[{"code": "castling-no-rook", "severity": "error", "class": "illegal", "field": "castling", "line": null, "column": 23, "end_column": 24, "record_column": 23, "message": "castling right 'K' needs a white rook on h1, but h1 is empty", "square": "h1"}]]"#,
            ),
            |records, _, options| crate::fen_errors(records, &options.read),
        )
    },
    ColumnFunction {
        writes_fen: true,
        ..ColumnFunction::of_fen(
            "fen_canonical",
            "Each well-formed record in canonical FEN (null when malformed).",
            Example {
                records: &[Some("4k3/8/8/8/8/8/8/4K3 w – –")],
                options: "lenient",
                result: r#"["4k3/8/8/8/8/8/8/4K3 w - - 0 1"]"#,
                ..Example::PLAIN
            },
            |records, _, options| crate::fen_canonical(records, &options.read, &options.write),
        )
    },
    ColumnFunction {
        ..ColumnFunction::of_fen(
            "fen_board",
            "Each well-formed record's board as 64 characters, rank 8 first, `.` for an empty square (null when malformed).",
            Example::of(
                &[Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1")],
                r#"["....k.......................................................K..."]"#,
            ),
            |records, _, options| crate::fen_board(records, &options.read),
        )
    },
    ColumnFunction {
        ..ColumnFunction::of_fen(
            "fen_key",
            "Each valid record's four-field key: placement, side, castling, and the en passant square only when a legal capture exists, so that transpositions share a key (null when not valid).",
            Example::of(
                &[Some(AFTER_E4)],
                r#"["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"]"#,
            ),
            |records, _, options| crate::fen_key(records, &options.read),
        )
    },
    ColumnFunction {
        returns: || DataType::UInt64,
        ..ColumnFunction::of_fen(
            "fen_polyglot_key",
            "Each valid record's Polyglot key, as opening books store it (null when not valid).",
            Example::of(&[Some(START)], "[5060803636482931868]"),
            |records, _, options| crate::fen_polyglot_key(records, &options.read),
        )
    },
    ColumnFunction {
        returns: || DataType::Int64,
        ..ColumnFunction::of_fen(
            "fen_polyglot_key_i64",
            "`fen_polyglot_key` as a signed 64-bit integer with the same bits, for engines without unsigned integers (Spark).",
            Example::of(&[Some(AFTER_E4)], "[-9062197578030825066]"),
            |records, _, options| crate::fen_polyglot_key_i64(records, &options.read),
        )
    },
    ColumnFunction {
        ..ColumnFunction::of_fen(
            "fen_side",
            "Each well-formed record's side to move, `white` or `black`.",
            Example::of(&[Some("4k3/8/8/8/8/8/8/4K3 b - - 0 1")], r#"["black"]"#),
            |records, _, options| crate::fen_side(records, &options.read),
        )
    },
    ColumnFunction {
        ..ColumnFunction::of_fen(
            "fen_describe",
            "Each well-formed record in words, as a screen reader says it: each side's pieces by kind with their squares, the side to move (with check, checkmate or stalemate where the position can be played), castling and en passant (`fen describe --style spoken`).",
            Example::of(
                &[Some("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")],
                r#"["White: King on g1, Rook on a8. Black: King on g8, pawns on f7, g7 and h7. Black to move, checkmated."]"#,
            ),
            |records, _, options| crate::fen_describe(records, &options.read),
        )
    },
    ColumnFunction {
        returns: || DataType::UInt16,
        ..ColumnFunction::of_fen(
            "fen_chess960_number",
            "The Chess960 start number (0 to 959; 518 is the classical start) of each record that is a Chess960 start position (White to move, all four castling rights, no en passant square), as python-chess's `Board.chess960_pos()` says it; castling is read as Chess960's whatever the options say; null for any other position.",
            Example::of(&[Some(START), Some(AFTER_E4)], "[518, null]"),
            |records, _, options| crate::fen_chess960_number(records, &options.read),
        )
    },
    ColumnFunction {
        returns: crate::material_type,
        ..ColumnFunction::of_fen(
            "fen_material",
            "Each well-formed record's pieces counted: a struct of twelve counts, `white_pawns` … `black_kings`.",
            Example::of(
                &[Some("4k3/8/8/8/8/8/PPP5/4K3 w - - 0 1")],
                r#"[{"white_pawns": 3, "white_knights": 0, "white_bishops": 0, "white_rooks": 0, "white_queens": 0, "white_kings": 1, "black_pawns": 0, "black_knights": 0, "black_bishops": 0, "black_rooks": 0, "black_queens": 0, "black_kings": 1}]"#,
            ),
            |records, _, options| crate::fen_material(records, &options.read),
        )
    },
    ColumnFunction {
        ..ColumnFunction::of_fen(
            "fen_check_status",
            "Each valid record's check status: `none`, `check`, `checkmate` or `stalemate`.",
            Example::of(
                &[Some("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1")],
                r#"["checkmate"]"#,
            ),
            |records, _, options| crate::fen_check_status(records, &options.read),
        )
    },
    ColumnFunction {
        returns: crate::opening_type,
        ..ColumnFunction::of_fen(
            "fen_opening",
            "The named opening of each valid record's position, by position (so transpositions find it): a struct `{eco, name}`, null when no line of the ECO table reaches it.",
            Example::of(
                &[Some(
                    "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
                )],
                r#"[{"eco": "C60", "name": "Ruy Lopez"}]"#,
            ),
            |records, _, options| crate::fen_opening(records, &options.read),
        )
    },
    ColumnFunction {
        ..ColumnFunction::of_fen(
            "fen_signature",
            "Each well-formed record's material signature: White's pieces, `v`, Black's, each side K then Q R B N P (`KRPvKR`), as `fen search --material` reads them.",
            Example::of(&[Some("8/8/4k3/8/8/3KR3/4P3/8 w - - 0 1")], r#"["KRPvK"]"#),
            |records, _, options| crate::fen_signature(records, &options.read),
        )
    },
    ColumnFunction {
        beside: Some(Beside {
            name: "pattern",
            optional: false,
        }),
        returns: || DataType::Boolean,
        ..ColumnFunction::of_fen(
            "fen_matches",
            "Whether each well-formed record's pieces stand where `pattern` wants them: a placement whose letters are pieces on their squares, whose digits leave squares free and whose `.` asks for an empty square, as `fen search --pattern` reads it (`8/8/8/8/8/8/5P2/5RK1`: castled short, the f-pawn home). `pattern` is a column of the same length or one value for every row; null for a record that is not well-formed.",
            Example {
                records: &[Some(AFTER_E4), Some(START)],
                beside: Some("8/8/8/8/4P3/8/8/8"),
                result: "[true, false]",
                ..Example::PLAIN
            },
            |records, beside, options| crate::fen_matches(records, required(beside), &options.read),
        )
    },
    ColumnFunction {
        beside: Some(Beside {
            name: "moves",
            optional: false,
        }),
        writes_fen: true,
        ..ColumnFunction::of_fen(
            "fen_play",
            "The FEN after `moves` from each valid record: moves in SAN or UCI, separated by spaces, move numbers allowed; `moves` is a column of the same length or one value for every row. Null when a move cannot be played. The lichess puzzle idiom: the puzzle's position is `fen_play(FEN, first move of Moves)`.",
            Example {
                records: &[Some(START)],
                beside: Some("e2e4 c5"),
                result: r#"["rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2"]"#,
                ..Example::PLAIN
            },
            |records, beside, options| {
                crate::fen_play(records, required(beside), &options.read, &options.write)
            },
        )
    },
    ColumnFunction {
        records: "movetext",
        beside: Some(Beside {
            name: "start",
            optional: true,
        }),
        returns: crate::positions_type,
        ..ColumnFunction::of_fen(
            "pgn_positions",
            "Every position of each game's mainline: a list of structs `{ply, san, uci, fen}`, ply 0 the start. Each row is PGN movetext or a whole game; a second column (or one value for every row) gives start positions for games without a `[FEN]` tag. Null when a word of the mainline is not a legal move.",
            Example::of(
                &[Some("1. e4 *")],
                r#"[[{"ply": 0, "san": null, "uci": null, "fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"}, {"ply": 1, "san": "e4", "uci": "e2e4", "fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"}]]"#,
            ),
            |records, beside, options| crate::pgn_positions(records, beside, &options.read),
        )
    },
    ColumnFunction {
        records: "movetext",
        beside: Some(Beside {
            name: "fen",
            optional: false,
        }),
        returns: || DataType::Int64,
        ..ColumnFunction::of_fen(
            "pgn_reaches",
            "The first ply at which each game's mainline reaches the position `fen` (ply 0 its start), compared as `fen search --fen` compares positions: placement, side to move, castling rights, and the en passant square only where a legal capture exists, so another order of moves counts. Null when it never does, up to its end or up to a move that cannot be played. Each row is PGN movetext or a whole game, from its `[FEN]` tag or the standard start; `fen` is a column of the same length or one value for every row.",
            Example {
                records: &[Some("1. Nf3 Nf6 2. d4 d5 *"), Some("1. e4 e5 *")],
                beside: Some("rnbqkb1r/ppp1pppp/5n2/3p4/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 3"),
                result: "[4, null]",
                ..Example::PLAIN
            },
            |records, beside, options| crate::pgn_reaches(records, required(beside), &options.read),
        )
    },
    ColumnFunction {
        records: "movetext",
        beside: Some(Beside {
            name: "start",
            optional: true,
        }),
        returns: crate::annotations_type,
        ..ColumnFunction::of_fen(
            "pgn_annotations",
            "What each ply of each game's mainline says besides its move, ply 0 being what stands before the first move: a list of structs `{ply, san, clock, emt, eval_cp, eval_mate, nags, comment, arrows, circles, accuracy}`: the mover's clock after the move and the time it took in seconds (`[%clk]`, `[%emt]`), the evaluation from White's view in centipawns or mate in N (`[%eval]`), annotation glyphs as numbers, the comment's words without its commands, lichess's arrows and circles (`Ge2e4`, `Rd4`), and the move's accuracy from 0 to 100 by lichess's formula over the evaluations before and after it (the first move's before taken as +0.15, as lichess takes it). Rows as `pgn_positions` takes them, null where it gives null: the two zip by ply.",
            Example {
                records: &[Some(
                    "1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... c5 $1 { [%eval 0.10] Sicilian [%cal Gg1f3] } *",
                )],
                result: r#"[[{"ply": 0, "san": null, "clock": null, "emt": null, "eval_cp": null, "eval_mate": null, "nags": [], "comment": null, "arrows": [], "circles": [], "accuracy": null}, {"ply": 1, "san": "e4", "clock": 180.0, "emt": null, "eval_cp": 17, "eval_mate": null, "nags": [], "comment": null, "arrows": [], "circles": [], "accuracy": 100.0}, {"ply": 2, "san": "c5", "clock": null, "emt": null, "eval_cp": 10, "eval_mate": null, "nags": [1], "comment": "Sicilian", "arrows": ["Gg1f3"], "circles": [], "accuracy": 100.0}]]"#,
                ..Example::PLAIN
            },
            |records, beside, options| crate::pgn_annotations(records, beside, &options.read),
        )
    },
    ColumnFunction {
        beside: SYZYGY,
        returns: || DataType::Int8,
        ..ColumnFunction::of_fen(
            "fen_wdl",
            "Each valid record's result for the side to move from Syzygy endgame tables, as their WDL: 2 won, 1 won but spoiled by the fifty-move rule, 0 drawn, -1 lost but saved by it, -2 lost, as if the position had just been reached by a capture or pawn move (the halfmove clock not counted, as Syzygy's tables and python-chess's `probe_wdl` give it). The tables' folders are `syzygy` (one value for every row, folders split by `:`) or, without it, `SYZYGY_PATH`; they are opened once a process. Null where the tables cannot answer: `fen_tb_errors` says why.",
            Example::of(
                &[Some(KPK_WON), Some(KPK_LOST), Some(START)],
                "[2, -2, null]",
            ),
            |records, beside, options| crate::fen_wdl(records, beside, &options.read),
        )
    },
    ColumnFunction {
        beside: SYZYGY,
        returns: || DataType::Int32,
        ..ColumnFunction::of_fen(
            "fen_dtz",
            "Each valid record's DTZ from Syzygy endgame tables: the plies to a capture or pawn move by best play, positive when the side to move wins, negative when it loses, 0 for a draw, as python-chess's `probe_dtz` gives it (the tables round some by one). Tables as `fen_wdl` finds them; null where they cannot answer.",
            Example::of(&[Some(KPK_WON), Some(KPK_LOST)], "[3, -4]"),
            |records, beside, options| crate::fen_dtz(records, beside, &options.read),
        )
    },
    ColumnFunction {
        beside: SYZYGY,
        ..ColumnFunction::of_fen(
            "fen_tb_category",
            "Each valid record's result for the side to move in lichess's tablebase categories: `win`, `cursed-win` (won, but the fifty-move rule comes first), `draw`, `blessed-loss`, `loss`, and `maybe-win` or `maybe-loss` where the halfmove clock and DTZ's rounding leave it open, as `fen tb` and lichess's tablebase say it. Tables as `fen_wdl` finds them; null where they cannot answer.",
            Example::of(&[Some(KPK_WON), Some(KPK_LOST)], r#"["win", "loss"]"#),
            |records, beside, options| crate::fen_tb_category(records, beside, &options.read),
        )
    },
    ColumnFunction {
        beside: SYZYGY,
        ..ColumnFunction::of_fen(
            "fen_tb_best",
            "Each valid record's best move by Syzygy endgame tables, in SAN: the first of every legal move ordered as lichess's tablebase orders them (a win kept, the quickest to zeroing; a loss put off longest). Tables as `fen_wdl` finds them; null where they cannot answer or no move is left.",
            Example::of(&[Some(KPK_WON), Some(KPK_LOST)], r#"["Kd6", "Kd8"]"#),
            |records, beside, options| crate::fen_tb_best(records, beside, &options.read),
        )
    },
    ColumnFunction {
        beside: SYZYGY,
        returns: crate::errors_type,
        ..ColumnFunction::of_fen(
            "fen_tb_errors",
            "Why the endgame tables give a record no answer, in `fen_errors`'s shape: the record's own problems where it is not valid, else one `not-in-tables` problem that names the table file its material needs (`KQRvKR.rtbw`), or says it has more pieces than the tables hold, castling rights (no table has them) or a variant's rules; an empty list where the tables answer. Tables as `fen_wdl` finds them.",
            Example::of(
                &[Some(KPK_WON), Some("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")],
                r#"[[], [{"code": "not-in-tables", "severity": "error", "class": "malformed", "field": "record", "line": null, "column": 1, "end_column": 31, "record_column": 1, "message": "not in the tables: the tables hold no position with castling rights", "square": null}]]"#,
            ),
            |records, beside, options| crate::fen_tb_errors(records, beside, &options.read),
        )
    },
];
