//! Ozer's own scorers: `ozer eval understand FILE` and `ozer eval time FILE` run the
//! understanding layer on a labelled corpus and score it, so every figure in README is reproduced
//! with this repository alone.
//!
//! The scoring rules are those of the Python scorers the corpora were published with
//! (`score_understand.py`, `score_time.py`, described in `eval/README.md`), and the closing lines
//! are printed in the same format, so a figure means the same thing whichever scorer produced it.
//! Predictions are produced by the very drivers behind `ozer understand` and `ozer time`
//! ([`crate::understand::cli`]), so what is scored is what those commands print.
//!
//! This module reads files and prints; the rules themselves ([`understand`], [`time`]) are pure.

use chrono::DateTime;
use serde_json::Value;

pub mod time;
pub mod understand;

#[derive(Debug, thiserror::Error)]
pub enum EvalError {
    #[error("{path}: {source}")]
    Read { path: String, source: std::io::Error },
    #[error("{path} line {line}: not valid JSON: {source}")]
    Json { path: String, line: usize, source: serde_json::Error },
    #[error(transparent)]
    Run(#[from] crate::understand::cli::CliError),
    #[error("{what} {got:.1}% is below the minimum {min}%")]
    BelowMinimum { what: &'static str, got: f64, min: f64 },
}

/// Reads a JSON Lines file, skipping blank lines.
pub fn read_jsonl(path: &str) -> Result<Vec<Value>, EvalError> {
    let raw = std::fs::read_to_string(path).map_err(|source| EvalError::Read { path: path.into(), source })?;
    raw.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, l)| {
            serde_json::from_str(l).map_err(|source| EvalError::Json { path: path.into(), line: n + 1, source })
        })
        .collect()
}

/// Output lines of a driver, one JSON value each; a line that does not parse counts as a miss
/// with no steps, exactly as the Python scorer treats it.
fn parse_predictions(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|_| serde_json::json!({"steps": []})))
        .collect()
}

/// `ozer eval understand FILE`: runs `ozer understand` on the corpus and prints the metrics.
pub fn run_understand(path: &str, verbose: bool, min_route: Option<f64>) -> Result<String, EvalError> {
    let corpus = read_jsonl(path)?;
    let input: String = corpus.iter().map(|c| format!("{c}\n")).collect();
    let mut out = Vec::new();
    crate::understand::cli::run_understand(input.as_bytes(), &mut out)?;
    let score = understand::score(&corpus, &parse_predictions(&out));
    let text = score.render(verbose);
    match min_route {
        Some(min) if score.route_pct() < min => {
            print!("{text}");
            Err(EvalError::BelowMinimum { what: "route", got: score.route_pct(), min })
        }
        _ => Ok(text),
    }
}

/// `ozer eval time FILE`: feeds the usable lines of a Duckling-style corpus to `ozer time` (at
/// the line's `ref`, in `Etc/GMT+2` as the corpora's -02:00 offset) and prints the closing line.
pub fn run_time(path: &str, verbose: bool, min: Option<f64>) -> Result<String, EvalError> {
    let cases: Vec<Value> = read_jsonl(path)?.into_iter().filter(time::usable).collect();
    let input: String = cases.iter().map(|c| format!("{}\n", time::feed_line(c))).collect();
    let mut out = Vec::new();
    crate::understand::cli::run_time(input.as_bytes(), &mut out)?;
    let score = time::score(&cases, &parse_predictions(&out));
    let text = score.render(verbose);
    match min {
        Some(min) if score.pct() < min => {
            print!("{text}");
            Err(EvalError::BelowMinimum { what: "time", got: score.pct(), min })
        }
        _ => Ok(text),
    }
}

/// An instant from an ISO-8601 value, as Python's `datetime.fromisoformat` reads it; `None` for
/// a missing, empty, unparsable or offset-less value (two `None`s compare equal, as in Python).
pub fn instant(v: Option<&Value>) -> Option<i64> {
    let s = match v? {
        Value::Null | Value::Bool(false) => return None,
        Value::String(s) if s.is_empty() => return None,
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let s = s.replace('Z', "+00:00");
    let parsed = DateTime::parse_from_rfc3339(&s)
        .ok()
        .or_else(|| DateTime::parse_from_str(&s, "%Y-%m-%dT%H:%M%:z").ok())
        .or_else(|| DateTime::parse_from_str(&s, "%Y-%m-%d %H:%M:%S%.f%:z").ok())
        .or_else(|| DateTime::parse_from_str(&s, "%Y-%m-%d %H:%M%:z").ok())
        .or_else(|| DateTime::parse_from_str(&s, "%Y-%m-%dT%H%:z").ok());
    parsed.and_then(|d| d.timestamp_nanos_opt())
}

/// `100 * ok / n`, or `empty` when there is nothing to count.
pub fn percent(ok: usize, n: usize, empty: f64) -> f64 {
    if n == 0 { empty } else { 100.0 * ok as f64 / n as f64 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn instants_compare_by_moment_not_by_spelling() {
        let a = instant(Some(&json!("2026-01-23T08:00:00+02:00")));
        assert_eq!(a, instant(Some(&json!("2026-01-23T06:00:00Z"))));
        assert_eq!(a, instant(Some(&json!("2026-01-23T08:00+02:00"))));
        assert_ne!(a, instant(Some(&json!("2026-01-23T08:00:00+03:00"))));
    }

    #[test]
    fn a_time_without_offset_or_missing_is_no_instant() {
        assert_eq!(instant(Some(&json!("2026-01-23T08:00:00"))), None);
        assert_eq!(instant(Some(&json!(null))), None);
        assert_eq!(instant(Some(&json!(""))), None);
        assert_eq!(instant(None), None);
    }
}
