//! Writing a certificate file: through a temporary file renamed into place, so that a
//! failure or a kill never leaves half a certificate under the name asked for.

use std::ffi::OsString;
use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use konane_verify::AnyCertificate;

/// Writes `certificate` to `path`; its size in bytes.
pub fn save(certificate: &AnyCertificate, path: &Path) -> Result<u64> {
    let mut temporary = OsString::from(path.as_os_str());
    temporary.push(".partial");
    let temporary = PathBuf::from(temporary);
    let written = File::create(&temporary)
        .and_then(|file| certificate.write(BufWriter::new(file)))
        .and_then(|()| std::fs::rename(&temporary, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temporary);
        return Err(e).with_context(|| format!("cannot write the certificate {}", path.display()));
    }
    Ok(std::fs::metadata(path).map_or(0, |m| m.len()))
}

/// `N won + M lost records, leaf limit K pieces, B bytes, format version V`.
pub fn describe(certificate: &AnyCertificate, bytes: u64) -> String {
    format!(
        "{} won + {} lost records, leaf limit {} pieces, {bytes} bytes, format version {}",
        certificate.won_count(),
        certificate.lost_count(),
        certificate.leaf_pieces(),
        certificate.version()
    )
}
