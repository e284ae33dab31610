//! `fen show`: a diagram for the terminal, with what the board alone does
//! not show beside it, and the rules the position breaks under it.

use std::io::{self, IsTerminal, Write};

use clap::Args;
use fenkit::{ReadOptions, Severity, render::Orientation};
use shakmaty::{
    CastlingMode, Chess, Color, File, FromSetup, Piece, Position, Rank, Role, Setup, Square,
};

use super::{Job, Output, parallel::Parallel};
use crate::progress::When;
use crate::report::{self, Record};

#[derive(Args)]
pub struct ShowOptions {
    /// FEN letters and '.' instead of chess figurines.
    #[arg(long)]
    pub ascii: bool,
    /// Color the squares: auto (when standard output is a terminal and
    /// NO_COLOR is not set), always, or never.
    #[arg(long, value_enum, default_value_t)]
    pub color: When,
    /// Black at the bottom (the same as --orientation black).
    #[arg(long, conflicts_with = "orientation")]
    pub flip: bool,
    /// The side at the bottom: white, black, or side-to-move.
    #[arg(long, default_value = "white")]
    pub orientation: Orientation,
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

pub struct Show {
    read: ReadOptions,
    ascii: bool,
    color: bool,
    orientation: Orientation,
    shown: bool,
}

impl Show {
    pub fn new(read: ReadOptions, options: &ShowOptions) -> Show {
        Show {
            read,
            ascii: options.ascii,
            color: colors(options.color),
            orientation: if options.flip {
                Orientation::Black
            } else {
                options.orientation
            },
            shown: false,
        }
    }

    /// The text of one square: its piece or emptiness, padded to the
    /// square's width, colored when colors are on.
    fn cell(&self, square: Square, piece: Option<Piece>, text: &mut String) {
        let glyph = match (piece, self.ascii) {
            (Some(piece), true) => piece.char(),
            (Some(piece), false) => figurine(piece),
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
            text.push_str(&format!(
                "\x1b[48;2;{r};{g};{b}m\x1b[38;2;0;0;0m {glyph} \x1b[0m"
            ));
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

/// The columns a line takes on the terminal: its characters but the color
/// escapes.
fn visible_width(line: &str) -> usize {
    let mut width = 0;
    let mut in_escape = false;
    for c in line.chars() {
        match c {
            '\x1b' => in_escape = true,
            'm' if in_escape => in_escape = false,
            _ if in_escape => {}
            _ => width += 1,
        }
    }
    width
}

fn figurine(piece: Piece) -> char {
    let white = ['♙', '♘', '♗', '♖', '♕', '♔'];
    let black = ['♟', '♞', '♝', '♜', '♛', '♚'];
    let index = usize::from(piece.role) - 1;
    piece.color.fold_wb(white[index], black[index])
}

/// Side to move and its plight, castling, en passant, clocks, material.
fn facts(setup: &Setup, mode: CastlingMode, legal: bool) -> Vec<String> {
    let side = setup.turn.fold_wb("White", "Black");
    let plight = if legal {
        Chess::from_setup(setup.clone(), mode)
            .ok()
            .and_then(|chess| {
                if chess.is_checkmate() {
                    Some(", checkmated")
                } else if chess.is_stalemate() {
                    Some(", stalemated")
                } else if chess.is_check() {
                    Some(", in check")
                } else {
                    None
                }
            })
    } else {
        None
    };
    let fen = fenkit::to_fen(setup);
    let fields: Vec<&str> = fen.split(' ').collect();
    let none = |field: Option<&&str>| match field {
        Some(&"-") | None => "none".to_string(),
        Some(text) => text.to_string(),
    };
    vec![
        format!("{side} to move{}", plight.unwrap_or("")),
        format!("castling: {}", none(fields.get(2))),
        format!("en passant: {}", none(fields.get(3))),
        format!(
            "halfmove clock {}, move {}",
            setup.halfmoves, setup.fullmoves
        ),
        material(setup),
    ]
}

fn material(setup: &Setup) -> String {
    let worth = |color: Color| -> i32 {
        [
            (Role::Pawn, 1),
            (Role::Knight, 3),
            (Role::Bishop, 3),
            (Role::Rook, 5),
            (Role::Queen, 9),
        ]
        .iter()
        .map(|&(role, value)| value * setup.board.by_piece(role.of(color)).count() as i32)
        .sum()
    };
    match worth(Color::White) - worth(Color::Black) {
        0 => "material: even".to_string(),
        lead if lead > 0 => format!("material: White +{lead}"),
        lead => format!("material: Black +{}", -lead),
    }
}

impl Job for Show {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        if self.shown {
            out.out.write_all(b"\n")?;
        }
        self.shown = true;
        let parsed = match self.read.parse(record.bytes) {
            Ok(parsed) => parsed,
            Err(err) => {
                // The problem, with a caret under it, stands in for the board.
                for diagnostic in err.diagnostics() {
                    report::human(&mut out.out, record, diagnostic, true)?;
                }
                return Ok(false);
            }
        };
        if !parsed.warnings.is_empty() {
            out.diagnostics(record, &parsed.warnings)?;
        }
        let setup = &parsed.setup;
        let violations = fenkit::violations_in(setup, self.read.castling);
        let legal = violations
            .iter()
            .all(|v| v.code.severity() != Severity::Error);
        let facts = facts(setup, self.read.castling, legal);
        let mut text = String::new();
        let lines = self.board_lines(setup);
        let board_width = lines
            .iter()
            .map(|line| visible_width(line))
            .max()
            .unwrap_or(0);
        for (index, line) in lines.iter().enumerate() {
            text.push_str(line);
            if let Some(fact) = facts.get(index) {
                let pad = board_width - visible_width(line) + 3;
                text.extend(std::iter::repeat_n(' ', pad));
                text.push_str(fact);
            }
            text.push('\n');
        }
        for violation in &violations {
            let kind = violation.code.severity().as_str();
            text.push_str(&format!(
                "{kind}[{}]: {}\n",
                violation.code, violation.message
            ));
        }
        out.out.write_all(text.as_bytes())?;
        Ok(legal)
    }
}

impl Parallel for Show {
    fn fork(&self) -> Show {
        Show {
            shown: true,
            ..*self
        }
    }

    fn first_separator(&self) -> usize {
        usize::from(!self.shown)
    }
}
