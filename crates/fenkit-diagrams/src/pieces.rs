//! The cburnett piece drawings (by Colin M.L. Burnett; see
//! `assets/NOTICE.md`), 45 by 45 user units each.

use shakmaty::{Color, Piece, Role};

/// Every piece, in the order the drawings are defined: White's pawn to
/// king, then Black's.
pub const ALL: [Piece; 12] = {
    let mut all = [Color::White.pawn(); 12];
    let mut at = 0;
    while at < 12 {
        let color = if at < 6 { Color::White } else { Color::Black };
        all[at] = Piece {
            color,
            role: Role::ALL[at % 6],
        };
        at += 1;
    }
    all
};

/// Where `piece` stands in [`ALL`].
pub fn index(piece: Piece) -> usize {
    let side = if piece.color.is_white() { 0 } else { 6 };
    side + usize::from(piece.role) - 1
}

/// The element id of a piece's drawing: `wK`, `bN`, ...
pub fn id(piece: Piece) -> &'static str {
    IDS[index(piece)]
}

/// The drawing of `piece`: the contents of its SVG file, without the
/// outer `<svg>` element.
pub fn drawing(piece: Piece) -> &'static str {
    let file = file(piece);
    let inner = file.find('>').map_or(0, |end| end + 1);
    let outer = file.rfind("</svg>").unwrap_or(file.len());
    file.get(inner..outer).unwrap_or("").trim()
}

/// The drawing of `piece` as a standalone SVG document, 45 by 45 units:
/// for pages that place pieces themselves, such as a board editor.
///
/// ```
/// let king = fenkit_diagrams::piece_svg(shakmaty::Color::White.king());
/// assert!(king.starts_with("<svg") && king.contains(r#"viewBox="0 0 45 45""#));
/// ```
pub fn piece_svg(piece: Piece) -> &'static str {
    file(piece)
}

/// The drawings' ids and files, named once, in the order of [`ALL`].
macro_rules! drawings {
    ($($name:literal),*) => {
        const IDS: [&str; 12] = [$($name),*];
        const FILES: [&str; 12] =
            [$(include_str!(concat!("../assets/pieces/", $name, ".svg"))),*];
    };
}

drawings!(
    "wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK"
);

fn file(piece: Piece) -> &'static str {
    FILES[index(piece)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_drawing_is_a_group_with_a_unique_id() {
        let mut ids: Vec<&str> = ALL.iter().map(|&piece| id(piece)).collect();
        for piece in ALL {
            let drawing = drawing(piece);
            assert!(
                drawing.starts_with('<') && drawing.ends_with("/>") || drawing.ends_with("</g>")
            );
            assert!(!drawing.contains("<svg") && !drawing.contains("</svg>"));
            assert_eq!(&id(piece)[1..], piece.role.upper_char().to_string());
        }
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), 12);
    }

    #[test]
    fn index_is_the_place_in_all() {
        for (at, &piece) in ALL.iter().enumerate() {
            assert_eq!(index(piece), at, "{piece:?}");
        }
    }
}
