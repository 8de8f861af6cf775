//! Indexes for the queries every turn and every webhook runs, found by profiling the load
//! benchmark: without them each one scanned its whole table, so a turn got slower as the
//! message log grew (a user's recent messages: 6 ms at 17,000 messages).
//!
//! - a user's recent messages (the turn's context): inbound by (user_id, id);
//! - the rate limit (every webhook): inbound by (channel, external_user, received_at);
//! - a message's stored replies (closing a turn, a resent web message): outbound by inbound_id.

use sea_orm_migration::prelude::*;

use crate::m20261121_000001_foundation::create_index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum InboundMessages {
    Table,
    UserId,
    Id,
    Channel,
    ExternalUser,
    ReceivedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum OutboundMessages {
    Table,
    InboundId,
}

const INDEXES: [(&str, &str); 3] = [
    ("ix_inbound_user", "inbound_messages"),
    ("ix_inbound_sender", "inbound_messages"),
    ("ix_outbound_inbound", "outbound_messages"),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        use InboundMessages as I;
        create_index(m, INDEXES[0].0, I::Table, [I::UserId, I::Id], false).await?;
        create_index(m, INDEXES[1].0, I::Table, [I::Channel, I::ExternalUser, I::ReceivedAt], false).await?;
        create_index(m, INDEXES[2].0, OutboundMessages::Table, [OutboundMessages::InboundId], false).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for (name, table) in INDEXES {
            m.drop_index(Index::drop().name(name).table(Alias::new(table)).to_owned()).await?;
        }
        Ok(())
    }
}
