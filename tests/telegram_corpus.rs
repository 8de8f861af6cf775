//! Every Telegram corpus body maps to the outcome Ozer expects, and no input makes parsing panic.

#[path = "common/rng.rs"]
mod rng;

use ozer::channels::Channel;
use ozer::channels::telegram::{NonTextMessage, TelegramInbound, parse_update};

macro_rules! corpus {
    ($file:literal) => {
        include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/telegram/", $file)).as_slice()
    };
}

const BOT: Option<&str> = Some("OzerBot");

fn message(body: &[u8]) -> ozer::channels::InboundMessage {
    match parse_update(body, BOT) {
        TelegramInbound::Message(m) => m,
        other => panic!("expected a Message, got {other:?}"),
    }
}

fn edit(body: &[u8], change: impl FnOnce(&mut serde_json::Value)) -> Vec<u8> {
    let mut value: serde_json::Value = serde_json::from_slice(body).unwrap();
    change(&mut value);
    serde_json::to_vec(&value).unwrap()
}

#[test]
fn private_text_message_becomes_a_message_keyed_by_update_id() {
    let m = message(corpus!("01_text_message_private.json"));
    assert_eq!(m.channel, Channel::Telegram);
    assert_eq!(m.text, "hello there");
    assert_eq!(m.external_user, "218485655");
    assert_eq!(m.message_id, "892252934");
    assert_eq!(m.button, None);
    assert_eq!(m.display_name.as_deref(), Some("Waffle"));
    assert_eq!(m.lang_hint.as_deref(), Some("en"));
    assert_eq!(m.received_at.timestamp(), 1_569_518_342);
}

#[test]
fn plain_start_command_is_a_message() {
    let m = message(corpus!("02_start_command_plain.json"));
    assert_eq!(m.text, "/start");
    assert_eq!(m.external_user, "714862471");
    assert_eq!(m.message_id, "633291228");
}

#[test]
fn start_with_deep_link_payload_keeps_the_payload() {
    let m = message(corpus!("03_start_deeplink_payload.json"));
    assert_eq!(m.text, "/start link_Zm9vYmFy-123");
}

#[test]
fn help_command_addressed_with_bot_name_is_normalised() {
    let body = edit(corpus!("02_start_command_plain.json"), |v| {
        v["message"]["text"] = "/help@ozerbot".into();
    });
    assert_eq!(message(&body).text, "/help");
}

#[test]
fn edited_message_is_ignored() {
    assert!(matches!(parse_update(corpus!("04_edited_message.json"), BOT), TelegramInbound::Ignored("edited message")));
}

#[test]
fn group_command_for_someone_else_is_ignored() {
    let body = corpus!("05_group_command_reply_supergroup.json");
    for bot in [BOT, None] {
        assert!(matches!(parse_update(body, bot), TelegramInbound::Ignored("group message not addressed to the bot")));
    }
}

#[test]
fn group_command_naming_the_bot_is_handled_and_answered_in_the_group() {
    let body = edit(corpus!("05_group_command_reply_supergroup.json"), |v| {
        v["message"]["text"] = "/report@OzerBot now".into();
    });
    let m = message(&body);
    assert_eq!(m.text, "/report now");
    assert_eq!(m.external_user, "-1001293752024");
    assert_eq!(m.message_id, "439432600");
}

#[test]
fn group_reply_to_the_bot_is_handled() {
    let body = edit(corpus!("05_group_command_reply_supergroup.json"), |v| {
        let from = &mut v["message"]["reply_to_message"]["from"];
        from["is_bot"] = true.into();
        from["username"] = "OzerBot".into();
    });
    assert_eq!(message(&body).text, "/report");
}

#[test]
fn callback_query_carries_the_button_payload_and_label() {
    match parse_update(corpus!("06_callback_query_inline_keyboard.json"), BOT) {
        TelegramInbound::Callback { inbound, callback_query_id } => {
            assert_eq!(callback_query_id, "592418567116324751");
            assert_eq!(inbound.button.as_deref(), Some("PersonalDataAgree"));
            assert_eq!(inbound.text, "Yes");
            assert_eq!(inbound.external_user, "111111111");
            assert_eq!(inbound.message_id, "314783512");
            assert_eq!(inbound.lang_hint.as_deref(), Some("uk"));
            assert_eq!(inbound.display_name.as_deref(), Some("MyFirstName MyLastName"));
        }
        other => panic!("expected a Callback, got {other:?}"),
    }
}

#[test]
fn callback_on_an_inaccessible_message_still_reaches_the_chat() {
    match parse_update(corpus!("07_callback_query_inaccessible_message.json"), BOT) {
        TelegramInbound::Callback { inbound, callback_query_id } => {
            assert_eq!(callback_query_id, "1022421917380556503");
            assert_eq!(inbound.button.as_deref(), Some("check:35"));
            assert_eq!(inbound.text, "");
            assert_eq!(inbound.external_user, "238051153");
        }
        other => panic!("expected a Callback, got {other:?}"),
    }
}

#[test]
fn schema_incomplete_official_voice_example_is_ignored_not_a_crash() {
    assert!(matches!(parse_update(corpus!("08_voice_message_official_doc.json"), BOT), TelegramInbound::Ignored(_)));
}

#[test]
fn voice_message_is_reported_as_non_text_with_the_chat() {
    match parse_update(corpus!("09_voice_message_official_doc_schema_completed.json"), BOT) {
        TelegramInbound::NonText(non_text) => assert_eq!(
            non_text,
            NonTextMessage { chat_id: 1_111_111, message_id: "10000".into(), lang_hint: None, kind: "voice" }
        ),
        other => panic!("expected NonText, got {other:?}"),
    }
}

#[test]
fn inline_mode_callback_example_is_ignored() {
    assert!(matches!(
        parse_update(corpus!("10_callback_query_official_doc_inline_message.json"), BOT),
        TelegramInbound::Ignored(_)
    ));
    // Even a schema-valid inline-mode callback has no chat to answer in.
    let body = edit(corpus!("10_callback_query_official_doc_inline_message.json"), |v| {
        let q = &mut v["callback_query"];
        q["chat_instance"] = "1".into();
        q["from"]["is_bot"] = false.into();
    });
    assert!(matches!(parse_update(&body, BOT), TelegramInbound::Ignored("callback from an inline-mode message")));
}

#[test]
fn get_updates_envelope_is_not_a_webhook_update() {
    assert!(matches!(parse_update(corpus!("11_getUpdates_response_envelope.json"), BOT), TelegramInbound::Ignored(_)));
}

#[test]
fn unknown_update_kind_is_ignored() {
    assert!(matches!(
        parse_update(corpus!("12_unknown_update_kind.json"), BOT),
        TelegramInbound::Ignored("update kind unknown to teloxide")
    ));
}

#[test]
fn messages_from_bots_are_ignored() {
    let body = edit(corpus!("01_text_message_private.json"), |v| {
        v["message"]["from"]["is_bot"] = true.into();
    });
    assert!(matches!(parse_update(&body, BOT), TelegramInbound::Ignored("message from a bot")));
}

#[test]
fn truncated_corpus_bodies_are_ignored_without_panicking() {
    let bodies = [
        corpus!("01_text_message_private.json"),
        corpus!("05_group_command_reply_supergroup.json"),
        corpus!("06_callback_query_inline_keyboard.json"),
        corpus!("09_voice_message_official_doc_schema_completed.json"),
    ];
    for body in bodies {
        for cut in 0..body.len() - 2 {
            assert!(matches!(parse_update(&body[..cut], BOT), TelegramInbound::Ignored(_)));
        }
    }
}

#[test]
fn random_bytes_are_ignored_without_panicking() {
    let mut rng = rng::XorShift(0x9E37_79B9_7F4A_7C15);
    for len in 0..2000 {
        let bytes = rng.bytes(len % 300);
        assert!(matches!(parse_update(&bytes, BOT), TelegramInbound::Ignored(_)));
    }
}
