//! Operations: `/metrics` in Prometheus text format reflects what happened.

mod common;

use common::spawn_app_with;
use ozer::clock::Clock;

#[tokio::test]
async fn metrics_count_messages_turns_steps_and_rejected_webhooks() {
    let env =
        [("TELEGRAM_BOT_TOKEN", "1:t"), ("TELEGRAM_WEBHOOK_SECRET", "s"), ("TELEGRAM_API_URL", "http://127.0.0.1:9/")];
    let app = spawn_app_with(&env, Clock::system()).await;
    app.say("help").await;
    app.say("remind me tomorrow at 9 to call the bank").await;
    let forged = app
        .client
        .post(format!("{}/webhooks/telegram", app.address))
        .header("X-Telegram-Bot-Api-Secret-Token", "wrong")
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status().as_u16(), 401);

    let res = app.client.get(format!("{}/metrics", app.address)).send().await.unwrap();
    assert!(res.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
    let text = res.text().await.unwrap();
    for line in [
        "ozer_messages_in_total{channel=\"web\"} 2",
        "ozer_turns_total{outcome=\"ok\"} 2",
        "ozer_steps_total{resolver=\"meta\",status=\"done\"} 1",
        "ozer_steps_total{resolver=\"task\",status=\"done\"} 1",
        "ozer_webhooks_rejected_total{channel=\"telegram\",reason=\"secret\"} 1",
        "ozer_turn_seconds_count 2",
        "ozer_outbox_backlog 0",
    ] {
        assert!(text.contains(line), "missing {line} in:\n{text}");
    }
}
