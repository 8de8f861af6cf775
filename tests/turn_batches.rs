//! Turns in batches (src/turn/batch.rs): when nothing can call out, several users' turns share
//! one transaction. Each message still acts once: a batch commits whole, and when one of its
//! turns fails the batch rolls back and every turn runs again on its own.

mod common;

use chrono::Timelike;
use ozer::app::AppState;
use ozer::channels::{Channel, InboundMessage};
use ozer::clock::Clock;
use ozer::store::entities::{inbound_message, outbound_message, task};
use ozer::store::inbound::{self, Recorded};
use ozer::turn;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter};

use common::{TempDir, test_settings};

#[path = "common/postgres.rs"]
mod pg;

const USERS: usize = 10;

async fn state(dir: &TempDir, extra: &[(&str, &str)]) -> AppState {
    let mut settings = test_settings(dir, extra);
    settings.rate_limit_per_minute = 0;
    // no server and no background workers: only this test runs turns
    AppState::new(settings, Clock::system()).await.expect("state")
}

/// Stores one Telegram message of each user, as the webhook would; returns their ids.
async fn store_all(state: &AppState, texts: &[String]) -> Vec<i64> {
    let mut ids = Vec::new();
    let round = state.clock.now().timestamp_micros();
    for (u, text) in texts.iter().enumerate() {
        let mut msg = InboundMessage::new(Channel::Telegram, &format!("{}", 500 + u), &format!("m{round}-{u}"), text);
        msg.received_at = state.clock.now();
        match inbound::record(&state.db, &msg).await.expect("stored") {
            Recorded::New(row) => ids.push(row.id),
            Recorded::Duplicate(_) => panic!("a new message"),
        }
    }
    ids
}

fn reminders(n: usize) -> Vec<String> {
    (0..n).map(|u| format!("remind me tomorrow at 9 to call client {u}")).collect()
}

async fn tasks_titled(state: &AppState, like: &str) -> u64 {
    task::Entity::find().filter(task::Column::Title.contains(like)).count(&state.db).await.expect("count")
}

async fn replies_to(state: &AppState, id: i64) -> Vec<outbound_message::Model> {
    outbound_message::Entity::find().filter(outbound_message::Column::InboundId.eq(id)).all(&state.db).await.unwrap()
}

async fn several_users_turns_commit_together(extra: &[(&str, &str)]) {
    let dir = TempDir::new();
    let state = state(&dir, extra).await;
    let ids = store_all(&state, &reminders(USERS)).await;

    assert_eq!(turn::drain_pending(&state).await.unwrap(), USERS);
    let (committed, rolled_back) = state.metrics.turn_batches();
    assert!(committed >= 1 && committed < USERS as u64, "the turns shared transactions: {committed} batches");
    assert_eq!(rolled_back, 0);
    for (u, id) in ids.iter().enumerate() {
        assert_eq!(tasks_titled(&state, &format!("client {u}")).await, 1, "user {u}'s reminder, once");
        let replies = replies_to(&state, *id).await;
        assert_eq!(replies.len(), 1, "one reply to user {u}");
        assert_eq!(replies[0].external_user, format!("{}", 500 + u), "to its own user");
        assert!(replies[0].text.contains(&format!("client {u}")), "{}", replies[0].text);
    }
    // nothing left to run
    assert_eq!(turn::drain_pending(&state).await.unwrap(), 0);

    // Known senders: the batch reads their context together. "it" is each user's own reminder.
    let due = |u: usize| {
        let state = state.clone();
        async move {
            let t = task::Entity::find()
                .filter(task::Column::Title.contains(format!("client {u}")))
                .one(&state.db)
                .await
                .unwrap()
                .expect("the reminder");
            t.due_at.expect("a due time")
        }
    };
    let mut before = Vec::new();
    for u in 0..USERS {
        before.push(due(u).await);
    }
    let texts: Vec<String> = (0..USERS).map(|u| format!("move it to {}", 10 + u % 3)).collect();
    let ids = store_all(&state, &texts).await;
    assert_eq!(turn::drain_pending(&state).await.unwrap(), USERS);
    assert!(state.metrics.turn_batches().0 > committed, "the second round ran in batches too");
    for (u, id) in ids.iter().enumerate() {
        // each user's own reminder, at the hour that user said (the next one: either half)
        let local = due(u).await.with_timezone(&state.settings.timezone);
        assert_ne!(due(u).await, before[u], "user {u}'s reminder moved");
        assert_eq!(local.hour() % 12, ((10 + u % 3) % 12) as u32, "user {u}: {local}");
        assert_eq!(replies_to(&state, *id).await.len(), 1, "one reply to user {u}");
    }
}

async fn a_failing_turn_rolls_its_batch_back(extra: &[(&str, &str)]) {
    let dir = TempDir::new();
    let state = state(&dir, extra).await;
    // One user's reminder cannot be stored (the database refuses it, as a full disk or a
    // broken row would): its turn fails inside the batch.
    let refuse: &[&str] = match ozer::store::is_postgres(&state.db) {
        true => &[
            "CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN \
               IF NEW.title LIKE '%client 3%' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; \
             END $$ LANGUAGE plpgsql",
            "CREATE TRIGGER refuse BEFORE INSERT ON tasks FOR EACH ROW EXECUTE FUNCTION refuse()",
        ],
        false => &["CREATE TRIGGER refuse BEFORE INSERT ON tasks WHEN NEW.title LIKE '%client 3%' \
             BEGIN SELECT RAISE(ABORT, 'refused'); END"],
    };
    for sql in refuse {
        state.db.execute_unprepared(sql).await.expect("trigger");
    }
    let ids = store_all(&state, &reminders(USERS)).await;

    turn::drain_pending(&state).await.unwrap();
    let (_, rolled_back) = state.metrics.turn_batches();
    assert!(rolled_back >= 1, "the batch holding the failing turn rolled back");
    for (u, id) in ids.iter().enumerate() {
        let row = inbound_message::Entity::find_by_id(*id).one(&state.db).await.unwrap().unwrap();
        if u == 3 {
            // the failing turn is left for a retry, with nothing of it stored
            assert_eq!((row.status.as_str(), row.attempts), ("pending", 1));
            assert_eq!(tasks_titled(&state, "client 3").await, 0);
            assert!(replies_to(&state, *id).await.is_empty());
            continue;
        }
        assert_eq!(row.status, "done", "user {u}");
        assert_eq!(tasks_titled(&state, &format!("client {u}")).await, 1, "user {u}'s reminder, once");
        assert_eq!(replies_to(&state, *id).await.len(), 1, "one reply to user {u}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_users_turns_commit_together_each_once_with_its_own_reply_on_sqlite() {
    several_users_turns_commit_together(&[]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_users_turns_commit_together_each_once_with_its_own_reply_on_postgres() {
    let Some(url) = pg::fresh_database().await else {
        return;
    };
    several_users_turns_commit_together(&[("DATABASE_URL", &url)]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_turn_rolls_its_batch_back_and_the_others_run_alone_once_on_sqlite() {
    a_failing_turn_rolls_its_batch_back(&[]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_turn_rolls_its_batch_back_and_the_others_run_alone_once_on_postgres() {
    let Some(url) = pg::fresh_database().await else {
        return;
    };
    a_failing_turn_rolls_its_batch_back(&[("DATABASE_URL", &url)]).await;
}
