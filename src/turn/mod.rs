//! A turn: one inbound message through the whole pipeline, exactly once.
//!
//! The message is first stored (the inbound log). Its turn then runs in phases, and **no
//! database transaction is ever held across a network call**:
//! 1. *Context* (reads on the read pool; a write only on first contact): the user, their
//!    language and time context, the last messages and the entities the last turn touched.
//! 2. *Plan*: the deterministic understanding, and the LLM planner only where it is unsure
//!    ([`planner`]), with no transaction open.
//! 3. *Execute* ([`crate::plan::execute`]): steps in order, each outcome stored as it completes.
//!    A local step commits its effect and its outcome together; a remote step is stored as
//!    started, calls out with nothing open, then stores its outcome.
//! 4. *Reply*: the one reply is queued in the outbox and the message marked done, in one short
//!    transaction.
//!
//! A turn in which nothing can call out (no LLM, remote resolver, embeddings or Google) runs
//! phases 2 to 4 in one transaction (its plan is the rules' alone, CPU only), so it costs one
//! commit instead of one per step (`one_transaction`).
//!
//! A crash anywhere leaves the message pending; the retry (restart, another worker, another
//! instance) reuses the stored step outcomes, so nothing is done twice. One user's messages run
//! one at a time in arrival order; different users' turns run concurrently. A watchdog bounds
//! a turn; past it the user hears what was done and what was not.

mod batch;
mod context;
mod locks;
mod planner;

use chrono::Duration;
use chrono_tz::Tz;
use sea_orm::{DbErr, TransactionTrait};
use tokio::task::JoinSet;

pub use locks::{UserGuard, UserLocks};

use context::{Closing, before, identify, one_transaction};

use crate::app::AppState;
use crate::channels::{Channel, InboundMessage, Reply, progress};
use crate::clock::TimeContext;
use crate::plan::Plan;
use crate::plan::execute::{self, Executed, TurnCtx, Work};
use crate::reply::{self, Msg, Said, Spoken};
use crate::store::inbound::{self, Inbound, Recorded};
use crate::store::outbound::{self, NewOutbound};
use crate::store::steps;
use crate::store::users::{self, User};
use crate::understand::{self, Lang};

/// Longest message Ozer reads; longer ones are politely refused.
pub const MAX_CHARS: usize = 4000;
/// Attempts before a message that keeps failing gets the "something went wrong" reply.
const MAX_ATTEMPTS: i32 = 3;
/// Turns of different users the background worker runs at once.
const MAX_CONCURRENT_TURNS: usize = 32;
/// Turns started while webhooks wait for the intake writer (see `drain_pending`). Two, not
/// eight: with fewer turns queueing on the one write connection the intake writer gets it
/// sooner, and the turns drain faster once the burst is stored (debug-build loadbench, 5 s,
/// 32 connections: 428/s accepted and 70 turns/s end to end with eight, 1,031/s and 82/s
/// with two, 1,265/s and 85/s with one, which leaves a lone turn at a time under load).
const TURNS_WHILE_INTAKE_BUSY: usize = 2;
/// Batches of turns the worker runs at once (see `batch`).
const BATCHES_AT_ONCE: usize = 2;
/// How many ready messages the worker reads at once (see `drain_pending`).
const READY_AT_ONCE: u64 = 256;
/// How many recent messages the context carries (for the planner).
const HISTORY: u64 = 10;

#[derive(Debug, thiserror::Error)]
pub enum TurnError {
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

/// Stores a message and runs its turn now, returning the replies (web chat and console).
/// A message seen before gets the replies it got the first time, and nothing runs again.
pub async fn accept_and_run(state: &AppState, msg: InboundMessage) -> Result<Vec<Reply>, TurnError> {
    match inbound::record(&state.db, &msg).await? {
        Recorded::New(row) => {
            state.metrics.message_in(&row.channel);
            let _turn = state.user_locks.lock(&user_key(&row.channel, &row.external_user)).await;
            run(state, row.id, Delivery::Inline).await
        }
        Recorded::Duplicate(row) => replies_when_done(state, row.id).await,
    }
}

/// Inline: the caller shows the replies itself (web response, terminal). Queued: the turn runs
/// in the background, so replies are delivered through the outbox / feed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delivery {
    Inline,
    Queued,
}

/// The key of a user's turn lock: channel and the user's id there.
fn user_key(channel: &str, external_user: &str) -> String {
    format!("{channel}:{external_user}")
}

/// How long a worker holds a message: longer than the watchdog, so a live turn is never taken
/// over, while a crashed one is picked up again soon after.
fn lease(state: &AppState) -> Duration {
    Duration::from_std(state.settings.turn_timeout).unwrap_or(Duration::seconds(90)) + Duration::seconds(30)
}

/// Runs the turn of a stored message. Failures are retried a few times; after that the user gets
/// a localized apology and the cause stays in the log.
#[tracing::instrument(skip_all, fields(turn = inbound_id))]
pub async fn run(state: &AppState, inbound_id: i64, delivery: Delivery) -> Result<Vec<Reply>, TurnError> {
    match run_if_free(state, inbound_id, delivery).await? {
        Some(replies) => Ok(replies),
        // Finished already, or another worker holds it: its replies are the answer.
        None => match delivery {
            Delivery::Inline => replies_when_done(state, inbound_id).await,
            Delivery::Queued => Ok(Vec::new()),
        },
    }
}

/// Runs the turn if this worker gets its lease; `None`: finished already, or another worker
/// holds it.
async fn run_if_free(state: &AppState, inbound_id: i64, delivery: Delivery) -> Result<Option<Vec<Reply>>, TurnError> {
    let now = state.clock.now();
    let Some(row) = inbound::claim(&state.db, inbound_id, now, now + lease(state)).await? else {
        return Ok(None);
    };
    run_held(state, &row, delivery).await.map(Some)
}

/// Runs the turn of a message this worker has claimed, logged and counted (only a turn this
/// worker runs is).
async fn run_held(state: &AppState, row: &Inbound, delivery: Delivery) -> Result<Vec<Reply>, TurnError> {
    let started = std::time::Instant::now();
    let result = run_claimed(state, row, delivery).await;
    ended(state, started, result.is_ok());
    result
}

fn ended(state: &AppState, started: std::time::Instant, ok: bool) {
    tracing::info!(ms = started.elapsed().as_millis() as u64, ok, "turn ended");
    state.metrics.turn(started.elapsed().as_secs_f64(), ok);
}

/// Runs a turn this worker holds the lease of, under the watchdog.
async fn run_claimed(state: &AppState, row: &Inbound, delivery: Delivery) -> Result<Vec<Reply>, TurnError> {
    let inbound_id = row.id;
    match tokio::time::timeout(state.settings.turn_timeout, try_run(state, row, delivery)).await {
        Ok(Ok(replies)) => Ok(replies),
        Ok(Err(err)) => {
            tracing::error!(error = %err, inbound_id, "turn failed");
            give_up_or_retry(state, inbound_id, delivery).await
        }
        Err(_) => {
            tracing::warn!(inbound_id, "turn stopped by the watchdog");
            timed_out(state, inbound_id, delivery).await
        }
    }
}

/// The replies stored for a message, once its turn has finished (a resend of a web message
/// whose turn is still running waits for it, within the watchdog).
async fn replies_when_done(state: &AppState, inbound_id: i64) -> Result<Vec<Reply>, TurnError> {
    let deadline = tokio::time::Instant::now() + state.settings.turn_timeout + std::time::Duration::from_secs(5);
    while tokio::time::Instant::now() < deadline {
        match inbound::get(&state.db, inbound_id).await? {
            Some(row) if row.status == inbound::PENDING => {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            _ => break,
        }
    }
    stored_replies(state, inbound_id).await
}

async fn stored_replies(state: &AppState, inbound_id: i64) -> Result<Vec<Reply>, TurnError> {
    let rows = outbound::for_inbound(&state.db, inbound_id).await?;
    Ok(rows.iter().map(outbound::reply_of).collect())
}

/// The turn of a message this worker just claimed (`row` as the claim left it: pending, with
/// its "now" fixed).
async fn try_run(state: &AppState, row: &Inbound, delivery: Delivery) -> Result<Vec<Reply>, TurnError> {
    let mut prepared = prepare(state, row).await?;
    // begun after every read of the read pool (which may be the one write connection)
    let shared = match one_transaction(state, &prepared.before) {
        true => Some(state.db.begin().await?),
        false => None,
    };
    let _progress = progress::start(state, prepared.channel, &row.external_user, &row.external_message_id);
    let reply = respond_prepared(state, row, &mut prepared, shared.as_ref()).await?;
    let touch = prepared.touched.touch(&prepared.user);
    close(state, row, Some(prepared.user.id), &reply, inbound::DONE, delivery, Closing { touch, shared }).await
}

/// What a turn reads before it acts: (1) its context, on the read pool (a write only on first
/// contact).
struct Prepared {
    channel: Channel,
    user: User,
    touched: context::Touched,
    lang: Lang,
    time: TimeContext,
    history: Vec<Inbound>,
    last_entities: Vec<serde_json::Value>,
    before: context::Before,
}

async fn prepare(state: &AppState, row: &Inbound) -> Result<Prepared, TurnError> {
    let now = inbound::turn_now(&state.db, row, state.clock.now()).await?;
    let channel = Channel::parse(&row.channel).unwrap_or(Channel::Web);
    let (user, touched) = identify(state, row, channel, now).await?;
    // the last messages are for the planner only
    let history = match state.llm {
        Some(_) => inbound::recent_texts(&state.read, user.id, row.id, HISTORY).await?,
        None => Vec::new(),
    };
    let last_entities = steps::last_entities(&state.read, user.id, row.id).await?;
    let before = before(state, row, &user, now).await?;
    Ok(Prepared::new(state, now, channel, (user, touched), last_entities, before).with_history(history))
}

impl Prepared {
    fn new(
        state: &AppState,
        now: chrono::DateTime<chrono::Utc>,
        channel: Channel,
        (user, touched): (User, context::Touched),
        last_entities: Vec<serde_json::Value>,
        before: context::Before,
    ) -> Self {
        let tz: Tz = user.timezone.parse().unwrap_or(state.settings.timezone);
        let lang = Lang::from_code(&user.lang).unwrap_or(state.settings.lang);
        let time = TimeContext::new(now, tz);
        Prepared { channel, user, touched, lang, time, history: Vec::new(), last_entities, before }
    }

    fn with_history(self, history: Vec<Inbound>) -> Self {
        Prepared { history, ..self }
    }
}

/// (2)-(3) plan and execute, and the one reply; in `shared` when the turn has one transaction.
async fn respond_prepared(
    state: &AppState,
    row: &Inbound,
    p: &mut Prepared,
    shared: Option<&sea_orm::DatabaseTransaction>,
) -> Result<Reply, TurnError> {
    let t = TurnCtx {
        state,
        inbound: row,
        user: &p.user,
        lang: p.lang,
        time: p.time,
        history: std::mem::take(&mut p.history),
        last_entities: std::mem::take(&mut p.last_entities),
        open_question: p.before.open_question,
        prior_steps: std::mem::take(&mut p.before.prior_steps),
        shared,
    };
    let spoken = respond(&t).await?;
    Ok(reply::compose_spoken(p.lang, &spoken))
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

async fn respond(t: &TurnCtx<'_>) -> Result<Vec<Spoken>, TurnError> {
    let row = t.inbound;
    let text = row.text.trim();
    let say = |msg: Msg| vec![Said::msg(msg).render(t.lang)];
    if text.is_empty() && row.button.is_none() {
        return Ok(say(Msg::new("empty-message")));
    }
    let count = text.chars().count();
    if count > MAX_CHARS {
        return Ok(say(Msg::new("too-long").num("count", count as i64).num("max", MAX_CHARS as i64)));
    }
    // the planner sees the question that was open (the conversation step clears it)
    let pending = match t.state.llm {
        Some(_) => crate::plan::llm::pending_of(t).await?,
        None => serde_json::Value::Null,
    };
    let conversation = Work::Conversation { button: row.button.as_deref() };
    if let Some(answered) = execute::run_local(t, conversation, &[]).await?
        && execute::handled(&answered)
    {
        if let Some(resume) = crate::plan::review::resumed(&answered) {
            return Ok(planner::resume(t, resume).await?);
        }
        // "yes" to a remote action: run it now through the remote path (google/confirm.rs)
        if let Some(plan) = crate::google::confirm::confirmed_plan(&answered.outcome.data) {
            return Ok(execute::execute(t, &plan).await?.into_iter().map(|e| e.outcome.spoken).collect());
        }
        return Ok(vec![answered.outcome.spoken]);
    }
    if let Some(google) = &t.state.google
        && crate::google::unlink::asked(text)
    {
        return Ok(vec![crate::google::unlink::run(&t.state.db, google, t.user).await?.render(t.lang)]);
    }
    let mut understanding = understand::understand(text, t.time.now, t.lang);
    // "move it to 5": "it" is what the last turn touched
    crate::plan::refs::resolve(&mut understanding, text, &t.last_entities, t.time.now);
    if t.state.google.is_none() {
        crate::plan::without_google(&mut understanding);
    }
    let mut ask_user = t.state.llm.is_none();
    if !ask_user && crate::plan::llm::needs_planner(&understanding, text) {
        match planner::plan(t, &understanding, &pending).await? {
            Some(spoken) => return Ok(spoken),
            None => ask_user = true, // no usable plan: the rules' reading stands
        }
    }
    // Unsure and no LLM (or it gave nothing usable): ask which reading was meant, not guess;
    // unless only one of the readings names something the user has.
    if ask_user && crate::conversation::clarify::is_unsure(&understanding) {
        // in the turn's transaction when it has one (the read pool may be the write connection)
        match t.shared {
            Some(txn) => {
                crate::conversation::clarify::settle_by_what_exists(txn, t.user.id, &mut understanding).await?
            }
            None => {
                crate::conversation::clarify::settle_by_what_exists(&t.state.read, t.user.id, &mut understanding)
                    .await?
            }
        }
    }
    if ask_user
        && crate::conversation::clarify::is_unsure(&understanding)
        && let Some(asked) = execute::run_local(t, Work::Clarify(&understanding), &[]).await?
        && execute::handled(&asked)
    {
        return Ok(vec![asked.outcome.spoken]);
    }
    let plan = Plan::from_understanding(&understanding);
    let executed: Vec<Executed> = execute::execute(t, &plan).await?;
    let spoken: Vec<Spoken> = executed
        .into_iter()
        .map(|e| e.outcome.spoken)
        .filter(|s| !s.text.is_empty() || !s.buttons.is_empty())
        .collect();
    if spoken.is_empty() {
        return Ok(say(Msg::new("not-understood")));
    }
    Ok(spoken)
}

/// Queues the turn's one reply, marks the message finished and notes where the user last wrote
/// from (and the language of this message: see `users::touch_id`), in one short
/// transaction. When another worker finished the message first, its replies stand and are
/// returned instead.
async fn close(
    state: &AppState,
    row: &Inbound,
    user_id: Option<i64>,
    reply: &Reply,
    status: &str,
    delivery: Delivery,
    closing: Closing<'_>,
) -> Result<Vec<Reply>, TurnError> {
    let txn = match closing.shared {
        Some(txn) => txn,
        None => state.db.begin().await?,
    };
    let ending = Ending { user_id, reply, status, delivery, touch: closing.touch };
    if !close_in(&txn, state, row, ending).await? {
        drop(txn);
        return stored_replies(state, row.id).await;
    }
    txn.commit().await?;
    closed(state);
    Ok(vec![reply::bidi::fix_reply(reply)])
}

/// How a turn ends: what [`close_in`] writes.
struct Ending<'a> {
    user_id: Option<i64>,
    reply: &'a Reply,
    status: &'a str,
    delivery: Delivery,
    touch: users::Touch<'a>,
}

/// The close's writes, in `txn` (committed by the caller). `false`: another worker finished
/// the message first, and the caller must roll back.
async fn close_in(
    txn: &sea_orm::DatabaseTransaction,
    state: &AppState,
    row: &Inbound,
    e: Ending<'_>,
) -> Result<bool, DbErr> {
    let now = state.clock.now();
    let channel = Channel::parse(&row.channel).unwrap_or(Channel::Web);
    if !inbound::finish(txn, row.id, e.user_id, e.status, now).await? {
        return Ok(false);
    }
    if let Some(user_id) = e.user_id {
        users::touch_id(txn, user_id, channel, &row.external_user, now, e.touch).await?;
    }
    // A queued web reply must show up in the page's feed, so it is stored as a push.
    let kind = match e.delivery {
        Delivery::Queued if !channel.is_remote() => outbound::KIND_PUSH,
        _ => outbound::KIND_REPLY,
    };
    let new = NewOutbound {
        user_id: e.user_id,
        channel,
        external_user: &row.external_user,
        kind,
        reply: e.reply,
        inbound_id: Some(row.id),
        dedupe_key: None,
    };
    outbound::enqueue(txn, new, now).await?;
    Ok(true)
}

/// After a close committed: the outbox has a reply to send, and a note stored in the turn
/// waits for its embedding.
fn closed(state: &AppState) {
    state.wake_outbox.notify_one();
    state.wake_embed.notify_one();
}

/// After a failed attempt: count it; once attempts run out (or the user is waiting inline), tell
/// the user something went wrong and close the message so it is not retried forever. If another
/// worker finished the message meanwhile, its replies are the answer, not an apology.
async fn give_up_or_retry(state: &AppState, inbound_id: i64, delivery: Delivery) -> Result<Vec<Reply>, TurnError> {
    let Some(row) = inbound::get(&state.db, inbound_id).await? else {
        return Ok(Vec::new());
    };
    if row.status != inbound::PENDING {
        return stored_replies(state, inbound_id).await;
    }
    let attempts = inbound::bump_attempts(&state.db, &row).await?;
    if delivery == Delivery::Queued && attempts < MAX_ATTEMPTS {
        let retry_at = state.clock.now() + Duration::seconds(2i64.pow(attempts as u32 + 1));
        inbound::release(&state.db, inbound_id, Some(retry_at)).await?;
        return Ok(Vec::new());
    }
    let lang = fallback_lang(state, &row);
    let reply = Reply::text(reply::t(lang, "internal-error"));
    close(state, &row, row.user_id, &reply, inbound::DROPPED, delivery, Closing::apart()).await
}

/// The watchdog stopped the turn: the reply says what was done (the stored step outcomes) and
/// that the rest was not.
async fn timed_out(state: &AppState, inbound_id: i64, delivery: Delivery) -> Result<Vec<Reply>, TurnError> {
    let Some(row) = inbound::get(&state.db, inbound_id).await? else {
        return Ok(Vec::new());
    };
    let user = match row.user_id {
        Some(id) => users::get(&state.db, id).await?,
        None => {
            users::find(&state.db, Channel::parse(&row.channel).unwrap_or(Channel::Web), &row.external_user).await?
        }
    };
    let lang = user.as_ref().and_then(|u| Lang::from_code(&u.lang)).unwrap_or_else(|| fallback_lang(state, &row));
    let mut spoken: Vec<Spoken> = steps::all(&state.db, inbound_id)
        .await?
        .iter()
        .filter(|r| r.step_id >= 0)
        .filter_map(execute::finished)
        .map(|e| e.outcome.spoken)
        .filter(|s| !s.text.is_empty())
        .collect();
    spoken.push(Said::msg(Msg::new("turn-timed-out")).render(lang));
    let reply = reply::compose_spoken(lang, &spoken);
    close(state, &row, user.map(|u| u.id), &reply, inbound::DONE, delivery, Closing::apart()).await
}

fn fallback_lang(state: &AppState, row: &Inbound) -> Lang {
    understand::lang::detect(&row.text).unwrap_or(state.settings.lang)
}

/// How long a web or console message belongs to the request that stored it. Those run their
/// turn inline; only one whose request died (a crash mid-turn) is left for the worker, later.
const INLINE_GRACE: Duration = Duration::seconds(60);

/// Processes every stored message that is ready (at start-up, and whenever a webhook stores a
/// new one): each user's oldest pending message, different users concurrently, one user's in
/// order. Safe to run on several instances: the lease and `finish` let only one worker act.
/// Returns how many turns it ran (a message another worker took in the meantime is not counted).
pub async fn drain_pending(state: &AppState) -> Result<usize, TurnError> {
    // each task tells how many turns it ran (a message read as ready may have been taken meanwhile)
    let mut running: JoinSet<usize> = JoinSet::new();
    // Ready messages read in one query and started as slots free up; read again once used up
    // (a user's next message becomes ready when their turn ends, so it comes with the next read).
    let mut queue: std::collections::VecDeque<inbound::Ready> = std::collections::VecDeque::new();
    let mut started = 0;
    loop {
        if state.stop.is_set() {
            // Shutting down: take nothing new, let the running turns finish.
            while let Some(ran) = running.join_next().await {
                started += ran.unwrap_or(0);
            }
            return Ok(started);
        }
        // When nothing can call out, turns run in batches (`batch`): two at a time, so one
        // batch reads its context while the other holds the write connection. While webhooks
        // wait to be stored, fewer turns compete with them for the database (storing and
        // acknowledging a message comes before acting on it): one small batch at a time, or
        // two turns.
        let busy = state.intake.backlog() > 0;
        let batching = batch::allowed(state);
        let (cap, size) = match (batching, busy) {
            (true, false) => (BATCHES_AT_ONCE, batch::SIZE),
            (true, true) => (1, batch::SIZE_WHILE_INTAKE_BUSY),
            (false, true) => (TURNS_WHILE_INTAKE_BUSY, 1),
            (false, false) => (MAX_CONCURRENT_TURNS, 1),
        };
        if queue.is_empty() {
            let now = state.clock.now();
            // read from the read pool: the claim on the write connection decides who runs a turn
            queue = inbound::ready(&state.read, now, now - INLINE_GRACE, READY_AT_ONCE).await?.into();
        }
        let mut launched = 0;
        while running.len() < cap && !queue.is_empty() {
            // A turn of this user already runs here: theirs go one at a time (this message
            // comes back with a later read).
            let mut rows = Vec::new();
            let mut guards: Vec<UserGuard> = Vec::new();
            while rows.len() < size
                && let Some(row) = queue.pop_front()
            {
                if let Some(guard) = state.user_locks.try_lock(&user_key(&row.channel, &row.external_user)) {
                    rows.push(row);
                    guards.push(guard);
                }
            }
            if rows.is_empty() {
                break;
            }
            let s = state.clone();
            running.spawn(async move {
                let _guards = guards;
                if batching {
                    return batch::run(&s, &rows).await;
                }
                match run_if_free(&s, rows[0].id, Delivery::Queued).await {
                    Ok(ran) => usize::from(ran.is_some()),
                    Err(e) => {
                        tracing::error!(error = %e, inbound_id = rows[0].id, "turn could not be run");
                        1
                    }
                }
            });
            launched += 1;
        }
        if launched == 0 && running.is_empty() && queue.is_empty() {
            return Ok(started);
        }
        if running.len() >= cap || (launched == 0 && queue.is_empty()) {
            // Wait for a turn to end: it frees a slot, and its user's next message may be ready.
            if let Some(ran) = running.join_next().await {
                started += ran.unwrap_or(0);
            }
        }
    }
}
