//! `lsp-timing FILE [FEN]`: how fast `fen lsp` answers an editor, over
//! real pipes: the time from opening FILE to its diagnostics, then from
//! each of 40 one-line edits (a character typed and taken back, in the
//! middle of the file) to the diagnostics after it. Prints the times in
//! milliseconds: the open, and the edits' median and slowest.

use std::{
    io::BufReader,
    process::{Command, Stdio},
    time::Instant,
};

use lsp_server::{Message, Notification, Request, RequestId};
use serde_json::json;

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: lsp-timing FILE [FEN]");
    let fen = args
        .next()
        .unwrap_or_else(|| "target/release/fen".to_string());
    let text = std::fs::read_to_string(&path).expect("FILE reads as UTF-8");
    let lines = text.lines().count();
    let mut child = Command::new(&fen)
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("fen lsp starts");
    let mut to = child.stdin.take().expect("stdin");
    let mut from = BufReader::new(child.stdout.take().expect("stdout"));
    let mut send = |message: Message| message.write(&mut to).expect("sent");
    let mut wait_for = |method: &str| loop {
        match Message::read(&mut from).expect("read").expect("a message") {
            Message::Notification(note) if note.method == method => return,
            Message::Response(_) if method == "response" => return,
            _ => {}
        }
    };
    send(
        Request::new(
            RequestId::from(1),
            "initialize".into(),
            json!({ "capabilities": {} }),
        )
        .into(),
    );
    wait_for("response");
    send(Notification::new("initialized".into(), json!({})).into());
    let uri = "file:///bench.epd";
    let started = Instant::now();
    let item = json!({ "uri": uri, "languageId": "epd", "version": 1, "text": text });
    send(
        Notification::new(
            "textDocument/didOpen".into(),
            json!({ "textDocument": item }),
        )
        .into(),
    );
    wait_for("textDocument/publishDiagnostics");
    let open = started.elapsed().as_secs_f64() * 1000.0;
    let middle = (lines / 2) as u32;
    let mut edits = Vec::new();
    for version in 2..42 {
        let (range, typed) = match version % 2 {
            0 => (
                json!({ "start": { "line": middle, "character": 0 }, "end": { "line": middle, "character": 0 } }),
                "x",
            ),
            _ => (
                json!({ "start": { "line": middle, "character": 0 }, "end": { "line": middle, "character": 1 } }),
                "",
            ),
        };
        let change = json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [{ "range": range, "text": typed }] });
        let started = Instant::now();
        send(Notification::new("textDocument/didChange".into(), change).into());
        wait_for("textDocument/publishDiagnostics");
        edits.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    edits.sort_by(f64::total_cmp);
    println!(
        "{lines} lines: open {open:.0} ms; an edit: median {:.1} ms, slowest {:.1} ms",
        edits[edits.len() / 2],
        edits[edits.len() - 1]
    );
    send(Request::new(RequestId::from(2), "shutdown".into(), json!(null)).into());
    wait_for("response");
    send(Notification::new("exit".into(), json!(null)).into());
    child.wait().expect("fen lsp exits");
}
