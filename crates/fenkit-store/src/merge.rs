//! Sorted sources merged in one pass.

use std::{cmp::Reverse, collections::BinaryHeap, io};

use crate::Record;

/// A source of records in order.
pub type Records<'a, R> = Box<dyn Iterator<Item = io::Result<R>> + 'a>;

/// Records already in memory, sorted, as a source.
pub fn in_memory<'a, R: Record + 'a>(sorted: Vec<R>) -> Records<'a, R> {
    Box::new(sorted.into_iter().map(Ok))
}

/// Merges sorted `sources` into `push`, in order, records of one order
/// combined into one; of records of one order, the first source's comes
/// first (so an index's own rows go before those added to it).
pub fn merge<R: Record>(
    mut sources: Vec<Records<'_, R>>,
    mut push: impl FnMut(&R) -> io::Result<()>,
) -> io::Result<()> {
    let mut heads: Vec<Option<R>> = Vec::with_capacity(sources.len());
    let mut heap = BinaryHeap::with_capacity(sources.len());
    for (i, source) in sources.iter_mut().enumerate() {
        let head = source.next().transpose()?;
        if let Some(record) = &head {
            heap.push(Reverse((record.order(), i)));
        }
        heads.push(head);
    }
    let mut pending: Option<R> = None;
    while let Some(Reverse((order, i))) = heap.pop() {
        let record = heads[i].take().expect("a source in the heap has a head");
        if let Some(next) = sources[i].next().transpose()? {
            heap.push(Reverse((next.order(), i)));
            heads[i] = Some(next);
        }
        match &mut pending {
            Some(held) if held.order() == order => held.combine(&record),
            _ => {
                if let Some(done) = pending.replace(record) {
                    push(&done)?;
                }
            }
        }
    }
    if let Some(done) = pending {
        push(&done)?;
    }
    Ok(())
}
