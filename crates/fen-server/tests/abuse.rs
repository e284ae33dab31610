//! The real server on a loopback socket, under bad clients: requests that
//! are not HTTP, bodies past the limit, clients that send their headers or
//! their body too slowly. Each must get a 4xx or a closed connection, and
//! the server must go on answering everyone else, quickly.

use std::time::{Duration, Instant};

use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpListener, TcpStream},
};

/// The server on a free port of 127.0.0.1, stopped when the test ends.
async fn start() -> (std::net::SocketAddr, tokio::sync::oneshot::Sender<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(fen_server::serve_until(
        listener,
        false,
        Default::default(),
        async {
            let _ = stopped.await;
        },
    ));
    (address, stop)
}

/// Sends `request` whole and reads the answer until the server closes.
async fn exchange(address: std::net::SocketAddr, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(address).await.unwrap();
    stream.write_all(request).await.unwrap();
    read_all(&mut stream).await
}

async fn read_all(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    // A reset connection counts as closed.
    let _ = stream.read_to_end(&mut answer).await;
    String::from_utf8_lossy(&answer).into_owned()
}

/// A well-behaved request, with how long it took.
async fn healthy(address: std::net::SocketAddr) -> Duration {
    let started = Instant::now();
    let answer = exchange(
        address,
        b"GET /api/check?fen=8/8/8/8/8/8/8/K6k_w_-_-_0_1 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 200 "), "{answer}");
    assert!(answer.contains(r#""valid":true"#), "{answer}");
    started.elapsed()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_clients_get_4xx_and_the_others_are_still_answered() {
    let (address, _stop) = start().await;
    healthy(address).await;

    // Clients that stall: 200 sending half their headers, 50 half their
    // body. They hold connections, not the server.
    let mut stalled = Vec::new();
    for _ in 0..200 {
        let mut stream = TcpStream::connect(address).await.unwrap();
        stream
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\nX-Slow: ")
            .await
            .unwrap();
        stalled.push(("headers", stream));
    }
    for _ in 0..50 {
        let mut stream = TcpStream::connect(address).await.unwrap();
        stream
            .write_all(
                b"POST /api/check HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\n8/8/8/8/",
            )
            .await
            .unwrap();
        stalled.push(("body", stream));
    }
    let started = Instant::now();

    // Not HTTP at all, and broken HTTP: 400, or the connection closed.
    for garbage in [
        &b"\x00\x01\x02\xff\xfe garbage\r\n\r\n"[..],
        b"GET / HTTP/9.9\r\n\r\n",
        b"GET /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: -5\r\n\r\n",
        b"GET /\xff\xfe HTTP/1.1\r\nHost: t\r\n\r\n",
    ] {
        let answer = exchange(address, garbage).await;
        assert!(
            answer.is_empty() || answer.starts_with("HTTP/1.1 400 "),
            "{garbage:?}: {answer}"
        );
    }
    // Bad values in good requests: 400 with a JSON reason.
    for query in [
        "/board.svg?fen=%FF%FE",
        "/board.png?fen=x&size=999999999999",
        "/api/play?fen=startpos&moves=Ke2,Ke7,Kxe7",
        "/api/check?fen=",
    ] {
        let request = format!("GET {query} HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
        let answer = exchange(address, request.as_bytes()).await;
        assert!(answer.starts_with("HTTP/1.1 400 "), "{query}: {answer}");
        assert!(answer.contains("application/json"), "{query}: {answer}");
    }
    // A body past the limit is refused from its length, unread.
    let answer = exchange(
        address,
        b"POST /api/check HTTP/1.1\r\nHost: t\r\nContent-Length: 104857600\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 413 "), "{answer}");
    // Headers past the router's limit: the JSON problem shape.
    let mut large = b"GET /healthz HTTP/1.1\r\nHost: t\r\n".to_vec();
    for i in 0..300 {
        large.extend_from_slice(format!("X-Header-{i}: {}\r\n", "v".repeat(100)).as_bytes());
    }
    large.extend_from_slice(b"\r\n");
    let answer = exchange(address, &large).await;
    assert!(answer.starts_with("HTTP/1.1 431 "), "{answer}");
    assert!(
        answer.contains("\"status\":431") && answer.contains("headers take"),
        "{answer}"
    );
    // Headers past hyper's limit.
    let mut huge = b"GET /healthz HTTP/1.1\r\nHost: t\r\n".to_vec();
    for i in 0..2000 {
        huge.extend_from_slice(format!("X-Header-{i}: {}\r\n", "v".repeat(100)).as_bytes());
    }
    huge.extend_from_slice(b"\r\n");
    let answer = exchange(address, &huge).await;
    assert!(
        answer.is_empty()
            || answer.starts_with("HTTP/1.1 431 ")
            || answer.starts_with("HTTP/1.1 400 "),
        "{answer}"
    );

    // Meanwhile the others are answered at once.
    for _ in 0..20 {
        let took = healthy(address).await;
        assert!(took < Duration::from_secs(1), "{took:?}");
    }

    // The stalled clients are let go: a slow header gets its connection
    // closed after HEADER_TIMEOUT, a slow body a 408 after TIMEOUT.
    for (what, mut stream) in stalled {
        let answer = tokio::time::timeout(
            fen_server::TIMEOUT + Duration::from_secs(5),
            read_all(&mut stream),
        )
        .await
        .unwrap_or_else(|_| panic!("a client stalling in its {what} was never let go"));
        match what {
            "headers" => assert!(
                answer.is_empty() || answer.starts_with("HTTP/1.1 408 "),
                "{answer}"
            ),
            _ => assert!(answer.starts_with("HTTP/1.1 408 "), "{answer}"),
        }
    }
    assert!(started.elapsed() >= fen_server::HEADER_TIMEOUT);
    healthy(address).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_clients_at_once_are_all_answered() {
    let (address, _stop) = start().await;
    let clients: Vec<_> = (0..1000)
        .map(|_| tokio::spawn(async move { healthy(address).await }))
        .collect();
    for client in clients {
        let took = client.await.expect("the client finished");
        assert!(took < Duration::from_secs(10), "{took:?}");
    }
}
