//! The web chat page in real headless Chromium (Debian's chromium via tests/browser/page.js): a
//! person types, Ozer answers in the page, a confirmation's buttons work, and Hebrew replies read
//! right to left while English ones read left to right. A screenshot per case is kept under the
//! target dir's `screenshots/` folder.

mod common;

use common::browser::{page, screenshot_path};
use common::spawn_app;
use serde_json::{Value, json};

fn bubbles(report: &Value, sel: &str) -> Vec<Value> {
    report["inspect"][sel].as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn a_person_types_in_the_page_and_ozer_answers_there() {
    let app = spawn_app().await;
    let spec = json!({
        "url": format!("{}/", app.address),
        "screenshot": screenshot_path("web_chat_english"),
        "actions": [
            {"fill": "#text", "text": "add milk and eggs to the shopping list"},
            {"press": "#text", "key": "Enter"},
            {"waitFor": ".msg.ozer"},
        ],
        "inspect": [".msg.me", ".msg.ozer"],
    });
    let Some(report) = page(spec).await else { return };
    assert_eq!(report["status"], 200, "{report}");
    let ozer = bubbles(&report, ".msg.ozer");
    assert_eq!(ozer.len(), 1, "{report}");
    let said = ozer[0]["text"].as_str().unwrap_or_default().to_lowercase();
    assert!(said.contains("milk") && said.contains("eggs"), "{said}");
    assert_eq!(ozer[0]["direction"], "ltr");
    assert!(report["pageErrors"].as_array().is_some_and(|e| e.is_empty()), "{report}");
}

#[tokio::test]
async fn a_hebrew_reply_reads_right_to_left_in_the_page() {
    let app = spawn_app().await;
    let spec = json!({
        "url": format!("{}/", app.address),
        "screenshot": screenshot_path("web_chat_hebrew"),
        "actions": [
            {"fill": "#text", "text": "תוסיף חלב וביצים לרשימת הקניות"},
            {"press": "#text", "key": "Enter"},
            {"waitFor": ".msg.ozer"},
        ],
        "inspect": [".msg.me", ".msg.ozer"],
    });
    let Some(report) = page(spec).await else { return };
    let me = bubbles(&report, ".msg.me");
    let ozer = bubbles(&report, ".msg.ozer");
    assert_eq!((me.len(), ozer.len()), (1, 1), "{report}");
    assert!(ozer[0]["text"].as_str().unwrap_or_default().contains("חלב"), "{report}");
    assert_eq!(me[0]["direction"], "rtl", "the user's Hebrew line reads right to left");
    assert_eq!(ozer[0]["direction"], "rtl", "Ozer's Hebrew reply reads right to left");
}

#[tokio::test]
async fn a_confirmation_button_in_the_page_runs_the_choice() {
    let app = spawn_app().await;
    let spec = json!({
        "url": format!("{}/", app.address),
        "screenshot": screenshot_path("web_chat_buttons"),
        "actions": [
            {"fill": "#text", "text": "add bread to the shopping list"},
            {"press": "#text", "key": "Enter"},
            {"waitFor": ".msg.ozer"},
            {"fill": "#text", "text": "delete the shopping list"},
            {"press": "#text", "key": "Enter"},
            {"waitFor": ".msg.ozer .buttons button"},
            {"click": ".msg.ozer .buttons button >> nth=0"},
            {"waitFor": ".msg.ozer >> nth=2"},
        ],
        "inspect": [".msg.ozer", ".msg.ozer .buttons button"],
    });
    let Some(report) = page(spec).await else { return };
    let ozer = bubbles(&report, ".msg.ozer");
    assert_eq!(ozer.len(), 3, "{report}");
    let lists = ozer::store::lists::all(&app.state.db, 1).await.expect("lists");
    assert!(lists.is_empty(), "the tapped 'yes' deleted the list: {lists:?}");
}
