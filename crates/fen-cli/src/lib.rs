//! The `fen` command's workings, as a library so that fuzz targets and
//! tests reach the same readers and runners the binary uses. The binary
//! (`main.rs`) is the table of subcommands; `commands/` holds one file per
//! subcommand, `run/` the runner that feeds them records.

pub mod codes;
pub mod commands;
pub mod extract;
pub mod games;
pub mod options;
pub mod output;
pub mod parquet;
pub mod progress;
pub mod report;
pub mod rows;
pub mod run;
