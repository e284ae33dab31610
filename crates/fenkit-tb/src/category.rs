//! lichess's categories of a tablebase verdict.

use std::{fmt, ops::Neg};

use shakmaty_syzygy::AmbiguousWdl;

/// What a position is worth to the side to move, as lichess's tablebase
/// says it: the fifty-move rule counted, and where DTZ's rounding leaves
/// it open, `maybe-`. Declared worst first, `Unknown` counted just above a
/// loss, so that sorting moves by the category their opponent is left
/// with puts the best first (lichess's pessimistic order).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = TablebaseCategory))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Category {
    Loss,
    /// The tables do not hold the position.
    Unknown,
    MaybeLoss,
    /// Lost, but the fifty-move rule comes first: a draw.
    BlessedLoss,
    Draw,
    /// Won, but the fifty-move rule comes first: a draw.
    CursedWin,
    MaybeWin,
    Win,
}

impl Category {
    /// The category's word, as lichess writes it.
    pub fn name(self) -> &'static str {
        match self {
            Category::Loss => "loss",
            Category::Unknown => "unknown",
            Category::MaybeLoss => "maybe-loss",
            Category::BlessedLoss => "blessed-loss",
            Category::Draw => "draw",
            Category::CursedWin => "cursed-win",
            Category::MaybeWin => "maybe-win",
            Category::Win => "win",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The category for the other side.
impl Neg for Category {
    type Output = Category;

    fn neg(self) -> Category {
        match self {
            Category::Loss => Category::Win,
            Category::Unknown => Category::Unknown,
            Category::MaybeLoss => Category::MaybeWin,
            Category::BlessedLoss => Category::CursedWin,
            Category::Draw => Category::Draw,
            Category::CursedWin => Category::BlessedLoss,
            Category::MaybeWin => Category::MaybeLoss,
            Category::Win => Category::Loss,
        }
    }
}

impl From<AmbiguousWdl> for Category {
    fn from(wdl: AmbiguousWdl) -> Category {
        match wdl {
            AmbiguousWdl::Loss => Category::Loss,
            AmbiguousWdl::MaybeLoss => Category::MaybeLoss,
            AmbiguousWdl::BlessedLoss => Category::BlessedLoss,
            AmbiguousWdl::Draw => Category::Draw,
            AmbiguousWdl::CursedWin => Category::CursedWin,
            AmbiguousWdl::MaybeWin => Category::MaybeWin,
            AmbiguousWdl::Win => Category::Win,
        }
    }
}
