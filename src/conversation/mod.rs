//! Conversation state between turns: the pending question (confirm? which one?) a reply may
//! answer. An answer that does not fit the question is treated as a new message.

pub mod commands;
pub mod timezone;

use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, DbErr};

use crate::store::pending::{self, Pending};

/// The user's open question, if any and not expired.
pub async fn open_question(
    db: &impl ConnectionTrait,
    user_id: i64,
    now: DateTime<Utc>,
) -> Result<Option<Pending>, DbErr> {
    pending::current(db, user_id, now).await
}
