//! EPD operations: what follows the four position fields of an EPD record,
//! such as `bm Qg6; id "WAC.001";`.

mod moves;

pub use moves::{BadEpdMove, epd_moves};

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
/// let epd = fenkit::ReadOptions::default().with_format(fenkit::Format::Epd);
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
                    // As PGN writes a string: a quote and a backslash each
                    // after a backslash.
                    for c in text.chars() {
                        if matches!(c, '"' | '\\') {
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

/// The opcodes of the EPD standard and of the suites people use, which
/// tell where an operation starts when the `;` before it is missing.
const OPCODES: &[&[u8]] = &[
    b"acd",
    b"acn",
    b"acs",
    b"am",
    b"bm",
    b"c0",
    b"c1",
    b"c2",
    b"c3",
    b"c4",
    b"c5",
    b"c6",
    b"c7",
    b"c8",
    b"c9",
    b"ce",
    b"dm",
    b"draw_accept",
    b"draw_claim",
    b"draw_offer",
    b"draw_reject",
    b"eco",
    b"fmvn",
    b"hmvc",
    b"id",
    b"nic",
    b"noop",
    b"pm",
    b"pv",
    b"rc",
    b"resign",
    b"sm",
    b"tcgs",
    b"tcri",
    b"tcsi",
    b"v0",
    b"v1",
    b"v2",
    b"v3",
    b"v4",
    b"v5",
    b"v6",
    b"v7",
    b"v8",
    b"v9",
];

/// Whether `token` is a known opcode: one of [`OPCODES`], or a perft
/// suite's `D1`, `D2`, ….
pub(crate) fn is_known_opcode(token: &[u8]) -> bool {
    OPCODES.contains(&token)
        || matches!(token, [b'D', digits @ ..] if !digits.is_empty() && digits.len() <= 2 && digits.iter().all(u8::is_ascii_digit))
}

/// Opcodes whose operands are free text, where a word that is also an
/// opcode is text, not a new operation.
fn takes_text(opcode: &[u8]) -> bool {
    matches!(opcode, b"id" | [b'c', b'0'..=b'9'])
}

/// Opcodes whose operands are moves: the best and avoided moves, the
/// predicted move and variation, the supplied move.
pub(crate) fn takes_moves(opcode: &[u8]) -> bool {
    matches!(opcode, b"am" | b"bm" | b"pm" | b"pv" | b"sm")
}

/// Whether `word` is written as a move (SAN or UCI), legal or not. An
/// operand of a move opcode that is one is a move, never the next
/// operation: `c4` is a move to c4 in `bm c4;`, though `c4` is also the
/// comment opcode that a forgotten `;` could put there.
fn reads_as_move(word: &[u8]) -> bool {
    shakmaty::san::SanPlus::from_ascii(word).is_ok()
        || shakmaty::uci::UciMove::from_ascii(word).is_ok()
}

/// Whether `word`, read after the operands so far of `opcode`, is one
/// more operand of it. The standard reading (an operation runs to its
/// `;`) is overruled only where it cannot be meant: a known opcode where
/// the operation takes no such operand starts the next operation, its `;`
/// forgotten. A move is an operand of the opcodes of moves and of any
/// opcode the standard does not name (whose operands may be moves).
fn is_operand(opcode: &[u8], operands_so_far: usize, word: &[u8]) -> bool {
    !is_known_opcode(word)
        // `noop` takes any operands.
        || opcode == b"noop"
        || takes_text(opcode) && operands_so_far == 0
        || (takes_moves(opcode) || !is_known_opcode(opcode)) && reads_as_move(word)
}

/// FEN's two clocks where an EPD record's operations start (`… - 0 1;
/// D1 20`): the spans of the halfmove clock and the fullmove number in
/// `bytes`, and where the operations go on (past a `;` that ends the
/// clocks).
pub(crate) struct FenClocks {
    pub halfmove: Span,
    pub fullmove: Span,
    pub rest: usize,
}

pub(crate) fn fen_clocks(bytes: &[u8]) -> Option<FenClocks> {
    let digits_at = |pos: usize| {
        let len = bytes[pos.min(bytes.len())..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        (len > 0).then_some(Span::at(pos, len))
    };
    let skip_blanks = |mut pos: usize| {
        while pos < bytes.len() && is_blank(bytes[pos]) {
            pos += 1;
        }
        pos
    };
    let halfmove = digits_at(skip_blanks(0))?;
    let gap = skip_blanks(halfmove.end);
    if gap == halfmove.end {
        return None;
    }
    let fullmove = digits_at(gap)?;
    let after = skip_blanks(fullmove.end);
    let rest = match bytes.get(after) {
        None => after,
        Some(b';') => after + 1,
        Some(_) if after > fullmove.end => after,
        Some(_) => return None,
    };
    Some(FenClocks {
        halfmove,
        fullmove,
        rest,
    })
}

/// What an operation list does that the standard does not, but whose
/// meaning is plain: reported once per record, each kind at its first
/// place.
#[derive(Default)]
struct Deviations {
    /// A `;` standing in front of an operation (`;D1 20 ;D2 400`, `- - ;
    /// bm Qd1`).
    in_front: Option<usize>,
    /// A blank before the `;` that ends an operation (`bm d5 ; id "x";`).
    blank_before: Option<usize>,
    /// Where a `;` is missing, and the operation it would end.
    missing: Vec<(usize, Span)>,
    /// A move written in pieces (`Qd1 +`, `a8 = B`): where it stands,
    /// and which operation and operand it became.
    mark_apart: Option<(Span, usize, usize)>,
}

/// Reads the operations in `bytes`, which start at `offset` in the record.
/// Problems go to `diagnostics`; the ways of writing that deviate from the
/// standard but whose meaning is plain (a `;` in front of operations or
/// missing, `opcode=value`, a mark apart from its move, free text where an
/// operation should be) go to `dialects`, which lenient reading takes as
/// warnings.
pub(crate) fn read_operations(
    bytes: &[u8],
    offset: usize,
    diagnostics: &mut Vec<Diagnostic>,
    dialects: &mut Vec<Diagnostic>,
) -> ReadOperations {
    let mut read = ReadOperations {
        operations: Vec::new(),
        first_operands: Vec::new(),
    };
    let at = |span: Span| Span::new(offset + span.start, offset + span.end);
    let mut deviations = Deviations::default();
    let mut pos = 0;
    loop {
        while pos < bytes.len() && is_blank(bytes[pos]) {
            pos += 1;
        }
        if pos == bytes.len() {
            break;
        }
        if bytes[pos] == b';' {
            deviations.in_front.get_or_insert(pos);
            pos += 1;
            continue;
        }
        let start = pos;
        while pos < bytes.len() && !is_blank(bytes[pos]) && bytes[pos] != b';' {
            pos += 1;
        }
        let written = &bytes[start..pos];
        let mut operation = Operation {
            opcode: shown(written),
            operands: Vec::new(),
        };
        let mut first_operand = None;
        // Where the last operand read starts, for a move written in pieces.
        let mut last_token = pos;
        if let Some(problem) = opcode_problem(written) {
            // `v=-328`: an opcode and its operand joined by '='.
            if let Some(eq) = written.iter().position(|&b| b == b'=')
                && eq > 0
                && eq + 1 < written.len()
                && opcode_problem(&written[..eq]).is_none()
            {
                let (opcode, operand) = (shown(&written[..eq]), shown(&written[eq + 1..]));
                dialects.push(Diagnostic::new(
                    Code::EpdBadOpcode,
                    Field::Operations,
                    at(Span::new(start, pos)),
                    format!("'{}' joins an opcode and its operand with '='; EPD separates them by a space: '{opcode} {operand};'", shown(written)),
                ));
                operation.opcode = opcode;
                first_operand = Some(at(Span::new(start + eq + 1, pos)));
                operation.operands.push(Operand::Token(operand));
            } else {
                // Free text where an operation should be: left out up to
                // the next ';'.
                let end = bytes[pos..]
                    .iter()
                    .position(|&b| b == b';')
                    .map_or(bytes.len(), |semi| pos + semi);
                let text = shown(&bytes[start..end]);
                let text = text.trim_end();
                let message = match written.is_empty() {
                    true => problem,
                    false => format!(
                        "{problem}; lenient reading takes '{text}' for a comment and leaves it out"
                    ),
                };
                dialects.push(Diagnostic::new(
                    Code::EpdBadOpcode,
                    Field::Operations,
                    at(Span::new(start, pos.max(start + 1))),
                    message,
                ));
                pos = (end + 1).min(bytes.len());
                continue;
            }
        }
        loop {
            let blanks = pos;
            while pos < bytes.len() && is_blank(bytes[pos]) {
                pos += 1;
            }
            match bytes.get(pos) {
                None => {
                    deviations.missing.push((pos, Span::new(start, blanks)));
                    break;
                }
                Some(b';') => {
                    if blanks < pos {
                        deviations.blank_before.get_or_insert(blanks);
                    }
                    pos += 1;
                    break;
                }
                Some(b'"') => {
                    let quote = pos;
                    let (value, end) = quoted(bytes, pos + 1);
                    operation.operands.push(Operand::Quoted(value));
                    if end > bytes.len() {
                        diagnostics.push(Diagnostic::new(
                            Code::EpdUnterminatedString,
                            Field::Operations,
                            at(Span::new(quote, bytes.len())),
                            format!("the string of '{}' has no closing '\"'", operation.opcode),
                        ));
                        read.push(operation, first_operand);
                        return read;
                    }
                    first_operand.get_or_insert(at(Span::new(quote + 1, end - 1)));
                    pos = end;
                }
                Some(_) => {
                    let token = pos;
                    while pos < bytes.len() && !is_blank(bytes[pos]) && bytes[pos] != b';' {
                        pos += 1;
                    }
                    let word = &bytes[token..pos];
                    if !is_operand(written, operation.operands.len(), word) {
                        // The next operation, the ';' before it missing.
                        deviations.missing.push((blanks, Span::new(start, blanks)));
                        pos = token;
                        break;
                    }
                    // `a8 = Q`: a promotion written apart, glued as one move.
                    let is_mark = word.iter().all(|b| matches!(b, b'+' | b'#' | b'!' | b'?'))
                        || word == b"="
                        || matches!(word, [b'N' | b'B' | b'R' | b'Q'])
                            && matches!(operation.operands.last(), Some(Operand::Token(previous)) if previous.ends_with('='));
                    if is_mark && let Some(Operand::Token(previous)) = operation.operands.last_mut()
                    {
                        previous.push_str(&shown(word));
                        let at = (read.operations.len(), operation.operands.len() - 1);
                        match &mut deviations.mark_apart {
                            Some((span, op, operand)) if (*op, *operand) == at => span.end = pos,
                            Some(_) => {}
                            None => {
                                deviations.mark_apart =
                                    Some((Span::new(last_token, pos), at.0, at.1));
                            }
                        }
                        continue;
                    }
                    last_token = token;
                    first_operand.get_or_insert(at(Span::new(token, pos)));
                    operation.operands.push(Operand::Token(shown(word)));
                }
            }
        }
        read.push(operation, first_operand);
    }
    deviations.report(bytes, offset, &read.operations, dialects);
    read
}

impl Deviations {
    /// One diagnostic for each kind of deviation found.
    fn report(
        self,
        bytes: &[u8],
        offset: usize,
        operations: &[Operation],
        dialects: &mut Vec<Diagnostic>,
    ) {
        let at = |pos: usize, len: usize| Span::at(offset + pos, len);
        let canonical = || {
            let mut text = Vec::new();
            write_operations(operations, &mut text);
            let text = String::from_utf8_lossy(&text[1.min(text.len())..]).into_owned();
            match text.chars().count() > 60 {
                true => format!("{}…", text.chars().take(60).collect::<String>()),
                false => text,
            }
        };
        if let Some(pos) = self.in_front {
            dialects.push(Diagnostic::new(
                Code::EpdSemicolonPlacement,
                Field::Operations,
                at(pos, 1),
                format!(
                    "';' stands where it ends no operation (in front of them, or doubled); EPD ends each operation with one ';': '{}'",
                    canonical()
                ),
            ));
        } else if let Some(pos) = self.blank_before {
            dialects.push(Diagnostic::new(
                Code::EpdSemicolonPlacement,
                Field::Operations,
                at(pos, 1),
                format!(
                    "a blank stands before the ';' that ends an operation; EPD writes the ';' right after it: '{}'",
                    canonical()
                ),
            ));
        }
        // With ';' in front of each operation, the last one has none after
        // it: the same habit, reported once above.
        if self.in_front.is_none()
            && let Some(&(pos, operation)) = self.missing.first()
        {
            let operation = shown(&bytes[operation.start..operation.end]);
            let message = match self.missing.len() {
                1 => format!(
                    "the operation '{}' is not ended by ';'; every EPD operation ends with one",
                    operation.trim_end()
                ),
                n => format!(
                    "{n} operations are not ended by ';', the first '{}'; every EPD operation ends with one: '{}'",
                    operation.trim_end(),
                    canonical()
                ),
            };
            dialects.push(Diagnostic::new(
                Code::EpdMissingSemicolon,
                Field::Operations,
                at(pos, 0),
                message,
            ));
        }
        if let Some((span, op, operand)) = self.mark_apart {
            let glued = match &operations[op].operands[operand] {
                Operand::Token(text) | Operand::Quoted(text) => text.clone(),
            };
            let written = shown(&bytes[span.start..span.end]);
            dialects.push(Diagnostic::new(
                Code::EpdBadOperand,
                Field::Operations,
                at(span.start, span.len()),
                format!("the move '{written}' is written in pieces; write it as one: '{glued}'"),
            ));
        }
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
