use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "turn_steps")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub inbound_id: i64,
    pub step_id: i32,
    pub user_id: Option<i64>,
    /// started | done | failed | blocked | waiting
    pub status: String,
    pub resolver: String,
    pub action: String,
    /// unique; derived from (inbound message, step): remote calls carry it
    pub idempotency_key: String,
    /// JSON: what the reply needs and the entities the step touched (`steps::Outcome`)
    #[sea_orm(column_type = "Text", nullable)]
    pub result: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
