//! One clear message per failed statement, with the place in the query
//! where the parser or planner says the fault is.

use datafusion::error::DataFusionError;

use crate::statements::Statement;

/// The message of `err` without DataFusion's layers of context.
pub fn message(err: &DataFusionError) -> String {
    let mut text = err.find_root().to_string();
    for prefix in [
        "SQL error: ",
        "Error during planning: ",
        "Execution error: ",
        "Arrow error: ",
        "Invalid argument error: ",
        "Schema error: ",
        "External error: ",
    ] {
        if let Some(rest) = text.strip_prefix(prefix) {
            text = rest.to_string();
        }
    }
    // The parser's errors come wrapped: ParserError("…").
    if let Some(inner) = text
        .strip_prefix("ParserError(\"")
        .and_then(|t| t.strip_suffix("\")"))
    {
        text = inner.replace("\\\"", "\"");
    }
    // fen-sql keeps names as written on purpose (see main.rs).
    text.replace(
        " or disable the datafusion.sql_parser.enable_ident_normalization configuration",
        "",
    )
    .trim()
    .to_string()
}

/// The 1-based line and column of the fault in `statement`: where
/// DataFusion's structured diagnostic puts it (collected spans, see
/// main.rs), else where the parser's message says (`at Line: 1, Column:
/// 8`: sqlparser's errors carry their place only in their text), else
/// where the word a message of fenkit's quotes (an option, a name)
/// stands in the statement.
fn place(err: &DataFusionError, message: &str, statement: &str) -> Option<(usize, usize)> {
    if let Some(span) = err.diagnostic().and_then(|diagnostic| diagnostic.span) {
        let (line, column) = (span.start.line as usize, span.start.column as usize);
        if line > 0 && column > 0 {
            return Some((line, column));
        }
    }
    if let Some(at) = message.find("Line: ") {
        let rest = &message[at + 6..];
        let line: usize = rest.split(',').next()?.trim().parse().ok()?;
        let column: usize = rest
            .split("Column: ")
            .nth(1)?
            .split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()?;
        return Some((line, column));
    }
    let quoted = message
        .split('\'')
        .nth(1)
        .map(|name| name.rsplit('.').next().unwrap_or(name))
        .filter(|name| !name.is_empty())?;
    let at = statement.find(quoted)?;
    let line = statement[..at].matches('\n').count() + 1;
    let column = statement[..at].rsplit('\n').next()?.chars().count() + 1;
    Some((line, column))
}

/// Prints `err` of `statement` (part of the script `source` holding
/// `script`) as `SOURCE:LINE:COL: error: …` with the line and a caret.
pub fn report(source: &str, script: &str, statement: &Statement, err: &DataFusionError) {
    let text = message(err);
    let before = &script[..statement.offset];
    let first_line = before.matches('\n').count();
    match place(err, &text, &statement.text) {
        Some((line, column)) => {
            // The place is said once, in front.
            let text = match text.rfind(" at Line: ") {
                Some(at) => text[..at].to_string(),
                None => text.clone(),
            };
            let shown = statement.text.lines().nth(line - 1).unwrap_or("");
            // The statement's first line starts mid-line in its script.
            let column_in_script = if line == 1 {
                column + before.rsplit('\n').next().map_or(0, |l| l.chars().count())
            } else {
                column
            };
            let line_in_script = first_line + line;
            eprintln!(
                "{source}:{line_in_script}:{column_in_script}: error: {}",
                printable(&text)
            );
            eprintln!("  | {}", printable(shown));
            // Under the character as shown: an escaped one takes more.
            let before: String = shown.chars().take(column.saturating_sub(1)).collect();
            let width = printable(&before).chars().count();
            eprintln!("  | {}^", " ".repeat(width));
        }
        None => eprintln!("{source}:{}: error: {}", first_line + 1, printable(&text)),
    }
}

/// Text from a query or a file, each line escaped by fenkit's one rule
/// (control characters, bidi overrides); the message's own line breaks
/// stay.
pub fn printable(text: &str) -> String {
    text.split('\n')
        .map(|line| fenkit::printable(line))
        .collect::<Vec<_>>()
        .join("\n")
}
