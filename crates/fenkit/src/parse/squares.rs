//! The placement field's quick path: its bytes expanded into 64 squares in
//! one pass (a piece letter or `.` each, a8 first as FEN writes them),
//! validated on the way, and the bitboards read off the squares.
//!
//! The expansion is the classic exercise itself: `fen board` prints the
//! squares as they are, and only the rules of chess need bitboards. Each
//! byte does the same work (one table lookup, one 8-byte store, a few bit
//! operations), because branches would mispredict on the mix of letters
//! and digits; problems are gathered as bits and looked at once. A record
//! this path refuses is read again by the diagnosing path, which says why.

/// The squares of a placement, a8 first: a piece letter or `.`, with room
/// for the last 8-byte store past h1.
pub(crate) type Squares = [u8; 72];

const DIGIT: u64 = 1 << 8;
const INVALID: u64 = 1 << 9;
const SLASH: u64 = !0 << 16;

/// What each byte does, in one word so that one load tells all: the
/// squares it covers (bits 0-7), whether it is a digit or no placement
/// character at all, and for a slash a mask of ones from bit 16 up (used
/// to test and move the rank's end without a branch).
const STEP: [u64; 256] = {
    let mut step = [INVALID; 256];
    let letters = *b"PNBRQKpnbrqk";
    let mut slot = 0;
    while slot < letters.len() {
        step[letters[slot] as usize] = 1;
        slot += 1;
    }
    let mut run = 1;
    while run <= 8 {
        step[(b'0' + run) as usize] = run as u64 | DIGIT;
        run += 1;
    }
    step[b'/' as usize] = SLASH;
    step
};

/// What each byte stores at its first square: eight copies of a letter
/// (the next byte's store overwrites the seven after it), eight dots for
/// a digit (the run's squares, and some the next store overwrites).
const STORE: [u64; 256] = {
    let mut store = [u64::from_le_bytes([b'.'; 8]); 256];
    let letters = *b"PNBRQKpnbrqk";
    let mut slot = 0;
    while slot < letters.len() {
        store[letters[slot] as usize] = u64::from_le_bytes([letters[slot]; 8]);
        slot += 1;
    }
    store
};

/// Expands a well-formed placement field into `squares`, or says it is
/// not one (which problem, the diagnosing path finds).
pub(crate) fn expand(bytes: &[u8], squares: &mut Squares) -> bool {
    expand_field(bytes, squares) == Some(bytes.len())
}

/// Expands the placement field at the start of `record`, up to the first
/// space or the end, into `squares`: its length when it is well-formed.
/// The quick path of a whole record finds where the field ends this way,
/// in the same pass.
// Not inlined: alone, the loop keeps every variable in a register.
#[inline(never)]
pub(crate) fn expand_field(record: &[u8], squares: &mut Squares) -> Option<usize> {
    let mut index = 0u64;
    let mut rank_end = 8u64;
    // Problems as bits: bad characters and digit pairs; slashes off a
    // rank's end.
    let mut bad = 0u64;
    let mut misplaced = 0u64;
    let mut previous = 0u64;
    let mut length = record.len();
    for (at, &byte) in record.iter().enumerate() {
        if byte == b' ' {
            length = at;
            break;
        }
        let step = STEP[usize::from(byte)];
        // Past h1 a malformed field (whose index never comes back to 64)
        // writes over squares already written, never past the slack.
        let at = (index & 63) as usize;
        squares[at..at + 8].copy_from_slice(&STORE[usize::from(byte)].to_le_bytes());
        // A slash ends a rank of exactly eight squares; two digits in a
        // row are one run written in two.
        let slash = step >> 16;
        misplaced |= (index ^ rank_end) & slash;
        rank_end += slash & 8;
        // Other bits come along; only these two are looked at.
        bad |= step & (previous | INVALID);
        previous = step;
        index += step & 0xff;
    }
    (bad & (DIGIT | INVALID) | misplaced == 0 && index == 64 && rank_end == 64).then_some(length)
}

/// The bitboards of `squares` (each a piece letter or `.`), by role and by
/// color, in shakmaty's numbering.
pub(crate) fn bitboards(squares: &Squares) -> ([u64; 6], [u64; 2]) {
    // Bit i of a mask is the i-th square from a8; shakmaty counts from a1,
    // and swapping the bytes swaps the ranks.
    let [p, n, b, r, q, k, white, black] = masks(squares).map(u64::swap_bytes);
    ([p, n, b, r, q, k], [white, black])
}

/// For the squares from a8: which hold a pawn, knight, bishop, rook, queen
/// or king (either color), which a white piece, which a black one.
#[cfg(target_arch = "x86_64")]
fn masks(squares: &Squares) -> [u64; 8] {
    // SAFETY: SSE2 is part of x86_64 itself; every x86_64 processor has it.
    #[allow(unsafe_code)]
    unsafe {
        sse2::masks(squares)
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn masks(squares: &Squares) -> [u64; 8] {
    scalar_masks(squares)
}

/// The same masks a square at a time: for other processors, and the
/// reference the SSE2 masks are tested against.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn scalar_masks(squares: &Squares) -> [u64; 8] {
    let mut masks = [0u64; 8];
    for (index, &letter) in squares[..64].iter().enumerate() {
        let lower = letter | 0x20;
        for (role, &name) in b"pnbrqk".iter().enumerate() {
            masks[role] |= u64::from(lower == name) << index;
        }
        masks[6] |= u64::from(letter.is_ascii_uppercase()) << index;
        masks[7] |= u64::from(letter.is_ascii_lowercase()) << index;
    }
    masks
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use core::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_cmpgt_epi8, _mm_movemask_epi8, _mm_or_si128, _mm_set_epi64x,
        _mm_set1_epi8,
    };

    use super::Squares;

    /// Sixteen squares a step: a compare per role on the letters folded to
    /// lowercase, and one for black; white is the rest of the pieces.
    #[target_feature(enable = "sse2")]
    pub(super) fn masks(squares: &Squares) -> [u64; 8] {
        let mut masks = [0u64; 8];
        let lowercase = _mm_set1_epi8(0x20);
        let roles = b"pnbrqk".map(|name| _mm_set1_epi8(name as i8));
        // Black letters lie above '_', white ones and '.' below.
        let underscore = _mm_set1_epi8(b'_' as i8);
        for (chunk, sixteen) in squares[..64].chunks_exact(16).enumerate() {
            let half = |at: usize| {
                i64::from_le_bytes(sixteen[at..at + 8].try_into().expect("eight bytes"))
            };
            let letters: __m128i = _mm_set_epi64x(half(8), half(0));
            let folded = _mm_or_si128(letters, lowercase);
            let shift = 16 * chunk;
            let bits = |mask: __m128i| u64::from(_mm_movemask_epi8(mask) as u16) << shift;
            for (role, name) in roles.iter().enumerate() {
                masks[role] |= bits(_mm_cmpeq_epi8(folded, *name));
            }
            masks[7] |= bits(_mm_cmpgt_epi8(letters, underscore));
        }
        // Every piece is one color or the other.
        masks[6] = masks[..6].iter().fold(0, |all, role| all | role) & !masks[7];
        masks
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_masks_of_every_letter_on_every_square_agree() {
        for letter in *b"PNBRQKpnbrqk." {
            for square in 0..64 {
                let mut squares = [b'.'; 72];
                squares[square] = letter;
                squares[(square + 19) % 64] = b'k';
                assert_eq!(
                    masks(&squares),
                    scalar_masks(&squares),
                    "{letter} on {square}"
                );
            }
        }
    }

    #[test]
    fn the_start_expands_and_reads_back() {
        let mut squares = [0; 72];
        assert!(expand(
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            &mut squares
        ));
        assert_eq!(&squares[..16], b"rnbqkbnrpppppppp");
        let (by_role, by_color) = bitboards(&squares);
        let start = shakmaty::Board::new();
        assert_eq!(by_role[0], start.pawns().0);
        assert_eq!(by_role[5], start.kings().0);
        assert_eq!(by_color, [start.white().0, start.black().0]);
        for bad in [
            &b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN"[..],
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR",
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/",
            b"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR",
            b"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR",
            b"rnbqkbnr/ppppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR",
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNx",
        ] {
            assert!(
                !expand(bad, &mut squares),
                "{}",
                String::from_utf8_lossy(bad)
            );
        }
    }
}
