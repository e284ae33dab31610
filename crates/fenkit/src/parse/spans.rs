//! Where the fields of a record stand: byte spans, kept small.

use super::*;

/// Where each field of a record stands, as byte spans into the record.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FieldSpans {
    /// The six FEN fields, then the operations of an EPD record.
    pub(super) fields: [Slot; 7],
    pub(super) record_len: u32,
}

impl Default for FieldSpans {
    fn default() -> FieldSpans {
        FieldSpans::empty(0)
    }
}

/// A field's span in 32-bit offsets, or [`ABSENT`]: a parse result is
/// moved around by value, and half its size was spans. Offsets past 4 GiB
/// saturate (no record is that long and well-formed).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Slot {
    pub(super) start: u32,
    pub(super) end: u32,
}

pub(super) const ABSENT: Slot = Slot {
    start: u32::MAX,
    end: u32::MAX,
};

pub(super) fn narrow(offset: usize) -> u32 {
    u32::try_from(offset).map_or(u32::MAX - 1, |n| n.min(u32::MAX - 1))
}

impl Slot {
    pub(super) fn of(span: Span) -> Slot {
        Slot {
            start: narrow(span.start),
            end: narrow(span.end),
        }
    }

    pub(super) fn span(self) -> Option<Span> {
        (self != ABSENT).then(|| Span::new(self.start as usize, self.end as usize))
    }
}

impl FieldSpans {
    pub(super) fn empty(record_len: usize) -> FieldSpans {
        FieldSpans {
            fields: [ABSENT; 7],
            record_len: narrow(record_len),
        }
    }

    /// The span of `field`, if the record has it. [`Field::Record`] is the
    /// whole record.
    pub fn get(&self, field: Field) -> Option<Span> {
        match Self::slot(field) {
            Some(slot) => self.fields[slot].span(),
            None => Some(Span::new(0, self.record_len as usize)),
        }
    }

    /// Where `field` is kept; the record as a whole has no slot.
    pub(super) const fn slot(field: Field) -> Option<usize> {
        Some(match field {
            Field::Record => return None,
            Field::Placement => 0,
            Field::Side => 1,
            Field::Castling => 2,
            Field::EnPassant => 3,
            Field::Halfmove => 4,
            Field::Fullmove => 5,
            Field::Operations => 6,
        })
    }

    pub(super) fn set(&mut self, field: Field, span: Span) {
        if let Some(slot) = Self::slot(field) {
            self.fields[slot] = Slot::of(span);
        }
    }

    /// The same spans, each mapped by `map` (from a repaired record back
    /// to the one that was read).
    pub(crate) fn map(&self, record_len: usize, map: impl Fn(Span) -> Span) -> FieldSpans {
        FieldSpans {
            fields: self
                .fields
                .map(|slot| slot.span().map_or(ABSENT, |span| Slot::of(map(span)))),
            record_len: narrow(record_len),
        }
    }

    /// The span of `field`, or the end of the record where the field is
    /// missing.
    pub fn get_or_end(&self, field: Field) -> Span {
        self.get(field).unwrap_or(Span::new(
            self.record_len as usize,
            self.record_len as usize,
        ))
    }
}
