//! The `fen` command's workings, as a library so that fuzz targets and
//! tests reach the same readers and runners the binary uses. The binary
//! (`main.rs`) is the table of subcommands; `commands/` holds one file per
//! subcommand; the runner that feeds them records and games is the
//! `fenkit-run` library.

/// An enum of subcommands as clap reads them, and `run`, which runs the
/// one given: one list, so that a subcommand is added in one line. Each
/// is `Name(ARGS) => RUN`, `RUN` taking the arguments and the output;
/// doc comments name it in help, `[cfg(...)]` builds it conditionally.
#[macro_export]
macro_rules! subcommands {
    ($command:ident; $($(#[doc = $doc:literal])* $([$cfg:meta])? $name:ident($args:ty) => $run:expr,)+) => {
        #[derive(::clap::Subcommand)]
        pub enum $command {
            $($(#[doc = $doc])* $(#[$cfg])? $name($args),)+
        }

        impl $command {
            pub fn run(self, out: &mut $crate::output::Output) -> ::std::io::Result<$crate::run::Status> {
                match self {
                    $($(#[$cfg])? $command::$name(args) => ($run)(args, out),)+
                }
            }
        }
    };
}

pub mod codes;
pub mod commands;
pub mod counted;
pub mod engines;
pub mod options;
#[cfg(feature = "parquet")]
pub mod parquet;
pub mod rows;

/// The runner, a library of its own: its modules under the names the
/// subcommands use.
pub use fenkit_run::{extract, games, ordered, output, progress, report, reported, run};
