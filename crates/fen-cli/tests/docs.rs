//! The reference documents are generated, never written by hand, and a
//! stale one fails here: `docs/commands.md` from the command's own help
//! (clap's, for `fen` and every subcommand, theirs too), `docs/codes.md`
//! from the library's codes (their documentation, by `Code::describe`)
//! and the command's own (`fen_cli::codes::OWN`). After changing a flag,
//! a help text or a code, write them anew with
//! `UPDATE_DOCS=1 cargo test -p fen-cli --test docs`. And every link
//! between the README, the guide, the design notes and the benchmarks
//! leads to a file and a heading that are there.

use std::{path::PathBuf, process::Command};

use fenkit::{Class, Code};

fn docs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs")
}

/// Holds `wanted` as the text of `docs/NAME`, or writes it there with
/// `UPDATE_DOCS` set.
fn generated(name: &str, wanted: &str) {
    let path = docs().join(name);
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, wanted).expect("docs/ is writable");
        return;
    }
    let found = std::fs::read_to_string(&path).unwrap_or_default();
    if found != wanted {
        let line = found
            .lines()
            .zip(wanted.lines())
            .position(|(found, wanted)| found != wanted)
            .map_or(found.lines().count().min(wanted.lines().count()), |n| n);
        panic!(
            "docs/{name} is stale from line {}: write it anew with `UPDATE_DOCS=1 cargo test -p fen-cli --test docs`",
            line + 1
        );
    }
}

/// The help of `fen` with `words`, as the command prints it to a reader
/// that is no terminal, 100 columns wide.
fn help(words: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_fen"))
        .args(words)
        .arg("--help")
        .env("COLUMNS", "100")
        .output()
        .expect("fen runs");
    assert_eq!(output.status.code(), Some(0), "fen {words:?} --help");
    String::from_utf8(output.stdout).expect("UTF-8 help")
}

/// The subcommands a help text lists under `Commands:`, but `help`.
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|line| *line != "Commands:")
        .skip(1)
        .take_while(|line| !line.is_empty())
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

/// `fen WORDS`'s help under a heading, then each of its subcommands'.
fn write_command(words: &mut Vec<String>, out: &mut String) {
    let shown: Vec<&str> = words.iter().map(String::as_str).collect();
    let text = help(&shown);
    let depth = "#".repeat(2 + words.len().min(2));
    out.push_str(&format!(
        "{depth} `fen{}`\n\n",
        shown.iter().map(|w| format!(" {w}")).collect::<String>()
    ));
    out.push_str("```text\n");
    out.push_str(text.trim_end());
    out.push_str("\n```\n\n");
    for name in subcommands(&text) {
        words.push(name);
        write_command(words, out);
        words.pop();
    }
}

#[test]
fn docs_commands_md_is_the_commands_help() {
    let mut out = String::from(
        "# The `fen` command: every subcommand's help\n\n\
         Generated from the command's own help by `crates/fen-cli/tests/docs.rs`\n\
         (`UPDATE_DOCS=1 cargo test -p fen-cli --test docs`); `fen SUBCOMMAND\n\
         --help` prints the same. The guide to the tasks is the README.\n\n",
    );
    write_command(&mut Vec::new(), &mut out);
    assert!(out.contains("## `fen check`") && out.contains("### `fen book make`"));
    generated("commands.md", &out);
}

/// A table cell: no `|` to end it early, no line break.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

#[test]
fn docs_codes_md_is_every_code_with_what_it_means() {
    let mut out = String::from(
        "# Diagnostic codes\n\n\
         Generated from the library's codes and the command's own by\n\
         `crates/fen-cli/tests/docs.rs` (`UPDATE_DOCS=1 cargo test -p fen-cli --test docs`).\n\
         Codes are stable; messages are for people and may improve. Each code\n\
         belongs to one class, the question it answers no to:\n\n",
    );
    for (class, question) in [
        (
            Class::Malformed,
            "the record breaks the standard's syntax; nothing can be read from it",
        ),
        (
            Class::Illegal,
            "it reads, but no game can be played from it, or it contradicts itself",
        ),
        (
            Class::Unreachable,
            "a game can be played from it, but no game from the standard start gets there",
        ),
        (
            Class::Implausible,
            "reachable, but its counters say something unlikely",
        ),
    ] {
        out.push_str(&format!("- **{}**: {question}.\n", class.as_str()));
    }
    out.push_str(
        "\n`--strictness` chooses which classes make a record invalid (`playable`, the\n\
         default: malformed and illegal). With `--lenient`, a repaired problem is\n\
         reported under its code as a warning.\n\n\
         | code | class | what it means |\n|---|---|---|\n",
    );
    let mut rows = 0;
    for &code in Code::ALL {
        let described = code.describe();
        assert!(
            !described.is_empty(),
            "{} has no documentation",
            code.as_str()
        );
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            code.as_str(),
            code.class().as_str(),
            cell(&described)
        ));
        rows += 1;
    }
    out.push_str("\nThe command's own codes, of the input around a record:\n\n| code | class | what it means |\n|---|---|---|\n");
    for (code, described) in fen_cli::codes::OWN {
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            code.as_str(),
            code.class().as_str(),
            cell(described)
        ));
        rows += 1;
    }
    assert!(out.contains("| `wrapped-record` |"));
    assert_eq!(rows, Code::ALL.len() + fen_cli::codes::OWN.len());
    generated("codes.md", &out);
}

/// A heading's anchor as GitHub makes it: lower case, what is neither a
/// letter, a digit, `-`, `_` nor a space left out (backticks too, not
/// what they hold), spaces as `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The lines of a Markdown text outside its code blocks.
fn outside_code_blocks(text: &str) -> Vec<&str> {
    let mut fenced = false;
    text.lines()
        .filter(|line| {
            fenced ^= line.starts_with("```");
            !fenced && !line.starts_with("```")
        })
        .collect()
}

/// The anchors of a page's headings.
fn anchors(text: &str) -> Vec<String> {
    outside_code_blocks(text)
        .into_iter()
        .filter(|line| line.starts_with('#'))
        .filter_map(|line| line.split_once(' ').map(|(_, title)| anchor(title)))
        .collect()
}

/// Every link of the pages people read first, to a file of the repository
/// or a heading in one, leads somewhere: pages moved between the README,
/// the guide and the design notes keep their links whole.
#[test]
fn every_link_between_the_documents_leads_somewhere() {
    let root = docs().join("..");
    let mut checked = 0;
    for page in ["README.md", "DESIGN.md", "docs/guide.md", "BENCHMARKS.md"] {
        let text = std::fs::read_to_string(root.join(page)).expect("the page");
        let folder = root.join(page).parent().expect("a folder").to_path_buf();
        for line in outside_code_blocks(&text) {
            // A link written as inline code is no link.
            let prose: String = line.split('`').step_by(2).collect();
            for (at, _) in prose.match_indices("](") {
                let rest = &prose[at + 2..];
                let Some(end) = rest.find(')') else { continue };
                let target = &rest[..end];
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                let (path, heading) = target.split_once('#').unwrap_or((target, ""));
                let file = match path {
                    "" => root.join(page),
                    _ => folder.join(path),
                };
                assert!(
                    file.exists(),
                    "{page}: the link ({target}) leads to no file"
                );
                if !heading.is_empty() {
                    let found = anchors(&std::fs::read_to_string(&file).expect("a page"));
                    assert!(
                        found.iter().any(|found| found == heading),
                        "{page}: the link ({target}) leads to no heading of {path}"
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 30, "{checked} links");
}
