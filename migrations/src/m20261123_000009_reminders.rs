//! Reminders people rely on (issue 13): a snoozed occurrence of a recurring reminder is its own
//! one-off row pointing at its series (`tasks.snoozed_from`), so snoozing never moves the
//! series; the opt-in morning briefing is a local time per user (`users.briefing_time`,
//! "HH:MM") and the instant it is next due (`users.briefing_next_at`). Recurrences themselves
//! need no new column: `tasks.recurrence` holds the RRULE series as text (old rows keep their
//! simple word, which the scheduler maps to the same rule).
//!
//! One ALTER per column: SQLite takes a single change per ALTER TABLE.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum Tasks {
    Table,
    SnoozedFrom,
}

#[derive(DeriveIden, Clone, Copy)]
enum Users {
    Table,
    BriefingTime,
    BriefingNextAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.alter_table(Table::alter().table(Tasks::Table).add_column(big_integer_null(Tasks::SnoozedFrom)).to_owned())
            .await?;
        m.alter_table(Table::alter().table(Users::Table).add_column(string_null(Users::BriefingTime)).to_owned())
            .await?;
        m.alter_table(
            Table::alter()
                .table(Users::Table)
                .add_column(timestamp_with_time_zone_null(Users::BriefingNextAt))
                .to_owned(),
        )
        .await?;
        m.create_index(
            Index::create()
                .name("idx_users_briefing_next_at")
                .table(Users::Table)
                .col(Users::BriefingNextAt)
                .to_owned(),
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name("idx_users_briefing_next_at").table(Users::Table).to_owned()).await?;
        for col in [Users::BriefingNextAt, Users::BriefingTime] {
            m.alter_table(Table::alter().table(Users::Table).drop_column(col).to_owned()).await?;
        }
        m.alter_table(Table::alter().table(Tasks::Table).drop_column(Tasks::SnoozedFrom).to_owned()).await
    }
}
