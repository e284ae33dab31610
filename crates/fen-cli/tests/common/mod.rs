//! Running the `fen` binary from integration tests.
#![allow(dead_code)] // Each test file uses its own part.

use std::{
    io::Write,
    process::{Child, Command, Output, Stdio},
    thread,
};

/// The `fen` binary with `args`.
pub fn fen(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fen"));
    command.args(args);
    command
}

/// Starts `command` with its three standard streams piped to the test.
pub fn piped(command: &mut Command) -> Child {
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("fen runs")
}

/// Runs fen with `input` written to its standard input from another thread.
pub fn run(args: &[&str], input: Vec<u8>) -> Output {
    finish(piped(&mut fen(args)), input)
}

/// Writes `input` to `child`'s standard input from another thread, and
/// waits for it to end.
pub fn finish(mut child: Child, input: Vec<u8>) -> Output {
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("fen finishes");
    writer
        .join()
        .expect("the writer ends")
        .expect("input written");
    output
}
