//! A PDF written a page at a time: each page a laid-out [`Page`] of a
//! [`Sheet`](crate::Sheet), its diagrams turned into PDF objects by
//! svg2pdf and its text set in DejaVu Sans Bold, handed back as bytes to
//! append, so that a sheet of ten thousand diagrams never holds more than
//! one page. The page tree, the font (only the glyphs the pages used,
//! cut by the subsetter crate), the document's structure, the catalog and
//! the cross-reference table come at the end, from what was kept.
//!
//! The PDF is tagged, so that it can be searched, copied and read aloud:
//! its text is text (with a map back to Unicode), each diagram a figure
//! whose alternate text is its caption and the position in words, each
//! caption, heading and answer a paragraph or heading in reading order,
//! the page numbers marked as page furniture; its language English.

use std::collections::HashMap;

use pdf_writer::{
    Chunk, Content, Filter, Finish, Name, Rect, Ref, Str, TextStr,
    types::{ArtifactType, StructRole, TabOrder},
    writers::{Catalog, DocumentInfo},
};
use svg2pdf::usvg;

use shakmaty::{Piece, Setup};

use crate::{Anchor, Diagram, Page, Part, PieceSet, TextRole};

mod font;

use font::Font;

/// A PDF being written: call [`page`](Pdf::page) for each page in order,
/// appending what each returns after [`HEADER`](Pdf::HEADER), then
/// [`finish`](Pdf::finish).
///
/// ```
/// use fenkit_diagrams::{Cell, Pdf, Sheet};
///
/// let sheet = Sheet::new(4).expect("4 a page");
/// let cell = Cell { setup: shakmaty::Setup::initial(), label: "1".into(), problems: vec![] };
/// let mut pdf = Pdf::new("Openings");
/// let mut bytes = Pdf::HEADER.to_vec();
/// bytes.extend(pdf.page(&sheet.layout(&[cell], 1))?);
/// bytes.extend(pdf.finish()?);
/// assert!(bytes.starts_with(b"%PDF-1.7") && bytes.ends_with(b"%%EOF\n"));
/// # Ok::<_, fenkit_diagrams::RenderError>(())
/// ```
pub struct Pdf {
    /// The document's title.
    title: String,
    /// Bytes written so far, header included: where the next object
    /// starts.
    written: usize,
    /// Each object's offset, by its number less one.
    offsets: Vec<usize>,
    pages: Vec<Ref>,
    /// Every structure element written, in reading order, and each
    /// page's list of its own: all the structure tree needs at the end.
    elements: Vec<Ref>,
    by_page: Vec<Ref>,
    /// The font the text is set in, and the glyphs used so far.
    font: Font,
    /// Each piece's drawing, by its set's name and the piece's index:
    /// written once, with the page that first needed it.
    piece_drawings: HashMap<(String, usize), Ref>,
    /// Layers drawn (boards, highlights, what lies over the pieces), by
    /// their SVG documents.
    layers: HashMap<String, Ref>,
}

/// Where a figure goes on its page: its top left corner and size, in
/// points from the page's top left corner, and the page's height (a PDF
/// counts from the bottom).
#[derive(Copy, Clone)]
struct Placed {
    at: (f32, f32),
    size: (f32, f32),
    page_height: f32,
}

/// One marked piece of a page's content, as the structure tree holds it.
struct Tagged {
    role: StructRole,
    /// A figure's alternate text.
    alt: Option<String>,
}

/// The catalog, the page tree, the font, the structure tree's root and
/// its document element: numbered first (pages name them), written last.
const CATALOG: Ref = Ref::new(1);
const PAGE_TREE: Ref = Ref::new(2);
const FONT_REF: Ref = Ref::new(3);
const STRUCTURE: Ref = Ref::new(4);
const DOCUMENT: Ref = Ref::new(5);

impl Pdf {
    /// The file's first bytes: the version, and a comment of bytes above
    /// 127 that tells transfer programs the file is binary.
    pub const HEADER: &'static [u8] = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";

    /// A PDF called `title` (its viewers show the title, not the file's
    /// name).
    pub fn new(title: &str) -> Pdf {
        Pdf {
            title: title.to_string(),
            written: Pdf::HEADER.len(),
            offsets: vec![0; 5],
            pages: Vec::new(),
            elements: Vec::new(),
            by_page: Vec::new(),
            font: Font::new(),
            piece_drawings: HashMap::new(),
            layers: HashMap::new(),
        }
    }

    fn next_ref(&mut self) -> Ref {
        self.offsets.push(0);
        Ref::new(self.offsets.len() as i32)
    }

    /// The objects of one more page: its diagrams, its text and the
    /// marks that tie both to the document's structure.
    pub fn page(&mut self, page: &Page) -> Result<Vec<u8>, crate::RenderError> {
        let (width, height) = page.size;
        let mut chunk = Chunk::new();
        let (page_ref, content_ref) = (self.next_ref(), self.next_ref());
        let mut content = Content::new();
        let mut drawings = Vec::new();
        let mut tagged = Vec::new();
        for part in &page.parts {
            match part {
                Part::Figure {
                    setup,
                    diagram,
                    at,
                    size,
                    words,
                } => {
                    content
                        .begin_marked_content_with_properties(Name(b"Figure"))
                        .properties()
                        .identify(tagged.len() as i32);
                    let placed = Placed {
                        at: *at,
                        size: *size,
                        page_height: height,
                    };
                    self.figure(
                        setup,
                        diagram,
                        placed,
                        &mut chunk,
                        &mut content,
                        &mut drawings,
                    )?;
                    content.end_marked_content();
                    tagged.push(Tagged {
                        role: StructRole::Figure,
                        alt: Some(words.clone()),
                    });
                }
                Part::Text {
                    text,
                    at: (x, y),
                    size,
                    anchor,
                    fill,
                    role,
                } => {
                    let glyphs = self.font.glyphs_of(text);
                    let start = match anchor {
                        Anchor::Start => *x,
                        Anchor::Middle => x - crate::glyphs::width(text, *size) / 2.0,
                        Anchor::End => x - crate::glyphs::width(text, *size),
                    };
                    let role = match role {
                        TextRole::Heading => Some(StructRole::H1),
                        TextRole::Caption | TextRole::Answer => Some(StructRole::P),
                        TextRole::PageNumber => None,
                    };
                    match role {
                        Some(role) => {
                            let tag = if role == StructRole::H1 {
                                &b"H1"[..]
                            } else {
                                b"P"
                            };
                            content
                                .begin_marked_content_with_properties(Name(tag))
                                .properties()
                                .identify(tagged.len() as i32);
                            tagged.push(Tagged { role, alt: None });
                        }
                        None => {
                            content
                                .begin_marked_content_with_properties(Name(b"Artifact"))
                                .properties()
                                .artifact()
                                .kind(ArtifactType::Pagination);
                        }
                    }
                    let [r, g, b] = gray_rgb(fill);
                    content
                        .begin_text()
                        .set_font(Name(b"F"), *size)
                        .set_fill_rgb(r, g, b)
                        .next_line(start, height - y)
                        .show(Str(&glyphs))
                        .end_text()
                        .end_marked_content();
                }
            }
        }
        let mut page_writer = chunk.page(page_ref);
        page_writer
            .media_box(Rect::new(0.0, 0.0, width, height))
            .parent(PAGE_TREE)
            .contents(content_ref)
            .struct_parents(self.pages.len() as i32)
            .tab_order(TabOrder::StructureOrder);
        let mut resources = page_writer.resources();
        resources.fonts().pair(Name(b"F"), FONT_REF);
        let mut objects = resources.x_objects();
        for (name, drawing) in &drawings {
            objects.pair(Name(name.as_bytes()), *drawing);
        }
        objects.finish();
        resources.finish();
        page_writer.finish();
        chunk
            .stream(content_ref, &deflated(&content.finish()))
            .filter(Filter::FlateDecode);
        self.pages.push(page_ref);
        self.tag_page(page_ref, &tagged, &mut chunk);
        let bytes = chunk.as_bytes().to_vec();
        self.note_offsets(&chunk, &bytes)?;
        Ok(bytes)
    }

    /// A diagram drawn in layers: the board, the highlights, each piece,
    /// what lies over the pieces. Each piece's drawing is one form XObject
    /// for the whole document, placed wherever the piece stands, so that
    /// a sheet holds each drawing once instead of once a piece.
    fn figure(
        &mut self,
        setup: &Setup,
        diagram: &Diagram,
        placed: Placed,
        chunk: &mut Chunk,
        content: &mut Content,
        drawings: &mut Vec<(String, Ref)>,
    ) -> Result<(), crate::RenderError> {
        let layers = crate::svg::layers(setup, diagram);
        let ((x, y), (width, height)) = (placed.at, placed.size);
        let mut place = |reference: Ref, transform: [f32; 6], content: &mut Content| {
            let name = format!("X{}", reference.get());
            if !drawings.iter().any(|(drawn, _)| *drawn == name) {
                drawings.push((name.clone(), reference));
            }
            content
                .save_state()
                .transform(transform)
                .x_object(Name(name.as_bytes()))
                .restore_state();
        };
        let whole = [width, 0.0, 0.0, height, x, placed.page_height - y - height];
        let under = [Some(&layers.board), layers.highlights.as_ref()];
        for layer in under.into_iter().flatten() {
            let drawing = self.layer(layer, chunk)?;
            place(drawing, whole, content);
        }
        // The drawing fills its box as SVG's default `xMidYMid meet` does.
        let (view_width, view_height) = layers.view;
        let scale = (width / view_width).min(height / view_height);
        let left = x + (width - view_width * scale) / 2.0;
        let top = y + (height - view_height * scale) / 2.0;
        let side = crate::svg::SQUARE * scale;
        for (piece, (piece_x, piece_y)) in layers.pieces {
            let drawing = self.piece(&diagram.pieces, piece, chunk)?;
            let bottom = placed.page_height - (top + piece_y * scale) - side;
            place(
                drawing,
                [side, 0.0, 0.0, side, left + piece_x * scale, bottom],
                content,
            );
        }
        if let Some(over) = &layers.over {
            let drawing = self.layer(over, chunk)?;
            place(drawing, whole, content);
        }
        Ok(())
    }

    /// The form XObject of a layer's SVG document, made the first time it
    /// is met: the boards of a sheet are nearly all alike (the same
    /// squares and coordinates), and are written once.
    fn layer(&mut self, svg: &str, chunk: &mut Chunk) -> Result<Ref, crate::RenderError> {
        if let Some(drawn) = self.layers.get(svg) {
            return Ok(*drawn);
        }
        let drawn = self.drawing(svg, chunk)?;
        // A sheet's boards differ only where a diagram shows more than
        // the board (a crossed-out square, a highlight): the cache is
        // emptied rather than let grow with such.
        if self.layers.len() >= 64 {
            self.layers.clear();
        }
        self.layers.insert(svg.to_string(), drawn);
        Ok(drawn)
    }

    /// The form XObject of `piece` in `set`, made the first time it is
    /// asked for.
    fn piece(
        &mut self,
        set: &PieceSet,
        piece: Piece,
        chunk: &mut Chunk,
    ) -> Result<Ref, crate::RenderError> {
        let key = (set.name().to_string(), crate::pieces::index(piece));
        if let Some(drawn) = self.piece_drawings.get(&key) {
            return Ok(*drawn);
        }
        let drawn = self.drawing(set.piece_svg(piece), chunk)?;
        self.piece_drawings.insert(key, drawn);
        Ok(drawn)
    }

    /// An SVG document as a form XObject in `chunk` filling the unit
    /// square, its objects numbered after those before: its number.
    fn drawing(&mut self, svg: &str, chunk: &mut Chunk) -> Result<Ref, crate::RenderError> {
        let draw = |why: String| crate::RenderError::Draw(why);
        let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
            .map_err(|err| draw(err.to_string()))?;
        let (drawing, drawing_ref) =
            svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
                .map_err(|err| draw(err.to_string()))?;
        let mut numbers = std::collections::HashMap::new();
        let drawing =
            drawing.renumber(|old| *numbers.entry(old).or_insert_with(|| self.next_ref()));
        chunk.extend(&drawing);
        Ok(numbers[&drawing_ref])
    }

    /// Where each object of `chunk` starts, kept for the cross-reference
    /// table: pdf-writer keeps its offsets to itself, and writes each
    /// object as `N 0 obj` on a line of its own, in the order `refs`
    /// gives.
    fn note_offsets(&mut self, chunk: &Chunk, bytes: &[u8]) -> Result<(), crate::RenderError> {
        let mut from = 0;
        for object in chunk.refs() {
            let opening = format!("{} 0 obj\n", object.get());
            let found = find_line(bytes, opening.as_bytes(), from).ok_or_else(|| {
                crate::RenderError::Draw(format!("object {} not found in its page", object.get()))
            })?;
            self.offsets[object.get() as usize - 1] = self.written + found;
            from = found + opening.len();
        }
        self.written += bytes.len();
        Ok(())
    }

    /// The page tree, the font, the structure tree, the catalog, the
    /// cross-reference table and the trailer.
    pub fn finish(mut self) -> Result<Vec<u8>, crate::RenderError> {
        let mut chunk = Chunk::new();
        chunk
            .pages(PAGE_TREE)
            .kids(self.pages.iter().copied())
            .count(self.pages.len() as i32);
        let refs = [
            self.next_ref(),
            self.next_ref(),
            self.next_ref(),
            self.next_ref(),
        ];
        self.font.write(FONT_REF, refs, &mut chunk)?;
        self.write_structure(&mut chunk);
        let info = self.next_ref();
        chunk
            .indirect(info)
            .start::<DocumentInfo>()
            .title(TextStr(&self.title))
            .producer(TextStr("fenkit"));
        let mut catalog = chunk.indirect(CATALOG).start::<Catalog>();
        catalog.pages(PAGE_TREE).lang(TextStr("en"));
        // The tree's root is an object of its own: its document element
        // names it as its parent.
        catalog.pair(Name(b"StructTreeRoot"), STRUCTURE);
        catalog.mark_info().marked(true);
        catalog.viewer_preferences().display_doc_title(true);
        catalog.finish();
        let mut bytes = chunk.as_bytes().to_vec();
        self.note_offsets(&chunk, &bytes)?;
        let table = self.written;
        let count = self.offsets.len() + 1;
        bytes.extend(format!("xref\n0 {count}\n0000000000 65535 f\r\n").as_bytes());
        for offset in &self.offsets {
            bytes.extend(format!("{offset:010} 00000 n\r\n").as_bytes());
        }
        bytes.extend(
            format!(
                "trailer\n<< /Size {count} /Root {} 0 R /Info {} 0 R >>\nstartxref\n{table}\n%%EOF\n",
                CATALOG.get(),
                info.get()
            )
            .as_bytes(),
        );
        Ok(bytes)
    }

    /// The structure elements of a page's marked content, written with
    /// the page (only their numbers are kept for the end): each tied to
    /// its marked content, and the page's list of them, which the tree
    /// back from the page names.
    fn tag_page(&mut self, page: Ref, marks: &[Tagged], chunk: &mut Chunk) {
        let mut on_page = Vec::with_capacity(marks.len());
        for (mark, tag) in marks.iter().enumerate() {
            let element = self.next_ref();
            let mut writer = chunk.struct_element(element);
            writer.kind(tag.role).parent(DOCUMENT).page(page);
            if let Some(alt) = &tag.alt {
                writer.alt(TextStr(alt));
            }
            writer
                .marked_content_child()
                .page(page)
                .marked_content_id(mark as i32);
            writer.finish();
            on_page.push(element);
        }
        self.elements.extend(&on_page);
        let array = self.next_ref();
        chunk.indirect(array).array().items(on_page);
        self.by_page.push(array);
    }

    /// The structure tree: a document of each page's figures, headings
    /// and paragraphs in reading order, and the tree back from each page
    /// to them.
    fn write_structure(&mut self, chunk: &mut Chunk) {
        let (root, document) = (STRUCTURE, DOCUMENT);
        let (elements, by_page) = (&self.elements, &self.by_page);
        chunk
            .struct_element(document)
            .kind(StructRole::Document)
            .parent(root)
            .children()
            .items(elements.iter().copied());
        let mut tree = chunk
            .indirect(root)
            .start::<pdf_writer::writers::StructTreeRoot>();
        tree.child(document);
        let mut parents = tree.parent_tree();
        let mut numbers = parents.nums();
        for (key, array) in by_page.iter().enumerate() {
            numbers.insert(key as i32, *array);
        }
        numbers.finish();
        parents.finish();
        tree.parent_tree_next_key(by_page.len() as i32);
        tree.finish();
    }
}

/// `bytes` compressed as a PDF's FlateDecode filter takes them.
pub(super) fn deflated(bytes: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(bytes, 6)
}

/// `#rgb` as the three fractions a PDF takes (black where unreadable).
fn gray_rgb(fill: &str) -> [f32; 3] {
    let digits: Vec<f32> = (fill.trim_start_matches('#').chars())
        .map(|c| c.to_digit(16).map_or(0.0, |d| d as f32 / 15.0))
        .collect();
    match digits[..] {
        [r, g, b] => [r, g, b],
        _ => [0.0; 3],
    }
}

/// The first place at or after `from` where `line` starts a line.
fn find_line(bytes: &[u8], line: &[u8], from: usize) -> Option<usize> {
    let mut at = from;
    while at + line.len() <= bytes.len() {
        let found = at
            + bytes[at..]
                .windows(line.len())
                .position(|window| window == line)?;
        if found == 0 || bytes[found - 1] == b'\n' {
            return Some(found);
        }
        at = found + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Cell, Sheet};

    #[test]
    fn every_object_is_where_the_table_says() {
        let sheet = Sheet::new(4).unwrap();
        let cell = Cell {
            setup: shakmaty::Setup::initial(),
            label: "1".into(),
            problems: Vec::new(),
        };
        let mut pdf = Pdf::new("Chess positions");
        let mut bytes = Pdf::HEADER.to_vec();
        for number in 1..=3 {
            bytes.extend(
                pdf.page(&sheet.layout(std::slice::from_ref(&cell), number))
                    .unwrap(),
            );
        }
        bytes.extend(pdf.finish().unwrap());
        // Every entry of the cross-reference table points at its object.
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let table = &text[text.rfind("\nxref\n").unwrap() + 1..];
        let entries: Vec<usize> = table
            .lines()
            .skip(3)
            .take_while(|line| line.ends_with(" n"))
            .map(|line| line[..10].parse().unwrap())
            .collect();
        assert!(entries.len() > 8, "{}", entries.len());
        for (index, offset) in entries.iter().enumerate() {
            let opening = format!("{} 0 obj\n", index + 1);
            assert!(
                bytes[*offset..].starts_with(opening.as_bytes()),
                "object {}",
                index + 1
            );
        }
        assert!(text.contains("/Count 3"), "three pages");
        let start: usize = text
            .rsplit("startxref\n")
            .next()
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(bytes[start..].starts_with(b"xref\n0 "));
    }
}
