//! PDF books: each page drawn into a picture by hayro (a PDF renderer in
//! Rust: no program run, nothing fetched, a page's JavaScript or links
//! never acted on), one page at a time, for the scanner to find its
//! diagrams in, and its text read where it stands ([`text`]), for each
//! diagram's [`Caption`]. A page is drawn with its longest side
//! [`LONGEST_SIDE`](crate::picture::LONGEST_SIDE) pixels, the size every
//! picture is read at.

mod text;

use hayro::{
    PixmapSettings, RenderCache, RenderSettings,
    hayro_interpret::InterpreterSettings,
    hayro_syntax::{LoadPdfError, Pdf},
    vello_cpu::color::palette::css::WHITE,
};

use crate::{BoardBox, Caption, Gray};

/// The longest side a page is drawn at, in pixels (a picture is read at
/// up to 2,048): `fen sheet`'s pages of twelve boards read back whole at
/// this size (tests/scan.rs), and a page costs a third less to draw and
/// search than at 2,048.
const PAGE_SIDE: f32 = 1600.0;

pub use text::TextLine;

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
///     let drawn = book.page(page)?;
///     let boards = fenkit_scan::locate::locate_all(&drawn.picture);
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

    /// Page `number` (from 1) as a picture, on white paper, with its
    /// lines of text.
    pub fn page(&self, number: usize) -> Result<PageDrawn, PdfError> {
        let pages = self.pdf.pages();
        let page = (number.checked_sub(1))
            .and_then(|index| pages.get(index))
            .ok_or(PdfError::NoPage {
                page: number,
                pages: pages.len(),
            })?;
        let (width, height) = page.render_dimensions();
        let scale = PAGE_SIDE / width.max(height).max(1.0);
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
            // A scanned page's picture smoothed as it is scaled, as a
            // picture on its own is: square by square alike.
            &RenderSettings {
                force_image_interpolation: true,
                ..RenderSettings::default()
            },
            &settings,
        );
        let (width, height) = (usize::from(drawn.width()), usize::from(drawn.height()));
        // Premultiplied over white paper: opaque, so the channels are the
        // colours.
        let colours = (drawn.data_as_u8_slice().chunks_exact(4))
            .map(|pixel| [pixel[0], pixel[1], pixel[2]])
            .collect();
        Ok(PageDrawn {
            picture: Gray::from_colours(width, height, colours),
            lines: text::lines(page, scale),
        })
    }
}

/// A page drawn: its picture and its lines of text, in the picture's
/// pixels.
pub struct PageDrawn {
    pub picture: Gray,
    pub lines: Vec<TextLine>,
}

impl PageDrawn {
    /// The caption of the board at `board_box`: what the nearest line
    /// under it and the nearest over it say (within two squares, across
    /// the board's middle), the line under first where both say a thing.
    pub fn caption(&self, board_box: BoardBox) -> Option<Caption> {
        let square = board_box.height / 8.0;
        let (top, bottom) = (board_box.top, board_box.top + board_box.height);
        let (left, right) = (board_box.left, board_box.left + board_box.width);
        let middle = (left + right) / 2.0;
        // A line across the board: its middle over the board, or the
        // board's middle under the line.
        let across = |line: &&TextLine| {
            let centre = (line.left + line.right) / 2.0;
            (left < centre && centre < right) || (line.left <= middle && middle <= line.right)
        };
        let under = (self.lines.iter())
            .filter(across)
            .filter(|line| line.top >= bottom - square / 4.0 && line.top - bottom < 2.0 * square)
            .min_by(|a, b| a.top.total_cmp(&b.top));
        let over = (self.lines.iter())
            .filter(across)
            .filter(|line| line.bottom <= top + square / 4.0 && top - line.bottom < 2.0 * square)
            .max_by(|a, b| a.bottom.total_cmp(&b.bottom));
        let [under, over] =
            [under, over].map(|line| line.and_then(|line| Caption::read(&line.text)));
        match (under, over) {
            (Some(mut under), Some(over)) => {
                under.id = under.id.or(over.id);
                under.side = under.side.or(over.side);
                under.text = format!("{} / {}", over.text, under.text);
                Some(under)
            }
            (under, over) => under.or(over),
        }
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
                .and_then(|drawn| {
                    let boards = crate::locate::locate_all(&drawn.picture);
                    if boards.is_empty() {
                        return Err(crate::ScanError::NoBoard);
                    }
                    Ok(boards
                        .into_iter()
                        .map(|board_box| {
                            // The caller's word first, then the caption's.
                            let caption = drawn.caption(board_box);
                            let given = crate::Given {
                                side: given.side.or(caption.as_ref().and_then(|c| c.side)),
                                ..given.clone()
                            };
                            let mut reading = self.read_board(&drawn.picture, board_box, &given);
                            reading.caption = caption;
                            reading
                        })
                        .collect())
                });
            (number, read)
        })
    }
}
