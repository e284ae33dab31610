//! The tables of some folders, checked when opened.

use std::{
    ffi::OsStr,
    fmt, fs, io,
    io::Read,
    path::{Path, PathBuf},
};

use shakmaty::Chess;
use shakmaty_syzygy::{Syzygy, Tablebase};

/// Syzygy tables of standard chess, opened from folders.
pub struct Tables {
    pub(crate) syzygy: Tablebase<Chess>,
    files: usize,
}

/// Why the tables could not be opened: a folder that cannot be listed, or
/// a table file that is cut short or no table of Syzygy's.
#[derive(Debug)]
pub enum BadTables {
    Folder(PathBuf, io::Error),
    File { path: PathBuf, why: String },
}

impl fmt::Display for BadTables {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadTables::Folder(path, err) => write!(f, "{}: {err}", path.display()),
            BadTables::File { path, why } => write!(f, "{}: {why}", path.display()),
        }
    }
}

impl std::error::Error for BadTables {}

impl Tables {
    /// The tables of `folders`: every `.rtbw` (WDL) and `.rtbz` (DTZ) file
    /// named for a material (`KQvKR.rtbw`), each checked now by its size and
    /// magic bytes; other files are left alone. A table is read when a probe
    /// first needs it.
    pub fn open(folders: &[PathBuf]) -> Result<Tables, BadTables> {
        let mut syzygy = Tablebase::new();
        let mut files = 0;
        for folder in folders {
            let entries =
                fs::read_dir(folder).map_err(|err| BadTables::Folder(folder.clone(), err))?;
            let mut paths: Vec<PathBuf> = entries
                .map(|entry| entry.map(|entry| entry.path()))
                .collect::<io::Result<_>>()
                .map_err(|err| BadTables::Folder(folder.clone(), err))?;
            paths.sort();
            for path in paths {
                let Some(magic) = expected_magic(&path) else {
                    continue;
                };
                check_file(&path, magic).map_err(|why| BadTables::File {
                    path: path.clone(),
                    why,
                })?;
                match syzygy.add_file(&path) {
                    Ok(()) => files += 1,
                    // Named like a table's kind but for no material.
                    Err(err) if err.kind() == io::ErrorKind::InvalidInput => {}
                    Err(err) => {
                        return Err(BadTables::File {
                            path,
                            why: err.to_string(),
                        });
                    }
                }
            }
        }
        Ok(Tables { syzygy, files })
    }

    /// The folders of a search path (`SYZYGY_PATH`: folders split by `:`,
    /// `;` on Windows, as the engines that read it split it).
    pub fn folders_of(path: &OsStr) -> Vec<PathBuf> {
        std::env::split_paths(path)
            .filter(|folder| !folder.as_os_str().is_empty())
            .collect()
    }

    /// The table files opened.
    pub fn files(&self) -> usize {
        self.files
    }

    /// The most pieces of a position the tables hold (kings counted).
    pub fn max_pieces(&self) -> usize {
        self.syzygy.max_pieces()
    }
}

/// The magic bytes a table file of this name must start with; `None` for
/// a file that is no table by its extension.
fn expected_magic(path: &Path) -> Option<[u8; 4]> {
    match path.extension()?.to_str()? {
        "rtbw" => Some(<Chess as Syzygy>::TBW.magic),
        "rtbz" => Some(<Chess as Syzygy>::TBZ.magic),
        _ => None,
    }
}

/// Why the table file at `path` cannot be one: its size (Syzygy's files
/// are 16 bytes past a multiple of 64) or its first bytes.
fn check_file(path: &Path, magic: [u8; 4]) -> Result<(), String> {
    let mut file = fs::File::open(path).map_err(|err| err.to_string())?;
    let size = file.metadata().map_err(|err| err.to_string())?.len();
    let mut head = [0; 4];
    if size % 64 != 16 || file.read_exact(&mut head).is_err() {
        return Err(format!(
            "cut short or damaged ({size} bytes, not a table's size)"
        ));
    }
    if head != magic {
        return Err("not a Syzygy table of standard chess (its first bytes differ)".into());
    }
    Ok(())
}
