//! Diagrams: the SVG is well-formed and has every square and piece where it
//! belongs in both orientations; the PNG has the right colors where it
//! matters.

use fenkit_diagrams::{Coordinates, Diagram, Orientation, Theme, png, svg};
use shakmaty::{Color, Setup, Square};

fn setup(fen: &str) -> Setup {
    fenkit::parse(fen.as_bytes()).expect("well-formed").setup
}

/// The `x y` corner of each square and each piece's drawing, read back
/// from the SVG.
struct SvgLayout {
    squares: Vec<(String, String, (f32, f32))>,
    pieces: Vec<(String, (f32, f32))>,
}

fn number(text: &str) -> f32 {
    text.parse().expect("a number")
}

fn read(svg: &str) -> SvgLayout {
    let document = roxmltree::Document::parse(svg).expect("well-formed XML");
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let mut drawn = SvgLayout {
        squares: Vec::new(),
        pieces: Vec::new(),
    };
    for node in root.descendants() {
        match node.tag_name().name() {
            "rect" => {
                let class: Vec<&str> = node.attribute("class").unwrap_or("").split(' ').collect();
                if class[0] == "square" {
                    let at = (
                        number(node.attribute("x").unwrap()),
                        number(node.attribute("y").unwrap()),
                    );
                    drawn
                        .squares
                        .push((class[1].to_string(), class[2].to_string(), at));
                }
            }
            "use" => {
                let href = node
                    .attribute(("http://www.w3.org/1999/xlink", "href"))
                    .expect("xlink:href");
                let transform = node.attribute("transform").expect("transform");
                let inner = transform
                    .strip_prefix("translate(")
                    .and_then(|t| t.strip_suffix(')'))
                    .expect("a translation");
                let (x, y) = inner.split_once(' ').expect("x and y");
                let id = href.strip_prefix('#').expect("a local reference");
                // The reference resolves to a drawing in the document.
                assert!(
                    root.descendants().any(|n| n.attribute("id") == Some(id)),
                    "no drawing {id}"
                );
                drawn.pieces.push((id.to_string(), (number(x), number(y))));
            }
            _ => {}
        }
    }
    drawn
}

fn square_at(drawn: &SvgLayout, at: (f32, f32)) -> Square {
    let (_, name, _) = drawn
        .squares
        .iter()
        .find(|(_, _, corner)| *corner == at)
        .unwrap_or_else(|| panic!("no square at {at:?}"));
    name.parse().expect("a square name")
}

fn corner_of(drawn: &SvgLayout, square: Square) -> (f32, f32) {
    let name = square.to_string();
    drawn
        .squares
        .iter()
        .find(|(_, n, _)| *n == name)
        .expect("drawn")
        .2
}

const MIDDLEGAME: &str = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QK2R w KQ - 3 8";

#[test]
fn svg_has_64_squares_and_every_piece_on_its_square_in_both_orientations() {
    let position = setup(MIDDLEGAME);
    for orientation in [Orientation::White, Orientation::Black] {
        let drawn = read(&svg(
            &position,
            &Diagram::default().with_orientation(orientation),
        ));
        assert_eq!(drawn.squares.len(), 64);
        for square in Square::ALL {
            let shade = if square.is_dark() { "dark" } else { "light" };
            let found = drawn
                .squares
                .iter()
                .filter(|(s, n, _)| *n == square.to_string() && s == shade);
            assert_eq!(found.count(), 1, "{square}");
        }
        assert_eq!(drawn.pieces.len(), position.board.occupied().count());
        for (id, at) in &drawn.pieces {
            let square = square_at(&drawn, *at);
            let piece = position
                .board
                .piece_at(square)
                .unwrap_or_else(|| panic!("{id} on empty {square}"));
            let expected = format!(
                "{}{}",
                if piece.color == Color::White {
                    'w'
                } else {
                    'b'
                },
                piece.role.upper_char()
            );
            assert_eq!(*id, expected, "{square} {orientation:?}");
        }
        // a1 is bottom left for White, top right for Black.
        let (a1, h8) = (corner_of(&drawn, Square::A1), corner_of(&drawn, Square::H8));
        match orientation {
            Orientation::White => assert!(a1.0 < h8.0 && a1.1 > h8.1),
            _ => assert!(a1.0 > h8.0 && a1.1 < h8.1),
        }
    }
}

#[test]
fn side_to_move_orientation_puts_black_at_the_bottom_when_black_moves() {
    let position = setup("4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    let diagram = Diagram::default().with_orientation(Orientation::SideToMove);
    let drawn = read(&svg(&position, &diagram));
    assert!(corner_of(&drawn, Square::E8).1 > corner_of(&drawn, Square::E1).1);
}

#[test]
fn annotations_appear_only_when_asked_or_due() {
    let quiet = svg(&Setup::initial(), &Diagram::default());
    for class in ["last-move", "check", "arrow", "circle", "cross"] {
        assert!(!quiet.contains(&format!(r#"class="{class}""#)), "{class}");
    }
    let diagram = Diagram::default()
        .with_last_move(Some((Square::E2, Square::E4)))
        .with_arrows(vec!["Ge2e4".parse().unwrap()])
        .with_marks(vec!["e4".parse().unwrap(), "Rxd5".parse().unwrap()]);
    let busy = svg(&Setup::initial(), &diagram);
    assert_eq!(busy.matches(r#"class="last-move""#).count(), 2);
    assert_eq!(busy.matches(r#"class="arrow""#).count(), 1);
    assert_eq!(busy.matches(r#"class="circle""#).count(), 1);
    assert_eq!(busy.matches(r#"class="cross""#).count(), 1);
    read(&busy);
    // Scholar's mate: the black king is in check, and glows by default.
    let mate = setup("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
    assert_eq!(
        svg(&mate, &Diagram::default())
            .matches(r#"class="check""#)
            .count(),
        1
    );
    let off = Diagram::default().with_check(fenkit_diagrams::CheckMark::None);
    assert!(!svg(&mate, &off).contains(r#"class="check""#));
}

#[test]
fn the_caption_and_margin_make_the_image_taller() {
    let plain = Diagram::default().with_coordinates(Coordinates::None);
    let text = svg(&Setup::initial(), &plain);
    assert!(
        text.contains(r#"width="400" height="400""#),
        "{}",
        &text[..200]
    );
    let captioned = plain.with_caption(true).with_clocks(None);
    let text = svg(&Setup::initial(), &captioned);
    assert!(
        text.contains(r#"width="400" height="427""#),
        "{}",
        &text[..200]
    );
}

fn variant_setup(variant: fenkit::variants::Variant, fen: &str) -> Setup {
    let read = fenkit::ReadOptions::default().with_variant(variant);
    read.parse(fen.as_bytes()).expect("well-formed").setup
}

#[test]
fn a_crazyhouse_pocket_is_drawn_by_its_player_off_the_board() {
    let fen = "r1b1kbnr/ppp1pppp/2n5/q7/3P4/2N5/PPP2PPP/R1BQKBNR[PPNppq] b KQkq - 0 5";
    let position = variant_setup(fenkit::variants::Variant::Crazyhouse, fen);
    for orientation in [Orientation::White, Orientation::Black] {
        let diagram = Diagram::default()
            .with_orientation(orientation)
            .with_coordinates(Coordinates::None);
        let text = svg(&position, &diagram);
        // A row of pieces above and one below: 45 units each on 360.
        assert!(
            text.contains(r#"width="400" height="500""#),
            "{}",
            &text[..200]
        );
        let drawn = read(&text);
        let top = corner_of(&drawn, Square::A8)
            .1
            .min(corner_of(&drawn, Square::A1).1);
        assert_eq!(top, 45.0, "the board under the top pocket");
        let bottom = top + 7.0 * 45.0;
        let off_board: Vec<(&str, f32)> = drawn
            .pieces
            .iter()
            .filter(|(_, (_, y))| *y < top || *y > bottom)
            .map(|(id, (_, y))| (id.as_str(), *y))
            .collect();
        // Each kind once (the number beside it), White's by White's side.
        let white_row = match orientation {
            Orientation::White => 405.0,
            _ => 0.0,
        };
        let mut ids: Vec<(&str, bool)> = off_board
            .iter()
            .map(|&(id, y)| (id, y == white_row))
            .collect();
        ids.sort();
        assert_eq!(
            ids,
            [("bP", false), ("bQ", false), ("wN", true), ("wP", true)],
            "{orientation:?}"
        );
        assert_eq!(drawn.pieces.len(), position.board.occupied().count() + 4);
    }
}

#[test]
fn three_checks_to_give_are_a_line_under_the_board() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 2+3 0 1";
    let position = variant_setup(fenkit::variants::Variant::ThreeCheck, fen);
    let plain = Diagram::default().with_coordinates(Coordinates::None);
    let text = svg(&position, &plain);
    assert!(
        text.contains(r#"width="400" height="427""#),
        "{}",
        &text[..200]
    );
    let standard = svg(&Setup::initial(), &plain);
    assert!(standard.contains(r#"width="400" height="400""#));
}

/// Pixels of a PNG image, as rows of RGB or RGBA.
struct Pixels {
    width: u32,
    height: u32,
    channels: u32,
    data: Vec<u8>,
}

impl Pixels {
    fn decode(bytes: &[u8]) -> Pixels {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::EXPAND);
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut data = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut data).expect("a frame");
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        let channels = match info.color_type {
            png::ColorType::Rgb => 3,
            png::ColorType::Rgba => 4,
            other => panic!("a diagram in {other:?}"),
        };
        Pixels {
            width: info.width,
            height: info.height,
            channels,
            data,
        }
    }

    fn at(&self, x: u32, y: u32) -> [u8; 3] {
        let i = ((y * self.width + x) * self.channels) as usize;
        [self.data[i], self.data[i + 1], self.data[i + 2]]
    }

    /// The color near the top left corner of a square on a 400 pixel board
    /// without coordinates, where no piece reaches.
    fn corner(&self, square: Square, bottom: Color) -> [u8; 3] {
        let (file, rank) = (square.file() as u32, square.rank() as u32);
        let (column, row) = match bottom {
            Color::White => (file, 7 - rank),
            Color::Black => (7 - file, rank),
        };
        self.at(column * 50 + 2, row * 50 + 2)
    }
}

fn rgb(color: u32) -> [u8; 3] {
    [(color >> 16) as u8, (color >> 8) as u8, color as u8]
}

fn close(got: [u8; 3], expected: [u8; 3]) -> bool {
    got.iter().zip(expected).all(|(&g, e)| g.abs_diff(e) <= 3)
}

#[test]
fn png_squares_have_the_theme_colors_in_both_orientations() {
    let position = setup(MIDDLEGAME);
    for (orientation, bottom) in [
        (Orientation::White, Color::White),
        (Orientation::Black, Color::Black),
    ] {
        for theme in [Theme::BROWN, Theme::BLUE] {
            let diagram = Diagram::default()
                .with_coordinates(Coordinates::None)
                .with_orientation(orientation)
                .with_theme(theme);
            let pixels = Pixels::decode(&png(&position, &diagram).expect("drawn"));
            assert_eq!((pixels.width, pixels.height), (400, 400));
            assert_eq!(
                pixels.corner(Square::A1, bottom),
                rgb(theme.dark.0),
                "a1 {orientation:?}"
            );
            assert_eq!(
                pixels.corner(Square::H1, bottom),
                rgb(theme.light.0),
                "h1 {orientation:?}"
            );
            assert_eq!(
                pixels.corner(Square::D5, bottom),
                rgb(theme.light.0),
                "d5 {orientation:?}"
            );
        }
    }
    // The bottom left corner is a1 for White and h8 for Black: dark both times.
}

#[test]
fn png_shows_the_last_move_and_the_check() {
    let mate = setup("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");
    let diagram = Diagram::default()
        .with_coordinates(Coordinates::None)
        .with_last_move(Some((Square::H5, Square::F7)));
    let pixels = Pixels::decode(&png(&mate, &diagram).expect("drawn"));
    // h5 is light: the highlight's green at 41% over it.
    let light = rgb(Theme::BROWN.light.0);
    let blend = |c: u8, h: u8| (f32::from(c) * 0.59 + f32::from(h) * 0.41).round() as u8;
    let expected = [
        blend(light[0], 0x9b),
        blend(light[1], 0xc7),
        blend(light[2], 0x00),
    ];
    assert!(
        close(pixels.corner(Square::H5, Color::White), expected),
        "{:?}",
        pixels.corner(Square::H5, Color::White)
    );
    assert_ne!(pixels.corner(Square::H5, Color::White), light);
    // e8 holds the king in check: its square glows red at the edges.
    let [r, g, b] = pixels.at(4 * 50 + 3, 25);
    assert!(r > 200 && g < 120 && b < 120, "e8 edge is {:?}", [r, g, b]);
    // Without the check mark, the same pixel is the light square's color.
    let plain = diagram.with_check(fenkit_diagrams::CheckMark::None);
    let pixels = Pixels::decode(&png(&mate, &plain).expect("drawn"));
    assert_eq!(pixels.at(4 * 50 + 3, 25), light);
}

#[test]
fn png_sizes_outside_the_range_are_refused() {
    for size in [0, 15, 4097] {
        let diagram = Diagram::default().with_size(size);
        assert!(png(&Setup::initial(), &diagram).is_err(), "{size}");
    }
    let small = Diagram::default().with_size(16);
    assert!(png(&Setup::initial(), &small).is_ok());
}
