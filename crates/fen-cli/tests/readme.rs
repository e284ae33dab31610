//! The recipes run as written: every `$ command` of the README's "For
//! data" section and of the guide's explorer, search, index, PGN writing
//! and engines sections (`docs/guide.md`), run by bash in a folder holding the
//! samples, prints what the page shows under it (standard output and
//! error together).

mod common;

use std::{path::Path, process::Command};

/// The section of a page from `heading` to the next heading of its
/// level or above (`## ` ends a `### ` section), outside code blocks
/// (where `# ` starts a comment).
fn section<'a>(readme: &'a str, heading: &str) -> &'a str {
    let start = readme.find(heading).expect("the section is there");
    let level = heading.bytes().take_while(|&b| b == b'#').count();
    let rest = &readme[start + heading.len()..];
    let mut fenced = false;
    let mut at = 0;
    for line in rest.split_inclusive('\n') {
        fenced ^= line.starts_with("```");
        let hashes = line.bytes().take_while(|&b| b == b'#').count();
        if !fenced && (1..=level).contains(&hashes) && line[hashes..].starts_with(' ') {
            break;
        }
        at += line.len();
    }
    &rest[..at]
}

/// Each command of the section's shell blocks with what it prints: a line
/// after `$ ` (joined with the next while it ends in `|`), then the lines
/// up to the next command or the block's end.
fn commands(section: &str) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = Vec::new();
    let mut in_block = false;
    let mut continued = false;
    let mut fenced = false;
    for line in section.lines() {
        if let Some(language) = line.strip_prefix("```") {
            // A block of another language (```python) runs no command.
            in_block = !fenced && matches!(language, "" | "sh" | "console");
            fenced = !fenced;
            continued = false;
            continue;
        }
        if !in_block {
            continue;
        }
        if continued {
            let (command, _) = found.last_mut().expect("a command");
            command.push(' ');
            command.push_str(line.trim());
            continued = line.ends_with('|');
        } else if let Some(command) = line.strip_prefix("$ ") {
            found.push((command.to_string(), String::new()));
            continued = command.ends_with('|');
        } else if let Some((_, printed)) = found.last_mut() {
            printed.push_str(line);
            printed.push('\n');
        }
    }
    found
}

#[test]
fn the_data_recipe_prints_what_the_readme_shows() {
    run_recipe(
        "README.md",
        "## For data: rows in, rows out",
        8,
        &["puzzles.csv", "evaluations.jsonl"],
    );
}

#[test]
fn the_explorer_recipe_prints_what_the_readme_shows() {
    // The section but its Spark recipes, whose rows need a cluster.
    run_recipe(
        "docs/guide.md",
        "## `fen explorer build | query | import`",
        4,
        &["openings.pgn"],
    );
}

#[test]
fn the_search_recipe_prints_what_the_guide_shows() {
    run_recipe("docs/guide.md", "## `fen search", 5, &["openings.pgn"]);
}

#[test]
fn the_index_recipe_prints_what_the_guide_shows() {
    run_recipe("docs/guide.md", "## `fen index", 4, &["openings.pgn"]);
}

#[test]
fn the_pgn_writing_recipe_prints_what_the_guide_shows() {
    run_recipe(
        "docs/guide.md",
        "## `fen pgn --format pgn`",
        6,
        &["openings.pgn", "annotated.pgn"],
    );
}

#[test]
fn the_scan_recipe_prints_what_the_guide_shows() {
    run_recipe("docs/guide.md", "## `fen scan", 3, &["diagram.png"]);
}

#[test]
fn the_engines_recipe_prints_what_the_guide_shows() {
    // Debian keeps Stockfish in /usr/games, which the recipe's PATH has.
    let found = std::path::Path::new("/usr/games/stockfish").exists();
    if !found {
        common::oracle_missing("Stockfish is not installed (apt install stockfish)");
        return;
    }
    run_recipe(
        "docs/guide.md",
        "## Engines: `fen perft --against`",
        5,
        &["suite.epd", "perpetual.pgn"],
    );
}

#[test]
fn the_endgame_tables_recipe_prints_what_the_guide_shows() {
    // The recipe's `syzygy` folder: the shared 3-4-piece tables.
    let tables = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/syzygy/regular");
    if !tables.is_dir() {
        common::oracle_missing(&format!("{} is absent", tables.display()));
        return;
    }
    let heading = "## `fen tb";
    let samples = ["endgames.fen", "endgame.pgn"];
    run_recipe_in(("docs/guide.md", heading), 6, &samples, |dir| {
        std::os::unix::fs::symlink(&tables, dir.join("syzygy")).unwrap()
    });
}

#[test]
fn the_match_books_recipe_prints_what_the_guide_shows() {
    let heading = "## Opening books for engine matches";
    run_recipe("docs/guide.md", heading, 9, &["openings.pgn"]);
}

/// Runs each command of the section under `heading` of the page `page` in
/// a folder holding `samples`, checking what each prints.
fn run_recipe(page: &str, heading: &str, at_least: usize, samples: &[&str]) {
    run_recipe_in((page, heading), at_least, samples, |_| {});
}

/// [`run_recipe`] in a folder that `prepare` adds to.
fn run_recipe_in(
    (page, heading): (&str, &str),
    at_least: usize,
    samples: &[&str],
    prepare: impl Fn(&Path),
) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join(page)).unwrap();
    let mut commands = commands(section(&readme, heading));
    // What reads a cluster's rows needs the cluster.
    let from_cluster = ["fen explorer import", "fen book make --from-parquet"];
    commands.retain(|(command, _)| !from_cluster.iter().any(|c| command.starts_with(c)));
    assert!(commands.len() >= at_least, "the recipe has its commands");
    let name = heading
        .bytes()
        .filter(u8::is_ascii_alphanumeric)
        .map(char::from)
        .collect::<String>();
    let dir = std::env::temp_dir().join(format!("fen-readme-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("samples")).unwrap();
    for sample in samples {
        std::fs::copy(
            root.join("samples").join(sample),
            dir.join("samples").join(sample),
        )
        .unwrap();
    }
    prepare(&dir);
    let bin = Path::new(env!("CARGO_BIN_EXE_fen")).parent().unwrap();
    let path = format!(
        "{}:{}:/usr/games",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut status = None;
    for (command, expected) in commands {
        // `echo $?` shows the status of the command before.
        if command == "echo $?" {
            assert_eq!(status, expected.trim().parse().ok(), "the status shown");
            continue;
        }
        let output = Command::new("bash")
            .args(["-c", &format!("{{ {command}; }} 2>&1")])
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .unwrap();
        status = output.status.code();
        let printed = String::from_utf8(output.stdout).unwrap();
        assert_eq!(printed, expected, "$ {command}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
