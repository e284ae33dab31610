//! What the editor asks for, answered from a document's analysis:
//! diagnostics, quick fixes, hover, formatting, symbols.

use std::collections::HashMap;

use fenkit::Severity;
use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, Diagnostic,
    DiagnosticSeverity, DocumentSymbol, Hover, HoverContents, MarkupContent, MarkupKind,
    NumberOrString, Position, Range, SymbolKind, TextEdit, Uri, WorkspaceEdit,
};

use crate::{
    analysis::{Analysis, Found},
    document::{Document, Kind, byte_in_line, range_in_line},
    games,
    published::Published,
};

/// Where the codes are explained, `docs/codes.md` in the repository the
/// package names; no link where it names none (cargo then sets the
/// variable empty), rather than a link to nowhere.
fn codes_link() -> Option<lsp_types::Uri> {
    let repository = env!("CARGO_PKG_REPOSITORY").trim_end_matches('/');
    if repository.is_empty() {
        return None;
    }
    format!("{repository}/blob/main/docs/codes.md").parse().ok()
}

/// The range of `found` in line `number`.
fn record_range(document: &Document, number: usize, found: &Found) -> Range {
    range_in_line(document.line(number), number, found.start, found.end)
}

/// Every problem of every record, at its characters (of a record with
/// many, the first few and a note on the rest).
pub fn diagnostics(document: &Document, analysis: &Analysis, out: &mut Published) {
    let href = codes_link();
    for (number, records) in analysis.lines.iter().enumerate() {
        let line = document.line(number);
        for found in records.iter() {
            for problem in found.problems() {
                let start = (found.start + problem.span.start).min(found.end);
                let end = (found.start + problem.span.end).clamp(start, found.end);
                let range = range_in_line(line, number, start, end);
                out.push(range, || {
                    let mut message = problem.message.clone();
                    if let Some(repair) = found.repair() {
                        message.push_str(&format!(" (quick fix: '{}')", repair.text));
                    }
                    Diagnostic {
                        range,
                        severity: Some(match problem.severity {
                            Severity::Error => DiagnosticSeverity::ERROR,
                            Severity::Warning => DiagnosticSeverity::WARNING,
                        }),
                        code: Some(NumberOrString::String(problem.code.as_str().to_string())),
                        code_description: href
                            .clone()
                            .map(|href| lsp_types::CodeDescription { href }),
                        source: Some("fenkit".to_string()),
                        message,
                        ..Diagnostic::default()
                    }
                });
            }
            if found.unlisted() > 0 {
                let range = record_range(document, number, found);
                out.push(range, || Diagnostic {
                    range,
                    severity: Some(DiagnosticSeverity::INFORMATION),
                    source: Some("fenkit".to_string()),
                    message: format!(
                        "and {} more problem{} in this record; `fen check` lists every one",
                        found.unlisted(),
                        if found.unlisted() == 1 { "" } else { "s" }
                    ),
                    ..Diagnostic::default()
                });
            }
        }
    }
}

/// The repair of each malformed record the range touches, and one to
/// repair them all in the file.
pub fn code_actions(
    uri: &Uri,
    document: &Document,
    analysis: &Analysis,
    params: &CodeActionParams,
) -> Vec<CodeActionOrCommand> {
    let only = params.context.only.as_deref().unwrap_or_default();
    let wants = |kind: &CodeActionKind| {
        only.is_empty() || only.iter().any(|o| kind.as_str().starts_with(o.as_str()))
    };
    let edit = |edits: Vec<TextEdit>| WorkspaceEdit {
        changes: Some(HashMap::from([(uri.clone(), edits)])),
        ..WorkspaceEdit::default()
    };
    let mut actions = Vec::new();
    let (first, last) = (
        params.range.start.line as usize,
        params.range.end.line as usize,
    );
    let mut all = Vec::new();
    for (number, records) in analysis.lines.iter().enumerate() {
        for found in records.iter() {
            let Some(repair) = found.repair() else {
                continue;
            };
            let range = record_range(document, number, found);
            let fix = TextEdit::new(range, repair.text.clone());
            all.push(fix.clone());
            if !(first..=last).contains(&number) || !wants(&CodeActionKind::QUICKFIX) {
                continue;
            }
            let what = match repair.repairs.as_slice() {
                [] => "repair the record".to_string(),
                repairs => repairs.join("; "),
            };
            actions.push(CodeActionOrCommand::CodeAction(CodeAction {
                title: format!("Repair: {what}"),
                kind: Some(CodeActionKind::QUICKFIX),
                edit: Some(edit(vec![fix])),
                is_preferred: Some(true),
                ..CodeAction::default()
            }));
        }
    }
    if !all.is_empty() && wants(&CodeActionKind::SOURCE_FIX_ALL) {
        actions.push(CodeActionOrCommand::CodeAction(CodeAction {
            title: format!(
                "Repair every record lenient reading repairs ({})",
                all.len()
            ),
            kind: Some(CodeActionKind::SOURCE_FIX_ALL),
            edit: Some(edit(all)),
            ..CodeAction::default()
        }));
    }
    actions
}

/// Each well-formed record written canonically (the record as it stands
/// where it is already); in PGN, each game's movetext laid out as the
/// export format lays it out, too.
pub fn formatting(document: &Document, analysis: &Analysis) -> Vec<TextEdit> {
    let mut edits = match document.kind {
        Kind::Pgn => games::reflowed(document),
        _ => Vec::new(),
    };
    for (number, records) in analysis.lines.iter().enumerate() {
        for found in records.iter() {
            if let Some(canonical) = found.rewritten() {
                edits.push(TextEdit::new(
                    record_range(document, number, found),
                    canonical.to_string(),
                ));
            }
        }
    }
    edits
}

/// The board of the record under the cursor, with its fields in words;
/// or, for a malformed one, what is wrong and its repair. In PGN, on a
/// move of a game's mainline, the position after it. With `diagrams`,
/// the board is drawn too (an SVG image, for clients that show images in
/// hovers).
pub fn hover(
    document: &Document,
    analysis: &Analysis,
    at: Position,
    diagrams: bool,
) -> Option<Hover> {
    let number = at.line as usize;
    let line = document.line(number);
    let Some(found) = analysis.record_at(number, byte_in_line(line, at.character)) else {
        let after = match document.kind {
            Kind::Pgn => games::move_at(document, at)?,
            _ => return None,
        };
        let diagram = diagrams.then(|| {
            fenkit_diagrams::svg(&after.ply.setup, &hover_look().for_ply(&after.ply.marks()))
        });
        let status = fenkit::CheckStatus::of_setup_in(
            &after.ply.setup,
            after.variant,
            shakmaty::CastlingMode::Chess960,
        );
        let text = format!(
            "**{}**, the position after it:\n\n{}",
            after.label,
            position_in_words(&after.ply.setup, status, diagram)
        );
        return Some(markdown(text, after.range));
    };
    let read = document.read_options_at(number);
    let text = match read.parse(&line.as_bytes()[found.start..found.end]) {
        Ok(parsed) => {
            let errors = found
                .problems()
                .iter()
                .any(|p| p.severity == Severity::Error);
            let setup = &parsed.setup;
            let diagram = diagrams.then(|| {
                // The squares of standard chess's broken rules (a
                // variant's rules name none).
                let broken = match read.variant {
                    shakmaty::variant::Variant::Chess => fenkit::violations(setup, read.castling),
                    _ => Vec::new(),
                };
                let look =
                    hover_look().with_problems(fenkit_diagrams::squares_to_cross_out(&broken));
                fenkit_diagrams::svg(setup, &look)
            });
            let status = match errors {
                false => fenkit::CheckStatus::of_setup_in(setup, read.variant, read.castling),
                true => None,
            };
            let mut text = position_in_words(setup, status, diagram);
            if errors {
                text.push_str(" · not a legal position");
            }
            text
        }
        Err(err) => {
            let count = err.diagnostics().len();
            let mut text = format!(
                "Not well-formed FEN: {count} problem{}.",
                if count == 1 { "" } else { "s" }
            );
            if let Some(repair) = found.repair() {
                text.push_str(&format!(
                    "\n\nLenient reading repairs it as `{}`.",
                    repair.text
                ));
            }
            text
        }
    };
    Some(markdown(text, record_range(document, number, found)))
}

/// A hover's diagram: 240 pixels wide, the rest as `fen svg` draws.
fn hover_look() -> fenkit_diagrams::Diagram {
    fenkit_diagrams::Diagram::default().with_size(240)
}

fn markdown(value: String, range: Range) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(range),
    }
}

/// A position as a hover shows it: its diagram (an SVG document, shown as
/// an image) or else its board as text, then its fields in words and
/// whether the side to move is in check.
fn position_in_words(
    setup: &shakmaty::Setup,
    status: Option<fenkit::CheckStatus>,
    diagram: Option<String>,
) -> String {
    use base64::Engine as _;
    let board = match diagram {
        // A data URI: the client draws it without reaching anywhere.
        Some(svg) => format!(
            "![board](data:image/svg+xml;base64,{})\n\n",
            base64::engine::general_purpose::STANDARD.encode(svg)
        ),
        None => {
            let mut board = Vec::new();
            fenkit::write_board_text(&setup.board, &mut board);
            format!("```text\n{}```\n", String::from_utf8_lossy(&board))
        }
    };
    let words = fenkit::fields_in_words(setup);
    let status = match status {
        Some(fenkit::CheckStatus::Check) => " · check",
        Some(fenkit::CheckStatus::Checkmate) => " · checkmate",
        Some(fenkit::CheckStatus::Stalemate) => " · stalemate",
        _ => "",
    };
    format!("{board}{words}{status}")
}

/// One symbol per record (named by its EPD `id`, or else by its line), or
/// per game in PGN.
#[allow(deprecated)] // `DocumentSymbol::deprecated`, which the type still has.
pub fn symbols(document: &Document, analysis: &Analysis) -> Vec<DocumentSymbol> {
    if document.kind == Kind::Pgn {
        return games::symbols(document);
    }
    let mut symbols = Vec::new();
    for (number, records) in analysis.lines.iter().enumerate() {
        let line = document.line(number);
        for found in records.iter() {
            let record = &line[found.start..found.end];
            let id = record
                .split(';')
                .find_map(|op| op.trim().strip_prefix("id "))
                .map(|id| id.trim().trim_matches('"').to_string());
            let errors = found
                .problems()
                .iter()
                .filter(|p| p.severity == Severity::Error)
                .count();
            let range = record_range(document, number, found);
            symbols.push(DocumentSymbol {
                name: id.unwrap_or_else(|| format!("line {}", number + 1)),
                detail: Some(match errors {
                    0 => record.split(' ').next().unwrap_or("").to_string(),
                    n => format!("{n} problem{}", if n == 1 { "" } else { "s" }),
                }),
                kind: SymbolKind::OBJECT,
                tags: None,
                deprecated: None,
                range,
                selection_range: range,
                children: None,
            });
        }
    }
    symbols
}
