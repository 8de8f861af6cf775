//! The LLM usage log: one row per call to the model (plan, repair, clarify, write), with its
//! tokens, cost, latency and outcome, so `ozer usage` can say what the LLM costs per day and how
//! many turns needed it at all. No message text is stored here.

use sea_orm_migration::{prelude::*, schema::*};

use crate::m20261121_000001_foundation::create_index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum LlmCalls {
    Table,
    Id,
    At,
    UserId,
    InboundId,
    Operation,
    Model,
    TokensIn,
    TokensOut,
    CostUsd,
    LatencyMs,
    Outcome,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(LlmCalls::Table)
                .col(big_pk_auto(LlmCalls::Id))
                .col(timestamp_with_time_zone(LlmCalls::At))
                .col(big_integer_null(LlmCalls::UserId))
                .col(big_integer_null(LlmCalls::InboundId))
                .col(string(LlmCalls::Operation))
                .col(string(LlmCalls::Model))
                .col(big_integer(LlmCalls::TokensIn).default(0))
                .col(big_integer(LlmCalls::TokensOut).default(0))
                .col(double(LlmCalls::CostUsd).default(0.0))
                .col(big_integer(LlmCalls::LatencyMs).default(0))
                .col(string(LlmCalls::Outcome))
                .to_owned(),
        )
        .await?;
        create_index(m, "ix_llm_calls_at", LlmCalls::Table, [LlmCalls::At], false).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_table(Table::drop().table(LlmCalls::Table).to_owned()).await
    }
}
