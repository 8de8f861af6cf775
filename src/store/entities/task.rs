use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "tasks")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    #[sea_orm(column_type = "Text")]
    pub title: String,
    /// the (next) occurrence the user asked for
    pub due_at: Option<DateTimeUtc>,
    /// "HH:MM" wall-clock time a recurring reminder keeps in the user's timezone
    pub local_time: Option<String>,
    /// daily | weekdays | weekly | monthly | yearly
    pub recurrence: Option<String>,
    /// open | done
    pub status: String,
    /// when the scheduler should send the reminder next; None = nothing to send
    pub next_fire_at: Option<DateTimeUtc>,
    pub last_fired_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub completed_at: Option<DateTimeUtc>,
    /// a snoozed occurrence of a recurring reminder: the series it came from (the series itself
    /// is not moved by a snooze)
    pub snoozed_from: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
