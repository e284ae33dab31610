//! What people paste around a record, taken off before lenient repair: a
//! `FEN:` or `fen=` prefix, an analysis URL (lichess, chess.com and the
//! like: underscores and `+` for spaces, percent-escapes), a PGN
//! `[FEN "…"]` tag, Markdown backticks, and a trailing comment. Each is one
//! warning, at the place it was found; every byte of what is left knows
//! where it came from, so that later diagnostics point into the paste.

use crate::{Code, Diagnostic, Field, Span};

/// The record inside a paste.
pub(super) struct Unwrapped {
    pub text: Vec<u8>,
    /// For each byte of `text`, and one past its end, the offset in the
    /// paste it came from.
    pub origin: Vec<usize>,
    pub warnings: Vec<Diagnostic>,
}

impl Unwrapped {
    /// The span of the paste that `span` of the unwrapped text came from.
    pub fn map(&self, span: Span) -> Span {
        let at = |pos: usize| self.origin[pos.min(self.origin.len() - 1)];
        let end = match span.is_empty() {
            true => at(span.start),
            // Just past the last byte's origin: a decoded escape spans all
            // of its bytes.
            false => self.origin_end(span.end - 1),
        };
        Span::new(at(span.start), end.max(at(span.start)))
    }

    fn origin_end(&self, last: usize) -> usize {
        // The next byte's origin, when it came right after.
        self.origin[last + 1].max(self.origin[last] + 1)
    }
}

/// The record inside `paste`, when a wrapping was taken off; `None` when
/// there was none. `epd`: a trailing `;` belongs to the record.
pub(super) fn unwrap(paste: &[u8], epd: bool) -> Option<Unwrapped> {
    let (mut lo, mut hi) = trim(paste, 0, paste.len());
    let mut warnings = Vec::new();
    let mut warn = |span: Span, what: &str| {
        warnings.push(
            Diagnostic::new(
                Code::WrappedRecord,
                Field::Record,
                span,
                format!("{what} around the record, taken off"),
            )
            .into_warning(),
        );
    };
    let mut url = None;
    loop {
        let text = &paste[lo..hi];
        let before = (lo, hi);
        if let Some(inner) = text
            .strip_prefix(b"[FEN \"")
            .and_then(|t| t.strip_suffix(b"\"]"))
        {
            warn(Span::new(lo, hi), "a PGN [FEN \"…\"] tag");
            lo += 6;
            hi = lo + inner.len();
        } else if text.len() > 1 && text[0] == b'`' && text[text.len() - 1] == b'`' {
            let ticks = text.iter().take_while(|&&b| b == b'`').count().min(3);
            warn(Span::new(lo, hi), "Markdown backticks");
            lo += ticks;
            hi -= ticks.min(hi - lo);
        } else if let Some(len) = prefix_len(text) {
            let label = String::from_utf8_lossy(&text[..4]);
            warn(
                Span::at(lo, len),
                &format!("a '{}' label", label.trim_end()),
            );
            lo += len;
        } else if let Some(start) = url_record(text) {
            warn(Span::new(lo, lo + start), "an analysis URL");
            url = Some(lo + start);
            lo += start;
            // The fragment or the query after the record.
            if let Some(end) = paste[lo..hi].iter().position(|&b| b == b'&' || b == b'#') {
                hi = lo + end;
            }
        } else if let Some(start) = comment_start(text, epd) {
            warn(Span::new(lo + start, hi), "a trailing comment");
            hi = lo + start;
        }
        (lo, hi) = trim(paste, lo, hi);
        if (lo, hi) == before {
            break;
        }
    }
    if warnings.is_empty() {
        return None;
    }
    let mut text = Vec::with_capacity(hi - lo);
    let mut origin = Vec::with_capacity(hi - lo + 1);
    let mut pos = lo;
    while pos < hi {
        let escape = url.is_some() && paste[pos] == b'%';
        let decoded = escape
            .then(|| paste.get(pos + 1..pos + 3))
            .flatten()
            .and_then(|hex| u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok());
        let (byte, len) = match (decoded, paste[pos]) {
            (Some(byte), _) => (byte, 3),
            (None, b'+') if url.is_some() => (b' ', 1),
            (None, byte) => (byte, 1),
        };
        text.push(byte);
        origin.push(pos);
        pos += len;
    }
    origin.push(hi);
    Some(Unwrapped {
        text,
        origin,
        warnings,
    })
}

fn trim(paste: &[u8], mut lo: usize, mut hi: usize) -> (usize, usize) {
    while lo < hi && paste[lo].is_ascii_whitespace() {
        lo += 1;
    }
    while hi > lo && paste[hi - 1].is_ascii_whitespace() {
        hi -= 1;
    }
    (lo, hi)
}

/// The length of a `FEN:`, `fen=` or `FEN ` prefix (any case) with the
/// blanks after it.
fn prefix_len(text: &[u8]) -> Option<usize> {
    let head = text.get(..4)?;
    if !head[..3].eq_ignore_ascii_case(b"fen") || !matches!(head[3], b':' | b'=' | b' ') {
        return None;
    }
    let blanks = text[4..]
        .iter()
        .take_while(|b| b.is_ascii_whitespace())
        .count();
    Some(4 + blanks)
}

/// Where the record starts in an analysis URL: after `fen=` in its query,
/// or after the path's `/analysis/` or `/editor/` (and a variant name).
fn url_record(text: &[u8]) -> Option<usize> {
    let lower = text.to_ascii_lowercase();
    let is_url = lower.starts_with(b"http://")
        || lower.starts_with(b"https://")
        || lower.starts_with(b"www.")
        || lower.starts_with(b"lichess.org/")
        || lower.starts_with(b"chess.com/");
    if !is_url {
        return None;
    }
    let find = |needle: &[u8]| memchr::memmem::find(&lower, needle).map(|at| at + needle.len());
    let start = find(b"?fen=")
        .or_else(|| find(b"&fen="))
        .or_else(|| find(b"/analysis/"))
        .or_else(|| find(b"/editor/"))?;
    let variant = [&b"standard/"[..], b"chess960/", b"fromposition/"]
        .iter()
        .find(|name| lower[start..].starts_with(name))
        .map_or(0, |name| name.len());
    Some(start + variant)
}

/// Where a trailing comment starts: `{…}` at the end, or `;` and what
/// follows (a PGN comment to the end of the line) unless the record is EPD.
fn comment_start(text: &[u8], epd: bool) -> Option<usize> {
    if text.ends_with(b"}") {
        return text.iter().rposition(|&b| b == b'{').filter(|&at| at > 0);
    }
    if epd {
        return None;
    }
    text.iter().position(|&b| b == b';').filter(|&at| at > 0)
}

#[cfg(test)]
mod tests {
    use super::unwrap;

    fn inner(paste: &str) -> Option<String> {
        unwrap(paste.as_bytes(), false).map(|u| String::from_utf8(u.text).unwrap())
    }

    #[test]
    fn wrappers_come_off() {
        let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
        assert_eq!(inner(&format!("FEN: {fen}")).as_deref(), Some(fen));
        assert_eq!(inner(&format!("fen={fen}")).as_deref(), Some(fen));
        assert_eq!(inner(&format!("[FEN \"{fen}\"]")).as_deref(), Some(fen));
        assert_eq!(inner(&format!("`{fen}`")).as_deref(), Some(fen));
        assert_eq!(inner(&format!("```{fen}```")).as_deref(), Some(fen));
        assert_eq!(inner(&format!("{fen} ; from a game")).as_deref(), Some(fen));
        assert_eq!(
            inner(&format!("{fen} {{White wins}}")).as_deref(),
            Some(fen)
        );
        assert_eq!(
            inner("https://lichess.org/analysis/8/8/8/8/8/8/8/K6k_w_-_-_0_1").as_deref(),
            Some("8/8/8/8/8/8/8/K6k_w_-_-_0_1")
        );
        assert_eq!(
            inner("https://lichess.org/analysis/standard/8/8/8/8/8/8/8/K6k_w_-_-_0_1#3").as_deref(),
            Some("8/8/8/8/8/8/8/K6k_w_-_-_0_1")
        );
        assert_eq!(
            inner("https://www.chess.com/analysis?fen=8%2F8%2F8%2F8%2F8%2F8%2F8%2FK6k+w+-+-+0+1&flip=false")
                .as_deref(),
            Some(fen)
        );
        assert_eq!(inner(fen), None);
    }

    #[test]
    fn unwrapped_bytes_point_into_the_paste() {
        let paste = b"https://www.chess.com/analysis?fen=8%2F8 w";
        let unwrapped = unwrap(paste, false).unwrap();
        // The second '8' of "8/8" came from byte 38 of the paste.
        assert_eq!(unwrapped.text, b"8/8 w");
        let span = unwrapped.map(crate::Span::at(1, 1));
        assert_eq!((span.start, span.end), (36, 39)); // the "%2F"
        assert_eq!(unwrapped.map(crate::Span::at(2, 1)).start, 39);
    }
}
