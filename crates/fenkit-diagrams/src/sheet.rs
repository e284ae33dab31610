//! Printable sheets: pages of diagrams in a grid, each captioned with its
//! label and whose move it is, and pages of answers, as SVG documents one
//! a page, in points (1/72 inch), for a PDF (`pdf.rs`), a web page, or a
//! printer.

use std::{fmt::Write, str::FromStr};

use fenkit::description::Style;
use shakmaty::{Color, Setup, Square};

pub use super::glyphs::Anchor;
use super::{BadOption, Diagram, glyphs, svg};

/// The paper a sheet is printed on.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    /// 210 by 297 mm.
    #[default]
    A4,
    /// 8.5 by 11 inches.
    Letter,
}

impl Paper {
    /// Width and height in points.
    pub fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.0, 842.0),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

impl FromStr for Paper {
    type Err = BadOption;

    fn from_str(text: &str) -> Result<Paper, BadOption> {
        match text.to_ascii_lowercase().as_str() {
            "a4" => Ok(Paper::A4),
            "letter" => Ok(Paper::Letter),
            _ => Err(BadOption(format!(
                "'{text}' is not a paper size (a4 or letter)"
            ))),
        }
    }
}

/// One diagram of a sheet: a position, what it is called (its `id`, or
/// its number), and the squares to cross out.
#[derive(Clone, Debug)]
pub struct Cell {
    pub setup: Setup,
    pub label: String,
    pub problems: Vec<Square>,
}

/// A page laid out: everything on it in reading order, placed in points
/// from the top left corner. [`to_svg`](Page::to_svg) draws it as an SVG
/// document (the letters as outlines, so it looks the same everywhere);
/// [`Pdf::page`](crate::Pdf::page) writes it as real text in a font, each
/// diagram a figure with its position in words, for a PDF that can be
/// searched, copied and read aloud.
#[derive(Clone, Debug)]
pub struct Page {
    /// Width and height in points.
    pub size: (f32, f32),
    /// The page's title: the sheet's (or "Chess positions") and its number.
    pub title: String,
    pub parts: Vec<Part>,
}

/// One thing on a page.
#[derive(Clone, Debug)]
pub enum Part {
    /// A diagram: the position and how it is drawn, its top left corner
    /// and its size, and what a reader who does not see it is told (its
    /// caption, then the position as `fen describe` lists it).
    Figure {
        setup: Box<Setup>,
        diagram: Box<Diagram>,
        at: (f32, f32),
        size: (f32, f32),
        words: String,
    },
    /// A line of text, on its baseline at `at`.
    Text {
        text: String,
        at: (f32, f32),
        size: f32,
        anchor: Anchor,
        /// Its colour, `#rgb`.
        fill: &'static str,
        role: TextRole,
    },
}

/// What a line of text is to the document.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TextRole {
    /// The sheet's title, or the heading of the answers.
    Heading,
    /// A diagram's caption ("12. White to play").
    Caption,
    /// An answer's line.
    Answer,
    /// The page number: furniture, not content.
    PageNumber,
}

impl Page {
    /// The page as an SVG document in points.
    pub fn to_svg(&self) -> String {
        let (width, height) = self.size;
        let mut page = String::with_capacity(64 * 1024);
        let _ = write!(
            page,
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
        );
        let _ = write!(page, "<title>{}</title>", escaped(&self.title));
        let _ = write!(
            page,
            r##"<rect width="{width}" height="{height}" fill="#fff"/>"##
        );
        for part in &self.parts {
            match part {
                Part::Figure {
                    setup,
                    diagram,
                    at: (x, y),
                    ..
                } => {
                    let drawn = svg(setup, diagram);
                    let _ = write!(page, r#"<g transform="translate({x} {y})">{drawn}</g>"#);
                }
                Part::Text {
                    text,
                    at,
                    size,
                    anchor,
                    fill,
                    ..
                } => glyphs::write_text(&mut page, text, *at, *size, *anchor, fill),
            }
        }
        page.push_str("</svg>\n");
        page
    }
}

/// How a sheet is laid out: the paper, diagrams a page (4, 6, 9 or 12),
/// a title over each page, and how each diagram looks.
///
/// ```
/// use fenkit_diagrams::{Cell, Diagram, Sheet};
///
/// let sheet = Sheet::new(6).expect("6 a page").with_title(Some("Mates in one".into()));
/// let cell = Cell { setup: shakmaty::Setup::initial(), label: "1".into(), problems: vec![] };
/// let page = sheet.page(&[cell], 1);
/// assert!(page.starts_with("<svg") && page.contains("<title>Mates in one, page 1</title>"));
/// ```
#[derive(Clone, Debug)]
pub struct Sheet {
    pub paper: Paper,
    per_page: usize,
    pub title: Option<String>,
    pub diagram: Diagram,
}

const MARGIN: f32 = 36.0;
const TITLE: f32 = 30.0;
const FOOTER: f32 = 20.0;
const CAPTION: f32 = 18.0;
const ANSWER_LINE: f32 = 15.0;
const ANSWERS_HEADING: f32 = 28.0;

impl Sheet {
    /// The sheet layouts: diagrams a page, and their columns.
    pub const PER_PAGE: [(usize, usize); 4] = [(4, 2), (6, 2), (9, 3), (12, 3)];

    /// A sheet of `per_page` diagrams a page (4, 6, 9 or 12), A4, no
    /// title, default diagrams without coordinates in the margin.
    pub fn new(per_page: usize) -> Option<Sheet> {
        Sheet::PER_PAGE
            .iter()
            .find(|(count, _)| *count == per_page)?;
        Some(Sheet {
            paper: Paper::A4,
            per_page,
            title: None,
            diagram: Diagram::default(),
        })
    }

    /// This sheet with a title over each page.
    pub fn with_title(self, title: Option<String>) -> Sheet {
        Sheet { title, ..self }
    }

    /// This sheet on `paper`.
    pub fn with_paper(self, paper: Paper) -> Sheet {
        Sheet { paper, ..self }
    }

    /// This sheet with its diagrams drawn like `diagram` (its size is the
    /// sheet's to choose).
    pub fn with_diagram(self, diagram: Diagram) -> Sheet {
        Sheet { diagram, ..self }
    }

    /// Diagrams a page.
    pub fn per_page(&self) -> usize {
        self.per_page
    }

    fn columns(&self) -> usize {
        Sheet::PER_PAGE
            .iter()
            .find(|(count, _)| *count == self.per_page)
            .map_or(2, |(_, columns)| *columns)
    }

    /// The page's top, under the title if there is one.
    fn top(&self) -> f32 {
        MARGIN + if self.title.is_some() { TITLE } else { 0.0 }
    }

    /// Page `number` (from 1) with `cells` (at most
    /// [`per_page`](Sheet::per_page)) as an SVG document in points.
    pub fn page(&self, cells: &[Cell], number: usize) -> String {
        self.layout(cells, number).to_svg()
    }

    /// Page `number` (from 1) with `cells` (at most
    /// [`per_page`](Sheet::per_page)), laid out.
    pub fn layout(&self, cells: &[Cell], number: usize) -> Page {
        let (width, height) = self.paper.size();
        let mut page = self.open(number);
        let columns = self.columns();
        let rows = self.per_page.div_ceil(columns);
        let cell_width = (width - 2.0 * MARGIN) / columns as f32;
        let cell_height = (height - self.top() - MARGIN - FOOTER) / rows as f32;
        // The board square, with room for its caption and a gap; a
        // diagram with coordinates outside is a little taller than wide.
        let side = (cell_width - 14.0).min((cell_height - CAPTION - 14.0) / 1.05);
        let diagram = self.diagram.clone().with_size(side.floor() as u32);
        for (index, cell) in cells.iter().take(self.per_page).enumerate() {
            let (column, row) = (index % columns, index / columns);
            let x = MARGIN + column as f32 * cell_width + (cell_width - side) / 2.0;
            let y = self.top() + row as f32 * cell_height + 4.0;
            let drawn = diagram.clone().with_problems(cell.problems.clone());
            let (drawn_width, drawn_height) = crate::svg::size(&cell.setup, &drawn);
            let mover = match cell.setup.turn {
                Color::White => "White to play",
                Color::Black => "Black to play",
            };
            // A number reads "12. White to play", an id "WAC.001: White to play".
            let numbered = cell.label.bytes().all(|b| b.is_ascii_digit());
            let after = if numbered { "." } else { ":" };
            let caption = format!("{}{after} {mover}", cell.label);
            let listed = fenkit::description::describe(&cell.setup, None, Style::List);
            let listed: Vec<&str> = listed.lines().collect();
            page.parts.push(Part::Figure {
                setup: Box::new(cell.setup.clone()),
                diagram: Box::new(drawn),
                at: (x, y),
                size: (drawn_width, drawn_height),
                words: format!("{caption}. {}.", listed.join(". ")),
            });
            page.parts.push(Part::Text {
                text: caption,
                at: (x + side / 2.0, y + drawn_height + 13.0),
                size: 11.0,
                anchor: Anchor::Middle,
                fill: "#000",
                role: TextRole::Caption,
            });
        }
        self.close(page, number)
    }

    /// How many answers a page of answers holds.
    pub fn answers_per_page(&self) -> usize {
        let (_, height) = self.paper.size();
        let room = height - self.top() - MARGIN - FOOTER - ANSWERS_HEADING;
        ((room / ANSWER_LINE).floor() as usize).max(1)
    }

    /// Page `number` of answers: `(label, answer)` in order, at most
    /// [`answers_per_page`](Sheet::answers_per_page) of them, as an SVG
    /// document. A page at a time, so that a long sheet's answers never
    /// all lie drawn at once.
    pub fn answer_page(&self, answers: &[(String, String)], number: usize) -> String {
        self.answer_layout(answers, number).to_svg()
    }

    /// Page `number` of answers, laid out.
    pub fn answer_layout(&self, answers: &[(String, String)], number: usize) -> Page {
        let mut page = self.open(number);
        let top = self.top();
        page.parts.push(Part::Text {
            text: "Answers".into(),
            at: (MARGIN, top + 16.0),
            size: 15.0,
            anchor: Anchor::Start,
            fill: "#000",
            role: TextRole::Heading,
        });
        for (line, (label, answer)) in answers.iter().take(self.answers_per_page()).enumerate() {
            let baseline = top + ANSWERS_HEADING + 12.0 + line as f32 * ANSWER_LINE;
            let after = if label.bytes().all(|b| b.is_ascii_digit()) {
                "."
            } else {
                ":"
            };
            page.parts.push(Part::Text {
                text: format!("{label}{after} {answer}"),
                at: (MARGIN, baseline),
                size: 11.0,
                anchor: Anchor::Start,
                fill: "#000",
                role: TextRole::Answer,
            });
        }
        self.close(page, number)
    }

    /// A page with its title and the sheet's title over it.
    fn open(&self, number: usize) -> Page {
        let (width, _) = self.paper.size();
        let title = self.title.as_deref().unwrap_or("Chess positions");
        let mut page = Page {
            size: self.paper.size(),
            title: format!("{title}, page {number}"),
            parts: Vec::new(),
        };
        if let Some(title) = &self.title {
            page.parts.push(Part::Text {
                text: title.clone(),
                at: (width / 2.0, MARGIN + 16.0),
                size: 16.0,
                anchor: Anchor::Middle,
                fill: "#000",
                role: TextRole::Heading,
            });
        }
        page
    }

    /// The page number at the foot.
    fn close(&self, mut page: Page, number: usize) -> Page {
        let (width, height) = self.paper.size();
        page.parts.push(Part::Text {
            text: number.to_string(),
            at: (width / 2.0, height - MARGIN + 4.0),
            size: 10.0,
            anchor: Anchor::Middle,
            fill: "#555",
            role: TextRole::PageNumber,
        });
        page
    }
}

/// `text` safe inside an SVG element.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(label: &str) -> Cell {
        Cell {
            setup: Setup::initial(),
            label: label.into(),
            problems: Vec::new(),
        }
    }

    #[test]
    fn a_page_holds_its_diagrams_in_a_grid_each_captioned() {
        for (per_page, _) in Sheet::PER_PAGE {
            let sheet = Sheet::new(per_page).unwrap();
            let cells: Vec<Cell> = (1..=per_page + 2).map(|n| cell(&n.to_string())).collect();
            let page = sheet.page(&cells, 3);
            assert_eq!(
                page.matches("<g transform=\"translate(").count(),
                per_page,
                "{per_page}"
            );
            let tree =
                resvg::usvg::Tree::from_str(&page, &resvg::usvg::Options::default()).unwrap();
            assert_eq!(tree.size().width(), 595.0);
            // Every diagram lies on the paper.
            let bounds = tree.root().abs_bounding_box();
            assert!(
                bounds.right() <= 595.0 && bounds.bottom() <= 842.0,
                "{per_page}: {bounds:?}"
            );
        }
        assert!(Sheet::new(5).is_none());
    }

    #[test]
    fn a_page_of_answers_holds_a_line_each_up_to_its_room() {
        let sheet = Sheet::new(9).unwrap().with_paper(Paper::Letter);
        let answers: Vec<(String, String)> = (1..=120)
            .map(|n| (n.to_string(), "Qxf7#".to_string()))
            .collect();
        let per_page = sheet.answers_per_page();
        assert!((30..60).contains(&per_page), "{per_page}");
        let page = sheet.answer_page(&answers, 14);
        assert!(page.contains("<title>Chess positions, page 14</title>"));
        // A line of text (a group of letters) for the heading and each
        // answer that fits, and the page number.
        let lines = page.matches("<g fill=\"#000\">").count();
        assert_eq!(lines, 1 + per_page);
        assert_eq!("Letter".parse::<Paper>(), Ok(Paper::Letter));
        assert!("A5".parse::<Paper>().is_err());
    }
}
