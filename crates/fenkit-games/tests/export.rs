//! Games written back in PGN's export format: lines, move numbers,
//! what is stripped, the tags computed, the result.

use fenkit::variants::VariantPosition;
use fenkit_games::export::{Export, Retag, Strip};

fn standard() -> VariantPosition {
    VariantPosition::Chess(shakmaty::Chess::default())
}

fn written(export: &Export, text: &str) -> String {
    let mut out = Vec::new();
    export.write_game(text.as_bytes(), &standard(), &mut out);
    String::from_utf8(out).unwrap()
}

fn movetext(export: &Export, text: &str) -> String {
    let all = written(export, text);
    let (_, movetext) = all.split_once("\n\n").unwrap();
    movetext.trim_end().to_string()
}

#[test]
fn lines_are_wrapped_at_79_characters() {
    let moves = "1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(12);
    let text = movetext(&Export::default(), &format!("{moves}*"));
    assert!(text.lines().all(|line| line.len() <= 79), "{text}");
    assert!(text.lines().count() > 3);
    assert!(text.lines().any(|line| line.len() > 70));
    // Variations, nested, opened and closed at every column.
    for pad in 0..12 {
        let words = "{ a } ".repeat(pad);
        let game = format!("1. e4 {words}(1. d4 (1. c4 c5) d5 (1... Nf6)) e5 ").repeat(6);
        let text = movetext(&Export::default(), &format!("{game}*"));
        assert!(text.lines().all(|line| line.len() <= 79), "{text}");
    }
}

/// Clocks and evaluations stay whole on one line at every column, as
/// lichess writes them, for the programs that read them with a pattern.
#[test]
fn a_command_in_a_comment_is_never_broken_across_lines() {
    for pad in 0..16 {
        let words = "a ".repeat(pad);
        let game = format!(
            "1. e4 {{ {words}[%eval 0.17] [%clk 0:00:54] }} e5 {{ [%cal Ge2e4,Gd2d4] [%clk 0:00:53] }} "
        )
        .repeat(4);
        let text = movetext(&Export::default(), &format!("{game}*"));
        assert!(text.lines().all(|line| line.len() <= 79), "{text}");
        for command in [
            "[%eval 0.17]",
            "[%clk 0:00:54]",
            "[%cal Ge2e4,Gd2d4]",
            "[%clk 0:00:53]",
        ] {
            assert_eq!(
                text.matches(command).count(),
                4,
                "{command} broken in:\n{text}"
            );
        }
    }
}

#[test]
fn black_moves_are_numbered_after_a_comment_or_a_variation() {
    let text = "1. e4 e5 {a} 2. Nf3 (2. Nc3 Nc6 (2... Nf6)) Nc6 *";
    assert_eq!(
        movetext(&Export::default(), text),
        "1. e4 e5 { a } 2. Nf3 (2. Nc3 Nc6 (2... Nf6)) 2... Nc6 *"
    );
}

#[test]
fn stripped_what_was_asked_for() {
    let text = "[Annotator \"me\"]\n\n1. e4 { [%eval 0.2] [%clk 0:03:00] good } e5! (1... c5) *";
    let strip = |strip: Strip| Export {
        strip,
        ..Export::default()
    };
    let clocks = strip(Strip {
        clocks: true,
        ..Strip::default()
    });
    assert_eq!(
        movetext(&clocks, text),
        "1. e4 { [%eval 0.2] good } 1... e5 $1 (1... c5) *"
    );
    let all = strip(Strip {
        comments: true,
        variations: true,
        nags: true,
        tags: vec!["Annotator".into()],
        ..Strip::default()
    });
    assert_eq!(movetext(&all, text), "1. e4 e5 *");
    assert!(!written(&all, text).contains("Annotator"));
    let evals_and_clocks = strip(Strip {
        clocks: true,
        evals: true,
        ..Strip::default()
    });
    let text = "1. e4 { [%eval 0.2] [%clk 0:03:00] } e5 *";
    assert_eq!(movetext(&evals_and_clocks, text), "1. e4 e5 *");
}

#[test]
fn computed_tags_are_added_or_corrected_in_place() {
    let export = Export {
        retag: Retag {
            eco: true,
            opening: true,
            ply_count: true,
        },
        ..Export::default()
    };
    let text = "[ECO \"A00\"]\n[Annotator \"me\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *";
    let all = written(&export, text);
    let tags: Vec<&str> = all.lines().skip(7).take_while(|l| !l.is_empty()).collect();
    assert_eq!(
        tags,
        [
            "[ECO \"C60\"]",
            "[Annotator \"me\"]",
            "[Opening \"Ruy Lopez\"]",
            "[PlyCount \"5\"]"
        ]
    );
}

#[test]
fn the_result_comes_from_the_movetext_or_the_tag() {
    let all = written(&Export::default(), "[Result \"1-0\"]\n\n1. e4");
    assert!(all.contains("[Result \"1-0\"]") && all.ends_with("1. e4 1-0\n\n"));
    let all = written(&Export::default(), "1. e4 0-1");
    assert!(all.contains("[Result \"0-1\"]") && all.ends_with("1. e4 0-1\n\n"));
}

#[test]
fn a_variation_with_a_move_that_cannot_be_played_is_kept_as_written() {
    let text = "1. e4 (1. d4 Ke3 Nf6) e5 *";
    assert_eq!(
        movetext(&Export::default(), text),
        "1. e4 (1. d4 Ke3 Nf6) 1... e5 *"
    );
}

#[test]
fn a_tag_given_twice_is_written_once_with_the_value_the_reader_plays() {
    // The reader plays a game from its last `FEN` tag; the writer must
    // not keep the first, or the game written is another game.
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let text =
        format!("[FEN \"not a position\"]\n[Site \"a\"]\n[FEN \"{fen}\"]\n[Site \"b\"]\n\n*");
    let all = written(&Export::default(), &text);
    assert!(all.contains("[Site \"b\"]\n"), "{all}");
    assert!(all.contains(&format!("[FEN \"{fen}\"]\n")), "{all}");
    assert_eq!(all.matches("[FEN ").count(), 1, "{all}");
    assert_eq!(all.matches("[Site ").count(), 1, "{all}");
}
