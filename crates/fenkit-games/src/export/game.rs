//! A game written: its tags (the seven-tag roster first, `?` where
//! unknown, then the others as read, computed ones added or corrected,
//! values escaped), then its movetext and result.

use pgn_reader::Outcome;

use super::{Export, ROSTER, tokens::Lines};
use crate::openings::Opening;

/// A game read: its tags as read (each name once), and its movetext
/// written.
pub(super) struct Game {
    pub(super) tags: Vec<(String, String)>,
    pub(super) movetext: Lines,
    /// The game termination marker of the movetext, if it has one.
    pub(super) outcome: Option<Outcome>,
    pub(super) mainline_plies: usize,
    pub(super) opening: Option<&'static Opening>,
}

impl Game {
    pub(super) fn write(self, export: &Export, out: &mut Vec<u8>) {
        let value = |name: &str| {
            self.tags
                .iter()
                .find(|(tag, _)| tag == name)
                .map(|(_, value)| value.as_str())
        };
        let marker = match (self.outcome, value("Result")) {
            (Some(outcome), _) => outcome.to_string(),
            (None, Some(result @ ("1-0" | "0-1" | "1/2-1/2" | "*"))) => result.to_string(),
            (None, _) => "*".to_string(),
        };
        for (name, unknown) in ROSTER {
            let value = match name {
                "Result" => value(name).unwrap_or(&marker),
                _ => value(name).unwrap_or(unknown),
            };
            write_tag(out, name, value);
        }
        let retag = export.retag;
        let mut computed: Vec<(&str, String)> = Vec::new();
        if let Some(opening) = self.opening {
            if retag.eco {
                computed.push(("ECO", opening.eco.to_string()));
            }
            if retag.opening {
                computed.push(("Opening", opening.name.to_string()));
            }
        }
        if retag.ply_count {
            computed.push(("PlyCount", self.mainline_plies.to_string()));
        }
        for (name, value) in &export.set_tags {
            computed.push((name.as_str(), value.clone()));
        }
        let mut written: Vec<&str> = Vec::new();
        for (name, value) in &self.tags {
            let name = name.as_str();
            if ROSTER.iter().any(|(roster, _)| *roster == name)
                || export.strip.tags.iter().any(|strip| strip == name)
            {
                continue;
            }
            written.push(name);
            match computed.iter().find(|(tag, _)| *tag == name) {
                Some((_, value)) => write_tag(out, name, value),
                None => write_tag(out, name, value),
            }
        }
        for (name, value) in &computed {
            if !written.contains(name) {
                write_tag(out, name, value);
            }
        }
        out.push(b'\n');
        let mut movetext = self.movetext;
        movetext.token(marker.as_bytes());
        out.extend_from_slice(&movetext.text);
        out.extend_from_slice(b"\n\n");
    }
}

/// `[Name "value"]` and a line break, the value's `\` and `"` escaped.
fn write_tag(out: &mut Vec<u8>, name: &str, value: &str) {
    out.push(b'[');
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(b" \"");
    for byte in value.bytes() {
        match byte {
            b'\\' | b'"' => out.extend_from_slice(&[b'\\', byte]),
            // A tag is one line.
            b'\n' | b'\r' => out.push(b' '),
            _ => out.push(byte),
        }
    }
    out.extend_from_slice(b"\"]\n");
}
