//! A position probed in the Syzygy tables (the shared 3-4-piece tables,
//! where they stand beside the checkout): any record the FEN library reads
//! as a legal position is answered or refused, never a panic; an answer's
//! moves are the position's legal moves, the first keeps the result, and
//! just after a zeroing move the category is the WDL's.
#![no_main]

use std::sync::OnceLock;

use fenkit::ReadOptions;
use fenkit_tb::{Category::*, Tables};
use libfuzzer_sys::fuzz_target;
use shakmaty::{CastlingMode, Position};

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared/data/syzygy/regular");
        // Without the shared tables, every probe is a refusal: still read.
        Tables::open(&[folder.into()]).unwrap_or_else(|_| Tables::open(&[]).expect("no folder"))
    })
}

fuzz_target!(|data: &[u8]| {
    let checked = ReadOptions::default().check(data);
    let Some(position) = checked.position(CastlingMode::Standard) else {
        return;
    };
    let Ok(answer) = tables().answer(&position) else {
        return;
    };
    assert_eq!(answer.moves.len(), position.legal_moves().len());
    if let Some(best) = answer.moves.first() {
        assert_eq!(-best.category, answer.category);
    }
    // Just after a capture or pawn move, the category is the WDL's.
    if position.halfmoves() == 0 {
        let by_wdl = [Loss, BlessedLoss, Draw, CursedWin, Win][(answer.wdl + 2) as usize];
        assert_eq!(answer.category, by_wdl, "{answer:?}");
    }
});
