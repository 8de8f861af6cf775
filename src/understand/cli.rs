//! `ozer understand` / `ozer time` JSONL drivers (temporary minimal version).
use std::io::{BufRead, Write};

use chrono::DateTime;
use chrono_tz::Tz;

#[derive(Debug, thiserror::Error)]
pub enum CliError {
    #[error("line {line}: {message}")]
    Input { line: usize, message: String },
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
}

pub struct BenchReport {
    pub messages: usize,
    pub seconds: f64,
}
impl std::fmt::Display for BenchReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} messages in {:.3} s: {:.0} messages/second",
            self.messages,
            self.seconds,
            self.messages as f64 / self.seconds
        )
    }
}

fn parse_line(line: &str, n: usize) -> Result<(String, DateTime<Tz>), CliError> {
    let err = |m: &str| CliError::Input { line: n, message: m.to_string() };
    let v: serde_json::Value = serde_json::from_str(line).map_err(|e| err(&e.to_string()))?;
    let text = v["text"].as_str().ok_or_else(|| err("missing text"))?.to_string();
    let tz: Tz = v["tz"].as_str().ok_or_else(|| err("missing tz"))?.parse().map_err(|_| err("bad tz"))?;
    let now = DateTime::parse_from_rfc3339(v["now"].as_str().ok_or_else(|| err("missing now"))?)
        .map_err(|e| err(&e.to_string()))?;
    Ok((text, now.with_timezone(&tz)))
}

pub fn run_understand(input: impl BufRead, mut out: impl Write) -> Result<(), CliError> {
    for (i, line) in input.lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let (text, now) = parse_line(&line, i + 1)?;
        let u = super::understand(&text, now, super::Lang::He);
        writeln!(out, "{}", serde_json::json!({"text": text, "lang": u.lang, "steps": u.steps}))?;
    }
    Ok(())
}

pub fn run_time(input: impl BufRead, mut out: impl Write) -> Result<(), CliError> {
    for (i, line) in input.lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let (text, _) = parse_line(&line, i + 1)?;
        writeln!(out, "{}", serde_json::json!({"text": text, "value": null, "end": null, "grain": null}))?;
    }
    Ok(())
}

pub fn bench_understand(input: impl BufRead, repeat: usize) -> Result<BenchReport, CliError> {
    let mut msgs = Vec::new();
    for (i, line) in input.lines().enumerate() {
        let line = line?;
        if !line.trim().is_empty() {
            msgs.push(parse_line(&line, i + 1)?);
        }
    }
    let start = std::time::Instant::now();
    for _ in 0..repeat {
        for (t, n) in &msgs {
            std::hint::black_box(super::understand(t, *n, super::Lang::He));
        }
    }
    Ok(BenchReport { messages: msgs.len() * repeat, seconds: start.elapsed().as_secs_f64() })
}
