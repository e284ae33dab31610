//! PDF books: each page drawn into a picture by hayro (a PDF renderer in
//! Rust: no program run, nothing fetched, a page's JavaScript or links
//! never acted on), one page at a time, for the scanner to find its
//! diagrams in. A page is drawn with its longest side
//! [`LONGEST_SIDE`](crate::picture::LONGEST_SIDE) pixels, the size every
//! picture is read at.

use hayro::{
    PixmapSettings, RenderCache, RenderSettings,
    hayro_interpret::InterpreterSettings,
    hayro_syntax::{LoadPdfError, Pdf},
    vello_cpu::color::palette::css::WHITE,
};

use crate::{Gray, picture::LONGEST_SIDE};

/// Whether `bytes` are a PDF: its header within the first kilobyte, as
/// readers accept it.
pub fn is_pdf(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(1024)];
    head.windows(5).any(|window| window == b"%PDF-")
}

/// The pages `text` names: `3`, or `3-7`, from 1.
///
/// ```
/// assert_eq!(fenkit_scan::pdf::page_range("3-7"), Ok(3..=7));
/// assert_eq!(fenkit_scan::pdf::page_range("5"), Ok(5..=5));
/// assert!(fenkit_scan::pdf::page_range("7-3").is_err());
/// ```
pub fn page_range(text: &str) -> Result<std::ops::RangeInclusive<usize>, String> {
    let (first, last) = text.split_once('-').unwrap_or((text, text));
    match (first.trim().parse::<usize>(), last.trim().parse::<usize>()) {
        (Ok(first), Ok(last)) if 1 <= first && first <= last => Ok(first..=last),
        _ => Err(format!(
            "'{text}' is not a page or pages (3, or 3-7, from 1)"
        )),
    }
}

/// Why a PDF, or a page of it, could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdfError {
    /// Encrypted: its pages cannot be read without its password.
    Encrypted,
    /// Broken or truncated: no page tree could be found.
    Broken,
    /// No page of that number.
    NoPage { page: usize, pages: usize },
}

impl std::fmt::Display for PdfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PdfError::Encrypted => f.write_str("an encrypted PDF: its pages cannot be read"),
            PdfError::Broken => f.write_str("a broken PDF: no pages could be read from it"),
            PdfError::NoPage { page, pages } => {
                write!(f, "the PDF has no page {page}; it has {pages}")
            }
        }
    }
}

impl std::error::Error for PdfError {}

/// A PDF's pages, each drawn when asked for.
///
/// ```no_run
/// let bytes = std::fs::read("book.pdf")?;
/// let book = fenkit_scan::pdf::Book::open(bytes)?;
/// for page in 1..=book.pages() {
///     let picture = book.page(page)?;
///     let boards = fenkit_scan::locate::locate_all(&picture);
///     println!("page {page}: {} boards", boards.len());
/// }
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub struct Book {
    pdf: Pdf,
}

impl Book {
    /// The PDF `bytes`, its pages found (none drawn yet).
    pub fn open(bytes: Vec<u8>) -> Result<Book, PdfError> {
        match Pdf::new(bytes) {
            Ok(pdf) if !pdf.pages().is_empty() => Ok(Book { pdf }),
            Ok(_) | Err(LoadPdfError::Invalid) => Err(PdfError::Broken),
            Err(LoadPdfError::Decryption(_)) => Err(PdfError::Encrypted),
        }
    }

    /// How many pages it has.
    pub fn pages(&self) -> usize {
        self.pdf.pages().len()
    }

    /// Page `number` (from 1) as a picture, on white paper.
    pub fn page(&self, number: usize) -> Result<Gray, PdfError> {
        let pages = self.pdf.pages();
        let page = (number.checked_sub(1))
            .and_then(|index| pages.get(index))
            .ok_or(PdfError::NoPage {
                page: number,
                pages: pages.len(),
            })?;
        let (width, height) = page.render_dimensions();
        let scale = LONGEST_SIDE as f32 / width.max(height).max(1.0);
        let settings = PixmapSettings {
            x_scale: scale,
            y_scale: scale,
            bg_color: WHITE,
        };
        let cache = RenderCache::new();
        let drawn = hayro::render(
            page,
            &cache,
            &InterpreterSettings::default(),
            &RenderSettings::default(),
            &settings,
        );
        let (width, height) = (usize::from(drawn.width()), usize::from(drawn.height()));
        // Premultiplied over white paper: opaque, so the channels are the
        // colours.
        let colours = (drawn.data_as_u8_slice().chunks_exact(4))
            .map(|pixel| [pixel[0], pixel[1], pixel[2]])
            .collect();
        Ok(Gray::from_colours(width, height, colours))
    }
}

impl crate::Scanner {
    /// Every board of each page of `book` in `pages` (from 1; those past
    /// its end left out), a page at a time, in reading order: each page's
    /// number and its readings, or why it gave none.
    pub fn scan_book<'a>(
        &'a self,
        book: &'a Book,
        pages: std::ops::RangeInclusive<usize>,
        given: &'a crate::Given,
    ) -> impl Iterator<Item = (usize, Result<Vec<crate::Reading>, crate::ScanError>)> + 'a {
        let last = (*pages.end()).min(book.pages());
        (*pages.start()..=last).map(move |number| {
            let read = book
                .page(number)
                .map_err(|_| crate::ScanError::NoBoard)
                .and_then(|picture| self.scan_all_picture(&picture, given));
            (number, read)
        })
    }
}
