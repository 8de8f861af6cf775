//! The outbox through outages: transient failures are retried with capped backoff for a day
//! (a frozen clock stands in for the hours), the platforms' own waits are honoured, refusals
//! fail at once, and a push that gets through late says so.

mod common;
mod support;

use std::sync::atomic::{AtomicBool, Ordering};

use chrono::{DateTime, Duration, Utc};
use common::{TempDir, test_settings};
use ozer::app::AppState;
use ozer::channels::{Channel, Reply, outbox};
use ozer::clock::Clock;
use ozer::store::entities::outbound_message;
use ozer::store::outbound::{self, KIND_PUSH, KIND_REPLY, NewOutbound};
use ozer::store::users;
use ozer::understand::Lang;
use sea_orm::EntityTrait;
use serde_json::{Value, json};
use support::{FakeApi, bot_api, graph_api};

const TOKEN: &str = "123456:TEST-token";

fn start() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-03-10T06:00:00Z").unwrap().with_timezone(&Utc)
}

/// The Bot API turns every send away while the test's flag is set. It answers 429 with
/// `retry_after: 0` rather than a 5xx because teloxide sleeps 10 real seconds on every 5xx
/// (5xx are classified transient too: see the client's unit tests).
static TELEGRAM_DOWN: AtomicBool = AtomicBool::new(true);
static TELEGRAM_DOWN_FOR_A_DAY: AtomicBool = AtomicBool::new(true);

fn flaky(down: &AtomicBool, path: &str, body: &Value, seen: usize) -> (u16, Value) {
    if down.load(Ordering::SeqCst) && path.ends_with("/SendMessage") {
        return (
            429,
            json!({"ok": false, "error_code": 429, "description": "Too Many Requests: retry after 0",
                   "parameters": {"retry_after": 0}}),
        );
    }
    bot_api(path, body, seen)
}

fn telegram_down(path: &str, body: &Value, seen: usize) -> (u16, Value) {
    flaky(&TELEGRAM_DOWN, path, body, seen)
}

fn telegram_down_for_a_day(path: &str, body: &Value, seen: usize) -> (u16, Value) {
    flaky(&TELEGRAM_DOWN_FOR_A_DAY, path, body, seen)
}

struct Setup {
    state: AppState,
    fake: FakeApi,
    clock: Clock,
    _dir: TempDir,
}

async fn telegram(responder: support::Responder) -> Setup {
    let fake = FakeApi::start(responder).await;
    let url = fake.url.to_string();
    let dir = TempDir::new();
    let clock = Clock::frozen(start());
    let settings = test_settings(&dir, &[("TELEGRAM_BOT_TOKEN", TOKEN), ("TELEGRAM_API_URL", url.as_str())]);
    let state = AppState::new(settings, clock.clone()).await.unwrap();
    Setup { state, fake, clock, _dir: dir }
}

async fn whatsapp() -> Setup {
    let fake = FakeApi::start(graph_api).await;
    let url = fake.url.to_string();
    let dir = TempDir::new();
    let clock = Clock::frozen(start());
    let env = [
        ("WHATSAPP_ACCESS_TOKEN", "EAAG-test-token"),
        ("WHATSAPP_APP_SECRET", "app-secret"),
        ("WHATSAPP_VERIFY_TOKEN", "verify"),
        ("WHATSAPP_PHONE_NUMBER_ID", "106540352242922"),
        ("WHATSAPP_API_URL", url.as_str()),
    ];
    let state = AppState::new(test_settings(&dir, &env), clock.clone()).await.unwrap();
    Setup { state, fake, clock, _dir: dir }
}

/// Queues `text` for a Hebrew user in Jerusalem on `channel`; returns the row id.
async fn queue(s: &Setup, channel: Channel, external: &str, kind: &'static str, text: &str) -> i64 {
    let now = s.clock.now();
    let (user, _) =
        users::find_or_create(&s.state.db, channel, external, Lang::He, "Asia/Jerusalem", now).await.unwrap();
    let reply = Reply::text(text);
    let new = NewOutbound {
        user_id: Some(user.id),
        channel,
        external_user: external,
        kind,
        reply: &reply,
        inbound_id: None,
        dedupe_key: None,
    };
    outbound::enqueue(&s.state.db, new, now).await.unwrap().unwrap().id
}

async fn row(s: &Setup, id: i64) -> outbound_message::Model {
    outbound_message::Entity::find_by_id(id).one(&s.state.db).await.unwrap().unwrap()
}

fn sends(fake: &FakeApi, method: &str) -> Vec<support::Recorded> {
    fake.requests().into_iter().filter(|r| r.path.ends_with(method)).collect()
}

/// Dispatches, then moves the clock on by `step`, for `total`.
async fn run_for(s: &Setup, total: Duration, step: Duration) {
    let end = s.clock.now() + total;
    while s.clock.now() < end {
        outbox::dispatch_once(&s.state).await.unwrap();
        s.clock.advance(step);
    }
}

#[tokio::test]
async fn a_reminder_queued_during_an_hour_long_telegram_outage_arrives_after_it_marked_late() {
    let s = telegram(telegram_down).await;
    let id = queue(&s, Channel::Telegram, "7", KIND_PUSH, "⏰ תזכורת: להתקשר לאמא").await;

    run_for(&s, Duration::hours(1), Duration::minutes(1)).await;
    let r = row(&s, id).await;
    assert_eq!(r.status, "pending", "still waiting after an hour: {r:?}");
    assert!((8..=20).contains(&r.attempts), "backoff capped at 10 minutes, not a busy loop: {r:?}");

    TELEGRAM_DOWN.store(false, Ordering::SeqCst);
    run_for(&s, Duration::minutes(11), Duration::minutes(1)).await;
    let r = row(&s, id).await;
    assert_eq!(r.status, "sent", "{r:?}");
    let sent = sends(&s.fake, "/SendMessage");
    let text = sent.last().unwrap().body["text"].as_str().unwrap().to_owned();
    // a Hebrew line that starts with an emoji leads with an RLM (reply/bidi.rs)
    assert!(text.starts_with("\u{200f}⏰ תזכורת: להתקשר לאמא"), "{text}");
    // Queued at 06:00 UTC, 08:00 in Jerusalem: the note says when it was due, in Hebrew.
    assert!(text.contains("נשלח באיחור") && text.contains("08:00"), "{text}");
}

#[tokio::test]
async fn a_send_that_keeps_failing_is_retried_for_a_day_then_given_up() {
    let s = telegram(telegram_down_for_a_day).await;
    let id = queue(&s, Channel::Telegram, "8", KIND_REPLY, "hello").await;

    run_for(&s, Duration::hours(23) + Duration::minutes(50), Duration::minutes(10)).await;
    assert_eq!(row(&s, id).await.status, "pending");
    run_for(&s, Duration::minutes(30), Duration::minutes(10)).await;
    let r = row(&s, id).await;
    assert_eq!(r.status, "failed", "{r:?}");
    assert!(r.attempts > 100, "retried all day: {} attempts", r.attempts);
}

#[tokio::test]
async fn telegrams_retry_after_is_honoured_before_the_next_try() {
    let s = telegram(bot_api).await;
    s.fake.enqueue(
        429,
        json!({"ok": false, "error_code": 429, "description": "Too Many Requests: retry after 120",
               "parameters": {"retry_after": 120}}),
    );
    let id = queue(&s, Channel::Telegram, "9", KIND_REPLY, "hello").await;
    outbox::dispatch_once(&s.state).await.unwrap();
    let r = row(&s, id).await;
    assert_eq!((r.status.as_str(), r.next_attempt_at), ("pending", start() + Duration::seconds(120)));

    s.clock.advance(Duration::seconds(119));
    outbox::dispatch_once(&s.state).await.unwrap();
    assert_eq!(sends(&s.fake, "/SendMessage").len(), 1, "no try before retry_after");
    s.clock.advance(Duration::seconds(1));
    outbox::dispatch_once(&s.state).await.unwrap();
    assert_eq!(row(&s, id).await.status, "sent");
}

#[tokio::test]
async fn a_blocked_bot_or_a_missing_chat_fails_at_once() {
    let s = telegram(bot_api).await;
    s.fake
        .enqueue(403, json!({"ok": false, "error_code": 403, "description": "Forbidden: bot was blocked by the user"}));
    s.fake.enqueue(400, json!({"ok": false, "error_code": 400, "description": "Bad Request: chat not found"}));
    let blocked = queue(&s, Channel::Telegram, "10", KIND_PUSH, "a").await;
    let missing = queue(&s, Channel::Telegram, "11", KIND_PUSH, "b").await;
    outbox::dispatch_once(&s.state).await.unwrap();
    assert_eq!(row(&s, blocked).await.status, "failed");
    assert_eq!(row(&s, missing).await.status, "failed");
    assert_eq!(sends(&s.fake, "/SendMessage").len(), 2);
}

fn graph_error(code: i64, message: &str) -> Value {
    json!({"error": {"message": message, "type": "OAuthException", "code": code, "fbtrace_id": "Az8or2yhqkZfEZ-_4Qn_Bam"}})
}

#[tokio::test]
async fn whatsapp_throttling_waits_at_least_as_long_as_the_limit_needs() {
    let s = whatsapp().await;
    let cases = [
        (400, graph_error(131_056, "(#131056) (Business Account, Consumer Account) pair rate limit hit"), 60),
        (400, graph_error(130_429, "(#130429) Rate limit hit"), 60),
        (400, graph_error(80_007, "(#80007) Rate limit issues"), 300),
        (429, json!({}), 60),
    ];
    for (i, (status, body, wait)) in cases.into_iter().enumerate() {
        s.fake.enqueue(status, body);
        let id = queue(&s, Channel::Whatsapp, &format!("97250000000{i}"), KIND_REPLY, "hi").await;
        let now = s.clock.now();
        outbox::dispatch_once(&s.state).await.unwrap();
        let r = row(&s, id).await;
        assert_eq!(r.status, "pending", "case {i}: {r:?}");
        assert_eq!(r.next_attempt_at, now + Duration::seconds(wait), "case {i}");
        s.clock.advance(Duration::seconds(wait));
        outbox::dispatch_once(&s.state).await.unwrap();
        assert_eq!(row(&s, id).await.status, "sent", "case {i}");
    }
}

#[tokio::test]
async fn whatsapp_refusing_a_bad_number_fails_at_once() {
    let s = whatsapp().await;
    s.fake.enqueue(400, graph_error(131_030, "(#131030) Recipient phone number not in allowed list"));
    s.fake.enqueue(400, graph_error(100, "(#100) Invalid parameter"));
    let a = queue(&s, Channel::Whatsapp, "972500000100", KIND_REPLY, "hi").await;
    let b = queue(&s, Channel::Whatsapp, "1", KIND_REPLY, "hi").await;
    outbox::dispatch_once(&s.state).await.unwrap();
    assert_eq!(row(&s, a).await.status, "failed");
    assert_eq!(row(&s, b).await.status, "failed");
}
