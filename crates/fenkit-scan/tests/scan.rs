//! The scanner on fenkit's own drawings (every shipped piece set, turned,
//! with coordinates and a last move), on broken and boardless pictures,
//! and the rules mending an unsure reading.

use fenkit_diagrams::{Coordinates, Diagram, Orientation, PieceSet, Rgb, Theme, png};
use fenkit_scan::{
    Given, Gray, PictureError, Quadrilateral, ScanError, Scanner, SquareReading,
    mend::{impossible, mend},
};
use shakmaty::{ByColor, Color, File, Piece, Rank, Square};

/// Positions from real play: an opening, a middlegame, an endgame.
const POSITIONS: [&str; 4] = [
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9",
    "8/5pk1/6p1/3R4/8/6P1/5PKP/2r5 b - - 3 41",
    "2kr3r/ppp2ppp/2n1bn2/2b1p3/4P3/2NP1N2/PPP1BPPP/R1B2RK1 w - - 4 9",
];

fn setup(fen: &str) -> shakmaty::Setup {
    fenkit::parse(fen.as_bytes()).expect("a valid FEN").setup
}

fn placement(fen: &str) -> &str {
    fen.split(' ').next().unwrap_or_default()
}

/// The squares on which two placements differ.
fn squares_wrong(read: &str, truth: &str) -> usize {
    let squares = |placement: &str| -> Vec<char> {
        placement
            .chars()
            .filter(|c| *c != '/')
            .flat_map(|c| match c.to_digit(10) {
                Some(run) => vec!['.'; run as usize],
                None => vec![c],
            })
            .collect()
    };
    squares(read)
        .iter()
        .zip(squares(truth))
        .filter(|(a, b)| **a != *b)
        .count()
}

#[test]
fn every_shipped_piece_set_reads_back() {
    let scanner = Scanner::new();
    let mut misses = Vec::new();
    let mut wrong_in_trained_sets = 0;
    for set in PieceSet::NAMES {
        for fen in POSITIONS {
            let diagram = Diagram::default()
                .with_size(360)
                .with_pieces(PieceSet::named(set).unwrap());
            let picture = png(&setup(fen), &diagram).expect("drawn");
            let reading = scanner.scan(&picture, &Given::default()).expect("a board");
            let wrong = squares_wrong(&reading.placement(), placement(fen));
            if wrong > 0 {
                misses.push(format!(
                    "{set}: {} for {}",
                    reading.placement(),
                    placement(fen)
                ));
            }
            // spatial and celtic are held out of training: their misses
            // are the measure of a style never seen (BENCHMARKS.md).
            if !["spatial", "celtic"].contains(set) {
                wrong_in_trained_sets += wrong;
            }
        }
    }
    eprintln!("{misses:#?}");
    // 1,280 squares of the five trained sets: at most one in a thousand
    // misread.
    assert!(
        wrong_in_trained_sets <= 1,
        "{wrong_in_trained_sets} squares: {misses:#?}"
    );
}

#[test]
fn a_board_turned_coordinates_and_a_last_move_read_back() {
    let scanner = Scanner::new();
    for fen in POSITIONS {
        let diagram = Diagram::default()
            .with_size(400)
            .with_orientation(Orientation::Black)
            .with_coordinates(Coordinates::Outside)
            .with_last_move(Some((Square::E2, Square::E4)));
        let picture = png(&setup(fen), &diagram).expect("drawn");
        let reading = scanner.scan(&picture, &Given::default()).expect("a board");
        assert_eq!(reading.placement(), placement(fen), "{fen}");
        assert_eq!(reading.bottom, Color::Black);
        assert_eq!(reading.orientation, fenkit_scan::OrientationFound::Pieces);
    }
}

#[test]
fn what_is_given_is_written_and_nothing_assumed() {
    let fen = POSITIONS[0];
    let picture = png(&setup(fen), &Diagram::default().with_size(320)).expect("drawn");
    let given = Given {
        side: Some(Color::Black),
        castling: Given::castling_from_letters("Kq"),
        en_passant: Some(Some(Square::D3)),
        bottom: Some(Color::White),
    };
    let reading = Scanner::new().scan(&picture, &given).expect("a board");
    assert_eq!(reading.fen(), format!("{} b Kq d3 0 1", placement(fen)));
    assert!(reading.assumptions.is_empty());
    assert_eq!(reading.orientation, fenkit_scan::OrientationFound::Given);
    // Written as given; the board says no pawn made that double push.
    let violations = reading.violations();
    assert!(
        violations.iter().any(|v| v.message.contains("d4")),
        "{violations:?}"
    );
}

#[test]
fn castling_is_assumed_only_where_king_and_rook_stand_at_home() {
    let picture = png(&setup(POSITIONS[1]), &Diagram::default().with_size(320)).expect("drawn");
    let reading = Scanner::new()
        .scan(&picture, &Given::default())
        .expect("a board");
    assert!(reading.fen().ends_with(" w KQ - 0 1"), "{}", reading.fen());
    let castling = reading
        .assumptions
        .iter()
        .find(|a| a.field == "castling")
        .expect("assumed");
    assert_eq!(castling.value, "KQ");
}

#[test]
fn what_is_no_picture_of_a_board_is_said() {
    let scanner = Scanner::new();
    assert_eq!(
        scanner
            .scan(
                b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                &Given::default()
            )
            .err(),
        Some(ScanError::Picture(PictureError::NotAPicture))
    );
    let picture = png(&setup(POSITIONS[0]), &Diagram::default().with_size(320)).expect("drawn");
    let truncated = &picture[..picture.len() / 2];
    assert!(matches!(
        scanner.scan(truncated, &Given::default()),
        Err(ScanError::Picture(PictureError::Broken {
            format: "PNG",
            ..
        }))
    ));
    // A blank page and a page of grey noise hold no board.
    let blank = fenkit_scan::Gray {
        width: 300,
        height: 200,
        pixels: vec![1.0; 60_000],
        colours: Vec::new(),
    };
    assert_eq!(
        scanner.scan_picture(&blank, &Given::default()).err(),
        Some(ScanError::NoBoard)
    );
    // A picture too small for a board to be read is said to be so.
    let tiny = Gray {
        width: 300,
        height: 79,
        pixels: vec![1.0; 300 * 79],
        colours: Vec::new(),
    };
    assert_eq!(
        scanner.scan_picture(&tiny, &Given::default()).err(),
        Some(ScanError::TooSmall(300, 79))
    );
    let mut state = 7u32;
    let noise = (0..60_000)
        .map(|_| {
            state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (state >> 8) as f32 / (1u32 << 24) as f32
        })
        .collect();
    let noise = fenkit_scan::Gray {
        width: 300,
        height: 200,
        pixels: noise,
        colours: Vec::new(),
    };
    assert_eq!(
        scanner.scan_picture(&noise, &Given::default()).err(),
        Some(ScanError::NoBoard)
    );
}

/// Each of [`POSITIONS`] on a grey board printed faintly (its levels
/// squeezed into the top quarter, as a pale photocopy leaves them), the
/// light falling off by `falling_off` of it from its left edge to its
/// right: not found upright (else the tests would prove nothing), and
/// found and read right by the faint search.
fn pale_boards_read_back(falling_off: f32) {
    let scanner = Scanner::new();
    for fen in POSITIONS {
        let diagram = Diagram::default().with_size(360).with_theme(Theme::GRAY);
        let picture = png(&setup(fen), &diagram).expect("drawn");
        let mut pale = Gray::decode(&picture).expect("decoded");
        let width = pale.width;
        for (index, level) in pale.pixels.iter_mut().enumerate() {
            let across = (index % width) as f32 / width as f32;
            *level = (0.75 + 0.25 * *level) * (1.0 - falling_off * across);
        }
        pale.colours.clear();
        assert_eq!(fenkit_scan::locate::locate(&pale), None, "{fen}");
        let reading = scanner
            .scan_picture(&pale, &Given::default())
            .expect("a board");
        assert_eq!(reading.placement(), placement(fen), "{fen}");
    }
}

#[test]
fn a_board_printed_pale_is_found_by_how_its_squares_part() {
    // The dark squares a few levels under the light ones alternate as
    // little as a page of text does, so the first search finds no
    // board, and the last finds it by its squares parting cleanly into
    // two tones.
    pale_boards_read_back(0.0);
}

#[test]
fn a_pale_board_under_light_falling_off_is_found_square_by_square() {
    // Photographed under a lamp, the light falling off across it: its
    // light squares on the dark side are darker than its dark squares on
    // the bright side, and no one level parts the two tones; each square
    // still stands above or below those beside it.
    pale_boards_read_back(0.3);
}

#[test]
fn a_faintly_hatched_board_is_found_on_its_squares_not_on_its_pieces() {
    // Dark squares hatched in thin grey lines on a pale grey board, as a
    // book prints them: blurred, they stand a few levels under the light
    // squares, and their edges far under those of four full ranks of
    // pieces, whose bases make a grid a fifth of a square off the board.
    // The first search finds no board; the last must find it on its
    // squares, moved from that grid by a part of a square.
    let theme = Theme {
        light: Rgb(0xdddddd),
        dark: Rgb(0x777777),
    };
    let diagram = Diagram::default()
        .with_size(400)
        .with_theme(theme)
        .with_coordinates(Coordinates::None);
    let dark = Gray::from_colours(1, 1, vec![[0x77; 3]]).pixels[0];
    let light = Gray::from_colours(1, 1, vec![[0xdd; 3]]).pixels[0];
    let fen = "rnbqkbnr/pp2pppp/8/3p4/2PP4/8/PP3PPP/RNBQKBNR w KQkq - 0 4";
    let drawn = Gray::decode(&png(&setup(fen), &diagram).expect("drawn")).expect("decoded");
    // On white paper, a margin of 20 pixels around it.
    let margin = 20;
    let width = drawn.width + 2 * margin;
    let mut hatched = Gray {
        width,
        height: drawn.height + 2 * margin,
        pixels: vec![1.0; width * (drawn.height + 2 * margin)],
        colours: Vec::new(),
    };
    for (index, &level) in drawn.pixels.iter().enumerate() {
        let (x, y) = (index % drawn.width + margin, index / drawn.width + margin);
        hatched.pixels[y * width + x] = if (level - dark).abs() < 0.01 {
            if (x + y) % 6 == 0 { 0.45 } else { light }
        } else {
            level
        };
    }
    assert_eq!(fenkit_scan::locate::locate(&hatched), None);
    let reading = Scanner::new()
        .scan_picture(&hatched, &Given::default())
        .expect("a board");
    assert_eq!(reading.placement(), placement(fen));
}

#[test]
fn a_crisp_pale_board_is_read_right_or_not_at_all() {
    // Squares of two near whites alternate under what a board found
    // upright must, while a grid of half squares over the pieces
    // alternates more, by the pieces caught at its corners: read, that
    // grid gave knights and no white king. Its squares do not part into
    // two tones as a board's do, so it is no board.
    let theme = Theme {
        light: Rgb(0xf6f6f6),
        dark: Rgb(0xe8e8e8),
    };
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let diagram = Diagram::default().with_size(360).with_theme(theme);
    let picture = png(&setup(fen), &diagram).expect("drawn");
    match Scanner::new().scan(&picture, &Given::default()) {
        Ok(reading) => assert_eq!(reading.placement(), placement(fen)),
        Err(error) => assert_eq!(error, ScanError::NoBoard),
    }
}

fn sure(piece: Option<Piece>) -> SquareReading {
    SquareReading {
        piece,
        confidence: 0.99,
        second: None,
        second_confidence: 0.01,
    }
}

/// Both kings on their squares, read surely, every other square surely
/// empty.
fn kings_at_home() -> [SquareReading; 64] {
    let mut squares = [sure(None); 64];
    squares[Square::E1 as usize] = sure(Some(Color::White.king()));
    squares[Square::E8 as usize] = sure(Some(Color::Black.king()));
    squares
}

#[test]
fn the_rules_mend_an_unsure_square_and_leave_a_sure_one() {
    let mut squares = kings_at_home();
    // A second white king the network was unsure of: a queen, it thought next.
    squares[Square::D1 as usize] = SquareReading {
        piece: Some(Color::White.king()),
        confidence: 0.55,
        second: Some(Color::White.queen()),
        second_confidence: 0.43,
    };
    // A third white king, read with confidence: left as read.
    squares[Square::H1 as usize] = sure(Some(Color::White.king()));
    let mended = mend(
        &mut squares,
        &[ByColor::default(); 64],
        &[(None, 0.0); 64],
        &[false; 64],
    );
    assert_eq!(mended.len(), 1);
    assert_eq!(mended[0].square, Square::D1);
    assert_eq!(
        squares[Square::D1 as usize].piece,
        Some(Color::White.queen())
    );
    let board = squares.map(|reading| reading.piece);
    assert_eq!(impossible(&board), 1, "the sure king on h1 stays");
}

#[test]
fn a_pawn_on_the_first_or_last_rank_is_mended_however_sure() {
    let mut squares = kings_at_home();
    // A bishop read as a pawn on c1 at 97%, a bishop the network's next
    // choice at 2%: no pawn ever stands there.
    squares[Square::C1 as usize] = SquareReading {
        piece: Some(Color::White.pawn()),
        confidence: 0.97,
        second: Some(Color::White.bishop()),
        second_confidence: 0.02,
    };
    // The same pawn read as surely on c3 stays a pawn.
    squares[Square::C3 as usize] = squares[Square::C1 as usize];
    let mended = mend(
        &mut squares,
        &[ByColor::default(); 64],
        &[(None, 0.0); 64],
        &[false; 64],
    );
    assert_eq!(mended.len(), 1, "{mended:?}");
    assert_eq!(
        (mended[0].square, mended[0].now),
        (Square::C1, Some(Color::White.bishop()))
    );
    assert_eq!(
        squares[Square::C3 as usize].piece,
        Some(Color::White.pawn())
    );
}

#[test]
fn a_side_with_no_king_gets_it_where_the_network_found_it_likeliest() {
    let mut squares = [sure(None); 64];
    squares[Square::E8 as usize] = sure(Some(Color::Black.king()));
    squares[Square::A1 as usize] = sure(Some(Color::White.rook()));
    // White's king of a set never seen, read as a black rook, Black's
    // king next: its own king only third.
    squares[Square::B8 as usize] = SquareReading {
        piece: Some(Color::Black.rook()),
        confidence: 0.5,
        second: Some(Color::Black.king()),
        second_confidence: 0.2,
    };
    // Another unsure square where White's king is less likely.
    squares[Square::H4 as usize] = SquareReading {
        piece: Some(Color::White.bishop()),
        confidence: 0.6,
        second: Some(Color::White.knight()),
        second_confidence: 0.3,
    };
    let mut kings = [ByColor::default(); 64];
    kings[Square::B8 as usize].white = 0.15;
    kings[Square::H4 as usize].white = 0.05;
    // Sure squares are never changed, however likely a king there.
    kings[Square::A1 as usize].white = 0.3;
    let mended = mend(&mut squares, &kings, &[(None, 0.0); 64], &[false; 64]);
    assert_eq!(mended.len(), 1, "{mended:?}");
    assert_eq!(mended[0].square, Square::B8);
    assert_eq!(mended[0].now, Some(Color::White.king()));
    assert_eq!(mended[0].now_confidence, 0.15);
    assert_eq!(
        squares[Square::B8 as usize].second,
        Some(Color::Black.rook())
    );
    let board = squares.map(|reading| reading.piece);
    assert_eq!(impossible(&board), 0);

    // Where White's king was read sure of itself as a rook, nothing moves.
    let mut squares = [sure(None); 64];
    squares[Square::E8 as usize] = sure(Some(Color::Black.king()));
    squares[Square::B8 as usize] = sure(Some(Color::Black.rook()));
    let mut kings = [ByColor::default(); 64];
    kings[Square::B8 as usize].white = 0.3;
    assert!(mend(&mut squares, &kings, &[(None, 0.0); 64], &[false; 64]).is_empty());
}

/// Two squares of one drawing read as one piece (lichess's editor's two
/// black kings) are left as read by the rules' mend: a mend of one alone
/// would read one drawing as two pieces.
#[test]
fn the_rules_leave_twins_as_read() {
    let mut squares = [sure(None); 64];
    squares[Square::E1 as usize] = sure(Some(Color::White.king()));
    for square in [Square::A8, Square::B8] {
        squares[square as usize] = SquareReading {
            piece: Some(Color::Black.king()),
            confidence: 0.6,
            second: Some(Color::Black.queen()),
            second_confidence: 0.3,
        };
    }
    let kings = [ByColor::default(); 64];
    let mut apart = squares;
    let mended = mend(&mut apart, &kings, &[(None, 0.0); 64], &[false; 64]);
    assert_eq!(mended.len(), 1, "two kings a side break a rule: {mended:?}");
    let mut twinned = [false; 64];
    twinned[Square::A8 as usize] = true;
    twinned[Square::B8 as usize] = true;
    assert!(mend(&mut squares, &kings, &[(None, 0.0); 64], &twinned).is_empty());
}

#[test]
fn the_rules_mend_several_squares_at_once_where_a_set_breaks_them_together() {
    // A set never seen: both white rooks read as kings at near even odds,
    // and Black's king as a rook. Three changes mend it; two leave a rule
    // broken.
    let unsure =
        |piece: Piece, confidence: f32, second: Piece, second_confidence: f32| SquareReading {
            piece: Some(piece),
            confidence,
            second: Some(second),
            second_confidence,
        };
    let mut squares = [sure(None); 64];
    squares[Square::E1 as usize] = sure(Some(Color::White.king()));
    for (square, confidence) in [(Square::A1, 0.48), (Square::H1, 0.47)] {
        squares[square as usize] =
            unsure(Color::White.king(), confidence, Color::White.rook(), 0.46);
    }
    squares[Square::E8 as usize] = unsure(Color::Black.rook(), 0.5, Color::Black.queen(), 0.3);
    let mut kings = [ByColor::default(); 64];
    kings[Square::E8 as usize].black = 0.15;
    let board = squares.map(|reading| reading.piece);
    assert_eq!(impossible(&board), 3);
    let mended = mend(&mut squares, &kings, &[(None, 0.0); 64], &[false; 64]);
    let mut changed: Vec<(Square, Option<Piece>)> =
        mended.iter().map(|mend| (mend.square, mend.now)).collect();
    changed.sort_by_key(|(square, _)| *square);
    assert_eq!(
        changed,
        vec![
            (Square::A1, Some(Color::White.rook())),
            (Square::H1, Some(Color::White.rook())),
            (Square::E8, Some(Color::Black.king())),
        ]
    );
    let board = squares.map(|reading| reading.piece);
    assert_eq!(impossible(&board), 0);
}

#[test]
fn more_pieces_promoted_than_pawns_gone_is_impossible_and_mended() {
    let rank = |rank: Rank| {
        File::ALL
            .into_iter()
            .map(move |file| Square::from_coords(file, rank))
    };
    let mut board = [None; 64];
    board[Square::E1 as usize] = Some(Color::White.king());
    board[Square::E8 as usize] = Some(Color::Black.king());
    for square in rank(Rank::Second) {
        board[square as usize] = Some(Color::White.pawn());
    }
    assert_eq!(impossible(&board), 0);
    // Three queens beside eight pawns: two promoted, no pawn gone.
    board[Square::D1 as usize] = Some(Color::White.queen());
    board[Square::D4 as usize] = Some(Color::White.queen());
    board[Square::F4 as usize] = Some(Color::White.queen());
    assert_eq!(impossible(&board), 2);
    // Two pawns gone: the queens may have been promoted.
    board[Square::A2 as usize] = None;
    board[Square::B2 as usize] = None;
    assert_eq!(impossible(&board), 0);
    // Two bishops on light squares, with no pawn gone: one promoted.
    let mut bishops = [None; 64];
    bishops[Square::E1 as usize] = Some(Color::White.king());
    bishops[Square::E8 as usize] = Some(Color::Black.king());
    for square in rank(Rank::Seventh) {
        bishops[square as usize] = Some(Color::Black.pawn());
    }
    bishops[Square::C8 as usize] = Some(Color::Black.bishop());
    bishops[Square::D5 as usize] = Some(Color::Black.bishop());
    assert_eq!(impossible(&bishops), 1);
    // One on each colour, as a side starts.
    bishops[Square::D5 as usize] = None;
    bishops[Square::F8 as usize] = Some(Color::Black.bishop());
    assert_eq!(impossible(&bishops), 0);

    // A queen read unsurely on an empty square beside eight pawns and a
    // queen is taken for the empty square the network read next.
    let mut squares = kings_at_home();
    squares[Square::D1 as usize] = sure(Some(Color::White.queen()));
    for square in rank(Rank::Second) {
        squares[square as usize] = sure(Some(Color::White.pawn()));
    }
    squares[Square::D4 as usize] = SquareReading {
        piece: Some(Color::White.queen()),
        confidence: 0.51,
        second: None,
        second_confidence: 0.32,
    };
    let mended = mend(
        &mut squares,
        &[ByColor::default(); 64],
        &[(None, 0.0); 64],
        &[false; 64],
    );
    assert_eq!(mended.len(), 1, "{mended:?}");
    assert_eq!((mended[0].square, mended[0].now), (Square::D4, None));
}

#[test]
fn pawns_off_their_files_with_nothing_taken_are_impossible_and_mended() {
    let start: [Option<Piece>; 64] = {
        let setup = setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        Square::ALL.map(|square| setup.board.piece_at(square))
    };
    assert_eq!(impossible(&start), 0);
    // The b-pawn on c3 beside the c-pawn: a capture, with all of
    // Black's 16 pieces on the board.
    let mut doubled = start;
    doubled[Square::B2 as usize] = None;
    doubled[Square::C3 as usize] = Some(Color::White.pawn());
    assert_eq!(impossible(&doubled), 1);
    // With a black knight gone, it may have been taken there.
    doubled[Square::G8 as usize] = None;
    assert_eq!(impossible(&doubled), 0);

    // A bishop on c4 read unsurely as a pawn, in front of the c-pawn
    // where the b-pawn is gone (eight pawns) with nothing taken, is taken
    // for the bishop the network read next.
    let mut squares = start.map(sure);
    squares[Square::F1 as usize] = sure(None);
    squares[Square::B2 as usize] = sure(None);
    squares[Square::C4 as usize] = SquareReading {
        piece: Some(Color::White.pawn()),
        confidence: 0.6,
        second: Some(Color::White.bishop()),
        second_confidence: 0.35,
    };
    let mended = mend(
        &mut squares,
        &[ByColor::default(); 64],
        &[(None, 0.0); 64],
        &[false; 64],
    );
    assert_eq!(mended.len(), 1, "{mended:?}");
    assert_eq!(
        (mended[0].square, mended[0].now),
        (Square::C4, Some(Color::White.bishop()))
    );
}

#[test]
fn a_highlighted_last_move_tells_the_side_to_move_and_a_double_step_the_en_passant_square() {
    let scanner = Scanner::new();
    let cases = [
        // White's double step, on lichess's brown board.
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            (Square::E2, Square::E4),
            Theme::BROWN,
            "cburnett",
        ),
        // Black's, on a blue board whose tint keeps the squares' grey.
        (
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
            (Square::E7, Square::E5),
            Theme::BLUE,
            "merida",
        ),
        // A knight's move: the side to move, and no en passant square.
        (
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
            (Square::G1, Square::F3),
            Theme::GREEN,
            "cburnett",
        ),
    ];
    for (fen, last_move, theme, set) in cases {
        let diagram = Diagram::default()
            .with_size(360)
            .with_theme(theme)
            .with_pieces(PieceSet::named(set).unwrap())
            .with_last_move(Some(last_move));
        let picture = png(&setup(fen), &diagram).expect("drawn");
        let reading = scanner.scan(&picture, &Given::default()).expect("a board");
        assert_eq!(reading.last_move, Some(last_move), "{fen}");
        let fields: Vec<String> = reading.fen().split(' ').map(str::to_string).collect();
        let expected: Vec<&str> = fen.split(' ').collect();
        assert_eq!(fields[..4], expected[..4], "{fen}");
        assert!(
            reading
                .assumptions
                .iter()
                .all(|a| a.field == "castling" || a.why.contains("highlighted"))
        );
    }
    // No highlight: White assumed and said so.
    let picture = png(&setup(POSITIONS[2]), &Diagram::default().with_size(360)).expect("drawn");
    let reading = scanner.scan(&picture, &Given::default()).expect("a board");
    assert_eq!(reading.last_move, None);
    assert!(reading.fen().contains(" w - - "));
}

/// `board` on a page of `size` near white, its top left at `at`, as PNG.
fn on_a_page(board: &image::RgbImage, size: (u32, u32), at: (i64, i64)) -> Vec<u8> {
    let mut page = image::RgbImage::from_pixel(size.0, size.1, image::Rgb([250, 250, 250]));
    image::imageops::overlay(&mut page, board, at.0, at.1);
    let mut bytes = Vec::new();
    page.write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .expect("encoded");
    bytes
}

#[test]
fn a_huge_picture_is_scaled_down_and_read() {
    // A 400-pixel board enlarged eight times on a page of 4000 by 4400.
    let fen = POSITIONS[1];
    let small = png(&setup(fen), &Diagram::default().with_size(400)).expect("drawn");
    let small = image::load_from_memory(&small).expect("a PNG").to_rgb8();
    let board = image::imageops::resize(&small, 3200, 3200, image::imageops::FilterType::Nearest);
    let bytes = on_a_page(&board, (4000, 4400), (500, 700));
    let picture = fenkit_scan::Gray::decode(&bytes).expect("decoded");
    assert_eq!(
        (picture.width, picture.height),
        (1862, 2048),
        "scaled to 2048 a side"
    );
    let reading = Scanner::new()
        .scan_picture(&picture, &Given::default())
        .expect("a board");
    assert_eq!(reading.placement(), placement(fen));
}

#[test]
fn a_board_found_a_file_off_is_moved_back_where_the_rules_cannot_tell() {
    // A study with no white king breaks a rule wherever its box stands;
    // found a file to the right, a strip of page as its last file, it
    // breaks no more, and its squares alternate less than the board's.
    let fen = "8/8/3k4/8/2R5/5p2/8/8 w - - 0 1";
    let drawn = png(&setup(fen), &Diagram::default().with_size(400)).expect("drawn");
    let drawn = image::load_from_memory(&drawn).expect("a PNG").to_rgb8();
    let bytes = on_a_page(&drawn, (600, 500), (50, 50));
    let picture = fenkit_scan::Gray::decode(&bytes).expect("decoded");
    let scanner = Scanner::new();
    let found = scanner
        .scan_picture(&picture, &Given::default())
        .expect("a board");
    assert_eq!(found.placement(), placement(fen));
    assert_eq!(found.moved, None);
    let square = found.board_box.width / 8.0;
    let off = fenkit_scan::BoardBox {
        left: found.board_box.left + square,
        ..found.board_box
    };
    let reading = scanner.read_board(&picture, off, &Given::default());
    assert_eq!(reading.placement(), placement(fen));
    assert_eq!(reading.board_box, found.board_box);
    // Said, as the eyes and the rules disagreed on where the board stands.
    let moved = fenkit_scan::Moved {
        across: -1,
        down: 0,
    };
    assert_eq!(reading.moved, Some(moved));
    assert!(
        moved
            .to_string()
            .contains("one square to the left from where its lines stand")
    );
}

/// A white page of `size` with boards drawn on it, each a position, its
/// side in pixels, its piece set and its top left corner; as PNG.
fn page_of_boards(size: (u32, u32), boards: &[(&str, u32, &str, (i64, i64))]) -> Vec<u8> {
    let mut page = image::RgbImage::from_pixel(size.0, size.1, image::Rgb([255, 255, 255]));
    for &(fen, side, set, (x, y)) in boards {
        let diagram = Diagram::default()
            .with_size(side)
            .with_coordinates(Coordinates::None)
            .with_pieces(PieceSet::named(set).unwrap());
        let board = png(&setup(fen), &diagram).expect("drawn");
        let board = image::load_from_memory(&board).expect("a PNG").to_rgb8();
        image::imageops::overlay(&mut page, &board, x, y);
    }
    let mut bytes = Vec::new();
    page.write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .expect("encoded");
    bytes
}

#[test]
fn every_board_of_a_page_is_read_in_reading_order() {
    // Four boards of different sizes and looks on a page, two rows of two.
    let looks = [
        (POSITIONS[0], 300, "cburnett", (60, 80)),
        (POSITIONS[1], 260, "merida", (480, 100)),
        (POSITIONS[2], 280, "fantasy", (90, 520)),
        (POSITIONS[3], 300, "cburnett", (470, 500)),
    ];
    let bytes = page_of_boards((860, 900), &looks);
    let readings = Scanner::new()
        .scan_all(&bytes, &Given::default())
        .expect("boards");
    let read: Vec<String> = readings.iter().map(|reading| reading.placement()).collect();
    let expected: Vec<&str> = POSITIONS.iter().map(|fen| placement(fen)).collect();
    assert_eq!(read, expected);
    // Asked for one board, the page is refused: which is meant is not
    // known (their squares are of a size, 32 to 38 pixels).
    assert_eq!(
        Scanner::new().scan(&bytes, &Given::default()).err(),
        Some(ScanError::SeveralBoards(4))
    );
}

#[test]
fn a_board_with_a_small_one_beside_it_is_read_as_one() {
    // A board of 40-pixel squares and, beside it, one of 16 (a
    // thumbnail, a diagram's inset), with room for a board of 40 beside
    // it: no second board of its size.
    let bytes = page_of_boards(
        (800, 400),
        &[
            (POSITIONS[0], 320, "cburnett", (20, 40)),
            (POSITIONS[1], 128, "cburnett", (520, 140)),
        ],
    );
    let one = Scanner::new()
        .scan(&bytes, &Given::default())
        .expect("the large board");
    assert_eq!(one.placement(), placement(POSITIONS[0]));
}

/// `picture` (a board drawn upright) as photographed at an angle: its
/// corners taken to `corners` (top left, top right, bottom right, bottom
/// left) on a grey page of `width` by `height`, each pixel of the page
/// found on the board by Newton's method through the perspective.
fn photographed(picture: &[u8], corners: [(f32, f32); 4], width: usize, height: usize) -> Gray {
    let board = Gray::decode(picture).expect("decoded");
    let quad = Quadrilateral { corners };
    let mut colours = Vec::with_capacity(width * height);
    for y in 0..height {
        for x in 0..width {
            let (target_x, target_y) = (x as f32 + 0.5, y as f32 + 0.5);
            let (mut u, mut v) = (0.5f32, 0.5f32);
            for _ in 0..8 {
                let (px, py) = quad.point(u, v);
                let h = 1e-3;
                let (ux, uy) = quad.point(u + h, v);
                let (vx, vy) = quad.point(u, v + h);
                let (a, b, c, d) = ((ux - px) / h, (vx - px) / h, (uy - py) / h, (vy - py) / h);
                let det = a * d - b * c;
                let (ex, ey) = (target_x - px, target_y - py);
                u += (d * ex - b * ey) / det;
                v += (a * ey - c * ex) / det;
            }
            colours.push(if (0.0..1.0).contains(&u) && (0.0..1.0).contains(&v) {
                let (bx, by) = (u * board.width as f32, v * board.height as f32);
                board
                    .colour_at(bx as usize, by as usize)
                    .map(|channel| (channel * 255.0).round() as u8)
            } else {
                [120, 124, 128]
            });
        }
    }
    Gray::from_colours(width, height, colours)
}

#[test]
fn a_board_photographed_at_an_angle_is_found_by_its_corners_and_read() {
    let scanner = Scanner::new();
    // The near edge wider than the far one, the board turned a little.
    let corners = [(110.0, 70.0), (520.0, 95.0), (585.0, 520.0), (60.0, 490.0)];
    for fen in POSITIONS {
        let diagram = Diagram::default().with_size(400);
        let board = png(&setup(fen), &diagram).expect("drawn");
        let picture = photographed(&board, corners, 640, 580);
        assert_eq!(
            fenkit_scan::locate::locate(&picture),
            None,
            "no upright grid"
        );
        let reading = scanner
            .scan_picture(&picture, &Given::default())
            .expect("a board");
        assert_eq!(reading.placement(), placement(fen), "{fen}");
        // The default look has coordinates outside: the board's squares
        // sit inside the drawing by its margin.
        let (x, y) = (reading.corners[0].0, reading.corners[0].1);
        assert!(
            (x - 110.0).abs() < 40.0 && (y - 70.0).abs() < 40.0,
            "{:?}",
            reading.corners
        );
    }
}

#[test]
fn a_board_photographed_a_little_off_straight_is_read_from_its_corners() {
    let scanner = Scanner::new();
    // The far edge a little narrower and turned: the upright grid is still
    // found, but its box cuts across the board's lines at the corners.
    let corners = [(100.0, 60.0), (500.0, 80.0), (520.0, 500.0), (80.0, 490.0)];
    let mut misread_upright = 0;
    for fen in POSITIONS {
        let diagram = Diagram::default().with_size(400);
        let board = png(&setup(fen), &diagram).expect("drawn");
        let picture = photographed(&board, corners, 620, 580);
        let (board_box, _) = fenkit_scan::locate::locate(&picture).expect("an upright grid");
        let upright = scanner.read_board(&picture, board_box, &Given::default());
        misread_upright += usize::from(upright.placement() != placement(fen));
        let reading = scanner
            .scan_picture(&picture, &Given::default())
            .expect("a board");
        assert_eq!(reading.placement(), placement(fen), "{fen}");
    }
    // What the test is about: the upright box alone misreads boards so
    // photographed.
    assert!(misread_upright > 0, "the upright box read every board");
}
