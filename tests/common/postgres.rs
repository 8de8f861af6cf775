//! A fresh PostgreSQL database per test, on the server `scripts/test.sh` starts
//! (`OZER_TEST_POSTGRES_URL`). Without it the PostgreSQL tests skip with a note, except under
//! `CI=true`, where a skipped test would pass without testing anything: there it fails.

use sea_orm::ConnectionTrait;

/// Whether this run is CI (`CI=true`), where a missing prerequisite is a failure, not a skip.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// Skips with a visible note outside CI; panics under CI so the run fails.
pub fn skip_or_fail(ci: bool, why: &str) {
    assert!(!ci, "{why} (CI=true: a test that cannot run fails instead of passing silently)");
    eprintln!("note: {why}; skipping this test (it fails under CI=true)");
}

/// The URL of a new, empty database, or `None` (with a note) when no server is configured;
/// under CI a missing server fails the test.
pub async fn fresh_database() -> Option<String> {
    let Ok(admin_url) = std::env::var("OZER_TEST_POSTGRES_URL") else {
        skip_or_fail(in_ci(), "OZER_TEST_POSTGRES_URL is not set (scripts/test.sh sets it)");
        return None;
    };
    let name = format!("ozer_test_{}", uuid::Uuid::new_v4().simple());
    let admin = sea_orm::Database::connect(&admin_url).await.expect("connect to test PostgreSQL");
    admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await.expect("create database");
    let base = admin_url.rsplit_once('/').map(|(b, _)| b).unwrap_or(&admin_url);
    Some(format!("{base}/{name}"))
}
