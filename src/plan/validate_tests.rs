use chrono::TimeZone;
use serde_json::json;

use super::*;

fn now() -> DateTime<Tz> {
    chrono_tz::Asia::Jerusalem.with_ymd_and_hms(2026, 11, 23, 10, 0, 0).unwrap()
}

fn answer(steps: Value) -> Value {
    json!({ "steps": steps, "confidence": 0.9, "missing": [] })
}

#[test]
fn two_dependent_steps_are_read_with_times_resolved_in_the_users_zone() {
    let a = answer(json!([
        {"id": 0, "resolver": "list", "action": "add", "slots": {"items": ["milk"], "list": "shopping"}, "depends_on": []},
        {"id": 1, "resolver": "task", "action": "create", "slots": {"title": "buy milk", "when": "tomorrow at 18:00"}, "depends_on": [0]}
    ]));
    let p = validate(&a, now()).unwrap();
    assert_eq!(p.steps.len(), 2);
    assert_eq!(p.steps[1].depends_on, vec![0]);
    let when = p.steps[1].slots.when.unwrap();
    assert_eq!(when.to_rfc3339(), "2026-11-24T18:00:00+02:00");
}

#[test]
fn an_iso_time_without_an_offset_is_refused_and_one_with_an_offset_is_kept() {
    let step = |when: &str| {
        answer(json!([{"id": 0, "resolver": "task", "action": "create",
        "slots": {"title": "x", "when": when}}]))
    };
    let err = validate(&step("2026-11-24T18:00:00"), now()).unwrap_err();
    assert!(err.contains("without an offset"), "{err}");
    assert!(validate(&step("2026-11-24 18:00"), now()).is_err());
    let p = validate(&step("2026-11-24T18:00:00+02:00"), now()).unwrap();
    assert_eq!(p.steps[0].slots.when.unwrap().to_rfc3339(), "2026-11-24T18:00:00+02:00");
}

#[test]
fn a_hebrew_time_phrase_is_parsed_by_ozer() {
    let a = answer(json!([{"id": 0, "resolver": "task", "action": "create",
        "slots": {"title": "להתקשר לאמא", "when": "מחר בחמש בערב"}}]));
    let p = validate(&a, now()).unwrap();
    assert_eq!(p.steps[0].slots.when.unwrap().to_rfc3339(), "2026-11-24T17:00:00+02:00");
}

#[test]
fn an_unparseable_time_phrase_is_an_error() {
    let a = answer(json!([{"id": 0, "resolver": "task", "action": "create",
        "slots": {"title": "x", "when": "whenever the stars align"}}]));
    assert!(validate(&a, now()).unwrap_err().contains("not understood"));
}

#[test]
fn unknown_resolvers_and_actions_are_errors() {
    let r = answer(json!([{"id": 0, "resolver": "weather", "action": "show"}]));
    assert!(validate(&r, now()).unwrap_err().contains("unknown resolver 'weather'"));
    let a = answer(json!([{"id": 0, "resolver": "list", "action": "send", "slots": {"items": ["x"]}}]));
    assert!(validate(&a, now()).unwrap_err().contains("has no action 'send'"));
}

#[test]
fn a_missing_required_slot_is_an_error_unless_the_planner_asks_for_it() {
    let a = answer(json!([{"id": 0, "resolver": "list", "action": "add", "slots": {"list": "shopping"}}]));
    assert!(validate(&a, now()).unwrap_err().contains("needs the slot 'items'"));
    let asked = json!({"steps": [{"id": 0, "resolver": "list", "action": "add", "slots": {"list": "shopping"}}],
        "confidence": 0.4, "missing": [{"step": 0, "field": "items"}]});
    let p = validate(&asked, now()).unwrap();
    assert_eq!(p.missing, vec![Missing { step: 0, field: "items".into() }]);
}

#[test]
fn a_step_may_not_depend_on_a_later_one_and_bad_json_shapes_are_errors() {
    let a = answer(json!([{"id": 0, "resolver": "task", "action": "list", "depends_on": [1]},
        {"id": 1, "resolver": "task", "action": "list"}]));
    assert!(validate(&a, now()).unwrap_err().contains("earlier"));
    assert!(validate(&json!({"plan": "call mom"}), now()).is_err());
    assert!(validate(&json!({"steps": []}), now()).is_err());
}
