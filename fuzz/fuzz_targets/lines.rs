//! The command's whole line reader on arbitrary bytes: lines, records in
//! lines (FEN, EPD, a CSV column, a JSON key, PGN tags), strict or lenient
//! reading, `fen check --format json`. No panic; one JSON object per record
//! in line order; one thread and two give the same bytes.
#![no_main]

use fen_cli::{
    commands::check::Check,
    extract::Extract,
    options::ReportFormat,
    output::Output,
    progress::{Progress, When},
    run::{Input, MAX_LINE, MAX_ROW, Reading, Status, read_all, read_all_parallel},
};
use fenkit::ReadOptions;
use libfuzzer_sys::fuzz_target;

fn extract(mode: u8) -> Extract {
    match mode % 6 {
        0 => Extract::Records(fenkit::Format::Auto),
        1 => Extract::Records(fenkit::Format::Fen),
        2 => Extract::Records(fenkit::Format::Epd),
        3 => Extract::Column {
            index: usize::from(mode / 6 % 3),
            delimiter: b',',
        },
        4 => Extract::Json { key: "fen".into() },
        _ => Extract::PgnTag,
    }
}

fuzz_target!(|input: &[u8]| {
    let Some((&mode, bytes)) = input.split_first() else {
        return;
    };
    let extract = extract(mode);
    let read = ReadOptions::default().with_lenient(mode & 0x80 != 0);
    let header = mode & 0x40 != 0;
    let mut progress = Progress::new(When::Never, None);

    let mut job = Check::new(read, ReportFormat::Json);
    let mut one = Output::memory();
    // Short records, so that the limits are met too.
    let max_record = 16 + usize::from(mode & 0x3f) * MAX_LINE / 64;
    let max_line = if extract.is_table() {
        MAX_ROW
    } else {
        max_record
    };
    let input = Input {
        extract: &extract,
        header,
        source: "fuzz",
        max_line,
        max_record,
    };
    let reading = Reading {
        input,
        progress: &mut progress,
    };
    let status = read_all(&mut job, reading, bytes, &mut one).expect("memory does not fail");
    assert!(status <= Status::BadRecords);

    let mut job = Check::new(read, ReportFormat::Json);
    let mut two = Output::memory();
    let reading = Reading {
        input,
        progress: &mut progress,
    };
    let status_two =
        read_all_parallel(&mut job, 2, reading, bytes, &mut two).expect("memory does not fail");
    assert_eq!(status, status_two);

    let one_out = one.take().out;
    let two_out = two.take().out;
    assert_eq!(one_out, two_out);
    let mut last_line = 0;
    for line in one_out.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        let object: serde_json::Value = serde_json::from_slice(line).expect("JSON");
        let number = object["line"].as_u64().expect("a line number");
        assert!(number >= last_line);
        last_line = number;
    }
});
