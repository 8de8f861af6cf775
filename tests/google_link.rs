//! Linking Google: the personal link, the start page, consent at (fake) Google, the callback,
//! and everything that must change nothing (reused, expired, denied); tokens encrypted at rest;
//! refresh, `invalid_grant` and unlinking.

mod common;
#[path = "support/google_app.rs"]
mod google_app;
#[path = "support/google.rs"]
mod google_fake;
#[path = "common/postgres.rs"]
mod pg;

use chrono::{TimeZone, Utc};
use ozer::clock::Clock;
use ozer::config::Settings;
use ozer::store::entities::{google_account, google_link};
use sea_orm::EntityTrait;

use google_app::{link_token, spawn};

async fn accounts(app: &google_app::GoogleApp) -> Vec<google_account::Model> {
    google_account::Entity::find().all(&app.app.state.db).await.unwrap()
}

#[tokio::test]
async fn a_calendar_request_before_linking_gets_a_link_and_consent_connects_google() {
    let g = spawn(Clock::system()).await;
    let reply = g.app.say("what's on my calendar tomorrow").await;
    assert!(reply.contains("personal link"), "{reply}");
    let token = link_token(&reply).unwrap();
    assert!(reply.contains(&format!("{}/oauth/google/start?t={token}", g.app.address)), "{reply}");
    assert!(g.fake.requests().is_empty(), "nothing asked of Google before linking");

    // The start page says what Ozer will access, in English first (the user's language) and Hebrew.
    let page = reqwest::get(g.start_url(&token)).await.unwrap().text().await.unwrap();
    assert!(page.contains("<html lang=\"en\" dir=\"ltr\">"), "{page}");
    assert!(page.contains("calendar events") && page.contains("<section lang=\"he\" dir=\"rtl\">"), "{page}");

    let (status, url, page) = g.continue_to_google(&token).await;
    assert_eq!(status, 200, "{page}");
    assert!(url.contains("/oauth/google/callback?"), "{url}");
    assert!(page.contains("Google is connected"), "{page}");

    // What Ozer asked Google for.
    let auth = &g.fake.calls("GET", "/auth")[0];
    let q: std::collections::HashMap<String, String> =
        url::form_urlencoded::parse(auth.query.as_bytes()).into_owned().collect();
    assert_eq!(q["response_type"], "code");
    assert_eq!(q["access_type"], "offline");
    assert_eq!(q["prompt"], "consent");
    assert_eq!(q["code_challenge_method"], "S256");
    assert_eq!(q["redirect_uri"], format!("{}/oauth/google/callback", g.app.address));
    assert!(q["scope"].split(' ').any(|s| s == "https://www.googleapis.com/auth/calendar.events"));
    assert!(q["state"].len() >= 32);
    let exchange = &g.fake.calls("POST", "/token")[0].body;
    assert!(exchange.contains("grant_type=authorization_code") && exchange.contains("code_verifier="));

    // Stored, linked, and the chat was told.
    let rows = accounts(&g).await;
    assert_eq!((rows.len(), rows[0].status.as_str()), (1, "linked"));
    let feed = g.app.feed(0).await.to_string();
    assert!(feed.contains("Google is connected"), "{feed}");

    // Now the same request goes to the calendar.
    let reply = g.app.say("what's on my calendar tomorrow").await;
    assert!(reply.contains("Nothing in your calendar"), "{reply}");
    assert_eq!(g.fake.calls("GET", "/calendar/v3/calendars/primary/events").len(), 1);
}

#[tokio::test]
async fn the_refresh_token_is_not_in_the_database_file_in_clear() {
    let g = spawn(Clock::system()).await;
    g.link_via_chat("what's on my calendar today").await;
    let tokens = g.fake.refresh_tokens();
    assert_eq!(tokens.len(), 1);
    let refresh = tokens[0].as_bytes();
    assert_eq!(accounts(&g).await.len(), 1, "the token is stored");
    let bytes = g.database_bytes();
    assert!(bytes.windows(b"SECRETVALUE".len()).all(|w| w != b"SECRETVALUE"), "part of the token in clear");
    assert!(bytes.windows(refresh.len()).all(|w| w != refresh), "the refresh token in clear");
    // and it works: Ozer can still refresh with it
    let reply = g.app.say("what's on my calendar today").await;
    assert!(reply.contains("Nothing in your calendar"), "{reply}");
}

#[tokio::test]
async fn a_reused_link_or_state_shows_a_clear_page_and_changes_nothing() {
    let g = spawn(Clock::system()).await;
    let reply = g.link_via_chat("what's on my calendar today").await;
    let token = link_token(&reply).unwrap();

    // the link again: used
    let (status, _, page) = g.continue_to_google(&token).await;
    assert_eq!(status, 400);
    assert!(page.contains("<html lang=\"en\"") && page.contains("expired or was already used"), "{page}");
    let start = reqwest::get(g.start_url(&token)).await.unwrap();
    assert_eq!(start.status().as_u16(), 400);

    // the callback again (a double-delivered redirect): its state is spent
    let callback = g.fake.calls("GET", "/auth")[0].query.clone();
    let q: std::collections::HashMap<String, String> =
        url::form_urlencoded::parse(callback.as_bytes()).into_owned().collect();
    let again = reqwest::get(format!("{}/oauth/google/callback?state={}&code=4/0Acode1", g.app.address, q["state"]))
        .await
        .unwrap();
    assert_eq!(again.status().as_u16(), 400);
    let page = again.text().await.unwrap();
    assert!(page.contains("expired or was already used") && !page.contains("Error"), "{page}");
    assert_eq!(g.fake.calls("POST", "/token").len(), 1, "no second code exchange");
    assert_eq!(accounts(&g).await.len(), 1);

    // a made-up state
    let forged = reqwest::get(format!("{}/oauth/google/callback?state=forged&code=x", g.app.address)).await.unwrap();
    assert_eq!(forged.status().as_u16(), 400);
}

#[tokio::test]
async fn an_expired_link_shows_a_clear_page_and_changes_nothing() {
    let clock = Clock::frozen(Utc.with_ymd_and_hms(2026, 3, 9, 7, 0, 0).unwrap());
    let g = spawn(clock.clone()).await;
    let reply = g.app.say("מה יש לי ביומן מחר").await;
    assert!(reply.contains("15 דקות"), "{reply}");
    let token = link_token(&reply).unwrap();
    clock.advance(chrono::Duration::minutes(16));
    let res = reqwest::get(g.start_url(&token)).await.unwrap();
    assert_eq!(res.status().as_u16(), 400);
    let page = res.text().await.unwrap();
    assert!(page.contains("<html lang=\"he\" dir=\"rtl\">") || page.contains("lang=\"he\""), "{page}");
    assert!(page.contains("הקישור פג"), "{page}");
    let (status, _, _) = g.continue_to_google(&token).await;
    assert_eq!(status, 400);
    assert!(g.fake.calls("GET", "/auth").is_empty(), "Google was never asked");
    assert!(accounts(&g).await.is_empty());
}

#[tokio::test]
async fn denied_consent_shows_a_clear_page_and_links_nothing() {
    let g = spawn(Clock::system()).await;
    let reply = g.app.say("what's next in my calendar").await;
    let token = link_token(&reply).unwrap();
    g.fake.deny_next();
    let (status, _, page) = g.continue_to_google(&token).await;
    assert_eq!(status, 200);
    assert!(page.contains("Nothing was connected"), "{page}");
    assert!(!page.contains("access_denied"), "no raw error text: {page}");
    assert!(g.fake.calls("POST", "/token").is_empty());
    assert!(accounts(&g).await.is_empty());
    let again = g.app.say("what's next in my calendar").await;
    assert!(link_token(&again).is_some(), "asked again, a fresh link: {again}");
}

#[tokio::test]
async fn invalid_grant_disconnects_and_the_next_request_gets_a_fresh_link_saying_why() {
    let g = spawn(Clock::system()).await;
    g.link_via_chat("what's on my calendar today").await;
    g.fake.expire_refresh_tokens();
    let reply = g.app.say("what's on my calendar today").await;
    assert!(reply.contains("stopped working") && link_token(&reply).is_some(), "{reply}");
    assert_eq!(accounts(&g).await[0].status, "disconnected");
    assert!(g.fake.calls("GET", "/calendar/v3").is_empty(), "no API call without a token");
    // the next request: a link again, not a stack of errors, and no refresh attempt
    let refreshes = g.fake.calls("POST", "/token").len();
    let reply = g.app.say("what's on my calendar today").await;
    assert!(reply.contains("stopped working") && link_token(&reply).is_some(), "{reply}");
    assert_eq!(g.fake.calls("POST", "/token").len(), refreshes);
    // linking again heals it
    let token = link_token(&reply).unwrap();
    let (status, _, _) = g.continue_to_google(&token).await;
    assert_eq!(status, 200);
    assert_eq!(accounts(&g).await[0].status, "linked");
}

#[tokio::test]
async fn an_access_token_google_rejects_is_refreshed_once_and_the_call_retried() {
    let g = spawn(Clock::system()).await;
    g.link_via_chat("what's on my calendar today").await;
    assert!(g.app.say("what's on my calendar today").await.contains("Nothing"));
    assert!(g.app.say("what's on my calendar today").await.contains("Nothing"));
    let refreshes = |g: &google_app::GoogleApp| {
        g.fake.calls("POST", "/token").iter().filter(|r| r.body.contains("grant_type=refresh_token")).count()
    };
    assert_eq!(refreshes(&g), 1, "the access token is cached between turns");
    g.fake.expire_access_tokens();
    let reply = g.app.say("what's on my calendar today").await;
    assert!(reply.contains("Nothing in your calendar"), "{reply}");
    assert_eq!(refreshes(&g), 2);
    let lists = g.fake.calls("GET", "/calendar/v3/calendars/primary/events");
    assert_eq!(lists.len(), 4, "three turns, one of them retried after the 401");
}

#[tokio::test]
async fn a_bare_access_token_is_cached_refreshed_on_request_and_gone_after_invalid_grant() {
    let g = spawn(Clock::system()).await;
    let google = g.app.state.google.clone().unwrap();
    let db = &g.app.state.db;
    assert!(google.access_token(db, 999, false).await.unwrap().is_none(), "not linked: none");
    g.link_via_chat("what's on my calendar today").await;
    let user = accounts(&g).await[0].user_id;
    let first = google.access_token(db, user, false).await.unwrap().unwrap();
    assert_eq!(google.access_token(db, user, false).await.unwrap().unwrap(), first, "cached");
    let fresh = google.access_token(db, user, true).await.unwrap().unwrap();
    assert_ne!(fresh, first, "refresh: a new token");
    g.fake.expire_refresh_tokens();
    assert!(google.access_token(db, user, true).await.unwrap().is_none());
    assert_eq!(accounts(&g).await[0].status, "disconnected");
}

#[tokio::test]
async fn unlinking_revokes_at_google_and_deletes_the_tokens_in_both_languages() {
    for (ask, unlink, done) in [
        ("what's on my calendar today", "unlink google", "Google is disconnected"),
        ("מה יש לי ביומן היום", "נתק את גוגל", "גוגל נותק"),
    ] {
        let g = spawn(Clock::system()).await;
        g.link_via_chat(ask).await;
        let refresh = g.fake.refresh_tokens()[0].clone();
        let reply = g.app.say(unlink).await;
        assert!(reply.contains(done), "{reply}");
        assert_eq!(g.fake.revoked(), vec![refresh]);
        assert!(accounts(&g).await.is_empty());
        let again = g.app.say(ask).await;
        assert!(link_token(&again).is_some(), "{again}");
        assert!(!again.contains("stopped working"), "a plain link after unlinking: {again}");
    }
}

#[tokio::test]
async fn links_are_stored_only_as_hashes() {
    let g = spawn(Clock::system()).await;
    let reply = g.app.say("what's on my calendar today").await;
    let token = link_token(&reply).unwrap();
    let rows = google_link::Entity::find().all(&g.app.state.db).await.unwrap();
    assert_eq!(rows.len(), 1);
    // (the reply itself, with the link, is kept in the message log like every reply)
    assert_ne!(rows[0].token_hash, token);
    assert_eq!(rows[0].token_hash, ozer::google::store::hash(&token));
    assert_eq!((rows[0].state.as_deref(), rows[0].opened_at), (None, None));
}

#[tokio::test]
async fn on_postgresql_linking_stores_the_token_sealed_and_the_calendar_answers() {
    let Some(url) = pg::fresh_database().await else { return };
    let g = google_app::spawn_with(Clock::system(), &[("DATABASE_URL", url.as_str())]).await;
    g.link_via_chat("what's on my calendar today").await;
    let rows = accounts(&g).await;
    assert_eq!(rows.len(), 1);
    assert!(!rows[0].refresh_token.contains("SECRETVALUE"));
    let reply = g.app.say("what's on my calendar today").await;
    assert!(reply.contains("Nothing in your calendar"), "{reply}");
    let again = g.continue_to_google("not-a-link").await;
    assert_eq!(again.0, 400);
}

#[test]
fn google_settings_without_an_encryption_key_stop_start_up_with_one_line() {
    let env = [("GOOGLE_CLIENT_ID", "x.apps.googleusercontent.com"), ("GOOGLE_CLIENT_SECRET", "s")];
    let err = Settings::from_lookup(|k| env.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string())).unwrap_err();
    assert_eq!(err.var, "OZER_ENCRYPTION_KEY");
    assert!(err.to_string().contains("openssl rand -hex 32") && !err.to_string().contains('\n'), "{err}");
}

/// Raw error text that must never reach a page.
fn no_raw_errors(report: &serde_json::Value) {
    let text = report["text"].as_str().unwrap_or_default();
    for raw in ["error", "Error", "invalid_grant", "access_denied", "DbErr", "panicked", "HTTP"] {
        assert!(!text.contains(raw), "raw error text {raw:?} on the page: {text}");
    }
    assert!(report["pageErrors"].as_array().is_some_and(|e| e.is_empty()), "{report}");
}

#[tokio::test]
async fn in_a_browser_the_hebrew_pages_read_right_to_left_from_start_to_connected() {
    use common::browser::{page, screenshot_path};
    let g = spawn(Clock::system()).await;
    let reply = g.app.say("מה יש לי ביומן מחר").await;
    let token = link_token(&reply).unwrap();
    let start = serde_json::json!({
        "url": g.start_url(&token),
        "screenshot": screenshot_path("google_start_hebrew"),
        "inspect": ["section", "h1", "button.go"],
    });
    let Some(report) = page(start).await else { return };
    assert_eq!((report["status"].as_u64(), report["lang"].as_str()), (Some(200), Some("he")), "{report}");
    assert_eq!(report["dir"], "rtl", "{report}");
    let sections = report["inspect"]["section"].as_array().unwrap();
    assert_eq!((sections[0]["direction"].as_str(), sections[1]["direction"].as_str()), (Some("rtl"), Some("ltr")));
    assert!(sections[0]["text"].as_str().unwrap().contains("יומן"), "{report}");
    assert!(sections[1]["text"].as_str().unwrap().contains("calendar events"), "{report}");
    no_raw_errors(&report);

    // Press the button: (fake) Google's consent, back to the callback, the success page.
    let flow = serde_json::json!({
        "url": g.start_url(&token),
        "screenshot": screenshot_path("google_linked_hebrew"),
        "actions": [{"click": "button.go >> nth=0"}, {"waitForText": "גוגל מחובר"}],
        "inspect": ["h1"],
    });
    let report = page(flow).await.unwrap();
    assert_eq!((report["lang"].as_str(), report["dir"].as_str()), (Some("he"), Some("rtl")), "{report}");
    assert_eq!(report["inspect"]["h1"][0]["text"], "גוגל מחובר");
    no_raw_errors(&report);
    assert_eq!(accounts(&g).await.len(), 1);
}

#[tokio::test]
async fn in_a_browser_the_english_pages_read_left_to_right_and_errors_are_plain_sentences() {
    use common::browser::{page, screenshot_path};
    let g = spawn(Clock::system()).await;
    let reply = g.app.say("what's on my calendar tomorrow").await;
    let token = link_token(&reply).unwrap();
    g.fake.deny_next();
    let denied = serde_json::json!({
        "url": g.start_url(&token),
        "screenshot": screenshot_path("google_denied_english"),
        "actions": [{"click": "button.go >> nth=0"}, {"waitForText": "Nothing was connected"}],
        "inspect": ["section"],
    });
    let Some(report) = page(denied).await else { return };
    assert_eq!((report["lang"].as_str(), report["dir"].as_str()), (Some("en"), Some("ltr")), "{report}");
    assert_eq!(report["inspect"]["section"][1]["direction"], "rtl", "the Hebrew half reads right to left");
    no_raw_errors(&report);

    // The same link again: used. A plain page, in both languages, nothing raw.
    let used = serde_json::json!({
        "url": g.start_url(&token),
        "screenshot": screenshot_path("google_used_link"),
        "inspect": ["h1"],
    });
    let report = page(used).await.unwrap();
    assert_eq!(report["status"], 400);
    assert_eq!(report["inspect"]["h1"][0]["text"], "This link cannot be used");
    no_raw_errors(&report);
    assert!(accounts(&g).await.is_empty());
}
