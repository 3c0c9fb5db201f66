//! What engine matches and self-play share: the openings, the schedule of pairs, how
//! many games at once, the SPRT that may stop early, and the record file.

use std::path::PathBuf;

use crate::openings::OpeningSource;
use crate::schedule::Schedule;
use crate::stats::Sprt;

/// A series of game pairs: each pair plays one opening twice, colours swapped.
#[derive(Clone, Debug)]
pub struct Series {
    /// Where each pair's start position comes from.
    pub openings: OpeningSource,
    /// The pairs to play (fewer if the SPRT decides first).
    pub schedule: Schedule,
    /// Games played at once (at least one worker runs).
    pub concurrency: usize,
    /// The sequential test that stops the series once it decides.
    pub sprt: Option<Sprt>,
    /// The record file to write.
    pub record: Option<PathBuf>,
}

impl Series {
    /// What decides the games of the whole series (every shard of it), as `key=value`
    /// words for a record file's header: the openings and the number of games planned.
    /// Shards of one series have equal settings.
    pub fn settings(&self) -> String {
        format!(
            "{} games={}",
            self.openings.settings(),
            2 * self.schedule.total_pairs()
        )
    }
}
