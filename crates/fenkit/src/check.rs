//! A record checked in full: form first, then, if well-formed, legality.

use shakmaty::{Bitboard, Board, CastlingMode, Chess, Color, Position, Setup, Square};

use crate::variants::{Variant, VariantPosition};

use crate::{
    Class, Code, Diagnostic, Field, Operation, ReadOptions, Span, epd::Operand, legality::playable,
    no_errors, parse::Parsed, violations,
};

/// The outcome of checking one record.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Checked {
    /// The position, when the record is well-formed (legal or not).
    pub setup: Option<Setup>,
    /// The operations of a well-formed EPD record.
    pub operations: Vec<Operation>,
    /// Every problem: the form's, or else the rules of chess'; with
    /// lenient reading also the repairs, as warnings.
    pub diagnostics: Vec<Diagnostic>,
    /// Whether the record is known to be its own canonical FEN (see
    /// [`Parsed::canonical`]).
    pub canonical: bool,
    /// Whether the record was read as EPD (see [`Format`](crate::Format)).
    pub is_epd: bool,
    /// The variant it was read as ([`ReadOptions::variant`]).
    pub variant: Variant,
}

impl Checked {
    /// Whether the record is well-formed and legal.
    pub fn is_valid(&self) -> bool {
        no_errors(&self.diagnostics)
    }

    /// The position to play from, when the record is valid: no error,
    /// warnings allowed. Everything that plays, keys or looks up a checked
    /// record takes its position from here, so that all of them accept the
    /// same records.
    ///
    /// ```
    /// use shakmaty::{CastlingMode, Position};
    ///
    /// // A warning (a halfmove clock beyond the plies played) keeps it playable.
    /// let checked = fenkit::check(b"4k3/8/8/8/8/8/8/4K2R w K - 20 1");
    /// assert!(!checked.diagnostics.is_empty());
    /// let position = checked.position(CastlingMode::Standard).expect("valid");
    /// assert_eq!(position.legal_moves().len(), 15);
    ///
    /// assert!(fenkit::check(b"4k3/8 w - - 0 1").position(CastlingMode::Standard).is_none());
    /// ```
    pub fn position(&self, mode: CastlingMode) -> Option<Chess> {
        // A variant's position is no standard one, even where its setup
        // reads as one (a Crazyhouse board without its pockets).
        if self.variant != Variant::Chess {
            return None;
        }
        let setup = self.setup.as_ref().filter(|_| self.is_valid())?;
        playable(setup, mode)
    }

    /// The record written canonically, when it is well-formed (legal or
    /// not): EPD with its operations when it was read as EPD, FEN
    /// otherwise, as [`Parsed::to_record_text`](crate::Parsed::to_record_text).
    ///
    /// ```
    /// let checked = fenkit::check(b"4k3/8/8/8/8/8/8/4K3 w - - 00 1");
    /// assert_eq!(checked.to_record_text(), None); // malformed: a leading zero
    /// let read = fenkit::ReadOptions::default().with_lenient(true);
    /// let checked = read.check("4k3/8/8/8/8/8/8/4K3 w – – 0 1".as_bytes());
    /// assert_eq!(checked.to_record_text().as_deref(), Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1"));
    /// ```
    pub fn to_record_text(&self) -> Option<String> {
        let setup = self.setup.as_ref()?;
        Some(crate::write::record_text(
            setup,
            &self.operations,
            self.is_epd,
        ))
    }

    /// The position to play from in the record's variant, when it is
    /// valid.
    ///
    /// ```
    /// use fenkit::{ReadOptions, variants::Variant};
    /// use shakmaty::{CastlingMode, Position};
    ///
    /// let read = ReadOptions::default().with_variant(Variant::Crazyhouse);
    /// let checked = read.check(b"rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3");
    /// let position = checked.variant_position(CastlingMode::Standard).expect("valid");
    /// assert!(position.legal_moves().len() > 50); // the pawn's drops too
    /// ```
    pub fn variant_position(&self, mode: CastlingMode) -> Option<VariantPosition> {
        // Standard chess's position is [`Checked::position`]'s, so that
        // both accept the same records (nine queens, say).
        if self.variant == Variant::Chess {
            return self.position(mode).map(VariantPosition::Chess);
        }
        let setup = self.setup.as_ref().filter(|_| self.is_valid())?;
        VariantPosition::from_setup(self.variant, setup.clone(), mode).ok()
    }

    /// The position to count moves from as perft suites and engines do:
    /// a valid one, or one whose only errors are impossible checks (two
    /// checkers along one line, which no game reaches but suites hold and
    /// move generators count all the same); `true` beside it for the
    /// latter.
    ///
    /// ```
    /// use shakmaty::CastlingMode;
    ///
    /// // Two rooks check along the same rank: no move made that.
    /// let checked = fenkit::check(b"8/8/8/8/R2k3R/8/8/4K3 b - - 0 1");
    /// assert!(checked.position(CastlingMode::Standard).is_none());
    /// let (_, impossible) = checked.countable_position(CastlingMode::Standard).unwrap();
    /// assert!(impossible);
    /// ```
    pub fn countable_position(&self, mode: CastlingMode) -> Option<(VariantPosition, bool)> {
        let mut errors = self
            .diagnostics
            .iter()
            .filter(|d| d.severity == crate::Severity::Error);
        if errors.clone().next().is_none() {
            return self
                .variant_position(mode)
                .map(|position| (position, false));
        }
        if !errors.all(|d| d.code == crate::Code::ImpossibleCheck) {
            return None;
        }
        let setup = self.setup.clone()?;
        let position = match VariantPosition::from_setup(self.variant, setup, mode) {
            Ok(position) => position,
            Err(err) => err.ignore_impossible_check().ok()?,
        };
        Some((position, true))
    }
}

/// Whether the side to move has a legal move. A step of the king to a
/// square no enemy piece attacks is always legal, and most positions have
/// one ([`king_steps`]): found that way, no move is generated; otherwise
/// shakmaty generates the legal moves and decides.
///
/// ```
/// let stalemate = fenkit::check(b"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").position(shakmaty::CastlingMode::Standard).unwrap();
/// assert!(!fenkit::can_move(&stalemate));
/// let start = fenkit::check(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// assert!(fenkit::can_move(&start.position(shakmaty::CastlingMode::Standard).unwrap()));
/// // A knight pinned to its king and a blocked pawn: stalemate all the same.
/// let pinned = fenkit::check(b"k7/n1K5/8/7p/7P/8/8/R7 b - - 0 1");
/// assert!(!fenkit::can_move(&pinned.position(shakmaty::CastlingMode::Standard).unwrap()));
/// let status = fenkit::CheckStatus::of_setup(pinned.setup.as_ref().unwrap(), shakmaty::CastlingMode::Standard);
/// assert_eq!(status, Some(fenkit::CheckStatus::Stalemate));
/// ```
pub fn can_move(position: &Chess) -> bool {
    let (board, turn) = (position.board(), position.turn());
    king_can_step(board, turn)
        || (!position.is_check() && free_piece_can_move(board, turn))
        || !position.legal_moves().is_empty()
}

/// Whether a knight or pawn that no pin can hold (on no line through its
/// king) has a move. Out of check, such a move is legal, and shows that
/// the side can move without generating every move (which was a sixth of
/// `fen check --format json`, most positions' kings being boxed in).
fn free_piece_can_move(board: &Board, turn: Color) -> bool {
    let Some(king) = board.king_of(turn) else {
        return false;
    };
    let ours = board.by_color(turn);
    let free = ours & !shakmaty::attacks::queen_attacks(king, Bitboard::EMPTY);
    let knight_moves = (free & board.knights())
        .into_iter()
        .any(|knight| (shakmaty::attacks::knight_attacks(knight) & !ours).any());
    let pawns = free & board.pawns();
    let pushed = match turn {
        Color::White => pawns.shift(8),
        Color::Black => pawns.shift(-8),
    };
    knight_moves || (pushed & !board.occupied()).any()
}

/// The squares the king of the side to move can step to (castling aside):
/// empty or enemy-held, and attacked by no enemy piece once the king has
/// left its square (so that a slider's ray through that square counts).
///
/// ```
/// use shakmaty::Square;
///
/// let position = fenkit::check(b"4k3/8/8/8/8/8/8/r3K3 w - - 0 1").position(shakmaty::CastlingMode::Standard).unwrap();
/// let steps: Vec<Square> = fenkit::king_steps(&position).into_iter().collect();
/// assert_eq!(steps, [Square::D2, Square::E2, Square::F2]);
/// ```
pub fn king_steps(position: &Chess) -> Bitboard {
    safe_steps(position.board(), position.turn()).collect()
}

/// Whether [`king_steps`] has one: the first safe square answers.
fn king_can_step(board: &Board, turn: Color) -> bool {
    safe_steps(board, turn).next().is_some()
}

/// The squares of [`king_steps`] one by one, for `turn` to move on
/// `board`, so that a caller may stop at the first.
fn safe_steps(board: &Board, turn: Color) -> impl Iterator<Item = Square> {
    let king = board.king_of(turn);
    let without_king = king.map_or(board.occupied(), |king| board.occupied() ^ king);
    let steps = king.map_or(Bitboard::EMPTY, |king| {
        shakmaty::attacks::king_attacks(king) & !board.by_color(turn)
    });
    steps
        .into_iter()
        .filter(move |&to| board.attacks_to(to, !turn, without_king).is_empty())
}

/// Whether the side to move is in check and whether it can move: the one
/// answer behind every front end's status (the word `none`, `check`,
/// `checkmate` or `stalemate` in SQL, Python and the command's columns;
/// three booleans in the JSON shape).
///
/// ```
/// use fenkit::CheckStatus;
///
/// let mate = fenkit::check(b"7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").position(shakmaty::CastlingMode::Standard).unwrap();
/// assert_eq!(CheckStatus::of(&mate), CheckStatus::Checkmate);
/// assert_eq!(CheckStatus::of(&mate).to_string(), "checkmate");
/// assert!(CheckStatus::of(&mate).is_check());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CheckStatus {
    /// Not in check, and a legal move to make.
    None,
    Check,
    Checkmate,
    Stalemate,
}

impl CheckStatus {
    fn from_flags(check: bool, stuck: bool) -> CheckStatus {
        match (check, stuck) {
            (true, true) => CheckStatus::Checkmate,
            (true, false) => CheckStatus::Check,
            (false, true) => CheckStatus::Stalemate,
            (false, false) => CheckStatus::None,
        }
    }

    /// The status of a position.
    pub fn of(position: &Chess) -> CheckStatus {
        CheckStatus::from_flags(position.is_check(), !can_move(position))
    }

    /// The status of a position of any variant: standard chess's as
    /// [`CheckStatus::of`] finds it; in a variant, whether the side to
    /// move is in check and has a legal move (a variant's own end, such
    /// as an exploded king, is not a status).
    ///
    /// ```
    /// use fenkit::{CheckStatus, variants::{Variant, VariantPosition}};
    ///
    /// let start = VariantPosition::new(Variant::KingOfTheHill);
    /// assert_eq!(CheckStatus::of_variant(&start), CheckStatus::None);
    /// ```
    pub fn of_variant(position: &VariantPosition) -> CheckStatus {
        match position {
            VariantPosition::Chess(chess) => CheckStatus::of(chess),
            other => CheckStatus::from_flags(other.is_check(), other.legal_moves().is_empty()),
        }
    }

    /// The status of a valid `setup` (no error), without building the
    /// position when the king can step somewhere. A valid standard
    /// position, or one without castling rights, is one shakmaty plays
    /// from (the property tests hold fenkit's rules to shakmaty's);
    /// otherwise, or when the king is stuck, shakmaty's position decides.
    pub fn of_setup(setup: &Setup, mode: CastlingMode) -> Option<CheckStatus> {
        let (board, turn) = (&setup.board, setup.turn);
        if (mode == CastlingMode::Standard || setup.castling_rights.is_empty())
            && let Some(king) = board.king_of(turn)
        {
            let check = board.attacks_to(king, !turn, board.occupied()).any();
            if king_can_step(board, turn) || (!check && free_piece_can_move(board, turn)) {
                return Some(CheckStatus::from_flags(check, false));
            }
        }
        playable(setup, mode).map(|position| CheckStatus::of(&position))
    }

    /// The status of a valid `setup` read in `variant`: standard chess's
    /// as [`CheckStatus::of_setup`] finds it, a variant's by its rules (a
    /// Crazyhouse drop can answer a check that no move answers).
    ///
    /// ```
    /// use fenkit::{CheckStatus, ReadOptions, variants::Variant};
    /// use shakmaty::CastlingMode;
    ///
    /// // Mate on the board, but a knight in the pocket blocks on g8.
    /// let read = ReadOptions::default().with_variant(Variant::Crazyhouse);
    /// let setup = read.parse(b"6rk/6pp/8/8/8/8/8/K5R1[n] b - - 0 1")?.setup;
    /// let status = CheckStatus::of_setup_in(&setup, Variant::Crazyhouse, CastlingMode::Standard);
    /// assert_eq!(status, Some(CheckStatus::None));
    /// # Ok::<_, fenkit::ParseError>(())
    /// ```
    pub fn of_setup_in(setup: &Setup, variant: Variant, mode: CastlingMode) -> Option<CheckStatus> {
        match variant {
            Variant::Chess => CheckStatus::of_setup(setup, mode),
            _ => VariantPosition::from_setup(variant, setup.clone(), mode)
                .ok()
                .map(|position| CheckStatus::of_variant(&position)),
        }
    }

    /// Whether the side to move is in check (mated or not).
    pub fn is_check(self) -> bool {
        matches!(self, CheckStatus::Check | CheckStatus::Checkmate)
    }

    /// The status's word.
    pub fn as_str(self) -> &'static str {
        match self {
            CheckStatus::None => "none",
            CheckStatus::Check => "check",
            CheckStatus::Checkmate => "checkmate",
            CheckStatus::Stalemate => "stalemate",
        }
    }
}

impl std::fmt::Display for CheckStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Parses `record` strictly and, when it is well-formed, checks the rules
/// of chess, each problem located in the record.
///
/// ```
/// let checked = fenkit::check(b"4k3/8/8/8/8/8/4P3/4K3 w K - 5 39");
/// assert!(checked.setup.is_some()); // well-formed …
/// assert!(!checked.is_valid()); // … but illegal:
/// assert_eq!(
///     checked.diagnostics[0].message,
///     "castling right 'K' needs a white rook on h1, but h1 is empty"
/// );
/// assert_eq!(checked.diagnostics[0].span.start, 24); // the 'K'
/// ```
pub fn check(record: &[u8]) -> Checked {
    ReadOptions::default().check(record)
}

impl ReadOptions {
    /// Parses `record` as these options say and, when it is well-formed,
    /// checks the rules of chess.
    ///
    /// ```
    /// use fenkit::{ReadOptions, Severity, Strictness};
    ///
    /// // Move 1 with White to move, but 20 plies without a capture or pawn move.
    /// let record = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 20 1";
    /// let checked = fenkit::check(record);
    /// assert!(checked.is_valid());
    /// assert_eq!(checked.diagnostics[0].code.as_str(), "halfmove-exceeds-plies");
    /// assert_eq!(checked.diagnostics[0].severity, Severity::Warning);
    ///
    /// let plausible = ReadOptions::default().with_strictness(Strictness::Plausible);
    /// assert!(!plausible.check(record).is_valid());
    /// ```
    pub fn check(&self, record: &[u8]) -> Checked {
        match self.parse(record) {
            Ok(Parsed {
                setup,
                fields,
                operations,
                warnings: mut diagnostics,
                canonical,
                is_epd,
            }) => {
                match self.variant {
                    Variant::Chess => diagnostics.extend(
                        violations(&setup, self.castling)
                            .iter()
                            .map(|violation| violation.locate(record, &fields)),
                    ),
                    // fenkit's findings are standard chess's: a variant's
                    // rules are shakmaty's verdict.
                    variant => diagnostics.extend(crate::variants::violations(
                        &setup,
                        variant,
                        self.castling,
                        &fields,
                    )),
                }
                // The moves of `bm`, `am`, `pv` and the other operations of
                // moves, where the position can be played from: each legal,
                // and written in SAN.
                let mut operations = operations;
                if operations
                    .iter()
                    .any(|o| crate::epd::takes_moves(o.opcode.as_bytes()))
                    && no_errors(&diagnostics)
                    && self.variant == Variant::Chess
                    && let Some(position) = playable(&setup, self.castling)
                {
                    let (written, bad) = crate::epd::epd_moves(&position, &operations);
                    let from = fields.get(Field::Operations).map_or(0, |span| span.start);
                    for bad in bad {
                        let operation = &operations[bad.operation];
                        let span = operand_span(record, from, operation, bad.operand);
                        diagnostics.push(Diagnostic::new(
                            Code::EpdIllegalMove,
                            Field::Operations,
                            span,
                            format!("in '{}', {}", operation.opcode, bad.error.message),
                        ));
                    }
                    operations = written;
                }
                // Repairs and rules, in the order they stand in the record.
                diagnostics.sort_by_key(|d| d.span.start);
                for diagnostic in &mut diagnostics {
                    // Repairs stay warnings: only the rules' severities move.
                    let class = diagnostic.code.class();
                    if matches!(class, Class::Unreachable | Class::Implausible) {
                        diagnostic.severity = self.strictness.severity(class);
                    }
                }
                Checked {
                    setup: Some(setup),
                    operations,
                    diagnostics,
                    canonical,
                    is_epd,
                    variant: self.variant,
                }
            }
            Err(err) => Checked {
                setup: None,
                operations: Vec::new(),
                diagnostics: err.into_diagnostics(),
                canonical: false,
                is_epd: false,
                variant: self.variant,
            },
        }
    }
}

/// Where operand `index` of `operation` stands in `record`, searched for
/// from `from` (the operations' start): its opcode, then its operands in
/// turn; the opcode's place when the operand is not written as read (a
/// mark glued back to its move).
fn operand_span(record: &[u8], from: usize, operation: &Operation, index: usize) -> Span {
    let word = |text: &[u8], at: usize| {
        (at..record.len()).find(|&pos| {
            record[pos..].starts_with(text)
                && (pos == 0 || matches!(record[pos - 1], b' ' | b'\t' | b';'))
                && record
                    .get(pos + text.len())
                    .is_none_or(|b| matches!(b, b' ' | b'\t' | b';'))
        })
    };
    let Some(opcode) = word(operation.opcode.as_bytes(), from) else {
        return Span::new(from, from);
    };
    let mut at = opcode + operation.opcode.len();
    let fallback = Span::at(opcode, operation.opcode.len());
    for (n, operand) in operation.operands.iter().enumerate() {
        let Operand::Token(text) = operand else {
            continue;
        };
        let Some(found) = word(text.as_bytes(), at) else {
            return fallback;
        };
        if n == index {
            return Span::at(found, text.len());
        }
        at = found + text.len();
    }
    fallback
}
