//! `fen sheet`: the PDF read back by poppler (`pdfinfo`, `pdftoppm`, the
//! oracle: CI installs them), the HTML and SVG forms, and bad input.

mod common;

use std::{
    fs,
    path::{Path, PathBuf},
    process::{Command, Output},
};

fn fen(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fen"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("fen runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fen-sheet-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn suite() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/suite.epd")
}

fn poppler() -> bool {
    let found = Command::new("pdftoppm").arg("-v").output().is_ok();
    if !found {
        common::oracle_missing(
            "poppler's pdftoppm is not installed (apt-get install poppler-utils)",
        );
    }
    found
}

/// A page of `pdf` as pixels: width, height and RGB rows (pdftoppm's PPM).
fn page_pixels(pdf: &Path, page: u32, dpi: u32) -> (usize, usize, Vec<u8>) {
    let output = Command::new("pdftoppm")
        .args([
            "-r",
            &dpi.to_string(),
            "-f",
            &page.to_string(),
            "-l",
            &page.to_string(),
        ])
        .arg(pdf)
        .output()
        .expect("pdftoppm runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let ppm = output.stdout;
    // P6, width, height, 255, each after whitespace; then the pixels.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while ppm[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !ppm[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&ppm[start..at]).into_owned());
    }
    let (width, height) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    (width, height, ppm[at + 1..].to_vec())
}

/// How many pixels of a region (fractions of the page) are far from white.
fn inked(
    pixels: &(usize, usize, Vec<u8>),
    (left, top, right, bottom): (f32, f32, f32, f32),
) -> usize {
    let (width, height, rgb) = pixels;
    let mut count = 0;
    for y in (top * *height as f32) as usize..(bottom * *height as f32) as usize {
        for x in (left * *width as f32) as usize..(right * *width as f32) as usize {
            let at = (y * width + x) * 3;
            if rgb[at..at + 3].iter().any(|&channel| channel < 200) {
                count += 1;
            }
        }
    }
    count
}

#[test]
fn a_sheet_is_a_pdf_of_diagrams_in_a_grid_and_a_page_of_answers() {
    if !poppler() {
        return;
    }
    let dir = scratch("pdf");
    let suite = suite();
    let output = fen(
        &[
            "sheet",
            "--per-page",
            "4",
            "--answers",
            "--title",
            "Test suite",
            "-o",
            "suite.pdf",
        ],
        &dir,
    );
    // No records given: standard input, which is empty here.
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        !dir.join("suite.pdf").exists(),
        "nothing to lay out, nothing written"
    );
    let args = [
        "sheet",
        "--per-page",
        "4",
        "--answers",
        "--title",
        "Test suite",
        "-o",
        "suite.pdf",
    ];
    let output = fen(&[&args[..], &[suite.to_str().unwrap()]].concat(), &dir);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let pdf = dir.join("suite.pdf");
    let info = Command::new("pdfinfo")
        .arg(&pdf)
        .output()
        .expect("pdfinfo runs");
    let info = String::from_utf8_lossy(&info.stdout).into_owned();
    // Seven records, four a page: two pages of diagrams, one of answers.
    assert!(info.contains("Pages:           3"), "{info}");
    assert!(info.contains("595 x 842 pts (A4)"), "{info}");
    // Page 2 holds three diagrams: the grid's fourth cell is empty paper.
    let second = page_pixels(&pdf, 2, 30);
    let cells = [
        (0.1, 0.1, 0.45, 0.45),
        (0.55, 0.1, 0.9, 0.45),
        (0.1, 0.55, 0.45, 0.9),
        (0.55, 0.55, 0.9, 0.9),
    ];
    let counts: Vec<usize> = cells.iter().map(|&cell| inked(&second, cell)).collect();
    assert!(counts[..3].iter().all(|&count| count > 500), "{counts:?}");
    assert_eq!(counts[3], 0, "{counts:?}");
    // The answers page: text at the top left, nothing in the lower half.
    let answers = page_pixels(&pdf, 3, 30);
    assert!(inked(&answers, (0.05, 0.05, 0.5, 0.3)) > 100);
    assert_eq!(inked(&answers, (0.05, 0.5, 0.95, 0.9)), 0);
    fs::remove_dir_all(&dir).ok();
}

/// What a poppler tool prints, given `args`.
fn poppler_says(tool: &str, args: &[&str]) -> String {
    let output = Command::new(tool)
        .args(args)
        .output()
        .expect("poppler runs");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn a_sheet_s_pdf_is_a_document_its_text_in_a_font_its_diagrams_figures_in_words() {
    if !poppler() {
        return;
    }
    let dir = scratch("document");
    let suite = suite();
    let args = [
        "sheet",
        "--per-page",
        "4",
        "--answers",
        "--title",
        "Test suite",
    ];
    let output = fen(
        &[&args[..], &["-o", "suite.pdf", suite.to_str().unwrap()]].concat(),
        &dir,
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let pdf = dir.join("suite.pdf");
    // The text is text: each caption, the title and each answer.
    let path = pdf.to_str().unwrap();
    let text = poppler_says("pdftotext", &[path, "-"]);
    for said in [
        "Test suite",
        "BK.01: White to play",
        "BK.03: Black to play",
        "Answers",
        "BK.01: Qd1+",
        "WAC.001: Qg6",
    ] {
        assert!(text.contains(said), "{said} not in {text}");
    }
    // In a font the file carries, with a map back to Unicode.
    let fonts = poppler_says("pdffonts", &[path]);
    let font = fonts
        .lines()
        .find(|line| line.contains("DejaVuSans-Bold"))
        .unwrap_or_else(|| panic!("{fonts}"));
    assert!(
        font.contains("CID TrueType") && font.contains("yes yes yes"),
        "{fonts}"
    );
    let info = poppler_says("pdfinfo", &[path]);
    assert!(
        info.contains("Tagged:          yes") && info.contains("Title:           Test suite"),
        "{info}"
    );
    // Tagged in reading order: the title, then each diagram a figure
    // followed by its caption; the answers' heading and lines.
    let structure = poppler_says("pdfinfo", &["-struct-text", path]);
    assert_eq!(structure.matches("Figure").count(), 7, "{structure}");
    assert!(
        structure.contains("Figure\n    \"\"\n  P (block)\n    \"BK.01: White to play\""),
        "{structure}"
    );
    // Each figure's alternate text: its caption, then the position as
    // `fen describe` lists it.
    let record = fs::read_to_string(&suite)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    let described = fen(&["describe", &record], &dir);
    let words: Vec<String> = String::from_utf8(described.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    let alt = format!("/Alt (BK.01: White to play. {}.)", words.join(". "));
    let bytes = fs::read(&pdf).unwrap();
    assert!(
        bytes
            .windows(alt.len())
            .any(|window| window == alt.as_bytes()),
        "{alt}"
    );
    // Smaller than drawing each piece and letter as outlines, as sheets
    // did: a page is under 16 KiB here (each was over 20).
    let pages = 3;
    assert!(bytes.len() < pages * 16 * 1024, "{} bytes", bytes.len());
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_sheet_as_html_or_svg_has_a_page_each() {
    let dir = scratch("html");
    let suite = suite();
    let suite = suite.to_str().unwrap();
    let output = fen(
        &["sheet", "--per-page", "6", "-o", "suite.html", suite],
        &dir,
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let html = fs::read_to_string(dir.join("suite.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.ends_with("</html>\n"));
    assert_eq!(html.matches("<section class=\"page\">").count(), 2);
    assert!(html.contains("<title>Chess positions, page 2</title>"));
    let output = fen(
        &[
            "sheet",
            "--format",
            "svg",
            "--per-page",
            "4",
            "--answers",
            "-o",
            "pages",
            suite,
        ],
        &dir,
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut pages: Vec<String> = fs::read_dir(dir.join("pages"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    pages.sort();
    assert_eq!(pages, ["page-1.svg", "page-2.svg", "page-3.svg"]);
    let answers = fs::read_to_string(dir.join("pages/page-3.svg")).unwrap();
    assert!(answers.contains("<title>Chess positions, page 3</title>"));
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_records_are_reported_and_the_others_laid_out() {
    let dir = scratch("bad");
    fs::write(
        dir.join("mixed.fen"),
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1\n8/8/8 w - - 0 1\n4k3/8/8/8/8/8/8/4K2P w - - 0 1\n",
    )
    .unwrap();
    let output = fen(&["sheet", "-o", "mixed.html", "mixed.fen"], &dir);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("mixed.fen:2:6: error[too-few-ranks]"),
        "{stderr}"
    );
    // The illegal record is drawn, its fault a warning.
    assert!(
        stderr.contains("mixed.fen:3:") && stderr.contains("warning[pawn-on-back-rank]"),
        "{stderr}"
    );
    let html = fs::read_to_string(dir.join("mixed.html")).unwrap();
    // Each diagram's own <title>, and the page's.
    assert_eq!(
        html.matches("<title>Chess position, White to move</title>")
            .count(),
        2
    );
    let output = fen(&["sheet", "--per-page", "5", "mixed.fen"], &dir);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("'5' is not one of 4, 6, 9, 12"));
    let output = fen(&["sheet", "--format", "svg", "mixed.fen"], &dir);
    assert_eq!(output.status.code(), Some(2));
    fs::remove_dir_all(&dir).ok();
}

/// A game's plies make a sheet through `fen pgn`: every fourth ply of the
/// sample games as FEN, piped in, a diagram each.
#[test]
fn the_plies_of_games_piped_from_fen_pgn_make_a_sheet() {
    use std::io::Write;
    let dir = scratch("plies");
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/games.pgn");
    let plies = fen(
        &[
            "pgn",
            "--every",
            "4",
            "--format",
            "fen",
            games.to_str().unwrap(),
        ],
        &dir,
    );
    let fens = String::from_utf8(plies.stdout).unwrap();
    let count = fens.lines().count();
    assert!(count >= 5, "{fens}");
    let mut sheet = Command::new(env!("CARGO_BIN_EXE_fen"))
        .args(["sheet", "--per-page", "4", "-o", "plies.html"])
        .current_dir(&dir)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    sheet
        .stdin
        .take()
        .unwrap()
        .write_all(fens.as_bytes())
        .unwrap();
    assert!(sheet.wait().unwrap().success());
    let html = fs::read_to_string(dir.join("plies.html")).unwrap();
    assert_eq!(html.matches("<title>Chess position, ").count(), count);
    assert_eq!(
        html.matches("<section class=\"page\">").count(),
        count.div_ceil(4)
    );
    fs::remove_dir_all(&dir).ok();
}
