//! The case files of `tests/cases/`: a table of records and what each
//! must give, kept as data so that a case is one line. A file is
//! sections (`[name]`, saying how their records are read) of cases, one a
//! line: columns separated by tabs, the first the record as written
//! (`\\` for a backslash, `\xNN` for any byte that is not printable
//! ASCII, a space at either end among them); lines starting with `#` are
//! comments.
#![allow(dead_code)] // Each test file uses its own part.

/// One case: its section, and its columns as written.
pub struct Case<'a> {
    pub section: &'a str,
    pub columns: Vec<&'a str>,
}

impl Case<'_> {
    /// Column `at` as bytes (escapes read).
    pub fn bytes(&self, at: usize) -> Vec<u8> {
        unescape(self.columns[at])
    }

    /// Column `at` as a list: items separated by `; `, each of words
    /// separated by spaces; empty for an empty column.
    pub fn items(&self, at: usize) -> Vec<Vec<&str>> {
        let column = self.columns.get(at).copied().unwrap_or("");
        column
            .split("; ")
            .filter(|item| !item.is_empty())
            .map(|item| item.split(' ').collect())
            .collect()
    }
}

/// Every case of a case file's text, in order.
pub fn cases(text: &str) -> Vec<Case<'_>> {
    let mut section = "";
    let mut cases = Vec::new();
    for line in text.lines() {
        if let Some(name) = line.strip_prefix('[') {
            section = name
                .strip_suffix(']')
                .expect("a section's name in brackets");
        } else if !line.is_empty() && !line.starts_with('#') {
            let columns = line.split('\t').collect();
            cases.push(Case { section, columns });
        }
    }
    cases
}

/// A record as a case file writes it: `\\` a backslash, `\xNN` a byte.
fn unescape(written: &str) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut rest = written.as_bytes();
    while let Some((&first, after)) = rest.split_first() {
        rest = match (first, after) {
            (b'\\', [b'\\', after @ ..]) => {
                bytes.push(b'\\');
                after
            }
            (b'\\', [b'x', high, low, after @ ..]) => {
                let hex = [*high, *low];
                let hex = std::str::from_utf8(&hex).expect("ASCII");
                bytes.push(u8::from_str_radix(hex, 16).expect("two hex digits"));
                after
            }
            (b'\\', _) => panic!("a lone backslash in {written}"),
            _ => {
                bytes.push(first);
                after
            }
        };
    }
    bytes
}
