//! Any Arrow column of text, read as bytes row by row.

use arrow_array::{
    Array, BinaryArray, BinaryViewArray, LargeBinaryArray, LargeStringArray, StringArray,
    StringViewArray, cast::AsArray,
};
use arrow_schema::{ArrowError, DataType};

/// The layouts a column of records may come in. Binary columns are read
/// too, so that bytes which are not UTF-8 get a diagnostic rather than
/// failing the whole column.
#[derive(Clone, Copy)]
pub enum Strings<'a> {
    Utf8(&'a StringArray),
    LargeUtf8(&'a LargeStringArray),
    Utf8View(&'a StringViewArray),
    Binary(&'a BinaryArray),
    LargeBinary(&'a LargeBinaryArray),
    BinaryView(&'a BinaryViewArray),
    /// A column of nulls only (what a list of `None` becomes).
    Nulls(usize),
}

/// The data types [`Strings::new`] accepts, for messages.
pub const ACCEPTED: &str =
    "string, large_string, string_view, binary, large_binary, binary_view or null";

impl<'a> Strings<'a> {
    /// Views `array` as text, or says which types would do.
    ///
    /// ```
    /// use arrow_array::{Int32Array, StringArray};
    /// use fenkit_arrow::Strings;
    ///
    /// let fens = StringArray::from(vec![Some("8/8/8/8/8/8/8/8 w - - 0 1"), None]);
    /// let strings = Strings::new(&fens)?;
    /// assert_eq!(strings.get(1), None);
    /// assert!(Strings::new(&Int32Array::from(vec![1])).is_err());
    /// # Ok::<_, arrow_schema::ArrowError>(())
    /// ```
    pub fn new(array: &'a dyn Array) -> Result<Strings<'a>, ArrowError> {
        Ok(match array.data_type() {
            DataType::Utf8 => Strings::Utf8(array.as_string()),
            DataType::LargeUtf8 => Strings::LargeUtf8(array.as_string()),
            DataType::Utf8View => Strings::Utf8View(array.as_string_view()),
            DataType::Binary => Strings::Binary(array.as_binary()),
            DataType::LargeBinary => Strings::LargeBinary(array.as_binary()),
            DataType::BinaryView => Strings::BinaryView(array.as_binary_view()),
            DataType::Null => Strings::Nulls(array.len()),
            other => {
                return Err(ArrowError::InvalidArgumentError(format!(
                    "FEN records must be text ({ACCEPTED}), not {other}"
                )));
            }
        })
    }

    pub fn len(&self) -> usize {
        match self {
            Strings::Utf8(a) => a.len(),
            Strings::LargeUtf8(a) => a.len(),
            Strings::Utf8View(a) => a.len(),
            Strings::Binary(a) => a.len(),
            Strings::LargeBinary(a) => a.len(),
            Strings::BinaryView(a) => a.len(),
            Strings::Nulls(len) => *len,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Row `row`'s bytes; `None` for null.
    #[inline]
    pub fn get(&self, row: usize) -> Option<&'a [u8]> {
        match *self {
            Strings::Utf8(a) => (!a.is_null(row)).then(|| a.value(row).as_bytes()),
            Strings::LargeUtf8(a) => (!a.is_null(row)).then(|| a.value(row).as_bytes()),
            Strings::Utf8View(a) => (!a.is_null(row)).then(|| a.value(row).as_bytes()),
            Strings::Binary(a) => (!a.is_null(row)).then(|| a.value(row)),
            Strings::LargeBinary(a) => (!a.is_null(row)).then(|| a.value(row)),
            Strings::BinaryView(a) => (!a.is_null(row)).then(|| a.value(row)),
            Strings::Nulls(_) => None,
        }
    }
}

/// The values of a second column beside the records (the one a
/// function's [`crate::Beside`] describes): one per row, or one for all
/// rows (a constant).
pub(crate) struct BesideValues<'a> {
    strings: Strings<'a>,
    constant: bool,
}

impl<'a> BesideValues<'a> {
    pub(crate) fn new(
        array: &'a dyn Array,
        rows: usize,
        what: &str,
    ) -> Result<BesideValues<'a>, ArrowError> {
        let strings = Strings::new(array)?;
        let constant = strings.len() == 1 && rows != 1;
        if !constant && strings.len() != rows {
            return Err(ArrowError::InvalidArgumentError(format!(
                "{what} has {} rows for {rows} records: give one per record, or one for all",
                strings.len()
            )));
        }
        Ok(BesideValues { strings, constant })
    }

    pub(crate) fn get(&self, row: usize) -> Option<&'a [u8]> {
        self.strings.get(if self.constant { 0 } else { row })
    }

    /// The one value for all rows (itself null or not), when there is
    /// one: what a function can read once.
    pub(crate) fn constant(&self) -> Option<Option<&'a [u8]>> {
        self.constant.then(|| self.strings.get(0))
    }
}
