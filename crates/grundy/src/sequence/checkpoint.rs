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

/// Decodes and checks a checkpoint.
pub fn decode(bytes: &[u8]) -> Result<Checkpoint, CheckpointError> {
    let found = bytes.len() as u64;
    let truncated = |expected: u64| CheckpointError::Truncated { expected, found };
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        // A prefix of the magic is a truncated checkpoint, not a foreign file.
        if !bytes.is_empty() && MAGIC.starts_with(bytes) {
            return Err(truncated(40));
        }
        return Err(CheckpointError::Foreign);
    }
    let u32_at = |at: usize| -> Option<u32> {
        Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
    };
    let u64_at = |at: usize| -> Option<u64> {
        Some(u64::from_le_bytes(bytes.get(at..at + 8)?.try_into().ok()?))
    };
    let version = u32_at(8).ok_or_else(|| truncated(40))?;
    if version != VERSION {
        return Err(CheckpointError::Version(version));
    }
    let len = u32_at(12).ok_or_else(|| truncated(40))? as usize;
    if len > MAX_RULE {
        return Err(CheckpointError::Header(format!(
            "a rule of {len} bytes (at most {MAX_RULE})"
        )));
    }
    let count = u64_at(24 + len).ok_or_else(|| truncated(40 + len as u64))?;
    let expected = count
        .checked_mul(2)
        .and_then(|b| b.checked_add(40 + len as u64))
        .ok_or_else(|| CheckpointError::Header(format!("{count} values")))?;
    if found < expected {
        return Err(truncated(expected));
    }
    if found > expected {
        return Err(CheckpointError::Trailing {
            extra: found - expected,
        });
    }
    let body = bytes.len() - 8;
    let mut hash = Fnv::new();
    hash.update(&bytes[..body]);
    if u64_at(body) != Some(hash.0) {
        return Err(CheckpointError::Checksum);
    }
    let rule = std::str::from_utf8(&bytes[16..16 + len])
        .map_err(|_| CheckpointError::Header("the rule is not UTF-8".into()))?
        .to_string();
    let target = u64_at(16 + len).filter(|&t| t != u64::MAX);
    let values = bytes[32 + len..body]
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    Ok(Checkpoint {
        rule,
        target,
        values,
    })
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
