//! Every answer grundy gives, as text for people and as JSON (or SVG) for
//! programs, built in one place: the command line prints these and the
//! server sends them, so `/api/…` bodies are byte for byte what `--json`
//! prints. Nothing here reads input or writes to a terminal; a function
//! returns the answer (or streams it into the writer it is given, for
//! answers of a billion values).
//!
//! One file per kind of answer:
//!
//! * [`analysis`]: who wins a sum, its values and winning moves (`nim`,
//!   `analyze`, `/api/analyze`);
//! * [`explanation`]: the step-by-step account (`explain`, `/api/explain`);
//! * [`every`]: both of those for every-game play (`--every`);
//! * [`moves`]: a move as JSON, the same in every answer that lists moves;
//! * [`board`]: the position drawn for the terminal and described for the page;
//! * [`play`]: the words of a game at the terminal (`grundy play`);
//! * [`game`]: the web page's game: its replies as JSON (`/api/game`,
//!   `/api/move`, `/api/hint`);
//! * [`sequence`]: nim-sequences (`seq`, `/api/seq`);
//! * [`value`]: one Grundy value (`value`, `/api/value`);
//! * [`plot`]: nim-sequences drawn as SVG (`seq --plot`, `/api/plot`,
//!   `/api/histogram`);
//! * [`nimber`]: nimber arithmetic (`nimber`);
//! * [`quotient`]: misère quotients (`quotient`).

pub mod analysis;
pub mod board;
pub mod every;
pub mod explanation;
pub mod game;
pub mod moves;
pub mod nimber;
pub mod play;
pub mod plot;
pub mod quotient;
pub mod sequence;
pub mod value;
