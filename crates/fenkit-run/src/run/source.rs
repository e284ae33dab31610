//! Where input comes from: files, standard input (`-`), or records given
//! on the command line, opened with their names for diagnostics.

use std::{
    fs::File,
    io::BufRead,
    io::{self, IsTerminal, Read},
    path::{Path, PathBuf},
};

use crate::output::Output;

/// One input of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    File(PathBuf),
    Stdin,
    /// Records given as arguments (`--fen`, or an argument that is no file
    /// and holds `/`), one per line.
    Arguments(String),
}

/// The inputs of a run, from `--fen` records and the positional
/// arguments: an argument that names no file but reads as a record is one, and
/// the words after it that name no file belong to it, so that a FEN pasted
/// without quotes (six words) is one record. Standard input when there is
/// nothing else.
pub fn sources(records: &[String], arguments: &[PathBuf]) -> Vec<Source> {
    // `startpos`, the UCI name of the standard start, for engine authors.
    let start = || fenkit::Fen::from(shakmaty::Setup::initial()).to_string();
    let mut lines: Vec<String> = records
        .iter()
        .map(|record| match record.trim() {
            "startpos" => start(),
            _ => record.clone(),
        })
        .collect();
    let mut sources = Vec::new();
    let mut in_record = false;
    for argument in arguments {
        let text = argument.to_string_lossy();
        let is_file = argument.exists();
        if !is_file && text == "startpos" {
            lines.push(start());
            in_record = false;
        } else if !is_file && reads_as_record(&text) {
            lines.push(text.into_owned());
            in_record = true;
        } else if !is_file && in_record {
            let last = lines.last_mut().expect("a record is open");
            last.push(' ');
            last.push_str(&text);
        } else {
            in_record = false;
            sources.push(match text.as_ref() {
                "-" => Source::Stdin,
                _ => Source::File(argument.clone()),
            });
        }
    }
    if !lines.is_empty() {
        sources.insert(0, Source::Arguments(lines.join("\n")));
    }
    if sources.is_empty() {
        sources.push(Source::Stdin);
    }
    sources
}

/// Whether an argument that names no file is a record rather than a
/// mistyped path: it holds `/`, and its first word has no `.` (FEN has
/// none; paths mostly do) and does not start as an absolute or home path
/// does; or it is an analysis URL.
fn reads_as_record(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    let url = ["http://", "https://"]
        .iter()
        .any(|scheme| first.starts_with(scheme));
    url || first.contains('/') && !first.contains('.') && !first.starts_with(['/', '~'])
}

impl Source {
    /// Opens the input: its name for diagnostics, and a reader. A file that
    /// cannot be opened is reported, and gives `None`. Standard input on a
    /// terminal says how to end it, so that a waiting `fen` does not look
    /// hung.
    pub fn open(&self, out: &mut Output) -> io::Result<Option<(String, Box<dyn Read>)>> {
        match self {
            Source::File(path) => open(path, out),
            Source::Stdin => {
                if io::stdin().is_terminal() {
                    out.note("fen: reading records from the terminal, one per line; end with Ctrl-D (or give a file or a FEN as an argument)")?;
                }
                open(Path::new("-"), out)
            }
            Source::Arguments(text) => {
                let reader: Box<dyn Read> = Box::new(io::Cursor::new(text.clone().into_bytes()));
                Ok(Some(("<argument>".into(), reader)))
            }
        }
    }
}

/// The files given, or standard input (`-`) when there are none.
pub fn files_or_stdin(files: &[PathBuf]) -> Vec<PathBuf> {
    if files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        files.to_vec()
    }
}

/// Opens `path` (`-` for standard input): its name for diagnostics, and a
/// reader, decompressed when the first bytes say gzip, zstd, bzip2 or xz
/// (whatever the name). A file that cannot be opened, or that is an
/// archive, image or other file that is not text, is reported in one
/// line, and gives `None`.
pub fn open(path: &Path, out: &mut Output) -> io::Result<Option<(String, Box<dyn Read>)>> {
    let (source, input): (String, Box<dyn Read + Send>) = if path.as_os_str() == "-" {
        ("<stdin>".into(), Box::new(io::stdin()))
    } else {
        let source = path.display().to_string();
        match File::open(path) {
            Ok(file) => (source, Box::new(file)),
            Err(err) => {
                out.note(&format!("fen: {source}: {}", io_message(&err)))?;
                return Ok(None);
            }
        }
    };
    let opened = fenkit_io::decompress(input).and_then(|(input, how)| {
        let mut input = io::BufReader::with_capacity(1 << 16, input);
        let kind = fenkit_io::binary_kind(input.fill_buf()?);
        Ok((input, how, kind))
    });
    match opened {
        Ok((_, how, Some(kind))) => {
            let inside = match how {
                fenkit_io::Compression::None => String::new(),
                how => format!(" ({how} compressed)"),
            };
            out.note(&format!(
                "fen: {source}: this is {kind}{inside}, not text; fen reads records from text, plain or compressed with gzip, zstd, bzip2 or xz"
            ))?;
            Ok(None)
        }
        Ok((input, _, None)) => Ok(Some((source, Box::new(input)))),
        Err(err) => {
            out.note(&format!("fen: {source}: {}", io_message(&err)))?;
            Ok(None)
        }
    }
}

/// An I/O error in words, without Rust's "(os error 2)".
pub fn io_message(err: &io::Error) -> String {
    let text = err.to_string();
    match text.find(" (os error") {
        Some(cut) => text[..cut].to_string(),
        None => text,
    }
}
