//! Shared test helpers: `spawn_app()` builds Ozer on a fresh migrated SQLite file and port 0,
//! and `TestApp` drives the web chat like the page does (with a cookie jar).

#![allow(dead_code)]

pub mod browser;
pub mod channels;
pub mod rng;

use std::collections::HashMap;

use ozer::app::{App, AppState};
use ozer::clock::Clock;
use ozer::config::Settings;
use serde_json::Value;

/// Under `CI=true` a test that would skip for want of a tool fails instead.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

pub struct TestApp {
    pub address: String,
    pub state: AppState,
    pub client: reqwest::Client,
    _dir: TempDir,
}

/// A directory removed when the test ends.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new() -> Self {
        let dir = std::env::temp_dir().join(format!("ozer-test-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Settings for a test: port 0, a fresh SQLite file, plus `extra` environment overrides.
pub fn test_settings(dir: &TempDir, extra: &[(&str, &str)]) -> Settings {
    let mut env: HashMap<String, String> = HashMap::new();
    env.insert("OZER_BIND".into(), "127.0.0.1:0".into());
    let db = dir.0.join("ozer.db");
    env.insert("DATABASE_URL".into(), format!("sqlite://{}?mode=rwc", db.display()));
    for (k, v) in extra {
        env.insert(k.to_string(), v.to_string());
    }
    Settings::from_lookup(move |k| env.get(k).cloned()).expect("valid test settings")
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(&[], Clock::system()).await
}

pub async fn spawn_app_with(extra: &[(&str, &str)], clock: Clock) -> TestApp {
    let dir = TempDir::new();
    let settings = test_settings(&dir, extra);
    spawn_with_settings(settings, clock, dir).await
}

pub async fn spawn_with_settings(settings: Settings, clock: Clock, dir: TempDir) -> TestApp {
    let app = App::build_with_clock(settings, clock).await.expect("app builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    let state = app.state().clone();
    tokio::spawn(app.run_until_stopped());
    let client = reqwest::Client::builder().cookie_store(true).build().expect("client");
    TestApp { address, state, client, _dir: dir }
}

impl TestApp {
    /// Sends `text` through the web chat; returns the JSON response.
    pub async fn chat(&self, text: &str) -> Value {
        self.post_chat(serde_json::json!({ "text": text })).await
    }

    pub async fn post_chat(&self, body: Value) -> Value {
        let res = self.client.post(format!("{}/api/chat", self.address)).json(&body).send().await.expect("request");
        assert!(res.status().is_success(), "status {}", res.status());
        res.json().await.expect("json")
    }

    /// The text of the one reply to `text`.
    pub async fn say(&self, text: &str) -> String {
        let body = self.chat(text).await;
        let replies = body["replies"].as_array().expect("replies");
        assert_eq!(replies.len(), 1, "one reply per turn: {body}");
        replies[0]["text"].as_str().expect("text").to_string()
    }

    pub async fn feed(&self, after: i64) -> Value {
        self.client
            .get(format!("{}/api/chat/messages?after={after}", self.address))
            .send()
            .await
            .expect("request")
            .json()
            .await
            .expect("json")
    }
}
