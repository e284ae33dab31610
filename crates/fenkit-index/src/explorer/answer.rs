//! A query and its answer, in the shape of lichess's opening explorer
//! (`/lichess`): results over all moves, each move's results and average
//! rating, the top games, and the opening's name; so that tools written
//! for lichess's explorer read fenkit's.

use shakmaty::{Chess, Color, Move, Position, san::SanPlus};

use super::{ExplorerGame, Month, Player, Row, Speed, TopGames, Totals};
use fenkit::moves::{MoveError, read_move};
use fenkit_books::book::encode_move;
use fenkit_games::{Opening, opening};

/// What a query asks: which games count (speeds, months), and how many
/// moves and top games to give.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExplorerQuery {
    /// The speeds counted; every speed when empty.
    pub speeds: Vec<Speed>,
    /// The first and last months counted; games of an unknown month only
    /// when neither is given.
    pub since: Option<Month>,
    pub until: Option<Month>,
    /// Moves given at most (lichess: 12).
    pub moves: usize,
    /// Top games given at most (lichess: 4, the most it gives).
    pub top_games: usize,
}

impl Default for ExplorerQuery {
    fn default() -> ExplorerQuery {
        ExplorerQuery {
            speeds: Vec::new(),
            since: None,
            until: None,
            moves: 12,
            top_games: 4,
        }
    }
}

impl ExplorerQuery {
    /// Whether a row's games are among those asked for.
    pub fn counts(&self, row: &Row) -> bool {
        let month = row.key.month;
        let dated = self.since.is_none() && self.until.is_none() || month != Month::UNKNOWN;
        (self.speeds.is_empty() || self.speeds.contains(&row.key.speed))
            && dated
            && self.since.is_none_or(|since| month >= since)
            && self.until.is_none_or(|until| month <= until)
    }
}

/// The answer to a query, lichess's fields under lichess's names.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[non_exhaustive]
pub struct ExplorerAnswer {
    pub white: u64,
    pub draws: u64,
    pub black: u64,
    /// Most played first.
    pub moves: Vec<ExplorerMove>,
    /// Best rated first.
    pub top_games: Vec<ExplorerTopGame>,
    pub opening: Option<OpeningName>,
}

/// A move of the position and what its games scored.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "serde", serde(rename_all = "camelCase"))]
#[non_exhaustive]
pub struct ExplorerMove {
    pub uci: String,
    pub san: String,
    /// Of the games where both ratings are known.
    pub average_rating: Option<u32>,
    pub white: u64,
    pub draws: u64,
    pub black: u64,
}

impl ExplorerMove {
    pub fn games(&self) -> u64 {
        self.white + self.draws + self.black
    }
}

/// One of the best rated games that reached the position, and the move it
/// played there.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct ExplorerTopGame {
    pub uci: String,
    /// The lichess game ID, or the game's number in the index.
    pub id: String,
    /// `white`, `black`, or `null` for a draw.
    pub winner: Option<&'static str>,
    pub speed: &'static str,
    pub white: Player,
    pub black: Player,
    pub year: Option<u16>,
    /// `YYYY-MM`.
    pub month: Option<String>,
}

/// The opening's ECO code and name.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct OpeningName {
    pub eco: String,
    pub name: String,
}

impl From<&Opening> for OpeningName {
    fn from(opening: &Opening) -> OpeningName {
        OpeningName {
            eco: opening.eco.to_string(),
            name: opening.name.to_string(),
        }
    }
}

/// The position `moves` (SAN or UCI) reach from `position`, and the
/// opening named last on the way (as lichess names a position the table
/// does not: by the line that led there); or the number (from 1) of the
/// first move that cannot be played, and why.
///
/// ```
/// use fenkit_index::explorer::reach;
/// use shakmaty::Chess;
///
/// let (_, opening) = reach(Chess::default(), ["e2e4", "c5", "Nf3", "a6"]).unwrap();
/// assert_eq!(opening.unwrap().name, "Sicilian Defense: O'Kelly Variation");
/// let (number, why) = reach(Chess::default(), ["e4", "e4"]).unwrap_err();
/// assert_eq!((number, why.message.as_str()), (2, "e4: no black pawn can reach e4"));
/// ```
pub fn reach<'a>(
    mut position: Chess,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<(Chess, Option<&'static Opening>), (usize, MoveError)> {
    let mut named = opening(&position);
    for (index, text) in moves.into_iter().enumerate() {
        let m = read_move(&position, text).map_err(|why| (index + 1, why))?;
        position.play_unchecked(m);
        named = opening(&position).or(named);
    }
    Ok((position, named))
}

/// The answer to `query` for `position` from its rows (those stored
/// under its key, in order), with `game` to look up a top game by number.
/// A row whose move is not legal in `position` (another position's, with
/// the same 64-bit key) is left out.
pub fn answer(
    position: &Chess,
    opening: Option<&Opening>,
    rows: impl IntoIterator<Item = Row>,
    query: &ExplorerQuery,
    mut game: impl FnMut(u64) -> Option<ExplorerGame>,
) -> ExplorerAnswer {
    let legal = position.legal_moves();
    // Each legal move played: its totals and top games.
    let mut played: Vec<(Move, Totals, TopGames)> = Vec::new();
    for row in rows.into_iter().filter(|row| query.counts(row)) {
        let at = match played
            .iter()
            .position(|(m, ..)| encode_move(*m) == row.key.raw_move)
        {
            Some(at) => at,
            None => {
                let Some(&m) = legal.iter().find(|&&m| encode_move(m) == row.key.raw_move) else {
                    continue;
                };
                played.push((m, Totals::default(), TopGames::default()));
                played.len() - 1
            }
        };
        let (_, totals, top) = &mut played[at];
        totals.add(&row.counts);
        top.merge(&row.top);
    }
    let mode = position.castles().mode();
    // Each move's UCI, written once: the table sorts and answers by it.
    let played: Vec<(Move, String, Totals, TopGames)> = played
        .into_iter()
        .map(|(m, totals, top)| (m, m.to_uci(mode).to_string(), totals, top))
        .collect();
    let mut all = Totals::default();
    let mut best = TopGames::default();
    let mut best_moves: Vec<(u64, &str)> = Vec::new();
    for (_, uci, totals, top) in &played {
        all.white += totals.white;
        all.draws += totals.draws;
        all.black += totals.black;
        best.merge(top);
        best_moves.extend(top.as_slice().iter().map(|t| (t.game, uci.as_str())));
    }
    let mut ranked: Vec<&(Move, String, Totals, TopGames)> = played.iter().collect();
    ranked.sort_by(|(_, a, x, _), (_, b, y, _)| y.games().cmp(&x.games()).then(a.cmp(b)));
    let moves = ranked
        .into_iter()
        .take(query.moves)
        .map(|(m, uci, totals, _)| ExplorerMove {
            uci: uci.clone(),
            san: SanPlus::from_move(position.clone(), *m).to_string(),
            average_rating: totals.average_rating(),
            white: totals.white,
            draws: totals.draws,
            black: totals.black,
        })
        .collect();
    let top_games = best
        .as_slice()
        .iter()
        .take(query.top_games)
        .filter_map(|top| {
            let found = game(top.game)?;
            let uci = best_moves.iter().find(|(g, _)| *g == top.game)?.1;
            Some(top_game(found, uci.to_string()))
        })
        .collect();
    ExplorerAnswer {
        white: all.white,
        draws: all.draws,
        black: all.black,
        moves,
        top_games,
        opening: opening.map(OpeningName::from),
    }
}

fn top_game(game: ExplorerGame, uci: String) -> ExplorerTopGame {
    let year_and_month = game.month.year_and_month();
    ExplorerTopGame {
        uci,
        id: game.lichess_id.unwrap_or_else(|| game.number.to_string()),
        winner: game.winner.map(|side| match side {
            Color::White => "white",
            Color::Black => "black",
        }),
        speed: game.speed.name(),
        white: game.white,
        black: game.black,
        year: year_and_month.map(|(year, _)| year),
        month: year_and_month.map(|_| game.month.to_string()),
    }
}
