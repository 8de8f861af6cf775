//! Google linking: one account row per user holding the refresh token **encrypted**
//! (AES-256-GCM, `google/crypto.rs`; the column never holds a token in clear), and the personal
//! links a user opens to connect Google (single use, short-lived; only a hash of the link's
//! token is stored, and the OAuth `state` and PKCE verifier of the flow it started).

use sea_orm_migration::{prelude::*, schema::*};

use crate::m20261121_000001_foundation::create_index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden, Clone, Copy)]
enum GoogleAccounts {
    Table,
    UserId,
    RefreshToken,
    Scopes,
    Status,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum GoogleLinks {
    Table,
    Id,
    UserId,
    TokenHash,
    State,
    Verifier,
    CreatedAt,
    ExpiresAt,
    OpenedAt,
    FinishedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(GoogleAccounts::Table)
                .col(big_integer(GoogleAccounts::UserId).primary_key())
                .col(text(GoogleAccounts::RefreshToken))
                .col(text(GoogleAccounts::Scopes))
                .col(string(GoogleAccounts::Status))
                .col(timestamp_with_time_zone(GoogleAccounts::CreatedAt))
                .col(timestamp_with_time_zone(GoogleAccounts::UpdatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(GoogleAccounts::Table, GoogleAccounts::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(GoogleLinks::Table)
                .col(big_pk_auto(GoogleLinks::Id))
                .col(big_integer(GoogleLinks::UserId))
                .col(string(GoogleLinks::TokenHash))
                .col(string_null(GoogleLinks::State))
                .col(string_null(GoogleLinks::Verifier))
                .col(timestamp_with_time_zone(GoogleLinks::CreatedAt))
                .col(timestamp_with_time_zone(GoogleLinks::ExpiresAt))
                .col(timestamp_with_time_zone_null(GoogleLinks::OpenedAt))
                .col(timestamp_with_time_zone_null(GoogleLinks::FinishedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(GoogleLinks::Table, GoogleLinks::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        create_index(m, "ux_google_links_token", GoogleLinks::Table, [GoogleLinks::TokenHash], true).await?;
        create_index(m, "ux_google_links_state", GoogleLinks::Table, [GoogleLinks::State], true).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(GoogleLinks::Table).to_owned()).await?;
        m.drop_table(Table::drop().table(GoogleAccounts::Table).to_owned()).await
    }
}
