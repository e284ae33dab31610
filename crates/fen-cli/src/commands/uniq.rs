//! `fen uniq`: each position once, in the order of first occurrence, by
//! canonical FEN, by the four-field key, or by Polyglot key.

use std::io::IsTerminal;

use fenkit_run::uniq::{KeyKind, Uniq};

use super::prelude::*;

/// Print each position once, in the order of first occurrence.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub inputs: Inputs,
    /// What makes two records the same position.
    #[arg(long, value_enum, default_value_t)]
    pub key: KeyKind,
    /// Print each distinct record once at the end, after its count.
    #[arg(long)]
    pub count: bool,
}

pub fn run(args: Args, out: &mut Output) -> io::Result<Status> {
    let mut uniq = Uniq::new(args.inputs.read_options(), args.key, args.count);
    // A table's rows are kept whole, header included: the other columns
    // are the user's data.
    uniq.rows = args.inputs.field.is_some() || args.inputs.jsonl.is_some();
    uniq.escape = io::stdout().is_terminal();
    // With --count, a CSV row gets its count as one more column, first.
    if args.inputs.field.is_some() {
        uniq.count_separator = args.inputs.delimiter;
    }
    // On several threads, the forks compute the keys and the writer's
    // thread keeps the first occurrences, in input order (`in_order`).
    run::stream(&mut uniq, args.inputs.config(), out)
}
