//! Cram against an exhaustive search written here from the rules alone (a
//! domino covers two adjacent free cells; the mex over every placement on
//! the whole board, no splitting, no symmetry, no pruning), on random
//! boards of up to 16 cells, through every path to a value: the expression
//! language and `analyze`, the generic solver over `Game::moves`, and the
//! search engine on the bitboard rules. Then the published values of
//! rectangles, misère play by search, the syntax's errors, and the budget.

use std::collections::HashMap;

use grundy::budget::{Budget, LimitKind};
use grundy::error::Error;
use grundy::expr::parse_position;
use grundy::games::cram::{Cram, CramRules, SmallCramRules, SmallShape};
use grundy::nim::{Outcome, Play};
use grundy::search::{Search, SearchConfig};
use grundy::solver::Solver;
use grundy::sum::AnalyzeOptions;

/// A board of at most 32 cells: `rows × cols`, bit `r·cols + c` free.
#[derive(Clone, Copy, Debug)]
struct Board {
    rows: u32,
    cols: u32,
    free: u32,
}

impl Board {
    /// Every placement of a domino on the free cells of `mask`, as the
    /// mask it leaves.
    fn moves(&self, mask: u32) -> Vec<u32> {
        let mut out = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                let a = 1 << (r * self.cols + c);
                if mask & a == 0 {
                    continue;
                }
                if c + 1 < self.cols {
                    let b = a << 1;
                    if mask & b != 0 {
                        out.push(mask & !(a | b));
                    }
                }
                if r + 1 < self.rows {
                    let b = a << self.cols;
                    if mask & b != 0 {
                        out.push(mask & !(a | b));
                    }
                }
            }
        }
        out
    }

    /// The Grundy value of `mask`: the mex of its options' values.
    fn grundy(&self, mask: u32, memo: &mut HashMap<u32, u64>) -> u64 {
        if let Some(&v) = memo.get(&mask) {
            return v;
        }
        let values: Vec<u64> = self
            .moves(mask)
            .into_iter()
            .map(|m| self.grundy(m, memo))
            .collect();
        let v = (0..).find(|v| !values.contains(v)).expect("a mex");
        memo.insert(mask, v);
        v
    }

    /// Whether the player to move wins `mask` under misère play (the player
    /// who cannot move wins).
    fn misere_win(&self, mask: u32, memo: &mut HashMap<u32, bool>) -> bool {
        if let Some(&v) = memo.get(&mask) {
            return v;
        }
        let moves = self.moves(mask);
        let v = moves.is_empty() || moves.iter().any(|&m| !self.misere_win(m, memo));
        memo.insert(mask, v);
        v
    }

    /// The board as written: rows of `.` and `#` separated by `/`.
    fn text(&self) -> String {
        (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| {
                        if self.free >> (r * self.cols + c) & 1 == 1 {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

fn random_board(rng: &mut Random) -> Board {
    let rows = 1 + rng.below(4) as u32;
    let cols = 1 + rng.below(u64::from((16 / rows).min(8))) as u32;
    let blocked = rng.below(40);
    let mut free = 0;
    for i in 0..rows * cols {
        if rng.below(100) >= blocked {
            free |= 1 << i;
        }
    }
    Board { rows, cols, free }
}

#[test]
fn random_boards_match_an_exhaustive_search() {
    let mut rng = Random(2024);
    let mut engine = Search::new(CramRules, &SearchConfig::default());
    let mut seen_split = false;
    for _ in 0..400 {
        let board = random_board(&mut rng);
        let text = board.text();
        let want = board.grundy(board.free, &mut HashMap::new());
        let pos = parse_position(&format!("cram({text})")).unwrap();
        seen_split |= pos.terms[0].parts.len() > 1;
        // The expression language, the analysis.
        let a = pos
            .analyze(Play::Normal, &AnalyzeOptions::default())
            .unwrap();
        assert_eq!(a.grundy, Some(want), "cram({text})");
        // The generic solver over the components' moves alone.
        let mut moves_only = Solver::from_moves(1_000_000);
        assert_eq!(
            moves_only.grundy_of(&pos.terms[0].parts).unwrap(),
            want,
            "cram({text}) by moves"
        );
        // The engine on the bitboard rules, one table for every board.
        let shapes: Vec<_> = Cram::parse(&text)
            .unwrap()
            .iter()
            .map(Cram::shape)
            .collect();
        assert_eq!(
            engine.nimber_of(&shapes).unwrap(),
            want,
            "cram({text}) by the engine"
        );
    }
    assert!(seen_split, "some board was written in several regions");
}

#[test]
fn winning_moves_lead_to_lost_boards() {
    let mut rng = Random(77);
    for _ in 0..60 {
        let board = random_board(&mut rng);
        let text = board.text();
        let mut memo = HashMap::new();
        let want = board.grundy(board.free, &mut memo);
        let pos = parse_position(&format!("cram({text})")).unwrap();
        let a = pos
            .analyze(Play::Normal, &AnalyzeOptions::default())
            .unwrap();
        let winning: usize = board
            .moves(board.free)
            .iter()
            .filter(|&&m| board.grundy(m, &mut memo) == 0)
            .count();
        if want == 0 {
            assert!(a.winning_moves.is_empty(), "cram({text})");
            continue;
        }
        assert_eq!(a.winning_moves.len(), winning, "cram({text})");
        for m in &a.winning_moves {
            let after = pos.apply(m).unwrap();
            let left = after
                .analyze(Play::Normal, &AnalyzeOptions::default())
                .unwrap();
            assert_eq!(left.grundy, Some(0), "cram({text}) then {}", m.words);
        }
    }
}

#[test]
fn misere_play_is_searched() {
    let mut rng = Random(5);
    for _ in 0..80 {
        let board = random_board(&mut rng);
        if board.free.count_ones() > 12 {
            continue;
        }
        let text = board.text();
        let want = board.misere_win(board.free, &mut HashMap::new());
        let pos = parse_position(&format!("cram({text})")).unwrap();
        let a = pos
            .analyze(Play::Misere, &AnalyzeOptions::default())
            .unwrap();
        assert_eq!(a.outcome == Outcome::N, want, "misère cram({text})");
    }
    // A board too large for the misère search within its budget is
    // refused, by kind, not searched without end.
    let pos = parse_position("cram(6x7)").unwrap();
    let options = AnalyzeOptions {
        misere_budget: 100_000,
        ..AnalyzeOptions::default()
    };
    let err = pos.analyze(Play::Misere, &options).unwrap_err();
    assert_eq!(err.limit_kind(), Some(LimitKind::Work), "{err}");
}

/// Values published for rectangles (P. Beling's igsolve table; J. Lemoine
/// and S. Viennot; J. Uiterwijk), those that take at most a second or so
/// here; the larger ones are checked by `bench/boards.sh`.
#[test]
fn published_rectangles() {
    let mut engine = Search::new(CramRules, &SearchConfig::default());
    let mut value = |rows: u64, cols: u64| {
        let board = Cram::rectangle(rows, cols).unwrap();
        engine.nimber(&board.shape()).unwrap()
    };
    assert_eq!(value(4, 5), 2);
    assert_eq!(value(5, 5), 0);
    assert_eq!(value(4, 7), 3);
    assert_eq!(value(5, 6), 2);
    assert_eq!(value(3, 10), 2);
    assert_eq!(value(3, 12), 1);
    // A classic fact the search does not use: with both sides even the
    // second player wins by symmetry; with exactly one even side, the
    // first (place the central domino, then answer symmetrically).
    for (r, c) in [(2, 2), (2, 6), (4, 4), (2, 12), (4, 6), (4, 8)] {
        assert_eq!(value(r, c), 0, "{r}x{c}");
    }
    for (r, c) in [(2, 3), (2, 7), (4, 3), (3, 6), (1, 6)] {
        assert_ne!(value(r, c), 0, "{r}x{c}");
    }
    // The transpose is the same board.
    assert_eq!(value(7, 4), 3);
}

#[test]
fn small_rectangles_match_the_exhaustive_search() {
    for rows in 1..=4u32 {
        for cols in 1..=(16 / rows).min(10) {
            let board = Board {
                rows,
                cols,
                free: if rows * cols == 32 {
                    u32::MAX
                } else {
                    (1 << (rows * cols)) - 1
                },
            };
            let want = board.grundy(board.free, &mut HashMap::new());
            let pos = parse_position(&format!("cram({rows}x{cols})")).unwrap();
            let a = pos
                .analyze(Play::Normal, &AnalyzeOptions::default())
                .unwrap();
            assert_eq!(a.grundy, Some(want), "cram({rows}x{cols})");
        }
    }
}

#[test]
fn the_syntax_is_kept_and_errors_point_at_the_problem() {
    let pos = parse_position("cram(5x7) + cram(..#./..../....) + nim(3)").unwrap();
    assert_eq!(pos.to_string(), "cram(5x7) + cram(..#./..../....) + nim(3)");
    let pos = parse_position("cram(3x3, 1x2)").unwrap();
    assert_eq!(pos.terms[0].parts.len(), 2);
    assert_eq!(pos.to_string(), "cram(3x3,1x2)");
    for (text, at) in [
        ("cram(5y7)", 6),
        ("cram(0x7)", 5),
        ("cram(12x11)", 5),
        ("cram(../...)", 8),
        ("cram(..%)", 7),
        ("cram(3x3", 8),
    ] {
        match parse_position(text) {
            Err(Error::Parse { at: got, .. }) => assert_eq!(got, at, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    let err = parse_position("cram(../...)").unwrap_err().to_string();
    assert!(err.contains("column 9") && err.contains('^'), "{err}");
}

#[test]
fn searches_stop_at_their_budget() {
    let board = Cram::rectangle(5, 6).unwrap();
    // Work.
    let config = SearchConfig {
        work: Some(1000),
        ..SearchConfig::default()
    };
    let err = Search::new(CramRules, &config)
        .nimber(&board.shape())
        .unwrap_err();
    assert_eq!(err.limit_kind(), Some(LimitKind::Work), "{err}");
    assert!(err.to_string().contains("budget of 1000"), "{err}");
    // Cancellation.
    let budget = Budget::unlimited();
    budget.cancel_handle().cancel();
    let config = SearchConfig {
        budget,
        ..SearchConfig::default()
    };
    let err = Search::new(CramRules, &config)
        .nimber(&board.shape())
        .unwrap_err();
    assert_eq!(err.limit_kind(), Some(LimitKind::Cancelled), "{err}");
    // Time.
    let config = SearchConfig {
        budget: Budget::unlimited().with_time(std::time::Duration::ZERO),
        ..SearchConfig::default()
    };
    let err = Search::new(CramRules, &config)
        .nimber(&board.shape())
        .unwrap_err();
    assert_eq!(err.limit_kind(), Some(LimitKind::Time), "{err}");
    // Memory: the table and the stack stay within the allowance, and the
    // answer is right.
    let budget = Budget::unlimited().with_memory(256 << 10);
    let config = SearchConfig {
        budget: budget.clone(),
        ..SearchConfig::default()
    };
    let mut search = Search::new(CramRules, &config);
    assert_eq!(
        search
            .nimber(&Cram::rectangle(4, 7).unwrap().shape())
            .unwrap(),
        3
    );
    assert!(search.stats().table.bytes <= 128 << 10);
    assert!(budget.held() <= 256 << 10);
    // Too little for the line of play: refused by kind, holding nothing.
    let budget = Budget::unlimited().with_memory(4 << 10);
    let config = SearchConfig {
        budget: budget.clone(),
        ..SearchConfig::default()
    };
    let mut search = Search::new(CramRules, &config);
    let err = search
        .nimber(&Cram::rectangle(5, 6).unwrap().shape())
        .unwrap_err();
    assert_eq!(err.limit_kind(), Some(LimitKind::Memory), "{err}");
    drop(search);
    assert_eq!(budget.held(), 0);
    // Through the generic solver: the caller's budget is honoured.
    let pos = parse_position("cram(5x6)").unwrap();
    let options = AnalyzeOptions {
        budget: Budget::unlimited().with_memory(4 << 10),
        ..AnalyzeOptions::default()
    };
    let err = pos.analyze(Play::Normal, &options).unwrap_err();
    assert_eq!(err.limit_kind(), Some(LimitKind::Memory), "{err}");
    let options = AnalyzeOptions {
        budget: Budget::unlimited().with_time(std::time::Duration::ZERO),
        ..AnalyzeOptions::default()
    };
    let err = pos.analyze(Play::Normal, &options).unwrap_err();
    assert_eq!(err.limit_kind(), Some(LimitKind::Time), "{err}");
}

/// A board that is its own image under the half turn: a random half,
/// turned onto the other, and the cells at the centre (the centre cell of
/// a board with odd sides, the two cells either side of it when one side
/// is odd) free or not at random — so that about half the boards meet the
/// copying argument's condition and the others nearly do.
fn symmetric_board(rng: &mut Random) -> Board {
    let rows = 1 + rng.below(4) as u32;
    let cols = rows + rng.below(u64::from(20 / rows - rows + 1)) as u32;
    let n = rows * cols;
    let blocked = rng.below(35);
    let mut free = 0u32;
    for i in 0..n / 2 {
        if rng.below(100) >= blocked {
            free |= 1 << i | 1 << (n - 1 - i);
        }
    }
    if n % 2 == 1 && rng.below(2) == 0 {
        free |= 1 << (n / 2);
    }
    // A centre domino: both of its cells, or one of them and its image.
    if n % 2 == 0 && rows % 2 + cols % 2 == 1 && free & (1 << (n / 2)) != 0 {
        let other = if cols % 2 == 0 {
            n / 2 - 1
        } else {
            n / 2 - cols
        };
        if rng.below(2) == 0 {
            free &= !(1 << (n / 2) | 1 << other);
        }
    }
    Board { rows, cols, free }
}

/// Regions that are their own image under a half turn, with no free cell
/// and no domino their own image, are worth 0 (the engine uses it without
/// search); the same boards with the centre free are searched, and agree
/// with the exhaustive search.
#[test]
fn half_turn_symmetric_regions_are_second_player_wins() {
    let mut rng = Random(180);
    let mut engine = Search::new(CramRules, &SearchConfig::default());
    let (mut mirrored, mut near) = (0, 0);
    for _ in 0..300 {
        let board = symmetric_board(&mut rng);
        let text = board.text();
        let want = board.grundy(board.free, &mut HashMap::new());
        let shapes: Vec<_> = Cram::parse(&text)
            .unwrap()
            .iter()
            .map(Cram::shape)
            .collect();
        let mut fresh = Search::new(CramRules, &SearchConfig::default());
        assert_eq!(fresh.nimber_of(&shapes).unwrap(), want, "cram({text})");
        assert_eq!(engine.nimber_of(&shapes).unwrap(), want, "cram({text})");
        if let [one] = shapes[..] {
            if one.mirrored() {
                assert_eq!(want, 0, "cram({text}) copies");
                mirrored += 1;
            } else if want != 0 {
                near += 1;
            }
        }
    }
    assert!(mirrored >= 30, "{mirrored} boards met the condition");
    assert!(near >= 10, "{near} nearly symmetric boards are not 0");
    // The classic cases: even sides, and the boards where the centre
    // spoils it.
    for (text, zero) in [
        ("4x4", true),
        ("2x6", true),
        ("3x4", false),
        ("3x3", false),
        ("..../.##./....", true),
        (".../.#./...", true),
        ("..../..../....", false),
        ("..../.#../..#./....", true),
        ("..#/.../#..", false),
    ] {
        let shape = Cram::parse(text).unwrap()[0].shape();
        assert_eq!(shape.mirrored(), zero, "{text}");
    }
}

/// Boards in boxes of more than 16 cells (beyond the end database, so the
/// engine searches them), against the exhaustive search: by both rule
/// sets, regions held in two words and in one.
#[test]
fn boards_beyond_the_end_database_match_an_exhaustive_search() {
    let mut rng = Random(1717);
    let mut engine = Search::new(CramRules, &SearchConfig::default());
    let mut small = Search::new(SmallCramRules, &SearchConfig::default());
    let mut searched = 0;
    for _ in 0..40 {
        let rows = 3 + rng.below(3) as u32;
        let cols = 17u32.div_ceil(rows) + rng.below(2) as u32;
        let blocked = 15 + rng.below(25);
        let mut free = 0;
        for i in 0..rows * cols {
            if rng.below(100) >= blocked {
                free |= 1 << i;
            }
        }
        let board = Board { rows, cols, free };
        let text = board.text();
        let want = board.grundy(free, &mut HashMap::new());
        let shapes: Vec<_> = Cram::parse(&text)
            .unwrap()
            .iter()
            .map(Cram::shape)
            .collect();
        let before = engine.stats().positions;
        assert_eq!(engine.nimber_of(&shapes).unwrap(), want, "cram({text})");
        searched += usize::from(engine.stats().positions > before);
        let words: Vec<_> = shapes
            .iter()
            .map(|&s| SmallShape::of(s).expect("a box of at most 57 cells"))
            .collect();
        assert_eq!(
            small.nimber_of(&words).unwrap(),
            want,
            "cram({text}) in one word"
        );
    }
    assert!(searched >= 10, "{searched} boards were searched");
    // A box of more cells is not held in one word.
    let board = Cram::rectangle(8, 8).unwrap();
    assert!(SmallShape::of(board.shape()).is_none());
    assert!(SmallShape::of(Cram::rectangle(7, 8).unwrap().shape()).is_some());
}

#[test]
fn an_analysis_reports_its_search_to_the_observer() {
    use std::sync::{Arc, Mutex};
    let seen: Arc<Mutex<Vec<grundy::search::Progress>>> = Arc::default();
    let log = seen.clone();
    let options = AnalyzeOptions {
        search_progress: Some(grundy::search::shared(
            move |p: &grundy::search::Progress| log.lock().unwrap().push(p.clone()),
        )),
        ..AnalyzeOptions::default()
    };
    let a = parse_position("cram(5x6)")
        .unwrap()
        .analyze(Play::Normal, &options)
        .unwrap();
    assert_eq!(a.grundy, Some(2));
    let seen = seen.lock().unwrap();
    // The first report comes a few thousand positions in, then at most one
    // every REPORT_EVERY: a search of this size sends at least one.
    let last = seen.last().expect("a report");
    assert!(last.root.starts_with("cram("), "{last:?}");
    assert!(
        last.stats.positions > 0 && last.stats.table.entries > 0,
        "{last:?}"
    );
}
