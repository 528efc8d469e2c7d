//! Plots of nim-sequences as SVG text: the scatter plot of `G(n)` with the
//! proved preperiod and period marked, and the value-frequency histogram.
//!
//! One source for both front ends: `grundy seq --plot FILE.svg` writes what
//! `grundy serve` returns at `/api/plot` and `/api/histogram`, so the page and
//! the command line draw the same picture. The markers carry a text label and
//! a dash or hatch pattern, so nothing depends on colour.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use anyhow::Result;
use grundy::period::Period;
use grundy::rule::Rule;
use grundy::sequence::stats::Histogram;

const WIDTH: f64 = 820.0;
const HEIGHT: f64 = 380.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 18.0;
const TOP: f64 = 60.0;
const BOTTOM: f64 = 50.0;

/// Up to this many heaps, every `G(n)` is its own point (with a tooltip);
/// beyond, one point per distinct value in each pixel column.
pub const EACH_POINT_MAX: u64 = 2000;

/// The scatter plot of `G(n)` for `from ≤ n ≤ to`, with the preperiod and
/// the first whole period marked when `period` is proved. The root element
/// carries `data-points` (heaps plotted) and `data-marks` (circles drawn).
pub fn scatter(
    rule: &Rule,
    from: u64,
    to: u64,
    period: Option<Period>,
    value: &dyn Fn(u64) -> Result<u16>,
) -> Result<String> {
    anyhow::ensure!(from <= to, "the range {from}..{to} is empty");
    let count = to - from + 1;
    let pw = WIDTH - LEFT - RIGHT;
    let ph = HEIGHT - TOP - BOTTOM;
    let span = (to - from).max(1) as f64;
    let x = |n: u64| {
        if from == to {
            LEFT + pw / 2.0
        } else {
            LEFT + (n - from) as f64 / span * pw
        }
    };
    let mut largest = 0u16;
    for n in from..=to {
        largest = largest.max(value(n)?);
    }
    let top = f64::from(largest.max(1));
    let y = |v: f64| TOP + ph - v / top * ph;

    let mut points = String::new();
    let mut marks = 0u64;
    if count <= EACH_POINT_MAX {
        let r = match count {
            0..=200 => 3.0,
            201..=1000 => 2.0,
            _ => 1.5,
        };
        for n in from..=to {
            let v = value(n)?;
            marks += 1;
            let _ = write!(
                points,
                "<circle class=\"pt\" cx=\"{:.2}\" cy=\"{:.2}\" r=\"{r}\"><title>G({n}) = {v}</title></circle>",
                x(n),
                y(f64::from(v))
            );
        }
    } else {
        // One point per (pixel column, value): the picture at this size.
        let columns = pw as u64;
        let mut seen: BTreeSet<(u64, u16)> = BTreeSet::new();
        for n in from..=to {
            let col = ((n - from) as u128 * columns as u128 / count as u128) as u64;
            seen.insert((col, value(n)?));
        }
        for (col, v) in seen {
            marks += 1;
            let _ = write!(
                points,
                "<circle class=\"pt\" cx=\"{:.2}\" cy=\"{:.2}\" r=\"1.2\"/>",
                LEFT + (col as f64 + 0.5) * pw / columns as f64,
                y(f64::from(v))
            );
        }
    }

    let title = format!("G(n) of {rule} for n = {from} to {to}");
    let period_text = match period {
        Some(p) => format!("period {} from heap {} (proved)", p.period, p.preperiod),
        None => "no period proved".to_string(),
    };
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"grundy-plot\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" \
         width=\"{WIDTH}\" height=\"{HEIGHT}\" role=\"img\" aria-labelledby=\"plot-title plot-desc\" \
         font-family=\"sans-serif\" font-size=\"12\" data-points=\"{count}\" data-marks=\"{marks}\" \
         data-from=\"{from}\" data-to=\"{to}\"{}>",
        match period {
            Some(p) => format!(
                " data-period=\"{}\" data-preperiod=\"{}\"",
                p.period, p.preperiod
            ),
            None => String::new(),
        }
    );
    let _ = write!(
        s,
        "<title id=\"plot-title\">{}</title><desc id=\"plot-desc\">Scatter plot of the nim-sequence, {count} heaps, values 0 to {largest}; {period_text}.</desc>",
        escape(&title)
    );
    s += "<defs><pattern id=\"period-hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" \
          patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#7a7a7a\" \
          stroke-width=\"1.5\"/></pattern></defs>";
    let _ = write!(
        s,
        "<rect x=\"0\" y=\"0\" width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#ffffff\"/>\
         <text x=\"{LEFT}\" y=\"18\" font-size=\"14\" font-weight=\"bold\">{}</text>\
         <text x=\"{LEFT}\" y=\"34\" fill=\"#333333\">{}</text>",
        escape(&title),
        escape(&period_text)
    );

    // The period: a hatched band over its first whole repetition, a dashed
    // line at the end of the preperiod, thin ticks at later repetitions.
    if let Some(p) = period {
        let start = p.preperiod;
        let end = p.preperiod.saturating_add(p.period);
        let (a, b) = (start.max(from), end.min(to));
        if a <= b && start <= to {
            let _ = write!(
                s,
                "<g class=\"period-mark\" data-start=\"{start}\" data-end=\"{end}\">\
                 <rect x=\"{:.2}\" y=\"{TOP}\" width=\"{:.2}\" height=\"{ph}\" fill=\"url(#period-hatch)\" \
                 fill-opacity=\"0.35\" stroke=\"#555555\" stroke-dasharray=\"2 2\"/>\
                 <text x=\"{:.2}\" y=\"{:.2}\" fill=\"#333333\">one period ({})</text></g>",
                x(a),
                (x(b) - x(a)).max(1.0),
                x(a) + 3.0,
                TOP - 6.0,
                p.period
            );
        }
        if (from..=to).contains(&start) {
            let _ = write!(
                s,
                "<g class=\"preperiod-mark\"><line x1=\"{0:.2}\" y1=\"{TOP}\" x2=\"{0:.2}\" y2=\"{1}\" \
                 stroke=\"#b00020\" stroke-width=\"1.5\" stroke-dasharray=\"6 3\"/>\
                 <text x=\"{2:.2}\" y=\"{3:.2}\" fill=\"#b00020\" text-anchor=\"end\">preperiod {4}</text></g>",
                x(start),
                TOP + ph,
                x(start) - 3.0,
                TOP - 6.0,
                start
            );
        }
        let mut k = end;
        let mut ticks = 0;
        while k <= to && ticks < 60 {
            if k >= from {
                let _ = write!(
                    s,
                    "<line class=\"period-tick\" x1=\"{0:.2}\" y1=\"{TOP}\" x2=\"{0:.2}\" y2=\"{1}\" \
                     stroke=\"#999999\" stroke-width=\"0.6\" stroke-dasharray=\"1 3\"/>",
                    x(k),
                    TOP + ph
                );
            }
            ticks += 1;
            match k.checked_add(p.period) {
                Some(next) => k = next,
                None => break,
            }
        }
    }

    axes(&mut s, from, to, largest, &x, &y, "n (heap size)", "G(n)");
    s += "<g fill=\"#1f4e9a\">";
    s += &points;
    s += "</g></svg>\n";
    Ok(s)
}

/// The histogram of values over heaps 1..=`to` (the heap of 0 has value 0
/// by every rule and is left out, as in `grundy seq --histogram`).
pub fn histogram(rule: &Rule, to: u64, hist: &Histogram) -> String {
    let counts = hist.counts();
    let bars = counts.len().max(1);
    let pw = WIDTH - LEFT - RIGHT;
    let ph = HEIGHT - TOP - BOTTOM;
    let most = counts.iter().copied().max().unwrap_or(0).max(1);
    let bw = pw / bars as f64;
    let title = format!("Value frequency of {rule} over heaps 1 to {to}");
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"grundy-histogram\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" \
         width=\"{WIDTH}\" height=\"{HEIGHT}\" role=\"img\" aria-labelledby=\"hist-title\" \
         font-family=\"sans-serif\" font-size=\"12\" data-bars=\"{}\">\
         <title id=\"hist-title\">{}</title>\
         <rect x=\"0\" y=\"0\" width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#ffffff\"/>\
         <text x=\"{LEFT}\" y=\"18\" font-size=\"14\" font-weight=\"bold\">{}</text>",
        counts.len(),
        escape(&title),
        escape(&title)
    );
    s += "<g fill=\"#1f4e9a\" stroke=\"#0b2a5c\" stroke-width=\"0.5\">";
    for (v, &c) in counts.iter().enumerate() {
        let h = c as f64 / most as f64 * ph;
        let _ = write!(
            s,
            "<rect class=\"bar\" x=\"{:.2}\" y=\"{:.2}\" width=\"{:.2}\" height=\"{h:.2}\"><title>value {v}: {c} heaps</title></rect>",
            LEFT + v as f64 * bw + bw * 0.1,
            TOP + ph - h,
            (bw * 0.8).max(0.5)
        );
    }
    s += "</g>";
    // Value labels under the bars, thinned to fit.
    let every = (bars as f64 / 25.0).ceil().max(1.0) as usize;
    for v in (0..counts.len()).step_by(every) {
        let _ = write!(
            s,
            "<text x=\"{:.2}\" y=\"{:.2}\" text-anchor=\"middle\">{v}</text>",
            LEFT + (v as f64 + 0.5) * bw,
            TOP + ph + 16.0
        );
    }
    let _ = write!(
        s,
        "<text x=\"{:.2}\" y=\"{:.2}\" text-anchor=\"middle\">value</text>",
        LEFT + pw / 2.0,
        HEIGHT - 8.0
    );
    let step = nice_step(most as f64 / 5.0).max(1.0);
    let mut t = 0.0;
    while t <= most as f64 {
        let yy = TOP + ph - t / most as f64 * ph;
        let _ = write!(
            s,
            "<line x1=\"{LEFT}\" y1=\"{yy:.2}\" x2=\"{:.2}\" y2=\"{yy:.2}\" stroke=\"#dddddd\"/>\
             <text x=\"{:.2}\" y=\"{:.2}\" text-anchor=\"end\">{t}</text>",
            LEFT + pw,
            LEFT - 6.0,
            yy + 4.0
        );
        t += step;
    }
    let _ = writeln!(
        s,
        "<line x1=\"{LEFT}\" y1=\"{0:.2}\" x2=\"{1:.2}\" y2=\"{0:.2}\" stroke=\"#000000\"/>\
         <text x=\"14\" y=\"{2:.2}\" transform=\"rotate(-90 14 {2:.2})\" text-anchor=\"middle\">heaps</text></svg>",
        TOP + ph,
        LEFT + pw,
        TOP + ph / 2.0
    );
    s
}

/// Both axes, their ticks and labels.
#[allow(clippy::too_many_arguments)]
fn axes(
    s: &mut String,
    from: u64,
    to: u64,
    largest: u16,
    x: &dyn Fn(u64) -> f64,
    y: &dyn Fn(f64) -> f64,
    xlabel: &str,
    ylabel: &str,
) {
    let bottom = y(0.0);
    let right = WIDTH - RIGHT;
    let _ = write!(
        s,
        "<g class=\"axes\" stroke=\"#000000\"><line x1=\"{LEFT}\" y1=\"{bottom:.2}\" x2=\"{right}\" y2=\"{bottom:.2}\"/>\
         <line x1=\"{LEFT}\" y1=\"{TOP}\" x2=\"{LEFT}\" y2=\"{bottom:.2}\"/></g>"
    );
    let step = nice_step((to - from) as f64 / 8.0).max(1.0) as u64;
    let mut n = from.div_ceil(step).saturating_mul(step);
    while n <= to {
        let _ = write!(
            s,
            "<line x1=\"{0:.2}\" y1=\"{1:.2}\" x2=\"{0:.2}\" y2=\"{2:.2}\" stroke=\"#000000\"/>\
             <text x=\"{0:.2}\" y=\"{3:.2}\" text-anchor=\"middle\">{n}</text>",
            x(n),
            bottom,
            bottom + 5.0,
            bottom + 18.0
        );
        match n.checked_add(step) {
            Some(next) => n = next,
            None => break,
        }
    }
    let vstep = nice_step(f64::from(largest) / 6.0).max(1.0);
    let mut v = 0.0;
    while v <= f64::from(largest.max(1)) {
        let yy = y(v);
        let _ = write!(
            s,
            "<line x1=\"{LEFT}\" y1=\"{yy:.2}\" x2=\"{right}\" y2=\"{yy:.2}\" stroke=\"#eeeeee\"/>\
             <text x=\"{:.2}\" y=\"{:.2}\" text-anchor=\"end\">{v}</text>",
            LEFT - 6.0,
            yy + 4.0
        );
        v += vstep;
    }
    let _ = write!(
        s,
        "<text x=\"{mid:.2}\" y=\"{base:.2}\" text-anchor=\"middle\">{xl}</text>\
         <text x=\"14\" y=\"{ym:.2}\" transform=\"rotate(-90 14 {ym:.2})\" text-anchor=\"middle\">{yl}</text>",
        mid = LEFT + (right - LEFT) / 2.0,
        base = HEIGHT - 8.0,
        xl = escape(xlabel),
        ym = (TOP + bottom) / 2.0,
        yl = escape(ylabel)
    );
}

/// 1, 2 or 5 times a power of ten, at least `raw`.
fn nice_step(raw: f64) -> f64 {
    if raw <= 1.0 {
        return 1.0;
    }
    let mag = 10f64.powf(raw.log10().floor());
    for m in [1.0, 2.0, 5.0, 10.0] {
        if m * mag >= raw {
            return m * mag;
        }
    }
    10.0 * mag
}

/// Text made safe inside SVG/XML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::limits::Limits;
    use grundy::sequence::NimSequence;

    fn kayles_plot(from: u64, to: u64) -> String {
        let rule = Rule::parse("kayles").unwrap();
        let seq = NimSequence::new(&rule, to, Limits::default()).unwrap();
        let value = |n: u64| Ok(seq.value(n)? as u16);
        scatter(&rule, from, to, seq.period(), &value).unwrap()
    }

    #[test]
    fn every_heap_is_a_point_and_the_period_is_marked() {
        let svg = kayles_plot(0, 100);
        assert_eq!(svg.matches("class=\"pt\"").count(), 101);
        assert!(svg.contains("data-points=\"101\""));
        assert!(svg.contains("<title>G(71) = 7</title>"));
        assert!(svg.contains("class=\"period-mark\" data-start=\"71\" data-end=\"83\""));
        assert!(svg.contains("preperiod 71"));
        assert!(svg.contains("one period (12)"));
    }

    #[test]
    fn long_ranges_are_thinned_to_pixel_columns() {
        let svg = kayles_plot(0, 100_000);
        let marks = svg.matches("class=\"pt\"").count();
        assert!(svg.contains("data-points=\"100001\""));
        assert!(svg.contains(&format!("data-marks=\"{marks}\"")));
        // At most one mark per value per column.
        assert!(marks <= 748 * 9, "{marks}");
    }

    #[test]
    fn a_zoomed_range_outside_the_preperiod_has_no_preperiod_line() {
        let svg = kayles_plot(200, 260);
        assert_eq!(svg.matches("class=\"pt\"").count(), 61);
        assert!(!svg.contains("preperiod-mark"));
        assert!(svg.contains("period-tick"));
    }

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(0.3), 1.0);
        assert_eq!(nice_step(12.5), 20.0);
        assert_eq!(nice_step(40.0), 50.0);
        assert_eq!(nice_step(100.0), 100.0);
    }
}
