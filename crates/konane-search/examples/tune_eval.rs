//! Texel-style tuning of the evaluation weights: a logistic regression of game results
//! on the evaluation's raw terms.
//!
//! Reads position files written by `konane selfplay --positions FILE` (a FEN and the
//! winner's letter a line), takes each position's raw terms from
//! [`EvalWeights::explain`], each split by the taper into its full-board and endgame
//! shares, and fits weights `w` so that `1 / (1 + e^(-w·x))` predicts whether the side
//! to move won (Newton's method on the log loss, with a little ridge). It prints the log
//! loss of the fit beside that of the built-in weights (at their best scale), and the
//! fitted weights as an engine.toml `[eval]` section scaled so that `mobility` is 100 (a
//! search only compares scores, so the scale is free). Terms left out of `--terms` get 0.
//!
//! ```sh
//! cargo run --release -p konane-search --example tune_eval -- \
//!     [--terms mobility,movable_pieces,...] [--pieces MIN-MAX] FILE...
//! ```

use std::process::ExitCode;

use konane_core::{Phase, Position};
use konane_search::eval::{self, EvalWeights, NAMES};

/// One training position: its raw terms and whether the side to move won.
struct Sample {
    terms: Vec<f64>,
    won: bool,
}

struct Args {
    terms: Option<Vec<String>>,
    pieces: (u32, u32),
    files: Vec<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        terms: None,
        pieces: (0, 64),
        files: Vec::new(),
    };
    let mut words = std::env::args().skip(1);
    while let Some(word) = words.next() {
        match word.as_str() {
            "--terms" => {
                let list = words.next().ok_or("--terms needs a list")?;
                args.terms = Some(list.split(',').map(str::to_string).collect());
            }
            "--pieces" => {
                let range = words.next().ok_or("--pieces needs MIN-MAX")?;
                let (min, max) = range.split_once('-').ok_or("--pieces needs MIN-MAX")?;
                let parse = |s: &str| s.parse::<u32>().map_err(|e| format!("--pieces: {e}"));
                args.pieces = (parse(min)?, parse(max)?);
            }
            _ => args.files.push(word),
        }
    }
    if args.files.is_empty() {
        return Err("usage: tune_eval [--terms a,b,...] [--pieces MIN-MAX] FILE...".into());
    }
    Ok(args)
}

/// The samples of one positions file (positions in the jump phase within `pieces`).
fn read_samples(path: &str, pieces: (u32, u32), samples: &mut Vec<Sample>) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let weights = EvalWeights::default();
    for (number, line) in text.lines().enumerate() {
        let fail = |what: &str| format!("{path}, line {}: {what}", number + 1);
        let (fen, winner) = line.rsplit_once(' ').ok_or_else(|| fail("no winner"))?;
        let position = Position::from_fen(fen).map_err(|e| fail(&e.to_string()))?;
        let count = position.piece_count();
        if position.phase() != Phase::Jumps
            || position.is_game_over()
            || count < pieces.0
            || count > pieces.1
        {
            continue;
        }
        let won = winner == position.side_to_move().letter().to_string();
        // Each term twice: its share at the full board's weight and at the endgame's.
        let full = f64::from(eval::taper(&position)) / f64::from(eval::TAPER);
        let raw: Vec<f64> = weights
            .explain(&position)
            .terms
            .iter()
            .map(|t| f64::from(t.raw))
            .collect();
        let terms = raw.iter().map(|x| x * full);
        let terms = terms.chain(raw.iter().map(|x| x * (1.0 - full))).collect();
        samples.push(Sample { terms, won });
    }
    Ok(())
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean log loss of weights `w` (per raw term) on `samples`.
fn log_loss(samples: &[Sample], w: &[f64]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = sigmoid(dot(&s.terms, w)).clamp(1e-12, 1.0 - 1e-12);
            if s.won {
                -p.ln()
            } else {
                -(1.0 - p).ln()
            }
        })
        .sum();
    total / samples.len() as f64
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Fits the weights of the terms in `active` (the others stay 0) by Newton's method.
fn fit(samples: &[Sample], active: &[usize], terms: usize) -> Vec<f64> {
    const RIDGE: f64 = 1e-3;
    let n = active.len();
    let mut w = vec![0.0; terms];
    for _ in 0..30 {
        let mut gradient = vec![0.0; n];
        let mut hessian = vec![vec![0.0; n]; n];
        for s in samples {
            let p = sigmoid(dot(&s.terms, &w));
            let error = p - f64::from(u8::from(s.won));
            let curvature = p * (1.0 - p);
            for (i, &a) in active.iter().enumerate() {
                gradient[i] += error * s.terms[a];
                for (j, &b) in active.iter().enumerate() {
                    hessian[i][j] += curvature * s.terms[a] * s.terms[b];
                }
            }
        }
        for (i, &a) in active.iter().enumerate() {
            gradient[i] += RIDGE * samples.len() as f64 * w[a];
            hessian[i][i] += RIDGE * samples.len() as f64;
        }
        let step = solve(hessian, gradient);
        for (i, &a) in active.iter().enumerate() {
            w[a] -= step[i];
        }
        if step.iter().map(|x| x.abs()).fold(0.0, f64::max) < 1e-9 {
            break;
        }
    }
    w
}

/// Solves `m x = v` by Gaussian elimination with partial pivoting.
fn solve(mut m: Vec<Vec<f64>>, mut v: Vec<f64>) -> Vec<f64> {
    let n = v.len();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))
            .unwrap();
        m.swap(col, pivot);
        v.swap(col, pivot);
        let pivot_row = m[col].clone();
        for row in col + 1..n {
            let factor = m[row][col] / pivot_row[col];
            for (x, p) in m[row][col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= factor * p;
            }
            v[row] -= factor * v[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let rest: f64 = (row + 1..n).map(|k| m[row][k] * x[k]).sum();
        x[row] = (v[row] - rest) / m[row][row];
    }
    x
}

fn run() -> Result<(), String> {
    let args = parse_args()?;
    let mut samples = Vec::new();
    for path in &args.files {
        read_samples(path, args.pieces, &mut samples)?;
    }
    if samples.is_empty() {
        return Err("no position in range".into());
    }
    // The weights' names, as engine.toml's keys: the full board's, then the endgame's.
    let names: Vec<String> = NAMES
        .iter()
        .map(|n| n.to_string())
        .chain(NAMES.iter().map(|n| format!("{n}_end")))
        .collect();
    let active: Vec<usize> = match &args.terms {
        None => (0..names.len()).collect(),
        Some(list) => list
            .iter()
            .flat_map(|n| [n.clone(), format!("{n}_end")])
            .map(|name| {
                names
                    .iter()
                    .position(|n| *n == name)
                    .ok_or(format!("no term '{name}' (terms: {})", NAMES.join(", ")))
            })
            .collect::<Result<_, _>>()?,
    };
    // The current weights with their best scale, for comparison.
    let defaults = EvalWeights::default();
    let current: Vec<f64> = defaults
        .weights()
        .iter()
        .chain(&defaults.endgame_weights())
        .map(|&w| f64::from(w))
        .collect();
    let mut best_scale = (f64::INFINITY, 0.0);
    for step in 1..=200 {
        let scale = f64::from(step) * 1e-4;
        let w: Vec<f64> = current.iter().map(|x| x * scale).collect();
        let loss = log_loss(&samples, &w);
        if loss < best_scale.0 {
            best_scale = (loss, scale);
        }
    }
    let w = fit(&samples, &active, names.len());
    let loss = log_loss(&samples, &w);
    let won = samples.iter().filter(|s| s.won).count();
    println!(
        "{} positions (side to move won {:.1}%), pieces {}-{}",
        samples.len(),
        100.0 * won as f64 / samples.len() as f64,
        args.pieces.0,
        args.pieces.1
    );
    println!(
        "log loss: current weights {:.5} (scale {:.4}), fitted {:.5}",
        best_scale.0, best_scale.1, loss
    );
    println!("[eval]  # scaled so that mobility is 100 (raw logistic weight in the comment)");
    let unit = if w[0] != 0.0 { 100.0 / w[0] } else { 1.0 };
    for (name, weight) in names.iter().zip(&w) {
        let scaled = format!("{name} = {:.0}", weight * unit);
        println!("{scaled:24}# {weight:.5}");
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tune_eval: {message}");
            ExitCode::FAILURE
        }
    }
}
