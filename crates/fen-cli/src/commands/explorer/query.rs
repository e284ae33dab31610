//! `fen explorer query DIR [FEN] [MOVE...]`: the moves played from a
//! position in an explorer index, as a table or as lichess's JSON.

use std::{io, path::PathBuf};

use fenkit::{ReadOptions, variants::VariantPosition};
use fenkit_index::explorer::Explorer;
use fenkit_index::explorer::{ExplorerAnswer, ExplorerQuery, Month, Speed};
use shakmaty::Chess;

use crate::{commands::play, options::ReportFormat, output::Output, run::Status};

/// Print the moves played from a position in an explorer index: SAN,
/// games, White wins, draws and Black wins in percent, average rating;
/// then the best rated games. The position is `startpos` (the default)
/// or a FEN, then moves in SAN or UCI, as for `fen play`.
#[derive(clap::Args)]
pub struct Args {
    /// The index folder (`fen explorer build`).
    #[arg(value_name = "DIR")]
    pub index: PathBuf,
    /// The position (`startpos`, or a FEN in one argument or six), then
    /// moves played from it.
    #[arg(value_name = "FEN MOVE")]
    pub arguments: Vec<String>,
    /// Moves played from the position, in UCI, comma-separated (as
    /// lichess's `play`).
    #[arg(long, value_name = "UCI,...", value_delimiter = ',')]
    pub play: Vec<String>,
    /// Only games of these speeds: ultraBullet, bullet, blitz, rapid,
    /// classical, correspondence, unknown (comma-separated).
    #[arg(long, value_name = "SPEED,...", value_delimiter = ',')]
    pub speeds: Vec<Speed>,
    /// Only games of this month (YYYY-MM) or later.
    #[arg(long, value_name = "YYYY-MM")]
    pub since: Option<Month>,
    /// Only games of this month (YYYY-MM) or earlier.
    #[arg(long, value_name = "YYYY-MM")]
    pub until: Option<Month>,
    /// Moves given at most.
    #[arg(long, value_name = "N", default_value_t = 12)]
    pub moves: usize,
    /// Top games given at most (4 at most).
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = clap::value_parser!(u8).range(0..=4))]
    pub top_games: u8,
    /// `json`: lichess's opening explorer's answer.
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let explorer = match Explorer::open(&args.index) {
        Ok(explorer) => explorer,
        Err(bad) => {
            out.note(&format!("fen: {bad}"))?;
            return Ok(Status::Failed);
        }
    };
    let (fen, mut moves) = match args.arguments.is_empty() {
        true => ("startpos".to_string(), Vec::new()),
        false => fenkit::play::split(&args.arguments),
    };
    moves.extend(args.play.iter().cloned());
    let Some(mut position) = play::start("<argument>", &fen, &ReadOptions::default(), out)? else {
        return Ok(Status::BadRecords);
    };
    // The opening is the last named position on the way (lichess's too).
    let mut opening = standard(&position).and_then(fenkit_games::opening);
    let played = play::play_moves(&mut position, &moves, out, |position| {
        opening = standard(position)
            .and_then(fenkit_games::opening)
            .or(opening);
    })?;
    if played != Status::Ok {
        return Ok(played);
    }
    let Some(position) = standard(&position) else {
        out.note("fen: the explorer holds standard chess; this position is a variant's")?;
        return Ok(Status::BadRecords);
    };
    let query = ExplorerQuery {
        speeds: args.speeds,
        since: args.since,
        until: args.until,
        moves: args.moves,
        top_games: usize::from(args.top_games),
    };
    let answer = match explorer.answer(position, opening, &query) {
        Ok(answer) => answer,
        Err(err) => {
            out.note(&format!("fen: {}", crate::run::io_message(&err)))?;
            return Ok(Status::Failed);
        }
    };
    let text = match args.format {
        ReportFormat::Json => serde_json::to_string(&answer).map_err(io::Error::other)? + "\n",
        ReportFormat::Human => table(&answer),
    };
    out.stdout().extend_from_slice(text.as_bytes());
    Ok(Status::Ok)
}

fn standard(position: &VariantPosition) -> Option<&Chess> {
    match position {
        VariantPosition::Chess(chess) => Some(chess),
        _ => None,
    }
}

/// The answer for people: a line on the position, a row per move, the
/// top games.
fn table(answer: &ExplorerAnswer) -> String {
    let games = answer.white + answer.draws + answer.black;
    let percent = |part: u64, all: u64| match all {
        0 => "-".to_string(),
        _ => format!("{:.1}%", part as f64 * 100.0 / all as f64),
    };
    let mut text = String::new();
    if let Some(opening) = &answer.opening {
        text += &format!("{} {}\n", opening.eco, fenkit::printable(&opening.name));
    }
    text += &format!(
        "{games} games: White {}, draws {}, Black {}\n",
        percent(answer.white, games),
        percent(answer.draws, games),
        percent(answer.black, games)
    );
    if answer.moves.is_empty() {
        return text;
    }
    text += &format!(
        "{:<8}{:>10}{:>8}{:>8}{:>8}{:>8}\n",
        "move", "games", "white", "draws", "black", "rating"
    );
    for m in &answer.moves {
        let all = m.games();
        let rating = m.average_rating.map_or("-".to_string(), |r| r.to_string());
        text += &format!(
            "{:<8}{:>10}{:>8}{:>8}{:>8}{:>8}\n",
            m.san,
            all,
            percent(m.white, all),
            percent(m.draws, all),
            percent(m.black, all),
            rating
        );
    }
    if !answer.top_games.is_empty() {
        text += "top games:\n";
    }
    for game in &answer.top_games {
        let rating = |r: Option<u16>| r.map_or("?".to_string(), |r| r.to_string());
        let result = match game.winner {
            Some("white") => "1-0",
            Some(_) => "0-1",
            None => "½-½",
        };
        text += &format!(
            "  {} ({}) - {} ({})  {result}  {}  {}  {}  {}\n",
            fenkit::printable(&game.white.name),
            rating(game.white.rating),
            fenkit::printable(&game.black.name),
            rating(game.black.rating),
            game.month.as_deref().unwrap_or("?"),
            game.speed,
            game.uci,
            fenkit::printable(&game.id),
        );
    }
    text
}
