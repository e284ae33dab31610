//! An engine's perft output. There is no UCI command for perft; engines
//! took Stockfish's `go perft N` and mostly its divide form, which is read
//! here with the other common ones:
//!
//! - a count per move: `e2e4: 20` (Stockfish), `e2e4 20`, `e2e4 - 20`,
//!   `e2e4: 20 nodes`;
//! - the total, which ends the output: `Nodes searched: 8902` (Stockfish),
//!   `Nodes: 8902`, `Total: 8902`, `Total nodes: 8902`, `Perft 3: 8902`.
//!
//! Any other line (`info string`, timings, a blank line) is read past.

/// The counts an engine gave under each move, and its total.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Divide {
    /// Each move as the engine wrote it (it may be no legal move at all:
    /// that is what a move generator being debugged says), with its count.
    pub moves: Vec<(String, u64)>,
    pub total: Option<u64>,
}

/// A move and its count, from a divide line.
///
/// ```
/// use fenkit_uci::read_divide_line;
///
/// assert_eq!(read_divide_line("e2e4: 20"), Some(("e2e4".into(), 20)));
/// assert_eq!(read_divide_line("a7a8q - 5 nodes"), Some(("a7a8q".into(), 5)));
/// assert_eq!(read_divide_line("Nodes searched: 20"), None);
/// ```
pub fn read_divide_line(line: &str) -> Option<(String, u64)> {
    let mut words = line
        .split(|c: char| c.is_ascii_whitespace() || c == ':')
        .filter(|word| !word.is_empty() && *word != "-");
    let uci = words.next()?;
    let count = words.next()?.parse().ok()?;
    match words.next() {
        None | Some("nodes") => {}
        Some(_) => return None,
    }
    looks_like_uci(uci).then(|| (uci.to_string(), count))
}

/// The total of a perft's output, from its last line.
///
/// ```
/// use fenkit_uci::read_total_line;
///
/// assert_eq!(read_total_line("Nodes searched: 8902"), Some(8902));
/// assert_eq!(read_total_line("Perft 3: 8902"), Some(8902));
/// assert_eq!(read_total_line("e2e4: 20"), None);
/// ```
pub fn read_total_line(line: &str) -> Option<u64> {
    let (label, count) = line.trim().rsplit_once([':', ' '])?;
    let count = count.trim().parse().ok()?;
    let label = label.trim().trim_end_matches(':').to_ascii_lowercase();
    let totals = [
        "nodes searched",
        "nodes",
        "total",
        "total nodes",
        "leaf nodes",
    ];
    let perft = label
        .strip_prefix("perft")
        .is_some_and(|depth| depth.trim().is_empty() || depth.trim().parse::<u32>().is_ok());
    (totals.contains(&label.as_str()) || perft).then_some(count)
}

/// A square, a square, perhaps a promotion piece: the shape of a UCI move
/// (also `0000`, and drops such as `P@e4`).
fn looks_like_uci(word: &str) -> bool {
    let bytes = word.as_bytes();
    let square = |at: usize| {
        bytes.get(at).is_some_and(|b| (b'a'..=b'h').contains(b))
            && bytes.get(at + 1).is_some_and(|b| (b'1'..=b'8').contains(b))
    };
    let drop = bytes.len() == 4 && bytes[1] == b'@' && square(2);
    let promotion = bytes.len() == 5 && b"qrbnk".contains(&bytes[4].to_ascii_lowercase());
    word == "0000" || drop || (square(0) && square(2) && (bytes.len() == 4 || promotion))
}
