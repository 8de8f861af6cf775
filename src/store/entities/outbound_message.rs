use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "outbound_messages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: Option<i64>,
    pub channel: String,
    pub external_user: String,
    /// reply (answer to an inbound message) | push (reminder or anything Ozer starts)
    pub kind: String,
    #[sea_orm(column_type = "Text")]
    pub text: String,
    /// JSON array of {label, payload}
    #[sea_orm(column_type = "Text", nullable)]
    pub buttons: Option<String>,
    /// pending | sent | failed
    pub status: String,
    pub attempts: i32,
    pub next_attempt_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
    pub sent_at: Option<DateTimeUtc>,
    pub inbound_id: Option<i64>,
    pub external_id: Option<String>,
    pub dedupe_key: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub error: Option<String>,
    /// furthest WhatsApp delivery status seen: sent | delivered | read | failed
    pub delivery_status: Option<String>,
    /// sent as the pre-approved template (outside WhatsApp's 24-hour window)
    pub via_template: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
