//! The position as the player sees it: drawn for the terminal (`grundy
//! play`), and described item by item for the web page to draw.

use grundy::session::notation::label;
use grundy::session::Numbers;
use grundy::sum::Position;
use serde_json::{json, Value};

use super::moves::single_heap;
use crate::ui::Ui;

/// The largest heap drawn as a row of tokens; when a heap is larger, every
/// heap is shown by its size alone.
const DRAW_MAX: u64 = 30;

/// The position drawn: one line per heap (a row of tokens when every heap
/// is small, and always a size column), the family's own picture for
/// everything else.
pub fn draw(ui: &Ui, position: &Position, numbers: &Numbers) -> String {
    let mut s = String::new();
    let heap_sizes: Vec<u64> = position
        .components()
        .filter(|c| c.noun() == "heap")
        .flat_map(|c| c.heaps())
        .collect();
    let tokens = heap_sizes.iter().all(|&h| h <= DRAW_MAX);
    let width = if tokens {
        heap_sizes.iter().copied().max().unwrap_or(0) as usize
    } else {
        0
    };
    let size_w = heap_sizes
        .iter()
        .map(|h| h.to_string().len())
        .max()
        .unwrap_or(1);
    let parts: Vec<_> = position
        .terms
        .iter()
        .flat_map(|t| t.parts.iter().map(move |c| (t, c)))
        .collect();
    // Every label in one column as wide as the widest ("staircase 12 stairs").
    let labels: Vec<String> = parts
        .iter()
        .enumerate()
        .map(|(k, (term, c))| format!("{} {:<2} {}", c.noun(), numbers.of[k], term.name))
        .collect();
    let label_w = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    for ((_, c), label) in parts.iter().zip(&labels) {
        let label = format!("{label:<label_w$}");
        match (c.noun(), &c.heaps()[..]) {
            ("heap", &[h]) => {
                let picture = if tokens {
                    let pad = " ".repeat(width - h as usize);
                    format!("{}{pad}  ", ui.tokens(&"●".repeat(h as usize)))
                } else {
                    String::new()
                };
                s += &format!("  {}  {picture}{h:>size_w$}\n", ui.bold(&label));
            }
            _ => {
                let lines = c
                    .picture()
                    .and_then(|pic| super::picture::text(&pic))
                    .unwrap_or_else(|| c.draw());
                for (i, line) in lines.iter().enumerate() {
                    let l = if i == 0 {
                        label.clone()
                    } else {
                        " ".repeat(label_w)
                    };
                    s += &format!("  {}  {}\n", ui.bold(&l), line);
                }
            }
        }
    }
    ui.text(&s)
}

/// What the page draws: one item per component, in the order written, with
/// the number the player types (`numbers`). A single heap gives its `size`
/// and `heap` (0-based flat index, for `{heap, to}` moves); any other
/// component its family's picture, as text `lines`, and when the family
/// draws it, as a `picture` to click (see [`super::picture::json`]).
pub fn json(position: &Position, numbers: &Numbers) -> Value {
    Value::Array(
        position
            .places()
            .into_iter()
            .enumerate()
            .map(|(index, (place, c))| {
                let mut item = json!({
                    "index": index,
                    "number": numbers.of[index],
                    "label": label(position, numbers, index),
                    "term": place.term,
                    "name": position.terms[place.term].name,
                    "kind": c.noun(),
                    "args": c.args(),
                });
                match single_heap(c.as_ref()) {
                    Some(size) => {
                        item["size"] = json!(size);
                        item["heap"] = json!(place.first_heap);
                    }
                    None => {
                        item["lines"] = json!(c.draw());
                        if let Some(pic) = c.picture() {
                            let label = label(position, numbers, index);
                            item["picture"] =
                                super::picture::json(c.as_ref(), &pic, numbers.of[index], &label);
                        }
                    }
                }
                item
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::expr::parse_position;

    /// Every row's picture starts in one column, whatever the labels' lengths.
    #[test]
    fn rows_line_up() {
        let ui = Ui {
            colour: false,
            unicode: false,
            width: None,
        };
        let position =
            parse_position("nim(3) + hackenbush(1-2 2-3 3-1) + stairs(1,4) + kayles(2)").unwrap();
        let numbers = Numbers::fresh(&position);
        let drawing = draw(&ui, &position, &numbers);
        // Where the picture starts: after the family's name and the spaces.
        let starts: Vec<usize> = drawing
            .lines()
            .filter(|l| l.as_bytes().get(2) != Some(&b' '))
            .zip(["nim", "hackenbush", "stairs", "kayles"])
            .map(|(l, name)| {
                let after = l.find(name).unwrap() + name.len();
                after + l[after..].len() - l[after..].trim_start().len()
            })
            .collect();
        assert!(starts.len() >= 4, "{drawing}");
        assert!(
            starts.iter().all(|&s| s == starts[0]),
            "{starts:?}\n{drawing}"
        );
    }
}
