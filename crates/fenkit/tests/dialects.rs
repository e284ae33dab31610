//! The dialects of real EPD files: each read by lenient reading as the
//! strict reading of its canonical form, and refused by strict reading
//! with its own code, never a misreading.

use std::num::NonZeroU32;

use fenkit::{Format, Operation, ReadOptions, WriteOptions};
use proptest::prelude::*;
use shakmaty::{Color, Piece, Role, Setup, Square};

fn piece() -> impl Strategy<Value = Piece> {
    (0..6usize, any::<bool>()).prop_map(|(role, white)| Piece {
        role: Role::ALL[role],
        color: Color::from_white(white),
    })
}

/// Any board with clocks: what the four fields and two counters say.
fn setup() -> impl Strategy<Value = Setup> {
    (
        prop::collection::vec(prop::option::weighted(0.3, piece()), 64),
        any::<bool>(),
        0..200u32,
        1..300u32,
    )
        .prop_map(|(squares, white, halfmoves, fullmoves)| {
            let mut setup = Setup::empty();
            for (index, piece) in squares.into_iter().enumerate() {
                if let Some(piece) = piece {
                    setup.board.set_piece_at(Square::new(index as u32), piece);
                }
            }
            setup.turn = Color::from_white(white);
            setup.halfmoves = halfmoves;
            setup.fullmoves = NonZeroU32::new(fullmoves).expect("from 1");
            setup
        })
}

/// Counts as a perft suite writes them, and an id.
fn operations() -> impl Strategy<Value = Vec<(String, String)>> {
    prop::collection::vec((1..7u32, any::<u32>()), 0..4).prop_map(|counts| {
        counts
            .into_iter()
            .map(|(depth, count)| (format!("D{depth}"), count.to_string()))
            .collect()
    })
}

/// The ways real files write the same record.
#[derive(Debug, Clone, Copy)]
enum Dialect {
    /// `… - 0 1; D1 20; D2 400`
    FenClocks,
    /// `… - 0 1 ;D1 20 ;D2 400`
    SemicolonInFront,
    /// `… - D1 20 ; D2 400 ;`
    BlankBeforeSemicolon,
    /// `… - D1 20; D2 400` (the last `;` missing)
    LastSemicolonMissing,
    /// `… - 0 1 D1 20 D2 400` (no `;` at all)
    NoSemicolons,
    /// a NUL and a carriage return after the record
    ControlAtEnd,
    /// two spaces before the operations
    DoubleSpace,
}

const DIALECTS: [Dialect; 7] = [
    Dialect::FenClocks,
    Dialect::SemicolonInFront,
    Dialect::BlankBeforeSemicolon,
    Dialect::LastSemicolonMissing,
    Dialect::NoSemicolons,
    Dialect::ControlAtEnd,
    Dialect::DoubleSpace,
];

fn four_fields(setup: &Setup) -> String {
    let fen = fenkit::Fen::from(setup.clone()).to_string();
    fen.splitn(5, ' ').take(4).collect::<Vec<_>>().join(" ")
}

/// The record in `dialect`, and its canonical EPD form.
fn written(setup: &Setup, ops: &[(String, String)], dialect: Dialect) -> (Vec<u8>, Vec<u8>) {
    let position = four_fields(setup);
    let clocks = format!("{} {}", setup.halfmoves, setup.fullmoves);
    let joined = |sep: &str, end: &str| {
        ops.iter()
            .map(|(op, n)| format!("{op} {n}"))
            .collect::<Vec<_>>()
            .join(sep)
            + if ops.is_empty() { "" } else { end }
    };
    let with_clocks = matches!(
        dialect,
        Dialect::FenClocks | Dialect::SemicolonInFront | Dialect::NoSemicolons
    );
    let record = match dialect {
        Dialect::FenClocks => format!("{position} {clocks}; {}", joined("; ", ";")),
        Dialect::SemicolonInFront => {
            let ops: String = ops.iter().map(|(op, n)| format!(" ;{op} {n}")).collect();
            format!("{position} {clocks}{ops}")
        }
        Dialect::BlankBeforeSemicolon => format!("{position} {}", joined(" ; ", " ;")),
        Dialect::LastSemicolonMissing => format!("{position} {}", joined("; ", "")),
        Dialect::NoSemicolons => format!("{position} {clocks} {}", joined(" ", "")),
        Dialect::ControlAtEnd => format!("{position} {}\0\r", joined("; ", ";")),
        Dialect::DoubleSpace => format!("{position}  {}", joined("; ", ";")),
    };
    let mut canonical: Vec<Operation> = Vec::new();
    if with_clocks {
        canonical.push(Operation::token("hmvc", setup.halfmoves.to_string()));
        canonical.push(Operation::token("fmvn", setup.fullmoves.to_string()));
    }
    canonical.extend(ops.iter().map(|(op, n)| Operation::token(op, n.clone())));
    let mut expected = position.clone().into_bytes();
    fenkit::epd::write_operations(&canonical, &mut expected);
    (record.trim_end_matches(' ').as_bytes().to_vec(), expected)
}

proptest! {
    #[test]
    fn lenient_reading_of_a_dialect_is_strict_reading_of_its_canonical_form(
        setup in setup(),
        ops in operations(),
        which in 0..DIALECTS.len(),
        auto in any::<bool>(),
    ) {
        let dialect = DIALECTS[which];
        let (record, canonical) = written(&setup, &ops, dialect);
        let format = if auto { Format::Auto } else { Format::Epd };
        let strict = ReadOptions::default().with_format(Format::Epd);
        let lenient = ReadOptions::default().with_format(format).with_lenient(true);
        let expected = strict.parse(&canonical).expect("canonical EPD reads");
        let shown = String::from_utf8_lossy(&record).into_owned();
        let got = lenient.parse(&record).unwrap_or_else(|err| panic!("{shown}: {err}"));
        prop_assert_eq!(&got.setup, &expected.setup, "{}", shown);
        if !got.is_epd {
            // Six fields and nothing after them: plain FEN, by its shape.
            prop_assert!(auto && ops.is_empty(), "{}", shown);
            prop_assert!(got.warnings.is_empty(), "{}", shown);
            return Ok(());
        }
        prop_assert_eq!(&got.operations, &expected.operations, "{}", shown);
        // Strict reading refuses the dialect with codes of its own, each
        // a warning in lenient reading; a record without operations in
        // some dialects is standard already.
        let strict_in = ReadOptions::default().with_format(format);
        match strict_in.parse(&record) {
            Ok(parsed) => prop_assert!(got.warnings.is_empty(), "{}: {:?}", shown, parsed.warnings),
            Err(err) => {
                let codes: Vec<_> = err.diagnostics().iter().map(|d| d.code).collect();
                let warned: Vec<_> = got.warnings.iter().map(|d| d.code).collect();
                prop_assert_eq!(codes, warned, "{}", shown);
            }
        }
        let mut written_back = Vec::new();
        WriteOptions::default().write_epd(&got.setup, &got.operations, &mut written_back);
        prop_assert_eq!(written_back, canonical, "{}", shown);
    }
}
