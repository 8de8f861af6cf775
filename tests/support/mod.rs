//! Test support: a tiny in-process HTTP fake that records every request and answers with
//! scripted responses first, then with a default responder. Used for the Bot API and Graph API.

#![allow(dead_code)]

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::Value;

/// One request as the fake saw it.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub path: String,
    pub authorization: Option<String>,
    /// The JSON body, or `Null` when the body was not JSON (teloxide sends SetWebhook as multipart).
    pub body: Value,
    pub raw: String,
}

/// Builds the default answer from (path, request body, number of earlier requests).
pub type Responder = fn(&str, &Value, usize) -> (u16, Value);

#[derive(Clone)]
struct FakeState {
    requests: Arc<Mutex<Vec<Recorded>>>,
    script: Arc<Mutex<VecDeque<(u16, Value)>>>,
    default: Responder,
}

pub struct FakeApi {
    pub url: url::Url,
    state: FakeState,
}

impl FakeApi {
    pub async fn start(default: Responder) -> Self {
        let state = FakeState { requests: Arc::default(), script: Arc::default(), default };
        let app = Router::new().fallback(handle).with_state(state.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        let url = url::Url::parse(&format!("http://{addr}/")).unwrap();
        Self { url, state }
    }

    /// Queues a response served (in order) before the default responder takes over.
    pub fn enqueue(&self, status: u16, body: Value) {
        self.state.script.lock().unwrap().push_back((status, body));
    }

    pub fn requests(&self) -> Vec<Recorded> {
        self.state.requests.lock().unwrap().clone()
    }
}

async fn handle(State(state): State<FakeState>, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let raw = String::from_utf8_lossy(&body).into_owned();
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let path = uri.path().to_owned();
    let seen = {
        let mut requests = state.requests.lock().unwrap();
        requests.push(Recorded {
            path: path.clone(),
            authorization: headers.get("authorization").and_then(|v| v.to_str().ok()).map(str::to_owned),
            body: body.clone(),
            raw,
        });
        requests.len() - 1
    };
    let scripted = state.script.lock().unwrap().pop_front();
    let (status, answer) = scripted.unwrap_or_else(|| (state.default)(&path, &body, seen));
    let status = StatusCode::from_u16(status).unwrap();
    (status, axum::Json(answer)).into_response()
}

/// Bot API answers: a sent Message for SendMessage, the bot for GetMe, webhook info for
/// GetWebhookInfo, `true` for everything else.
pub fn bot_api(path: &str, body: &Value, seen: usize) -> (u16, Value) {
    let result = if path.ends_with("/SendMessage") {
        serde_json::json!({
            "message_id": 1000 + seen,
            "from": {"id": 42, "is_bot": true, "first_name": "Ozer", "username": "OzerBot"},
            "chat": {"id": body["chat_id"], "type": "private", "first_name": "Dana"},
            "date": 1_750_000_000,
            "text": body["text"],
        })
    } else if path.ends_with("/GetMe") {
        serde_json::json!({
            "id": 42, "is_bot": true, "first_name": "Ozer", "username": "OzerBot",
            "can_join_groups": true, "can_read_all_group_messages": false, "supports_inline_queries": false,
            "can_connect_to_business": false, "has_main_web_app": false
        })
    } else if path.ends_with("/GetWebhookInfo") {
        serde_json::json!({
            "url": "https://ozer.example/telegram/webhook",
            "has_custom_certificate": false,
            "pending_update_count": 3,
            "last_error_date": 1_750_000_000,
            "last_error_message": "Connection timed out",
        })
    } else {
        serde_json::json!(true)
    };
    (200, serde_json::json!({"ok": true, "result": result}))
}

/// Graph API answers: every message is accepted with a fresh wamid.
pub fn graph_api(_path: &str, body: &Value, seen: usize) -> (u16, Value) {
    (
        200,
        serde_json::json!({
            "messaging_product": "whatsapp",
            "contacts": [{"input": body["to"], "wa_id": body["to"]}],
            "messages": [{"id": format!("wamid.out{seen}")}]
        }),
    )
}

/// Polls `check` until it holds (up to ~10 s); panics with `what` otherwise.
pub async fn eventually<F, Fut>(what: &str, check: F)
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    for _ in 0..200 {
        if check().await {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("timed out waiting for: {what}");
}
