//! Turns that call remote services: durable step results, at-most-once remote effects,
//! dependencies, the watchdog, per-user order, and one user's slow remote not slowing another.
//!
//! A test-only remote resolver ("the probe") stands in for Google Calendar: it handles calendar
//! steps by POSTing to a fake remote on 127.0.0.1 that records each effect by idempotency key
//! and, like `events.insert` with a client-chosen id, answers 409 to a key it has seen.

mod common;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::StatusCode;
use axum::{Json, Router};
use chrono::{TimeZone, Utc};
use common::{TempDir, test_settings};
use ozer::app::{App, AppState};
use ozer::channels::{Channel, InboundMessage};
use ozer::clock::Clock;
use ozer::plan::remote::{RemoteCall, RemoteFailure, RemoteFuture, RemoteResolver};
use ozer::reply::{Msg, Said};
use ozer::resolvers::StepResult;
use ozer::store::entities::{inbound_message, outbound_message, task, turn_step};
use ozer::store::inbound::{self, Recorded};
use ozer::turn::{self, Delivery};
use ozer::understand::Resolver;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};

#[path = "common/postgres.rs"]
mod pg;

#[derive(Clone, Default)]
struct FakeRemote {
    /// idempotency keys of the effects that exist at the remote
    effects: Arc<Mutex<Vec<String>>>,
    requests: Arc<AtomicU64>,
    delay_ms: Arc<AtomicU64>,
    down: Arc<AtomicBool>,
}

async fn remote_handler(State(f): State<FakeRemote>, Json(body): Json<Value>) -> (StatusCode, Json<Value>) {
    f.requests.fetch_add(1, Ordering::SeqCst);
    if f.down.load(Ordering::SeqCst) {
        return (StatusCode::INTERNAL_SERVER_ERROR, Json(json!({"error": "backend error"})));
    }
    let key = body["key"].as_str().unwrap_or_default().to_string();
    let duplicate = {
        let mut effects = f.effects.lock().unwrap();
        let seen = effects.contains(&key);
        if !seen {
            effects.push(key.clone());
        }
        seen
    };
    // The effect exists from here on, however long the answer takes.
    tokio::time::sleep(Duration::from_millis(f.delay_ms.load(Ordering::SeqCst))).await;
    if duplicate {
        (StatusCode::CONFLICT, Json(json!({"error": "duplicate"})))
    } else {
        (StatusCode::OK, Json(json!({"id": key})))
    }
}

impl FakeRemote {
    async fn start() -> (Self, String) {
        let fake = FakeRemote::default();
        let app = Router::new().fallback(axum::routing::post(remote_handler)).with_state(fake.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/effects", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        (fake, url)
    }

    fn delay(&self, ms: u64) {
        self.delay_ms.store(ms, Ordering::SeqCst);
    }

    fn effects(&self) -> Vec<String> {
        self.effects.lock().unwrap().clone()
    }
}

/// The test's remote resolver for calendar steps.
struct Probe {
    url: String,
    http: reqwest::Client,
}

impl RemoteResolver for Probe {
    fn run<'a>(&'a self, call: RemoteCall<'a>) -> RemoteFuture<'a> {
        Box::pin(async move {
            let title = call.step.slots.title.clone().unwrap_or_default();
            let body = json!({"key": call.idempotency_key, "title": title});
            let status = self.http.post(&self.url).json(&body).send().await.map(|r| r.status().as_u16());
            match status {
                // 409: an earlier attempt created it; that is success, not a second effect.
                Ok(200) | Ok(409) => Ok(StepResult {
                    said: Said::msg(Msg::new("google-not-configured").arg("what", format!("probe {title}"))),
                    data: json!({ "event": call.idempotency_key }),
                }),
                _ => Err(RemoteFailure::Failed(Said::msg(Msg::new("step-failed").arg("what", title)))),
            }
        })
    }
}

struct Harness {
    state: AppState,
    fake: FakeRemote,
    _dir: TempDir,
}

/// Ozer with the probe for calendar steps. `serve`: with its workers and HTTP server running.
async fn harness(extra: &[(&str, &str)], clock: Clock, serve: bool) -> (Harness, String) {
    let (fake, url) = FakeRemote::start().await;
    let dir = TempDir::new();
    let settings = test_settings(&dir, extra);
    let probe = Probe { url, http: reqwest::Client::new() };
    let app = App::build_with_clock(settings, clock)
        .await
        .expect("app builds")
        .with_remote(Resolver::Calendar, Arc::new(probe));
    let address = format!("http://127.0.0.1:{}", app.port());
    let state = app.state().clone();
    if serve {
        tokio::spawn(app.run_until_stopped());
    }
    (Harness { state, fake, _dir: dir }, address)
}

/// Stores a Telegram message as the webhook would; returns its inbound id.
async fn store(state: &AppState, message_id: &str, user: &str, text: &str) -> i64 {
    let mut msg = InboundMessage::new(Channel::Telegram, user, message_id, text);
    msg.received_at = state.clock.now();
    match inbound::record(&state.db, &msg).await.unwrap() {
        Recorded::New(row) => row.id,
        Recorded::Duplicate(row) => row.id,
    }
}

async fn replies_to(state: &AppState, inbound_id: i64) -> Vec<outbound_message::Model> {
    outbound_message::Entity::find()
        .filter(outbound_message::Column::InboundId.eq(inbound_id))
        .order_by_asc(outbound_message::Column::Id)
        .all(&state.db)
        .await
        .unwrap()
}

async fn wait_for(what: &str, mut done: impl AsyncFnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !done().await {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

async fn is_done(state: &AppState, inbound_id: i64) -> bool {
    let row = inbound_message::Entity::find_by_id(inbound_id).one(&state.db).await.unwrap().unwrap();
    row.status != "pending"
}

#[tokio::test]
async fn a_crash_after_the_remote_effect_leaves_one_effect_and_one_reply_after_restart() {
    let clock = Clock::frozen(Utc.with_ymd_and_hms(2026, 11, 23, 8, 0, 0).unwrap());
    let (h, _) = harness(&[], clock.clone(), false).await;
    // The remote acts, then takes its time to answer: the worker dies in between.
    h.fake.delay(60_000);
    let id = store(&h.state, "tg-1", "1001", "add to my calendar tomorrow at 10 meeting with Dana").await;
    let s = h.state.clone();
    let worker = tokio::spawn(async move { turn::run(&s, id, Delivery::Queued).await });
    let fake = h.fake.clone();
    wait_for("the remote effect", async || !fake.effects().is_empty()).await;
    worker.abort();
    let _ = worker.await;
    assert!(replies_to(&h.state, id).await.is_empty(), "no reply before the restart");

    // Restart: the dead worker's lease runs out and the message is taken up again.
    h.fake.delay(0);
    clock.advance(chrono::Duration::minutes(5));
    assert_eq!(turn::drain_pending(&h.state).await.unwrap(), 1);

    assert_eq!(h.fake.effects().len(), 1, "the event exists once");
    assert_eq!(h.fake.requests.load(Ordering::SeqCst), 2, "the retry asked the remote with the same key");
    let replies = replies_to(&h.state, id).await;
    assert_eq!(replies.len(), 1, "one reply");
    assert!(replies[0].text.contains("meeting with Dana"), "{}", replies[0].text);
    let steps = turn_step::Entity::find().filter(turn_step::Column::InboundId.eq(id)).all(&h.state.db).await.unwrap();
    let calendar = steps.iter().find(|s| s.step_id == 0).expect("the calendar step is stored");
    assert_eq!(calendar.status, "done");
    assert_eq!(h.fake.effects()[0], calendar.idempotency_key);

    // A third run (a redelivery, another instance) finds the turn done and does nothing.
    assert_eq!(turn::run(&h.state, id, Delivery::Queued).await.unwrap().len(), 0);
    assert_eq!(h.fake.requests.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn a_step_that_depends_on_a_failed_step_is_blocked_and_the_reply_says_so() {
    let (h, _) = harness(&[], Clock::system(), false).await;
    h.fake.down.store(true, Ordering::SeqCst);
    let mut msg = InboundMessage::new(
        Channel::Web,
        "session-a",
        "m1",
        "add to my calendar tomorrow at 10 meeting with Dana and remind me an hour before",
    );
    msg.received_at = h.state.clock.now();
    let replies = turn::accept_and_run(&h.state, msg).await.unwrap();
    assert_eq!(replies.len(), 1);
    let text = &replies[0].text;
    assert!(text.contains("couldn't do \"meeting with Dana\""), "the failure is said: {text}");
    assert!(text.contains("I didn't do"), "the dependent step is said to be blocked: {text}");
    assert_eq!(task::Entity::find().count(&h.state.db).await.unwrap(), 0, "no reminder for a meeting that failed");
    let statuses: Vec<String> = turn_step::Entity::find()
        .filter(turn_step::Column::StepId.gte(0))
        .order_by_asc(turn_step::Column::StepId)
        .all(&h.state.db)
        .await
        .unwrap()
        .into_iter()
        .map(|s| s.status)
        .collect();
    assert_eq!(statuses, vec!["failed", "blocked"], "the plan's two steps");
}

#[tokio::test]
async fn the_watchdog_ends_a_stuck_turn_with_what_was_done() {
    let (h, _) = harness(&[("OZER_TURN_TIMEOUT", "1")], Clock::system(), false).await;
    h.fake.delay(10_000);
    let mut msg = InboundMessage::new(
        Channel::Web,
        "session-b",
        "m1",
        "remind me to call mom tomorrow at 9 and add to my calendar tomorrow at 10 meeting with Dana",
    );
    msg.received_at = h.state.clock.now();
    let started = Instant::now();
    let replies = turn::accept_and_run(&h.state, msg).await.unwrap();
    let took = started.elapsed();
    assert!(took < Duration::from_secs(5), "the watchdog stopped the turn ({took:?})");
    let text = &replies[0].text;
    assert!(text.contains("call mom"), "the finished reminder is reported: {text}");
    assert!(text.contains("took too long"), "the rest is said not done: {text}");
    assert_eq!(task::Entity::find().count(&h.state.db).await.unwrap(), 1);
}

#[tokio::test]
async fn one_users_second_message_waits_for_the_first_and_sees_its_results() {
    let (h, _) = harness(&[], Clock::system(), true).await;
    h.fake.delay(1_000);
    let first = store(
        &h.state,
        "tg-1",
        "2002",
        "add to my calendar tomorrow at 10 meeting with Dana and remind me to call mom tomorrow at 9",
    )
    .await;
    let second = store(&h.state, "tg-2", "2002", "what are my reminders?").await;
    h.state.wake_inbound.notify_one();
    let s = h.state.clone();
    wait_for("both turns", async || is_done(&s, first).await && is_done(&s, second).await).await;
    let (a, b) = (replies_to(&h.state, first).await, replies_to(&h.state, second).await);
    assert_eq!((a.len(), b.len()), (1, 1));
    assert!(a[0].id < b[0].id, "replies in arrival order");
    assert!(b[0].text.contains("call mom"), "the second turn sees the first one's reminder: {}", b[0].text);
}

/// While user A's turn waits 3 s on a slow remote, user B's "help" is answered at once.
async fn slow_remote_does_not_hold_other_users(extra: &[(&str, &str)]) {
    let (h, address) = harness(extra, Clock::system(), true).await;
    h.fake.delay(3_000);
    let slow = store(&h.state, "tg-slow", "3003", "add to my calendar tomorrow at 10 meeting with Dana").await;
    h.state.wake_inbound.notify_one();
    let fake = h.fake.clone();
    wait_for("user A's remote call", async || fake.requests.load(Ordering::SeqCst) == 1).await;

    let client = reqwest::Client::builder().cookie_store(true).build().unwrap();
    let started = Instant::now();
    let res: Value = client
        .post(format!("{address}/api/chat"))
        .json(&json!({"text": "help"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let took = started.elapsed();
    assert!(res["replies"][0]["text"].as_str().unwrap_or_default().len() > 20, "{res}");
    assert!(!is_done(&h.state, slow).await, "user A's turn was still waiting on the remote");
    eprintln!("help answered in {} ms while another user's turn waited on a 3 s remote", took.as_millis());
    // The figure itself is measured in README's benchmark; here only that B did not wait for A.
    assert!(took < Duration::from_millis(1500), "help took {took:?}");
    let s = h.state.clone();
    wait_for("user A's turn", async || is_done(&s, slow).await).await;
}

#[tokio::test]
async fn a_slow_remote_for_one_user_does_not_slow_another_on_sqlite() {
    slow_remote_does_not_hold_other_users(&[]).await;
}

#[tokio::test]
async fn a_slow_remote_for_one_user_does_not_slow_another_on_postgres() {
    let Some(url) = pg::fresh_database().await else {
        return;
    };
    slow_remote_does_not_hold_other_users(&[("DATABASE_URL", &url)]).await;
}

#[path = "support/mod.rs"]
mod support;

#[tokio::test]
async fn a_slow_turn_shows_typing_on_telegram_and_a_read_receipt_with_typing_on_whatsapp() {
    let bot = support::FakeApi::start(support::bot_api).await;
    let graph = support::FakeApi::start(support::graph_api).await;
    let (bot_url, graph_url) = (bot.url.to_string(), graph.url.to_string());
    let env = [
        ("TELEGRAM_BOT_TOKEN", "123:abc"),
        ("TELEGRAM_API_URL", bot_url.as_str()),
        ("WHATSAPP_ACCESS_TOKEN", "token"),
        ("WHATSAPP_APP_SECRET", "secret"),
        ("WHATSAPP_VERIFY_TOKEN", "verify"),
        ("WHATSAPP_PHONE_NUMBER_ID", "555"),
        ("WHATSAPP_API_URL", graph_url.as_str()),
    ];
    let (h, _) = harness(&env, Clock::system(), false).await;
    h.fake.delay(1_600);
    let slow = "add to my calendar tomorrow at 10 meeting with Dana";
    let tg = store(&h.state, "tg-typing", "4004", slow).await;
    turn::run(&h.state, tg, Delivery::Queued).await.unwrap();
    let mut wa_msg = InboundMessage::new(Channel::Whatsapp, "972500000001", "wamid.IN1", slow);
    wa_msg.received_at = h.state.clock.now();
    let Recorded::New(wa) = inbound::record(&h.state.db, &wa_msg).await.unwrap() else { panic!("new message") };
    turn::run(&h.state, wa.id, Delivery::Queued).await.unwrap();
    // A fast turn shows nothing.
    let fast = store(&h.state, "tg-fast", "4004", "help").await;
    turn::run(&h.state, fast, Delivery::Queued).await.unwrap();

    let typing: Vec<_> = bot.requests().into_iter().filter(|r| r.path.ends_with("/SendChatAction")).collect();
    assert_eq!(typing.len(), 1, "one typing action for the one slow turn: {typing:?}");
    assert_eq!(typing[0].body["chat_id"], json!(4004));
    assert_eq!(typing[0].body["action"], "typing");
    let read: Vec<_> = graph.requests().into_iter().filter(|r| r.body["status"] == "read").collect();
    assert_eq!(read.len(), 1, "{read:?}");
    assert_eq!(read[0].body["message_id"], "wamid.IN1");
    assert_eq!(read[0].body["typing_indicator"]["type"], "text");
}

#[tokio::test]
async fn web_messages_in_their_grace_period_and_retries_do_not_hold_back_a_telegram_message() {
    let clock = Clock::frozen(Utc.with_ymd_and_hms(2026, 11, 23, 8, 0, 0).unwrap());
    let (h, _) = harness(&[], clock.clone(), false).await;
    // Many web messages still owned by their requests (inside the inline grace period)...
    for i in 0..80 {
        let mut msg = InboundMessage::new(Channel::Web, &format!("session-{i}"), &format!("w{i}"), "help");
        msg.received_at = clock.now();
        inbound::record(&h.state.db, &msg).await.unwrap();
    }
    // ...and a Telegram message that failed and waits for its retry.
    let waiting = store(&h.state, "tg-waiting", "5005", "help").await;
    let retry_at = clock.now() + chrono::Duration::minutes(1);
    inbound::release(&h.state.db, waiting, Some(retry_at)).await.unwrap();
    let newest = store(&h.state, "tg-new", "6006", "what are my reminders?").await;

    assert_eq!(turn::drain_pending(&h.state).await.unwrap(), 1, "only the Telegram message that is ready");
    assert!(is_done(&h.state, newest).await, "the newer Telegram message was answered");
    assert!(!is_done(&h.state, waiting).await, "the retry waits for its time");
    clock.advance(chrono::Duration::minutes(2));
    assert_eq!(turn::drain_pending(&h.state).await.unwrap(), 81, "then the retry and the orphaned web messages");
}

#[tokio::test]
async fn a_shutdown_lets_the_running_turn_finish_and_then_claims_nothing() {
    let (fake, url) = FakeRemote::start().await;
    let dir = TempDir::new();
    let probe = Probe { url, http: reqwest::Client::new() };
    let app = App::build_with_clock(test_settings(&dir, &[]), Clock::system())
        .await
        .expect("app builds")
        .with_remote(Resolver::Calendar, Arc::new(probe));
    let state = app.state().clone();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(app.run_until(async {
        let _ = stopped.await;
    }));
    fake.delay(1_500);
    let slow = store(&state, "tg-1", "8008", "add to my calendar tomorrow at 10 meeting with Dana").await;
    state.wake_inbound.notify_one();
    let f = fake.clone();
    wait_for("the turn's remote call", async || f.requests.load(Ordering::SeqCst) == 1).await;

    stop.send(()).unwrap();
    server.await.unwrap().unwrap();
    assert!(is_done(&state, slow).await, "the running turn finished before the shutdown completed");
    assert_eq!(replies_to(&state, slow).await.len(), 1);

    let later = store(&state, "tg-2", "8009", "help").await;
    state.wake_inbound.notify_one();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!is_done(&state, later).await, "nothing is claimed after the shutdown");
}
