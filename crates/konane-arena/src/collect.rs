//! Collecting finished pairs: the tally with the SPRT's stop (a [`Scoreboard`], which
//! merging shards uses too), the record file and the progress report, shared by engine
//! matches and self-play.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;

use crate::error::ArenaError;
use crate::record::{GameRecord, Records, SeriesHeader};
use crate::series::Series;
use crate::stats::{Decision, Sprt};
use crate::tally::{Tally, UnknownPlayer};

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

/// The tally of pairs in the order they are added, and the SPRT that stops counting
/// once it decides: pairs added after the decision are only counted as ignored.
pub struct Scoreboard {
    tally: Tally,
    sprt: Option<Sprt>,
    decision: Option<(Decision, u64)>,
    ignored_pairs: u64,
}

impl Scoreboard {
    /// A scoreboard for the games between the engines of `tally`.
    pub fn new(tally: Tally, sprt: Option<Sprt>) -> Scoreboard {
        Scoreboard {
            tally,
            sprt,
            decision: None,
            ignored_pairs: 0,
        }
    }

    /// Counts a pair, unless the SPRT has already decided; breaks once it has.
    pub fn add_pair(&mut self, pair: &[GameRecord; 2]) -> Result<ControlFlow<()>, UnknownPlayer> {
        if self.decision.is_some() {
            self.ignored_pairs += 1;
            return Ok(ControlFlow::Break(()));
        }
        for record in pair {
            self.tally.add(record)?;
        }
        if let Some(sprt) = &self.sprt {
            if let Some(decision) = sprt.decide(sprt.llr(self.tally.pairs())) {
                self.decision = Some((decision, self.tally.pairs().pairs()));
                return Ok(ControlFlow::Break(()));
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// Whether the SPRT has decided: pairs offered from now on are not counted.
    pub fn decided(&self) -> bool {
        self.decision.is_some()
    }

    /// The pairs counted so far.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// The outcome: the tally and where the SPRT stands.
    pub fn finish(self) -> MatchOutcome {
        let sprt = self.sprt.map(|sprt| SprtOutcome {
            sprt,
            llr: sprt.llr(self.tally.pairs()),
            decision: self.decision,
            ignored_pairs: self.ignored_pairs,
        });
        MatchOutcome {
            tally: self.tally,
            sprt,
        }
    }
}

/// Takes finished pairs in, keeps the scoreboard, writes the records, reports progress,
/// and asks to stop once the SPRT decides.
pub struct Collector<'a> {
    scoreboard: Scoreboard,
    records: Option<(BufWriter<File>, PathBuf)>,
    error: Option<ArenaError>,
    progress: Progress<'a>,
}

impl<'a> Collector<'a> {
    /// A collector for the games of `series` between the engines of `tally`, writing
    /// its record file (after a header naming the engines, `(name, description)`, and
    /// the series) when the series has one. A shard of a series plays its whole part:
    /// its SPRT is only written down, to be decided on the merged shards.
    pub fn new(
        tally: Tally,
        series: &Series,
        engines: &[(String, String)],
        progress: Progress<'a>,
    ) -> Result<Collector<'a>, ArenaError> {
        let records = match &series.record {
            Some(path) => {
                let file = File::create(path).map_err(|source| ArenaError::CreateRecord {
                    path: path.to_path_buf(),
                    source,
                })?;
                let mut writer = BufWriter::new(file);
                let header = Records {
                    engines: engines.to_vec(),
                    series: Some(SeriesHeader {
                        settings: series.settings(),
                        shard: series.schedule.shard(),
                        sprt: series.sprt,
                    }),
                    games: Vec::new(),
                };
                header
                    .write_header(&mut writer)
                    .and_then(|()| writer.flush())
                    .map_err(|source| ArenaError::Write {
                        path: path.to_path_buf(),
                        source,
                    })?;
                Some((writer, path.to_path_buf()))
            }
            None => None,
        };
        let sprt = series.sprt.filter(|_| series.schedule.shard().is_whole());
        Ok(Collector {
            scoreboard: Scoreboard::new(tally, sprt),
            records,
            error: None,
            progress,
        })
    }

    /// Counts a finished pair; breaks when the SPRT has decided or records cannot be
    /// written. Pairs that finish after the decision are left out, so that the final
    /// counts and the records are those the decision was made on.
    pub fn add_pair(&mut self, pair: [GameRecord; 2]) -> ControlFlow<()> {
        let decided_before = self.scoreboard.decided();
        let flow = match self.scoreboard.add_pair(&pair) {
            Ok(flow) => flow,
            Err(unknown) => {
                self.error = Some(ArenaError::UnknownPlayer(unknown.0));
                ControlFlow::Break(())
            }
        };
        if decided_before {
            return ControlFlow::Break(());
        }
        if let Some((writer, path)) = &mut self.records {
            for record in &pair {
                if let Err(source) = record.write(writer).and_then(|()| writer.flush()) {
                    self.error = Some(ArenaError::Write {
                        path: path.clone(),
                        source,
                    });
                }
            }
        }
        (self.progress)(self.scoreboard.tally());
        if self.error.is_some() {
            ControlFlow::Break(())
        } else {
            flow
        }
    }

    /// The outcome, or the last error met while counting or writing records.
    pub fn finish(self) -> Result<MatchOutcome, ArenaError> {
        match self.error {
            Some(error) => Err(error),
            None => Ok(self.scoreboard.finish()),
        }
    }
}
