//! WhatsApp end to end: corpus bodies, signed like Meta signs them, posted to
//! `/webhooks/whatsapp`; sends checked at a fake Graph API on 127.0.0.1:0.

mod common;
mod support;

use chrono::{Duration, Utc};
use common::channels::{inbound_rows, outbound_rows, quiesce};
use common::{TestApp, spawn_app_with};
use hmac::{Hmac, KeyInit, Mac};
use ozer::channels::{Channel, Reply};
use ozer::clock::Clock;
use ozer::store::{delivery, outbound, users};
use serde_json::{Value, json};
use sha2::Sha256;
use support::{FakeApi, Recorded, eventually, graph_api};

const APP_SECRET: &str = "ozer-test-app-secret";
const VERIFY_TOKEN: &str = "meatyhamhock";
const PHONE_NUMBER_ID: &str = "1122334455667";

macro_rules! corpus {
    ($file:literal) => {
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/whatsapp/", $file)).as_slice()
    };
}

async fn setup(clock: Clock) -> (TestApp, FakeApi) {
    let fake = FakeApi::start(graph_api).await;
    let url = fake.url.to_string();
    let env = [
        ("WHATSAPP_ACCESS_TOKEN", "EAAG-test-token"),
        ("WHATSAPP_APP_SECRET", APP_SECRET),
        ("WHATSAPP_VERIFY_TOKEN", VERIFY_TOKEN),
        ("WHATSAPP_PHONE_NUMBER_ID", PHONE_NUMBER_ID),
        ("WHATSAPP_API_URL", url.as_str()),
    ];
    (spawn_app_with(&env, clock).await, fake)
}

fn sign(body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(APP_SECRET.as_bytes()).unwrap();
    mac.update(body);
    let hex: String = mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256={hex}")
}

async fn post_raw(app: &TestApp, body: &[u8], signature: Option<&str>) -> u16 {
    let mut req = app
        .client
        .post(format!("{}/webhooks/whatsapp", app.address))
        .header("content-type", "application/json")
        .body(body.to_vec());
    if let Some(signature) = signature {
        req = req.header("X-Hub-Signature-256", signature);
    }
    req.send().await.expect("request").status().as_u16()
}

async fn post(app: &TestApp, body: &[u8]) -> u16 {
    post_raw(app, body, Some(&sign(body))).await
}

fn sends(fake: &FakeApi) -> Vec<Recorded> {
    fake.requests().into_iter().filter(|r| r.path == format!("/v21.0/{PHONE_NUMBER_ID}/messages")).collect()
}

/// Corpus 01 with another sender, message id and text.
fn text_from(from: &str, wamid: &str, text: &str) -> Vec<u8> {
    let mut v: Value = serde_json::from_slice(corpus!("01_text_message.json")).unwrap();
    let value = &mut v["entry"][0]["changes"][0]["value"];
    value["contacts"][0]["wa_id"] = from.into();
    value["messages"][0]["from"] = from.into();
    value["messages"][0]["id"] = wamid.into();
    value["messages"][0]["text"]["body"] = text.into();
    serde_json::to_vec(&v).unwrap()
}

#[tokio::test]
async fn the_verification_handshake_echoes_the_challenge_only_for_the_right_token() {
    let (app, _fake) = setup(Clock::system()).await;
    let url = |token: &str| {
        format!(
            "{}/webhooks/whatsapp?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token={token}",
            app.address
        )
    };
    let ok = app.client.get(url(VERIFY_TOKEN)).send().await.unwrap();
    assert_eq!(ok.status().as_u16(), 200);
    assert!(ok.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
    assert_eq!(ok.text().await.unwrap(), "1158201444");
    let bad = app.client.get(url("nope")).send().await.unwrap();
    assert_eq!(bad.status().as_u16(), 403);
}

#[tokio::test]
async fn the_signed_vector_passes_and_a_one_byte_change_is_401_with_nothing_stored() {
    let (app, fake) = setup(Clock::system()).await;
    let raw = corpus!("17_signed_webhook_body.raw");
    let vector: Value = serde_json::from_slice(corpus!("17_signed_webhook_vector.json")).unwrap();
    let header = vector["header_value"].as_str().unwrap();

    let mut tampered = raw.to_vec();
    let at = tampered.len() / 2;
    tampered[at] ^= 0x01;
    assert_eq!(post_raw(&app, &tampered, Some(header)).await, 401);
    assert_eq!(post_raw(&app, raw, None).await, 401);
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert!(inbound_rows(&app.state).await.is_empty());

    assert_eq!(post_raw(&app, raw, Some(header)).await, 200);
    eventually("a reply", || async { !sends(&fake).is_empty() }).await;
    assert_eq!(sends(&fake)[0].body["to"], "972544401243");
    assert_eq!(inbound_rows(&app.state).await.len(), 1);
}

#[tokio::test]
async fn a_hebrew_text_gets_a_hebrew_reply() {
    let (app, fake) = setup(Clock::system()).await;
    let body = text_from("972501234567", "wamid.he1", "שלום, מה אתה יכול לעשות?");
    assert_eq!(post(&app, &body).await, 200);
    eventually("a reply", || async { !sends(&fake).is_empty() }).await;
    let sent = &sends(&fake)[0];
    assert_eq!(sent.authorization.as_deref(), Some("Bearer EAAG-test-token"));
    assert_eq!(sent.body["to"], "972501234567");
    let text = sent.body["text"]["body"].as_str().unwrap();
    assert!(text.chars().any(|c| ('\u{05D0}'..='\u{05EA}').contains(&c)), "{text}");
}

#[tokio::test]
async fn every_corpus_body_replayed_three_times_acts_once() {
    let (app, fake) = setup(Clock::system()).await;
    // 01, 02, 03, 04, 05, 06, 07, 13 and 14 are messages (12 is Meta's "unsupported", which is
    // answered like media); 01-07, 12 and 13 share the placeholder id wamid.xyzxyz.
    let bodies = [
        corpus!("01_text_message.json"),
        corpus!("02_text_reply_with_context.json"),
        corpus!("03_interactive_button_reply.json"),
        corpus!("04_interactive_list_reply.json"),
        corpus!("05_template_quick_reply_button.json"),
        corpus!("06_voice_note_audio_voice_true.json"),
        corpus!("07_audio_file_forwarded_voice_false.json"),
        corpus!("08_status_sent.json"),
        corpus!("09_status_delivered.json"),
        corpus!("10_status_read.json"),
        corpus!("11_status_failed.json"),
        corpus!("12_unsupported_message.json"),
        corpus!("13_image_message.json"),
        corpus!("14_dashboard_test_sample_text.json"),
        corpus!("15_real_status_sent_utility.json"),
        corpus!("16_status_failed_131047_outside_24h.json"),
    ];
    for _ in 0..3 {
        for body in bodies {
            assert_eq!(post(&app, body).await, 200);
        }
    }
    eventually("replies", || async { !sends(&fake).is_empty() }).await;
    quiesce(&app.state).await;
    let rows = inbound_rows(&app.state).await;
    let mut ids: Vec<&str> = rows.iter().map(|r| r.external_message_id.as_str()).collect();
    ids.dedup();
    assert_eq!(ids.len(), rows.len(), "one row per message id: {rows:#?}");
    assert_eq!(sends(&fake).len(), rows.len(), "one send per stored message");
}

#[tokio::test]
async fn a_button_reply_reaches_the_inbound_log_as_the_users_choice() {
    let (app, fake) = setup(Clock::system()).await;
    assert_eq!(post(&app, corpus!("03_interactive_button_reply.json")).await, 200);
    eventually("a reply", || async { !sends(&fake).is_empty() }).await;
    let rows = inbound_rows(&app.state).await;
    assert_eq!(rows.len(), 1);
    assert!(rows[0].button.is_some(), "{rows:#?}");
}

#[tokio::test]
async fn a_voice_note_gets_the_polite_text_only_answer() {
    let (app, fake) = setup(Clock::system()).await;
    assert_eq!(post(&app, corpus!("06_voice_note_audio_voice_true.json")).await, 200);
    eventually("an answer", || async { !sends(&fake).is_empty() }).await;
    let text = sends(&fake)[0].body["text"]["body"].as_str().unwrap().to_string();
    assert!(text.contains("רק טקסט"), "{text}");
}

#[tokio::test]
async fn a_reminder_after_24_hours_of_silence_goes_out_as_the_template() {
    let clock = Clock::frozen(Utc::now());
    let (app, fake) = setup(clock.clone()).await;
    assert_eq!(post(&app, &text_from("972500000001", "wamid.a", "hello")).await, 200);
    eventually("a reply", || async { sends(&fake).len() == 1 }).await;
    quiesce(&app.state).await;

    clock.advance(Duration::hours(25));
    let user = users::find(&app.state.db, Channel::Whatsapp, "972500000001").await.unwrap().unwrap();
    let reminder = Reply::text("Reminder: call the dentist\nat 8");
    let new = outbound::NewOutbound {
        user_id: Some(user.id),
        channel: Channel::Whatsapp,
        external_user: "972500000001",
        kind: outbound::KIND_PUSH,
        reply: &reminder,
        inbound_id: None,
        dedupe_key: Some("reminder:1".into()),
    };
    outbound::enqueue(&app.state.db, new, clock.now()).await.unwrap();
    app.state.wake_outbox.notify_one();
    eventually("the template", || async { sends(&fake).len() == 2 }).await;
    let sent = &sends(&fake)[1];
    assert_eq!(sent.body["type"], "template");
    assert_eq!(sent.body["template"]["name"], "ozer_reminder");
    assert_eq!(sent.body["template"]["language"]["code"], "en");
    let param = &sent.body["template"]["components"][0]["parameters"][0]["text"];
    assert_eq!(param, "Reminder: call the dentist at 8");
}

#[tokio::test]
async fn a_131047_failure_closes_the_window_and_resends_the_reminder_as_the_template() {
    let (app, fake) = setup(Clock::system()).await;
    let wa_id = "919999999999";
    assert_eq!(post(&app, &text_from(wa_id, "wamid.b", "hello")).await, 200);
    eventually("a reply", || async { sends(&fake).len() == 1 }).await;
    quiesce(&app.state).await;

    // A reminder sent inside the window that WhatsApp later reports undeliverable.
    let reminder = Reply::text("Reminder: water the plants");
    let new = outbound::NewOutbound {
        user_id: None,
        channel: Channel::Whatsapp,
        external_user: wa_id,
        kind: outbound::KIND_PUSH,
        reply: &reminder,
        inbound_id: None,
        dedupe_key: None,
    };
    outbound::enqueue(&app.state.db, new, Utc::now()).await.unwrap();
    app.state.wake_outbox.notify_one();
    eventually("the reminder", || async { sends(&fake).len() == 2 }).await;
    quiesce(&app.state).await;
    let wamid = outbound_rows(&app.state).await[1].external_id.clone().unwrap();

    let mut status: Value = serde_json::from_slice(corpus!("16_status_failed_131047_outside_24h.json")).unwrap();
    status["statuses"][0]["id"] = wamid.into();
    let body = serde_json::to_vec(&status).unwrap();
    assert_eq!(post(&app, &body).await, 200);

    eventually("the template", || async { sends(&fake).len() == 3 }).await;
    assert_eq!(sends(&fake)[2].body["type"], "template");
    let identity = delivery::identity(&app.state.db, Channel::Whatsapp, wa_id).await.unwrap().unwrap();
    assert!(identity.window_closed);
}

#[tokio::test]
async fn a_window_closed_error_on_a_send_is_retried_as_the_template() {
    let (app, fake) = setup(Clock::system()).await;
    fake.enqueue(400, json!({"error": {"message": "Re-engagement message", "code": 131047}}));
    assert_eq!(post(&app, &text_from("972500000002", "wamid.c", "hello")).await, 200);
    eventually("two requests", || async { sends(&fake).len() == 2 }).await;
    assert_eq!(sends(&fake)[1].body["type"], "template");
    quiesce(&app.state).await;
    let row = &outbound_rows(&app.state).await[0];
    assert!(row.via_template);
    assert_eq!(row.status, "sent");
}

#[tokio::test]
async fn delivery_statuses_are_recorded_and_never_go_backwards() {
    let (app, fake) = setup(Clock::system()).await;
    assert_eq!(post(&app, &text_from("972500000003", "wamid.d", "hello")).await, 200);
    eventually("a reply", || async { sends(&fake).len() == 1 }).await;
    quiesce(&app.state).await;
    let wamid = outbound_rows(&app.state).await[0].external_id.clone().unwrap();
    for (file, name) in [(corpus!("10_status_read.json"), "read"), (corpus!("09_status_delivered.json"), "delivered")] {
        let mut v: Value = serde_json::from_slice(file).unwrap();
        v["entry"][0]["changes"][0]["value"]["statuses"][0]["id"] = wamid.clone().into();
        assert_eq!(post(&app, &serde_json::to_vec(&v).unwrap()).await, 200, "{name}");
    }
    let row = &outbound_rows(&app.state).await[0];
    assert_eq!(row.delivery_status.as_deref(), Some("read"));
}

#[tokio::test]
async fn malformed_and_oversized_signed_bodies_never_panic() {
    let (app, _fake) = setup(Clock::system()).await;
    for body in [&b"not json"[..], b"{}", b"[]", b"{\"entry\": 5}", &[0xff, 0xfe]] {
        let status = post(&app, body).await;
        assert!(status == 200 || (400..500).contains(&status), "{status}");
    }
    let huge = vec![b' '; 3 * 1024 * 1024];
    let status = post(&app, &huge).await;
    assert!((400..500).contains(&status), "{status}");
    let health = app.client.get(format!("{}/healthz", app.address)).send().await.unwrap();
    assert_eq!(health.status().as_u16(), 200);
}

/// Corpus 03 (an interactive button reply) as a tap on one of Ozer's own buttons.
fn button_reply_from(from: &str, wamid: &str, id: &str, title: &str) -> Vec<u8> {
    let mut v: Value = serde_json::from_slice(corpus!("03_interactive_button_reply.json")).unwrap();
    let value = &mut v["entry"][0]["changes"][0]["value"];
    value["contacts"][0]["wa_id"] = from.into();
    value["messages"][0]["from"] = from.into();
    value["messages"][0]["id"] = wamid.into();
    value["messages"][0]["interactive"]["button_reply"]["id"] = id.into();
    value["messages"][0]["interactive"]["button_reply"]["title"] = title.into();
    serde_json::to_vec(&v).unwrap()
}

#[tokio::test]
async fn a_confirmation_is_answered_with_a_button_reply_end_to_end() {
    let (app, fake) = setup(Clock::system()).await;
    for (i, text) in
        ["remind me tomorrow at 9am to call mom", "remind me tomorrow at 10am to call dad"].iter().enumerate()
    {
        assert_eq!(post(&app, &text_from("972500000001", &format!("wamid.c{i}"), text)).await, 200);
        quiesce(&app.state).await;
    }
    assert_eq!(post(&app, &text_from("972500000001", "wamid.c9", "delete all my tasks")).await, 200);
    quiesce(&app.state).await;
    let question = sends(&fake).last().cloned().unwrap();
    assert_eq!(question.body["type"], "interactive", "{}", question.body);
    let yes = question.body["interactive"]["action"]["buttons"][0]["reply"]["id"].as_str().unwrap().to_owned();
    assert!(yes.starts_with("confirm:") && yes.ends_with(":yes"), "{}", question.body);

    assert_eq!(post(&app, &button_reply_from("972500000001", "wamid.c10", &yes, "Yes")).await, 200);
    quiesce(&app.state).await;
    let done = sends(&fake).last().unwrap().body.to_string();
    assert!(done.contains("Deleted 2"), "{done}");
    use sea_orm::{EntityTrait, PaginatorTrait};
    assert_eq!(ozer::store::entities::task::Entity::find().count(&app.state.db).await.unwrap(), 0);
}
