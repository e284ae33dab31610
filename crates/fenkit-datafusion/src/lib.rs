//! The fenkit column functions (`fenkit-arrow`) as DataFusion scalar
//! UDFs under their SQL names: `fen_valid`, `fen_errors`,
//! `fen_canonical`, `fen_board`, `fen_key`, `fen_polyglot_key`,
//! `fen_polyglot_key_i64`, `fen_side`, `fen_material`,
//! `fen_check_status`, `fen_opening`, `fen_play(fen, moves)` and
//! `pgn_positions(movetext[, start])`.
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

use arrow_array::ArrayRef;
use arrow_schema::{ArrowError, DataType};
use datafusion_common::{DataFusionError, Result, ScalarValue, exec_err, plan_err};
use datafusion_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature, TypeSignature,
    Volatility, registry::FunctionRegistry,
};
use fenkit_arrow::Options;

/// What a function does, and so how many arguments it takes before its
/// options.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Kind {
    Valid,
    Errors,
    Canonical,
    Board,
    Key,
    PolyglotKey,
    PolyglotKeyI64,
    Side,
    Material,
    CheckStatus,
    Opening,
    Play,
    Positions,
}

const FUNCTIONS: [(&str, Kind); 13] = [
    ("fen_valid", Kind::Valid),
    ("fen_errors", Kind::Errors),
    ("fen_canonical", Kind::Canonical),
    ("fen_board", Kind::Board),
    ("fen_key", Kind::Key),
    ("fen_polyglot_key", Kind::PolyglotKey),
    ("fen_polyglot_key_i64", Kind::PolyglotKeyI64),
    ("fen_side", Kind::Side),
    ("fen_material", Kind::Material),
    ("fen_check_status", Kind::CheckStatus),
    ("fen_opening", Kind::Opening),
    ("fen_play", Kind::Play),
    ("pgn_positions", Kind::Positions),
];

impl Kind {
    /// Arguments before the options: the record, and for two functions a
    /// second column (moves; start positions, which may be left out).
    fn columns(self) -> (usize, usize) {
        match self {
            Kind::Play => (2, 2),
            Kind::Positions => (1, 2),
            _ => (1, 1),
        }
    }

    fn return_type(self) -> DataType {
        match self {
            Kind::Valid => DataType::Boolean,
            Kind::Errors => fenkit_arrow::errors_type(),
            Kind::PolyglotKey => DataType::UInt64,
            Kind::PolyglotKeyI64 => DataType::Int64,
            Kind::Material => fenkit_arrow::material_type(),
            Kind::Opening => fenkit_arrow::opening_type(),
            Kind::Positions => fenkit_arrow::positions_type(),
            Kind::Canonical
            | Kind::Board
            | Kind::Key
            | Kind::Side
            | Kind::CheckStatus
            | Kind::Play => DataType::Utf8,
        }
    }

    fn run(
        self,
        record: &ArrayRef,
        beside: Option<&ArrayRef>,
        options: &Options,
    ) -> Result<ArrayRef, ArrowError> {
        let (read, write) = (&options.read, &options.write);
        let record = record.as_ref();
        match self {
            Kind::Valid => fenkit_arrow::fen_valid(record, read),
            Kind::Errors => fenkit_arrow::fen_errors(record, read),
            Kind::Canonical => fenkit_arrow::fen_canonical(record, read, write),
            Kind::Board => fenkit_arrow::fen_board(record, read),
            Kind::Key => fenkit_arrow::fen_key(record, read),
            Kind::PolyglotKey => fenkit_arrow::fen_polyglot_key(record, read),
            Kind::PolyglotKeyI64 => fenkit_arrow::fen_polyglot_key_i64(record, read),
            Kind::Side => fenkit_arrow::fen_side(record, read),
            Kind::Material => fenkit_arrow::fen_material(record, read),
            Kind::CheckStatus => fenkit_arrow::fen_check_status(record, read),
            Kind::Opening => fenkit_arrow::fen_opening(record, read),
            Kind::Play => {
                let moves = beside.expect("fen_play takes its moves");
                fenkit_arrow::fen_play(record, moves.as_ref(), read, write)
            }
            Kind::Positions => {
                fenkit_arrow::pgn_positions(record, beside.map(|b| b.as_ref()), read)
            }
        }
    }
}

/// One fenkit function as a DataFusion UDF.
#[derive(Debug, PartialEq, Eq, Hash)]
struct FenFunction {
    name: &'static str,
    kind: Kind,
    signature: Signature,
}

impl FenFunction {
    fn new(name: &'static str, kind: Kind) -> FenFunction {
        let (least, most) = kind.columns();
        // Any types: the functions read every string and binary layout
        // (and null), and say so by name for anything else.
        let arities = (least..=most + 1).map(TypeSignature::Any).collect();
        FenFunction {
            name,
            kind,
            signature: Signature::one_of(arities, Volatility::Immutable),
        }
    }

    /// The options argument, when given: a constant string.
    fn options(&self, args: &[ColumnarValue]) -> Result<Options> {
        let (least, most) = self.kind.columns();
        let options_at = match args.len() {
            n if n == most + 1 => n - 1,
            n if n >= least && n <= most => return Ok(Options::default()),
            n => {
                return plan_err!(
                    "{} takes {least} to {} arguments, not {n}",
                    self.name,
                    most + 1
                );
            }
        };
        match &args[options_at] {
            ColumnarValue::Scalar(scalar) => match scalar.try_as_str() {
                Some(Some(words)) => Options::from_words(words)
                    .map_err(|why| DataFusionError::Plan(format!("{}: {why}", self.name))),
                Some(None) => Ok(Options::default()),
                None => plan_err!(
                    "{}: the options are text, such as 'lenient, chess960'",
                    self.name
                ),
            },
            ColumnarValue::Array(_) => {
                plan_err!(
                    "{}: the options must be a constant, such as 'lenient'",
                    self.name
                )
            }
        }
    }
}

impl ScalarUDFImpl for FenFunction {
    fn name(&self) -> &str {
        self.name
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn return_type(&self, _: &[DataType]) -> Result<DataType> {
        Ok(self.kind.return_type())
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let options = self.options(&args.args)?;
        let (_, most) = self.kind.columns();
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
        let out = match self.kind.run(&record, beside.as_ref(), &options) {
            Ok(out) => out,
            Err(ArrowError::InvalidArgumentError(why)) => return exec_err!("{}: {why}", self.name),
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
        .map(|&(name, kind)| ScalarUDF::new_from_impl(FenFunction::new(name, kind)))
        .collect()
}

/// Registers every fenkit function with `registry` (a `SessionContext`).
pub fn register(registry: &mut dyn FunctionRegistry) -> Result<()> {
    for function in functions() {
        registry.register_udf(Arc::new(function))?;
    }
    Ok(())
}
