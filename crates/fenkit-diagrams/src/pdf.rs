//! A PDF written a page at a time: each page an SVG document (a
//! [`Sheet`](crate::Sheet)'s), turned into PDF objects by svg2pdf and
//! handed back as bytes to append, so that a sheet of ten thousand
//! diagrams never holds more than one page. The page tree, the catalog and
//! the cross-reference table come at the end, from the offsets kept.

use pdf_writer::{Chunk, Content, Name, Rect, Ref};
use svg2pdf::usvg;

/// A PDF being written: call [`page`](Pdf::page) for each page in order,
/// appending what each returns after [`HEADER`](Pdf::HEADER), then
/// [`finish`](Pdf::finish).
///
/// ```
/// use fenkit_diagrams::{Cell, Pdf, Sheet};
///
/// let sheet = Sheet::new(4).expect("4 a page");
/// let cell = Cell { setup: shakmaty::Setup::initial(), label: "1".into(), problems: vec![] };
/// let mut pdf = Pdf::new();
/// let mut bytes = Pdf::HEADER.to_vec();
/// bytes.extend(pdf.page(&sheet.page(&[cell], 1))?);
/// bytes.extend(pdf.finish());
/// assert!(bytes.starts_with(b"%PDF-1.7") && bytes.ends_with(b"%%EOF\n"));
/// # Ok::<_, fenkit_diagrams::RenderError>(())
/// ```
pub struct Pdf {
    /// Bytes written so far, header included: where the next object
    /// starts.
    written: usize,
    /// Each object's offset, by its number less one.
    offsets: Vec<usize>,
    pages: Vec<Ref>,
}

/// The catalog and the page tree: numbered first, written last.
const CATALOG: Ref = Ref::new(1);
const PAGE_TREE: Ref = Ref::new(2);

impl Default for Pdf {
    fn default() -> Pdf {
        Pdf::new()
    }
}

impl Pdf {
    /// The file's first bytes: the version, and a comment of bytes above
    /// 127 that tells transfer programs the file is binary.
    pub const HEADER: &'static [u8] = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";

    pub fn new() -> Pdf {
        Pdf {
            written: Pdf::HEADER.len(),
            offsets: vec![0, 0],
            pages: Vec::new(),
        }
    }

    fn next_ref(&mut self) -> Ref {
        self.offsets.push(0);
        Ref::new(self.offsets.len() as i32)
    }

    /// The objects of one more page, drawn from the SVG document `svg`
    /// and filling the page (its size in points is the document's).
    pub fn page(&mut self, svg: &str) -> Result<Vec<u8>, crate::RenderError> {
        let draw = |why: String| crate::RenderError::Draw(why);
        let tree = usvg::Tree::from_str(svg, &usvg::Options::default())
            .map_err(|err| draw(err.to_string()))?;
        let (width, height) = (tree.size().width(), tree.size().height());
        let (drawing, drawing_ref) =
            svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
                .map_err(|err| draw(err.to_string()))?;
        let mut numbers = std::collections::HashMap::new();
        let drawing =
            drawing.renumber(|old| *numbers.entry(old).or_insert_with(|| self.next_ref()));
        let drawing_ref = numbers[&drawing_ref];
        let (page_ref, content_ref) = (self.next_ref(), self.next_ref());
        let mut chunk = Chunk::new();
        let mut page = chunk.page(page_ref);
        page.media_box(Rect::new(0.0, 0.0, width, height))
            .parent(PAGE_TREE)
            .contents(content_ref);
        page.resources().x_objects().pair(Name(b"D"), drawing_ref);
        drop(page);
        let mut content = Content::new();
        content
            .transform([width, 0.0, 0.0, height, 0.0, 0.0])
            .x_object(Name(b"D"));
        chunk.stream(content_ref, &content.finish());
        chunk.extend(&drawing);
        self.pages.push(page_ref);
        let bytes = chunk.as_bytes().to_vec();
        self.note_offsets(&chunk, &bytes)?;
        Ok(bytes)
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

    /// The page tree, the catalog, the cross-reference table and the
    /// trailer.
    pub fn finish(mut self) -> Vec<u8> {
        let mut chunk = Chunk::new();
        chunk
            .pages(PAGE_TREE)
            .kids(self.pages.iter().copied())
            .count(self.pages.len() as i32);
        // A chunk has no catalog writer (a whole `pdf_writer::Pdf` has):
        // the dictionary written out.
        chunk
            .indirect(CATALOG)
            .dict()
            .pair(Name(b"Type"), Name(b"Catalog"))
            .pair(Name(b"Pages"), PAGE_TREE);
        let mut bytes = chunk.as_bytes().to_vec();
        for object in [PAGE_TREE, CATALOG] {
            let opening = format!("{} 0 obj\n", object.get());
            let found = find_line(&bytes, opening.as_bytes(), 0).unwrap_or(0);
            self.offsets[object.get() as usize - 1] = self.written + found;
        }
        let table = self.written + bytes.len();
        let count = self.offsets.len() + 1;
        bytes.extend(format!("xref\n0 {count}\n0000000000 65535 f\r\n").as_bytes());
        for offset in &self.offsets {
            bytes.extend(format!("{offset:010} 00000 n\r\n").as_bytes());
        }
        bytes.extend(
            format!(
                "trailer\n<< /Size {count} /Root {} 0 R >>\nstartxref\n{table}\n%%EOF\n",
                CATALOG.get()
            )
            .as_bytes(),
        );
        bytes
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
        let mut pdf = Pdf::new();
        let mut bytes = Pdf::HEADER.to_vec();
        for number in 1..=3 {
            bytes.extend(
                pdf.page(&sheet.page(std::slice::from_ref(&cell), number))
                    .unwrap(),
            );
        }
        bytes.extend(pdf.finish());
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
