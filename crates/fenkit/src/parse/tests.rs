use super::*;
use crate::Code;

fn codes(record: &str) -> Vec<(Code, usize)> {
    match parse(record.as_bytes()) {
        Ok(_) => Vec::new(),
        Err(err) => err
            .diagnostics()
            .iter()
            .map(|d| (d.code, d.span.start))
            .collect(),
    }
}

#[test]
fn problems_in_several_fields_come_in_record_order() {
    let record = "8/8/8/8/8/8/8/9 x KK e9 -1 0";
    assert_eq!(
        codes(record),
        [
            (Code::BadDigit, 14),
            (Code::BadSide, 16),
            (Code::CastlingRepeat, 19),
            (Code::BadEpSquare, 21),
            (Code::BadNumber, 24),
            (Code::FullmoveZero, 27),
        ]
    );
}

#[test]
fn separators_are_judged_where_they_stand() {
    // The double space is reported, and the fields are still told apart.
    assert_eq!(
        codes("8/8/8/8/8/8/8/8 w  - - 0 1"),
        [(Code::BadSeparator, 17)]
    );
    assert_eq!(
        codes("8/8/8/8/8/8/8/8\tw - - 0 1"),
        [(Code::BadSeparator, 15)]
    );
}

#[test]
fn field_spans_survive_a_bad_record() {
    let err = parse(b"8/8/8/8/8/8/8/8 W - - 0 1").unwrap_err();
    assert_eq!(err.fields().get(Field::Side), Some(Span::new(16, 17)));
    assert_eq!(err.fields().get(Field::Fullmove), Some(Span::new(24, 25)));
    assert_eq!(err.fields().get_or_end(Field::Record), Span::new(0, 25));
}

#[test]
fn a_missing_field_points_at_the_end() {
    let err = parse(b"8/8/8/8/8/8/8/8 w - -").unwrap_err();
    let missing = &err.diagnostics()[0];
    assert_eq!(
        (missing.code, missing.field),
        (Code::MissingField, Field::Halfmove)
    );
    assert_eq!(missing.span, Span::new(21, 21));
    assert_eq!(err.fields().get(Field::Halfmove), None);
}

#[test]
fn the_error_reads_as_one_sentence() {
    let err = parse(b"8/8/8/8/8/8/8/8 W - - 0 0").unwrap_err();
    assert_eq!(
        err.to_string(),
        "column 17: active color is 'W'; expected 'w' (White to move) or 'b' (Black to move), in lowercase (and 1 more problems)"
    );
}

#[test]
fn quick_paths_take_plain_records_and_only_those() {
    let mut spans = FieldSpans::default();
    assert!(split_well_formed(
        b"8/8/8/8/8/8/8/8 w - - 0 1",
        6,
        &mut spans
    ));
    for record in [
        "8/8/8/8/8/8/8/8 w - - 0",
        " 8 w - - 0 1",
        "8 w - - 0 1 ",
        "8 w  - - 0 1",
        "8 w - - 0 1 2",
        "8\tw - - 0 1",
    ] {
        assert!(
            !split_well_formed(record.as_bytes(), 6, &mut spans),
            "{record}"
        );
    }
}

mod quick_path {
    //! The quick path against the general one, on records near the
    //! standard's form: whatever the quick path reads, the general path
    //! reads the same; where it declines, the general path decides.

    use proptest::prelude::*;

    use super::*;

    /// A placement as the writer writes it, of any pieces on any squares
    /// (the edits below split and merge its runs now and then).
    fn placement() -> impl Strategy<Value = Vec<u8>> {
        let square = prop::sample::select(b"PNBRQKpnbrqk........".to_vec());
        prop::collection::vec(square, 64).prop_map(|letters| {
            let mut board = shakmaty::Board::empty();
            for (index, &letter) in letters.iter().enumerate() {
                if let Some(piece) = shakmaty::Piece::from_char(char::from(letter)) {
                    // Rank 8 first, as FEN writes them.
                    board.set_piece_at(shakmaty::Square::new(index as u32).flip_vertical(), piece);
                }
            }
            let mut out = Vec::new();
            crate::write::write_placement(&board, shakmaty::Bitboard::EMPTY, &mut out);
            out
        })
    }

    fn record() -> impl Strategy<Value = Vec<u8>> {
        let side = prop::sample::select(vec!["w", "b"]);
        let castling = prop::sample::select(vec!["-", "KQkq", "K", "Qk", "kq", "q", "KQ", "Kkq"]);
        let ep = prop::sample::select(vec!["-", "-", "e3", "d6", "a6", "h3"]);
        let clocks = prop::sample::select(vec!["0 1", "3 17", "0 120", "12 9"]);
        let edits = prop::collection::vec(
            (
                any::<prop::sample::Index>(),
                0..4u8,
                any::<prop::sample::Index>(),
            ),
            0..3,
        );
        (placement(), side, castling, ep, clocks, edits).prop_map(
            |(placement, side, castling, ep, clocks, edits)| {
                let mut bytes = placement;
                bytes.extend_from_slice(format!(" {side} {castling} {ep} {clocks}").as_bytes());
                for (at, kind, byte) in edits {
                    let at = at.index(bytes.len() + 1);
                    // FEN's own alphabet and a few strangers, deep into every field.
                    let alphabet = b"pnbrqkPNBRQK0123456789/ wb-KQkqe36\t.x";
                    let byte = alphabet[byte.index(alphabet.len())];
                    match kind {
                        0 if at < bytes.len() => {
                            bytes.remove(at);
                        }
                        1 if at < bytes.len() => bytes[at] = byte,
                        2 => bytes.insert(at, byte),
                        _ => {}
                    }
                }
                bytes
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn the_quick_path_reads_what_the_general_path_reads(bytes in record()) {
            for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
                let general = parse_fields(&bytes, false, mode, false);
                let mut squares = [0; 72];
                let text = String::from_utf8_lossy(&bytes);
                if let Some(quick) = quick::parse(&bytes, mode, &mut squares, false) {
                    let general_canonical = general.clone().map(|parsed| Parsed { canonical: true, ..parsed });
                    prop_assert_eq!(Ok(&quick), general_canonical.as_ref(), "{} ({:?})", text, mode);
                    let letters: [u8; 64] = core::array::from_fn(|square| squares[square]);
                    prop_assert_eq!(letters, crate::board_letters(&quick.setup.board), "{}", text);
                    // What it reads is canonical: callers may take the record for its FEN.
                    prop_assert!(quick.canonical);
                    let written = crate::Fen::from(quick.setup.clone()).to_string();
                    prop_assert_eq!(written.as_bytes(), &bytes[..]);
                }
                // The same record cut to its four position fields: the
                // quick path for EPD books reads what the EPD path reads.
                let cut = bytes.iter().enumerate().filter(|&(_, &b)| b == b' ').nth(3).map(|(at, _)| at);
                if let Some(cut) = cut {
                    let four = &bytes[..cut];
                    let mut squares = [0; 72];
                    if let Some(quick) = quick::parse(four, mode, &mut squares, true) {
                        let general = parse_fields(four, true, mode, false);
                        prop_assert_eq!(Ok(&quick), general.as_ref(), "{} ({:?})", String::from_utf8_lossy(four), mode);
                        let epd = ReadOptions { castling: mode, format: crate::Format::Epd, ..ReadOptions::default() };
                        let read = epd.parse(four);
                        prop_assert_eq!(Ok(&quick), read.as_ref());
                    }
                }
                // The public entry: the same result, and letters that match the board.
                let read = ReadOptions { castling: mode, ..ReadOptions::default() };
                let mut letters = [0; 64];
                match read.parse_with_letters(&bytes, &mut letters) {
                    Ok(parsed) => {
                        let parsed = Parsed { canonical: false, ..parsed };
                        prop_assert_eq!(Ok(&parsed), general.as_ref(), "{}", text);
                        prop_assert_eq!(letters, crate::board_letters(&parsed.setup.board), "{}", text);
                    }
                    Err(err) => prop_assert!(general.is_err() && err.diagnostics() == read.parse(&bytes).unwrap_err().diagnostics(), "{}", text),
                }
            }
        }
    }
}
