//! Malformed and illegal records, each with every diagnostic fenkit must
//! give for it: code, field and 1-based column in the record, and the class of each
//! code (malformed, illegal, unreachable, implausible).

/// Code, class, field and 1-based column of each diagnostic.
type Expected = &'static [(&'static str, &'static str, &'static str, usize)];

const TABLE: &[(&[u8], Expected)] = &[
    // A lost space: one error where it was lost, the rest read in place.
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRw KQkq - 0 1",
        &[("bad-separator", "malformed", "record", 44)],
    ),
    // A doubled space where the castling field was: that field is named.
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w  - 0 1",
        &[("missing-field", "malformed", "castling", 47)],
    ),
    // The fields after a lost space are still checked in their places.
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRw KQkq e4 0 1",
        &[
            ("bad-separator", "malformed", "record", 44),
            ("ep-wrong-rank", "malformed", "en-passant", 51),
        ],
    ),
    (b"", &[("missing-field", "malformed", "placement", 1)]),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        &[("missing-field", "malformed", "side", 44)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
        &[("missing-field", "malformed", "castling", 46)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        &[("missing-field", "malformed", "halfmove", 53)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        &[("missing-field", "malformed", "fullmove", 55)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        &[("extra-field", "malformed", "record", 58)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 bm e4;",
        &[("extra-field", "malformed", "record", 58)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w  KQkq - 0 1",
        &[("bad-separator", "malformed", "record", 46)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq - 0 1",
        &[("bad-separator", "malformed", "record", 44)],
    ),
    (
        b" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[("bad-separator", "malformed", "record", 1)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ",
        &[("bad-separator", "malformed", "record", 57)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w\xc2\xa0KQkq - 0 1",
        &[("bad-separator", "malformed", "record", 46)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPP\x00PPP/RNBQKBNR w KQkq - 0 1",
        &[("nul-byte", "malformed", "placement", 31)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \xff KQkq - 0 1",
        &[("invalid-utf8", "malformed", "side", 45)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w\rKQkq - 0 1",
        &[("bad-separator", "malformed", "record", 46)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        &[("rank-too-short", "malformed", "placement", 36)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/4P4/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
        &[("rank-too-long", "malformed", "placement", 25)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/9/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[("bad-digit", "malformed", "placement", 25)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/08/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[
            ("bad-digit", "malformed", "placement", 21),
            ("adjacent-digits", "malformed", "placement", 21),
        ],
    ),
    (
        b"rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[("adjacent-digits", "malformed", "placement", 19)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/3P1113/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1",
        &[
            ("adjacent-digits", "malformed", "placement", 25),
            ("rank-too-long", "malformed", "placement", 28),
        ],
    ),
    (
        b"rnbqkbnr/pppppppp/8/54/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[
            ("adjacent-digits", "malformed", "placement", 21),
            ("rank-too-long", "malformed", "placement", 22),
        ],
    ),
    (
        b"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[("bad-piece-char", "malformed", "placement", 14)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKXNR w KQkq - 0 1",
        &[("bad-piece-char", "malformed", "placement", 41)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ\xe2\x99\x94BNR w KQkq - 0 1",
        &[("bad-piece-char", "malformed", "placement", 40)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[("too-few-ranks", "malformed", "placement", 42)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[("too-many-ranks", "malformed", "placement", 37)],
    ),
    (
        b"rnbqkbnr/pppppppp/8//8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[("rank-too-short", "malformed", "placement", 21)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
        &[("too-many-ranks", "malformed", "placement", 44)],
    ),
    (
        b"/rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[
            ("rank-too-short", "malformed", "placement", 1),
            ("too-many-ranks", "malformed", "placement", 36),
        ],
    ),
    (
        b"rnbqkbnrpppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[
            ("rank-too-long", "malformed", "placement", 9),
            ("too-few-ranks", "malformed", "placement", 43),
        ],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/l7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[("bad-piece-char", "malformed", "placement", 25)],
    ),
    (
        b"rnbqkbnr/pppppppp/......../8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[("bad-piece-char", "malformed", "placement", 19)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/--------/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[("bad-piece-char", "malformed", "placement", 25)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRwKQkq-01",
        &[
            ("bad-piece-char", "malformed", "placement", 44),
            ("bad-piece-char", "malformed", "placement", 49),
            ("bad-digit", "malformed", "placement", 50),
            ("adjacent-digits", "malformed", "placement", 50),
            ("missing-field", "malformed", "side", 52),
        ],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
        &[("bad-side", "malformed", "side", 45)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1",
        &[("bad-side", "malformed", "side", 45)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR - KQkq - 0 1",
        &[("bad-side", "malformed", "side", 45)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR B KQkq - 0 1",
        &[("bad-side", "malformed", "side", 45)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR wb KQkq - 0 1",
        &[("bad-side", "malformed", "side", 45)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 1",
        &[("castling-order", "malformed", "castling", 47)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKQkq - 0 1",
        &[("castling-repeat", "malformed", "castling", 48)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K- - 0 1",
        &[("bad-castling-char", "malformed", "castling", 48)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -- - 0 1",
        &[
            ("bad-castling-char", "malformed", "castling", 47),
            ("bad-castling-char", "malformed", "castling", 48),
        ],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
        &[("bad-castling-char", "malformed", "castling", 47)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqx - 0 1",
        &[("bad-castling-char", "malformed", "castling", 51)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0 - 0 1",
        &[("bad-castling-char", "malformed", "castling", 47)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w \xe2\x80\x93 - 0 1",
        &[("bad-castling-char", "malformed", "castling", 47)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KqQ - 0 1",
        &[("castling-order", "malformed", "castling", 47)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1",
        &[("ep-wrong-rank", "malformed", "en-passant", 54)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
        &[("ep-wrong-rank", "malformed", "en-passant", 54)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq E3 0 1",
        &[("bad-ep-square", "malformed", "en-passant", 54)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1",
        &[("bad-ep-square", "malformed", "en-passant", 54)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e 0 1",
        &[("bad-ep-square", "malformed", "en-passant", 54)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e33 0 1",
        &[("bad-ep-square", "malformed", "en-passant", 54)],
    ),
    (
        b"r2qk2r/pp2ppp1/1n4n1/2ppP1Bp/1b1P2b1/P1N2N2/1PP1BPPP/R1Q1K2R w KQkq \xe2\x80\x93 0 8",
        &[("bad-ep-square", "malformed", "en-passant", 69)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq x 0 1",
        &[("bad-ep-square", "malformed", "en-passant", 52)],
    ),
    (
        b"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR b KQkq c6 0 2",
        &[("ep-wrong-rank", "malformed", "en-passant", 56)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR x KQkq e4 0 1",
        &[
            ("bad-side", "malformed", "side", 47),
            ("ep-wrong-rank", "malformed", "en-passant", 54),
        ],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
        &[("bad-number", "malformed", "halfmove", 54)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +3 1",
        &[("bad-number", "malformed", "halfmove", 54)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 05 1",
        &[("leading-zero", "malformed", "halfmove", 54)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        &[("bad-number", "malformed", "halfmove", 54)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967296 1",
        &[("clock-overflow", "malformed", "halfmove", 54)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        &[("fullmove-zero", "malformed", "fullmove", 56)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 01",
        &[("leading-zero", "malformed", "fullmove", 56)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5",
        &[("bad-number", "malformed", "fullmove", 57)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - \xc2\xbd 1",
        &[("bad-number", "malformed", "halfmove", 54)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999999999999999",
        &[("clock-overflow", "malformed", "fullmove", 56)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -",
        &[("bad-number", "malformed", "fullmove", 56)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
        &[("missing-king", "illegal", "placement", 1)],
    ),
    (
        b"8/8/8/8/8/8/8/8 w - - 0 1",
        &[
            ("missing-king", "illegal", "placement", 1),
            ("missing-king", "illegal", "placement", 1),
        ],
    ),
    (
        b"4k3/8/8/8/8/8/8/4K1K1 w - - 0 1",
        &[("too-many-kings", "illegal", "placement", 18)],
    ),
    (
        b"4k2P/8/8/8/8/8/8/4K3 b - - 0 1",
        &[("pawn-on-back-rank", "illegal", "placement", 4)],
    ),
    (
        b"4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
        &[("pawn-on-back-rank", "illegal", "placement", 17)],
    ),
    (
        b"4k3/8/8/8/B7/8/8/4K3 w - - 0 1",
        &[("opposite-check", "illegal", "placement", 2)],
    ),
    (
        b"4k3/8/5N2/8/8/8/8/4K3 w - - 0 1",
        &[("opposite-check", "illegal", "placement", 2)],
    ),
    (
        b"4k3/8/8/8/7b/3n4/8/r3K3 w - - 0 1",
        &[("impossible-check", "illegal", "placement", 22)],
    ),
    (
        b"4k3/8/8/8/8/3n1n2/8/4K3 w - - 0 1",
        &[("impossible-check", "illegal", "placement", 22)],
    ),
    (
        b"4k3/8/8/8/8/8/8/r3K2r w - - 0 1",
        &[("impossible-check", "illegal", "placement", 19)],
    ),
    (
        b"4k3/8/8/3p4/8/8/8/r3K3 w - d6 0 1",
        &[("impossible-check", "illegal", "placement", 21)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
        &[("castling-no-rook", "illegal", "castling", 47)],
    ),
    (
        b"rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[
            ("castling-no-king", "illegal", "castling", 49),
            ("castling-no-king", "illegal", "castling", 50),
        ],
    ),
    (
        b"rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[
            ("castling-no-king", "illegal", "castling", 49),
            ("castling-no-king", "illegal", "castling", 50),
        ],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
        &[
            ("ep-no-pawn", "illegal", "en-passant", 52),
            ("ep-occupied", "illegal", "en-passant", 52),
        ],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1",
        &[("ep-occupied", "illegal", "en-passant", 56)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPPNPPP/RNBQKB1R b KQkq e3 0 1",
        &[("ep-occupied", "illegal", "en-passant", 54)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 2 5",
        &[("ep-with-halfmove", "illegal", "halfmove", 57)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[("too-many-pieces", "illegal", "placement", 1)],
    ),
    (
        b"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
        &[("too-many-pawns", "illegal", "placement", 1)],
    ),
    (
        b"4k3/8/8/8/8/8/8/4K3 w - - 0 1 bm",
        &[("extra-field", "malformed", "record", 31)],
    ),
    (
        b"\"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"",
        &[("quoted-record", "malformed", "record", 1)],
    ),
    (
        "\u{201c}4k3/8/8/8/8/8/8/4K3 w - - 0 0\u{201d}".as_bytes(),
        &[
            ("quoted-record", "malformed", "record", 1),
            ("fullmove-zero", "malformed", "fullmove", 32),
        ],
    ),
];

/// EPD records, read as EPD.
const EPD_TABLE: &[(&[u8], Expected)] = &[
    (
        b"4k3/8/8/8/8/8/8/4K3 w - - bm Kd2",
        &[("epd-missing-semicolon", "malformed", "operations", 33)],
    ),
    (
        b"4k3/8/8/8/8/8/8/4K3 w - - id \"unterminated;",
        &[("epd-unterminated-string", "malformed", "operations", 30)],
    ),
    (
        b"4k3/8/8/8/8/8/8/4K3 w - - 1bm e4;",
        &[("epd-bad-opcode", "malformed", "operations", 27)],
    ),
    (
        b"4k3/8/8/8/8/8/8/4K3 w - - bm e4;; id \"x\";",
        &[("epd-semicolon-placement", "malformed", "operations", 33)],
    ),
    // The dialects of real suites: each its own code, one diagnostic.
    (
        b"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1; D1 6;",
        &[("epd-fen-clocks", "malformed", "halfmove", 29)],
    ),
    (
        b"4k3/8/8/8/8/8/4P3/4K3 w - - ;D1 6 ;D2 30",
        &[("epd-semicolon-placement", "malformed", "operations", 29)],
    ),
    (
        b"4k3/8/8/8/8/8/4P3/4K3 w - - D1 6 ; D2 30;",
        &[("epd-semicolon-placement", "malformed", "operations", 33)],
    ),
    (
        b"4k3/8/8/8/8/8/4P3/4K3 w - - bm e4 id x;",
        &[("epd-missing-semicolon", "malformed", "operations", 34)],
    ),
    (
        b"4k3/8/8/8/8/8/4P3/4K3 w - - bm e4;\0\0",
        &[("control-at-end", "malformed", "record", 35)],
    ),
    (
        b"4k3/8/8/8/8/8/4P3/4K3 w - - bm Kd2 +;",
        &[("epd-bad-operand", "malformed", "operations", 32)],
    ),
    (
        b"4k3/8/8/8/8/8/4P3/4K3 w - - bm e5;",
        &[("epd-illegal-move", "illegal", "operations", 32)],
    ),
    (
        b"4k3/8/8/8/8/8/4P3/4K3 w - - pv e4 Ke7 e5 Kf7 e6 e5;",
        &[("epd-illegal-move", "illegal", "operations", 49)],
    ),
    (b"startpos", &[("startpos", "malformed", "record", 1)]),
    (
        b"4k3/8/8/8/8/8/8/4K3 w - - hmvc x;",
        &[("bad-number", "malformed", "halfmove", 32)],
    ),
    (
        b"4k3/8/8/8/8/8/8/4K3 w - - hmvc;",
        &[("epd-bad-operand", "malformed", "operations", 27)],
    ),
    (
        b"4k3/8/8/8/8/8/8/4K3 w -",
        &[("missing-field", "malformed", "en-passant", 24)],
    ),
    (
        b"4k3/8/8/8/8/8/8/4K3 w - e3 hmvc 0;",
        &[("ep-wrong-rank", "malformed", "en-passant", 25)],
    ),
];

/// Chess960 records, with X-FEN and Shredder-FEN castling rights.
const CHESS960_TABLE: &[(&[u8], Expected)] = &[
    (
        b"4k3/8/8/8/8/8/8/R3KR1R w FH - 0 1",
        &[("castling-ambiguous", "illegal", "castling", 26)],
    ),
    (
        b"4k3/8/8/8/8/8/4K3/R6R w HA - 0 1",
        &[
            ("castling-no-king", "illegal", "castling", 25),
            ("castling-no-king", "illegal", "castling", 26),
        ],
    ),
    (b"4k3/8/8/8/8/8/8/1R2K2R w B - 0 1", &[]),
    (
        b"4k3/8/8/8/8/8/8/1R2K2R w Bx - 0 1",
        &[("bad-castling-char", "malformed", "castling", 27)],
    ),
];

/// Unreachable records, read with `Strictness::Reachable` (with the
/// default, `Playable`, each is valid with its finding as a warning).
const REACHABLE_TABLE: &[(&[u8], Expected)] = &[
    (
        b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RQBQKBNR w KQkq - 0 1",
        &[("too-many-promoted", "unreachable", "placement", 1)],
    ),
    (
        b"4k3/8/8/8/8/2B1B3/PPPPPPPP/4K3 w - - 0 1",
        &[("too-many-promoted", "unreachable", "placement", 1)],
    ),
    // The d-pawn took on c3, but Black has lost nothing.
    (
        b"rnbqkbnr/pppppppp/8/8/8/2P5/PPP1PPPP/RNBQKBNR w KQkq - 0 1",
        &[("pawn-captures", "unreachable", "placement", 1)],
    ),
    // The c1 bishop never left behind b2 and d2: the e3 bishop is a
    // promoted pawn, but all eight pawns are there.
    (
        b"rnbqkbnr/pppppppp/8/8/4P3/4B3/PPPP1PPP/RN1QKBNR w KQkq - 0 1",
        &[("trapped-bishop", "unreachable", "placement", 28)],
    ),
];

/// Implausible records, read with `Strictness::Plausible`.
const PLAUSIBLE_TABLE: &[(&[u8], Expected)] = &[(
    b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 20 1",
    &[("halfmove-exceeds-plies", "implausible", "halfmove", 54)],
)];

type Table = &'static [(&'static [u8], Expected)];

fn tables() -> [(Table, fenkit::ReadOptions); 5] {
    use fenkit::{Format, ReadOptions, Strictness};
    let strict = ReadOptions::default();
    [
        (TABLE, strict),
        (EPD_TABLE, strict.with_format(Format::Epd)),
        (
            CHESS960_TABLE,
            strict.with_castling(shakmaty::CastlingMode::Chess960),
        ),
        (
            REACHABLE_TABLE,
            strict.with_strictness(Strictness::Reachable),
        ),
        (
            PLAUSIBLE_TABLE,
            strict.with_strictness(Strictness::Plausible),
        ),
    ]
}

fn located(
    record: &[u8],
    options: &fenkit::ReadOptions,
) -> Vec<(&'static str, &'static str, &'static str, usize)> {
    options
        .check(record)
        .diagnostics
        .iter()
        .map(|d| {
            let class = d.code.class().as_str();
            (d.code.as_str(), class, d.field.as_str(), d.span.start + 1)
        })
        .collect()
}

#[test]
fn every_bad_record_gets_exactly_its_diagnostics() {
    assert!(TABLE.len() >= 80, "the table has {} records", TABLE.len());
    let mut failures = Vec::new();
    for (table, options) in tables() {
        for (record, expected) in table {
            let got = located(record, &options);
            if got != *expected {
                failures.push(format!(
                    "{}\n  expected {expected:?}\n  got      {got:?}",
                    String::from_utf8_lossy(record)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_bad_record_is_invalid_with_spans_inside_it() {
    for (table, options) in tables() {
        for (record, expected) in table {
            let checked = options.check(record);
            assert_eq!(
                checked.is_valid(),
                expected.is_empty(),
                "{}",
                String::from_utf8_lossy(record)
            );
            for d in &checked.diagnostics {
                assert!(
                    d.span.start <= d.span.end && d.span.end <= record.len(),
                    "{d:?}"
                );
                assert!(d.message.len() > 20, "{d:?}");
            }
        }
    }
}

#[test]
fn the_table_covers_every_code_a_record_can_raise() {
    let seen: std::collections::HashSet<&str> = tables()
        .iter()
        .flat_map(|(table, _)| table.iter())
        .flat_map(|(_, expected)| expected.iter().map(|e| e.0))
        .collect();
    for code in fenkit::Code::ALL {
        // Moves are the games module's to find, not the parser's. Wrapped
        // records are lenient reading's (lenient.rs), a variant's fields
        // and rules its reading's (variants.rs).
        use fenkit::Code::*;
        if !matches!(
            code,
            EpUndecided
                | WrappedRecord
                | BadMove
                | IllegalMove
                | AmbiguousMove
                | UnterminatedComment
                | UnknownVariant
                | ResultContradicted
                | BadPocket
                | PocketNotInVariant
                | BadPromotedMark
                | BadChecks
                | ChecksNotInVariant
                | VariantRule
                | IllegalPosition
                | NotOneMove
        ) {
            assert!(seen.contains(code.as_str()), "no record raises {code}");
        }
    }
}

#[test]
fn unreachable_records_are_playable_with_a_warning_by_default() {
    for (record, expected) in REACHABLE_TABLE {
        let checked = fenkit::check(record);
        let shown = String::from_utf8_lossy(record);
        assert!(checked.is_valid(), "{shown}");
        let codes: Vec<_> = checked
            .diagnostics
            .iter()
            .map(|d| d.code.as_str())
            .collect();
        let wanted: Vec<_> = expected.iter().map(|e| e.0).collect();
        assert_eq!(codes, wanted, "{shown}");
        assert!(
            checked
                .diagnostics
                .iter()
                .all(|d| d.severity == fenkit::Severity::Warning),
            "{shown}"
        );
        assert!(
            checked.position(shakmaty::CastlingMode::Standard).is_some(),
            "{shown}"
        );
    }
}
