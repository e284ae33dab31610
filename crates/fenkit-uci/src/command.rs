//! An engine command as people write it: a program and its arguments in
//! one string, split as a POSIX shell splits words (quotes kept together),
//! so that `--engine 'stockfish'` and `--engine '"/opt/my engine" --uci'`
//! both work without a shell.

use std::fmt;

/// A program to start and its arguments.
///
/// ```
/// use fenkit_uci::EngineCommand;
///
/// let command: EngineCommand = "'/opt/my engine' --threads 1".parse()?;
/// assert_eq!(command.program, "/opt/my engine");
/// assert_eq!(command.args, ["--threads", "1"]);
/// assert!("".parse::<EngineCommand>().is_err());
/// # Ok::<_, fenkit_uci::BadCommand>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    pub program: String,
    pub args: Vec<String>,
}

/// A command string with no program, or with a quote never closed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadCommand(String);

impl fmt::Display for BadCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadCommand {}

impl std::str::FromStr for EngineCommand {
    type Err = BadCommand;

    fn from_str(text: &str) -> Result<Self, BadCommand> {
        let words = shlex::split(text)
            .ok_or_else(|| BadCommand("a quote is never closed in the engine command".into()))?;
        let mut words = words.into_iter();
        let program = words
            .next()
            .ok_or_else(|| BadCommand("the engine command names no program".into()))?;
        Ok(EngineCommand {
            program,
            args: words.collect(),
        })
    }
}

impl fmt::Display for EngineCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words =
            std::iter::once(self.program.as_str()).chain(self.args.iter().map(String::as_str));
        match shlex::try_join(words) {
            Ok(joined) => f.write_str(&joined),
            Err(_) => f.write_str(&self.program),
        }
    }
}
