//! A script cut into statements at the `;` that end them (not those in
//! strings, quoted names or comments), each with where it starts.

/// One statement and the byte offset where it starts in its script.
pub struct Statement {
    pub text: String,
    pub offset: usize,
}

/// The statements of `sql`; empty ones (blank, or only comments) left out.
pub fn split(sql: &str) -> Vec<Statement> {
    let bytes = sql.as_bytes();
    let mut statements = Vec::new();
    let mut start = 0;
    let mut at = 0;
    while at < bytes.len() {
        match bytes[at] {
            quote @ (b'\'' | b'"') => {
                at += 1;
                while at < bytes.len() && bytes[at] != quote {
                    at += 1;
                }
            }
            b'-' if bytes.get(at + 1) == Some(&b'-') => {
                while at < bytes.len() && bytes[at] != b'\n' {
                    at += 1;
                }
            }
            b';' => {
                push(sql, start, at, &mut statements);
                start = at + 1;
            }
            _ => {}
        }
        at += 1;
    }
    push(sql, start, sql.len(), &mut statements);
    statements
}

fn push(sql: &str, start: usize, end: usize, statements: &mut Vec<Statement>) {
    let text = &sql[start..end.min(sql.len())];
    let has_code = text
        .lines()
        .any(|line| !line.trim().is_empty() && !line.trim_start().starts_with("--"));
    if has_code {
        statements.push(Statement {
            text: text.to_string(),
            offset: start,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::split;

    #[test]
    fn statements_end_at_semicolons_outside_strings_and_comments() {
        let sql = "SELECT ';' AS a; -- x; y\nSELECT \"b;c\" FROM t;\n\n-- only a comment;\n";
        let texts: Vec<_> = split(sql).into_iter().map(|s| (s.offset, s.text)).collect();
        assert_eq!(texts.len(), 2, "{texts:?}");
        assert_eq!(texts[0], (0, "SELECT ';' AS a".to_string()));
        assert!(texts[1].1.contains("SELECT \"b;c\" FROM t"));
    }
}
