//! Every UDF in SQL through a SessionContext: nulls, bad records,
//! constant arguments, options, every string layout, and the errors a
//! query makes (never for a bad record).

use datafusion::{
    arrow::util::pretty::pretty_format_batches, assert_batches_eq, prelude::SessionContext,
};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

async fn context() -> SessionContext {
    let mut ctx = SessionContext::new();
    fenkit_datafusion::register(&mut ctx).unwrap();
    ctx.sql(&format!(
        "CREATE TABLE fens AS VALUES (1, '{START}', 'e2e4 c7c5'), (2, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1', 'e4'), (3, NULL, 'e4'), (4, '4k3/8/8/8/8/8/8/4K2P w - - 0 1', NULL), (5, '7k/6Q1/6K1/8/8/8/8/8 b - - 0 1', 'Kg8')"
    ))
    .await
    .unwrap();
    ctx
}

async fn rows(ctx: &SessionContext, sql: &str) -> Vec<String> {
    let batches = ctx.sql(sql).await.unwrap().collect().await.unwrap();
    pretty_format_batches(&batches)
        .unwrap()
        .to_string()
        .lines()
        .map(str::to_string)
        .collect()
}

#[tokio::test]
async fn every_function_answers_row_by_row_with_nulls_in_place() {
    let ctx = context().await;
    let batches = ctx
        .sql("SELECT column1 AS n, fen_valid(column2) AS valid, fen_side(column2) AS side, fen_check_status(column2) AS status, fen_polyglot_key(column2) AS polyglot, fen_material(column2)['white_kings'] AS kings FROM fens ORDER BY n")
        .await.unwrap().collect().await.unwrap();
    assert_batches_eq!(
        [
            "+---+-------+-------+-----------+----------------------+-------+",
            "| n | valid | side  | status    | polyglot             | kings |",
            "+---+-------+-------+-----------+----------------------+-------+",
            "| 1 | true  | white | none      | 5060803636482931868  | 1     |",
            "| 2 | false |       |           |                      |       |",
            "| 3 |       |       |           |                      |       |",
            "| 4 | false | white |           |                      | 1     |",
            "| 5 | true  | black | checkmate | 17279527023542661452 | 1     |",
            "+---+-------+-------+-----------+----------------------+-------+",
        ],
        &batches
    );
}

#[tokio::test]
async fn keys_boards_openings_and_canonical_fen() {
    let ctx = context().await;
    let got = rows(&ctx, "SELECT fen_key(fen_play(column2, column3)) AS key, fen_opening(fen_play(column2, column3))['name'] AS opening, substr(fen_board(column2), 1, 8) AS rank8 FROM fens WHERE column1 = 1").await;
    assert!(
        got[3].contains("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -"),
        "{got:?}"
    );
    assert!(got[3].contains("Sicilian Defense"), "{got:?}");
    assert!(got[3].contains("rnbqkbnr"), "{got:?}");
    let got = rows(
        &ctx,
        "SELECT fen_canonical('4k3/8/8/8/8/8/8/4K3 w – –', 'lenient') AS fen",
    )
    .await;
    assert_eq!(got[3], "| 4k3/8/8/8/8/8/8/4K3 w - - 0 1 |");
    let got = rows(
        &ctx,
        "SELECT fen_polyglot_key_i64(column2) AS k FROM fens WHERE column1 = 1",
    )
    .await;
    assert_eq!(got[3], "| 5060803636482931868 |");
}

#[tokio::test]
async fn errors_are_data_with_code_column_and_square() {
    let ctx = context().await;
    let got = rows(&ctx, "SELECT column1 AS n, e['code'] AS code, e['column'] AS col, e['square'] AS sq FROM (SELECT column1, unnest(fen_errors(column2)) AS e FROM fens) ORDER BY n").await;
    assert_eq!(got[3], "| 2 | rank-too-short    | 36  |    |");
    assert_eq!(got[4], "| 4 | pawn-on-back-rank | 20  | h1 |");
}

#[tokio::test]
async fn constants_layouts_and_options() {
    let ctx = context().await;
    for layout in [
        "Utf8",
        "LargeUtf8",
        "Utf8View",
        "Binary",
        "LargeBinary",
        "BinaryView",
    ] {
        let got = rows(
            &ctx,
            &format!(
                "SELECT fen_valid(arrow_cast(column2, '{layout}')) AS v FROM fens ORDER BY column1"
            ),
        )
        .await;
        assert_eq!(
            got[3..8],
            [
                "| true  |",
                "| false |",
                "|       |",
                "| false |",
                "| true  |"
            ],
            "{layout}"
        );
    }
    let got = rows(&ctx, "SELECT fen_valid(NULL) AS v, fen_valid('r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1', 'reachable') AS r").await;
    assert_eq!(got[3], "|   | false |");
    let got = rows(
        &ctx,
        "SELECT fen_play(column2, 'e4') AS after FROM fens WHERE column1 <= 2 ORDER BY column1",
    )
    .await;
    assert!(
        got[3].contains("4P3") && got[4].trim_matches(|c| c == '|' || c == ' ').is_empty(),
        "{got:?}"
    );
    let got = rows(&ctx, "SELECT cardinality(pgn_positions('1. e4 e5 2. Nf3 *')) AS n, cardinality(pgn_positions('1. Kd2 *', '4k3/8/8/8/8/8/8/4K3 w - - 0 1')) AS m, pgn_positions('1. e4 Zz9 *') IS NULL AS bad").await;
    assert_eq!(got[3], "| 4 | 2 | true |");
}

/// The error `sql` gives when its batches are collected.
async fn query_error(ctx: &SessionContext, sql: &str) -> String {
    let frame = ctx.sql(sql).await.unwrap();
    frame.collect().await.unwrap_err().to_string()
}

#[tokio::test]
async fn a_query_fails_only_for_what_the_query_says() {
    let ctx = context().await;
    let err = query_error(&ctx, "SELECT fen_valid(column2, 'lenent') FROM fens").await;
    assert!(err.contains("'lenent' is not one of"), "{err}");
    let err = query_error(&ctx, "SELECT fen_valid(column1) FROM fens").await;
    assert!(err.contains("must be text"), "{err}");
    let err = query_error(&ctx, "SELECT fen_valid(column2, column3) FROM fens").await;
    assert!(err.contains("must be a constant"), "{err}");
}

/// The shared 3-4-piece Syzygy tables.
const SHARED_TABLES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/data/syzygy/regular"
);

/// Every function of the table is a UDF of its name, declares the table's
/// type, and gives in SQL what its kernel gives on its example.
#[tokio::test]
async fn every_function_of_the_table_is_registered_and_answers_its_example() {
    use datafusion::{
        arrow::array::{Array, StringArray},
        execution::FunctionRegistry,
    };

    let ctx = context().await;
    for function in fenkit_arrow::FUNCTIONS {
        let udf = ctx
            .udf(function.name)
            .unwrap_or_else(|_| panic!("{} is registered", function.name));
        let declared = udf.return_type(&[]).unwrap();
        assert_eq!(declared, (function.returns)(), "{}", function.name);
        let example = function.example;
        let record = example.records[0].expect("a record");
        let quote = |text: &str| format!("'{}'", text.replace('\'', "''"));
        let mut args = vec![quote(record)];
        // The tablebase functions answer their examples from the shared
        // tables, named as a query names its folder.
        let beside = match function.beside.map(|beside| beside.name) {
            Some("syzygy") if !std::path::Path::new(SHARED_TABLES).is_dir() => {
                let in_ci =
                    std::env::var_os("CI").is_some_and(|ci| !ci.is_empty() && ci != "false");
                assert!(
                    !in_ci,
                    "{SHARED_TABLES} is missing, and CI must answer from it"
                );
                eprintln!(
                    "skipped: {}'s example, {SHARED_TABLES} missing",
                    function.name
                );
                continue;
            }
            Some("syzygy") => Some(SHARED_TABLES),
            _ => example.beside,
        };
        args.extend(beside.map(quote));
        if !example.options.is_empty() {
            if function.beside.is_some() && example.beside.is_none() {
                args.push("NULL".into());
            }
            args.push(quote(example.options));
        }
        let sql = format!("SELECT {}({}) AS x", function.name, args.join(", "));
        let batches = ctx.sql(&sql).await.unwrap().collect().await.unwrap();
        let got = batches[0].column(0);
        assert_eq!(got.data_type(), &declared, "{sql}");
        let records = StringArray::from(vec![record]);
        let beside = beside.map(|b| StringArray::from(vec![b]));
        let options = fenkit_arrow::Options::from_words(example.options).unwrap();
        let kernel = function
            .call(&records, beside.as_ref().map(|b| b as &dyn Array), &options)
            .unwrap();
        assert_eq!(got.to_data(), kernel.to_data(), "{sql}");
    }
}
