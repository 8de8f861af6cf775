use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "inbound_messages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub channel: String,
    pub external_message_id: String,
    pub external_user: String,
    pub user_id: Option<i64>,
    #[sea_orm(column_type = "Text")]
    pub text: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub button: Option<String>,
    pub display_name: Option<String>,
    pub lang_hint: Option<String>,
    pub received_at: DateTimeUtc,
    /// pending | done | dropped
    pub status: String,
    pub attempts: i32,
    pub processed_at: Option<DateTimeUtc>,
    /// the turn's frozen "now": a retry understands relative times as the first attempt did
    pub turn_now: Option<DateTimeUtc>,
    /// lease of the worker running this turn (several workers, several instances)
    pub claimed_until: Option<DateTimeUtc>,
    /// a failed turn is not retried before this
    pub retry_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
