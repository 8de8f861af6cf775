//! The second brain through the web chat: store, recall (quoted, with when), "nothing about
//! that", update, forget with a confirmation, a plain personal question, each user's notes
//! being theirs alone, and the embeddings path against a fake OpenAI-compatible server.

mod common;
#[path = "memory_support/fake_embeddings.rs"]
mod fake;
#[path = "common/postgres.rs"]
mod pg;

use std::time::Duration;

use chrono::{DateTime, Utc};
use common::{TestApp, spawn_app_with};
use fake::FakeEmbeddings;
use ozer::clock::Clock;
use ozer::store::entities::note;
use sea_orm::{EntityTrait, QueryOrder};

/// Thursday 22 January 2026, 21:09 in Jerusalem.
fn thursday_evening() -> Clock {
    Clock::frozen(DateTime::parse_from_rfc3339("2026-01-22T19:09:00Z").unwrap().with_timezone(&Utc))
}

async fn notes(app: &TestApp) -> Vec<note::Model> {
    note::Entity::find().order_by_asc(note::Column::Id).all(&app.state.db).await.unwrap()
}

/// The reply to `text` sent by another web user (a separate cookie jar is a separate user).
async fn say_as(app: &TestApp, client: &reqwest::Client, text: &str) -> String {
    let res = client.post(format!("{}/api/chat", app.address)).json(&serde_json::json!({ "text": text })).send().await;
    let body: serde_json::Value = res.unwrap().json().await.unwrap();
    body["replies"][0]["text"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn an_english_note_is_stored_as_said_and_recalled_with_when_it_was_saved() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    let stored = app.say("remember that my locker number is 237").await;
    assert!(stored.contains("my locker number is 237"), "{stored}");
    let rows = notes(&app).await;
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].text, "my locker number is 237");
    assert_eq!(rows[0].lang, "en");
    let answer = app.say("what's my locker number?").await;
    assert!(answer.contains("237") && answer.contains("today at 21:09"), "{answer}");
}

#[tokio::test]
async fn a_hebrew_note_keeps_its_date_and_is_found_by_a_hebrew_question() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("תזכור שהקוד של השער הוא 4512").await;
    app.say("note: Dana's birthday is March 3").await;
    assert_eq!(notes(&app).await[1].text, "Dana's birthday is March 3");
    let answer = app.say("מה הקוד של השער?").await;
    assert!(answer.contains("הקוד של השער הוא 4512") && answer.contains("היום ב-21:09"), "{answer}");
    assert!(!answer.contains("Dana"), "{answer}");
}

#[tokio::test]
async fn a_hebrew_note_answers_an_english_question_without_embeddings() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("תזכור שהקוד של השער הוא 4512").await;
    app.say("remember that the plumber's phone is 054-7712398").await;
    let answer = app.say("what is the gate code?").await;
    assert!(answer.contains("4512") && !answer.contains("054"), "{answer}");
}

#[tokio::test]
async fn a_question_about_something_never_saved_says_so_instead_of_a_random_note() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remember that my locker number is 237").await;
    app.say("תזכור שהקוד של השער הוא 4512").await;
    let answer = app.say("what did I say about the vacation in Greece?").await;
    assert!(answer.contains("don't have anything"), "{answer}");
    assert!(!answer.contains("237") && !answer.contains("4512"), "{answer}");
}

#[tokio::test]
async fn two_things_asked_at_once_are_both_answered() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remember that the wifi password is sunflower42").await;
    app.say("remember that the alarm code is 9031").await;
    app.say("remember that my locker number is 237").await;
    let answer = app.say("what's the wifi password and the alarm code?").await;
    // each is answered on its own, in the order asked
    let (wifi, alarm) = (answer.find("sunflower42"), answer.find("9031"));
    assert!(wifi.is_some() && alarm.is_some() && wifi < alarm, "{answer}");
    assert!(!answer.contains("237"), "{answer}");
}

#[tokio::test]
async fn several_close_notes_are_listed_as_the_top_three() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remember that the alarm code at the office is 1111").await;
    app.say("remember that the alarm code at home is 2222").await;
    app.say("remember that my locker number is 237").await;
    let answer = app.say("what's the alarm code?").await;
    assert!(answer.contains("1111") && answer.contains("2222") && !answer.contains("237"), "{answer}");
}

#[tokio::test]
async fn each_users_notes_are_theirs_alone() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remember that my locker number is 237").await;
    let other = reqwest::Client::builder().cookie_store(true).build().unwrap();
    let answer = say_as(&app, &other, "what's my locker number?").await;
    assert!(!answer.contains("237"), "another user's note leaked: {answer}");
    say_as(&app, &other, "remember that my locker number is 9").await;
    let mine = app.say("what's my locker number?").await;
    assert!(mine.contains("237") && !mine.contains(" 9"), "{mine}");
    // forgetting cannot reach another user's note either
    say_as(&app, &other, "forget what I said about the locker").await;
    assert!(app.say("what's my locker number?").await.contains("237"));
    let rows = notes(&app).await;
    assert_eq!(rows.len(), 1, "the other user's note is gone, mine stays");
    assert_eq!(rows[0].text, "my locker number is 237");
}

#[tokio::test]
async fn a_new_value_replaces_the_note_it_updates() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remember that my locker number is 237").await;
    app.say("remember that Dana's birthday is March 3").await;
    let reply = app.say("the locker number is now 240").await;
    assert!(reply.contains("240"), "{reply}");
    let rows = notes(&app).await;
    assert_eq!(rows.len(), 2);
    assert!(rows[0].text.contains("240") && !rows[0].text.contains("237"), "{:?}", rows[0].text);
    assert!(app.say("what's my locker number?").await.contains("240"));
}

#[tokio::test]
async fn forgetting_one_note_needs_no_confirmation_but_several_do() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("תזכור שהקוד של השער הוא 4512").await;
    app.say("תזכור שהקוד של האזעקה הוא 7781").await;
    app.say("remember that my locker number is 237").await;
    let ask = app.say("תשכח את מה ששמרתי על הקוד").await;
    assert!(ask.contains("2") && ask.contains("4512") && ask.contains("7781"), "{ask}");
    assert_eq!(notes(&app).await.len(), 3, "nothing is forgotten before the yes");
    app.say("כן").await;
    let rows = notes(&app).await;
    assert_eq!(rows.len(), 1);
    assert!(rows[0].text.contains("locker"));
    let one = app.say("forget what I said about the locker").await;
    assert!(one.contains("237"), "{one}");
    assert!(notes(&app).await.is_empty());
}

#[tokio::test]
async fn a_plain_personal_question_is_answered_from_memory_rather_than_by_chat() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    assert!(app.say("locker number").await.contains("didn't quite get"), "no note yet: general chat");
    app.say("remember that my locker number is 237").await;
    let answer = app.say("locker number").await;
    assert!(answer.contains("237"), "{answer}");
    assert!(app.say("hi").await.contains("Ozer"), "a greeting is still a greeting");
}

async fn wait_embedded(app: &TestApp, n: usize) -> bool {
    for _ in 0..200 {
        let rows = notes(app).await;
        if rows.len() >= n && rows.iter().all(|r| r.embedding.is_some()) {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    false
}

#[tokio::test]
async fn a_stored_note_is_embedded_as_a_passage_and_a_question_as_a_query() {
    let (fake, url) = FakeEmbeddings::start().await;
    let app = spawn_app_with(&[("EMBEDDINGS_URL", &url), ("EMBEDDINGS_MODEL", "e5-test")], thursday_evening()).await;
    app.say("remember that the spare key is under the flower pot").await;
    assert!(wait_embedded(&app, 1).await, "the worker embeds the new note");
    let row = &notes(&app).await[0];
    assert_eq!(row.embedding_model.as_deref(), Some("e5-test"));
    assert_eq!(row.embedding.as_ref().map(Vec::len), Some(64 * 4));
    assert_eq!(fake.input_types_for("spare key is under"), ["passage"]);
    let answer = app.say("where is the spare key?").await;
    assert!(answer.contains("flower pot"), "{answer}");
    assert_eq!(fake.input_types_for("where is the spare key"), ["query"]);
    assert!(fake.requests().iter().all(|r| r["model"] == "e5-test"));
}

#[tokio::test]
async fn a_note_saved_while_the_endpoint_is_down_is_embedded_when_it_comes_back() {
    let (fake, url) = FakeEmbeddings::start().await;
    fake.set_down(true);
    let app = spawn_app_with(&[("EMBEDDINGS_URL", &url)], thursday_evening()).await;
    app.say("remember that the passport expires in 2028").await;
    // recall still works while the endpoint is down: lexical only
    assert!(app.say("when does my passport expire?").await.contains("2028"));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(notes(&app).await[0].embedding.is_none(), "nothing to store while it is down");
    assert!(!fake.requests().is_empty(), "the worker did try");
    fake.set_down(false);
    app.state.wake_embed.notify_one();
    assert!(wait_embedded(&app, 1).await, "embedded once the endpoint is back");
}

#[tokio::test]
async fn lexical_recall_on_the_frozen_set_meets_its_target() {
    let file = std::fs::File::open(concat!(env!("CARGO_MANIFEST_DIR"), "/eval/memory_frozen.jsonl")).unwrap();
    let mut out = Vec::new();
    ozer::memory::eval::run(std::io::BufReader::new(file), &mut out, None).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("recall@1 ") && last.ends_with("queries 30"), "{last}");
    let at1: f64 = last["recall@1 ".len()..].split('%').next().unwrap().parse().unwrap();
    assert!(at1 >= 65.0, "{text}");
}

#[tokio::test]
async fn notes_are_stored_embedded_recalled_and_forgotten_on_postgres() {
    let Some(url) = pg::fresh_database().await else {
        return;
    };
    let (_fake, embeddings_url) = FakeEmbeddings::start().await;
    let extra = [("DATABASE_URL", url.as_str()), ("EMBEDDINGS_URL", embeddings_url.as_str())];
    let app = spawn_app_with(&extra, thursday_evening()).await;
    app.say("תזכור שהקוד של השער הוא 4512").await;
    app.say("remember that my locker number is 237").await;
    assert!(wait_embedded(&app, 2).await);
    let user_id = notes(&app).await[0].user_id;
    let stamp = ozer::store::notes::stamp(&app.state.db, user_id).await.unwrap();
    assert_eq!((stamp.count, stamp.revisions), (2, 2), "two notes, each embedded once");
    assert!(app.say("what is the gate code?").await.contains("4512"));
    assert!(app.say("the locker number is now 240").await.contains("240"));
    assert!(app.say("forget what I said about the locker").await.contains("240"));
    assert_eq!(notes(&app).await.len(), 1);
}

#[tokio::test]
async fn forget_with_no_note_by_that_name_lets_go_of_the_reminder_it_names() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remember that the gate code is 4512").await;
    app.say("remind me tomorrow at 2 to call mom back").await;
    let reply = app.say("forget about calling mom, she just texted me").await;
    assert!(reply.contains("call mom back"), "{reply}");
    let open: Vec<_> = ozer::store::entities::task::Entity::find()
        .all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .filter(|t| t.status == "open")
        .collect();
    assert!(open.is_empty(), "{open:?}");
    // the note is untouched, and a note by the name is still what "forget" drops first
    assert_eq!(notes(&app).await.len(), 1);
    app.say("forget the gate code").await;
    assert!(notes(&app).await.is_empty());
}
