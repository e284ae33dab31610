//! Where input comes from: files, or standard input (`-`), opened with
//! their names for diagnostics.

use std::{
    fs::File,
    io::{self, Read},
    path::{Path, PathBuf},
};

use crate::output::Output;

/// The files given, or standard input (`-`) when there are none.
pub fn files_or_stdin(files: &[PathBuf]) -> Vec<PathBuf> {
    if files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        files.to_vec()
    }
}

/// Opens `path` (`-` for standard input): its name for diagnostics, and a
/// reader. A file that cannot be opened is reported, and gives `None`.
pub fn open(path: &Path, out: &mut Output) -> io::Result<Option<(String, Box<dyn Read>)>> {
    if path.as_os_str() == "-" {
        return Ok(Some(("<stdin>".into(), Box::new(io::stdin()))));
    }
    let source = path.display().to_string();
    match File::open(path) {
        Ok(file) => Ok(Some((source, Box::new(file)))),
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
