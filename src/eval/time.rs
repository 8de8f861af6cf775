//! Scoring `ozer time` on a Duckling-style corpus, rule for rule as `score_time.py`: a line
//! passes when its start instant matches (and its end, when the line has one); a line that
//! expects no time passes when no time is found.

use serde_json::{Value, json};

use super::{instant, percent};

/// Duckling's corpora state their reference time at -02:00, the IANA zone `Etc/GMT+2`.
pub const CORPUS_TZ: &str = "Etc/GMT+2";

/// A `d/d` date somewhere in the text (ASCII digits).
fn has_numeric_date(text: &str) -> bool {
    let b = text.as_bytes();
    (1..b.len().saturating_sub(1)).any(|i| b[i] == b'/' && b[i - 1].is_ascii_digit() && b[i + 1].is_ascii_digit())
}

/// Lines Ozer is scored on: values and no-time lines, no open intervals, and no Hebrew numeric
/// dates (Duckling reads "2/15" month/day; Israelis write day/month).
pub fn usable(c: &Value) -> bool {
    let text = c.get("text").and_then(Value::as_str).unwrap_or("");
    if c.get("lang").and_then(Value::as_str) == Some("he") && has_numeric_date(text) {
        return false;
    }
    let expect = c.get("expect").and_then(Value::as_str);
    matches!(expect, Some("value" | "none")) && c.get("kind").and_then(Value::as_str) != Some("open_interval")
}

/// The `ozer time` input line for a corpus line.
pub fn feed_line(c: &Value) -> Value {
    json!({"text": c.get("text"), "now": c.get("ref"), "tz": CORPUS_TZ})
}

#[derive(Debug, Default, Clone)]
pub struct Score {
    pub ok: usize,
    pub cases: usize,
    pub misses: Vec<String>,
}

impl Score {
    pub fn pct(&self) -> f64 {
        percent(self.ok, self.cases, 0.0)
    }

    /// `time OK/N NN.N%`
    pub fn closing_line(&self) -> String {
        format!("time {}/{} {:.1}%", self.ok, self.cases, self.pct())
    }

    pub fn render(&self, verbose: bool) -> String {
        let mut out = String::new();
        if verbose {
            for m in &self.misses {
                out.push_str(m);
                out.push('\n');
            }
        }
        out.push_str(&self.closing_line());
        out.push('\n');
        out
    }
}

fn shown(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => "None".into(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

/// A string as Python's `repr` shows it (single quotes unless the text holds one).
fn py_repr(s: &str) -> String {
    if s.contains('\'') && !s.contains('"') {
        format!("\"{s}\"")
    } else {
        format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
    }
}

/// Scores predictions (one per usable case, same order).
pub fn score(cases: &[Value], preds: &[Value]) -> Score {
    let mut s = Score { cases: cases.len(), ..Score::default() };
    let empty = json!({});
    for (i, c) in cases.iter().enumerate() {
        let mut p = preds.get(i).unwrap_or(&empty);
        let text = p.get("text").unwrap_or(&Value::Null);
        if !text.is_null() && Some(text) != c.get("text") {
            p = &empty;
        }
        let good = if c.get("expect").and_then(Value::as_str) == Some("none") {
            p.get("value").is_none_or(Value::is_null)
        } else {
            let start = instant(p.get("value")) == instant(c.get("value"));
            let has_end = c.get("end").is_some_and(|e| !e.is_null() && e != "");
            start && (!has_end || instant(p.get("end")) == instant(c.get("end")))
        };
        s.ok += usize::from(good);
        if !good {
            s.misses.push(format!(
                "MISS {}: got {} / {}, want {} / {}",
                py_repr(c.get("text").and_then(Value::as_str).unwrap_or("")),
                shown(p.get("value")),
                shown(p.get("end")),
                shown(c.get("value")),
                shown(c.get("end")),
            ));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str, value: Value, end: Value, expect: &str) -> Value {
        json!({"text": text, "lang": "en", "ref": "2013-02-12T04:30:00-02:00", "value": value, "end": end,
               "kind": "instant", "expect": expect})
    }

    #[test]
    fn a_value_passes_on_the_same_instant_in_any_offset() {
        let c = line("tomorrow", json!("2013-02-13T00:00:00-02:00"), Value::Null, "value");
        let p = json!({"text": "tomorrow", "value": "2013-02-13T02:00:00Z", "end": null});
        assert_eq!(score(&[c], &[p]).closing_line(), "time 1/1 100.0%");
    }

    #[test]
    fn an_interval_also_needs_its_end() {
        let c = line("this week", json!("2013-02-11T00:00:00-02:00"), json!("2013-02-18T00:00:00-02:00"), "value");
        let p = json!({"text": "this week", "value": "2013-02-11T00:00:00-02:00", "end": null});
        let s = score(&[c], &[p]);
        assert_eq!(s.closing_line(), "time 0/1 0.0%");
        assert!(s.render(true).starts_with("MISS 'this week': got 2013-02-11T00:00:00-02:00 / None"));
    }

    #[test]
    fn a_line_expecting_no_time_passes_only_when_none_is_found() {
        let c = line("1954", Value::Null, Value::Null, "none");
        assert_eq!(score(std::slice::from_ref(&c), &[json!({"text": "1954", "value": null})]).ok, 1);
        assert_eq!(score(&[c], &[json!({"text": "1954", "value": "1954-01-01T00:00:00-02:00"})]).ok, 0);
    }

    #[test]
    fn hebrew_numeric_dates_and_open_intervals_are_not_scored() {
        let mut he = line("ב 2/15", json!("2013-02-15T00:00:00-02:00"), Value::Null, "value");
        he["lang"] = json!("he");
        assert!(!usable(&he));
        let en = line("2/15", json!("2013-02-15T00:00:00-02:00"), Value::Null, "value");
        assert!(usable(&en));
        let mut open = en.clone();
        open["kind"] = json!("open_interval");
        assert!(!usable(&open));
        assert!(!usable(&line("x", Value::Null, Value::Null, "skip")));
    }

    #[test]
    fn an_empty_corpus_scores_zero_like_the_python_scorer() {
        assert_eq!(score(&[], &[]).closing_line(), "time 0/0 0.0%");
    }

    #[test]
    fn the_feed_line_uses_the_reference_time_at_minus_two() {
        let c = line("tomorrow", Value::Null, Value::Null, "value");
        assert_eq!(feed_line(&c), json!({"text": "tomorrow", "now": "2013-02-12T04:30:00-02:00", "tz": "Etc/GMT+2"}));
    }
}
