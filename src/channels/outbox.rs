//! The outbox dispatcher: sends queued messages for Telegram and WhatsApp, after the turn that
//! produced them committed.
//!
//! Each due row is claimed (a lease, `FOR UPDATE SKIP LOCKED` on PostgreSQL, so several
//! instances can run this side by side), sent through the channel's client, and marked sent,
//! retried with backoff (transient trouble) or failed (a refusal that retrying cannot fix).
//! Transient trouble is retried for [`RETRY_FOR`] with a backoff capped at 10 minutes, never
//! sooner than the platform asked (Telegram's `retry_after`, WhatsApp's throttling codes), so
//! an outage of hours delays messages without dropping them; a push that goes out late says so.
//! WhatsApp only accepts free-form messages within 24 hours of the user's last message; outside
//! that window a push (reminder) goes out as the pre-approved template with the text as its
//! parameter, never dropped.

use std::sync::Arc;
use std::time::Duration;

use chrono_tz::Tz;
use sea_orm::{DatabaseTransaction, DbErr, TransactionTrait};
use tokio::sync::Semaphore;

use crate::app::AppState;
use crate::channels::{Channel, Reply, whatsapp};
use crate::reply::Msg;
use crate::reply::when::when_phrase;
use crate::store::outbound::{self, Outbound};
use crate::store::{delivery, users};
use crate::understand::Lang;

/// How long transient failures are retried before a message is given up as failed.
pub const RETRY_FOR: chrono::Duration = chrono::Duration::hours(24);
/// A push first queued longer ago than this, and delayed by failed attempts, says it is late.
const LATE_NOTE_AFTER: chrono::Duration = chrono::Duration::minutes(2);
/// Rows claimed per round.
const BATCH: u64 = 500;
/// How long the settler lets send results gather before writing them (a sent row stays
/// `sending` at most this much longer).
const SETTLE_GATHER: Duration = Duration::from_millis(5);
/// Sends in flight at once per channel (different users' messages; one user's go in order).
const SENDS_PER_CHANNEL: usize = 64;

/// What one send came to.
enum Sent {
    Done {
        external_id: Option<String>,
    },
    Template {
        external_id: String,
    },
    /// Try again, not before `after` when the platform said so.
    Retry {
        error: String,
        after: Option<Duration>,
    },
    Failed(String),
}

impl Sent {
    fn retry(error: impl std::fmt::Display, after: Option<Duration>) -> Self {
        Sent::Retry { error: error.to_string(), after }
    }
}

/// Sends every due row once; returns how many rows were handled. Tests call this directly.
///
/// Rows are claimed in batches; different users' rows are sent concurrently (one user's in
/// order, at most [`SENDS_PER_CHANNEL`] in flight per channel), and the results are written back by one settler, many per transaction, so a burst
/// (10,000 reminders due at once) costs a commit per batch rather than one per message.
pub async fn dispatch_once(state: &AppState) -> Result<usize, DbErr> {
    let mut handled = 0;
    loop {
        let rows = outbound::claim_due(&state.db, state.clock.now(), BATCH).await?;
        if rows.is_empty() {
            return Ok(handled);
        }
        let (results, settled) = tokio::sync::mpsc::unbounded_channel::<(Outbound, Sent)>();
        let settler = tokio::spawn(settle_all(state.clone(), settled));
        // One user's messages go in order; different users' concurrently.
        let mut by_user: std::collections::BTreeMap<(String, String), Vec<Outbound>> = Default::default();
        for row in rows {
            by_user.entry((row.channel.clone(), row.external_user.clone())).or_default().push(row);
        }
        let mut senders = tokio::task::JoinSet::new();
        let mut limits: std::collections::HashMap<String, Arc<Semaphore>> = Default::default();
        for ((channel, _), rows) in by_user {
            let state = state.clone();
            let results = results.clone();
            let limit = limits.entry(channel).or_insert_with(|| Arc::new(Semaphore::new(SENDS_PER_CHANNEL))).clone();
            senders.spawn(async move {
                for row in rows {
                    // a closed semaphore cannot happen (it lives until every sender is done)
                    let Ok(_permit) = limit.acquire().await else { break };
                    // The lease is renewed just before the send: a row another sender took over
                    // after our lease ran out is not sent (again) by us.
                    let Some(row) = outbound::renew(&state.db, &row, state.clock.now()).await? else {
                        continue;
                    };
                    let sent = send(&state, &row).await?;
                    // the settler lives until every sender is done
                    let _ = results.send((row, sent));
                }
                Ok::<(), DbErr>(())
            });
        }
        drop(results);
        let mut failed = None;
        while let Some(done) = senders.join_next().await {
            match done {
                Ok(Ok(())) => {}
                Ok(Err(e)) => failed = Some(e),
                Err(e) => tracing::error!(error = %e, "an outbox sender stopped"),
            }
        }
        match settler.await {
            Ok(Ok(n)) => handled += n,
            Ok(Err(e)) => return Err(e),
            Err(e) => return Err(DbErr::Custom(format!("the outbox settler stopped: {e}"))),
        }
        if let Some(e) = failed {
            return Err(e);
        }
    }
}

/// Writes send results back as they come, all that are waiting in one transaction: the rows
/// simply sent in one statement (per lease), the others (retries, failures, WhatsApp ids) one
/// by one.
async fn settle_all(
    state: AppState,
    mut results: tokio::sync::mpsc::UnboundedReceiver<(Outbound, Sent)>,
) -> Result<usize, DbErr> {
    let mut handled = 0;
    let mut batch = Vec::with_capacity(BATCH as usize);
    while results.recv_many(&mut batch, BATCH as usize).await > 0 {
        // Sends end a few at a time: gathering them for a moment makes one write of many.
        tokio::time::sleep(SETTLE_GATHER).await;
        while batch.len() < BATCH as usize
            && let Ok(more) = results.try_recv()
        {
            batch.push(more);
        }
        let txn = state.db.begin().await?;
        let mut sent = Vec::with_capacity(batch.len());
        for (row, result) in batch.drain(..) {
            match result {
                Sent::Done { external_id: None } => sent.push(row),
                other => settle(&state, &txn, &row, other).await?,
            }
            handled += 1;
        }
        outbound::mark_sent_many(&txn, &sent, state.clock.now()).await?;
        txn.commit().await?;
        for row in &sent {
            state.metrics.message_out(&row.channel, true);
        }
    }
    Ok(handled)
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

async fn settle(state: &AppState, db: &DatabaseTransaction, row: &Outbound, sent: Sent) -> Result<(), DbErr> {
    let now = state.clock.now();
    match &sent {
        Sent::Done { .. } | Sent::Template { .. } => state.metrics.message_out(&row.channel, true),
        Sent::Failed(_) => state.metrics.message_out(&row.channel, false),
        Sent::Retry { .. } => {}
    }
    match sent {
        Sent::Done { external_id } => outbound::mark_sent(db, row, external_id, now).await.map(|_| ()),
        Sent::Template { external_id } => delivery::mark_sent_template(db, row, external_id, now).await,
        Sent::Retry { error, after } => {
            tracing::warn!(id = row.id, attempts = row.attempts + 1, %error, "send failed; will retry");
            let after = after.and_then(|d| chrono::Duration::from_std(d).ok());
            outbound::mark_retry(db, row, &error, now, after, RETRY_FOR).await
        }
        Sent::Failed(error) => {
            tracing::error!(id = row.id, %error, "send failed for good");
            outbound::mark_failed(db, row, &error).await
        }
    }
}

#[tracing::instrument(skip_all, fields(id = row.id, channel = %row.channel))]
async fn send(state: &AppState, row: &Outbound) -> Result<Sent, DbErr> {
    let mut reply = outbound::reply_of(row);
    if let Some(note) = late_note(state, row).await? {
        reply.text = format!("{}\n{note}", reply.text);
    }
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
                Err(e) if e.is_transient() => Sent::retry(&e, e.retry_after()),
                Err(e) => Sent::Failed(e.to_string()),
            })
        }
        Some(Channel::Whatsapp) => send_whatsapp(state, row, &reply).await,
        // Web and console rows are stored as sent; anything else here is not ours to send.
        _ => Ok(Sent::Failed("not a remote channel".into())),
    }
}

async fn send_whatsapp(state: &AppState, row: &Outbound, reply: &Reply) -> Result<Sent, DbErr> {
    let Some(client) = &state.whatsapp else {
        return Ok(Sent::Failed("whatsapp is not configured".into()));
    };
    let now = state.clock.now();
    let identity = delivery::identity(&state.db, Channel::Whatsapp, &row.external_user).await?;
    let open = delivery::window_open(identity.as_ref(), now);
    if row.kind == outbound::KIND_PUSH && !open {
        return send_template(state, client, row, &reply.text).await;
    }
    match client.send_reply(&row.external_user, reply).await {
        Ok(wamid) => Ok(Sent::Done { external_id: Some(wamid) }),
        Err(whatsapp::SendError::WindowClosed) => {
            delivery::close_window(&state.db, Channel::Whatsapp, &row.external_user).await?;
            send_template(state, client, row, &reply.text).await
        }
        Err(e) if e.is_transient() => Ok(Sent::retry(&e, e.retry_after())),
        Err(e) => Ok(Sent::Failed(e.to_string())),
    }
}

/// The pre-approved template (`WHATSAPP_REMINDER_TEMPLATE`) with the message text as its one
/// body parameter, in the user's language.
async fn send_template(
    state: &AppState,
    client: &whatsapp::WhatsappClient,
    row: &Outbound,
    text: &str,
) -> Result<Sent, DbErr> {
    let Some(settings) = &state.settings.whatsapp else {
        return Ok(Sent::Failed("whatsapp is not configured".into()));
    };
    let lang = match row.user_id {
        Some(id) => users::get(&state.db, id).await?.map(|u| u.lang),
        None => None,
    }
    .unwrap_or_else(|| state.settings.lang.code().to_string());
    let result = client.send_template(&row.external_user, &settings.reminder_template, &lang, text).await;
    Ok(match result {
        Ok(wamid) => Sent::Template { external_id: wamid },
        Err(e) if e.is_transient() => Sent::retry(&e, e.retry_after()),
        Err(e) => Sent::Failed(e.to_string()),
    })
}

/// "(Sent late: it was due today at 08:00.)" in the user's language and timezone, for a push
/// that failed before and is going out well after it was queued; `None` otherwise.
async fn late_note(state: &AppState, row: &Outbound) -> Result<Option<String>, DbErr> {
    let now = state.clock.now();
    if row.kind != outbound::KIND_PUSH || row.attempts == 0 || now - row.created_at <= LATE_NOTE_AFTER {
        return Ok(None);
    }
    let user = match row.user_id {
        Some(id) => users::get(&state.db, id).await?,
        None => None,
    };
    let lang = user.as_ref().and_then(|u| Lang::from_code(&u.lang)).unwrap_or(state.settings.lang);
    let tz: Tz = user.as_ref().and_then(|u| u.timezone.parse().ok()).unwrap_or(state.settings.timezone);
    let when = when_phrase(lang, row.created_at.with_timezone(&tz), now.with_timezone(&tz));
    Ok(Some(Msg::new("outbox-sent-late").arg("when", when).render(lang)))
}
