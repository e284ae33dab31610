//! Piece sets: twelve drawings, one a piece, 45 by 45 user units each.
//! The sets fenkit ships are named in [`PieceSet::NAMES`] (their artists
//! and licences in `assets/NOTICE.md`); a user's own set is read from
//! twelve SVG files by [`PieceSet::from_svgs`].

use std::{borrow::Cow, fmt, sync::Arc};

use resvg::usvg;
use shakmaty::{Color, Piece, Role};

/// Every piece, in the order the drawings are kept: White's pawn to
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

/// The element id of a piece's drawing, and the stem of its file name in a
/// piece folder: `wK`, `bN`, ...
pub fn id(piece: Piece) -> &'static str {
    IDS[index(piece)]
}

const IDS: [&str; 12] = [
    "wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK",
];

/// The twelve files of each shipped set, in the order of [`ALL`].
macro_rules! piece_files {
    ($set:literal) => {
        [
            include_str!(concat!("../assets/pieces/", $set, "/wP.svg")),
            include_str!(concat!("../assets/pieces/", $set, "/wN.svg")),
            include_str!(concat!("../assets/pieces/", $set, "/wB.svg")),
            include_str!(concat!("../assets/pieces/", $set, "/wR.svg")),
            include_str!(concat!("../assets/pieces/", $set, "/wQ.svg")),
            include_str!(concat!("../assets/pieces/", $set, "/wK.svg")),
            include_str!(concat!("../assets/pieces/", $set, "/bP.svg")),
            include_str!(concat!("../assets/pieces/", $set, "/bN.svg")),
            include_str!(concat!("../assets/pieces/", $set, "/bB.svg")),
            include_str!(concat!("../assets/pieces/", $set, "/bR.svg")),
            include_str!(concat!("../assets/pieces/", $set, "/bQ.svg")),
            include_str!(concat!("../assets/pieces/", $set, "/bK.svg")),
        ]
    };
}

/// The shipped sets, each named once.
macro_rules! shipped_sets {
    ($($set:literal),*) => {
        const SHIPPED: &[(&str, [&str; 12])] = &[$(($set, piece_files!($set))),*];
        const NAMES: &[&str] = &[$($set),*];
    };
}

shipped_sets!(
    "cburnett", "merida", "fantasy", "spatial", "celtic", "eyes", "skulls"
);

/// Twelve piece drawings under one name: a set fenkit ships, or one read
/// from a user's files.
///
/// ```
/// use fenkit_diagrams::{Diagram, PieceSet, svg};
///
/// let merida = PieceSet::named("merida").expect("shipped");
/// let image = svg(&shakmaty::Setup::initial(), &Diagram::default().with_pieces(merida));
/// assert!(image.contains(r#"<g id="wK">"#));
/// assert!(PieceSet::named("staunty").is_none());
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct PieceSet {
    name: Arc<str>,
    /// Standalone SVG documents, 45 by 45 units, in the order of [`ALL`].
    files: Arc<[Cow<'static, str>; 12]>,
}

impl fmt::Debug for PieceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("PieceSet").field(&self.name).finish()
    }
}

impl Default for PieceSet {
    /// The cburnett set, lichess's and python-chess's default.
    fn default() -> PieceSet {
        PieceSet::named("cburnett").unwrap_or_else(|| unreachable!("cburnett is shipped"))
    }
}

impl PieceSet {
    /// The names of the sets fenkit ships, the default first.
    pub const NAMES: &'static [&'static str] = NAMES;

    /// The shipped set called `name`, if there is one.
    pub fn named(name: &str) -> Option<PieceSet> {
        let (name, files) = SHIPPED.iter().find(|(shipped, _)| *shipped == name)?;
        Some(PieceSet {
            name: Arc::from(*name),
            files: Arc::new(files.map(Cow::Borrowed)),
        })
    }

    /// A set from the text of twelve SVG files, in the order of
    /// [`piece_order`] (White's pawn to king, then Black's), of any size:
    /// each is read and written anew by usvg, so that its styles, ids and
    /// size cannot clash with the diagram's or another piece's, and scaled
    /// to a square of 45 units.
    ///
    /// ```
    /// let square = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>"#;
    /// let set = fenkit_diagrams::PieceSet::from_svgs("squares", std::array::from_fn(|_| square.to_string()))?;
    /// assert_eq!(set.name(), "squares");
    /// assert!(fenkit_diagrams::PieceSet::from_svgs("broken", std::array::from_fn(|_| "<svg".to_string())).is_err());
    /// # Ok::<_, fenkit_diagrams::BadPieces>(())
    /// ```
    pub fn from_svgs(name: &str, texts: [String; 12]) -> Result<PieceSet, BadPieces> {
        let mut files = Vec::with_capacity(12);
        for (piece, text) in ALL.into_iter().zip(texts) {
            let file = normalized(id(piece), &text).map_err(|why| BadPieces { piece, why })?;
            files.push(Cow::Owned(file));
        }
        let files: [Cow<'static, str>; 12] = files
            .try_into()
            .unwrap_or_else(|_| unreachable!("twelve pieces"));
        Ok(PieceSet {
            name: Arc::from(name),
            files: Arc::new(files),
        })
    }

    /// The set's name: a shipped set's, or the one given to
    /// [`from_svgs`](PieceSet::from_svgs).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The drawing of `piece` as a standalone SVG document, 45 by 45
    /// units: for pages that place pieces themselves, such as a board
    /// editor.
    ///
    /// ```
    /// let set = fenkit_diagrams::PieceSet::default();
    /// let king = set.piece_svg(shakmaty::Color::White.king());
    /// assert!(king.starts_with("<svg") && king.contains(r#"viewBox="0 0 45 45""#));
    /// ```
    pub fn piece_svg(&self, piece: Piece) -> &str {
        &self.files[index(piece)]
    }

    /// The drawing of `piece`: its SVG document without the outer
    /// `<svg>` element.
    pub(crate) fn drawing(&self, piece: Piece) -> &str {
        let file = self.piece_svg(piece);
        let inner = file.find("<svg").map_or(0, |start| {
            file[start..].find('>').map_or(start, |end| start + end + 1)
        });
        let outer = file.rfind("</svg>").unwrap_or(file.len());
        file.get(inner..outer).unwrap_or("").trim()
    }
}

/// Every piece in the order [`PieceSet::from_svgs`] takes their files,
/// each with its file stem (`wP`, ..., `bK`).
pub fn piece_order() -> [(Piece, &'static str); 12] {
    ALL.map(|piece| (piece, id(piece)))
}

/// A piece drawing that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadPieces {
    pub piece: Piece,
    pub why: String,
}

impl fmt::Display for BadPieces {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the drawing of the {} ({}.svg) is not an SVG drawing: {}",
            fenkit::piece_name(self.piece),
            id(self.piece),
            self.why
        )
    }
}

impl std::error::Error for BadPieces {}

/// `text` read by usvg and written anew, every id prefixed with `prefix`,
/// inside a 45 by 45 document.
fn normalized(prefix: &str, text: &str) -> Result<String, String> {
    let tree =
        usvg::Tree::from_str(text, &usvg::Options::default()).map_err(|err| err.to_string())?;
    let size = tree.size();
    let written = tree.to_string(&usvg::WriteOptions {
        id_prefix: Some(format!("{prefix}-")),
        indent: usvg::Indent::None,
        attributes_indent: usvg::Indent::None,
        coordinates_precision: 3,
        transforms_precision: 5,
        ..usvg::WriteOptions::default()
    });
    let inner = written.find('>').map_or(0, |end| end + 1);
    let outer = written.rfind("</svg>").unwrap_or(written.len());
    let (x, y) = (45.0 / size.width(), 45.0 / size.height());
    Ok(format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 45 45"><g transform="scale({x} {y})">{}</g></svg>"#,
        written[inner..outer].trim()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_drawing_is_markup_with_unique_ids_inside_45_units() {
        for &name in PieceSet::NAMES {
            let set = PieceSet::named(name).unwrap();
            let mut ids = Vec::new();
            for piece in ALL {
                let file = set.piece_svg(piece);
                assert!(file.contains(r#"viewBox="0 0 45 45""#), "{name} {piece:?}");
                let drawing = set.drawing(piece);
                assert!(drawing.starts_with('<') && drawing.ends_with('>'), "{name}");
                assert!(!drawing.contains("<svg") && !drawing.contains("</svg>"));
                // Ids of one piece's gradients and clips must not be taken
                // by another's: they share one document.
                for part in drawing.split(" id=\"").skip(1) {
                    ids.push(part.split('"').next().unwrap().to_string());
                }
                let tree = usvg::Tree::from_str(file, &usvg::Options::default()).unwrap();
                let bounds = tree.root().abs_bounding_box();
                assert!(
                    bounds.width() > 10.0 && bounds.height() > 10.0,
                    "{name} {piece:?}: {bounds:?}"
                );
                assert!(
                    bounds.left() > -1.0 && bounds.right() < 46.0,
                    "{name} {piece:?}: {bounds:?}"
                );
                assert!(
                    bounds.top() > -1.0 && bounds.bottom() < 46.0,
                    "{name} {piece:?}: {bounds:?}"
                );
            }
            let count = ids.len();
            ids.sort();
            ids.dedup();
            assert_eq!(ids.len(), count, "{name}: an id given twice");
        }
    }

    #[test]
    fn a_drawing_of_any_size_is_scaled_to_45_units_and_its_ids_prefixed() {
        let big = r##"<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#000"/></linearGradient></defs><rect x="100" y="100" width="700" height="700" fill="url(#g)"/></svg>"##;
        let set = PieceSet::from_svgs("big", std::array::from_fn(|_| big.to_string())).unwrap();
        let king = set.piece_svg(Color::Black.king());
        assert!(king.contains(r#"id="bK-"#), "{king}");
        let tree = usvg::Tree::from_str(king, &usvg::Options::default()).unwrap();
        let bounds = tree.root().abs_bounding_box();
        assert!(
            (bounds.left() - 5.0).abs() < 0.01 && (bounds.right() - 40.0).abs() < 0.01,
            "{bounds:?}"
        );
    }

    #[test]
    fn a_file_that_is_no_drawing_is_named_in_the_error() {
        let mut texts: [String; 12] = std::array::from_fn(|_| {
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>"#.to_string()
        });
        texts[index(Color::White.queen())] = "not svg".to_string();
        let err = PieceSet::from_svgs("mine", texts).unwrap_err();
        assert_eq!(err.piece, Color::White.queen());
        assert!(
            err.to_string()
                .starts_with("the drawing of the white queen (wQ.svg)"),
            "{err}"
        );
    }

    #[test]
    fn index_is_the_place_in_all() {
        for (at, &piece) in ALL.iter().enumerate() {
            assert_eq!(index(piece), at, "{piece:?}");
            assert_eq!(&id(piece)[1..], piece.role.upper_char().to_string());
        }
    }
}
