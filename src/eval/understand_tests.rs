use serde_json::{Value, json};

use super::*;

fn case(expect: Value) -> Value {
    json!({"id": "c1", "text": "t", "lang": "he", "expect": expect})
}

fn pred(steps: Value) -> Value {
    json!({"text": "t", "lang": "he", "steps": steps})
}

#[test]
fn a_perfect_prediction_scores_every_metric_full() {
    let c = case(
        json!([{"resolver": "task", "action": "create", "when": "2026-01-23T08:00:00+02:00", "title_has": ["רופא"]}]),
    );
    let p = pred(
        json!([{"resolver": "task", "action": "create", "when": "2026-01-23T06:00:00Z", "title": "להתקשר לרופא"}]),
    );
    let s = score(&[c], &[p]);
    assert_eq!(s.closing_line(), "route 100.0% slots 100.0% when 100.0% lang 100.0% cases 1");
}

#[test]
fn a_wrong_route_fails_every_slot_of_that_case() {
    let c = case(json!([{"resolver": "task", "action": "create", "when": "2026-01-23T08:00:00+02:00"}]));
    let p = pred(json!([{"resolver": "task", "action": "list", "when": "2026-01-23T08:00:00+02:00"}]));
    let s = score(&[c], &[p]);
    assert_eq!(s.closing_line(), "route 0.0% slots 0.0% when 0.0% lang 100.0% cases 1");
    assert!(s.misses[0].contains("route task/list"), "{:?}", s.misses);
}

#[test]
fn route_is_the_whole_sequence_of_steps_in_order() {
    let c = case(json!([{"resolver": "list", "action": "add"}, {"resolver": "task", "action": "create"}]));
    let swapped = pred(json!([{"resolver": "task", "action": "create"}, {"resolver": "list", "action": "add"}]));
    let one = pred(json!([{"resolver": "list", "action": "add"}]));
    assert_eq!(score(std::slice::from_ref(&c), &[swapped]).route_pct(), 0.0);
    assert_eq!(score(&[c], &[one]).route_pct(), 0.0);
}

#[test]
fn the_hebrew_article_and_punctuation_do_not_matter_in_lists_and_items() {
    let c = case(json!([{"resolver": "list", "action": "add", "list": "קניות", "items": ["חלב", "ביצים"]}]));
    let p = pred(json!([{"resolver": "list", "action": "add", "list": "הקניות", "items": ["ביצים.", "החלב"]}]));
    let s = score(&[c], &[p]);
    assert_eq!(s.pct("list"), 100.0);
    assert_eq!(s.pct("items"), 100.0);
}

#[test]
fn a_list_matches_when_either_name_contains_the_other_but_not_when_empty() {
    assert_eq!(norm(Some(&json!("רשימת הקניות!"))), "רשימת קניות");
    let c = case(json!([{"resolver": "list", "action": "show", "list": "רשימת הקניות"}]));
    let p = pred(json!([{"resolver": "list", "action": "show", "list": "קניות"}]));
    assert_eq!(score(std::slice::from_ref(&c), &[p]).pct("list"), 100.0);
    let p = pred(json!([{"resolver": "list", "action": "show"}]));
    assert_eq!(score(&[c], &[p]).pct("list"), 0.0);
}

#[test]
fn a_short_word_starting_with_he_keeps_it() {
    assert_eq!(norm(Some(&json!("הם"))), "הם");
    assert_eq!(norm(Some(&json!("Hello World"))), "hello world");
}

#[test]
fn misaligned_or_missing_predictions_count_as_misses() {
    let c = case(json!([{"resolver": "meta", "action": "help"}]));
    let other = json!({"text": "something else", "lang": "he", "steps": [{"resolver": "meta", "action": "help"}]});
    let s = score(std::slice::from_ref(&c), &[other]);
    assert_eq!((s.route_pct(), s.pct("lang")), (0.0, 0.0));
    let s = score(&[c.clone(), c], &[]);
    assert_eq!(s.closing_line(), "route 0.0% slots 100.0% when 100.0% lang 0.0% cases 2");
}

#[test]
fn windows_compare_start_and_end_instants() {
    let w = json!({"start": "2026-01-25T00:00:00+02:00", "end": "2026-02-01T00:00:00+02:00"});
    let c = case(json!([{"resolver": "calendar", "action": "find", "window": w}]));
    let good = pred(json!([{"resolver": "calendar", "action": "find", "window": w}]));
    let bad =
        pred(json!([{"resolver": "calendar", "action": "find", "window": {"start": "2026-01-25T00:00:00+02:00"}}]));
    assert_eq!(score(std::slice::from_ref(&c), &[good]).pct("window"), 100.0);
    assert_eq!(score(&[c], &[bad]).pct("window"), 0.0);
}

#[test]
fn the_report_prints_one_line_per_metric_then_the_closing_line() {
    let c = case(json!([{"resolver": "task", "action": "create", "recurrence": "daily", "query_has": ["x"]}]));
    let p = pred(json!([{"resolver": "task", "action": "create", "recurrence": "weekly"}]));
    let report = score(&[c], &[p]).render(true);
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines[0], "MISS c1: t");
    assert!(lines[1].contains("recurrence weekly") && lines[1].contains("query None"), "{report}");
    assert_eq!(lines[2], "lang          1/1    100.0%");
    assert_eq!(lines[6], "recurrence    0/1      0.0%");
    assert_eq!(lines.last(), Some(&"route 100.0% slots 0.0% when 100.0% lang 100.0% cases 1"));
}
