//! Row-aligned output on arbitrary tables: `fen check --field N --output
//! csv` over any bytes. No panic; as many rows out as rows in (a header
//! and each line that is not blank), each starting with its input line
//! byte for byte; one thread and two give the same bytes.
#![no_main]

use fen_cli::{
    extract::Extract,
    output::Output,
    progress::{Progress, When},
    rows::{Column, RowFormat, Rows},
    run::{Input, MAX_ROW, Reading, Status, read_all, read_all_parallel},
};
use fenkit::{ReadOptions, WriteOptions};
use libfuzzer_sys::fuzz_target;

const COLUMNS: [Column; 6] = [
    Column::Valid,
    Column::Errors,
    Column::Fen,
    Column::Opening,
    Column::Status,
    Column::Board,
];

fuzz_target!(|input: &[u8]| {
    let Some((&mode, bytes)) = input.split_first() else {
        return;
    };
    let delimiter = if mode & 1 == 0 { b',' } else { b'\t' };
    let extract = Extract::Column {
        index: usize::from(mode >> 1 & 3),
        delimiter,
    };
    let header = mode & 0x10 != 0;
    let read = ReadOptions::default().with_lenient(mode & 0x20 != 0);
    let columns: Vec<Column> = COLUMNS
        .iter()
        .enumerate()
        .filter(|(i, _)| mode >> 2 & (1 << (i % 4)) != 0 || *i == 0)
        .map(|(_, c)| *c)
        .collect();
    let rows = || {
        Rows::new(
            read,
            WriteOptions::default(),
            columns.clone(),
            RowFormat::Csv,
            &extract,
            delimiter,
        )
        .expect("csv fits a table")
    };
    let input = Input {
        extract: &extract,
        header,
        source: "fuzz",
        max_line: MAX_ROW,
        max_record: 120,
    };
    let mut progress = Progress::new(When::Never, None);

    let mut one = Output::memory();
    let reading = Reading {
        input,
        progress: &mut progress,
    };
    let status = read_all(&mut rows(), reading, bytes, &mut one).expect("memory does not fail");
    assert!(status <= Status::BadRecords);
    let mut two = Output::memory();
    let reading = Reading {
        input,
        progress: &mut progress,
    };
    let status_two =
        read_all_parallel(&mut rows(), 2, reading, bytes, &mut two).expect("memory does not fail");
    assert_eq!(status, status_two);
    let one_out = one.take().out;
    assert_eq!(one_out, two.take().out);

    // The lines as the reader cuts them: at LF, without a CR before it;
    // none in empty input, one (empty) in a lone line break.
    let text = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let lines: Vec<&[u8]> = match bytes.is_empty() {
        true => Vec::new(),
        false => text
            .split(|&b| b == b'\n')
            .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
            .collect(),
    };
    let rows_in: Vec<&[u8]> = lines
        .iter()
        .enumerate()
        .filter(|(number, line)| {
            (header && *number == 0) || !line.iter().all(u8::is_ascii_whitespace)
        })
        .map(|(_, line)| *line)
        .collect();
    let out = one_out.strip_suffix(b"\n").unwrap_or(&one_out);
    let rows_out: Vec<&[u8]> = match out.is_empty() {
        true => Vec::new(),
        false => out.split(|&b| b == b'\n').collect(),
    };
    // A result may hold a line break only inside CSV quotes; none of
    // these columns writes one.
    assert_eq!(rows_in.len(), rows_out.len(), "rows in and out");
    for (row_in, row_out) in rows_in.iter().zip(&rows_out) {
        assert!(row_out.starts_with(row_in), "the row comes back as it was");
        assert_eq!(row_out.get(row_in.len()), Some(&delimiter));
    }
});
