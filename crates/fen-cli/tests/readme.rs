//! The README's data recipe runs as written: every `$ command` of the
//! "For data" section, run by bash in a folder holding the samples, prints
//! what the README shows under it (standard output and error together).

use std::{path::Path, process::Command};

/// The section of the README from `heading` to the next `## `.
fn section<'a>(readme: &'a str, heading: &str) -> &'a str {
    let start = readme.find(heading).expect("the section is there");
    let rest = &readme[start + heading.len()..];
    let end = rest.find("\n## ").unwrap_or(rest.len());
    &rest[..end]
}

/// Each command of the section's shell blocks with what it prints: a line
/// after `$ ` (joined with the next while it ends in `|`), then the lines
/// up to the next command or the block's end.
fn commands(section: &str) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = Vec::new();
    let mut in_block = false;
    let mut continued = false;
    for line in section.lines() {
        if line.starts_with("```") {
            in_block = !in_block;
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
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let commands = commands(section(&readme, "## For data: rows in, rows out"));
    assert!(commands.len() >= 8, "the recipe has its commands");
    let dir = std::env::temp_dir().join(format!("fen-readme-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("samples")).unwrap();
    for sample in ["puzzles.csv", "evaluations.jsonl"] {
        std::fs::copy(
            root.join("samples").join(sample),
            dir.join("samples").join(sample),
        )
        .unwrap();
    }
    let bin = Path::new(env!("CARGO_BIN_EXE_fen")).parent().unwrap();
    let path = format!(
        "{}:{}",
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
