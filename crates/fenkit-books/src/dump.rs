//! A Polyglot book walked from the start position: the positions its
//! moves reach (a key alone names no position), its entries mirrored, and
//! the book as one PGN game whose variations are its moves (`fen book
//! dump`).

use std::collections::{HashMap, VecDeque};

use shakmaty::{Chess, EnPassantMode, Position, Square, san::San};

use crate::book::{Book, encode_move};

/// An entry of the colour-inverted book.
pub struct Mirrored {
    pub key: u64,
    pub raw_move: u16,
    pub fen: String,
    /// The move in SAN, when it is legal in the position (a book may hold
    /// a move that is not).
    pub san: Option<String>,
}

/// The entry for the move stored as `raw_move` in `position`, mirrored.
pub fn mirrored_entry(position: &Chess, raw_move: u16) -> Mirrored {
    let mirrored = crate::mirrored(position);
    let raw_move = crate::book::mirror_move(raw_move);
    let legal = mirrored.legal_moves();
    let san = legal
        .iter()
        .find(|&&m| encode_move(m) == raw_move)
        .map(|&m| San::from_move(&mirrored, m).to_string());
    Mirrored {
        key: fenkit::polyglot_key(&mirrored),
        raw_move,
        fen: fenkit::Fen::from(mirrored.to_setup(EnPassantMode::Legal)).to_string(),
        san,
    }
}

/// The book as one PGN game: from the start (its mirror, Black to move,
/// with `--mirror`), the heaviest move of each position the main line and
/// the others variations, each move's weight in a comment; a position is
/// followed once, where it is first met, so that the game stays the size
/// of the book.
pub fn book_pgn(book: &Book<'_>, name: &str, mirror: bool) -> String {
    let start = Chess::default();
    let mut text = PgnText::default();
    // The seven-tag roster, its Event naming the book.
    let event = fenkit::printable(name).replace(['\\', '"'], "_");
    for (tag, unknown) in fenkit_games::export::ROSTER {
        let value = match tag {
            "Event" => format!("Polyglot book {event}"),
            _ => unknown.to_string(),
        };
        text.line(&format!("[{tag} \"{value}\"]"));
    }
    let first = match mirror {
        true => crate::mirrored(&start),
        false => start.clone(),
    };
    if mirror {
        let fen = fenkit::Fen::from(first.to_setup(EnPassantMode::Legal));
        text.line(&format!("[FEN \"{fen}\"]"));
        text.line("[SetUp \"1\"]");
    }
    text.line("");
    let mut followed = std::collections::HashSet::new();
    write_line(book, (&start, &first), mirror, &mut followed, &mut text);
    text.word("*");
    text.finish();
    text.done
}

/// The book's moves from `position`: the heaviest continued as the line,
/// the others each a variation before it goes on. `shown` is the game the
/// text writes: `position` itself, or with `mirror` its mirror, played on
/// from the mirrored start so that its move numbers run as a game's.
/// Every move follows a comment (the weight of the one before), so a
/// Black move has its number too, as the export format asks.
fn write_line(
    book: &Book<'_>,
    (position, shown): (&Chess, &Chess),
    mirror: bool,
    followed: &mut std::collections::HashSet<u64>,
    text: &mut PgnText,
) {
    let key = fenkit::polyglot_key(position);
    if !followed.insert(key) {
        return;
    }
    let mut moves = book.moves(position);
    moves.sort_by_key(|book_move| std::cmp::Reverse(book_move.weight));
    let Some((main, others)) = moves.split_first() else {
        return;
    };
    // The move as the shown game plays it, written with its number and
    // weight; the positions it leads to.
    let say = |text: &mut PgnText, book_move: &crate::book::BookMove| {
        let m = match mirror {
            true => {
                let stored = crate::book::mirror_move(encode_move(book_move.m));
                let legal = shown.legal_moves();
                let found = legal.iter().find(|&&m| encode_move(m) == stored);
                *found.unwrap_or_else(|| unreachable!("a legal move's mirror is legal"))
            }
            false => book_move.m,
        };
        // `1.` before White's move, `1...` before Black's.
        text.word(&fenkit::moves::move_number(shown));
        text.word(&San::from_move(shown, m).to_string());
        text.word(&format!("{{weight {}}}", book_move.weight));
        let (mut next, mut next_shown) = (position.clone(), shown.clone());
        next.play_unchecked(book_move.m);
        next_shown.play_unchecked(m);
        (next, next_shown)
    };
    let main_next = say(text, main);
    for other in others {
        text.word("(");
        let (next, next_shown) = say(text, other);
        write_line(book, (&next, &next_shown), mirror, followed, text);
        text.attach(")");
    }
    write_line(book, (&main_next.0, &main_next.1), mirror, followed, text);
}

/// PGN text in lines of at most `export::LINE` (79) characters, as the
/// export format writes it.
#[derive(Default)]
struct PgnText {
    done: String,
    line: String,
}

impl PgnText {
    fn line(&mut self, text: &str) {
        self.finish();
        self.done.push_str(text);
        self.done.push('\n');
    }

    fn word(&mut self, word: &str) {
        let joined = !self.line.is_empty() && !self.line.ends_with('(');
        if self.line.len() + word.len() + usize::from(joined) > fenkit_games::export::LINE {
            self.finish();
        }
        if !self.line.is_empty() && !self.line.ends_with('(') {
            self.line.push(' ');
        }
        self.line.push_str(word);
    }

    /// A closing parenthesis, against the word before it.
    fn attach(&mut self, text: &str) {
        if self.line.len() + text.len() > fenkit_games::export::LINE {
            self.finish();
        }
        self.line.push_str(text);
    }

    fn finish(&mut self) {
        if !self.line.is_empty() {
            self.done.push_str(&self.line);
            self.done.push('\n');
            self.line.clear();
        }
    }
}

/// A Polyglot move as from and to squares and a promotion letter.
pub fn raw_text(raw: u16) -> String {
    let square = |bits: u16| Square::new(u32::from(bits & 63));
    let promotion = match raw >> 12 & 7 {
        1 => "n",
        2 => "b",
        3 => "r",
        4 => "q",
        _ => "",
    };
    format!("{}{}{promotion}", square(raw >> 6), square(raw))
}

/// A position the book's moves reach: the position, its FEN, and the SAN
/// of each of its book moves by the move as stored.
pub struct Reached {
    pub position: Chess,
    pub fen: String,
    pub sans: Vec<(u16, String)>,
}

/// The positions the book's moves lead to from the start, by key.
pub fn reached_positions(book: &Book<'_>) -> HashMap<u64, Reached> {
    let mut reached = HashMap::new();
    let mut waiting = VecDeque::from([Chess::default()]);
    while let Some(position) = waiting.pop_front() {
        let key = fenkit::polyglot_key(&position);
        if reached.contains_key(&key) {
            continue;
        }
        let mut sans = Vec::new();
        for book_move in book.moves(&position) {
            let san = San::from_move(&position, book_move.m).to_string();
            sans.push((encode_move(book_move.m), san));
            let mut next = position.clone();
            next.play_unchecked(book_move.m);
            waiting.push_back(next);
        }
        let fen = fenkit::Fen::from(position.to_setup(EnPassantMode::Legal)).to_string();
        reached.insert(
            key,
            Reached {
                position,
                fen,
                sans,
            },
        );
    }
    reached
}

/// A book's entries, the positions they hold (by key) and those its moves
/// reach from the start: `fen book stats` of a Polyglot book.
pub fn counts(book: &Book<'_>) -> (usize, usize, usize) {
    let all = book.all();
    let mut keys: Vec<u64> = all.iter().map(|entry| entry.key).collect();
    keys.dedup();
    (all.len(), keys.len(), reached_positions(book).len())
}
