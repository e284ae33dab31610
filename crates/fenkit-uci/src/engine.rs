//! The engine process: started, spoken to line by line, waited for with a
//! time limit, stopped when dropped.
//!
//! Two threads per engine read its stdout (lines, handed over a channel so
//! that every wait can time out) and its stderr (kept, the tail shown when
//! the engine fails); the engine's stdin is written on the caller's
//! thread.

use std::{
    io::{BufRead, BufReader, Read, Write},
    process::{Child, ChildStdin, Command, Stdio},
    sync::{
        Arc, Mutex,
        mpsc::{Receiver, RecvTimeoutError, channel},
    },
    time::{Duration, Instant},
};

use fenkit::variants::{Variant, VariantPosition, named_variant};
use shakmaty::{EnPassantMode, Position, uci::UciMove};

use crate::{
    EngineCommand, EngineError,
    options::{Offered, accepts, read_option},
    perft::{Divide, read_divide_line, read_total_line},
    search::{Info, Limit, Search},
};

/// How much of an engine's stderr is kept: its tail, where the reason for
/// a crash stands.
const STDERR_KEPT: usize = 4096;

/// How an engine is set up and how long it is waited for.
#[derive(Clone, Debug)]
pub struct Settings {
    /// `setoption name NAME value VALUE`, in this order, after `uciok`.
    pub options: Vec<(String, String)>,
    /// The positions' variant: `UCI_Variant` is set when it is not
    /// standard chess (the engine must offer it).
    pub variant: Variant,
    /// Castling moves written king-takes-rook and `UCI_Chess960` set.
    pub chess960: bool,
    /// The longest wait for `uciok` and `readyok`.
    pub handshake: Duration,
    /// The longest wait for a search's `bestmove` or a perft's total
    /// (past a `movetime`, this much more).
    pub timeout: Duration,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            options: Vec::new(),
            variant: Variant::Chess,
            chess960: false,
            handshake: Duration::from_secs(10),
            timeout: Duration::from_secs(120),
        }
    }
}

/// A running UCI engine.
pub struct Engine {
    command: EngineCommand,
    settings: Settings,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: Arc<Mutex<Vec<u8>>>,
    name: Option<String>,
    offered: Vec<Offered>,
}

impl Engine {
    /// Starts `command`, says `uci` and waits for `uciok`, sets the
    /// options of `settings` (each checked against what the engine
    /// offers), and waits for `readyok`.
    pub fn start(command: &EngineCommand, settings: &Settings) -> Result<Engine, EngineError> {
        let mut child = Command::new(&command.program)
            .args(&command.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|error| EngineError::Start {
                program: command.program.clone(),
                error,
            })?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let mut stderr_pipe = child.stderr.take().expect("piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut line = Vec::new();
            loop {
                line.clear();
                match reader.read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&line);
                        let text = text.trim_end_matches(['\n', '\r']).to_string();
                        if sender.send(text).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&stderr);
        std::thread::spawn(move || {
            let mut buffer = [0; 1024];
            while let Ok(read @ 1..) = stderr_pipe.read(&mut buffer) {
                let mut kept = kept.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                kept.extend_from_slice(&buffer[..read]);
                if kept.len() > 2 * STDERR_KEPT {
                    let cut = kept.len() - STDERR_KEPT;
                    kept.drain(..cut);
                }
            }
        });
        let mut engine = Engine {
            command: command.clone(),
            settings: settings.clone(),
            child,
            stdin,
            lines,
            stderr,
            name: None,
            offered: Vec::new(),
        };
        engine.handshake()?;
        Ok(engine)
    }

    /// Stops this engine and starts it again, as set up before.
    pub fn restart(&mut self) -> Result<(), EngineError> {
        *self = Engine::start(&self.command, &self.settings)?;
        Ok(())
    }

    /// The name the engine gave (`id name`).
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The option `name` as the engine lists it (case aside, as UCI says).
    fn offered(&self, name: &str) -> Option<&Offered> {
        self.offered
            .iter()
            .find(|offered| offered.name.eq_ignore_ascii_case(name))
    }

    fn handshake(&mut self) -> Result<(), EngineError> {
        // An engine that exits at once or never says uciok is no engine.
        let not_uci = |engine: &Engine| EngineError::NotUci {
            program: engine.command.to_string(),
            stderr: engine.stderr_tail(),
        };
        if self.send("uci").is_err() {
            return Err(not_uci(self));
        }
        let handshake = self.settings.handshake;
        loop {
            let line = match self.next_line("'uciok'", handshake) {
                Ok(line) => line,
                Err(EngineError::Exited { .. } | EngineError::TimedOut { .. }) => {
                    self.kill();
                    return Err(not_uci(self));
                }
                Err(other) => return Err(other),
            };
            let mut words = line.split_ascii_whitespace();
            match words.next() {
                Some("uciok") => break,
                Some("id") if words.next() == Some("name") => {
                    self.name = Some(words.collect::<Vec<_>>().join(" "));
                }
                Some("option") => self.offered.push(read_option(&line)),
                _ => {}
            }
        }
        let mut options = self.settings.options.clone();
        if self.settings.chess960 {
            self.require("UCI_Chess960")?;
            options.push(("UCI_Chess960".into(), "true".into()));
        }
        if self.settings.variant != Variant::Chess {
            let variant = self.settings.variant;
            let offered = self
                .offered("UCI_Variant")
                .ok_or_else(|| EngineError::NoOption {
                    name: "UCI_Variant".into(),
                })?;
            // The engine's own word for the variant (`3check`, `giveaway`).
            let word = offered
                .vars
                .iter()
                .find(|var| named_variant(var).is_some_and(|named| named.variant == variant))
                .cloned()
                .ok_or_else(|| EngineError::BadOption {
                    name: "UCI_Variant".into(),
                    value: fenkit::variants::variant_name(variant).into(),
                })?;
            options.push(("UCI_Variant".into(), word));
        }
        for (name, value) in &options {
            let offered = self.require(name)?;
            if !accepts(offered, value) {
                return Err(EngineError::BadOption {
                    name: name.clone(),
                    value: value.clone(),
                });
            }
            let name = offered.name.clone();
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.ready()
    }

    fn require(&self, name: &str) -> Result<&Offered, EngineError> {
        self.offered(name)
            .ok_or_else(|| EngineError::NoOption { name: name.into() })
    }

    /// `isready`, and waits for `readyok`.
    pub fn ready(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        let handshake = self.settings.handshake;
        while self.next_line("'readyok'", handshake)? != "readyok" {}
        Ok(())
    }

    /// `ucinewgame`: the next position belongs to no game seen before
    /// (engines clear their hash tables).
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        self.send("ucinewgame")?;
        self.ready()
    }

    /// Searches the position reached from `start` by `moves` within
    /// `limit`, and returns the engine's last word on it.
    pub fn go(
        &mut self,
        start: &VariantPosition,
        moves: &[UciMove],
        limit: Limit,
    ) -> Result<Search, EngineError> {
        self.position(start, moves)?;
        let (go, timeout) = match limit {
            Limit::Depth(depth) => (format!("go depth {depth}"), self.settings.timeout),
            Limit::Nodes(nodes) => (format!("go nodes {nodes}"), self.settings.timeout),
            Limit::MoveTime(time) => (
                format!("go movetime {}", time.as_millis()),
                time + self.settings.timeout,
            ),
        };
        self.send(&go)?;
        let deadline = Instant::now() + timeout;
        let mut search = Search::default();
        loop {
            let line = self.line_before("'bestmove'", deadline, timeout)?;
            let mut words = line.split_ascii_whitespace();
            match words.next() {
                Some("info") => {
                    if let Some(message) = line.trim_start().strip_prefix("info string ") {
                        search.messages.push(message.to_string());
                    } else if let Some(info) = Info::read(&line) {
                        search.add(info);
                    }
                }
                Some("bestmove") => {
                    search.best = words.next().and_then(|word| word.parse().ok());
                    return Ok(search);
                }
                _ => {}
            }
        }
    }

    /// Asks for `go perft DEPTH` on the position reached from `start` by
    /// `moves` and reads the engine's divide: a count per move, then its
    /// total, in any of the forms [`read_divide_line`] and
    /// [`read_total_line`] know.
    pub fn perft(
        &mut self,
        start: &VariantPosition,
        moves: &[UciMove],
        depth: u32,
    ) -> Result<Divide, EngineError> {
        self.position(start, moves)?;
        self.send(&format!("go perft {depth}"))?;
        let timeout = self.settings.timeout;
        let deadline = Instant::now() + timeout;
        let mut divide = Divide::default();
        loop {
            let line = self.line_before("the perft total", deadline, timeout)?;
            if let Some(total) = read_total_line(&line) {
                divide.total = Some(total);
                break;
            }
            if let Some((uci, count)) = read_divide_line(&line) {
                divide.moves.push((uci, count));
            }
        }
        // Whatever else the engine says after its total is read past.
        self.ready()?;
        Ok(divide)
    }

    /// `position startpos` or `position fen FEN`, then `moves …`.
    fn position(&mut self, start: &VariantPosition, moves: &[UciMove]) -> Result<(), EngineError> {
        let command = position_command(start, moves, self.settings.chess960);
        self.send(&command)
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let written = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        if written.is_err() {
            return Err(self.exited(&format!("the engine to read {line:?}")));
        }
        Ok(())
    }

    /// The next line the engine writes, waited for at most `timeout`.
    pub fn next_line(
        &mut self,
        waiting_for: &str,
        timeout: Duration,
    ) -> Result<String, EngineError> {
        self.line_before(waiting_for, Instant::now() + timeout, timeout)
    }

    fn line_before(
        &mut self,
        waiting_for: &str,
        deadline: Instant,
        timeout: Duration,
    ) -> Result<String, EngineError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Disconnected) => Err(self.exited(waiting_for)),
            Err(RecvTimeoutError::Timeout) => {
                self.kill();
                Err(EngineError::TimedOut {
                    waiting_for: waiting_for.into(),
                    after: timeout,
                    stderr: self.stderr_tail(),
                })
            }
        }
    }

    fn exited(&mut self, waiting_for: &str) -> EngineError {
        // Its stdout is closed: wait a moment for the process to be gone,
        // so that its status and last words on stderr can be told.
        let mut status = None;
        for _ in 0..50 {
            if let Ok(Some(exited)) = self.child.try_wait() {
                status = Some(exited);
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        if status.is_none() {
            self.kill();
        }
        std::thread::sleep(Duration::from_millis(20));
        EngineError::Exited {
            waiting_for: waiting_for.into(),
            status,
            stderr: self.stderr_tail(),
        }
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn stderr_tail(&self) -> String {
        let kept = self
            .stderr
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let tail = &kept[kept.len().saturating_sub(STDERR_KEPT)..];
        String::from_utf8_lossy(tail).into_owned()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // A polite `quit`, then no waiting on an engine that ignores it.
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        for _ in 0..20 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        self.kill();
    }
}

/// The `position` command for the position reached from `start` by
/// `moves`: `startpos` for the standard start, the FEN fenkit writes
/// otherwise (the en passant square only where a capture is legal, as
/// engines expect; X-FEN castling for Chess960).
///
/// ```
/// use fenkit::variants::{Variant, VariantPosition};
///
/// let start = VariantPosition::new(Variant::Chess);
/// let moves = ["e2e4".parse()?, "e7e5".parse()?];
/// assert_eq!(fenkit_uci::position_command(&start, &moves, false), "position startpos moves e2e4 e7e5");
/// # Ok::<_, shakmaty::uci::ParseUciMoveError>(())
/// ```
pub fn position_command(start: &VariantPosition, moves: &[UciMove], chess960: bool) -> String {
    let mut command = if *start == VariantPosition::new(start.variant()) && !chess960 {
        "position startpos".to_string()
    } else {
        let setup = start.to_setup(EnPassantMode::Legal);
        let options = fenkit::WriteOptions::default().with_ep(EnPassantMode::Legal);
        format!("position fen {}", options.fen(&setup))
    };
    if !moves.is_empty() {
        command.push_str(" moves");
        for uci in moves {
            command.push(' ');
            command.push_str(&uci.to_string());
        }
    }
    command
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;

    #[test]
    fn positions_are_sent_as_fenkit_writes_them() {
        let start = VariantPosition::new(Variant::Chess);
        assert_eq!(position_command(&start, &[], false), "position startpos");
        let fen: shakmaty::fen::Fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 3 9".parse().unwrap();
        let position =
            VariantPosition::from_setup(Variant::Chess, fen.into_setup(), CastlingMode::Standard)
                .unwrap();
        assert_eq!(
            position_command(&position, &["e2e4".parse().unwrap()], false),
            "position fen 4k3/8/8/8/8/8/4P3/4K3 w - - 3 9 moves e2e4"
        );
    }
}
