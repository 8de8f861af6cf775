//! A small in-process OpenAI-compatible embeddings server on 127.0.0.1:0. It records every
//! request body, answers with the real response shape, and can be switched "down" (503) to
//! test that notes saved during an outage are embedded later.
//!
//! Vectors are a hashed bag of words (64 dimensions), so texts sharing words are close.

#![allow(dead_code)]

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use serde_json::{Value, json};

#[derive(Clone, Default)]
pub struct FakeEmbeddings {
    pub requests: Arc<Mutex<Vec<Value>>>,
    pub down: Arc<AtomicBool>,
}

impl FakeEmbeddings {
    /// Starts the server; returns it and its base URL (the EMBEDDINGS_URL value).
    pub async fn start() -> (Self, String) {
        let fake = FakeEmbeddings::default();
        let app = Router::new().route("/v1/embeddings", post(embeddings)).with_state(fake.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let url = format!("http://127.0.0.1:{}/v1", listener.local_addr().expect("addr").port());
        tokio::spawn(async move { axum::serve(listener, app).await.expect("serve") });
        (fake, url)
    }

    pub fn set_down(&self, down: bool) {
        self.down.store(down, Ordering::SeqCst);
    }

    pub fn requests(&self) -> Vec<Value> {
        self.requests.lock().expect("lock").clone()
    }

    /// The input_type of every recorded request whose input contains `needle`.
    pub fn input_types_for(&self, needle: &str) -> Vec<String> {
        self.requests()
            .iter()
            .filter(|r| {
                r["input"].as_array().is_some_and(|a| a.iter().any(|i| i.as_str().is_some_and(|s| s.contains(needle))))
            })
            .map(|r| r["input_type"].as_str().unwrap_or("").to_string())
            .collect()
    }
}

async fn embeddings(State(fake): State<FakeEmbeddings>, Json(body): Json<Value>) -> (StatusCode, Json<Value>) {
    fake.requests.lock().expect("lock").push(body.clone());
    if fake.down.load(Ordering::SeqCst) {
        return (StatusCode::SERVICE_UNAVAILABLE, Json(json!({"error": "down"})));
    }
    let inputs: Vec<String> = body["input"]
        .as_array()
        .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_string)).collect())
        .unwrap_or_default();
    let data: Vec<Value> = inputs
        .iter()
        .enumerate()
        .map(|(i, text)| json!({"object": "embedding", "index": i, "embedding": bag_of_words(text)}))
        .collect();
    let model = body["model"].clone();
    (
        StatusCode::OK,
        Json(json!({"object": "list", "data": data, "model": model, "usage": {"prompt_tokens": 1, "total_tokens": 1}})),
    )
}

fn bag_of_words(text: &str) -> Vec<f32> {
    let mut v = vec![0.01f32; 64];
    for word in text.to_lowercase().split(|c: char| !c.is_alphanumeric()).filter(|w| w.len() > 2) {
        let h = word.bytes().fold(1469598103934665603u64, |h, b| (h ^ u64::from(b)).wrapping_mul(1099511628211));
        v[(h % 64) as usize] += 1.0;
    }
    v
}
