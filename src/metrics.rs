//! Operations metrics, served at `GET /metrics` in Prometheus' text format.
//!
//! Counters with a few fixed labels and one latency histogram, kept in memory per process (a
//! restart starts them at zero, as Prometheus expects of counters). The outbox backlog is read
//! from the database at scrape time. Nothing here holds a message body or a user id.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Upper bounds of the turn latency histogram, in seconds.
const TURN_BUCKETS: [f64; 10] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0, 30.0];

/// A counter family: name, help text, and the label names its series carry.
struct Family {
    name: &'static str,
    help: &'static str,
    labels: &'static [&'static str],
}

const MESSAGES_IN: Family =
    Family { name: "ozer_messages_in_total", help: "Messages stored, by channel.", labels: &["channel"] };
const MESSAGES_OUT: Family = Family {
    name: "ozer_messages_out_total",
    help: "Outbound messages by channel and result (sent, failed).",
    labels: &["channel", "result"],
};
const WEBHOOKS_REJECTED: Family = Family {
    name: "ozer_webhooks_rejected_total",
    help: "Webhooks refused or dropped, by channel and reason.",
    labels: &["channel", "reason"],
};
const STEPS: Family = Family {
    name: "ozer_steps_total",
    help: "Executed steps by resolver and status (done, failed, blocked, waiting).",
    labels: &["resolver", "status"],
};
const TURNS: Family =
    Family { name: "ozer_turns_total", help: "Turns ended, by outcome (ok, error).", labels: &["outcome"] };
const REMINDERS: Family = Family {
    name: "ozer_reminders_total",
    help: "Reminders queued, by timeliness (on_time, late, missed).",
    labels: &["timeliness"],
};
const LLM_CALLS: Family = Family {
    name: "ozer_llm_calls_total",
    help: "LLM calls by operation and outcome.",
    labels: &["operation", "outcome"],
};
const LLM_TOKENS: Family =
    Family { name: "ozer_llm_tokens_total", help: "LLM tokens by direction (in, out).", labels: &["direction"] };

const INTAKE_COMMITS: Family = Family {
    name: "ozer_intake_commits_total",
    help: "Transactions the intake writer committed, by shape (batch: several messages, single: one).",
    labels: &["shape"],
};

const TURN_BATCHES: Family = Family {
    name: "ozer_turn_batches_total",
    help: "Batches of turns that shared one transaction, by outcome (committed, or rolled back and run one by one).",
    labels: &["outcome"],
};

const FAMILIES: [&Family; 10] = [
    &MESSAGES_IN,
    &MESSAGES_OUT,
    &WEBHOOKS_REJECTED,
    &STEPS,
    &TURNS,
    &REMINDERS,
    &LLM_CALLS,
    &LLM_TOKENS,
    &INTAKE_COMMITS,
    &TURN_BATCHES,
];

#[derive(Default)]
struct Histogram {
    buckets: [u64; TURN_BUCKETS.len()],
    count: u64,
    sum: f64,
}

#[derive(Default)]
pub struct Metrics {
    counters: Mutex<BTreeMap<(&'static str, Vec<String>), u64>>,
    turn_seconds: Mutex<Histogram>,
    /// statements run on the write pool (on SQLite its one connection, which every writer
    /// shares: the figure to keep low per message and per turn)
    write_statements: AtomicU64,
}

impl Metrics {
    fn add(&self, family: &Family, labels: &[&str], by: u64) {
        let key = (family.name, labels.iter().map(|l| l.to_string()).collect());
        *self.counters.lock().unwrap_or_else(|p| p.into_inner()).entry(key).or_default() += by;
    }

    pub fn message_in(&self, channel: &str) {
        self.add(&MESSAGES_IN, &[channel], 1);
    }

    pub fn message_out(&self, channel: &str, sent: bool) {
        self.add(&MESSAGES_OUT, &[channel, if sent { "sent" } else { "failed" }], 1);
    }

    pub fn webhook_rejected(&self, channel: &str, reason: &str) {
        self.add(&WEBHOOKS_REJECTED, &[channel, reason], 1);
    }

    pub fn step(&self, resolver: &str, status: &str) {
        self.add(&STEPS, &[resolver, status], 1);
    }

    pub fn reminders(&self, on_time: usize, late: usize, missed: usize) {
        for (label, n) in [("on_time", on_time), ("late", late), ("missed", missed)] {
            if n > 0 {
                self.add(&REMINDERS, &[label], n as u64);
            }
        }
    }

    pub fn llm_call(&self, operation: &str, outcome: &str, tokens_in: u64, tokens_out: u64) {
        self.add(&LLM_CALLS, &[operation, outcome], 1);
        self.add(&LLM_TOKENS, &["in"], tokens_in);
        self.add(&LLM_TOKENS, &["out"], tokens_out);
    }

    pub fn intake_commit(&self, messages: usize) {
        self.add(&INTAKE_COMMITS, &[if messages > 1 { "batch" } else { "single" }], 1);
    }

    /// How many intake commits of each shape so far: (batch, single).
    pub fn intake_commits(&self) -> (u64, u64) {
        (self.get(&INTAKE_COMMITS, "batch"), self.get(&INTAKE_COMMITS, "single"))
    }

    /// A counter of a family with one label, by that label's value.
    fn get(&self, family: &Family, label: &str) -> u64 {
        let counters = self.counters.lock().unwrap_or_else(|p| p.into_inner());
        counters.get(&(family.name, vec![label.to_string()])).copied().unwrap_or(0)
    }

    /// A batch of turns ended: `turns` of them committed together, or none (rolled back).
    pub fn turn_batch(&self, committed: bool) {
        self.add(&TURN_BATCHES, &[if committed { "committed" } else { "rolled_back" }], 1);
    }

    /// How many batches of turns so far: (committed, rolled back).
    pub fn turn_batches(&self) -> (u64, u64) {
        (self.get(&TURN_BATCHES, "committed"), self.get(&TURN_BATCHES, "rolled_back"))
    }

    /// Counts one statement run on the write pool (BEGIN and COMMIT are not counted).
    pub fn write_statement(&self) {
        self.write_statements.fetch_add(1, Ordering::Relaxed);
    }

    pub fn write_statements(&self) -> u64 {
        self.write_statements.load(Ordering::Relaxed)
    }

    pub fn turn(&self, seconds: f64, ok: bool) {
        self.add(&TURNS, &[if ok { "ok" } else { "error" }], 1);
        let mut h = self.turn_seconds.lock().unwrap_or_else(|p| p.into_inner());
        for (i, bound) in TURN_BUCKETS.iter().enumerate() {
            if seconds <= *bound {
                h.buckets[i] += 1;
            }
        }
        h.count += 1;
        h.sum += seconds;
    }

    /// The Prometheus text exposition of everything, with the outbox backlog read at scrape time.
    pub fn render(&self, outbox_backlog: u64) -> String {
        let mut out = String::new();
        let counters = self.counters.lock().unwrap_or_else(|p| p.into_inner());
        for family in FAMILIES {
            let _ = writeln!(out, "# HELP {} {}\n# TYPE {} counter", family.name, family.help, family.name);
            for ((name, values), n) in counters.iter().filter(|((name, _), _)| *name == family.name) {
                let labels: Vec<String> =
                    family.labels.iter().zip(values).map(|(k, v)| format!("{k}=\"{}\"", escape(v))).collect();
                let _ = writeln!(out, "{name}{{{}}} {n}", labels.join(","));
            }
        }
        drop(counters);
        let h = self.turn_seconds.lock().unwrap_or_else(|p| p.into_inner());
        let name = "ozer_turn_seconds";
        let _ =
            writeln!(out, "# HELP {name} Time from taking a message to queueing its reply.\n# TYPE {name} histogram");
        for (bound, n) in TURN_BUCKETS.iter().zip(h.buckets) {
            let _ = writeln!(out, "{name}_bucket{{le=\"{bound}\"}} {n}");
        }
        let _ =
            writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {}\n{name}_sum {}\n{name}_count {}", h.count, h.sum, h.count);
        let name = "ozer_db_write_statements_total";
        let _ = writeln!(
            out,
            "# HELP {name} Statements run on the write pool.\n# TYPE {name} counter\n{name} {}",
            self.write_statements()
        );
        let name = "ozer_outbox_backlog";
        let _ = writeln!(
            out,
            "# HELP {name} Outbound messages waiting to be sent.\n# TYPE {name} gauge\n{name} {outbox_backlog}"
        );
        out
    }
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_and_the_histogram_render_in_prometheus_text_format() {
        let m = Metrics::default();
        m.message_in("telegram");
        m.message_in("telegram");
        m.webhook_rejected("whatsapp", "signature");
        m.turn(0.02, true);
        m.turn(2.0, false);
        let text = m.render(3);
        assert!(text.contains("ozer_messages_in_total{channel=\"telegram\"} 2"), "{text}");
        assert!(text.contains("ozer_webhooks_rejected_total{channel=\"whatsapp\",reason=\"signature\"} 1"));
        assert!(text.contains("ozer_turn_seconds_bucket{le=\"0.025\"} 1"));
        assert!(text.contains("ozer_turn_seconds_bucket{le=\"5\"} 2"));
        assert!(text.contains("ozer_turn_seconds_count 2"));
        assert!(text.contains("ozer_turns_total{outcome=\"error\"} 1"));
        assert!(text.contains("ozer_outbox_backlog 3"));
        assert!(text.contains("# TYPE ozer_llm_calls_total counter"));
    }
}
