//! `fen search`'s index on arbitrary bytes: a game's record read from
//! them writes back to a record that reads the same; a folder whose files
//! are the bytes (cut in two) is refused or read without panic.
#![no_main]

use fenkit_index::search::{IndexedGame, SearchIndex};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Some(game) = IndexedGame::read(bytes) {
        let mut written = Vec::new();
        game.write(&mut written);
        assert_eq!(IndexedGame::read(&written), Some(game));
    }
    let dir = std::env::temp_dir().join(format!("fenkit-fuzz-search-index-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let half = bytes.len() / 2;
    // The magic bytes in front, so that more inputs get past them.
    let mut positions = b"FENKITS\x01".to_vec();
    positions.extend_from_slice(&bytes[..half]);
    let mut games = b"FENKITT\x02".to_vec();
    games.extend_from_slice(&bytes[half..]);
    std::fs::write(dir.join("positions.fxs"), positions).unwrap();
    std::fs::write(dir.join("games.fxs"), games).unwrap();
    if let Ok(index) = SearchIndex::open(&dir) {
        for key in [0, 0x463b96181691fc9c, u64::MAX] {
            let _ = index.reaching(key);
        }
        for number in [0, 1, index.games(), u64::MAX] {
            let _ = index.game(number);
        }
    }
});
