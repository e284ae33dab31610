//! `fen gif`: a game as an animated GIF, one frame a ply, each with the
//! move that led there and the game's own arrows and circled squares.

use std::{io::IsTerminal, path::PathBuf};

use fenkit_diagrams::{Players, Renderer};

use super::{image::Look, prelude::*};
use crate::options::positive;

/// Write a game of a PGN file as an animated GIF: one frame a ply, the
/// last move highlighted, the game's arrows and circles ([%cal], [%csl])
/// drawn, the last frame held.
#[derive(clap::Args)]
pub struct Args {
    /// The PGN file (compressed or not).
    #[arg(value_name = "PGN")]
    pub pgn: PathBuf,
    /// Which game of the file: 1 for the first.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = positive)]
    pub game: u32,
    /// How long each frame shows, in milliseconds (the last, three times
    /// as long).
    #[arg(long, value_name = "MS", default_value_t = 800, value_parser = positive)]
    pub delay: u32,
    /// Both players' clocks under the board, from the game's [%clk]
    /// comments (and its TimeControl tag before the first).
    #[arg(long)]
    pub clocks: bool,
    /// The players' names (and ratings) above and below the board, by
    /// their side, from the White, Black, WhiteElo and BlackElo tags; the
    /// result beside them on the last frame.
    #[arg(long)]
    pub players: bool,
    /// Write to FILE; standard output when not given (never a terminal).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    #[command(flatten)]
    pub look: Look,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    if args.output.is_none() && io::stdout().is_terminal() {
        out.note("fen: a GIF image would garble the terminal; write it with -o FILE or redirect standard output")?;
        return Ok(Status::Failed);
    }
    let number = args.game as usize;
    let (source, text) = match crate::games::nth_game(&args.pgn, number, out)? {
        Ok(found) => found,
        Err(status) => return Ok(status),
    };
    let (plies, stop) = fenkit_games::game_plies(&text.text);
    let status = match stop {
        // The plies before the stop are drawn; the stop is said.
        Some(stop) => {
            let then = "; the GIF ends there";
            crate::games::say_stop((&source, &text, number), stop, None, then, out)?
        }
        None => Status::Ok,
    };
    let renderer = Renderer::new();
    let tags = fenkit_games::game_tags(&text.text, &Players::TAGS);
    let look = args
        .look
        .diagram()
        .with_players(args.players.then(|| Players::from_tags(&tags)));
    let clocks = match args.clocks {
        true => {
            fenkit_games::game_clocks(&plies, base_time(tags[Players::TIME_CONTROL].as_deref()))
                .into_iter()
                .map(Some)
                .collect()
        }
        false => vec![None; plies.len()],
    };
    // The bar keeps the last evaluation given until the next: a move
    // without an [%eval] has not changed what is known.
    let mut evals = Vec::with_capacity(plies.len());
    for ply in &plies {
        let last = evals.last().copied().flatten();
        evals.push(ply.annotations.eval.or(last));
    }
    let last_ply = plies.len().saturating_sub(1);
    let draw = |index: usize, (ply, clocks): (&fenkit_games::GamePly, &Option<_>)| {
        let mut diagram = look.for_ply(&ply.marks());
        diagram.clocks = *clocks;
        diagram.eval = evals[index];
        // The result shows once the game is over: on the last frame.
        if index != last_ply
            && let Some(players) = &mut diagram.players
        {
            players.result = None;
        }
        renderer
            .rgba(&ply.setup, &diagram)
            .map_err(io::Error::other)
    };
    let mut gif = Vec::new();
    let Some(first) = plies.first() else {
        out.note(&format!(
            "fen: {source}: game {number} has no position to draw"
        ))?;
        return Ok(Status::BadRecords);
    };
    let (width, height, _) = draw(0, (first, &clocks[0]))?;
    let mut encoder =
        gif::Encoder::new(&mut gif, width as u16, height as u16, &[]).map_err(io::Error::other)?;
    encoder
        .set_repeat(gif::Repeat::Infinite)
        .map_err(io::Error::other)?;
    for (index, ply) in plies.iter().zip(&clocks).enumerate() {
        let (width, height, mut pixels) = draw(index, ply)?;
        // Speed 10: NeuQuant's quick setting, ample for a board's few
        // colours.
        let mut frame = gif::Frame::from_rgba_speed(width as u16, height as u16, &mut pixels, 10);
        let last = index + 1 == plies.len();
        let hundredths = (args.delay / 10).max(1) * if last { 3 } else { 1 };
        frame.delay = hundredths.min(u32::from(u16::MAX)) as u16;
        encoder.write_frame(&frame).map_err(io::Error::other)?;
    }
    drop(encoder);
    match &args.output {
        Some(path) => std::fs::write(path, &gif).map_err(|err| {
            io::Error::new(
                err.kind(),
                format!("{}: {}", path.display(), run::io_message(&err)),
            )
        })?,
        None => out.stdout().write_all(&gif)?,
    }
    Ok(status)
}

/// The clocks' time at the start: the base of the game's `TimeControl`
/// tag (`180+2`), when it has one that reads.
fn base_time(control: Option<&str>) -> Option<std::time::Duration> {
    match fenkit_games::tag_value("TimeControl", control?) {
        fenkit_games::TagValue::TimeControl { base, .. } => {
            Some(std::time::Duration::from_secs(base.into()))
        }
        _ => None,
    }
}
