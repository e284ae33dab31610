//! The diagram as SVG text, in user units of 45 per square (the size the
//! piece drawings are made for), scaled to the requested pixel width.

use std::fmt::Write;

use shakmaty::{Color, File, Piece, Rank, Role, Setup, Square};

mod around;

use around::{lines_under, write_eval_bar, write_move_glyph, write_players};

use super::{
    Arrow, CheckMark, Coordinates, Diagram, Mark,
    glyphs::{self, Anchor},
    options, pieces,
};

pub(crate) const SQUARE: f32 = 45.0;
const BOARD: f32 = 8.0 * SQUARE;
/// The margin for outside coordinates, left of and under the board.
const MARGIN: f32 = 16.0;
const CAPTION: f32 = 24.0;
/// A player's name above or below the board.
const PLAYER_BAND: f32 = 22.0;
/// The evaluation bar left of the board, and its gap to the board.
const EVAL_BAR: f32 = 15.0;
const FRAME: &str = "#262421";
const FRAME_TEXT: &str = "#d6d3d0";
const LAST_MOVE: &str = r##"fill="#9bc700" fill-opacity="0.41""##;
const PROBLEM: &str = "#e00000";

/// Where things go: the board's corner and the squares' order.
struct Layout {
    left: f32,
    /// The board's top edge: under the top player's name and pocket, if
    /// any.
    top: f32,
    margin: f32,
    /// The height of a player's line, 0 without players.
    band: f32,
    /// The height of a Crazyhouse pocket, 0 without.
    pocket: f32,
    width: f32,
    height: f32,
    bottom: Color,
}

impl Layout {
    fn new(diagram: &Diagram, setup: &Setup) -> Layout {
        let margin = match diagram.coordinates {
            Coordinates::Outside => MARGIN,
            _ => 0.0,
        };
        let lines = lines_under(setup, diagram).len();
        let caption = CAPTION * lines as f32;
        // A Crazyhouse pocket, a row of pieces above and below the board:
        // each player's by their side, as lichess shows them.
        let pocket = match setup.pockets {
            Some(_) => SQUARE,
            None => 0.0,
        };
        let band = match diagram.players {
            Some(_) => PLAYER_BAND,
            None => 0.0,
        };
        let bar = if diagram.eval_bar { EVAL_BAR } else { 0.0 };
        Layout {
            left: bar + margin,
            top: band + pocket,
            margin,
            band,
            pocket,
            width: bar + margin + BOARD,
            height: band + pocket + BOARD + margin + pocket + band + caption,
            bottom: diagram.orientation.bottom(setup.turn),
        }
    }

    /// The pieces in each pocket, each kind once with its number and the
    /// top left corner of its place: pawn to queen, left to right.
    fn pocket_pieces(&self, setup: &Setup) -> Vec<(Piece, (f32, f32), u8)> {
        let Some(pockets) = &setup.pockets else {
            return Vec::new();
        };
        let mut placed = Vec::new();
        for color in Color::ALL {
            let y = match color == self.bottom {
                true => self.top + BOARD + self.margin,
                false => self.band,
            };
            let roles = Role::ALL.into_iter().filter(|&role| role != Role::King);
            let present = roles.filter(|&role| pockets[color][role] > 0);
            for (index, role) in present.enumerate() {
                let x = self.left + index as f32 * SQUARE;
                placed.push((role.of(color), (x, y), pockets[color][role]));
            }
        }
        placed
    }

    /// The column and row (0 to 7, from the top left) of `square`.
    fn cell(&self, square: Square) -> (f32, f32) {
        let (file, rank) = (square.file() as u8, square.rank() as u8);
        let (column, row) = match self.bottom {
            Color::White => (file, 7 - rank),
            Color::Black => (7 - file, rank),
        };
        (f32::from(column), f32::from(row))
    }

    /// The top left corner of `square`.
    fn corner(&self, square: Square) -> (f32, f32) {
        let (column, row) = self.cell(square);
        (self.left + column * SQUARE, self.top + row * SQUARE)
    }

    fn center(&self, square: Square) -> (f32, f32) {
        let (x, y) = self.corner(square);
        (x + SQUARE / 2.0, y + SQUARE / 2.0)
    }
}

/// The diagram of `setup` as a standalone SVG document.
pub fn svg(setup: &Setup, diagram: &Diagram) -> String {
    let layout = Layout::new(diagram, setup);
    let mut svg = open(&layout, diagram);
    write_words(&mut svg, setup);
    write_defs(&mut svg, setup, diagram);
    write_board(&mut svg, &layout, diagram);
    write_highlights(&mut svg, &layout, setup, diagram);
    let on_board = setup
        .board
        .iter()
        .map(|(square, piece)| (piece, layout.corner(square)));
    let in_pockets = layout.pocket_pieces(setup).into_iter();
    for (piece, (x, y)) in on_board.chain(in_pockets.map(|(piece, at, _)| (piece, at))) {
        let _ = write!(
            svg,
            r##"<use xlink:href="#{}" transform="translate({x} {y})"/>"##,
            pieces::id(piece)
        );
    }
    write_over(&mut svg, &layout, setup, diagram, true);
    svg.push_str("</svg>\n");
    svg
}

/// The width and height [`svg`] gives the diagram, in its pixels.
pub(crate) fn size(setup: &Setup, diagram: &Diagram) -> (f32, f32) {
    let layout = Layout::new(diagram, setup);
    let pixel_height = (diagram.size as f32 * layout.height / layout.width).round();
    (diagram.size as f32, pixel_height)
}

/// The diagram in layers, for painting the board and the pieces from ready
/// pixels: SVG documents of the same size as [`svg`]'s for what lies
/// under and over the pieces, and where each piece goes.
pub(crate) struct Layers {
    /// The frame and the squares.
    pub board: String,
    /// The last move and the check, if shown.
    pub highlights: Option<String>,
    /// Each piece and the top left corner of its square, in user units.
    pub pieces: Vec<(Piece, (f32, f32))>,
    /// Coordinates, marks, arrows, ..., if any.
    pub over: Option<String>,
    /// The size of the drawing in user units.
    pub view: (f32, f32),
}

pub(crate) fn layers(setup: &Setup, diagram: &Diagram) -> Layers {
    let layout = Layout::new(diagram, setup);
    // Coordinates in the margin meet no piece, so they can be drawn once
    // with the board.
    let outside = diagram.coordinates == Coordinates::Outside;
    let mut board = open(&layout, diagram);
    write_board(&mut board, &layout, diagram);
    if outside {
        write_coordinates(&mut board, &layout, diagram);
    }
    board.push_str("</svg>");
    // A layer with nothing drawn is left out.
    let layer = |defs: &str, write: &dyn Fn(&mut String)| {
        let mut svg = open(&layout, diagram);
        svg.push_str(defs);
        let empty = svg.len();
        write(&mut svg);
        (svg.len() > empty).then(|| svg + "</svg>")
    };
    let highlights = layer(&format!("<defs>{CHECK_GLOW}</defs>"), &|svg| {
        write_highlights(svg, &layout, setup, diagram)
    });
    let over = layer("", &|svg| {
        write_over(svg, &layout, setup, diagram, !outside)
    });
    let in_pockets = layout.pocket_pieces(setup).into_iter();
    let pieces = setup
        .board
        .iter()
        .map(|(square, piece)| (piece, layout.corner(square)))
        .chain(in_pockets.map(|(piece, at, _)| (piece, at)))
        .collect();
    Layers {
        board,
        highlights,
        pieces,
        over,
        view: (layout.width, layout.height),
    }
}

/// The opening tag: the pixel size asked for, over the drawing's units.
fn open(layout: &Layout, diagram: &Diagram) -> String {
    let pixel_height = (diagram.size as f32 * layout.height / layout.width).round();
    let mut svg = String::with_capacity(16 * 1024);
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="{}" height="{pixel_height}" viewBox="0 0 {} {}">"#,
        diagram.size, layout.width, layout.height
    );
    svg
}

/// The frame, the squares and the evaluation bar: the same for every
/// position drawn alike.
fn write_board(svg: &mut String, layout: &Layout, diagram: &Diagram) {
    if layout.width > BOARD || layout.height > BOARD {
        let _ = write!(svg, r#"<rect width="100%" height="100%" fill="{FRAME}"/>"#);
    }
    write_squares(svg, layout, diagram);
    if diagram.eval_bar {
        write_eval_bar(svg, layout, diagram.eval);
    }
}

/// The last move and the king in check, under the pieces.
fn write_highlights(svg: &mut String, layout: &Layout, setup: &Setup, diagram: &Diagram) {
    if let Some((from, to)) = diagram.last_move {
        for square in [from, to] {
            let (x, y) = layout.corner(square);
            let _ = write!(
                svg,
                r#"<rect class="last-move" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" {LAST_MOVE}/>"#
            );
        }
    }
    if let Some(square) = checked_king(setup, diagram.check) {
        let (x, y) = layout.corner(square);
        let _ = write!(
            svg,
            r#"<rect class="check" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="url(#check)"/>"#
        );
    }
}

/// Coordinates, problems, marks, arrows and the caption: over the pieces,
/// so that no piece hides them.
fn write_over(
    svg: &mut String,
    layout: &Layout,
    setup: &Setup,
    diagram: &Diagram,
    with_coordinates: bool,
) {
    if with_coordinates && diagram.coordinates != Coordinates::None {
        write_coordinates(svg, layout, diagram);
    }
    for &square in &diagram.problems {
        write_cross(svg, layout.center(square), PROBLEM, 5.0, 0.9);
    }
    for mark in &diagram.marks {
        write_mark(svg, layout, mark);
    }
    for arrow in &diagram.arrows {
        write_arrow(svg, layout, arrow);
    }
    if let Some(glyph) = diagram.glyph {
        write_move_glyph(svg, layout, glyph);
    }
    if let Some(players) = &diagram.players {
        write_players(svg, layout, players);
    }
    // How many of a kind a pocket holds, in the corner of its place.
    for (_, (x, y), count) in layout.pocket_pieces(setup) {
        if count > 1 {
            let at = (x + SQUARE - 3.0, y + SQUARE - 4.0);
            let number = count.to_string();
            glyphs::write_text(svg, &number, at, 13.0, Anchor::End, FRAME_TEXT);
        }
    }
    // The lines under the board, the last at the bottom.
    let lines = lines_under(setup, diagram);
    for (index, line) in lines.iter().enumerate() {
        let below = (lines.len() - index) as f32;
        let baseline = layout.height - CAPTION * below + CAPTION / 2.0 + 4.5;
        glyphs::write_text(
            svg,
            line,
            (layout.width / 2.0, baseline),
            13.0,
            Anchor::Middle,
            FRAME_TEXT,
        );
    }
}

/// The position in words, for screen readers and search: a title that
/// says whose move it is, and a description of every piece.
fn write_words(svg: &mut String, setup: &Setup) {
    let words = fenkit::description::describe(setup, None, fenkit::description::Style::Spoken);
    let _ = write!(
        svg,
        "<title>{}</title><desc>{}</desc>",
        title(setup),
        words.trim_end()
    );
}

/// A diagram's title: `Chess position, White to move`.
pub fn title(setup: &Setup) -> String {
    let mover = match setup.turn {
        Color::White => "White",
        Color::Black => "Black",
    };
    format!("Chess position, {mover} to move")
}

/// The drawings of the pieces on the board, and the check glow.
fn write_defs(svg: &mut String, setup: &Setup, diagram: &Diagram) {
    svg.push_str("<defs>");
    let pocketed = |piece: Piece| {
        let pockets = setup.pockets.as_ref();
        pockets.is_some_and(|pockets| pockets[piece.color][piece.role] > 0)
    };
    for piece in pieces::ALL {
        if setup.board.by_piece(piece).any() || pocketed(piece) {
            let _ = write!(
                svg,
                r#"<g id="{}">{}</g>"#,
                pieces::id(piece),
                diagram.pieces.drawing(piece)
            );
        }
    }
    svg.push_str(CHECK_GLOW);
    svg.push_str("</defs>");
}

const CHECK_GLOW: &str = concat!(
    r#"<radialGradient id="check" r="0.7">"#,
    r##"<stop offset="0" stop-color="#ff0000"/>"##,
    r##"<stop offset="0.5" stop-color="#e70000"/>"##,
    r##"<stop offset="1" stop-color="#9e0000" stop-opacity="0"/>"##,
    "</radialGradient>"
);

/// Every square, named by its class (`square dark a1`), on a board of the
/// light color so that no seam shows between squares at any scale.
fn write_squares(svg: &mut String, layout: &Layout, diagram: &Diagram) {
    let theme = diagram.theme;
    let _ = write!(
        svg,
        r#"<rect x="{}" y="{}" width="{BOARD}" height="{BOARD}" fill="{}"/>"#,
        layout.left, layout.top, theme.light
    );
    for (shade, color) in [("light", theme.light), ("dark", theme.dark)] {
        let _ = write!(svg, r#"<g fill="{color}">"#);
        for square in Square::ALL {
            if square.is_dark() == (shade == "dark") {
                let (x, y) = layout.corner(square);
                let _ = write!(
                    svg,
                    r#"<rect class="square {shade} {square}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}"/>"#
                );
            }
        }
        svg.push_str("</g>");
    }
}

/// The square of the king to mark as in check, if any.
fn checked_king(setup: &Setup, check: CheckMark) -> Option<Square> {
    match check {
        CheckMark::None => None,
        CheckMark::On(square) => Some(square),
        CheckMark::Auto => {
            let board = &setup.board;
            let king = board.king_of(setup.turn)?;
            board
                .attacks_to(king, !setup.turn, board.occupied())
                .any()
                .then_some(king)
        }
    }
}

/// Rank numbers along the left edge and file letters along the bottom: in
/// the margin, or in the corners of the edge squares in the color of the
/// other kind of square.
fn write_coordinates(svg: &mut String, layout: &Layout, diagram: &Diagram) {
    let (left, bottom) = match layout.bottom {
        Color::White => (File::A, Rank::First),
        Color::Black => (File::H, Rank::Eighth),
    };
    let ranks = Rank::ALL.map(|rank| (rank.char(), Square::from_coords(left, rank), true));
    let files = File::ALL.map(|file| (file.char(), Square::from_coords(file, bottom), false));
    let inside = diagram.coordinates == Coordinates::Inside;
    for (label, square, is_rank) in ranks.into_iter().chain(files) {
        let (x, y) = layout.corner(square);
        let (at, anchor) = match (inside, is_rank) {
            (true, true) => ((x + 2.0, y + 10.5), Anchor::Start),
            (true, false) => ((x + SQUARE - 2.0, y + SQUARE - 2.5), Anchor::End),
            (false, true) => (
                (layout.left - MARGIN / 2.0, y + SQUARE / 2.0 + 4.0),
                Anchor::Middle,
            ),
            (false, false) => (
                (x + SQUARE / 2.0, layout.top + BOARD + MARGIN / 2.0 + 4.0),
                Anchor::Middle,
            ),
        };
        let (size, ink) = match (inside, square.is_dark()) {
            (true, true) => (10.0, diagram.theme.light.to_string()),
            (true, false) => (10.0, diagram.theme.dark.to_string()),
            (false, _) => (11.0, FRAME_TEXT.to_string()),
        };
        let mut text = [0; 4];
        glyphs::write_text(svg, label.encode_utf8(&mut text), at, size, anchor, &ink);
    }
}

fn write_cross(svg: &mut String, (x, y): (f32, f32), color: &str, width: f32, opacity: f32) {
    let d = SQUARE * 0.3;
    let _ = write!(
        svg,
        r#"<path class="cross" d="M{} {}L{} {}M{} {}L{} {}" stroke="{color}" stroke-width="{width}" stroke-linecap="round" stroke-opacity="{opacity}"/>"#,
        x - d,
        y - d,
        x + d,
        y + d,
        x + d,
        y - d,
        x - d,
        y + d
    );
}

fn write_mark(svg: &mut String, layout: &Layout, mark: &Mark) {
    let center = layout.center(mark.square);
    let color = options::hex(mark.brush);
    if mark.cross {
        write_cross(svg, center, color, 4.0, 0.8);
    } else {
        let _ = write!(
            svg,
            r#"<circle class="circle" cx="{}" cy="{}" r="{}" fill="none" stroke="{color}" stroke-width="3.5" stroke-opacity="0.8"/>"#,
            center.0,
            center.1,
            SQUARE * 0.44
        );
    }
}

/// One polygon for shaft and head, so that the two do not darken where
/// they overlap.
fn write_arrow(svg: &mut String, layout: &Layout, arrow: &Arrow) {
    let (start, tip) = (layout.center(arrow.from), layout.center(arrow.to));
    let (dx, dy) = (tip.0 - start.0, tip.1 - start.1);
    let length = (dx * dx + dy * dy).sqrt();
    if length == 0.0 {
        return;
    }
    let (ux, uy) = (dx / length, dy / length);
    let (nx, ny) = (-uy, ux);
    let (shaft, head, head_length) = (SQUARE * 0.1, SQUARE * 0.25, SQUARE * 0.45);
    let base = (tip.0 - ux * head_length, tip.1 - uy * head_length);
    let at = |(x, y): (f32, f32), side: f32| (x + nx * side, y + ny * side);
    let points = [
        at(start, shaft),
        at(base, shaft),
        at(base, head),
        tip,
        at(base, -head),
        at(base, -shaft),
        at(start, -shaft),
    ];
    svg.push_str(r#"<polygon class="arrow" points=""#);
    for (x, y) in points {
        let _ = write!(svg, "{x:.2},{y:.2} ");
    }
    let _ = write!(
        svg,
        r#"" fill="{}" fill-opacity="0.8"/>"#,
        options::hex(arrow.brush)
    );
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use shakmaty::ByColor;

    use super::around::{clock, clocks_line};

    #[test]
    fn clocks_read_as_a_chess_clock_shows_them() {
        let cases = [
            (Duration::from_secs(178), "2:58"),
            (Duration::from_secs(3723), "1:02:03"),
            (Duration::from_millis(9_540), "0:09.5"),
            (Duration::from_millis(10_500), "0:10"),
            (Duration::from_secs(0), "0:00"),
        ];
        for (time, shown) in cases {
            assert_eq!(clock(time), shown, "{time:?}");
        }
        let line = clocks_line(ByColor {
            white: Some(Duration::from_secs(61)),
            black: None,
        });
        assert_eq!(line, "White 1:01 · Black –");
    }
}
