//! Every compression, made here by its encoder, reads back to the same
//! text, whatever the file is called; two streams one after the other
//! read as one text.

use std::io::{Read, Write};

use fenkit_io::{Compression, decompress};

const TEXT: &[u8] = b"PuzzleId,FEN\nab,4k3/8/8/8/8/8/8/4K3 w - - 0 1\n";

fn compressed(how: Compression, text: &[u8]) -> Vec<u8> {
    match how {
        Compression::None => text.to_vec(),
        Compression::Gzip => {
            let mut w = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            w.write_all(text).unwrap();
            w.finish().unwrap()
        }
        Compression::Zstd => zstd::encode_all(text, 3).unwrap(),
        Compression::Bzip2 => {
            let mut w = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
            w.write_all(text).unwrap();
            w.finish().unwrap()
        }
        Compression::Xz => {
            let mut w = liblzma::write::XzEncoder::new(Vec::new(), 1);
            w.write_all(text).unwrap();
            w.finish().unwrap()
        }
    }
}

#[test]
fn every_compression_reads_back_and_concatenated_streams_read_whole() {
    for how in [
        Compression::None,
        Compression::Gzip,
        Compression::Zstd,
        Compression::Bzip2,
        Compression::Xz,
    ] {
        let mut twice = compressed(how, TEXT);
        twice.extend(compressed(how, TEXT));
        let (mut input, found) = decompress(&twice[..]).unwrap();
        assert_eq!(found, how);
        let mut text = Vec::new();
        input.read_to_end(&mut text).unwrap();
        assert_eq!(text, [TEXT, TEXT].concat(), "{how}");
    }
}

#[test]
fn a_file_is_read_by_its_bytes_not_its_name() {
    let dir = std::env::temp_dir().join(format!("fenkit-io-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("puzzles.csv"); // zstd inside, whatever the name says
    std::fs::write(&path, compressed(Compression::Zstd, TEXT)).unwrap();
    let (mut input, how) = fenkit_io::open(&path).unwrap();
    let mut text = Vec::new();
    input.read_to_end(&mut text).unwrap();
    assert_eq!((text.as_slice(), how), (TEXT, Compression::Zstd));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_truncated_stream_is_an_error_not_silence() {
    let whole = compressed(Compression::Gzip, &TEXT.repeat(100));
    let (mut input, _) = decompress(&whole[..whole.len() / 2]).unwrap();
    let mut text = Vec::new();
    assert!(input.read_to_end(&mut text).is_err());
}
