//! The explorer's index on arbitrary bytes: rows and games read from
//! them write back to the same bytes; a folder whose files are the bytes
//! (cut in two) is refused or read without panic, and what it answers
//! comes only from rows that read.
#![no_main]

use fenkit_index::explorer::{Explorer, ExplorerGame, ExplorerQuery, Row};
use libfuzzer_sys::fuzz_target;
use shakmaty::Chess;

fuzz_target!(|bytes: &[u8]| {
    let mut at = 0;
    while let Some((row, used)) = Row::read(&bytes[at..]) {
        let mut written = Vec::new();
        row.write(&mut written);
        assert_eq!(written, &bytes[at..at + used]);
        at += used;
    }
    if let Some((game, used)) = ExplorerGame::read(bytes) {
        let mut written = Vec::new();
        game.write(&mut written);
        // A rating of 0 reads as none and is written as 0 again.
        assert_eq!(written, &bytes[..used]);
    }
    let dir = std::env::temp_dir().join(format!("fenkit-fuzz-explorer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let half = bytes.len() / 2;
    // The magic bytes in front, so that more inputs get past them.
    let mut positions = b"FENKITX\x02".to_vec();
    positions.extend_from_slice(&bytes[..half]);
    let mut games = b"FENKITG\x01".to_vec();
    games.extend_from_slice(&bytes[half..]);
    std::fs::write(dir.join("positions.fxe"), positions).unwrap();
    std::fs::write(dir.join("games.fxe"), games).unwrap();
    if let Ok(explorer) = Explorer::open(&dir) {
        for key in [0, fenkit::transposition_key(&Chess::default()), u64::MAX] {
            let _ = explorer.rows(key);
        }
        let _ = explorer.answer(&Chess::default(), None, &ExplorerQuery::default());
        let _ = explorer.game(8);
    }
});
