//! The diagnostics published for a document: at most [`LIMIT`]. Past
//! that a problem list helps nobody, and a file of junk would have
//! millions (a diagnostic a character): their message alone would be
//! gigabytes. One note after the last says how many more there are.

use lsp_types::{Diagnostic, DiagnosticSeverity, Range};

/// The most diagnostics published for one document.
pub const LIMIT: usize = 5_000;

/// The diagnostics of one document, gathered in the order they are
/// found; each is made only when there is room for it.
#[derive(Default)]
pub struct Published {
    list: Vec<Diagnostic>,
    /// Where the first one left out stands, and how many were.
    left_out: Option<(Range, usize)>,
}

impl Published {
    /// Adds the diagnostic `make` makes, at `range`, if there is room.
    pub fn push(&mut self, range: Range, make: impl FnOnce() -> Diagnostic) {
        match &mut self.left_out {
            _ if self.list.len() < LIMIT => self.list.push(make()),
            Some((_, count)) => *count += 1,
            None => self.left_out = Some((range, 1)),
        }
    }

    /// The diagnostics, and the note on those left out.
    pub fn into_list(mut self) -> Vec<Diagnostic> {
        if let Some((range, count)) = self.left_out {
            self.list.push(Diagnostic {
                range,
                severity: Some(DiagnosticSeverity::INFORMATION),
                source: Some("fenkit".to_string()),
                message: format!(
                    "{count} more problem{} from here on {} not shown (the first {LIMIT} are); \
                     `fen check` lists every one",
                    if count == 1 { "" } else { "s" },
                    if count == 1 { "is" } else { "are" },
                ),
                ..Diagnostic::default()
            });
        }
        self.list
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_types::Position;

    #[test]
    fn past_the_limit_one_note_counts_the_rest() {
        let mut published = Published::default();
        let at = |line| Range::new(Position::new(line, 0), Position::new(line, 1));
        let mut made = 0;
        for line in 0..(LIMIT as u32 + 7) {
            published.push(at(line), || {
                made += 1;
                Diagnostic::new_simple(at(line), "bad".into())
            });
        }
        assert_eq!(made, LIMIT);
        let list = published.into_list();
        assert_eq!(list.len(), LIMIT + 1);
        let note = list.last().unwrap();
        assert_eq!(note.range, at(LIMIT as u32));
        assert!(
            note.message
                .starts_with("7 more problems from here on are not shown")
        );
    }
}
