//! The standard first, differentially: arbitrary bytes choose a position
//! (legal moves from the start) and operations as the standard writes
//! them (moves of the position, numbers, strings of any printable ASCII,
//! opcodes it names and ones it does not); fenkit writes that record, and
//! strict reading must give it back unchanged, with no diagnostic, and
//! write the same bytes again. No dialect rule may overrule it.
#![no_main]

use fenkit::{Format, Operand, Operation, ReadOptions, WriteOptions};
use libfuzzer_sys::fuzz_target;
use shakmaty::{Chess, EnPassantMode, Position, san::SanPlus};

/// The bytes, read one choice at a time (0 once they run out).
struct Choices<'a>(&'a [u8]);

impl Choices<'_> {
    fn next(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&first, rest)) => {
                self.0 = rest;
                first
            }
            None => 0,
        }
    }

    fn below(&mut self, n: usize) -> usize {
        usize::from(self.next()) % n.max(1)
    }
}

/// Opcodes the standard names, with what their operands are.
const MOVES: &[&str] = &["bm", "am", "pm", "sm", "pv"];
const NUMBERS: &[&str] = &["acd", "acn", "acs", "ce", "dm", "rc", "tcgs", "D1", "D5"];
const TEXT: &[&str] = &["id", "c0", "c4", "c9", "eco", "nic", "v0", "v7"];
const BARE: &[&str] = &["noop", "draw_offer", "resign"];

fn legal_sans(choices: &mut Choices, position: &Chess, line: bool) -> Vec<String> {
    let mut at = position.clone();
    let mut sans = Vec::new();
    for _ in 0..1 + choices.below(4) {
        let moves = at.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[choices.below(moves.len())];
        sans.push(SanPlus::from_move(at.clone(), m).to_string());
        if line {
            at.play_unchecked(m);
        }
    }
    if !line {
        sans.sort();
        sans.dedup();
    }
    sans
}

fn text(choices: &mut Choices) -> String {
    (0..choices.below(24))
        .map(|_| char::from(b' ' + (choices.next() % 95)))
        .collect()
}

fn number(choices: &mut Choices) -> String {
    let value = u32::from_le_bytes([choices.next(), choices.next(), choices.next(), 0]);
    match choices.below(3) {
        0 => format!("-{}", value + 1),
        _ => value.to_string(),
    }
}

/// An opcode the standard does not name: a letter that starts none of
/// its opcodes (nor a perft suite's `D1`…), then letters, digits and `_`,
/// at most 15 in all.
fn other_opcode(choices: &mut Choices) -> String {
    const FIRST: &[u8] = b"gjklmoquwxyzABCEFGHIJKLMNOPQRSTUVWXYZ";
    const REST: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789_";
    let mut opcode = String::from(char::from(FIRST[choices.below(FIRST.len())]));
    for _ in 0..choices.below(15) {
        opcode.push(char::from(REST[choices.below(REST.len())]));
    }
    opcode
}

fuzz_target!(|data: &[u8]| {
    let mut choices = Choices(data);
    let mut position = Chess::default();
    for _ in 0..choices.below(80) {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position.play_unchecked(moves[choices.below(moves.len())]);
    }
    let mut operations: Vec<Operation> = Vec::new();
    for _ in 0..choices.below(6) {
        let (opcode, operands) = match choices.below(5) {
            0 => {
                let opcode = MOVES[choices.below(MOVES.len())];
                let sans = legal_sans(&mut choices, &position, opcode == "pv");
                let sans = match opcode {
                    "pm" | "sm" => sans.into_iter().take(1).collect(),
                    _ => sans,
                };
                (
                    opcode.to_string(),
                    sans.into_iter().map(Operand::Token).collect(),
                )
            }
            1 => (
                NUMBERS[choices.below(NUMBERS.len())].to_string(),
                vec![Operand::Token(number(&mut choices))],
            ),
            2 => (
                TEXT[choices.below(TEXT.len())].to_string(),
                vec![Operand::Quoted(text(&mut choices))],
            ),
            3 => (BARE[choices.below(BARE.len())].to_string(), Vec::new()),
            // An opcode of someone's own, its operands of every kind.
            _ => {
                let opcode = other_opcode(&mut choices);
                let mut operands = Vec::new();
                for _ in 0..choices.below(4) {
                    operands.push(match choices.below(3) {
                        0 => Operand::Quoted(text(&mut choices)),
                        1 => Operand::Token(number(&mut choices)),
                        _ => match legal_sans(&mut choices, &position, false).pop() {
                            Some(san) => Operand::Token(san),
                            None => Operand::Token(number(&mut choices)),
                        },
                    });
                }
                (opcode, operands)
            }
        };
        let is_move_opcode = MOVES.contains(&opcode.as_str());
        // One operation an opcode, as the standard has it; an opcode of
        // moves needs a move.
        if operations.iter().any(|o| o.opcode == opcode) || is_move_opcode && operands.is_empty() {
            continue;
        }
        operations.push(Operation { opcode, operands });
    }
    let setup = position.to_setup(EnPassantMode::Always);
    let mut record = Vec::new();
    WriteOptions::default().write_epd(&setup, &operations, &mut record);

    let strict = ReadOptions::default().with_format(Format::Epd);
    let parsed = strict.parse(&record).unwrap_or_else(|err| {
        panic!("{}: {err}", String::from_utf8_lossy(&record));
    });
    assert!(
        parsed.warnings.is_empty(),
        "{}",
        String::from_utf8_lossy(&record)
    );
    assert_eq!(
        parsed.operations,
        operations,
        "{}",
        String::from_utf8_lossy(&record)
    );
    let checked = strict.check(&record);
    assert!(
        checked.diagnostics.is_empty(),
        "{}: {:?}",
        String::from_utf8_lossy(&record),
        checked.diagnostics
    );
    let mut again = Vec::new();
    WriteOptions::default().write_epd(&parsed.setup, &parsed.operations, &mut again);
    assert_eq!(again, record);
});
