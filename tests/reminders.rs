//! Reminders people rely on, through the web chat with a frozen clock: snooze by tap and by
//! words, one occurrence of a daily reminder snoozed without moving the series, repeat rules
//! read from the chat, a timezone change keeping a recurring reminder's clock time, and the
//! opt-in morning briefing.

mod common;

use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use common::{TestApp, spawn_app_with};
use ozer::clock::Clock;
use ozer::store::entities::task;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};

fn utc(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

async fn tasks(app: &TestApp) -> Vec<task::Model> {
    task::Entity::find().order_by_asc(task::Column::Id).all(&app.state.db).await.unwrap()
}

/// Waits for the next pushed message after feed id `after`; returns it.
async fn next_push(app: &TestApp, after: i64) -> Value {
    let started = std::time::Instant::now();
    loop {
        let feed = app.feed(after).await;
        if let Some(m) = feed["messages"].as_array().and_then(|a| a.first()) {
            return m.clone();
        }
        assert!(started.elapsed() < std::time::Duration::from_secs(5), "no push after {after}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

fn payloads(m: &Value) -> Vec<String> {
    m["buttons"]
        .as_array()
        .map_or(Vec::new(), |b| b.iter().map(|b| b["payload"].as_str().unwrap().to_owned()).collect())
}

async fn tap(app: &TestApp, payload: &str) -> String {
    let body: Value = app.post_chat(json!({"text": "", "button": payload})).await;
    body["replies"][0]["text"].as_str().unwrap().to_owned()
}

/// Thursday 22 January 2026, 17:00 in Jerusalem.
fn thursday_afternoon() -> Clock {
    Clock::frozen(utc("2026-01-22T15:00:00Z"))
}

#[tokio::test]
async fn a_reminder_carries_snooze_buttons_and_a_tap_on_one_hour_moves_it_an_hour() {
    let clock = thursday_afternoon();
    let app = spawn_app_with(&[], clock.clone()).await;
    app.say("remind me in 5 minutes to stretch").await;
    clock.set(utc("2026-01-22T15:05:00Z"));
    let push = next_push(&app, 0).await;
    assert!(push["text"].as_str().unwrap().contains("stretch"), "{push}");
    let buttons = payloads(&push);
    let labels: Vec<&str> = push["buttons"].as_array().unwrap().iter().map(|b| b["label"].as_str().unwrap()).collect();
    assert_eq!(labels, ["10 min", "1 hour", "This evening", "✅ Done"]);
    let reply = tap(&app, &buttons[1]).await;
    assert!(reply.contains("stretch") && reply.contains("18:05"), "{reply}");
    let t = &tasks(&app).await[0];
    assert_eq!(t.next_fire_at, Some(utc("2026-01-22T16:05:00Z")));
    assert_eq!(t.status, "open");
}

#[tokio::test]
async fn a_reply_in_hebrew_words_snoozes_the_last_reminder_and_done_finishes_it() {
    let clock = thursday_afternoon();
    let app = spawn_app_with(&[], clock.clone()).await;
    app.say("תזכיר לי בעוד 5 דקות לשתות מים").await;
    clock.set(utc("2026-01-22T15:05:00Z"));
    let push = next_push(&app, 0).await;
    assert_eq!(push["buttons"][2]["label"], "הערב");
    let reply = app.say("עוד חצי שעה").await;
    assert!(reply.contains("17:35") && reply.contains("לשתות מים"), "{reply}");
    assert_eq!(tasks(&app).await[0].next_fire_at, Some(utc("2026-01-22T15:35:00Z")));
    clock.set(utc("2026-01-22T15:35:00Z"));
    next_push(&app, push["id"].as_i64().unwrap()).await;
    let reply = app.say("בוצע").await;
    assert!(reply.contains("לשתות מים"), "{reply}");
    assert_eq!(tasks(&app).await[0].status, "done");
}

#[tokio::test]
async fn words_long_after_the_last_reminder_are_an_ordinary_message() {
    let clock = thursday_afternoon();
    let app = spawn_app_with(&[], clock.clone()).await;
    app.say("remind me in 5 minutes to stretch").await;
    clock.set(utc("2026-01-22T15:05:00Z"));
    next_push(&app, 0).await;
    clock.set(utc("2026-01-22T19:05:00Z"));
    app.say("done").await;
    assert_eq!(tasks(&app).await[0].status, "open", "a 'done' four hours later does not complete it");
}

#[tokio::test]
async fn snoozing_one_occurrence_of_a_daily_reminder_leaves_the_series_where_it_was() {
    let clock = Clock::frozen(utc("2026-01-22T05:00:00Z")); // 07:00 Jerusalem
    let app = spawn_app_with(&[], clock.clone()).await;
    app.say("remind me every day at 8am to take the pills").await;
    clock.set(utc("2026-01-22T06:00:00Z"));
    let push = next_push(&app, 0).await;
    let reply = tap(&app, &payloads(&push)[0]).await;
    assert!(reply.contains("08:10"), "{reply}");
    let all = tasks(&app).await;
    assert_eq!(all.len(), 2, "the snoozed occurrence is a row of its own");
    let (series, snoozed) = (&all[0], &all[1]);
    assert_eq!(series.next_fire_at, Some(utc("2026-01-23T06:00:00Z")), "tomorrow 08:00, unmoved");
    assert_eq!(snoozed.snoozed_from, Some(series.id));
    assert_eq!(snoozed.next_fire_at, Some(utc("2026-01-22T06:10:00Z")));
    assert!(snoozed.recurrence.is_none());
    clock.set(utc("2026-01-22T06:10:00Z"));
    let again = next_push(&app, push["id"].as_i64().unwrap()).await;
    assert!(again["text"].as_str().unwrap().contains("take the pills"));
    // done on the snoozed occurrence finishes it, not the series
    tap(&app, payloads(&again).last().unwrap()).await;
    let all = tasks(&app).await;
    assert_eq!((all[0].status.as_str(), all[1].status.as_str()), ("open", "done"));
    assert_eq!(all[0].next_fire_at, Some(utc("2026-01-23T06:00:00Z")));
}

#[tokio::test]
async fn every_day_at_8am_stays_8am_after_moving_to_london() {
    let clock = Clock::frozen(utc("2026-01-22T10:00:00Z"));
    let app = spawn_app_with(&[], clock.clone()).await;
    app.say("remind me every day at 8am to run").await;
    let reply = app.say("my timezone is London").await;
    assert!(reply.contains("repeating ones keep their clock time"), "{reply}");
    let list = app.say("what are my reminders?").await;
    assert!(list.contains("08:00") && !list.contains("06:00"), "{list}");
    assert_eq!(tasks(&app).await[0].next_fire_at, Some(utc("2026-01-23T08:00:00Z")));
}

#[tokio::test]
async fn a_one_off_reminder_keeps_its_instant_after_a_timezone_change() {
    let clock = Clock::frozen(utc("2026-01-22T10:00:00Z"));
    let app = spawn_app_with(&[], clock.clone()).await;
    app.say("remind me tomorrow at 8am to call the bank").await;
    let before = tasks(&app).await[0].next_fire_at;
    app.say("my timezone is London").await;
    assert_eq!(tasks(&app).await[0].next_fire_at, before);
}

#[tokio::test]
async fn repeat_rules_said_in_the_chat_are_stored_as_rrules_and_fire_by_them() {
    let clock = Clock::frozen(utc("2026-03-20T08:00:00Z")); // Friday 10:00 Jerusalem
    let app = spawn_app_with(&[], clock.clone()).await;
    let reply = app.say("תזכיר לי כל שבועיים ביום שלישי בתשע להתקשר לאמא").await;
    assert!(reply.contains("כל שבועיים ביום שלישי ב-09:00"), "{reply}");
    let t = &tasks(&app).await[0];
    assert_eq!(
        t.recurrence.as_deref(),
        Some("DTSTART;TZID=Asia/Jerusalem:20260324T090000\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU")
    );
    assert_eq!(t.next_fire_at, Some(utc("2026-03-24T07:00:00Z")));
    // it fires, and the next one is two weeks on, at 09:00 Israel summer time
    clock.set(utc("2026-03-24T07:00:00Z"));
    next_push(&app, 0).await;
    let next = tasks(&app).await[0].next_fire_at;
    assert_eq!(next, Some(utc("2026-04-07T06:00:00Z")));
    let reply = app.say("remind me every first Sunday at 9am to pay rent").await;
    assert!(reply.contains("on the first Sunday of every month at 09:00"), "{reply}");
    let reply = app.say("remind me every other week on Monday until the end of June at 10am to water plants").await;
    assert!(reply.contains("every other week on Monday at 10:00, until 30/06/2026"), "{reply}");
}

#[tokio::test]
async fn monthly_on_the_31st_fires_on_the_28th_of_february_then_the_31st_of_march() {
    let clock = Clock::frozen(utc("2026-01-30T10:00:00Z"));
    let app = spawn_app_with(&[], clock.clone()).await;
    app.say("remind me every month on the 31st at 9am to pay rent").await;
    let mut after = 0;
    let tz: Tz = "Asia/Jerusalem".parse().unwrap();
    let mut fired = Vec::new();
    for _ in 0..3 {
        let due = tasks(&app).await[0].next_fire_at.unwrap();
        clock.set(due);
        let push = next_push(&app, after).await;
        after = push["id"].as_i64().unwrap();
        fired.push(due.with_timezone(&tz).format("%d/%m").to_string());
        clock.set(due + Duration::minutes(1));
    }
    assert_eq!(fired, ["31/01", "28/02", "31/03"]);
}

/// A second web-chat user on the same app (its own session cookie).
struct Other {
    client: reqwest::Client,
}

impl Other {
    fn new() -> Self {
        Other { client: reqwest::Client::builder().cookie_store(true).build().unwrap() }
    }

    async fn say(&self, app: &TestApp, text: &str) -> String {
        let res = self.client.post(format!("{}/api/chat", app.address)).json(&json!({ "text": text })).send().await;
        let body: Value = res.unwrap().json().await.unwrap();
        body["replies"][0]["text"].as_str().unwrap().to_owned()
    }
}

async fn briefings(app: &TestApp) -> Vec<ozer::store::entities::outbound_message::Model> {
    use ozer::store::entities::outbound_message as out;
    out::Entity::find()
        .filter(out::Column::DedupeKey.starts_with("briefing:"))
        .order_by_asc(out::Column::Id)
        .all(&app.state.db)
        .await
        .unwrap()
}

async fn wait_for_briefings(app: &TestApp, n: usize) -> Vec<ozer::store::entities::outbound_message::Model> {
    let started = std::time::Instant::now();
    loop {
        let b = briefings(app).await;
        if b.len() >= n {
            return b;
        }
        assert!(started.elapsed() < std::time::Duration::from_secs(5), "{} briefings, wanted {n}", b.len());
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn the_morning_briefing_goes_out_at_seven_local_in_two_timezones_and_stops_when_asked() {
    // Thursday 22 January 2026, 21:00 in Jerusalem, 14:00 in New York
    let clock = Clock::frozen(utc("2026-01-22T19:00:00Z"));
    let app = spawn_app_with(&[], clock.clone()).await;
    let on = app.say("send me a summary every morning at 7").await;
    assert!(on.contains("07:00"), "{on}");
    app.say("remind me tomorrow at 10am to call the plumber").await;
    app.say("add a task to renew the passport").await;
    let ny = Other::new();
    ny.say(&app, "my timezone is New York").await;
    let on = ny.say(&app, "תשלח לי כל בוקר בשבע מה יש לי היום").await;
    assert!(on.contains("07:00"), "{on}");
    let silent = Other::new();
    silent.say(&app, "remind me tomorrow at 9am to water the plants").await;

    clock.set(utc("2026-01-23T04:59:00Z"));
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    assert!(briefings(&app).await.is_empty(), "nothing before 07:00 local");
    clock.set(utc("2026-01-23T05:00:00Z")); // 07:00 Jerusalem
    let sent = wait_for_briefings(&app, 1).await;
    assert_eq!(sent.len(), 1);
    let text = &sent[0].text;
    assert!(text.contains("10:00 call the plumber") && text.contains("renew the passport"), "{text}");
    assert!(!text.contains("water the plants"), "only the user's own day: {text}");

    clock.set(utc("2026-01-23T12:00:00Z")); // 07:00 New York
    let sent = wait_for_briefings(&app, 2).await;
    assert!(sent[1].text.contains("בוקר טוב"), "in the user's language: {}", sent[1].text);

    let off = app.say("stop the morning summary").await;
    assert!(off.contains("no more"), "{off}");
    clock.set(utc("2026-01-24T05:00:00Z"));
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    let sent = briefings(&app).await;
    assert_eq!(sent.len(), 2, "no briefing after stop; the silent user never gets one");
    clock.set(utc("2026-01-24T12:00:00Z"));
    wait_for_briefings(&app, 3).await;
}
