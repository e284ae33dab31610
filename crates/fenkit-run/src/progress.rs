//! A progress bar on standard error for long runs: bytes and lines read,
//! rates, and the share done with its ETA when the input's size is known.
//! It appears after a second, and only on a terminal unless asked.

use std::{
    sync::OnceLock,
    time::{Duration, Instant},
};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// When to show something that only makes sense on a terminal.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum When {
    #[default]
    Auto,
    Always,
    Never,
}

/// The bar of this run, once shown: writes to standard error go around it.
static BAR: OnceLock<ProgressBar> = OnceLock::new();

/// Runs `write` with the bar, if any, out of the way.
pub fn around_bar<T>(write: impl FnOnce() -> T) -> T {
    match BAR.get() {
        Some(bar) if !bar.is_hidden() => bar.suspend(write),
        _ => write(),
    }
}

pub struct Progress {
    show: bool,
    total: Option<u64>,
    started: Instant,
    bytes: u64,
    lines: u64,
    bar: Option<ProgressBar>,
    /// How long a run goes before the bar shows: a second, or what
    /// FEN_PROGRESS_AFTER_MS says (for tests).
    delay: Duration,
}

/// Lines between looks at the clock.
const EVERY: u64 = 8192;

impl Progress {
    /// `total` is the input's size in bytes, when every input is a file.
    pub fn new(when: When, total: Option<u64>) -> Progress {
        use std::io::IsTerminal;
        let show = match when {
            When::Always => true,
            When::Never => false,
            When::Auto => std::io::stderr().is_terminal(),
        };
        Progress {
            show,
            total,
            started: Instant::now(),
            bytes: 0,
            lines: 0,
            bar: None,
            delay: std::env::var("FEN_PROGRESS_AFTER_MS")
                .ok()
                .and_then(|ms| ms.parse().ok())
                .map_or(Duration::from_secs(1), Duration::from_millis),
        }
    }

    /// Counts a line of `bytes` (its line break included).
    pub fn line(&mut self, bytes: u64) {
        self.bytes += bytes;
        self.lines += 1;
        if self.show && self.lines.is_multiple_of(EVERY) {
            self.update();
        }
    }

    /// Counts `lines` lines of `bytes` in all.
    pub fn lines(&mut self, lines: u64, bytes: u64) {
        self.bytes += bytes;
        self.lines += lines;
        if self.show {
            self.update();
        }
    }

    fn update(&mut self) {
        let bar = self.bar.get_or_insert_with(|| {
            // Counting from the start keeps rates and the ETA right; the
            // bar shows once the run has taken a second.
            let bar = ProgressBar::with_draw_target(self.total, ProgressDrawTarget::hidden());
            let template = match self.total {
                Some(_) => "{elapsed} [{bar:20}] {percent}% of {total_bytes}, {bytes_per_sec}, ETA {eta}, {msg}",
                None => "{elapsed} {spinner} {bytes}, {bytes_per_sec}, {msg}",
            };
            let style = ProgressStyle::with_template(template)
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> ");
            bar.set_style(style);
            bar.reset_elapsed();
            bar
        });
        bar.set_position(self.bytes);
        let rate = self.lines as f64 / self.started.elapsed().as_secs_f64();
        bar.set_message(format!(
            "{} lines, {:.0}k lines/s",
            self.lines,
            rate / 1000.0
        ));
        if bar.is_hidden() && self.started.elapsed() >= self.delay {
            // Asked for, the bar is drawn even where standard error is no
            // terminal (indicatif would hide it there).
            bar.set_draw_target(ProgressDrawTarget::term_like_with_hz(
                Box::new(console::Term::buffered_stderr()),
                10,
            ));
            bar.enable_steady_tick(Duration::from_millis(200));
            let _ = BAR.set(bar.clone());
        }
    }

    /// Clears the bar, if it was shown.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}
