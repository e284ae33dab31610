//! Seeded choices: the same seed always gives the same plies, the same
//! sample and the same order, on every machine and every version.
//!
//! Hand-written (SplitMix64, a dozen lines) rather than a crate's random
//! numbers: a book made or sampled with a seed must be the same book next
//! year, and a crate may change its generator between versions.

/// A seeded stream of numbers (SplitMix64).
///
/// ```
/// use fenkit_books::positions::Seeded;
///
/// let mut a = Seeded::new(7);
/// let mut b = Seeded::new(7);
/// assert_eq!(a.below(100), b.below(100));
/// assert_eq!(Seeded::new(1).sample(10, 3), Seeded::new(1).sample(10, 3));
/// ```
#[derive(Clone, Debug)]
pub struct Seeded(u64);

impl Seeded {
    pub fn new(seed: u64) -> Seeded {
        Seeded(seed)
    }

    /// The stream for item `n` of a run seeded `seed`: each game's ply is
    /// its own, whatever thread plays it and whatever games come before.
    pub fn for_item(seed: u64, n: u64) -> Seeded {
        let mut mixed = Seeded(seed ^ n.wrapping_mul(0xd1b5_4a32_d192_ed03));
        mixed.next_u64();
        mixed
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (at least 1), without the bias of a plain
    /// remainder.
    pub fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < zone {
                return x % n;
            }
        }
    }

    /// `0..count` in a random order (Fisher–Yates).
    pub fn shuffled(&mut self, count: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..count).collect();
        for i in (1..count).rev() {
            let j = self.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        order
    }

    /// `n` of `0..count` (all of them if fewer), in their own order.
    pub fn sample(&mut self, count: usize, n: usize) -> Vec<usize> {
        let mut chosen: Vec<usize> = self.shuffled(count).into_iter().take(n).collect();
        chosen.sort_unstable();
        chosen
    }
}

/// A book's records, whole, as `fen book sample` chooses among them: an
/// EPD (or FEN) book's non-empty lines, or a PGN book's games as written.
pub fn records(bytes: &[u8], pgn: bool) -> Vec<Vec<u8>> {
    match pgn {
        true => fenkit_games::pgn::GameTexts::new(bytes)
            .filter_map(Result::ok)
            .map(|game| game.text)
            .collect(),
        false => (bytes.split(|&b| b == b'\n'))
            .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
            .filter(|line| !line.trim_ascii().is_empty())
            .map(<[u8]>::to_vec)
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shuffle_is_a_permutation_and_a_sample_is_sorted_and_distinct() {
        let order = Seeded::new(3).shuffled(50);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..50).collect::<Vec<_>>());
        assert_ne!(order, sorted);
        let sample = Seeded::new(3).sample(50, 10);
        assert_eq!(sample.len(), 10);
        assert!(sample.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Seeded::new(3).sample(5, 10), vec![0, 1, 2, 3, 4]);
    }

    #[test]
    fn the_stream_of_a_seed_is_fixed() {
        // SplitMix64's first output for seed 0, as its reference gives it.
        assert_eq!(Seeded::new(0).next_u64(), 0xe220_a839_7b1d_cdaf);
        let mut seeded = Seeded::new(9);
        let mut counts = [0; 6];
        for _ in 0..6000 {
            counts[seeded.below(6) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (850..1150).contains(&c)),
            "{counts:?}"
        );
    }
}
