//! Frames: what a worker hands to the writer's thread when its output is
//! not text yet, for [`super::Parallel::in_order`] to finish in input
//! order (`uniq`: a key and a record; `svg`/`png` into a directory: a line
//! number, an id and an image). A frame is `N` byte strings, each after
//! its length.

/// Appends a frame of `parts` to `out`.
pub fn push<const N: usize>(out: &mut Vec<u8>, parts: [&[u8]; N]) {
    for part in parts {
        out.extend_from_slice(&(part.len() as u64).to_le_bytes());
        out.extend_from_slice(part);
    }
}

/// The frames of a block, in order; a frame cut short ends them.
pub fn read<const N: usize>(mut block: &[u8]) -> impl Iterator<Item = [&[u8]; N]> {
    std::iter::from_fn(move || {
        let mut parts: [&[u8]; N] = [&[]; N];
        for part in &mut parts {
            let length = u64::from_le_bytes(block.get(..8)?.try_into().ok()?) as usize;
            *part = block.get(8..8usize.checked_add(length)?)?;
            block = &block[8 + length..];
        }
        Some(parts)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_read_back_as_written() {
        let mut block = Vec::new();
        push(&mut block, [b"key", b""]);
        push(&mut block, [b"", b"a record"]);
        let frames: Vec<[&[u8]; 2]> = read(&block).collect();
        assert_eq!(frames, [[&b"key"[..], b""], [b"", b"a record"]]);
        // A frame cut short is no frame.
        assert_eq!(read::<2>(&block[..block.len() - 1]).count(), 1);
    }
}
