//! The rules helping the eyes: a reading that breaks what no position
//! can (a side with two kings or none, a pawn on the first or last rank,
//! more than 16 pieces or 8 pawns a side, more pieces promoted than
//! pawns gone: three queens beside eight pawns, pawns off their files
//! with nothing taken for them) is mended with the network's
//! second choice at squares it was unsure of, where that makes the
//! reading break fewer rules; and a side with no king with its king
//! where the network found that likeliest among the squares it was
//! unsure of, even where the king was not its second choice (a king of a
//! set never seen read as a rook, the other side's king second); a piece
//! its tone turned to the other side offers the network's next choice
//! too, beside what the network read (a phantom queen of a photo's moiré,
//! impossible on either side, next read empty). A
//! reading the network was sure of is left as read, broken or not:
//! people picture composed and fantasy positions too, and the caller
//! warns of the rules they break; save a pawn on the first or last rank,
//! which no position, composed or not, can hold (a bishop of a set never
//! seen read as a pawn on c1), whose next choice is taken however sure
//! the network was. A reading that breaks no rule but counts more of a
//! piece than a side starts with is `counts.rs`'s to mend.

use shakmaty::{ByColor, Color, Piece, Rank, Role, Square};

use crate::SquareReading;
use crate::network;

/// A square whose reading was changed after the network read it.
#[derive(Clone, Debug, PartialEq)]
pub struct Mend {
    pub square: Square,
    /// What the network read first, and how sure it was.
    pub read: Option<Piece>,
    pub read_confidence: f32,
    /// What is now on the square, and the network's probability for it.
    pub now: Option<Piece>,
    pub now_confidence: f32,
    pub why: MendWhy,
}

/// Why a square's reading was changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MendWhy {
    /// The reading broke what no position can: the network's second
    /// choice was taken ([`mend`]).
    Rules,
    /// The piece's tone is the other side's on this board: its shape kept,
    /// its side changed (`colour.rs`).
    Tone,
    /// Its side had more of the piece than it starts with, the other side
    /// fewer, and the network's next choice was the other side's: a
    /// piece read on the wrong side is far likelier than a promotion
    /// ([`wrong_side`](crate::counts::wrong_side)).
    Count,
    /// Its side had more of the piece than it starts with, and the
    /// network's next choice was the side's pawn: a pawn read as a piece
    /// is far likelier than a promotion
    /// ([`fewer_promotions`](crate::counts::fewer_promotions)).
    Promotion,
    /// Half the networks read the board breaking fewer of the rules no
    /// position can than all of them together, and changed only squares
    /// all of them read unsurely: the half's reading was kept (`lib.rs`,
    /// `Scanner::read_box`).
    Networks,
    /// The board's own drawings told: a drawing read as another square's
    /// same drawing was, or one read as the piece of a different drawing
    /// took its next likeliest piece (`likeness.rs`).
    Drawing,
}

impl MendWhy {
    pub fn as_str(self) -> &'static str {
        match self {
            MendWhy::Rules => "rules",
            MendWhy::Tone => "tone",
            MendWhy::Count => "count",
            MendWhy::Promotion => "promotion",
            MendWhy::Networks => "networks",
            MendWhy::Drawing => "drawing",
        }
    }
}

/// What `piece` is, in words: "a white queen", "empty".
pub fn piece_words(piece: Option<Piece>) -> String {
    match piece {
        Some(piece) => format!("a {}", fenkit::piece_name(piece)),
        None => "empty".into(),
    }
}

/// The mend in words, as `fen scan` warns of it: "e7 read as a white
/// queen (62%), now a black queen (30%): ...", and why.
impl std::fmt::Display for Mend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} read as {} ({:.0}%), now {} ({:.0}%): ",
            self.square,
            piece_words(self.read),
            100.0 * self.read_confidence,
            piece_words(self.now),
            100.0 * self.now_confidence,
        )?;
        f.write_str(match self.why {
            MendWhy::Rules => {
                "the network's next choice there that the rules allow, as the reading broke what \
                 no position can"
            }
            MendWhy::Tone => "its tone is the other side's on this board",
            MendWhy::Count => {
                "its side had more of these than it starts with and the other side fewer: \
                 likelier read on the wrong side than promoted"
            }
            MendWhy::Promotion => {
                "its side had more of these than it starts with: likelier a pawn misread than \
                 promoted"
            }
            MendWhy::Networks => {
                "read so by half of the networks, whose reading breaks fewer of the rules no \
                 position can: the networks disagreed, as on a set only some of them learnt"
            }
            MendWhy::Drawing => {
                "the board's own drawings told: the same drawing elsewhere is read so, or a \
                 different drawing holds the piece read"
            }
        })
    }
}

/// A board read a whole square off from where its lines stand, as the
/// picture is seen: read there, it broke what no position can, and a box
/// a square off broke fewer such rules (or as few, its squares
/// alternating more). The eyes and the rules then disagree on where the
/// board stands, and the caller warns of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moved {
    /// Squares to the right (negative: to the left).
    pub across: i8,
    /// Squares down (negative: up).
    pub down: i8,
}

/// "the board was read one square down from where its lines stand, ...",
/// as `fen scan` warns of it.
impl std::fmt::Display for Moved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let way = match (self.across.signum(), self.down.signum()) {
            (0, 1) => "down",
            (0, -1) => "up",
            (1, _) => "to the right",
            _ => "to the left",
        };
        write!(
            f,
            "the board was read one square {way} from where its lines stand, as read \
             there it broke what no position can: it may be found off its squares"
        )
    }
}

/// A square is unsure when its first choice is below this: only there
/// may the rules change the reading, and only to what the network gave
/// at least [`SECOND_AT_LEAST`] (its second choice, or a missing king).
/// A pawn on the first or last rank is the exception, its second choice
/// tried however sure the first and unlikely the second: on `bench/scan`'s
/// renders (seeds 1 and 2) 7 boards more and none fewer, seed 3 4 more.
pub(crate) const UNSURE_BELOW: f32 = 0.9;
pub(crate) const SECOND_AT_LEAST: f32 = 0.04;
/// The most alternatives tried (the closest calls), and the most of them
/// taken at once: a set never seen breaks rules on several squares
/// together (both rooks read as kings and the other side's king as a
/// rook needs three changes). On fenkit's renders of `bench/scan` (33
/// rows of 55 boards, drawn from seeds 1 and 2), going from pairs of the
/// 8 closest calls to sets of up to 5 of the 16 closest won 85 boards
/// and lost none; 6 of 16 won 5 more, for 8,008 more sets to try. At
/// most 6,884 sets are tried, about a millisecond where none mends
/// every rule.
const TRIED: usize = 16;
const MOST_CHANGED: usize = 5;

/// How many rules no position can break `board` breaks: a side's kings
/// other than one, pawns past 8, pieces past 16, promoted pieces past the
/// pawns it has lost, captures its pawns' files need past the other
/// side's pieces gone, and pawns on the first or last rank.
pub fn impossible(board: &[Option<Piece>; 64]) -> usize {
    // One pass over the board: the mend asks this of thousands of sets
    // of changes a picture.
    let mut roles = ByColor::<[usize; 6]>::default();
    let mut bishops_on_light = ByColor::<usize>::default();
    let mut pawns_on_file = ByColor::<[usize; 8]>::default();
    let mut broken = 0;
    for square in Square::ALL {
        let Some(piece) = board[square as usize] else {
            continue;
        };
        roles[piece.color][piece.role as usize - 1] += 1;
        if piece.role == Role::Bishop && square.is_light() {
            bishops_on_light[piece.color] += 1;
        }
        if piece.role == Role::Pawn {
            pawns_on_file[piece.color][square.file() as usize] += 1;
            if matches!(square.rank(), Rank::First | Rank::Eighth) {
                broken += 1;
            }
        }
    }
    for color in Color::ALL {
        let count = |role: Role| roles[color][role as usize - 1];
        broken += count(Role::King).abs_diff(1);
        broken += count(Role::Pawn).saturating_sub(8);
        broken += roles[color].iter().sum::<usize>().saturating_sub(16);
        // A queen past the first, a rook or knight past the second and a
        // bishop past the first on each colour of square come only by
        // promotion, a pawn each: more of them than pawns gone is
        // impossible material, as shakmaty holds a position to.
        let bishops_on_dark = count(Role::Bishop) - bishops_on_light[color];
        let promoted = count(Role::Queen).saturating_sub(1)
            + count(Role::Rook).saturating_sub(2)
            + count(Role::Knight).saturating_sub(2)
            + bishops_on_light[color].saturating_sub(1)
            + bishops_on_dark.saturating_sub(1);
        broken += promoted.saturating_sub(8usize.saturating_sub(count(Role::Pawn)));
        // A pawn leaves its file only by taking, and each taking removes
        // one of the other side's 16: a bishop read as a pawn beside a
        // pawn in the opening doubles pawns that nothing was taken for.
        let theirs: usize = roles[!color].iter().sum();
        broken +=
            captures_needed(&pawns_on_file[color]).saturating_sub(16usize.saturating_sub(theirs));
    }
    broken
}

/// The fewest captures that bring pawns standing `on_file` (a count a
/// file) from their files at home, one a file: each pawn matched to a
/// home file of its own, a file apart a capture. Matched in file order,
/// which on a line is the cheapest, by the fewest captures bringing the
/// pawns so far from the first `home` home files. More than 8 pawns are
/// a rule of their own.
fn captures_needed(on_file: &[usize; 8]) -> usize {
    let mut least = [0usize; 9];
    let mut pawns = 0;
    for (file, &count) in on_file.iter().enumerate() {
        for _ in 0..count {
            if pawns == 8 {
                return 0;
            }
            let mut next = [usize::MAX; 9];
            for home in pawns..8 {
                let from = least[home].saturating_add(file.abs_diff(home));
                next[home + 1] = next[home].min(from);
            }
            least = next;
            pawns += 1;
        }
    }
    least[8]
}

/// Mends `squares` (indexed by square) in place where the rules show the
/// reading wrong, and says what changed. `kings` holds each square's
/// probability of White's king and of Black's, as the network read it;
/// `next` each square's likeliest piece (or empty) but the two its
/// reading holds, and its probability (`next_choice`). A square
/// `twinned` shows a drawing another square shares (`likeness.rs`): it
/// is left as read, as a square read surely is, for a mend of one twin
/// alone would read one drawing as two pieces.
pub fn mend(
    squares: &mut [SquareReading; 64],
    kings: &[ByColor<f32>; 64],
    next: &[(Option<Piece>, f32); 64],
    twinned: &[bool; 64],
) -> Vec<Mend> {
    let board = squares.each_ref().map(|reading| reading.piece);
    let broken = impossible(&board);
    if broken == 0 {
        return Vec::new();
    }
    let pawn_on_back_rank = |square: Square| {
        matches!(square.rank(), Rank::First | Rank::Eighth)
            && board[square as usize].is_some_and(|piece| piece.role == Role::Pawn)
    };
    let unsure = |square: Square| {
        (squares[square as usize].confidence < UNSURE_BELOW && !twinned[square as usize])
            || pawn_on_back_rank(square)
    };
    // What each unsure square might be instead: its second choice, and
    // the king of a side that has none where that king is likeliest.
    let mut alternatives: Vec<(Square, Option<Piece>, f32)> = Square::ALL
        .into_iter()
        .filter(|square| unsure(*square))
        .map(|square| {
            let reading = &squares[square as usize];
            (square, reading.second, reading.second_confidence)
        })
        .filter(|(square, _, probability)| {
            *probability >= SECOND_AT_LEAST || pawn_on_back_rank(*square)
        })
        .collect();
    // A piece its tone turned to the other side (`colour.rs`) has for its
    // second what the network read, likelier than the piece it now holds
    // (only a turn leaves a reading so): the network's own next choice is
    // offered too (a phantom piece of a photo's moiré, turned, next read
    // empty).
    for square in Square::ALL.into_iter().filter(|square| unsure(*square)) {
        let reading = &squares[square as usize];
        let (piece, probability) = next[square as usize];
        if reading.confidence < reading.second_confidence && probability >= SECOND_AT_LEAST {
            alternatives.push((square, piece, probability));
        }
    }
    for color in Color::ALL {
        let king = Piece {
            color,
            role: Role::King,
        };
        if board.contains(&Some(king)) {
            continue;
        }
        let likeliest = Square::ALL
            .into_iter()
            .filter(|square| unsure(*square) && squares[*square as usize].second != Some(king))
            .map(|square| (square, *kings[square as usize].get(color)))
            .max_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((square, probability)) = likeliest
            && probability >= SECOND_AT_LEAST
        {
            alternatives.push((square, Some(king), probability));
        }
    }
    // The closest calls first.
    let gap = |(square, _, probability): &(Square, Option<Piece>, f32)| {
        squares[*square as usize].confidence - probability
    };
    alternatives.sort_by(|a, b| gap(a).total_cmp(&gap(b)));
    alternatives.truncate(TRIED);
    let mut best = None;
    let mut chosen = Vec::with_capacity(MOST_CHANGED);
    search(
        &alternatives,
        squares,
        board,
        broken,
        &mut chosen,
        &mut best,
    );
    let Some(Best { choice, .. }) = best else {
        return Vec::new();
    };
    choice
        .iter()
        .map(|i| {
            let (square, piece, probability) = alternatives[*i];
            let reading = &mut squares[square as usize];
            let mend = Mend {
                square,
                read: reading.piece,
                read_confidence: reading.confidence,
                now: piece,
                now_confidence: probability,
                why: MendWhy::Rules,
            };
            reading.second = reading.piece;
            reading.second_confidence = reading.confidence;
            reading.piece = piece;
            reading.confidence = probability;
            mend
        })
        .collect()
}

/// The likeliest piece (or empty) of a square's `probabilities` but
/// the two of `taken` (its reading's first and second), and its
/// probability.
pub(crate) fn next_choice(
    probabilities: &[f32; network::CLASSES],
    taken: [Option<Piece>; 2],
) -> (Option<Piece>, f32) {
    (network::CLASS_PIECES.into_iter())
        .zip(probabilities.iter().copied())
        .filter(|(piece, _)| !taken.contains(piece))
        .fold(
            (None, 0.0),
            |best, choice| if choice.1 > best.1 { choice } else { best },
        )
}

/// The alternatives taken, by index, and what they leave: the fewest
/// rules broken, then the likeliest (the least confidence given up, the
/// sum of the log odds of each square's first choice against its
/// alternative).
struct Best {
    left: usize,
    cost: f32,
    choice: Vec<usize>,
}

/// Tries every set of at most [`MOST_CHANGED`] of `alternatives` on
/// distinct squares, each set's members in the order given, and keeps in
/// `best` the one that leaves `board` breaking fewer than `broken` rules,
/// fewest first and then likeliest. Taking an alternative never makes a
/// set likelier, so where a set already breaks none, none larger that
/// costs more can be better and is not tried.
fn search(
    alternatives: &[(Square, Option<Piece>, f32)],
    squares: &[SquareReading; 64],
    board: [Option<Piece>; 64],
    broken: usize,
    chosen: &mut Vec<usize>,
    best: &mut Option<Best>,
) {
    let from = chosen.last().map_or(0, |last| last + 1);
    for next in from..alternatives.len() {
        if chosen
            .iter()
            .any(|&i| alternatives[i].0 == alternatives[next].0)
        {
            continue;
        }
        chosen.push(next);
        let mut tried = board;
        let mut cost = 0.0;
        for &(square, piece, probability) in chosen.iter().map(|i| &alternatives[*i]) {
            tried[square as usize] = piece;
            cost += (squares[square as usize].confidence / probability.max(1e-6)).ln();
        }
        let left = impossible(&tried);
        if left < broken
            && best
                .as_ref()
                .is_none_or(|best| (left, cost) < (best.left, best.cost))
        {
            *best = Some(Best {
                left,
                cost,
                choice: chosen.clone(),
            });
        }
        let bound = best
            .as_ref()
            .is_some_and(|best| best.left == 0 && best.cost <= cost);
        if chosen.len() < MOST_CHANGED && !bound {
            search(alternatives, squares, board, broken, chosen, best);
        }
        chosen.pop();
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A square read as `piece` at `confidence`, `second` the rest.
    pub(crate) fn read(
        piece: Option<char>,
        confidence: f32,
        second: Option<char>,
    ) -> SquareReading {
        let piece_of = |letter: Option<char>| letter.and_then(Piece::from_char);
        SquareReading {
            piece: piece_of(piece),
            confidence,
            second: piece_of(second),
            second_confidence: 1.0 - confidence,
        }
    }

    #[test]
    fn a_piece_its_tone_turned_may_take_the_network_s_next_choice() {
        // The start position with a queen on c5 as well: a second queen
        // beside eight pawns is impossible for either side.
        let mut squares = [read(None, 1.0, Some('P')); 64];
        let start = shakmaty::Board::new();
        for (square, piece) in start {
            squares[square as usize] = read(Some(piece.char()), 1.0, None);
        }
        // Read a white queen (60%), next empty (35%); its tone turned it
        // to Black's (3%), so its second is the white queen read.
        squares[Square::C5 as usize] = SquareReading {
            piece: Piece::from_char('q'),
            confidence: 0.03,
            second: Piece::from_char('Q'),
            second_confidence: 0.6,
        };
        let mut c5 = [0.0; network::CLASSES];
        c5[network::class_of(Piece::from_char('Q').unwrap())] = 0.6;
        c5[0] = 0.35;
        c5[network::class_of(Piece::from_char('q').unwrap())] = 0.03;
        let taken = [Piece::from_char('q'), Piece::from_char('Q')];
        assert_eq!(next_choice(&c5, taken), (None, 0.35));
        let mut next = [(None, 0.0); 64];
        next[Square::C5 as usize] = (None, 0.35);
        let mends = mend(&mut squares, &[ByColor::default(); 64], &next, &[false; 64]);
        assert_eq!(mends.len(), 1, "{mends:?}");
        assert_eq!((mends[0].square, mends[0].now), (Square::C5, None));
        assert_eq!(squares[Square::C5 as usize].piece, None);
        assert_eq!(squares[Square::C5 as usize].confidence, 0.35);
    }
}
