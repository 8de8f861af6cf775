//! The reply writer: a planner turn's several step results become one natural message written by
//! the LLM, in the user's language. Its input is only what the user could read anyway (each
//! step's rendered sentence) and the entities the steps stored, never raw errors; its answer is
//! checked (not empty, no JSON, not overlong) and a failure falls back to the Fluent composition.
//!
//! The call runs with no transaction open (after the steps, before the reply is queued), and the
//! written text is stored as a special step row ([`WRITER_STEP`]) so a retried turn reuses it.

use serde_json::{Value, json};

use super::Spoken;
use crate::llm::usage::{self, Who};
use crate::llm::{Operation, Request};
use crate::plan::execute::{Executed, TurnCtx};
use crate::store::steps::{self, Outcome, Status, StepRef};

const WRITER_PROMPT: &str = include_str!("../../prompts/writer.md");

/// The step id of the written reply.
pub const WRITER_STEP: i32 = -5;
/// A written reply longer than this is not trusted (the model went on by itself).
const MAX_CHARS: usize = 1500;

/// One written message for the results, or the results as they are (one step, a step that asks
/// the user something, no LLM, or the writer failed).
pub async fn write(t: &TurnCtx<'_>, executed: &[Executed]) -> Result<Vec<Spoken>, sea_orm::DbErr> {
    let spoken: Vec<Spoken> = executed
        .iter()
        .map(|e| e.outcome.spoken.clone())
        .filter(|s| !s.text.is_empty() || !s.buttons.is_empty())
        .collect();
    if t.state.llm.is_none() || spoken.len() < 2 || spoken.iter().any(|s| !s.buttons.is_empty()) {
        return Ok(spoken);
    }
    let key = steps::idempotency_key(&t.inbound.channel, &t.inbound.external_message_id, WRITER_STEP);
    let sref = StepRef {
        inbound_id: t.inbound.id,
        step_id: WRITER_STEP,
        user_id: Some(t.user.id),
        resolver: "writer",
        action: "write",
        key: &key,
    };
    let stored = steps::all(&t.state.db, t.inbound.id).await?.into_iter().find(|r| r.step_id == WRITER_STEP);
    if let Some(o) = stored.as_ref().and_then(steps::outcome_of) {
        return Ok(vec![o.spoken]);
    }
    let entities: Vec<&Value> = executed.iter().map(|e| &e.outcome.data).filter(|d| !d.is_null()).collect();
    let results: Vec<&str> = spoken.iter().map(|s| s.text.as_str()).collect();
    let req = Request {
        operation: Operation::Write,
        system: WRITER_PROMPT,
        user: json!({ "language": t.lang.code(), "time_context": t.time.to_string(), "results": results, "entities": entities })
            .to_string(),
        schema_name: "reply",
        schema: json!({ "type": "object", "required": ["reply"], "properties": { "reply": { "type": "string" } } }),
    };
    let who = Who { user_id: Some(t.user.id), inbound_id: Some(t.inbound.id) };
    let Some(text) = usage::call(t.state, who, &req).await.ok().and_then(|a| usable(&a)) else {
        return Ok(spoken);
    };
    let written = Spoken { text, clause: None, buttons: Vec::new() };
    let outcome = Outcome { spoken: written.clone(), data: Value::Null };
    steps::finish(&t.state.db, sref, Status::Done, &outcome, t.state.clock.now()).await?;
    Ok(vec![written])
}

fn usable(answer: &Value) -> Option<String> {
    let text = answer["reply"].as_str()?.trim();
    let looks_raw = text.starts_with('{') || text.starts_with('[') || text.contains("```");
    (!text.is_empty() && !looks_raw && text.chars().count() <= MAX_CHARS).then(|| text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_raw_or_overlong_written_replies_are_not_used() {
        assert_eq!(usable(&json!({"reply": " Done: milk added. "})).as_deref(), Some("Done: milk added."));
        assert_eq!(usable(&json!({"reply": ""})), None);
        assert_eq!(usable(&json!({"reply": "{\"a\":1}"})), None);
        assert_eq!(usable(&json!({"reply": "x".repeat(MAX_CHARS + 1)})), None);
        assert_eq!(usable(&json!({"text": "hi"})), None);
    }
}
