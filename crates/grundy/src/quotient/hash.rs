//! The hash of the quotient's tables: FNV-1a with the SplitMix64
//! finaliser. Their keys are short slices of small numbers, for which
//! SipHash (the standard library's default, made to resist chosen keys)
//! is several times slower; FNV's low bits depend only on the inputs' low
//! bits, which the finaliser spreads.

/// FNV-1a's starting value.
pub(crate) const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
/// FNV-1a's multiplier: `h = (h ^ x) * PRIME` for each input `x`.
pub(crate) const PRIME: u64 = 0x0100_0000_01b3;

/// SplitMix64's finaliser: every bit of `z` reaches every bit of the result.
pub(crate) fn finalise(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// FNV-1a (a word at a time) with the SplitMix64 finaliser: a fast hash
/// for the short keys of the base and of the partition refinement (FNV's
/// low bits depend only on the inputs' low bits; the finaliser spreads
/// them).
#[derive(Default)]
pub(crate) struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        finalise(self.0)
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 { OFFSET } else { self.0 };
        // Eight bytes at a time (the keys are slices of numbers); the
        // finaliser mixes what a word-wide step leaves in the high bits.
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let w = u64::from_le_bytes(c.try_into().expect("eight bytes"));
            h = (h ^ w).wrapping_mul(PRIME);
        }
        for &b in chunks.remainder() {
            h = (h ^ u64::from(b)).wrapping_mul(PRIME);
        }
        self.0 = h;
    }
    fn write_u32(&mut self, x: u32) {
        self.write(&x.to_le_bytes());
    }
    fn write_usize(&mut self, x: usize) {
        self.write(&(x as u64).to_le_bytes());
    }
}

pub(crate) type BuildFnv = std::hash::BuildHasherDefault<Fnv>;
