//! Polyglot opening books: 16-byte entries (key, move, weight, learn; big
//! endian) sorted by the Polyglot key of the position.

use std::fmt;

use shakmaty::{Chess, Move, Position, Role};

/// A book in memory.
#[derive(Clone, Copy, Debug)]
pub struct Book<'a> {
    bytes: &'a [u8],
}

/// The book's length is not a whole number of entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadBook {
    pub length: usize,
}

impl fmt::Display for BadBook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} bytes is not a whole number of 16-byte Polyglot entries",
            self.length
        )
    }
}

impl std::error::Error for BadBook {}

/// One entry of a book, its move still encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: u64,
    /// Polyglot's move: to square in bits 0–5, from square in bits 6–11,
    /// promotion in bits 12–14 (1 knight … 4 queen); castling as the king
    /// taking its own rook.
    pub raw_move: u16,
    pub weight: u16,
    pub learn: u32,
}

impl Entry {
    /// The entry as the 16 bytes a book stores.
    pub fn to_bytes(self) -> [u8; 16] {
        let mut bytes = [0; 16];
        bytes[..8].copy_from_slice(&self.key.to_be_bytes());
        bytes[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        bytes[10..12].copy_from_slice(&self.weight.to_be_bytes());
        bytes[12..].copy_from_slice(&self.learn.to_be_bytes());
        bytes
    }

    fn from_bytes(bytes: &[u8]) -> Entry {
        let number = |range: std::ops::Range<usize>| {
            bytes[range]
                .iter()
                .fold(0u64, |n, &b| n << 8 | u64::from(b))
        };
        Entry {
            key: number(0..8),
            raw_move: number(8..10) as u16,
            weight: number(10..12) as u16,
            learn: number(12..16) as u32,
        }
    }
}

/// Polyglot's encoding of `m` (castling as king takes rook).
pub fn encode_move(m: Move) -> u16 {
    let (from, to, promotion) = match m {
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => (from, to, promotion),
        Move::EnPassant { from, to } => (from, to, None),
        Move::Castle { king, rook } => (king, rook, None),
        Move::Put { to, .. } => (to, to, None),
    };
    let promotion = match promotion {
        Some(Role::Knight) => 1,
        Some(Role::Bishop) => 2,
        Some(Role::Rook) => 3,
        Some(Role::Queen) => 4,
        _ => 0,
    };
    u16::from(to) | u16::from(from) << 6 | promotion << 12
}

/// A move in Polyglot's encoding as the colour-inverted book stores it:
/// both squares on the other side of the board, the promotion kept.
///
/// ```
/// use fenkit_books::book::mirror_move;
///
/// // e2e4 is 0x031c; e7e5 is 0x0d24.
/// assert_eq!(mirror_move(0x031c), 0x0d24);
/// assert_eq!(mirror_move(mirror_move(0x4f3c)), 0x4f3c);
/// ```
pub fn mirror_move(raw: u16) -> u16 {
    // A square is rank * 8 + file: flipping the board flips the rank's
    // three bits, in both the from (bits 6 to 11) and to (0 to 5) squares.
    raw ^ (0o70 << 6) ^ 0o70
}

/// A book move of a position, with its weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    pub m: Move,
    pub weight: u16,
    pub learn: u32,
}

impl<'a> Book<'a> {
    pub fn new(bytes: &'a [u8]) -> Result<Book<'a>, BadBook> {
        if !bytes.len().is_multiple_of(16) {
            return Err(BadBook {
                length: bytes.len(),
            });
        }
        Ok(Book { bytes })
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.bytes.len() / 16
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    fn entry(&self, index: usize) -> Entry {
        Entry::from_bytes(&self.bytes[index * 16..index * 16 + 16])
    }

    /// Every entry, in book order.
    pub fn all(&self) -> Vec<Entry> {
        (0..self.len()).map(|i| self.entry(i)).collect()
    }

    /// The entries stored under `key`, in book order.
    pub fn entries(&self, key: u64) -> impl Iterator<Item = Entry> + '_ {
        // The first entry whose key is not below `key`.
        let (mut low, mut high) = (0, self.len());
        while low < high {
            let middle = (low + high) / 2;
            if self.entry(middle).key < key {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        (low..self.len())
            .map(|i| self.entry(i))
            .take_while(move |entry| entry.key == key)
    }

    /// The legal moves the book gives for `position`, heaviest first;
    /// entries whose move is not legal there are left out.
    ///
    /// ```
    /// use shakmaty::{Chess, Position, uci::UciMove};
    /// use fenkit_books::book::{Book, Entry, encode_move};
    ///
    /// let start = Chess::default();
    /// let e4 = "e2e4".parse::<UciMove>().unwrap().to_move(&start).unwrap();
    /// let entry = Entry { key: fenkit::polyglot_key(&start), raw_move: encode_move(e4), weight: 7, learn: 0 };
    /// let bytes = entry.to_bytes();
    /// let book = Book::new(&bytes).unwrap();
    /// assert_eq!(book.moves(&start)[0].m, e4);
    /// ```
    pub fn moves(&self, position: &Chess) -> Vec<BookMove> {
        let legal = position.legal_moves();
        let mut moves: Vec<BookMove> = self
            .entries(fenkit::polyglot_key(position))
            .filter_map(|entry| {
                let m = legal.iter().find(|&&m| encode_move(m) == entry.raw_move)?;
                Some(BookMove {
                    m: *m,
                    weight: entry.weight,
                    learn: entry.learn,
                })
            })
            .collect();
        moves.sort_by_key(|m| std::cmp::Reverse(m.weight));
        moves
    }
}
