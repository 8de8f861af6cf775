//! Reading a planner's answer into plan steps, strictly: every resolver and action must exist in
//! the schemas ([`crate::understand::schema::SCHEMAS`]), required slots must be there, a step may
//! only depend on an earlier one, and every time is Ozer's own: the model returns phrases ("מחר
//! בחמש", "next Tuesday at 9") which [`crate::understand::time`] resolves in the user's zone, or
//! ISO 8601 **with** an offset. An ISO time without one is refused: it would silently mean the
//! server's zone.
//!
//! Errors are plain English for the repair prompt, never for the user.

use chrono::{DateTime, FixedOffset, NaiveDateTime};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::PlannedStep;
use crate::understand::schema::SCHEMAS;
use crate::understand::{Action, Recurrence, Resolver, Step, Window, time};

/// A slot the planner says it still needs from the user.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Missing {
    pub step: usize,
    pub field: String,
}

/// A valid planner answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Planned {
    pub steps: Vec<PlannedStep>,
    pub confidence: f32,
    pub missing: Vec<Missing>,
}

#[derive(Deserialize)]
struct RawAnswer {
    steps: Vec<RawStep>,
    #[serde(default)]
    confidence: Option<f32>,
    #[serde(default)]
    missing: Vec<Missing>,
}

#[derive(Deserialize)]
struct RawStep {
    id: usize,
    resolver: String,
    action: String,
    #[serde(default)]
    slots: RawSlots,
    #[serde(default)]
    depends_on: Vec<usize>,
}

#[derive(Deserialize, Default)]
struct RawSlots {
    title: Option<String>,
    when: Option<String>,
    list: Option<String>,
    #[serde(default)]
    items: Vec<String>,
    query: Option<String>,
    recurrence: Option<String>,
}

/// The fields a (resolver, action) cannot run without, by slot name.
pub fn required(resolver: Resolver, action: Action) -> &'static [&'static str] {
    match (resolver, action) {
        (Resolver::Task, Action::Create) | (Resolver::Calendar, Action::Create) => &["title"],
        (Resolver::List, Action::Add | Action::Remove) => &["items"],
        (Resolver::List, Action::Create | Action::Delete) => &["list"],
        (Resolver::Gmail, Action::Send | Action::Draft) => &["query"],
        _ => &[],
    }
}

/// Reads and checks a planner answer. `now` is the turn's time in the user's zone.
pub fn validate(answer: &Value, now: DateTime<Tz>) -> Result<Planned, String> {
    let raw: RawAnswer =
        serde_json::from_value(answer.clone()).map_err(|e| format!("the answer does not match the schema: {e}"))?;
    if raw.steps.is_empty() && raw.missing.is_empty() {
        return Err("the answer has no steps".into());
    }
    let mut steps = Vec::with_capacity(raw.steps.len());
    for (position, s) in raw.steps.into_iter().enumerate() {
        steps.push(step_of(s, position, now)?);
    }
    for m in &raw.missing {
        if m.step >= steps.len() {
            return Err(format!("missing field '{}' refers to step {}, which does not exist", m.field, m.step));
        }
    }
    for (i, s) in steps.iter().enumerate() {
        for field in required(s.resolver, s.action) {
            let asked = raw.missing.iter().any(|m| m.step == i && m.field == *field);
            if !has(&s.slots, field) && !asked {
                return Err(format!(
                    "step {i} ({} {}) needs the slot '{field}'",
                    s.resolver.as_str(),
                    s.action.as_str()
                ));
            }
        }
    }
    let confidence = raw.confidence.unwrap_or(0.5).clamp(0.0, 1.0);
    Ok(Planned { steps, confidence, missing: raw.missing })
}

fn has(slots: &Step, field: &str) -> bool {
    match field {
        "title" => slots.title.is_some(),
        "items" => !slots.items.is_empty(),
        "list" => slots.list.is_some(),
        "query" => slots.query.is_some(),
        "when" => slots.when.is_some() || slots.window.is_some(),
        _ => true,
    }
}

/// Steps are renumbered by position; `depends_on` is read against the model's own ids.
fn step_of(s: RawStep, position: usize, now: DateTime<Tz>) -> Result<PlannedStep, String> {
    let resolver = Resolver::ALL
        .into_iter()
        .find(|r| r.as_str() == s.resolver)
        .ok_or_else(|| format!("step {position}: unknown resolver '{}'", s.resolver))?;
    let schema =
        SCHEMAS.iter().find(|x| x.resolver == resolver).ok_or_else(|| format!("no schema for {}", s.resolver))?;
    let action = schema
        .actions
        .iter()
        .map(|a| a.action)
        .find(|a| a.as_str() == s.action)
        .ok_or_else(|| format!("step {position}: resolver '{}' has no action '{}'", s.resolver, s.action))?;
    if s.depends_on.iter().any(|d| *d >= s.id.max(position)) {
        return Err(format!("step {position}: depends_on may only name earlier steps"));
    }
    let mut slots = Step::new(resolver, action, 1.0);
    let clean = |v: Option<String>| v.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
    slots.title = clean(s.slots.title);
    slots.list = clean(s.slots.list);
    slots.query = clean(s.slots.query);
    slots.items = s.slots.items.into_iter().map(|i| i.trim().to_string()).filter(|i| !i.is_empty()).collect();
    // only a confirmation may carry confirmed events or a confirmed email
    crate::google::confirm::strip_confirmation_items(&mut slots);
    if let Some(phrase) = clean(s.slots.when) {
        apply_time(&mut slots, &phrase, now).map_err(|e| format!("step {position}: {e}"))?;
    }
    if let Some(r) = clean(s.slots.recurrence) {
        slots.recurrence = Some(recurrence(&r).ok_or_else(|| format!("step {position}: unknown recurrence '{r}'"))?);
    }
    let depends_on: Vec<usize> = s.depends_on.into_iter().filter(|d| *d < position).collect();
    slots.depends_on = depends_on.clone();
    Ok(PlannedStep { id: position, resolver, action, slots, depends_on })
}

fn recurrence(r: &str) -> Option<Recurrence> {
    [Recurrence::Daily, Recurrence::Weekdays, Recurrence::Weekly, Recurrence::Monthly, Recurrence::Yearly]
        .into_iter()
        .find(|x| x.as_str() == r.to_lowercase())
}

/// Fills `when` / `window` (and a recurrence the phrase carries) from a time phrase or an ISO
/// time with an offset.
pub fn apply_time(slots: &mut Step, phrase: &str, now: DateTime<Tz>) -> Result<(), String> {
    if let Ok(at) = DateTime::parse_from_rfc3339(phrase) {
        slots.when = Some(at);
        return Ok(());
    }
    if looks_iso_without_offset(phrase) {
        return Err(format!("the time '{phrase}' is ISO without an offset; give a phrase or an offset"));
    }
    let m = time::parse(phrase, now).ok_or_else(|| format!("the time phrase '{phrase}' was not understood"))?;
    if m.problem.is_some() {
        slots.time_problem = m.problem.clone();
    }
    slots.when = Some(m.point.unwrap_or(m.value));
    slots.window = m.window().map(|(start, end): (DateTime<FixedOffset>, DateTime<FixedOffset>)| Window { start, end });
    if slots.recurrence.is_none() {
        slots.recurrence = m.recurrence;
    }
    Ok(())
}

fn looks_iso_without_offset(s: &str) -> bool {
    let s = s.trim().replace(' ', "T");
    ["%Y-%m-%dT%H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S%.f"]
        .iter()
        .any(|f| NaiveDateTime::parse_from_str(&s, f).is_ok())
}

#[cfg(test)]
#[path = "validate_tests.rs"]
mod tests;
