//! A game searched: skipped when its tags fail the conditions, played up
//! to its first ply that meets the query, and stopped there. The one
//! search of a game that `fen search`, its index, the column functions and
//! the service share.

use std::ops::ControlFlow;

use fenkit::variants::VariantPosition;
use shakmaty::san::SanPlus;

use super::Query;
use crate::{
    pgn::{Ply, PlyHandler},
    tag_filter::TagCondition,
};

/// Where a game first met a query: the ply, the move played into it, the
/// position, and the values of the tags kept ([`Ply::tags`], up to the
/// conditions' own).
#[derive(Clone, Debug)]
pub struct Found {
    pub ply: usize,
    pub san: Option<SanPlus>,
    pub position: VariantPosition,
    pub tags: Vec<Option<String>>,
}

/// A [`PlyHandler`] that finds a game's first ply meeting `query` and
/// stops the game there; a game whose tags fail a condition is not played.
/// The tags the visitor keeps ([`crate::pgn::Plies::keeping_tags`]) end
/// with the conditions' tags, in their order, from `conditions_from` on.
///
/// ```
/// use fenkit_games::{pgn::Plies, search::{FirstMatch, Query}, tag_filter::TagCondition};
///
/// let query = Query { material: vec!["KQRRBBNNPPPPPPPvKQRRBBNNPPPPPPP".parse()?], ..Query::default() };
/// let conditions: Vec<TagCondition> = vec!["WhiteElo>=2000".parse()?];
/// let mut plies = Plies::with_handler(FirstMatch::new(&query, &conditions, 0))
///     .keeping_tags(&["WhiteElo"]);
/// let mut game = b"[WhiteElo \"2100\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 *".to_vec();
/// let end = plies.play(&mut game).unwrap().outcome?;
/// assert!(end.stopped); // at its first match: 3. Nc3 was never played
/// assert_eq!(plies.handler_mut().take().unwrap().ply, 4);
/// let mut weaker = b"[WhiteElo \"1900\"]\n\n1. e4 d5 2. exd5 Qxd5 *".to_vec();
/// assert!(plies.play(&mut weaker).unwrap().outcome?.skipped);
/// assert!(plies.handler_mut().take().is_none());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub struct FirstMatch<'a> {
    query: &'a Query,
    conditions: &'a [TagCondition],
    conditions_from: usize,
    found: Option<Found>,
}

impl<'a> FirstMatch<'a> {
    pub fn new(
        query: &'a Query,
        conditions: &'a [TagCondition],
        conditions_from: usize,
    ) -> FirstMatch<'a> {
        FirstMatch {
            query,
            conditions,
            conditions_from,
            found: None,
        }
    }

    /// Where the game just played matched, taken (so that the next game
    /// starts unmatched).
    pub fn take(&mut self) -> Option<Found> {
        self.found.take()
    }
}

impl PlyHandler for FirstMatch<'_> {
    /// Only a game whose tags meet every condition is played.
    fn wants_game(&mut self, tags: &[Option<String>]) -> bool {
        self.found = None;
        let tags = tags[self.conditions_from..].iter();
        let mut conditions = self.conditions.iter().zip(tags);
        conditions.all(|(condition, tag)| condition.holds(tag.as_deref()))
    }

    fn ply(&mut self, ply: Ply<'_>) -> ControlFlow<()> {
        if !self.query.matches(ply.position) {
            return ControlFlow::Continue(());
        }
        self.found = Some(Found {
            ply: ply.ply,
            san: ply.san.copied(),
            position: ply.position.clone(),
            tags: ply.tags[..self.conditions_from].to_vec(),
        });
        ControlFlow::Break(())
    }
}
