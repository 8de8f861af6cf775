//! The store: one sea-orm path for SQLite (default) and PostgreSQL, and one repository module
//! per aggregate. Repositories take any `ConnectionTrait`, so a turn can run them inside one
//! transaction (its effects, its reply and the "processed" mark commit together or not at all).

pub mod delivery;
pub mod entities;
pub mod inbound;
pub mod lists;
pub mod notes;
pub mod outbound;
pub mod pending;
pub mod steps;
pub mod tasks;
pub mod users;
pub mod web_sessions;

use std::time::Duration;

use migration::{Migrator, MigratorTrait};
use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait, ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbBackend,
    DbErr, EntityTrait, IntoActiveModel, TransactionTrait, TryInsertResult,
};

/// Opens the database named by `url` for writing. SQLite files are created on first use.
///
/// SQLite runs in WAL mode with `synchronous=NORMAL` (durable at each checkpoint, and a commit
/// costs no fsync of its own) and a busy timeout. Writes go through one connection: SQLite has
/// one writer anyway, and every write transaction is short (no transaction is ever held across a
/// network call), so writers queue briefly instead of failing with SQLITE_BUSY. Readers use
/// [`connect_reader`] and never wait for the writer.
pub async fn connect(url: &str) -> Result<DatabaseConnection, DbErr> {
    let mut opts = ConnectOptions::new(url.to_string());
    opts.sqlx_logging(log_statements()).connect_timeout(Duration::from_secs(10));
    if url.starts_with("sqlite:") {
        // A SQLite connection is a file handle in this process: nothing between can drop it, so
        // the pool does not ping it on every checkout (a round trip to its thread each time).
        opts.max_connections(1).min_connections(1).acquire_timeout(Duration::from_secs(60)).test_before_acquire(false);
        opts.map_sqlx_sqlite_opts(|o| {
            o.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(10))
                .pragma("mmap_size", MMAP_SIZE)
        });
    } else {
        // a server connection may be dropped by the server or a proxy while idle: only those
        // that sat idle are pinged before use, not every checkout
        opts.max_connections(20).test_before_acquire_if_idle_for(Duration::from_secs(30));
    }
    Database::connect(opts).await
}

/// `OZER_SQL_LOG` set: every statement is logged at debug (with `RUST_LOG=sqlx=debug`), on the
/// write and the read pools alike.
fn log_statements() -> bool {
    std::env::var_os("OZER_SQL_LOG").is_some()
}

/// SQLite reads pages through a memory map (up to this many bytes) instead of a read() call per
/// page: a reader starts every transaction with a cold page cache once the writer has written,
/// which under load is always.
const MMAP_SIZE: &str = "268435456";

/// Opens a pool for reads. On a SQLite file these are separate read-only connections (WAL lets
/// them read while the writer writes); an in-memory SQLite database and PostgreSQL share `writer`.
pub async fn connect_reader(url: &str, writer: &DatabaseConnection) -> Result<DatabaseConnection, DbErr> {
    let in_memory = url.contains(":memory:") || url.contains("mode=memory");
    if !url.starts_with("sqlite:") || in_memory {
        return Ok(writer.clone());
    }
    let mut opts = ConnectOptions::new(url.to_string());
    opts.sqlx_logging(log_statements())
        .connect_timeout(Duration::from_secs(10))
        .max_connections(4)
        .min_connections(0)
        .test_before_acquire(false);
    opts.map_sqlx_sqlite_opts(|o| {
        o.read_only(true).busy_timeout(Duration::from_secs(10)).pragma("mmap_size", MMAP_SIZE)
    });
    Database::connect(opts).await
}

/// Brings the schema up to date. On PostgreSQL several instances may start together on one
/// empty database: the migrations run inside one transaction holding an advisory lock, so the
/// first instance migrates and the others wait, then find nothing left to do (PostgreSQL's DDL
/// is transactional). SQLite serialises writers by itself.
pub async fn migrate(db: &DatabaseConnection) -> Result<(), DbErr> {
    if is_postgres(db) {
        let txn = db.begin().await?;
        txn.execute_unprepared(&format!("SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")).await?;
        Migrator::up(&txn, None).await?;
        return txn.commit().await;
    }
    Migrator::up(db, None).await
}

/// The advisory lock key of migrations ("ozer" in ASCII).
const MIGRATION_LOCK: i64 = 0x6f7a_6572;

/// Readiness: the database answers a trivial query.
pub async fn ping(db: &DatabaseConnection) -> Result<(), DbErr> {
    db.execute_unprepared("SELECT 1").await.map(|_| ())
}

pub fn is_postgres(db: &impl ConnectionTrait) -> bool {
    db.get_database_backend() == DbBackend::Postgres
}

/// True when `err` is a unique-constraint violation (a duplicate insert lost a race).
pub fn is_unique_violation(err: &DbErr) -> bool {
    let text = err.to_string().to_ascii_lowercase();
    text.contains("unique constraint") || text.contains("duplicate key")
}

/// Inserts a row that another writer may insert first (the unique key on `key` decides), in one
/// statement (`INSERT … ON CONFLICT (key) DO NOTHING RETURNING`): losing the race returns `None`
/// and fails nothing, so no savepoint is needed (on PostgreSQL a failed statement would abort the
/// whole surrounding transaction) and the write connection pays one statement, not three.
pub async fn insert_unless_taken<A, K>(
    db: &impl ConnectionTrait,
    am: A,
    key: K,
) -> Result<Option<<A::Entity as EntityTrait>::Model>, DbErr>
where
    A: ActiveModelTrait + ActiveModelBehavior + Send,
    <A::Entity as EntityTrait>::Model: IntoActiveModel<A>,
    K: IntoIterator<Item = <A::Entity as EntityTrait>::Column>,
{
    match <A::Entity as EntityTrait>::insert(am).on_conflict_do_nothing_on(key).exec_with_returning(db).await {
        Ok(TryInsertResult::Inserted(row)) => Ok(Some(row)),
        Ok(_) => Ok(None),
        // an empty RETURNING reads as "not found" on some backends
        Err(DbErr::RecordNotInserted | DbErr::RecordNotFound(_)) => Ok(None),
        Err(e) => Err(e),
    }
}
