//! Shared pieces of the benchmark programs: a small deterministic random
//! source and random games, so a corpus is the same on every machine.

use shakmaty::{Chess, EnPassantMode, Position, fen::Fen};

pub mod standard;

/// A 64-bit linear congruential generator (Knuth's MMIX constants).
pub struct Lcg(u64);

impl Lcg {
    pub fn new(seed: u64) -> Lcg {
        Lcg(seed ^ 0x9e37_79b9_7f4a_7c15)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 17
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Calls `emit` with the FEN of every position of random games (the en
/// passant square written after every double push, as the standard says)
/// until `count` positions were emitted.
pub fn random_positions(count: usize, seed: u64, mut emit: impl FnMut(&str)) {
    let mut rng = Lcg::new(seed);
    let mut emitted = 0;
    while emitted < count {
        let mut pos = Chess::default();
        let plies = 20 + rng.below(160);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() || emitted == count {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
            emit(&Fen::from_position(&pos, EnPassantMode::Always).to_string());
            emitted += 1;
        }
    }
}

/// Calls `emit` with each of `count` random games as PGN: a few tags, the
/// moves in SAN with move numbers, a comment and a variation now and then
/// (which readers must skip), and the result.
pub fn random_games(count: usize, seed: u64, mut emit: impl FnMut(&str)) {
    use shakmaty::san::SanPlus;
    let mut rng = Lcg::new(seed);
    for game in 1..=count {
        let mut pos = Chess::default();
        let mut text =
            format!("[Event \"Random game {game}\"]\n[Site \"bench\"]\n[Result \"*\"]\n\n");
        let plies = 20 + rng.below(160);
        for ply in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            if ply % 2 == 0 {
                text.push_str(&format!("{}. ", ply / 2 + 1));
            }
            let m = moves[rng.below(moves.len())];
            // A variation follows the move it replaces.
            let variation = (rng.below(40) == 0).then(|| {
                let other = SanPlus::from_move(pos.clone(), moves[rng.below(moves.len())]);
                let dots = if ply % 2 == 0 { "." } else { "..." };
                format!("({}{dots} {other}) ", ply / 2 + 1)
            });
            text.push_str(&SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
            text.push(' ');
            text.push_str(variation.as_deref().unwrap_or(""));
            if rng.below(30) == 0 {
                text.push_str("{ a comment } ");
            }
        }
        text.push_str("*\n\n");
        emit(&text);
    }
}
