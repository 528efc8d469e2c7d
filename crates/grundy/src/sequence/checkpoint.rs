//! The checkpoint format of long nim-sequence runs: pure encoding and
//! decoding over bytes (the command line does the file I/O).
//!
//! A checkpoint holds everything needed to continue a run exactly: the rule,
//! the values computed so far (in window mode, those kept) and a [`State`]:
//! the engine's choices and counters, and in window mode what the reports
//! and the engine need of the values no longer kept.
//! [`Computation::from_checkpoint`](super::Computation::from_checkpoint)
//! continues from it
//! as if the run had never stopped: the same values, the same work counted
//! (so a search for a period ends at the same heap), the same histogram.
//! It depends only on the sequence (and in window mode on the page size,
//! which decides the heaps released), not on the threads that computed it.
//!
//! # Format, version 2
//!
//! All integers little-endian.
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic `GRUNDYSQ` |
//! | 8 | 4 | format version, `2` |
//! | 12 | 4 | `L`, length of the rule text (at most 8192) |
//! | 16 | `L` | the rule, UTF-8, as grundy prints it (`0.161`, `grundys`) |
//! | 16+L | 8 | the heap count the run was asked for (`u64::MAX`: none) |
//! | 24+L | 8 | `C`, the number of values stored |
//! | 32+L | 2·C | the values, `u16` each |
//! | 32+L+2C | 8 | `S`, the length of the state (at most 2^32) |
//! | 40+L+2C | `S` | the state, below |
//! | 40+L+2C+S | 8 | FNV-1a 64 of every byte before it |
//!
//! The values are `G(0..C)`, or in window mode `G(0..a)` followed by
//! `G(b..C + b - a)`, where `a..b` are the heaps no longer kept. The state,
//! field after field:
//!
//! | size | field |
//! |---|---|
//! | 8, 2 | work counted, largest value |
//! | 1 | period: 0 none; 1 proved by Guy–Smith, then 4 × 8: preperiod, period, first and end of the window checked; 2 by a closed form, then 2 × 8: preperiod, period |
//! | 1 | engine: 0 none; 1 then mask (2), next revision (8), `R` (8) and `R` × (heap (8), value (2)): the rare heaps among `a..b` |
//! | 1 | window: 0 none; 1 then heaps kept at each end (8), `a` (8), `b` (8), `H` (8) and `H` × 8 (how many of `G(1..)` have each value), `H` × 8 (the last heap of each value, 0 for none) |
//!
//! A file that does not start with the magic, has another version, is
//! shorter or longer than its header says, fails the checksum or holds a
//! state that does not fit its values is rejected with an error saying
//! which. Version 1 (the same without `S` and the state: values only) is
//! still read; its runs continue from the values alone
//! ([`Computation::resume`](super::Computation::resume)).

use super::state::{EngineState, State, WindowState};
use crate::period::{Period, Proof};
use thiserror::Error;

/// The first 8 bytes of every checkpoint.
pub const MAGIC: &[u8; 8] = b"GRUNDYSQ";
/// The format version written.
pub const VERSION: u32 = 2;
/// The longest rule text accepted.
const MAX_RULE: usize = 8192;
/// The longest state accepted.
const MAX_STATE: u64 = 1 << 32;

/// A decoded checkpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The rule, as printed by grundy.
    pub rule: String,
    /// The heap count the run was asked for, if any.
    pub target: Option<u64>,
    /// The values stored: `G(0..values.len())`, or in window mode those
    /// kept (see [`WindowState::dropped`]).
    pub values: Vec<u16>,
    /// The rest of the run's state (`None` in files of version 1).
    pub state: Option<State>,
}

impl Checkpoint {
    /// The number of heaps computed: those stored and those no longer kept.
    pub fn computed(&self) -> u64 {
        let dropped = self.state.as_ref().and_then(|s| s.window.as_ref());
        self.values.len() as u64 + dropped.map_or(0, |w| w.dropped.end - w.dropped.start)
    }
}

/// Why bytes are not a usable checkpoint.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CheckpointError {
    /// The magic is missing: some other kind of file.
    #[error("not a grundy checkpoint (it does not start with {:?})", std::str::from_utf8(MAGIC).unwrap_or(""))]
    Foreign,
    /// A version this build does not read.
    #[error(
        "checkpoint format version {0} is not supported (this grundy reads versions 1 and {VERSION})"
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
    /// The state does not fit the values (a file written by something else).
    #[error("the checkpoint's state is inconsistent: {0}")]
    State(String),
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

/// The bytes of `state` (see the format in the module docs).
fn state_bytes(state: &State) -> Vec<u8> {
    let mut out = Vec::new();
    let mut put = |x: u64| out.extend_from_slice(&x.to_le_bytes());
    put(state.work);
    out.extend_from_slice(&state.largest.to_le_bytes());
    match state.period {
        None => out.push(0),
        Some(p) => match p.proof {
            Proof::GuySmith {
                window_start,
                window_end,
            } => {
                out.push(1);
                for x in [p.preperiod, p.period, window_start, window_end] {
                    out.extend_from_slice(&x.to_le_bytes());
                }
            }
            Proof::ClosedForm => {
                out.push(2);
                for x in [p.preperiod, p.period] {
                    out.extend_from_slice(&x.to_le_bytes());
                }
            }
        },
    }
    match &state.engine {
        None => out.push(0),
        Some(e) => {
            out.push(1);
            out.extend_from_slice(&e.mask.to_le_bytes());
            out.extend_from_slice(&e.next_revision.to_le_bytes());
            out.extend_from_slice(&(e.rare.len() as u64).to_le_bytes());
            for &(heap, value) in &e.rare {
                out.extend_from_slice(&heap.to_le_bytes());
                out.extend_from_slice(&value.to_le_bytes());
            }
        }
    }
    match &state.window {
        None => out.push(0),
        Some(w) => {
            out.push(1);
            for x in [w.keep, w.dropped.start, w.dropped.end] {
                out.extend_from_slice(&x.to_le_bytes());
            }
            // (Both tables have one entry per value: the longer length.)
            let len = w.counts.len().max(w.last_at.len());
            out.extend_from_slice(&(len as u64).to_le_bytes());
            for table in [&w.counts, &w.last_at] {
                for v in 0..len {
                    out.extend_from_slice(&table.get(v).copied().unwrap_or(0).to_le_bytes());
                }
            }
        }
    }
    out
}

/// Reads a state from `bytes`, checking it against the `stored` values it
/// goes with.
fn read_state(bytes: &[u8], stored: u64) -> Result<State, CheckpointError> {
    let mut r = Reader { bytes, at: 0 };
    let work = r.u64()?;
    let largest = r.u16()?;
    let period = match r.u8()? {
        0 => None,
        1 => {
            let (preperiod, period) = (r.u64()?, r.u64()?);
            let (window_start, window_end) = (r.u64()?, r.u64()?);
            Some(Period {
                preperiod,
                period,
                proof: Proof::GuySmith {
                    window_start,
                    window_end,
                },
            })
        }
        2 => Some(Period::closed_form(r.u64()?, r.u64()?)),
        tag => return Err(bad(format!("unknown kind of period {tag}"))),
    };
    if period.is_some_and(|p| p.period == 0) {
        return Err(bad("a period of 0".into()));
    }
    let engine = match r.u8()? {
        0 => None,
        1 => {
            let mask = r.u16()?;
            let next_revision = r.u64()?;
            let count = r.len(10)?;
            let mut rare = Vec::with_capacity(count);
            for _ in 0..count {
                rare.push((r.u64()?, r.u16()?));
            }
            Some(EngineState {
                mask,
                next_revision,
                rare,
            })
        }
        tag => return Err(bad(format!("unknown kind of engine state {tag}"))),
    };
    let window = match r.u8()? {
        0 => None,
        1 => {
            let keep = r.u64()?;
            let dropped = r.u64()?..r.u64()?;
            let len = r.len(16)?;
            let mut counts = Vec::with_capacity(len);
            for _ in 0..len {
                counts.push(r.u64()?);
            }
            let mut last_at = Vec::with_capacity(len);
            for _ in 0..len {
                last_at.push(r.u64()?);
            }
            Some(WindowState {
                keep,
                dropped,
                counts,
                last_at,
            })
        }
        tag => return Err(bad(format!("unknown kind of window {tag}"))),
    };
    if r.at != bytes.len() {
        return Err(bad(format!(
            "{} bytes after its last field",
            bytes.len() - r.at
        )));
    }
    let state = State {
        work,
        largest,
        period,
        engine,
        window,
    };
    state
        .check(stored)
        .map_err(|e| CheckpointError::State(e.0))?;
    Ok(state)
}

/// The error for a state that does not fit.
fn bad(why: String) -> CheckpointError {
    CheckpointError::State(why)
}

/// Reads the fields of a state in turn.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], CheckpointError> {
        let field = self
            .bytes
            .get(self.at..self.at + N)
            .ok_or_else(|| bad("it ends inside a field".into()))?;
        self.at += N;
        Ok(field.try_into().expect("N bytes"))
    }

    fn u8(&mut self) -> Result<u8, CheckpointError> {
        Ok(self.take::<1>()?[0])
    }

    fn u16(&mut self) -> Result<u16, CheckpointError> {
        Ok(u16::from_le_bytes(self.take()?))
    }

    fn u64(&mut self) -> Result<u64, CheckpointError> {
        Ok(u64::from_le_bytes(self.take()?))
    }

    /// A count of entries of `size` bytes each, checked against the bytes
    /// left (so that a corrupt count allocates nothing).
    fn len(&mut self, size: usize) -> Result<usize, CheckpointError> {
        let count = self.u64()?;
        let left = (self.bytes.len() - self.at) / size;
        usize::try_from(count)
            .ok()
            .filter(|&c| c <= left)
            .ok_or_else(|| bad(format!("{count} entries in {left} entries' room")))
    }
}

/// Encodes a checkpoint of values alone (a state of zero counters, no
/// engine state, not a window run), handing its bytes to `sink` piece by
/// piece.
///
/// ```
/// use grundy::sequence::checkpoint::{decode, encode};
/// use grundy::sequence::state::State;
/// let mut bytes = Vec::new();
/// encode("0.77", Some(100), &[0, 1, 2], |b| bytes.extend_from_slice(b));
/// let back = decode(&bytes).unwrap();
/// assert_eq!((back.rule.as_str(), back.target), ("0.77", Some(100)));
/// assert_eq!((back.values, back.state), (vec![0, 1, 2], Some(State::default())));
/// ```
pub fn encode(rule: &str, target: Option<u64>, values: &[u16], sink: impl FnMut(&[u8])) {
    let state = State::default();
    encode_values(
        rule,
        target,
        values.len(),
        values.iter().copied(),
        &state,
        sink,
    );
}

/// Encodes a checkpoint of `count` values read one by one (from a compact
/// store, without a copy of them all) and `state`; `values` yields exactly
/// `count` values (in window mode, those kept), handed to `sink` piece by
/// piece (so a billion values need not be copied into one buffer).
pub fn encode_values(
    rule: &str,
    target: Option<u64>,
    count: usize,
    values: impl Iterator<Item = u16>,
    state: &State,
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
    let state = state_bytes(state);
    emit(&(state.len() as u64).to_le_bytes());
    emit(&state);
    let sum = hash.0;
    sink(&sum.to_le_bytes());
}

/// The whole encoding of values alone in one buffer (for small runs and
/// tests).
pub fn encode_to_vec(rule: &str, target: Option<u64>, values: &[u16]) -> Vec<u8> {
    let mut out = Vec::with_capacity(48 + rule.len() + 2 * values.len());
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
    /// The format version.
    version: u32,
    /// Where the values end.
    values_end: u64,
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
    /// An error the bytes show whatever follows them.
    error: Option<CheckpointError>,
    /// Bytes fed so far.
    found: u64,
    /// The checksum of every byte before the stored one, as far as fed.
    hash: Fnv,
    values: Vec<u16>,
    /// The first byte of a value whose second byte is still to come.
    half: Option<u8>,
    /// The bytes after the values, as far as fed: in version 2 the state's
    /// length and the state, then (in both versions) the stored checksum.
    tail: Vec<u8>,
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
            tail: Vec::new(),
        }
    }

    /// The length of the whole file, once known (in version 2, once the
    /// state's length is in).
    fn expected(&self) -> Option<u64> {
        let header = self.header?;
        match header.version {
            1 => Some(header.values_end + 8),
            _ => {
                let state = u64::from_le_bytes(self.tail.get(..8)?.try_into().ok()?);
                Some(header.values_end + 16 + state)
            }
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
            if self.found < header.values_end {
                // (The minimum in 64 bits: a distance that is a multiple of
                // 2^32 must not read as 0 where usize has 32.)
                let take = (header.values_end - self.found).min(bytes.len() as u64) as usize;
                let (piece, rest) = bytes.split_at(take);
                self.hash.update(piece);
                self.take_values(piece);
                self.found += take as u64;
                bytes = rest;
                continue;
            }
            // After the values: up to the state's length first (version 2,
            // hashed whole), then up to the end of the file.
            let expected = self.expected();
            let end = expected.unwrap_or(header.values_end + 8);
            if self.found >= end {
                // Trailing bytes: only counted.
                self.found += bytes.len() as u64;
                bytes = &[];
                continue;
            }
            let hashed_end = expected.map_or(end, |e| e - 8);
            let take = (end - self.found).min(bytes.len() as u64) as usize;
            let (piece, rest) = bytes.split_at(take);
            let hashed = (hashed_end.saturating_sub(self.found) as usize).min(take);
            self.hash.update(&piece[..hashed]);
            self.tail.extend_from_slice(piece);
            self.found += take as u64;
            bytes = rest;
            if expected.is_none() && self.tail.len() == 8 {
                let state = u64::from_le_bytes(self.tail[..8].try_into().expect("8 bytes"));
                if state > MAX_STATE {
                    self.error = Some(CheckpointError::Header(format!(
                        "a state of {state} bytes (at most {MAX_STATE})"
                    )));
                }
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
            let version = self.head.get(8..12).map(|b| b[0]);
            let least = if version == Some(1) { 8 } else { 16 };
            let rule = self.rule_len().unwrap_or(0);
            return Err(truncated((head_len(rule) + least) as u64));
        };
        let Some(expected) = self.expected() else {
            return Err(truncated(header.values_end + 16));
        };
        if found < expected {
            return Err(truncated(expected));
        }
        if found > expected {
            return Err(CheckpointError::Trailing {
                extra: found - expected,
            });
        }
        let (stored, sum) = self.tail.split_at(self.tail.len() - 8);
        if sum != self.hash.0.to_le_bytes() {
            return Err(CheckpointError::Checksum);
        }
        let rule = std::str::from_utf8(&self.head[16..16 + header.rule])
            .map_err(|_| CheckpointError::Header("the rule is not UTF-8".into()))?
            .to_string();
        let at = 16 + header.rule;
        let target = u64::from_le_bytes(self.head[at..at + 8].try_into().expect("8 bytes"));
        let state = match header.version {
            1 => None,
            _ => Some(read_state(&stored[8..], self.values.len() as u64)?),
        };
        Ok(Checkpoint {
            rule,
            target: (target != u64::MAX).then_some(target),
            values: self.values,
            state,
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
        let mut version = VERSION;
        if head.len() >= 12 {
            version = u32::from_le_bytes(head[8..12].try_into().expect("4 bytes"));
            if version != 1 && version != VERSION {
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
        // (Room for the state's length, the state and the checksum after
        // the values, within 64 bits.)
        let Some(values_end) = count
            .checked_mul(2)
            .and_then(|b| b.checked_add(head_len(len) as u64))
            .filter(|&end| end.checked_add(16 + MAX_STATE).is_some())
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
            version,
            values_end,
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
        bytes[8] = 3;
        assert_eq!(decode(&bytes), Err(CheckpointError::Version(3)));
        let mut long = sample();
        long.push(0);
        assert_eq!(decode(&long), Err(CheckpointError::Trailing { extra: 1 }));
    }

    /// A file of version 1, as earlier versions of grundy wrote it: values
    /// and a checksum, no state.
    fn version_1(rule: &str, target: Option<u64>, values: &[u16]) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&1u32.to_le_bytes());
        out.extend_from_slice(&(rule.len() as u32).to_le_bytes());
        out.extend_from_slice(rule.as_bytes());
        out.extend_from_slice(&target.unwrap_or(u64::MAX).to_le_bytes());
        out.extend_from_slice(&(values.len() as u64).to_le_bytes());
        for v in values {
            out.extend_from_slice(&v.to_le_bytes());
        }
        let mut hash = Fnv::new();
        hash.update(&out);
        out.extend_from_slice(&hash.0.to_le_bytes());
        out
    }

    #[test]
    fn version_1_files_are_still_read() {
        let bytes = version_1("0.161", Some(7), &[0, 1, 2, 0]);
        assert_eq!(bytes.len(), 40 + 5 + 8);
        let c = decode(&bytes).unwrap();
        assert_eq!((c.rule.as_str(), c.target), ("0.161", Some(7)));
        assert_eq!((c.values, c.state), (vec![0, 1, 2, 0], None));
        for cut in 1..bytes.len() {
            assert!(matches!(
                decode(&bytes[..cut]),
                Err(CheckpointError::Truncated { .. })
            ));
        }
    }

    /// A window run's state: 10 heaps computed, 4..7 no longer kept.
    fn window_state() -> State {
        State {
            work: 1234,
            largest: 3,
            period: Some(Period {
                preperiod: 2,
                period: 3,
                proof: Proof::GuySmith {
                    window_start: 2,
                    window_end: 9,
                },
            }),
            engine: Some(EngineState {
                mask: 1,
                next_revision: 128,
                rare: vec![(4, 1), (6, 2)],
            }),
            window: Some(WindowState {
                keep: 4,
                dropped: 4..7,
                counts: vec![2, 3, 4],
                last_at: vec![8, 7, 9],
            }),
        }
    }

    fn with_state(values: &[u16], state: &State) -> Vec<u8> {
        let mut bytes = Vec::new();
        let it = values.iter().copied();
        encode_values("0.6", None, values.len(), it, state, |b| {
            bytes.extend_from_slice(b)
        });
        bytes
    }

    #[test]
    fn states_round_trip_and_are_checked_whatever_the_pieces() {
        let values = [0, 1, 0, 2, 1, 2, 3];
        let state = window_state();
        let bytes = with_state(&values, &state);
        let c = decode(&bytes).unwrap();
        assert_eq!(c.state.as_ref(), Some(&state));
        assert_eq!(c.computed(), 10);
        let mut damaged: Vec<Vec<u8>> = (0..bytes.len()).map(|cut| bytes[..cut].to_vec()).collect();
        for at in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[at] ^= 0x41;
            damaged.push(bad);
        }
        for case in &damaged {
            let whole = decode(case);
            assert!(whole.is_err(), "{} bytes", case.len());
            for size in [1, 3, 8, 1000] {
                assert_eq!(in_pieces(case, size), whole, "pieces of {size}");
            }
        }
    }

    #[test]
    fn states_that_do_not_fit_their_values_are_refused() {
        let values = [0, 1, 0, 2, 1, 2, 3];
        type Spoil = fn(&mut State);
        let cases: [(&str, Spoil); 6] = [
            ("dropped past the values", |s| {
                s.window.as_mut().unwrap().dropped = 8..9
            }),
            ("histogram", |s| s.window.as_mut().unwrap().counts[0] += 1),
            ("last heap", |s| s.window.as_mut().unwrap().last_at[1] = 10),
            ("rare heap kept", |s| {
                s.engine.as_mut().unwrap().rare[0].0 = 3
            }),
            ("rare heaps descending", |s| {
                s.engine.as_mut().unwrap().rare.swap(0, 1)
            }),
            ("period 0", |s| s.period.as_mut().unwrap().period = 0),
        ];
        for (what, spoil) in cases {
            let mut state = window_state();
            spoil(&mut state);
            let err = decode(&with_state(&values, &state)).unwrap_err();
            assert!(matches!(err, CheckpointError::State(_)), "{what}: {err:?}");
        }
        // A state whose tables say more than its bytes hold allocates nothing.
        let mut bytes = with_state(&values, &State::default());
        let at = bytes.len() - 8 - 2;
        bytes[at] = 1; // an engine state, cut short
        let sum_at = bytes.len() - 8;
        let mut hash = Fnv::new();
        hash.update(&bytes[..sum_at]);
        bytes[sum_at..].copy_from_slice(&hash.0.to_le_bytes());
        assert!(matches!(decode(&bytes), Err(CheckpointError::State(_))));
    }
}
