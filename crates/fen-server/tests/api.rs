//! The API answered in memory (no socket): each route, its 4xx answers for
//! bad input, the limits, the cache headers.

use axum::{
    body::Body,
    http::{Request, StatusCode, header},
    response::Response,
};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

async fn send(request: Request<Body>) -> Response {
    fen_server::router()
        .oneshot(request)
        .await
        .expect("answered")
}

async fn get(uri: &str) -> Response {
    send(Request::get(uri).body(Body::empty()).unwrap()).await
}

async fn bytes(response: Response) -> Vec<u8> {
    response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes()
        .to_vec()
}

async fn json(response: Response) -> Value {
    serde_json::from_slice(&bytes(response).await).expect("JSON")
}

/// The status and the `error` text of a refused GET.
async fn refusal(uri: &str) -> (StatusCode, String) {
    let response = get(uri).await;
    let status = response.status();
    let error = json(response).await["error"].as_str().map(str::to_string);
    (
        status,
        error.unwrap_or_else(|| panic!("{uri}: no error text")),
    )
}

/// `text` with spaces as `%20` and `/` kept, for query strings.
/// `text` percent-encoded for a query: every byte but letters, digits,
/// `/` and `-._~`.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'/' | b'-' | b'.' | b'_' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const SHORT: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1";

#[tokio::test]
async fn health_and_openapi() {
    let response = get("/healthz").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(bytes(response).await, b"ok");
    let spec = json(get("/openapi.json").await).await;
    assert_eq!(spec["openapi"], "3.1.0");
    for path in [
        "/api/check",
        "/board.svg",
        "/board.png",
        "/api/play",
        "/api/opening",
        "/healthz",
    ] {
        assert!(spec["paths"][path].is_object(), "{path}");
    }
}

#[tokio::test]
async fn check_answers_with_the_record_its_fields_and_problems() {
    let response = get(&format!("/api/check?fen={}", encode(START))).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body = json(response).await;
    assert_eq!(body[0]["valid"], true);
    assert_eq!(body[0]["fen"], START);
    assert_eq!(body[0]["turn"], "white");
    assert_eq!(body[0]["checkmate"], false);
    // The underscore form of lichess URLs.
    let underscored = START.replace(' ', "_");
    let body = json(get(&format!("/api/check?fen={underscored}")).await).await;
    assert_eq!(body[0]["fen"], START);
    // A bad record: 400, with the diagnostics and their columns.
    let response = get(&format!("/api/check?fen={}", encode(SHORT))).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body = json(response).await;
    assert_eq!(body[0]["valid"], false);
    assert_eq!(body[0]["errors"][0]["code"], "rank-too-short");
    assert_eq!(body[0]["errors"][0]["column"], 36);
    assert_eq!(body[0]["errors"][0]["end_column"], 43);
    assert_eq!(body[0]["errors"][0]["field"], "placement");
    // No record at all is no question.
    assert_eq!(
        refusal("/api/check?fen=%20").await,
        (
            StatusCode::BAD_REQUEST,
            "the parameter 'fen' is empty".into()
        )
    );
}

#[tokio::test]
async fn the_page_and_what_it_loads_come_from_the_binary() {
    let response = get("/").await;
    assert_eq!(response.status(), StatusCode::OK);
    let policy = response.headers()[header::CONTENT_SECURITY_POLICY]
        .to_str()
        .unwrap()
        .to_string();
    assert!(policy.starts_with("default-src 'self'"), "{policy}");
    let html = String::from_utf8(bytes(response).await).unwrap();
    assert!(html.contains(r#"<textarea id="input""#));
    // Everything the page names is served here, and nothing elsewhere:
    // its script's modules too, each file of web/js/ by its name.
    let modules: Vec<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/web/js"))
        .unwrap()
        .map(|entry| format!("/js/{}", entry.unwrap().file_name().to_string_lossy()))
        .collect();
    assert!(modules.len() > 1, "{modules:?}");
    for path in &modules {
        let response = get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
    }
    assert_eq!(get("/js/nothing.js").await.status(), StatusCode::NOT_FOUND);
    for (path, kind) in [
        ("/app.js", "text/javascript"),
        ("/style.css", "text/css"),
        ("/pieces/wK.svg", "image/svg+xml"),
        ("/pieces/bP.svg", "image/svg+xml"),
        ("/pieces/merida/wK.svg", "image/svg+xml"),
        ("/pieces/skulls/bQ.svg", "image/svg+xml"),
    ] {
        let response = get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type = response.headers()[header::CONTENT_TYPE].to_str().unwrap();
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
        // The SVG and XLink namespaces are names, not addresses to fetch.
        let text = String::from_utf8(bytes(response).await)
            .unwrap()
            .replace("http://www.w3.org/2000/svg", "")
            .replace("http://www.w3.org/1999/xlink", "");
        assert!(
            !text.contains("http://") && !text.contains("https://"),
            "{path}"
        );
    }
    assert!(!html.contains("http://") && !html.contains("https://"));
    assert_eq!(
        refusal("/pieces/xK.svg").await,
        (
            StatusCode::NOT_FOUND,
            "no piece is called 'xK.svg'; try wK.svg or bN.svg".into()
        )
    );
    let (status, why) = refusal("/pieces/staunty/wK.svg").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(
        why.ends_with("the sets are cburnett, merida, fantasy, spatial, celtic, eyes, skulls"),
        "{why}"
    );
    // The page offers every shipped set, and nothing else.
    let offered: Vec<&str> = html
        .split(r#"<select id="pieces">"#)
        .nth(1)
        .and_then(|rest| rest.split("</select>").next())
        .unwrap()
        .split(r#"<option value=""#)
        .skip(1)
        .map(|option| option.split('"').next().unwrap())
        .collect();
    assert_eq!(offered, fenkit_diagrams::PieceSet::NAMES);
}

#[tokio::test]
async fn check_by_post_takes_many_records_and_refuses_too_many() {
    let text = format!("{START}\n\n{SHORT}\r\n8/8/8/8/8/8/8/K6k w - - bm Kb1;\n");
    let response = send(Request::post("/api/check").body(Body::from(text)).unwrap()).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body = json(response).await;
    let lines: Vec<u64> = body
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [1, 3, 4]);
    assert_eq!(body[2]["valid"], true);
    let many = format!("{START}\n").repeat(10_001);
    let response = send(Request::post("/api/check").body(Body::from(many)).unwrap()).await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let huge = vec![b'x'; fen_server::MAX_BODY + 1];
    let response = send(Request::post("/api/check").body(Body::from(huge)).unwrap()).await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    // Bytes that are not UTF-8 are a diagnostic of their record, and the
    // other records are still checked.
    let mixed = [START.as_bytes(), b"\n\xffk7/8/8/8/8/8/8/7K w - - 0 1\n"].concat();
    let response = send(Request::post("/api/check").body(Body::from(mixed)).unwrap()).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body = json(response).await;
    assert_eq!(body[0]["valid"], true);
    assert_eq!(body[1]["line"], 2);
    assert_eq!(body[1]["errors"][0]["code"], "invalid-utf8");
    assert_eq!(body[1]["errors"][0]["column"], 1);
}

#[tokio::test]
async fn strictness_chooses_which_classes_invalidate() {
    // Perft position 4: played from by every engine, reached by no game.
    let perft4 = encode("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1");
    let response = get(&format!("/api/check?fen={perft4}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body = json(response).await;
    assert_eq!(body[0]["valid"], true);
    assert_eq!(body[0]["errors"][0]["severity"], "warning");
    assert_eq!(body[0]["errors"][0]["class"], "unreachable");
    // Every word of the library's table, aliases too, as the library
    // reads it (and so as the command, SQL and Python read it).
    use fenkit::OptionWord;
    for choice in fenkit::Strictness::CHOICES {
        let read = fenkit::ReadOptions::default().with_strictness(choice.value);
        let valid = read.check(perft4.replace("%20", " ").as_bytes()).is_valid();
        for word in std::iter::once(&choice.word).chain(choice.aliases) {
            let uri = format!("/api/check?fen={perft4}&strictness={word}");
            let response = get(&uri).await;
            let status = [StatusCode::BAD_REQUEST, StatusCode::OK][valid as usize];
            assert_eq!(response.status(), status, "{word}");
            assert_eq!(json(response).await[0]["valid"], valid, "{word}");
        }
    }
    let request = Request::post("/api/check?strictness=reachable")
        .body(Body::from(perft4.replace("%20", " ")));
    let response = send(request.unwrap()).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let (status, error) = refusal(&format!("/api/check?fen={perft4}&strictness=loose")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error.contains("playable, reachable, plausible"), "{error}");
    let body = json(get(&format!("/api/play?fen={perft4}&moves=c4c5")).await).await;
    assert_eq!(
        body["fens"][0],
        "r3k2r/Pppp1ppp/1b3nbN/nPP5/BB2P3/q4N2/Pp1P2PP/R2Q1RK1 b kq - 0 1"
    );
}

#[tokio::test]
async fn every_refusal_has_one_json_shape_and_unknown_parameters_are_refused() {
    // Unknown routes and methods, a misspelt parameter, a bad record.
    let fen = encode(START);
    for (request, status) in [
        (Request::get("/no/such/page"), StatusCode::NOT_FOUND),
        (
            Request::delete("/api/check"),
            StatusCode::METHOD_NOT_ALLOWED,
        ),
        (
            Request::get(format!("/api/check?fen={fen}&lenent=1")),
            StatusCode::BAD_REQUEST,
        ),
        (
            Request::get(format!("/api/play?fen={fen}&moves=e4&foo=1")),
            StatusCode::BAD_REQUEST,
        ),
        (
            Request::get(format!("/api/opening?fen={fen}&foo=1")),
            StatusCode::BAD_REQUEST,
        ),
        (
            Request::get(format!("/board.svg?fen={fen}&sise=20")),
            StatusCode::BAD_REQUEST,
        ),
        (
            Request::get(format!("/api/play?fen={}&moves=e4", encode(SHORT))),
            StatusCode::BAD_REQUEST,
        ),
    ] {
        let response = send(request.body(Body::empty()).unwrap()).await;
        assert_eq!(response.status(), status);
        let body = json(response).await;
        assert_eq!(body["status"], status.as_u16(), "{body}");
        assert!(
            body["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{body}"
        );
    }
    let (_, error) = refusal(&format!("/api/check?fen={fen}&lenent=1")).await;
    assert!(
        error.starts_with("lenent: is not a parameter here"),
        "{error}"
    );
    let huge = vec![b'x'; fen_server::MAX_BODY + 1];
    let response = send(Request::post("/api/check").body(Body::from(huge)).unwrap()).await;
    assert_eq!(json(response).await["status"], 413);
}

#[tokio::test]
async fn play_tells_a_malformed_record_from_an_illegal_one() {
    let malformed = json(get(&format!("/api/play?fen={}&moves=e4", encode(SHORT))).await).await;
    assert_eq!(malformed["error"], "the FEN is malformed");
    assert_eq!(malformed["problems"][0]["code"], "rank-too-short");
    assert_eq!(malformed["problems"][0]["column"], 36);
    let no_king = encode("8/8/8/8/8/8/8/K7 w - - 0 1");
    let illegal = json(get(&format!("/api/play?fen={no_king}&moves=Kb1")).await).await;
    assert_eq!(
        illegal["error"],
        "the FEN is not a position a game can be played from"
    );
    assert_eq!(illegal["problems"][0]["code"], "missing-king");
    assert_eq!(illegal["problems"][0]["class"], "illegal");
}

#[tokio::test]
async fn check_takes_options_and_json_bodies() {
    // Lenient reading repairs a pasted URL; status=always keeps 200 for an
    // invalid record, which says so in `valid`.
    let url = "https://lichess.org/analysis/4k3/8/8/8/8/8/8/4K3_w_-_-_0_1";
    let body = json(get(&format!("/api/check?fen={url}&lenient=true")).await).await;
    assert_eq!(body[0]["valid"], true, "{body}");
    assert_eq!(body[0]["errors"][0]["code"], "wrapped-record");
    let response = get(&format!("/api/check?fen={}&status=always", encode(SHORT))).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(json(response).await[0]["valid"], false);
    let chess960 = encode("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
    let body = json(get(&format!("/api/check?fen={chess960}&chess960=true")).await).await;
    assert_eq!(body[0]["valid"], true, "{body}");
    let fens = serde_json::json!({ "fens": [START, SHORT] }).to_string();
    let request = Request::post("/api/check")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(fens));
    let response = send(request.unwrap()).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body = json(response).await;
    assert_eq!(
        (body[0]["valid"].clone(), body[1]["line"].clone()),
        (true.into(), 2.into())
    );
    let request = Request::post("/api/check")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("[1, 2]"));
    let response = send(request.unwrap()).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(
        json(response).await["error"]
            .as_str()
            .unwrap()
            .contains("\"fens\"")
    );
}

#[tokio::test]
async fn check_by_post_cuts_records_as_the_command_does() {
    // The classic exercise's flattened input: two records on one line, each
    // with its own column; a legality problem names its square.
    let text = format!("{START} {SHORT}\n4k3/8/8/8/8/8/8/4K2P w - - 0 1\n");
    let response = send(Request::post("/api/check").body(Body::from(text)).unwrap()).await;
    let body = json(response).await;
    let places: Vec<(u64, u64)> = body
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["line"].as_u64().unwrap(), r["column"].as_u64().unwrap()))
        .collect();
    assert_eq!(places, [(1, 1), (1, START.len() as u64 + 2), (2, 1)]);
    assert_eq!(body[0]["valid"], true);
    assert_eq!(body[1]["errors"][0]["code"], "rank-too-short");
    assert_eq!(body[2]["errors"][0]["code"], "pawn-on-back-rank");
    assert_eq!(body[2]["errors"][0]["square"], "h1");
}

#[tokio::test]
async fn boards_by_url_with_cache_headers() {
    let uri = format!(
        "/board.svg?fen={}&orientation=black&lastMove=e2e4&arrows=Ge2e4&marks=Rxd5&size=300&coordinates=inside&theme=blue",
        encode(START)
    );
    let response = get(&uri).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/svg+xml");
    let tag = response.headers()[header::ETAG].clone();
    assert!(tag.to_str().unwrap().starts_with('"'), "{tag:?}");
    assert!(
        response.headers()[header::CACHE_CONTROL]
            .to_str()
            .unwrap()
            .contains("immutable")
    );
    let svg = String::from_utf8(bytes(response).await).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains(r#"width="300""#));
    assert_eq!(svg.matches(r#"class="arrow""#).count(), 1);
    // The same query again, with its tag: not modified.
    let again = send(
        Request::get(&uri)
            .header(header::IF_NONE_MATCH, &tag)
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(again.headers()[header::ETAG], tag);
    assert!(bytes(again).await.is_empty());

    let response = get(&format!("/board.png?fen={}&size=64", encode(START))).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/png");
    assert!(bytes(response).await.starts_with(b"\x89PNG"));
}

#[tokio::test]
async fn images_come_in_the_set_asked_for_and_say_their_position_in_words() {
    let lone_kings = encode("8/8/8/8/8/8/8/K6k w - - 0 1");
    let mut drawn = Vec::new();
    for set in ["cburnett", "merida"] {
        let response = get(&format!("/board.png?fen={lone_kings}&size=64&pieces={set}")).await;
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(
            response.headers()["content-description"],
            "White: King on a1. Black: King on h1. White to move."
        );
        drawn.push(bytes(response).await);
    }
    assert_ne!(drawn[0], drawn[1], "merida's kings are not cburnett's");
    let response = get(&format!("/board.svg?fen={lone_kings}&pieces=merida")).await;
    let svg = String::from_utf8(bytes(response).await.to_vec()).unwrap();
    assert!(
        svg.contains("<title>Chess position, White to move</title>"),
        "{svg}"
    );
    assert!(svg.contains("<desc>White: King on a1. Black: King on h1. White to move.</desc>"));
}

#[tokio::test]
async fn bad_board_queries_are_400_with_the_reason() {
    for (query, expected) in [
        (
            format!("fen={}&size=4000", encode(START)),
            "size: 4000 is not within 16 to 2048",
        ),
        (
            format!("fen={}&size=x", encode(START)),
            "size: 'x' is not a number",
        ),
        (
            format!("fen={}&arrows=e2e9", encode(START)),
            "arrows: 'e9' in the arrow is not a square (a1 to h8)",
        ),
        (
            format!("fen={}&bogus=1", encode(START)),
            "bogus: is not a parameter here; the parameters are fen, variant, pgn, ply, size, orientation, flip, coordinates, theme, colors, pieces, check, lastMove, arrows, marks, caption",
        ),
        (
            format!("fen={}&pieces=staunty", encode(START)),
            "pieces: 'staunty' is not a piece set; the sets are cburnett, merida, fantasy, spatial, celtic, eyes, skulls",
        ),
        ("size=100".to_string(), "the parameter 'fen' is missing"),
    ] {
        for kind in ["svg", "png"] {
            assert_eq!(
                refusal(&format!("/board.{kind}?{query}")).await,
                (StatusCode::BAD_REQUEST, expected.to_string()),
                "{query}"
            );
        }
    }
    let response = get(&format!("/board.svg?fen={}", encode(SHORT))).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body = json(response).await;
    // Problems in the shape of /api/check's.
    assert_eq!(body["problems"][0]["code"], "rank-too-short");
    assert_eq!(body["problems"][0]["column"], 36);
}

#[tokio::test]
async fn boards_of_a_games_ply_with_its_arrows() {
    let game = "[Event \"x\"]\n\n1. e4 { [%cal Gg1f3,Rd1h5] [%csl Yf7] } e5 2. Nf3 *";
    let svg_of = |query: String| async move {
        let response = get(&format!("/board.svg?{query}")).await;
        assert_eq!(response.status(), StatusCode::OK, "{query}");
        String::from_utf8(bytes(response).await).unwrap()
    };
    // Ply 1: after 1. e4, its move marked, its two arrows and circle drawn.
    let first = svg_of(format!("pgn={}&ply=1", encode(game))).await;
    assert_eq!(first.matches(r#"class="arrow""#).count(), 2);
    assert_eq!(first.matches(r#"class="circle""#).count(), 1);
    assert_eq!(first.matches(r#"class="last-move""#).count(), 2);
    // The same as the FEN after 1. e4 with the same marks given by hand.
    let by_hand = svg_of(format!(
        "fen={}&lastMove=e2e4&arrows=Gg1f3,Rd1h5&marks=Yf7",
        encode("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    ))
    .await;
    assert_eq!(first, by_hand);
    // No ply: the game's last; no arrows there.
    let last = svg_of(format!("pgn={}", encode(game))).await;
    assert_eq!(last.matches(r#"class="arrow""#).count(), 0);
    let png = get(&format!("/board.png?pgn={}&ply=0&size=64", encode(game))).await;
    assert!(bytes(png).await.starts_with(b"\x89PNG"));

    for (query, expected) in [
        (
            format!("pgn={}&ply=9", encode(game)),
            "pgn: the game has 3 plies",
        ),
        (
            format!("pgn={}&ply=3", encode("1. e4 e5 2. Ke3 Nc6 *")),
            "pgn: move 2. Ke3: no white king can reach e3",
        ),
        (
            format!("pgn={}&ply=x", encode(game)),
            "ply: 'x' is not a ply number",
        ),
        (
            format!("pgn={}&fen={}", encode(game), encode(START)),
            "pgn: a diagram is of a FEN or of a game, not both",
        ),
        (
            format!("fen={}&ply=1", encode(START)),
            "ply: is a ply of the game given as 'pgn'",
        ),
    ] {
        assert_eq!(
            refusal(&format!("/board.svg?{query}")).await,
            (StatusCode::BAD_REQUEST, expected.to_string()),
            "{query}"
        );
    }
}

#[tokio::test]
async fn play_and_opening() {
    let body = json(get("/api/play?moves=e4,c5,Nf3").await).await;
    assert_eq!(
        body["fens"],
        serde_json::json!([
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2",
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
        ])
    );
    let response = get("/api/play?moves=e4,d5,Nbd2").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body = json(response).await;
    assert_eq!(body["move"], 3);
    assert_eq!(body["code"], "illegal-move");
    assert_eq!(body["error"], "Nbd2: d2 holds a white pawn");
    assert!(
        body["legal"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m == "exd5")
    );

    // A record whose only problem is a warning (a halfmove clock beyond the
    // plies played) is played from, as `fen play` plays it.
    let warned = "4k3/8/8/8/8/8/8/4K2R w K - 20 1";
    let body = json(get(&format!("/api/play?fen={}&moves=O-O", encode(warned))).await).await;
    assert_eq!(body["fens"][0], "4k3/8/8/8/8/8/8/5RK1 b - - 21 1");

    let ruy = "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3";
    let body = json(get(&format!("/api/opening?fen={}", encode(ruy))).await).await;
    assert_eq!(
        (body["eco"].as_str(), body["name"].as_str()),
        (Some("C60"), Some("Ruy Lopez"))
    );
    let body = json(get(&format!("/api/opening?fen={}", encode(START))).await).await;
    assert!(body["eco"].is_null());
    let response = get(&format!("/api/opening?fen={}", encode(SHORT))).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_variant_is_read_checked_played_and_drawn_as_the_query_names_it() {
    let pocket = encode("rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3");
    // Standard chess has no pocket; Crazyhouse reads it, by any of its names.
    let standard = json(get(&format!("/api/check?fen={pocket}&status=always")).await).await;
    assert_eq!(standard[0]["valid"], false, "{standard}");
    for name in ["crazyhouse", "zh", "Crazyhouse"] {
        let body = json(get(&format!("/api/check?fen={pocket}&variant={name}")).await).await;
        assert_eq!(body[0]["valid"], true, "{name}: {body}");
    }
    let (status, error) = refusal(&format!("/api/check?fen={pocket}&variant=bughouse")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        error.contains("bughouse") && error.contains("crazyhouse"),
        "{error}"
    );
    // A drop is played, its pawn from the pocket; a drop without one is
    // refused with the reason.
    let body = json(
        get(&format!(
            "/api/play?fen={pocket}&variant=crazyhouse&moves=P@e6"
        ))
        .await,
    )
    .await;
    assert_eq!(
        body["fens"][0],
        "rnb1kbnr/ppp1pppp/4P3/3q4/8/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 1 3"
    );
    let no_queen = format!("/api/play?fen={pocket}&variant=crazyhouse&moves=Q@e6");
    let (status, error) = refusal(&no_queen).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(error, "Q@e6: White has no queen in the pocket");
    let atomic = json(get("/api/play?variant=atomic&moves=Nf3,a6,Ne5,a5,Nxf7").await).await;
    assert_eq!(
        atomic["fens"][4],
        "rnbq3r/1pppp1pp/8/p7/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 3"
    );
    // The diagram holds the pockets above and below the board.
    let response = get(&format!(
        "/board.svg?fen={pocket}&variant=crazyhouse&coordinates=none"
    ))
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let svg = String::from_utf8(bytes(response).await).unwrap();
    assert!(
        svg.contains(r#"width="400" height="500""#),
        "{}",
        &svg[..200]
    );
    // A game says its variant itself.
    let game = encode("[Variant \"Atomic\"]\n\n1. Nf3 a6 *");
    let (status, error) = refusal(&format!("/board.svg?pgn={game}&variant=atomic")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error.starts_with("variant: a game's variant"), "{error}");
}

/// A PDF's boards, page by page, each with its caption's side and id;
/// a PDF that is none said so, pages named that it has not.
#[tokio::test]
async fn scan_reads_a_pdf_s_boards_with_their_captions() {
    let cell = |fen: &str, label: &str| fenkit_diagrams::Cell {
        setup: fenkit::parse(fen.as_bytes()).unwrap().setup,
        label: label.into(),
        problems: vec![],
    };
    let cells = [
        cell(
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 2 3",
            "BK.01",
        ),
        cell("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "2"),
    ];
    // fen sheet's look: coordinates inside the edge squares.
    let look =
        fenkit_diagrams::Diagram::default().with_coordinates(fenkit_diagrams::Coordinates::Inside);
    let sheet = fenkit_diagrams::Sheet::new(4).unwrap().with_diagram(look);
    let mut pdf = fenkit_diagrams::Pdf::HEADER.to_vec();
    let mut writer = fenkit_diagrams::Pdf::new("sheet");
    pdf.extend(writer.page(&sheet.layout(&cells, 1)).unwrap());
    pdf.extend(writer.finish().unwrap());
    let post = |uri: &str, body: Vec<u8>| Request::post(uri).body(Body::from(body)).unwrap();
    let response = send(post("/api/scan", pdf.clone())).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body = json(response).await;
    let boards = body.as_array().expect("a list of readings");
    assert_eq!(boards.len(), 2, "{body}");
    assert_eq!(boards[0]["source"], "body#page=1");
    assert_eq!(
        boards[0]["fen"],
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 0 1"
    );
    assert_eq!(boards[0]["caption"]["id"], "BK.01");
    assert_eq!(boards[1]["caption"]["text"], "2. White to play");
    assert_eq!(boards[1]["caption"]["side"], "w");
    let response = send(post("/api/scan?pages=2", pdf.clone())).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(json(response).await, serde_json::json!([]));
    let response = send(post("/api/scan?pages=2-1", pdf.clone())).await;
    assert!(
        json(response).await["error"]
            .as_str()
            .unwrap()
            .starts_with("pages: ")
    );
    let response = send(post("/api/scan", pdf[..200].to_vec())).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let error = json(response).await["error"].as_str().unwrap().to_string();
    assert!(error.starts_with("pdf-not-read: a broken PDF"), "{error}");
}

#[tokio::test]
async fn scan_reads_a_picture_and_refuses_what_is_none() {
    let fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    let setup = fenkit::parse(fen.as_bytes()).unwrap().setup;
    let picture =
        fenkit_diagrams::png(&setup, &fenkit_diagrams::Diagram::default().with_size(320)).unwrap();
    let post = |uri: &str, body: Vec<u8>| Request::post(uri).body(Body::from(body)).unwrap();
    let response = send(post("/api/scan?side=b&castling=Kk", picture.clone())).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body = json(response).await;
    assert_eq!(
        body["fen"],
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b Kk - 0 1"
    );
    assert_eq!(body["squares"].as_array().unwrap().len(), 64);
    assert_eq!(body["squares"][0]["square"], "a8");
    assert_eq!(body["squares"][0]["piece"], "r");
    // Only the en passant square was left to assume.
    assert_eq!(body["assumptions"].as_array().unwrap().len(), 1);
    assert_eq!(body["assumptions"][0]["field"], "en_passant");
    let response = send(post("/api/scan", b"8/8/8/8/8/8/8/K6k w - - 0 1".to_vec())).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(
        json(response).await["error"]
            .as_str()
            .unwrap()
            .starts_with("not-a-picture: ")
    );
    let response = send(post("/api/scan", picture[..picture.len() / 3].to_vec())).await;
    assert!(
        json(response).await["error"]
            .as_str()
            .unwrap()
            .starts_with("broken-picture: ")
    );
    let response = send(post("/api/scan?ep=e4", picture.clone())).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(
        json(response).await["error"]
            .as_str()
            .unwrap()
            .starts_with("ep: ")
    );
    let response = send(post("/api/scan?novel=1", picture.clone())).await;
    assert!(
        json(response).await["error"]
            .as_str()
            .unwrap()
            .contains("novel: is not a parameter here")
    );
    // Two boards side by side: refused where one is asked for, both read,
    // left to right, with all=true.
    let board = image::load_from_memory(&picture).unwrap().to_rgb8();
    let mut two = image::RgbImage::from_pixel(720, 360, image::Rgb([255, 255, 255]));
    image::imageops::overlay(&mut two, &board, 20, 20);
    image::imageops::overlay(&mut two, &board, 380, 20);
    let mut two_png = Vec::new();
    two.write_to(
        &mut std::io::Cursor::new(&mut two_png),
        image::ImageFormat::Png,
    )
    .unwrap();
    let response = send(post("/api/scan", two_png.clone())).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(
        json(response).await["error"]
            .as_str()
            .unwrap()
            .starts_with("several-boards: 2 boards")
    );
    let response = send(post("/api/scan?all=true", two_png)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let boards = json(response).await;
    let read: Vec<&str> = (boards.as_array().unwrap().iter())
        .map(|board| board["placement"].as_str().unwrap())
        .collect();
    assert_eq!(read, [fen.split(' ').next().unwrap(); 2]);
    // A picture may be larger than a list of records, up to its own cap.
    let huge = vec![0u8; fen_server::MAX_PICTURE + 1];
    let response = send(post("/api/scan", huge)).await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert!(
        json(response).await["error"]
            .as_str()
            .unwrap()
            .contains("picture is larger")
    );
}
