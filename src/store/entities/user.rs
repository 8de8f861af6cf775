use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub lang: String,
    pub timezone: String,
    pub display_name: Option<String>,
    pub created_at: DateTimeUtc,
    pub last_channel: Option<String>,
    pub last_external_user: Option<String>,
    pub last_inbound_at: Option<DateTimeUtc>,
    /// the morning briefing's local time ("HH:MM"); `None`: the user did not ask for one
    pub briefing_time: Option<String>,
    /// when the next briefing is due
    pub briefing_next_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
