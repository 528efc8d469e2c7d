//! The [search engine](crate::search)'s rules for a game played on the
//! connected pieces of a graph: what such a family says (its options,
//! the value of a path, a bound), and everything else the engine asks,
//! the same for every such family.

use crate::error::Result;
use crate::nimber::Nimber;
use crate::search::{Options, Rules};

use super::Piece;

/// A game on graph pieces in canonical form, as the search sees it. Every
/// move removes vertices, so play ends; a part's size is its vertex count;
/// a path's value is known in closed form, so paths among the options are
/// replaced by their nimber instead of being searched. Implementing this
/// makes the family a [`Rules`] over [`Piece`]s.
pub trait PieceRules: Send + Sync + 'static {
    /// The family's name as positions are written (`nodekayles`).
    const NAME: &'static str;

    /// Each move of `piece`: `enough` is called once with the pieces it
    /// leaves (pieces worth 0 may be left out), until it returns `true`;
    /// then the listing stops and returns `true` (see
    /// [`Rules::options_until`]).
    fn options_until(piece: &Piece, enough: &mut dyn FnMut(&[Piece]) -> bool) -> bool;

    /// The nimber of a path of `n` vertices.
    fn path_value(n: usize) -> Nimber;

    /// At least the number of moves of `piece`, so at least its nimber.
    fn bound(piece: &Piece) -> Nimber;
}

impl<G: PieceRules> Rules for G {
    type Part = Piece;

    fn options(&self, piece: &Piece, out: &mut Options<Piece>) -> Result<()> {
        self.options_until(piece, out, &mut |_, _| false)?;
        Ok(())
    }

    /// Builds the options one move at a time, so that a piece refuted by
    /// an early one costs only the moves before it.
    fn options_until(
        &self,
        piece: &Piece,
        out: &mut Options<Piece>,
        enough: &mut dyn FnMut(&Options<Piece>, usize) -> bool,
    ) -> Result<bool> {
        Ok(G::options_until(piece, &mut |parts| {
            for part in parts {
                match *part {
                    Piece::Path(n) => out.push_nimber(G::path_value(n as usize)),
                    _ => out.push_part(part.clone()),
                }
            }
            out.close();
            enough(out, out.len() - 1)
        }))
    }

    fn size(&self, piece: &Piece) -> u64 {
        piece.len() as u64
    }

    fn bound(&self, piece: &Piece) -> Option<Nimber> {
        Some(G::bound(piece))
    }

    fn known(&self, piece: &Piece) -> Result<Option<Nimber>> {
        Ok(match *piece {
            Piece::Path(n) => Some(G::path_value(n as usize)),
            _ => None,
        })
    }

    /// Every move removes a vertex at least.
    fn finite(&self) -> bool {
        true
    }

    fn written(&self, piece: &Piece) -> String {
        format!("{}({})", G::NAME, piece.written())
    }

    fn heap_bytes(&self, piece: &Piece) -> usize {
        piece.heap_bytes()
    }
}
