//! The `fen` command's workings, as a library so that fuzz targets and
//! tests reach the same readers and runners the binary uses. The binary
//! (`main.rs`) is the table of subcommands; `commands/` holds one file per
//! subcommand, `run/` the runner that feeds them records.

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
pub mod engines;
pub mod extract;
pub mod games;
pub mod options;
pub mod ordered;
pub mod output;
pub mod parquet;
pub mod progress;
pub mod report;
pub mod rows;
pub mod run;
