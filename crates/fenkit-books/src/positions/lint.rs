//! What makes match runners read a book differently, found in each record:
//! `fen book lint`. The record's own problems (malformed, illegal) are the
//! FEN library's diagnostics; these are the faults of a valid record that
//! one runner reads one way and another another.

use fenkit::{Checked, Code, Span, epd::Operation};
use shakmaty::{Chess, EnPassantMode, Position, Square};

/// A fault of a valid record of a book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookFault {
    /// An en passant square with no legal capture: cutechess keeps it,
    /// fastchess drops it, and the games differ (its repetitions count
    /// differently).
    EpNoCapture(Square),
    /// Clock operations (`hmvc`, `fmvn`), which some runners cannot read.
    Clocks(Vec<String>),
    /// The position of an earlier record (by key: placement, side,
    /// castling, en passant only where a capture is legal).
    Duplicate { first_line: u64 },
    /// A position with no game left: checkmate, stalemate, or neither side
    /// able to mate.
    Over(&'static str),
}

pub const EP_NO_CAPTURE: Code = Code::Input("book-ep-no-capture");
pub const CLOCK_OPERATIONS: Code = Code::Input("book-clocks");
pub const DUPLICATE: Code = Code::Input("book-duplicate");
pub const OVER: Code = Code::Input("book-over");

impl BookFault {
    pub fn code(&self) -> Code {
        match self {
            BookFault::EpNoCapture(_) => EP_NO_CAPTURE,
            BookFault::Clocks(_) => CLOCK_OPERATIONS,
            BookFault::Duplicate { .. } => DUPLICATE,
            BookFault::Over(_) => OVER,
        }
    }

    pub fn message(&self) -> String {
        match self {
            BookFault::EpNoCapture(square) => format!(
                "en passant square {square} with no legal capture: runners disagree whether to keep it (--fix drops it)"
            ),
            BookFault::Clocks(names) => format!(
                "clock operations {}: some runners cannot read them (--fix drops them)",
                names.join(", ")
            ),
            BookFault::Duplicate { first_line } => {
                format!("the same position as line {first_line} (--fix keeps the first)")
            }
            BookFault::Over(why) => format!("no game is left to play: {why} (--fix drops it)"),
        }
    }

    /// Where the fault stands in its `record`: the en passant field, the
    /// first clock operation, or the whole record.
    pub fn span(&self, record: &[u8]) -> Span {
        let at = match self {
            BookFault::EpNoCapture(_) => field_at(record, 3),
            BookFault::Clocks(names) => {
                (names.first()).and_then(|name| position_of(record, name.as_bytes()))
            }
            _ => None,
        };
        match at {
            Some(start) => Span::at(start, 2.min(record.len() - start)),
            None => Span::at(0, record.len()),
        }
    }

    /// Whether `--fix` drops the record (else it mends it).
    pub fn drops(&self) -> bool {
        matches!(self, BookFault::Duplicate { .. } | BookFault::Over(_))
    }
}

/// The faults of a book's records, each against those before it.
#[derive(Default)]
pub struct Faults {
    /// Keys are Zobrist hashes, random already: Fx hashing is enough.
    seen: rustc_hash::FxHashMap<u128, u64>,
}

impl Faults {
    /// The faults of the valid record at `line` read as `checked`, its
    /// `position` (an invalid record's own problems say enough).
    pub fn of(&mut self, checked: &Checked, position: &Chess, line: u64) -> Vec<BookFault> {
        let Some(setup) = &checked.setup else {
            return Vec::new();
        };
        let mut faults = Vec::new();
        if let Some(square) = setup.ep_square
            && position.ep_square(EnPassantMode::Legal).is_none()
        {
            faults.push(BookFault::EpNoCapture(square));
        }
        let clocks: Vec<String> = (checked.operations.iter())
            .filter(|op| is_clock(op))
            .map(|op| op.opcode.clone())
            .collect();
        if !clocks.is_empty() {
            faults.push(BookFault::Clocks(clocks));
        }
        faults.extend(self.of_position(position, line));
        faults
    }

    /// The faults of a position alone (a PGN line's last): a duplicate, or
    /// a game over.
    pub fn of_position(&mut self, position: &Chess, line: u64) -> Vec<BookFault> {
        let mut faults = Vec::new();
        let key = position
            .zobrist_hash::<shakmaty::zobrist::Zobrist128>(EnPassantMode::Legal)
            .0;
        match self.seen.get(&key) {
            Some(&first_line) => faults.push(BookFault::Duplicate { first_line }),
            None => {
                self.seen.insert(key, line);
            }
        }
        let over = if position.is_checkmate() {
            Some("checkmate")
        } else if position.is_stalemate() {
            Some("stalemate")
        } else if position.is_insufficient_material() {
            Some("neither side can mate")
        } else {
            None
        };
        faults.extend(over.map(BookFault::Over));
        faults
    }
}

/// The byte offset of the record's `n`th field (from 0).
fn field_at(record: &[u8], n: usize) -> Option<usize> {
    let mut fields = 0;
    let mut in_field = false;
    for (at, byte) in record.iter().enumerate() {
        let space = byte.is_ascii_whitespace();
        if !space && !in_field {
            if fields == n {
                return Some(at);
            }
            fields += 1;
        }
        in_field = !space;
    }
    None
}

/// Where `needle` first stands in `haystack`.
fn position_of(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

/// Whether the operation is a clock (`hmvc`, `fmvn`).
pub fn is_clock(operation: &Operation) -> bool {
    matches!(operation.opcode.as_str(), "hmvc" | "fmvn")
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;

    fn faults(records: &[&str]) -> Vec<Vec<BookFault>> {
        let mut found = Faults::default();
        let read = fenkit::ReadOptions::default().with_format(fenkit::Format::Auto);
        (records.iter().zip(1..))
            .map(|(record, line)| {
                let checked = read.check(record.as_bytes());
                match checked.position(CastlingMode::Standard) {
                    Some(position) => found.of(&checked, &position, line),
                    None => Vec::new(),
                }
            })
            .collect()
    }

    #[test]
    fn each_fault_is_found_where_it_stands() {
        let found = faults(&[
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 hmvc 0; fmvn 1;",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -",
            "7k/6Q1/6K1/8/8/8/8/8 b - -",
            "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3",
        ]);
        let e3 = Square::E3;
        assert_eq!(
            found[0],
            [
                BookFault::EpNoCapture(e3),
                BookFault::Clocks(vec!["hmvc".into(), "fmvn".into()])
            ]
        );
        assert_eq!(found[1], [BookFault::Duplicate { first_line: 1 }]);
        assert_eq!(found[2], [BookFault::Over("checkmate")]);
        // A capture en passant is there: nothing to say.
        assert_eq!(found[3], []);
    }
}
