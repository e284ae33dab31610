//! The line of best play.

use shakmaty::{Chess, Move, Position};

use crate::{NotInTables, Tables};

impl Tables {
    /// The moves of best play from `position` to the game's end: each the
    /// tables' DTZ-optimal move, until mate or stalemate, or a hundred plies
    /// without a capture or pawn move (the fifty-move rule, which ends a
    /// cursed win); none from a drawn position, where every move keeps the
    /// draw. The line as played, the position it ends in last.
    pub fn best_line(&self, position: &Chess) -> Result<(Vec<Move>, Chess), NotInTables> {
        self.best_moves(position, usize::MAX)
    }

    /// The first `most` moves of [`best_line`](Tables::best_line), and the
    /// position they reach.
    pub fn best_moves(
        &self,
        position: &Chess,
        most: usize,
    ) -> Result<(Vec<Move>, Chess), NotInTables> {
        let mut line = Vec::new();
        let mut at = position.clone();
        let dtz = self
            .syzygy
            .probe_dtz(&at)
            .map_err(|err| self.not_in_tables(&at, err))?;
        if dtz.is_zero() {
            return Ok((line, at));
        }
        while at.halfmoves() < 100 && line.len() < most {
            let best = self
                .syzygy
                .best_move(&at)
                .map_err(|err| self.not_in_tables(&at, err))?;
            let Some((m, _)) = best else { break };
            at.play_unchecked(m);
            line.push(m);
        }
        Ok((line, at))
    }
}
