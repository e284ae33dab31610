//! `fen tb`: what best play makes of each position, from Syzygy endgame
//! tables (`fenkit_tb`).

use std::sync::Arc;

use fenkit::{Diagnostic, Field, Span};
use fenkit_games::export::Export;
use fenkit_tb::Tables;

use crate::options::Syzygy;
use shakmaty::Position;

use super::prelude::*;

/// Probe Syzygy endgame tables: for each position, its result for the
/// side to move (lichess's category: win, cursed-win, draw, blessed-loss,
/// loss, maybe-win or maybe-loss where the halfmove clock and DTZ's
/// rounding leave it open), its WDL (-2 to 2, the halfmove clock not
/// counted) and DTZ (plies to a capture or pawn move), and every legal
/// move's, best first. A position the tables cannot answer (more pieces
/// than they hold, a table missing, castling rights) is an error naming
/// why, and the others are answered. The tables are those of --syzygy,
/// else of SYZYGY_PATH (folders split by ':').
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: Inputs,
    #[command(flatten)]
    pub syzygy: Syzygy,
    /// tsv: the FEN, category, wdl, dtz and the best move (SAN), after a
    /// header line; json: one object a position in lichess's tablebase
    /// shape (category, dtz, precise_dtz, checkmate, stalemate,
    /// insufficient_material, moves with uci, san, zeroing, category, dtz…)
    /// with wdl, fen, source and line.
    #[arg(long, value_enum, default_value_t)]
    pub format: TbFormat,
    /// Write each position's line of best play to the game's end (each
    /// move the tables' DTZ-optimal one) as a PGN game from it, its result
    /// the tables' verdict.
    #[arg(long, conflicts_with = "format")]
    pub best: bool,
}

/// `--format`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum TbFormat {
    #[default]
    Tsv,
    Json,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let tables = match args.syzygy.needed() {
        Ok(tables) => tables,
        Err(why) => {
            out.note(&format!("fen: tb: {why}"))?;
            return Ok(Status::Failed);
        }
    };
    let format = match args.best {
        true => None,
        false => Some(args.format),
    };
    if format == Some(TbFormat::Tsv) {
        out.stdout()
            .extend_from_slice(b"fen\tcategory\twdl\tdtz\tbest\n");
    }
    let read = args.inputs.read_options();
    let mut job = Probe {
        read,
        tables,
        format,
    };
    run::stream(&mut job, args.inputs.config(), out)
}

#[derive(Clone)]
struct Probe {
    read: ReadOptions,
    tables: Arc<Tables>,
    /// `None` for `--best`.
    format: Option<TbFormat>,
}

impl Job for Probe {
    fn record(&mut self, record: &Record, out: &mut Output) -> io::Result<bool> {
        let Some(position) = legal_reported(&self.read, record, out)? else {
            return Ok(false);
        };
        let answered = self.tables.answer(&position).and_then(|answer| {
            let line = match self.format {
                Some(_) => Vec::new(),
                None => self.tables.best_line(&position)?.0,
            };
            Ok((answer, line))
        });
        let (answer, line) = match answered {
            Ok(answered) => answered,
            Err(why) => {
                let span = Span::at(0, record.bytes.len());
                let message = format!("not in the tables: {why}");
                let found =
                    Diagnostic::new(crate::codes::NOT_IN_TABLES, Field::Record, span, message);
                out.diagnostics(record, &[found])?;
                return Ok(false);
            }
        };
        let fen = fenkit::Fen::from_position(&position).to_string();
        let text = out.stdout();
        match self.format {
            Some(TbFormat::Tsv) => {
                let best = answer.moves.first().map_or("-", |m| m.san.as_str());
                let (category, wdl, dtz) = (answer.category, answer.wdl, answer.dtz);
                writeln!(text, "{fen}\t{category}\t{wdl}\t{dtz}\t{best}")?;
            }
            Some(TbFormat::Json) => {
                let mut object = serde_json::to_value(&answer)?;
                object["fen"] = fen.into();
                object["source"] = fenkit::printable(record.source).into();
                object["line"] = record.line_number.into();
                serde_json::to_writer(&mut *text, &object)?;
                text.push(b'\n');
            }
            None => {
                let result = answer.game_result(position.turn());
                let start = VariantPosition::Chess(position);
                Export::default().write_line(&start, &line, result, text);
            }
        }
        Ok(true)
    }
}

impl Parallel for Probe {
    type Handed = ();

    fn fork(&self) -> Self {
        self.clone()
    }
}
