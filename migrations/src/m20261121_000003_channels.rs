//! Delivery bookkeeping for the messaging channels.
//!
//! `delivery_status` keeps the furthest WhatsApp status seen for a sent message (sent <
//! delivered < read; failed is final), because Meta may deliver status webhooks out of order.
//! `via_template` records that a message went out as the pre-approved template, so a later
//! "window closed" status does not send it as a template a second time.

use sea_orm_migration::{prelude::*, schema::*};

use crate::m20261121_000001_foundation::create_index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum OutboundMessages {
    Table,
    ExternalId,
    DeliveryStatus,
    ViaTemplate,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        // SQLite accepts one column per ALTER TABLE, so each column is its own statement.
        m.alter_table(
            Table::alter()
                .table(OutboundMessages::Table)
                .add_column(string_null(OutboundMessages::DeliveryStatus))
                .to_owned(),
        )
        .await?;
        m.alter_table(
            Table::alter()
                .table(OutboundMessages::Table)
                .add_column(boolean(OutboundMessages::ViaTemplate).default(false))
                .to_owned(),
        )
        .await?;
        // Status webhooks find their message by the platform's id.
        create_index(m, "ix_outbound_external_id", OutboundMessages::Table, [OutboundMessages::ExternalId], false).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.drop_index(Index::drop().name("ix_outbound_external_id").table(OutboundMessages::Table).to_owned()).await?;
        for col in [OutboundMessages::ViaTemplate, OutboundMessages::DeliveryStatus] {
            m.alter_table(Table::alter().table(OutboundMessages::Table).drop_column(col).to_owned()).await?;
        }
        Ok(())
    }
}
