//! The bitboards of a placement expanded to its 64 squares (a8 first, as
//! FEN writes them; a piece letter or `.` on each). Comparing all 64
//! letters with a piece's letter at once and taking one bit per byte is
//! what SSE2 does in two instructions per 16 squares (`pcmpeqb`,
//! `pmovmskb`), so the quick path of the placement only stores letters,
//! with no read-modify-write of a bitboard per byte. SSE2 is part of every
//! x86_64 processor, so nothing is detected at run time; elsewhere a
//! plain loop over the squares gives the same bitboards.

/// The letters of the six roles, lower case, in shakmaty's role order.
const ROLES: [u8; 6] = *b"pnbrqk";

/// The bitboards by role and by color (white, black) of `letters`, in
/// shakmaty's square order (a1 is bit 0).
pub(super) fn bitboards(letters: &[u8; 64]) -> ([u64; 6], [u64; 2]) {
    // SAFETY: SSE2 is part of x86_64 itself: every processor that runs
    // this target has it (the compiler assumes so in all code it emits).
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    return unsafe { sse2::bitboards(letters) };
    #[cfg(not(target_arch = "x86_64"))]
    return portable(letters);
}

/// One bit per square in FEN order (a8 is bit 0) turned into shakmaty's
/// (a1 is bit 0): the ranks flipped, which is the byte order reversed.
fn from_fen_order(bits: u64) -> u64 {
    bits.swap_bytes()
}

/// The same, a square at a time: the reference the SSE2 version is held
/// to, and the path of other processors.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn portable(letters: &[u8; 64]) -> ([u64; 6], [u64; 2]) {
    let mut by_role = [0u64; 6];
    let mut by_color = [0u64; 2];
    for (index, &letter) in letters.iter().enumerate() {
        let Some(role) = ROLES.iter().position(|&r| r == letter.to_ascii_lowercase()) else {
            continue;
        };
        by_role[role] |= 1 << index;
        by_color[usize::from(letter.is_ascii_lowercase())] |= 1 << index;
    }
    (by_role.map(from_fen_order), by_color.map(from_fen_order))
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use core::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_movemask_epi8, _mm_or_si128, _mm_set_epi64x,
        _mm_set1_epi8, _mm_setzero_si128,
    };

    use super::{ROLES, from_fen_order};

    #[target_feature(enable = "sse2")]
    pub fn bitboards(letters: &[u8; 64]) -> ([u64; 6], [u64; 2]) {
        let word = |at: usize| {
            let bytes: [u8; 8] = letters[at..at + 8].try_into().expect("8 bytes");
            i64::from_le_bytes(bytes)
        };
        // Four lanes of 16 squares: ranks 8 and 7, 6 and 5, …
        let lanes: [__m128i; 4] =
            core::array::from_fn(|k| _mm_set_epi64x(word(16 * k + 8), word(16 * k)));
        // A bit per square where `test` gives an all-ones byte.
        let bits = |test: &dyn Fn(__m128i) -> __m128i| {
            lanes.iter().enumerate().fold(0u64, |acc, (k, &lane)| {
                let mask = _mm_movemask_epi8(test(lane)) as u32 as u64;
                acc | mask << (16 * k)
            })
        };
        let case = _mm_set1_epi8(0x20);
        let by_role = ROLES.map(|letter| {
            let letter = _mm_set1_epi8(letter as i8);
            from_fen_order(bits(&|lane| {
                _mm_cmpeq_epi8(_mm_or_si128(lane, case), letter)
            }))
        });
        // Upper case is White; '.' has the case bit, so it counts as no
        // white piece, and squares with a piece of no colour there are none.
        let white = bits(&|lane| _mm_cmpeq_epi8(_mm_and_si128(lane, case), _mm_setzero_si128()));
        let empty = bits(&|lane| _mm_cmpeq_epi8(lane, _mm_set1_epi8(b'.' as i8)));
        let black = !empty & !white;
        (by_role, [from_fen_order(white), from_fen_order(black)])
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn letters() -> impl Strategy<Value = [u8; 64]> {
        let square = prop::sample::select(b"PNBRQKpnbrqk........".to_vec());
        prop::array::uniform32(square.clone())
            .prop_flat_map(move |low| {
                prop::array::uniform32(square.clone()).prop_map(move |high| (low, high))
            })
            .prop_map(|(low, high)| {
                let mut letters = [0u8; 64];
                letters[..32].copy_from_slice(&low);
                letters[32..].copy_from_slice(&high);
                letters
            })
    }

    proptest! {
        #[test]
        fn sse2_and_portable_bitboards_agree(letters in letters()) {
            prop_assert_eq!(bitboards(&letters), portable(&letters));
        }
    }

    #[test]
    fn the_start_position_gives_its_bitboards() {
        let letters: [u8; 64] =
            *b"rnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR";
        let (by_role, by_color) = bitboards(&letters);
        assert_eq!(by_role[0], 0x00ff_0000_0000_ff00, "pawns on ranks 2 and 7");
        assert_eq!(by_role[5], 0x1000_0000_0000_0010, "kings on e1 and e8");
        assert_eq!(by_color, [0xffff, 0xffff_0000_0000_0000]);
    }
}
