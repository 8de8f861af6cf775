//! Changing the timezone by asking, through the web chat (the same turn serves every channel).

mod common;

use common::spawn_app;

#[tokio::test]
async fn my_timezone_is_new_york_changes_the_timezone_and_confirms_it() {
    let app = spawn_app().await;
    let reply = app.say("my timezone is New York").await;
    assert!(reply.contains("America/New_York"), "{reply}");
}

#[tokio::test]
async fn the_hebrew_request_is_confirmed_in_hebrew() {
    let app = spawn_app().await;
    let reply = app.say("אזור הזמן שלי הוא ניו יורק").await;
    assert!(reply.contains("America/New_York") && reply.contains("אזור הזמן"), "{reply}");
}

#[tokio::test]
async fn an_unknown_timezone_is_refused_politely() {
    let app = spawn_app().await;
    let reply = app.say("my timezone is Mars/Base").await;
    assert!(reply.contains("Mars/Base") && reply.contains("don't know"), "{reply}");
}
