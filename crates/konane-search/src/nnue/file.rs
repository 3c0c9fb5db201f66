//! The net file: a small binary, little-endian throughout.
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | magic `KONANNUE` |
//! | 4 | format version (`u32`, [`VERSION`]) |
//! | 1, 1 | board width and height (8, 8) |
//! | 2 | reserved, 0 |
//! | 4, 4, 4 | inputs, accumulator and hidden neurons (`u32`: 128, 256, 16) |
//! | 4 | scale: centi-moves per unit of output (`i32`, positive) |
//! | inputs·accumulator·2 | feature weights, `i16`, feature by feature |
//! | accumulator·2 | accumulator bias, `i16` |
//! | hidden·2·accumulator | hidden weights, `i8`, neuron by neuron (side to move's half first) |
//! | hidden·4 | hidden bias, `i32` |
//! | hidden | output weights, `i8` |
//! | 4 | output bias, `i32` |
//! | 4 | CRC-32 (IEEE) of every byte before it |
//!
//! A file is refused, with a [`NetError`] naming what is wrong, when it is too short or
//! too long, has another magic, version, board or layer sizes than this build reads,
//! fails its checksum, has a scale that is not positive, or has an accumulator neuron
//! whose bias and weights could overflow `i16` (the sum of their sizes above
//! `i16::MAX`): a loaded net's accumulator never overflows, whatever the position.

use super::{Network, ACCUMULATOR, BOARD, HIDDEN, INPUTS};

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"KONANNUE";
/// The format version this build reads and writes.
pub const VERSION: u32 = 1;
/// Bytes before the weights.
const HEADER: usize = 32;
/// Bytes of the whole file.
const LENGTH: usize = HEADER
    + INPUTS * ACCUMULATOR * 2
    + ACCUMULATOR * 2
    + HIDDEN * 2 * ACCUMULATOR
    + HIDDEN * 4
    + HIDDEN
    + 4
    + 4;

/// Why a net file was refused.
#[derive(Debug, thiserror::Error)]
pub enum NetError {
    #[error("cannot read net file {0}: {1}")]
    Io(String, #[source] std::io::Error),
    #[error("not a Konane net file (it does not start with KONANNUE)")]
    Magic,
    #[error("net file version {found}, this engine reads version {VERSION}")]
    Version { found: u32 },
    #[error("net for a {width}x{height} board, this engine's nets are for 8x8")]
    Board { width: u8, height: u8 },
    #[error("net has {found} {layer} neurons, this engine's nets have {expected}")]
    Shape {
        layer: &'static str,
        found: u32,
        expected: u32,
    },
    #[error("net file is {found} bytes, a net of this shape is {expected}")]
    Length { found: usize, expected: usize },
    #[error("net file checksum {stored:#010x} does not match its contents ({computed:#010x}): the file is damaged")]
    Checksum { stored: u32, computed: u32 },
    #[error("net scale {0} is not positive")]
    Scale(i32),
    #[error("accumulator neuron {neuron} could overflow: its bias and weights sum to {bound} in size, above {max}", max = i16::MAX)]
    Overflow { neuron: usize, bound: i64 },
}

/// Reads little-endian numbers from the front of a byte slice (whose length was checked).
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let (head, rest) = self.0.split_at(N);
        self.0 = rest;
        head.try_into().expect("split at N")
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }
    fn i32(&mut self) -> i32 {
        i32::from_le_bytes(self.take())
    }
    fn i16(&mut self) -> i16 {
        i16::from_le_bytes(self.take())
    }
    fn i8(&mut self) -> i8 {
        i8::from_le_bytes(self.take())
    }
}

impl Network {
    /// The net in a file's bytes, or why they are refused.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetError> {
        if bytes.len() < HEADER {
            return Err(if bytes.starts_with(MAGIC) || MAGIC.starts_with(bytes) {
                NetError::Length {
                    found: bytes.len(),
                    expected: LENGTH,
                }
            } else {
                NetError::Magic
            });
        }
        let mut r = Reader(bytes);
        if &r.take::<8>() != MAGIC {
            return Err(NetError::Magic);
        }
        let version = r.u32();
        if version != VERSION {
            return Err(NetError::Version { found: version });
        }
        let [width, height, _, _] = r.take::<4>();
        if (width, height) != (BOARD.width(), BOARD.height()) {
            return Err(NetError::Board { width, height });
        }
        for (layer, expected) in [
            ("input", INPUTS),
            ("accumulator", ACCUMULATOR),
            ("hidden", HIDDEN),
        ] {
            let found = r.u32();
            if found != expected as u32 {
                return Err(NetError::Shape {
                    layer,
                    found,
                    expected: expected as u32,
                });
            }
        }
        if bytes.len() != LENGTH {
            return Err(NetError::Length {
                found: bytes.len(),
                expected: LENGTH,
            });
        }
        let (body, stored) = bytes.split_at(LENGTH - 4);
        let stored = u32::from_le_bytes(stored.try_into().expect("4 bytes"));
        let computed = crc32fast::hash(body);
        if stored != computed {
            return Err(NetError::Checksum { stored, computed });
        }
        let scale = r.i32();
        if scale <= 0 {
            return Err(NetError::Scale(scale));
        }
        let mut net = Network {
            feature_weights: Box::new([[0; ACCUMULATOR]; INPUTS]),
            feature_bias: [0; ACCUMULATOR],
            hidden_weights: Box::new([[0; 2 * ACCUMULATOR]; HIDDEN]),
            hidden_bias: [0; HIDDEN],
            output_weights: [0; HIDDEN],
            output_bias: 0,
            scale,
        };
        for column in net.feature_weights.iter_mut() {
            column.iter_mut().for_each(|w| *w = r.i16());
        }
        net.feature_bias.iter_mut().for_each(|b| *b = r.i16());
        for row in net.hidden_weights.iter_mut() {
            row.iter_mut().for_each(|w| *w = r.i8());
        }
        net.hidden_bias.iter_mut().for_each(|b| *b = r.i32());
        net.output_weights.iter_mut().for_each(|w| *w = r.i8());
        net.output_bias = r.i32();
        for neuron in 0..ACCUMULATOR {
            let bound = (net.feature_bias[neuron] as i64).abs()
                + net
                    .feature_weights
                    .iter()
                    .map(|column| (column[neuron] as i64).abs())
                    .sum::<i64>();
            if bound > i16::MAX as i64 {
                return Err(NetError::Overflow { neuron, bound });
            }
        }
        Ok(net)
    }

    /// The net as a file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(LENGTH);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&[BOARD.width(), BOARD.height(), 0, 0]);
        for size in [INPUTS, ACCUMULATOR, HIDDEN] {
            out.extend_from_slice(&(size as u32).to_le_bytes());
        }
        out.extend_from_slice(&self.scale.to_le_bytes());
        for column in self.feature_weights.iter() {
            column
                .iter()
                .for_each(|w| out.extend_from_slice(&w.to_le_bytes()));
        }
        self.feature_bias
            .iter()
            .for_each(|b| out.extend_from_slice(&b.to_le_bytes()));
        for row in self.hidden_weights.iter() {
            row.iter()
                .for_each(|w| out.extend_from_slice(&w.to_le_bytes()));
        }
        self.hidden_bias
            .iter()
            .for_each(|b| out.extend_from_slice(&b.to_le_bytes()));
        self.output_weights
            .iter()
            .for_each(|w| out.extend_from_slice(&w.to_le_bytes()));
        out.extend_from_slice(&self.output_bias.to_le_bytes());
        let checksum = crc32fast::hash(&out);
        out.extend_from_slice(&checksum.to_le_bytes());
        debug_assert_eq!(out.len(), LENGTH);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::random_net;
    use super::*;

    /// `bytes` with a correct checksum again after an edit.
    fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
        let body = bytes.len() - 4;
        let checksum = crc32fast::hash(&bytes[..body]);
        bytes[body..].copy_from_slice(&checksum.to_le_bytes());
        bytes
    }

    fn refused(bytes: &[u8]) -> String {
        Network::from_bytes(bytes).unwrap_err().to_string()
    }

    #[test]
    fn a_net_round_trips_through_its_bytes() {
        let net = random_net(1);
        let bytes = net.to_bytes();
        assert_eq!(bytes.len(), LENGTH);
        assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
        let dir = std::env::temp_dir().join(format!("konane-nnue-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("net.nnue");
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(Network::load(&path).unwrap(), net);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn bad_files_are_refused_saying_why() {
        let good = random_net(2).to_bytes();
        assert!(refused(b"").contains("bytes"));
        assert!(refused(b"hello world, this is not a net file").contains("KONANNUE"));
        assert!(refused(&good[..100]).contains("is 100 bytes"));
        let mut long = good.clone();
        long.push(0);
        assert!(refused(&long).contains("bytes"));
        let mut version = good.clone();
        version[8] = 9;
        assert!(refused(&version).contains("version 9"));
        let mut board = good.clone();
        board[12] = 6;
        assert!(refused(&board).contains("6x8 board"));
        let mut shape = good.clone();
        shape[20..24].copy_from_slice(&32u32.to_le_bytes());
        assert!(refused(&shape).contains("32 accumulator neurons"));
        let mut damaged = good.clone();
        damaged[HEADER + 5] ^= 1;
        assert!(refused(&damaged).contains("damaged"));
        let mut scale = good.clone();
        scale[28..32].copy_from_slice(&0i32.to_le_bytes());
        assert!(refused(&resealed(scale)).contains("scale 0"));
        // Neuron 3's weight for the first feature made huge.
        let mut overflow = good.clone();
        let at = HEADER + 3 * 2;
        overflow[at..at + 2].copy_from_slice(&30_000i16.to_le_bytes());
        assert!(refused(&resealed(overflow)).contains("neuron 3 could overflow"));
        let missing = Network::load(std::path::Path::new("/nonexistent/net.nnue")).unwrap_err();
        assert!(missing.to_string().contains("/nonexistent/net.nnue"));
    }
}
