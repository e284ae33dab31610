//! A book counted: the table official-stockfish/books shows for each of
//! its books (positions, side to move, plies), with what a tester wants
//! besides (material, the evaluations' window, duplicates and faults).

use std::collections::BTreeMap;

use fenkit::Checked;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Position};

use super::Faults;

/// The counts of a book, record by record.
#[derive(Clone, Debug, Default)]
pub struct BookStats {
    pub records: u64,
    /// Records that are no valid position (or no playable line).
    pub bad: u64,
    pub white_to_move: u64,
    pub black_to_move: u64,
    keys: rustc_hash::FxHashSet<u128>,
    /// Plies from the game's start: a line's moves, or an EPD record's
    /// from its `fmvn` and side to move.
    plies: Span,
    /// Pieces on the board, kings counted.
    pieces: Span,
    /// `ce`, the evaluation in centipawns for the side to move.
    evals: Span,
    /// Faults by their code.
    pub faults: BTreeMap<&'static str, u64>,
}

/// The least, most and sum of some numbers.
#[derive(Clone, Copy, Debug, Default)]
struct Span {
    count: u64,
    min: i64,
    max: i64,
    sum: i64,
}

impl Span {
    fn add(&mut self, value: i64) {
        if self.count == 0 || value < self.min {
            self.min = value;
        }
        if self.count == 0 || value > self.max {
            self.max = value;
        }
        self.count += 1;
        self.sum += value;
    }

    /// `min..max, mean m`, or `-` for none.
    fn words(&self) -> String {
        match self.count {
            0 => "-".into(),
            n => format!(
                "{}..{}, mean {:.1}",
                self.min,
                self.max,
                self.sum as f64 / n as f64
            ),
        }
    }

    fn json(&self) -> serde_json::Value {
        match self.count {
            0 => serde_json::Value::Null,
            n => {
                serde_json::json!({"min": self.min, "max": self.max, "mean": (self.sum as f64 / n as f64 * 10.0).round() / 10.0, "count": n})
            }
        }
    }
}

impl BookStats {
    /// Counts a valid record's position, with its plies from the game's
    /// start where known and its `ce`.
    pub fn position(&mut self, position: &Chess, plies: Option<u64>, ce: Option<i64>) {
        self.records += 1;
        match position.turn() {
            Color::White => self.white_to_move += 1,
            Color::Black => self.black_to_move += 1,
        }
        let key = position.zobrist_hash::<shakmaty::zobrist::Zobrist128>(EnPassantMode::Legal);
        self.keys.insert(key.0);
        if let Some(plies) = plies {
            self.plies.add(plies as i64);
        }
        self.pieces
            .add(i64::from(position.board().occupied().count() as u32));
        if let Some(ce) = ce {
            self.evals.add(ce);
        }
    }

    /// Counts a checked record of an EPD or FEN book, and its book faults
    /// (`faults` holding the records before it); whether it is a valid
    /// position. Its plies come from `fmvn`, or a FEN's fullmove number.
    pub fn record(
        &mut self,
        checked: &Checked,
        castling: CastlingMode,
        faults: &mut Faults,
        line: u64,
    ) -> bool {
        let (Some(position), Some(setup)) = (checked.position(castling), &checked.setup) else {
            self.bad_record();
            return false;
        };
        let operand = |code: &str| {
            let operation = checked.operations.iter().find(|op| op.opcode == code)?;
            operation.first()?.parse::<i64>().ok()
        };
        let fen_fullmoves = (!checked.is_epd).then_some(i64::from(setup.fullmoves.get()));
        let fullmoves = operand("fmvn").or(fen_fullmoves);
        let black = i64::from(setup.turn.is_black());
        let plies = fullmoves.map(|n| ((n - 1) * 2 + black).max(0) as u64);
        self.position(&position, plies, operand("ce"));
        for fault in faults.of(checked, &position, line) {
            self.fault(fault.code().as_str());
        }
        true
    }

    /// Counts a record that is no position.
    pub fn bad_record(&mut self) {
        self.records += 1;
        self.bad += 1;
    }

    /// Counts a fault by its code.
    pub fn fault(&mut self, code: &'static str) {
        *self.faults.entry(code).or_default() += 1;
    }

    /// Distinct positions.
    pub fn unique(&self) -> u64 {
        self.keys.len() as u64
    }

    /// The counts as rows of a table: a name and its value in words.
    pub fn rows(&self) -> Vec<(String, String)> {
        let mut rows = vec![
            ("records".to_string(), self.records.to_string()),
            ("positions".into(), (self.records - self.bad).to_string()),
            ("unique".into(), self.unique().to_string()),
            (
                "duplicates".into(),
                (self.records - self.bad - self.unique()).to_string(),
            ),
            ("white to move".into(), self.white_to_move.to_string()),
            ("black to move".into(), self.black_to_move.to_string()),
            ("plies".into(), self.plies.words()),
            ("pieces".into(), self.pieces.words()),
            ("ce".into(), self.evals.words()),
            ("bad records".into(), self.bad.to_string()),
        ];
        rows.extend(
            self.faults
                .iter()
                .map(|(code, n)| (code.to_string(), n.to_string())),
        );
        rows
    }

    /// The counts as one JSON object.
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "records": self.records,
            "positions": self.records - self.bad,
            "unique": self.unique(),
            "duplicates": self.records - self.bad - self.unique(),
            "white_to_move": self.white_to_move,
            "black_to_move": self.black_to_move,
            "plies": self.plies.json(),
            "pieces": self.pieces.json(),
            "ce": self.evals.json(),
            "bad": self.bad,
            "faults": self.faults,
        })
    }
}
