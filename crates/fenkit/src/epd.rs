//! EPD operations: what follows the four position fields of an EPD record,
//! such as `bm Qg6; id "WAC.001";`.

use core::fmt;

use crate::{Code, Diagnostic, Field, Span, found::Found, words::shown};

/// One operand of an operation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// An unquoted token as written: a number, a move, a word.
    Token(String),
    /// A quoted string, without its quotes and escapes.
    Quoted(String),
}

/// One EPD operation: an opcode, its operands, and a `;` when written.
///
/// ```
/// let epd = fenkit::ReadOptions { format: fenkit::Format::Epd, ..Default::default() };
/// let parsed = epd.parse(b"1k1r4/pp1b1R2/3q2pr/2pB3p/3pP3/8/PPP1Q1PP/1K6 w - - bm Qd1+; id \"BK.01\";")?;
/// assert_eq!(parsed.operations[1].opcode, "id");
/// assert_eq!(parsed.operations[1].to_string(), "id \"BK.01\";");
/// # Ok::<_, fenkit::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Operation {
    pub opcode: String,
    pub operands: Vec<Operand>,
}

impl Operation {
    /// An operation with one unquoted operand, such as `hmvc 0`.
    pub fn token(opcode: &str, operand: impl Into<String>) -> Operation {
        Operation {
            opcode: opcode.to_string(),
            operands: vec![Operand::Token(operand.into())],
        }
    }

    /// The first operand as text, if any.
    pub fn first(&self) -> Option<&str> {
        self.operands.first().map(|operand| match operand {
            Operand::Token(text) | Operand::Quoted(text) => text.as_str(),
        })
    }
}

impl fmt::Display for Operation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.opcode)?;
        for operand in &self.operands {
            match operand {
                Operand::Token(text) => write!(f, " {text}")?,
                Operand::Quoted(text) => {
                    f.write_str(" \"")?;
                    let mut chars = text.chars().peekable();
                    while let Some(c) = chars.next() {
                        // A backslash is escaped only where reading would
                        // take it for an escape.
                        let escape = c == '"'
                            || (c == '\\' && matches!(chars.peek(), None | Some('"' | '\\')));
                        if escape {
                            f.write_str("\\")?;
                        }
                        write!(f, "{c}")?;
                    }
                    f.write_str("\"")?;
                }
            }
        }
        f.write_str(";")
    }
}

/// Appends operations as canonical EPD: each ended by `;`, one space
/// between them and before the first.
pub fn write_operations(operations: &[Operation], out: &mut Vec<u8>) {
    for operation in operations {
        out.push(b' ');
        out.extend_from_slice(operation.to_string().as_bytes());
    }
}

/// Operations read from a record, with the span of each one's first
/// operand (for the clocks `hmvc` and `fmvn`).
pub(crate) struct ReadOperations {
    pub operations: Vec<Operation>,
    pub first_operands: Vec<Option<Span>>,
}

const fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t')
}

/// Reads the operations in `bytes`, which start at `offset` in the record.
pub(crate) fn read_operations(
    bytes: &[u8],
    offset: usize,
    diagnostics: &mut Vec<Diagnostic>,
) -> ReadOperations {
    let mut read = ReadOperations {
        operations: Vec::new(),
        first_operands: Vec::new(),
    };
    let error = |code, span: Span, message: String| {
        Diagnostic::new(
            code,
            Field::Operations,
            Span::new(offset + span.start, offset + span.end),
            message,
        )
    };
    let mut pos = 0;
    loop {
        while pos < bytes.len() && is_blank(bytes[pos]) {
            pos += 1;
        }
        if pos == bytes.len() {
            return read;
        }
        let start = pos;
        while pos < bytes.len() && !is_blank(bytes[pos]) && bytes[pos] != b';' {
            pos += 1;
        }
        let opcode = &bytes[start..pos];
        if let Some(problem) = opcode_problem(opcode) {
            diagnostics.push(error(
                Code::EpdBadOpcode,
                Span::new(start, pos.max(start + 1)),
                problem,
            ));
        }
        let mut operation = Operation {
            opcode: shown(opcode),
            operands: Vec::new(),
        };
        let mut first_operand = None;
        loop {
            while pos < bytes.len() && is_blank(bytes[pos]) {
                pos += 1;
            }
            match bytes.get(pos) {
                None => {
                    diagnostics.push(error(
                        Code::EpdMissingSemicolon,
                        Span::new(pos, pos),
                        format!("the operation '{}' is not ended by ';'; every EPD operation ends with one", shown(&bytes[start..pos]).trim_end()),
                    ));
                    break;
                }
                Some(b';') => {
                    pos += 1;
                    break;
                }
                Some(b'"') => {
                    let quote = pos;
                    let (value, end) = quoted(bytes, pos + 1);
                    operation.operands.push(Operand::Quoted(value));
                    if end > bytes.len() {
                        diagnostics.push(error(
                            Code::EpdUnterminatedString,
                            Span::new(quote, bytes.len()),
                            format!("the string of '{}' has no closing '\"'", shown(opcode)),
                        ));
                        read.push(operation, first_operand);
                        return read;
                    }
                    first_operand.get_or_insert(Span::new(offset + quote + 1, offset + end - 1));
                    pos = end;
                }
                Some(_) => {
                    let token = pos;
                    while pos < bytes.len() && !is_blank(bytes[pos]) && bytes[pos] != b';' {
                        pos += 1;
                    }
                    first_operand.get_or_insert(Span::new(offset + token, offset + pos));
                    operation
                        .operands
                        .push(Operand::Token(shown(&bytes[token..pos])));
                }
            }
        }
        read.push(operation, first_operand);
    }
}

impl ReadOperations {
    fn push(&mut self, operation: Operation, first_operand: Option<Span>) {
        self.operations.push(operation);
        self.first_operands.push(first_operand);
    }
}

/// The string that starts at `pos` (after its opening quote), and the
/// position after its closing quote, or the end of `bytes` without one.
fn quoted(bytes: &[u8], mut pos: usize) -> (String, usize) {
    let mut value = Vec::new();
    while pos < bytes.len() {
        match bytes[pos] {
            b'"' => return (shown(&value), pos + 1),
            b'\\' if matches!(bytes.get(pos + 1), Some(b'"' | b'\\')) => {
                value.push(bytes[pos + 1]);
                pos += 2;
            }
            byte => {
                value.push(byte);
                pos += 1;
            }
        }
    }
    // No closing quote: an end that no closed string has.
    (shown(&value), bytes.len() + 1)
}

/// What is wrong with an opcode, if anything.
fn opcode_problem(opcode: &[u8]) -> Option<String> {
    let Some(&first) = opcode.first() else {
        return Some("';' with no operation before it; an operation starts with its opcode, such as 'bm' or 'id'".to_string());
    };
    if !first.is_ascii_alphabetic() {
        let (found, _) = Found::at(opcode, 0);
        return Some(format!(
            "the opcode '{}' starts with {found}; an opcode starts with a letter",
            shown(opcode)
        ));
    }
    if let Some(pos) = opcode
        .iter()
        .position(|b| !(b.is_ascii_alphanumeric() || *b == b'_'))
    {
        let (found, _) = Found::at(opcode, pos);
        return Some(format!(
            "the opcode '{}' holds {found}; an opcode has letters, digits and '_' only",
            shown(opcode)
        ));
    }
    if opcode.len() > 15 {
        return Some(format!(
            "the opcode '{}' is {} characters long; an opcode has at most 15",
            shown(opcode),
            opcode.len()
        ));
    }
    None
}
