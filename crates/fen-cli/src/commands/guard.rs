//! `fen guard -- ENGINE ARGS…`: a UCI proxy that keeps bad positions away
//! from an engine. Engines crash on positions no game reaches (no king, a
//! pawn on the first rank) and leave checking them to the GUI; this
//! stands between the two and checks every `position` command with
//! fenkit before the engine sees it.

use std::{
    io::{self, BufRead, BufReader, Write},
    process::{Command, Stdio},
    sync::{Arc, Mutex},
};

use fenkit::{ReadOptions, variants::named_variant};
use fenkit_uci::read_position_command;
use shakmaty::CastlingMode;

use crate::{options::VariantChoice, output::Output, run::Status};

/// Stand between a GUI or match runner and a UCI engine: every line is
/// passed both ways unchanged, except that each `position` command is
/// checked first (the FEN as the standard writes it, or its EPD form; a
/// legal position; legal UCI moves). A bad one is never sent: it is
/// answered with `info string` lines (code, column, message), and the
/// next `go` with `bestmove 0000`, so that the GUI does not wait for
/// ever. The engine keeps running; `setoption` of `UCI_Chess960` and
/// `UCI_Variant` is followed.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub variant: VariantChoice,
    /// The engine and its arguments (after `--`).
    #[arg(
        required = true,
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "ENGINE"
    )]
    pub engine: Vec<String>,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let mut read = args.variant.apply(ReadOptions::default());
    let mut child = match Command::new(&args.engine[0])
        .args(&args.engine[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
    {
        Ok(child) => child,
        Err(err) => {
            let program = fenkit::printable(&args.engine[0]);
            out.note(&format!("fen: cannot start the engine {program}: {err}"))?;
            return Ok(Status::Failed);
        }
    };
    let mut engine_in = child.stdin.take().expect("piped");
    let engine_out = child.stdout.take().expect("piped");
    // Both directions write whole lines to one standard output.
    let stdout = Arc::new(Mutex::new(io::stdout()));
    let to_gui = Arc::clone(&stdout);
    let passing = std::thread::spawn(move || -> io::Result<()> {
        let mut reader = BufReader::new(engine_out);
        let mut line = Vec::new();
        while reader.read_until(b'\n', &mut line)? > 0 {
            let mut gui = to_gui.lock().unwrap_or_else(|p| p.into_inner());
            gui.write_all(&line)?;
            gui.flush()?;
            line.clear();
        }
        Ok(())
    });
    let say = |lines: &[String]| -> io::Result<()> {
        let mut gui = stdout.lock().unwrap_or_else(|p| p.into_inner());
        for line in lines {
            writeln!(gui, "{line}")?;
        }
        gui.flush()
    };
    let mut refused = false;
    let mut line = Vec::new();
    let mut stdin = io::stdin().lock();
    while stdin.read_until(b'\n', &mut line)? > 0 {
        let text = String::from_utf8_lossy(&line).into_owned();
        let command = text.trim();
        let first = command.split_ascii_whitespace().next().unwrap_or("");
        let forward = match first {
            "position" => match read_position_command(command, &read) {
                Ok(_) => {
                    refused = false;
                    true
                }
                Err(problems) => {
                    refused = true;
                    let mut said: Vec<String> = problems
                        .iter()
                        .map(|problem| {
                            format!(
                                "info string fen guard: error[{}] at column {}: {}",
                                problem.code,
                                problem.column,
                                one_line(&problem.message)
                            )
                        })
                        .collect();
                    said.push("info string fen guard: this position was not sent to the engine; the next go is answered bestmove 0000".into());
                    say(&said)?;
                    false
                }
            },
            "go" if refused => {
                say(&["bestmove 0000".to_string()])?;
                false
            }
            "setoption" => {
                follow_option(command, &mut read);
                true
            }
            _ => true,
        };
        if forward
            && engine_in
                .write_all(&line)
                .and_then(|()| engine_in.flush())
                .is_err()
        {
            break;
        }
        line.clear();
        if first == "quit" {
            break;
        }
    }
    // The engine reads the end of its input as `quit`, as engines do.
    drop(engine_in);
    let exited = child.wait()?;
    passing.join().expect("the passing thread does not panic")?;
    Ok(match exited.success() {
        true => Status::Ok,
        false => Status::Failed,
    })
}

/// `setoption name UCI_Chess960 value true` and `… UCI_Variant value X`
/// change how positions are read.
fn follow_option(command: &str, read: &mut ReadOptions) {
    let Some(rest) = command.strip_prefix("setoption").map(str::trim) else {
        return;
    };
    let Some(rest) = rest.strip_prefix("name ") else {
        return;
    };
    let (name, value) = rest.split_once(" value ").unwrap_or((rest, ""));
    let (name, value) = (name.trim(), value.trim());
    if name.eq_ignore_ascii_case("UCI_Chess960") {
        *read = read.with_castling(match value.eq_ignore_ascii_case("true") {
            true => CastlingMode::Chess960,
            false => CastlingMode::Standard,
        });
    } else if name.eq_ignore_ascii_case("UCI_Variant")
        && let Some(named) = named_variant(value)
    {
        *read = read.with_variant(named.variant);
    }
}

/// A message kept to one line, control characters escaped.
fn one_line(message: &str) -> String {
    message
        .chars()
        .flat_map(|c| match c.is_control() {
            true => c.escape_default().collect::<Vec<_>>(),
            false => vec![c],
        })
        .collect()
}
