//! The outbox dispatcher: sends queued messages for Telegram and WhatsApp, after the turn that
//! produced them committed.
//!
//! Each due row is claimed (a lease, `FOR UPDATE SKIP LOCKED` on PostgreSQL, so several
//! instances can run this side by side), sent through the channel's client, and marked sent,
//! retried with backoff (transient trouble) or failed (a refusal that retrying cannot fix).
//! WhatsApp only accepts free-form messages within 24 hours of the user's last message; outside
//! that window a push (reminder) goes out as the pre-approved template with the text as its
//! parameter, never dropped.

use std::time::Duration;

use sea_orm::DbErr;

use crate::app::AppState;
use crate::channels::{Channel, whatsapp};
use crate::store::outbound::{self, Outbound};
use crate::store::{delivery, users};

/// Attempts before a message is given up as failed (backoff reaches ~8 minutes by then).
const MAX_ATTEMPTS: i32 = 8;
/// Rows claimed per round.
const BATCH: u64 = 20;

/// What one send came to.
enum Sent {
    Done { external_id: Option<String> },
    Template { external_id: String },
    Retry(String),
    Failed(String),
}

/// Sends every due row once; returns how many rows were handled. Tests call this directly.
pub async fn dispatch_once(state: &AppState) -> Result<usize, DbErr> {
    let mut handled = 0;
    loop {
        let rows = outbound::claim_due(&state.db, state.clock.now(), BATCH).await?;
        if rows.is_empty() {
            return Ok(handled);
        }
        for row in rows {
            let sent = send(state, &row).await?;
            settle(state, &row, sent).await?;
            handled += 1;
        }
    }
}

/// The background worker: dispatch whenever a turn queued something, and every second for
/// retries that came due.
pub fn spawn(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        while !state.stop.is_set() {
            if let Err(e) = dispatch_once(&state).await {
                tracing::error!(error = %e, "outbox dispatch failed");
            }
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                _ = state.wake_outbox.notified() => {}
                _ = state.stop.wait() => {}
            }
        }
    })
}

async fn settle(state: &AppState, row: &Outbound, sent: Sent) -> Result<(), DbErr> {
    let now = state.clock.now();
    match &sent {
        Sent::Done { .. } | Sent::Template { .. } => state.metrics.message_out(&row.channel, true),
        Sent::Failed(_) => state.metrics.message_out(&row.channel, false),
        Sent::Retry(_) => {}
    }
    match sent {
        Sent::Done { external_id } => outbound::mark_sent(&state.db, row.id, external_id, now).await,
        Sent::Template { external_id } => delivery::mark_sent_template(&state.db, row.id, external_id, now).await,
        Sent::Retry(error) => {
            tracing::warn!(id = row.id, %error, "send failed; will retry");
            outbound::mark_retry(&state.db, row, &error, now, MAX_ATTEMPTS).await
        }
        Sent::Failed(error) => {
            tracing::error!(id = row.id, %error, "send failed for good");
            outbound::mark_failed(&state.db, row.id, &error).await
        }
    }
}

#[tracing::instrument(skip_all, fields(id = row.id, channel = %row.channel))]
async fn send(state: &AppState, row: &Outbound) -> Result<Sent, DbErr> {
    let reply = outbound::reply_of(row);
    match Channel::parse(&row.channel) {
        Some(Channel::Telegram) => {
            let Some(client) = &state.telegram else {
                return Ok(Sent::Failed("telegram is not configured".into()));
            };
            let Ok(chat_id) = row.external_user.parse::<i64>() else {
                return Ok(Sent::Failed("not a telegram chat id".into()));
            };
            Ok(match client.send(chat_id, &reply).await {
                Ok(()) => Sent::Done { external_id: None },
                Err(e) if e.is_transient() => Sent::Retry(e.to_string()),
                Err(e) => Sent::Failed(e.to_string()),
            })
        }
        Some(Channel::Whatsapp) => send_whatsapp(state, row, &reply).await,
        // Web and console rows are stored as sent; anything else here is not ours to send.
        _ => Ok(Sent::Failed("not a remote channel".into())),
    }
}

async fn send_whatsapp(state: &AppState, row: &Outbound, reply: &crate::channels::Reply) -> Result<Sent, DbErr> {
    let Some(client) = &state.whatsapp else {
        return Ok(Sent::Failed("whatsapp is not configured".into()));
    };
    let now = state.clock.now();
    let identity = delivery::identity(&state.db, Channel::Whatsapp, &row.external_user).await?;
    let open = delivery::window_open(identity.as_ref(), now);
    if row.kind == outbound::KIND_PUSH && !open {
        return send_template(state, client, row).await;
    }
    match client.send_reply(&row.external_user, reply).await {
        Ok(wamid) => Ok(Sent::Done { external_id: Some(wamid) }),
        Err(whatsapp::SendError::WindowClosed) => {
            delivery::close_window(&state.db, Channel::Whatsapp, &row.external_user).await?;
            send_template(state, client, row).await
        }
        Err(e) if e.is_transient() => Ok(Sent::Retry(e.to_string())),
        Err(e) => Ok(Sent::Failed(e.to_string())),
    }
}

/// The pre-approved template (`WHATSAPP_REMINDER_TEMPLATE`) with the message text as its one
/// body parameter, in the user's language.
async fn send_template(state: &AppState, client: &whatsapp::WhatsappClient, row: &Outbound) -> Result<Sent, DbErr> {
    let Some(settings) = &state.settings.whatsapp else {
        return Ok(Sent::Failed("whatsapp is not configured".into()));
    };
    let lang = match row.user_id {
        Some(id) => users::get(&state.db, id).await?.map(|u| u.lang),
        None => None,
    }
    .unwrap_or_else(|| state.settings.lang.code().to_string());
    let result = client.send_template(&row.external_user, &settings.reminder_template, &lang, &row.text).await;
    Ok(match result {
        Ok(wamid) => Sent::Template { external_id: wamid },
        Err(e) if e.is_transient() => Sent::Retry(e.to_string()),
        Err(e) => Sent::Failed(e.to_string()),
    })
}
