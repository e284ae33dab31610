//! The network that names a square's content: three 3×3 convolutions,
//! each followed by ReLU and 2×2 max pooling, then two dense layers, over
//! a [`SIDE`]×[`SIDE`] square of grey levels; 13 scores out (empty, then
//! White's pawn to king, then Black's). Hand-written: it is 45 million
//! multiply-adds a board, which plain loops that the compiler vectorizes
//! do in a few milliseconds, and a framework would bring more code than
//! the network has weights. The maps are held channel by channel within
//! each pixel, and the weights reordered to match when read, so that the
//! innermost loop runs over a layer's 8 to 32 output channels at once,
//! not along the rows of maps as narrow as 8 pixels: a picture's 192
//! squares in 29 ms where they took 46 (best of 15 runs, side by side).
//! Each layer's count of output channels is a constant of its loop, so
//! that a pixel's sums stay in registers: a square in 1.0 million
//! instructions where it took 2.2 (callgrind, the same sums in the same
//! order, to the bit). Where the CPU has AVX2 (chosen when run, so that
//! one binary built for any x86-64 runs on all of them) the layers run
//! compiled for it: eight sums a register where SSE2 holds four, the
//! same sums in the same order, to the bit (a test holds the two alike,
//! and every picture of `bench/scan` reads the same): chess.com's
//! screenshots in 82 ms a picture where they took 95, the book diagrams
//! in 46 where 65 (medians of five runs, alternated).
//!
//! Its weights are trained by `tools/train-scan` on boards drawn by
//! fenkit's diagrams library (`training/src/main.rs`) and shipped in
//! `assets/squares.bin`.
//!
//! fenkit reads with four such networks and averages their
//! probabilities. How one network reads a piece set it never saw depends
//! on its seed as much as on its recipe (the same boards trained from two
//! seeds read a held-out set 97% and 89% right, `bench/history.md`), so a
//! choice between recipes made on one seed is made on luck, and so is
//! what a user gets. Networks trained on different boards go wrong in
//! different places: two learn from every set the script draws, two from
//! boards without the two sets whose black pieces are lighter than many
//! sets' white (those hold a light fill to be White's), and the four
//! together read the sets held out of training better than either pair
//! or any one, at four times one network's cost (still under 100 ms a
//! desktop screenshot, BENCHMARKS.md). Where one pair alone reads a board
//! better by the rules (a set only it learnt), `Scanner` keeps that
//! pair's reading ([`Network::classify_each`], `averaged`).
//!
//! The file holds the members one after another, each the bytes
//! `FKSCAN01`, the count of its numbers as a little-endian u32, then the
//! numbers as little-endian f32, layer by layer, each convolution's
//! weights as `[out][in][3][3]` then its biases, each dense layer's as
//! `[in][out]` then its biases.

use shakmaty::{Color, Piece, Role};

use crate::squares::SIDE;

/// The channels of the three convolutions and the width of the hidden
/// dense layer.
pub const CHANNELS: [usize; 3] = [8, 16, 32];
pub const HIDDEN: usize = 64;
/// The classes: empty, then `PNBRQK`, then `pnbrqk`.
pub const CLASSES: usize = 13;

/// What each class is.
pub(crate) const CLASS_PIECES: [Option<Piece>; CLASSES] = {
    const fn piece(color: Color, role: Role) -> Option<Piece> {
        Some(Piece { color, role })
    }
    use Color::{Black, White};
    [
        None,
        piece(White, Role::Pawn),
        piece(White, Role::Knight),
        piece(White, Role::Bishop),
        piece(White, Role::Rook),
        piece(White, Role::Queen),
        piece(White, Role::King),
        piece(Black, Role::Pawn),
        piece(Black, Role::Knight),
        piece(Black, Role::Bishop),
        piece(Black, Role::Rook),
        piece(Black, Role::Queen),
        piece(Black, Role::King),
    ]
};

/// The class of `piece`.
pub(crate) fn class_of(piece: Piece) -> usize {
    let class = CLASS_PIECES.iter().position(|p| *p == Some(piece));
    class.unwrap_or_else(|| unreachable!("every piece has its class"))
}

const MAGIC: &[u8; 8] = b"FKSCAN01";

/// The shipped weights.
const SHIPPED: &[u8] = include_bytes!("../assets/squares.bin");

struct Convolution {
    inputs: usize,
    outputs: usize,
    /// `[3][3][in][out]`: as read, reordered from the file's
    /// `[out][in][3][3]`.
    weights: Vec<f32>,
    biases: Vec<f32>,
}

struct Dense {
    inputs: usize,
    outputs: usize,
    /// `[in][out]`; the hidden layer's inputs in the maps' order (pixel
    /// by pixel, channels within), reordered from the file's (channel by
    /// channel).
    weights: Vec<f32>,
    biases: Vec<f32>,
}

/// The networks a square is read with, their probabilities averaged.
pub struct Network {
    members: Vec<Member>,
}

/// One trained network with its weights.
struct Member {
    convolutions: [Convolution; 3],
    hidden: Dense,
    out: Dense,
}

/// Why weights could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadWeights(pub String);

impl std::fmt::Display for BadWeights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the network's weights cannot be read: {}", self.0)
    }
}

impl std::error::Error for BadWeights {}

impl Network {
    /// The number of weights and biases each member has.
    pub fn parameter_count() -> usize {
        let mut count = 0;
        let mut inputs = 1;
        for outputs in CHANNELS {
            count += outputs * inputs * 9 + outputs;
            inputs = outputs;
        }
        let flat = CHANNELS[2] * (SIDE / 8) * (SIDE / 8);
        count + flat * HIDDEN + HIDDEN + HIDDEN * CLASSES + CLASSES
    }

    /// The networks fenkit ships.
    pub fn shipped() -> Network {
        Network::from_bytes(SHIPPED).unwrap_or_else(|error| unreachable!("{error}"))
    }

    /// Networks from weights in the shipped file's layout: one member or
    /// more, one after another.
    pub fn from_bytes(mut bytes: &[u8]) -> Result<Network, BadWeights> {
        let mut members = Vec::new();
        while !bytes.is_empty() {
            let (member, rest) = Member::from_bytes(bytes)?;
            members.push(member);
            bytes = rest;
        }
        if members.is_empty() {
            return Err(BadWeights("no network".into()));
        }
        Ok(Network { members })
    }

    /// How many networks are averaged.
    pub fn members(&self) -> usize {
        self.members.len()
    }

    /// The probability of each class for one square by each member.
    pub fn classify_each(&self, square: &[f32; SIDE * SIDE]) -> Vec<[f32; CLASSES]> {
        self.members
            .iter()
            .map(|member| member.classify(square))
            .collect()
    }

    /// The probability of each class for one square: the average of the
    /// members'.
    pub fn classify(&self, square: &[f32; SIDE * SIDE]) -> [f32; CLASSES] {
        let mut sums = [0.0; CLASSES];
        for member in &self.members {
            for (sum, probability) in sums.iter_mut().zip(member.classify(square)) {
                *sum += probability;
            }
        }
        sums.map(|sum| sum / self.members.len() as f32)
    }
}

/// A board's squares read by the members `chosen`, from each member's
/// probabilities (`each[view][square][member]`): averaged over those
/// members as [`Network::classify`] averages them, then over the views.
pub(crate) fn averaged(each: &[Vec<Vec<[f32; CLASSES]>>], chosen: &[usize]) -> Vec<[f32; CLASSES]> {
    let squares = each.first().map_or(0, Vec::len);
    (0..squares)
        .map(|square| {
            let mut probabilities = [0.0; CLASSES];
            for view in each {
                let mut sums = [0.0; CLASSES];
                for &member in chosen {
                    for (sum, probability) in sums.iter_mut().zip(view[square][member]) {
                        *sum += probability;
                    }
                }
                let read = sums.map(|sum| sum / chosen.len() as f32);
                for (sum, probability) in probabilities.iter_mut().zip(read) {
                    *sum += probability / each.len() as f32;
                }
            }
            probabilities
        })
        .collect()
}

impl Member {
    /// One member from the start of `bytes`, and the bytes after it.
    fn from_bytes(bytes: &[u8]) -> Result<(Member, &[u8]), BadWeights> {
        let rest = bytes
            .strip_prefix(MAGIC)
            .ok_or_else(|| BadWeights("no FKSCAN01 header".into()))?;
        let (count, numbers) = rest
            .split_first_chunk::<4>()
            .ok_or_else(|| BadWeights("no count".into()))?;
        let count = u32::from_le_bytes(*count) as usize;
        if count != Network::parameter_count() || numbers.len() < count * 4 {
            return Err(BadWeights(format!(
                "{count} numbers in {} bytes, where a network has {}",
                numbers.len().min(count * 4),
                Network::parameter_count()
            )));
        }
        let (numbers, rest) = numbers.split_at(count * 4);
        let mut numbers = numbers
            .chunks_exact(4)
            .map(|chunk| f32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]));
        let mut take = |n: usize| numbers.by_ref().take(n).collect::<Vec<f32>>();
        let mut inputs = 1;
        let convolutions = CHANNELS.map(|outputs| {
            let file_order = take(outputs * inputs * 9);
            let mut weights = vec![0.0; file_order.len()];
            for output in 0..outputs {
                for input in 0..inputs {
                    for tap in 0..9 {
                        weights[(tap * inputs + input) * outputs + output] =
                            file_order[(output * inputs + input) * 9 + tap];
                    }
                }
            }
            let layer = Convolution {
                inputs,
                outputs,
                weights,
                biases: take(outputs),
            };
            inputs = outputs;
            layer
        });
        let (channels, pixels) = (CHANNELS[2], (SIDE / 8) * (SIDE / 8));
        let flat = channels * pixels;
        let file_order = take(flat * HIDDEN);
        let mut weights = vec![0.0; file_order.len()];
        for channel in 0..channels {
            for pixel in 0..pixels {
                let (from, to) = (channel * pixels + pixel, pixel * channels + channel);
                weights[to * HIDDEN..][..HIDDEN]
                    .copy_from_slice(&file_order[from * HIDDEN..][..HIDDEN]);
            }
        }
        let hidden = Dense {
            inputs: flat,
            outputs: HIDDEN,
            weights,
            biases: take(HIDDEN),
        };
        let out = Dense {
            inputs: HIDDEN,
            outputs: CLASSES,
            weights: take(HIDDEN * CLASSES),
            biases: take(CLASSES),
        };
        let member = Member {
            convolutions,
            hidden,
            out,
        };
        Ok((member, rest))
    }

    /// The probability of each class for one square: with AVX2's
    /// 8-wide registers where the CPU has them (most x86-64 made since
    /// 2013), else as compiled for the target (SSE2's 4-wide ones on any
    /// x86-64), the same sums in the same order either way (no fused
    /// multiply-adds), so that both read a square alike to the bit.
    fn classify(&self, square: &[f32; SIDE * SIDE]) -> [f32; CLASSES] {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2, checked just above: all that
            // `classify_avx2` asks of it.
            #[allow(unsafe_code)]
            return unsafe { self.classify_avx2(square) };
        }
        self.layers(square)
    }

    /// [`layers`](Member::layers) compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn classify_avx2(&self, square: &[f32; SIDE * SIDE]) -> [f32; CLASSES] {
        self.layers(square)
    }

    /// The layers one after another. Inlined, with the layers', into
    /// each caller, so that each is compiled for its caller's registers.
    #[inline(always)]
    fn layers(&self, square: &[f32; SIDE * SIDE]) -> [f32; CLASSES] {
        let [first, second, third] = &self.convolutions;
        let maps = pooled(
            &first.apply::<{ CHANNELS[0] }>(square, SIDE),
            CHANNELS[0],
            SIDE,
        );
        let maps = pooled(
            &second.apply::<{ CHANNELS[1] }>(&maps, SIDE / 2),
            CHANNELS[1],
            SIDE / 2,
        );
        let maps = pooled(
            &third.apply::<{ CHANNELS[2] }>(&maps, SIDE / 4),
            CHANNELS[2],
            SIDE / 4,
        );
        let hidden: Vec<f32> = self
            .hidden
            .apply(&maps)
            .into_iter()
            .map(|x| x.max(0.0))
            .collect();
        let scores = self.out.apply(&hidden);
        let top = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let mut probabilities = [0.0; CLASSES];
        let mut sum = 0.0;
        for (probability, score) in probabilities.iter_mut().zip(&scores) {
            *probability = (score - top).exp();
            sum += *probability;
        }
        probabilities.map(|probability| probability / sum)
    }
}

impl Convolution {
    /// The 3×3 convolution of `side`×`side` maps (channels within each
    /// pixel), padded with zeros to keep the side, then ReLU.
    ///
    /// `OUTPUTS` is the layer's count of output channels, known when
    /// compiled so that a pixel's sums stay in registers.
    #[inline(always)]
    fn apply<const OUTPUTS: usize>(&self, maps: &[f32], side: usize) -> Vec<f32> {
        let inputs = self.inputs;
        assert_eq!(self.outputs, OUTPUTS);
        let padded_side = side + 2;
        let mut padded = vec![0.0; padded_side * padded_side * inputs];
        for y in 0..side {
            padded[((y + 1) * padded_side + 1) * inputs..][..side * inputs]
                .copy_from_slice(&maps[y * side * inputs..][..side * inputs]);
        }
        let mut out = vec![0.0; side * side * OUTPUTS];
        let (pixels, _) = out.as_chunks_mut::<OUTPUTS>();
        let (kernel, _) = self.weights.as_chunks::<OUTPUTS>();
        let biases: &[f32; OUTPUTS] = self.biases[..].try_into().expect("a bias an output");
        for (pixel, out) in pixels.iter_mut().enumerate() {
            let (y, x) = (pixel / side, pixel % side);
            let mut sums = *biases;
            for ky in 0..3 {
                // The three pixels of this row of the window, side by side.
                let window = &padded[((y + ky) * padded_side + x) * inputs..][..3 * inputs];
                let kernel = &kernel[ky * 3 * inputs..][..3 * inputs];
                for (level, weights) in window.iter().zip(kernel) {
                    for (sum, weight) in sums.iter_mut().zip(weights) {
                        *sum += level * weight;
                    }
                }
            }
            *out = sums.map(|sum| sum.max(0.0));
        }
        out
    }
}

/// 2×2 max pooling of `side`×`side` maps of `channels` a pixel.
#[inline(always)]
fn pooled(maps: &[f32], channels: usize, side: usize) -> Vec<f32> {
    let half = side / 2;
    let mut out = Vec::with_capacity(half * half * channels);
    for y in 0..half {
        for x in 0..half {
            let at = |dy: usize, dx: usize| {
                &maps[((2 * y + dy) * side + 2 * x + dx) * channels..][..channels]
            };
            let (a, b, c, d) = (at(0, 0), at(0, 1), at(1, 0), at(1, 1));
            out.extend((0..channels).map(|ch| a[ch].max(b[ch]).max(c[ch]).max(d[ch])));
        }
    }
    out
}

impl Dense {
    #[inline(always)]
    fn apply(&self, inputs: &[f32]) -> Vec<f32> {
        let mut out = self.biases.clone();
        for (input, weights) in inputs.iter().zip(self.weights.chunks_exact(self.outputs)) {
            for (value, weight) in out.iter_mut().zip(weights) {
                *value += input * weight;
            }
        }
        debug_assert_eq!(inputs.len(), self.inputs);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The network as its layers are written down, straight from the
    /// file's layout, channel by channel: what the reordered loops must
    /// compute.
    fn as_written(numbers: &[f32], square: &[f32; SIDE * SIDE]) -> [f32; CLASSES] {
        let mut numbers = numbers.iter().copied();
        let mut take = |n: usize| numbers.by_ref().take(n).collect::<Vec<f32>>();
        let (mut maps, mut side, mut inputs) = (square.to_vec(), SIDE, 1);
        for outputs in CHANNELS {
            let (weights, biases) = (take(outputs * inputs * 9), take(outputs));
            let at = |c: usize, y: isize, x: isize| {
                let inside = (0..side as isize).contains(&y) && (0..side as isize).contains(&x);
                if inside {
                    maps[(c * side + y as usize) * side + x as usize]
                } else {
                    0.0
                }
            };
            let half = side / 2;
            let mut pooled = vec![f32::NEG_INFINITY; outputs * half * half];
            for o in 0..outputs {
                for y in 0..side {
                    for x in 0..side {
                        let mut sum = biases[o];
                        for i in 0..inputs {
                            for tap in 0..9 {
                                let (dy, dx) = ((tap / 3) as isize - 1, (tap % 3) as isize - 1);
                                sum += weights[(o * inputs + i) * 9 + tap]
                                    * at(i, y as isize + dy, x as isize + dx);
                            }
                        }
                        let cell = &mut pooled[(o * half + y / 2) * half + x / 2];
                        *cell = cell.max(sum.max(0.0));
                    }
                }
            }
            (maps, side, inputs) = (pooled, half, outputs);
        }
        let dense = |inputs: &[f32], weights: &[f32], biases: &[f32]| -> Vec<f32> {
            (0..biases.len())
                .map(|o| {
                    let products = inputs.iter().enumerate();
                    biases[o]
                        + products
                            .map(|(i, x)| x * weights[i * biases.len() + o])
                            .sum::<f32>()
                })
                .collect()
        };
        let (weights, biases) = (take(maps.len() * HIDDEN), take(HIDDEN));
        let hidden: Vec<f32> = dense(&maps, &weights, &biases)
            .iter()
            .map(|x| x.max(0.0))
            .collect();
        let (weights, biases) = (take(HIDDEN * CLASSES), take(CLASSES));
        let scores = dense(&hidden, &weights, &biases);
        let top = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        let sum: f32 = scores.iter().map(|s| (s - top).exp()).sum();
        std::array::from_fn(|class| (scores[class] - top).exp() / sum)
    }

    /// Squares of many levels, some with a shape in them.
    fn squares() -> Vec<[f32; SIDE * SIDE]> {
        (0..6_usize)
            .map(|seed| {
                std::array::from_fn(|i| {
                    let (x, y) = (i % SIDE, i / SIDE);
                    let disc = ((x as f32 - 16.0).powi(2) + (y as f32 - 18.0).powi(2))
                        < 60.0 + 20.0 * seed as f32;
                    let texture = ((i * (7 + seed * 13)) % 31) as f32 / 31.0;
                    if disc && seed % 2 == 0 {
                        0.1
                    } else {
                        0.6 + 0.4 * texture
                    }
                })
            })
            .collect()
    }

    #[test]
    fn the_reordered_networks_compute_the_layers_as_written_and_average() {
        // Each member's numbers, after its 12 bytes of header.
        let member_bytes = 12 + 4 * Network::parameter_count();
        assert_eq!(SHIPPED.len() % member_bytes, 0);
        let members: Vec<Vec<f32>> = SHIPPED
            .chunks_exact(member_bytes)
            .map(|member| {
                member[12..]
                    .chunks_exact(4)
                    .map(|chunk| f32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]))
                    .collect()
            })
            .collect();
        let network = Network::shipped();
        assert_eq!(network.members(), members.len());
        for (seed, square) in squares().iter().enumerate() {
            let mut wanted = [0.0; CLASSES];
            for numbers in &members {
                for (sum, p) in wanted.iter_mut().zip(as_written(numbers, square)) {
                    *sum += p / members.len() as f32;
                }
            }
            let got = network.classify(square);
            for (g, w) in got.iter().zip(wanted) {
                assert!(
                    (g - w).abs() < 1e-4,
                    "square {seed}: {got:?} for {wanted:?}"
                );
            }
        }
    }

    /// AVX2 changes which registers hold the sums, not what is summed or
    /// in which order: a square reads the same to the bit either way.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_reads_a_square_as_sse2_does_to_the_bit() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            eprintln!("skipped: this CPU has no AVX2, so only the SSE2 path runs here");
            return;
        }
        let network = Network::shipped();
        for member in &network.members {
            for square in squares() {
                // SAFETY: the CPU has AVX2, checked above.
                #[allow(unsafe_code)]
                let wide = unsafe { member.classify_avx2(&square) };
                assert_eq!(
                    wide.map(f32::to_bits),
                    member.layers(&square).map(f32::to_bits)
                );
            }
        }
    }

    /// Through `averaged`, all the members read as `classify` does, to the
    /// bit: a board the halves leave alone reads as it did before them.
    #[test]
    fn averaged_over_every_member_is_classify_to_the_bit() {
        let network = Network::shipped();
        let squares = squares();
        let views: Vec<Vec<[f32; CLASSES]>> = squares
            .iter()
            .map(|square| network.classify_each(square))
            .collect();
        let each = vec![views.clone(), views];
        let all: Vec<usize> = (0..network.members()).collect();
        for (square, averaged) in squares.iter().zip(averaged(&each, &all)) {
            assert_eq!(
                averaged.map(f32::to_bits),
                network.classify(square).map(f32::to_bits)
            );
        }
    }

    #[test]
    fn weights_cut_short_or_left_over_are_refused() {
        let member_bytes = 12 + 4 * Network::parameter_count();
        let one = &SHIPPED[..member_bytes];
        assert_eq!(Network::from_bytes(one).map(|n| n.members()), Ok(1));
        let mut two = one.to_vec();
        two.extend_from_slice(one);
        assert_eq!(Network::from_bytes(&two).map(|n| n.members()), Ok(2));
        assert!(Network::from_bytes(&[]).is_err());
        assert!(Network::from_bytes(&one[..member_bytes - 4]).is_err());
        let mut trailing = one.to_vec();
        trailing.extend_from_slice(b"FKSCAN01");
        assert!(Network::from_bytes(&trailing).is_err());
    }
}
