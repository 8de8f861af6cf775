//! Web chat sessions issued by the server.
//!
//! The web chat's session cookie is the user's identity on that channel. Only ids the server
//! issued (a row here) are accepted, so a client cannot pick its own session id. Sessions that
//! already have a web identity were issued by the server before this table existed, and are
//! carried over so their users keep their history and reminders.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum WebSessions {
    Table,
    Id,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(WebSessions::Table)
                .col(string(WebSessions::Id).primary_key())
                .col(timestamp_with_time_zone(WebSessions::CreatedAt))
                .to_owned(),
        )
        .await?;
        m.get_connection()
            .execute_unprepared(
                "INSERT INTO web_sessions (id, created_at) \
                 SELECT external_id, MIN(created_at) FROM channel_identities \
                 WHERE channel = 'web' GROUP BY external_id",
            )
            .await
            .map(|_| ())
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(WebSessions::Table).to_owned()).await
    }
}
