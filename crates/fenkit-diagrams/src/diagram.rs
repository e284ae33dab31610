//! A diagram's settings: everything about it but the position, built
//! from the defaults one choice at a time.

use std::time::Duration;

use shakmaty::{ByColor, Square};

use super::{
    Arrow, CheckMark, Coordinates, Mark, MoveGlyph, Orientation, PieceSet, Players, Theme,
};

/// Everything about a diagram but the position.
///
/// ```
/// use fenkit_diagrams::{Diagram, Orientation};
///
/// let diagram = Diagram::default()
///     .with_size(240)
///     .with_orientation(Orientation::Black)
///     .with_arrows(vec!["Ge2e4".parse()?, "Rd8d1".parse()?]);
/// assert_eq!(diagram.arrows[1].to, shakmaty::Square::D1);
/// # Ok::<_, fenkit_diagrams::BadOption>(())
/// ```
///
/// Built from the default one choice at a time (its fields may grow, as
/// `clocks` and `problems` did); each field may also be set in place.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Diagram {
    /// The image's width in pixels, 16 to 4096.
    pub size: u32,
    pub orientation: Orientation,
    pub coordinates: Coordinates,
    pub theme: Theme,
    /// The drawings of the pieces.
    pub pieces: PieceSet,
    /// A line under the board: side to move, castling rights, en passant.
    pub caption: bool,
    /// The players' clocks, a line under the board (under the caption
    /// when both are drawn): a game's frames show them. A clock not known
    /// is a dash.
    pub clocks: Option<ByColor<Option<Duration>>>,
    /// The move that led here, highlighted on both squares.
    pub last_move: Option<(Square, Square)>,
    pub check: CheckMark,
    pub arrows: Vec<Arrow>,
    pub marks: Vec<Mark>,
    /// Squares where the position breaks a rule, crossed out in red.
    pub problems: Vec<Square>,
    /// A move-quality glyph on a square (a game's ply: its move's NAG).
    pub glyph: Option<MoveGlyph>,
    /// The players, above and below the board.
    pub players: Option<Players>,
    /// An evaluation bar left of the board, White's share from the
    /// bottom when White is at the bottom; a grey, even bar when `eval`
    /// is not known.
    pub eval_bar: bool,
    /// The evaluation the bar shows (a game's ply: its `[%eval]`).
    pub eval: Option<fenkit::marks::Eval>,
}

impl Default for Diagram {
    fn default() -> Diagram {
        Diagram {
            size: 400,
            orientation: Orientation::White,
            coordinates: Coordinates::Outside,
            theme: Theme::BROWN,
            pieces: PieceSet::default(),
            caption: false,
            clocks: None,
            last_move: None,
            check: CheckMark::Auto,
            arrows: Vec::new(),
            marks: Vec::new(),
            problems: Vec::new(),
            glyph: None,
            players: None,
            eval_bar: false,
            eval: None,
        }
    }
}

/// A diagram built from its defaults one choice at a time (`Diagram` is
/// `#[non_exhaustive]`, so callers outside this crate cannot build one by
/// struct literal).
impl Diagram {
    /// This diagram with the width and height in pixels.
    pub fn with_size(self, size: u32) -> Diagram {
        Diagram { size, ..self }
    }

    /// This diagram with which side is at the bottom.
    pub fn with_orientation(self, orientation: Orientation) -> Diagram {
        Diagram {
            orientation,
            ..self
        }
    }

    /// This diagram with where the files and ranks are named.
    pub fn with_coordinates(self, coordinates: Coordinates) -> Diagram {
        Diagram {
            coordinates,
            ..self
        }
    }

    /// This diagram with the squares' colors.
    pub fn with_theme(self, theme: Theme) -> Diagram {
        Diagram { theme, ..self }
    }

    /// This diagram with the pieces drawn from `pieces`.
    pub fn with_pieces(self, pieces: PieceSet) -> Diagram {
        Diagram { pieces, ..self }
    }

    /// This diagram with whether the caption says the side to move, castling and en passant.
    pub fn with_caption(self, caption: bool) -> Diagram {
        Diagram { caption, ..self }
    }

    /// This diagram with the players' clocks shown.
    pub fn with_clocks(self, clocks: Option<ByColor<Option<Duration>>>) -> Diagram {
        Diagram { clocks, ..self }
    }

    /// This diagram with the squares of the last move, highlighted.
    pub fn with_last_move(self, last_move: Option<(Square, Square)>) -> Diagram {
        Diagram { last_move, ..self }
    }

    /// This diagram with how a king in check is shown.
    pub fn with_check(self, check: CheckMark) -> Diagram {
        Diagram { check, ..self }
    }

    /// This diagram with the arrows drawn.
    pub fn with_arrows(self, arrows: Vec<Arrow>) -> Diagram {
        Diagram { arrows, ..self }
    }

    /// This diagram with the squares marked.
    pub fn with_marks(self, marks: Vec<Mark>) -> Diagram {
        Diagram { marks, ..self }
    }

    /// This diagram with the squares crossed out.
    pub fn with_problems(self, problems: Vec<Square>) -> Diagram {
        Diagram { problems, ..self }
    }

    /// This diagram with a move-quality glyph on a square.
    pub fn with_glyph(self, glyph: Option<MoveGlyph>) -> Diagram {
        Diagram { glyph, ..self }
    }

    /// This diagram with the players above and below the board.
    pub fn with_players(self, players: Option<Players>) -> Diagram {
        Diagram { players, ..self }
    }

    /// This diagram with an evaluation bar, showing `eval`.
    pub fn with_eval_bar(self, eval_bar: bool, eval: Option<fenkit::marks::Eval>) -> Diagram {
        Diagram {
            eval_bar,
            eval,
            ..self
        }
    }
}

impl Diagram {
    /// This diagram for a ply of a game: the move that led there
    /// highlighted (unless a last move is set already), its quality glyph
    /// on the square it went to (from its NAG), its `[%eval]` for the
    /// bar, the game's own arrows and circled squares added to those set.
    pub fn for_ply(&self, marks: &fenkit::marks::PlyMarks<'_>) -> Diagram {
        use shakmaty::uci::UciMove;
        let mut diagram = self.clone();
        let played = marks
            .last_move
            .map(|played| UciMove::from_move(played, shakmaty::CastlingMode::Standard));
        if diagram.last_move.is_none()
            && let Some(UciMove::Normal { from, to, .. }) = played
        {
            diagram.last_move = Some((from, to));
        }
        let notes = marks;
        let landed = match played {
            Some(UciMove::Normal { to, .. } | UciMove::Put { to, .. }) => Some(to),
            _ => None,
        };
        if let Some(to) = landed {
            let quality = notes.nags.iter().find_map(|&nag| MoveGlyph::new(to, nag));
            diagram.glyph = quality.or(diagram.glyph);
        }
        if notes.eval.is_some() {
            diagram.eval = notes.eval;
        }
        diagram.arrows.extend(notes.arrows.iter().map(Arrow::from));
        diagram.marks.extend(notes.circles.iter().map(Mark::from));
        diagram
    }
}
