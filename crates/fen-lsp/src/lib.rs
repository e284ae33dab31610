//! `fen lsp`: a language server for FEN, EPD and PGN files, over stdio.
//!
//! The editor shows fenkit's diagnostics as it shows a compiler's: every
//! problem of every record at its characters, with its code; lenient
//! reading's repairs as quick fixes (one record, or the whole file);
//! the board on hover; canonical records on format; one symbol per
//! record, or per game in PGN (whose `[FEN]` tags are checked).
//!
//! Built on `lsp-server` (rust-analyzer's synchronous loop): a burst of
//! edits that arrives while a document is checked is applied at once and
//! checked once, and only the lines an edit changed are checked again
//! ([`analysis::Analysis`]).

pub mod analysis;
pub mod completion;
pub mod document;
pub mod features;
mod games;
pub mod published;
mod reflow;

use std::{collections::HashMap, error::Error};

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, HoverProviderCapability,
    OneOf, PublishDiagnosticsParams, ServerCapabilities, TextDocumentSyncCapability,
    TextDocumentSyncKind, Uri,
    notification::{self, Notification as _},
    request::{self, Request as _},
};

use crate::{
    analysis::Analysis,
    document::{Document, Kind},
};

type Failure = Box<dyn Error + Send + Sync>;

/// Serves the protocol on standard input and output until the client
/// says exit (or goes away).
pub fn run_stdio() -> Result<(), Failure> {
    let (connection, threads) = Connection::stdio();
    run(&connection)?;
    drop(connection);
    threads.join()?;
    Ok(())
}

/// What the server offers: changes by range, and the features below.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::INCREMENTAL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(lsp_types::CompletionOptions {
            trigger_characters: Some(vec![" ".into(), ".".into()]),
            ..lsp_types::CompletionOptions::default()
        }),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                CodeActionKind::SOURCE_FIX_ALL,
            ]),
            ..CodeActionOptions::default()
        })),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        folding_range_provider: Some(lsp_types::FoldingRangeProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    }
}

/// Serves one client on `connection`: the handshake, then requests and
/// notifications until shutdown.
pub fn run(connection: &Connection) -> Result<(), Failure> {
    let params = connection.initialize(serde_json::to_value(capabilities())?)?;
    let mut server = Server {
        diagrams: diagrams_on_hover(&params),
        ..Server::default()
    };
    while let Ok(first) = connection.receiver.recv() {
        // Every message waiting is taken before the documents it changed
        // are checked: a burst of edits is checked once.
        let mut changed: Vec<Uri> = Vec::new();
        let mut next = Some(first);
        while let Some(message) = next.take() {
            match message {
                Message::Request(request) => {
                    if connection.handle_shutdown(&request)? {
                        return Ok(());
                    }
                    // A request sees the documents as changed so far.
                    server.publish(&mut changed, connection)?;
                    connection.sender.send(server.answer(request).into())?;
                }
                Message::Notification(note) if note.method == notification::Exit::METHOD => {
                    return Ok(());
                }
                Message::Notification(note) => {
                    if let Some(uri) = server.notice(note)
                        && !changed.contains(&uri)
                    {
                        changed.push(uri);
                    }
                }
                Message::Response(_) => {}
            }
            next = connection.receiver.try_recv().ok();
        }
        server.publish(&mut changed, connection)?;
    }
    Ok(())
}

/// Whether the client asked for diagrams on hover: the initialization
/// option `{"diagramsOnHover": true}`, which the VS Code extension sets.
/// Off by default: a client that shows Markdown as text (a terminal
/// editor) would show the image's data instead.
fn diagrams_on_hover(params: &serde_json::Value) -> bool {
    params["initializationOptions"]["diagramsOnHover"].as_bool() == Some(true)
}

#[derive(Default)]
struct Server {
    documents: HashMap<Uri, (Document, Analysis)>,
    /// Hovers draw the board as an image, not as text.
    diagrams: bool,
}

impl Server {
    /// Takes a notification; the document it changed, if any.
    fn notice(&mut self, note: Notification) -> Option<Uri> {
        match note.method.as_str() {
            notification::DidOpenTextDocument::METHOD => {
                let params: lsp_types::DidOpenTextDocumentParams =
                    serde_json::from_value(note.params).ok()?;
                let item = params.text_document;
                let kind = Kind::of(&item.language_id, item.uri.as_str());
                let document = Document::new(kind, item.version, item.text);
                self.documents
                    .insert(item.uri.clone(), (document, Analysis::default()));
                Some(item.uri)
            }
            notification::DidChangeTextDocument::METHOD => {
                let params: lsp_types::DidChangeTextDocumentParams =
                    serde_json::from_value(note.params).ok()?;
                let (document, _) = self.documents.get_mut(&params.text_document.uri)?;
                document.version = params.text_document.version;
                for change in params.content_changes {
                    document.apply(change);
                }
                Some(params.text_document.uri)
            }
            notification::DidCloseTextDocument::METHOD => {
                let params: lsp_types::DidCloseTextDocumentParams =
                    serde_json::from_value(note.params).ok()?;
                self.documents.remove(&params.text_document.uri);
                // Its diagnostics go with it (published empty).
                Some(params.text_document.uri)
            }
            _ => None,
        }
    }

    /// Checks each changed document and publishes its diagnostics.
    fn publish(&mut self, changed: &mut Vec<Uri>, connection: &Connection) -> Result<(), Failure> {
        for uri in changed.drain(..) {
            let (diagnostics, version) = match self.documents.get_mut(&uri) {
                Some((document, analysis)) => {
                    analysis.update(document);
                    let mut found = published::Published::default();
                    features::diagnostics(document, analysis, &mut found);
                    if document.kind == Kind::Pgn {
                        analysis.played.diagnostics(document, &mut found);
                    }
                    (found.into_list(), Some(document.version))
                }
                None => (Vec::new(), None),
            };
            let params = PublishDiagnosticsParams {
                uri,
                diagnostics,
                version,
            };
            let note =
                Notification::new(notification::PublishDiagnostics::METHOD.to_string(), params);
            connection.sender.send(note.into())?;
        }
        Ok(())
    }

    /// The response to a request.
    fn answer(&self, request: Request) -> Response {
        let id = request.id.clone();
        let result = match request.method.as_str() {
            request::HoverRequest::METHOD => {
                self.with::<request::HoverRequest>(request, |params, (document, analysis)| {
                    let at = params.text_document_position_params.position;
                    features::hover(document, analysis, at, self.diagrams)
                })
            }
            request::CodeActionRequest::METHOD => {
                self.with::<request::CodeActionRequest>(request, |params, (document, analysis)| {
                    Some(features::code_actions(
                        &params.text_document.uri,
                        document,
                        analysis,
                        params,
                    ))
                })
            }
            request::Completion::METHOD => {
                self.with::<request::Completion>(request, |params, (document, analysis)| {
                    let at = params.text_document_position.position;
                    let items = completion::complete(document, analysis, at);
                    Some(lsp_types::CompletionResponse::Array(items))
                })
            }
            request::Formatting::METHOD => self
                .with::<request::Formatting>(request, |_, (document, analysis)| {
                    Some(features::formatting(document, analysis))
                }),
            request::DocumentSymbolRequest::METHOD => {
                self.with::<request::DocumentSymbolRequest>(request, |_, (document, analysis)| {
                    Some(lsp_types::DocumentSymbolResponse::Nested(
                        features::symbols(document, analysis),
                    ))
                })
            }
            request::FoldingRangeRequest::METHOD => self
                .with::<request::FoldingRangeRequest>(request, |_, (document, _)| {
                    Some(games::folding(document))
                }),
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("fen lsp does not answer {}", request.method),
            )),
        };
        match result {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    /// Reads the parameters of request `R`, finds its document and
    /// answers by `answer` (null for a document not open).
    fn with<R: request::Request>(
        &self,
        request: Request,
        answer: impl FnOnce(&R::Params, &(Document, Analysis)) -> R::Result,
    ) -> Result<serde_json::Value, (ErrorCode, String)>
    where
        R::Params: HasDocument,
    {
        let params: R::Params = serde_json::from_value(request.params)
            .map_err(|err| (ErrorCode::InvalidParams, err.to_string()))?;
        let answered = self
            .documents
            .get(params.uri())
            .map(|entry| answer(&params, entry));
        Ok(serde_json::to_value(answered).unwrap_or(serde_json::Value::Null))
    }
}

/// The parameters of a request about one document.
trait HasDocument {
    fn uri(&self) -> &Uri;
}

impl HasDocument for lsp_types::HoverParams {
    fn uri(&self) -> &Uri {
        &self.text_document_position_params.text_document.uri
    }
}

impl HasDocument for lsp_types::CompletionParams {
    fn uri(&self) -> &Uri {
        &self.text_document_position.text_document.uri
    }
}

impl HasDocument for lsp_types::CodeActionParams {
    fn uri(&self) -> &Uri {
        &self.text_document.uri
    }
}

impl HasDocument for lsp_types::DocumentFormattingParams {
    fn uri(&self) -> &Uri {
        &self.text_document.uri
    }
}

impl HasDocument for lsp_types::DocumentSymbolParams {
    fn uri(&self) -> &Uri {
        &self.text_document.uri
    }
}

impl HasDocument for lsp_types::FoldingRangeParams {
    fn uri(&self) -> &Uri {
        &self.text_document.uri
    }
}
