//! The fenkit column functions as DataFusion scalar UDFs, made from the
//! one table ([`fenkit_arrow::FUNCTIONS`]) under their SQL names:
//! `fen_valid(fen)`, `fen_errors`, `fen_canonical`, … ,
//! `fen_play(fen, moves)` and `pgn_positions(movetext[, start])`.
//!
//! Each takes an optional last argument of options as words, a constant:
//! `fen_valid(FEN, 'lenient, chess960')`, `fen_canonical(FEN, 'ep=legal')`
//! (see [`fenkit_arrow::Options::from_words`]). Null in, null out; a
//! malformed record is data (`fen_errors` says why), never a failed query.
//!
//! ```
//! use datafusion::prelude::SessionContext;
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! let mut ctx = SessionContext::new();
//! fenkit_datafusion::register(&mut ctx)?;
//! let batches = ctx.sql("SELECT fen_valid('8/8 w') AS valid").await?.collect().await?;
//! assert_eq!(batches[0].num_rows(), 1);
//! # Ok(())
//! # }
//! ```

use std::sync::Arc;

use arrow_schema::{ArrowError, DataType};
use datafusion_common::{DataFusionError, Result, ScalarValue, exec_err, plan_err};
use datafusion_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature, TypeSignature,
    Volatility, registry::FunctionRegistry,
};
use fenkit_arrow::{ColumnFunction, FUNCTIONS, Options};

/// One fenkit function as a DataFusion UDF.
#[derive(Debug)]
struct FenFunction {
    function: &'static ColumnFunction,
    signature: Signature,
}

// A UDF is known by its name: the table holds each name once.
impl PartialEq for FenFunction {
    fn eq(&self, other: &FenFunction) -> bool {
        self.function.name == other.function.name
    }
}

impl Eq for FenFunction {}

impl std::hash::Hash for FenFunction {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.function.name.hash(state);
    }
}

impl FenFunction {
    fn new(function: &'static ColumnFunction) -> FenFunction {
        let (least, most) = function.columns();
        // Any types: the functions read every string and binary layout
        // (and null), and say so by name for anything else.
        let arities = (least..=most + 1).map(TypeSignature::Any).collect();
        FenFunction {
            function,
            signature: Signature::one_of(arities, Volatility::Immutable),
        }
    }

    /// The options argument, when given: a constant string.
    fn options(&self, args: &[ColumnarValue]) -> Result<Options> {
        let (least, most) = self.function.columns();
        let options_at = match args.len() {
            n if n == most + 1 => n - 1,
            n if n >= least && n <= most => return Ok(Options::default()),
            n => {
                return plan_err!(
                    "{} takes {least} to {} arguments, not {n}",
                    self.function.name,
                    most + 1
                );
            }
        };
        match &args[options_at] {
            ColumnarValue::Scalar(scalar) => match scalar.try_as_str() {
                Some(Some(words)) => Options::from_words(words)
                    .map_err(|why| DataFusionError::Plan(format!("{}: {why}", self.function.name))),
                Some(None) => Ok(Options::default()),
                None => plan_err!(
                    "{}: the options are text, such as 'lenient, chess960'",
                    self.function.name
                ),
            },
            ColumnarValue::Array(_) => {
                plan_err!(
                    "{}: the options must be a constant, such as 'lenient'",
                    self.function.name
                )
            }
        }
    }
}

impl ScalarUDFImpl for FenFunction {
    fn name(&self) -> &str {
        self.function.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _: &[DataType]) -> Result<DataType> {
        Ok((self.function.returns)())
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let options = self.options(&args.args)?;
        let (_, most) = self.function.columns();
        let columns = &args.args[..args.args.len().min(most)];
        let all_constant = columns
            .iter()
            .all(|c| matches!(c, ColumnarValue::Scalar(_)));
        let rows = if all_constant { 1 } else { args.number_rows };
        let record = columns[0].to_array(rows)?;
        // A constant second column stays one row: the functions read it
        // for every record.
        let beside = columns
            .get(1)
            .map(|c| {
                c.to_array(if matches!(c, ColumnarValue::Scalar(_)) {
                    1
                } else {
                    rows
                })
            })
            .transpose()?;
        let out = match self.function.call(&record, beside.as_deref(), &options) {
            Ok(out) => out,
            Err(ArrowError::InvalidArgumentError(why)) => {
                return exec_err!("{}: {why}", self.function.name);
            }
            Err(other) => return Err(DataFusionError::ArrowError(Box::new(other), None)),
        };
        if all_constant {
            Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(&out, 0)?))
        } else {
            Ok(ColumnarValue::Array(out))
        }
    }
}

/// Every fenkit function as a UDF, under its SQL name.
pub fn functions() -> Vec<ScalarUDF> {
    FUNCTIONS
        .iter()
        .map(|function| ScalarUDF::new_from_impl(FenFunction::new(function)))
        .collect()
}

/// Registers every fenkit function with `registry` (a `SessionContext`).
pub fn register(registry: &mut dyn FunctionRegistry) -> Result<()> {
    for function in functions() {
        registry.register_udf(Arc::new(function))?;
    }
    Ok(())
}
