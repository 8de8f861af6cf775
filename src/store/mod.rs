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
pub mod tasks;
pub mod users;

use std::time::Duration;

use migration::{Migrator, MigratorTrait};
use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait, ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbBackend,
    DbErr, EntityTrait, IntoActiveModel, TransactionSession, TransactionTrait,
};

/// Opens the database named by `url`. SQLite files are created on first use.
pub async fn connect(url: &str) -> Result<DatabaseConnection, DbErr> {
    let mut opts = ConnectOptions::new(url.to_string());
    opts.sqlx_logging(false).connect_timeout(Duration::from_secs(10));
    if url.starts_with("sqlite:") {
        // One connection: SQLite has one writer anyway, and a single connection makes every
        // transaction serial instead of failing with SQLITE_BUSY under load.
        opts.max_connections(1).min_connections(1);
    } else {
        opts.max_connections(10);
    }
    Database::connect(opts).await
}

pub async fn migrate(db: &DatabaseConnection) -> Result<(), DbErr> {
    Migrator::up(db, None).await
}

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

/// Inserts a row that another writer may insert first (a unique key decides). The insert runs
/// under a savepoint, so losing the race rolls back only the insert and returns `None`: on
/// PostgreSQL a failed statement would otherwise abort the whole surrounding transaction.
pub async fn insert_unless_taken<A>(
    db: &(impl ConnectionTrait + TransactionTrait),
    am: A,
) -> Result<Option<<A::Entity as EntityTrait>::Model>, DbErr>
where
    A: ActiveModelTrait + ActiveModelBehavior + Send,
    <A::Entity as EntityTrait>::Model: IntoActiveModel<A>,
{
    let savepoint = db.begin().await?;
    match am.insert(&savepoint).await {
        Ok(row) => {
            savepoint.commit().await?;
            Ok(Some(row))
        }
        Err(e) if is_unique_violation(&e) => {
            savepoint.rollback().await?;
            Ok(None)
        }
        Err(e) => Err(e),
    }
}
