//! A thermograph drawn as SVG, as textbooks and CGSuite draw it: temperature up, value
//! across with positive values on the left (Left's side), the Left wall in blue, the
//! Right wall in red, the mast dashed above the temperature, exact values as labels.

use std::fmt::Write as _;

use konane_cgt::Thermograph;

const WIDTH: f64 = 480.0;
const HEIGHT: f64 = 360.0;
const MARGIN: f64 = 48.0;

/// The SVG text of `graph`, titled `title`.
pub fn svg(graph: &Thermograph, title: &str) -> String {
    let (left_stop, right_stop) = (
        graph.left().start().to_f64(),
        graph.right().start().to_f64(),
    );
    let temperature = graph.temperature().to_f64().max(0.0);
    // Value range: the stops, with room around; temperature from 0 to above the mast.
    let pad = ((left_stop - right_stop) / 8.0).max(1.0);
    let (high, low) = (left_stop + pad, right_stop - pad);
    let top = temperature + (temperature / 3.0).max(1.0);
    let x = |v: f64| MARGIN + (high - v) / (high - low) * (WIDTH - 2.0 * MARGIN);
    let y = |t: f64| HEIGHT - MARGIN - t / top * (HEIGHT - 2.0 * MARGIN);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(out, "<title>{}</title>", escaped(title));
    let _ = writeln!(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    // The value axis at t = 0 and the temperature axis at value 0 (when in range).
    let _ = writeln!(
        out,
        "<line x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" stroke=\"gray\"/>",
        x(high),
        y(0.0),
        x(low),
        y(0.0)
    );
    if low <= 0.0 && 0.0 <= high {
        let _ = writeln!(
            out,
            "<line x1=\"{0:.2}\" y1=\"{1:.2}\" x2=\"{0:.2}\" y2=\"{2:.2}\" stroke=\"gray\" \
             stroke-dasharray=\"2 3\"/>",
            x(0.0),
            y(0.0),
            y(top)
        );
    }
    let mean = graph.mean().to_f64();
    for (wall, colour) in [(graph.left(), "blue"), (graph.right(), "red")] {
        let mut points: Vec<(f64, f64)> = wall
            .points()
            .iter()
            .map(|&(t, v)| (t.to_f64(), v.to_f64()))
            .collect();
        points.push((temperature, mean));
        let line: Vec<String> = points
            .iter()
            .map(|&(t, v)| format!("{:.2},{:.2}", x(v), y(t)))
            .collect();
        let _ = writeln!(
            out,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"/>",
            line.join(" ")
        );
    }
    let _ = writeln!(
        out,
        "<line x1=\"{0:.2}\" y1=\"{1:.2}\" x2=\"{0:.2}\" y2=\"{2:.2}\" stroke=\"black\" \
         stroke-width=\"2\" stroke-dasharray=\"6 4\"/>",
        x(mean),
        y(temperature),
        y(top)
    );
    let labels = [
        (
            x(left_stop),
            y(0.0) + 16.0,
            graph.left().start().to_string(),
        ),
        (
            x(right_stop),
            y(0.0) + 16.0,
            graph.right().start().to_string(),
        ),
        (
            x(mean) + 6.0,
            y(top) + 12.0,
            format!("mean {}", graph.mean()),
        ),
        (
            x(mean) + 6.0,
            y(temperature) - 4.0,
            format!("temperature {}", graph.temperature()),
        ),
        (MARGIN, MARGIN - 20.0, escaped(title)),
        (
            MARGIN,
            HEIGHT - 10.0,
            "value: positive (Left, Black) to the left; temperature up".to_string(),
        ),
    ];
    for (lx, ly, text) in labels {
        let _ = writeln!(out, "<text x=\"{lx:.2}\" y=\"{ly:.2}\">{text}</text>");
    }
    out.push_str("</svg>\n");
    out
}

/// `text` with the characters XML gives a meaning escaped.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
