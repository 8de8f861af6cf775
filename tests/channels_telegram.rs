//! Telegram end to end: real corpus bodies posted to `POST /webhooks/telegram`, replies checked
//! at a fake Bot API on 127.0.0.1:0.

mod common;
mod support;

use common::channels::{inbound_rows, outbound_rows, quiesce};
use common::{TempDir, TestApp, spawn_app_with, spawn_with_settings, test_settings};
use ozer::app::AppState;
use ozer::channels::{Channel, InboundMessage};
use ozer::clock::Clock;
use ozer::store::inbound;
use sea_orm::EntityTrait;
use serde_json::Value;
use support::{FakeApi, Recorded, bot_api, eventually};

const TOKEN: &str = "123456:TEST-token";
const SECRET: &str = "test_secret-1";

macro_rules! corpus {
    ($file:literal) => {
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/telegram/", $file)).as_slice()
    };
}

async fn setup(extra: &[(&str, &str)]) -> (TestApp, FakeApi) {
    let fake = FakeApi::start(bot_api).await;
    let url = fake.url.to_string();
    let mut env =
        vec![("TELEGRAM_BOT_TOKEN", TOKEN), ("TELEGRAM_WEBHOOK_SECRET", SECRET), ("TELEGRAM_API_URL", url.as_str())];
    env.extend_from_slice(extra);
    (spawn_app_with(&env, Clock::system()).await, fake)
}

async fn post(app: &TestApp, body: &[u8], secret: Option<&str>) -> u16 {
    let mut req = app
        .client
        .post(format!("{}/webhooks/telegram", app.address))
        .header("content-type", "application/json")
        .body(body.to_vec());
    if let Some(secret) = secret {
        req = req.header("X-Telegram-Bot-Api-Secret-Token", secret);
    }
    req.send().await.expect("request").status().as_u16()
}

fn sends(fake: &FakeApi) -> Vec<Recorded> {
    calls(fake, "/SendMessage")
}

fn calls(fake: &FakeApi, method: &str) -> Vec<Recorded> {
    fake.requests().into_iter().filter(|r| r.path.ends_with(method)).collect()
}

/// Corpus 01 with another text and update id.
fn text_update(update_id: i64, chat: i64, text: &str, lang: &str) -> Vec<u8> {
    let mut v: Value = serde_json::from_slice(corpus!("01_text_message_private.json")).unwrap();
    v["update_id"] = update_id.into();
    v["message"]["text"] = text.into();
    v["message"]["chat"]["id"] = chat.into();
    v["message"]["from"]["id"] = chat.into();
    v["message"]["from"]["language_code"] = lang.into();
    serde_json::to_vec(&v).unwrap()
}

fn is_hebrew(text: &str) -> bool {
    text.chars().any(|c| ('\u{05D0}'..='\u{05EA}').contains(&c))
}

#[tokio::test]
async fn a_hebrew_text_gets_a_hebrew_reply_in_the_same_chat() {
    let (app, fake) = setup(&[]).await;
    let body = text_update(1, 218_485_655, "מה אתה יכול לעשות?", "en");
    assert_eq!(post(&app, &body, Some(SECRET)).await, 200);

    eventually("a reply", || async { !sends(&fake).is_empty() }).await;
    let sent = sends(&fake);
    assert_eq!(sent[0].path, format!("/bot{TOKEN}/SendMessage"));
    assert_eq!(sent[0].body["chat_id"], 218_485_655);
    let text = sent[0].body["text"].as_str().unwrap();
    assert!(is_hebrew(text), "{text}");
}

#[tokio::test]
async fn a_wrong_or_missing_secret_is_401_and_stores_nothing() {
    let (app, fake) = setup(&[]).await;
    let body = corpus!("01_text_message_private.json");
    assert_eq!(post(&app, body, Some("wrong")).await, 401);
    assert_eq!(post(&app, body, None).await, 401);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(inbound_rows(&app.state).await.is_empty());
    // Only the start-up getMe (the bot's username) reached Telegram: nothing was sent.
    assert!(fake.requests().iter().all(|r| r.path.ends_with("/GetMe")), "{:?}", fake.requests());
}

#[tokio::test]
async fn every_corpus_body_replayed_three_times_acts_once() {
    let (app, fake) = setup(&[]).await;
    let bodies = [
        corpus!("01_text_message_private.json"),
        corpus!("02_start_command_plain.json"),
        corpus!("03_start_deeplink_payload.json"),
        corpus!("04_edited_message.json"),
        corpus!("05_group_command_reply_supergroup.json"),
        corpus!("06_callback_query_inline_keyboard.json"),
        corpus!("07_callback_query_inaccessible_message.json"),
        corpus!("08_voice_message_official_doc.json"),
        corpus!("09_voice_message_official_doc_schema_completed.json"),
        corpus!("10_callback_query_official_doc_inline_message.json"),
        corpus!("11_getUpdates_response_envelope.json"),
        corpus!("12_unknown_update_kind.json"),
    ];
    for _ in 0..3 {
        for body in bodies {
            assert_eq!(post(&app, body, Some(SECRET)).await, 200);
        }
    }
    eventually("replies", || async { sends(&fake).len() >= 6 }).await;
    quiesce(&app.state).await;

    // 01, 02, 03, 06, 07 and the voice note 09 are acted on; edits, groups not addressed to
    // us, the schema-incomplete doc examples, envelopes and unknown kinds are not.
    let rows = inbound_rows(&app.state).await;
    assert_eq!(rows.len(), 6, "{rows:#?}");
    assert_eq!(sends(&fake).len(), 6);
    assert_eq!(calls(&fake, "/AnswerCallbackQuery").len(), 2);
}

#[tokio::test]
async fn a_button_tap_is_answered_and_its_payload_reaches_the_pipeline() {
    let (app, fake) = setup(&[]).await;
    assert_eq!(post(&app, corpus!("06_callback_query_inline_keyboard.json"), Some(SECRET)).await, 200);
    eventually("the callback is answered", || async { !calls(&fake, "/AnswerCallbackQuery").is_empty() }).await;
    let answered = &calls(&fake, "/AnswerCallbackQuery")[0];
    assert_eq!(answered.body["callback_query_id"], "592418567116324751");
    eventually("a reply", || async { !sends(&fake).is_empty() }).await;
    let rows = inbound_rows(&app.state).await;
    assert_eq!(rows[0].button.as_deref(), Some("PersonalDataAgree"));
    assert_eq!(rows[0].external_user, "111111111");
    assert_eq!(sends(&fake)[0].body["chat_id"], 111_111_111);
}

#[tokio::test]
async fn start_greets_in_the_language_telegram_reports() {
    let (app, fake) = setup(&[]).await;
    let body = text_update(7, 5, "/start link_Zm9vYmFy-123", "he");
    assert_eq!(post(&app, &body, Some(SECRET)).await, 200);
    eventually("a greeting", || async { !sends(&fake).is_empty() }).await;
    let text = sends(&fake)[0].body["text"].as_str().unwrap().to_string();
    assert!(is_hebrew(&text), "{text}");
}

#[tokio::test]
async fn a_voice_note_gets_the_text_only_answer() {
    let (app, fake) = setup(&[]).await;
    let body = corpus!("09_voice_message_official_doc_schema_completed.json");
    assert_eq!(post(&app, body, Some(SECRET)).await, 200);
    eventually("an answer", || async { !sends(&fake).is_empty() }).await;
    let text = sends(&fake)[0].body["text"].as_str().unwrap().to_string();
    // The doc example carries no language_code, so the default language (he) answers.
    assert!(text.contains("רק טקסט"), "{text}");
}

#[tokio::test]
async fn the_timezone_command_changes_the_users_timezone() {
    let (app, fake) = setup(&[]).await;
    let body = text_update(8, 77, "/timezone Europe/London", "en");
    assert_eq!(post(&app, &body, Some(SECRET)).await, 200);
    eventually("a confirmation", || async { !sends(&fake).is_empty() }).await;
    let text = sends(&fake)[0].body["text"].as_str().unwrap().to_string();
    assert!(text.contains("Europe/London"), "{text}");
    let user = ozer::store::users::find(&app.state.db, Channel::Telegram, "77").await.unwrap().unwrap();
    assert_eq!(user.timezone, "Europe/London");
}

#[tokio::test]
async fn malformed_and_oversized_bodies_are_dropped_without_harm() {
    let (app, fake) = setup(&[]).await;
    for body in [&b"not json"[..], b"{}", b"[1,2", b"{\"update_id\": \"x\"}", &[0xff, 0xfe]] {
        assert_eq!(post(&app, body, Some(SECRET)).await, 200);
    }
    let huge = vec![b'a'; 3 * 1024 * 1024];
    let status = post(&app, &huge, Some(SECRET)).await;
    assert!((400..500).contains(&status), "{status}");
    // Still serving.
    let body = text_update(9, 3, "hello", "en");
    assert_eq!(post(&app, &body, Some(SECRET)).await, 200);
    eventually("a reply", || async { sends(&fake).len() == 1 }).await;
}

#[tokio::test]
async fn someone_not_on_the_allowlist_is_refused_once_and_nothing_runs() {
    let (app, fake) = setup(&[("OZER_ALLOWLIST", "42")]).await;
    for id in 1..=3 {
        let body = text_update(id, 5, "remind me tomorrow", "en");
        assert_eq!(post(&app, &body, Some(SECRET)).await, 200);
    }
    eventually("a refusal", || async { !sends(&fake).is_empty() }).await;
    quiesce(&app.state).await;
    let sent = sends(&fake);
    assert_eq!(sent.len(), 1);
    assert!(sent[0].body["text"].as_str().unwrap().contains("private"));
    let rows = inbound_rows(&app.state).await;
    assert!(rows.iter().all(|r| r.status == "dropped"), "{rows:#?}");

    let body = text_update(10, 42, "hello", "en");
    assert_eq!(post(&app, &body, Some(SECRET)).await, 200);
    eventually("a reply to the allowed user", || async { sends(&fake).len() == 2 }).await;
}

#[tokio::test]
async fn a_burst_over_the_rate_limit_gets_one_notice() {
    let (app, fake) = setup(&[("OZER_RATE_LIMIT", "2")]).await;
    for id in 1..=6 {
        let body = text_update(id, 5, "hello", "en");
        assert_eq!(post(&app, &body, Some(SECRET)).await, 200);
    }
    eventually("replies", || async { sends(&fake).len() >= 3 }).await;
    quiesce(&app.state).await;
    let texts: Vec<String> = sends(&fake).iter().map(|r| r.body["text"].as_str().unwrap().to_string()).collect();
    assert_eq!(texts.len(), 3, "{texts:?}");
    assert_eq!(texts.iter().filter(|t| t.contains("faster")).count(), 1);
}

#[tokio::test]
async fn a_message_stored_before_a_stop_is_answered_after_restart() {
    let fake = FakeApi::start(bot_api).await;
    let url = fake.url.to_string();
    let env = [("TELEGRAM_BOT_TOKEN", TOKEN), ("TELEGRAM_WEBHOOK_SECRET", SECRET), ("TELEGRAM_API_URL", url.as_str())];
    let dir = TempDir::new();
    {
        // Ozer accepted the message, then stopped before any worker ran.
        let state = AppState::new(test_settings(&dir, &env), Clock::system()).await.unwrap();
        let msg = InboundMessage::new(Channel::Telegram, "555", "4242", "שלום");
        inbound::record(&state.db, &msg).await.unwrap();
    }
    assert!(fake.requests().is_empty());
    let app = spawn_with_settings(test_settings(&dir, &env), Clock::system(), dir).await;
    eventually("the reply after restart", || async { !sends(&fake).is_empty() }).await;
    assert_eq!(sends(&fake)[0].body["chat_id"], 555);
    quiesce(&app.state).await;
    assert_eq!(outbound_rows(&app.state).await.len(), 1);
}

#[tokio::test]
async fn a_failed_send_is_retried_with_backoff() {
    let fake = FakeApi::start(bot_api).await;
    let url = fake.url.to_string();
    let clock = Clock::frozen(chrono::Utc::now());
    let env = [("TELEGRAM_BOT_TOKEN", TOKEN), ("TELEGRAM_WEBHOOK_SECRET", SECRET), ("TELEGRAM_API_URL", url.as_str())];
    let app = spawn_app_with(&env, clock.clone()).await;
    // A first exchange fetches the bot's username (getMe), so the scripted failure hits a send.
    assert_eq!(post(&app, &text_update(1, 9, "hi", "en"), Some(SECRET)).await, 200);
    eventually("the first reply", || async { sends(&fake).len() == 1 }).await;
    fake.enqueue(500, serde_json::json!({"ok": false, "error_code": 500, "description": "Internal Server Error"}));
    assert_eq!(post(&app, &text_update(2, 9, "hello", "en"), Some(SECRET)).await, 200);
    eventually("the first attempt", || async { sends(&fake).len() == 2 }).await;
    eventually("a retry is scheduled", || async { outbound_rows(&app.state).await[1].attempts == 1 }).await;
    assert_eq!(outbound_rows(&app.state).await[1].status, "pending");
    clock.advance(chrono::Duration::seconds(30));
    app.state.wake_outbox.notify_one();
    eventually("the retry", || async { sends(&fake).len() == 3 }).await;
    eventually("marked sent", || async { outbound_rows(&app.state).await[1].status == "sent" }).await;
}

#[tokio::test]
async fn serve_with_a_public_url_registers_the_webhook_with_its_secret() {
    let (_app, fake) = setup(&[("OZER_PUBLIC_URL", "https://ozer.example/")]).await;
    eventually("setWebhook", || async { !calls(&fake, "/SetWebhook").is_empty() }).await;
    let call = &calls(&fake, "/SetWebhook")[0];
    let all = format!("{} {}", call.body, call.raw);
    assert!(all.contains("https://ozer.example/webhooks/telegram"), "{all}");
    assert!(all.contains(SECRET), "{all}");
}

/// Corpus 06 (a tap on an inline keyboard) as a tap on one of Ozer's own buttons.
fn callback_update(update_id: i64, chat: i64, data: &str) -> Vec<u8> {
    let mut v: Value = serde_json::from_slice(corpus!("06_callback_query_inline_keyboard.json")).unwrap();
    v["update_id"] = update_id.into();
    v["callback_query"]["id"] = format!("cb{update_id}").into();
    v["callback_query"]["data"] = data.into();
    v["callback_query"]["from"]["id"] = chat.into();
    v["callback_query"]["message"]["chat"]["id"] = chat.into();
    serde_json::to_vec(&v).unwrap()
}

#[tokio::test]
async fn a_button_tap_resolves_a_pending_choice_end_to_end() {
    let (app, fake) = setup(&[]).await;
    for (id, text) in [(1, "תזכיר לי מחר ב-9 להתקשר לאמא"), (2, "תזכיר לי מחר ב-10 להתקשר לאבא")]
    {
        assert_eq!(post(&app, &text_update(id, 5005, text, "he"), Some(SECRET)).await, 200);
        quiesce(&app.state).await;
    }
    assert_eq!(post(&app, &text_update(3, 5005, "תמחק את התזכורת להתקשר", "he"), Some(SECRET)).await, 200);
    quiesce(&app.state).await;
    let question = sends(&fake).last().cloned().unwrap();
    let keyboard = question.body["reply_markup"]["inline_keyboard"].to_string();
    let rows = question.body["reply_markup"]["inline_keyboard"].as_array().unwrap().clone();
    let payloads: Vec<String> =
        rows.iter().flat_map(|r| r.as_array().unwrap().clone()).map(|b| b["callback_data"].to_string()).collect();
    let second = payloads.iter().find(|p| p.ends_with(":2\"")).unwrap().trim_matches('"').to_owned();
    assert!(second.starts_with("choice:"), "{keyboard}");

    assert_eq!(post(&app, &callback_update(4, 5005, &second), Some(SECRET)).await, 200);
    quiesce(&app.state).await;
    assert!(!calls(&fake, "/AnswerCallbackQuery").is_empty());
    let done = sends(&fake).last().unwrap().body["text"].as_str().unwrap().to_string();
    assert!(done.contains("מחקתי"), "{done}");
    let open = ozer::store::entities::task::Entity::find().all(&app.state.db).await.unwrap();
    assert_eq!(open.len(), 1, "exactly the chosen task was deleted");
}

#[tokio::test]
async fn a_due_reminder_is_sent_to_the_telegram_chat_the_user_wrote_from() {
    let (app, fake) = setup(&[]).await;
    assert_eq!(post(&app, &text_update(1, 6006, "remind me in 1 minute to stretch", "en"), Some(SECRET)).await, 200);
    quiesce(&app.state).await;
    let uid = ozer::store::entities::user::Entity::find().one(&app.state.db).await.unwrap().unwrap().id;
    // Bring the reminder due now rather than waiting a minute.
    let t = ozer::store::entities::task::Entity::find().one(&app.state.db).await.unwrap().unwrap();
    ozer::store::tasks::reschedule(&app.state.db, &t, app.state.clock.now(), None).await.unwrap();
    assert_eq!(t.user_id, uid);
    eventually("the reminder", || async { sends(&fake).iter().any(|s| s.body["text"].to_string().contains("⏰")) })
        .await;
    let reminder = sends(&fake).into_iter().find(|s| s.body["text"].to_string().contains("⏰")).unwrap();
    assert_eq!(reminder.body["chat_id"], 6006);
    assert!(reminder.body["text"].as_str().unwrap().contains("stretch"));
}

/// Corpus 01 moved into a supergroup.
fn group_update(update_id: i64, text: &str) -> Vec<u8> {
    let mut v: Value = serde_json::from_slice(&text_update(update_id, 9009, text, "en")).unwrap();
    v["message"]["chat"] = serde_json::json!({"id": -100_555, "title": "Family", "type": "supergroup"});
    if text.starts_with('/') {
        let len = text.split_whitespace().next().unwrap_or("").chars().count();
        v["message"]["entities"] = serde_json::json!([{"type": "bot_command", "offset": 0, "length": len}]);
    }
    serde_json::to_vec(&v).unwrap()
}

#[tokio::test]
async fn a_group_command_addressed_to_the_bot_is_answered_and_other_group_talk_is_ignored() {
    let (app, fake) = setup(&[]).await;
    assert_eq!(post(&app, &group_update(1, "see you all tomorrow"), Some(SECRET)).await, 200);
    assert_eq!(post(&app, &group_update(2, "/help@SomeOtherBot"), Some(SECRET)).await, 200);
    assert_eq!(post(&app, &group_update(3, "/help@OzerBot"), Some(SECRET)).await, 200);
    quiesce(&app.state).await;
    assert_eq!(inbound_rows(&app.state).await.len(), 1, "only the addressed command is taken");
    let sent = sends(&fake);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].body["chat_id"], -100_555);
    assert!(!calls(&fake, "/GetMe").is_empty(), "the bot's username came from getMe");
}
