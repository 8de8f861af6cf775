//! A planner's plan that waits for the user: a clarifying question (fields the message did not
//! give) or a draft to confirm (a plan of 3+ steps, a bulk delete, an email send).
//!
//! Both are stored as the user's pending interaction with the whole plan, so the answer runs it
//! without asking the model to plan again: a clarification's answer is merged into the stored
//! request (a time phrase into `when`, words into the missing title/list/items), and "run it"
//! runs the stored draft as it was shown. At most [`MAX_CLARIFICATIONS`] questions are asked per
//! request; after that Ozer does its best with what it has.
//!
//! The question itself is worded by the LLM in the user's language (a Fluent sentence when
//! there is no LLM or it fails); that call runs with no transaction open, before the short
//! transaction that stores the question and its reply row ([`ASK_STEP`]).

use sea_orm::{DbErr, TransactionTrait};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::PlannedStep;
use super::execute::{self, TurnCtx};
use super::validate::{self, Missing};
use crate::channels::Button;
use crate::conversation::buttons;
use crate::llm::usage::{self, Who};
use crate::llm::{Operation, Request};
use crate::reply::{Msg, Said, Spoken};
use crate::resolvers::Ctx;
use crate::store::pending;
use crate::store::steps::{self, Outcome, Status, StepRef};
use crate::understand::{Action, time};

const CLARIFY_PROMPT: &str = include_str!("../../prompts/clarify.md");

/// Pending interaction kinds of this module.
pub const CLARIFY: &str = "clarify";
pub const DRAFT: &str = "draft";
/// At most this many clarifying questions per request; then best effort.
pub const MAX_CLARIFICATIONS: u8 = 2;
/// The step id of the stored question or draft of a turn.
pub const ASK_STEP: i32 = -4;

/// A planner's request as it waits for the user.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PendingPlan {
    pub text: String,
    pub steps: Vec<PlannedStep>,
    pub missing: Vec<Missing>,
    /// clarifying questions asked so far for this request
    pub asked: u8,
}

/// What the answer to a pending plan leads to (stored as the conversation step's data).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Resume {
    pub request: PendingPlan,
    /// the user confirmed the draft: run it as shown
    pub reviewed: bool,
}

/// Whether a planner plan is shown as a draft first: 3 or more steps, a bulk delete, or an
/// email send.
pub fn needs_review(steps: &[PlannedStep]) -> bool {
    steps.len() >= 3 || steps.iter().any(|s| bulk_delete(s) || s.action == Action::Send)
}

/// A delete that can hit several things: a time window, exceptions, several items, or no
/// title or query narrowing it at all.
fn bulk_delete(s: &PlannedStep) -> bool {
    let slots = &s.slots;
    matches!(s.action, Action::Delete | Action::Remove)
        && (slots.window.is_some()
            || !slots.except.is_empty()
            || slots.items.len() > 1
            || (slots.title.is_none() && slots.query.is_none() && slots.items.is_empty() && slots.list.is_none()))
}

/// Steps still missing a field they cannot run without are dropped (best effort).
pub fn runnable(request: &PendingPlan) -> Vec<PlannedStep> {
    let blocked: Vec<usize> = request
        .missing
        .iter()
        .filter(|m| {
            request
                .steps
                .get(m.step)
                .is_some_and(|s| validate::required(s.resolver, s.action).contains(&m.field.as_str()))
        })
        .map(|m| m.step)
        .collect();
    request.steps.iter().filter(|s| !blocked.contains(&s.id)).cloned().collect()
}

/// Merges the user's answer into the request: a time phrase fills `when`, the rest of the words
/// the first missing text field. Fields the answer does not give stay missing.
pub fn merge(mut request: PendingPlan, answer: &str, now: chrono::DateTime<chrono_tz::Tz>) -> PendingPlan {
    let found = time::parse(answer, now);
    let words = match &found {
        Some(m) => format!("{} {}", &answer[..m.span.start], &answer[m.span.end..]),
        None => answer.to_string(),
    };
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut words_used = words.is_empty();
    let mut still = Vec::new();
    for m in std::mem::take(&mut request.missing) {
        let Some(step) = request.steps.get_mut(m.step) else { continue };
        let filled = match m.field.as_str() {
            "when" => {
                found.is_some()
                    && validate::apply_time(
                        &mut step.slots,
                        &answer[found.as_ref().map_or(0..0, |f| f.span.clone())],
                        now,
                    )
                    .is_ok()
            }
            field if !words_used => {
                fill_text(&mut step.slots, field, &words);
                words_used = true;
                true
            }
            _ => false,
        };
        if !filled {
            still.push(m);
        }
    }
    request.missing = still;
    request
}

fn fill_text(slots: &mut crate::understand::Step, field: &str, words: &str) {
    match field {
        "title" => slots.title = Some(words.to_string()),
        "list" => slots.list = Some(words.to_string()),
        "query" => slots.query = Some(words.to_string()),
        "items" => {
            slots.items = words.split([',', '،']).map(|i| i.trim().to_string()).filter(|i| !i.is_empty()).collect()
        }
        _ => {}
    }
}

/// Answers a pending clarification or draft with this message (inside the conversation step's
/// transaction). `None`: no such question is open, or the message is not an answer to it.
pub async fn answer(ctx: &Ctx<'_>, button: Option<&str>) -> Result<Option<(Status, Outcome)>, DbErr> {
    let Some(open) = pending::current(ctx.db, ctx.user.id, ctx.time.now.to_utc()).await? else {
        return Ok(None);
    };
    if open.kind != CLARIFY && open.kind != DRAFT {
        return Ok(None);
    }
    let tap = button.and_then(buttons::parse);
    if tap.is_some_and(|t| t.question != Some(open.id)) {
        return Ok(None); // a tap on another question: the usual "no longer open" answer
    }
    let Ok(request) = serde_json::from_str::<PendingPlan>(&open.payload) else { return Ok(None) };
    pending::clear(ctx.db, ctx.user.id).await?;
    let unbound = tap.map(|t| t.answer.unbound());
    let said = |msg| Some((Status::Done, Outcome { spoken: Said::msg(msg).render(ctx.lang), data: json!(null) }));
    let resume = |request, reviewed| {
        let data = serde_json::to_value(Resume { request, reviewed }).unwrap_or_default();
        Some((Status::Done, Outcome { spoken: Spoken::default(), data: json!({ "resume": data }) }))
    };
    let yes_no = crate::conversation::yes_no(ctx.text, unbound.as_deref());
    if open.kind == CLARIFY && tap.is_none() && is_new_request(ctx, &request) {
        return Ok(None); // the question is dropped; the message is read as itself
    }
    Ok(match (open.kind.as_str(), yes_no) {
        (_, Some(false)) => said(Msg::new("cancelled")),
        (DRAFT, Some(true)) => resume(request, true),
        (DRAFT, None) => None,
        _ => resume(merge(request, ctx.text.trim(), ctx.time.now), false),
    })
}

/// An answer that is plainly a request of another kind ("actually, what's on my shopping
/// list?") is not merged into the question: the rules read it with full confidence and it is
/// not one of the waiting plan's own (resolver, action).
fn is_new_request(ctx: &Ctx<'_>, request: &PendingPlan) -> bool {
    let u = crate::understand::understand(ctx.text, ctx.time.now, ctx.lang);
    u.steps.iter().any(|s| {
        s.confidence >= NEW_REQUEST
            && s.resolver != crate::understand::Resolver::General
            && !request.steps.iter().any(|p| p.resolver == s.resolver && p.action == s.action)
    })
}

/// How sure the rules must be that an answer is a new request of its own.
const NEW_REQUEST: f32 = 0.85;

/// The plan a conversation step resumed, if it did.
pub fn resumed(e: &execute::Executed) -> Option<Resume> {
    serde_json::from_value(e.outcome.data.get("resume")?.clone()).ok()
}

/// Asks for the request's missing fields: the question is stored with the request (its count
/// raised) as the pending interaction.
pub async fn ask(t: &TurnCtx<'_>, mut request: PendingPlan) -> Result<Spoken, DbErr> {
    if let Some(spoken) = stored(t).await? {
        return Ok(spoken);
    }
    let question = match worded(t, &request).await {
        Some(q) => q,
        None => Said::msg(Msg::new(fallback_id(&request))).render(t.lang).text,
    };
    request.asked += 1;
    let spoken = Spoken { text: question, clause: None, buttons: Vec::new() };
    put(t, CLARIFY, &request, |_| spoken.clone()).await
}

/// Shows the plan as a short numbered draft with "run it" / "cancel" buttons.
pub async fn draft(t: &TurnCtx<'_>, request: PendingPlan) -> Result<Spoken, DbErr> {
    if let Some(spoken) = stored(t).await? {
        return Ok(spoken);
    }
    let lines: Vec<String> = request
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            Msg::new("draft-line")
                .num("n", i as i64 + 1)
                .arg("what", crate::conversation::clarify::reading(t.lang, s.resolver, s.action))
                .arg("detail", detail(t, s))
                .render(t.lang)
        })
        .collect();
    let text = Msg::new("draft-intro").arg("steps", lines.join("\n")).render(t.lang);
    let lang = t.lang;
    put(t, DRAFT, &request, move |id| Spoken {
        text: text.clone(),
        clause: None,
        buttons: vec![
            Button { label: crate::reply::t(lang, "button-run-it"), payload: buttons::confirm(id, true) },
            Button { label: crate::reply::t(lang, "button-cancel"), payload: buttons::confirm(id, false) },
        ],
    })
    .await
}

/// What a draft line says of a step: its object (title, items, list) and its time.
fn detail(t: &TurnCtx<'_>, s: &PlannedStep) -> String {
    let what = match (&s.slots.title, &s.slots.list) {
        (None, Some(list)) if s.slots.items.is_empty() => list.clone(),
        (None, Some(list)) => format!("{} → {list}", s.slots.items.join(", ")),
        _ => execute::describe(t.lang, s),
    };
    match s.slots.when {
        Some(at) => {
            let when = crate::reply::when::when_phrase(t.lang, at.with_timezone(&t.time.tz()), t.time.now);
            format!("{what} ({when})")
        }
        None => what,
    }
}

fn fallback_id(request: &PendingPlan) -> &'static str {
    match request.missing.first().map(|m| m.field.as_str()) {
        Some("when") => "clarify-when",
        Some("list") => "clarify-list",
        Some("items") => "clarify-items",
        Some("title") => "clarify-title",
        _ => "clarify-query",
    }
}

/// The question in the user's language by the LLM, if one is configured and answers sensibly.
async fn worded(t: &TurnCtx<'_>, request: &PendingPlan) -> Option<String> {
    t.state.llm.as_ref()?;
    let steps: Vec<_> =
        request.steps.iter().map(|s| json!({ "resolver": s.resolver.as_str(), "action": s.action.as_str() })).collect();
    let req = Request {
        operation: Operation::Clarify,
        system: CLARIFY_PROMPT,
        user: json!({ "language": t.lang.code(), "message": request.text, "steps": steps, "missing": request.missing })
            .to_string(),
        schema_name: "question",
        schema: json!({ "type": "object", "required": ["question"], "properties": { "question": { "type": "string" } } }),
    };
    let who = Who { user_id: Some(t.user.id), inbound_id: Some(t.inbound.id) };
    let answer = usage::call(t.state, who, &req).await.ok()?;
    let q = answer["question"].as_str()?.trim();
    (!q.is_empty() && q.chars().count() <= 300 && !q.contains('{')).then(|| q.to_string())
}

fn ask_ref<'k>(t: &'k TurnCtx<'_>, key: &'k str) -> StepRef<'k> {
    StepRef {
        inbound_id: t.inbound.id,
        step_id: ASK_STEP,
        user_id: Some(t.user.id),
        resolver: "planner",
        action: "ask",
        key,
    }
}

async fn stored(t: &TurnCtx<'_>) -> Result<Option<Spoken>, DbErr> {
    let row = steps::all(&t.state.db, t.inbound.id).await?.into_iter().find(|r| r.step_id == ASK_STEP);
    Ok(row.as_ref().and_then(steps::outcome_of).map(|o| o.spoken))
}

/// Stores the pending interaction and the turn's reply row in one short transaction.
async fn put(
    t: &TurnCtx<'_>,
    kind: &str,
    request: &PendingPlan,
    spoken: impl Fn(i64) -> Spoken,
) -> Result<Spoken, DbErr> {
    let key = steps::idempotency_key(&t.inbound.channel, &t.inbound.external_message_id, ASK_STEP);
    let now = t.time.now.to_utc();
    let txn = t.state.db.begin().await?;
    let payload = serde_json::to_value(request).unwrap_or_default();
    let open = pending::put(&txn, t.user.id, kind, &payload, now).await?;
    let spoken = spoken(open.id);
    let outcome = Outcome { spoken: spoken.clone(), data: json!(null) };
    steps::finish(&txn, ask_ref(t, &key), Status::Waiting, &outcome, now).await?;
    txn.commit().await?;
    Ok(spoken)
}

#[cfg(test)]
#[path = "review_tests.rs"]
mod tests;
