//! Every WhatsApp corpus body maps to the expected events, the signed vector verifies, and no
//! input makes parsing panic.

#[path = "common/rng.rs"]
mod rng;

use ozer::channels::whatsapp::{DeliveryStatus, StatusUpdate, WhatsappEvent, parse_webhook, verify_signature};
use ozer::channels::{Channel, InboundMessage};

macro_rules! corpus {
    ($file:literal) => {
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/whatsapp/", $file)).as_slice()
    };
}

fn single(body: &[u8]) -> WhatsappEvent {
    let mut events = parse_webhook(body).unwrap();
    assert_eq!(events.len(), 1, "{events:?}");
    events.remove(0)
}

fn message(body: &[u8]) -> InboundMessage {
    match single(body) {
        WhatsappEvent::Message(m) => m,
        other => panic!("expected a Message, got {other:?}"),
    }
}

fn non_text_kind(body: &[u8]) -> String {
    match single(body) {
        WhatsappEvent::NonText { from, kind, message_id, .. } => {
            assert_eq!(from, "972987654321");
            assert_eq!(message_id, "wamid.xyzxyz");
            kind
        }
        other => panic!("expected NonText, got {other:?}"),
    }
}

fn status(body: &[u8]) -> StatusUpdate {
    match single(body) {
        WhatsappEvent::Status(s) => s,
        other => panic!("expected a Status, got {other:?}"),
    }
}

#[test]
fn text_message_becomes_a_message_from_the_wa_id() {
    let m = message(corpus!("01_text_message.json"));
    assert_eq!(m.channel, Channel::Whatsapp);
    assert_eq!(m.text, "Body Text");
    assert_eq!(m.external_user, "972987654321");
    assert_eq!(m.message_id, "wamid.xyzxyz");
    assert_eq!(m.display_name.as_deref(), Some("Test Name"));
    assert_eq!(m.button, None);
    assert_eq!(m.received_at.timestamp(), 1_697_043_223);
}

#[test]
fn text_reply_with_context_is_a_plain_message() {
    assert_eq!(message(corpus!("02_text_reply_with_context.json")).text, "replied text");
}

#[test]
fn interactive_button_reply_carries_our_id() {
    let m = message(corpus!("03_interactive_button_reply.json"));
    assert_eq!(m.button.as_deref(), Some("callback_data"));
    assert_eq!(m.text, "title");
}

#[test]
fn interactive_list_reply_carries_our_row_id() {
    let m = message(corpus!("04_interactive_list_reply.json"));
    assert_eq!(m.button.as_deref(), Some("callback_data"));
    assert_eq!(m.message_id, "wamid.zyzxyz");
}

#[test]
fn template_quick_reply_carries_its_payload() {
    let m = message(corpus!("05_template_quick_reply_button.json"));
    assert_eq!(m.button.as_deref(), Some("callback_data"));
    assert_eq!(m.text, "title");
    assert_eq!(m.message_id, "wamid.xsidjw");
}

#[test]
fn media_and_unsupported_messages_are_non_text_with_their_kind() {
    assert_eq!(non_text_kind(corpus!("06_voice_note_audio_voice_true.json")), "voice");
    assert_eq!(non_text_kind(corpus!("07_audio_file_forwarded_voice_false.json")), "audio");
    assert_eq!(non_text_kind(corpus!("12_unsupported_message.json")), "unsupported");
    assert_eq!(non_text_kind(corpus!("13_image_message.json")), "image");
}

#[test]
fn statuses_map_to_delivery_states() {
    let sent = status(corpus!("08_status_sent.json"));
    assert_eq!(sent.status, DeliveryStatus::Sent);
    assert_eq!(sent.message_id, "wamid.xyzxyz");
    assert_eq!(sent.recipient, "972987654321");
    assert_eq!(sent.error_code, None);
    assert_eq!(sent.timestamp.timestamp(), 1_698_266_945);
    assert_eq!(status(corpus!("09_status_delivered.json")).status, DeliveryStatus::Delivered);
    assert_eq!(status(corpus!("10_status_read.json")).status, DeliveryStatus::Read);
}

#[test]
fn failed_status_keeps_the_error_code() {
    let failed = status(corpus!("11_status_failed.json"));
    assert_eq!(failed.status, DeliveryStatus::Failed);
    assert_eq!(failed.error_code, Some(130_472));
}

#[test]
fn dashboard_test_sample_is_a_message() {
    let m = message(corpus!("14_dashboard_test_sample_text.json"));
    assert_eq!(m.text, "this is a text message");
    assert_eq!(m.external_user, "16315551181");
    assert_eq!(m.message_id, "ABGGFlA5Fpa");
    assert_eq!(m.display_name.as_deref(), Some("test user name"));
}

#[test]
fn real_utility_status_is_sent() {
    let s = status(corpus!("15_real_status_sent_utility.json"));
    assert_eq!(s.status, DeliveryStatus::Sent);
    assert_eq!(s.recipient, "60173526233");
    assert_eq!(s.message_id, "wamid.HBgLNjAxNzM1MjYyMzMVAgARGBJCNkY5NTBENEU3ODYxQTM3RUQA");
}

#[test]
fn relayed_fragment_with_131047_is_a_failed_status() {
    let s = status(corpus!("16_status_failed_131047_outside_24h.json"));
    assert_eq!(s.status, DeliveryStatus::Failed);
    assert_eq!(s.error_code, Some(131_047));
    assert_eq!(s.recipient, "919999999999");
}

fn vector() -> (String, String) {
    let v: serde_json::Value = serde_json::from_slice(corpus!("17_signed_webhook_vector.json")).unwrap();
    (v["app_secret"].as_str().unwrap().to_owned(), v["header_value"].as_str().unwrap().to_owned())
}

#[test]
fn signed_vector_verifies_and_parses() {
    let body = corpus!("17_signed_webhook_body.raw");
    let (secret, header) = vector();
    assert!(verify_signature(body, Some(&header), &secret));
    let m = message(body);
    assert_eq!(m.text, "Hey there! I am using PyWa.");
    assert_eq!(m.display_name.as_deref(), Some("PyWa Tests"));
    assert_eq!(m.external_user, "972544401243");
}

#[test]
fn a_one_byte_change_in_the_body_breaks_the_signature() {
    let (secret, header) = vector();
    let mut body = corpus!("17_signed_webhook_body.raw").to_vec();
    let last = body.len() - 2;
    body[last] ^= 0x01;
    assert!(!verify_signature(&body, Some(&header), &secret));
}

#[test]
fn a_wrong_secret_or_missing_header_fails() {
    let body = corpus!("17_signed_webhook_body.raw");
    let (secret, header) = vector();
    assert!(!verify_signature(body, Some(&header), "not-the-secret"));
    assert!(!verify_signature(body, None, &secret));
    assert!(!verify_signature(body, Some(&header), ""));
}

#[test]
fn uppercase_hex_in_the_header_still_verifies() {
    let (secret, header) = vector();
    let upper = format!("sha256={}", header["sha256=".len()..].to_uppercase());
    assert!(verify_signature(corpus!("17_signed_webhook_body.raw"), Some(&upper), &secret));
}

#[test]
fn one_bad_message_does_not_drop_the_rest_of_the_batch() {
    let mut body: serde_json::Value = serde_json::from_slice(corpus!("01_text_message.json")).unwrap();
    let messages = body["entry"][0]["changes"][0]["value"]["messages"].as_array_mut().unwrap();
    messages.insert(0, serde_json::json!({"from": 5, "type": ["weird"]}));
    messages.push(serde_json::json!({
        "from": "972987654321", "id": "wamid.r", "timestamp": "1", "type": "reaction",
        "reaction": {"message_id": "wamid.x", "emoji": "👍"}
    }));
    let events = parse_webhook(&serde_json::to_vec(&body).unwrap()).unwrap();
    assert_eq!(events.len(), 2);
    assert!(matches!(&events[0], WhatsappEvent::Message(m) if m.text == "Body Text"));
    assert!(matches!(&events[1], WhatsappEvent::Unsupported { kind, .. } if kind == "reaction"));
}

#[test]
fn hebrew_arrives_escaped_and_is_decoded() {
    let body = br#"{"entry":[{"changes":[{"field":"messages","value":{"messages":[{"from":"972","id":"wamid.h","timestamp":"1","type":"text","text":{"body":"\u05e9\u05dc\u05d5\u05dd"}}]}}]}]}"#;
    assert_eq!(message(body).text, "שלום");
}

#[test]
fn truncated_bodies_are_errors_not_panics() {
    let body = corpus!("03_interactive_button_reply.json");
    for cut in 0..body.len() - 1 {
        let _ = parse_webhook(&body[..cut]);
    }
    assert!(parse_webhook(&body[..body.len() / 2]).is_err());
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = rng::XorShift(0x2545_F491_4F6C_DD1D);
    for len in 0..2000 {
        let bytes = rng.bytes(len % 300);
        let _ = parse_webhook(&bytes);
        let _ = verify_signature(&bytes, Some("sha256=00"), "secret");
    }
    assert!(parse_webhook(b"[1,2,3]").is_err());
    assert!(parse_webhook(b"not json").is_err());
}
