//! A scripted fake OpenAI-compatible chat server (`POST /chat/completions`) on 127.0.0.1:0:
//! it records every request and answers from a queue — a JSON answer, raw content, a tool call,
//! an HTTP status (429, 500), optionally after a delay. With the queue empty it answers 500, so
//! an unexpected call shows up as a failed, logged call rather than a plausible answer.

#![allow(dead_code)]

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// One scripted answer.
#[derive(Debug, Clone)]
pub enum Answer {
    /// the model answers this JSON object as its message content
    Json(Value),
    /// the model answers this text as its content (junk, prose)
    Content(String),
    /// the model answers with a tool call whose arguments are this object
    ToolCall(Value),
    /// the server answers this HTTP status
    Status(u16),
    /// the answer comes after this long
    Slow(Duration, Box<Answer>),
}

/// One request as the fake saw it.
#[derive(Debug, Clone)]
pub struct Seen {
    pub authorization: Option<String>,
    pub body: Value,
}

impl Seen {
    pub fn system(&self) -> &str {
        self.body["messages"][0]["content"].as_str().unwrap_or_default()
    }

    /// The user content, parsed (Ozer always sends a JSON object).
    pub fn input(&self) -> Value {
        serde_json::from_str(self.body["messages"][1]["content"].as_str().unwrap_or_default()).unwrap_or(Value::Null)
    }
}

#[derive(Clone, Default)]
struct Shared {
    seen: Arc<Mutex<Vec<Seen>>>,
    queue: Arc<Mutex<VecDeque<Answer>>>,
}

pub struct FakeLlm {
    pub url: String,
    shared: Shared,
}

impl FakeLlm {
    pub async fn start() -> Self {
        let shared = Shared::default();
        let app = Router::new().route("/v1/chat/completions", axum::routing::post(handle)).with_state(shared.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Self { url: format!("http://{addr}/v1"), shared }
    }

    pub fn push(&self, answer: Answer) {
        self.shared.queue.lock().unwrap().push_back(answer);
    }

    pub fn requests(&self) -> Vec<Seen> {
        self.shared.seen.lock().unwrap().clone()
    }
}

async fn handle(State(s): State<Shared>, headers: HeaderMap, body: axum::Json<Value>) -> Response {
    let authorization = headers.get("authorization").and_then(|v| v.to_str().ok()).map(str::to_owned);
    s.seen.lock().unwrap().push(Seen { authorization, body: body.0 });
    let answer = s.queue.lock().unwrap().pop_front().unwrap_or(Answer::Status(500));
    respond(answer).await
}

async fn respond(answer: Answer) -> Response {
    let mut answer = answer;
    while let Answer::Slow(delay, inner) = answer {
        tokio::time::sleep(delay).await;
        answer = *inner;
    }
    let message = match answer {
        Answer::Json(v) => json!({"role": "assistant", "content": v.to_string()}),
        Answer::Content(text) => json!({"role": "assistant", "content": text}),
        Answer::ToolCall(v) => json!({"role": "assistant", "content": null, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "plan", "arguments": v.to_string()}}
        ]}),
        Answer::Status(code) => {
            let status = StatusCode::from_u16(code).unwrap();
            return (status, axum::Json(json!({"error": {"message": "scripted failure"}}))).into_response();
        }
        Answer::Slow(..) => unreachable!(),
    };
    axum::Json(json!({
        "id": "chatcmpl-1", "object": "chat.completion", "model": "fake-model",
        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 1200, "completion_tokens": 80, "total_tokens": 1280}
    }))
    .into_response()
}
