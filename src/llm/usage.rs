//! The usage log: every LLM call stored (operation, model, tokens, cost, latency, outcome) and
//! counted in `/metrics`; `ozer usage` prints per-day totals and the share of turns that needed
//! no LLM at all. No message text is kept here.

use std::collections::BTreeMap;
use std::fmt::Write;

use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, DbErr, EntityTrait, QueryFilter, QuerySelect, Set};
use serde_json::Value;

use super::{LlmError, Request, Usage};
use crate::app::AppState;
use crate::store::entities::{inbound_message, llm_call};

/// Whose turn a call belongs to (both unknown for a call outside a turn).
#[derive(Debug, Clone, Copy, Default)]
pub struct Who {
    pub user_id: Option<i64>,
    pub inbound_id: Option<i64>,
}

/// Calls the model and logs the call (callers only call when an LLM is configured; without one
/// this fails at once, sending nothing). The log write is its own short statement after the
/// call, with no transaction open; a failed log write is only a warning.
pub async fn call(state: &AppState, who: Who, req: &Request<'_>) -> Result<Value, LlmError> {
    let Some(client) = state.llm.as_deref() else {
        return Err(LlmError::Http(0));
    };
    let (result, usage) = client.chat(req).await;
    let outcome = match &result {
        Ok(_) => "ok",
        Err(e) => {
            tracing::warn!(op = req.operation.as_str(), error = %e, ms = usage.latency_ms, "LLM call failed");
            e.outcome()
        }
    };
    state.metrics.llm_call(req.operation.as_str(), outcome, usage.tokens_in, usage.tokens_out);
    let row = llm_call::ActiveModel {
        at: Set(state.clock.now()),
        user_id: Set(who.user_id),
        inbound_id: Set(who.inbound_id),
        operation: Set(req.operation.as_str().to_string()),
        model: Set(client.model.clone()),
        tokens_in: Set(usage.tokens_in as i64),
        tokens_out: Set(usage.tokens_out as i64),
        cost_usd: Set(client.cost(usage)),
        latency_ms: Set(usage.latency_ms as i64),
        outcome: Set(outcome.to_string()),
        ..Default::default()
    };
    if let Err(e) = row.insert(&state.db).await {
        tracing::warn!(error = %e, "LLM usage not logged");
    }
    result
}

/// One day of the report.
#[derive(Debug, Default, Clone, PartialEq)]
struct Day {
    calls: u64,
    failed: u64,
    usage: Usage,
    cost: f64,
    turns: u64,
    turns_with_llm: u64,
}

/// Per-day totals (UTC days) and the share of turns that made no LLM call.
pub async fn report(db: &sea_orm::DatabaseConnection) -> Result<String, DbErr> {
    let calls = llm_call::Entity::find().all(db).await?;
    let turns: Vec<(i64, DateTime<Utc>)> = inbound_message::Entity::find()
        .select_only()
        .column(inbound_message::Column::Id)
        .column(inbound_message::Column::ReceivedAt)
        .filter(inbound_message::Column::Status.ne(crate::store::inbound::PENDING))
        .into_tuple()
        .all(db)
        .await?;
    Ok(render(&calls, &turns))
}

fn render(calls: &[llm_call::Model], turns: &[(i64, DateTime<Utc>)]) -> String {
    let mut days: BTreeMap<String, Day> = BTreeMap::new();
    let with_llm: std::collections::HashSet<i64> = calls.iter().filter_map(|c| c.inbound_id).collect();
    for c in calls {
        let d = days.entry(c.at.format("%Y-%m-%d").to_string()).or_default();
        d.calls += 1;
        d.failed += u64::from(c.outcome != "ok");
        d.usage.tokens_in += c.tokens_in.max(0) as u64;
        d.usage.tokens_out += c.tokens_out.max(0) as u64;
        d.usage.latency_ms += c.latency_ms.max(0) as u64;
        d.cost += c.cost_usd;
    }
    for (id, at) in turns {
        let d = days.entry(at.format("%Y-%m-%d").to_string()).or_default();
        d.turns += 1;
        d.turns_with_llm += u64::from(with_llm.contains(id));
    }
    let mut out = String::from("day         calls  failed  tokens_in  tokens_out  cost_usd  avg_ms  turns  no_llm\n");
    let mut total = Day::default();
    for (day, d) in &days {
        line(&mut out, day, d);
        total.calls += d.calls;
        total.failed += d.failed;
        total.usage.tokens_in += d.usage.tokens_in;
        total.usage.tokens_out += d.usage.tokens_out;
        total.usage.latency_ms += d.usage.latency_ms;
        total.cost += d.cost;
        total.turns += d.turns;
        total.turns_with_llm += d.turns_with_llm;
    }
    line(&mut out, "total", &total);
    out
}

fn line(out: &mut String, day: &str, d: &Day) {
    let avg = d.usage.latency_ms.checked_div(d.calls).unwrap_or(0);
    let no_llm = if d.turns == 0 {
        "-".to_string()
    } else {
        format!("{:.1}%", 100.0 * (d.turns - d.turns_with_llm.min(d.turns)) as f64 / d.turns as f64)
    };
    let _ = writeln!(
        out,
        "{day:<10}  {:>5}  {:>6}  {:>9}  {:>10}  {:>8.4}  {avg:>6}  {:>5}  {no_llm:>6}",
        d.calls, d.failed, d.usage.tokens_in, d.usage.tokens_out, d.cost, d.turns
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn call(day: u32, inbound: i64, outcome: &str) -> llm_call::Model {
        llm_call::Model {
            id: 0,
            at: Utc.with_ymd_and_hms(2026, 11, day, 10, 0, 0).unwrap(),
            user_id: Some(1),
            inbound_id: Some(inbound),
            operation: "plan".into(),
            model: "m".into(),
            tokens_in: 1000,
            tokens_out: 100,
            cost_usd: 0.5,
            latency_ms: 300,
            outcome: outcome.into(),
        }
    }

    #[test]
    fn the_report_sums_each_day_and_the_share_of_turns_without_a_call() {
        let calls = vec![call(22, 1, "ok"), call(22, 1, "junk"), call(23, 7, "ok")];
        let at = |d| Utc.with_ymd_and_hms(2026, 11, d, 9, 0, 0).unwrap();
        let turns = vec![(1, at(22)), (2, at(22)), (3, at(22)), (4, at(22)), (7, at(23))];
        let text = render(&calls, &turns);
        let day22 = text.lines().find(|l| l.starts_with("2026-11-22")).unwrap();
        let cols: Vec<&str> = day22.split_whitespace().collect();
        assert_eq!(cols, ["2026-11-22", "2", "1", "2000", "200", "1.0000", "300", "4", "75.0%"]);
        let total: Vec<&str> = text.lines().last().unwrap().split_whitespace().collect();
        assert_eq!(total, ["total", "3", "1", "3000", "300", "1.5000", "300", "5", "60.0%"]);
    }
}
