//! Collecting finished pairs: the tally, the record file, the live progress line and
//! the SPRT's stop, shared by `konane match` and `konane selfplay`.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::path::Path;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};

use super::record::{write_header, GameRecord};
use super::stats::{Decision, Sprt};
use super::tally::Tally;

/// Where an SPRT stood when the match ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtOutcome {
    pub sprt: Sprt,
    /// The ratio over every pair played.
    pub llr: f64,
    /// The hypothesis accepted and after how many pairs, if a bound was crossed.
    pub decision: Option<(Decision, u64)>,
    /// Pairs that finished after the decision: neither counted nor recorded.
    pub ignored_pairs: u64,
}

impl std::fmt::Display for SprtOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (lower, upper) = self.sprt.bounds();
        write!(
            f,
            "SPRT {} (logistic-Elo pentanomial GSPRT): LLR {:.2} ({lower:.2}, {upper:.2}): ",
            self.sprt, self.llr
        )?;
        match self.decision {
            Some((Decision::H1, pairs)) => write!(f, "H1 accepted after {pairs} pairs")?,
            Some((Decision::H0, pairs)) => write!(f, "H0 accepted after {pairs} pairs")?,
            None => f.write_str("no decision yet")?,
        }
        if self.ignored_pairs > 0 {
            let (count, verb) = match self.ignored_pairs {
                1 => ("1 pair".to_string(), "was"),
                n => (format!("{n} pairs"), "were"),
            };
            write!(f, " ({count} that {verb} still running then not counted)")?;
        }
        Ok(())
    }
}

/// The results of a finished match.
#[derive(Clone, Debug)]
pub struct MatchOutcome {
    pub tally: Tally,
    pub sprt: Option<SprtOutcome>,
}

/// Takes finished pairs in, keeps the tally, writes the records and the progress line,
/// and asks to stop once the SPRT decides.
pub struct Collector {
    tally: Tally,
    sprt: Option<Sprt>,
    decision: Option<(Decision, u64)>,
    ignored_pairs: u64,
    planned_games: u64,
    records: Option<(BufWriter<File>, String)>,
    write_error: Option<anyhow::Error>,
    progress: ProgressBar,
}

impl Collector {
    /// A collector for `planned_games` games between the engines of `tally`, writing
    /// records to `record_path` (after a header naming the engines) when given.
    pub fn new(
        tally: Tally,
        sprt: Option<Sprt>,
        planned_games: u64,
        record_path: Option<&Path>,
        engines: &[(String, String)],
    ) -> Result<Collector> {
        let records = match record_path {
            Some(path) => {
                let file = File::create(path)
                    .with_context(|| format!("cannot create the record file {}", path.display()))?;
                let mut writer = BufWriter::new(file);
                write_header(&mut writer, engines)
                    .and_then(|()| writer.flush())
                    .with_context(|| format!("cannot write {}", path.display()))?;
                Some((writer, path.display().to_string()))
            }
            None => None,
        };
        let progress = ProgressBar::new(planned_games);
        progress.set_style(ProgressStyle::with_template("{msg}").expect("a valid template"));
        Ok(Collector {
            tally,
            sprt,
            decision: None,
            ignored_pairs: 0,
            planned_games,
            records,
            write_error: None,
            progress,
        })
    }

    /// Counts a finished pair; breaks when the SPRT has decided or records cannot be
    /// written. Pairs that finish after the decision are left out, so that the final
    /// counts and the records are those the decision was made on.
    pub fn add_pair(&mut self, pair: [GameRecord; 2]) -> ControlFlow<()> {
        if self.decision.is_some() {
            self.ignored_pairs += 1;
            return ControlFlow::Break(());
        }
        for record in &pair {
            if let Err(unknown) = self.tally.add(record) {
                self.write_error = Some(anyhow::anyhow!(
                    "a game was played by '{}', not in the match",
                    unknown.0
                ));
            }
            if let Some((writer, path)) = &mut self.records {
                if let Err(e) = record.write(writer).and_then(|()| writer.flush()) {
                    self.write_error =
                        Some(anyhow::Error::new(e).context(format!("cannot write {path}")));
                }
            }
        }
        self.progress
            .set_message(self.tally.progress(self.planned_games, self.sprt.as_ref()));
        if let (Some(sprt), None) = (&self.sprt, self.decision) {
            if let Some(decision) = sprt.decide(sprt.llr(&self.tally.pairs)) {
                self.decision = Some((decision, self.tally.pairs.pairs()));
            }
        }
        if self.decision.is_some() || self.write_error.is_some() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// The outcome, or the first error met while writing records.
    pub fn finish(self) -> Result<MatchOutcome> {
        self.progress.finish_and_clear();
        if let Some(error) = self.write_error {
            return Err(error);
        }
        let sprt = self.sprt.map(|sprt| SprtOutcome {
            sprt,
            llr: sprt.llr(&self.tally.pairs),
            decision: self.decision,
            ignored_pairs: self.ignored_pairs,
        });
        Ok(MatchOutcome {
            tally: self.tally,
            sprt,
        })
    }
}
