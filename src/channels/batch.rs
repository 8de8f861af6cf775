//! The intake writer: one task that stores incoming messages, many per commit (group commit).
//!
//! A webhook hands its message over and waits for the answer; the writer takes every message
//! waiting at that moment (up to `MAX_BATCH`), stores them in one transaction (one multi-row insert),
//! commits once, and only then answers each webhook. So "stored before 200" holds, a redelivery
//! still finds the first copy (an earlier message of the same batch included), one bad message
//! fails alone (the batch is then stored one message per transaction), and the database pays one commit for
//! the whole batch instead of one per message. Nothing waits for a batch to fill: under light
//! load a batch is one message, and under heavy load messages gather while the previous commit
//! runs, which is what makes the batches large exactly when it matters.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use sea_orm::{DatabaseConnection, DbErr, TransactionTrait};
use tokio::sync::{mpsc, oneshot};

use super::InboundMessage;
use super::intake::{self, Handling, IntakeCtx, Outcome};

/// Most messages stored in one transaction.
pub const MAX_BATCH: usize = 256;
/// Messages waiting for the writer before a webhook waits to hand one over.
const QUEUE: usize = 4096;

struct Job {
    msg: InboundMessage,
    handling: Handling,
    done: oneshot::Sender<Result<Outcome, DbErr>>,
}

/// The handle webhooks store through; cheap to clone.
#[derive(Clone)]
pub struct Intake {
    jobs: mpsc::Sender<Job>,
    /// messages handed over and not yet answered
    waiting: Arc<AtomicUsize>,
}

impl Intake {
    /// Starts the writer on `db` (the write pool). It ends when the last handle is dropped.
    pub fn start(db: DatabaseConnection, ctx: IntakeCtx) -> Self {
        let (jobs, rx) = mpsc::channel(QUEUE);
        tokio::spawn(writer(db, ctx, rx));
        Intake { jobs, waiting: Arc::default() }
    }

    /// How many webhooks wait for their message to be stored: while any do, the turn worker
    /// starts fewer turns, so storing (and answering the platform) goes first.
    pub fn backlog(&self) -> usize {
        self.waiting.load(Ordering::Relaxed)
    }

    /// Stores one message; returns after the transaction holding it has committed.
    pub async fn store(&self, msg: InboundMessage, handling: Handling) -> Result<Outcome, DbErr> {
        let (done, answer) = oneshot::channel();
        let gone = || DbErr::Custom("the intake writer has stopped".into());
        self.waiting.fetch_add(1, Ordering::Relaxed);
        let _waiting = Waiting(&self.waiting);
        self.jobs.send(Job { msg, handling, done }).await.map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?
    }
}

/// Counts a webhook out of the backlog however its wait ends.
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

async fn writer(db: DatabaseConnection, ctx: IntakeCtx, mut rx: mpsc::Receiver<Job>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let jobs = std::mem::take(&mut batch);
        let results = store_batch(&db, &ctx, &jobs).await;
        for (job, result) in jobs.into_iter().zip(results) {
            // a webhook that gave up waiting just does not hear the answer
            let _ = job.done.send(result);
        }
    }
}

/// Stores the jobs in one transaction. When one of them fails (or the commit does), nothing of
/// the batch is kept and each job is stored again in a transaction of its own, so one bad message
/// fails alone and the others are not held back by it (a redelivery is not a failure: the insert
/// itself finds it).
async fn store_batch(db: &DatabaseConnection, ctx: &IntakeCtx, jobs: &[Job]) -> Vec<Result<Outcome, DbErr>> {
    if jobs.len() > 1 {
        match together(db, ctx, jobs).await {
            Ok(outcomes) => return outcomes.into_iter().map(Ok).collect(),
            Err(e) => tracing::debug!(error = %e, batch = jobs.len(), "intake batch failed; storing one by one"),
        }
    }
    let mut results = Vec::with_capacity(jobs.len());
    for job in jobs {
        let result = together(db, ctx, std::slice::from_ref(job)).await.map(|outcomes| outcomes[0]);
        if let Err(e) = &result {
            tracing::warn!(error = %e, "a message could not be stored");
        }
        results.push(result);
    }
    results
}

/// Stores `jobs` (one or many) in one transaction; counted once committed.
async fn together(db: &DatabaseConnection, ctx: &IntakeCtx, jobs: &[Job]) -> Result<Vec<Outcome>, DbErr> {
    let batch: Vec<(InboundMessage, Handling)> = jobs.iter().map(|j| (j.msg.clone(), j.handling)).collect();
    let txn = db.begin().await?;
    let outcomes = intake::store_in(ctx, &txn, &batch).await?;
    txn.commit().await?;
    ctx.metrics.intake_commit(jobs.len());
    for (job, outcome) in jobs.iter().zip(&outcomes) {
        counted(ctx, job, *outcome);
    }
    Ok(outcomes)
}

/// A stored message counts once it is committed (a batch that failed counts nothing).
fn counted(ctx: &IntakeCtx, job: &Job, outcome: Outcome) {
    if outcome != Outcome::Duplicate {
        ctx.metrics.message_in(job.msg.channel.as_str());
    }
}

#[cfg(test)]
mod tests {
    use chrono::Utc;
    use sea_orm::{EntityTrait, PaginatorTrait};

    use super::*;
    use crate::channels::Channel;
    use crate::clock::Clock;
    use crate::config::Settings;

    fn message(id: usize) -> InboundMessage {
        InboundMessage {
            channel: Channel::Telegram,
            message_id: format!("m{id}"),
            external_user: format!("{}", 1000 + id % 7),
            display_name: None,
            text: format!("remind me to call {id} tomorrow at 9"),
            lang_hint: Some("en".into()),
            button: None,
            received_at: Utc::now(),
        }
    }

    async fn setup() -> (Intake, DatabaseConnection, IntakeCtx) {
        setup_limited(0).await
    }

    async fn setup_limited(per_minute: u32) -> (Intake, DatabaseConnection, IntakeCtx) {
        let mut settings = Settings::defaults();
        settings.rate_limit_per_minute = per_minute;
        let db = crate::store::connect("sqlite::memory:").await.expect("db");
        crate::store::migrate(&db).await.expect("migrate");
        let ctx = IntakeCtx { settings: Arc::new(settings), clock: Clock::system(), metrics: Arc::default() };
        (Intake::start(db.clone(), ctx.clone()), db, ctx)
    }

    #[tokio::test]
    async fn messages_arriving_together_share_one_commit_and_redeliveries_in_it_are_found() {
        let (intake, db, ctx) = setup().await;
        // 120 messages, 40 of them a second delivery of an earlier one, all handed over before
        // the writer runs (one thread): one batch.
        let all: Vec<InboundMessage> = (0..120).map(|i| message(if i >= 80 { i - 80 } else { i })).collect();
        let mut tasks = tokio::task::JoinSet::new();
        for (i, m) in all.into_iter().enumerate() {
            let intake = intake.clone();
            tasks.spawn(async move { (i, intake.store(m, Handling::Turn).await) });
        }
        let mut outcomes: Vec<(usize, Result<Outcome, DbErr>)> = tasks.join_all().await;
        outcomes.sort_by_key(|(i, _)| *i);
        let outcomes: Vec<Result<Outcome, DbErr>> = outcomes.into_iter().map(|(_, o)| o).collect();
        let accepted = outcomes.iter().filter(|o| matches!(o, Ok(Outcome::Accepted))).count();
        let duplicates = outcomes.iter().filter(|o| matches!(o, Ok(Outcome::Duplicate))).count();
        assert_eq!((accepted, duplicates), (80, 40), "{outcomes:?}");
        let stored = crate::store::entities::inbound_message::Entity::find().count(&db).await.expect("count");
        assert_eq!(stored, 80);
        assert_eq!(ctx.metrics.intake_commits(), (1, 0), "one commit for the whole batch");
    }

    #[tokio::test]
    async fn a_lone_message_is_committed_at_once() {
        let (intake, _db, ctx) = setup().await;
        assert!(matches!(intake.store(message(1), Handling::Turn).await, Ok(Outcome::Accepted)));
        assert!(matches!(intake.store(message(1), Handling::Turn).await, Ok(Outcome::Duplicate)));
        assert_eq!(ctx.metrics.intake_commits(), (0, 2));
    }

    #[tokio::test]
    async fn the_rate_limit_judges_each_message_of_a_batch_on_those_stored_before_it() {
        let (intake, db, ctx) = setup_limited(3).await;
        // one user (7 divides the ids) sends 6 messages in one batch, one of them twice
        let ids = [0, 7, 14, 7, 21, 28, 35];
        let mut tasks = tokio::task::JoinSet::new();
        for (i, id) in ids.into_iter().enumerate() {
            let intake = intake.clone();
            tasks.spawn(async move { (i, intake.store(message(id), Handling::Turn).await.expect("stored")) });
        }
        let mut outcomes = tasks.join_all().await;
        outcomes.sort_by_key(|(i, _)| *i);
        let outcomes: Vec<Outcome> = outcomes.into_iter().map(|(_, o)| o).collect();
        use Outcome::*;
        assert_eq!(outcomes, [Accepted, Accepted, Accepted, Duplicate, Refused, Refused, Refused]);
        assert_eq!(ctx.metrics.intake_commits(), (1, 0), "one commit for the whole batch");
        // the first message over the limit is told so, once; the rest are dropped quietly
        let notices = crate::store::entities::outbound_message::Entity::find().count(&db).await.expect("count");
        assert_eq!(notices, 1);
    }
}
