//! Where games written as PGN go (`fen pgn --format pgn`): each taken in
//! input order by one [`Sink`], which alone decides what is a duplicate
//! (the first game stays) and what another game contains, and where a
//! game goes (standard output, or the files of `--split` and
//! `--split-by`).

use std::{
    collections::{HashMap, HashSet},
    fs::{self, File},
    hash::{BuildHasher, Hasher, RandomState},
    io::{self, BufWriter, IsTerminal, Read, Seek, SeekFrom, Write},
    path::{Path, PathBuf},
};

use crate::output;

/// What a game gives the sink: its text to write, and what duplicates are
/// told by.
pub struct Written {
    pub text: Vec<u8>,
    /// The start and moves hashed to 128 bits, and the moves themselves
    /// for `--contained`; none for a game written as it was.
    pub key: Option<(u128, Vec<u16>, u64)>,
    /// The value of `--split-by`'s tag.
    pub split_value: Option<String>,
}

/// Where the games go.
enum Destination {
    Stdout(BufWriter<io::Stdout>),
    Files(Files),
}

/// The files of `--split` and `--split-by` in their folder.
struct Files {
    folder: PathBuf,
    open: HashMap<String, BufWriter<File>>,
    /// Files this run made (emptied when first opened): opened again later
    /// to add to them.
    made: HashSet<String>,
}

/// Files held open at once by `--split-by`; past this, all are closed.
const OPEN_FILES: usize = 64;

impl Files {
    fn new(folder: &Path) -> Files {
        Files {
            folder: folder.to_path_buf(),
            open: HashMap::new(),
            made: HashSet::new(),
        }
    }

    fn write(&mut self, name: String, text: &[u8]) -> io::Result<()> {
        if !self.open.contains_key(&name) {
            if self.open.len() >= OPEN_FILES {
                for (_, mut file) in self.open.drain() {
                    file.flush()?;
                }
            }
            let path = self.folder.join(&name);
            let file = match self.made.insert(name.clone()) {
                true => File::create(path)?,
                false => File::options().append(true).open(path)?,
            };
            self.open.insert(name.clone(), BufWriter::new(file));
        }
        self.open
            .get_mut(&name)
            .map_or(Ok(()), |file| file.write_all(text))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.open.values_mut().try_for_each(|file| file.flush())
    }
}

/// A file name for a tag's value: its letters, digits, `.`, `-` and `_`,
/// anything else as `_`; `unknown` for a game without the tag.
fn file_name(value: Option<&str>) -> String {
    let value = value
        .map(str::trim)
        .filter(|value| !value.is_empty() && *value != "?");
    let Some(value) = value else {
        return "unknown.pgn".to_string();
    };
    let mut name: String = value
        .chars()
        .take(100)
        .map(
            |c| match c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
                true => c,
                false => '_',
            },
        )
        .collect();
    if name.starts_with('.') {
        name.insert(0, '_');
    }
    name.push_str(".pgn");
    name
}

/// The games of `--contained`, spilled to a file in input order until the
/// end, when it is known which are contained in others.
struct Contained {
    spill: BufWriter<File>,
    /// Bytes spilled so far: where the next game's text starts.
    spilled: u64,
    path: PathBuf,
    /// Each game spilled: its start, moves, and where its text is.
    games: Vec<SpilledGame>,
}

struct SpilledGame {
    /// The hash of its start; none for a game written as it was, which
    /// is compared with no other.
    start: Option<u64>,
    moves: Vec<u16>,
    text: (u64, usize),
    split_value: Option<String>,
}

impl Contained {
    fn new() -> io::Result<Contained> {
        let path = std::env::temp_dir().join(format!(
            "fenkit-contained-{}-{:x}",
            std::process::id(),
            RandomState::new().build_hasher().finish()
        ));
        let spill = File::options()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)?;
        Ok(Contained {
            spill: BufWriter::new(spill),
            spilled: 0,
            path,
            games: Vec::new(),
        })
    }

    /// The games to write, by their place in `games`: none that another
    /// game's moves start with (the same start, more moves). No two are
    /// equal: of equal games only the first was spilled.
    fn kept(&self) -> Vec<bool> {
        let mut order: Vec<usize> = (0..self.games.len()).collect();
        // In order of start and moves: the games that start with a game's
        // moves come right after it.
        order.sort_by(|&a, &b| {
            let (a, b) = (&self.games[a], &self.games[b]);
            (a.start, &a.moves).cmp(&(b.start, &b.moves))
        });
        let mut kept = vec![true; self.games.len()];
        for pair in order.windows(2) {
            let (game, next) = (&self.games[pair[0]], &self.games[pair[1]]);
            if game.start.is_some()
                && next.start == game.start
                && next.moves.starts_with(&game.moves)
            {
                kept[pair[0]] = false;
            }
        }
        kept
    }
}

impl Drop for Contained {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

/// Takes each game in input order: drops duplicates, writes or spills.
pub struct Sink {
    destination: Destination,
    escape: bool,
    /// The keys of the games written, for `--dedupe`.
    seen: HashSet<u128>,
    contained: Option<Contained>,
    dedupe: bool,
    split: Option<u32>,
    /// Games written so far (for `--split`'s file names).
    written: u64,
    /// The first error writing, after which nothing more is written.
    failed: Option<io::Error>,
}

impl Sink {
    /// Games to standard output (escaped for a terminal), or to files in
    /// `folder`: `split` games a file, or a file per value.
    pub fn new(
        folder: Option<&Path>,
        split: Option<u32>,
        (dedupe, contained): (bool, bool),
    ) -> io::Result<Sink> {
        let destination = match folder {
            Some(folder) => Destination::Files(Files::new(folder)),
            None => Destination::Stdout(BufWriter::with_capacity(1 << 16, io::stdout())),
        };
        Ok(Sink {
            destination,
            escape: folder.is_none() && io::stdout().is_terminal(),
            seen: HashSet::new(),
            contained: match contained {
                true => Some(Contained::new()?),
                false => None,
            },
            dedupe: dedupe || contained,
            split,
            written: 0,
            failed: None,
        })
    }

    /// The first error writing, if any.
    pub fn failed(self) -> Option<io::Error> {
        self.failed
    }

    pub fn take(&mut self, game: Written) {
        if self.failed.is_some() {
            return;
        }
        if let Err(err) = self.try_take(game) {
            self.failed = Some(err);
        }
    }

    fn try_take(&mut self, game: Written) -> io::Result<()> {
        if let Some((key, _, _)) = &game.key
            && self.dedupe
            && !self.seen.insert(*key)
        {
            return Ok(());
        }
        let Some(contained) = &mut self.contained else {
            return self.write(&game.text, game.split_value.as_deref());
        };
        contained.spill.write_all(&game.text)?;
        let at = contained.spilled;
        contained.spilled += game.text.len() as u64;
        let (start, moves) = match game.key {
            Some((_, moves, start)) => (Some(start), moves),
            None => (None, Vec::new()),
        };
        contained.games.push(SpilledGame {
            start,
            moves,
            text: (at, game.text.len()),
            split_value: game.split_value,
        });
        Ok(())
    }

    fn write(&mut self, text: &[u8], split_value: Option<&str>) -> io::Result<()> {
        self.written += 1;
        match &mut self.destination {
            Destination::Stdout(stdout) => match self.escape {
                false => stdout.write_all(text),
                true => {
                    let mut escaped = Vec::with_capacity(text.len());
                    for line in text.split_inclusive(|&b| b == b'\n') {
                        let line = line.strip_suffix(b"\n").unwrap_or(line);
                        output::input_text(&mut escaped, line, true);
                        escaped.push(b'\n');
                    }
                    stdout.write_all(&escaped)
                }
            },
            Destination::Files(files) => {
                let name = match self.split {
                    Some(games) => format!("{:04}.pgn", (self.written - 1) / u64::from(games) + 1),
                    None => file_name(split_value),
                };
                files.write(name, text)
            }
        }
    }

    /// Writes what is held, and flushes.
    pub fn finish(&mut self) {
        if self.failed.is_some() {
            return;
        }
        let result = self
            .write_contained()
            .and_then(|()| match &mut self.destination {
                Destination::Stdout(stdout) => stdout.flush(),
                Destination::Files(files) => files.flush(),
            });
        if let Err(err) = result {
            self.failed = Some(err);
        }
    }

    /// The games spilled for `--contained`, those kept, in input order.
    fn write_contained(&mut self) -> io::Result<()> {
        let Some(mut contained) = self.contained.take() else {
            return Ok(());
        };
        let kept = contained.kept();
        contained.spill.flush()?;
        let mut spill = contained.spill.get_ref();
        let mut text = Vec::new();
        for (game, kept) in contained.games.iter().zip(kept) {
            if !kept {
                continue;
            }
            let (at, len) = game.text;
            spill.seek(SeekFrom::Start(at))?;
            text.resize(len, 0);
            spill.read_exact(&mut text)?;
            self.write(&text, game.split_value.as_deref())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_keep_letters_and_digits() {
        assert_eq!(file_name(Some("Rated Blitz game")), "Rated_Blitz_game.pgn");
        assert_eq!(file_name(Some("../etc")), "_.._etc.pgn");
        assert_eq!(file_name(Some("?")), "unknown.pgn");
        assert_eq!(file_name(None), "unknown.pgn");
    }

    fn game(start: u64, moves: &[u16]) -> SpilledGame {
        SpilledGame {
            start: Some(start),
            moves: moves.to_vec(),
            text: (0, 0),
            split_value: None,
        }
    }

    #[test]
    fn a_game_that_another_starts_with_is_contained() {
        let mut contained = Contained::new().unwrap();
        contained.games = vec![
            game(1, &[1, 2]),
            game(1, &[1, 2, 3]),
            game(2, &[1]),
            game(1, &[]),
            game(1, &[4]),
            game(2, &[1, 5]),
            game(3, &[]),
            game(1, &[1, 3]),
            SpilledGame {
                start: None,
                ..game(0, &[])
            },
            SpilledGame {
                start: None,
                ..game(0, &[])
            },
        ];
        assert_eq!(
            contained.kept(),
            [
                false, true, false, false, true, true, true, true, true, true
            ]
        );
    }
}
