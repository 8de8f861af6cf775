//! Who can use the web chat: on by default only for a loopback public URL, sessions issued by
//! the server only, and the per-user rate limit on web sessions too.

mod common;

use common::{spawn_app, spawn_app_with};
use ozer::clock::Clock;
use ozer::store::entities::inbound_message;
use sea_orm::EntityTrait;
use serde_json::json;

fn session_cookie(res: &reqwest::Response) -> Option<String> {
    res.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix("ozer_session="))
        .map(|c| c.split(';').next().unwrap_or_default().to_owned())
}

#[tokio::test]
async fn the_web_chat_is_off_behind_a_public_url_unless_turned_on() {
    let app = spawn_app_with(&[("OZER_PUBLIC_URL", "https://ozer.example.com/")], Clock::system()).await;
    let page = reqwest::get(format!("{}/", app.address)).await.unwrap();
    assert_eq!(page.status(), 404);
    let api = app.client.post(format!("{}/api/chat", app.address)).json(&json!({"text": "help"})).send().await;
    assert_eq!(api.unwrap().status(), 404);

    let on = [("OZER_PUBLIC_URL", "https://ozer.example.com/"), ("OZER_WEB_CHAT", "on")];
    let app = spawn_app_with(&on, Clock::system()).await;
    assert_eq!(reqwest::get(format!("{}/", app.address)).await.unwrap().status(), 200);
}

#[tokio::test]
async fn a_session_id_the_client_made_up_is_not_accepted() {
    let app = spawn_app().await;
    let made_up = "0123456789abcdef0123456789abcdef";
    let res = reqwest::Client::new()
        .post(format!("{}/api/chat", app.address))
        .header("cookie", format!("ozer_session={made_up}"))
        .json(&json!({"text": "help"}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let issued = session_cookie(&res).expect("a new session is issued");
    assert_ne!(issued, made_up);
    let rows = inbound_message::Entity::find().all(&app.state.db).await.unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].external_user, issued, "the message belongs to the issued session");

    // The issued session is kept on the next request.
    let again = reqwest::Client::new()
        .post(format!("{}/api/chat", app.address))
        .header("cookie", format!("ozer_session={issued}"))
        .json(&json!({"text": "help"}))
        .send()
        .await
        .unwrap();
    assert_eq!(session_cookie(&again), None);
}

#[tokio::test]
async fn the_rate_limit_applies_to_web_sessions() {
    let app = spawn_app_with(&[("OZER_RATE_LIMIT", "3")], Clock::system()).await;
    for i in 0..3 {
        let body = app.post_chat(json!({"text": "help", "id": format!("m{i}")})).await;
        assert!(body["replies"][0]["text"].as_str().unwrap().contains("eminder"), "{body}");
    }
    let res = app.client.post(format!("{}/api/chat", app.address)).json(&json!({"text": "help", "id": "m3"})).send();
    let res = res.await.unwrap();
    assert_eq!(res.status(), 429);
    let body: serde_json::Value = res.json().await.unwrap();
    assert!(body["replies"][0]["text"].as_str().unwrap().contains("wait a minute"), "{body}");
    assert_eq!(inbound_message::Entity::find().all(&app.state.db).await.unwrap().len(), 3, "no fourth turn");

    // A resend of a message already taken is answered from what was stored, not limited.
    let resent = app.post_chat(json!({"text": "help", "id": "m0"})).await;
    assert!(resent["replies"][0]["text"].as_str().unwrap().contains("eminder"), "{resent}");
}
