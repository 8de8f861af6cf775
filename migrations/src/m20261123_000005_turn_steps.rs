//! Durable turns: each step's outcome is stored as it completes, and an inbound message carries
//! the lease of the worker running its turn.
//!
//! `turn_steps` is keyed by (inbound message, step id): a retried turn (crash, restart, another
//! instance) reuses what is stored and never re-runs a completed step. A remote step is stored as
//! `started` with its idempotency key before the remote call, so a retry knows the call may have
//! happened. On `inbound_messages`, `turn_now` freezes the turn's "now" (a retry understands
//! "in 10 minutes" exactly as the first attempt did), `claimed_until` is the lease that keeps one
//! worker on a message, and `retry_at` spaces out retries of a failing turn.

use sea_orm_migration::{prelude::*, schema::*};

use crate::m20261121_000001_foundation::create_index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum TurnSteps {
    Table,
    Id,
    InboundId,
    StepId,
    UserId,
    Status,
    Resolver,
    Action,
    IdempotencyKey,
    Result,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundMessages {
    Table,
    TurnNow,
    ClaimedUntil,
    RetryAt,
    Status,
    ExternalUser,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(TurnSteps::Table)
                .col(big_pk_auto(TurnSteps::Id))
                .col(big_integer(TurnSteps::InboundId))
                .col(integer(TurnSteps::StepId))
                .col(big_integer_null(TurnSteps::UserId))
                .col(string(TurnSteps::Status))
                .col(string(TurnSteps::Resolver))
                .col(string(TurnSteps::Action))
                .col(string(TurnSteps::IdempotencyKey))
                .col(text_null(TurnSteps::Result))
                .col(timestamp_with_time_zone(TurnSteps::CreatedAt))
                .col(timestamp_with_time_zone(TurnSteps::UpdatedAt))
                .to_owned(),
        )
        .await?;
        create_index(m, "ux_turn_steps_step", TurnSteps::Table, [TurnSteps::InboundId, TurnSteps::StepId], true)
            .await?;
        create_index(m, "ux_turn_steps_key", TurnSteps::Table, [TurnSteps::IdempotencyKey], true).await?;
        create_index(m, "ix_turn_steps_user", TurnSteps::Table, [TurnSteps::UserId, TurnSteps::InboundId], false)
            .await?;
        // SQLite accepts one column per ALTER TABLE, so each column is its own statement.
        for col in [InboundMessages::TurnNow, InboundMessages::ClaimedUntil, InboundMessages::RetryAt] {
            m.alter_table(
                Table::alter().table(InboundMessages::Table).add_column(timestamp_with_time_zone_null(col)).to_owned(),
            )
            .await?;
        }
        // The worker looks for each user's oldest pending message.
        create_index(
            m,
            "ix_inbound_pending_user",
            InboundMessages::Table,
            [InboundMessages::Status, InboundMessages::ExternalUser, InboundMessages::Id],
            false,
        )
        .await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name("ix_inbound_pending_user").table(InboundMessages::Table).to_owned()).await?;
        for col in [InboundMessages::RetryAt, InboundMessages::ClaimedUntil, InboundMessages::TurnNow] {
            m.alter_table(Table::alter().table(InboundMessages::Table).drop_column(col).to_owned()).await?;
        }
        m.drop_table(Table::drop().table(TurnSteps::Table).to_owned()).await
    }
}
