use sea_orm::entity::prelude::*;

/// A user's Google link: the refresh token, sealed (google/crypto.rs), and whether it still works.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "google_accounts")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i64,
    pub refresh_token: String,
    pub scopes: String,
    /// "linked" or "disconnected" (Google answered invalid_grant)
    pub status: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
