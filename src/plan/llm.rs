//! The LLM planner: asked only when the rules are unsure of a message (a step below
//! [`UNSURE`], or no steps at all), and only when an LLM is configured. A confident turn makes
//! no request.
//!
//! One planner call gets the time context, the language, the resolver schemas (from the same
//! [`SCHEMAS`] the patterns use), the pattern scores as routing hints, the rules' own reading,
//! the last messages (shortened), the last turn's entities and the pending question. Its answer
//! is validated ([`super::validate`]); a bad one gets **one** repair call with the error; after
//! that the rules' reading stands, and with none, the user is asked to put it another way.
//! A model that is down, slow or rate limiting is not retried: the turn goes on without it.
//!
//! The call runs with no transaction open, and its decision is stored as a special step row
//! ([`PLANNER_STEP`]), so a retried turn reuses it instead of asking the model again.

use sea_orm::DbErr;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use super::PlannedStep;
use super::execute::TurnCtx;
use super::review::PendingPlan;
use super::validate::{self, Planned};
use crate::llm::usage::{self, Who};
use crate::llm::{LlmError, Operation, Request};
use crate::store::steps::{self, Outcome, Status, StepRef};
use crate::understand::schema::SCHEMAS;
use crate::understand::{Resolver, UNSURE, Understanding};

const PLANNER_PROMPT: &str = include_str!("../../prompts/planner.md");
const REPAIR_PROMPT: &str = include_str!("../../prompts/repair.md");

/// The step id of the planner's stored decision.
pub const PLANNER_STEP: i32 = -3;
/// A plan the model itself is less sure of than this is not acted on (the rules' reading, or
/// "put it another way", instead).
const PLANNER_FLOOR: f32 = 0.35;
/// How much of each earlier message the planner sees.
const HISTORY_CHARS: usize = 200;

/// What the planner decided for a turn.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum Decision {
    /// run these steps (a planner plan)
    Run { steps: Vec<PlannedStep> },
    /// ask the user for the missing fields first
    Ask { request: PendingPlan },
    /// no usable answer: the rules' reading stands
    Rules,
    /// no usable answer and no reading: ask the user to put it another way
    Unclear,
}

/// Whether a message goes to the planner: some step is a guess, or nothing was read at all.
/// Small talk ("thanks", "hi") is never worth a call.
pub fn needs_planner(u: &Understanding, text: &str) -> bool {
    if crate::resolvers::general::is_social(text) {
        return false;
    }
    u.steps.is_empty() || u.steps.iter().any(|s| s.confidence < UNSURE)
}

/// The planner's decision for this turn: the stored one on a retry, else one call (and at most
/// one repair). `pending` is the question that was open when the message came (the message did
/// not answer it), as `{kind, payload}`, or null. Never fails on the model's account; only a database error is an error.
pub async fn decide(t: &TurnCtx<'_>, u: &Understanding, pending: &Value) -> Result<Decision, DbErr> {
    let key = steps::idempotency_key(&t.inbound.channel, &t.inbound.external_message_id, PLANNER_STEP);
    let sref = StepRef {
        inbound_id: t.inbound.id,
        step_id: PLANNER_STEP,
        user_id: Some(t.user.id),
        resolver: "planner",
        action: "plan",
        key: &key,
    };
    let stored = steps::all(&t.state.db, t.inbound.id).await?.into_iter().find(|r| r.step_id == PLANNER_STEP);
    if let Some(d) = stored.as_ref().and_then(steps::outcome_of).and_then(|o| serde_json::from_value(o.data).ok()) {
        return Ok(d);
    }
    let planned = plan_with_repair(t, u, pending).await.filter(|p| p.confidence >= PLANNER_FLOOR);
    let decision = match planned {
        Some(p) if p.missing.is_empty() => Decision::Run { steps: p.steps },
        Some(p) => Decision::Ask {
            request: PendingPlan { text: t.inbound.text.clone(), steps: p.steps, missing: p.missing, asked: 0 },
        },
        None if rules_have_a_reading(u) => Decision::Rules,
        None => Decision::Unclear,
    };
    tracing::info!(decision = decision_name(&decision), "planner decided");
    let outcome = Outcome { spoken: Default::default(), data: serde_json::to_value(&decision).unwrap_or_default() };
    steps::finish(&t.state.db, sref, Status::Done, &outcome, t.state.clock.now()).await?;
    Ok(decision)
}

fn decision_name(d: &Decision) -> &'static str {
    match d {
        Decision::Run { .. } => "run",
        Decision::Ask { .. } => "ask",
        Decision::Rules => "rules",
        Decision::Unclear => "unclear",
    }
}

/// A reading worth acting on: some step other than the catch-all small talk.
fn rules_have_a_reading(u: &Understanding) -> bool {
    u.steps.iter().any(|s| s.resolver != Resolver::General)
}

async fn plan_with_repair(t: &TurnCtx<'_>, u: &Understanding, pending: &Value) -> Option<Planned> {
    let who = Who { user_id: Some(t.user.id), inbound_id: Some(t.inbound.id) };
    let input = planner_input(t, u, pending);
    let req = Request {
        operation: Operation::Plan,
        system: PLANNER_PROMPT,
        user: input.to_string(),
        schema_name: "plan",
        schema: answer_schema(),
    };
    let (previous, error) = match usage::call(t.state, who, &req).await {
        Ok(answer) => match validate::validate(&answer, t.time.now) {
            Ok(p) => return Some(p),
            Err(e) => (answer, e),
        },
        Err(LlmError::Junk(e)) => (Value::Null, e),
        // down, slow or rate limited: asking again now would only slow the turn
        Err(_) => return None,
    };
    tracing::info!(%error, "planner answer refused; one repair");
    let repair = Request {
        operation: Operation::Repair,
        system: REPAIR_PROMPT,
        user: json!({ "request": input, "previous_answer": previous, "error": error }).to_string(),
        schema_name: "plan",
        schema: answer_schema(),
    };
    let answer = usage::call(t.state, who, &repair).await.ok()?;
    validate::validate(&answer, t.time.now).map_err(|e| tracing::info!(error = %e, "repair refused too")).ok()
}

/// The planner's input: everything it may use, as one JSON object.
fn planner_input(t: &TurnCtx<'_>, u: &Understanding, pending: &Value) -> Value {
    let history: Vec<Value> =
        t.history.iter().map(|m| json!({ "text": crate::resolvers::actions::short(&m.text, HISTORY_CHARS) })).collect();
    let hints: Vec<Value> =
        u.hints.iter().map(|(r, score)| json!({ "resolver": r.as_str(), "score": round2(*score) })).collect();
    let reading: Vec<Value> = u
        .steps
        .iter()
        .map(|s| {
            json!({
                "resolver": s.resolver.as_str(), "action": s.action.as_str(), "confidence": round2(s.confidence),
                "title": s.title, "list": s.list, "items": s.items, "query": s.query,
                "when": s.when.map(|w| w.to_rfc3339()),
            })
        })
        .collect();
    json!({
        "time_context": t.time.to_string(),
        "language": t.lang.code(),
        "message": t.inbound.text,
        "resolvers": resolver_schemas(),
        "routing_hints": hints,
        "rules_reading": reading,
        "history": history,
        "last_entities": t.last_entities,
        "pending": pending,
    })
}

/// The open question as the planner sees it, read before the conversation step clears it.
pub async fn pending_of(t: &TurnCtx<'_>) -> Result<Value, DbErr> {
    let open = crate::store::pending::current(&t.state.read, t.user.id, t.time.now.to_utc()).await?;
    Ok(open.map_or(Value::Null, |p| {
        let payload: Value = serde_json::from_str(&p.payload).unwrap_or(Value::Null);
        json!({ "kind": p.kind, "payload": payload })
    }))
}

fn round2(x: f32) -> f64 {
    (f64::from(x) * 100.0).round() / 100.0
}

/// The resolvers as the planner sees them, from the single source the patterns use.
pub fn resolver_schemas() -> Value {
    SCHEMAS
        .iter()
        .map(|r| {
            let actions: Vec<Value> = r
                .actions
                .iter()
                .map(|a| {
                    json!({
                        "action": a.action.as_str(), "does": a.hint,
                        "requires": validate::required(r.resolver, a.action),
                    })
                })
                .collect();
            json!({ "resolver": r.resolver.as_str(), "summary": r.summary, "actions": actions, "examples": r.examples })
        })
        .collect()
}

/// The JSON schema of a planner answer (resolver and action names from [`SCHEMAS`]).
pub fn answer_schema() -> Value {
    let resolvers: Vec<&str> = SCHEMAS.iter().map(|r| r.resolver.as_str()).collect();
    let mut actions: Vec<&str> = SCHEMAS.iter().flat_map(|r| r.actions.iter().map(|a| a.action.as_str())).collect();
    actions.sort_unstable();
    actions.dedup();
    let text = json!({ "type": ["string", "null"] });
    json!({
        "type": "object",
        "required": ["steps", "confidence", "missing"],
        "properties": {
            "steps": { "type": "array", "items": {
                "type": "object",
                "required": ["id", "resolver", "action", "slots", "depends_on"],
                "properties": {
                    "id": { "type": "integer" },
                    "resolver": { "type": "string", "enum": resolvers },
                    "action": { "type": "string", "enum": actions },
                    "slots": { "type": "object", "properties": {
                        "title": text, "when": text, "list": text, "query": text, "recurrence": text,
                        "items": { "type": "array", "items": { "type": "string" } },
                    }},
                    "depends_on": { "type": "array", "items": { "type": "integer" } },
                },
            }},
            "confidence": { "type": "number" },
            "missing": { "type": "array", "items": {
                "type": "object", "required": ["step", "field"],
                "properties": { "step": { "type": "integer" }, "field": { "type": "string" } },
            }},
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schema_offers_every_resolver_and_action_of_the_patterns() {
        let s = answer_schema();
        let resolvers = s["properties"]["steps"]["items"]["properties"]["resolver"]["enum"].as_array().unwrap();
        assert_eq!(resolvers.len(), SCHEMAS.len());
        let text = resolver_schemas().to_string();
        assert!(text.contains("\"requires\":[\"items\"]"), "{text}");
    }

    #[test]
    fn small_talk_and_confident_readings_do_not_go_to_the_planner() {
        let now = chrono::TimeZone::with_ymd_and_hms(&chrono_tz::Asia::Jerusalem, 2026, 11, 23, 10, 0, 0).unwrap();
        let sure =
            crate::understand::understand("remind me tomorrow at 9 to call mom", now, crate::understand::Lang::En);
        assert!(!needs_planner(&sure, "remind me tomorrow at 9 to call mom"));
        let thanks = crate::understand::understand("thanks!", now, crate::understand::Lang::En);
        assert!(!needs_planner(&thanks, "thanks!"));
    }
}
