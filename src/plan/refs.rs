//! References to the last turn: "move it to 5", "delete that", "תוסיף את זה לרשימה". The rules
//! read "it"/"זה" as a title; here it is replaced by what the user's last turn touched (the
//! entities its steps stored), with or without an LLM. A step whose reference is resolved this
//! way is no longer a guess, so it needs no planner call; with no entity to point at, the step
//! is left as read (and the planner, when there is one, gets the entities too).

use serde_json::Value;

use crate::understand::{Action, Resolver, UNSURE, Understanding};

/// Words that point back at the last thing ("it", "זה"), after trimming.
const POINTERS: &[&str] = &[
    "it",
    "that",
    "this",
    "that one",
    "this one",
    "them",
    "זה",
    "זאת",
    "את זה",
    "את זאת",
    "אותו",
    "אותה",
    "אותם",
    "אותן",
];

fn is_pointer(s: &str) -> bool {
    let t = s.trim().trim_end_matches(['.', '!', '?']).to_lowercase();
    POINTERS.contains(&t.as_str())
}

/// The title of the newest entity that has one, and whether it is a task.
fn last_titled(entities: &[Value]) -> Option<(String, bool)> {
    entities.iter().rev().find_map(|e| {
        let title = e.get("title")?.as_str()?.trim();
        (!title.is_empty()).then(|| (title.to_string(), e.get("task_id").is_some()))
    })
}

/// An unsure step whose two readings are a list and something else, right after a turn that
/// touched a list ("תוסיפי לרשימת הקניות …" then "תורידי את השוקולד"): the list is what the
/// user is working on, so its reading is taken; likewise a task after a turn that touched one.
fn prefer_recent(u: &mut Understanding, entities: &[Value]) -> usize {
    let touched_list = entities.iter().any(|e| e.get("list_id").is_some());
    let touched_task = entities.iter().any(|e| e.get("task_id").is_some());
    let [step] = u.steps.as_mut_slice() else { return 0 };
    let Some(alt_resolver) = step.alternative.as_deref().map(|a| a.resolver) else { return 0 };
    if step.confidence >= UNSURE {
        return 0;
    }
    let pick = |r: Resolver| (r == Resolver::List && touched_list) || (r == Resolver::Task && touched_task);
    if pick(step.resolver) == pick(alt_resolver) {
        return 0;
    }
    if pick(alt_resolver)
        && let Some(alt) = step.alternative.take()
    {
        *step = *alt;
    }
    step.alternative = None;
    step.confidence = UNSURE;
    1
}

/// Replaces pointers in the steps with the last turn's entity. Returns how many were resolved.
pub fn resolve(u: &mut Understanding, entities: &[Value]) -> usize {
    let recent = prefer_recent(u, entities);
    let Some((title, is_task)) = last_titled(entities) else { return recent };
    let mut resolved = 0;
    for step in &mut u.steps {
        let acts_on_one = matches!(step.action, Action::Update | Action::Delete | Action::Complete);
        let on_task_or_event = matches!(step.resolver, Resolver::Task | Resolver::Calendar);
        // "actually make it 10": a new time with nothing named is for the last thing
        let new_time_only = step.action == Action::Update && step.title.is_none() && step.when.is_some();
        if acts_on_one && on_task_or_event && (step.title.as_deref().is_some_and(is_pointer) || new_time_only) {
            step.title = Some(title.clone());
            if is_task {
                // what was touched is a reminder, so "move it" moves the reminder
                step.resolver = Resolver::Task;
            }
        } else if step.resolver == Resolver::List
            && step.action == Action::Add
            && !step.items.is_empty()
            && step.items.iter().all(|i| is_pointer(i))
        {
            step.items = vec![title.clone()];
        } else {
            continue;
        }
        step.confidence = step.confidence.max(UNSURE);
        step.alternative = None;
        resolved += 1;
    }
    // the step `prefer_recent` settled is one message, counted once
    resolved.max(recent)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use serde_json::json;

    use super::*;
    use crate::understand::{Lang, understand};

    fn read(text: &str) -> Understanding {
        let now = chrono_tz::Asia::Jerusalem.with_ymd_and_hms(2026, 11, 23, 10, 0, 0).unwrap();
        understand(text, now, Lang::En)
    }

    #[test]
    fn move_it_points_at_the_reminder_the_last_turn_created() {
        let mut u = read("move it to 5");
        let n = resolve(&mut u, &[json!({"task_id": 4, "title": "call mom", "due_at": null})]);
        assert_eq!(n, 1);
        let s = &u.steps[0];
        assert_eq!((s.resolver, s.action, s.title.as_deref()), (Resolver::Task, Action::Update, Some("call mom")));
        assert!(s.confidence >= UNSURE);
    }

    #[test]
    fn add_it_to_the_list_adds_the_last_things_title() {
        let mut u = read("תוסיף את זה לרשימה");
        assert_eq!(resolve(&mut u, &[json!({"task_id": 4, "title": "להתקשר לאינסטלטור"})]), 1);
        assert_eq!(u.steps[0].items, vec!["להתקשר לאינסטלטור"]);
    }

    #[test]
    fn without_entities_or_pointers_nothing_changes() {
        let mut u = read("move it to 5");
        let before = u.clone();
        assert_eq!(resolve(&mut u, &[]), 0);
        assert_eq!(u, before);
        let mut plain = read("delete the dentist reminder");
        assert_eq!(resolve(&mut plain, &[json!({"task_id": 1, "title": "x"})]), 0);
    }
}
