//! Writes the shipped piece sets other than cburnett into
//! `assets/pieces/NAME/`, from the piece folder of Debian's `pychess`
//! package (see `assets/NOTICE.md` for each set's artist and licence):
//!
//! ```text
//! apt-get download pychess && dpkg -x pychess_*.deb /tmp/pychess
//! cargo run -p fenkit-diagrams --example import_pieces -- \
//!     /tmp/pychess/usr/share/pychess/pieces crates/fenkit-diagrams/assets/pieces
//! ```
//!
//! Each drawing goes through `PieceSet::from_svgs`, the reading a user's
//! own set gets, so the shipped files are what `--pieces DIR` would make
//! of them. pychess keeps some sets as one sheet of twelve pieces: those
//! are cut here, one piece a file.

use std::{error::Error, fs, path::Path};

use fenkit_diagrams::{PieceSet, piece_order};
use shakmaty::{Color, Role};

/// pychess's sets drawn one piece a file, named `wk.svg`, `bn.svg`, ...
const ONE_FILE_A_PIECE: &[&str] = &["merida"];
/// pychess's sets drawn on one sheet, `NAME/NAME.svg`.
const SHEETS: &[&str] = &["fantasy", "spatial", "celtic", "eyes", "skulls"];
/// A sheet's cell, in its user units: six columns (king, queen, rook,
/// bishop, knight, pawn), Black's row over White's, as pychess cuts them.
const CELL: u32 = 200;

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [from, to] = args.as_slice() else {
        return Err("usage: import_pieces PYCHESS_PIECES_DIR OUT_DIR".into());
    };
    let (from, to) = (Path::new(from), Path::new(to));
    for &name in ONE_FILE_A_PIECE {
        let texts = piece_order().map(|(_, stem)| {
            fs::read_to_string(from.join(name).join(format!("{}.svg", stem.to_lowercase())))
        });
        write_set(to, name, texts)?;
    }
    for &name in SHEETS {
        let sheet = fs::read_to_string(from.join(name).join(format!("{name}.svg")))?;
        let texts = piece_order().map(|(piece, _)| cut(&sheet, piece.color, piece.role));
        write_set(to, name, texts)?;
    }
    Ok(())
}

fn write_set<E: Error + 'static>(
    to: &Path,
    name: &str,
    texts: [Result<String, E>; 12],
) -> Result<(), Box<dyn Error>> {
    let mut read = Vec::new();
    for text in texts {
        read.push(text?);
    }
    let texts: [String; 12] = read.try_into().map_err(|_| "twelve pieces")?;
    let set = PieceSet::from_svgs(name, texts)?;
    let folder = to.join(name);
    fs::create_dir_all(&folder)?;
    for (piece, stem) in piece_order() {
        fs::write(folder.join(format!("{stem}.svg")), set.piece_svg(piece))?;
    }
    eprintln!("{name}: written to {}", folder.display());
    Ok(())
}

/// One piece of a sheet: the sheet with the other eleven pieces taken out
/// and its view set to the piece's cell.
fn cut(sheet: &str, color: Color, role: Role) -> Result<String, std::io::Error> {
    let bad = |why: String| std::io::Error::new(std::io::ErrorKind::InvalidData, why);
    let document = roxmltree::Document::parse(sheet).map_err(|err| bad(err.to_string()))?;
    let wanted = element_id(color, role);
    let mut others: Vec<std::ops::Range<usize>> = Vec::new();
    for other_color in Color::ALL {
        for other_role in Role::ALL {
            let id = element_id(other_color, other_role);
            if id == wanted {
                continue;
            }
            let node = document
                .descendants()
                .find(|node| node.attribute("id") == Some(id.as_str()))
                .ok_or_else(|| bad(format!("no element {id} in the sheet")))?;
            others.push(node.range());
        }
    }
    let root = document.root_element().range();
    let open_end = root.start
        + sheet[root.start..]
            .find('>')
            .ok_or_else(|| bad("no <svg>".into()))?;
    let column = match role {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        Role::Pawn => 5,
    };
    let row = u32::from(color.is_white());
    let mut open = sheet[root.start..open_end].to_string();
    for attribute in ["width", "height", "viewBox"] {
        open = without_attribute(&open, attribute);
    }
    open.push_str(&format!(
        r#" width="{CELL}" height="{CELL}" viewBox="{} {} {CELL} {CELL}""#,
        column * CELL,
        row * CELL
    ));
    // The other pieces cut out from the end back, so that each range
    // still points where it did.
    others.sort_by_key(|range| std::cmp::Reverse(range.start));
    let mut body = sheet[open_end..root.end].to_string();
    for range in others {
        body.replace_range(range.start - open_end..range.end - open_end, "");
    }
    Ok(format!("{open}{body}"))
}

/// The id pychess's sheets give a piece: `WhiteKing`, `BlackPawn`, ...
fn element_id(color: Color, role: Role) -> String {
    let side = if color.is_white() { "White" } else { "Black" };
    let name = format!("{role:?}");
    format!("{side}{name}")
}

fn without_attribute(tag: &str, name: &str) -> String {
    let needle = format!(" {name}=\"");
    let mut tag = tag.replace('\n', " ");
    if let Some(start) = tag.find(&needle) {
        let value = start + needle.len();
        if let Some(end) = tag[value..].find('"') {
            tag.replace_range(start..value + end + 1, "");
        }
    }
    tag
}
