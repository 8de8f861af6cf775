//! Reminders on Telegram and WhatsApp: the exact text and buttons sent (Hebrew with its
//! directional marks), snooze by tap and by words, and words after a WhatsApp template.

mod common;
mod support;

use chrono::{DateTime, Duration, Utc};
use common::channels::quiesce;
use common::{TestApp, spawn_app_with};
use hmac::{Hmac, KeyInit, Mac};
use ozer::channels::Channel;
use ozer::clock::Clock;
use ozer::store::entities::task;
use ozer::store::{tasks, users};
use sea_orm::EntityTrait;
use serde_json::Value;
use sha2::Sha256;
use support::{FakeApi, Recorded, bot_api, eventually, graph_api};

const TOKEN: &str = "123456:TEST-token";
const SECRET: &str = "test_secret-1";
const APP_SECRET: &str = "ozer-test-app-secret";
const PHONE_NUMBER_ID: &str = "1122334455667";
const RLM: char = '\u{200F}';

fn utc(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

/// Thursday 22 January 2026, 17:00 in Jerusalem.
fn afternoon() -> Clock {
    Clock::frozen(utc("2026-01-22T15:00:00Z"))
}

async fn only_task(app: &TestApp) -> task::Model {
    task::Entity::find().one(&app.state.db).await.unwrap().unwrap()
}

// ---- Telegram ----

macro_rules! tg_corpus {
    ($file:literal) => {
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/telegram/", $file)).as_slice()
    };
}

async fn telegram(clock: Clock) -> (TestApp, FakeApi) {
    let fake = FakeApi::start(bot_api).await;
    let url = fake.url.to_string();
    let env = [("TELEGRAM_BOT_TOKEN", TOKEN), ("TELEGRAM_WEBHOOK_SECRET", SECRET), ("TELEGRAM_API_URL", url.as_str())];
    (spawn_app_with(&env, clock).await, fake)
}

async fn tg_post(app: &TestApp, body: Vec<u8>) {
    let res = app
        .client
        .post(format!("{}/webhooks/telegram", app.address))
        .header("content-type", "application/json")
        .header("X-Telegram-Bot-Api-Secret-Token", SECRET)
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    quiesce(&app.state).await;
}

fn tg_text(update_id: i64, chat: i64, text: &str) -> Vec<u8> {
    let mut v: Value = serde_json::from_slice(tg_corpus!("01_text_message_private.json")).unwrap();
    v["update_id"] = update_id.into();
    v["message"]["text"] = text.into();
    v["message"]["chat"]["id"] = chat.into();
    v["message"]["from"]["id"] = chat.into();
    serde_json::to_vec(&v).unwrap()
}

fn tg_tap(update_id: i64, chat: i64, data: &str) -> Vec<u8> {
    let mut v: Value = serde_json::from_slice(tg_corpus!("06_callback_query_inline_keyboard.json")).unwrap();
    v["update_id"] = update_id.into();
    v["callback_query"]["id"] = format!("cb{update_id}").into();
    v["callback_query"]["data"] = data.into();
    v["callback_query"]["from"]["id"] = chat.into();
    v["callback_query"]["message"]["chat"]["id"] = chat.into();
    serde_json::to_vec(&v).unwrap()
}

fn tg_sends(fake: &FakeApi) -> Vec<Recorded> {
    fake.requests().into_iter().filter(|r| r.path.ends_with("/SendMessage")).collect()
}

async fn tg_reminder(fake: &FakeApi) -> Recorded {
    let is_reminder = |s: &Recorded| s.body["text"].as_str().is_some_and(|t| t.contains('⏰'));
    eventually("the reminder", || async { tg_sends(fake).iter().any(is_reminder) }).await;
    tg_sends(fake).into_iter().find(is_reminder).unwrap()
}

#[tokio::test]
async fn a_hebrew_telegram_reminder_is_sent_with_its_rlm_and_an_inline_keyboard_and_a_tap_snoozes_it() {
    let clock = afternoon();
    let (app, fake) = telegram(clock.clone()).await;
    tg_post(&app, tg_text(1, 7007, "תזכיר לי בעוד 5 דקות לשתות מים")).await;
    clock.set(utc("2026-01-22T15:05:00Z"));
    let sent = tg_reminder(&fake).await;
    assert_eq!(sent.body["text"], format!("{RLM}⏰ תזכורת: לשתות מים"));
    let id = only_task(&app).await.id;
    let keyboard: Vec<(String, String)> = sent.body["reply_markup"]["inline_keyboard"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().clone())
        .map(|b| (b["text"].as_str().unwrap().to_owned(), b["callback_data"].as_str().unwrap().to_owned()))
        .collect();
    let want: Vec<(String, String)> = [
        (format!("{RLM}10 דק׳"), "10m"),
        ("שעה".to_owned(), "1h"),
        ("הערב".to_owned(), "eve"),
        (format!("{RLM}✅ בוצע"), "done"),
    ]
    .into_iter()
    .map(|(label, code)| (label, format!("snooze:{id}:{code}")))
    .collect();
    assert_eq!(keyboard, want);

    tg_post(&app, tg_tap(2, 7007, &format!("snooze:{id}:1h"))).await;
    assert_eq!(only_task(&app).await.next_fire_at, Some(utc("2026-01-22T16:05:00Z")));
    let reply = tg_sends(&fake).last().unwrap().body["text"].as_str().unwrap().to_owned();
    assert_eq!(reply, "בסדר, אזכיר לך שוב היום ב-18:05: לשתות מים");
}

#[tokio::test]
async fn snooze_till_6_in_words_on_telegram_moves_the_reminder_to_six() {
    let clock = afternoon();
    let (app, fake) = telegram(clock.clone()).await;
    tg_post(&app, tg_text(1, 7008, "remind me in 5 minutes to stretch")).await;
    clock.set(utc("2026-01-22T15:05:00Z"));
    let sent = tg_reminder(&fake).await;
    assert_eq!(sent.body["text"], "⏰ Reminder: stretch");
    tg_post(&app, tg_text(2, 7008, "snooze till 6")).await;
    assert_eq!(only_task(&app).await.next_fire_at, Some(utc("2026-01-22T16:00:00Z")));
}

// ---- WhatsApp ----

macro_rules! wa_corpus {
    ($file:literal) => {
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/whatsapp/", $file)).as_slice()
    };
}

async fn whatsapp(clock: Clock) -> (TestApp, FakeApi) {
    let fake = FakeApi::start(graph_api).await;
    let url = fake.url.to_string();
    let env = [
        ("WHATSAPP_ACCESS_TOKEN", "EAAG-test-token"),
        ("WHATSAPP_APP_SECRET", APP_SECRET),
        ("WHATSAPP_VERIFY_TOKEN", "meatyhamhock"),
        ("WHATSAPP_PHONE_NUMBER_ID", PHONE_NUMBER_ID),
        ("WHATSAPP_API_URL", url.as_str()),
    ];
    (spawn_app_with(&env, clock).await, fake)
}

async fn wa_post(app: &TestApp, body: Vec<u8>) {
    let mut mac = Hmac::<Sha256>::new_from_slice(APP_SECRET.as_bytes()).unwrap();
    mac.update(&body);
    let hex: String = mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect();
    let res = app
        .client
        .post(format!("{}/webhooks/whatsapp", app.address))
        .header("content-type", "application/json")
        .header("X-Hub-Signature-256", format!("sha256={hex}"))
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    quiesce(&app.state).await;
}

fn wa_message(file: &[u8], from: &str, wamid: &str, edit: impl FnOnce(&mut Value)) -> Vec<u8> {
    let mut v: Value = serde_json::from_slice(file).unwrap();
    let value = &mut v["entry"][0]["changes"][0]["value"];
    value["contacts"][0]["wa_id"] = from.into();
    value["messages"][0]["from"] = from.into();
    value["messages"][0]["id"] = wamid.into();
    edit(&mut value["messages"][0]);
    serde_json::to_vec(&v).unwrap()
}

fn wa_text(from: &str, wamid: &str, text: &str) -> Vec<u8> {
    wa_message(wa_corpus!("01_text_message.json"), from, wamid, |m| m["text"]["body"] = text.into())
}

fn wa_list_tap(from: &str, wamid: &str, id: &str) -> Vec<u8> {
    wa_message(wa_corpus!("04_interactive_list_reply.json"), from, wamid, |m| {
        m["interactive"]["list_reply"]["id"] = id.into();
        m["interactive"]["list_reply"]["title"] = "10 min".into();
    })
}

fn wa_sends(fake: &FakeApi) -> Vec<Recorded> {
    fake.requests().into_iter().filter(|r| r.path == format!("/v21.0/{PHONE_NUMBER_ID}/messages")).collect()
}

#[tokio::test]
async fn a_whatsapp_reminder_inside_the_window_offers_the_snooze_choices_and_a_tap_snoozes_it() {
    let clock = afternoon();
    let (app, fake) = whatsapp(clock.clone()).await;
    wa_post(&app, wa_text("972500000011", "wamid.t1", "remind me in 5 minutes to stretch")).await;
    let before = wa_sends(&fake).len();
    clock.set(utc("2026-01-22T15:05:00Z"));
    eventually("the reminder", || async { wa_sends(&fake).len() > before }).await;
    let sent = wa_sends(&fake).pop().unwrap();
    // four choices are more than WhatsApp's three reply buttons: they go as a list
    assert_eq!(sent.body["interactive"]["body"]["text"], "⏰ Reminder: stretch");
    let rows = sent.body["interactive"]["action"]["sections"][0]["rows"].as_array().unwrap().clone();
    let id = only_task(&app).await.id;
    let ids: Vec<&str> = rows.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [
            format!("snooze:{id}:10m"),
            format!("snooze:{id}:1h"),
            format!("snooze:{id}:eve"),
            format!("snooze:{id}:done")
        ]
    );
    wa_post(&app, wa_list_tap("972500000011", "wamid.t2", &format!("snooze:{id}:10m"))).await;
    assert_eq!(only_task(&app).await.next_fire_at, Some(utc("2026-01-22T15:15:00Z")));
}

#[tokio::test]
async fn a_hebrew_reminder_after_24_hours_goes_as_the_template_with_its_rlm_and_words_snooze_it() {
    let clock = afternoon();
    let (app, fake) = whatsapp(clock.clone()).await;
    wa_post(&app, wa_text("972500000012", "wamid.h1", "שלום")).await;
    let user = users::find(&app.state.db, Channel::Whatsapp, "972500000012").await.unwrap().unwrap();
    let due = clock.now() + Duration::hours(26);
    let new = tasks::NewTask {
        user_id: user.id,
        title: "להתקשר לרופא השיניים",
        due_at: Some(due),
        local_time: None,
        recurrence: None,
    };
    tasks::create(&app.state.db, new, clock.now()).await.unwrap();
    let before = wa_sends(&fake).len();
    clock.set(due);
    eventually("the template", || async { wa_sends(&fake).len() > before }).await;
    let sent = wa_sends(&fake).pop().unwrap();
    assert_eq!(sent.body["type"], "template");
    assert_eq!(
        sent.body["template"]["components"][0]["parameters"][0]["text"],
        format!("{RLM}⏰ תזכורת: להתקשר לרופא השיניים")
    );
    // no buttons in a template: the reply in words snoozes it
    wa_post(&app, wa_text("972500000012", "wamid.h2", "עוד שעה")).await;
    assert_eq!(only_task(&app).await.next_fire_at, Some(due + Duration::hours(1)));
    let reply = wa_sends(&fake).pop().unwrap();
    assert!(reply.body["text"]["body"].as_str().unwrap().starts_with("בסדר, אזכיר לך שוב"), "{}", reply.body);
}
