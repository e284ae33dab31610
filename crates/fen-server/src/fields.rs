//! `/api/fields`: a position's fields as the page's board editor holds
//! them (each square's piece, the pocket, the side, castling, en passant
//! and the squares it may stand on, the clocks), and back: fields edited,
//! written as the canonical FEN. The library reads and writes both ways,
//! so that the page keeps no FEN rule of its own.

use std::sync::LazyLock;

use axum::response::{IntoResponse, Response};
use axum::{Json, extract::Query, http::StatusCode};
use fenkit::{Fen, WriteOptions, variants::pocket_letters};
use shakmaty::{Color, Piece, Setup, Square};

use crate::{
    ErrorBody, Params, Refusal, error, fen_from_url, known_only, params::names, refused_record,
    required,
};

/// How the record is read: its variant, and Chess960 castling.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code, reason = "the handler reads it by name")]
pub(crate) struct ReadParameters {
    /// The variant the record is a position of; lichess's names, case and
    /// dashes ignored.
    #[param(schema_with = crate::params::variant)]
    variant: Option<String>,
    /// Read and write castling rights as Chess960's (X-FEN).
    chess960: Option<bool>,
}

/// A position's fields, as a board editor holds them.
#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Fields {
    /// The 64 squares, a1, b1, … h1, a2, … h8: a piece letter (`K`,
    /// `p`…), or null for an empty square.
    board: Vec<Option<String>>,
    /// The squares of promoted pieces (Crazyhouse's `~`).
    #[serde(default)]
    promoted: Vec<String>,
    /// A Crazyhouse pocket's letters, White's first; null outside
    /// Crazyhouse.
    #[serde(default)]
    pocket: Option<String>,
    /// `w` or `b`.
    turn: String,
    /// The castling letters (`KQkq`, or Chess960's file letters); empty
    /// for none. Sent in any order: the FEN written orders them.
    #[serde(default)]
    castling: String,
    /// The en passant square, or null.
    #[serde(default)]
    en_passant: Option<String>,
    /// Three-check's checks still to give, `W+B`; null outside
    /// Three-check.
    #[serde(default)]
    checks: Option<String>,
    halfmove: u32,
    fullmove: u32,
    /// The squares an en passant square may stand on, by the side to move
    /// (`w`, `b`); given, not read back.
    #[serde(default)]
    #[schema(read_only)]
    en_passant_squares: EnPassantSquares,
    /// The position in words, as a screen reader says it (`fen describe
    /// --style spoken`); given, not read back.
    #[serde(default)]
    #[schema(read_only)]
    words: String,
}

/// The squares an en passant square may stand on with each side to move.
#[derive(Default, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub(crate) struct EnPassantSquares {
    w: Vec<String>,
    b: Vec<String>,
}

/// The record `/api/fields` wrote.
#[derive(serde::Serialize, utoipa::ToSchema)]
struct Written {
    /// The canonical FEN of the fields.
    fen: String,
}

/// The fields of the position `fen` holds.
#[utoipa::path(get, path = "/api/fields", operation_id = "fields", tag = "records",
    params(crate::check::FenParameter, ReadParameters),
    responses(
        (status = 200, description = "The position's fields", body = Fields),
        (status = 400, description = "What is wrong, with the record's problems when it is malformed", body = ErrorBody),
    )
)]
pub async fn get(Query(params): Query<Params>) -> Response {
    static KNOWN: LazyLock<Vec<String>> = LazyLock::new(|| {
        [
            names::<crate::check::FenParameter>(),
            names::<ReadParameters>(),
        ]
        .concat()
    });
    let answer = known_only(&params, &KNOWN)
        .and_then(|()| crate::read_options_asked(&params))
        .and_then(|read| {
            let fen = fen_from_url(required(&params, "fen")?);
            let parsed = read
                .parse(fen.as_bytes())
                .map_err(|err| refused_record("the FEN is malformed", &fen, err.diagnostics()))?;
            Ok(fields_of(&parsed.setup))
        });
    match answer {
        Ok(fields) => Json(fields).into_response(),
        Err(refusal) => refusal.into_response(),
    }
}

/// The canonical FEN of the fields sent.
#[utoipa::path(post, path = "/api/fields", operation_id = "writeFields", tag = "records",
    params(ReadParameters),
    request_body(content = Fields, content_type = "application/json"),
    responses(
        (status = 200, description = "The fields written as a record", body = Written),
        (status = 400, description = "Fields that make no record: what is wrong, with the record's problems", body = ErrorBody),
    )
)]
pub async fn post(Query(params): Query<Params>, body: axum::body::Bytes) -> Response {
    static KNOWN: LazyLock<Vec<String>> = LazyLock::new(names::<ReadParameters>);
    let answer = known_only(&params, &KNOWN)
        .and_then(|()| crate::read_options_asked(&params))
        .and_then(|read| {
            let fields: Fields = serde_json::from_slice(&body).map_err(|err| {
                error(
                    StatusCode::BAD_REQUEST,
                    format!("the body is not fields: {err}"),
                )
            })?;
            let record = record_of(&fields)?;
            // Read leniently: castling letters sent in another order are
            // put in the standard's.
            let checked = read.with_lenient(true).check(record.as_bytes());
            match checked.setup {
                Some(setup) => Ok(Written {
                    fen: Fen::from(setup).to_string(),
                }),
                None => Err(refused_record(
                    "the fields make no record",
                    &record,
                    &checked.diagnostics,
                )),
            }
        });
    match answer {
        Ok(written) => Json(written).into_response(),
        Err(refusal) => refusal.into_response(),
    }
}

/// The fields of `setup` (the pocket and the checks of a variant that has
/// them, which reading set).
fn fields_of(setup: &Setup) -> Fields {
    let write = WriteOptions::default();
    let squares = |turn: Color| fenkit::ep_squares(turn).map(|s| s.to_string()).collect();
    Fields {
        board: Square::ALL
            .iter()
            .map(|&square| setup.board.piece_at(square).map(|p| p.char().to_string()))
            .collect(),
        promoted: setup.promoted.into_iter().map(|s| s.to_string()).collect(),
        pocket: setup.pockets.as_ref().map(|pockets| {
            Color::ALL
                .iter()
                .map(|&color| pocket_letters(pockets, color))
                .collect()
        }),
        turn: setup.turn.fold_wb("w", "b").to_string(),
        castling: match write.castling(setup) {
            none if none == "-" => String::new(),
            letters => letters,
        },
        en_passant: write.ep_square(setup).map(|s| s.to_string()),
        checks: setup
            .remaining_checks
            .map(|checks| format!("{}+{}", u32::from(checks.white), u32::from(checks.black))),
        halfmove: setup.halfmoves,
        fullmove: setup.fullmoves.get(),
        en_passant_squares: EnPassantSquares {
            w: squares(Color::White),
            b: squares(Color::Black),
        },
        words: fenkit::description::describe(setup, None, fenkit::description::Style::Spoken)
            .trim_end()
            .to_owned(),
    }
}

/// The record the fields make: the placement written by the library from
/// the squares, the other fields as sent, for the library to read.
fn record_of(fields: &Fields) -> Result<String, Refusal> {
    let bad = |why: String| error(StatusCode::BAD_REQUEST, why);
    if fields.board.len() != 64 {
        let count = fields.board.len();
        return Err(bad(format!("board: {count} squares; a board has 64")));
    }
    let mut setup = Setup::empty();
    for (&square, letter) in Square::ALL.iter().zip(&fields.board) {
        let Some(letter) = letter else { continue };
        let mut chars = letter.chars();
        let piece = match (chars.next(), chars.next()) {
            (Some(one), None) => Piece::from_char(one),
            _ => None,
        };
        let piece = piece.ok_or_else(|| {
            bad(format!(
                "board: '{}' on {square} is not a piece letter",
                fenkit::printable(letter)
            ))
        })?;
        setup.board.set_piece_at(square, piece);
    }
    for name in &fields.promoted {
        let square: Square = name.parse().map_err(|_| {
            bad(format!(
                "promoted: '{}' is not a square",
                fenkit::printable(name)
            ))
        })?;
        setup.promoted.add(square);
    }
    let placement = WriteOptions::default().placement(&setup);
    let pocket = fields
        .pocket
        .as_deref()
        .map_or(String::new(), |letters| format!("[{letters}]"));
    let castling = match fields.castling.as_str() {
        "" => "-",
        letters => letters,
    };
    let en_passant = fields.en_passant.as_deref().unwrap_or("-");
    let checks = fields
        .checks
        .as_deref()
        .map_or(String::new(), |checks| format!(" {checks}"));
    Ok(format!(
        "{placement}{pocket} {} {castling} {en_passant}{checks} {} {}",
        fields.turn, fields.halfmove, fields.fullmove
    ))
}
