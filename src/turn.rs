//! A turn: one inbound message through the whole pipeline, exactly once.
//!
//! The message is first stored (the inbound log). Processing then runs in one database
//! transaction: identify the user, answer a pending question or understand → plan → resolve,
//! queue the one reply in the outbox, and mark the message done. Either all of that commits or
//! none of it does, so a crash mid-turn leaves the message pending (it is processed at the next
//! start) and never doubles an action. Remote sends happen after commit, from the outbox.

use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use sea_orm::{DatabaseTransaction, DbErr, TransactionTrait};

use crate::app::AppState;
use crate::channels::{Channel, InboundMessage, Reply};
use crate::clock::TimeContext;
use crate::conversation;
use crate::plan::Plan;
use crate::reply::{self, Msg, Said};
use crate::resolvers::{self, Ctx, ResolveError, StepResult};
use crate::store::inbound::{self, Inbound, Recorded};
use crate::store::outbound::{self, NewOutbound};
use crate::store::users::{self, User};
use crate::understand::{self, Lang};

/// Longest message Ozer reads; longer ones are politely refused.
pub const MAX_CHARS: usize = 4000;
/// Attempts before a message that keeps failing gets the "something went wrong" reply.
const MAX_ATTEMPTS: i32 = 3;

#[derive(Debug, thiserror::Error)]
pub enum TurnError {
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

impl From<ResolveError> for TurnError {
    fn from(e: ResolveError) -> Self {
        match e {
            ResolveError::Db(db) => TurnError::Db(db),
        }
    }
}

/// Stores a message and runs its turn now, returning the replies (web chat and console).
/// A message seen before gets the replies it got the first time, and nothing runs again.
pub async fn accept_and_run(state: &AppState, msg: InboundMessage) -> Result<Vec<Reply>, TurnError> {
    match inbound::record(&state.db, &msg).await? {
        Recorded::New(row) => run(state, row.id, Delivery::Inline).await,
        Recorded::Duplicate(row) => stored_replies(state, row.id).await,
    }
}

/// Inline: the caller shows the replies itself (web response, terminal). Queued: the turn runs
/// in the background, so replies are delivered through the outbox / feed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delivery {
    Inline,
    Queued,
}

/// Runs the turn of a stored message. Failures are retried a few times; after that the user gets
/// a localized apology and the cause stays in the log.
#[tracing::instrument(skip_all, fields(inbound_id))]
pub async fn run(state: &AppState, inbound_id: i64, delivery: Delivery) -> Result<Vec<Reply>, TurnError> {
    match try_run(state, inbound_id, delivery).await {
        Ok(replies) => Ok(replies),
        Err(err) => {
            tracing::error!(error = %err, inbound_id, "turn failed");
            give_up_or_retry(state, inbound_id, delivery).await
        }
    }
}

async fn stored_replies(state: &AppState, inbound_id: i64) -> Result<Vec<Reply>, TurnError> {
    let rows = outbound::for_inbound(&state.db, inbound_id).await?;
    Ok(rows.iter().map(outbound::reply_of).collect())
}

async fn try_run(state: &AppState, inbound_id: i64, delivery: Delivery) -> Result<Vec<Reply>, TurnError> {
    let txn = state.db.begin().await?;
    let Some(row) = inbound::get(&txn, inbound_id).await? else {
        return Ok(Vec::new());
    };
    if row.status != inbound::PENDING {
        drop(txn);
        return stored_replies(state, inbound_id).await;
    }
    let now = state.clock.now();
    let channel = Channel::parse(&row.channel).unwrap_or(Channel::Web);
    let user = identify(state, &txn, &row, channel, now).await?;
    let tz: Tz = user.timezone.parse().unwrap_or(state.settings.timezone);
    let lang = message_lang(&row.text, &user);
    let user = if lang.code() != user.lang { users::set_lang(&txn, &user, lang).await? } else { user };
    let ctx = Ctx {
        db: &txn,
        user: &user,
        lang,
        time: TimeContext::new(now, tz),
        text: &row.text,
        display_name: row.display_name.as_deref(),
    };
    let said = respond(&ctx, &row, state.embeddings.as_deref()).await?;
    let reply = reply::compose(lang, &said);
    queue_reply(&txn, &row, Some(user.id), channel, &reply, delivery, now).await?;
    if !inbound::finish(&txn, row.id, Some(user.id), inbound::DONE, now).await? {
        // Another worker finished this message first: drop our transaction, theirs stands.
        drop(txn);
        return stored_replies(state, inbound_id).await;
    }
    txn.commit().await?;
    state.wake_outbox.notify_one();
    state.wake_embed.notify_one();
    Ok(vec![reply])
}

async fn identify(
    state: &AppState,
    txn: &DatabaseTransaction,
    row: &Inbound,
    channel: Channel,
    now: DateTime<Utc>,
) -> Result<User, DbErr> {
    let first_lang = words_lang(&row.text)
        .or_else(|| row.lang_hint.as_deref().and_then(Lang::from_code))
        .unwrap_or(state.settings.lang);
    let tz = state.settings.timezone.name();
    let (user, _created) = users::find_or_create(txn, channel, &row.external_user, first_lang, tz, now).await?;
    users::touch(txn, &user, channel, &row.external_user, now).await?;
    Ok(user)
}

/// The reply follows the language of this message; a message with no words (emoji, digits)
/// keeps the user's last language.
fn message_lang(text: &str, user: &User) -> Lang {
    words_lang(text).unwrap_or_else(|| Lang::from_code(&user.lang).unwrap_or(Lang::He))
}

/// A slash command ("/start", "/timezone Europe/London") is Latin whatever the user speaks, so
/// it does not tell the language.
fn words_lang(text: &str) -> Option<Lang> {
    if text.trim_start().starts_with('/') {
        return None;
    }
    understand::lang::detect(text)
}

async fn respond(
    ctx: &Ctx<'_>,
    row: &Inbound,
    embeddings: Option<&crate::memory::EmbeddingsClient>,
) -> Result<Vec<Said>, TurnError> {
    let text = row.text.trim();
    if text.is_empty() && row.button.is_none() {
        return Ok(vec![Said::msg(Msg::new("empty-message"))]);
    }
    let count = text.chars().count();
    if count > MAX_CHARS {
        let msg = Msg::new("too-long").num("count", count as i64).num("max", MAX_CHARS as i64);
        return Ok(vec![Said::msg(msg)]);
    }
    if let Some(said) = conversation::try_answer(ctx, row.button.as_deref()).await? {
        return Ok(vec![said]);
    }
    if let Some(said) = conversation::commands::answer(ctx, text).await? {
        return Ok(said);
    }
    let understanding = understand::understand(text, ctx.time.now, ctx.lang);
    let plan = Plan::from_understanding(&understanding);
    let mut results: Vec<StepResult> = Vec::with_capacity(plan.steps.len());
    for step in &plan.steps {
        // TODO(lead): the remote part of a memory step; it belongs in the phase with no
        // transaction open (here it still runs inside the turn's transaction).
        let pre = crate::memory::prefetch(embeddings, step, text).await;
        let result = resolvers::run(ctx, step, &results, &pre).await?;
        results.push(result);
    }
    Ok(results.into_iter().map(|r| r.said).collect())
}

async fn queue_reply(
    db: &(impl sea_orm::ConnectionTrait + TransactionTrait),
    row: &Inbound,
    user_id: Option<i64>,
    channel: Channel,
    reply: &Reply,
    delivery: Delivery,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    // A queued web reply must show up in the page's feed, so it is stored as a push.
    let kind = match delivery {
        Delivery::Queued if !channel.is_remote() => outbound::KIND_PUSH,
        _ => outbound::KIND_REPLY,
    };
    let new = NewOutbound {
        user_id,
        channel,
        external_user: &row.external_user,
        kind,
        reply,
        inbound_id: Some(row.id),
        dedupe_key: None,
    };
    outbound::enqueue(db, new, now).await.map(|_| ())
}

/// After a failed attempt: count it; once attempts run out (or the user is waiting inline), tell
/// the user something went wrong and close the message so it is not retried forever.
async fn give_up_or_retry(state: &AppState, inbound_id: i64, delivery: Delivery) -> Result<Vec<Reply>, TurnError> {
    let Some(row) = inbound::get(&state.db, inbound_id).await? else {
        return Ok(Vec::new());
    };
    let attempts = inbound::bump_attempts(&state.db, &row).await?;
    if delivery == Delivery::Queued && attempts < MAX_ATTEMPTS {
        return Ok(Vec::new());
    }
    let lang = understand::lang::detect(&row.text).unwrap_or(state.settings.lang);
    let reply = Reply::text(reply::t(lang, "internal-error"));
    let channel = Channel::parse(&row.channel).unwrap_or(Channel::Web);
    let now = state.clock.now();
    let txn = state.db.begin().await?;
    if inbound::finish(&txn, row.id, row.user_id, inbound::DROPPED, now).await? {
        queue_reply(&txn, &row, row.user_id, channel, &reply, delivery, now).await?;
    }
    txn.commit().await?;
    state.wake_outbox.notify_one();
    Ok(vec![reply])
}

/// How long a web or console message belongs to the request that stored it. Those run their
/// turn inline; only one whose request died (a crash mid-turn) is left for the worker, later.
const INLINE_GRACE: chrono::Duration = chrono::Duration::seconds(60);

fn left_to_the_worker(row: &Inbound, now: DateTime<Utc>) -> bool {
    let inline = Channel::parse(&row.channel).is_some_and(|c| !c.is_remote());
    !inline || now - row.received_at > INLINE_GRACE
}

/// Processes every stored message that is still pending (at start-up, and whenever a webhook
/// stores a new one). Safe to run on several instances: `finish` lets only one commit.
pub async fn drain_pending(state: &AppState) -> Result<usize, TurnError> {
    let mut done = 0;
    loop {
        let batch = inbound::pending(&state.db, 50).await?;
        if batch.is_empty() {
            return Ok(done);
        }
        let before = done;
        let now = state.clock.now();
        for row in batch.into_iter().filter(|row| left_to_the_worker(row, now)) {
            let replies = run(state, row.id, Delivery::Queued).await?;
            done += usize::from(!replies.is_empty());
        }
        if done == before {
            // Everything left is waiting for a retry; the next wake-up tries again.
            return Ok(done);
        }
    }
}
