//! A value written as a field of a delimited row, the one rule for the
//! command's row-aligned output and `fen-sql`'s CSV: quoted as CSV wants
//! when the value holds the delimiter, a quote or a line break; for tabs,
//! which TSV cannot quote, tabs and line breaks turned into spaces.

/// Appends `value` to `out` as a field of a row split at `delimiter`.
///
/// ```
/// let mut row = Vec::new();
/// fenkit_io::write_field(&mut row, "Sicilian, Najdorf", b',');
/// row.push(b',');
/// fenkit_io::write_field(&mut row, "B90", b',');
/// assert_eq!(row, b"\"Sicilian, Najdorf\",B90");
/// ```
pub fn write_field(out: &mut Vec<u8>, value: &str, delimiter: u8) {
    let bytes = value.as_bytes();
    if delimiter == b'\t' {
        out.extend(bytes.iter().map(|&b| match b {
            b'\t' | b'\r' | b'\n' => b' ',
            b => b,
        }));
        return;
    }
    let quote = bytes
        .iter()
        .any(|&b| b == delimiter || b == b'"' || b == b'\r' || b == b'\n');
    if !quote {
        out.extend_from_slice(bytes);
        return;
    }
    out.push(b'"');
    for &b in bytes {
        if b == b'"' {
            out.push(b'"');
        }
        out.push(b);
    }
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(value: &str, delimiter: u8) -> String {
        let mut out = Vec::new();
        write_field(&mut out, value, delimiter);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn fields_are_quoted_only_when_they_need_it() {
        assert_eq!(field("B00", b','), "B00");
        assert_eq!(field("Sicilian, Najdorf", b','), "\"Sicilian, Najdorf\"");
        assert_eq!(field("say \"hi\"", b','), "\"say \"\"hi\"\"\"");
        assert_eq!(field("a\nb", b','), "\"a\nb\"");
        assert_eq!(field("a;b", b';'), "\"a;b\"");
        assert_eq!(field("a\tb\nc", b'\t'), "a b c");
    }
}
