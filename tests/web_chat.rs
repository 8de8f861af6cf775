//! The web chat end to end: the page, the JSON API, both languages, bad input.

mod common;

use common::spawn_app;
use sea_orm::{EntityTrait, PaginatorTrait};

#[tokio::test]
async fn health_and_readiness_answer_ok() {
    let app = spawn_app().await;
    let health = reqwest::get(format!("{}/healthz", app.address)).await.unwrap();
    assert_eq!(health.status(), 200);
    let ready = reqwest::get(format!("{}/readyz", app.address)).await.unwrap();
    assert_eq!(ready.status(), 200);
}

#[tokio::test]
async fn the_chat_page_is_served_right_to_left_aware() {
    let app = spawn_app().await;
    let res = reqwest::get(format!("{}/", app.address)).await.unwrap();
    assert_eq!(res.status(), 200);
    assert!(res.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
    let body = res.text().await.unwrap();
    assert!(body.contains("dir=\"auto\"") && body.contains("/api/chat"));
}

#[tokio::test]
async fn hebrew_help_question_is_answered_in_hebrew() {
    let app = spawn_app().await;
    let text = app.say("מה אתה יכול לעשות?").await;
    assert!(text.contains("תזכורות"), "{text}");
    assert!(!text.is_ascii());
}

#[tokio::test]
async fn english_help_is_answered_in_english() {
    let app = spawn_app().await;
    let text = app.say("help").await;
    assert!(text.contains("reminders") || text.contains("Reminders"), "{text}");
    assert!(!text.chars().any(|c| ('\u{05D0}'..='\u{05EA}').contains(&c)), "{text}");
}

#[tokio::test]
async fn greetings_thanks_and_gibberish_get_polite_answers_in_the_users_language() {
    let app = spawn_app().await;
    assert!(app.say("שלום").await.contains("עוזר"));
    assert!(app.say("thanks!").await.contains("welcome"));
    assert!(app.say("blorf quux zzz").await.contains("didn't"));
    assert!(app.say("אבגד הוזח").await.contains("לא הבנתי"));
}

#[tokio::test]
async fn empty_text_gets_a_prompt_and_runs_no_step() {
    let app = spawn_app().await;
    let he = app.say("   ").await;
    assert!(!he.is_empty());
    let text = app.say("").await;
    assert_eq!(text, he, "whitespace and empty both get the prompt");
}

#[tokio::test]
async fn a_message_over_4000_characters_is_politely_refused() {
    let app = spawn_app().await;
    let long = "א".repeat(4001);
    let text = app.say(&long).await;
    assert!(text.contains("4001") && text.contains("4000"), "{text}");
}

#[tokio::test]
async fn invalid_json_or_missing_text_is_a_400_with_a_json_error() {
    let app = spawn_app().await;
    for body in ["{not json", "{\"txt\": \"hi\"}", "[]"] {
        let res = app
            .client
            .post(format!("{}/api/chat", app.address))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 400, "{body}");
        let json: serde_json::Value = res.json().await.unwrap();
        assert!(json["error"].is_string());
    }
}

#[tokio::test]
async fn an_oversized_body_is_rejected_without_a_crash() {
    let app = spawn_app().await;
    let huge = serde_json::json!({ "text": "a".repeat(200_000) });
    let res = app.client.post(format!("{}/api/chat", app.address)).json(&huge).send().await.unwrap();
    assert_eq!(res.status(), 413);
    assert!(!app.say("help").await.is_empty(), "still serving");
}

#[tokio::test]
async fn a_resent_message_with_the_same_id_runs_once_and_gets_the_same_reply() {
    let app = spawn_app().await;
    let body = serde_json::json!({ "text": "help", "id": "m-1" });
    let first = app.post_chat(body.clone()).await;
    let second = app.post_chat(body).await;
    assert_eq!(first, second);
    let inbound = ozer::store::entities::inbound_message::Entity::find().count(&app.state.db).await.unwrap();
    assert_eq!(inbound, 1);
}

#[tokio::test]
async fn the_session_cookie_is_http_only_and_keeps_one_user() {
    let app = spawn_app().await;
    let res = app
        .client
        .post(format!("{}/api/chat", app.address))
        .json(&serde_json::json!({"text": "hi"}))
        .send()
        .await
        .unwrap();
    let cookie = res.headers()["set-cookie"].to_str().unwrap().to_string();
    assert!(cookie.contains("HttpOnly") && cookie.starts_with("ozer_session="));
    app.say("help").await;
    let users = ozer::store::entities::user::Entity::find().count(&app.state.db).await.unwrap();
    assert_eq!(users, 1);
}

#[tokio::test]
async fn the_feed_starts_empty_and_returns_a_position() {
    let app = spawn_app().await;
    let res: serde_json::Value =
        app.client.get(format!("{}/api/chat/messages", app.address)).send().await.unwrap().json().await.unwrap();
    assert_eq!(res["messages"].as_array().unwrap().len(), 0);
    assert!(res["last_id"].is_i64());
}

#[tokio::test]
async fn a_database_error_mid_turn_gets_a_localized_apology() {
    let app = spawn_app().await;
    app.say("hi").await;
    // Break the schema under the running app: the turn's user lookup now fails.
    use sea_orm::ConnectionTrait;
    app.state
        .db
        .execute_unprepared("DROP TABLE pending_interactions; ALTER TABLE users RENAME TO users_gone")
        .await
        .unwrap();
    let text = app.say("שלום").await;
    assert!(text.contains("משהו השתבש"), "{text}");
}

#[tokio::test]
async fn a_web_message_whose_request_died_mid_turn_is_answered_later_in_the_feed() {
    use ozer::channels::{Channel, InboundMessage};
    let dir = common::TempDir::new();
    let settings = common::test_settings(&dir, &[]);
    let clock = ozer::clock::Clock::system();
    let first = ozer::app::AppState::new(settings.clone(), clock.clone()).await.unwrap();
    // Stored, then the process died before running the turn.
    let mut msg = InboundMessage::new(Channel::Web, "0123456789abcdef0123456789abcdef", "lost-1", "help");
    msg.received_at = chrono::Utc::now() - chrono::Duration::minutes(2);
    ozer::store::inbound::record(&first.db, &msg).await.unwrap();
    drop(first);
    let app = common::spawn_with_settings(settings, clock, dir).await;
    let mut pushed = Vec::new();
    for _ in 0..100 {
        pushed = ozer::store::outbound::feed(&app.state.db, Channel::Web, "0123456789abcdef0123456789abcdef", 0)
            .await
            .unwrap();
        if !pushed.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(pushed.len(), 1);
    assert!(pushed[0].text.contains("Here is what I can do"));
}

#[tokio::test]
async fn without_google_settings_a_calendar_request_says_what_was_understood_and_why_not() {
    let app = spawn_app().await;
    let en = app.say("when is my meeting with Rotem?").await;
    assert!(en.contains("calendar") && en.contains("Rotem") && en.contains("not set up on this Ozer"), "{en}");
    // a day's listing is answered with that day's reminders
    let day = app.say("what's on my calendar tomorrow?").await;
    assert!(day.contains("no reminders for tomorrow") && day.contains("isn't connected"), "{day}");
    // a meeting at a time is set as a reminder, and the reply says why
    let he = app.say("תקבע לי פגישה עם דנה מחר ב-10").await;
    assert!(he.contains("פגישה עם דנה") && he.contains("מחר ב-10:00") && he.contains("לא מחובר"), "{he}");
}

#[tokio::test]
async fn without_google_settings_an_event_with_a_time_becomes_a_reminder_and_says_so() {
    use ozer::store::entities::task;
    use sea_orm::EntityTrait;
    let app = spawn_app().await;
    let done = app.say("parent teacher meeting thursday at 6pm").await;
    assert!(done.contains("isn't connected") && done.contains("reminder instead"), "{done}");
    assert!(done.contains("parent teacher meeting") && done.contains("18:00"), "{done}");
    let tasks = task::Entity::find().all(&app.state.db).await.unwrap();
    assert_eq!(tasks.len(), 1);
    assert!(tasks[0].title.contains("parent teacher meeting"), "{:?}", tasks[0]);
    // cancelling it, as an event, cancels that reminder
    let gone = app.say("cancel the parent teacher meeting").await;
    assert!(task::Entity::find().all(&app.state.db).await.unwrap().is_empty(), "{gone}");
    // a calendar question (no time to remind at) is only told why not
    let find = app.chat("what's on my calendar tomorrow?").await;
    assert!(find["replies"][0]["buttons"].as_array().is_none_or(Vec::is_empty), "{find}");
}
