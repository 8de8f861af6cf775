//! WhatsappClient against a fake Graph API on 127.0.0.1:0 that records requests and answers with
//! the Cloud API's JSON shapes.

mod support;

use serde_json::{Value, json};
use support::FakeApi;

use ozer::channels::whatsapp::{SendError, WhatsappClient};
use ozer::channels::{Button, Reply};

const PHONE_NUMBER_ID: &str = "1122334455667";
const TOKEN: &str = "EAAG-test-token";
const USER: &str = "972987654321";

fn graph(_path: &str, body: &Value, seen: usize) -> (u16, Value) {
    (
        200,
        json!({
            "messaging_product": "whatsapp",
            "contacts": [{"input": body["to"], "wa_id": body["to"]}],
            "messages": [{"id": format!("wamid.fake{seen}")}]
        }),
    )
}

async fn setup() -> (FakeApi, WhatsappClient) {
    let fake = FakeApi::start(graph).await;
    let client = WhatsappClient::new(fake.url.clone(), PHONE_NUMBER_ID, TOKEN).unwrap();
    (fake, client)
}

fn reply(text: &str, n: usize) -> Reply {
    Reply {
        text: text.to_owned(),
        buttons: (1..=n).map(|i| Button { label: format!("Option {i}"), payload: format!("choice:{i}") }).collect(),
    }
}

fn graph_error(code: i64, message: &str) -> Value {
    json!({"error": {"message": message, "type": "OAuthException", "code": code,
                     "error_subcode": 2_494_010, "fbtrace_id": "Az8or2yhqkZfEZ-_4Qn_Bam"}})
}

#[tokio::test]
async fn text_reply_is_posted_with_the_bearer_token_and_returns_the_wamid() {
    let (fake, client) = setup().await;
    let wamid = client.send_reply(USER, &reply("שלום!", 0)).await.unwrap();

    assert_eq!(wamid, "wamid.fake0");
    let requests = fake.requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].path, format!("/v21.0/{PHONE_NUMBER_ID}/messages"));
    assert_eq!(requests[0].authorization.as_deref(), Some("Bearer EAAG-test-token"));
    assert_eq!(
        requests[0].body,
        json!({"messaging_product": "whatsapp", "recipient_type": "individual", "to": USER,
               "type": "text", "text": {"body": "שלום!"}})
    );
}

#[tokio::test]
async fn a_pinned_version_changes_the_path() {
    let (fake, client) = setup().await;
    let client = client.with_version("v23.0");
    client.send_reply(USER, &reply("hi", 0)).await.unwrap();
    assert_eq!(fake.requests()[0].path, format!("/v23.0/{PHONE_NUMBER_ID}/messages"));
}

#[tokio::test]
async fn a_5000_char_text_is_sent_as_two_messages() {
    let (fake, client) = setup().await;
    let wamid = client.send_reply(USER, &reply(&"word ".repeat(1000), 0)).await.unwrap();
    let requests = fake.requests();
    assert_eq!(requests.len(), 2);
    for request in &requests {
        assert!(request.body["text"]["body"].as_str().unwrap().chars().count() <= 4096);
    }
    assert_eq!(wamid, "wamid.fake1");
}

#[tokio::test]
async fn two_buttons_are_sent_as_interactive_reply_buttons() {
    let (fake, client) = setup().await;
    client.send_reply(USER, &reply("Delete it?", 2)).await.unwrap();
    let body = &fake.requests()[0].body;
    assert_eq!(body["type"], "interactive");
    assert_eq!(body["interactive"]["type"], "button");
    assert_eq!(body["interactive"]["body"]["text"], "Delete it?");
    assert_eq!(
        body["interactive"]["action"]["buttons"][1],
        json!({"type": "reply", "reply": {"id": "choice:2", "title": "Option 2"}})
    );
}

#[tokio::test]
async fn five_options_are_sent_as_an_interactive_list() {
    let (fake, client) = setup().await;
    client.send_reply(USER, &reply("Which task?", 5)).await.unwrap();
    let interactive = &fake.requests()[0].body["interactive"];
    assert_eq!(interactive["type"], "list");
    assert_eq!(interactive["action"]["button"], "Choose");
    let rows = interactive["action"]["sections"][0]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    assert_eq!(rows[4], json!({"id": "choice:5", "title": "Option 5"}));
}

#[tokio::test]
async fn a_template_is_sent_with_its_language_and_body_parameter() {
    let (fake, client) = setup().await;
    let wamid = client.send_template(USER, "ozer_reminder", "he", "לקנות חלב").await.unwrap();
    assert_eq!(wamid, "wamid.fake0");
    let body = &fake.requests()[0].body;
    assert_eq!(body["type"], "template");
    assert_eq!(
        body["template"],
        json!({"name": "ozer_reminder", "language": {"code": "he"},
               "components": [{"type": "body", "parameters": [{"type": "text", "text": "לקנות חלב"}]}]})
    );
}

#[tokio::test]
async fn error_131047_means_the_window_is_closed() {
    let (fake, client) = setup().await;
    fake.enqueue(400, graph_error(131_047, "(#131047) Re-engagement message"));
    let error = client.send_reply(USER, &reply("hi", 0)).await.unwrap_err();
    assert!(matches!(error, SendError::WindowClosed), "{error:?}");
}

#[tokio::test]
async fn throttling_and_server_errors_are_transient() {
    let (fake, client) = setup().await;
    fake.enqueue(400, graph_error(131_056, "(#131056) Pair rate limit hit"));
    fake.enqueue(500, json!({"error": {"message": "An unknown error occurred", "code": 1}}));
    fake.enqueue(502, json!("<html>bad gateway</html>"));
    for _ in 0..3 {
        let error = client.send_reply(USER, &reply("hi", 0)).await.unwrap_err();
        assert!(error.is_transient(), "{error:?}");
    }
}

#[tokio::test]
async fn invalid_requests_and_bad_tokens_are_permanent() {
    let (fake, client) = setup().await;
    fake.enqueue(400, graph_error(100, "(#100) Invalid parameter"));
    fake.enqueue(401, graph_error(190, "Error validating access token"));
    for code in [100, 190] {
        match client.send_reply(USER, &reply("hi", 0)).await {
            Err(SendError::Permanent(failure)) => assert_eq!(failure.code, Some(code)),
            other => panic!("expected Permanent, got {other:?}"),
        }
    }
}

#[tokio::test]
async fn an_unreachable_api_is_transient() {
    let unused = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = url::Url::parse(&format!("http://{}/", unused.local_addr().unwrap())).unwrap();
    drop(unused);
    let client = WhatsappClient::new(url, PHONE_NUMBER_ID, TOKEN).unwrap();
    let error = client.send_reply(USER, &reply("hi", 0)).await.unwrap_err();
    assert!(error.is_transient(), "{error:?}");
    assert!(!error.to_string().contains(TOKEN));
}
