//! The `fen` command's workings, as a library so that fuzz targets and
//! tests reach the same readers and runners the binary uses. The binary
//! (`main.rs`) owns the arguments; this owns reading, running and writing.

pub mod commands;
pub mod extract;
pub mod input;
pub mod options;
pub mod output;
pub mod progress;
pub mod report;
