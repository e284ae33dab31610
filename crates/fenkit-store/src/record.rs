//! What a store holds.

/// A record of a store: bytes of its own writing, found by a 64-bit key.
///
/// Records are sorted by [`Record::order`], whose first part must be the
/// key, so that the records of one key lie together. Two records of one
/// order are parts of one (counts made apart: by month, by machine, in
/// runs spilled to disk) and a merge [`Record::combine`]s them.
pub trait Record: Sized {
    /// What records sort by.
    type Order: Ord + Copy;

    /// The key a lookup finds the record by.
    fn key(&self) -> u64;

    fn order(&self) -> Self::Order;

    /// Adds `other`, a record of the same order.
    fn combine(&mut self, other: &Self);

    /// Appends the record's bytes.
    fn write(&self, out: &mut Vec<u8>);

    /// The record at the start of `bytes` and the bytes it took; `None`
    /// when `bytes` is cut short or holds no record.
    fn read(bytes: &[u8]) -> Option<(Self, usize)>;
}
