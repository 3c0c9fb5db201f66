//! Match statistics: logistic Elo with a 95% interval from game pairs (pentanomial),
//! and the logistic-Elo GSPRT on pair results as fastchess computes it.

use std::fmt;
use std::str::FromStr;

/// The two-sided 95% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// The expected score of a player `elo` logistic Elo points stronger.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo difference that gives the expected score `score` (infinite at 0 and 1).
pub fn score_to_elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Pairs of games (same opening, colours swapped) counted by the first engine's points
/// in the pair: index 0 = 0 points (LL), 1 = ½ (LD), 2 = 1 (WL or DD), 3 = 1½ (WD),
/// 4 = 2 (WW). Konane has no draws, so only indexes 0, 2 and 4 occur in its matches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub counts: [u64; 5],
}

/// The score of a pair in each bin, per game (pair points / 2).
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// An Elo difference and the ends of its 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub lower: f64,
    pub upper: f64,
}

impl fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let margin = (self.upper - self.lower) / 2.0;
        write!(
            f,
            "{} +/- {} (95%: {} .. {})",
            signed(self.elo),
            unsigned(margin),
            signed(self.lower),
            signed(self.upper)
        )
    }
}

/// An Elo figure with its sign, `+inf`/`-inf` when a side won everything.
fn signed(value: f64) -> String {
    if value.is_nan() {
        "nan".to_string()
    } else if value.is_infinite() {
        if value > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        // Adding 0.0 turns -0.0 into 0.0, which prints as +0.0.
        format!("{:+.1}", value + 0.0)
    }
}

fn unsigned(value: f64) -> String {
    if value.is_finite() {
        format!("{value:.1}")
    } else {
        "inf".to_string()
    }
}

/// Mean and variance of a discrete distribution of scores with the given counts.
fn mean_and_variance(scores: &[f64], counts: &[f64]) -> (f64, f64) {
    let total: f64 = counts.iter().sum();
    let mean = scores.iter().zip(counts).map(|(s, c)| s * c).sum::<f64>() / total;
    let variance = scores
        .iter()
        .zip(counts)
        .map(|(s, c)| c * (s - mean) * (s - mean))
        .sum::<f64>()
        / total;
    (mean, variance)
}

/// The Elo estimate from outcomes with per-outcome `scores` (per game) and `counts`:
/// the mean score converted to Elo, and the interval mean +/- 1.96 standard errors.
fn elo_from_outcomes(scores: &[f64], counts: &[f64]) -> Option<EloEstimate> {
    let total: f64 = counts.iter().sum();
    if total == 0.0 {
        return None;
    }
    let (mean, variance) = mean_and_variance(scores, counts);
    let margin = Z95 * (variance / total).sqrt();
    Some(EloEstimate {
        elo: score_to_elo(mean),
        lower: score_to_elo((mean - margin).max(0.0)),
        upper: score_to_elo((mean + margin).min(1.0)),
    })
}

/// The Elo estimate from games counted as wins, losses and draws (the trinomial
/// model, used when games are not paired).
pub fn elo_from_games(wins: u64, losses: u64, draws: u64) -> Option<EloEstimate> {
    elo_from_outcomes(
        &[1.0, 0.0, 0.5],
        &[wins as f64, losses as f64, draws as f64],
    )
}

impl Pentanomial {
    /// Counts one pair in which the first engine scored `half_points` half points (0 to 4).
    pub fn add_pair(&mut self, half_points: usize) {
        self.counts[half_points] += 1;
    }

    /// Number of pairs counted.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    fn counts_f64(&self) -> [f64; 5] {
        self.counts.map(|c| c as f64)
    }

    /// The first engine's Elo advantage with its 95% interval, the variance taken
    /// from the pairs (which is smaller than the games' when openings are unbalanced).
    pub fn elo(&self) -> Option<EloEstimate> {
        elo_from_outcomes(&PAIR_SCORES, &self.counts_f64())
    }
}

/// Which hypothesis a finished SPRT accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// H0: the first engine is not `elo1` stronger (the change fails).
    H0,
    /// H1: the first engine is at least `elo0` stronger (the change passes).
    H1,
}

/// A sequential probability ratio test on logistic Elo: H0 elo = `elo0` against
/// H1 elo = `elo1`, with false positive rate `alpha` and false negative rate `beta`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Why an `--sprt` text is not a test.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// A part (given) without `=`.
    #[error("'{0}' is not key=value (expected elo0=0 elo1=5 alpha=0.05 beta=0.05)")]
    NotKeyValue(String),
    /// The value of `part` is not a finite number.
    #[error("'{value}' in '{part}' is not a number")]
    NotANumber { value: String, part: String },
    /// A key (given) that is no parameter of the test.
    #[error("unknown SPRT parameter '{0}' (expected elo0, elo1, alpha, beta)")]
    UnknownParameter(String),
    /// `elo0` or `elo1` is not given.
    #[error("the SPRT needs both elo0 and elo1")]
    MissingElo,
    /// The hypotheses are in the wrong order.
    #[error("elo0 ({elo0}) must be below elo1 ({elo1})")]
    EloOrder { elo0: f64, elo1: f64 },
    /// An error rate (`alpha` or `beta`) outside 0 to 0.5.
    #[error("{name} must lie between 0 and 0.5, not {value}")]
    ErrorRate { name: &'static str, value: f64 },
}

impl FromStr for Sprt {
    type Err = SprtError;

    /// `elo0=0 elo1=5 alpha=0.05 beta=0.05`, separated by spaces or commas; `alpha` and
    /// `beta` default to 0.05.
    fn from_str(text: &str) -> Result<Sprt, SprtError> {
        let mut sprt = Sprt {
            elo0: f64::NAN,
            elo1: f64::NAN,
            alpha: 0.05,
            beta: 0.05,
        };
        for part in text.split([' ', ',']).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| SprtError::NotKeyValue(part.to_string()))?;
            let number: f64 = value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite())
                .ok_or_else(|| SprtError::NotANumber {
                    value: value.to_string(),
                    part: part.to_string(),
                })?;
            match key {
                "elo0" => sprt.elo0 = number,
                "elo1" => sprt.elo1 = number,
                "alpha" => sprt.alpha = number,
                "beta" => sprt.beta = number,
                _ => return Err(SprtError::UnknownParameter(key.to_string())),
            }
        }
        if sprt.elo0.is_nan() || sprt.elo1.is_nan() {
            return Err(SprtError::MissingElo);
        }
        if sprt.elo0 >= sprt.elo1 {
            return Err(SprtError::EloOrder {
                elo0: sprt.elo0,
                elo1: sprt.elo1,
            });
        }
        for (name, p) in [("alpha", sprt.alpha), ("beta", sprt.beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(SprtError::ErrorRate { name, value: p });
            }
        }
        Ok(sprt)
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

impl Sprt {
    /// The bounds (lower, upper) of the log-likelihood ratio: below the lower H0 is
    /// accepted, above the upper H1.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of H1 against H0 for the pairs counted: the
    /// generalised SPRT of fastchess's "logistic" pentanomial model (Michel Van den
    /// Bergh, "Comments on Normalized Elo", proposition 1.1): each hypothesis' score is
    /// matched by the maximum-likelihood distribution closest to the observed one, and
    /// empty bins count 0.001 pairs so that one-sided results still move the ratio.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        let regularised = pairs.counts.map(|c| if c == 0 { 1e-3 } else { c as f64 });
        let total: f64 = regularised.iter().sum();
        let observed = regularised.map(|c| c / total);
        let p0 = closest_distribution(&observed, elo_to_score(self.elo0));
        let p1 = closest_distribution(&observed, elo_to_score(self.elo1));
        total
            * (0..5)
                .map(|i| observed[i] * (p1[i].ln() - p0[i].ln()))
                .sum::<f64>()
    }

    /// The decision for a log-likelihood ratio, if it crossed a bound.
    pub fn decide(&self, llr: f64) -> Option<Decision> {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(Decision::H1)
        } else if llr <= lower {
            Some(Decision::H0)
        } else {
            None
        }
    }
}

/// The distribution over [`PAIR_SCORES`] with mean `score` that maximises the likelihood
/// of `observed`: p_i = q_i / (1 + theta (a_i - score)), theta the root of
/// sum q_i (a_i - score) / (1 + theta (a_i - score)) = 0, found by bisection (the sum
/// falls from +inf to -inf over the interval where every p_i stays positive).
fn closest_distribution(observed: &[f64; 5], score: f64) -> [f64; 5] {
    let gap = |theta: f64| -> f64 {
        (0..5)
            .map(|i| {
                let d = PAIR_SCORES[i] - score;
                observed[i] * d / (1.0 + theta * d)
            })
            .sum()
    };
    let mut low = -1.0 / (PAIR_SCORES[4] - score);
    let mut high = -1.0 / (PAIR_SCORES[0] - score);
    for _ in 0..200 {
        let middle = (low + high) / 2.0;
        if gap(middle) > 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    let theta = (low + high) / 2.0;
    std::array::from_fn(|i| observed[i] / (1.0 + theta * (PAIR_SCORES[i] - score)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) {
        assert!(
            (actual - expected).abs() <= tolerance,
            "{actual} is not {expected} +/- {tolerance}"
        );
    }

    #[test]
    fn elo_and_score_convert_both_ways() {
        // By hand: 10^(-100/400) = 0.562341, 1 / 1.562341 = 0.640065.
        close(elo_to_score(100.0), 0.640065, 1e-6);
        close(elo_to_score(0.0), 0.5, 1e-12);
        close(score_to_elo(0.75), 190.848, 1e-3); // -400 log10(1/3)
        close(score_to_elo(elo_to_score(-37.5)), -37.5, 1e-9);
        assert_eq!(score_to_elo(1.0), f64::INFINITY);
        assert_eq!(score_to_elo(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn trinomial_elo_matches_fastchess_published_values() {
        // fastchess tests/elo_test.cpp: Elo(wins 859, losses 772, draws 1329) is
        // 10.21 +/- 9.28, and (1164, 1267, 3049) is -6.53 +/- 6.12 (1% tolerance there).
        let e = elo_from_games(859, 772, 1329).unwrap();
        close(e.elo, 10.21, 0.01);
        close((e.upper - e.lower) / 2.0, 9.28, 0.1);
        let e = elo_from_games(1164, 1267, 3049).unwrap();
        close(e.elo, -6.53, 0.01);
        close((e.upper - e.lower) / 2.0, 6.12, 0.07);
        assert_eq!(elo_from_games(0, 0, 0), None);
    }

    #[test]
    fn pentanomial_elo_matches_a_hand_computation() {
        // 10 pairs: 2 LL, 5 WL, 3 WW. Per-game scores 0, 0.5, 1: mean 0.55,
        // variance (2*0.3025 + 5*0.0025 + 3*0.2025)/10 = 0.1225, standard error
        // sqrt(0.1225/10) = 0.110680, margin 1.959964*0.110680 = 0.216928:
        // Elo(0.55) = 34.86, Elo(0.333072) = -120.62, Elo(0.766928) = 206.91.
        let pairs = Pentanomial {
            counts: [2, 0, 5, 0, 3],
        };
        let e = pairs.elo().unwrap();
        close(e.elo, 34.86, 0.01);
        close(e.lower, -120.62, 0.01);
        close(e.upper, 206.91, 0.01);
        // fastchess output quoted in a published note: 76 wins and 2 losses, pentanomial
        // [0, 0, 2, 0, 37], print "Elo: 631.91 +/- nan".
        let e = Pentanomial {
            counts: [0, 0, 2, 0, 37],
        }
        .elo()
        .unwrap();
        close(e.elo, 631.91, 0.01);
        assert_eq!(e.upper, f64::INFINITY);
    }

    #[test]
    fn estimates_print_signed_with_infinities() {
        let even = Pentanomial {
            counts: [0, 0, 5, 0, 0],
        };
        assert_eq!(
            even.elo().unwrap().to_string(),
            "+0.0 +/- 0.0 (95%: +0.0 .. +0.0)"
        );
        let sweep = Pentanomial {
            counts: [3, 0, 0, 0, 0],
        };
        assert_eq!(
            sweep.elo().unwrap().to_string(),
            "-inf +/- inf (95%: -inf .. -inf)"
        );
    }

    #[test]
    fn sprt_bounds_are_the_usual_ones() {
        let sprt: Sprt = "elo0=0 elo1=5 alpha=0.05 beta=0.05".parse().unwrap();
        let (lower, upper) = sprt.bounds();
        close(lower, -2.944439, 1e-6); // ln(0.05/0.95)
        close(upper, 2.944439, 1e-6);
        assert_eq!(sprt.decide(3.0), Some(Decision::H1));
        assert_eq!(sprt.decide(-3.0), Some(Decision::H0));
        assert_eq!(sprt.decide(0.5), None);
    }

    #[test]
    fn sprt_llr_matches_fastchess_published_values() {
        // fastchess tests/sprt_test.cpp, "logistic pentanomial 1" and "2":
        // Stats(LL, LD, WL, DD, WD, WW) with WL and DD in one bin here.
        let sprt: Sprt = "elo0=0.5 elo1=2.5".parse().unwrap();
        let pairs = Pentanomial {
            counts: [223, 9863, 20279 + 1000, 10037, 246],
        };
        close(sprt.llr(&pairs), -3.07, 0.01);
        let sprt: Sprt = "elo0=0 elo1=2".parse().unwrap();
        let pairs = Pentanomial {
            counts: [871, 26175, 55003 + 980, 26678, 821],
        };
        close(sprt.llr(&pairs), -4.98, 0.01);
    }

    #[test]
    fn sprt_llr_of_one_sided_results_matches_en_croissant() {
        // en-croissant's sprt test: pentanomial [0,0,0,0,3] with [-1.75, 0.25] gives
        // LLR 0.02, and the symmetric [10,5,2,5,10] gives 0.
        let sprt: Sprt = "elo0=-1.75 elo1=0.25".parse().unwrap();
        close(
            sprt.llr(&Pentanomial {
                counts: [0, 0, 0, 0, 3],
            }),
            0.02,
            0.005,
        );
        close(
            sprt.llr(&Pentanomial {
                counts: [10, 5, 2, 5, 10],
            }),
            0.0,
            0.005,
        );
        assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
    }

    #[test]
    fn sprt_text_errors_name_the_problem() {
        for (text, needle) in [
            ("elo0=5 elo1=0", "below"),
            ("elo1=5", "both"),
            ("elo0=0 elo1=5 alpha=0.7", "alpha"),
            ("elo0=0 elo1=x", "'x'"),
            ("elo0=0 elo1=5 gamma=1", "gamma"),
            ("elo0 0", "key=value"),
        ] {
            let error = text.parse::<Sprt>().unwrap_err().to_string();
            assert!(error.contains(needle), "{text}: {error}");
        }
        let sprt: Sprt = "elo0=0,elo1=5,alpha=0.1".parse().unwrap();
        assert_eq!(sprt.beta, 0.05);
        assert_eq!(sprt.alpha, 0.1);
    }
}
