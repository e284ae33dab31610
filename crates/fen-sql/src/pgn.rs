//! PGN files as tables: one row per game (see `fenkit_arrow::read_pgn`),
//! by path (`FROM 'games.pgn.zst'`) or through `read_pgn('games.pgn')`;
//! `read_pgn('games.pgn', 'positions')` adds each game's positions,
//! found in the same pass that plays it.

use std::{path::PathBuf, sync::Arc};

use datafusion::{
    arrow::datatypes::SchemaRef,
    catalog::{TableFunctionArgs, TableFunctionImpl, TableProvider, streaming::StreamingTable},
    common::{ScalarValue, plan_err},
    error::{DataFusionError, Result},
    execution::{SendableRecordBatchStream, TaskContext},
    logical_expr::Expr,
    physical_plan::{stream::RecordBatchStreamAdapter, streaming::PartitionStream},
};
use fenkit_arrow::PgnColumns;

/// One PGN file, read from its start each time the table is scanned.
#[derive(Debug)]
struct PgnFile {
    path: PathBuf,
    columns: PgnColumns,
    schema: SchemaRef,
}

impl PartitionStream for PgnFile {
    fn schema(&self) -> &SchemaRef {
        &self.schema
    }

    fn execute(&self, _: Arc<TaskContext>) -> SendableRecordBatchStream {
        // The reader blocks on the file between batches; each batch is
        // thousands of games played on every core, so the wait is short
        // next to the work.
        let batches: Box<dyn Iterator<Item = Result<_>> + Send> =
            match fenkit_arrow::read_pgn_with(&self.path, self.columns) {
                Ok(batches) => Box::new(batches.map(|b| b.map_err(DataFusionError::from))),
                Err(err) => Box::new(std::iter::once(Err(DataFusionError::Execution(format!(
                    "{}: {err}",
                    self.path.display()
                ))))),
            };
        Box::pin(RecordBatchStreamAdapter::new(
            self.schema.clone(),
            futures::stream::iter(batches),
        ))
    }
}

/// The table of the games in the PGN file at `path`, with `columns`.
pub fn table(path: PathBuf, columns: PgnColumns) -> Result<Arc<dyn TableProvider>> {
    let schema = fenkit_arrow::pgn_schema_with(columns);
    let file = Arc::new(PgnFile {
        path,
        columns,
        schema: schema.clone(),
    });
    Ok(Arc::new(StreamingTable::try_new(schema, vec![file])?))
}

/// A text literal's value.
fn text(expr: &Expr) -> Option<&str> {
    match expr {
        Expr::Literal(ScalarValue::Utf8(Some(text)), _)
        | Expr::Literal(ScalarValue::Utf8View(Some(text)), _)
        | Expr::Literal(ScalarValue::LargeUtf8(Some(text)), _) => Some(text),
        _ => None,
    }
}

/// `read_pgn('games.pgn')`: the games of a PGN file, compressed or not.
#[derive(Debug)]
pub struct ReadPgn;

impl TableFunctionImpl for ReadPgn {
    fn call_with_args(&self, args: TableFunctionArgs) -> Result<Arc<dyn TableProvider>> {
        let columns = match args.exprs().get(1).map(text) {
            None => PgnColumns::default(),
            Some(Some("positions")) => PgnColumns::default().with_positions(),
            Some(_) => {
                return plan_err!(
                    "read_pgn's second argument names the further column to read: 'positions' (every position of each game, read in the same pass)"
                );
            }
        };
        match args.exprs() {
            [path] | [path, _] if text(path).is_some() => {
                table(text(path).unwrap_or_default().into(), columns)
            }
            _ => plan_err!(
                "read_pgn takes the path of a PGN file, such as read_pgn('games.pgn.zst'), and optionally 'positions'"
            ),
        }
    }
}
