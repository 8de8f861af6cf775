//! Google's rows: the per-user account (sealed refresh token, linked or disconnected) and the
//! personal links. Short reads and writes only; never called with a remote call in flight
//! inside a transaction.

use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set};
use sha2::{Digest, Sha256};

use crate::store::entities::{google_account as account, google_link as link};

pub use account::Model as Account;
pub use link::Model as Link;

pub const LINKED: &str = "linked";
pub const DISCONNECTED: &str = "disconnected";
/// How long a personal link (and the consent flow it starts) stays usable.
pub const LINK_TTL: Duration = Duration::minutes(15);

/// A random token for URLs: 256 bits from the OS generator, lowercase hex.
pub fn random_token() -> String {
    format!("{}{}", uuid::Uuid::new_v4().simple(), uuid::Uuid::new_v4().simple())
}

/// Links and states are stored hashed, so a copy of the database opens nothing.
pub fn hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

pub async fn account(db: &impl ConnectionTrait, user_id: i64) -> Result<Option<Account>, DbErr> {
    account::Entity::find_by_id(user_id).one(db).await
}

/// Stores (or replaces) the user's sealed refresh token, as linked.
pub async fn save_account(
    db: &impl ConnectionTrait,
    user_id: i64,
    sealed: String,
    scopes: &str,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    account::Entity::delete_by_id(user_id).exec(db).await?;
    account::ActiveModel {
        user_id: Set(user_id),
        refresh_token: Set(sealed),
        scopes: Set(scopes.to_string()),
        status: Set(LINKED.into()),
        created_at: Set(now),
        updated_at: Set(now),
    }
    .insert(db)
    .await
    .map(|_| ())
}

pub async fn mark_disconnected(db: &impl ConnectionTrait, user_id: i64, now: DateTime<Utc>) -> Result<(), DbErr> {
    account::Entity::update_many()
        .col_expr(account::Column::Status, Expr::value(DISCONNECTED))
        .col_expr(account::Column::UpdatedAt, Expr::value(now))
        .filter(account::Column::UserId.eq(user_id))
        .exec(db)
        .await
        .map(|_| ())
}

pub async fn delete_account(db: &impl ConnectionTrait, user_id: i64) -> Result<(), DbErr> {
    account::Entity::delete_by_id(user_id).exec(db).await.map(|_| ())
}

/// Issues a personal link for the user; returns the token that goes in the URL.
pub async fn issue_link(db: &impl ConnectionTrait, user_id: i64, now: DateTime<Utc>) -> Result<String, DbErr> {
    let token = random_token();
    link::ActiveModel {
        user_id: Set(user_id),
        token_hash: Set(hash(&token)),
        created_at: Set(now),
        expires_at: Set(now + LINK_TTL),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(token)
}

/// Opens a link once: records the flow's state and PKCE verifier on it. `None` when the link is
/// unknown, expired or already opened (the single use is taken by a conditional update, so
/// two tabs racing cannot both start a flow).
pub async fn open_link(
    db: &impl ConnectionTrait,
    token: &str,
    state: &str,
    verifier: &str,
    now: DateTime<Utc>,
) -> Result<Option<Link>, DbErr> {
    let h = hash(token);
    let taken = link::Entity::update_many()
        .col_expr(link::Column::OpenedAt, Expr::value(Some(now)))
        .col_expr(link::Column::State, Expr::value(Some(hash(state))))
        .col_expr(link::Column::Verifier, Expr::value(Some(verifier.to_string())))
        .filter(link::Column::TokenHash.eq(h.clone()))
        .filter(link::Column::OpenedAt.is_null())
        .filter(link::Column::ExpiresAt.gt(now))
        .exec(db)
        .await?;
    if taken.rows_affected != 1 {
        return Ok(None);
    }
    link::Entity::find().filter(link::Column::TokenHash.eq(h)).one(db).await
}

/// Takes the flow a callback's `state` belongs to, once. `None`: unknown, expired or used.
pub async fn take_state(db: &impl ConnectionTrait, state: &str, now: DateTime<Utc>) -> Result<Option<Link>, DbErr> {
    let h = hash(state);
    let taken = link::Entity::update_many()
        .col_expr(link::Column::FinishedAt, Expr::value(Some(now)))
        .filter(link::Column::State.eq(h.clone()))
        .filter(link::Column::FinishedAt.is_null())
        .filter(link::Column::ExpiresAt.gt(now))
        .exec(db)
        .await?;
    if taken.rows_affected != 1 {
        return Ok(None);
    }
    link::Entity::find().filter(link::Column::State.eq(h)).one(db).await
}

/// A link by its token, whatever its state (the start page checks expiry and use).
pub async fn find_link(db: &impl ConnectionTrait, token: &str) -> Result<Option<Link>, DbErr> {
    link::Entity::find().filter(link::Column::TokenHash.eq(hash(token))).one(db).await
}
