//! Movetext as people and programs write it where PGN's standard says
//! otherwise, but the meaning is plain: castling with zeros (`0-0`, from
//! ChessBase and handwritten scores), `e.p.` after an en passant capture,
//! `++` for mate, evaluation glyphs (`+-`, `⩱`, `±`), results with other
//! dashes or `½`, dots alone (`7. ..`). Each is rewritten in place to the
//! standard form (or blanks) of the same length, so that a PGN reader reads
//! the game and every place in the text stays where it was.

/// One place rewritten: where in the line, what was written, and what
/// stands there now in the standard's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovetextDialect {
    /// Byte offset in the line.
    pub at: usize,
    pub written: String,
    /// What the kind of writing is, in words.
    pub what: &'static str,
    /// The standard's form, in words (`O-O`, `nothing`, …).
    pub standard: String,
}

/// The rewriter, fed whole lines in order: it remembers a `{` comment
/// open across lines.
///
/// ```
/// use fenkit_games::MovetextDialects;
///
/// let mut dialects = MovetextDialects::default();
/// let mut line = b"12. 0-0 exd6e.p. 13. Qh7++ +- 1\xe2\x80\x930".to_vec();
/// let found = dialects.rewrite(&mut line);
/// assert_eq!(String::from_utf8(line).unwrap(), "12. O-O exd6     13. Qh7#     1-0  ");
/// assert_eq!(found.len(), 5);
/// assert_eq!(found[0].standard, "O-O");
/// ```
#[derive(Clone, Debug, Default)]
pub struct MovetextDialects {
    in_comment: bool,
}

use crate::movetext::{Lexer, Token};

/// U+FEFF in UTF-8.
const BOM: &[u8] = b"\xef\xbb\xbf";

/// Rewrites the movetext dialects of a whole text (a game, its lines in
/// order), each to the standard form of the same length; what was found,
/// by its byte offset in the text. Every reader of games calls it before
/// pgn-reader reads (unless asked to read strictly), so that a game's
/// moves are the same in every front end.
///
/// ```
/// let mut game = b"[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 *\n".to_vec();
/// let found = fenkit_games::rewrite_dialects(&mut game);
/// assert_eq!(found[0].1.standard, "O-O");
/// assert!(game.ends_with(b"4. O-O *\n"));
/// ```
pub fn rewrite_dialects(text: &mut [u8]) -> Vec<(usize, MovetextDialect)> {
    let mut dialects = MovetextDialects::default();
    let mut found = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let end = memchr::memchr(b'\n', &text[start..]).map_or(text.len(), |nl| start + nl + 1);
        for dialect in dialects.rewrite(&mut text[start..end]) {
            found.push((start + dialect.at, dialect));
        }
        start = end;
    }
    found
}

/// Annotation glyphs written in ASCII (NAGs 10 to 19 and the like).
const ASCII_GLYPHS: &[&[u8]] = &[
    b"+-", b"-+", b"+--", b"--+", b"+=", b"=+", b"+/-", b"-/+", b"+/=", b"=/+", b"=", b"~", b"=/~",
    b"+/-+", b"+-+",
];

impl MovetextDialects {
    /// Rewrites the dialects of one line of PGN in place; what was found.
    pub fn rewrite(&mut self, line: &mut [u8]) -> Vec<MovetextDialect> {
        let mut found = Vec::new();
        // A byte-order mark starting a line (files written on Windows and
        // joined): blanked, so that a tag pair after it stays one.
        if !self.in_comment && line.starts_with(BOM) {
            line[..BOM.len()].fill(b' ');
            found.push(MovetextDialect {
                at: 0,
                written: "\u{feff}".into(),
                what: "a byte-order mark inside the file",
                standard: "nothing".into(),
            });
        }
        let mut lexer = Lexer::new(self.in_comment);
        let mut last = None;
        while let Some((token, at)) = lexer.next(line) {
            last = Some(token);
            if token == Token::Word {
                // A stray `}` glued to a word is no part of it.
                let braces = line[at.clone()].iter().take_while(|&&b| b == b'}').count();
                rewrite_word(line, at.start + braces, at.end, &mut found);
            }
        }
        // Only a comment the line ends in goes on to the next.
        if last.is_some() {
            self.in_comment = last == Some(Token::Comment { closed: false });
        }
        found
    }
}

/// Whether `body` is a pawn's move to the last rank with the piece glued
/// on: `a8Q`, `bxa1N`.
fn promotes_without_equals(body: &[u8]) -> bool {
    let to = match body {
        [file, rank, piece] => [*file, *rank, *piece],
        [from, b'x', file, rank, piece] if (b'a'..=b'h').contains(from) => [*file, *rank, *piece],
        _ => return false,
    };
    (b'a'..=b'h').contains(&to[0]) && matches!(to[1], b'1' | b'8') && b"QRBN".contains(&to[2])
}

/// The length of a move number glued to the move in `token` (`12.` of
/// `12.e4`, `7...` of `7...Nf6`); 0 when none is.
pub(crate) fn glued_number_len(token: &[u8]) -> usize {
    let digits = token.iter().take_while(|b| b.is_ascii_digit()).count();
    let dots = token[digits..].iter().take_while(|&&b| b == b'.').count();
    match digits > 0 && dots > 0 {
        true => digits + dots,
        false => 0,
    }
}

/// Rewrites the word at `start..end` of `line` when it is a dialect.
fn rewrite_word(line: &mut [u8], start: usize, end: usize, found: &mut Vec<MovetextDialect>) {
    // A move number glued to the move: `12.0-0`.
    let start = start + glued_number_len(&line[start..end]);
    let word = &line[start..end];
    let Some(&first) = word.first() else {
        return;
    };
    // Most words are moves as the standard writes them: passed over
    // without a copy (this runs on every word of every game).
    let bare = word
        .iter()
        .rposition(|b| !b"+#!?".contains(b))
        .map_or(&word[..0], |last| &word[..=last]);
    let maybe = matches!(first, b'0' | b'.' | b'+' | b'-' | b'=' | b'~')
        || word == b"ep"
        || word.starts_with(b"e.p")
        || word.ends_with(b"++")
        || bare.ends_with(b"p")
        || bare.ends_with(b"p.")
        || !word.is_ascii()
        || promotes_without_equals(bare);
    if !maybe {
        return;
    }
    let word = word.to_vec();
    let mut note = |line: &mut [u8], at: usize, what: &'static str, standard: &[u8]| {
        let written = String::from_utf8_lossy(&word).into_owned();
        let len = standard.len();
        line[at..at + len].copy_from_slice(standard);
        let standard = match standard.iter().all(|&b| b == b' ') {
            true => "nothing".to_string(),
            false => String::from_utf8_lossy(standard).trim_end().to_string(),
        };
        found.push(MovetextDialect {
            at,
            written,
            what,
            standard,
        });
    };
    let blanks = vec![b' '; word.len()];
    let body_len = word
        .iter()
        .rposition(|b| !b"+#!?".contains(b))
        .map_or(0, |last| last + 1);
    let body = &word[..body_len];
    // Castling with zeros.
    if matches!(body, b"0-0" | b"0-0-0") {
        let mut standard = word.clone();
        standard[..body_len].iter_mut().for_each(|b| {
            if *b == b'0' {
                *b = b'O';
            }
        });
        note(line, start, "castling written with zeros", &standard);
        return;
    }
    // A promotion without `=` (`a8Q`, `bxa8N+`), where a blank can make
    // room for the `=` and the rest of the line stays put: the blank after
    // a move number (`7. a8Q` → `7.a8=Q`), or one of two after the move.
    if promotes_without_equals(body) {
        let mut standard = body[..body_len - 1].to_vec();
        standard.push(b'=');
        standard.extend_from_slice(&word[body_len - 1..]);
        let blank = |at: usize| matches!(line.get(at), Some(b' ' | b'\t'));
        let after_number = start >= 2 && blank(start - 1) && line[start - 2] == b'.';
        if after_number {
            note(
                line,
                start - 1,
                "a promotion written without '='",
                &standard,
            );
            // Said where the move starts, not the blank it took.
            if let Some(last) = found.last_mut() {
                last.at = start;
            }
        } else if blank(end) && blank(end + 1) {
            note(line, start, "a promotion written without '='", &standard);
        }
        return;
    }
    // `++` for mate.
    if word.len() > 2 && word.ends_with(b"++") && !word.ends_with(b"+++") {
        let mut standard = word.clone();
        let n = standard.len();
        standard[n - 2..].copy_from_slice(b"# ");
        note(line, start, "'++' for mate", &standard);
        return;
    }
    // `e.p.` glued to an en passant capture: `exf6ep`, `bxa6e.p.`.
    for suffix in [&b"e.p."[..], b"e.p", b"ep"] {
        if let Some(capture) = body.strip_suffix(suffix)
            && let [file, b'x', to_file, rank] = *capture
            && (b'a'..=b'h').contains(&file)
            && (b'a'..=b'h').contains(&to_file)
            && matches!(rank, b'3' | b'6')
        {
            let mut standard = word.clone();
            standard[capture.len()..body_len].fill(b' ');
            note(line, start, "'e.p.' after an en passant capture", &standard);
            return;
        }
    }
    if matches!(word.as_slice(), b"e.p." | b"e.p" | b"ep") {
        note(line, start, "'e.p.' after an en passant capture", &blanks);
        return;
    }
    // Dots alone, as in `7. ..`.
    if word.iter().all(|&b| b == b'.') {
        note(line, start, "move-number dots standing alone", &blanks);
        return;
    }
    if ASCII_GLYPHS.contains(&word.as_slice()) {
        note(line, start, "an evaluation glyph written in text", &blanks);
        return;
    }
    if word.is_ascii() {
        return;
    }
    // Results with other dashes or `½`, and Unicode glyphs.
    let text = String::from_utf8_lossy(&word);
    let dashes: String = text
        .chars()
        .map(|c| match c {
            '–' | '—' | '−' | '‐' | '‑' => '-',
            other => other,
        })
        .collect();
    let result: Option<&[u8]> = match dashes.as_str() {
        "1-0" => Some(b"1-0"),
        "0-1" => Some(b"0-1"),
        "½-½" | "1/2-1/2" => Some(b"*"),
        _ => None,
    };
    let mut standard = blanks;
    match result {
        Some(result) => {
            standard[..result.len()].copy_from_slice(result);
            note(
                line,
                start,
                "a result written with other characters",
                &standard,
            );
        }
        None => note(line, start, "an annotation glyph outside ASCII", &standard),
    }
}

#[cfg(test)]
mod tests {
    use crate::MovetextDialects;

    fn rewritten(line: &str) -> String {
        let mut bytes = line.as_bytes().to_vec();
        MovetextDialects::default().rewrite(&mut bytes);
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn a_promotion_without_equals_takes_a_blank_that_is_free() {
        assert_eq!(rewritten("56. a8Q Kxc3 57. Qa1"), "56.a8=Q Kxc3 57. Qa1");
        assert_eq!(rewritten("56... bxa1N+ 57. Kd2"), "56...bxa1=N+ 57. Kd2");
        assert_eq!(rewritten("Kd6 b1N  c3"), "Kd6 b1=N c3");
        // No blank to spare: left for the reader to refuse, in place.
        assert_eq!(rewritten("Kd6 a8Q c3"), "Kd6 a8Q c3");
        // Not a promotion: a rank that is not the last, a piece's move.
        assert_eq!(rewritten("1. a7Q Nb8 *"), "1. a7Q Nb8 *");
    }
}
