//! Compressed input by magic bytes: gzip, zstd, bzip2 and xz streams are
//! read through their decoders, anything else as it is.

use std::{
    fmt,
    fs::File,
    io::{self, BufRead, BufReader, Read},
    path::Path,
};

/// How an input is compressed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Compression {
    None,
    Gzip,
    Zstd,
    Bzip2,
    Xz,
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Compression::None => "uncompressed",
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
            Compression::Bzip2 => "bzip2",
            Compression::Xz => "xz",
        })
    }
}

/// The compression whose magic bytes `head` starts with.
///
/// ```
/// use fenkit_io::{Compression, sniff};
///
/// assert_eq!(sniff(b"\x1f\x8b\x08\0"), Compression::Gzip);
/// assert_eq!(sniff(b"\x28\xb5\x2f\xfd"), Compression::Zstd);
/// assert_eq!(sniff(b"rnbqkbnr/"), Compression::None);
/// ```
pub fn sniff(head: &[u8]) -> Compression {
    if head.starts_with(b"\x1f\x8b") {
        Compression::Gzip
    } else if head.starts_with(b"\x28\xb5\x2f\xfd") {
        Compression::Zstd
    } else if head.starts_with(b"BZh") && head.get(3).is_some_and(|b| (b'1'..=b'9').contains(b)) {
        Compression::Bzip2
    } else if head.starts_with(b"\xfd7zXZ\0") {
        Compression::Xz
    } else {
        Compression::None
    }
}

/// `input`, decompressed when its first bytes say it is compressed, and
/// how it was: concatenated streams (as `cat a.gz b.gz` and pzstd make)
/// are read to their end.
///
/// ```
/// use std::io::{Read, Write};
///
/// let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
/// gz.write_all(b"8/8/8/8/8/8/8/8 w - - 0 1\n")?;
/// let compressed = gz.finish()?;
/// let (mut input, how) = fenkit_io::decompress(&compressed[..])?;
/// let mut text = String::new();
/// input.read_to_string(&mut text)?;
/// assert_eq!((text.as_str(), how), ("8/8/8/8/8/8/8/8 w - - 0 1\n", fenkit_io::Compression::Gzip));
///
/// // A byte-order mark at the start is no part of the text.
/// let (mut input, _) = fenkit_io::decompress(&b"\xEF\xBB\xBF[Event \"?\"]\n"[..])?;
/// let mut text = String::new();
/// input.read_to_string(&mut text)?;
/// assert_eq!(text, "[Event \"?\"]\n");
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn decompress<'a, R: Read + Send + 'a>(
    input: R,
) -> io::Result<(Box<dyn Read + Send + 'a>, Compression)> {
    let mut input = BufReader::with_capacity(1 << 16, input);
    let compression = sniff(input.fill_buf()?);
    let reader: Box<dyn Read + Send + 'a> = match compression {
        Compression::None => return Ok((Box::new(without_bom(input)?), compression)),
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(input)),
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(input)?),
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(input)),
        Compression::Xz => Box::new(liblzma::bufread::XzDecoder::new_multi_decoder(input)),
    };
    // Looked for at the first read, where a broken stream says so.
    let text = SkipBom {
        inner: BufReader::with_capacity(1 << 16, reader),
        checked: false,
    };
    Ok((Box::new(text), compression))
}

/// A decompressed stream without the byte-order mark it may start with.
struct SkipBom<R> {
    inner: BufReader<R>,
    checked: bool,
}

impl<R: Read> Read for SkipBom<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if !self.checked {
            self.checked = true;
            without_bom(&mut self.inner)?;
        }
        self.inner.read(buf)
    }
}

/// The text past a UTF-8 byte-order mark at its start, which tools on
/// Windows write before PGN and CSV files: it is no character of the first
/// record or tag.
fn without_bom<R: BufRead>(mut input: R) -> io::Result<R> {
    // (A mark split across the decoder's first outputs is not seen.)
    if input.fill_buf()?.starts_with(b"\xEF\xBB\xBF") {
        input.consume(3);
    }
    Ok(input)
}

/// Opens the file at `path`, decompressed when its first bytes say so.
pub fn open(path: &Path) -> io::Result<(Box<dyn Read + Send>, Compression)> {
    decompress(File::open(path)?)
}

/// What a file that is not text says it is by its first bytes (and what
/// readers of records should refuse whole, with one message, rather than
/// read as thousands of lines): archives, images, documents, programs,
/// databases, columnar files. `None` for anything else, text or not.
///
/// ```
/// assert_eq!(fenkit_io::binary_kind(b"PK\x03\x04rest"), Some("a ZIP archive"));
/// assert_eq!(fenkit_io::binary_kind(b"PAR1"), Some("a Parquet file"));
/// assert_eq!(fenkit_io::binary_kind(b"rnbqkbnr/pppppppp"), None);
/// ```
pub fn binary_kind(head: &[u8]) -> Option<&'static str> {
    const KINDS: [(&[u8], &str); 11] = [
        (b"PK\x03\x04", "a ZIP archive"),
        (b"\x89PNG\r\n\x1a\n", "a PNG image"),
        (b"\xff\xd8\xff", "a JPEG image"),
        (b"GIF8", "a GIF image"),
        (b"%PDF", "a PDF document"),
        (b"\x7fELF", "a program (ELF)"),
        (b"PAR1", "a Parquet file"),
        (b"SQLite format 3\0", "an SQLite database"),
        (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
        (b"Rar!\x1a\x07", "a RAR archive"),
        (b"ARROW1", "an Arrow IPC file"),
    ];
    KINDS
        .iter()
        .find(|(magic, _)| head.starts_with(magic))
        .map(|(_, kind)| *kind)
}
