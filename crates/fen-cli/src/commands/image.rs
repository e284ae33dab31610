//! `fen svg` and `fen png`: a diagram per record, to standard output, to a
//! file, or one file per record in a directory.

use std::{
    collections::HashSet,
    fs,
    io::IsTerminal,
    path::{Path, PathBuf},
};

use fenkit::{Diagnostic, Field, Span};
use fenkit_diagrams::{
    Arrow, CheckMark, Coordinates, Diagram, Mark, Players, Renderer, SIZES, Theme,
};

use super::prelude::*;
use crate::options::{Facing, number_in};

/// What `fen svg` and `fen png` take.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: Inputs,
    #[command(flatten)]
    pub look: Look,
    #[command(flatten)]
    pub destination: Destination,
    #[command(flatten)]
    pub from_game: FromGame,
    /// Read records as a variant's: a Crazyhouse pocket is drawn above and
    /// below the board, Three-check's checks to give under it (a PGN
    /// game's [Variant] tag says this for itself).
    #[command(flatten)]
    pub variant: crate::options::VariantChoice,
}

/// A position of a PGN game to draw, instead of records.
#[derive(clap::Args)]
pub struct FromGame {
    /// Draw a position of a game of this PGN file (compressed or not), with
    /// the move that led there and the arrows and circled squares of its
    /// comments ([%cal], [%csl]) in their colours.
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// Which game of the file: 1 for the first.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "pgn", value_parser = crate::options::positive)]
    pub game: u32,
    /// Which ply: 0 for the start, K for the position after the Kth move;
    /// the last when not given.
    #[arg(long, value_name = "K", requires = "pgn")]
    pub ply: Option<usize>,
    /// Every ply of the game, one file each into the directory of -o,
    /// named by ply (0 for the start; {ply} in --name).
    #[arg(long, requires = "pgn", conflicts_with = "ply")]
    pub every: bool,
    /// The players' names (and ratings) above and below the board, from
    /// the game's tags; the result beside them at the game's last ply.
    #[arg(long, requires = "pgn")]
    pub players: bool,
}

pub fn run(kind: Kind, args: Args, out: &mut Output) -> io::Result<Status> {
    let Args {
        inputs,
        look,
        destination,
        from_game,
        variant,
    } = args;
    let read = variant.apply(inputs.read_options());
    let mut image = Image::new(read, kind, &look, destination);
    if kind == Kind::Png && image.to_stdout() && io::stdout().is_terminal() {
        out.note("fen: a PNG image would garble the terminal; write it with -o FILE or redirect standard output")?;
        return Ok(Status::Failed);
    }
    if let Some(path) = &from_game.pgn {
        return image.draw_game(path, &from_game, out);
    }
    // One image per record into a directory: drawn on every core, named
    // and written in input order. One image alone needs no threads.
    match image.target {
        Target::Directory { .. } => run::stream(&mut image, inputs.config(), out),
        _ => run::sequential(&mut image, inputs.config(), out),
    }
}

/// How a diagram looks.
#[derive(clap::Args)]
pub struct Look {
    /// The image's width in pixels.
    #[arg(long, default_value_t = 400, value_parser = |text: &str| number_in(text, SIZES))]
    pub size: u32,
    #[command(flatten)]
    pub facing: Facing,
    /// File letters and rank numbers: outside (in a margin), inside (in the
    /// edge squares), or none.
    #[arg(long, default_value = "outside")]
    pub coordinates: Coordinates,
    /// Highlight the squares of the move that led here, in UCI form (e2e4).
    #[arg(long, value_name = "MOVE", value_parser = fenkit_diagrams::move_squares)]
    pub last_move: Option<(shakmaty::Square, shakmaty::Square)>,
    /// The king to mark as in check: auto (the side to move's, when
    /// attacked), none, or a square.
    #[arg(long, default_value = "auto")]
    pub check: CheckMark,
    /// Arrows, comma-separated: e2e4, with an optional color letter first
    /// (G green, R red, Y yellow, B blue): Ge2e4,Rd8d1.
    #[arg(long, value_delimiter = ',', value_name = "ARROWS")]
    pub arrows: Vec<Arrow>,
    /// Circles on squares, comma-separated: e4; 'x' first for a cross (xd5),
    /// and an optional color letter before all (Rxd5).
    #[arg(long, value_delimiter = ',', value_name = "MARKS")]
    pub marks: Vec<Mark>,
    /// Square colors: brown, blue, green, gray, or light and dark in hex
    /// (#f0d9b5,#b58863).
    #[arg(long, alias = "theme", default_value = "brown")]
    pub colors: Theme,
    /// The piece drawings: a set by name (cburnett, merida, fantasy,
    /// spatial, celtic, eyes, skulls), or a folder of twelve SVG files named
    /// as lichess names them (wK.svg, bN.svg, ...).
    #[arg(long, value_name = "SET|DIR", default_value = "cburnett", value_parser = crate::options::piece_set)]
    pub pieces: fenkit_diagrams::PieceSet,
    /// A line under the board with side to move, castling rights and en
    /// passant square.
    #[arg(long)]
    pub caption: bool,
    /// A move-quality glyph on a square: the square, then one of !, ?,
    /// !!, ??, !?, ?! (e4!!). A game's ply shows its move's own NAG.
    #[arg(long, value_name = "SQUARE GLYPH")]
    pub glyph: Option<fenkit_diagrams::MoveGlyph>,
    /// An evaluation bar left of the board: a game's ply shows its
    /// [%eval] (the last one given, in a GIF), a record its EPD `ce`
    /// (centipawns for the side to move); grey when none is known.
    #[arg(long)]
    pub eval_bar: bool,
}

impl Look {
    pub fn diagram(&self) -> Diagram {
        Diagram::default()
            .with_size(self.size)
            .with_orientation(self.facing.orientation())
            .with_coordinates(self.coordinates)
            .with_theme(self.colors)
            .with_pieces(self.pieces.clone())
            .with_caption(self.caption)
            .with_last_move(self.last_move)
            .with_check(self.check)
            .with_arrows(self.arrows.clone())
            .with_marks(self.marks.clone())
            .with_glyph(self.glyph)
            .with_eval_bar(self.eval_bar, None)
    }
}

/// Where images go.
#[derive(clap::Args)]
pub struct Destination {
    /// Write to FILE (one record), or to one file per record in a
    /// directory: an existing one, a path ending in '/', or any path with
    /// --name. Standard output when not given.
    #[arg(short, long, value_name = "PATH")]
    pub output: Option<PathBuf>,
    /// File names in the directory, from a template: `{line}` (the record's
    /// line number), `{num}` (its number among the records), `{id}` (an EPD
    /// record's id, else its line). The extension is added when the
    /// template has none; a name taken twice gets -2, -3… added.
    #[arg(long, value_name = "TEMPLATE")]
    pub name: Option<String>,
}

#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Kind {
    Svg,
    Png,
}

impl Kind {
    fn extension(self) -> &'static str {
        match self {
            Kind::Svg => "svg",
            Kind::Png => "png",
        }
    }
}

#[derive(Clone)]
enum Target {
    Stdout,
    File(PathBuf),
    Directory { path: PathBuf, template: String },
}

struct Image {
    read: ReadOptions,
    /// The pixels drawn for one image, kept for the next.
    renderer: Renderer,
    kind: Kind,
    diagram: Diagram,
    target: Target,
    records: u64,
    names: HashSet<String>,
    /// A worker's copy: images go to the writer's thread, which names
    /// and writes them in input order (`in_order`).
    forked: bool,
    drawn: Vec<DiagramFile>,
}

impl Image {
    fn new(read: ReadOptions, kind: Kind, look: &Look, destination: Destination) -> Image {
        let target = match destination.output {
            None => Target::Stdout,
            Some(path) if destination.name.is_some() || is_directory(&path) => Target::Directory {
                path,
                template: destination.name.unwrap_or_else(|| "{line}".into()),
            },
            Some(path) => Target::File(path),
        };
        Image {
            read,
            renderer: Renderer::new(),
            kind,
            diagram: look.diagram(),
            target,
            records: 0,
            names: HashSet::new(),
            forked: false,
            drawn: Vec::new(),
        }
    }

    /// Whether the images go to standard output.
    fn to_stdout(&self) -> bool {
        matches!(self.target, Target::Stdout)
    }

    fn draw(&self, setup: &shakmaty::Setup, diagram: &Diagram) -> io::Result<Vec<u8>> {
        match self.kind {
            Kind::Svg => Ok(fenkit_diagrams::svg(setup, diagram).into_bytes()),
            Kind::Png => self.renderer.png(setup, diagram).map_err(io::Error::other),
        }
    }

    /// Draws a ply of a game of the PGN file at `path`, as `game` says.
    fn draw_game(&mut self, path: &Path, game: &FromGame, out: &mut Output) -> io::Result<Status> {
        let directory = matches!(self.target, Target::Directory { .. });
        if directory != game.every {
            out.note(match game.every {
                true => "fen: --every writes a file a ply; give -o DIRECTORY",
                false => "fen: --pgn draws one position (--every for all); write it with -o FILE or to standard output",
            })?;
            return Ok(Status::Failed);
        }
        let number = game.game as usize;
        let (source, text) = match crate::games::nth_game(path, number, out)? {
            Ok(found) => found,
            Err(status) => return Ok(status),
        };
        let players = game.players.then(|| {
            let tags = fenkit_games::game_tags(&text.text, &Players::TAGS);
            Players::from_tags(&tags)
        });
        // The result shows at the game's last ply alone.
        let look = self.diagram.clone();
        let with_players = |ply: &fenkit_games::GamePly, last: bool| {
            let mut players = players.clone();
            if let (Some(players), false) = (&mut players, last) {
                players.result = None;
            }
            look.for_ply(&ply.marks()).with_players(players)
        };
        if game.every {
            let (plies, stop) = fenkit_games::game_plies(&text.text);
            for (index, ply) in plies.iter().enumerate() {
                let last = index + 1 == plies.len() && stop.is_none();
                let image = self.draw(&ply.setup, &with_players(ply, last))?;
                self.write_next(ply.ply as u64, None, &image)?;
            }
            if let Some(stop) = stop {
                let then = "; the plies before are drawn";
                return crate::games::say_stop((&source, &text, number), stop, None, then, out);
            }
            return Ok(Status::Ok);
        }
        let drawn = match fenkit_games::ply_of_game(&text.text, game.ply) {
            Ok(drawn) => drawn,
            Err(stop) => {
                return crate::games::say_stop((&source, &text, number), stop, game.ply, "", out);
            }
        };
        let last = match game.ply {
            None => true,
            Some(ply) => fenkit_games::ply_of_game(&text.text, Some(ply + 1)).is_err(),
        };
        let diagram = with_players(&drawn, last);
        let image = self.draw(&drawn.setup, &diagram)?;
        match &self.target {
            Target::File(path) => write_file(path, &image)?,
            _ => out.stdout().write_all(&image)?,
        }
        Ok(Status::Ok)
    }

    /// Writes the image of the record on `line` into the directory, as
    /// the next one in input order.
    fn write_next(&mut self, line: u64, id: Option<&str>, image: &[u8]) -> io::Result<()> {
        self.records += 1;
        let path = self.file_path(line, id)?;
        write_file(&path, image)
    }

    /// The file for the next image: a name from the template, unique in
    /// this run, in the directory (made when the first image comes).
    fn file_path(&mut self, line: u64, id: Option<&str>) -> io::Result<PathBuf> {
        let Target::Directory { path, template } = &self.target else {
            unreachable!("file names are for directories");
        };
        let line = line.to_string();
        let id = id.map(safe_name).filter(|id| !id.is_empty());
        let stem = template
            .replace("{line}", &line)
            .replace("{num}", &self.records.to_string())
            // The short form the README has always shown (clap's help
            // cannot show it: it reads it as a line break).
            .replace("{n}", &self.records.to_string())
            .replace("{id}", id.as_deref().unwrap_or(&line))
            // A game's plies (`--pgn --every`) are numbered as lines are.
            .replace("{ply}", &line);
        let extension = self.kind.extension();
        // A template that ends in the extension already keeps it once.
        let dotted = format!(".{extension}");
        let stem = stem.strip_suffix(dotted.as_str()).unwrap_or(&stem);
        let stem = safe_name(stem);
        let mut name = format!("{stem}.{extension}");
        let mut copy = 1;
        while !self.names.insert(name.clone()) {
            copy += 1;
            name = format!("{stem}-{copy}.{extension}");
        }
        if self.names.len() == 1 {
            fs::create_dir_all(path).map_err(|err| with_path(err, path))?;
        }
        Ok(path.join(name))
    }
}

fn is_directory(path: &Path) -> bool {
    path.is_dir() || path.as_os_str().to_string_lossy().ends_with('/')
}

/// `text` with everything but letters, digits, '.', '-' and '_' as '_',
/// and no leading dot.
fn safe_name(text: &str) -> String {
    let name: String = text
        .chars()
        .map(|c| match c {
            'a'..='z' | 'A'..='Z' | '0'..='9' | '.' | '-' | '_' => c,
            _ => '_',
        })
        .collect();
    name.trim_start_matches('.').to_string()
}

impl Job for Image {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let Some(parsed) = parse_reported(&self.read, record, out)? else {
            return Ok(false);
        };
        let one_image = !matches!(self.target, Target::Directory { .. });
        if one_image {
            self.records += 1;
        }
        if one_image && self.records > 1 {
            let diagnostic = Diagnostic::new(
                crate::codes::ONE_IMAGE_ONLY,
                Field::Record,
                Span::default(),
                "this output holds one image, and an earlier record has it; use -o DIRECTORY for one file per record",
            );
            out.diagnostics(record, &[diagnostic])?;
            return Ok(false);
        }
        let (problems, faults) = fenkit_diagrams::faults_to_draw(&self.read, record.bytes, &parsed);
        let mut diagram = self.diagram.clone().with_problems(problems);
        if diagram.eval_bar {
            diagram.eval = fenkit::marks::Eval::of_epd(&parsed);
        }
        out.diagnostics(record, &faults)?;
        let image = self.draw(&parsed.setup, &diagram)?;
        match &self.target {
            Target::Stdout => out.stdout().write_all(&image)?,
            Target::File(path) => write_file(path, &image)?,
            Target::Directory { .. } => {
                let id = parsed
                    .operations
                    .iter()
                    .find(|operation| operation.opcode == "id")
                    .and_then(|operation| operation.first());
                match self.forked {
                    true => self.drawn.push(DiagramFile {
                        line: record.line_number,
                        id: id.map(str::to_string),
                        image,
                    }),
                    false => self.write_next(record.line_number, id, &image)?,
                }
            }
        }
        Ok(true)
    }
}

/// A diagram a worker drew for a directory, for the writer's thread to
/// name and write.
struct DiagramFile {
    line: u64,
    /// The record's `id` operation, which may name the file.
    id: Option<String>,
    image: Vec<u8>,
}

impl Parallel for Image {
    type Handed = Vec<DiagramFile>;

    fn fork(&self) -> Image {
        Image {
            read: self.read,
            renderer: Renderer::new(),
            kind: self.kind,
            diagram: self.diagram.clone(),
            target: self.target.clone(),
            records: 0,
            names: HashSet::new(),
            forked: true,
            drawn: Vec::new(),
        }
    }

    fn hand_over(&mut self) -> Vec<DiagramFile> {
        std::mem::take(&mut self.drawn)
    }

    fn in_order(&mut self, handed: Vec<DiagramFile>, _out: &mut Vec<u8>) -> io::Result<()> {
        for drawn in handed {
            self.write_next(drawn.line, drawn.id.as_deref(), &drawn.image)?;
        }
        Ok(())
    }
}

fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    fs::write(path, bytes).map_err(|err| with_path(err, path))
}

fn with_path(err: io::Error, path: &Path) -> io::Error {
    let why = run::io_message(&err);
    io::Error::new(err.kind(), format!("{}: {why}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::safe_name;

    #[test]
    fn file_names_keep_only_safe_characters() {
        assert_eq!(safe_name("BK.01"), "BK.01");
        assert_eq!(safe_name("../etc/passwd"), "_etc_passwd");
        assert_eq!(safe_name("a b/c"), "a_b_c");
    }
}
