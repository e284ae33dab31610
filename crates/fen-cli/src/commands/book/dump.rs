//! `fen book dump BOOK`: every entry of a Polyglot book as a TSV row,
//! with the position and the move in words where the book leads there;
//! or the book as one PGN game whose variations are its moves; either of
//! them colour-inverted with `--mirror`.

use std::{
    collections::{HashMap, VecDeque},
    io::{self, Write},
    path::PathBuf,
};

use fenkit_books::book::{Book, Entry, encode_move};
use shakmaty::{Chess, EnPassantMode, Position, Square, san::San};

use crate::{output::Output, run::Status};

/// List every entry of a Polyglot book, in book order, as TSV: key (hex),
/// move as Polyglot stores it (castling as the king taking its rook),
/// weight, learn, and the position's FEN and the move's SAN when the
/// book's own moves lead there from the start position (a key alone
/// names no position; an entry no line of the book reaches has them
/// empty).
#[derive(clap::Args)]
pub struct Args {
    /// The Polyglot book (.bin).
    pub book: PathBuf,
    /// tsv: every entry, a row each; pgn: the book as one game from the
    /// start, its heaviest move the main line and the others variations,
    /// each move's weight in a comment (a position the book reaches by
    /// several orders is followed once, where it is first met).
    #[arg(long, value_enum, default_value_t)]
    pub format: DumpFormat,
    /// The colour-inverted book: each entry's position with its colours
    /// swapped and its board flipped, its move mirrored (as `fen book make
    /// --mirror` would have made it). Only the entries the book's own moves
    /// reach can be mirrored (a key alone names no position); the others
    /// are counted on standard error.
    #[arg(long)]
    pub mirror: bool,
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum DumpFormat {
    #[default]
    Tsv,
    Pgn,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let Some(bytes) = super::read_book(&args.book, out)? else {
        return Ok(Status::Failed);
    };
    let Ok(book) = Book::new(&bytes) else {
        return Ok(Status::Failed);
    };
    if args.format == DumpFormat::Pgn {
        return write_pgn(&book, &args.book, args.mirror, out);
    }
    let reached = reached_positions(&book);
    writeln!(out.stdout(), "key\tmove\tweight\tlearn\tfen\tsan")?;
    let mut unmirrored = 0_u64;
    for entry in book.all() {
        let Entry {
            mut key,
            mut raw_move,
            weight,
            learn,
        } = entry;
        let place = reached.get(&key);
        let (mut fen, mut san) = match place {
            Some(place) => {
                let san = place.sans.iter().find(|(raw, _)| *raw == raw_move);
                (
                    place.fen.clone(),
                    san.map_or("", |(_, san)| san.as_str()).to_owned(),
                )
            }
            None => (String::new(), String::new()),
        };
        if args.mirror {
            let Some(place) = place else {
                unmirrored += 1;
                continue;
            };
            let mirror = mirrored_entry(&place.position, raw_move);
            (key, raw_move, fen) = (mirror.key, mirror.raw_move, mirror.fen);
            san = mirror.san.unwrap_or_default();
        }
        writeln!(
            out.stdout(),
            "{key:016x}\t{}\t{weight}\t{learn}\t{fen}\t{san}",
            raw_text(raw_move)
        )?;
        out.tick()?;
    }
    if unmirrored > 0 {
        out.note(&format!(
            "fen: {unmirrored} entr{} left out: no line of the book reaches {}, so {} cannot be mirrored",
            if unmirrored == 1 { "y" } else { "ies" },
            if unmirrored == 1 { "its position" } else { "their positions" },
            if unmirrored == 1 { "it" } else { "they" },
        ))?;
    }
    Ok(Status::Ok)
}

/// An entry of the colour-inverted book.
struct Mirrored {
    key: u64,
    raw_move: u16,
    fen: String,
    /// The move in SAN, when it is legal in the position (a book may hold
    /// a move that is not).
    san: Option<String>,
}

/// The entry for the move stored as `raw_move` in `position`, mirrored.
fn mirrored_entry(position: &Chess, raw_move: u16) -> Mirrored {
    let mirrored = fenkit_books::mirrored(position);
    let raw_move = fenkit_books::book::mirror_move(raw_move);
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
fn write_pgn(
    book: &Book<'_>,
    path: &std::path::Path,
    mirror: bool,
    out: &mut Output,
) -> io::Result<Status> {
    let start = Chess::default();
    let name = path
        .file_name()
        .map_or("book".into(), |name| name.to_string_lossy());
    let mut text = PgnText::default();
    // The seven-tag roster, its Event naming the book.
    let event = fenkit::printable(&name).replace(['\\', '"'], "_");
    for (tag, unknown) in fenkit_games::export::ROSTER {
        let value = match tag {
            "Event" => format!("Polyglot book {event}"),
            _ => unknown.to_string(),
        };
        text.line(&format!("[{tag} \"{value}\"]"));
    }
    let first = match mirror {
        true => fenkit_books::mirrored(&start),
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
    out.stdout().write_all(text.done.as_bytes())?;
    Ok(Status::Ok)
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
    let say = |text: &mut PgnText, book_move: &fenkit_books::book::BookMove| {
        let m = match mirror {
            true => {
                let stored = fenkit_books::book::mirror_move(encode_move(book_move.m));
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
fn raw_text(raw: u16) -> String {
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
struct Reached {
    position: Chess,
    fen: String,
    sans: Vec<(u16, String)>,
}

/// The positions the book's moves lead to from the start, by key.
fn reached_positions(book: &Book<'_>) -> HashMap<u64, Reached> {
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
