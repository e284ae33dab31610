//! What golden files cannot hold: images written to a directory, and
//! colors that depend on the terminal.

use std::{
    fs,
    path::{Path, PathBuf},
    process::{Command, Output},
};

fn fen(args: &[&str], dir: &Path, stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_fen"))
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("fen runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("written");
    child.wait_with_output().expect("fen finishes")
}

/// A fresh, empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fen-images-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .expect("output directory")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

const RECORDS: &str = "\
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
not a record

4k3/8/8/8/8/8/8/4K2P w - - 0 1
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
";

#[test]
fn one_png_per_record_named_by_line_in_a_new_directory() {
    let dir = scratch("lines");
    let output = fen(&["png", "--size", "64", "-o", "boards/"], &dir, RECORDS);
    // The bad record is reported; the illegal one is drawn, with warnings.
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("<stdin>:2:"), "{stderr}");
    assert!(
        stderr.contains("<stdin>:4:20: warning[pawn-on-back-rank]"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
    let boards = dir.join("boards");
    assert_eq!(names(&boards), ["1.png", "4.png", "5.png"]);
    for name in names(&boards) {
        let bytes = fs::read(boards.join(&name)).expect("readable");
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{name}");
    }
    // Lines 1 and 5 hold the same position: the same image.
    assert_eq!(
        fs::read(boards.join("1.png")).unwrap(),
        fs::read(boards.join("5.png")).unwrap()
    );
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn svg_files_named_by_epd_id_with_unsafe_characters_replaced() {
    let dir = scratch("ids");
    let epd = "\
1k1r4/pp1b1R2/3q2pp/4p3/2B5/4Q3/PPP2B2/2K5 b - - bm Qd1+; id \"BK.01\";
3r1k2/4npp1/1ppr3p/p6P/P2PPPP1/1NR5/5K2/2R5 w - - bm d5; id \"../BK 02\";
2q1rr1k/3bbnnp/p2p1pp1/2pPp3/PpP1P1P1/1P2BNNP/2BQ1PRK/7R b - - bm f5; id \"BK.01\";
";
    let output = fen(
        &["svg", "--input", "epd", "-o", "out", "--name", "{id}"],
        &dir,
        epd,
    );
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        names(&dir.join("out")),
        ["BK.01-2.svg", "BK.01.svg", "_BK_02.svg"]
    );
    let svg = fs::read_to_string(dir.join("out/BK.01.svg")).expect("readable");
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn one_file_takes_one_image() {
    let dir = scratch("file");
    let output = fen(&["svg", "-o", "board.svg"], &dir, RECORDS);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("<stdin>:4:1: error[one-image-only]"),
        "{stderr}"
    );
    assert!(
        stderr.contains("<stdin>:5:1: error[one-image-only]"),
        "{stderr}"
    );
    assert_eq!(names(&dir), ["board.svg"]);
    fs::remove_dir_all(&dir).ok();
}

/// Runs `fen show` with its standard output on a pseudo-terminal (through
/// util-linux's `script`), with or without NO_COLOR.
fn show_on_terminal(no_color: Option<&str>) -> String {
    let dir = scratch(&format!("tty-{}", no_color.is_some()));
    fs::write(dir.join("start.fen"), "8/8/8/8/8/8/8/K6k w - - 0 1\n").expect("written");
    let line = format!("{} show start.fen", env!("CARGO_BIN_EXE_fen"));
    let mut command = Command::new("script");
    command.args(["-qec", &line, "/dev/null"]).current_dir(&dir);
    match no_color {
        Some(value) => command.env("NO_COLOR", value),
        None => command.env_remove("NO_COLOR"),
    };
    let output = command.output().expect("util-linux's script runs");
    fs::remove_dir_all(&dir).ok();
    assert!(output.status.success());
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn show_colors_a_terminal_unless_no_color_is_set() {
    let colored = show_on_terminal(None);
    assert!(colored.contains("\x1b[48;2;"), "{colored:?}");
    let plain = show_on_terminal(Some("1"));
    assert!(plain.contains("White to move"), "{plain:?}");
    assert!(!plain.contains('\x1b'), "{plain:?}");
    // An empty NO_COLOR counts as unset, as no-color.org says.
    assert!(show_on_terminal(Some("")).contains("\x1b[48;2;"));
}

/// The diagram in the guide is the command's own output: the command
/// shown there draws it again, byte for byte.
#[test]
fn the_guides_diagram_is_what_the_command_draws() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = scratch("readme");
    let out = dir.join("sicilian.png");
    let args = [
        "png",
        "--last-move",
        "g1f3",
        "--arrows",
        "Gd7d6,Bb8c6",
        "--caption",
        "-o",
        out.to_str().expect("UTF-8 path"),
        "samples/sicilian.fen",
    ];
    let output = fen(&args, &root, "");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let readme = fs::read_to_string(root.join("docs/guide.md")).expect("the guide");
    let shown = format!(
        "fen {} -o docs/sicilian.png samples/sicilian.fen",
        args[..6].join(" ")
    );
    assert!(
        readme.contains(&shown),
        "the guide shows another command than {shown}"
    );
    assert!(
        fs::read(&out).unwrap() == fs::read(root.join("docs/sicilian.png")).unwrap(),
        "docs/sicilian.png is stale: run `{shown}` from the repository root"
    );
    fs::remove_dir_all(&dir).ok();
}

/// A GIF's frames: each one's delay and RGBA pixels.
type Frames = Vec<(u16, Vec<u8>)>;

/// A GIF's size and its frames.
fn gif_frames(path: &Path) -> ((u16, u16), Frames) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options
        .read_info(fs::File::open(path).unwrap())
        .expect("a GIF");
    let size = (decoder.width(), decoder.height());
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        frames.push((frame.delay, frame.buffer.to_vec()));
    }
    (size, frames)
}

/// `fen gif`: a frame a ply (the start too), each shown for the delay
/// asked, the last three times as long, looping; consecutive frames differ
/// (a move was made), and a game that stops early ends the GIF there with
/// a warning and status 1.
#[test]
fn a_game_becomes_an_animated_gif_a_frame_a_ply() {
    let dir = scratch("gif");
    // Writes NAME.pgn, and draws it into NAME.gif at 96 pixels.
    let gif = |name: &str, game: &str, options: &[&str]| {
        fs::write(dir.join(format!("{name}.pgn")), game).unwrap();
        let (pgn, gif) = (format!("{name}.pgn"), format!("{name}.gif"));
        let mut args = vec!["gif", "--size", "96"];
        args.extend(options);
        args.extend([pgn.as_str(), "-o", gif.as_str()]);
        let output = fen(&args, &dir, "");
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        (output.status.code(), stderr, dir.join(gif))
    };
    let game = "[Event \"x\"]\n\n1. e4 { [%cal Gd2d4] } e5 2. Nf3 { [%csl Rd4] } Nc6 3. Bb5 a6 *\n";
    let (status, stderr, path) = gif("game", game, &["--delay", "200"]);
    assert_eq!(status, Some(0), "{stderr}");
    let (size, frames) = gif_frames(&path);
    assert_eq!(size, (96, 96));
    assert_eq!(frames.len(), 7, "the start and six plies");
    let delays: Vec<u16> = frames.iter().map(|(delay, _)| *delay).collect();
    assert_eq!(delays, [20, 20, 20, 20, 20, 20, 60]);
    for pair in frames.windows(2) {
        assert_ne!(pair[0].1, pair[1].1, "a move changes the picture");
    }

    let (status, stderr, path) = gif("stopped", "1. e4 e5 2. Ke3 *\n", &[]);
    assert_eq!(status, Some(1));
    assert!(stderr.contains("the GIF ends there"), "{stderr}");
    assert_eq!(gif_frames(&path).1.len(), 3, "the start, e4, e5");

    // --clocks: a line more under the board, which changes as clocks do.
    let clocked = "[TimeControl \"60+0\"]\n\n1. e4 { [%clk 0:00:59] } e5 { [%clk 0:00:58] } *\n";
    let (status, stderr, path) = gif("clocked", clocked, &["--clocks"]);
    assert_eq!(status, Some(0), "{stderr}");
    let ((width, height), frames) = gif_frames(&path);
    let (width, height) = (usize::from(width), usize::from(height));
    assert!(height > width, "{width}×{height}: no line under the board");
    // The bottom rows, below the board: the clocks.
    let strips: Vec<&[u8]> = frames
        .iter()
        .map(|(_, pixels)| &pixels[width * 4 * (height - 6)..])
        .collect();
    assert_eq!(strips.len(), 3);
    assert_ne!(strips[0], strips[1], "White's clock moved");
    assert_ne!(strips[1], strips[2], "Black's clock moved");
}

/// `--pgn --every`: a file a ply into the directory, named by ply, each
/// with its own arrows; a game that stops early keeps the plies before.
#[test]
fn every_ply_of_a_game_is_a_file_of_its_own() {
    let dir = scratch("every-ply");
    let game = "1. e4 e5 2. Nf3 { [%cal Gd2d4] } Nc6 3. Kf2 *\n";
    fs::write(dir.join("game.pgn"), game).unwrap();
    let output = fen(
        &["svg", "--pgn", "game.pgn", "--every", "-o", "plies/"],
        &dir,
        "",
    );
    assert_eq!(output.status.code(), Some(1), "the game stops at 3. Kf2");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("the plies before are drawn"), "{stderr}");
    let plies = dir.join("plies");
    assert_eq!(names(&plies), ["0.svg", "1.svg", "2.svg", "3.svg", "4.svg"]);
    let arrows = |ply: &str| {
        let svg = fs::read_to_string(plies.join(ply)).unwrap();
        svg.matches("arrow").count()
    };
    assert!(
        arrows("3.svg") > arrows("2.svg"),
        "ply 3 has the game's arrow"
    );
}

/// A game's ply shows its move's NAG as a glyph on the square it went to,
/// its `[%eval]` on the bar, and with --players the names by their side,
/// the result only at the last ply.
#[test]
fn a_plys_glyph_evaluation_and_players_come_from_the_game() {
    let dir = scratch("glyphs");
    let game = "[White \"P\u{e9}rez, Ana\"]\n[Black \"Karpov\"]\n[WhiteElo \"2210\"]\n[Result \"0-1\"]\n\n\
        1. e4 { [%eval 0.2] } e5 2. Nf3 Nc6 3. Bc4 Nd4?! { [%eval 1.1] } 4. Nxe5 $2 { [%eval -0.4] } Qg5 \
        5. Nxf7!? Qxg2 6. Rf1 Qxe4+ 7. Be2 Nf3# $4 0-1\n";
    fs::write(dir.join("game.pgn"), game).unwrap();
    let svg = |ply: &str| {
        let mut args = vec!["svg", "--pgn", "game.pgn", "--players", "--eval-bar"];
        if !ply.is_empty() {
            args.extend(["--ply", ply]);
        }
        let output = fen(&args, &dir, "");
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).unwrap()
    };
    // 3...Nd4?! (ply 6): the dubious glyph's colour, on d4's corner.
    let dubious = svg("6");
    // d4's corner: right of the bar (15) and the margin (16), under the
    // top player's line (22).
    let glyph = &dubious[dubious.find("<circle class=\"move-glyph\"").unwrap()..];
    let glyph = &glyph[..glyph.find("/>").unwrap()];
    assert_eq!(
        glyph,
        r##"<circle class="move-glyph" cx="202.5" cy="210.5" r="8.5" fill="#56b4e9" stroke="#fff" stroke-width="1.2""##
    );
    // White is better after it: more than half the bar is White's.
    let white_share = |svg: &str| -> f32 {
        let bar = &svg[svg.find(r#"class="eval-bar""#).unwrap()..];
        let white = &bar[bar.find(r##"fill="#595653"/><rect"##).unwrap()..];
        let height = &white[white.find(" height=\"").unwrap() + 9..];
        height[..height.find('"').unwrap()].parse::<f32>().unwrap() / 360.0
    };
    assert!(white_share(&dubious) > 0.55, "{}", white_share(&dubious));
    assert!(white_share(&svg("7")) < 0.5, "4.Nxe5? -0.4");
    // A ply without an [%eval] of its own: a grey, even bar.
    assert!(
        svg("8")
            .contains(r##"class="eval-bar" x="0" y="22" width="12" height="360" fill="#8a8785""##)
    );
    // The last ply: the blunder's glyph, and the result beside the names.
    let last = svg("");
    assert!(last.contains(r##"fill="#df5353""##), "?? at the end");
    // A name's letters are drawn as paths: the players' lines add paths
    // to the diagram drawn without them, the result (two digits) too.
    let paths = |svg: &str| svg.matches("<path").count();
    let output = fen(&["svg", "--pgn", "game.pgn", "--eval-bar"], &dir, "");
    let without_players = String::from_utf8(output.stdout).unwrap();
    assert!(paths(&last) > paths(&without_players) + 20);
    let six_with = paths(&svg("6"));
    let output = fen(
        &["svg", "--pgn", "game.pgn", "--eval-bar", "--ply", "6"],
        &dir,
        "",
    );
    let six_without = paths(&String::from_utf8(output.stdout).unwrap());
    let last_players = paths(&last) - paths(&without_players);
    assert_eq!(
        last_players,
        six_with - six_without + 2,
        "the result's two digits at the end alone"
    );
    fs::remove_dir_all(&dir).ok();
}
