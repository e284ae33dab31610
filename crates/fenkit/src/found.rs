//! Naming an unexpected character for a message: NUL bytes, bytes that are
//! not UTF-8, and non-ASCII look-alikes pasted from web pages each get words
//! of their own, so a user can tell `–` from `-`.

use core::fmt;

use crate::Code;

/// The character that starts at some byte of a record.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    Ascii(u8),
    Unicode(char),
    /// A byte that does not start a valid UTF-8 sequence.
    NotUtf8(u8),
}

impl Found {
    /// The character starting at `pos` and its length in bytes.
    pub(crate) fn at(bytes: &[u8], pos: usize) -> (Found, usize) {
        let lead = bytes[pos];
        if lead.is_ascii() {
            return (Found::Ascii(lead), 1);
        }
        let len = match lead {
            0xc2..=0xdf => 2,
            0xe0..=0xef => 3,
            0xf0..=0xf4 => 4,
            _ => return (Found::NotUtf8(lead), 1),
        };
        match bytes
            .get(pos..pos + len)
            .and_then(|seq| core::str::from_utf8(seq).ok())
            .and_then(|s| s.chars().next())
        {
            Some(c) => (Found::Unicode(c), len),
            None => (Found::NotUtf8(lead), 1),
        }
    }

    /// The first character of `bytes` that is not printable ASCII, with its
    /// offset and length.
    pub(crate) fn first_unprintable(bytes: &[u8]) -> Option<(usize, Found, usize)> {
        let pos = bytes.iter().position(|b| !b.is_ascii_graphic())?;
        let (found, len) = Found::at(bytes, pos);
        Some((pos, found, len))
    }

    /// Whether `bytes` is one character that looks like `-`: an en dash,
    /// em dash, minus sign and the like.
    pub(crate) fn is_dash_look_alike(bytes: &[u8]) -> bool {
        match Found::at(bytes, 0) {
            (Found::Unicode(c), len) => len == bytes.len() && Found::looks_like(c) == Some("'-'"),
            _ => false,
        }
    }

    /// The code for this character: its own for NUL and non-UTF-8 bytes,
    /// `otherwise` for the rest.
    pub(crate) fn code_or(self, otherwise: Code) -> Code {
        match self {
            Found::Ascii(0) => Code::NulByte,
            Found::NotUtf8(_) => Code::InvalidUtf8,
            _ => otherwise,
        }
    }

    pub(crate) fn looks_like(c: char) -> Option<&'static str> {
        match c {
            '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{fe63}' | '\u{ff0d}' => Some("'-'"),
            '\u{a0}' | '\u{2000}'..='\u{200b}' | '\u{202f}' | '\u{3000}' => Some("a space"),
            '\u{2044}' | '\u{2215}' | '\u{ff0f}' => Some("'/'"),
            _ => None,
        }
    }
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Found::Ascii(0) => f.write_str("a NUL byte"),
            Found::Ascii(b'\t') => f.write_str("a tab"),
            Found::Ascii(b'\r') => f.write_str("a carriage return"),
            Found::Ascii(b' ') => f.write_str("a space"),
            Found::Ascii(b) if b.is_ascii_graphic() => write!(f, "'{}'", b as char),
            Found::Ascii(b) => write!(f, "control character 0x{b:02X}"),
            // An invisible or control character is named, not shown.
            Found::Unicode(c) if needs_escape(c) => {
                write!(f, "U+{:04X} (an invisible or control character)", c as u32)
            }
            Found::Unicode(c) => {
                write!(f, "'{c}' (U+{:04X}, not ASCII", c as u32)?;
                if let Some(twin) = Found::looks_like(c) {
                    write!(f, "; it looks like {twin} but is not")?;
                }
                f.write_str(")")
            }
            Found::NotUtf8(b) => write!(f, "byte 0x{b:02X} (not UTF-8)"),
        }
    }
}

/// `text` with everything a terminal would act on or hide escaped: control
/// characters (`\x1b`), and the invisible format characters that reorder
/// or hide text (bidi overrides and isolates, zero-width characters, a
/// byte-order mark: `\u{202e}`). Input quoted in a message goes through
/// this, so that a hostile file can neither recolour nor retitle the
/// terminal, nor make a message read backwards. `\n` and `\t` are escaped
/// too: a quote stays on its line.
///
/// ```
/// assert_eq!(fenkit::printable("a\u{1b}[31mb"), "a\\x1b[31mb");
/// assert_eq!(fenkit::printable("x\u{202e}y"), "x\\u{202e}y");
/// assert_eq!(fenkit::printable("8/8 – w"), "8/8 – w");
/// ```
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            c if !needs_escape(c) => out.push(c),
            c if (c as u32) < 0x80 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Whether a terminal would act on `c` or show nothing for it: what
/// [`printable`] escapes.
///
/// ```
/// assert!(fenkit::needs_escape('\u{1b}') && fenkit::needs_escape('\u{202e}'));
/// assert!(!fenkit::needs_escape('–'));
/// ```
pub fn needs_escape(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200b}'..='\u{200f}' // zero-width characters, LRM and RLM
                | '\u{2028}'..='\u{202e}' // separators, bidi embeddings and overrides
                | '\u{2060}'..='\u{2064}' // word joiner, invisible operators
                | '\u{2066}'..='\u{2069}' // bidi isolates
                | '\u{061c}' // Arabic letter mark
                | '\u{feff}' // byte-order mark
                | '\u{fff9}'..='\u{fffb}' // interlinear annotations
        )
}

#[cfg(test)]
mod tests {
    #[test]
    fn invisible_characters_are_named_not_shown() {
        for c in ['\u{93}', '\u{202e}', '\u{200b}'] {
            let named = super::Found::Unicode(c).to_string();
            assert!(!named.contains(c), "{named}");
            assert!(named.contains(&format!("U+{:04X}", c as u32)), "{named}");
        }
    }

    use super::*;

    fn describe(bytes: &[u8]) -> (String, usize) {
        let (found, len) = Found::at(bytes, 0);
        (found.to_string(), len)
    }

    #[test]
    fn names_look_alikes_and_bad_bytes() {
        assert_eq!(describe(b"x"), ("'x'".into(), 1));
        assert_eq!(describe(b"\0"), ("a NUL byte".into(), 1));
        assert_eq!(describe(b"\x07"), ("control character 0x07".into(), 1));
        assert_eq!(
            describe("–".as_bytes()),
            (
                "'–' (U+2013, not ASCII; it looks like '-' but is not)".into(),
                3
            )
        );
        assert_eq!(describe("♔".as_bytes()).0, "'♔' (U+2654, not ASCII)");
        assert_eq!(describe(b"\xff"), ("byte 0xFF (not UTF-8)".into(), 1));
        // A truncated sequence is one bad byte, not a read past the end.
        assert_eq!(describe(b"\xe2\x80"), ("byte 0xE2 (not UTF-8)".into(), 1));
    }

    #[test]
    fn codes_for_nul_and_invalid_bytes() {
        assert_eq!(Found::Ascii(0).code_or(Code::BadSide), Code::NulByte);
        assert_eq!(
            Found::NotUtf8(0xff).code_or(Code::BadSide),
            Code::InvalidUtf8
        );
        assert_eq!(Found::Unicode('–').code_or(Code::BadSide), Code::BadSide);
    }
}
