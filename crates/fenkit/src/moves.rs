//! Reading a move in SAN or UCI against a position, and saying why a move
//! that does not fit is wrong.

use std::fmt;

use shakmaty::{
    Bitboard, CastlingSide, Chess, Move, Position, Role, Square, attacks,
    san::{San, SanPlus},
    uci::UciMove,
};

use crate::{
    Code,
    words::{color_adjective, role_name, side_name},
};

/// Why a move text does not give a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MoveError {
    /// `bad-move` (neither SAN nor UCI), `illegal-move` or `ambiguous-move`.
    pub code: Code,
    pub message: String,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for MoveError {}

fn illegal(message: String) -> MoveError {
    MoveError {
        code: Code::IllegalMove,
        message,
    }
}

/// The words of `text` that may be moves: move numbers (`12.`, `12...`,
/// alone or glued to their move as in `12.e4`) and results (`1-0`, `*`)
/// left out, as people and engine logs write move lists.
///
/// ```
/// let words: Vec<_> = fenkit::moves::move_words("1. e4 e5 2.Nf3 Nc6 3... a6 1-0").collect();
/// assert_eq!(words, ["e4", "e5", "Nf3", "Nc6", "a6"]);
/// ```
pub fn move_words(text: &str) -> impl Iterator<Item = &str> {
    text.split_whitespace().filter_map(|word| {
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
        let word = if digits > 0 && dots > 0 {
            &word[digits + dots..]
        } else {
            word
        };
        let result = matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*");
        (!word.is_empty() && !result).then_some(word)
    })
}

/// The legal move that `text` names in `position`: SAN (`e4`, `Nbd2`,
/// `exd6`, `O-O`, `e8=Q+`; `0-0` is read as `O-O`) or UCI (`e2e4`,
/// `e7e8q`, `e1g1` for castling).
///
/// ```
/// use shakmaty::{Chess, Position};
/// use fenkit::moves::read_move;
///
/// let start = Chess::default();
/// assert_eq!(read_move(&start, "Nf3")?, read_move(&start, "g1f3")?);
///
/// let wrong = read_move(&start, "Nd4").unwrap_err();
/// assert_eq!(wrong.code.as_str(), "illegal-move");
/// assert_eq!(wrong.message, "Nd4: no white knight can reach d4");
/// # Ok::<_, fenkit::moves::MoveError>(())
/// ```
pub fn read_move(position: &Chess, text: &str) -> Result<Move, MoveError> {
    // Annotations (`Nxe5?!`) say nothing about the move itself.
    let text = text.trim_end_matches(['!', '?']);
    let castle = match text.trim_end_matches(['+', '#']) {
        "0-0" => Some("O-O"),
        "0-0-0" => Some("O-O-O"),
        _ => None,
    };
    // UCI first: `g1f3` is also SAN, for a pawn on g1.
    if let Ok(uci @ UciMove::Normal { .. }) = UciMove::from_ascii(text.as_bytes()) {
        return uci
            .to_move(position)
            .map_err(|_| why_not_uci(position, text, uci));
    }
    // A promotion written without '=' (`e8Q`, `bxa1N`), as many suites do.
    let promotion;
    let text = match text.trim_end_matches(['+', '#']).as_bytes() {
        [.., b'1' | b'8', b'N' | b'B' | b'R' | b'Q'] if !text.contains('=') => {
            let at = text.trim_end_matches(['+', '#']).len() - 1;
            promotion = format!("{}={}", &text[..at], &text[at..]);
            promotion.as_str()
        }
        _ => text,
    };
    match SanPlus::from_ascii(castle.unwrap_or(text).as_bytes()) {
        Ok(SanPlus { san, .. }) => san.to_move(position).map_err(|err| match err {
            shakmaty::san::SanError::AmbiguousSan => ambiguous(position, text, san),
            shakmaty::san::SanError::IllegalSan => why_not_san(position, text, san),
        }),
        Err(_) => Err(MoveError {
            code: Code::BadMove,
            message: format!(
                "'{text}' is not a move: write it in SAN (e4, Nf3, exd5, O-O, e8=Q) or UCI (e2e4, e7e8q)"
            ),
        }),
    }
}

/// The legal move that `text` names in `position` of any variant: as
/// [`read_move`] for standard chess (with its reasons); in a variant, SAN
/// or UCI with drops (`N@f3`, `P@e4`), and a move that does not fit is
/// said illegal there, the variant named (the reasons are standard
/// chess's, which a variant's rules change).
///
/// ```
/// use fenkit::moves::read_variant_move;
/// use fenkit::variants::{Variant, VariantPosition};
///
/// let atomic = VariantPosition::new(Variant::Atomic);
/// assert!(read_variant_move(&atomic, "Nf3").is_ok());
/// let wrong = read_variant_move(&atomic, "Nf4").unwrap_err();
/// assert_eq!(wrong.message, "Nf4: not a legal move of Atomic here");
/// # Ok::<_, fenkit::moves::MoveError>(())
/// ```
pub fn read_variant_move(
    position: &crate::variants::VariantPosition,
    text: &str,
) -> Result<Move, MoveError> {
    let position = match position {
        crate::variants::VariantPosition::Chess(chess) => return read_move(chess, text),
        variant => variant,
    };
    let text = text.trim_end_matches(['!', '?']);
    let name = crate::variants::variant_name(position.variant());
    let not_here = |dropped: Option<(Role, Square)>| {
        let reason = dropped.and_then(|(role, to)| why_not_drop(position, role, to));
        illegal(format!(
            "{text}: {}",
            reason.unwrap_or_else(|| format!("not a legal move of {name} here"))
        ))
    };
    if let Ok(uci) = UciMove::from_ascii(text.as_bytes()) {
        let dropped = match uci {
            UciMove::Put { role, to } => Some((role, to)),
            _ => None,
        };
        return uci.to_move(position).map_err(|_| not_here(dropped));
    }
    match SanPlus::from_ascii(text.as_bytes()) {
        Ok(SanPlus { san, .. }) => san.to_move(position).map_err(|err| match err {
            shakmaty::san::SanError::AmbiguousSan => ambiguous(position, text, san),
            shakmaty::san::SanError::IllegalSan => not_here(match san {
                San::Put { role, to } => Some((role, to)),
                _ => None,
            }),
        }),
        Err(_) => Err(MoveError {
            code: Code::BadMove,
            message: format!(
                "'{text}' is not a move: write it in SAN (e4, Nf3, exd5, O-O, e8=Q, N@f3) or UCI (e2e4, e7e8q, N@f3)"
            ),
        }),
    }
}

/// Why dropping a `role` on `to` is not a move here, where the pocket
/// or the square says so plainly.
fn why_not_drop(position: &impl Position, role: Role, to: Square) -> Option<String> {
    let us = position.turn();
    let Some(pockets) = position.pockets() else {
        return Some("drops are moves of Crazyhouse only".to_string());
    };
    if pockets[us][role] == 0 {
        return Some(format!(
            "{} has no {} in the pocket",
            side_name(us),
            role_name(role)
        ));
    }
    if position.board().occupied().contains(to) {
        return Some(format!(
            "{to} is not empty; a piece is dropped on an empty square"
        ));
    }
    let back_rank = matches!(to.rank(), shakmaty::Rank::First | shakmaty::Rank::Eighth);
    (role == Role::Pawn && back_rank)
        .then(|| "a pawn is never dropped on the first or the last rank".to_string())
}

fn ambiguous(position: &impl Position, text: &str, san: San) -> MoveError {
    let fitting: Vec<Move> = position
        .legal_moves()
        .into_iter()
        .filter(|&m| san.matches(m))
        .collect();
    let froms: Vec<String> = fitting
        .iter()
        .filter_map(|m| m.from().map(|s| s.to_string()))
        .collect();
    let spelled: Vec<String> = fitting
        .iter()
        .map(|&m| San::from_move(position, m).to_string())
        .collect();
    MoveError {
        code: Code::AmbiguousMove,
        message: format!(
            "{text} is ambiguous: the pieces on {} can {} make it; write {}",
            crate::words::join_and(&froms),
            if froms.len() == 2 { "both" } else { "all" },
            join_or(&spelled)
        ),
    }
}

fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// Where each of `movers` could go, ignoring whether its own king would be
/// left in check.
fn reach(position: &Chess, from: Square, role: Role) -> Bitboard {
    let board = position.board();
    let us = position.turn();
    let occupied = board.occupied();
    if role != Role::Pawn {
        return attacks::attacks(from, role.of(us), occupied) & !board.by_color(us);
    }
    let theirs = board.by_color(!us)
        | position
            .ep_square(shakmaty::EnPassantMode::Always)
            .into_iter()
            .collect::<Bitboard>();
    let captures = attacks::pawn_attacks(us, from) & theirs;
    let step = |square: Square| square.offset(us.fold_wb(8, -8));
    let mut pushes = Bitboard::EMPTY;
    if let Some(one) = step(from).filter(|&s| !occupied.contains(s)) {
        pushes.add(one);
        let home = us.fold_wb(shakmaty::Rank::Second, shakmaty::Rank::Seventh);
        if let Some(two) = step(one).filter(|&s| from.rank() == home && !occupied.contains(s)) {
            pushes.add(two);
        }
    }
    captures | pushes
}

fn why_not_san(position: &Chess, text: &str, san: San) -> MoveError {
    let us = position.turn();
    match san {
        San::Normal {
            role,
            file,
            rank,
            to,
            promotion,
            ..
        } => {
            let mut movers = position.board().by_piece(role.of(us));
            let mut place = String::new();
            if let Some(file) = file {
                movers &= Bitboard::from_file(file);
                place = format!(" on the {}-file", file.char());
            }
            if let Some(rank) = rank {
                movers &= Bitboard::from_rank(rank);
                place = match file {
                    Some(file) => format!(" on {}{}", file.char(), rank.char()),
                    None => format!(" on rank {}", rank.char()),
                };
            }
            let piece = format!("{} {}", color_adjective(us), role_name(role));
            if movers.is_empty() {
                return illegal(format!(
                    "{text}: {} has no {}{place}",
                    side_name(us),
                    role_name(role)
                ));
            }
            if let Some(own) = position.board().piece_at(to).filter(|p| p.color == us) {
                return illegal(format!(
                    "{text}: {to} holds a {} {}",
                    color_adjective(own.color),
                    role_name(own.role)
                ));
            }
            let reaching = movers
                .into_iter()
                .filter(|&from| reach(position, from, role).contains(to));
            if reaching.count() == 0 {
                return illegal(format!("{text}: no {piece}{place} can reach {to}"));
            }
            let last_rank = to.rank() == us.fold_wb(shakmaty::Rank::Eighth, shakmaty::Rank::First);
            if role == Role::Pawn && last_rank && promotion.is_none() {
                return illegal(format!(
                    "{text}: a pawn reaching {to} must promote; write {to}=Q (or =R, =B, =N)"
                ));
            }
            if promotion.is_some() && !(role == Role::Pawn && last_rank) {
                return illegal(format!(
                    "{text}: only a pawn reaching the last rank promotes"
                ));
            }
            if promotion == Some(Role::King) || promotion == Some(Role::Pawn) {
                return illegal(format!(
                    "{text}: a pawn promotes to a queen, rook, bishop or knight"
                ));
            }
            illegal(format!("{text}: {}", check_reason(position, role)))
        }
        San::Castle(side) => why_not_castle(position, text, side),
        San::Put { .. } | San::Null => illegal(format!(
            "{text}: drops and null moves are not moves of standard chess"
        )),
    }
}

/// Why a move a piece can make is still illegal: the king.
fn check_reason(position: &Chess, role: Role) -> String {
    let us = position.turn();
    if role == Role::King {
        format!("it would put the {} king in check", color_adjective(us))
    } else if position.is_check() {
        format!(
            "the {} king is in check, and this move does not answer it",
            color_adjective(us)
        )
    } else {
        format!("it would leave the {} king in check", color_adjective(us))
    }
}

fn why_not_castle(position: &Chess, text: &str, side: CastlingSide) -> MoveError {
    let us = position.turn();
    let castles = position.castles();
    let wing = match side {
        CastlingSide::KingSide => "king side",
        CastlingSide::QueenSide => "queen side",
    };
    let reason = if !castles.has(us, side) {
        format!("{} has no right to castle {wing}", side_name(us))
    } else if (castles.path(us, side) & position.board().occupied()).any() {
        let between: Vec<String> = (castles.path(us, side) & position.board().occupied())
            .into_iter()
            .map(|s| s.to_string())
            .collect();
        format!(
            "{} must be empty to castle {wing}",
            crate::words::join_and(&between)
        )
    } else if position.is_check() {
        format!(
            "the {} king is in check, and castling does not answer a check",
            color_adjective(us)
        )
    } else {
        "the king would cross or land on an attacked square".to_string()
    };
    illegal(format!("{text}: {reason}"))
}

fn why_not_uci(position: &Chess, text: &str, uci: UciMove) -> MoveError {
    let us = position.turn();
    let UciMove::Normal { from, to, .. } = uci else {
        return illegal(format!(
            "{text}: drops and null moves are not moves of standard chess"
        ));
    };
    let Some(piece) = position.board().piece_at(from) else {
        return illegal(format!("{text}: {from} is empty"));
    };
    if piece.color != us {
        return illegal(format!(
            "{text}: the piece on {from} is {}'s, but {} is to move",
            side_name(piece.color),
            side_name(us)
        ));
    }
    let king_steps_two =
        piece.role == Role::King && from.distance(to) == 2 && from.rank() == to.rank();
    let onto_own_rook =
        position.board().by_piece(us.rook()).contains(to) && piece.role == Role::King;
    if king_steps_two || onto_own_rook {
        let side = if to.file() > from.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        return why_not_castle(position, text, side);
    }
    let name = format!(
        "{} {} on {from}",
        color_adjective(us),
        role_name(piece.role)
    );
    if !reach(position, from, piece.role).contains(to) {
        return illegal(format!("{text}: the {name} cannot move to {to}"));
    }
    let last_rank = to.rank() == us.fold_wb(shakmaty::Rank::Eighth, shakmaty::Rank::First);
    if let UciMove::Normal { promotion, .. } = uci {
        if piece.role == Role::Pawn && last_rank && promotion.is_none() {
            return illegal(format!(
                "{text}: a pawn reaching {to} must promote; add the piece, as in {text}q"
            ));
        }
        if promotion.is_some() && !(piece.role == Role::Pawn && last_rank) {
            return illegal(format!(
                "{text}: only a pawn reaching the last rank promotes"
            ));
        }
    }
    illegal(format!("{text}: {}", check_reason(position, piece.role)))
}

/// Every legal move of `position` in SAN, in shakmaty's order (drops as
/// `N@f3`).
pub fn legal_sans(position: &impl Position) -> Vec<String> {
    position
        .legal_moves()
        .into_iter()
        .map(|m| San::from_move(position, m).to_string())
        .collect()
}

/// The move number of the side to move, as a game's text writes it before
/// that side's move: `5.` for White, `5...` for Black.
///
/// ```
/// let position = shakmaty::Chess::default();
/// assert_eq!(fenkit::moves::move_number(&position), "1.");
/// ```
pub fn move_number(position: &impl Position) -> String {
    let dots = position.turn().fold_wb(".", "...");
    format!("{}{dots}", position.fullmoves())
}
