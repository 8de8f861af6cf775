//! Tasks and reminders of one user.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, Set};

use super::entities::task;

pub use task::Model as Task;

pub const OPEN: &str = "open";
pub const DONE: &str = "done";

pub struct NewTask<'a> {
    pub user_id: i64,
    pub title: &'a str,
    pub due_at: Option<DateTime<Utc>>,
    /// "HH:MM" local time a recurring reminder keeps
    pub local_time: Option<String>,
    /// the stored series (`DTSTART;TZID=…` and `RRULE:…`, scheduler/recurrence.rs)
    pub recurrence: Option<&'a str>,
}

pub async fn create(db: &impl ConnectionTrait, new: NewTask<'_>, now: DateTime<Utc>) -> Result<Task, DbErr> {
    task::ActiveModel {
        user_id: Set(new.user_id),
        title: Set(new.title.to_string()),
        due_at: Set(new.due_at),
        local_time: Set(new.local_time),
        recurrence: Set(new.recurrence.map(str::to_string)),
        status: Set(OPEN.to_string()),
        // a reminder fires at its due time; a task with no time never fires
        next_fire_at: Set(new.due_at),
        last_fired_at: Set(None),
        created_at: Set(now),
        completed_at: Set(None),
        snoozed_from: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// One snoozed occurrence of the recurring task `series`: a one-off reminder at `at`, so the
/// series keeps its own next occurrence.
pub async fn create_snoozed(
    db: &impl ConnectionTrait,
    series: &Task,
    at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<Task, DbErr> {
    task::ActiveModel {
        user_id: Set(series.user_id),
        title: Set(series.title.clone()),
        due_at: Set(Some(at)),
        local_time: Set(None),
        recurrence: Set(None),
        status: Set(OPEN.to_string()),
        next_fire_at: Set(Some(at)),
        last_fired_at: Set(None),
        created_at: Set(now),
        completed_at: Set(None),
        snoozed_from: Set(Some(series.id)),
        ..Default::default()
    }
    .insert(db)
    .await
}

pub async fn get(db: &impl ConnectionTrait, user_id: i64, id: i64) -> Result<Option<Task>, DbErr> {
    task::Entity::find_by_id(id).filter(task::Column::UserId.eq(user_id)).one(db).await
}

/// The user's tasks with `status`, soonest due first (undated ones last, oldest first).
pub async fn by_status(db: &impl ConnectionTrait, user_id: i64, status: &str) -> Result<Vec<Task>, DbErr> {
    let mut rows = task::Entity::find()
        .filter(task::Column::UserId.eq(user_id))
        .filter(task::Column::Status.eq(status))
        .order_by_asc(task::Column::Id)
        .all(db)
        .await?;
    rows.sort_by_key(|t| (t.due_at.is_none(), t.due_at, t.id));
    Ok(rows)
}

pub async fn by_ids(db: &impl ConnectionTrait, user_id: i64, ids: &[i64]) -> Result<Vec<Task>, DbErr> {
    task::Entity::find()
        .filter(task::Column::UserId.eq(user_id))
        .filter(task::Column::Id.is_in(ids.iter().copied()))
        .order_by_asc(task::Column::Id)
        .all(db)
        .await
}

pub async fn mark_done(db: &impl ConnectionTrait, t: &Task, now: DateTime<Utc>) -> Result<Task, DbErr> {
    let mut am: task::ActiveModel = t.clone().into();
    am.status = Set(DONE.to_string());
    am.completed_at = Set(Some(now));
    am.next_fire_at = Set(None);
    am.update(db).await
}

/// Moves a task to a new time (and its reminder with it).
pub async fn reschedule(
    db: &impl ConnectionTrait,
    t: &Task,
    due: DateTime<Utc>,
    local_time: Option<String>,
) -> Result<Task, DbErr> {
    let mut am: task::ActiveModel = t.clone().into();
    am.due_at = Set(Some(due));
    am.next_fire_at = Set(Some(due));
    if t.recurrence.is_some() {
        am.local_time = Set(local_time);
    }
    am.update(db).await
}

/// After a recurring reminder fired: its next occurrence. `None` ends the series.
pub async fn advance(
    db: &impl ConnectionTrait,
    t: &Task,
    next: Option<DateTime<Utc>>,
    fired_at: DateTime<Utc>,
) -> Result<(), DbErr> {
    let mut update = task::Entity::update_many()
        .col_expr(task::Column::NextFireAt, Expr::value(next))
        .col_expr(task::Column::LastFiredAt, Expr::value(Some(fired_at)));
    if next.is_some() {
        update = update.col_expr(task::Column::DueAt, Expr::value(next));
    }
    update.filter(task::Column::Id.eq(t.id)).exec(db).await.map(|_| ())
}

/// After one-off reminders fired: none of them fires again (what [`advance`] does with no next
/// occurrence), in one statement per thousand tasks.
pub async fn fired_once(db: &impl ConnectionTrait, ids: &[i64], fired_at: DateTime<Utc>) -> Result<(), DbErr> {
    for chunk in ids.chunks(1000) {
        task::Entity::update_many()
            .col_expr(task::Column::NextFireAt, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(task::Column::LastFiredAt, Expr::value(Some(fired_at)))
            .filter(task::Column::Id.is_in(chunk.iter().copied()))
            .exec(db)
            .await?;
    }
    Ok(())
}

/// Stores a task's recurrence (its series, scheduler/recurrence.rs).
pub async fn set_recurrence(db: &impl ConnectionTrait, id: i64, recurrence: &str) -> Result<(), DbErr> {
    task::Entity::update_many()
        .col_expr(task::Column::Recurrence, Expr::value(recurrence))
        .filter(task::Column::Id.eq(id))
        .exec(db)
        .await
        .map(|_| ())
}

/// A recurring task's series and next occurrence, moved together (a timezone change).
pub async fn move_series(
    db: &impl ConnectionTrait,
    t: &Task,
    recurrence: &str,
    next: Option<DateTime<Utc>>,
) -> Result<(), DbErr> {
    let mut update = task::Entity::update_many()
        .col_expr(task::Column::Recurrence, Expr::value(recurrence))
        .col_expr(task::Column::NextFireAt, Expr::value(next));
    if next.is_some() {
        update = update.col_expr(task::Column::DueAt, Expr::value(next));
    }
    update.filter(task::Column::Id.eq(t.id)).exec(db).await.map(|_| ())
}

pub async fn rename(db: &impl ConnectionTrait, t: &Task, title: &str) -> Result<Task, DbErr> {
    let mut am: task::ActiveModel = t.clone().into();
    am.title = Set(title.to_string());
    am.update(db).await
}

pub async fn delete(db: &impl ConnectionTrait, user_id: i64, ids: &[i64]) -> Result<u64, DbErr> {
    let res = task::Entity::delete_many()
        .filter(task::Column::UserId.eq(user_id))
        .filter(task::Column::Id.is_in(ids.iter().copied()))
        .exec(db)
        .await?;
    Ok(res.rows_affected)
}
