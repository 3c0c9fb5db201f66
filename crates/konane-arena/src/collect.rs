//! Collecting finished pairs: the tally, the record file, the progress report and the
//! SPRT's stop, shared by engine matches and self-play.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use crate::error::ArenaError;
use crate::record::{write_header, GameRecord};
use crate::stats::{Decision, Sprt};
use crate::tally::Tally;

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

/// The results of a finished match.
#[derive(Clone, Debug)]
pub struct MatchOutcome {
    pub tally: Tally,
    pub sprt: Option<SprtOutcome>,
}

/// Called with the tally after each pair is counted (to show the match's progress).
pub type Progress<'a> = &'a mut dyn FnMut(&Tally);

/// Takes finished pairs in, keeps the tally, writes the records, reports progress, and
/// asks to stop once the SPRT decides.
pub struct Collector<'a> {
    tally: Tally,
    sprt: Option<Sprt>,
    decision: Option<(Decision, u64)>,
    ignored_pairs: u64,
    records: Option<(BufWriter<File>, PathBuf)>,
    error: Option<ArenaError>,
    progress: Progress<'a>,
}

impl<'a> Collector<'a> {
    /// A collector for the games between the engines of `tally`, writing records to
    /// `record_path` (after a header naming the engines) when given.
    pub fn new(
        tally: Tally,
        sprt: Option<Sprt>,
        record_path: Option<&Path>,
        engines: &[(String, String)],
        progress: Progress<'a>,
    ) -> Result<Collector<'a>, ArenaError> {
        let records = match record_path {
            Some(path) => {
                let file = File::create(path).map_err(|source| ArenaError::CreateRecord {
                    path: path.to_path_buf(),
                    source,
                })?;
                let mut writer = BufWriter::new(file);
                write_header(&mut writer, engines)
                    .and_then(|()| writer.flush())
                    .map_err(|source| ArenaError::Write {
                        path: path.to_path_buf(),
                        source,
                    })?;
                Some((writer, path.to_path_buf()))
            }
            None => None,
        };
        Ok(Collector {
            tally,
            sprt,
            decision: None,
            ignored_pairs: 0,
            records,
            error: None,
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
                self.error = Some(ArenaError::UnknownPlayer(unknown.0));
            }
            if let Some((writer, path)) = &mut self.records {
                if let Err(source) = record.write(writer).and_then(|()| writer.flush()) {
                    self.error = Some(ArenaError::Write {
                        path: path.clone(),
                        source,
                    });
                }
            }
        }
        (self.progress)(&self.tally);
        if let (Some(sprt), None) = (&self.sprt, self.decision) {
            if let Some(decision) = sprt.decide(sprt.llr(self.tally.pairs())) {
                self.decision = Some((decision, self.tally.pairs().pairs()));
            }
        }
        if self.decision.is_some() || self.error.is_some() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// The outcome, or the last error met while counting or writing records.
    pub fn finish(self) -> Result<MatchOutcome, ArenaError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let sprt = self.sprt.map(|sprt| SprtOutcome {
            sprt,
            llr: sprt.llr(self.tally.pairs()),
            decision: self.decision,
            ignored_pairs: self.ignored_pairs,
        });
        Ok(MatchOutcome {
            tally: self.tally,
            sprt,
        })
    }
}
