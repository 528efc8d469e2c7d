//! A component's picture ([`grundy::picture`]) for the two front ends: as
//! JSON with an SVG drawing for the web page, whose elements the player
//! clicks, and as text for the terminal.
//!
//! Every clickable element of the SVG carries `data-item` (`cell-R-C`,
//! `vertex-I`, `edge-I`, `coin-X`, `step-S`), and the JSON lists each move
//! with the items that make it (`picks`) and the move as `grundy play`
//! types it (`move`): the page needs no knowledge of any family.

use std::collections::HashMap;
use std::fmt::Write as _;

use grundy::game::{Game, Move};
use grundy::picture::{Cell, Grid, Item, Picture, Shape, Vertex};
use serde_json::{json, Value};

/// The item's name in the page (`data-item` and `picks`).
pub fn item_id(item: Item) -> String {
    match item {
        Item::Cell { row, col } => format!("cell-{row}-{col}"),
        Item::Vertex(v) => format!("vertex-{v}"),
        Item::Edge(e) => format!("edge-{e}"),
        Item::Coin(x) => format!("coin-{x}"),
        Item::Step(s) => format!("step-{s}"),
    }
}

/// The square's name in the page (its class, as in the JSON's `cells`).
fn cell_name(cell: Cell) -> String {
    serde_json::to_value(cell)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The picture of component `c` as the page gets it: the shape (`kind` and
/// its data), every move with the items clicked to make it (`picks`), the
/// move as typed (`move`: `number`, then the family's notation) and in
/// words (`words`, for the part labelled `label`), and the drawing (`svg`).
pub fn json(c: &dyn Game, pic: &Picture<Move>, number: usize, label: &str) -> Value {
    // The shape as data: `kind` and its fields (see `Shape`'s serde form).
    let mut out = serde_json::to_value(&pic.shape).expect("a shape is plain data");
    out["moves"] = pic
        .picks
        .iter()
        .map(|p| {
            json!({
                "picks": p.items.iter().map(|&i| item_id(i)).collect::<Vec<_>>(),
                "move": format!("{number} {}", c.notation(&p.mv)),
                "words": c.describe(&p.mv, label),
            })
        })
        .collect();
    out["svg"] = Value::String(svg(&pic.shape, label));
    out
}

// ---------------------------------------------------------------- SVG

const SQUARE: f64 = 44.0;
const PAD: f64 = 30.0;

/// Escapes text for SVG.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn open(width: f64, height: f64, kind: &str, label: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"picture {kind}\" \
         viewBox=\"0 0 {width:.0} {height:.0}\" width=\"{width:.0}\" height=\"{height:.0}\" \
         role=\"group\" aria-label=\"{}\">",
        esc(label)
    )
}

/// The shape drawn as SVG; `label` names it for screen readers.
pub fn svg(shape: &Shape, label: &str) -> String {
    match shape {
        Shape::Grid(grid) => grid_svg(grid, label),
        Shape::Graph {
            vertices,
            edges,
            ground,
        } => graph_svg(vertices, edges, *ground, label),
        Shape::Coins { first, heads } => coins_svg(*first, heads, label),
        Shape::Stairs { top, monks } => stairs_svg(*top, monks, label),
    }
}

fn grid_svg(grid: &Grid, label: &str) -> String {
    let (rows, cols, cells) = (grid.rows, grid.cols, &grid.cells);
    let (row_labels, col_labels) = (&grid.row_labels, &grid.col_labels);
    let (w, h) = (
        PAD + cols as f64 * SQUARE + 8.0,
        rows as f64 * SQUARE + PAD + 8.0,
    );
    let mut s = open(w, h, "grid", label);
    for (r, name) in row_labels.iter().enumerate() {
        let y = 4.0 + (r as f64 + 0.5) * SQUARE;
        let _ = write!(
            s,
            "<text class=\"axis\" x=\"{:.0}\" y=\"{y:.0}\" text-anchor=\"end\" dominant-baseline=\"middle\">{}</text>",
            PAD - 6.0,
            esc(name)
        );
    }
    for (c, name) in col_labels.iter().enumerate() {
        let x = PAD + (c as f64 + 0.5) * SQUARE;
        let _ = write!(
            s,
            "<text class=\"axis\" x=\"{x:.0}\" y=\"{:.0}\" text-anchor=\"middle\">{}</text>",
            4.0 + rows as f64 * SQUARE + 18.0,
            esc(name)
        );
    }
    for r in 0..rows {
        for c in 0..cols {
            let cell = cells[r * cols + c];
            if cell == Cell::Hole {
                continue;
            }
            let (x, y) = (PAD + c as f64 * SQUARE, 4.0 + r as f64 * SQUARE);
            let id = item_id(Item::Cell { row: r, col: c });
            let name = format!(
                "{} {}",
                row_labels.get(r).map_or("", String::as_str),
                col_labels.get(c).map_or("", String::as_str)
            );
            let _ = write!(
                s,
                "<g class=\"item cell {}\" data-item=\"{id}\"><title>{}</title>\
                 <rect x=\"{:.0}\" y=\"{:.0}\" width=\"{:.0}\" height=\"{:.0}\" rx=\"3\"/>",
                cell_name(cell),
                esc(name.trim()),
                x + 1.0,
                y + 1.0,
                SQUARE - 2.0,
                SQUARE - 2.0
            );
            let mark = match cell {
                Cell::Poison => Some("☠"),
                Cell::Queen => Some("♛"),
                _ => None,
            };
            if let Some(m) = mark {
                let _ = write!(
                    s,
                    "<text x=\"{:.0}\" y=\"{:.0}\" text-anchor=\"middle\" dominant-baseline=\"central\" class=\"mark\">{m}</text>",
                    x + SQUARE / 2.0,
                    y + SQUARE / 2.0
                );
            }
            s += "</g>";
        }
    }
    s += "</svg>";
    s
}

/// Where each vertex is drawn, and where the ground line runs (its height),
/// for a graph picture.
struct Layout {
    at: Vec<(f64, f64)>,
    ground_y: Option<f64>,
    width: f64,
    height: f64,
}

const GAP: f64 = 64.0;

/// Vertices with places of their own (a grid) are drawn there; a graph
/// with a ground as a forest standing on it (each vertex as high as its
/// distance from the ground, each subtree above the middle of its leaves);
/// any other graph on a circle.
fn layout(vertices: &[Vertex], edges: &[(usize, usize)], ground: Option<usize>) -> Layout {
    let n = vertices.len();
    if n > 0 && vertices.iter().all(|v| v.at.is_some()) {
        let places: Vec<(usize, usize)> = vertices.iter().filter_map(|v| v.at).collect();
        let r0 = places.iter().map(|p| p.0).min().unwrap_or(0);
        let c0 = places.iter().map(|p| p.1).min().unwrap_or(0);
        let at: Vec<(f64, f64)> = places
            .iter()
            .map(|&(r, c)| (PAD + (c - c0) as f64 * GAP, PAD + (r - r0) as f64 * GAP))
            .collect();
        let width = at.iter().map(|p| p.0).fold(0.0, f64::max) + PAD;
        let height = at.iter().map(|p| p.1).fold(0.0, f64::max) + PAD;
        return Layout {
            at,
            ground_y: None,
            width,
            height,
        };
    }
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(u, v) in edges {
        if u != v {
            adj[u].push(v);
            adj[v].push(u);
        }
    }
    let Some(g) = ground else {
        // A circle, a vertex alone in the middle.
        let radius = (n as f64 * GAP / std::f64::consts::TAU).max(if n > 1 { 50.0 } else { 0.0 });
        let centre = PAD + radius;
        let at = (0..n)
            .map(|i| {
                let a = std::f64::consts::TAU * i as f64 / n as f64 - std::f64::consts::FRAC_PI_2;
                (centre + radius * a.cos(), centre + radius * a.sin())
            })
            .collect();
        let side = 2.0 * centre;
        return Layout {
            at,
            ground_y: None,
            width: side,
            height: side,
        };
    };
    // A breadth-first tree from the ground: depth and children.
    let mut depth = vec![usize::MAX; n];
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
    depth[g] = 0;
    let mut queue = std::collections::VecDeque::from([g]);
    while let Some(u) = queue.pop_front() {
        for &v in &adj[u] {
            if depth[v] == usize::MAX {
                depth[v] = depth[u] + 1;
                children[u].push(v);
                queue.push_back(v);
            }
        }
    }
    // Leaves take the next slot left to right; a parent stands above the
    // middle of its children (post-order, without recursion).
    let mut slot = vec![0.0f64; n];
    let mut next = 0.0f64;
    let mut stack: Vec<(usize, usize)> = children[g].iter().rev().map(|&c| (c, 0)).collect();
    while let Some((v, i)) = stack.pop() {
        if i < children[v].len() {
            stack.push((v, i + 1));
            stack.push((children[v][i], 0));
        } else if children[v].is_empty() {
            slot[v] = next;
            next += 1.0;
        } else {
            let first = slot[children[v][0]];
            let last = slot[*children[v].last().expect("a child")];
            slot[v] = (first + last) / 2.0;
        }
    }
    // Loops on the ground get slots of their own.
    let ground_loops = edges.iter().filter(|&&(u, v)| u == g && v == g).count();
    let ground_loop_start = next;
    next += ground_loops as f64;
    let height_levels = depth
        .iter()
        .filter(|&&d| d != usize::MAX)
        .max()
        .copied()
        .unwrap_or(0);
    let ground_y = PAD + height_levels as f64 * GAP + 24.0;
    let at: Vec<(f64, f64)> = (0..n)
        .map(|v| {
            if v == g {
                (PAD + ground_loop_start * GAP, ground_y)
            } else {
                let d = if depth[v] == usize::MAX { 1 } else { depth[v] };
                (PAD + slot[v] * GAP, ground_y - d as f64 * GAP)
            }
        })
        .collect();
    Layout {
        at,
        ground_y: Some(ground_y),
        width: PAD * 2.0 + (next - 1.0).max(0.0) * GAP,
        height: ground_y + 24.0,
    }
}

fn graph_svg(
    vertices: &[Vertex],
    edges: &[(usize, usize)],
    ground: Option<usize>,
    label: &str,
) -> String {
    let lay = layout(vertices, edges, ground);
    let mut s = open(lay.width.max(120.0), lay.height.max(60.0), "graph", label);
    if let Some(y) = lay.ground_y {
        let _ = write!(
            s,
            "<line class=\"ground\" x1=\"4\" y1=\"{y:.0}\" x2=\"{:.0}\" y2=\"{y:.0}\"/>",
            lay.width.max(120.0) - 4.0
        );
    }
    // An edge to the ground stands on the line under its other end; the
    // ground's own loops at their slots.
    let mut ground_loop = 0.0;
    let end = |v: usize, other: usize, ground_loop: f64| -> (f64, f64) {
        match (ground, lay.ground_y) {
            (Some(g), Some(y)) if v == g && other != g => (lay.at[other].0, y),
            (Some(g), Some(y)) if v == g => (lay.at[g].0 + ground_loop * GAP, y),
            _ => lay.at[v],
        }
    };
    let mut seen: HashMap<(usize, usize), usize> = HashMap::new();
    for (e, &(u, v)) in edges.iter().enumerate() {
        let pair = (u.min(v), u.max(v));
        let k = *seen.entry(pair).and_modify(|k| *k += 1).or_insert(0);
        let is_ground_loop = ground == Some(u) && u == v;
        let a = end(u, v, ground_loop);
        let b = end(v, u, ground_loop);
        if is_ground_loop {
            ground_loop += 1.0;
        }
        let (path, hit) = if u == v {
            // A loop: a drop above a ground slot, up and to the right of any
            // other vertex (clear of the edges to its children); each
            // repeat a size larger.
            let r = 18.0 + 8.0 * k as f64;
            let (c1, c2) = if is_ground_loop {
                (
                    (a.0 - r * 1.4, a.1 - r * 2.6),
                    (a.0 + r * 1.4, a.1 - r * 2.6),
                )
            } else {
                (
                    (a.0 + r * 0.3, a.1 - r * 2.8),
                    (a.0 + r * 2.8, a.1 - r * 0.3),
                )
            };
            let path = format!(
                "M {:.1} {:.1} C {:.1} {:.1} {:.1} {:.1} {:.1} {:.1}",
                a.0, a.1, c1.0, c1.1, c2.0, c2.1, a.0, a.1
            );
            (path.clone(), path)
        } else {
            // Parallel edges bend apart: 0, +1, −1, +2, … steps of 18.
            let bend = match k {
                0 => 0.0,
                k if k % 2 == 1 => 18.0 * k.div_ceil(2) as f64,
                k => -18.0 * (k / 2) as f64,
            };
            let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let (cx, cy) = (mx - dy / len * bend * 2.0, my + dx / len * bend * 2.0);
            let line = format!(
                "M {:.1} {:.1} Q {cx:.1} {cy:.1} {:.1} {:.1}",
                a.0, a.1, b.0, b.1
            );
            // What a click hits: a band 18 wide along the edge (a filled
            // area, so that a vertical edge has a width too).
            let (nx, ny) = (-dy / len * 9.0, dx / len * 9.0);
            let hit = format!(
                "M {:.1} {:.1} Q {:.1} {:.1} {:.1} {:.1} L {:.1} {:.1} Q {:.1} {:.1} {:.1} {:.1} Z",
                a.0 + nx,
                a.1 + ny,
                cx + nx,
                cy + ny,
                b.0 + nx,
                b.1 + ny,
                b.0 - nx,
                b.1 - ny,
                cx - nx,
                cy - ny,
                a.0 - nx,
                a.1 - ny
            );
            (line, hit)
        };
        let name = format!("edge {}-{}", vertices[u].name, vertices[v].name);
        let _ = write!(
            s,
            "<g class=\"item edge\" data-item=\"{}\"><title>{}</title>\
             <path class=\"hit\" d=\"{hit}\"/><path class=\"line\" d=\"{path}\"/></g>",
            item_id(Item::Edge(e)),
            esc(&name)
        );
    }
    for (i, v) in vertices.iter().enumerate() {
        if ground == Some(i) {
            continue;
        }
        let (x, y) = lay.at[i];
        let _ = write!(
            s,
            "<g class=\"item vertex\" data-item=\"{}\"><title>vertex {}</title>\
             <circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"14\"/>\
             <text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"middle\" dominant-baseline=\"central\">{}</text></g>",
            item_id(Item::Vertex(i)),
            esc(&v.name),
            esc(&v.name)
        );
    }
    s += "</svg>";
    s
}

fn coins_svg(first: u64, heads: &[bool], label: &str) -> String {
    const STEP: f64 = 44.0;
    let w = PAD + heads.len().max(1) as f64 * STEP;
    let mut s = open(w, 76.0, "coins", label);
    if heads.is_empty() {
        let _ = write!(
            s,
            "<text x=\"{PAD}\" y=\"40\" class=\"axis\">no heads left</text>"
        );
    }
    for (i, &h) in heads.iter().enumerate() {
        let x = first + i as u64;
        let cx = PAD / 2.0 + (i as f64 + 0.5) * STEP;
        let side = if h { "heads" } else { "tails" };
        let _ = write!(
            s,
            "<g class=\"item coin {side}\" data-item=\"{}\"><title>coin {x}: {side}</title>\
             <circle cx=\"{cx:.1}\" cy=\"28\" r=\"18\"/>\
             <text x=\"{cx:.1}\" y=\"28\" text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>\
             <text class=\"axis\" x=\"{cx:.1}\" y=\"66\" text-anchor=\"middle\">{x}</text></g>",
            item_id(Item::Coin(x)),
            if h { "H" } else { "T" }
        );
    }
    s += "</svg>";
    s
}

fn stairs_svg(top: u64, monks: &[u64], label: &str) -> String {
    let steps = top.max(1) as f64;
    let (w_step, h_step) = (
        (720.0 / steps).clamp(14.0, 44.0),
        (240.0 / steps).clamp(4.0, 18.0),
    );
    let base = 40.0 + steps * h_step + 20.0;
    let w = PAD + steps * w_step + 10.0;
    let mut s = open(w, base + 22.0, "stairs", label);
    for k in 1..=top {
        let x = PAD + (k - 1) as f64 * w_step;
        let y = base - k as f64 * h_step;
        let monk = monks.binary_search(&k).is_ok();
        let _ = write!(
            s,
            "<g class=\"item step{}\" data-item=\"{}\"><title>step {k}{}</title>\
             <rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w_step:.1}\" height=\"{:.1}\"/>",
            if monk { " monk" } else { "" },
            item_id(Item::Step(k)),
            if monk { ": a monk" } else { "" },
            base - y
        );
        if monk {
            let cx = x + w_step / 2.0;
            let r = (w_step / 2.0 - 2.0).min(12.0);
            let _ = write!(
                s,
                "<circle class=\"head\" cx=\"{cx:.1}\" cy=\"{:.1}\" r=\"{:.1}\"/>\
                 <path class=\"robe\" d=\"M {:.1} {y:.1} L {cx:.1} {:.1} L {:.1} {y:.1} Z\"/>",
                y - 2.2 * r - r * 0.8,
                r * 0.8,
                cx - r,
                y - 2.2 * r,
                cx + r
            );
        }
        if top <= 40 || k % 5 == 0 || k == 1 {
            let _ = write!(
                s,
                "<text class=\"axis\" x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{k}</text>",
                x + w_step / 2.0,
                base + 16.0
            );
        }
        s += "</g>";
    }
    s += "</svg>";
    s
}

// ---------------------------------------------------------------- text

/// The picture as text lines for the terminal, where it reads better than
/// the family's own words: boards (their rows and columns named as moves
/// are typed) and graphs laid out on a grid. `None` for the others.
pub fn text(pic: &Picture<Move>) -> Option<Vec<String>> {
    match &pic.shape {
        Shape::Grid(grid) => {
            let (row_labels, col_labels) = (&grid.row_labels, &grid.col_labels);
            let lw = row_labels
                .iter()
                .map(|l| l.chars().count())
                .max()
                .unwrap_or(0);
            let cw = col_labels
                .iter()
                .map(|l| l.chars().count())
                .max()
                .unwrap_or(1)
                .max(1);
            let mut lines = Vec::new();
            for r in 0..grid.rows {
                let mut line = format!("{:>lw$} |", row_labels.get(r).map_or("", String::as_str));
                for c in 0..grid.cols {
                    let mark = match grid.cells[r * grid.cols + c] {
                        Cell::Hole => " ",
                        Cell::Free => "o",
                        Cell::Blocked => "#",
                        Cell::Poison => "P",
                        Cell::Queen => "Q",
                    };
                    let _ = write!(line, " {mark:>cw$}");
                }
                lines.push(line.trim_end().to_string());
            }
            let mut foot = format!("{:>lw$}  ", "");
            for l in col_labels {
                let _ = write!(foot, " {l:>cw$}");
            }
            lines.push(foot.trim_end().to_string());
            Some(lines)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::expr::parse_position;

    fn picture_of(expr: &str) -> (grundy::game::Component, Picture<Move>) {
        let pos = parse_position(expr).unwrap();
        let c = pos.components().next().unwrap().clone();
        let pic = c.picture().unwrap();
        (c, pic)
    }

    #[test]
    fn every_pick_is_drawn_as_a_clickable_element() {
        for expr in [
            "chomp(3x4)",
            "wythoff(3,2)",
            "hackenbush(1-2 2-3 3-1 1-1 1-4 1-4 4-4)",
            "nodekayles(2x3)",
            "nodekayles(1-2 2-3 3-1)",
            "arckayles(1-2 2-3)",
            "turtles(1,4,6)",
            "stairs(1,5,9)",
            "cram(2x3)",
        ] {
            let (c, pic) = picture_of(expr);
            let j = json(c.as_ref(), &pic, 3, "part 3");
            let svg = j["svg"].as_str().unwrap();
            assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
            let moves = j["moves"].as_array().unwrap();
            assert_eq!(moves.len(), pic.picks.len());
            for m in moves {
                assert!(m["move"].as_str().unwrap().starts_with("3 "), "{expr}: {m}");
                for id in m["picks"].as_array().unwrap() {
                    let attr = format!("data-item=\"{}\"", id.as_str().unwrap());
                    assert!(svg.contains(&attr), "{expr}: {attr} is not drawn");
                }
            }
        }
    }

    /// The shape's fields as the page reads them (`kind`, names in lower
    /// case, pairs as arrays, no place as null).
    #[test]
    fn the_shape_is_sent_as_the_page_reads_it() {
        let (c, pic) = picture_of("chomp(2,1)");
        let mut j = json(c.as_ref(), &pic, 1, "bar 1");
        for k in ["moves", "svg"] {
            j.as_object_mut().unwrap().remove(k);
        }
        assert_eq!(
            j,
            json!({"kind": "grid", "rows": 2, "cols": 2, "cells": ["free", "hole", "poison", "free"],
                   "row_labels": ["2", "1"], "col_labels": ["1", "2"]})
        );
        let (c, pic) = picture_of("hackenbush(1-2 2-2)");
        let j = json(c.as_ref(), &pic, 1, "graph 1");
        assert_eq!(j["kind"], "graph");
        assert_eq!(j["edges"], json!([[0, 1], [1, 1]]));
        assert_eq!(j["ground"], 0);
        assert_eq!(j["vertices"][1], json!({"name": "2", "at": null}));
        let (c, pic) = picture_of("stairs(1,3)");
        let j = json(c.as_ref(), &pic, 1, "stairs 1");
        assert_eq!(
            (&j["kind"], &j["top"], &j["monks"]),
            (&json!("stairs"), &json!(3), &json!([1, 3]))
        );
        let (c, pic) = picture_of("turtles(2)");
        let j = json(c.as_ref(), &pic, 1, "row 1");
        assert_eq!(
            (&j["kind"], &j["first"], &j["heads"]),
            (&json!("coins"), &json!(1), &json!([false, true]))
        );
    }

    #[test]
    fn boards_are_drawn_as_text_with_their_names() {
        let (_, pic) = picture_of("wythoff(2,1)");
        assert_eq!(text(&pic).unwrap(), ["1 | o o Q", "0 | o o o", "    0 1 2"]);
        let (_, pic) = picture_of("chomp(3,1)");
        assert_eq!(text(&pic).unwrap(), ["2 | o", "1 | P o o", "    1 2 3"]);
    }
}
