//! A fresh PostgreSQL database per test, on the server `scripts/test.sh` starts
//! (`OZER_TEST_POSTGRES_URL`). Without it the PostgreSQL tests skip with a note.

use sea_orm::ConnectionTrait;

/// The URL of a new, empty database, or `None` (with a note) when no server is configured.
pub async fn fresh_database() -> Option<String> {
    let Ok(admin_url) = std::env::var("OZER_TEST_POSTGRES_URL") else {
        eprintln!(
            "note: OZER_TEST_POSTGRES_URL is not set; skipping a PostgreSQL test (scripts/test.sh sets it)"
        );
        return None;
    };
    let name = format!("ozer_test_{}", uuid::Uuid::new_v4().simple());
    let admin = sea_orm::Database::connect(&admin_url)
        .await
        .expect("connect to test PostgreSQL");
    admin
        .execute_unprepared(&format!("CREATE DATABASE {name}"))
        .await
        .expect("create database");
    let base = admin_url
        .rsplit_once('/')
        .map(|(b, _)| b)
        .unwrap_or(&admin_url);
    Some(format!("{base}/{name}"))
}
