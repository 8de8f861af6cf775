//! Gmail through Ozer's real Google wiring: the resolver registered when Google is configured,
//! the link reply for a user who has not linked, and the stored refresh token's access token on
//! Gmail calls. The fake Google (support/google.rs) does the OAuth side; `GOOGLE_API_URL`
//! points at the fake Gmail (support/fake_gmail.rs).

mod common;
#[path = "support/fake_gmail.rs"]
mod fake_gmail;
#[path = "support/google_app.rs"]
mod google_app;
#[path = "support/google.rs"]
mod google_fake;

use chrono::{TimeZone, Utc};
use fake_gmail::{FakeGmail, StoredMail, leaf, message};
use ozer::clock::Clock;

fn now() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 25, 8, 0, 0).unwrap()
}

async fn spawn() -> (google_app::GoogleApp, FakeGmail) {
    let gmail = FakeGmail::start().await;
    let g = google_app::spawn_with(Clock::frozen(now()), &[("GOOGLE_API_URL", &gmail.url)]).await;
    (g, gmail)
}

#[tokio::test]
async fn an_unlinked_user_asking_for_mail_gets_the_personal_link_in_both_languages() {
    let (g, gmail) = spawn().await;
    let en = g.app.say("any emails from Dana?").await;
    assert!(google_app::link_token(&en).is_some(), "{en}");
    let he = g.app.say("יש לי מיילים מדנה?").await;
    assert!(google_app::link_token(&he).is_some(), "{he}");
    assert!(gmail.requests().is_empty(), "no Gmail call without a link");
}

#[tokio::test]
async fn a_linked_user_reads_mail_with_the_access_token_from_the_stored_link() {
    let (g, gmail) = spawn().await;
    let headers = [("From", "Dana <dana@example.com>"), ("Subject", "Hello from Dana")];
    let part = leaf("text/plain", &[("Content-Type", "text/plain; charset=UTF-8")], b"See you soon.");
    gmail.add(StoredMail {
        id: "m1".into(),
        labels: vec!["INBOX".into()],
        internal_ms: now().timestamp_millis() - 3_600_000,
        payload: message(&headers, vec![part], ""),
    });
    g.link_via_chat("any emails from Dana?").await;
    let reply = g.app.say("any emails from Dana?").await;
    assert!(reply.contains("Subject: Hello from Dana"), "{reply}");
    assert!(reply.contains("See you soon."), "{reply}");
    let auth: Vec<String> = gmail.requests().into_iter().map(|(_, a)| a).collect();
    assert!(!auth.is_empty() && auth.iter().all(|a| a.starts_with("Bearer ya29.access")), "{auth:?}");
}

#[tokio::test]
async fn a_401_then_a_refused_refresh_asks_to_link_again_with_the_reason_and_sends_nothing() {
    let (g, gmail) = spawn().await;
    g.link_via_chat("any emails from Dana?").await;
    g.app.say("any emails from Dana?").await;
    let before = gmail.requests().len();
    // the access token stops working and the refresh token was revoked meanwhile
    g.fake.expire_refresh_tokens();
    gmail.fail_next(401, serde_json::json!({"error": {"code": 401, "message": "Invalid Credentials"}}));
    let reply = g.app.say("any emails from Dana?").await;
    assert!(reply.contains("stopped working"), "{reply}");
    assert!(google_app::link_token(&reply).is_some(), "{reply}");
    assert_eq!(gmail.requests().len(), before + 1, "no second Gmail call after the refused refresh");
    assert!(gmail.sent().is_empty());
}
