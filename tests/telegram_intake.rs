//! Telegram intake never waits on the Bot API: an update is stored before anything is asked of
//! Telegram, and the bot's username (needed only for group messages) is learnt in the background.

mod common;
mod support;

use common::channels::inbound_rows;
use common::spawn_app_with;
use ozer::clock::Clock;
use serde_json::{Value, json};
use support::{FakeApi, eventually};

/// A Bot API whose getMe is broken (as a proxy answering a shape teloxide cannot parse would be).
fn broken_get_me(path: &str, body: &Value, seen: usize) -> (u16, Value) {
    if path.ends_with("/GetMe") {
        return (200, json!({"ok": true, "result": {"id": 42}}));
    }
    support::bot_api(path, body, seen)
}

fn private_update(update_id: i64, chat: i64) -> Value {
    json!({"update_id": update_id, "message": {
        "message_id": update_id, "date": 1_750_000_000, "text": "help",
        "from": {"id": chat, "is_bot": false, "first_name": "Dana"},
        "chat": {"id": chat, "type": "private", "first_name": "Dana"}}})
}

#[tokio::test]
async fn updates_are_stored_while_get_me_fails_and_get_me_is_not_asked_per_update() {
    let fake = FakeApi::start(broken_get_me).await;
    let url = fake.url.to_string();
    let env = [("TELEGRAM_BOT_TOKEN", "1:t"), ("TELEGRAM_WEBHOOK_SECRET", "s"), ("TELEGRAM_API_URL", url.as_str())];
    let app = spawn_app_with(&env, Clock::system()).await;
    for i in 0..20 {
        let res = app
            .client
            .post(format!("{}/webhooks/telegram", app.address))
            .header("X-Telegram-Bot-Api-Secret-Token", "s")
            .json(&private_update(1000 + i, 7000 + i))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
    }
    assert_eq!(inbound_rows(&app.state).await.len(), 20, "every update stored");
    let state = app.state.clone();
    eventually("replies to every update", || {
        let fake = &fake;
        let _ = &state;
        async move { fake.requests().iter().filter(|r| r.path.ends_with("/SendMessage")).count() == 20 }
    })
    .await;
    let get_me = fake.requests().iter().filter(|r| r.path.ends_with("/GetMe")).count();
    assert!(get_me <= 1, "getMe asked {get_me} times for 20 updates");
}
