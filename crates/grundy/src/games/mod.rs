//! The game families beyond heap rules, one module each: positions, moves as data and in words, and the theory that decides them.

pub mod euclid;
pub mod fibnim;
pub mod hackenbush;
pub mod lasker;
pub mod moore;
pub mod wythoff;
