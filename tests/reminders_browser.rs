//! Hebrew that reads right in the web chat page, in real headless Chromium (the lead's harness,
//! tests/common/browser.rs): a Hebrew line that starts with a Latin word reads right to left (its
//! leading RLM steers the bubble's `dir="auto"`), an English push stays left to right, a Hebrew
//! reminder shows its snooze buttons and a tap snoozes it, and the Hebrew morning briefing reads
//! right to left. A screenshot per case is kept under the target dir's `screenshots/` folder.

mod common;

use chrono::{DateTime, Duration, Utc};
use common::browser::{page, screenshot_path};
use common::spawn_app_with;
use ozer::app::AppState;
use ozer::channels::{Channel, Reply};
use ozer::clock::Clock;
use ozer::store::entities::{task, user};
use ozer::store::outbound::{self, KIND_PUSH, NewOutbound};
use sea_orm::EntityTrait;
use serde_json::{Value, json};

const RLM: char = '\u{200F}';

fn utc(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

fn bubbles(report: &Value, sel: &str) -> Vec<Value> {
    report["inspect"][sel].as_array().cloned().unwrap_or_default()
}

/// Waits (in the background of a page run) for the page's user to exist and its first turn to
/// have recorded where it writes from.
async fn page_user(state: &AppState) -> user::Model {
    loop {
        if let Some(u) = user::Entity::find().one(&state.db).await.unwrap()
            && u.last_external_user.is_some()
        {
            return u;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

async fn push(state: &AppState, u: &user::Model, text: &str, key: &str) {
    let reply = Reply::text(text);
    let new = NewOutbound {
        user_id: Some(u.id),
        channel: Channel::Web,
        external_user: u.last_external_user.as_deref().unwrap(),
        kind: KIND_PUSH,
        reply: &reply,
        inbound_id: None,
        dedupe_key: Some(key.into()),
    };
    outbound::enqueue(&state.db, new, state.clock.now()).await.unwrap();
}

#[tokio::test]
async fn a_hebrew_line_starting_with_a_latin_word_reads_right_to_left_and_english_left_to_right() {
    let app = spawn_app_with(&[], Clock::frozen(utc("2026-01-22T15:00:00Z"))).await;
    let bg = {
        let probe = app.state.clone();
        tokio::spawn(async move {
            let u = page_user(&probe).await;
            // wait for the greeting reply to be shown first, so the order in the page is fixed
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            push(&probe, &u, "Zoom עם דני מחר ב-10:00.", "test:1").await;
            push(&probe, &u, "Reminder: call Dana at 10:00.", "test:2").await;
        })
    };
    let spec = json!({
        "url": format!("{}/", app.address),
        "screenshot": screenshot_path("bidi_latin_first_hebrew_line"),
        "actions": [
            {"fill": "#text", "text": "שלום"},
            {"press": "#text", "key": "Enter"},
            {"waitFor": ".msg.ozer >> nth=2", "timeout": 20000},
        ],
        "inspect": [".msg.ozer"],
    });
    let Some(report) = page(spec).await else { return };
    bg.await.unwrap();
    let ozer = bubbles(&report, ".msg.ozer");
    let zoom = ozer.iter().find(|b| b["text"].as_str().unwrap_or_default().contains("Zoom")).expect("the Hebrew push");
    assert!(zoom["text"].as_str().unwrap().starts_with(RLM), "{zoom}");
    assert_eq!(zoom["direction"], "rtl", "a Hebrew line that starts with a Latin word reads right to left: {zoom}");
    let english = ozer.iter().find(|b| b["text"].as_str().unwrap_or_default().contains("call Dana")).unwrap();
    assert_eq!(english["direction"], "ltr", "{english}");
}

#[tokio::test]
async fn a_hebrew_reminder_in_the_page_shows_its_snooze_buttons_and_a_tap_snoozes_it() {
    let clock = Clock::frozen(utc("2026-01-22T15:00:00Z")); // 17:00 Jerusalem
    let app = spawn_app_with(&[], clock.clone()).await;
    let bg = {
        let (db, clock) = (app.state.db.clone(), clock.clone());
        tokio::spawn(async move {
            loop {
                if let Some(t) = task::Entity::find().one(&db).await.unwrap() {
                    clock.set(t.next_fire_at.unwrap());
                    return t;
                }
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
        })
    };
    let spec = json!({
        "url": format!("{}/", app.address),
        "screenshot": screenshot_path("bidi_hebrew_reminder_snoozed"),
        "actions": [
            {"fill": "#text", "text": "תזכיר לי בעוד 5 דקות להתקשר ל-Dana"},
            {"press": "#text", "key": "Enter"},
            {"waitFor": ".msg.ozer .buttons button", "timeout": 20000},
            {"click": ".msg.ozer .buttons button >> nth=1"},
            {"waitFor": ".msg.ozer >> nth=2", "timeout": 20000},
        ],
        "inspect": [".msg.ozer", ".msg.ozer .buttons button"],
    });
    let Some(report) = page(spec).await else { return };
    let created = bg.await.unwrap();
    let ozer = bubbles(&report, ".msg.ozer");
    assert_eq!(ozer.len(), 3, "{report}");
    assert!(ozer.iter().all(|b| b["direction"] == "rtl"), "every Hebrew bubble reads right to left: {report}");
    let labels: Vec<String> =
        bubbles(&report, ".msg.ozer .buttons button").iter().map(|b| b["text"].as_str().unwrap().to_owned()).collect();
    assert_eq!(
        labels.iter().map(|l| l.trim_start_matches(RLM)).collect::<Vec<_>>(),
        ["10 דק׳", "שעה", "הערב", "✅ בוצע"]
    );
    let moved = task::Entity::find().one(&app.state.db).await.unwrap().unwrap();
    assert_eq!(moved.next_fire_at, created.next_fire_at.map(|t| t + Duration::hours(1)), "the tap on 'שעה' snoozed it");
}

#[tokio::test]
async fn the_hebrew_morning_briefing_reads_right_to_left_in_the_page() {
    let clock = Clock::frozen(utc("2026-01-22T15:00:00Z"));
    let app = spawn_app_with(&[], clock.clone()).await;
    let bg = {
        let (db, clock) = (app.state.db.clone(), clock.clone());
        tokio::spawn(async move {
            loop {
                let u = user::Entity::find().one(&db).await.unwrap();
                if let Some(next) = u.and_then(|u| u.briefing_next_at) {
                    clock.set(next);
                    return;
                }
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
        })
    };
    let spec = json!({
        "url": format!("{}/", app.address),
        "screenshot": screenshot_path("bidi_hebrew_briefing"),
        "actions": [
            {"fill": "#text", "text": "תזכיר לי מחר ב-10 Zoom עם Dana"},
            {"press": "#text", "key": "Enter"},
            {"waitFor": ".msg.ozer"},
            {"fill": "#text", "text": "תשלח לי כל בוקר בשבע מה יש לי היום"},
            {"press": "#text", "key": "Enter"},
            {"waitForText": "בוקר טוב", "timeout": 20000},
        ],
        "inspect": [".msg.ozer"],
    });
    let Some(report) = page(spec).await else { return };
    bg.await.unwrap();
    let ozer = bubbles(&report, ".msg.ozer");
    let briefing = ozer.iter().find(|b| b["text"].as_str().unwrap_or_default().contains("בוקר טוב")).expect("briefing");
    assert!(briefing["text"].as_str().unwrap().contains("10:00 Zoom עם Dana"), "{briefing}");
    assert_eq!(briefing["direction"], "rtl", "{briefing}");
}
