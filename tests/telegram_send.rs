//! TelegramClient against a fake Bot API on 127.0.0.1:0 that records requests and answers with
//! real Bot API JSON shapes.

mod support;

use serde_json::json;
use support::{FakeApi, Recorded, bot_api};

use ozer::channels::telegram::{SendError, TelegramClient};
use ozer::channels::{Button, Reply};

const TOKEN: &str = "123456:TEST-token";

async fn setup() -> (FakeApi, TelegramClient) {
    let fake = FakeApi::start(bot_api).await;
    let client = TelegramClient::new(TOKEN, fake.url.clone());
    (fake, client)
}

fn sends(fake: &FakeApi) -> Vec<Recorded> {
    fake.requests().into_iter().filter(|r| r.path.ends_with("/SendMessage")).collect()
}

fn reply(text: &str, buttons: &[(&str, &str)]) -> Reply {
    Reply {
        text: text.to_owned(),
        buttons: buttons
            .iter()
            .map(|(label, payload)| Button { label: (*label).to_owned(), payload: (*payload).to_owned() })
            .collect(),
    }
}

#[tokio::test]
async fn reply_with_buttons_is_sent_with_an_inline_keyboard() {
    let (fake, client) = setup().await;
    let answer = reply("למחוק את המשימה?", &[("כן", "confirm:yes"), ("לא", "confirm:no")]);
    client.send(218_485_655, &answer).await.unwrap();

    let sent = sends(&fake);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].path, format!("/bot{TOKEN}/SendMessage"));
    assert_eq!(sent[0].body["chat_id"], 218_485_655);
    assert_eq!(sent[0].body["text"], "למחוק את המשימה?");
    let keyboard = &sent[0].body["reply_markup"]["inline_keyboard"];
    assert_eq!(keyboard[0][0]["text"], "כן");
    assert_eq!(keyboard[0][0]["callback_data"], "confirm:yes");
    assert_eq!(keyboard[0][1]["callback_data"], "confirm:no");
}

#[tokio::test]
async fn a_5000_char_reply_is_sent_as_two_messages_with_buttons_on_the_last() {
    let (fake, client) = setup().await;
    let text = format!("{}\n\n{}", "א".repeat(2500), "ב".repeat(2499));
    client.send(7, &reply(&text, &[("OK", "ack")])).await.unwrap();

    let sent = sends(&fake);
    assert_eq!(sent.len(), 2);
    for part in &sent {
        let units = part.body["text"].as_str().unwrap().encode_utf16().count();
        assert!(units <= 4096, "{units}");
    }
    assert!(sent[0].body.get("reply_markup").is_none());
    assert_eq!(sent[1].body["reply_markup"]["inline_keyboard"][0][0]["callback_data"], "ack");
}

#[tokio::test]
async fn a_429_with_retry_after_is_waited_out_and_retried_once() {
    let (fake, client) = setup().await;
    fake.enqueue(
        429,
        json!({"ok": false, "error_code": 429, "description": "Too Many Requests: retry after 1",
               "parameters": {"retry_after": 1}}),
    );
    let started = std::time::Instant::now();
    client.send(7, &reply("hi", &[])).await.unwrap();

    assert_eq!(sends(&fake).len(), 2);
    assert!(started.elapsed() >= std::time::Duration::from_secs(1));
}

#[tokio::test]
async fn a_429_that_persists_becomes_a_transient_error() {
    let (fake, client) = setup().await;
    for _ in 0..4 {
        fake.enqueue(
            429,
            json!({"ok": false, "error_code": 429, "description": "Too Many Requests: retry after 0",
                   "parameters": {"retry_after": 0}}),
        );
    }
    let error = client.send(7, &reply("hi", &[])).await.unwrap_err();
    assert!(error.is_transient(), "{error:?}");
    assert_eq!(sends(&fake).len(), 4);
}

#[tokio::test]
async fn a_blocked_bot_is_a_permanent_error() {
    let (fake, client) = setup().await;
    fake.enqueue(403, json!({"ok": false, "error_code": 403, "description": "Forbidden: bot was blocked by the user"}));
    let error = client.send(7, &reply("hi", &[])).await.unwrap_err();
    assert!(matches!(error, SendError::Permanent(_)), "{error:?}");
}

#[tokio::test]
async fn an_unreachable_api_is_a_transient_error() {
    let unused = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = url::Url::parse(&format!("http://{}/", unused.local_addr().unwrap())).unwrap();
    drop(unused);
    let client = TelegramClient::new(TOKEN, url);
    let error = client.send(7, &reply("hi", &[])).await.unwrap_err();
    assert!(error.is_transient(), "{error:?}");
    assert!(!format!("{error:?}").contains("TEST-token"));
}

#[tokio::test]
async fn an_oversized_button_payload_sends_nothing() {
    let (fake, client) = setup().await;
    let long = "x".repeat(65);
    let error = client.send(7, &reply("hi", &[("Go", &long)])).await.unwrap_err();
    assert!(matches!(error, SendError::InvalidButtonPayload { len: 65 }));
    assert!(fake.requests().is_empty());
}

#[tokio::test]
async fn callback_queries_are_answered_by_id() {
    let (fake, client) = setup().await;
    client.answer_callback_query("592418567116324751").await.unwrap();
    let requests = fake.requests();
    assert!(requests[0].path.ends_with("/AnswerCallbackQuery"));
    assert_eq!(requests[0].body["callback_query_id"], "592418567116324751");
}

#[tokio::test]
async fn webhook_is_set_with_the_secret_and_info_is_read_back() {
    let (fake, client) = setup().await;
    let url = url::Url::parse("https://ozer.example/telegram/webhook").unwrap();
    client.set_webhook(url, "s3cret-token_1").await.unwrap();
    let info = client.get_webhook_info().await.unwrap();

    let requests = fake.requests();
    assert!(requests[0].path.ends_with("/SetWebhook"));
    // SetWebhook goes out as multipart/form-data (it may carry a certificate file).
    let form = &requests[0].raw;
    assert!(form.contains("name=\"secret_token\"\r\n\r\ns3cret-token_1\r\n"), "{form}");
    assert!(form.contains("https://ozer.example/telegram/webhook"));
    assert!(form.contains(r#"["message","callback_query"]"#), "{form}");
    assert_eq!(info.url.as_deref(), Some("https://ozer.example/telegram/webhook"));
    assert_eq!(info.pending_update_count, 3);
    assert_eq!(info.last_error_message.as_deref(), Some("Connection timed out"));
}
