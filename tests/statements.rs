//! How many statements a message costs on the write connection: the proxy for throughput on
//! SQLite, where every statement is a hop to the connection's thread and back, and intake,
//! turns, outbox and scheduler all share that one connection (issue 15).
//!
//! `cargo test --test statements -- --nocapture` prints the figures; the asserts are upper bounds
//! a regression would cross. Counted by the write pool's metric callback (BEGIN/COMMIT excluded).

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::Uri;
use chrono::Utc;
use ozer::app::AppState;
use ozer::channels::intake::{self, Handling, Outcome};
use ozer::channels::{Channel, InboundMessage};
use ozer::clock::Clock;
use ozer::store::entities::{inbound_message, outbound_message};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, TransactionTrait};
use serde_json::{Value, json};

use common::{TempDir, test_settings};

/// The load benchmark's texts (examples/loadbench.rs): reminders and list items, both languages.
const TEXTS: [&str; 4] = [
    "remind me tomorrow at 9 to call the bank",
    "add milk and eggs to my shopping list",
    "תזכיר לי מחר ב-8 לקנות לחם",
    "תוסיף עגבניות לרשימת הקניות",
];
const USERS: usize = 40;

fn message(id: usize, user: usize, text: &str) -> InboundMessage {
    InboundMessage {
        channel: Channel::Telegram,
        message_id: format!("m{id}"),
        external_user: format!("{}", 100_000 + user),
        display_name: None,
        text: text.to_string(),
        lang_hint: Some("en".into()),
        button: None,
        received_at: Utc::now(),
    }
}

/// Hands `msgs` to the intake writer all at once (so they share batches, as under load);
/// returns the statements it took.
async fn intake_all(state: &AppState, msgs: Vec<InboundMessage>) -> (u64, Vec<Outcome>) {
    let before = state.metrics.write_statements();
    let mut tasks = tokio::task::JoinSet::new();
    for m in msgs {
        let s = state.clone();
        tasks.spawn(async move { intake::accept(&s, m, Handling::Turn).await.expect("stored") });
    }
    let outcomes = tasks.join_all().await;
    (state.metrics.write_statements() - before, outcomes)
}

/// Runs every stored turn; returns the statements they took.
async fn turns(state: &AppState) -> (u64, usize) {
    let before = state.metrics.write_statements();
    let mut ran = 0;
    loop {
        let n = ozer::turn::drain_pending(state).await.expect("turns");
        if n == 0 {
            break;
        }
        ran += n;
    }
    (state.metrics.write_statements() - before, ran)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn intake_and_turns_stay_within_their_statement_budget_on_the_write_connection() {
    let dir = TempDir::new();
    let mut settings = test_settings(&dir, &[]);
    settings.rate_limit_per_minute = 0;
    // No server and no background workers: only what this test runs touches the database.
    let state = AppState::new(settings, Clock::system()).await.expect("state");

    // First contact creates each user; measured apart from the steady state.
    let hello: Vec<_> = (0..USERS).map(|u| message(u, u, "hi")).collect();
    let (first_intake, _) = intake_all(&state, hello).await;
    let (first_turns, ran) = turns(&state).await;
    assert_eq!(ran, USERS);

    let n = USERS * TEXTS.len();
    let msgs: Vec<_> = (0..n).map(|i| message(USERS + i, i % USERS, TEXTS[i / USERS])).collect();
    let redelivered: Vec<_> = (0..USERS).map(|i| message(USERS + i, i % USERS, TEXTS[0])).collect();
    let (intake_statements, outcomes) = intake_all(&state, msgs).await;
    assert!(outcomes.iter().all(|o| *o == Outcome::Accepted), "{outcomes:?}");
    let (redelivery_statements, outcomes) = intake_all(&state, redelivered).await;
    assert!(outcomes.iter().all(|o| *o == Outcome::Duplicate), "{outcomes:?}");
    let (turn_statements, ran) = turns(&state).await;
    assert_eq!(ran, n, "each stored message ran its turn once");

    let done = inbound_message::Entity::find()
        .filter(inbound_message::Column::Status.eq("done"))
        .count(&state.db)
        .await
        .expect("count");
    assert_eq!(done as usize, USERS + n);
    let replies = outbound_message::Entity::find().count(&state.db).await.expect("count");
    assert_eq!(replies as usize, USERS + n, "one reply a turn");

    let per = |s: u64, k: usize| s as f64 / k as f64;
    println!(
        "statements on the write connection: intake {:.2}/message ({n} together), redeliveries {:.2}/message, \
         turn {:.1}/turn ({n} turns of known users); first contact: intake {:.2}/message, turn {:.1}/turn",
        per(intake_statements, n),
        per(redelivery_statements, USERS),
        per(turn_statements, n),
        per(first_intake, USERS),
        per(first_turns, USERS),
    );
    assert!(per(intake_statements, n) <= 0.1, "intake: {intake_statements} statements for {n} messages");
    // a turn on its own costs 7 (its claim included); in a batch the claim is shared (6.4)
    assert!(per(turn_statements, n) <= 7.0, "turns: {turn_statements} statements for {n} turns");
}

/// A fake Bot API that counts the messages sent.
async fn bot_api(State(sent): State<Arc<AtomicU64>>, uri: Uri, body: Bytes) -> axum::Json<Value> {
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let result = if uri.path().ends_with("/SendMessage") {
        let n = sent.fetch_add(1, Ordering::SeqCst);
        json!({"message_id": n, "chat": {"id": body["chat_id"], "type": "private"}, "date": 1_750_000_000, "text": ""})
    } else {
        json!(true)
    };
    axum::Json(json!({"ok": true, "result": result}))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn due_reminders_stay_within_their_statement_budget_from_scheduler_to_sent() {
    const REMINDERS: usize = 2000;
    let sent = Arc::new(AtomicU64::new(0));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let bot_url = format!("http://{}", listener.local_addr().expect("addr"));
    let app = axum::Router::new().fallback(bot_api).with_state(sent.clone());
    tokio::spawn(async move { axum::serve(listener, app).await.expect("serve") });
    let dir = TempDir::new();
    let extra = [("TELEGRAM_BOT_TOKEN", "123456:test"), ("TELEGRAM_API_URL", bot_url.as_str())];
    let mut settings = test_settings(&dir, &extra);
    settings.rate_limit_per_minute = 0;
    let state = AppState::new(settings, Clock::system()).await.expect("state");

    // Each user writes once, so Ozer knows where to send their reminders.
    intake_all(&state, (0..USERS).map(|u| message(u, u, "hi")).collect()).await;
    turns(&state).await;
    ozer::channels::outbox::dispatch_once(&state).await.expect("greetings");
    let users = ozer::store::entities::user::Entity::find().all(&state.db).await.expect("users");
    let due = Utc::now() - chrono::Duration::seconds(1);
    let txn = state.db.begin().await.expect("txn");
    for i in 0..REMINDERS {
        let title = format!("reminder {i}");
        let new = ozer::store::tasks::NewTask {
            user_id: users[i % users.len()].id,
            title: &title,
            due_at: Some(due),
            local_time: None,
            recurrence: None,
        };
        ozer::store::tasks::create(&txn, new, due).await.expect("task");
    }
    txn.commit().await.expect("commit");

    let sent_before = sent.load(Ordering::SeqCst);
    let before = state.metrics.write_statements();
    let started = std::time::Instant::now();
    let mut queued = 0;
    loop {
        let report = ozer::scheduler::tick(&state).await.expect("tick");
        queued += report.sent;
        if report.claimed == 0 {
            break;
        }
    }
    let scheduled = state.metrics.write_statements() - before;
    let handled = ozer::channels::outbox::dispatch_once(&state).await.expect("dispatch");
    let elapsed = started.elapsed();
    let total = state.metrics.write_statements() - before;
    assert_eq!((queued, handled), (REMINDERS, REMINDERS));
    assert_eq!(sent.load(Ordering::SeqCst) - sent_before, REMINDERS as u64, "each reminder sent once");
    let per = |s: u64| s as f64 / REMINDERS as f64;
    println!(
        "statements on the write connection per due reminder: scheduler {:.2}, outbox {:.2}; \
         {REMINDERS} sent in {:.2} s (debug build)",
        per(scheduled),
        per(total - scheduled),
        elapsed.as_secs_f64()
    );
    assert!(per(total) <= 0.5, "{total} statements for {REMINDERS} reminders");
}
