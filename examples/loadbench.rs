//! Load benchmark: signed Telegram webhooks against a running Ozer (SQLite, a fast fake Bot API)
//! and against a bare axum server, in one run.
//!
//!     cargo build --release && cargo run --release --example loadbench -- [SECONDS] [CONNECTIONS] [USERS]
//!
//! `OZER_BIN=path/to/ozer` benchmarks another build instead of `target/release/ozer`.
//!
//! Ozer runs as a child process (`target/release/ozer serve`) on a fresh SQLite file in a temp
//! directory, with the rate limit off (1,000 users sending for seconds would hit it). Each request
//! is a real Bot API update with a unique `update_id`, from one of USERS private chats, alternating
//! reminder and list messages. Printed: webhooks accepted per second, acknowledgement p50/p99,
//! turns processed and replies sent end to end per second (replies counted at the fake Bot API),
//! the same for bare axum, and the ratio. Everything stays on 127.0.0.1 and stops by itself.

use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::Uri;
use axum::routing::post;
use serde_json::{Value, json};

const TOKEN: &str = "123456:bench";
const SECRET: &str = "bench-secret";

#[tokio::main]
async fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let seconds = args.first().copied().unwrap_or(10);
    let connections = args.get(1).copied().unwrap_or(32) as usize;
    let users = args.get(2).copied().unwrap_or(1000);

    let sent = Arc::new(AtomicU64::new(0));
    let bot_url = serve(Router::new().fallback(bot_api).with_state(sent.clone())).await;
    let bare_url = serve(Router::new().route("/webhooks/telegram", post(|_b: Bytes| async { "" }))).await;

    let dir = std::env::temp_dir().join(format!("ozer-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let port = free_port();
    let mut ozer = start_ozer(&dir, port, &bot_url);
    let ozer_url = format!("http://127.0.0.1:{port}");
    wait_ready(&ozer_url).await;

    let ozer_run = load(&format!("{ozer_url}/webhooks/telegram"), seconds, connections, users, 0).await;
    let turns = wait_replies(&sent, ozer_run.accepted, ozer_run.started).await;
    let bare_run = load(&format!("{bare_url}/webhooks/telegram"), seconds, connections, users, 1 << 40).await;
    let _ = ozer.kill();
    let _ = ozer.wait();
    let _ = std::fs::remove_dir_all(&dir);

    println!("load: {connections} connections, {seconds} s, {users} users, signed Telegram updates");
    ozer_run.print("ozer");
    match turns {
        Some((n, secs)) => println!(
            "ozer end to end: {n} turns processed and replies sent in {secs:.1} s: {:.0} turns/s",
            n as f64 / secs
        ),
        None => println!("ozer end to end: replies still missing after 120 s ({} sent)", sent.load(Ordering::SeqCst)),
    }
    bare_run.print("bare axum");
    println!("ratio ozer/bare accepted: {:.4}", ozer_run.per_second() / bare_run.per_second().max(1.0));
}

async fn serve(app: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("addr"));
    tokio::spawn(async move { axum::serve(listener, app).await.expect("serve") });
    url
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).map(|a| a.port()).expect("port")
}

/// A fast fake Bot API: counts SendMessage, answers every method with a plausible result.
async fn bot_api(State(sent): State<Arc<AtomicU64>>, uri: Uri, body: Bytes) -> axum::Json<Value> {
    let body: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let path = uri.path();
    let result = if path.ends_with("/SendMessage") {
        let n = sent.fetch_add(1, Ordering::SeqCst);
        json!({"message_id": n, "chat": {"id": body["chat_id"], "type": "private"}, "date": 1_750_000_000, "text": ""})
    } else if path.ends_with("/GetMe") {
        json!({"id": 42, "is_bot": true, "first_name": "Ozer", "username": "OzerBot", "can_join_groups": true,
               "can_read_all_group_messages": false, "supports_inline_queries": false,
               "can_connect_to_business": false, "has_main_web_app": false})
    } else {
        json!(true)
    };
    axum::Json(json!({"ok": true, "result": result}))
}

fn start_ozer(dir: &std::path::Path, port: u16, bot_url: &str) -> Child {
    // OZER_BIN runs another build (e.g. an older commit's, for a before/after figure).
    let ozer = match std::env::var_os("OZER_BIN") {
        Some(bin) => std::path::PathBuf::from(bin),
        None => {
            std::env::current_exe().ok().and_then(|e| Some(e.parent()?.parent()?.join("ozer"))).expect("target dir")
        }
    };
    assert!(ozer.exists(), "build Ozer first: cargo build --release ({} missing)", ozer.display());
    Command::new(ozer)
        .arg("serve")
        .env("OZER_BIND", format!("127.0.0.1:{port}"))
        .env("DATABASE_URL", format!("sqlite://{}?mode=rwc", dir.join("bench.db").display()))
        .env("TELEGRAM_BOT_TOKEN", TOKEN)
        .env("TELEGRAM_WEBHOOK_SECRET", SECRET)
        .env("TELEGRAM_API_URL", bot_url)
        .env("OZER_RATE_LIMIT", "0")
        .env("RUST_LOG", "error")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start ozer")
}

async fn wait_ready(url: &str) {
    let client = reqwest::Client::new();
    for _ in 0..200 {
        if client.get(format!("{url}/readyz")).send().await.is_ok_and(|r| r.status().is_success()) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("ozer did not become ready");
}

struct Run {
    accepted: u64,
    failed: u64,
    elapsed: Duration,
    started: Instant,
    latencies_us: Vec<u64>,
}

impl Run {
    fn per_second(&self) -> f64 {
        self.accepted as f64 / self.elapsed.as_secs_f64()
    }

    fn print(&self, name: &str) {
        let pct = |p: f64| {
            let i = ((self.latencies_us.len() as f64 - 1.0) * p).round() as usize;
            self.latencies_us.get(i).copied().unwrap_or(0) as f64 / 1000.0
        };
        println!(
            "{name}: {} webhooks accepted ({} failed) in {:.1} s: {:.0}/s, ack p50 {:.1} ms p99 {:.1} ms",
            self.accepted,
            self.failed,
            self.elapsed.as_secs_f64(),
            self.per_second(),
            pct(0.50),
            pct(0.99)
        );
    }
}

const TEXTS: [&str; 4] = [
    "remind me tomorrow at 9 to call the bank",
    "add milk and eggs to my shopping list",
    "תזכיר לי מחר ב-8 לקנות לחם",
    "תוסיף עגבניות לרשימת הקניות",
];

async fn load(url: &str, seconds: u64, connections: usize, users: u64, id_base: u64) -> Run {
    let next = Arc::new(AtomicU64::new(id_base));
    let started = Instant::now();
    let deadline = started + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for _ in 0..connections {
        let (url, next) = (url.to_string(), next.clone());
        tasks.push(tokio::spawn(async move {
            let client = reqwest::Client::builder().pool_max_idle_per_host(1).build().expect("client");
            let (mut ok, mut failed, mut lat) = (0u64, 0u64, Vec::new());
            while Instant::now() < deadline {
                let n = next.fetch_add(1, Ordering::SeqCst);
                let chat = 100_000 + (n % users) as i64;
                let update = json!({"update_id": n, "message": {
                    "message_id": n, "date": 1_750_000_000, "text": TEXTS[(n % 4) as usize],
                    "from": {"id": chat, "is_bot": false, "first_name": "Bench"},
                    "chat": {"id": chat, "type": "private", "first_name": "Bench"}}});
                let t = Instant::now();
                let res =
                    client.post(&url).header("x-telegram-bot-api-secret-token", SECRET).json(&update).send().await;
                lat.push(t.elapsed().as_micros() as u64);
                if res.is_ok_and(|r| r.status().is_success()) { ok += 1 } else { failed += 1 }
            }
            (ok, failed, lat)
        }));
    }
    let mut run = Run { accepted: 0, failed: 0, elapsed: Duration::ZERO, started, latencies_us: Vec::new() };
    for t in tasks {
        let (ok, failed, lat) = t.await.expect("load task");
        run.accepted += ok;
        run.failed += failed;
        run.latencies_us.extend(lat);
    }
    run.elapsed = started.elapsed();
    run.latencies_us.sort_unstable();
    run
}

/// Waits until every accepted webhook got its reply at the fake Bot API; returns (turns, seconds
/// since the load started).
async fn wait_replies(sent: &AtomicU64, expected: u64, started: Instant) -> Option<(u64, f64)> {
    let give_up = Instant::now() + Duration::from_secs(120);
    while Instant::now() < give_up {
        if sent.load(Ordering::SeqCst) >= expected {
            return Some((expected, started.elapsed().as_secs_f64()));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    None
}
