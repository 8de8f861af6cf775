//! Rendering and error-classification tests for the WhatsApp client (no network).

use super::*;

fn buttons(n: usize) -> Vec<Button> {
    (1..=n)
        .map(|i| Button { label: format!("Option number {i} with a long label"), payload: format!("choice:{i}") })
        .collect()
}

fn reply(text: &str, n: usize) -> Reply {
    Reply { text: text.to_owned(), buttons: buttons(n) }
}

#[test]
fn plain_text_is_one_text_message_addressed_to_the_user() {
    let payloads = render_reply("972500000000", &reply("hi", 0)).unwrap();
    assert_eq!(payloads.len(), 1);
    assert_eq!(payloads[0]["type"], "text");
    assert_eq!(payloads[0]["text"]["body"], "hi");
    assert_eq!(payloads[0]["to"], "972500000000");
    assert_eq!(payloads[0]["messaging_product"], "whatsapp");
}

#[test]
fn three_buttons_become_reply_buttons_with_titles_of_at_most_20_chars() {
    let payloads = render_reply("u", &reply("Pick one", 3)).unwrap();
    let interactive = &payloads[0]["interactive"];
    assert_eq!(interactive["type"], "button");
    let rendered = interactive["action"]["buttons"].as_array().unwrap();
    assert_eq!(rendered.len(), 3);
    for button in rendered {
        assert!(button["reply"]["title"].as_str().unwrap().chars().count() <= 20);
    }
    assert_eq!(rendered[1]["reply"]["id"], "choice:2");
}

#[test]
fn four_to_ten_buttons_become_a_list_with_short_row_titles() {
    let payloads = render_reply("u", &reply("איזו משימה?", 10)).unwrap();
    let interactive = &payloads[0]["interactive"];
    assert_eq!(interactive["type"], "list");
    assert_eq!(interactive["action"]["button"], "בחירה");
    let rows = interactive["action"]["sections"][0]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 10);
    assert!(rows.iter().all(|r| r["title"].as_str().unwrap().chars().count() <= 24));
    assert_eq!(rows[0]["description"], "Option number 1 with a long label");
}

#[test]
fn more_than_ten_buttons_become_numbered_text() {
    let payloads = render_reply("u", &reply("Which one?", 11)).unwrap();
    assert_eq!(payloads.len(), 1);
    let body = payloads[0]["text"]["body"].as_str().unwrap();
    assert!(body.starts_with("Which one?\n\n1. Option number 1"));
    assert!(body.contains("\n11. Option number 11"));
}

#[test]
fn a_long_text_with_buttons_puts_the_buttons_on_a_short_last_part() {
    let text = "word ".repeat(400);
    let payloads = render_reply("u", &reply(&text, 2)).unwrap();
    assert_eq!(payloads.len(), 2);
    assert_eq!(payloads[0]["type"], "text");
    let body = payloads[1]["interactive"]["body"]["text"].as_str().unwrap();
    assert!(platform_len(body) <= 1024);
}

#[test]
fn a_long_payload_is_refused_before_sending() {
    let mut long = reply("x", 1);
    long.buttons[0].payload = "p".repeat(201);
    assert!(matches!(render_reply("u", &long), Err(SendError::InvalidButtonPayload { len: 201 })));
}

#[test]
fn template_parameters_lose_newlines_and_runs_of_spaces() {
    let payload = render_template("u", "reminder", "he", "לקנות\nחלב     מחר");
    assert_eq!(payload["template"]["language"]["code"], "he");
    let param = &payload["template"]["components"][0]["parameters"][0]["text"];
    assert_eq!(param, "לקנות חלב מחר");
}

#[test]
fn graph_errors_are_classified_for_retry() {
    let body = |code: i64| Some(ErrorResponse { error: GraphError { message: Some("x".into()), code: Some(code) } });
    assert!(matches!(classify(400, body(131_047)), SendError::WindowClosed));
    assert!(classify(400, body(131_056)).is_transient());
    assert!(classify(500, body(131_000)).is_transient());
    assert!(classify(503, None).is_transient());
    assert!(!classify(400, body(100)).is_transient());
    assert!(!classify(401, body(190)).is_transient());
}

#[test]
fn debug_output_hides_the_token() {
    let base = url::Url::parse("http://127.0.0.1:1").unwrap();
    let client = WhatsappClient::new(base, "123", "EAAG-SECRET").unwrap();
    assert!(!format!("{client:?}").contains("EAAG-SECRET"));
}
