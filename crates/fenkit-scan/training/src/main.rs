//! Writes the network's training (or held-out) squares: random boards
//! drawn with piece sets (fenkit's by name, or folders of twelve drawings:
//! the fonts' and Scid's sets `tools/train-scan` writes) in many looks
//! (board colours, hatched dark squares as old books print them, frames,
//! last-move tints, piece sizes and offsets, blur, noise, low resolution),
//! each cut into its 64 squares exactly as `fen scan` cuts a picture
//! (`fenkit_scan::squares`), the board's box a little off as the finder
//! leaves it.
//!
//! ```text
//! cargo run --release --manifest-path crates/fenkit-scan/training/Cargo.toml --target-dir target/scan-training -- OUT BOARDS SEED SET[,SET...]
//! ```
//!
//! OUT gets one record a square: its class (0 empty, 1-6 White's pawn to
//! king, 7-12 Black's) as a byte, then its 32×32 grey levels as bytes.
//! `tools/train-scan` runs it; the same seed writes the same bytes.
//! `training_set --books DIR SEED SET[,SET...]` draws given positions in
//! books' looks instead, `--drawn` in any look as training draws them,
//! and `--photos` photographed off screens, as pictures for `bench/scan`
//! ([`write_pictures`]).

use std::f32::consts::{FRAC_PI_2, TAU};
use std::io::Write;

use fenkit_diagrams::{
    Arrow, Brush, Coordinates, Diagram, Mark, Orientation, PieceSet, Rgb, Theme, svg,
};
use fenkit_scan::picture::Gray;
use fenkit_scan::squares::{BoardBox, SIDE, squares};
use resvg::{tiny_skia, usvg};
use shakmaty::{Color, File, Piece, Rank, Role, Setup, Square};

/// SplitMix64: a seeded generator, so that a training set is reproduced
/// byte for byte.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32
    }
    fn range(&mut self, low: f32, high: f32) -> f32 {
        low + (high - low) * self.unit()
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, p: f32) -> bool {
        self.unit() < p
    }
}

const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

fn class(piece: Option<Piece>) -> u8 {
    piece.map_or(0, |piece| {
        let role = piece.role as u8; // shakmaty: pawn 1 ... king 6
        if piece.color == Color::White {
            role
        } else {
            role + 6
        }
    })
}

fn gray_hex(level: f32) -> String {
    let v = (level.clamp(0.0, 1.0) * 255.0) as u8;
    format!("#{v:02x}{v:02x}{v:02x}")
}

fn colour(random: &mut Random, low: f32, high: f32) -> String {
    let base = random.range(low, high);
    let tint =
        |random: &mut Random| ((base + random.range(-0.12, 0.12)).clamp(0.0, 1.0) * 255.0) as u8;
    format!(
        "#{:02x}{:02x}{:02x}",
        tint(random),
        tint(random),
        tint(random)
    )
}

/// Random contents of 64 squares, in picture order.
fn contents(random: &mut Random) -> [Option<Piece>; 64] {
    let empty_share = random.range(0.35, 0.9);
    let mut contents = [None; 64];
    for content in &mut contents {
        if !random.chance(empty_share) {
            // Pawns are the commonest piece on real boards.
            let role = if random.chance(0.35) {
                Role::Pawn
            } else {
                ROLES[random.below(6)]
            };
            let color = if random.chance(0.5) {
                Color::White
            } else {
                Color::Black
            };
            *content = Some(Piece { color, role });
        }
    }
    contents
}

fn random_square(random: &mut Random) -> Square {
    Square::new(random.below(64) as u32)
}

/// A board as fenkit draws it (`fenkit_diagrams::svg`): a random theme,
/// either orientation, coordinates inside or none, a last move, a check,
/// arrows and marks, as screenshots of sites show them.
fn diagram(random: &mut Random, sets: &[PieceSet]) -> (String, [Option<Piece>; 64]) {
    let contents = contents(random);
    let bottom = if random.chance(0.7) {
        Color::White
    } else {
        Color::Black
    };
    let mut setup = Setup::empty();
    for (index, content) in contents.iter().enumerate() {
        let (row, column) = ((index / 8) as u32, (index % 8) as u32);
        let square = match bottom {
            Color::White => Square::from_coords(File::new(column), Rank::new(7 - row)),
            Color::Black => Square::from_coords(File::new(7 - column), Rank::new(row)),
        };
        if let Some(piece) = content {
            setup.board.set_piece_at(square, *piece);
        }
    }
    let rgb = |random: &mut Random, low: f32, high: f32| {
        let level = |random: &mut Random| (random.range(low, high) * 255.0) as u32;
        Rgb(level(random) << 16 | level(random) << 8 | level(random))
    };
    let theme = Theme {
        light: rgb(random, 0.65, 1.0),
        dark: rgb(random, 0.3, 0.75),
    };
    let mut diagram = Diagram::default()
        .with_pieces(sets[random.below(sets.len())].clone())
        .with_theme(theme)
        .with_orientation(if bottom == Color::White {
            Orientation::White
        } else {
            Orientation::Black
        })
        .with_coordinates(if random.chance(0.5) {
            Coordinates::Inside
        } else {
            Coordinates::None
        });
    if random.chance(0.4) {
        diagram = diagram.with_last_move(Some((random_square(random), random_square(random))));
    }
    if random.chance(0.2) {
        let arrows = (0..1 + random.below(3))
            .filter_map(|_| {
                format!("{}{}", random_square(random), random_square(random))
                    .parse::<Arrow>()
                    .ok()
            })
            .collect();
        diagram = diagram.with_arrows(arrows);
    }
    if random.chance(0.1) {
        diagram = diagram.with_marks(vec![Mark {
            brush: Brush::default(),
            square: random_square(random),
            cross: false,
        }]);
    }
    (svg(&setup, &diagram), contents)
}

/// One board's SVG, 800 units a side, and its 64 contents in picture
/// order: a book's or a screen's look drawn here, with hatching and frames
/// that fenkit's diagrams do not draw.
/// `given` holds the contents to draw (a real position), else they are
/// random; `books_only` draws every board in a book's look; `flat`
/// draws screens without wood or move hints, and draws from `random`
/// just what the generator drew before it drew them, so that the
/// networks trained on flat screens are reproduced (tools/train-scan).
fn board(
    random: &mut Random,
    sets: &[PieceSet],
    given: Option<[Option<Piece>; 64]>,
    books_only: bool,
    flat: bool,
) -> (String, [Option<Piece>; 64]) {
    let set = &sets[random.below(sets.len())];
    let contents = given.unwrap_or_else(|| contents(random));
    let mut svg = String::from(
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 800 800">"#,
    );
    let style = match random.below(10) {
        // The same draw either way, so that a training set's bytes do not
        // depend on this mode: one of the book looks' four.
        style if books_only => 5 + style % 4,
        style => style,
    };
    let (light, dark) = match style {
        // Screens: coloured or grey boards.
        0..=4 => (colour(random, 0.7, 1.0), colour(random, 0.3, 0.7)),
        // Books: white paper, hatched dark squares.
        5..=8 => (gray_hex(random.range(0.85, 1.0)), String::new()),
        // No board colour at all.
        _ => (
            gray_hex(random.range(0.9, 1.0)),
            gray_hex(random.range(0.8, 0.95)),
        ),
    };
    svg += &format!(r#"<rect width="800" height="800" fill="{light}"/>"#);
    if (5..=8).contains(&style) {
        // Diagonal lines clipped to the dark squares, as books hatch them.
        let spacing = random.range(6.0, 16.0);
        let width = random.range(1.0, spacing * 0.45);
        let ink = gray_hex(random.range(0.0, 0.45));
        let rising = random.chance(0.8);
        svg += r#"<clipPath id="dark">"#;
        for index in 0..64 {
            if (index / 8 + index % 8) % 2 == 1 {
                svg += &format!(
                    r#"<rect x="{}" y="{}" width="100" height="100"/>"#,
                    index % 8 * 100,
                    index / 8 * 100
                );
            }
        }
        svg += r#"</clipPath><g clip-path="url(#dark)">"#;
        let mut offset = -800.0;
        while offset < 800.0 {
            let (y0, y1) = if rising { (800.0, 0.0) } else { (0.0, 800.0) };
            svg += &format!(
                r#"<line x1="{offset}" y1="{y0}" x2="{}" y2="{y1}" stroke="{ink}" stroke-width="{width}"/>"#,
                offset + 800.0
            );
            offset += spacing;
        }
        svg += "</g>";
    } else {
        for index in 0..64 {
            if (index / 8 + index % 8) % 2 == 1 {
                svg += &format!(
                    r#"<rect x="{}" y="{}" width="100" height="100" fill="{dark}"/>"#,
                    index % 8 * 100,
                    index / 8 * 100
                );
            }
        }
    }
    // Wood, as desktop programs and sites draw it: each square's grain
    // its own, as a board's squares are cut from different wood.
    if !flat && style <= 4 && random.chance(0.3) {
        svg += &wood_grain(random);
    }
    // A last move's two squares tinted, as sites show it.
    if random.chance(0.3) {
        let tint = colour(random, 0.4, 0.9);
        let opacity = random.range(0.3, 0.6);
        for _ in 0..2 {
            let index = random.below(64);
            svg += &format!(
                r#"<rect x="{}" y="{}" width="100" height="100" fill="{tint}" fill-opacity="{opacity}"/>"#,
                index % 8 * 100,
                index / 8 * 100
            );
        }
    }
    // Thin lines between squares, as some books draw them.
    if random.chance(0.15) {
        let ink = gray_hex(random.range(0.0, 0.5));
        for k in 1..8 {
            let at = k * 100;
            svg +=
                &format!(r#"<path d="M{at} 0V800M0 {at}H800" stroke="{ink}" stroke-width="1.5"/>"#);
        }
    }
    // The moves a site offers for the piece in hand: a dot on an empty
    // square, a ring round a piece that may be taken.
    if !flat && style <= 4 && random.chance(0.25) {
        svg += &move_hints(random, &contents);
    }
    // Sets differ in how much of the square a piece fills and in its
    // build: a narrower or wider drawing of each.
    let size = random.range(72.0, 100.0);
    let width = size * random.range(0.82, 1.1);
    for (index, content) in contents.iter().enumerate() {
        let Some(piece) = content else { continue };
        let x = (index % 8) as f32 * 100.0 + (100.0 - width) / 2.0 + random.range(-4.0, 4.0);
        let y = (index / 8) as f32 * 100.0 + (100.0 - size) / 2.0 + random.range(-4.0, 4.0);
        let drawing = set.piece_svg(*piece);
        let inner_start = drawing.find('>').map_or(0, |end| end + 1);
        let inner_end = drawing.rfind("</svg>").unwrap_or(drawing.len());
        svg += &format!(
            r#"<svg x="{x}" y="{y}" width="{width}" height="{size}" viewBox="0 0 45 45" preserveAspectRatio="none">{}</svg>"#,
            &drawing[inner_start..inner_end]
        );
    }
    if random.chance(0.6) {
        let width = random.range(2.0, 10.0);
        svg += &format!(
            r#"<rect x="0" y="0" width="800" height="800" fill="none" stroke="black" stroke-width="{width}"/>"#
        );
    }
    svg += "</svg>";
    (svg, contents)
}

/// Grain over a board's 64 squares of 100 units, each square clipped to
/// itself: thin streaks, darker or lighter than the square and a little
/// bent, running along the board or across it (on some boards square by
/// square in turn).
fn wood_grain(random: &mut Random) -> String {
    let alternating = random.chance(0.5);
    let across = random.chance(0.5);
    let strength = random.range(0.15, 0.6);
    let mut svg = String::new();
    for index in 0..64 {
        let (x, y) = (index % 8 * 100, index / 8 * 100);
        let turned = across ^ (alternating && (index / 8 + index % 8) % 2 == 1);
        svg += &format!(r#"<svg x="{x}" y="{y}" width="100" height="100" viewBox="0 0 100 100">"#);
        let rotate = if turned {
            r#" transform="rotate(90 50 50)""#
        } else {
            ""
        };
        svg += &format!("<g{rotate}>");
        for _ in 0..6 + random.below(12) {
            let at = random.range(-5.0, 105.0);
            let width = random.range(0.5, 6.0);
            let ink = if random.chance(0.75) { "#000" } else { "#fff" };
            let opacity = strength * random.range(0.1, 0.5);
            svg += &format!(
                r#"<path d="M-5 {at}Q50 {} 105 {}" fill="none" stroke="{ink}" stroke-opacity="{opacity}" stroke-width="{width}"/>"#,
                at + random.range(-8.0, 8.0),
                at + random.range(-5.0, 5.0)
            );
        }
        svg += "</g></svg>";
    }
    svg
}

/// A site's hints for the moves of the piece in hand, on 1 to 10 squares
/// of `contents` (picture order): a dot in the middle of an empty square,
/// a ring round an occupied one, in a grey or a tint, more or less see
/// through.
fn move_hints(random: &mut Random, contents: &[Option<Piece>; 64]) -> String {
    let ink = colour(random, 0.0, 0.7);
    let opacity = random.range(0.15, 0.6);
    let dot = random.range(8.0, 20.0);
    let ring = random.range(4.0, 12.0);
    let mut svg = String::new();
    for _ in 0..1 + random.below(10) {
        let index = random.below(64);
        let (x, y) = ((index % 8 * 100 + 50) as f32, (index / 8 * 100 + 50) as f32);
        svg += &match contents[index] {
            None => format!(
                r#"<circle cx="{x}" cy="{y}" r="{dot}" fill="{ink}" fill-opacity="{opacity}"/>"#
            ),
            Some(_) => format!(
                r#"<circle cx="{x}" cy="{y}" r="{}" fill="none" stroke="{ink}" stroke-opacity="{opacity}" stroke-width="{ring}"/>"#,
                50.0 - ring / 2.0
            ),
        };
    }
    svg
}

/// The board rasterized at `side` pixels inside a margin of `margin`
/// pixels of white, as grey levels.
fn rasterize(svg: &str, side: u32, margin: u32) -> Gray {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("a drawn board parses");
    let full = side + 2 * margin;
    let mut pixmap = tiny_skia::Pixmap::new(full, full).expect("a board of some pixels");
    pixmap.fill(tiny_skia::Color::WHITE);
    let scale = side as f32 / tree.size().width();
    let transform =
        tiny_skia::Transform::from_row(scale, 0.0, 0.0, scale, margin as f32, margin as f32);
    resvg::render(&tree, transform, &mut pixmap.as_mut());
    let pixels = pixmap
        .pixels()
        .iter()
        .map(|pixel| {
            let pixel = pixel.demultiply();
            let (r, g, b) = (
                pixel.red() as f32,
                pixel.green() as f32,
                pixel.blue() as f32,
            );
            (0.299 * r + 0.587 * g + 0.114 * b) / 255.0
        })
        .collect();
    Gray {
        width: full as usize,
        height: full as usize,
        pixels,
        colours: Vec::new(),
    }
}

/// The darkest (or lightest) level around each pixel: ink spread
/// bolder (or thinner) than drawn, as printing and scanning leave it.
fn spread(picture: &Gray, bolder: bool) -> Gray {
    let (width, height) = (picture.width, picture.height);
    let pixels = (0..width * height)
        .map(|at| {
            let (x, y) = (at % width, at / width);
            let mut level = picture.at(x, y);
            for (dx, dy) in [(0, 1), (2, 1), (1, 0), (1, 2)] {
                let xx = (x + dx).saturating_sub(1).min(width - 1);
                let yy = (y + dy).saturating_sub(1).min(height - 1);
                let other = picture.at(xx, yy);
                level = if bolder {
                    level.min(other)
                } else {
                    level.max(other)
                };
            }
            level
        })
        .collect();
    Gray {
        width,
        height,
        pixels,
        colours: Vec::new(),
    }
}

/// What printing, scanning and screenshots do to a picture.
fn degrade(random: &mut Random, mut picture: Gray) -> Gray {
    if random.chance(0.3) {
        picture = spread(&picture, random.chance(0.6));
    }
    if random.chance(0.3) {
        // Printed small and scanned: detail lost, then enlarged again.
        let (width, height) = (picture.width, picture.height);
        let factor = random.range(1.5, 3.0);
        let small = picture.scaled_to((width as f32 / factor) as usize);
        picture = Gray {
            width,
            height,
            pixels: (0..width * height)
                .map(|at| {
                    let (x, y) = ((at % width) as f32, (at / width) as f32);
                    small.sample(
                        (x + 0.5) * small.width as f32 / width as f32,
                        (y + 0.5) * small.height as f32 / height as f32,
                    )
                })
                .collect(),
            colours: Vec::new(),
        };
    }
    if random.chance(0.3) {
        // Ink spread: a 3×3 blur.
        picture.pixels = blurred(&picture, 1);
    }
    // Paper, toner and contrast.
    let contrast = random.range(0.7, 1.0);
    let offset = random.range(0.0, 1.0 - contrast);
    let noise = if random.chance(0.5) {
        random.range(0.0, 0.08)
    } else {
        0.0
    };
    for pixel in &mut picture.pixels {
        let grain = noise * (random.unit() + random.unit() - 1.0);
        *pixel = (offset + contrast * *pixel + grain).clamp(0.0, 1.0);
    }
    if random.chance(0.25) {
        // Ink that looks bolder or fainter than drawn.
        let gamma = random.range(0.6, 1.6);
        for pixel in &mut picture.pixels {
            *pixel = pixel.powf(gamma);
        }
    }
    picture
}

/// Each level of `picture` averaged over the square of `2 * radius + 1`
/// pixels around it (the picture's edge pixels repeated past it).
fn blurred(picture: &Gray, radius: usize) -> Vec<f32> {
    let (width, height) = (picture.width, picture.height);
    let across = 2 * radius + 1;
    (0..width * height)
        .map(|at| {
            let (x, y) = (at % width, at / width);
            let mut sum = 0.0;
            for dy in 0..across {
                for dx in 0..across {
                    let xx = (x + dx).saturating_sub(radius).min(width - 1);
                    let yy = (y + dy).saturating_sub(radius).min(height - 1);
                    sum += picture.at(xx, yy);
                }
            }
            sum / (across * across) as f32
        })
        .collect()
}

/// What a phone's camera does to a board on a screen, for `--photos`:
/// the board a little skewed (the finder's upright box then misses its
/// corners by up to a sixth of a square), moiré (the screen's pixel grid
/// beating with the camera's: stripes across every square, which a
/// network never shown them reads as a rook's or a pawn's outline), glare
/// (a broad bright patch that washes a black piece towards the square
/// behind it), light falling off across the screen, and the blur of a
/// hand-held shot. Each comes or not by chance; `board` is where the
/// board stands. `bench/scan` measures photos of screens on them; the
/// training boards have none of it: a run trained with one board in four
/// so photographed read ChessVision's phone crops better, but hatched
/// books' white queens as Black's and celtic's black king as a rook
/// (bench/history.md, 2026-12-01).
fn photographed(random: &mut Random, picture: Gray, board: BoardBox) -> Gray {
    let (width, height) = (picture.width, picture.height);
    let square = board.width / 8.0;
    // Each corner of the board moved on its own; every pixel moved by
    // the corners' moves, weighed by how near it lies to each.
    let skew = if random.chance(0.6) { 1.0 / 6.0 } else { 0.0 };
    let moves: [(f32, f32); 4] = std::array::from_fn(|_| {
        let mut off = || random.range(-skew, skew) * square;
        (off(), off())
    });
    let moire = random.chance(0.6).then(|| {
        // Stripes nearly upright or nearly level, 3 to 12 pixels apart,
        // their strength beating along them.
        let upright = random.chance(0.5);
        let angle = random.range(-0.25, 0.25) + if upright { 0.0 } else { FRAC_PI_2 };
        let period = random.range(3.0, 12.0);
        let beat = random.range(2.0, 8.0) * square;
        let strength = random.range(0.03, 0.15);
        let phase = random.range(0.0, TAU);
        (angle.cos(), angle.sin(), period, beat, strength, phase)
    });
    let glare = random.chance(0.5).then(|| {
        let (x, y) = (
            random.range(0.0, width as f32),
            random.range(0.0, height as f32),
        );
        let spread = random.range(0.1, 0.4) * board.width;
        (x, y, spread, random.range(0.2, 0.6))
    });
    let falloff = random
        .chance(0.5)
        .then(|| (random.range(0.0, TAU), random.range(0.6, 1.0)));
    let mut photo = Gray {
        width,
        height,
        pixels: (0..width * height)
            .map(|at| {
                let (x, y) = ((at % width) as f32, (at / width) as f32);
                let u = ((x - board.left) / board.width).clamp(0.0, 1.0);
                let v = ((y - board.top) / board.height).clamp(0.0, 1.0);
                let weights = [(1.0 - u) * (1.0 - v), u * (1.0 - v), u * v, (1.0 - u) * v];
                let (mut dx, mut dy) = (0.0, 0.0);
                for (weight, (mx, my)) in weights.iter().zip(moves) {
                    dx += weight * mx;
                    dy += weight * my;
                }
                let mut level = picture.sample(x + dx, y + dy);
                if let Some((cos, sin, period, beat, strength, phase)) = moire {
                    let across = x * cos + y * sin;
                    let along = y * cos - x * sin;
                    let swing = 0.5 + 0.5 * (along * TAU / beat).sin();
                    level += strength * swing * (across * TAU / period + phase).sin();
                }
                if let Some((gx, gy, spread, strength)) = glare {
                    let far = ((x - gx).powi(2) + (y - gy).powi(2)) / (2.0 * spread * spread);
                    level += (1.0 - level) * strength * (-far).exp();
                }
                if let Some((angle, least)) = falloff {
                    let along = (u - 0.5) * angle.cos() + (v - 0.5) * angle.sin();
                    level *= least + (1.0 - least) * (0.5 + along).clamp(0.0, 1.0);
                }
                level.clamp(0.0, 1.0)
            })
            .collect(),
        colours: Vec::new(),
    };
    if random.chance(0.5) {
        photo.pixels = blurred(&photo, 1 + random.below(2));
    }
    photo
}

/// A shipped set by name, or a folder of twelve drawings (`wP.svg` ...
/// `bK.svg`), as `tools/scan_fonts.py` writes them from fonts.
fn piece_set(name: &str) -> PieceSet {
    if let Some(set) = PieceSet::named(name) {
        return set;
    }
    let texts = fenkit_diagrams::piece_order().map(|(_, stem)| {
        std::fs::read_to_string(std::path::Path::new(name).join(format!("{stem}.svg")))
            .unwrap_or_else(|error| panic!("no piece set or folder {name}: {error}"))
    });
    PieceSet::from_svgs(name, texts).unwrap_or_else(|error| panic!("{error}"))
}

/// A record's 64 contents in picture order (rank 8 first, White below).
fn contents_of(record: &str) -> [Option<Piece>; 64] {
    let fen: shakmaty::fen::Fen = record
        .trim()
        .parse()
        .unwrap_or_else(|error| panic!("{record:?} is no FEN record: {error}"));
    let board = fen.as_setup().board.clone();
    std::array::from_fn(|index| {
        let (row, column) = ((index / 8) as u32, (index % 8) as u32);
        board.piece_at(Square::from_coords(File::new(column), Rank::new(7 - row)))
    })
}

/// The looks [`write_pictures`] draws positions in.
#[derive(Clone, Copy, PartialEq)]
enum Look {
    /// `--books`: a book's (white paper, hatched dark squares, ink and
    /// print as `degrade` leaves them).
    Book,
    /// `--drawn`: any look of a screen or a book, as training draws them.
    Drawn,
    /// `--photos`: any look of a screen or a book, then photographed off
    /// a screen ([`photographed`]).
    Photo,
}

/// `--books DIR SEED SET[,SET...]`, `--drawn` and `--photos`:
/// each FEN record of standard input drawn in `look` with one of the
/// sets, written to DIR/PLACEMENT.png (ranks joined by `-`, as
/// `examples/measure` reads the real diagrams' names). bench/scan
/// measures `fen scan` on them: the looks of books and of photos of
/// screens, in sets held out of training and in sets trained on.
/// `flat` draws screens as [`board`] says: the pictures `bench/scan`
/// drew before wood and move hints, byte for byte.
fn write_pictures(look: Look, flat: bool, dir: &str, seed: &str, sets: &str) {
    let mut random = Random(seed.parse().expect("SEED is a number"));
    let sets: Vec<PieceSet> = sets.split(',').map(piece_set).collect();
    std::fs::create_dir_all(dir).expect("DIR can be made");
    for record in std::io::stdin().lines() {
        let record = record.expect("standard input is text");
        let given = Some(contents_of(&record));
        let (svg, _) = board(&mut random, &sets, given, look == Look::Book, flat);
        let side = random.range(200.0, 480.0) as u32;
        let margin = 8 + random.below(16) as u32;
        let mut picture = degrade(&mut random, rasterize(&svg, side, margin));
        if look == Look::Photo {
            let board = BoardBox {
                left: margin as f32,
                top: margin as f32,
                width: side as f32,
                height: side as f32,
            };
            picture = photographed(&mut random, picture, board);
        }
        let levels = picture.pixels.iter();
        let levels = levels.map(|level| (level * 255.0).round() as u8).collect();
        let (width, height) = (picture.width as u32, picture.height as u32);
        let placement = record.split_whitespace().next().unwrap_or_default();
        let path = std::path::Path::new(dir).join(format!("{}.png", placement.replace('/', "-")));
        image::GrayImage::from_raw(width, height, levels)
            .expect("a level a pixel")
            .save(path)
            .expect("DIR can be written");
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `--flat-screens` first: screens with no wood and no move hints,
    // drawn as before they were (training boards, or `--drawn` and
    // `--photos` pictures).
    let flat = args.first().is_some_and(|first| first == "--flat-screens");
    if flat {
        args.remove(0);
    }
    if let [mode, dir, seed, sets] = args.as_slice() {
        match mode.as_str() {
            "--books" => return write_pictures(Look::Book, flat, dir, seed, sets),
            "--drawn" => return write_pictures(Look::Drawn, flat, dir, seed, sets),
            "--photos" => return write_pictures(Look::Photo, flat, dir, seed, sets),
            _ => {}
        }
    }
    let [out, boards, seed, sets] = args.as_slice() else {
        eprintln!("usage: training_set [--flat-screens] OUT BOARDS SEED SET[,SET...]");
        eprintln!("       training_set [--flat-screens] --books DIR SEED SET[,SET...] < RECORDS");
        eprintln!("       training_set [--flat-screens] --drawn DIR SEED SET[,SET...] < RECORDS");
        eprintln!("       training_set [--flat-screens] --photos DIR SEED SET[,SET...] < RECORDS");
        std::process::exit(2);
    };
    let boards: usize = boards.parse().expect("BOARDS is a number");
    let mut random = Random(seed.parse().expect("SEED is a number"));
    let sets: Vec<PieceSet> = sets.split(',').map(piece_set).collect();
    let mut file = std::io::BufWriter::new(std::fs::File::create(out).expect("OUT can be written"));
    for _ in 0..boards {
        let (svg, contents) = if random.chance(0.3) {
            diagram(&mut random, &sets)
        } else {
            board(&mut random, &sets, None, false, flat)
        };
        let side = random.range(150.0, 560.0) as u32;
        let margin = random.below(12) as u32;
        let picture = degrade(&mut random, rasterize(&svg, side, margin));
        // The finder's box is off by up to a tenth of a square at each edge.
        let square = side as f32 / 8.0;
        let mut off = || random.range(-0.1, 0.1) * square;
        let left = margin as f32 + off();
        let top = margin as f32 + off();
        let board = BoardBox {
            left,
            top,
            width: side as f32 + margin as f32 + off() - left,
            height: side as f32 + margin as f32 + off() - top,
        };
        for (levels, content) in squares(&picture, board).iter().zip(contents) {
            let mut record = [0u8; 1 + SIDE * SIDE];
            record[0] = class(content);
            for (byte, level) in record[1..].iter_mut().zip(levels) {
                *byte = (level * 255.0).round() as u8;
            }
            file.write_all(&record).expect("OUT can be written");
        }
    }
    file.flush().expect("OUT can be written");
}
