//! What each result column says of a record: the same values in JSON and
//! as text.

use fenkit::Problem;

use super::*;

impl Rows {
    /// Each result as `"name":value` after a comma (the first one too
    /// when `comma`).
    pub(super) fn json_values(
        &self,
        results: &Results<'_>,
        comma: bool,
        row: &mut Vec<u8>,
        text: &mut Vec<u8>,
    ) {
        for (index, &column) in self.columns.iter().enumerate() {
            if comma || index > 0 {
                row.push(b',');
            }
            json_string(row, column.name());
            row.push(b':');
            match column {
                Column::Valid => {
                    let valid = fenkit::no_errors(results.diagnostics);
                    row.extend_from_slice(if valid { b"true" } else { b"false" });
                }
                Column::Errors | Column::Warnings => {
                    row.push(b'[');
                    let wanted = severity_of(column);
                    let problems = results.diagnostics.iter().filter(|d| d.severity == wanted);
                    for (index, problem) in problems.enumerate() {
                        if index > 0 {
                            row.push(b',');
                        }
                        let problem = Problem::in_line(problem, &results.record);
                        fenkit::json::write_problem(&problem, row);
                    }
                    row.push(b']');
                }
                _ => {
                    let mut written = false;
                    self.text_value(column, results, text, |value| {
                        json_string(row, value);
                        written = true;
                    });
                    if !written {
                        row.extend_from_slice(b"null");
                    }
                }
            }
        }
    }

    /// Hands the text of `column` to `emit` (written into `text` first
    /// where it is not a constant); nothing for a result the record has
    /// none of (an empty field).
    pub(super) fn text_value(
        &self,
        column: Column,
        results: &Results<'_>,
        text: &mut Vec<u8>,
        mut emit: impl FnMut(&str),
    ) {
        let setup = results.checked.and_then(|checked| checked.setup.as_ref());
        let position = results.position;
        text.clear();
        match column {
            Column::Valid => emit(match fenkit::no_errors(results.diagnostics) {
                true => "true",
                false => "false",
            }),
            Column::Errors | Column::Warnings => {
                let wanted = severity_of(column);
                let problems = results.diagnostics.iter().filter(|d| d.severity == wanted);
                for (index, d) in problems.enumerate() {
                    if index > 0 {
                        text.extend_from_slice(b"; ");
                    }
                    let _ = write!(text, "{}", Problem::in_line(d, &results.record));
                }
                emit(&String::from_utf8_lossy(text));
            }
            Column::Fen => {
                if let Some(setup) = setup {
                    self.write.write_fen(setup, text);
                    emit(&String::from_utf8_lossy(text));
                }
            }
            Column::Epd => {
                if let Some(setup) = setup {
                    self.write.write_epd(setup, &[], text);
                    emit(&String::from_utf8_lossy(text));
                }
            }
            Column::Key => {
                if let Some(position) = position {
                    fenkit::write_opening_key(position, self.write.castling, text);
                    emit(&String::from_utf8_lossy(text));
                }
            }
            Column::Polyglot => {
                // Polyglot's keys are standard chess's: none for a variant.
                if let Some(fenkit::variants::VariantPosition::Chess(position)) = position {
                    let _ = write!(text, "{:016x}", fenkit::polyglot_key(position));
                    emit(&String::from_utf8_lossy(text));
                }
            }
            Column::Eco | Column::Opening => {
                let opening = match position {
                    Some(fenkit::variants::VariantPosition::Chess(position)) => {
                        fenkit_games::opening(position)
                    }
                    _ => None,
                };
                match (column, opening) {
                    (Column::Eco, Some(opening)) => emit(opening.eco),
                    (_, Some(opening)) => emit(opening.name),
                    // No opening of the table: empty, as for no position.
                    _ => {}
                }
            }
            Column::Side => {
                if let Some(setup) = setup {
                    emit(setup.turn.fold_wb("white", "black"));
                }
            }
            Column::Status => {
                if let Some(position) = position {
                    emit(fenkit::CheckStatus::of_variant(position).as_str());
                }
            }
            Column::Board => {
                if let Some(setup) = setup {
                    text.extend_from_slice(&fenkit::board_letters(&setup.board));
                    emit(&String::from_utf8_lossy(text));
                }
            }
        }
    }
}

fn severity_of(column: Column) -> Severity {
    match column {
        Column::Warnings => Severity::Warning,
        _ => Severity::Error,
    }
}
