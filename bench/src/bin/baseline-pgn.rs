//! `fen pgn` on pgn-reader and shakmaty alone: every game's mainline
//! played, the FEN after each ply printed with shakmaty's writer; with
//! `--replay`, the moves played and nothing printed (pgn-reader's own
//! replay, the floor of any FEN per ply).

use std::{
    io::{BufWriter, Write},
    ops::ControlFlow,
};

use pgn_reader::{Reader, SanPlus, Visitor};
use shakmaty::{Chess, EnPassantMode, Position, fen::Fen};

struct Fens<W> {
    out: W,
    print: bool,
}

impl<W: Write> Visitor for Fens<W> {
    type Tags = ();
    type Movetext = Chess;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), ()> {
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _tags: ()) -> ControlFlow<(), Chess> {
        ControlFlow::Continue(Chess::default())
    }

    fn san(&mut self, pos: &mut Chess, san_plus: SanPlus) -> ControlFlow<()> {
        let Ok(m) = san_plus.san.to_move(pos) else {
            return ControlFlow::Break(());
        };
        pos.play_unchecked(m);
        if !self.print {
            return ControlFlow::Continue(());
        }
        let fen = Fen::from_position(pos, EnPassantMode::Always);
        writeln!(self.out, "{fen}").expect("write");
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, _pos: Chess) {}
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: baseline-pgn FILE [--replay]");
    let replay = std::env::args()
        .nth(2)
        .is_some_and(|flag| flag == "--replay");
    let file = std::fs::File::open(path).expect("readable");
    let mut visitor = Fens {
        out: BufWriter::new(std::io::stdout().lock()),
        print: !replay,
    };
    let mut reader = Reader::new(file);
    while reader.read_game(&mut visitor).expect("readable").is_some() {}
    visitor.out.flush().expect("write");
}
