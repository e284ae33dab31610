//! PGN movetext laid out as the export format lays it out: tokens one
//! blank apart, lines of at most 79 characters. Only blanks change: a
//! comment's words are wrapped like moves (blanks inside a `{}` comment
//! mean nothing), a `;` comment ends its line, and a line starting with
//! `%` (an escape) is kept whole on its own.

/// The longest line the export format writes.
const WIDTH: usize = 79;

/// What a line of the result holds next.
enum Token<'a> {
    /// A word: a move, a number, a glyph, a result, part of a comment.
    Word(&'a str),
    /// Text that must end its line: a `;` comment, or a `%` line.
    Ending(&'a str),
    /// A `%` escape line, which must also start its line.
    Escape(&'a str),
}

fn tokens<'a>(lines: &[&'a str]) -> Vec<Token<'a>> {
    let mut tokens = Vec::new();
    let mut in_comment = false;
    for line in lines {
        if !in_comment && line.starts_with('%') {
            tokens.push(Token::Escape(line));
            continue;
        }
        let mut rest = *line;
        while !rest.is_empty() {
            rest = rest.trim_start();
            if rest.is_empty() {
                break;
            }
            if !in_comment && rest.starts_with(';') {
                tokens.push(Token::Ending(rest.trim_end()));
                break;
            }
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let word = &rest[..end];
            // A `{` opens a comment until its `}` (which may come within
            // the same word), where `;` and `%` are plain text.
            for c in word.chars() {
                match c {
                    '{' if !in_comment => in_comment = true,
                    '}' if in_comment => in_comment = false,
                    _ => {}
                }
            }
            tokens.push(Token::Word(word));
            rest = &rest[end..];
        }
    }
    tokens
}

/// The movetext of `lines`, laid out anew.
pub fn movetext(lines: &[&str]) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    let end_line = |out: &mut String, line_len: &mut usize| {
        if *line_len > 0 {
            out.push('\n');
            *line_len = 0;
        }
    };
    for token in tokens(lines) {
        match token {
            Token::Escape(line) => {
                end_line(&mut out, &mut line_len);
                out.push_str(line);
                out.push('\n');
            }
            Token::Word(word) | Token::Ending(word) => {
                let width = word.chars().count();
                if line_len > 0 && line_len + 1 + width > WIDTH {
                    end_line(&mut out, &mut line_len);
                }
                if line_len > 0 {
                    out.push(' ');
                    line_len += 1;
                }
                out.push_str(word);
                line_len += width;
                if matches!(token, Token::Ending(_)) {
                    end_line(&mut out, &mut line_len);
                }
            }
        }
    }
    out.trim_end_matches('\n').to_string()
}

#[cfg(test)]
mod tests {
    use super::movetext;

    #[test]
    fn movetext_is_wrapped_at_79_with_single_blanks() {
        let lines = [
            "1.  e4   e5 2. Nf3 {a long",
            "   comment}  Nc6 ; rest of line",
            "%escaped",
            "3. Bb5 *",
        ];
        assert_eq!(
            movetext(&lines),
            "1. e4 e5 2. Nf3 {a long comment} Nc6 ; rest of line\n%escaped\n3. Bb5 *"
        );
        let long: Vec<String> = (1..=30).map(|n| format!("{n}. Nf3 Nf6")).collect();
        let text = movetext(&[&long.join(" ")]);
        assert!(text.lines().all(|line| line.len() <= 79), "{text}");
        assert_eq!(text.split_whitespace().count(), 90);
        assert_eq!(movetext(&[&text]), text, "laid out once, it stays");
    }
}
