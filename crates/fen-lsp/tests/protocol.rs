//! The server driven as an editor drives it, over an in-memory
//! connection: the handshake, a document opened and edited, its
//! diagnostics at their exact ranges, the quick fix, hover, formatting,
//! symbols, and a clean shutdown.

use std::{thread, time::Duration};

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{Value, json};

struct Client {
    connection: Connection,
    server: Option<thread::JoinHandle<()>>,
    next_id: i32,
}

impl Client {
    fn start() -> Client {
        Client::start_with(Value::Null)
    }

    /// A client that sends `options` as its initialization options.
    fn start_with(options: Value) -> Client {
        let (server, connection) = Connection::memory();
        let server = thread::spawn(move || fen_lsp::run(&server).expect("the server runs"));
        let mut client = Client {
            connection,
            server: Some(server),
            next_id: 0,
        };
        let capabilities = client.request(
            "initialize",
            json!({ "capabilities": {}, "initializationOptions": options }),
        );
        assert_eq!(
            capabilities["capabilities"]["textDocumentSync"], 2,
            "incremental sync"
        );
        client.notify("initialized", json!({}));
        client
    }

    fn notify(&self, method: &str, params: Value) {
        let note = Notification::new(method.to_string(), params);
        self.connection
            .sender
            .send(Message::Notification(note))
            .expect("sent");
    }

    /// The result of a request; notifications that come first are left.
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        let request = Request::new(id.clone(), method.to_string(), params);
        self.connection
            .sender
            .send(Message::Request(request))
            .expect("sent");
        loop {
            match self.next() {
                Message::Response(response) if response.id == id => {
                    return match response.response_result {
                        Ok(result) => result,
                        Err(error) => panic!("{method}: {error:?}"),
                    };
                }
                _ => continue,
            }
        }
    }

    fn next(&self) -> Message {
        self.connection
            .receiver
            .recv_timeout(Duration::from_secs(20))
            .expect("the server answers")
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&self, uri: &str) -> Vec<Value> {
        self.diagnostics_with_version(uri).0
    }

    /// The next diagnostics published for `uri`, and the version of the
    /// document they are of.
    fn diagnostics_with_version(&self, uri: &str) -> (Vec<Value>, Value) {
        loop {
            if let Message::Notification(note) = self.next()
                && note.method == "textDocument/publishDiagnostics"
                && note.params["uri"] == uri
            {
                let found = note.params["diagnostics"].as_array().cloned();
                return (found.unwrap_or_default(), note.params["version"].clone());
            }
        }
    }

    /// The Markdown of the hover at `line`, `character` of `uri`.
    /// The hover at a place of `uri`, or null.
    fn hover(&mut self, uri: &str, line: u32, character: u32) -> Value {
        let position = json!({ "line": line, "character": character });
        self.request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": position }),
        )
    }

    /// Replaces `range` of `uri` by `text`: the document's version
    /// `version`.
    fn change(&self, uri: &str, version: i32, range: Value, text: &str) {
        let change = json!({ "range": range, "text": text });
        self.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [change] }),
        );
    }

    /// A client with `uri` open, its diagnostics come.
    fn with_document(uri: &str, language: &str, text: &str) -> Client {
        let client = Client::start();
        client.opened(uri, language, text);
        client
    }

    /// Opens a document and waits for its diagnostics.
    fn opened(&self, uri: &str, language: &str, text: &str) -> Vec<Value> {
        self.open(uri, language, text);
        self.diagnostics(uri)
    }

    fn open(&self, uri: &str, language: &str, text: &str) {
        let item = json!({ "uri": uri, "languageId": language, "version": 1, "text": text });
        self.notify("textDocument/didOpen", json!({ "textDocument": item }));
    }

    /// The labels of the completion items at `position` of `uri`.
    fn completion_labels(&mut self, uri: &str, position: Value) -> Vec<String> {
        let params = json!({ "textDocument": { "uri": uri }, "position": position });
        let items = self.request("textDocument/completion", params);
        let items = items.as_array().cloned().unwrap_or_default();
        items
            .iter()
            .map(|i| i["label"].as_str().unwrap().to_string())
            .collect()
    }
}

/// Every test ends with a clean shutdown: the server answers `shutdown`
/// and its thread ends on `exit` (not checked after a failure, which
/// would hide it).
impl Drop for Client {
    fn drop(&mut self) {
        if thread::panicking() {
            return;
        }
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        let server = self.server.take().expect("one shutdown");
        server.join().expect("the server exits cleanly");
    }
}

fn range(line: u32, start: u32, end: u32) -> Value {
    json!({ "start": { "line": line, "character": start }, "end": { "line": line, "character": end } })
}

const URI: &str = "file:///suite.fen";

/// The diagnostics of a document opened alone by a client of its own.
fn diagnostics_of(uri: &str, language: &str, text: &str) -> Vec<Value> {
    Client::start().opened(uri, language, text)
}

fn assert_contains(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{part:?} not in {text}");
    }
}

/// A diagnostic's code, severity (1 an error, 2 a warning) and range.
fn assert_problem(found: &Value, code: &str, severity: u64, range: Value) {
    let got = (&found["code"], &found["severity"], &found["range"]);
    assert_eq!(got, (&json!(code), &json!(severity), &range), "{found}");
}

#[test]
fn diagnostics_come_at_their_ranges_and_follow_edits() {
    let mut client = Client::start();
    // Line 2's rank 1 is short: seven squares.
    let text =
        "8/8/8/8/8/8/8/K6k w - - 0 1\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1\n";
    let found = client.opened(URI, "fen", text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_problem(&found[0], "rank-too-short", 1, range(1, 35, 42));
    assert_eq!(found[0]["source"], "fenkit");
    // A link to the codes' page only where the package names its
    // repository, never a link to nowhere.
    match env!("CARGO_PKG_REPOSITORY") {
        "" => assert!(found[0].get("codeDescription").is_none(), "{}", found[0]),
        _ => {
            let href = found[0]["codeDescription"]["href"].as_str().unwrap();
            assert!(href.ends_with("/docs/codes.md"), "{href}");
        }
    }
    // Typing the missing rook mends it: an incremental change.
    client.change(URI, 2, range(1, 42, 42), "R");
    assert_eq!(client.diagnostics(URI), Vec::<Value>::new());
    // A look-alike dash, a UTF-16 character before the problem: columns
    // count UTF-16 units, as the protocol does.
    client.change(URI, 3, range(0, 20, 21), "–");
    let found = client.diagnostics(URI);
    assert_eq!(found[0]["range"], range(0, 20, 21), "{found:?}");
    let _ = client.hover(URI, 0, 3);
}

#[test]
fn a_repair_is_a_quick_fix_and_fix_all_repairs_the_file() {
    let mut client = Client::start();
    let text = "“4k3/8/8/8/8/8/8/4K3 w - - 0 1”\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/4K3 w Kq - 0 1\n";
    let found = client.opened(URI, "fen", text);
    assert!(!found.is_empty());
    let actions = client.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": URI }, "range": range(0, 0, 0), "context": { "diagnostics": [] } }),
    );
    let quick = &actions[0];
    assert_eq!(quick["kind"], "quickfix");
    assert!(
        quick["title"].as_str().unwrap().starts_with("Repair: "),
        "{quick}"
    );
    let edit = &quick["edit"]["changes"][URI][0];
    assert_eq!(edit["newText"], "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(edit["range"], range(0, 0, 31));
    let fix_all = actions
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["kind"] == "source.fixAll")
        .expect("fix all");
    assert_eq!(fix_all["edit"]["changes"][URI].as_array().unwrap().len(), 1);
    // Only what is asked for.
    let only = client.request(
        "textDocument/codeAction",
        json!({ "textDocument": { "uri": URI }, "range": range(0, 0, 0), "context": { "diagnostics": [], "only": ["source.fixAll"] } }),
    );
    assert_eq!(only.as_array().unwrap().len(), 1);
    // Formatting writes each well-formed record canonically.
    let edits = client.request("textDocument/formatting", json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 4, "insertSpaces": true } }));
    assert_eq!(
        edits,
        json!([]),
        "the well-formed records are canonical already"
    );
}

#[test]
fn hover_shows_the_board_and_symbols_name_records_and_games() {
    let mut client = Client::start();
    client.opened(
        URI,
        "fen",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n",
    );
    let hover = client.hover(URI, 0, 5);
    let text = hover["contents"]["value"].as_str().unwrap();
    let board = "rnbqkbnr\npppppppp\n........\n........\n....P...\n";
    assert_contains(
        text,
        &[board, "Black to move · castling KQkq · en passant e3"],
    );
    let none = client.hover(URI, 3, 0);
    assert_eq!(none, Value::Null);
    let epd = "file:///suite.epd";
    client.open(
        epd,
        "epd",
        "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"WAC.001\";\n",
    );
    assert_eq!(client.diagnostics(epd), Vec::<Value>::new());
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": epd } }),
    );
    assert_eq!(symbols[0]["name"], "WAC.001");
    let pgn = "file:///games.pgn";
    let games = "[White \"Anna\"]\n[Black \"Ben\"]\n[Result \"1-0\"]\n[Date \"2024.01.02\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 w Kq - 0 1\"]\n\n1. Kd2 1-0\n\n[White \"Cleo\"]\n[Black \"Dan\"]\n\n1. e4 *\n";
    let found = client.opened(pgn, "pgn", games);
    // The [FEN] tag's problems at the tag; a king against a king cannot
    // be won, which the [Result] tag's 1-0 contradicts.
    let at_fen = found.iter().filter(|d| d["range"]["start"]["line"] == 4);
    assert_eq!(at_fen.count(), found.len() - 1, "{found:?}");
    assert_eq!(
        found.last().unwrap()["code"],
        "result-contradicted",
        "{found:?}"
    );
    assert!(
        found.iter().any(|d| d["code"] == "castling-no-rook"),
        "{found:?}"
    );
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": pgn } }),
    );
    assert_eq!(symbols[0]["name"], "Anna – Ben");
    assert_eq!(symbols[0]["detail"], "1-0, 2024.01.02");
    assert_eq!(symbols[1]["name"], "Cleo – Dan");
    let folds = client.request(
        "textDocument/foldingRange",
        json!({ "textDocument": { "uri": pgn } }),
    );
    assert_eq!(folds[0]["startLine"], 0);
    assert_eq!(folds[0]["endLine"], 6);
}

#[test]
fn binary_bytes_and_a_vanishing_client_end_cleanly() {
    let (server, connection) = Connection::memory();
    let handle = thread::spawn(move || {
        // The client goes away without shutdown: the loop ends.
        let _ = fen_lsp::run(&server);
    });
    let init = Request::new(
        RequestId::from(1),
        "initialize".into(),
        json!({ "capabilities": {} }),
    );
    connection.sender.send(Message::Request(init)).unwrap();
    let _ = connection
        .receiver
        .recv_timeout(Duration::from_secs(20))
        .unwrap();
    connection
        .sender
        .send(Message::Notification(Notification::new(
            "initialized".into(),
            json!({}),
        )))
        .unwrap();
    let junk: String = (0..2000u32)
        .map(|n| char::from_u32(n * 37 % 0x2FFF).unwrap_or('\u{FFFD}'))
        .collect();
    let item =
        json!({ "uri": "file:///junk.fen", "languageId": "fen", "version": 1, "text": junk });
    connection
        .sender
        .send(Message::Notification(Notification::new(
            "textDocument/didOpen".into(),
            json!({ "textDocument": item }),
        )))
        .unwrap();
    let answer = connection
        .receiver
        .recv_timeout(Duration::from_secs(20))
        .unwrap();
    assert!(
        matches!(answer, Message::Notification(ref n) if n.method == "textDocument/publishDiagnostics")
    );
    drop(connection);
    handle.join().expect("no panic");
}

#[test]
fn a_pgn_game_s_illegal_move_is_found_at_its_characters() {
    let client = Client::start();
    let pgn = "file:///games.pgn";
    let games = "[White \"Anna\"]\n[Black \"Ben\"]\n\n1. e4 e5 2. Nf3 {good}\nKe3 *\n\n[White \"Cleo\"]\n[Variant \"Bughouse\"]\n\n1. e4 *\n\n[White \"Dan\"]\n\n1. d4 d5 *\n";
    let found = client.opened(pgn, "pgn", games);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_eq!(found[0]["code"], "illegal-move");
    assert_eq!(found[0]["range"], range(4, 0, 3), "{found:?}");
    assert!(
        found[0]["message"]
            .as_str()
            .unwrap()
            .starts_with("move 2... Ke3"),
        "{found:?}"
    );
    assert_eq!(found[1]["code"], "unknown-variant");
    assert_eq!(found[1]["range"]["start"]["line"], 6);
    // Mended, the game plays through; the others keep their findings.
    client.change(pgn, 2, range(4, 0, 3), "Nc6");
    let found = client.diagnostics(pgn);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["code"], "unknown-variant");
}

#[test]
fn completion_offers_legal_moves_and_what_a_field_allows() {
    let mut client = Client::start();
    let pgn = "file:///game.pgn";
    client.opened(pgn, "pgn", "[White \"Anna\"]\n\n1. e4 e5 2. N");
    let at = |line: u32, character: u32| json!({ "line": line, "character": character });
    let labels = client.completion_labels(pgn, at(2, 13));
    assert_eq!(labels, ["Na3", "Nc3", "Ne2", "Nf3", "Nh3"]);
    let fen = "file:///one.fen";
    // Typing the castling field (between the two blanks after `w`), then
    // the en passant field (between those after `Kq`).
    client.opened(
        fen,
        "fen",
        "r3k3/8/8/3Pp3/8/8/8/4K2R w  - 0 2\nr3k3/8/8/3Pp3/8/8/8/4K2R w Kq  0 2",
    );
    assert_eq!(client.completion_labels(fen, at(0, 27)), ["Kq", "-"]);
    assert_eq!(client.completion_labels(fen, at(1, 30)), ["-", "e6"]);
}

#[test]
fn formatting_lays_pgn_movetext_out_as_the_export_format_does() {
    let pgn = "file:///messy.pgn";
    let text = "[White \"Anna\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3  w - - 0 1\"]\n\n1.  Kd2   Kd7 {a\n comment}  2. Kd3 *\n";
    let mut client = Client::with_document(pgn, "pgn", text);
    let edits = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": pgn }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    let edits = edits.as_array().unwrap();
    // The movetext laid out anew; the [FEN] tag's record, malformed (two
    // blanks), is a quick fix's, not formatting's.
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!(edits[0]["newText"], "1. Kd2 Kd7 {a comment} 2. Kd3 *");
    assert_eq!(
        edits[0]["range"],
        json!({ "start": { "line": 3, "character": 0 }, "end": { "line": 4, "character": 19 } })
    );
}

#[test]
fn a_result_tag_the_last_position_contradicts_is_a_warning_at_the_tag() {
    let games = "[White \"Anna\"]\n[Result \"1/2-1/2\"]\n\n1. f3 e5 2. g4 Qh4# 1/2-1/2\n\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
    let found = diagnostics_of("file:///mates.pgn", "pgn", games);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_problem(&found[0], "result-contradicted", 2, range(1, 0, 18));
    assert_eq!(
        found[0]["message"],
        "the game ends in checkmate, Black wins, but its [Result] tag says 1/2-1/2 (a draw)"
    );
}

#[test]
fn a_chess960_game_s_fen_tag_reads_with_its_castling() {
    let game = "[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
    assert_eq!(
        diagnostics_of("file:///960.pgn", "pgn", game),
        Vec::<Value>::new()
    );
}

#[test]
fn a_clock_or_evaluation_that_does_not_read_is_a_warning_at_its_command() {
    let game = "[White \"Anna\"]\n\n1. e4 { [%clk 0:03:00] } e5 { [%clk 0:xx:00] }\n2. Nf3 { [%eval 0.3] [%eval zz] } *\n";
    let found = diagnostics_of("file:///clocks.pgn", "pgn", game);
    assert_eq!(found.len(), 2, "{found:?}");
    assert_problem(&found[0], "bad-annotation", 2, range(2, 30, 44));
    assert_eq!(found[0]["message"], "[%clk 0:xx:00]: a clock is h:mm:ss");
    assert_eq!(
        found[1]["range"]["start"],
        json!({ "line": 3, "character": 21 })
    );
    assert!(
        found[1]["message"]
            .as_str()
            .unwrap()
            .starts_with("[%eval zz]: ")
    );
}

#[test]
fn hover_on_a_pgn_move_shows_the_position_after_it() {
    let pgn = "file:///game.pgn";
    let game = "[White \"Anna\"]\n\n1. f3 e5 2. g4 (2. e4 Nc6)\nQh4# 0-1\n";
    let mut client = Client::with_document(pgn, "pgn", game);
    let hover = client.hover(pgn, 3, 2);
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(
        text.starts_with("**2... Qh4#**, the position after it:"),
        "{text}"
    );
    assert_contains(
        text,
        &["rnb.kbnr\npppp.ppp\n........\n....p...\n......Pq\n"],
    );
    assert!(text.ends_with("· checkmate"), "{text}");
    assert_eq!(hover["range"], range(3, 0, 4));
    let after_e5 = client.hover(pgn, 2, 6);
    let text = after_e5["contents"]["value"].as_str().unwrap();
    assert!(text.starts_with("**1... e5**"), "{text}");
    assert!(text.contains("White to move"), "{text}");
    // A variation's move, a move number and the tags are no mainline move.
    assert_eq!(client.hover(pgn, 2, 19), Value::Null);
    assert_eq!(client.hover(pgn, 2, 0), Value::Null);
    assert_eq!(client.hover(pgn, 0, 3), Value::Null);
}

#[test]
fn a_client_that_shows_images_gets_a_diagram_on_hover() {
    use base64::Engine as _;
    let mut client = Client::start_with(json!({ "diagramsOnHover": true }));
    client.opened(URI, "fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1\n");
    let hover = client.hover(URI, 0, 3);
    let text = hover["contents"]["value"].as_str().unwrap();
    let data = text
        .strip_prefix("![board](data:image/svg+xml;base64,")
        .and_then(|rest| rest.split_once(')'))
        .map(|(data, _)| data)
        .unwrap_or_else(|| panic!("no image: {text}"));
    let svg = base64::engine::general_purpose::STANDARD
        .decode(data)
        .unwrap();
    let svg = String::from_utf8(svg).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("width=\"240\""),
        "{svg}"
    );
    assert!(text.contains("White to move"), "{text}");
    assert!(
        !text.contains("```"),
        "no text board beside the image: {text}"
    );
}

#[test]
fn a_file_of_junk_shows_the_first_problems_of_a_record_and_of_the_file() {
    let client = Client::start();
    // Each line a record of 60 bad characters (60 problems each).
    let junk = "\u{7f}#@!%".repeat(12);
    let text = format!("{junk}\n").repeat(2_000);
    let found = client.opened(URI, "fen", &text);
    assert_eq!(found.len(), 5_001, "the limit and one note");
    // A record: its first three problems, then how many more it has.
    let first: Vec<&Value> = found
        .iter()
        .take_while(|d| d["range"]["start"]["line"] == 0)
        .collect();
    assert_eq!(first.len(), 4, "{first:?}");
    assert_eq!(first[3]["severity"], 3);
    let more = first[3]["message"].as_str().unwrap();
    assert!(
        more.starts_with("and ") && more.contains(" more problems in this record"),
        "{more}"
    );
    let note = found.last().unwrap();
    assert_eq!(note["range"]["start"]["line"], 1_250, "{note}");
    assert!(
        note["message"]
            .as_str()
            .unwrap()
            .starts_with("3000 more problems from here on are not shown"),
        "{note}"
    );
}

#[test]
fn edits_that_arrive_while_a_document_is_checked_are_all_applied() {
    let client = Client::start();
    let good = "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";
    client.open(URI, "fen", &good.repeat(20_000));
    // Five edits sent at once, while the server reads the document: each
    // breaks one more record (a side to move `W`).
    for version in 2..=6 {
        let line = (version as u32 - 2) * 1_000;
        client.change(URI, version, range(line, 20, 21), "W");
    }
    let (found, version) = loop {
        let (found, version) = client.diagnostics_with_version(URI);
        if version == 6 {
            break (found, version);
        }
    };
    assert_eq!(version, 6);
    let lines: Vec<&Value> = found.iter().map(|d| &d["range"]["start"]["line"]).collect();
    assert_eq!(lines, [0, 1_000, 2_000, 3_000, 4_000], "{found:?}");
}

#[test]
fn a_variant_game_s_fen_tag_reads_by_its_variant_tag() {
    let client = Client::start();
    let pgn = "file:///zh.pgn";
    let game = "[Variant \"Crazyhouse\"]\n[FEN \"rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R[Nn] w KQkq - 0 3\"]\n[SetUp \"1\"]\n\n3. N@f3 N@f6 *\n";
    assert_eq!(client.opened(pgn, "pgn", game), Vec::<Value>::new());
    // The [Variant] tag's line alone changes: the [FEN] tag is read again,
    // as standard FEN now, whose placement holds no pocket.
    client.change(pgn, 2, range(0, 10, 20), "Standard");
    let found = client.diagnostics(pgn);
    let codes: Vec<&Value> = found.iter().map(|d| &d["code"]).collect();
    assert!(codes.contains(&&json!("bad-piece-char")), "{found:?}");
    assert_eq!(
        found[0]["range"]["start"],
        json!({ "line": 1, "character": 49 })
    );
}
