//! Several `ozer serve` processes on one PostgreSQL database: they start together (migrations
//! race), a webhook delivered to both acts once, a confirmation asked on one is completed on the
//! other, and 1,000 reminders due in the same minute are each sent exactly once.

mod common;
mod support;

use std::collections::HashMap;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use chrono::Utc;
use ozer::store::tasks::{self, NewTask};
use ozer::store::users;
use serde_json::{Value, json};
use support::{FakeApi, Recorded, bot_api};

#[path = "common/postgres.rs"]
mod pg;

const SECRET: &str = "instances-secret";

struct Instance {
    child: Child,
    url: String,
}

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(database_url: &str, bot_url: &str) -> Instance {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let child = Command::new(env!("CARGO_BIN_EXE_ozer"))
        .arg("serve")
        .env("OZER_BIND", format!("127.0.0.1:{port}"))
        .env("DATABASE_URL", database_url)
        .env("TELEGRAM_BOT_TOKEN", "123:instances")
        .env("TELEGRAM_WEBHOOK_SECRET", SECRET)
        .env("TELEGRAM_API_URL", bot_url)
        .env("OZER_RATE_LIMIT", "0")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start ozer");
    Instance { child, url: format!("http://127.0.0.1:{port}") }
}

async fn until(what: &str, secs: u64, mut check: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    while !check() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn ready(client: &reqwest::Client, i: &Instance) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if client.get(format!("{}/readyz", i.url)).send().await.is_ok_and(|r| r.status().is_success()) {
            return;
        }
        assert!(Instant::now() < deadline, "instance {} never became ready", i.url);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn update(update_id: i64, chat: i64, text: &str) -> Value {
    json!({"update_id": update_id, "message": {
        "message_id": update_id, "date": 1_750_000_000, "text": text,
        "from": {"id": chat, "is_bot": false, "first_name": "Dana", "language_code": "en"},
        "chat": {"id": chat, "type": "private", "first_name": "Dana"}}})
}

async fn post(client: &reqwest::Client, i: &Instance, body: &Value) -> u16 {
    let res = client
        .post(format!("{}/webhooks/telegram", i.url))
        .header("X-Telegram-Bot-Api-Secret-Token", SECRET)
        .json(body)
        .send()
        .await
        .expect("webhook");
    res.status().as_u16()
}

fn sends_to(bot: &FakeApi, chat: i64) -> Vec<Recorded> {
    bot.requests()
        .into_iter()
        .filter(|r| r.path.ends_with("/SendMessage") && r.body["chat_id"] == json!(chat))
        .collect()
}

#[tokio::test]
async fn two_instances_on_one_database_act_once() {
    let Some(db_url) = pg::fresh_database().await else {
        return;
    };
    let bot = FakeApi::start(bot_api).await;
    let bot_url = bot.url.to_string();
    // Both start at once on the empty database.
    let (a, b) = (start(&db_url, &bot_url), start(&db_url, &bot_url));
    let client = reqwest::Client::new();
    ready(&client, &a).await;
    ready(&client, &b).await;

    // The same update delivered to both instances acts once.
    let chat = 70_001;
    let hello = update(1, chat, "remind me tomorrow at 9 to call the bank");
    let (ra, rb) = tokio::join!(post(&client, &a, &hello), post(&client, &b, &hello));
    assert_eq!((ra, rb), (200, 200));
    until("the reply", 30, || sends_to(&bot, chat).len() == 1).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(sends_to(&bot, chat).len(), 1, "one reply for one update");

    // A confirmation asked on one instance is completed on the other.
    assert_eq!(post(&client, &a, &update(2, chat, "delete all my tasks")).await, 200);
    until("the question", 30, || sends_to(&bot, chat).len() == 2).await;
    assert_eq!(post(&client, &b, &update(3, chat, "yes")).await, 200);
    until("the answer", 30, || sends_to(&bot, chat).len() == 3).await;
    let db = ozer::store::connect(&db_url).await.unwrap();
    let user = users::find(&db, ozer::channels::Channel::Telegram, &chat.to_string()).await.unwrap().expect("user");
    assert!(tasks::by_status(&db, user.id, tasks::OPEN).await.unwrap().is_empty(), "the tasks were deleted");

    // 1,000 reminders due in the same minute are each sent exactly once.
    let now = Utc::now();
    for i in 0..1000 {
        let title = format!("r{i:04}");
        let new = NewTask { user_id: user.id, title: &title, due_at: Some(now), local_time: None, recurrence: None };
        tasks::create(&db, new, now).await.unwrap();
    }
    until("1,000 reminders", 120, || sends_to(&bot, chat).len() >= 1003).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mut seen: HashMap<String, usize> = HashMap::new();
    for r in sends_to(&bot, chat).iter().skip(3) {
        let text = r.body["text"].as_str().unwrap_or_default();
        let title = (0..1000).map(|i| format!("r{i:04}")).find(|t| text.contains(t.as_str())).unwrap_or_default();
        *seen.entry(title).or_default() += 1;
    }
    assert_eq!(sends_to(&bot, chat).len(), 1003, "no reminder sent twice");
    assert_eq!(seen.len(), 1000, "every reminder sent");
    assert!(seen.values().all(|n| *n == 1));
}
