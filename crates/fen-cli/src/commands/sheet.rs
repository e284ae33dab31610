//! `fen sheet`: printable pages of diagrams, a grid a page, each captioned
//! with its id (or number) and whose move it is; with `--answers`, pages
//! of solutions after them. PDF, HTML or SVG, written a page at a time.

use std::{
    fs,
    io::{BufWriter, IsTerminal, Write},
    path::{Path, PathBuf},
    sync::Arc,
};

use fenkit::epd::Operation;
use fenkit_diagrams::{Cell, Coordinates, Diagram, Page, Paper, Pdf, Sheet, Theme};
use fenkit_tb::Tables;

use super::prelude::*;
use crate::options::Facing;

/// Lay the records out as printable pages: a grid of diagrams a page, each
/// captioned with its EPD `id` (or its number) and "White to play" or
/// "Black to play"; with --answers, pages of solutions after them (an EPD
/// record's `bm`, else `pv`, else `am` moves; else, with --syzygy, the
/// endgame tables' best move and result, as "Kd6 (win)"). A PDF is written
/// a page at a time, so a sheet of any length takes the memory of one page.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: PositionInputs,
    /// Where to write: a file (PDF or HTML), or a directory for SVG (a file
    /// a page, page-1.svg, ...). Standard output when not given, but for a
    /// PDF to a terminal.
    #[arg(short, long, value_name = "PATH")]
    pub output: Option<PathBuf>,
    /// pdf, html (a page per printed page) or svg; by default from the
    /// output's extension, else pdf.
    #[arg(long, value_enum)]
    pub format: Option<SheetFormat>,
    /// Diagrams a page: 4, 6, 9 or 12.
    #[arg(long, default_value_t = 6, value_parser = per_page)]
    pub per_page: usize,
    /// A title over each page.
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,
    /// Pages of answers after the diagrams.
    #[arg(long)]
    pub answers: bool,
    #[command(flatten)]
    pub syzygy: crate::options::Syzygy,
    /// The paper: a4 or letter.
    #[arg(long, default_value = "a4")]
    pub paper: Paper,
    #[command(flatten)]
    pub facing: Facing,
    /// File letters and rank numbers: inside (in the edge squares), outside
    /// (in a margin), or none.
    #[arg(long, default_value = "inside")]
    pub coordinates: Coordinates,
    /// Square colors: brown, blue, green, gray, or light and dark in hex.
    #[arg(long, alias = "theme", default_value = "brown")]
    pub colors: Theme,
    /// The piece drawings: a set by name or a folder of twelve SVGs, as for
    /// fen svg.
    #[arg(long, value_name = "SET|DIR", default_value = "cburnett", value_parser = crate::options::piece_set)]
    pub pieces: fenkit_diagrams::PieceSet,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SheetFormat {
    Pdf,
    Html,
    Svg,
}

fn per_page(text: &str) -> Result<usize, String> {
    let counts: Vec<String> = Sheet::PER_PAGE
        .iter()
        .map(|(count, _)| count.to_string())
        .collect();
    text.parse::<usize>()
        .ok()
        .filter(|count| Sheet::new(*count).is_some())
        .ok_or_else(|| format!("'{text}' is not one of {}", counts.join(", ")))
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let format = args.format.unwrap_or_else(|| {
        let extension = args.output.as_ref().and_then(|path| path.extension());
        match extension
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("html" | "htm") => SheetFormat::Html,
            Some("svg") => SheetFormat::Svg,
            _ => SheetFormat::Pdf,
        }
    });
    let diagram = Diagram::default()
        .with_orientation(args.facing.orientation())
        .with_coordinates(args.coordinates)
        .with_theme(args.colors)
        .with_pieces(args.pieces.clone());
    let sheet = Sheet::new(args.per_page)
        .expect("checked by the parser")
        .with_paper(args.paper)
        .with_title(args.title.clone())
        .with_diagram(diagram);
    let pages = match (format, &args.output) {
        (SheetFormat::Svg, Some(path)) => Pages::Svg(path.clone()),
        (SheetFormat::Svg, None) => {
            out.note("fen: an SVG sheet is a file a page; give -o DIRECTORY")?;
            return Ok(Status::Failed);
        }
        (SheetFormat::Pdf, None) if io::stdout().is_terminal() => {
            out.note("fen: a PDF would garble the terminal; write it with -o FILE or redirect standard output")?;
            return Ok(Status::Failed);
        }
        (format, output) => {
            let sink = Sink {
                path: output.clone(),
                writer: None,
            };
            match format {
                SheetFormat::Pdf => {
                    let title = args.title.as_deref().unwrap_or("Chess positions");
                    Pages::Pdf(Box::new(Pdf::new(title)), sink)
                }
                _ => Pages::Html(sink),
            }
        }
    };
    let tables = match args.syzygy.given() {
        Ok(tables) => tables,
        Err(why) => {
            out.note(&format!("fen: sheet: {why}"))?;
            return Ok(Status::Failed);
        }
    };
    let mut job = SheetJob {
        read: args.inputs.read_options(),
        tables,
        sheet,
        answers: args.answers.then(Vec::new),
        cells: Vec::new(),
        count: 0,
        pages_written: 0,
        pages: Some(pages),
    };
    run::sequential(&mut job, args.inputs.config(), out)
}

/// Where the pages go, and the state of the document.
enum Pages {
    /// A PDF holds its font's tables (some kilobytes): boxed.
    Pdf(Box<Pdf>, Sink),
    Html(Sink),
    Svg(PathBuf),
}

/// A file or standard output, opened when the first page comes: a run
/// with no position to lay out leaves no file.
struct Sink {
    path: Option<PathBuf>,
    writer: Option<Box<dyn Write>>,
}

impl Sink {
    fn writer(&mut self) -> io::Result<&mut dyn Write> {
        if self.writer.is_none() {
            let writer: Box<dyn Write> = match &self.path {
                Some(path) => Box::new(BufWriter::new(
                    fs::File::create(path).map_err(|err| with_path(err, path))?,
                )),
                None => Box::new(io::stdout().lock()),
            };
            self.writer = Some(writer);
        }
        Ok(self.writer.as_deref_mut().expect("opened above"))
    }
}

struct SheetJob {
    read: ReadOptions,
    /// Endgame tables, for the answers of records that give none.
    tables: Option<Arc<Tables>>,
    sheet: Sheet,
    /// Each record's answer, when they are asked for.
    answers: Option<Vec<(String, String)>>,
    /// The diagrams of the page being filled.
    cells: Vec<Cell>,
    /// Records drawn so far.
    count: usize,
    pages_written: usize,
    /// Taken by `finish`.
    pages: Option<Pages>,
}

impl SheetJob {
    fn write_page(&mut self, page: &Page) -> io::Result<()> {
        self.pages_written += 1;
        let number = self.pages_written;
        match self.pages.as_mut().expect("pages until finish") {
            Pages::Pdf(pdf, sink) => {
                let page = pdf.page(page).map_err(io::Error::other)?;
                let writer = sink.writer()?;
                if number == 1 {
                    writer.write_all(Pdf::HEADER)?;
                }
                writer.write_all(&page)
            }
            Pages::Html(sink) => {
                let writer = sink.writer()?;
                if number == 1 {
                    write_html_head(writer, &self.sheet)?;
                }
                writer.write_all(b"<section class=\"page\">")?;
                writer.write_all(page.to_svg().as_bytes())?;
                writer.write_all(b"</section>\n")
            }
            Pages::Svg(directory) => {
                if number == 1 {
                    fs::create_dir_all(&*directory).map_err(|err| with_path(err, directory))?;
                }
                let path = directory.join(format!("page-{number}.svg"));
                fs::write(&path, page.to_svg()).map_err(|err| with_path(err, &path))
            }
        }
    }

    fn flush_cells(&mut self) -> io::Result<()> {
        if self.cells.is_empty() {
            return Ok(());
        }
        let page = self.sheet.layout(&self.cells, self.pages_written + 1);
        self.cells.clear();
        self.write_page(&page)
    }
}

impl Job for SheetJob {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let Some(parsed) = parse_reported(&self.read, record, out)? else {
            return Ok(false);
        };
        let (problems, faults) = fenkit_diagrams::faults_to_draw(&self.read, record.bytes, &parsed);
        out.diagnostics(record, &faults)?;
        self.count += 1;
        let operation = |code: &str| parsed.operations.iter().find(|op| op.opcode == code);
        let label = operation("id")
            .and_then(Operation::first)
            .map_or_else(|| self.count.to_string(), str::to_string);
        if let Some(answers) = &mut self.answers {
            let answer = answer(&parsed.operations)
                .or_else(|| tables_answer(self.tables.as_deref()?, &self.read, record.bytes))
                .unwrap_or_else(|| "–".to_string());
            answers.push((label.clone(), answer));
        }
        self.cells.push(Cell {
            setup: parsed.setup,
            label,
            problems,
        });
        if self.cells.len() == self.sheet.per_page() {
            self.flush_cells()?;
        }
        Ok(true)
    }

    fn finish(&mut self, out: &mut Output) -> io::Result<()> {
        self.flush_cells()?;
        if let Some(answers) = self.answers.take() {
            for chunk in answers.chunks(self.sheet.answers_per_page()) {
                let page = self.sheet.answer_layout(chunk, self.pages_written + 1);
                self.write_page(&page)?;
            }
        }
        if self.pages_written == 0 {
            out.note("fen: no position to lay out; nothing written")?;
            return Ok(());
        }
        match self.pages.take().expect("finished once") {
            Pages::Pdf(pdf, mut sink) => {
                let writer = sink.writer()?;
                writer.write_all(&pdf.finish().map_err(io::Error::other)?)?;
                writer.flush()
            }
            Pages::Html(mut sink) => {
                let writer = sink.writer()?;
                writer.write_all(b"</body>\n</html>\n")?;
                writer.flush()
            }
            Pages::Svg(_) => Ok(()),
        }
    }
}

/// A record's answer: its `bm` moves, else its `pv`, else the `am` moves
/// to avoid.
fn answer(operations: &[Operation]) -> Option<String> {
    // `bm` and `am` list moves that are each best (or each bad); `pv` is
    // one line of play.
    let moves = |code: &str, between: &str| {
        operations.iter().find(|op| op.opcode == code).map(|op| {
            let words: Vec<String> = op.operands.iter().map(operand_text).collect();
            words.join(between)
        })
    };
    moves("bm", " or ")
        .or_else(|| moves("pv", " "))
        .or_else(|| moves("am", " nor ").map(|avoid| format!("not {avoid}")))
}

/// The endgame tables' answer for a valid record they hold: the best
/// move and the result it keeps for the side to move ("Kd6 (win)").
fn tables_answer(tables: &Tables, read: &ReadOptions, record: &[u8]) -> Option<String> {
    let answer = tables
        .answer(&read.check(record).position(read.castling)?)
        .ok()?;
    let best = answer.moves.first().map_or("–", |best| best.san.as_str());
    let result = answer.category.to_string().replace('-', " ");
    Some(format!("{best} ({result})"))
}

fn operand_text(operand: &fenkit::Operand) -> String {
    match operand {
        fenkit::Operand::Token(text) | fenkit::Operand::Quoted(text) => text.clone(),
    }
}

/// The HTML document's start: a page per printed page, each the paper's
/// size, no margins but the sheet's own.
fn write_html_head(writer: &mut dyn Write, sheet: &Sheet) -> io::Result<()> {
    let (width, height) = sheet.paper.size();
    let title = sheet.title.as_deref().unwrap_or("Chess positions");
    let title = title.replace('&', "&amp;").replace('<', "&lt;");
    write!(
        writer,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n<style>\n@page {{ size: {width}pt {height}pt; margin: 0; }}\nbody {{ margin: 0; }}\n.page {{ width: {width}pt; height: {height}pt; break-after: page; }}\n.page svg {{ width: 100%; height: 100%; display: block; }}\n</style>\n</head>\n<body>\n"
    )
}

fn with_path(err: io::Error, path: &Path) -> io::Error {
    io::Error::new(err.kind(), format!("{}: {err}", path.display()))
}
