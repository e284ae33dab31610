//! `fen show`: a diagram for the terminal, with what the board alone does
//! not show beside it, and the rules the position breaks under it.

use std::io::IsTerminal;

use console::measure_text_width;
use fenkit::variants::{Variant, VariantPosition, variant_name};
use fenkit::{Class, Diagnostic};
use fenkit_diagrams::Orientation;
use shakmaty::{Color, File, Piece, Rank, Setup, Square};

use super::prelude::*;
use crate::{options::Facing, progress::When, report};

/// Show each record as a board for the terminal, with side to move,
/// castling, en passant, clocks, check or mate, material, and every rule
/// the position breaks.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: PositionInputs,
    /// FEN letters and '.' instead of chess figurines.
    #[arg(long)]
    pub ascii: bool,
    /// Color the squares: auto (when standard output is a terminal and
    /// NO_COLOR is not set), always, or never.
    #[arg(long, value_enum, default_value_t)]
    pub color: When,
    #[command(flatten)]
    pub facing: Facing,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let mut show = Show::new(args.inputs.read_options(), &args);
    run::stream(&mut show, args.inputs.config(), out)
}

/// Whether to color, for the standard output at hand: auto colors a
/// terminal unless NO_COLOR is set (to anything but nothing).
fn colors(when: When) -> bool {
    match when {
        When::Always => true,
        When::Never => false,
        When::Auto => {
            std::env::var_os("NO_COLOR").is_none_or(|value| value.is_empty())
                && io::stdout().is_terminal()
        }
    }
}

#[derive(Copy, Clone)]
struct Show {
    read: ReadOptions,
    ascii: bool,
    color: bool,
    orientation: Orientation,
}

impl Show {
    fn new(read: ReadOptions, args: &Args) -> Show {
        Show {
            read,
            ascii: args.ascii,
            color: colors(args.color),
            orientation: args.facing.orientation(),
        }
    }

    /// The text of one square: its piece or emptiness, padded to the
    /// square's width, colored when colors are on.
    fn cell(&self, square: Square, piece: Option<Piece>, text: &mut String) {
        let glyph = match (piece, self.ascii) {
            (Some(piece), true) => piece.char(),
            (Some(piece), false) => fenkit::description::figurine(piece),
            (None, true) => '.',
            (None, false) if self.color => ' ',
            (None, false) => '·',
        };
        if self.color {
            let (r, g, b) = if square.is_dark() {
                (0xb5, 0x88, 0x63)
            } else {
                (0xf0, 0xd9, 0xb5)
            };
            let style = console::Style::new()
                .true_color(0, 0, 0)
                .on_true_color(r, g, b)
                .force_styling(true);
            text.push_str(&style.apply_to(format!(" {glyph} ")).to_string());
        } else {
            text.push(glyph);
            text.push(' ');
        }
    }

    /// The board with coordinates, a line per rank and one of file letters.
    fn board_lines(&self, setup: &Setup) -> Vec<String> {
        let bottom = self.orientation.bottom(setup.turn);
        let (mut ranks, mut files) = (Rank::ALL, File::ALL);
        if bottom == Color::White {
            ranks.reverse();
        } else {
            files.reverse();
        }
        let mut lines = Vec::with_capacity(9);
        for rank in ranks {
            let mut line = format!("{} ", rank.char());
            for file in files {
                let square = Square::from_coords(file, rank);
                self.cell(square, setup.board.piece_at(square), &mut line);
            }
            lines.push(line.trim_end().to_string());
        }
        let pad = if self.color { " " } else { "" };
        let letters: Vec<String> = files.iter().map(|f| format!("{pad}{f}{pad}")).collect();
        let gap = if self.color { "" } else { " " };
        lines.push(format!("  {}", letters.join(gap)));
        lines
    }
}

impl Job for Show {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        out.next_item();
        let checked = self.read.check(record.bytes);
        let Some(setup) = &checked.setup else {
            // The problem, with a caret under it, stands in for the board.
            for diagnostic in &checked.diagnostics {
                report::human(out.stdout(), record, diagnostic, true)?;
            }
            return Ok(false);
        };
        // Repairs go with the other diagnostics; the rules the position
        // breaks are listed under the board.
        let (repairs, rules): (Vec<Diagnostic>, Vec<Diagnostic>) = checked
            .diagnostics
            .iter()
            .cloned()
            .partition(|d| d.code.class() == Class::Malformed);
        if !repairs.is_empty() {
            out.diagnostics(record, &repairs)?;
        }
        let position = match self.read.variant {
            Variant::Chess => checked
                .position(self.read.castling)
                .map(VariantPosition::Chess),
            _ => checked.variant_position(self.read.castling),
        };
        let mut facts = fenkit::description::facts(setup, position.as_ref());
        if self.read.variant != Variant::Chess {
            facts.insert(0, format!("variant: {}", variant_name(self.read.variant)));
        }
        let mut text = String::new();
        let lines = self.board_lines(setup);
        let board_width = lines
            .iter()
            .map(|line| measure_text_width(line))
            .max()
            .unwrap_or(0);
        for (index, line) in lines.iter().enumerate() {
            text.push_str(line);
            if let Some(fact) = facts.get(index) {
                let pad = board_width - measure_text_width(line) + 3;
                text.extend(std::iter::repeat_n(' ', pad));
                text.push_str(fact);
            }
            text.push('\n');
        }
        for rule in &rules {
            text.push_str(&format!("{rule}\n"));
        }
        out.stdout().write_all(text.as_bytes())?;
        Ok(checked.is_valid())
    }
}

impl Parallel for Show {
    type Handed = ();

    fn fork(&self) -> Self {
        *self
    }
}
