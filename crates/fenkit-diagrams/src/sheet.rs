//! Printable sheets: pages of diagrams in a grid, each captioned with its
//! label and whose move it is, and pages of answers, as SVG documents one
//! a page, in points (1/72 inch), for a PDF (`pdf.rs`), a web page, or a
//! printer.

use std::{fmt::Write, str::FromStr};

use shakmaty::{Color, Setup, Square};

use super::{
    BadOption, Diagram,
    glyphs::{self, Anchor},
    svg,
};

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

    /// Page `number` (from 1) with `cells` (at most [`per_page`](Sheet::per_page)) as an SVG
    /// document in points.
    pub fn page(&self, cells: &[Cell], number: usize) -> String {
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
            let drawn = svg(
                &cell.setup,
                &diagram.clone().with_problems(cell.problems.clone()),
            );
            let drawn_height = drawn_height(&drawn).unwrap_or(side);
            let _ = write!(page, r#"<g transform="translate({x} {y})">{drawn}</g>"#);
            let mover = match cell.setup.turn {
                Color::White => "White to play",
                Color::Black => "Black to play",
            };
            // A number reads "12. White to play", an id "WAC.001: White to play".
            let numbered = cell.label.bytes().all(|b| b.is_ascii_digit());
            let after = if numbered { "." } else { ":" };
            let caption = format!("{}{after} {mover}", cell.label);
            let baseline = y + drawn_height + 13.0;
            glyphs::write_text(
                &mut page,
                &caption,
                (x + side / 2.0, baseline),
                11.0,
                Anchor::Middle,
                "#000",
            );
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
    /// [`answers_per_page`](Sheet::answers_per_page) of them. A page at a
    /// time, so that a long sheet's answers never all lie drawn at once.
    pub fn answer_page(&self, answers: &[(String, String)], number: usize) -> String {
        let mut page = self.open(number);
        let top = self.top();
        glyphs::write_text(
            &mut page,
            "Answers",
            (MARGIN, top + 16.0),
            15.0,
            Anchor::Start,
            "#000",
        );
        for (line, (label, answer)) in answers.iter().take(self.answers_per_page()).enumerate() {
            let baseline = top + ANSWERS_HEADING + 12.0 + line as f32 * ANSWER_LINE;
            let after = if label.bytes().all(|b| b.is_ascii_digit()) {
                "."
            } else {
                ":"
            };
            let text = format!("{label}{after} {answer}");
            glyphs::write_text(
                &mut page,
                &text,
                (MARGIN, baseline),
                11.0,
                Anchor::Start,
                "#000",
            );
        }
        self.close(page, number)
    }

    /// A page's opening tag, its title, the white paper and the sheet's
    /// title.
    fn open(&self, number: usize) -> String {
        let (width, height) = self.paper.size();
        let mut page = String::with_capacity(64 * 1024);
        let _ = write!(
            page,
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
        );
        let title = self.title.as_deref().unwrap_or("Chess positions");
        let _ = write!(page, "<title>{}, page {number}</title>", escaped(title));
        let _ = write!(
            page,
            r##"<rect width="{width}" height="{height}" fill="#fff"/>"##
        );
        if let Some(title) = &self.title {
            let at = (width / 2.0, MARGIN + 16.0);
            glyphs::write_text(&mut page, title, at, 16.0, Anchor::Middle, "#000");
        }
        page
    }

    /// The page number at the foot, and the closing tag.
    fn close(&self, mut page: String, number: usize) -> String {
        let (width, height) = self.paper.size();
        let at = (width / 2.0, height - MARGIN + 4.0);
        glyphs::write_text(
            &mut page,
            &number.to_string(),
            at,
            10.0,
            Anchor::Middle,
            "#555",
        );
        page.push_str("</svg>\n");
        page
    }
}

/// The height a diagram's SVG document asks for, in its pixels (which the
/// page takes as points).
fn drawn_height(svg: &str) -> Option<f32> {
    let open = &svg[..svg.find('>')?];
    let start = open.find(" height=\"")? + " height=\"".len();
    let end = start + open[start..].find('"')?;
    open[start..end].parse().ok()
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
