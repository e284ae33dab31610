//! PGN files as tables: one row per game (see `fenkit_arrow::read_pgn`),
//! by path (`FROM 'games.pgn.zst'`) or through `read_pgn('games.pgn')`.

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

/// One PGN file, read from its start each time the table is scanned.
#[derive(Debug)]
struct PgnFile {
    path: PathBuf,
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
            match fenkit_arrow::read_pgn(&self.path) {
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

/// The table of the games in the PGN file at `path`.
pub fn table(path: PathBuf) -> Result<Arc<dyn TableProvider>> {
    let schema = fenkit_arrow::pgn_schema();
    let file = Arc::new(PgnFile {
        path,
        schema: schema.clone(),
    });
    Ok(Arc::new(StreamingTable::try_new(schema, vec![file])?))
}

/// `read_pgn('games.pgn')`: the games of a PGN file, compressed or not.
#[derive(Debug)]
pub struct ReadPgn;

impl TableFunctionImpl for ReadPgn {
    fn call_with_args(&self, args: TableFunctionArgs) -> Result<Arc<dyn TableProvider>> {
        match args.exprs() {
            [Expr::Literal(ScalarValue::Utf8(Some(path)), _)]
            | [Expr::Literal(ScalarValue::Utf8View(Some(path)), _)]
            | [Expr::Literal(ScalarValue::LargeUtf8(Some(path)), _)] => table(path.into()),
            _ => plan_err!(
                "read_pgn takes one argument, the path of a PGN file, such as read_pgn('games.pgn.zst')"
            ),
        }
    }
}
