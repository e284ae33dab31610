//! The runner's own problem codes: problems of the input around a record
//! that the library's parser never meets. They travel in fenkit's
//! diagnostics as [`Code::Input`]; the command lists them with its own.

use fenkit::Code;

pub const LINE_TOO_LONG: Code = Code::Input("line-too-long");
pub const RECORD_TOO_LONG: Code = Code::Input("record-too-long");
pub const MISSING_COLUMN: Code = Code::Input("missing-column");
