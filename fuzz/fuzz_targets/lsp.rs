//! `fen lsp`'s documents on arbitrary text and edits: a document opened
//! in each kind, edited by ranges the bytes give (inside lines, past
//! their ends, across them), checked again after each edit; every answer
//! (diagnostics, hover and completion anywhere, quick fixes, formatting,
//! symbols, a PGN document's games played) comes
//! without panic, and the analysis after the edits is the analysis of
//! the text they left.
#![no_main]

use fen_lsp::{
    analysis::Analysis,
    completion,
    document::{Document, Kind},
    features,
    published::Published,
};
use libfuzzer_sys::fuzz_target;
use lsp_types::{
    CodeActionContext, CodeActionParams, Position, Range, TextDocumentContentChangeEvent,
    TextDocumentIdentifier, Uri,
};

fuzz_target!(|input: &[u8]| {
    let (text, edits) = input.split_at(input.len() / 2);
    let text = String::from_utf8_lossy(text).into_owned();
    let uri: Uri = "file:///fuzz.fen".parse().expect("a URI");
    for kind in [Kind::Fen, Kind::Epd, Kind::Pgn] {
        let mut document = Document::new(kind, 1, text.clone());
        let mut analysis = Analysis::default();
        analysis.update(&document);
        for edit in edits.chunks(5) {
            let &[a, b, c, d, typed] = edit else { break };
            let at = |line: u8, character: u8| {
                Position::new(u32::from(line % 8), u32::from(character % 80))
            };
            let (start, end) = (at(a, b), at(c, d));
            let (start, end) = if (start.line, start.character) <= (end.line, end.character) {
                (start, end)
            } else {
                (end, start)
            };
            let typed = match typed % 4 {
                0 => String::new(),
                1 => "\n".to_string(),
                2 => "–".to_string(),
                _ => char::from(typed).to_string(),
            };
            document.apply(TextDocumentContentChangeEvent {
                range: Some(Range::new(start, end)),
                range_length: None,
                text: typed,
            });
            analysis.update(&document);
        }
        let mut fresh = Analysis::default();
        fresh.update(&document);
        assert_eq!(
            format!("{:?}", analysis.lines),
            format!("{:?}", fresh.lines)
        );
        let mut published = Published::default();
        features::diagnostics(&document, &analysis, &mut published);
        analysis.played.diagnostics(&document, &mut published);
        let _ = published.into_list();
        let _ = features::formatting(&document, &analysis);
        let _ = features::symbols(&document, &analysis);
        for line in 0..document.line_count().min(8) as u32 {
            for character in [0, 1, 5, 40, 200] {
                let diagrams = character == 1;
                let _ = features::hover(
                    &document,
                    &analysis,
                    Position::new(line, character),
                    diagrams,
                );
                let _ = completion::complete(&document, &analysis, Position::new(line, character));
            }
        }
        let params = CodeActionParams {
            text_document: TextDocumentIdentifier { uri: uri.clone() },
            range: Range::new(Position::new(0, 0), Position::new(100, 0)),
            context: CodeActionContext::default(),
            work_done_progress_params: Default::default(),
            partial_result_params: Default::default(),
        };
        let _ = features::code_actions(&uri, &document, &analysis, &params);
    }
});
