//! The piece placement field: eight ranks from 8 down to 1, each eight
//! squares from file a to h, pieces as letters and runs of empty squares as
//! single digits.

use shakmaty::{Bitboard, Board, ByColor, ByRole, Color, Square};

use super::squares::{self, Squares};
use crate::{
    Code, Diagnostic, Field, Span,
    found::Found,
    words::{count, ordinal},
};

/// Where the parser stands inside one rank group.
struct Group {
    /// Index of the group: 0 for rank 8, 7 for rank 1.
    index: usize,
    start: usize,
    squares: usize,
    /// Where the squares first went past eight.
    overflow_at: Option<usize>,
    /// A bad character makes the square count unknowable.
    tainted: bool,
}

impl Group {
    fn new(index: usize, start: usize) -> Group {
        Group {
            index,
            start,
            squares: 0,
            overflow_at: None,
            tainted: false,
        }
    }

    fn advance(&mut self, squares: usize, at: usize) {
        self.squares += squares;
        if self.squares > 8 && self.overflow_at.is_none() {
            self.overflow_at = Some(at);
        }
    }

    fn rank(&self) -> usize {
        8 - self.index
    }

    /// Reports a group whose length is not eight; `end` is where it ends.
    fn finish(&self, end: usize, offset: usize, diagnostics: &mut Vec<Diagnostic>) {
        if self.tainted || self.squares == 8 {
            return;
        }
        let (rank, ordinal) = (self.rank(), ordinal(self.index + 1));
        let (code, span, message) = match self.overflow_at {
            Some(at) => (
                Code::RankTooLong,
                Span::new(at, end),
                format!(
                    "rank {rank} (the {ordinal} group) has {} squares; each rank has exactly 8",
                    self.squares
                ),
            ),
            None if self.squares == 0 => (
                Code::RankTooShort,
                Span::new(self.start, end),
                format!(
                    "rank {rank} (the {ordinal} group) is empty; each rank has exactly 8 squares (write 8 for an empty rank)"
                ),
            ),
            None => (
                Code::RankTooShort,
                Span::new(self.start, end),
                format!(
                    "rank {rank} (the {ordinal} group) has {}; each rank has exactly 8",
                    count(self.squares, "square", "squares")
                ),
            ),
        };
        let span = Span::new(span.start + offset, span.end + offset);
        diagnostics.push(Diagnostic::new(code, Field::Placement, span, message));
    }
}

/// Parses the placement field `bytes`, which starts at byte `offset` of the
/// record. Returns the board when the field is well-formed.
pub(super) fn parse(
    bytes: &[u8],
    offset: usize,
    diagnostics: &mut Vec<Diagnostic>,
) -> Option<Board> {
    let mut squares = [0; 72];
    if squares::expand(bytes, &mut squares) {
        return Some(board_on(&squares));
    }
    diagnose(bytes, offset, diagnostics)
}

/// The board on expanded squares.
pub(super) fn board_on(squares: &Squares) -> Board {
    let (by_role, by_color) = squares::bitboards(squares);
    board_from(by_role, by_color)
}

/// The slow path: walks the field again to report every problem in it.
#[cold]
fn diagnose(bytes: &[u8], offset: usize, diagnostics: &mut Vec<Diagnostic>) -> Option<Board> {
    let errors_before = diagnostics.len();
    let mut by_role = [0u64; 6];
    let mut by_color = [0u64; 2];
    let mut group = Group::new(0, 0);
    let mut digit_run_start: Option<usize> = None;
    let mut pos = 0;

    while pos < bytes.len() {
        let byte = bytes[pos];
        if !byte.is_ascii_digit()
            && let Some(start) = digit_run_start.take()
        {
            adjacent_digits(bytes, start, pos, offset, diagnostics);
        }
        match byte {
            b'/' => {
                group.finish(pos, offset, diagnostics);
                if group.index == 7 {
                    too_many_ranks(bytes, pos, offset, diagnostics);
                    return None;
                }
                group = Group::new(group.index + 1, pos + 1);
            }
            b'1'..=b'8' => {
                if digit_run_start.is_none() {
                    digit_run_start = Some(pos);
                }
                group.advance(usize::from(byte - b'0'), pos);
            }
            b'0' | b'9' => {
                if digit_run_start.is_none() {
                    digit_run_start = Some(pos);
                }
                group.tainted = true;
                let what = if byte == b'0' {
                    "'0' counts no squares"
                } else {
                    "'9' is more squares than a rank has"
                };
                diagnostics.push(Diagnostic::new(
                    Code::BadDigit,
                    Field::Placement,
                    Span::at(offset + pos, 1),
                    format!("{what}; digits 1 to 8 count the empty squares of a run"),
                ));
            }
            _ => match piece_index(byte) {
                Some((role, color)) => {
                    if group.squares < 8 {
                        let square = (7 - group.index) * 8 + group.squares;
                        by_role[role] |= 1 << square;
                        by_color[color] |= 1 << square;
                    }
                    group.advance(1, pos);
                }
                None => {
                    // A run of one bad character (dots from a printed
                    // board, say) is one problem, not one per square.
                    let (found, len) = Found::at(bytes, pos);
                    let unit = &bytes[pos..pos + len];
                    let mut end = pos + len;
                    while bytes[end..].starts_with(unit) {
                        end += len;
                    }
                    let repeats = (end - pos) / len;
                    group.tainted = true;
                    group.advance(repeats, pos);
                    let hint = match byte {
                        b'.' | b'-' | b'_' => {
                            "; FEN writes a run of empty squares as one digit from 1 to 8"
                        }
                        _ => {
                            "; pieces are PNBRQK (White) and pnbrqk (Black), and digits 1 to 8 count empty squares"
                        }
                    };
                    let what = if repeats == 1 {
                        format!("{found} in rank {} is not a piece", group.rank())
                    } else {
                        format!(
                            "{found} {repeats} times in rank {} is not a piece",
                            group.rank()
                        )
                    };
                    diagnostics.push(Diagnostic::new(
                        found.code_or(Code::BadPieceChar),
                        Field::Placement,
                        Span::new(offset + pos, offset + end),
                        format!("{what}{hint}"),
                    ));
                    pos = end;
                    continue;
                }
            },
        }
        pos += 1;
    }
    if let Some(start) = digit_run_start {
        adjacent_digits(bytes, start, bytes.len(), offset, diagnostics);
    }
    group.finish(bytes.len(), offset, diagnostics);
    if group.index < 7 {
        let ranks = group.index + 1;
        diagnostics.push(Diagnostic::new(
            Code::TooFewRanks,
            Field::Placement,
            Span::at(offset + bytes.len(), 0),
            format!(
                "the piece placement has {}; a board has 8, separated by 7 '/'",
                count(ranks, "rank", "ranks")
            ),
        ));
    }
    if diagnostics.len() > errors_before {
        return None;
    }
    Some(board_from(by_role, by_color))
}

/// Role index (pawn 0 … king 5) and color index (white 0, black 1).
fn piece_index(byte: u8) -> Option<(usize, usize)> {
    let slot = b"PNBRQKpnbrqk".iter().position(|&letter| letter == byte)?;
    Some((slot % 6, slot / 6))
}

fn board_from(by_role: [u64; 6], by_color: [u64; 2]) -> Board {
    let [pawn, knight, bishop, rook, queen, king] = by_role.map(Bitboard);
    let by_role = ByRole {
        pawn,
        knight,
        bishop,
        rook,
        queen,
        king,
    };
    let by_color = ByColor {
        white: Bitboard(by_color[0]),
        black: Bitboard(by_color[1]),
    };
    // Each square is written at most once, so the bitboards never overlap;
    // should that ever change, rebuilding piece by piece stays correct.
    Board::try_from_bitboards(by_role, by_color).unwrap_or_else(|_| {
        let mut board = Board::empty();
        for color in Color::ALL {
            for role in shakmaty::Role::ALL {
                for square in *by_role.get(role) & *by_color.get(color) {
                    board.set_piece_at(square, role.of(color));
                }
            }
        }
        board
    })
}

/// Reports a run of two or more digits, which the standard writes as one.
fn adjacent_digits(
    bytes: &[u8],
    start: usize,
    end: usize,
    offset: usize,
    diagnostics: &mut Vec<Diagnostic>,
) {
    if end - start < 2 {
        return;
    }
    let run = &bytes[start..end];
    let sum: usize = run.iter().map(|b| usize::from(b - b'0')).sum();
    let advice = if sum <= 8 {
        format!(
            "write the run of {} as '{sum}'",
            count(sum, "empty square", "empty squares")
        )
    } else {
        format!("that is {sum} empty squares, more than a rank has")
    };
    diagnostics.push(Diagnostic::new(
        Code::AdjacentDigits,
        Field::Placement,
        Span::new(offset + start, offset + end),
        format!(
            "'{}' is {} digits in a row; one digit counts a whole run of empty squares, so {advice}",
            String::from_utf8_lossy(run),
            run.len()
        ),
    ));
}

fn too_many_ranks(bytes: &[u8], slash: usize, offset: usize, diagnostics: &mut Vec<Diagnostic>) {
    let ranks = 1 + bytes.iter().filter(|&&b| b == b'/').count();
    diagnostics.push(Diagnostic::new(
        Code::TooManyRanks,
        Field::Placement,
        Span::new(offset + slash, offset + bytes.len()),
        format!("the piece placement has {ranks} ranks; a board has 8, separated by 7 '/'"),
    ));
}

/// The span of the placement character that describes `square`: its piece
/// letter, or the digit whose run covers it.
///
/// ```
/// use fenkit::{Span, placement_span};
/// use shakmaty::Square;
///
/// let placement = b"4k3/8/8/8/8/8/4P3/4K3";
/// assert_eq!(placement_span(placement, Square::E8), Some(Span::new(1, 2)));
/// assert_eq!(placement_span(placement, Square::A1), Some(Span::new(18, 19))); // the '4'
/// ```
pub fn placement_span(placement: &[u8], square: Square) -> Option<Span> {
    let (target_rank, target_file) = (7 - square.rank().to_usize(), square.file().to_usize());
    let (mut rank, mut file) = (0, 0);
    for (pos, &byte) in placement.iter().enumerate() {
        let width = match byte {
            b'/' => {
                rank += 1;
                file = 0;
                continue;
            }
            b'1'..=b'8' => usize::from(byte - b'0'),
            _ => 1,
        };
        if rank == target_rank && (file..file + width).contains(&target_file) {
            return Some(Span::at(pos, 1));
        }
        file += width;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The quick path's board, when it takes the field.
    fn expanded(bytes: &[u8]) -> Option<Board> {
        let mut squares = [0; 72];
        squares::expand(bytes, &mut squares).then(|| board_on(&squares))
    }

    proptest! {
        /// The quick path and the diagnostic path accept the same fields,
        /// with the same boards; the quick path is only ever a shortcut.
        #[test]
        fn quick_and_diagnostic_paths_agree(field in "[pnbrqkPNBRQK0-9/x]{0,80}") {
            let bytes = field.as_bytes();
            let mut diagnostics = Vec::new();
            let slow = diagnose(bytes, 0, &mut diagnostics);
            prop_assert_eq!(expanded(bytes), slow.clone());
            prop_assert_eq!(slow.is_some(), diagnostics.is_empty());
        }

        #[test]
        fn well_formed_placements_are_accepted(ranks in prop::collection::vec("[1-8pnbrqkPNBRQK]{1,8}", 8)) {
            // Random ranks made exactly 8 squares long with digits kept apart.
            let ranks: Vec<String> = ranks.iter().map(|r| fit_rank(r)).collect();
            let field = ranks.join("/");
            let mut diagnostics = Vec::new();
            prop_assert!(expanded(field.as_bytes()).is_some(), "{}", field);
            prop_assert!(diagnose(field.as_bytes(), 0, &mut diagnostics).is_some(), "{}", field);
        }
    }

    /// Trims or pads a rank to exactly 8 squares, merging adjacent digits.
    fn fit_rank(rank: &str) -> String {
        let mut squares = Vec::new();
        for c in rank.chars() {
            match c.to_digit(10) {
                Some(n) => squares.extend(std::iter::repeat_n(None, n as usize)),
                None => squares.push(Some(c)),
            }
        }
        squares.resize(8, None);
        let mut out = String::new();
        let mut run = 0;
        for square in &squares[..8] {
            match square {
                None => run += 1,
                Some(c) => {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    out.push(*c);
                }
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
        out
    }

    #[test]
    fn squares_are_located_in_the_text() {
        let placement = b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR";
        assert_eq!(
            placement_span(placement, Square::E4),
            Some(Span::new(23, 24))
        );
        assert_eq!(
            placement_span(placement, Square::A3),
            Some(Span::new(26, 27))
        );
        assert_eq!(
            placement_span(placement, Square::H1),
            Some(Span::at(placement.len() - 1, 1))
        );
        assert_eq!(placement_span(b"8/8", Square::A1), None);
    }
}
