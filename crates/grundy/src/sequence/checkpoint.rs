//! The checkpoint format of long nim-sequence runs: pure encoding and
//! decoding over bytes (the command line does the file I/O).
//!
//! A checkpoint holds everything needed to continue a run exactly: the rule
//! and the values computed so far. Engine state (mask, rare heaps) and the
//! period search are rebuilt from the values by
//! [`Computation::resume`](super::Computation::resume), which replays them
//! exactly as the uninterrupted run saw them.
//!
//! # Format, version 1
//!
//! All integers little-endian.
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `GRUNDYSQ` |
//! | 8 | 4 | format version, `1` |
//! | 12 | 4 | `L`, length of the rule text (at most 8192) |
//! | 16 | `L` | the rule, UTF-8, as grundy prints it (`0.161`, `grundys`) |
//! | 16+L | 8 | the heap count the run was asked for (`u64::MAX`: none) |
//! | 24+L | 8 | `C`, the number of values stored: `G(0..C)` |
//! | 32+L | 2·C | the values, `u16` each |
//! | 32+L+2C | 8 | FNV-1a 64 of every byte before it |
//!
//! The file is exactly `40 + L + 2C` bytes. A file that does not start with
//! the magic, has another version, is shorter or longer than its header
//! says, or fails the checksum is rejected with an error saying which.

use thiserror::Error;

/// The first 8 bytes of every checkpoint.
pub const MAGIC: &[u8; 8] = b"GRUNDYSQ";
/// The format version written.
pub const VERSION: u32 = 1;
/// The longest rule text accepted.
const MAX_RULE: usize = 8192;

/// A decoded checkpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The rule, as printed by grundy.
    pub rule: String,
    /// The heap count the run was asked for, if any.
    pub target: Option<u64>,
    /// `G(0..values.len())`.
    pub values: Vec<u16>,
}

/// Why bytes are not a usable checkpoint.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CheckpointError {
    /// The magic is missing: some other kind of file.
    #[error("not a grundy checkpoint (it does not start with {:?})", std::str::from_utf8(MAGIC).unwrap_or(""))]
    Foreign,
    /// A version this build does not read.
    #[error(
        "checkpoint format version {0} is not supported (this grundy reads version {VERSION})"
    )]
    Version(u32),
    /// Fewer bytes than the header promises.
    #[error("the checkpoint is truncated: {expected} bytes expected, {found} found")]
    Truncated { expected: u64, found: u64 },
    /// More bytes than the header promises.
    #[error("the checkpoint has {extra} bytes of trailing garbage")]
    Trailing { extra: u64 },
    /// The header is inconsistent (rule too long, not UTF-8, …).
    #[error("the checkpoint header is corrupt: {0}")]
    Header(String),
    /// The checksum does not match: bytes changed after writing.
    #[error("the checkpoint is corrupt: its checksum does not match its contents")]
    Checksum,
}

/// FNV-1a, 64 bits.
#[derive(Clone, Copy, Debug)]
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Encodes a checkpoint, handing its bytes to `sink` piece by piece (so a
/// billion values need not be copied into one buffer).
///
/// ```
/// use grundy::sequence::checkpoint::{decode, encode, Checkpoint};
/// let mut bytes = Vec::new();
/// encode("0.77", Some(100), &[0, 1, 2], |b| bytes.extend_from_slice(b));
/// let back = decode(&bytes).unwrap();
/// assert_eq!(back, Checkpoint { rule: "0.77".into(), target: Some(100), values: vec![0, 1, 2] });
/// ```
pub fn encode(rule: &str, target: Option<u64>, values: &[u16], sink: impl FnMut(&[u8])) {
    encode_values(rule, target, values.len(), values.iter().copied(), sink);
}

/// [`encode`] for `count` values read one by one (from a compact store,
/// without a copy of them all); `values` yields exactly `count` values.
pub fn encode_values(
    rule: &str,
    target: Option<u64>,
    count: usize,
    values: impl Iterator<Item = u16>,
    mut sink: impl FnMut(&[u8]),
) {
    let mut hash = Fnv::new();
    let mut emit = |bytes: &[u8]| {
        hash.update(bytes);
        sink(bytes);
    };
    emit(MAGIC);
    emit(&VERSION.to_le_bytes());
    emit(&(rule.len() as u32).to_le_bytes());
    emit(rule.as_bytes());
    emit(&target.unwrap_or(u64::MAX).to_le_bytes());
    emit(&(count as u64).to_le_bytes());
    let mut buf = Vec::with_capacity(1 << 16);
    let mut written = 0;
    for v in values {
        buf.extend_from_slice(&v.to_le_bytes());
        written += 1;
        if buf.len() == 1 << 16 {
            emit(&buf);
            buf.clear();
        }
    }
    assert_eq!(written, count, "encode_values: count and values disagree");
    emit(&buf);
    let sum = hash.0;
    sink(&sum.to_le_bytes());
}

/// The whole encoding in one buffer (for small runs and tests).
pub fn encode_to_vec(rule: &str, target: Option<u64>, values: &[u16]) -> Vec<u8> {
    let mut out = Vec::with_capacity(40 + rule.len() + 2 * values.len());
    encode(rule, target, values, |b| out.extend_from_slice(b));
    out
}

/// Decodes and checks a checkpoint held in memory (see [`Decoder`] to
/// decode one piece by piece).
pub fn decode(bytes: &[u8]) -> Result<Checkpoint, CheckpointError> {
    let mut decoder = Decoder::new();
    decoder.feed(bytes);
    decoder.finish()
}

/// The fixed part of a checkpoint before the values: everything up to and
/// including the value count, for a rule of `rule` bytes.
const fn head_len(rule: usize) -> usize {
    32 + rule
}

/// What the header of a checkpoint says.
#[derive(Clone, Copy, Debug)]
struct Header {
    /// The length of the rule text.
    rule: usize,
    /// The number of values.
    count: u64,
    /// The length of the whole file.
    expected: u64,
}

/// Decodes a checkpoint fed piece by piece (a file read in blocks), so
/// that the values decoded are the only copy of them held: a run resumed
/// from a file of a billion values needs 2 GB, not twice that.
///
/// Every error [`decode`] reports is reported the same, whatever the
/// pieces.
///
/// ```
/// use grundy::sequence::checkpoint::{encode_to_vec, Decoder};
/// let bytes = encode_to_vec("0.77", None, &[0, 1, 2, 3]);
/// let mut decoder = Decoder::new();
/// for piece in bytes.chunks(5) {
///     decoder.feed(piece);
/// }
/// assert_eq!(decoder.finish().unwrap().values, vec![0, 1, 2, 3]);
/// ```
#[derive(Debug)]
pub struct Decoder {
    /// The bytes of the header, up to and including the value count.
    head: Vec<u8>,
    /// What the header says, once it is all in and sound.
    header: Option<Header>,
    /// An error the header shows whatever follows it.
    error: Option<CheckpointError>,
    /// Bytes fed so far.
    found: u64,
    /// The checksum of every byte before the stored one, as far as fed.
    hash: Fnv,
    values: Vec<u16>,
    /// The first byte of a value whose second byte is still to come.
    half: Option<u8>,
    /// The stored checksum, as far as fed.
    sum: Vec<u8>,
}

impl Default for Decoder {
    fn default() -> Decoder {
        Decoder::new()
    }
}

impl Decoder {
    /// A decoder that has been fed nothing.
    pub fn new() -> Decoder {
        Decoder {
            head: Vec::new(),
            header: None,
            error: None,
            found: 0,
            hash: Fnv::new(),
            values: Vec::new(),
            half: None,
            sum: Vec::new(),
        }
    }

    /// Takes the next bytes of the checkpoint.
    pub fn feed(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() && self.error.is_none() {
            let Some(header) = self.header else {
                // Still in the header: collect it.
                let want = if self.head.len() < 16 {
                    16
                } else {
                    head_len(self.rule_len().unwrap_or(0))
                };
                let take = (want - self.head.len()).min(bytes.len());
                self.head.extend_from_slice(&bytes[..take]);
                self.found += take as u64;
                bytes = &bytes[take..];
                self.check_head();
                continue;
            };
            let values_end = head_len(header.rule) as u64 + 2 * header.count;
            let sum_end = header.expected;
            if self.found < values_end {
                // (The minimum in 64 bits: a distance that is a multiple of
                // 2^32 must not read as 0 where usize has 32.)
                let take = (values_end - self.found).min(bytes.len() as u64) as usize;
                let (piece, rest) = bytes.split_at(take);
                self.hash.update(piece);
                self.take_values(piece);
                self.found += take as u64;
                bytes = rest;
            } else if self.found < sum_end {
                let take = (sum_end - self.found).min(bytes.len() as u64) as usize;
                self.sum.extend_from_slice(&bytes[..take]);
                self.found += take as u64;
                bytes = &bytes[take..];
            } else {
                // Trailing bytes: only counted.
                self.found += bytes.len() as u64;
                bytes = &[];
            }
        }
        if self.error.is_some() {
            self.found += bytes.len() as u64;
        }
    }

    /// The checkpoint, once every byte was fed, or why it is not one.
    pub fn finish(self) -> Result<Checkpoint, CheckpointError> {
        let found = self.found;
        let truncated = |expected: u64| CheckpointError::Truncated { expected, found };
        if let Some(error) = self.error {
            return Err(error);
        }
        let Some(header) = self.header else {
            // The header is cut short: a prefix of the magic is a truncated
            // checkpoint, anything else foreign (as checked while fed).
            if self.head.is_empty() {
                return Err(CheckpointError::Foreign);
            }
            return Err(truncated(40 + self.rule_len().unwrap_or(0) as u64));
        };
        if found < header.expected {
            return Err(truncated(header.expected));
        }
        if found > header.expected {
            return Err(CheckpointError::Trailing {
                extra: found - header.expected,
            });
        }
        if self.sum[..] != self.hash.0.to_le_bytes() {
            return Err(CheckpointError::Checksum);
        }
        let rule = std::str::from_utf8(&self.head[16..16 + header.rule])
            .map_err(|_| CheckpointError::Header("the rule is not UTF-8".into()))?
            .to_string();
        let at = 16 + header.rule;
        let target = u64::from_le_bytes(self.head[at..at + 8].try_into().expect("8 bytes"));
        Ok(Checkpoint {
            rule,
            target: (target != u64::MAX).then_some(target),
            values: self.values,
        })
    }

    /// The length of the rule text, once the header has it.
    fn rule_len(&self) -> Option<usize> {
        let bytes = self.head.get(12..16)?;
        Some(u32::from_le_bytes(bytes.try_into().ok()?) as usize)
    }

    /// Checks what the header holds so far: the magic, the version and the
    /// rule's length as soon as they are in, then the count.
    fn check_head(&mut self) {
        let head = &self.head;
        let magic = &MAGIC[..head.len().min(MAGIC.len())];
        if head[..magic.len()] != *magic {
            self.error = Some(CheckpointError::Foreign);
            return;
        }
        if head.len() >= 12 {
            let version = u32::from_le_bytes(head[8..12].try_into().expect("4 bytes"));
            if version != VERSION {
                self.error = Some(CheckpointError::Version(version));
                return;
            }
        }
        let Some(len) = self.rule_len() else {
            return;
        };
        if len > MAX_RULE {
            self.error = Some(CheckpointError::Header(format!(
                "a rule of {len} bytes (at most {MAX_RULE})"
            )));
            return;
        }
        if self.head.len() < head_len(len) {
            return;
        }
        let count = u64::from_le_bytes(self.head[24 + len..32 + len].try_into().expect("8 bytes"));
        let Some(expected) = count
            .checked_mul(2)
            .and_then(|b| b.checked_add(40 + len as u64))
        else {
            self.error = Some(CheckpointError::Header(format!("{count} values")));
            return;
        };
        self.hash.update(&self.head);
        // Room for every value at once when the count is believable
        // (address space only: pages are touched as values come).
        if count <= 1 << 34 {
            let _ = self.values.try_reserve_exact(count as usize);
        }
        self.header = Some(Header {
            rule: len,
            count,
            expected,
        });
    }

    /// Decodes value bytes (the piece may split a value).
    fn take_values(&mut self, mut piece: &[u8]) {
        if let (Some(lo), Some((&hi, rest))) = (self.half, piece.split_first()) {
            self.values.push(u16::from_le_bytes([lo, hi]));
            self.half = None;
            piece = rest;
        }
        let pairs = piece.chunks_exact(2);
        self.half = pairs.remainder().first().copied();
        self.values
            .extend(pairs.map(|c| u16::from_le_bytes([c[0], c[1]])));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<u8> {
        encode_to_vec("0.161", None, &[0, 1, 2, 0, 1, 2, 3])
    }

    #[test]
    fn round_trip() {
        let c = decode(&sample()).unwrap();
        assert_eq!(c.rule, "0.161");
        assert_eq!(c.target, None);
        assert_eq!(c.values, vec![0, 1, 2, 0, 1, 2, 3]);
    }

    #[test]
    fn every_truncation_is_detected() {
        let bytes = sample();
        for cut in 0..bytes.len() {
            let err = decode(&bytes[..cut]).unwrap_err();
            assert!(
                matches!(
                    err,
                    CheckpointError::Truncated { .. } | CheckpointError::Foreign
                ),
                "cut at {cut}: {err:?}"
            );
            if cut > 0 {
                assert!(matches!(err, CheckpointError::Truncated { .. }), "{cut}");
            }
        }
    }

    #[test]
    fn every_flipped_byte_is_detected() {
        let bytes = sample();
        for at in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            assert!(decode(&bad).is_err(), "flip at {at}");
        }
    }

    /// `bytes` fed to a decoder in pieces of `size`.
    fn in_pieces(bytes: &[u8], size: usize) -> Result<Checkpoint, CheckpointError> {
        let mut decoder = Decoder::new();
        for piece in bytes.chunks(size) {
            decoder.feed(piece);
        }
        decoder.finish()
    }

    #[test]
    fn pieces_decode_as_the_whole_does_whatever_the_damage() {
        let bytes = encode_to_vec("0.161", Some(99), &(0..300).collect::<Vec<u16>>());
        let mut damaged: Vec<Vec<u8>> = (0..bytes.len()).map(|cut| bytes[..cut].to_vec()).collect();
        for at in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[at] ^= 0x41;
            damaged.push(bad);
        }
        damaged.push([&bytes[..], b"xyz"].concat());
        damaged.push(bytes.clone());
        for case in &damaged {
            let whole = decode(case);
            for size in [1, 2, 3, 7, 16, 33, 1000] {
                assert_eq!(
                    in_pieces(case, size),
                    whole,
                    "{} bytes in pieces of {size}",
                    case.len()
                );
            }
        }
        assert_eq!(decode(&bytes).unwrap().values.len(), 300);
    }

    #[test]
    fn foreign_and_future_files_are_named() {
        assert_eq!(
            decode(b"hello world, not me"),
            Err(CheckpointError::Foreign)
        );
        let mut bytes = sample();
        bytes[8] = 2;
        assert_eq!(decode(&bytes), Err(CheckpointError::Version(2)));
        let mut long = sample();
        long.push(0);
        assert_eq!(decode(&long), Err(CheckpointError::Trailing { extra: 1 }));
    }
}
