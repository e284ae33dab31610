//! A search: how long it may run ([`Limit`]), what the engine says on the
//! way (`info` lines, [`Info`]), and its last word ([`Search`]).

use std::time::Duration;

use shakmaty::uci::UciMove;

/// When the engine is to stop searching.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Limit {
    /// `go depth N`
    Depth(u32),
    /// `go nodes N`
    Nodes(u64),
    /// `go movetime MS`
    MoveTime(Duration),
}

/// An evaluation as UCI gives it: from the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Hundredths of a pawn.
    Centipawns(i32),
    /// Mate in this many moves (negative: the side to move is mated).
    Mate(i32),
}

impl Score {
    /// The same score from the other side's view.
    ///
    /// ```
    /// use fenkit_uci::Score;
    ///
    /// assert_eq!(Score::Centipawns(35).flipped(), Score::Centipawns(-35));
    /// assert_eq!(Score::Mate(2).flipped(), Score::Mate(-2));
    /// ```
    pub fn flipped(self) -> Score {
        match self {
            Score::Centipawns(cp) => Score::Centipawns(-cp),
            Score::Mate(moves) => Score::Mate(-moves),
        }
    }
}

/// What one `info` line says of the main line (the first of a MultiPV
/// search); bounds (`lowerbound`, `upperbound`) are not scores.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Milliseconds since `go`.
    pub time: Option<u64>,
    pub score: Option<Score>,
    pub pv: Vec<UciMove>,
}

impl Info {
    /// Reads an `info` line; `None` for another line, or for one about
    /// a second or later MultiPV line.
    ///
    /// ```
    /// use fenkit_uci::{Info, Score};
    ///
    /// let info = Info::read("info depth 12 seldepth 17 multipv 1 score cp -31 nodes 9035 nps 500000 time 18 pv e7e5 g1f3").unwrap();
    /// assert_eq!(info.depth, Some(12));
    /// assert_eq!(info.score, Some(Score::Centipawns(-31)));
    /// assert_eq!(info.pv.len(), 2);
    /// assert_eq!(Info::read("info depth 3 score mate -2 pv e1e2").unwrap().score, Some(Score::Mate(-2)));
    /// assert_eq!(Info::read("info depth 9 score cp 50 lowerbound").unwrap().score, None);
    /// ```
    pub fn read(line: &str) -> Option<Info> {
        let mut words = line.split_ascii_whitespace();
        if words.next()? != "info" {
            return None;
        }
        let mut info = Info::default();
        let mut score = None;
        let mut bound = false;
        while let Some(word) = words.next() {
            match word {
                "depth" => info.depth = words.next().and_then(|w| w.parse().ok()),
                "nodes" => info.nodes = words.next().and_then(|w| w.parse().ok()),
                "time" => info.time = words.next().and_then(|w| w.parse().ok()),
                "multipv" if words.next() != Some("1") => return None,
                "score" => {
                    score = match (words.next(), words.next().and_then(|w| w.parse().ok())) {
                        (Some("cp"), Some(cp)) => Some(Score::Centipawns(cp)),
                        (Some("mate"), Some(moves)) => Some(Score::Mate(moves)),
                        _ => None,
                    }
                }
                "lowerbound" | "upperbound" => bound = true,
                "pv" => {
                    info.pv = words.by_ref().map_while(|w| w.parse().ok()).collect();
                }
                // The rest of the line is free text.
                "string" => break,
                _ => {}
            }
        }
        info.score = score.filter(|_| !bound);
        Some(info)
    }
}

/// A search's outcome: the best move and the last score, depth and line
/// the engine gave, and what it said on the way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Search {
    /// `None` when the engine answered `bestmove 0000` or `(none)`: no
    /// legal move.
    pub best: Option<UciMove>,
    /// The last exact score given, with its depth and line.
    pub score: Option<Score>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub pv: Vec<UciMove>,
    /// Each line the engine gave, in order: depth, milliseconds, first
    /// move (when the engine first found a move, and how deep).
    pub lines: Vec<Info>,
    /// `info string` messages, which is where engines say they are unhappy.
    pub messages: Vec<String>,
}

impl Search {
    /// The `info string` messages that speak against the position: of an
    /// error, or of something illegal or invalid (engines reject a
    /// position so, and go on searching).
    ///
    /// ```
    /// let search = fenkit_uci::Search {
    ///     messages: vec!["NNUE enabled".into(), "Illegal position: no king".into()],
    ///     ..Default::default()
    /// };
    /// assert_eq!(search.complaints().collect::<Vec<_>>(), ["Illegal position: no king"]);
    /// ```
    pub fn complaints(&self) -> impl Iterator<Item = &str> {
        self.messages.iter().map(String::as_str).filter(|message| {
            let lower = message.to_ascii_lowercase();
            ["error", "illegal", "invalid"]
                .iter()
                .any(|word| lower.contains(word))
        })
    }

    pub(crate) fn add(&mut self, info: Info) {
        if info.depth.is_some() {
            self.depth = info.depth;
        }
        if info.nodes.is_some() {
            self.nodes = info.nodes;
        }
        if let Some(score) = info.score {
            self.score = Some(score);
        }
        if !info.pv.is_empty() {
            self.pv = info.pv.clone();
            self.lines.push(info);
        }
    }
}
