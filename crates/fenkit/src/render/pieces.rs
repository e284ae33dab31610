//! The cburnett piece drawings (by Colin M.L. Burnett; see
//! `assets/NOTICE.md`), 45 by 45 user units each.

use shakmaty::{Color, Piece, Role};

/// Every piece, in the order the drawings are defined.
pub const ALL: [Piece; 12] = [
    Color::White.pawn(),
    Color::White.knight(),
    Color::White.bishop(),
    Color::White.rook(),
    Color::White.queen(),
    Color::White.king(),
    Color::Black.pawn(),
    Color::Black.knight(),
    Color::Black.bishop(),
    Color::Black.rook(),
    Color::Black.queen(),
    Color::Black.king(),
];

/// Where `piece` stands in [`ALL`].
pub fn index(piece: Piece) -> usize {
    let side = if piece.color.is_white() { 0 } else { 6 };
    side + usize::from(piece.role) - 1
}

/// The element id of a piece's drawing: `wK`, `bN`, ...
pub fn id(piece: Piece) -> &'static str {
    const IDS: [[&str; 6]; 2] = [
        ["bP", "bN", "bB", "bR", "bQ", "bK"],
        ["wP", "wN", "wB", "wR", "wQ", "wK"],
    ];
    IDS[usize::from(piece.color.is_white())][usize::from(piece.role) - 1]
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
/// let king = fenkit::render::piece_svg(shakmaty::Color::White.king());
/// assert!(king.starts_with("<svg") && king.contains(r#"viewBox="0 0 45 45""#));
/// ```
pub fn piece_svg(piece: Piece) -> &'static str {
    file(piece)
}

fn file(piece: Piece) -> &'static str {
    match (piece.color, piece.role) {
        (Color::White, Role::Pawn) => include_str!("../../assets/pieces/wP.svg"),
        (Color::White, Role::Knight) => include_str!("../../assets/pieces/wN.svg"),
        (Color::White, Role::Bishop) => include_str!("../../assets/pieces/wB.svg"),
        (Color::White, Role::Rook) => include_str!("../../assets/pieces/wR.svg"),
        (Color::White, Role::Queen) => include_str!("../../assets/pieces/wQ.svg"),
        (Color::White, Role::King) => include_str!("../../assets/pieces/wK.svg"),
        (Color::Black, Role::Pawn) => include_str!("../../assets/pieces/bP.svg"),
        (Color::Black, Role::Knight) => include_str!("../../assets/pieces/bN.svg"),
        (Color::Black, Role::Bishop) => include_str!("../../assets/pieces/bB.svg"),
        (Color::Black, Role::Rook) => include_str!("../../assets/pieces/bR.svg"),
        (Color::Black, Role::Queen) => include_str!("../../assets/pieces/bQ.svg"),
        (Color::Black, Role::King) => include_str!("../../assets/pieces/bK.svg"),
    }
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
