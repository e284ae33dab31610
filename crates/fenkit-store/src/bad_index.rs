//! Why a folder is not an index that can be read: one answer for the
//! explorer's index and `fen search`'s, each naming the command that
//! builds it again.

use std::{
    fmt, io,
    path::{Path, PathBuf},
};

/// Why a folder is not an index that can be read.
#[derive(Debug)]
pub enum BadIndex {
    /// A file could not be read.
    Io(PathBuf, io::Error),
    /// A file is cut short, or is not one of fenkit's, or of this version;
    /// `rebuild` is the command that builds the index again.
    Damaged {
        path: PathBuf,
        why: String,
        rebuild: &'static str,
    },
}

impl fmt::Display for BadIndex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadIndex::Io(path, err) => write!(f, "{}: {err}", path.display()),
            BadIndex::Damaged { path, why, rebuild } => write!(
                f,
                "{}: {why}; not read (build the index again with `{rebuild}`)",
                path.display()
            ),
        }
    }
}

impl std::error::Error for BadIndex {}

impl From<BadIndex> for io::Error {
    fn from(bad: BadIndex) -> io::Error {
        match bad {
            BadIndex::Io(_, err) => err,
            damaged => io::Error::new(io::ErrorKind::InvalidData, damaged.to_string()),
        }
    }
}

/// The error of reading or writing `path`, as a [`BadIndex`].
pub fn io_error(path: &Path) -> impl FnOnce(io::Error) -> BadIndex {
    let path = path.to_path_buf();
    move |err| BadIndex::Io(path, err)
}
