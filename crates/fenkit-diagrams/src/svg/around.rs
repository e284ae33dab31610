//! What is drawn around the board: the evaluation bar beside it, the
//! players above and below it, the move's glyph on its square, and the
//! lines of words under it (caption, clocks).

use std::{fmt::Write, time::Duration};

use shakmaty::{ByColor, Color, Setup};

use super::{BOARD, EVAL_BAR, FRAME_TEXT, Layout, PLAYER_BAND, SQUARE};
use crate::{
    Diagram,
    glyphs::{self, Anchor},
};

/// White's share of the bar from White's side (the bottom, when White is
/// at the bottom), by the winning chances of `eval`; grey and even when
/// the evaluation is not known.
pub(super) fn write_eval_bar(svg: &mut String, layout: &Layout, eval: Option<fenkit::marks::Eval>) {
    let (x, width, top) = (0.0, EVAL_BAR - 3.0, layout.top);
    let Some(eval) = eval else {
        let _ = write!(
            svg,
            r##"<rect class="eval-bar" x="{x}" y="{top}" width="{width}" height="{BOARD}" fill="#8a8785"/>"##
        );
        return;
    };
    let chances = fenkit::marks::winning_chances(eval) as f32;
    let white = BOARD * (1.0 + chances) / 2.0;
    let white_top = match layout.bottom {
        Color::White => top + BOARD - white,
        Color::Black => top,
    };
    let _ = write!(
        svg,
        r##"<rect class="eval-bar" x="{x}" y="{top}" width="{width}" height="{BOARD}" fill="#595653"/><rect x="{x}" y="{white_top}" width="{width}" height="{white}" fill="#f4f4f4"/>"##
    );
}

/// A move's quality glyph in a disc at the top right corner of its
/// square, as analysis boards show it.
pub(super) fn write_move_glyph(svg: &mut String, layout: &Layout, glyph: crate::MoveGlyph) {
    let (x, y) = layout.corner(glyph.square);
    let (cx, cy) = (x + SQUARE - 8.5, y + 8.5);
    let _ = write!(
        svg,
        r##"<circle class="move-glyph" cx="{cx}" cy="{cy}" r="8.5" fill="{}" stroke="#fff" stroke-width="1.2"/>"##,
        glyph.color()
    );
    let size = if glyph.symbol().len() == 1 {
        12.0
    } else {
        10.0
    };
    glyphs::write_text(
        svg,
        glyph.symbol(),
        (cx, cy + size * 0.37),
        size,
        Anchor::Middle,
        "#fff",
    );
}

/// Each player's name on their side of the board, their score at the
/// right once the game is over.
pub(super) fn write_players(svg: &mut String, layout: &Layout, players: &crate::Players) {
    for color in Color::ALL {
        let name = match color {
            Color::White => &players.white,
            Color::Black => &players.black,
        };
        let band_top = match color == layout.bottom {
            true => layout.top + BOARD + layout.margin + layout.pocket,
            false => 0.0,
        };
        let baseline = band_top + PLAYER_BAND / 2.0 + 4.5;
        let score = players.score(color);
        // A long name gives way to the score: cut where it would meet it.
        let room = BOARD - if score.is_some() { 24.0 } else { 4.0 };
        let name = fitted(name, 13.0, room);
        glyphs::write_text(
            svg,
            &name,
            (layout.left + 2.0, baseline),
            13.0,
            Anchor::Start,
            FRAME_TEXT,
        );
        if let Some(score) = score {
            let at = (layout.width - 3.0, baseline);
            glyphs::write_text(svg, score, at, 13.0, Anchor::End, FRAME_TEXT);
        }
    }
}

/// `text` cut to fit `room` user units at `size`, with `…` (three dots)
/// where it was cut.
fn fitted(text: &str, size: f32, room: f32) -> String {
    if glyphs::width(text, size) <= room {
        return text.to_string();
    }
    let mut cut: String = text.to_string();
    while !cut.is_empty() && glyphs::width(&format!("{cut}..."), size) > room {
        cut.pop();
    }
    format!("{}...", cut.trim_end())
}

/// The lines under the board, top to bottom: the caption, the checks to
/// give in Three-check, the clocks.
pub(super) fn lines_under(setup: &Setup, diagram: &Diagram) -> Vec<String> {
    let lines = [
        diagram.caption.then(|| fenkit::fields_in_words(setup)),
        setup.remaining_checks.map(|checks| {
            let (white, black) = (u32::from(checks.white), u32::from(checks.black));
            format!("Checks to give: White {white} · Black {black}")
        }),
        diagram.clocks.map(clocks_line),
    ];
    lines.into_iter().flatten().collect()
}

/// Both clocks in words, as a chess clock shows them: `White 2:58 ·
/// Black 0:09.5`.
pub(super) fn clocks_line(clocks: ByColor<Option<Duration>>) -> String {
    let shown = |time: Option<Duration>| time.map_or("–".to_string(), clock);
    format!(
        "White {} · Black {}",
        shown(clocks.white),
        shown(clocks.black)
    )
}

/// `h:mm:ss` from an hour on, `m:ss` below, with tenths under ten
/// seconds (when the clock has them), as lichess's clocks show time.
pub(super) fn clock(time: Duration) -> String {
    let whole = time.as_secs();
    let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60);
    let tenths = time.subsec_millis() / 100;
    let mut text = match hours {
        0 => format!("{minutes}:{rest:02}"),
        _ => format!("{hours}:{minutes:02}:{rest:02}"),
    };
    if whole < 10 && tenths > 0 {
        let _ = write!(text, ".{tenths}");
    }
    text
}
