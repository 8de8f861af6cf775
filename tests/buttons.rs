//! Buttons are bound to the question they belong to: a tap answers that question only, and a
//! tap on a question that is answered, expired or replaced says so and changes nothing.

mod common;

use chrono::{DateTime, Duration, Utc};
use common::{TestApp, spawn_app_with};
use ozer::clock::Clock;
use ozer::store::entities::task;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

/// Thursday 22 January 2026, 21:09 in Jerusalem.
fn thursday_evening() -> Clock {
    Clock::frozen(DateTime::parse_from_rfc3339("2026-01-22T19:09:00Z").unwrap().with_timezone(&Utc))
}

async fn open_tasks(app: &TestApp) -> Vec<task::Model> {
    task::Entity::find().filter(task::Column::Status.eq("open")).all(&app.state.db).await.unwrap()
}

async fn two_calls(app: &TestApp) {
    app.say("remind me tomorrow at 9am to call mom").await;
    app.say("remind me tomorrow at 10am to call dad").await;
}

/// The reply to `text` and its buttons' payloads.
async fn ask(app: &TestApp, text: &str) -> (String, Vec<String>) {
    let body = app.chat(text).await;
    let reply = &body["replies"][0];
    let payloads = reply["buttons"]
        .as_array()
        .map_or(Vec::new(), |b| b.iter().map(|b| b["payload"].as_str().unwrap().to_owned()).collect());
    (reply["text"].as_str().unwrap().to_owned(), payloads)
}

async fn tap(app: &TestApp, payload: &str) -> String {
    let body: Value = app.post_chat(json!({"text": "", "button": payload})).await;
    body["replies"][0]["text"].as_str().unwrap().to_owned()
}

const NOT_OPEN: &str = "no longer open";

#[tokio::test]
async fn each_button_carries_its_questions_id() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    two_calls(&app).await;
    let (_, choose) = ask(&app, "delete the call reminder").await;
    let (_, confirm) = ask(&app, "delete all my tasks").await;
    let id = |p: &str| p.split(':').nth(1).unwrap().parse::<i64>().unwrap();
    assert_eq!(choose.len(), 2);
    assert!(choose[0].starts_with("choice:") && choose[0].ends_with(":1"), "{choose:?}");
    assert_eq!(confirm.len(), 2);
    assert!(confirm[0].starts_with("confirm:") && confirm[0].ends_with(":yes"), "{confirm:?}");
    assert_ne!(id(&choose[0]), id(&confirm[0]));
    assert!(confirm.iter().chain(&choose).all(|p| p.len() <= 64));
}

#[tokio::test]
async fn a_tap_on_an_old_question_never_answers_the_newer_one() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    two_calls(&app).await;
    let (_, old) = ask(&app, "delete the call reminder").await;
    let (_, new) = ask(&app, "delete all my tasks").await;

    let reply = tap(&app, &old[0]).await;
    assert!(reply.contains(NOT_OPEN), "{reply}");
    assert_eq!(open_tasks(&app).await.len(), 2, "nothing changed");
    // The newer question is still open and its own button answers it.
    assert!(tap(&app, &new[0]).await.contains("Deleted 2"));
    assert!(open_tasks(&app).await.is_empty());
}

#[tokio::test]
async fn yes_on_an_answered_question_does_not_confirm_the_next_one() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    two_calls(&app).await;
    let (_, first) = ask(&app, "delete all my tasks").await;
    assert!(tap(&app, &first[0]).await.contains("Deleted 2"));

    two_calls(&app).await;
    let (_, second) = ask(&app, "delete all my tasks").await;
    assert_ne!(first[0], second[0], "a new question gets a new id");
    let reply = tap(&app, &first[0]).await;
    assert!(reply.contains(NOT_OPEN), "{reply}");
    assert_eq!(open_tasks(&app).await.len(), 2, "the old yes did not confirm the new question");
}

#[tokio::test]
async fn a_tap_on_an_expired_question_changes_nothing_in_either_language() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    two_calls(&app).await;
    let (_, buttons) = ask(&app, "delete all my tasks").await;
    app.state.clock.advance(Duration::minutes(6));
    assert!(tap(&app, &buttons[0]).await.contains(NOT_OPEN));
    assert_eq!(open_tasks(&app).await.len(), 2);

    let (_, buttons) = ask(&app, "תמחק את כל המשימות שלי").await;
    app.state.clock.advance(Duration::minutes(6));
    let reply = tap(&app, &buttons[0]).await;
    assert!(reply.contains("כבר לא פתוחה"), "{reply}");
    assert_eq!(open_tasks(&app).await.len(), 2);
}

#[tokio::test]
async fn an_unbound_payload_from_before_is_not_accepted_as_an_answer() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    two_calls(&app).await;
    ask(&app, "delete all my tasks").await;
    assert!(tap(&app, "confirm:yes").await.contains(NOT_OPEN));
    assert_eq!(open_tasks(&app).await.len(), 2);
}
