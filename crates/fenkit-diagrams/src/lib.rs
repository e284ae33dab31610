//! Board diagrams as SVG text or PNG bytes: fenkit's diagrams library,
//! over the FEN library's positions (and a game's plies, for a game's
//! frames with its arrows).
//!
//! A diagram shows the pieces (the cburnett set, or another of
//! [`PieceSet::NAMES`], or a user's own) and can show what a bare
//! picture of the board leaves out: coordinates, the last move, the king in
//! check, arrows, marks, the squares where a position breaks the rules, and
//! a caption with side to move, castling rights and en passant square.
//! Every SVG carries the position in words ([`fenkit::description`]) as
//! its title and description, for screen readers.
//!
//! ```
//! use fenkit_diagrams::{Diagram, svg};
//!
//! let setup = fenkit::parse(b"4k3/8/8/8/8/8/8/R3K3 b Q - 0 1")?.setup;
//! let diagram = Diagram::default().with_last_move(Some((shakmaty::Square::A2, shakmaty::Square::A1)));
//! let image = svg(&setup, &diagram);
//! assert!(image.starts_with("<svg"));
//! assert_eq!(image.matches("<use ").count(), 3); // two kings and a rook
//! # Ok::<_, fenkit::ParseError>(())
//! ```

mod diagram;
mod drawn;
mod glyphs;
mod options;
#[cfg(feature = "pdf")]
mod pdf;
mod pieces;
mod png;
mod sheet;
mod svg;

pub use diagram::Diagram;
pub use drawn::Renderer;
pub use options::{
    Arrow, BadOption, Brush, CheckMark, Coordinates, Mark, MoveGlyph, Orientation, Players, Rgb,
    Theme, move_squares,
};
#[cfg(feature = "pdf")]
pub use pdf::Pdf;
pub use pieces::{BadPieces, PieceSet, id as piece_id, piece_order};
pub use png::{RenderError, SIZES, png};
pub use sheet::{Anchor, Cell, Page, Paper, Part, Sheet, TextRole};
pub use svg::svg;

/// The squares a diagram crosses out for the rules a position breaks: the
/// square of each error (what is merely implausible is not crossed out).
/// The command and the service draw illegal positions alike through this.
///
/// ```
/// let setup = fenkit::parse(b"4k3/8/8/8/8/8/8/4K2P w - - 0 1")?.setup;
/// let crossed = fenkit_diagrams::squares_to_cross_out(&fenkit::violations(&setup, shakmaty::CastlingMode::Standard));
/// assert_eq!(crossed, [shakmaty::Square::H1]);
/// # Ok::<_, fenkit::ParseError>(())
/// ```
pub fn squares_to_cross_out(violations: &[fenkit::Violation]) -> Vec<shakmaty::Square> {
    violations
        .iter()
        .filter(|violation| violation.code.severity() == fenkit::Severity::Error)
        .filter_map(|violation| violation.square)
        .collect()
}

/// An illegal position is still drawn, with its faults crossed out: the
/// squares to cross out for the record `bytes` read as `read` says
/// (parsed), and its faults as warnings to report. A variant's faults are
/// shakmaty's verdict, which names no square.
///
/// ```
/// let read = fenkit::ReadOptions::default();
/// let record = b"4k3/8/8/8/8/8/8/4K2P w - - 0 1";
/// let parsed = read.parse(record)?;
/// let (crossed, faults) = fenkit_diagrams::faults_to_draw(&read, record, &parsed);
/// assert_eq!(crossed, [shakmaty::Square::H1]);
/// assert_eq!(faults[0].severity, fenkit::Severity::Warning);
/// # Ok::<_, fenkit::ParseError>(())
/// ```
pub fn faults_to_draw(
    read: &fenkit::ReadOptions,
    bytes: &[u8],
    parsed: &fenkit::Parsed,
) -> (Vec<shakmaty::Square>, Vec<fenkit::Diagnostic>) {
    match read.variant {
        fenkit::variants::Variant::Chess => {
            let violations = fenkit::violations(&parsed.setup, read.castling);
            let faults = violations
                .iter()
                .map(|violation| violation.locate(bytes, &parsed.fields).into_warning())
                .collect();
            (squares_to_cross_out(&violations), faults)
        }
        variant => {
            let (setup, mode) = (&parsed.setup, read.castling);
            let found = fenkit::variants::violations(setup, variant, mode, &parsed.fields);
            (
                Vec::new(),
                found
                    .into_iter()
                    .map(fenkit::Diagnostic::into_warning)
                    .collect(),
            )
        }
    }
}
