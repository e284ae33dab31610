//! A script cut into statements, and the file paths a statement names,
//! by sqlparser's tokenizer (DataFusion's own): a `;` in a string, a
//! quoted name or a comment (`--` or `/* */`) ends nothing, and a path is
//! a single-quoted string, whatever stands around it.

use datafusion::sql::sqlparser::{
    dialect::GenericDialect,
    tokenizer::{Location, Token, TokenWithSpan, Tokenizer},
};

/// One statement, where it starts in its script, and its tokens.
pub struct Statement {
    pub text: String,
    pub offset: usize,
    tokens: Vec<Token>,
}

impl Statement {
    /// The single-quoted strings of the statement: where a query names a
    /// file by its path (`FROM 'puzzles.csv'`).
    pub fn strings(&self) -> impl Iterator<Item = &str> {
        self.tokens.iter().filter_map(|token| match token {
            Token::SingleQuotedString(text) => Some(text.as_str()),
            _ => None,
        })
    }
}

/// The byte offset of a tokenizer's location (1-based line and column in
/// characters) in `sql`.
fn offset(sql: &str, location: Location) -> usize {
    let line_start = sql
        .split_inclusive('\n')
        .take(location.line.saturating_sub(1) as usize)
        .map(str::len)
        .sum::<usize>();
    let column = location.column.saturating_sub(1) as usize;
    sql[line_start..]
        .char_indices()
        .nth(column)
        .map_or(sql.len(), |(at, _)| line_start + at)
}

/// The statements of `sql`; empty ones (blank, or only comments) left
/// out. A script the tokenizer cannot read (a string never closed) is one
/// statement, for DataFusion to say what is wrong and where.
pub fn split(sql: &str) -> Vec<Statement> {
    let Ok(tokens) = Tokenizer::new(&GenericDialect {}, sql).tokenize_with_location() else {
        let tokens = Vec::new();
        return vec![Statement {
            text: sql.to_string(),
            offset: 0,
            tokens,
        }];
    };
    let mut statements = Vec::new();
    let mut current: Vec<TokenWithSpan> = Vec::new();
    let mut start = 0;
    for token in tokens {
        if token.token == Token::SemiColon {
            let end = offset(sql, token.span.start);
            push(
                sql,
                start,
                end,
                std::mem::take(&mut current),
                &mut statements,
            );
            start = end + 1;
            continue;
        }
        current.push(token);
    }
    push(sql, start, sql.len(), current, &mut statements);
    statements
}

fn push(
    sql: &str,
    start: usize,
    end: usize,
    tokens: Vec<TokenWithSpan>,
    statements: &mut Vec<Statement>,
) {
    let tokens: Vec<Token> = tokens
        .into_iter()
        .map(|t| t.token)
        .filter(|t| !matches!(t, Token::Whitespace(_) | Token::EOF))
        .collect();
    if !tokens.is_empty() {
        statements.push(Statement {
            text: sql[start..end.min(sql.len())].to_string(),
            offset: start,
            tokens,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::split;

    #[test]
    fn statements_end_at_semicolons_outside_strings_and_comments() {
        let sql = "SELECT ';' AS a; -- x; y\nSELECT \"b;c\" FROM t /* ; */;\n\n-- only a comment;\n/* and; another */";
        let texts: Vec<_> = split(sql).into_iter().map(|s| (s.offset, s.text)).collect();
        assert_eq!(texts.len(), 2, "{texts:?}");
        assert_eq!(texts[0], (0, "SELECT ';' AS a".to_string()));
        assert!(texts[1].1.contains("SELECT \"b;c\" FROM t /* ; */"));
        assert_eq!(&sql[texts[1].0..texts[1].0 + 7], " -- x; ");
    }

    #[test]
    fn strings_are_found_wherever_they_stand() {
        let statements = split("SELECT * FROM 'é.csv' JOIN 'b.pgn' USING (game) WHERE x = 'it''s'");
        let strings: Vec<&str> = statements[0].strings().collect();
        assert_eq!(strings, ["é.csv", "b.pgn", "it's"]);
    }

    #[test]
    fn a_string_never_closed_is_one_statement_for_datafusion_to_explain() {
        let statements = split("SELECT 'a; SELECT 1");
        assert_eq!(statements.len(), 1);
    }
}
