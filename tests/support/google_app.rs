//! Ozer wired to the fake Google (support/google.rs) for the Google tests: a real port that is
//! also `OZER_PUBLIC_URL` (so Google's redirect lands back on this app), web chat on, and
//! helpers that walk the linking flow the way a browser does.

#![allow(dead_code)]

use chrono::{DateTime, Utc};
use ozer::clock::Clock;

use crate::common::{self, TempDir, TestApp};
use crate::google_fake::FakeGoogle;

pub struct GoogleApp {
    pub app: TestApp,
    pub fake: FakeGoogle,
    pub db_path: std::path::PathBuf,
}

/// A free port now (a tiny race with other tests; good enough for a test bind).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

pub async fn spawn(clock: Clock) -> GoogleApp {
    spawn_with(clock, &[]).await
}

pub async fn spawn_with(clock: Clock, extra: &[(&str, &str)]) -> GoogleApp {
    let fake = FakeGoogle::start().await;
    let port = free_port();
    let mut env: Vec<(String, String)> = fake.env();
    env.push(("OZER_PUBLIC_URL".into(), format!("http://127.0.0.1:{port}/")));
    env.push(("OZER_BIND".into(), format!("127.0.0.1:{port}")));
    for (k, v) in extra {
        env.push((k.to_string(), v.to_string()));
    }
    let pairs: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let dir = TempDir::new();
    let db_path = dir.0.join("ozer.db");
    let settings = common::test_settings(&dir, &pairs);
    let app = common::spawn_with_settings(settings, clock, dir).await;
    GoogleApp { app, fake, db_path }
}

/// The `t` of the personal link in a reply.
pub fn link_token(reply: &str) -> Option<String> {
    let at = reply.find("/oauth/google/start?t=")?;
    let rest = &reply[at + "/oauth/google/start?t=".len()..];
    Some(rest.chars().take_while(|c| c.is_ascii_alphanumeric()).collect())
}

impl GoogleApp {
    pub fn start_url(&self, token: &str) -> String {
        format!("{}/oauth/google/start?t={token}", self.app.address)
    }

    /// Presses "Continue to Google" on the start page: POST, then the redirects through the fake
    /// consent screen back to the callback. Returns (final status, final URL, page HTML).
    pub async fn continue_to_google(&self, token: &str) -> (u16, String, String) {
        let res = reqwest::Client::new()
            .post(format!("{}/oauth/google/start", self.app.address))
            .form(&[("t", token)])
            .send()
            .await
            .unwrap();
        let status = res.status().as_u16();
        let url = res.url().to_string();
        (status, url, res.text().await.unwrap())
    }

    /// Asks something that needs Google, follows the link it gets, and consents.
    pub async fn link_via_chat(&self, text: &str) -> String {
        let reply = self.app.say(text).await;
        let token = link_token(&reply).unwrap_or_else(|| panic!("a link in: {reply}"));
        let (status, _, page) = self.continue_to_google(&token).await;
        assert_eq!(status, 200, "{page}");
        reply
    }

    /// Links a user who exists (by id), without a chat message.
    pub async fn link_user(&self, user_id: i64, now: DateTime<Utc>) {
        let token = ozer::google::store::issue_link(&self.app.state.db, user_id, now).await.unwrap();
        let (status, _, page) = self.continue_to_google(&token).await;
        assert_eq!(status, 200, "{page}");
    }

    /// Every byte of the SQLite database (the file and its write-ahead log).
    pub fn database_bytes(&self) -> Vec<u8> {
        let mut all = std::fs::read(&self.db_path).unwrap();
        for suffix in ["-wal", "-shm", "-journal"] {
            let mut p = self.db_path.clone().into_os_string();
            p.push(suffix);
            if let Ok(b) = std::fs::read(p) {
                all.extend(b);
            }
        }
        all
    }
}
