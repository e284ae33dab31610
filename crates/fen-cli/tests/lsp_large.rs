//! `fen lsp` given what no editor should send but some will: a 100 MB
//! document of EPD records with a line of binary junk every hundred
//! lines. The process (the debug build, as `cargo test` builds it) reads
//! it, publishes its diagnostics (the first few thousand and a note),
//! takes an edit, keeps its peak memory within a few times the document,
//! and exits cleanly when the client goes away without a word.

mod common;

use std::{
    process::Child,
    time::{Duration, Instant},
};

use common::{lsp_diagnostics, lsp_send};
use serde_json::json;

/// The most memory the process has held, in bytes (Linux's `VmHWM`).
fn peak_memory(child: &Child) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

#[test]
fn a_100_mb_document_of_records_and_junk_in_bounded_memory() {
    let records = [
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 bm e5; id \"open\";",
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#; id \"mate\";",
        "8/8/8/8/8/8/8/K6k w - - id \"bare\";",
    ];
    // Control characters, non-ASCII, a NUL: what a binary file read as
    // text gives.
    let junk: String = (0..90u32)
        .map(|n| char::from_u32(n.wrapping_mul(2_654_435_761) % 0x2ff).unwrap_or('\u{fffd}'))
        .collect();
    let mut text = String::with_capacity(101 << 20);
    let mut line = 0;
    while text.len() < 100 << 20 {
        match line % 100 {
            99 => text.push_str(&junk),
            n => text.push_str(records[n % 3]),
        }
        text.push('\n');
        line += 1;
    }
    let size = text.len() as u64;

    let (mut child, mut to, mut from) = common::lsp_started();
    let uri = "file:///huge.epd";
    let item = json!({ "uri": uri, "languageId": "epd", "version": 1, "text": text });
    drop(text);
    lsp_send(
        &mut to,
        &json!({ "jsonrpc": "2.0", "method": "textDocument/didOpen", "params": { "textDocument": item } }),
    );
    drop(item);

    let found = lsp_diagnostics(&mut from);
    assert_eq!(found.len(), 5_001, "the first 5,000 and a note");
    assert_eq!(found[0]["range"]["start"]["line"], 99, "{}", found[0]);
    assert!(
        found[5_000]["message"]
            .as_str()
            .unwrap()
            .contains("more problems from here on are not shown"),
        "{}",
        found[5_000]
    );

    // An edit mends the first line of junk.
    let mended = json!({
        "range": { "start": { "line": 99, "character": 0 }, "end": { "line": 99, "character": junk.encode_utf16().count() } },
        "text": records[2],
    });
    lsp_send(
        &mut to,
        &json!({ "jsonrpc": "2.0", "method": "textDocument/didChange",
        "params": { "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [mended] } }),
    );
    let found = lsp_diagnostics(&mut from);
    assert_eq!(found[0]["range"]["start"]["line"], 199, "{}", found[0]);

    if let Some(peak) = peak_memory(&child) {
        eprintln!("peak memory {} MB for {} MB", peak >> 20, size >> 20);
        // The text, its line index, a few words a record, and the JSON
        // the document came in (read whole, then parsed): about four
        // times the document; a file of junk once took 160 times.
        assert!(
            peak < 5 * size,
            "peak memory {} MB for a {} MB document",
            peak >> 20,
            size >> 20
        );
    }

    // The client goes away without shutdown or exit: the server ends.
    drop(to);
    let waited = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "{status}");
            break;
        }
        assert!(
            waited.elapsed() < Duration::from_secs(60),
            "fen lsp did not exit"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
