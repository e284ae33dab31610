//! Records and games as the standards write them, from random legal play:
//! EPD with every operation of the standard, and PGN in the export format.
//! Whatever a reader's dialects do, it must read these as written; the
//! corpus holds the words a dialect rule looks for (`c4` as a move, `0-0`
//! and `1-0` in comments) where the standard gives them another meaning.

use shakmaty::{Chess, Color, EnPassantMode, Move, Position, fen::Epd, fen::Fen, san::SanPlus};

use crate::Lcg;

/// The seeds a property test over this corpus runs: a fixed one always,
/// and `FENKIT_SEED` where it is set (`.ci/run` sets a fresh one each run
/// and prints it, so that a failure can be replayed).
pub fn seeds() -> Vec<u64> {
    let mut seeds = vec![0x5eed_0044];
    if let Ok(seed) = std::env::var("FENKIT_SEED") {
        seeds.push(seed.trim().parse().expect("FENKIT_SEED is a number"));
    }
    seeds
}

/// A position of a random game from the start: up to `max_plies` plies,
/// fewer where the game ends.
fn random_position(rng: &mut Lcg, max_plies: usize) -> Chess {
    let mut pos = Chess::default();
    for _ in 0..rng.below(max_plies + 1) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[rng.below(moves.len())]);
    }
    pos
}

/// Up to `count` distinct legal moves of `pos`, in SAN with their check
/// marks.
fn some_moves(rng: &mut Lcg, pos: &Chess, count: usize) -> Vec<String> {
    let mut moves: Vec<Move> = pos.legal_moves().into_iter().collect();
    let mut chosen = Vec::new();
    while chosen.len() < count && !moves.is_empty() {
        let m = moves.swap_remove(rng.below(moves.len()));
        chosen.push(SanPlus::from_move(pos.clone(), m).to_string());
    }
    chosen
}

/// A line of up to `plies` moves played from `pos`, in SAN.
fn some_line(rng: &mut Lcg, pos: &Chess, plies: usize) -> Vec<String> {
    let mut pos = pos.clone();
    let mut line = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        line.push(SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
    }
    line
}

/// Words that mean something else to some dialect rule: opcodes, moves,
/// results, castling with zeros, `e.p.`, the marks that delimit.
const TRICKY: &[&str] = &[
    "bm", "c4", "c0", "id", "pv", "D1", "0 1", "0-0", "O-O", "e.p.", "1-0", "0-1", "1/2-1/2", "*",
    "++", "+-", "=", ";", "(", ")", "[", "]", "{", "!?", "$1", "Nf3", "e2e4", "acd 20",
];

/// Text for a string or a comment: tricky words and plain ones, joined by
/// one or two blanks; `extra` may add the characters that a string must
/// escape (`"` and `\`).
fn some_text(rng: &mut Lcg, extra: &[&str]) -> String {
    const PLAIN: &[&str] = &["a", "best", "WAC.001", "Sicilian", "x", "note:", "+1.25"];
    let mut text = String::new();
    for n in 0..rng.below(6) {
        if n > 0 {
            text.push_str(if rng.below(5) == 0 { "  " } else { " " });
        }
        let word = match rng.below(3) {
            0 => PLAIN[rng.below(PLAIN.len())],
            1 if !extra.is_empty() => extra[rng.below(extra.len())],
            _ => TRICKY[rng.below(TRICKY.len())],
        };
        text.push_str(word);
    }
    text
}

/// A string as EPD's operands and PGN's tags write one: quoted, `"` and
/// `\` escaped.
fn quoted(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        if matches!(c, '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// The opcodes of the EPD standard that [`epd_records`] writes, and a
/// perft suite's `D1`…`D6`.
const OPCODES: &[&str] = &[
    "acd",
    "acn",
    "acs",
    "am",
    "bm",
    "c0",
    "c1",
    "c2",
    "c3",
    "c4",
    "c5",
    "c6",
    "c7",
    "c8",
    "c9",
    "ce",
    "dm",
    "draw_accept",
    "draw_claim",
    "draw_offer",
    "draw_reject",
    "eco",
    "fmvn",
    "hmvc",
    "id",
    "nic",
    "noop",
    "pm",
    "pv",
    "rc",
    "resign",
    "sm",
    "tcgs",
    "v0",
    "v5",
    "v9",
    "D1",
    "D2",
    "D6",
];

/// One operation of `opcode` for `pos`, as the standard writes it; none
/// where the opcode needs a move and the position has none.
fn operation(rng: &mut Lcg, pos: &Chess, opcode: &str) -> Option<String> {
    let number = |rng: &mut Lcg, below: usize| rng.below(below).to_string();
    let operands: Vec<String> = match opcode {
        "am" | "bm" => {
            let count = 1 + rng.below(3);
            some_moves(rng, pos, count)
        }
        "pm" | "sm" => some_moves(rng, pos, 1),
        "pv" => {
            let plies = 1 + rng.below(10);
            some_line(rng, pos, plies)
        }
        "acd" | "acs" | "dm" | "rc" | "tcgs" => vec![number(rng, 100)],
        "acn" => vec![number(rng, 1 << 40)],
        "ce" => vec![(rng.below(64_000) as i64 - 32_000).to_string()],
        "hmvc" => vec![pos.halfmoves().to_string()],
        "fmvn" => vec![pos.fullmoves().to_string()],
        "D1" | "D2" | "D6" => vec![number(rng, 1 << 32)],
        "draw_accept" | "draw_claim" | "draw_offer" | "draw_reject" | "resign" | "noop" => {
            Vec::new()
        }
        "eco" => vec![quoted(&format!(
            "{}{:02}",
            ["A", "B", "C", "D", "E"][rng.below(5)],
            rng.below(100)
        ))],
        // `id`, the comments `c0`…`c9`, `nic` and the variation names.
        _ => vec![quoted(&some_text(rng, &["\"", "\\", "a\\b", "\"q\""]))],
    };
    let needs_moves = matches!(opcode, "am" | "bm" | "pm" | "sm" | "pv");
    if needs_moves && operands.is_empty() {
        return None;
    }
    let mut written = opcode.to_string();
    for operand in operands {
        written.push(' ');
        written.push_str(&operand);
    }
    written.push(';');
    Some(written)
}

/// Calls `emit` with `count` EPD records as the standard writes them: the
/// four fields of a position of a random game (the en passant square
/// after every double push), then one to six operations of distinct
/// opcodes in any order, each ended by `;`, one space before each. Moves
/// are legal, in SAN with check marks; `hmvc` and `fmvn` are the game's
/// clocks; strings hold the words that a forgotten `;` would split at.
///
/// ```
/// let mut records = Vec::new();
/// fen_bench::standard::epd_records(3, 7, |record| records.push(record.to_string()));
/// assert_eq!(records.len(), 3);
/// assert!(records.iter().all(|record| record.ends_with(';')));
/// ```
pub fn epd_records(count: usize, seed: u64, mut emit: impl FnMut(&str)) {
    let mut rng = Lcg::new(seed);
    for _ in 0..count {
        let pos = random_position(&mut rng, 120);
        let mut record = Epd::from_position(&pos, EnPassantMode::Always).to_string();
        let mut left: Vec<&str> = OPCODES.to_vec();
        let mut opcodes = Vec::new();
        for _ in 0..1 + rng.below(6) {
            opcodes.push(left.swap_remove(rng.below(left.len())));
        }
        // A halfmove clock without the fullmove number would stand at
        // move 1, where the clock can be at most 0.
        if opcodes.contains(&"hmvc") && !opcodes.contains(&"fmvn") {
            opcodes.push("fmvn");
        }
        for opcode in opcodes {
            if let Some(operation) = operation(&mut rng, &pos, opcode) {
                record.push(' ');
                record.push_str(&operation);
            }
        }
        emit(&record);
    }
}

/// The four results of PGN.
const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Movetext tokens, wrapped as the export format wraps lines (at most 79
/// characters, broken between tokens).
struct Wrapped {
    text: String,
    line: usize,
}

impl Wrapped {
    fn push(&mut self, token: &str) {
        if self.line > 0 && self.line + 1 + token.len() > 79 {
            self.text.push('\n');
            self.line = 0;
        } else if self.line > 0 {
            self.text.push(' ');
            self.line += 1;
        }
        self.text.push_str(token);
        self.line += token.len();
    }
}

/// A comment as tokens to wrap: `{`, its words, `}`.
fn comment_tokens(rng: &mut Lcg) -> Vec<String> {
    let text = some_text(rng, &["[%clk 0:03:00]", "[%eval 0.17]", "\"quoted\""]);
    let mut tokens = vec!["{".to_string()];
    tokens.extend(
        text.split(' ')
            .filter(|w| !w.is_empty())
            .map(str::to_string),
    );
    tokens.push("}".to_string());
    tokens
}

/// The moves of a game or variation from `pos`: move numbers where the
/// export format writes them (before White's move, and before Black's
/// after a comment or variation), NAGs, comments and variations now and
/// then, nested up to `depth`.
fn movetext(rng: &mut Lcg, pos: &Chess, plies: usize, depth: usize, out: &mut Wrapped) {
    let mut pos = pos.clone();
    let mut number_due = true;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        let before = pos.clone();
        let number = pos.fullmoves().get();
        if pos.turn() == Color::White {
            out.push(&format!("{number}."));
        } else if number_due {
            out.push(&format!("{number}..."));
        }
        number_due = false;
        out.push(&SanPlus::from_move_and_play_unchecked(&mut pos, m).to_string());
        if rng.below(8) == 0 {
            out.push(&format!("${}", 1 + rng.below(20)));
        }
        if rng.below(6) == 0 {
            for token in comment_tokens(rng) {
                out.push(&token);
            }
            number_due = true;
        }
        if depth > 0 && rng.below(10) == 0 {
            out.push("(");
            // The variation replaces the move just played.
            let mut inner = Wrapped {
                text: String::new(),
                line: 0,
            };
            let plies = 1 + rng.below(6);
            movetext(rng, &before, plies, depth - 1, &mut inner);
            for token in inner.text.split_whitespace() {
                out.push(token);
            }
            out.push(")");
            number_due = true;
        }
    }
}

/// Calls `emit` with `count` games as PGN's export format writes them: the
/// seven tags in their order, then an `Annotator` whose value holds
/// braces, quotes and backslashes (and `SetUp` and `FEN` for a game from a
/// position), movetext wrapped at 79 characters with NAGs, comments
/// holding words that dialect rules look for (`0-0`, `e.p.`, `1-0`),
/// nested variations, and each of the four results; an empty line after
/// each game.
///
/// ```
/// let mut games = Vec::new();
/// fen_bench::standard::pgn_games(4, 7, |game| games.push(game.to_string()));
/// assert!(games[0].starts_with("[Event "));
/// assert!(games.iter().all(|game| game.ends_with("\n\n")));
/// ```
pub fn pgn_games(count: usize, seed: u64, mut emit: impl FnMut(&str)) {
    let mut rng = Lcg::new(seed);
    for game in 1..=count {
        let result = RESULTS[rng.below(RESULTS.len())];
        let start = match rng.below(4) {
            0 => random_position(&mut rng, 30),
            _ => Chess::default(),
        };
        let mut text = format!(
            "[Event \"Standard export {game}\"]\n[Site \"fenkit\"]\n[Date \"2026.11.26\"]\n[Round \"{game}\"]\n[White \"White, A.\"]\n[Black \"Black, B.\"]\n[Result \"{result}\"]\n"
        );
        let annotator = quoted(&some_text(&mut rng, &["\"", "\\", "{", "}"]));
        text.push_str(&format!("[Annotator {annotator}]\n"));
        if start != Chess::default() {
            let fen = Fen::from_position(&start, EnPassantMode::Always);
            text.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
        }
        text.push('\n');
        let mut out = Wrapped {
            text: String::new(),
            line: 0,
        };
        if rng.below(5) == 0 {
            for token in comment_tokens(&mut rng) {
                out.push(&token);
            }
        }
        let plies = rng.below(120);
        movetext(&mut rng, &start, plies, 2, &mut out);
        out.push(result);
        text.push_str(&out.text);
        text.push_str("\n\n");
        emit(&text);
    }
}
