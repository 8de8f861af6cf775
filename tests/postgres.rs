//! The same pipeline on PostgreSQL: migrations, the web chat, and redelivery dedupe.

mod common;

use common::{TempDir, spawn_with_settings, test_settings};
use ozer::clock::Clock;
use sea_orm::{EntityTrait, PaginatorTrait};

#[path = "common/postgres.rs"]
mod pg;

#[test]
#[should_panic(expected = "CI=true")]
fn a_missing_postgres_fails_under_ci_instead_of_passing_silently() {
    pg::skip_or_fail(true, "OZER_TEST_POSTGRES_URL is not set");
}

#[test]
fn a_missing_postgres_skips_with_a_note_outside_ci() {
    pg::skip_or_fail(false, "OZER_TEST_POSTGRES_URL is not set");
}

#[tokio::test]
async fn the_web_chat_works_on_postgres_and_a_resend_runs_once() {
    let Some(url) = pg::fresh_database().await else {
        return;
    };
    let dir = TempDir::new();
    let settings = test_settings(&dir, &[("DATABASE_URL", &url)]);
    let app = spawn_with_settings(settings, Clock::system(), dir).await;
    assert!(ozer::store::is_postgres(&app.state.db));
    let help = app.say("מה אתה יכול לעשות?").await;
    assert!(help.contains("תזכורות"), "{help}");
    let body = serde_json::json!({"text": "help", "id": "same"});
    assert_eq!(app.post_chat(body.clone()).await, app.post_chat(body).await);
    let inbound = ozer::store::entities::inbound_message::Entity::find().count(&app.state.db).await.unwrap();
    assert_eq!(inbound, 2);
}

#[tokio::test]
async fn migrations_run_twice_on_postgres_without_error() {
    let Some(url) = pg::fresh_database().await else {
        return;
    };
    let db = ozer::store::connect(&url).await.unwrap();
    ozer::store::migrate(&db).await.unwrap();
    ozer::store::migrate(&db).await.unwrap();
}

#[tokio::test]
async fn two_instances_migrating_one_empty_database_at_once_both_start() {
    let Some(url) = pg::fresh_database().await else {
        return;
    };
    let start = |url: String| async move {
        let db = ozer::store::connect(&url).await.unwrap();
        ozer::store::migrate(&db).await
    };
    let (a, b, c) = tokio::join!(start(url.clone()), start(url.clone()), start(url.clone()));
    assert!(a.is_ok() && b.is_ok() && c.is_ok(), "{a:?} {b:?} {c:?}");
}

#[tokio::test]
async fn two_turns_racing_to_create_the_same_user_on_postgres_both_succeed() {
    use ozer::channels::Channel;
    use ozer::understand::Lang;
    use sea_orm::TransactionTrait;
    let Some(url) = pg::fresh_database().await else { return };
    let db = ozer::store::connect(&url).await.unwrap();
    ozer::store::migrate(&db).await.unwrap();
    let now = chrono::Utc::now();
    let create = |db: sea_orm::DatabaseConnection| async move {
        let txn = db.begin().await.unwrap();
        let (user, _) =
            ozer::store::users::find_or_create(&txn, Channel::Telegram, "777", Lang::He, "Asia/Jerusalem", now)
                .await
                .unwrap();
        // The transaction is still usable after losing the race.
        ozer::store::users::touch(&txn, &user, Channel::Telegram, "777", now).await.unwrap();
        txn.commit().await.unwrap();
        user.id
    };
    let (a, b) = tokio::join!(create(db.clone()), create(db.clone()));
    assert_eq!(a, b, "both turns see one user");
    assert_eq!(ozer::store::entities::user::Entity::find().count(&db).await.unwrap(), 1);
}
