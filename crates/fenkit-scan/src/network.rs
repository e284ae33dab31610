//! The network that names a square's content: three 3×3 convolutions,
//! each followed by ReLU and 2×2 max pooling, then two dense layers, over
//! a [`SIDE`]×[`SIDE`] square of grey levels; 13 scores out (empty, then
//! White's pawn to king, then Black's). Hand-written: it is 45 million
//! multiply-adds a board, which plain loops that the compiler vectorizes
//! do in a few milliseconds, and a framework would bring more code than
//! the network has weights.
//!
//! Its weights are trained by `tools/train-scan` on boards drawn by
//! fenkit's diagrams library (`training/src/main.rs`) and shipped in
//! `assets/squares.bin`: the bytes `FKSCAN01`, the count of numbers as a
//! little-endian u32, then the numbers as little-endian f32, layer by
//! layer, each convolution's weights as [out][in][3][3] then its biases,
//! each dense layer's as [in][out] then its biases.

use crate::squares::SIDE;

/// The channels of the three convolutions and the width of the hidden
/// dense layer.
pub const CHANNELS: [usize; 3] = [8, 16, 32];
pub const HIDDEN: usize = 64;
/// The classes: empty, then `PNBRQK`, then `pnbrqk`.
pub const CLASSES: usize = 13;

const MAGIC: &[u8; 8] = b"FKSCAN01";

/// The shipped weights.
const SHIPPED: &[u8] = include_bytes!("../assets/squares.bin");

struct Convolution {
    inputs: usize,
    outputs: usize,
    /// [out][in][3][3]
    weights: Vec<f32>,
    biases: Vec<f32>,
}

struct Dense {
    inputs: usize,
    outputs: usize,
    /// [in][out]
    weights: Vec<f32>,
    biases: Vec<f32>,
}

/// The network with its weights.
pub struct Network {
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
    /// The number of weights and biases the network has.
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

    /// The network fenkit ships.
    pub fn shipped() -> Network {
        Network::from_bytes(SHIPPED).unwrap_or_else(|error| unreachable!("{error}"))
    }

    /// A network from weights in the shipped file's layout.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, BadWeights> {
        let rest = bytes
            .strip_prefix(MAGIC)
            .ok_or_else(|| BadWeights("no FKSCAN01 header".into()))?;
        let (count, numbers) = rest
            .split_first_chunk::<4>()
            .ok_or_else(|| BadWeights("no count".into()))?;
        let count = u32::from_le_bytes(*count) as usize;
        if count != Network::parameter_count() || numbers.len() != count * 4 {
            return Err(BadWeights(format!(
                "{count} numbers in {} bytes, where the network has {}",
                numbers.len(),
                Network::parameter_count()
            )));
        }
        let mut numbers = numbers
            .chunks_exact(4)
            .map(|chunk| f32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]));
        let mut take = |n: usize| numbers.by_ref().take(n).collect::<Vec<f32>>();
        let mut inputs = 1;
        let convolutions = CHANNELS.map(|outputs| {
            let layer = Convolution {
                inputs,
                outputs,
                weights: take(outputs * inputs * 9),
                biases: take(outputs),
            };
            inputs = outputs;
            layer
        });
        let flat = CHANNELS[2] * (SIDE / 8) * (SIDE / 8);
        let hidden = Dense {
            inputs: flat,
            outputs: HIDDEN,
            weights: take(flat * HIDDEN),
            biases: take(HIDDEN),
        };
        let out = Dense {
            inputs: HIDDEN,
            outputs: CLASSES,
            weights: take(HIDDEN * CLASSES),
            biases: take(CLASSES),
        };
        Ok(Network {
            convolutions,
            hidden,
            out,
        })
    }

    /// The probability of each class for one square.
    pub fn classify(&self, square: &[f32; SIDE * SIDE]) -> [f32; CLASSES] {
        let mut maps = square.to_vec();
        let mut side = SIDE;
        for layer in &self.convolutions {
            maps = layer.apply(&maps, side);
            maps = pooled(&maps, layer.outputs, side);
            side /= 2;
        }
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
    /// The 3×3 convolution, padded with zeros to keep the side, then ReLU.
    fn apply(&self, maps: &[f32], side: usize) -> Vec<f32> {
        let padded_side = side + 2;
        let mut padded = vec![0.0; self.inputs * padded_side * padded_side];
        for channel in 0..self.inputs {
            for y in 0..side {
                let from = &maps[(channel * side + y) * side..][..side];
                padded[(channel * padded_side + y + 1) * padded_side + 1..][..side]
                    .copy_from_slice(from);
            }
        }
        let mut out = vec![0.0; self.outputs * side * side];
        for (output, out_map) in out.chunks_exact_mut(side * side).enumerate() {
            out_map.fill(self.biases[output]);
            for input in 0..self.inputs {
                let kernel = &self.weights[(output * self.inputs + input) * 9..][..9];
                let map = &padded[input * padded_side * padded_side..][..padded_side * padded_side];
                for y in 0..side {
                    let out_row = &mut out_map[y * side..][..side];
                    for ky in 0..3 {
                        let row = &map[(y + ky) * padded_side..][..padded_side];
                        for kx in 0..3 {
                            let weight = kernel[ky * 3 + kx];
                            for (value, input) in out_row.iter_mut().zip(&row[kx..kx + side]) {
                                *value += weight * input;
                            }
                        }
                    }
                }
            }
        }
        for value in &mut out {
            *value = value.max(0.0);
        }
        out
    }
}

/// 2×2 max pooling of `channels` maps of `side`×`side`.
fn pooled(maps: &[f32], channels: usize, side: usize) -> Vec<f32> {
    let half = side / 2;
    let mut out = Vec::with_capacity(channels * half * half);
    for map in maps.chunks_exact(side * side).take(channels) {
        for y in 0..half {
            for x in 0..half {
                let at = |dy: usize, dx: usize| map[(2 * y + dy) * side + 2 * x + dx];
                out.push(at(0, 0).max(at(0, 1)).max(at(1, 0)).max(at(1, 1)));
            }
        }
    }
    out
}

impl Dense {
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
