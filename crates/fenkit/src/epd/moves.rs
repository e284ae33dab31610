//! The moves of EPD operations read against the record's position: `bm`
//! and `am` (sets of moves), `pm` and `sm` (a move), `pv` (a variation,
//! each move from the position the ones before reached). Suites write them in SAN or UCI;
//! read here, they are written back in SAN.

use shakmaty::{Chess, Position, san::SanPlus};

use super::{Operand, Operation};
use crate::moves::{MoveError, read_move};

/// A move of an operation that is not legal where it stands: which
/// operation (index), which operand, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadEpdMove {
    pub operation: usize,
    pub operand: usize,
    pub error: MoveError,
}

/// Reads the moves of `operations` against `position`: the operations with
/// each legal move written in SAN (`b8b7` becomes `Rb7`), and the moves
/// that are not legal (a variation stops at its first).
///
/// ```
/// use fenkit::{ReadOptions, Format};
/// use shakmaty::CastlingMode;
///
/// let epd = ReadOptions::default().with_format(Format::Epd);
/// let checked = epd.check(b"4k3/8/8/8/8/8/4P3/4K3 w - - bm e2e4 Kd2; pv e4 Kd7 Kd2;");
/// let position = checked.position(CastlingMode::Standard).unwrap();
/// let (written, bad) = fenkit::epd::epd_moves(&position, &checked.operations);
/// assert_eq!(written[0].to_string(), "bm e4 Kd2;");
/// assert_eq!(written[1].to_string(), "pv e4 Kd7 Kd2;");
/// assert!(bad.is_empty());
/// ```
pub fn epd_moves(position: &Chess, operations: &[Operation]) -> (Vec<Operation>, Vec<BadEpdMove>) {
    let mut bad = Vec::new();
    let written = operations
        .iter()
        .enumerate()
        .map(|(index, operation)| {
            let line = match operation.opcode.as_str() {
                "bm" | "am" | "pm" | "sm" => false,
                "pv" => true,
                _ => return operation.clone(),
            };
            let mut at = position.clone();
            let mut operands = Vec::with_capacity(operation.operands.len());
            let mut stopped = false;
            for (n, operand) in operation.operands.iter().enumerate() {
                let Operand::Token(text) = operand else {
                    operands.push(operand.clone());
                    continue;
                };
                if stopped {
                    operands.push(operand.clone());
                    continue;
                }
                match read_move(&at, text) {
                    Ok(m) => {
                        let san = SanPlus::from_move(at.clone(), m);
                        operands.push(Operand::Token(san.to_string()));
                        if line {
                            at.play_unchecked(m);
                        }
                    }
                    Err(error) => {
                        bad.push(BadEpdMove {
                            operation: index,
                            operand: n,
                            error,
                        });
                        operands.push(operand.clone());
                        stopped = line;
                    }
                }
            }
            Operation {
                opcode: operation.opcode.clone(),
                operands,
            }
        })
        .collect();
    (written, bad)
}
