//! The optional protocol log of a match: every line sent to and received from each
//! engine, with the milliseconds since the match started.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// A shared log file; cloning it shares the file. Write errors are ignored: the log
/// is an aid and must not stop a match.
#[derive(Clone)]
pub struct ProtocolLog {
    file: Arc<Mutex<BufWriter<File>>>,
    started: Instant,
}

impl ProtocolLog {
    /// Creates (or truncates) the log file.
    pub fn create(path: &Path) -> std::io::Result<ProtocolLog> {
        Ok(ProtocolLog {
            file: Arc::new(Mutex::new(BufWriter::new(File::create(path)?))),
            started: Instant::now(),
        })
    }

    /// Logs `line` of engine `engine` (process `id`): `direction` is `<` for a line sent
    /// to it and `>` for a line it wrote.
    pub fn line(&self, engine: &str, id: u32, direction: char, line: &str) {
        let ms = self.started.elapsed().as_millis();
        if let Ok(mut file) = self.file.lock() {
            let _ = writeln!(file, "{ms:>9} {engine}#{id} {direction} {line}");
            let _ = file.flush();
        }
    }
}
