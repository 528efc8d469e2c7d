//! Reading graphs as written inside a graph game's parentheses (see the
//! [parent module](super) for the forms).

use std::collections::HashMap;
use std::sync::Arc;

use super::{bit, Graph, Subgraph, MAX_VERTICES};
use crate::cursor::Cursor;
use crate::error::Result;

/// Reads the parts of a graph term, separated by commas, up to a closing
/// parenthesis or the end; each part split into its connected pieces, in
/// order. Nothing at all is no piece.
pub(crate) fn read_parts(p: &mut Cursor) -> Result<Vec<Subgraph>> {
    let mut pieces = Vec::new();
    p.skip_ws();
    if matches!(p.peek(), None | Some(')')) {
        return Ok(pieces);
    }
    loop {
        let (graph, set) = read_part(p)?;
        let graph = Arc::new(graph);
        pieces.extend(Subgraph::pieces_of(&graph, set));
        if !p.eat(',') {
            return Ok(pieces);
        }
    }
}

/// A character of a vertex name.
fn name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// One part: a board, a grid, or vertices and edges. The graph and the
/// vertices on the board.
fn read_part(p: &mut Cursor) -> Result<(Graph, u128)> {
    p.skip_ws();
    match p.peek() {
        Some('.' | '#') => read_board(p),
        Some(c) if name_char(c) => {
            let start = p.pos();
            let first = name(p)?;
            match grid_size(p, &first, start)? {
                Some((rows, cols)) => {
                    let g = Graph::grid(rows, cols);
                    let all = g.all();
                    end_of_part(p, "after a grid RxC (other parts follow a ',')")?;
                    Ok((g, all))
                }
                None => read_items(p, first, start),
            }
        }
        None => Err(p.error("expected a graph, but the expression ended")),
        Some(c) => Err(p.error(format!(
            "expected a graph (vertices, edges u-v, a grid RxC or a board of . and #), found {c:?}"
        ))),
    }
}

/// A vertex name at the cursor.
fn name(p: &mut Cursor) -> Result<String> {
    p.skip_ws();
    let start = p.pos();
    while p.peek().is_some_and(name_char) {
        p.advance(1);
    }
    if p.pos() == start {
        return Err(match p.peek() {
            None => p.error("expected a vertex name, but the expression ended"),
            Some(c) => p.error(format!(
                "expected a vertex name (letters, digits and _), found {c:?}"
            )),
        });
    }
    Ok(p.text_from(start))
}

/// Whether `word` (at `start`) is a grid size `RxC`, and which; an error
/// for a grid that is empty or too large.
fn grid_size(p: &Cursor, word: &str, start: usize) -> Result<Option<(usize, usize)>> {
    let Some((r, c)) = word.split_once(['x', 'X']) else {
        return Ok(None);
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(r) || !digits(c) {
        return Ok(None);
    }
    let col_start = start + r.chars().count() + 1;
    let dim = |s: &str, at: usize, what: &str| -> Result<u128> {
        let n: u128 = s.parse().unwrap_or(u128::MAX);
        if n == 0 {
            return Err(p.error_at(at, format!("a grid needs at least one {what}")));
        }
        Ok(n)
    };
    let (rows, cols) = (dim(r, start, "row")?, dim(c, col_start, "column")?);
    let cells = rows.saturating_mul(cols);
    if cells > MAX_VERTICES as u128 {
        return Err(p.error_at(
            start,
            format!(
                "the grid {word} has {} vertices; a graph has at most {MAX_VERTICES}",
                if cells == u128::MAX {
                    "too many".to_string()
                } else {
                    cells.to_string()
                }
            ),
        ));
    }
    Ok(Some((rows as usize, cols as usize)))
}

/// After a part: a comma, a closing parenthesis or the end must come.
fn end_of_part(p: &mut Cursor, what: &str) -> Result<()> {
    p.skip_ws();
    match p.peek() {
        None | Some(',' | ')') => Ok(()),
        Some(c) => Err(p.error(format!("unexpected {c:?} {what}"))),
    }
}

/// Vertices and edges, the first name (at `start`) already read.
fn read_items(p: &mut Cursor, first: String, start: usize) -> Result<(Graph, u128)> {
    let mut names: Vec<String> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut edges = Vec::new();
    let mut vertex = |p: &Cursor, name: String, at: usize| -> Result<usize> {
        if grid_size(p, &name, at)?.is_some() {
            return Err(p.error_at(
                at,
                format!("the grid {name} is a part of its own: separate parts with ','"),
            ));
        }
        if let Some(&v) = index.get(&name) {
            return Ok(v);
        }
        if names.len() == MAX_VERTICES {
            return Err(p.error_at(
                at,
                format!(
                    "{name} would be vertex {}; a graph has at most {MAX_VERTICES}",
                    MAX_VERTICES + 1
                ),
            ));
        }
        index.insert(name.clone(), names.len());
        names.push(name);
        Ok(names.len() - 1)
    };
    let (mut word, mut at) = (first, start);
    loop {
        let mut v = vertex(p, word, at)?;
        while p.eat('-') {
            p.skip_ws();
            let w_at = p.pos();
            let w = match name(p) {
                Ok(w) => w,
                Err(_) => {
                    return Err(match p.peek() {
                        None => p.error("expected the other end of the edge, but the expression ended"),
                        Some(c) => p.error(format!(
                            "expected the other end of the edge (a vertex name of letters, digits and _), found {c:?}"
                        )),
                    })
                }
            };
            let w = vertex(p, w, w_at)?;
            if w == v {
                return Err(p.error_at(w_at, "an edge joins two different vertices"));
            }
            edges.push((v, w));
            v = w;
        }
        p.skip_ws();
        match p.peek() {
            None | Some(',' | ')') => break,
            Some(c) if name_char(c) => {
                at = p.pos();
                word = name(p)?;
            }
            Some(c) => {
                return Err(p.error(format!(
                    "expected a vertex or an edge u-v (names of letters, digits and _), found {c:?}"
                )))
            }
        }
    }
    let graph = Graph::from_edges(names, &edges);
    let all = graph.all();
    Ok((graph, all))
}

/// A board: rows of `.` and `#` separated by `/`.
fn read_board(p: &mut Cursor) -> Result<(Graph, u128)> {
    let start = p.pos();
    let mut rows: Vec<Vec<bool>> = Vec::new();
    loop {
        let row_start = p.pos();
        let mut row = Vec::new();
        while let Some(c @ ('.' | '#')) = p.peek() {
            row.push(c == '.');
            p.advance(1);
        }
        if row.is_empty() {
            return Err(p.error("expected a row of '.' (a vertex) and '#' (none)"));
        }
        if let Some(first) = rows.first() {
            if first.len() != row.len() {
                return Err(p.error_at(
                    row_start,
                    format!(
                        "row {} has {} cells and the first row {}: every row of a board is as long",
                        rows.len() + 1,
                        row.len(),
                        first.len()
                    ),
                ));
            }
        }
        if (rows.len() + 1) * row.len() > MAX_VERTICES {
            return Err(p.error_at(
                start,
                format!("a board has at most {MAX_VERTICES} cells, '#' included"),
            ));
        }
        rows.push(row);
        if p.peek() == Some('/') {
            p.advance(1);
        } else {
            break;
        }
    }
    end_of_part(
        p,
        "in a board (cells are '.' and '#', rows separated by '/', other parts follow a ',')",
    )?;
    let cols = rows[0].len();
    let graph = Graph::grid(rows.len(), cols);
    let set = rows
        .iter()
        .flatten()
        .enumerate()
        .filter(|&(_, &cell)| cell)
        .fold(0, |s, (v, _)| s | bit(v));
    Ok((graph, set))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;

    fn parse(text: &str) -> Result<Vec<Subgraph>> {
        crate::games::parse_args(text, read_parts)
    }

    fn error_at(text: &str) -> (usize, String) {
        match parse(text) {
            Err(Error::Parse { at, message, .. }) => (at, message),
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn written_forms() {
        let parts = parse("1-2 2-3 3-4 5").unwrap();
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].args(), "1-2 2-3 3-4");
        assert_eq!(parts[1].args(), "5");
        let parts = parse(" a-b-c , c - d x_1").unwrap();
        let args: Vec<String> = parts.iter().map(Subgraph::args).collect();
        assert_eq!(args, ["a-b b-c", "c-d", "x_1"]);
        assert_eq!(parse("3x16").unwrap()[0].len(), 48);
        assert_eq!(parse("2X3").unwrap()[0].args(), "2x3");
        let board = parse("..#./#..#").unwrap();
        let args: Vec<String> = board.iter().map(Subgraph::args).collect();
        assert_eq!(args, ["..##/#..#", "###./####"]);
        assert_eq!(board[0].names(board[0].set()), "1 2 6 7");
        assert!(parse("").unwrap().is_empty());
        assert!(parse("####").unwrap().is_empty());
        // Repeated edges are one edge.
        assert_eq!(parse("1-2 2-1 1-2").unwrap()[0].args(), "1-2");
        // 128 vertices fit.
        assert_eq!(parse("2x64").unwrap()[0].len(), 128);
        let path: Vec<String> = (0..128).map(|i| i.to_string()).collect();
        assert_eq!(parse(&path.join("-")).unwrap()[0].len(), 128);
    }

    #[test]
    fn errors_point_at_the_problem() {
        assert_eq!(error_at("1-2 2-@").0, 6);
        assert_eq!(error_at("1-").0, 2);
        assert_eq!(error_at("1-1").0, 2);
        assert_eq!(error_at("0x5").0, 0);
        let (at, message) = error_at("3x0");
        assert_eq!(at, 2);
        assert!(message.contains("column"), "{message}");
        let (at, message) = error_at("1-2, 3x50");
        assert_eq!(at, 5);
        assert!(message.contains("150 vertices"), "{message}");
        assert!(error_at("99999999999999999999999x99999999999999999999")
            .1
            .contains("too many"));
        assert_eq!(error_at("1-2 3x4").0, 4);
        assert_eq!(error_at("3x4 5").0, 4);
        assert_eq!(error_at("../.").0, 3);
        assert_eq!(error_at("1-2,,3").0, 4);
        assert_eq!(error_at("1-2,").0, 4);
        assert_eq!(error_at("..x").0, 2);
        let path: Vec<String> = (0..129).map(|i| i.to_string()).collect();
        let text = path.join("-");
        let (at, message) = error_at(&text);
        assert_eq!(at, text.len() - 3);
        assert!(message.contains("at most 128"), "{message}");
        assert!(error_at(&format!("{}/{}", ".".repeat(65), ".".repeat(65)))
            .1
            .contains("at most 128"));
        assert_eq!(
            parse(&format!("{}/{}", ".".repeat(64), ".".repeat(64))).unwrap()[0].len(),
            128
        );
    }
}
