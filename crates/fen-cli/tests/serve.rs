//! `fen serve` as a process: it names its port, answers, and on SIGTERM
//! lets the request in progress finish, then exits 0.

use std::{
    io::{BufRead, BufReader, Read, Write},
    net::TcpStream,
    process::{Command, Stdio},
    time::{Duration, Instant},
};

#[test]
fn sigterm_lets_the_request_in_progress_finish() {
    let mut server = Command::new(env!("CARGO_BIN_EXE_fen"))
        .args(["serve", "--bind", "127.0.0.1:0"])
        .stderr(Stdio::piped())
        .spawn()
        .expect("fen serve starts");
    let mut said = BufReader::new(server.stderr.take().unwrap());
    let mut first = String::new();
    said.read_line(&mut first).unwrap();
    let address = first
        .trim()
        .strip_prefix("fen serve: listening on http://")
        .unwrap_or_else(|| panic!("{first}"))
        .to_string();

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
    std::thread::sleep(Duration::from_millis(200));
    let killed = Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    std::thread::sleep(Duration::from_millis(200));
    client.write_all(&record.as_bytes()[10..]).unwrap();
    let mut answer = String::new();
    client.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200 "), "{answer}");
    assert!(answer.contains(r#""valid":true"#), "{answer}");

    let deadline = Instant::now() + Duration::from_secs(10);
    let status = loop {
        if let Some(status) = server.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "fen serve did not stop");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status}");
    let mut rest = String::new();
    said.read_to_string(&mut rest).unwrap();
    let lines: Vec<&str> = rest.lines().collect();
    assert_eq!(lines.len(), 3, "{rest}");
    assert_eq!(
        lines[0],
        "fen serve: stopping; requests in progress may finish"
    );
    assert!(
        lines[1].starts_with("method=POST path=/api/check status=200 micros="),
        "{rest}"
    );
    assert_eq!(lines[2], "fen serve: stopped");
    // Nothing listens any more.
    assert!(TcpStream::connect(&address).is_err());
}
