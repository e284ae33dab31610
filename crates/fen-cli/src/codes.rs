//! The command's own problem codes: problems of the input around a record,
//! or of what the command is asked to write, that the library's parser
//! never meets. They travel in fenkit's diagnostics as [`Code::Input`] and
//! read like the library's codes everywhere (standard error, JSON, rows,
//! stats).

use fenkit::Code;

/// The line holding a record is longer than `--max-line-bytes`.
pub const LINE_TOO_LONG: Code = Code::Input("line-too-long");

/// The record is longer than the reader accepts, in a row (a CSV column,
/// a JSON value) that is not too long itself.
pub const RECORD_TOO_LONG: Code = Code::Input("record-too-long");

/// The CSV/TSV column or JSON key that should hold the record is not
/// there.
pub const MISSING_COLUMN: Code = Code::Input("missing-column");

/// A record beyond the first where the output holds one image only.
pub const ONE_IMAGE_ONLY: Code = Code::Input("one-image-only");
