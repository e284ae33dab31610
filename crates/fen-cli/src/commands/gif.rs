//! `fen gif`: a game as an animated GIF, one frame a ply, each with the
//! move that led there and the game's own arrows and circled squares.

use std::{io::IsTerminal, path::PathBuf};

use fenkit::render::Renderer;

use super::{
    image::{Look, nth_game},
    prelude::*,
};
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
    let (source, text) = match nth_game(&args.pgn, number, out)? {
        Ok(found) => found,
        Err(status) => return Ok(status),
    };
    let (plies, stop) = fenkit::games::game_plies(&text.text);
    let status = match stop {
        // The plies before the stop are drawn; the stop is said.
        Some(stop) => {
            let then = "; the GIF ends there";
            crate::games::say_stop((&source, &text, number), stop, None, then, out)?
        }
        None => Status::Ok,
    };
    let renderer = Renderer::new();
    let look = args.look.diagram();
    let draw = |ply: &fenkit::games::GamePly| {
        renderer
            .rgba(&ply.setup, &look.for_ply(ply))
            .map_err(io::Error::other)
    };
    let mut gif = Vec::new();
    let Some(first) = plies.first() else {
        out.note(&format!(
            "fen: {source}: game {number} has no position to draw"
        ))?;
        return Ok(Status::BadRecords);
    };
    let (width, height, _) = draw(first)?;
    let mut encoder =
        gif::Encoder::new(&mut gif, width as u16, height as u16, &[]).map_err(io::Error::other)?;
    encoder
        .set_repeat(gif::Repeat::Infinite)
        .map_err(io::Error::other)?;
    for (index, ply) in plies.iter().enumerate() {
        let (width, height, mut pixels) = draw(ply)?;
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
