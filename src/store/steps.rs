//! Step results: each step of a turn is stored as it completes, keyed by (inbound message,
//! step id), so a retried turn (crash, restart, another instance) reuses it instead of running
//! the step again. A remote step is stored as `started`, with its idempotency key, before the
//! remote call; a retry that finds `started` without a result knows the effect may exist.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, Set, TransactionTrait};
use sha2::{Digest, Sha256};

use super::entities::turn_step;
use crate::reply::Spoken;

pub use turn_step::Model as StoredStep;

/// Statuses a step can end in (and `started`, for a remote step whose call may be under way).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Started,
    Done,
    Failed,
    Blocked,
    /// the step asked the user something (a confirmation, a choice)
    Waiting,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Started => "started",
            Status::Done => "done",
            Status::Failed => "failed",
            Status::Blocked => "blocked",
            Status::Waiting => "waiting",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        [Status::Started, Status::Done, Status::Failed, Status::Blocked, Status::Waiting]
            .into_iter()
            .find(|st| st.as_str() == s)
    }

    /// A failed or blocked step blocks the steps that depend on it.
    pub fn blocks_dependents(self) -> bool {
        matches!(self, Status::Failed | Status::Blocked)
    }
}

/// What a finished step left for the reply and for later steps.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    pub spoken: Spoken,
    /// the entities the step resolved (ids, titles, times); later steps and the next turn see them
    #[serde(default)]
    pub data: serde_json::Value,
}

/// Which step of which turn, and what it is.
#[derive(Debug, Clone, Copy)]
pub struct StepRef<'a> {
    pub inbound_id: i64,
    pub step_id: i32,
    pub user_id: Option<i64>,
    pub resolver: &'a str,
    pub action: &'a str,
    pub key: &'a str,
}

/// The idempotency key of a step: stable across retries, unique across installations (it is
/// derived from the platform's message id), and made of lowercase hex digits only, so it is also
/// a valid Google Calendar event id (base32hex, 5–1024 characters).
pub fn idempotency_key(channel: &str, external_message_id: &str, step_id: i32) -> String {
    let digest = Sha256::digest(format!("ozer-step\n{channel}\n{external_message_id}\n{step_id}").as_bytes());
    digest.iter().take(16).map(|b| format!("{b:02x}")).collect()
}

/// Every stored step of a turn, in step order.
pub async fn all(db: &impl ConnectionTrait, inbound_id: i64) -> Result<Vec<StoredStep>, DbErr> {
    Ok(all_of(db, &[inbound_id]).await?.remove(&inbound_id).unwrap_or_default())
}

/// [`all`] for several messages in one query, by message (those with none are absent).
pub async fn all_of(
    db: &impl ConnectionTrait,
    inbound_ids: &[i64],
) -> Result<std::collections::HashMap<i64, Vec<StoredStep>>, DbErr> {
    let mut by: std::collections::HashMap<i64, Vec<StoredStep>> = Default::default();
    if inbound_ids.is_empty() {
        return Ok(by);
    }
    let rows = turn_step::Entity::find()
        .filter(turn_step::Column::InboundId.is_in(inbound_ids.iter().copied()))
        .order_by_asc(turn_step::Column::StepId)
        .all(db)
        .await?;
    for row in rows {
        by.entry(row.inbound_id).or_default().push(row);
    }
    Ok(by)
}

/// Records that a remote step is about to call out. Returns false when a row for this step exists
/// already (an earlier attempt started it: the caller must treat the effect as possibly done).
pub async fn start(
    db: &(impl ConnectionTrait + TransactionTrait),
    step: StepRef<'_>,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let am = active(step, Status::Started, None, now);
    Ok(super::insert_unless_taken(db, am, KEY).await?.is_some())
}

/// Stores a step's final status and outcome (over a `started` row, or as a new row).
pub async fn finish(
    db: &(impl ConnectionTrait + TransactionTrait),
    step: StepRef<'_>,
    status: Status,
    outcome: &Outcome,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    let json = serde_json::to_string(outcome).unwrap_or_default();
    let updated = turn_step::Entity::update_many()
        .col_expr(turn_step::Column::Status, Expr::value(status.as_str()))
        .col_expr(turn_step::Column::Result, Expr::value(Some(json.clone())))
        .col_expr(turn_step::Column::UpdatedAt, Expr::value(now))
        .filter(turn_step::Column::InboundId.eq(step.inbound_id))
        .filter(turn_step::Column::StepId.eq(step.step_id))
        .exec(db)
        .await?;
    if updated.rows_affected == 0 {
        let am = active(step, status, Some(json), now);
        super::insert_unless_taken(db, am, KEY).await?;
    }
    Ok(())
}

/// Stores a finished step as a new row, in one statement, unless the step has a row already
/// (another worker stored it first: false, and the caller rolls back its effect). A local step
/// runs its effect and then this in one transaction, so effect and outcome commit together.
pub async fn record(
    db: &impl ConnectionTrait,
    step: StepRef<'_>,
    status: Status,
    outcome: &Outcome,
    now: DateTime<Utc>,
) -> Result<bool, DbErr> {
    let json = serde_json::to_string(outcome).unwrap_or_default();
    Ok(super::insert_unless_taken(db, active(step, status, Some(json), now), KEY).await?.is_some())
}

/// A step's unique key: (turn, step id). Its idempotency key is derived from the same two.
const KEY: [turn_step::Column; 2] = [turn_step::Column::InboundId, turn_step::Column::StepId];

fn active(step: StepRef<'_>, status: Status, result: Option<String>, now: DateTime<Utc>) -> turn_step::ActiveModel {
    turn_step::ActiveModel {
        inbound_id: Set(step.inbound_id),
        step_id: Set(step.step_id),
        user_id: Set(step.user_id),
        status: Set(status.as_str().to_string()),
        resolver: Set(step.resolver.to_string()),
        action: Set(step.action.to_string()),
        idempotency_key: Set(step.key.to_string()),
        result: Set(result),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}

/// The outcome stored with a step, if it finished.
pub fn outcome_of(row: &StoredStep) -> Option<Outcome> {
    row.result.as_deref().and_then(|r| serde_json::from_str(r).ok())
}

/// The entities the user's last turn touched (for "move it to 5" in the next message): the data of
/// the steps of the most recent turn that stored any.
pub async fn last_entities(
    db: &impl ConnectionTrait,
    user_id: i64,
    before_inbound: i64,
) -> Result<Vec<serde_json::Value>, DbErr> {
    // one query: the steps of the user's last message that has a finished step
    Ok(last_entities_of(db, &[(user_id, before_inbound)]).await?.remove(&before_inbound).unwrap_or_default())
}

/// [`last_entities`] for several (user, message) pairs in one query, by message.
pub async fn last_entities_of(
    db: &impl ConnectionTrait,
    pairs: &[(i64, i64)],
) -> Result<std::collections::HashMap<i64, Vec<serde_json::Value>>, DbErr> {
    let Some(((u0, m0), rest)) = pairs.split_first() else {
        return Ok(Default::default());
    };
    // each pair's last message with a finished step, one UNION ALL branch a pair
    let mut lasts = last_finished(*u0, *m0);
    for (user_id, before) in rest {
        lasts.union(sea_orm::sea_query::UnionType::All, last_finished(*user_id, *before));
    }
    let rows = turn_step::Entity::find()
        .filter(turn_step::Column::InboundId.in_subquery(lasts))
        .order_by_asc(turn_step::Column::StepId)
        .all(db)
        .await?;
    // each pair's message: the user's latest with steps here that comes before it
    let mut by: std::collections::HashMap<i64, Vec<serde_json::Value>> = Default::default();
    for (user_id, before) in pairs {
        let last =
            rows.iter().filter(|r| r.user_id == Some(*user_id) && r.inbound_id < *before).map(|r| r.inbound_id).max();
        let steps: Vec<StoredStep> = rows.iter().filter(|r| Some(r.inbound_id) == last).cloned().collect();
        by.insert(*before, entities_of(&steps));
    }
    Ok(by)
}

/// The id of `user_id`'s last message before `before_inbound` that has a finished step.
fn last_finished(user_id: i64, before_inbound: i64) -> sea_orm::sea_query::SelectStatement {
    // MAX, not ORDER BY … LIMIT 1: a UNION ALL branch may not have its own ORDER BY
    sea_orm::sea_query::Query::select()
        .expr(sea_orm::sea_query::Func::max(Expr::col(turn_step::Column::InboundId)))
        .from(turn_step::Entity)
        .and_where(turn_step::Column::UserId.eq(user_id))
        .and_where(turn_step::Column::InboundId.lt(before_inbound))
        .and_where(turn_step::Column::Status.eq(Status::Done.as_str()))
        .and_where(turn_step::Column::StepId.gte(0))
        .to_owned()
}

/// The entities in a message's stored steps (the special rows — conversation, planner,
/// question — hold none).
fn entities_of(rows: &[StoredStep]) -> Vec<serde_json::Value> {
    rows.iter().filter(|r| r.step_id >= 0).filter_map(outcome_of).map(|o| o.data).filter(|d| !d.is_null()).collect()
}
