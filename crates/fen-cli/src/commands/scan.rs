//! `fen scan`: the position in a picture of a board (a screenshot, a
//! book's diagram), read offline by `fenkit_scan`, with what a picture
//! cannot show (side to move, castling, en passant) taken from the flags
//! or assumed and said so.

use std::io::{self, Read, Write};

use fenkit_scan::{
    Given, OrientationFound, Reading, Scanner,
    pdf::{Book, PdfError},
};
use shakmaty::{Color, Square};

use crate::{
    codes,
    output::Output,
    run::{Status, io_message},
};

/// The largest picture file read: a picture is decoded with bounded
/// memory, but its file is read whole first.
const LARGEST_FILE: u64 = 64 << 20;

/// Read the chess position in each picture of a board (PNG, JPEG, GIF,
/// WebP or BMP: a screenshot, a book's diagram) and print it as FEN, one
/// line a picture; a PDF (a book, a worksheet) is read page by page, every
/// board of each page in reading order, with the side to move and id its
/// caption gives ("12. White to play"), else named p3.2 (page 3, second
/// board) with --format epd. Nothing is sent anywhere: the network that
/// names the squares ships inside fen, and a PDF's pages are drawn by fen
/// itself.
///
/// A picture cannot show the castling rights, and shows whose move it is
/// and the en passant square only through a highlighted last move:
/// --side, --castling and --ep say them; else the side that did not make
/// the highlighted move (White where none is), castling wherever king and
/// rook stand at home, and the square a highlighted double step passed
/// (none otherwise) are taken, each said in a note. Where the reading breaks what
/// no position can (two kings of a side, a pawn on the last rank), the
/// network's second choice at the squares it was unsure of mends it (and
/// a side with no king gets it where the network found it likeliest among
/// them), with a warning; a board read with confidence is printed as read, with the
/// rules it breaks as warnings, save a pawn on the first or last rank,
/// which none can hold: its next choice is taken however sure.
#[derive(clap::Args)]
#[command(
    after_help = "Exit status: 0 when every picture was read; 1 when a picture was no picture, broken, or showed no board, or several without --all (said on standard error, and the others still read); 2 for usage or I/O errors."
)]
pub struct Args {
    /// Pictures to read; `-` for standard input.
    #[arg(value_name = "IMAGE", required = true)]
    pub images: Vec<String>,
    /// fen: one FEN a picture; json: one JSON object a picture, with each
    /// square's reading and confidence, the board's box in the picture,
    /// the orientation, what was mended and what was assumed (and a PDF
    /// board's caption); epd: each board an EPD record with an id (its
    /// caption's, else a PDF's p3.2, else the picture's name).
    #[arg(long, value_enum, default_value = "fen")]
    pub format: ScanFormat,
    /// The side to move (w or b); otherwise what a PDF board's caption
    /// says, else the side that did not make the highlighted last move,
    /// else White.
    #[arg(long, value_parser = Given::side_from_word)]
    pub side: Option<Color>,
    /// The castling rights (KQkq, any of them in that order, or -);
    /// otherwise assumed where king and rook stand at home.
    #[arg(long, value_parser = Given::castling_from_word)]
    pub castling: Option<shakmaty::Bitboard>,
    /// The en passant square (e3, e6) or -; otherwise the square a
    /// highlighted double step passed, else none.
    #[arg(long, value_parser = en_passant)]
    pub ep: Option<EnPassant>,
    /// Which side is at the bottom of the picture: auto (from where the
    /// pawns and kings stand; White when they do not tell), white or
    /// black.
    #[arg(long, value_enum, default_value = "auto")]
    pub orientation: ScanOrientation,
    /// Read every board of each picture (a page of diagrams), in reading
    /// order: rows of boards from the top, each row from the left; one
    /// FEN (or JSON object) a board. Otherwise a picture's one board: a
    /// picture of several boards of a size is said and not read.
    #[arg(long)]
    pub all: bool,
    /// Threads: N pictures read at once, or 0 for one per core. Output
    /// keeps the pictures' order either way.
    #[arg(long, short = 'j', value_name = "N", default_value_t = 0)]
    pub jobs: usize,
    /// A PDF's pages to read: N, or A-B (from 1); all when not given.
    #[arg(long, value_name = "A-B", value_parser = fenkit_scan::pdf::page_range)]
    pub pages: Option<std::ops::RangeInclusive<usize>>,
}

/// What became of one picture: its file unread (why), or what the
/// scanner made of it.
enum Outcome {
    Unread(String),
    Scanned(Result<Vec<Reading>, fenkit_scan::ScanError>),
    /// A PDF: each page read, by its number, or why the PDF could not be.
    Book(Result<Vec<(usize, Scanned)>, PdfError>),
}

type Scanned = Result<Vec<Reading>, fenkit_scan::ScanError>;

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum ScanFormat {
    Fen,
    Json,
    Epd,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum ScanOrientation {
    Auto,
    White,
    Black,
}

/// An en passant square, or none.
#[derive(Clone, Copy)]
pub struct EnPassant(Option<Square>);

fn en_passant(text: &str) -> Result<EnPassant, String> {
    Given::en_passant_from_word(text).map(EnPassant)
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let given = Given {
        side: args.side,
        castling: args.castling,
        en_passant: args.ep.map(|ep| ep.0),
        bottom: match args.orientation {
            ScanOrientation::Auto => None,
            ScanOrientation::White => Some(Color::White),
            ScanOrientation::Black => Some(Color::Black),
        },
    };
    let scanner = Scanner::new();
    let pages = args.pages.clone().unwrap_or(1..=usize::MAX);
    let read_one = |image: &String| match read_picture(image) {
        Err(message) => Outcome::Unread(message),
        Ok(bytes) if fenkit_scan::pdf::is_pdf(&bytes) => Outcome::Book(
            Book::open(bytes).map(|book| scanner.scan_book(&book, pages.clone(), &given).collect()),
        ),
        Ok(bytes) => Outcome::Scanned(match args.all {
            true => scanner.scan_all(&bytes, &given),
            false => scanner.scan(&bytes, &given).map(|reading| vec![reading]),
        }),
    };
    let mut status = Status::Ok;
    let (threads, _) = crate::options::threads(args.jobs);
    let threads = threads.min(args.images.len());
    if threads <= 1 {
        for image in &args.images {
            write(image, read_one(image), args.format, &mut status, out)?;
        }
        return Ok(status);
    }
    // A worker a thread takes the next picture; the pictures read are
    // written here in their order, each as soon as those before it are.
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let (send, receive) = std::sync::mpsc::channel();
        for _ in 0..threads {
            let send = send.clone();
            let (next, read_one, images) = (&next, &read_one, &args.images);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(image) = images.get(index) else {
                        break;
                    };
                    if send.send((index, read_one(image))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        let mut waiting = std::collections::BTreeMap::new();
        let mut written = 0;
        for (index, outcome) in receive {
            waiting.insert(index, outcome);
            while let Some(outcome) = waiting.remove(&written) {
                let image = &args.images[written];
                if let Err(error) = write(image, outcome, args.format, &mut status, out) {
                    // Stop the workers: nothing more can be written.
                    next.store(args.images.len(), std::sync::atomic::Ordering::Relaxed);
                    return Err(error);
                }
                written += 1;
            }
        }
        Ok(status)
    })
}

/// Writes what became of `image`: its readings on standard output, with
/// their notes, or why there are none; the status told the worst.
fn write(
    image: &str,
    outcome: Outcome,
    format: ScanFormat,
    status: &mut Status,
    out: &mut Output,
) -> io::Result<()> {
    let source = if image == "-" { "<stdin>" } else { image };
    match outcome {
        Outcome::Unread(message) => {
            // The other pictures are still read; the status says it.
            out.note(&format!("fen: {}: {message}", fenkit::printable(source)))?;
            *status = Status::Failed;
        }
        Outcome::Scanned(scanned) => {
            let name = fenkit::printable(source);
            let id = |n: usize| match n {
                1 => name.to_string(),
                n => format!("{name} {n}"),
            };
            write_readings(source, scanned, &id, format, status, out)?;
        }
        Outcome::Book(Err(error)) => {
            *status = (*status).max(Status::BadRecords);
            let (source, code) = (fenkit::printable(source), codes::PDF_NOT_READ);
            out.note(&format!("{source}: error[{code}]: {error}"))?;
        }
        // Each page's boards named p3.2 (page 3, second board), its
        // messages by the page's address (book.pdf#page=3).
        Outcome::Book(Ok(pages)) => {
            for (page, scanned) in pages {
                let id = |n: usize| format!("p{page}.{n}");
                let source = format!("{source}#page={page}");
                write_readings(&source, scanned, &id, format, status, out)?;
            }
        }
    }
    out.tick()
}

/// A picture's (or a page's) readings, each a line, with their notes; or
/// why there are none. `id` names the nth board for EPD.
fn write_readings(
    source: &str,
    scanned: Scanned,
    id: &dyn Fn(usize) -> String,
    format: ScanFormat,
    status: &mut Status,
    out: &mut Output,
) -> io::Result<()> {
    match scanned {
        Ok(readings) => {
            for (reading, n) in readings.iter().zip(1..) {
                report(out, source, reading)?;
                match format {
                    ScanFormat::Fen => writeln!(out.stdout(), "{}", reading.fen())?,
                    // A caption's number or id names its board.
                    ScanFormat::Epd => writeln!(out.stdout(), "{}", reading.epd_or(&|| id(n)))?,
                    ScanFormat::Json => writeln!(
                        out.stdout(),
                        "{}",
                        fenkit_scan::json::reading(source, reading)
                    )?,
                }
            }
        }
        Err(error) => {
            *status = (*status).max(Status::BadRecords);
            let code = fenkit_scan::json::error_code(&error);
            let hint = match error {
                fenkit_scan::ScanError::SeveralBoards(_) => " (--all reads each, in reading order)",
                _ => "",
            };
            out.note(&format!(
                "{}: error[{code}]: {error}{hint}",
                fenkit::printable(source)
            ))?;
            if let ScanFormat::Json = format {
                let error = fenkit_scan::json::error(source, &error);
                writeln!(out.stdout(), "{error}")?;
            }
        }
    }
    Ok(())
}

/// The picture's bytes, from a file or standard input, at most
/// [`LARGEST_FILE`].
fn read_picture(image: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    let read = if image == "-" {
        io::stdin()
            .lock()
            .take(LARGEST_FILE + 1)
            .read_to_end(&mut bytes)
    } else {
        std::fs::File::open(image)
            .and_then(|file| file.take(LARGEST_FILE + 1).read_to_end(&mut bytes))
    };
    read.map_err(|error| io_message(&error))?;
    if bytes.len() as u64 > LARGEST_FILE {
        return Err(format!(
            "larger than {} MiB, the most read",
            LARGEST_FILE >> 20
        ));
    }
    Ok(bytes)
}

/// The mends, the rules broken and the assumptions, on standard error.
fn report(out: &mut Output, source: &str, reading: &Reading) -> io::Result<()> {
    let source = fenkit::printable(source);
    for mend in &reading.mended {
        let code = codes::SCAN_MENDED;
        out.note(&format!("{source}: warning[{code}]: {mend}"))?;
    }
    if let Some(moved) = reading.moved {
        let code = codes::SCAN_UNSURE;
        out.note(&format!("{source}: warning[{code}]: {moved}"))?;
    }
    let unsure: Vec<String> = (reading.unsure().iter())
        .map(|square| {
            let read = reading.squares[*square as usize];
            let piece = fenkit_scan::mend::piece_words(read.piece);
            format!("{square} ({piece}, {:.0}%)", 100.0 * read.confidence)
        })
        .collect();
    if !unsure.is_empty() {
        out.note(&format!(
            "{source}: warning[{}]: read at under even odds: {}: the board may be misread, or found off its squares",
            codes::SCAN_UNSURE,
            unsure.join(", ")
        ))?;
    }
    // A picture is printed as read, legal or not (people picture composed
    // positions too): the rules it breaks are warnings here.
    for violation in reading.violations() {
        out.note(&format!(
            "{source}: warning[{}]: {}",
            violation.code, violation.message
        ))?;
    }
    // A board turned round is read with every square moved: said, so
    // that a picture with White at the bottom, its pawns and kings
    // standing as Black's would, is not turned silently.
    let mut said: Vec<String> = Vec::new();
    if reading.orientation == OrientationFound::Pieces && reading.bottom == Color::Black {
        said.push(
            "the pawns and kings stand as they do with Black at the bottom: read so \
             (--orientation says it)"
                .into(),
        );
    }
    said.extend(
        reading
            .assumptions
            .iter()
            .map(|assumption| assumption.why.clone()),
    );
    if !said.is_empty() {
        out.note(&format!(
            "{source}: note[{}]: {}",
            codes::SCAN_ASSUMED,
            said.join("; ")
        ))?;
    }
    Ok(())
}
