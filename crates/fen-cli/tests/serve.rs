//! `fen serve` as a process: it names its port, answers, and on SIGTERM
//! lets the request in progress finish, then exits 0.

mod common;

use std::{
    io::{BufRead, Read, Write},
    net::TcpStream,
    process::Command,
    time::{Duration, Instant},
};

use common::{get, serve};

/// The service's answer for a record is the object `fen check --format
/// json` writes for it, for good, bad and repaired records.
#[test]
fn the_service_answers_each_record_as_the_command_does() {
    let (_server, _said, address) = serve();
    let records = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
    ];
    for (record, lenient) in records.iter().flat_map(|r| [(r, false), (r, true)]) {
        let query = format!(
            "/api/check?fen={}&lenient={lenient}",
            record.replace(' ', "%20")
        );
        let service: serde_json::Value = serde_json::from_str(&get(&address, &query)).unwrap();
        let mut args = vec!["check", "--format", "json", "--fen", record];
        if lenient {
            args.push("--lenient");
        }
        let output = Command::new(env!("CARGO_BIN_EXE_fen"))
            .args(&args)
            .output()
            .unwrap();
        let mut command: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        // Where the record came from: the query's parameter, the argument.
        assert_eq!(service[0]["source"], "fen");
        command["source"] = "fen".into();
        assert_eq!(service[0], command, "{record} lenient={lenient}");
    }
}

#[test]
fn sigterm_lets_the_request_in_progress_finish() {
    let (mut server, mut said, address) = serve();
    let pid = server.0.id();

    // A request whose body is half sent when the signal comes.
    let record = "8/8/8/8/8/8/8/K6k w - - 0 1\n";
    let mut client = TcpStream::connect(&address).unwrap();
    write!(
        client,
        "POST /api/check HTTP/1.1\r\nHost: t\r\nContent-Length: {}\r\n\r\n{}",
        record.len(),
        &record[..10]
    )
    .unwrap();
    // Accepted in the order they came: once a later connection is
    // answered, the server holds the half-sent one.
    let mut later = TcpStream::connect(&address).unwrap();
    later
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut health = String::new();
    later.read_to_string(&mut health).unwrap();
    assert!(health.starts_with("HTTP/1.1 200 "), "{health}");
    let killed = Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    // The signal is taken when the server says so (after the log line
    // of the health check).
    let stopping = "fen serve: stopping; requests in progress may finish";
    let mut line = String::new();
    while line.trim_end() != stopping {
        line.clear();
        assert!(said.read_line(&mut line).unwrap() > 0, "no '{stopping}'");
    }
    client.write_all(&record.as_bytes()[10..]).unwrap();
    let mut answer = String::new();
    client.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200 "), "{answer}");
    assert!(answer.contains(r#""valid":true"#), "{answer}");

    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = server.0.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "fen serve did not stop");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status}");
    let mut rest = String::new();
    said.read_to_string(&mut rest).unwrap();
    let lines: Vec<&str> = rest.lines().collect();
    assert_eq!(lines.len(), 2, "{rest}");
    assert!(
        lines[0].starts_with("method=POST path=/api/check status=200 micros="),
        "{rest}"
    );
    assert_eq!(lines[1], "fen serve: stopped");
    // Nothing listens any more.
    assert!(TcpStream::connect(&address).is_err());
}
