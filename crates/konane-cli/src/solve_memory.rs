//! The memory of `konane solve`: the limit its tables keep to (`--memory`, by default a
//! share of what the machine has available), and the process's resident memory for the
//! progress line and the report.

use bytesize::ByteSize;

/// How the memory given to the solver's tables is split: two thirds for the proof
/// table, one third for the tables of proof numbers.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct MemoryBudget {
    /// Bytes the proof table may take.
    pub table: u64,
    /// Bytes the tables of proof and disproof numbers may take, all threads together.
    pub numbers: u64,
}

impl MemoryBudget {
    /// The split of `total` bytes.
    pub fn of(total: u64) -> MemoryBudget {
        MemoryBudget {
            table: total / 3 * 2,
            numbers: total / 3,
        }
    }

    /// The default: three eighths of the `available` bytes, a quarter for the proof
    /// table and an eighth for the tables of proof numbers.
    pub fn default_for(available: u64) -> MemoryBudget {
        MemoryBudget {
            table: available / 4,
            numbers: available / 8,
        }
    }

    /// The bytes of both parts together.
    pub fn total(&self) -> u64 {
        self.table + self.numbers
    }
}

/// Parses `--memory`: a size with an optional unit (`16GiB`, `512MiB`, `1.5G`, bytes
/// without one), at least 64 MiB.
pub fn parse_memory(text: &str) -> Result<u64, String> {
    let size: ByteSize = text.trim().parse().map_err(|e: String| {
        format!("'{text}' is not a size ({e}); write it like 16GiB, 512MiB or 1.5G")
    })?;
    if size.as_u64() < 64 << 20 {
        return Err(format!(
            "'{text}' is {size}: the solver's tables need at least 64 MiB"
        ));
    }
    Ok(size.as_u64())
}

/// The memory this machine has available, in bytes (`MemAvailable` of /proc/meminfo;
/// 4 GiB where that cannot be read).
pub fn available_memory() -> u64 {
    meminfo_kib("/proc/meminfo", "MemAvailable:").map_or(4 << 30, |kib| kib * 1024)
}

/// This process's resident memory now, in bytes (`VmRSS`), where the system says.
pub fn resident() -> Option<u64> {
    meminfo_kib("/proc/self/status", "VmRSS:").map(|kib| kib * 1024)
}

/// This process's peak resident memory so far, in bytes (`VmHWM`), where the system says.
pub fn peak_resident() -> Option<u64> {
    meminfo_kib("/proc/self/status", "VmHWM:").map(|kib| kib * 1024)
}

/// The number of kiB on the line of `path` that starts with `field`.
fn meminfo_kib(path: &str, field: &str) -> Option<u64> {
    let text = std::fs::read_to_string(path).ok()?;
    let line = text.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// `bytes` for people: `5.26 GB`-style, in powers of 1000 as `top` and `free -h --si` show.
pub fn show(bytes: u64) -> String {
    ByteSize(bytes).display().si().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_units_and_small_ones_are_refused() {
        assert_eq!(parse_memory("16GiB"), Ok(16 << 30));
        assert_eq!(parse_memory("512 MiB"), Ok(512 << 20));
        assert_eq!(parse_memory("2G"), Ok(2_000_000_000));
        assert_eq!(parse_memory("1.5GiB"), Ok(3 << 29));
        assert!(parse_memory("16 apples")
            .unwrap_err()
            .contains("not a size"));
        assert!(parse_memory("").is_err());
        assert!(parse_memory("1MiB")
            .unwrap_err()
            .contains("at least 64 MiB"));
    }

    #[test]
    fn the_budget_splits_two_to_one_and_the_default_is_three_eighths() {
        assert_eq!(
            MemoryBudget::of(3 << 30),
            MemoryBudget {
                table: 2 << 30,
                numbers: 1 << 30
            }
        );
        let default = MemoryBudget::default_for(8 << 30);
        assert_eq!(default.table, 2 << 30);
        assert_eq!(default.numbers, 1 << 30);
        assert_eq!(default.total(), 3 << 30);
    }

    #[test]
    fn the_machine_and_the_process_say_how_much_memory() {
        assert!(available_memory() > 0);
        if cfg!(target_os = "linux") {
            let (now, peak) = (resident().unwrap(), peak_resident().unwrap());
            assert!(now > 0 && peak >= now, "{now} {peak}");
        }
    }
}
