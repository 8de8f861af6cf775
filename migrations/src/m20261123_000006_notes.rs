//! Notes: the second brain. A note is kept as the user said it, with its language and time;
//! `terms` is its lexical index (normalized keys, space-separated) computed when it is saved, and
//! `embedding` its vector (little-endian f32), filled later by a background worker, so a note
//! saved while the embeddings endpoint is down is embedded when it comes back.

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
enum Notes {
    Table,
    Id,
    UserId,
    Text,
    Lang,
    Terms,
    Embedding,
    EmbeddingModel,
    Revision,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Notes::Table)
                .col(big_pk_auto(Notes::Id))
                .col(big_integer(Notes::UserId))
                .col(text(Notes::Text))
                .col(string(Notes::Lang))
                .col(text(Notes::Terms))
                .col(blob_null(Notes::Embedding))
                .col(string_null(Notes::EmbeddingModel))
                .col(big_integer(Notes::Revision).default(0))
                .col(timestamp_with_time_zone(Notes::CreatedAt))
                .col(timestamp_with_time_zone(Notes::UpdatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Notes::Table, Notes::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        // (user, revision) covers recall's stamp query (count, max id, sum of revisions), so it
        // never reads the rows with their vectors (memory/cache.rs)
        create_index(m, "ix_notes_user", Notes::Table, [Notes::UserId, Notes::Revision], false).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(Notes::Table).to_owned()).await
    }
}
