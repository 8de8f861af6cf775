//! What one statement costs on Ozer's SQLite write connection, whatever the statement does.
//!
//!     cargo run --release --example sqlite_hop
//!     taskset -c 0 cargo run --release --example sqlite_hop    # everything on one core
//!
//! sqlx runs each SQLite connection on a thread of its own: every statement is a message to that
//! thread and an answer back, so a task waits for two thread wake-ups per statement. Printed:
//! the time per statement of a long transaction of one-row inserts, and per transaction of one
//! insert (its `BEGIN`, insert and `COMMIT`), on a fresh file opened by `ozer::store::connect`.
//! On the 2-core machine of README's figures a statement costs about 60–70 µs when the two
//! threads are on different cores and about 15 µs on one core, against a few µs of SQLite work:
//! the reason turns share transactions (src/turn/batch.rs).

use std::time::Instant;

use sea_orm::{ConnectionTrait, TransactionTrait};

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let dir = std::env::temp_dir().join(format!("ozer-sqlite-hop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let url = format!("sqlite://{}?mode=rwc", dir.join("hop.db").display());
    let db = ozer::store::connect(&url).await.expect("open");
    db.execute_unprepared("CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER)").await.expect("table");

    const STATEMENTS: usize = 20_000;
    let started = Instant::now();
    let txn = db.begin().await.expect("begin");
    for i in 0..STATEMENTS {
        txn.execute_unprepared(&format!("INSERT INTO t (v) VALUES ({i})")).await.expect("insert");
    }
    txn.commit().await.expect("commit");
    let per_statement = started.elapsed().as_secs_f64() * 1e6 / STATEMENTS as f64;

    const TRANSACTIONS: usize = 5_000;
    let started = Instant::now();
    for i in 0..TRANSACTIONS {
        let txn = db.begin().await.expect("begin");
        txn.execute_unprepared(&format!("INSERT INTO t (v) VALUES ({i})")).await.expect("insert");
        txn.commit().await.expect("commit");
    }
    let per_transaction = started.elapsed().as_secs_f64() * 1e6 / TRANSACTIONS as f64;
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "{STATEMENTS} inserts in one transaction: {per_statement:.1} µs a statement; \
         {TRANSACTIONS} transactions of one insert: {per_transaction:.1} µs a transaction"
    );
}
