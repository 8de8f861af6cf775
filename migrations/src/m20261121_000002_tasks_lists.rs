//! Tasks and reminders, named lists and their items.
//!
//! A reminder's schedule is kept as the *local* wall-clock time of its first occurrence plus a
//! recurrence, and `next_fire_at` (UTC) is derived from them in the user's timezone, so a daily
//! 08:00 stays 08:00 local across DST changes.

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
enum Tasks {
    Table,
    Id,
    UserId,
    Title,
    DueAt,
    LocalTime,
    Recurrence,
    Status,
    NextFireAt,
    LastFiredAt,
    CreatedAt,
    CompletedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum Lists {
    Table,
    Id,
    UserId,
    Name,
    NormalizedName,
    CreatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum ListItems {
    Table,
    Id,
    ListId,
    Text,
    Checked,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Tasks::Table)
                .col(big_pk_auto(Tasks::Id))
                .col(big_integer(Tasks::UserId))
                .col(text(Tasks::Title))
                .col(timestamp_with_time_zone_null(Tasks::DueAt))
                // "HH:MM" local wall-clock time the recurrence keeps
                .col(string_null(Tasks::LocalTime))
                .col(string_null(Tasks::Recurrence))
                .col(string(Tasks::Status))
                .col(timestamp_with_time_zone_null(Tasks::NextFireAt))
                .col(timestamp_with_time_zone_null(Tasks::LastFiredAt))
                .col(timestamp_with_time_zone(Tasks::CreatedAt))
                .col(timestamp_with_time_zone_null(Tasks::CompletedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Tasks::Table, Tasks::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        create_index(
            m,
            "ix_tasks_user",
            Tasks::Table,
            [Tasks::UserId, Tasks::Status],
            false,
        )
        .await?;
        create_index(m, "ix_tasks_fire", Tasks::Table, [Tasks::NextFireAt], false).await?;

        m.create_table(
            Table::create()
                .table(Lists::Table)
                .col(big_pk_auto(Lists::Id))
                .col(big_integer(Lists::UserId))
                .col(string(Lists::Name))
                .col(string(Lists::NormalizedName))
                .col(timestamp_with_time_zone(Lists::CreatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(Lists::Table, Lists::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        create_index(
            m,
            "ux_lists_name",
            Lists::Table,
            [Lists::UserId, Lists::NormalizedName],
            true,
        )
        .await?;

        m.create_table(
            Table::create()
                .table(ListItems::Table)
                .col(big_pk_auto(ListItems::Id))
                .col(big_integer(ListItems::ListId))
                .col(text(ListItems::Text))
                .col(boolean(ListItems::Checked).default(false))
                .col(timestamp_with_time_zone(ListItems::CreatedAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(ListItems::Table, ListItems::ListId)
                        .to(Lists::Table, Lists::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        create_index(
            m,
            "ix_items_list",
            ListItems::Table,
            [ListItems::ListId],
            false,
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            ListItems::Table.into_iden(),
            Lists::Table.into_iden(),
            Tasks::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
