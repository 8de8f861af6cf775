//! The one door of the messaging webhooks: apply the access policy, store the message in the
//! inbound log, and leave the turn to the background worker.
//!
//! Everything here commits in one short transaction and sends nothing over the network, so the
//! webhook can answer 200 fast; replies and notices are queued in the outbox. Messages that
//! arrive together share that transaction (`channels::batch`, a group commit): a database's cost
//! is per commit, not per row. A message whose
//! (channel, message id) is already stored is a redelivery: acknowledged, nothing else happens.

use std::sync::Arc;

use sea_orm::{ConnectionTrait, DatabaseTransaction, DbErr, TransactionTrait};

use crate::app::AppState;
use crate::channels::access::{self, Verdict};
use crate::channels::{InboundMessage, Reply};
use crate::clock::Clock;
use crate::config::Settings;
use crate::metrics::Metrics;
use crate::reply;
use crate::store::inbound::{self, Inbound};
use crate::store::outbound::{self, NewOutbound};
use crate::store::{delivery, users};
use crate::understand::{self, Lang};

/// What to do with an accepted message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handling {
    /// Run the turn pipeline on it (text, commands, button taps).
    Turn,
    /// Answer with this fixed sentence (Fluent id) instead, e.g. to a voice note.
    Answer(&'static str),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Stored; its turn runs in the background.
    Accepted,
    /// Seen before: nothing done.
    Duplicate,
    /// Stored as dropped by the access policy (a notice may have been queued).
    Refused,
}

/// Stores one message (see the module docs) and wakes the worker that acts on it. The store
/// goes through the intake writer, which commits the messages that arrive together in one
/// transaction: the answer comes after the commit that holds this message.
#[tracing::instrument(skip_all, fields(channel = msg.channel.as_str()))]
pub async fn accept(state: &AppState, msg: InboundMessage, handling: Handling) -> Result<Outcome, DbErr> {
    let outcome = state.intake.store(msg, handling).await?;
    match (outcome, handling) {
        (Outcome::Duplicate, _) => {}
        (Outcome::Accepted, Handling::Turn) => state.wake_inbound.notify_one(),
        _ => state.wake_outbox.notify_one(),
    }
    Ok(outcome)
}

/// What storing a message needs of the app (the intake writer holds this, not the whole state).
#[derive(Clone)]
pub struct IntakeCtx {
    pub settings: Arc<Settings>,
    pub clock: Clock,
    pub metrics: Arc<Metrics>,
}

/// Stores a batch of messages inside the caller's transaction: one multi-row insert (which finds
/// the redeliveries, an earlier message of the same batch included, without ever failing the
/// transaction), the access policy over the batch, and for each message that gets no turn its
/// fixed answer. Returns each message's outcome, in order.
pub async fn store_in(
    ctx: &IntakeCtx,
    txn: &DatabaseTransaction,
    batch: &[(InboundMessage, Handling)],
) -> Result<Vec<Outcome>, DbErr> {
    let now = ctx.clock.now();
    // Our receipt time, not the platform's: the rate limit and the inbound log are about when
    // Ozer got it (a redelivery can carry a day-old platform timestamp).
    let msgs: Vec<InboundMessage> =
        batch.iter().map(|(m, _)| InboundMessage { received_at: now, ..m.clone() }).collect();
    let rows = inbound::record_many(txn, &msgs).await?;
    let stored: Vec<bool> = rows.iter().map(Option::is_some).collect();
    let verdicts = access::check_stored(txn, &ctx.settings, &msgs, &stored, now).await?;
    let mut outcomes = Vec::with_capacity(batch.len());
    for (((msg, handling), row), verdict) in batch.iter().zip(rows).zip(verdicts) {
        let Some(row) = row else {
            outcomes.push(Outcome::Duplicate);
            continue;
        };
        let (outcome, notice) = match (verdict, *handling) {
            (Verdict::Allow, Handling::Turn) => (Outcome::Accepted, None),
            (Verdict::Allow, Handling::Answer(id)) => (Outcome::Accepted, Some((id, None))),
            (refused, _) => {
                tracing::info!(?refused, "message refused by the access policy");
                (Outcome::Refused, refused.notice(msg.channel, &msg.external_user))
            }
        };
        if outcome == Outcome::Refused || notice.is_some() {
            answer_and_close(ctx, txn, &row, notice, outcome).await?;
        }
        outcomes.push(outcome);
    }
    Ok(outcomes)
}

/// Closes a message that gets no turn, queueing its fixed answer (if any) in the user's
/// language. A dedupe key already taken (the refusal was sent before) queues nothing.
async fn answer_and_close(
    ctx: &IntakeCtx,
    db: &(impl ConnectionTrait + TransactionTrait),
    row: &Inbound,
    notice: Option<(&'static str, Option<String>)>,
    outcome: Outcome,
) -> Result<(), DbErr> {
    let now = ctx.clock.now();
    let channel = row.channel.parse().unwrap_or(crate::channels::Channel::Web);
    let user = users::find(db, channel, &row.external_user).await?;
    if let (Some(user), Outcome::Accepted) = (&user, outcome) {
        // A voice note is still the user writing to us: it reopens WhatsApp's 24-hour window.
        users::touch(db, user, channel, &row.external_user, now).await?;
    }
    let status = if outcome == Outcome::Accepted { inbound::DONE } else { inbound::DROPPED };
    let user_id = user.as_ref().map(|u| u.id);
    inbound::finish(db, row.id, user_id, status, now).await?;
    let Some((id, dedupe_key)) = notice else {
        return Ok(());
    };
    if let Some(key) = &dedupe_key
        && delivery::dedupe_key_taken(db, key).await?
    {
        return Ok(());
    }
    let lang = understand::lang::detect(&row.text)
        .or_else(|| user.as_ref().and_then(|u| Lang::from_code(&u.lang)))
        .or_else(|| row.lang_hint.as_deref().and_then(Lang::from_code))
        .unwrap_or(ctx.settings.lang);
    let reply = Reply::text(reply::t(lang, id));
    let new = NewOutbound {
        user_id,
        channel,
        external_user: &row.external_user,
        kind: outbound::KIND_REPLY,
        reply: &reply,
        inbound_id: Some(row.id),
        dedupe_key,
    };
    outbound::enqueue(db, new, now).await.map(|_| ())
}
