//! Running the `fen` binary from integration tests.
#![allow(dead_code)] // Each test file uses its own part.

use std::{
    io::{BufRead, BufReader, Read, Write},
    net::TcpStream,
    process::{Child, ChildStdin, ChildStdout, Command, Output, Stdio},
    thread,
};

use serde_json::Value;

/// Asserts how the command exited and that its standard error holds
/// `said` (anything, for "").
pub fn assert_exit(output: &Output, status: i32, said: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(status), "{stderr}");
    assert_said(output, said);
}

/// Asserts that the command's standard error holds `said`.
pub fn assert_said(output: &Output, said: &str) {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains(said), "{said:?} not in {stderr}");
}

/// The `fen` binary with `args`.
pub fn fen(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fen"));
    command.args(args);
    command
}

/// Starts `command` with its three standard streams piped to the test.
pub fn piped(command: &mut Command) -> Child {
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fen runs")
}

/// Runs fen with `input` written to its standard input from another thread.
pub fn run(args: &[&str], input: Vec<u8>) -> Output {
    finish(piped(&mut fen(args)), input)
}

/// Writes `input` to `child`'s standard input from another thread, and
/// waits for it to end.
pub fn finish(mut child: Child, input: Vec<u8>) -> Output {
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("fen finishes");
    match writer.join().expect("the writer ends") {
        Ok(()) => {}
        // A command that stops before reading all its input (a usage
        // error said at once) closes the pipe: what it printed is the
        // test's to judge.
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => {}
        Err(err) => panic!("input written: {err}"),
    }
    output
}

/// Whether python-chess can be imported; says the test skips where not.
pub fn python_chess() -> bool {
    let found = Command::new("python3")
        .args(["-c", "import chess.pgn"])
        .status()
        .is_ok_and(|status| status.success());
    if !found {
        oracle_missing("python-chess is not installed (pip install chess)");
    }
    found
}

/// The file where comparisons skipped for a missing oracle are listed, a
/// line each, so that `tools/test-all` says in one line at its end what
/// was not compared (cargo's test output hides a passing test's words).
pub const SKIPPED_ORACLES: &str = concat!(env!("CARGO_TARGET_TMPDIR"), "/skipped-oracles.txt");

/// Says that a comparison skips because its oracle or data is missing;
/// fails where `CI` is set, since CI installs every oracle and has
/// `../shared` beside the clone, so that a green run compared with each.
pub fn oracle_missing(what: &str) {
    if std::env::var_os("CI").is_some_and(|ci| !ci.is_empty() && ci != "false") {
        panic!("{what}, and CI must compare with it");
    }
    eprintln!("skipped: {what}");
    let listed = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(SKIPPED_ORACLES)
        .and_then(|mut file| writeln!(file, "{what}"));
    if let Err(err) = listed {
        eprintln!("{SKIPPED_ORACLES}: {err}");
    }
}

/// Runs a Python script (with `args`) on `input`; its standard output.
pub fn python(script: &str, args: &[&str], input: &[u8]) -> String {
    let child = Command::new("python3")
        .arg("-c")
        .arg(script)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let output = finish(child, input.to_vec());
    assert!(output.status.success(), "python3 failed");
    String::from_utf8(output.stdout).expect("UTF-8")
}

/// `fen pgn`'s FEN after every ply of the games of `pgn`, as `game\tfen`
/// lines (python-chess's shape, [`python_chess_fens`]), and its standard
/// error.
pub fn fen_pgn_fens(pgn: &[u8]) -> (String, String) {
    let output = run(&["pgn", "--format", "tsv", "-"], pgn.to_vec());
    let lines = String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            format!("{}\t{}\n", fields[0], fields[3])
        })
        .collect();
    (lines, String::from_utf8_lossy(&output.stderr).into_owned())
}

/// python-chess's FEN after every ply of the games of `pgn`, as
/// `game\tfen` lines (games numbered from 1): of every game python-chess
/// plays (its variants too), or of the standard games only; a game it
/// cannot set up or read through gives no line (its number still counts).
pub fn python_chess_fens(pgn: &[u8], standard_only: bool) -> String {
    let script = r#"
import io, sys, chess, chess.pgn
text = io.StringIO(sys.stdin.buffer.read().decode("utf-8", errors="replace"))
standard_only = sys.argv[1] == "standard"
for number, game in enumerate(iter(lambda: chess.pgn.read_game(text), None), start=1):
    try:
        board = game.board()
    except ValueError:
        continue
    if (standard_only and type(board) is not chess.Board) or game.errors:
        continue
    for move in game.mainline_moves():
        board.push(move)
        print(f"{number}\t{board.fen(en_passant='fen')}")
"#;
    let which = if standard_only { "standard" } else { "all" };
    python(script, &[which], pgn)
}

/// `path` under `../shared/data/real/`, or `None` (saying the test skips)
/// where it is absent.
pub fn real(path: &str) -> Option<std::path::PathBuf> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/real");
    let path = root.join(path);
    if !path.exists() {
        oracle_missing(&format!("{} is absent", path.display()));
        return None;
    }
    Some(path)
}

/// A `fen serve` that stops with its test, passed or failed.
pub struct Server(pub Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `fen serve` started on a free port, what it says, and the address it
/// names.
pub fn serve() -> (Server, BufReader<std::process::ChildStderr>, String) {
    let mut server = Command::new(env!("CARGO_BIN_EXE_fen"))
        .args(["serve", "--bind", "127.0.0.1:0"])
        .stderr(Stdio::piped())
        .spawn()
        .expect("fen serve starts");
    let mut said = BufReader::new(server.stderr.take().unwrap());
    let mut first = String::new();
    said.read_line(&mut first).unwrap();
    let address = first
        .trim()
        .strip_prefix("fen serve: listening on http://")
        .unwrap_or_else(|| panic!("{first}"))
        .to_string();
    (Server(server), said, address)
}

/// The body of a GET of `path` from the server at `address`.
pub fn get(address: &str, path: &str) -> String {
    let mut client = TcpStream::connect(address).unwrap();
    write!(
        client,
        "GET {path} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    client.read_to_string(&mut answer).unwrap();
    let (_, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
    body.to_string()
}

/// `fen lsp` started and initialized: the process, what goes to it and
/// what comes from it.
pub fn lsp_started() -> (Child, ChildStdin, BufReader<ChildStdout>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_fen"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("fen lsp starts");
    let mut to = child.stdin.take().unwrap();
    let mut from = BufReader::new(child.stdout.take().unwrap());
    lsp_send(
        &mut to,
        &serde_json::json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "capabilities": {} } }),
    );
    assert_eq!(lsp_receive(&mut from)["id"], 1);
    lsp_send(
        &mut to,
        &serde_json::json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }),
    );
    (child, to, from)
}

/// Sends one message of the language server protocol.
pub fn lsp_send(to: &mut impl Write, message: &Value) {
    let body = message.to_string();
    write!(to, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
    to.flush().unwrap();
}

/// Receives one message of the language server protocol.
pub fn lsp_receive(from: &mut BufReader<ChildStdout>) -> Value {
    let mut length = 0;
    loop {
        let mut header = String::new();
        assert!(
            from.read_line(&mut header).unwrap() > 0,
            "the server hung up"
        );
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some(value) = header.strip_prefix("Content-Length: ") {
            length = value.parse().unwrap();
        }
    }
    let mut body = vec![0; length];
    from.read_exact(&mut body).unwrap();
    serde_json::from_slice(&body).unwrap()
}

/// The next diagnostics the language server publishes (other messages
/// skipped).
pub fn lsp_diagnostics(from: &mut BufReader<ChildStdout>) -> Vec<Value> {
    loop {
        let message = lsp_receive(from);
        if message["method"] == "textDocument/publishDiagnostics" {
            return message["params"]["diagnostics"].as_array().unwrap().clone();
        }
    }
}
