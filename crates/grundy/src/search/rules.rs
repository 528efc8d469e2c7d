//! What a game gives the search: its components as compact canonical
//! values ([`Rules::Part`]) and their options ([`Rules::options`]), each
//! option already split into independent components.

use std::fmt;
use std::hash::Hash;

use crate::error::Result;
use crate::nimber::Nimber;

/// The rules of a game, as the search engine sees them.
///
/// A *part* is one component of a position: a connected region of a board,
/// a connected graph, a heap. It must be **canonical**: two parts that play
/// identically (a board and its mirror image, a graph and a relabelling of
/// it) should be equal values, so that the transposition table solves them
/// once. Equality must never join parts that play differently: the table
/// trusts it.
///
/// An *option* (the result of one move) is a list of parts whose values are
/// xor'd: a move that cuts a board in two yields two parts; a move that
/// leaves nothing yields none. Parts without moves may be left out of an
/// option (they are worth 0); the engine checks nothing about them.
///
/// The engine never names a game: a family implements this trait for its
/// own fast representation (bitboards, adjacency masks) and hands parts to
/// a [`Search`](super::Search), usually through
/// [`Engines`](super::Engines). Any [`Game`](crate::game::Game) goes
/// through the same engine by an adapter in [`solver`](crate::solver).
///
/// ```
/// use grundy::search::{Options, Rules, Search, SearchConfig};
/// use grundy::error::Result;
///
/// /// Kayles: knock down one pin or two adjacent pins from a row; a row
/// /// may split in two. A part is a row's length.
/// struct Kayles;
///
/// impl Rules for Kayles {
///     type Part = u32;
///     fn options(&self, &n: &u32, out: &mut Options<u32>) -> Result<()> {
///         for take in 1..=2.min(n) {
///             for left in 0..=(n - take) / 2 {
///                 let right = n - take - left;
///                 // Empty rows are worth 0 and may be dropped.
///                 out.push([left, right].into_iter().filter(|&r| r > 0));
///             }
///         }
///         Ok(())
///     }
///     fn size(&self, &n: &u32) -> u64 { n.into() }
///     fn finite(&self) -> bool { true } // every move knocks a pin down
/// }
///
/// let mut search = Search::new(Kayles, &SearchConfig::default());
/// let values: Vec<u64> = (0..12).map(|n| search.nimber(&n).unwrap()).collect();
/// assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// ```
pub trait Rules: Send + Sync + 'static {
    /// One component, in canonical form. `Default` is only a filler for
    /// empty slots of the table; it is never searched.
    type Part: Clone + Eq + Hash + Default + Send + Sync + fmt::Debug;

    /// Every option of `part`, pushed onto `out` (which arrives empty), one
    /// [`Options::push`] per move. Options that are the same list of parts
    /// may be pushed more than once (symmetric moves); the engine merges
    /// them.
    fn options(&self, part: &Self::Part, out: &mut Options<Self::Part>) -> Result<()>;

    /// Lists the options of `part` as [`Rules::options`] does, but offers
    /// each to `enough` (with its index in `out`) as soon as it is listed,
    /// and stops at the first one `enough` accepts, returning `true`; `out`
    /// then holds only the options listed so far. Returns `false` when
    /// every option was listed and none was accepted.
    ///
    /// This is how the search refutes a position cheaply: asked "is the
    /// nimber of `G` exactly `k`?", it stops at the first option the table
    /// already knows to have nimber `k`. Most positions a search meets are
    /// refuted that way (on Cram, nine in ten, by an option a third of the
    /// way down a list in row order), so a family whose options cost something
    /// to list — a board turned to its canonical form for each move —
    /// overrides this to build them one at a time. The default lists them
    /// all and then offers each.
    fn options_until(
        &self,
        part: &Self::Part,
        out: &mut Options<Self::Part>,
        enough: &mut dyn FnMut(&Options<Self::Part>, usize) -> bool,
    ) -> Result<bool> {
        self.options(part, out)?;
        Ok((0..out.len()).any(|i| enough(out, i)))
    }

    /// A measure of how much work the part is, used to pick which part of an
    /// option to search last (the largest; the others are solved first and
    /// replaced by their nimbers) and which options to try first (the
    /// smallest). Cells of a board, vertices of a graph. Default 0.
    fn size(&self, _part: &Self::Part) -> u64 {
        0
    }

    /// An upper bound on the part's nimber that costs less than listing its
    /// options — for a board, the number of places a piece fits. A query
    /// "is the nimber `k`?" with `k` above the bound is answered no without
    /// a search. `None` (the default): no bound.
    fn bound(&self, _part: &Self::Part) -> Option<Nimber> {
        None
    }

    /// The nimber from the game's theory, without search, where known.
    fn known(&self, _part: &Self::Part) -> Result<Option<Nimber>> {
        Ok(None)
    }

    /// Whether every line of play is known to end (every move removes
    /// something). Then the engine prunes (cuts, bounds) and skips the
    /// check for a part repeating along a line of play; otherwise it finds
    /// the value of every option of every position it expands, keeps the
    /// parts of the current line in a set and refuses a repetition with
    /// [`Error::Loop`](crate::error::Error::Loop). Default `false`.
    fn finite(&self) -> bool {
        false
    }

    /// Whether the engine may prune though the rules are not known finite:
    /// the user promised that every line of play ends (a game written in
    /// Python with `finite=True`). The engine then prunes as for finite
    /// rules and still keeps the current line in a set, so a broken promise
    /// met along a line is refused with [`Error::Loop`](crate::error::Error::Loop)
    /// rather than searched until the budget runs out. Default: [`Rules::finite`].
    fn promised_finite(&self) -> bool {
        self.finite()
    }

    /// Whether the engine should prune, for finite rules: ask an option
    /// "is your nimber `k`?" for one `k` at a time, stop at the first
    /// option that says yes, and answer no at once above
    /// [`Rules::bound`]. That pays where nimbers are small and positions
    /// split (Cram, Node-Kayles): most questions end at one option. Where
    /// a position does not split and nimbers run into the tens (Chomp),
    /// the questions for `k = 0, 1, …` scan a position's options once per
    /// value below its nimber; finding each option's nimber once and
    /// taking the mex is then several times faster (Chomp 9×9: 0.25 s
    /// against 0.06 s). Default `true`.
    fn prune(&self) -> bool {
        true
    }

    /// The part as one word, when the rules have such a form: two parts
    /// with the same word must be the same part, and a part's options
    /// should have words no wider than its own (a wider word makes the
    /// table move every entry to a wider table). The transposition table
    /// then holds the part in a slot of eight bytes, or six (the word's
    /// bits that pick its bucket are not stored) instead of a slot holding
    /// the part itself and its facts: twice the entries in the same memory
    /// or more, still compared in full. The narrower the words, the sooner
    /// the table takes six-byte slots. `None` (the default): the part is
    /// held whole.
    #[inline]
    fn word(&self, _part: &Self::Part) -> Option<u64> {
        None
    }

    /// The part as people write it, for errors and progress.
    fn written(&self, part: &Self::Part) -> String {
        format!("{part:?}")
    }

    /// Bytes the part holds on the heap (beyond its own size), so that the
    /// table counts them against its allowance. Default 0.
    fn heap_bytes(&self, _part: &Self::Part) -> usize {
        0
    }
}

/// The options of one position: a list of options, each a list of parts,
/// stored flat (one vector of parts, one of ends) so that building them
/// allocates nothing once the buffers have grown.
#[derive(Clone, Debug)]
pub struct Options<P> {
    parts: Vec<P>,
    ends: Vec<u32>,
    /// Per option, the xor of the nimbers of parts the rules solved
    /// themselves ([`Options::push_nimber`]).
    known: Vec<Nimber>,
    /// The same for the option being built.
    pending: Nimber,
}

impl<P> Default for Options<P> {
    fn default() -> Self {
        Options {
            parts: Vec::new(),
            ends: Vec::new(),
            known: Vec::new(),
            pending: 0,
        }
    }
}

impl<P> Options<P> {
    /// No options.
    pub fn new() -> Options<P> {
        Options::default()
    }

    /// Adds one option: the parts one move leaves.
    pub fn push(&mut self, parts: impl IntoIterator<Item = P>) {
        self.parts.extend(parts);
        self.close();
    }

    /// Adds one part to the option being built; [`Options::close`] ends it.
    pub fn push_part(&mut self, part: P) {
        self.parts.push(part);
    }

    /// Adds to the option being built a part the rules have solved
    /// themselves, by its nimber: a piece too small to be worth a table
    /// entry (a region where exactly one more domino fits is worth 1). This
    /// is Lemoine and Viennot's replacement of a solved component by its
    /// nimber, done where it is cheapest.
    pub fn push_nimber(&mut self, nimber: Nimber) {
        self.pending ^= nimber;
    }

    /// Ends the option being built by [`Options::push_part`] and
    /// [`Options::push_nimber`].
    pub fn close(&mut self) {
        self.ends.push(self.parts.len() as u32);
        self.known.push(self.pending);
        self.pending = 0;
    }

    /// The xor of the nimbers pushed with [`Options::push_nimber`] into
    /// option `i`.
    pub fn nimber(&self, i: usize) -> Nimber {
        self.known[i]
    }

    /// How many options.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no option (the position is terminal: nimber 0).
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The parts of option `i`.
    pub fn get(&self, i: usize) -> &[P] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.parts[start..self.ends[i] as usize]
    }

    /// Every part of every option, in order.
    pub fn parts(&self) -> &[P] {
        &self.parts
    }

    /// Every option, in order.
    pub fn iter(&self) -> impl Iterator<Item = &[P]> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// The bytes its buffers hold on the heap (not counting what the parts
    /// themselves own).
    pub fn capacity_bytes(&self) -> u64 {
        (self.parts.capacity() * std::mem::size_of::<P>()
            + self.ends.capacity() * 4
            + self.known.capacity() * std::mem::size_of::<Nimber>()) as u64
    }

    /// Empties the list, keeping its buffers.
    pub fn clear(&mut self) {
        self.parts.clear();
        self.ends.clear();
        self.known.clear();
        self.pending = 0;
    }
}
