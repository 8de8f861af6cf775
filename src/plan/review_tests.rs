use chrono::TimeZone;

use super::*;
use crate::understand::{Resolver, Step};

fn now() -> chrono::DateTime<chrono_tz::Tz> {
    chrono_tz::Asia::Jerusalem.with_ymd_and_hms(2026, 11, 23, 10, 0, 0).unwrap()
}

fn step(id: usize, resolver: Resolver, action: Action) -> PlannedStep {
    PlannedStep { id, resolver, action, slots: Step::new(resolver, action, 1.0), depends_on: Vec::new() }
}

fn missing(step: usize, field: &str) -> Missing {
    Missing { step, field: field.into() }
}

#[test]
fn an_answer_with_a_time_fills_when_and_its_words_fill_the_title() {
    let mut create = step(0, Resolver::Task, Action::Create);
    create.slots.title = None;
    let request = PendingPlan {
        text: "remind me".into(),
        steps: vec![create],
        missing: vec![missing(0, "title"), missing(0, "when")],
        asked: 1,
    };
    let merged = merge(request, "call the plumber tomorrow at 9", now());
    assert!(merged.missing.is_empty(), "{:?}", merged.missing);
    assert_eq!(merged.steps[0].slots.title.as_deref(), Some("call the plumber"));
    assert_eq!(merged.steps[0].slots.when.unwrap().to_rfc3339(), "2026-11-24T09:00:00+02:00");
    assert_eq!(merged.asked, 1);
}

#[test]
fn an_answer_without_a_time_leaves_when_missing() {
    let request = PendingPlan {
        text: "remind me to call mom".into(),
        steps: vec![step(0, Resolver::Task, Action::Create)],
        missing: vec![missing(0, "when")],
        asked: 1,
    };
    let merged = merge(request, "whenever", now());
    assert_eq!(merged.missing, vec![missing(0, "when")]);
}

#[test]
fn items_are_split_on_commas() {
    let request = PendingPlan {
        text: "add to the shopping list".into(),
        steps: vec![step(0, Resolver::List, Action::Add)],
        missing: vec![missing(0, "items")],
        asked: 1,
    };
    let merged = merge(request, "milk, eggs", now());
    assert_eq!(merged.steps[0].slots.items, vec!["milk", "eggs"]);
}

#[test]
fn three_steps_a_bulk_delete_or_an_email_send_need_a_review() {
    let one = |r, a| vec![step(0, r, a)];
    assert!(!needs_review(&one(Resolver::Task, Action::Create)));
    let mut titled = step(0, Resolver::Task, Action::Delete);
    titled.slots.title = Some("dentist".into());
    assert!(!needs_review(&[titled]));
    assert!(needs_review(&one(Resolver::Task, Action::Delete)), "a delete with nothing narrowing it");
    assert!(needs_review(&one(Resolver::Gmail, Action::Send)));
    let three: Vec<_> = (0..3).map(|i| step(i, Resolver::Task, Action::List)).collect();
    assert!(needs_review(&three));
}

#[test]
fn best_effort_drops_the_steps_still_missing_a_required_field() {
    let request = PendingPlan {
        text: String::new(),
        steps: vec![step(0, Resolver::List, Action::Add), step(1, Resolver::Task, Action::List)],
        missing: vec![missing(0, "items"), missing(1, "when")],
        asked: 2,
    };
    let run = runnable(&request);
    assert_eq!(run.iter().map(|s| s.id).collect::<Vec<_>>(), vec![1]);
}
