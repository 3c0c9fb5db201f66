//! Shards: the K-th of N disjoint parts of numbered work (the game pairs of a match,
//! the units of a split solve), written `K/N`, so that N machines each take one part.

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// Part `index` (from 1) of `count` parts.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Shard {
    index: u64,
    count: u64,
}

/// Why a text is not a shard.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum ShardError {
    /// No parts, or a part number of 0 or above the number of parts.
    OutOfRange { index: u64, count: u64 },
    /// The text (given) is not two whole numbers around a slash.
    Syntax(String),
}

impl fmt::Display for ShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShardError::OutOfRange { index, count } => {
                write!(f, "shard {index}/{count}: K/N needs 1 <= K <= N")
            }
            ShardError::Syntax(text) => write!(f, "'{text}' is not K/N (for example 3/8)"),
        }
    }
}

impl std::error::Error for ShardError {}

impl Shard {
    /// The whole work as one part: `1/1`.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Part `index` of `count`; `index` runs from 1 to `count`.
    pub fn new(index: u64, count: u64) -> Result<Shard, ShardError> {
        if count == 0 || index == 0 || index > count {
            return Err(ShardError::OutOfRange { index, count });
        }
        Ok(Shard { index, count })
    }

    /// The part's number, from 1.
    pub const fn index(self) -> u64 {
        self.index
    }

    /// The number of parts.
    pub const fn count(self) -> u64 {
        self.count
    }

    /// Whether this is the whole work (`1/1`).
    pub const fn is_whole(self) -> bool {
        self.count == 1
    }

    /// This part of the items `0..total` as one block: the blocks of the N parts follow
    /// each other in order and differ in length by at most one item.
    pub fn block(self, total: u64) -> Range<u64> {
        let bound = |k: u64| (k as u128 * total as u128 / self.count as u128) as u64;
        bound(self.index - 1)..bound(self.index)
    }

    /// Whether item `item` (from 0) is in this part when the items are dealt out in
    /// turn: item 0 to part 1, item 1 to part 2, …, item N to part 1 again.
    pub const fn deals(self, item: u64) -> bool {
        item % self.count == self.index - 1
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    /// `K/N` such as `3/8`.
    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let syntax = || ShardError::Syntax(text.to_string());
        let (index, count) = text.trim().split_once('/').ok_or_else(syntax)?;
        let number = |s: &str| -> Result<u64, ShardError> {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            s.parse().map_err(|_| syntax())
        };
        Shard::new(number(index)?, number(count)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_and_print() {
        let shard: Shard = "3/8".parse().unwrap();
        assert_eq!((shard.index(), shard.count()), (3, 8));
        assert_eq!(shard.to_string(), "3/8");
        assert!(Shard::WHOLE.is_whole() && !shard.is_whole());
        for bad in ["", "3", "0/8", "9/8", "1/0", "a/b", "-1/2", "1/2/3", " /2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        let error = "9/8".parse::<Shard>().unwrap_err().to_string();
        assert!(error.contains("1 <= K <= N"), "{error}");
    }

    #[test]
    fn blocks_cover_the_items_once_in_order() {
        for total in [0u64, 1, 5, 20, 97] {
            for count in 1..=7 {
                let mut next = 0;
                for index in 1..=count {
                    let block = Shard::new(index, count).unwrap().block(total);
                    assert_eq!(block.start, next);
                    assert!(block.end - block.start <= total.div_ceil(count));
                    next = block.end;
                }
                assert_eq!(next, total);
            }
        }
    }

    #[test]
    fn dealt_items_go_to_exactly_one_part() {
        for item in 0..50 {
            let owners = (1..=6)
                .filter(|&k| Shard::new(k, 6).unwrap().deals(item))
                .count();
            assert_eq!(owners, 1);
        }
        assert!(Shard::new(2, 3).unwrap().deals(4));
    }
}
