//! What can go wrong with an engine, each case saying what was awaited so
//! that the message names the step of the protocol that failed.

use std::{fmt, time::Duration};

/// An engine that could not be started, would not speak UCI, went away
/// or stopped answering, or lacks what was asked of it.
#[derive(Debug)]
pub enum EngineError {
    /// The program could not be run (not found, not executable).
    Start {
        program: String,
        error: std::io::Error,
    },
    /// The program ran but never said `uciok`: no UCI engine.
    NotUci {
        program: String,
        /// What it wrote on stderr, its tail.
        stderr: String,
    },
    /// The engine exited while `waiting_for` was awaited.
    Exited {
        waiting_for: String,
        status: Option<std::process::ExitStatus>,
        stderr: String,
    },
    /// No answer within `after` while `waiting_for` was awaited; the
    /// engine was stopped.
    TimedOut {
        waiting_for: String,
        after: Duration,
        stderr: String,
    },
    /// An option the engine does not offer (`uci` lists what it offers).
    NoOption { name: String },
    /// A value the engine refuses for an option (`Hash=lots`).
    BadOption { name: String, value: String },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let stderr_tail = |f: &mut fmt::Formatter<'_>, stderr: &str| {
            let stderr = stderr.trim();
            if stderr.is_empty() {
                Ok(())
            } else {
                write!(f, "; it wrote on stderr: {}", stderr.escape_debug())
            }
        };
        match self {
            EngineError::Start { program, error } => {
                write!(f, "cannot start the engine {program:?}: {error}")
            }
            EngineError::NotUci { program, stderr } => {
                write!(
                    f,
                    "{program:?} is no UCI engine: it never answered 'uci' with 'uciok'"
                )?;
                stderr_tail(f, stderr)
            }
            EngineError::Exited {
                waiting_for,
                status,
                stderr,
            } => {
                write!(f, "the engine exited")?;
                if let Some(status) = status {
                    write!(f, " ({status})")?;
                }
                write!(f, " while fen waited for {waiting_for}")?;
                stderr_tail(f, stderr)
            }
            EngineError::TimedOut {
                waiting_for,
                after,
                stderr,
            } => {
                write!(
                    f,
                    "the engine did not answer within {} s while fen waited for {waiting_for}; it was stopped",
                    after.as_secs_f64()
                )?;
                stderr_tail(f, stderr)
            }
            EngineError::NoOption { name } => {
                write!(
                    f,
                    "the engine offers no option {name:?} (its 'uci' answer lists what it offers)"
                )
            }
            EngineError::BadOption { name, value } => {
                write!(f, "the engine's option {name:?} takes no value {value:?}")
            }
        }
    }
}

impl std::error::Error for EngineError {}

impl EngineError {
    /// Whether the engine is gone or stuck, so that it must be started
    /// again before the next position (the other errors leave it running).
    pub fn needs_restart(&self) -> bool {
        matches!(
            self,
            EngineError::Exited { .. } | EngineError::TimedOut { .. }
        )
    }
}
