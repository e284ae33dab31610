//! `fen scan` as users run it: on the real book diagrams of
//! `../shared/data/real/images` (never trained on: the measure of real
//! pictures), on fenkit's own drawings in every piece set, turned and
//! marked, and on files that are no picture of a board.

mod common;

use common::{assert_exit, fen, real, run};
use serde_json::Value;

/// The placement a real diagram's file name gives (ranks joined by `-`,
/// empty squares as `1`s).
fn placement_of(stem: &str) -> String {
    stem.split('-')
        .map(|rank| {
            let mut out = String::new();
            let mut run = 0;
            for letter in rank.chars() {
                match letter.to_digit(10) {
                    Some(digit) => run += digit,
                    None => {
                        if run > 0 {
                            out += &run.to_string();
                            run = 0;
                        }
                        out.push(letter);
                    }
                }
            }
            if run > 0 {
                out += &run.to_string();
            }
            out
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The 64 squares of a placement, a8 to h1, `.` for empty.
fn squares_of(placement: &str) -> Vec<char> {
    placement
        .chars()
        .filter(|c| *c != '/')
        .flat_map(|c| match c.to_digit(10) {
            Some(run) => vec!['.'; run as usize],
            None => vec![c],
        })
        .collect()
}

/// The 28 real book diagrams of `root` (`real/images`), in name order.
fn real_diagrams(root: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut pictures = Vec::new();
    for folder in ["1001", "b-and-w-pdf", "critical-moments"] {
        for entry in std::fs::read_dir(root.join(folder)).expect("a folder of pictures") {
            let path = entry.expect("readable").path();
            if path.extension().is_some_and(|e| e == "png") {
                pictures.push(path);
            }
        }
    }
    pictures.sort();
    assert_eq!(pictures.len(), 28, "the 28 diagrams of images/README.md");
    pictures
}

#[test]
fn the_real_book_diagrams_are_read() {
    let Some(root) = real("images") else { return };
    let pictures = real_diagrams(&root);
    // Three at once: the readings still come in the pictures' order.
    let mut args = vec![
        "scan".to_string(),
        "-j3".into(),
        "--format".into(),
        "json".into(),
    ];
    args.extend(pictures.iter().map(|path| path.display().to_string()));
    let output = fen(&args.iter().map(String::as_str).collect::<Vec<_>>())
        .output()
        .expect("fen runs");
    assert_exit(&output, 0, "note[scan-assumed]");
    let readings: Vec<Value> = String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .map(|line| serde_json::from_str(line).expect("a JSON line a picture"))
        .collect();
    assert_eq!(
        readings.len(),
        pictures.len(),
        "one reading a picture, in order"
    );
    let (mut right, mut exact) = (0, 0);
    for (path, reading) in pictures.iter().zip(&readings) {
        assert_eq!(reading["source"], path.display().to_string());
        let truth = squares_of(&placement_of(&path.file_stem().unwrap().to_string_lossy()));
        let read = squares_of(reading["placement"].as_str().expect("a placement"));
        let same = truth.iter().zip(&read).filter(|(a, b)| a == b).count();
        right += same;
        exact += usize::from(same == 64);
        if same < 64 {
            eprintln!("{}: {} of 64 squares", path.display(), same);
        }
    }
    let squares = 64 * pictures.len();
    eprintln!(
        "real diagrams: {right}/{squares} squares, {exact}/{} boards exact",
        pictures.len()
    );
    // Issue 49's targets: 99.5% of squares and 90% of boards exact
    // (BENCHMARKS.md, "fen scan", has the figures reached).
    assert!(
        right * 1000 >= squares * SQUARES_PER_MILLE,
        "{right}/{squares} squares"
    );
    assert!(
        exact * 100 >= pictures.len() * BOARDS_PERCENT,
        "{exact} boards exact"
    );
}

const SQUARES_PER_MILLE: usize = 995;
const BOARDS_PERCENT: usize = 90;

#[test]
fn a_picture_on_standard_input_and_a_missing_file_among_others() {
    let picture = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/diagram.png"),
    )
    .expect("the sample picture");
    let output = run(&["scan", "--side", "b", "-"], picture);
    assert_exit(&output, 0, "<stdin>: note[scan-assumed]");
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "r4rk1/pp2qppp/2n1bn2/2bpp3/4P3/2PP1N2/PPBN1PPP/R2Q1RK1 b - - 0 1\n"
    );
    // A file that cannot be read is an I/O error (status 2), said in its
    // turn; the pictures after it are still read.
    let sample = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/diagram.png");
    let output = fen(&["scan", "no-such.png", &sample.display().to_string()])
        .output()
        .expect("fen runs");
    assert_exit(&output, 2, "fen: no-such.png: No such file or directory");
    assert_eq!(String::from_utf8(output.stdout).unwrap().lines().count(), 1);
    // On two threads, each picture's lines in its turn.
    let sample = sample.display().to_string();
    let output = fen(&["scan", "-j2", &sample, "no-such.png", &sample])
        .output()
        .expect("fen runs");
    let said = String::from_utf8(output.stderr).unwrap();
    let missing = said.find("no-such.png").expect("the missing file said");
    let notes: Vec<usize> = said
        .match_indices("note[scan-assumed]")
        .map(|(at, _)| at)
        .collect();
    assert!(
        notes.len() == 2 && notes[0] < missing && missing < notes[1],
        "{said}"
    );
    assert_eq!(String::from_utf8(output.stdout).unwrap().lines().count(), 2);
}

/// Lichess's firi set, whose black pieces are gold, was learnt by one
/// pair of the four networks only: the four together read its boards
/// near even odds and break the rules all over (0 of 55 renders exact,
/// BENCHMARKS.md). The pair whose reading breaks fewer such rules is kept,
/// each square it changed said as a mend.
#[test]
fn a_set_one_pair_of_networks_learnt_is_read_by_that_pair() {
    let firi = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/pieces/lichess/firi");
    if !firi.is_dir() {
        common::oracle_missing(&format!("{} is absent", firi.display()));
        return;
    }
    let record = "r1bqkb1r/pppppppp/2n5/4P3/3P2n1/5N2/PPP2PPP/RNBQKB1R w KQkq - 0 1";
    let drawn = fen(&[
        "png",
        "--size",
        "400",
        "--pieces",
        &firi.display().to_string(),
        record,
    ])
    .output()
    .expect("fen runs");
    assert_exit(&drawn, 0, "");
    let output = run(&["scan", "--format", "json", "-"], drawn.stdout);
    assert_exit(&output, 0, "warning[scan-mended]");
    let said = String::from_utf8(output.stderr).unwrap();
    assert!(said.contains("read so by half of the networks"), "{said}");
    let reading: Value = serde_json::from_slice(&output.stdout).expect("a JSON reading");
    assert_eq!(reading["placement"], record.split(' ').next().unwrap());
    let by_networks = reading["mended"]
        .as_array()
        .expect("the mends")
        .iter()
        .filter(|mend| mend["why"] == "networks")
        .count();
    assert!(by_networks > 0, "{}", reading["mended"]);
}

/// Lichess's editor drawn in celtic, governor and pixel, sets never
/// trained: the networks read celtic's kings and governor's knights as
/// rooks, beside the rooks themselves, and pixel's queens as kings, beside
/// the kings; the rules' mend turned one of each side's two kings into a
/// queen. A program draws every piece of a kind alike: a drawing read as
/// the piece a different drawing holds takes its next likeliest piece
/// (pixel's queens however unlikely, each drawing seen twice), and twins
/// are left as read (`likeness.rs`).
#[test]
fn a_screenshot_s_own_drawings_tell_its_pieces_apart() {
    let editor = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/real/screens/lichess-editor");
    if !editor.is_dir() {
        common::oracle_missing(&format!("{} is absent", editor.display()));
        return;
    }
    let position = "kkKKqqQQ-rrRRbbBB-nnNNppPP-8-8-8-8-8";
    // Each set, and how many of its squares the drawings told at least
    // (pixel: the board kept is as half of the networks read it, where
    // the drawings told one square).
    for (set, told) in [("celtic", 2), ("governor", 2), ("pixel", 1)] {
        let picture = editor.join(format!("{position}_{set}.png"));
        let output = fen(&["scan", "--format", "json", &picture.display().to_string()])
            .output()
            .expect("fen runs");
        assert_exit(&output, 0, "warning[scan-mended]");
        let said = String::from_utf8(output.stderr).unwrap();
        assert!(
            said.contains("the board's own drawings told"),
            "{set}: {said}"
        );
        let reading: Value = serde_json::from_slice(&output.stdout).expect("a JSON reading");
        assert_eq!(reading["placement"], placement_of(position), "{set}");
        let by_drawing = reading["mended"]
            .as_array()
            .expect("the mends")
            .iter()
            .filter(|mend| mend["why"] == "drawing")
            .count();
        assert!(by_drawing >= told, "{set}: {}", reading["mended"]);
    }
}

/// What `fen sheet` prints, `fen scan` reads back: every diagram of every
/// page of the PDF, in order, with the side to move and id of its
/// caption, 4 to 12 a page, on the
/// samples' suite and real ones (the first 18 positions of Bratko-Kopec
/// and of benchmark.epd), in the looks below.
#[test]
fn a_sheet_s_pdf_is_read_back_board_for_board() {
    let dir = std::env::temp_dir().join(format!("fen-scan-pdf-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut records: Vec<String> = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/suite.epd"),
    )
    .unwrap()
    .lines()
    .map(str::to_string)
    .collect();
    if let Some(real) = real("chess-epds") {
        for name in ["bratko-kopec.epd", "benchmark.epd"] {
            let text = std::fs::read_to_string(real.join(name)).expect("a real suite");
            records.extend(
                text.lines()
                    .filter(|line| !line.trim().is_empty())
                    .take(18)
                    .map(str::to_string),
            );
        }
    }
    let suite = dir.join("suite.epd");
    std::fs::write(&suite, records.join("\n") + "\n").unwrap();
    // Real suites as their authors wrote them: read leniently, by both.
    let checked = fen(&[
        "check",
        "--lenient",
        "--format",
        "json",
        suite.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    // Each drawn record's placement and side to move, and its label: its
    // id where it has one, else its number among those drawn.
    let drawn: Vec<(String, String)> = String::from_utf8(checked.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .filter_map(|record| {
            let fen = record["fen"].as_str()?;
            let label = (record["input"].as_str()?.split_once("id "))
                .map(|(_, id)| id.split(';').next().unwrap())
                .map(|id| id.trim_matches(|c: char| c == '"' || c.is_whitespace() || c == '\0'));
            Some((fen.to_string(), label.map(str::to_string)))
        })
        .enumerate()
        .map(|(index, (fen, label))| {
            let mut fields = fen.split(' ');
            let placement_and_side =
                format!("{} {}", fields.next().unwrap(), fields.next().unwrap());
            (
                placement_and_side,
                label.unwrap_or_else(|| (index + 1).to_string()),
            )
        })
        .collect();
    assert!(drawn.len() > 30, "{drawn:?}");
    assert!(drawn.iter().any(|(fen, _)| fen.ends_with(" b")));
    // Sheets' own look, coordinates inside the squares, 4 to 12 a page;
    // and framed by coordinates outside, 4 a page (9 a page, or framed
    // more a page, a board or two of a hundred is still found a square
    // off: BENCHMARKS.md).
    let looks = [
        ("4", "inside"),
        ("6", "inside"),
        ("12", "inside"),
        ("4", "outside"),
    ];
    for (per_page, coordinates) in looks {
        let pdf = dir.join(format!("sheet-{per_page}-{coordinates}.pdf"));
        let args = [
            "sheet",
            "--lenient",
            "--per-page",
            per_page,
            "--coordinates",
            coordinates,
            "-o",
        ];
        let output = fen(&[&args[..], &[pdf.to_str().unwrap(), suite.to_str().unwrap()]].concat())
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let output = fen(&["scan", "--format", "epd", pdf.to_str().unwrap()])
            .output()
            .unwrap();
        assert_exit(&output, 0, "#page=1: note[scan-assumed]");
        let read: Vec<String> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        // Every board's placement, and the side to move and id its
        // caption gives ("BK.03: Black to play", "7. White to play").
        assert_eq!(read.len(), drawn.len(), "{read:?}");
        for (line, (placement_and_side, label)) in read.iter().zip(&drawn) {
            let id = format!("id \"{label}\";");
            assert!(
                line.starts_with(&format!("{placement_and_side} ")) && line.ends_with(&id),
                "{line} for {placement_and_side} {id} ({per_page} a page, {coordinates})"
            );
        }
    }
    // Pages chosen; a page of text (the answers) has no board; a PDF
    // that is not one is said so, and the pictures after it still read.
    let sheet = dir.join("answers.pdf");
    let args = [
        "sheet",
        "--per-page",
        "4",
        "--answers",
        "-o",
        sheet.to_str().unwrap(),
    ];
    let sample = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/suite.epd");
    assert!(
        fen(&[&args[..], &[sample.to_str().unwrap()]].concat())
            .output()
            .unwrap()
            .status
            .success()
    );
    let output = fen(&["scan", "--pages", "2-3", sheet.to_str().unwrap()])
        .output()
        .unwrap();
    assert_exit(&output, 1, "answers.pdf#page=3: error[no-board]");
    assert_eq!(String::from_utf8(output.stdout).unwrap().lines().count(), 3);
    let broken = dir.join("broken.pdf");
    std::fs::write(&broken, b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog").unwrap();
    let picture =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples/diagram.png");
    let output = fen(&["scan", broken.to_str().unwrap(), picture.to_str().unwrap()])
        .output()
        .unwrap();
    assert_exit(&output, 1, "broken.pdf: error[pdf-not-read]: a broken PDF");
    assert_eq!(String::from_utf8(output.stdout).unwrap().lines().count(), 1);
    let output = fen(&["scan", "--pages", "3-2", broken.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}

/// A scanned book: the 28 real diagrams set as pictures on pages, two a
/// page as a scanner leaves them (no text), read from the PDF as they
/// read on their own: every board found in order, named `p3.2`, the side
/// to move noted as assumed, and as many placements exact as the
/// pictures give, but two.
#[test]
fn a_scanned_book_s_pages_read_as_their_pictures_do() {
    let Some(root) = real("images") else { return };
    let pictures = real_diagrams(&root);
    let dir = std::env::temp_dir().join(format!("fen-scan-scanned-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("scanned.pdf");
    std::fs::write(&book, scanned_pdf(&pictures)).unwrap();

    let mut args = vec!["scan".to_string(), "--format".into(), "json".into()];
    args.extend(pictures.iter().map(|path| path.display().to_string()));
    let alone = fen(&args.iter().map(String::as_str).collect::<Vec<_>>())
        .output()
        .unwrap();
    let placements = |stdout: &[u8]| -> Vec<String> {
        String::from_utf8(stdout.to_vec())
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str::<Value>(line).unwrap()["placement"].to_string())
            .collect()
    };
    let alone = placements(&alone.stdout);
    let output = fen(&["scan", "--format", "json", book.to_str().unwrap()])
        .output()
        .unwrap();
    assert_exit(
        &output,
        0,
        "scanned.pdf#page=14: note[scan-assumed]: a picture does not show whose move it is",
    );
    let from_book = placements(&output.stdout);
    assert_eq!(from_book.len(), pictures.len(), "{from_book:?}");
    // As many boards exact as the pictures alone, but two: a scanned
    // page's picture is smoothed as it is drawn and its boards found on a
    // copy of it 800 pixels a side, so a box may stand a few pixels off
    // the picture's own; the book's heavily inked white queens read near
    // even odds (55% Black's, 45% White's), and two of them turn with
    // such a shift.
    let exact = |placements: &[String]| {
        pictures
            .iter()
            .zip(placements)
            .filter(|(path, read)| {
                let truth = placement_of(&path.file_stem().unwrap().to_string_lossy());
                **read == format!("\"{truth}\"")
            })
            .count()
    };
    let (exact_alone, exact_from_book) = (exact(&alone), exact(&from_book));
    assert!(
        exact_from_book + 2 >= exact_alone && exact_alone >= 25,
        "{exact_from_book} boards exact from the book, {exact_alone} alone"
    );
    let output = fen(&[
        "scan",
        "--format",
        "epd",
        "--pages",
        "14",
        book.to_str().unwrap(),
    ])
    .output()
    .unwrap();
    let epd = String::from_utf8(output.stdout).unwrap();
    assert!(
        epd.lines().count() == 2 && epd.ends_with("id \"p14.2\";\n"),
        "{epd}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A PDF of `pictures`, two a page, each drawn a point a pixel from its
/// colours (Flate-compressed), on pages a little larger than two.
fn scanned_pdf(pictures: &[std::path::PathBuf]) -> Vec<u8> {
    use std::io::Write;
    let mut objects: Vec<Vec<u8>> = Vec::new();
    let mut kids = Vec::new();
    let (page_width, page_height) = (800, 1500);
    for pair in pictures.chunks(2) {
        let mut content = String::new();
        let mut resources = String::new();
        for (slot, path) in pair.iter().enumerate() {
            let picture = image::open(path).expect("a PNG").to_rgb8();
            let (width, height) = picture.dimensions();
            let mut deflate =
                flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
            deflate.write_all(picture.as_raw()).unwrap();
            let data = deflate.finish().unwrap();
            let mut object = format!(
                "<< /Type /XObject /Subtype /Image /Width {width} /Height {height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length {} >>\nstream\n",
                data.len()
            )
            .into_bytes();
            object.extend(data);
            object.extend(b"\nendstream");
            objects.push(object);
            let x = (page_width - width) / 2;
            let y = page_height - 60 - (slot as u32 + 1) * (height + 60);
            content += &format!("q {width} 0 0 {height} {x} {y} cm /Im{slot} Do Q\n");
            resources += &format!("/Im{slot} {} 0 R ", objects.len() + 2);
        }
        objects.push(
            format!(
                "<< /Length {} >>\nstream\n{content}\nendstream",
                content.len() + 1
            )
            .into_bytes(),
        );
        let content_ref = objects.len() + 2;
        objects.push(
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {page_width} {page_height}] /Resources << /XObject << {resources}>> >> /Contents {content_ref} 0 R >>"
            )
            .into_bytes(),
        );
        kids.push(format!("{} 0 R", objects.len() + 2));
    }
    let mut all = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        format!(
            "<< /Type /Pages /Kids [{}] /Count {} >>",
            kids.join(" "),
            kids.len()
        )
        .into_bytes(),
    ];
    all.extend(objects);
    let mut pdf = b"%PDF-1.7\n".to_vec();
    let mut offsets = Vec::new();
    for (number, object) in all.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend(format!("{} 0 obj\n", number + 1).as_bytes());
        pdf.extend(object);
        pdf.extend(b"\nendobj\n");
    }
    let xref = pdf.len();
    pdf.extend(format!("xref\n0 {}\n0000000000 65535 f \n", all.len() + 1).as_bytes());
    for offset in offsets {
        pdf.extend(format!("{offset:010} 00000 n \n").as_bytes());
    }
    pdf.extend(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            all.len() + 1
        )
        .as_bytes(),
    );
    pdf
}
