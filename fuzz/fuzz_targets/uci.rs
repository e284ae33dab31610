//! What an engine or a GUI writes, read by fenkit's UCI client and guard:
//! `info` lines, perft divide and total lines, and `position` commands.
//! None panics; a move count read back from its own form is the same; a
//! `position` command accepted is written again as the client writes it
//! and reaches the same position; a refusal's column stands on the line.
#![no_main]

use fenkit::{ReadOptions, variants::Variant};
use fenkit_uci::{
    Info, position_command, read_divide_line, read_position_command, read_total_line,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let line = String::from_utf8_lossy(data);
    let line = line.lines().next().unwrap_or("");
    let _ = Info::read(line);
    let _ = read_total_line(line);
    if let Some((uci, count)) = read_divide_line(line) {
        assert_eq!(
            read_divide_line(&format!("{uci}: {count}")),
            Some((uci, count))
        );
    }
    for variant in [Variant::Chess, Variant::Crazyhouse] {
        let read = ReadOptions::default().with_variant(variant);
        match read_position_command(line, &read) {
            Ok(command) => {
                let again = position_command(&command.start, &command.moves, false);
                let read_again = read_position_command(&again, &read)
                    .unwrap_or_else(|problems| panic!("{again}: {problems:?}"));
                assert_eq!(read_again.position, command.position, "{again}");
            }
            Err(problems) => {
                assert!(!problems.is_empty());
                for problem in problems {
                    assert!(problem.column >= 1 && problem.column <= line.chars().count() + 1);
                }
            }
        }
    }
});
