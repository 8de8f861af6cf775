//! Users and their channel identities, the inbound log (dedupe + crash recovery), the outbox,
//! and pending interactions (confirmations and choices that survive a restart).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden, Clone, Copy)]
enum Users {
    Table,
    Id,
    Lang,
    Timezone,
    DisplayName,
    CreatedAt,
    LastChannel,
    LastExternalUser,
    LastInboundAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum ChannelIdentities {
    Table,
    Id,
    Channel,
    ExternalId,
    UserId,
    CreatedAt,
    LastInboundAt,
    WindowClosed,
}

#[derive(DeriveIden, Clone, Copy)]
enum InboundMessages {
    Table,
    Id,
    Channel,
    ExternalMessageId,
    ExternalUser,
    UserId,
    Text,
    Button,
    DisplayName,
    LangHint,
    ReceivedAt,
    Status,
    Attempts,
    ProcessedAt,
}

#[derive(DeriveIden, Clone, Copy)]
enum OutboundMessages {
    Table,
    Id,
    UserId,
    Channel,
    ExternalUser,
    Kind,
    Text,
    Buttons,
    Status,
    Attempts,
    NextAttemptAt,
    CreatedAt,
    SentAt,
    InboundId,
    ExternalId,
    DedupeKey,
    Error,
}

#[derive(DeriveIden, Clone, Copy)]
enum PendingInteractions {
    Table,
    Id,
    UserId,
    Kind,
    Payload,
    CreatedAt,
    ExpiresAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table(Users::Table)
                .col(big_pk_auto(Users::Id))
                .col(string(Users::Lang))
                .col(string(Users::Timezone))
                .col(string_null(Users::DisplayName))
                .col(timestamp_with_time_zone(Users::CreatedAt))
                .col(string_null(Users::LastChannel))
                .col(string_null(Users::LastExternalUser))
                .col(timestamp_with_time_zone_null(Users::LastInboundAt))
                .to_owned(),
        )
        .await?;
        m.create_table(
            Table::create()
                .table(ChannelIdentities::Table)
                .col(big_pk_auto(ChannelIdentities::Id))
                .col(string(ChannelIdentities::Channel))
                .col(string(ChannelIdentities::ExternalId))
                .col(big_integer(ChannelIdentities::UserId))
                .col(timestamp_with_time_zone(ChannelIdentities::CreatedAt))
                .col(timestamp_with_time_zone_null(ChannelIdentities::LastInboundAt))
                .col(boolean(ChannelIdentities::WindowClosed).default(false))
                .foreign_key(
                    ForeignKey::create()
                        .from(ChannelIdentities::Table, ChannelIdentities::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        create_index(
            m,
            "ux_identity",
            ChannelIdentities::Table,
            [ChannelIdentities::Channel, ChannelIdentities::ExternalId],
            true,
        )
        .await?;

        m.create_table(
            Table::create()
                .table(InboundMessages::Table)
                .col(big_pk_auto(InboundMessages::Id))
                .col(string(InboundMessages::Channel))
                .col(string(InboundMessages::ExternalMessageId))
                .col(string(InboundMessages::ExternalUser))
                .col(big_integer_null(InboundMessages::UserId))
                .col(text(InboundMessages::Text))
                .col(text_null(InboundMessages::Button))
                .col(string_null(InboundMessages::DisplayName))
                .col(string_null(InboundMessages::LangHint))
                .col(timestamp_with_time_zone(InboundMessages::ReceivedAt))
                .col(string(InboundMessages::Status))
                .col(integer(InboundMessages::Attempts).default(0))
                .col(timestamp_with_time_zone_null(InboundMessages::ProcessedAt))
                .to_owned(),
        )
        .await?;
        // The redelivery guard: the same platform message id on the same channel is one message.
        create_index(
            m,
            "ux_inbound_external",
            InboundMessages::Table,
            [InboundMessages::Channel, InboundMessages::ExternalMessageId],
            true,
        )
        .await?;
        create_index(m, "ix_inbound_status", InboundMessages::Table, [InboundMessages::Status], false).await?;

        m.create_table(
            Table::create()
                .table(OutboundMessages::Table)
                .col(big_pk_auto(OutboundMessages::Id))
                .col(big_integer_null(OutboundMessages::UserId))
                .col(string(OutboundMessages::Channel))
                .col(string(OutboundMessages::ExternalUser))
                .col(string(OutboundMessages::Kind))
                .col(text(OutboundMessages::Text))
                .col(text_null(OutboundMessages::Buttons))
                .col(string(OutboundMessages::Status))
                .col(integer(OutboundMessages::Attempts).default(0))
                .col(timestamp_with_time_zone(OutboundMessages::NextAttemptAt))
                .col(timestamp_with_time_zone(OutboundMessages::CreatedAt))
                .col(timestamp_with_time_zone_null(OutboundMessages::SentAt))
                .col(big_integer_null(OutboundMessages::InboundId))
                .col(string_null(OutboundMessages::ExternalId))
                .col(string_null(OutboundMessages::DedupeKey))
                .col(text_null(OutboundMessages::Error))
                .to_owned(),
        )
        .await?;
        // A reminder occurrence is queued at most once, whatever crashes or races happen.
        create_index(m, "ux_outbound_dedupe", OutboundMessages::Table, [OutboundMessages::DedupeKey], true).await?;
        create_index(
            m,
            "ix_outbound_status",
            OutboundMessages::Table,
            [OutboundMessages::Status, OutboundMessages::NextAttemptAt],
            false,
        )
        .await?;
        create_index(
            m,
            "ix_outbound_feed",
            OutboundMessages::Table,
            [OutboundMessages::Channel, OutboundMessages::ExternalUser, OutboundMessages::Id],
            false,
        )
        .await?;

        m.create_table(
            Table::create()
                .table(PendingInteractions::Table)
                .col(big_pk_auto(PendingInteractions::Id))
                .col(big_integer(PendingInteractions::UserId))
                .col(string(PendingInteractions::Kind))
                .col(text(PendingInteractions::Payload))
                .col(timestamp_with_time_zone(PendingInteractions::CreatedAt))
                .col(timestamp_with_time_zone(PendingInteractions::ExpiresAt))
                .foreign_key(
                    ForeignKey::create()
                        .from(PendingInteractions::Table, PendingInteractions::UserId)
                        .to(Users::Table, Users::Id)
                        .on_delete(ForeignKeyAction::Cascade),
                )
                .to_owned(),
        )
        .await?;
        create_index(m, "ix_pending_user", PendingInteractions::Table, [PendingInteractions::UserId], false).await
    }

    async fn down(&self, m: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            PendingInteractions::Table.into_iden(),
            OutboundMessages::Table.into_iden(),
            InboundMessages::Table.into_iden(),
            ChannelIdentities::Table.into_iden(),
            Users::Table.into_iden(),
        ] {
            m.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}

/// Creates an index (unique or not) on `cols` of `table`.
pub(crate) async fn create_index<T: IntoIden + 'static, C: IntoIden + 'static>(
    m: &SchemaManager<'_>,
    name: &str,
    table: T,
    cols: impl IntoIterator<Item = C>,
    is_unique: bool,
) -> Result<(), DbErr> {
    let mut idx = Index::create();
    idx.name(name).table(table);
    if is_unique {
        idx.unique();
    }
    for c in cols {
        idx.col(c);
    }
    m.create_index(idx.to_owned()).await
}
