//! JSON Lines drivers for `ozer understand` and `ozer time` (UNDERSTAND.md), and the benchmark.
//!
//! One output line per input line, in order; a line that is not valid JSON or lacks
//! text/now/tz stops the run with an error naming the line, because a silently skipped line
//! would misalign every later prediction in the scorers.

use std::io::{BufRead, Write};
use std::time::Instant;

use chrono::{DateTime, FixedOffset};
use chrono_tz::Tz;
use serde_json::{Map, Value, json};

use crate::understand::{Lang, Step, TimeProblem, time, understand};

#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error("line {line}: not valid JSON: {source}")]
    Json { line: usize, source: serde_json::Error },
    #[error("line {line}: missing or non-string field `{field}`")]
    Missing { line: usize, field: &'static str },
    #[error("line {line}: `now` is not an ISO-8601 time with offset: {value}")]
    BadNow { line: usize, value: String },
    #[error("line {line}: `tz` is not an IANA timezone: {value}")]
    BadTz { line: usize, value: String },
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
}

/// One parsed input line.
pub struct Input {
    pub text: String,
    pub now: DateTime<Tz>,
}

fn field<'a>(v: &'a Value, line: usize, field: &'static str) -> Result<&'a str, CliError> {
    v.get(field).and_then(Value::as_str).ok_or(CliError::Missing { line, field })
}

pub fn parse_line(raw: &str, line: usize) -> Result<Input, CliError> {
    let v: Value = serde_json::from_str(raw).map_err(|source| CliError::Json { line, source })?;
    let text = field(&v, line, "text")?.to_string();
    let now_s = field(&v, line, "now")?;
    let tz_s = field(&v, line, "tz")?;
    let now = DateTime::parse_from_rfc3339(now_s).map_err(|_| CliError::BadNow { line, value: now_s.to_string() })?;
    let tz: Tz = tz_s.parse().map_err(|_| CliError::BadTz { line, value: tz_s.to_string() })?;
    Ok(Input { text, now: now.with_timezone(&tz) })
}

/// The language to assume when a message has no letters: the user's locale by timezone.
pub fn default_lang(tz: Tz) -> Lang {
    if matches!(tz.name(), "Asia/Jerusalem" | "Asia/Tel_Aviv" | "Israel") { Lang::He } else { Lang::En }
}

fn iso(t: DateTime<FixedOffset>) -> Value {
    Value::String(t.to_rfc3339())
}

fn step_json(s: &Step) -> Value {
    let mut m = Map::new();
    m.insert("resolver".into(), json!(s.resolver.as_str()));
    m.insert("action".into(), json!(s.action.as_str()));
    if let Some(w) = s.when {
        m.insert("when".into(), iso(w));
    }
    if let Some(w) = s.window {
        m.insert("window".into(), json!({"start": iso(w.start), "end": iso(w.end)}));
    }
    if let Some(r) = s.recurrence {
        m.insert("recurrence".into(), json!(r.as_str()));
    }
    if let Some(r) = &s.rrule {
        m.insert("rrule".into(), json!(r));
    }
    for (k, v) in [("title", &s.title), ("list", &s.list), ("query", &s.query)] {
        if let Some(v) = v {
            m.insert(k.into(), json!(v));
        }
    }
    if !s.items.is_empty() {
        m.insert("items".into(), json!(s.items));
    }
    if !s.except.is_empty() {
        m.insert("except".into(), json!(s.except));
    }
    if !s.depends_on.is_empty() {
        m.insert("depends_on".into(), json!(s.depends_on));
    }
    m.insert("confidence".into(), json!((f64::from(s.confidence) * 100.0).round() / 100.0));
    if let Some(p) = &s.time_problem {
        m.insert("time_problem".into(), serde_json::to_value(p).unwrap_or(Value::Null));
    }
    Value::Object(m)
}

pub fn run_understand(input: impl BufRead, mut out: impl Write) -> Result<(), CliError> {
    for (n, raw) in input.lines().enumerate() {
        let raw = raw?;
        if raw.trim().is_empty() {
            continue;
        }
        let inp = parse_line(&raw, n + 1)?;
        let u = understand(&inp.text, inp.now, default_lang(inp.now.timezone()));
        let steps: Vec<Value> = u.steps.iter().map(step_json).collect();
        let v = json!({"text": inp.text, "lang": u.lang.code(), "steps": steps});
        writeln!(out, "{v}")?;
    }
    Ok(())
}

pub fn run_time(input: impl BufRead, mut out: impl Write) -> Result<(), CliError> {
    for (n, raw) in input.lines().enumerate() {
        let raw = raw?;
        if raw.trim().is_empty() {
            continue;
        }
        let inp = parse_line(&raw, n + 1)?;
        let m = time::parse(&inp.text, inp.now);
        let v = match m {
            Some(m) if m.problem != Some(TimeProblem::Impossible) => json!({
                "text": inp.text,
                "value": iso(m.value),
                "end": m.end.map(iso),
                "grain": m.grain.as_str(),
            }),
            _ => json!({"text": inp.text, "value": null, "end": null, "grain": null}),
        };
        writeln!(out, "{v}")?;
    }
    Ok(())
}

#[derive(Debug, Clone, Copy)]
pub struct BenchReport {
    pub messages: usize,
    pub seconds: f64,
    pub per_second: f64,
}

impl std::fmt::Display for BenchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} messages in {:.3} s: {:.0} messages/second", self.messages, self.seconds, self.per_second)
    }
}

/// Runs `understand` over the input lines `repeat` times on this thread.
pub fn bench_understand(input: impl BufRead, repeat: usize) -> Result<BenchReport, CliError> {
    let mut inputs = Vec::new();
    for (n, raw) in input.lines().enumerate() {
        let raw = raw?;
        if !raw.trim().is_empty() {
            inputs.push(parse_line(&raw, n + 1)?);
        }
    }
    let start = Instant::now();
    let mut steps = 0usize;
    for _ in 0..repeat {
        for inp in &inputs {
            let u = understand(&inp.text, inp.now, default_lang(inp.now.timezone()));
            steps += u.steps.len();
        }
    }
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    let messages = inputs.len() * repeat;
    std::hint::black_box(steps);
    Ok(BenchReport { messages, seconds, per_second: messages as f64 / seconds })
}
