//! Turns in batches: several users' turns in one write transaction.
//!
//! On SQLite every statement is a hop from the turn's task to the write connection's thread
//! and back, and on a machine whose cores sleep between hops that costs about 60 µs a
//! statement whatever the statement does (`examples/sqlite_hop.rs`); a turn on its own also
//! pays for its claim, its `BEGIN`, its `COMMIT` and four reads of its context. When nothing in
//! Ozer can call out (no LLM, embeddings, Google or remote resolver), the worker takes up to
//! [`SIZE`] ready messages of different users (while webhooks wait to be stored,
//! [`SIZE_WHILE_INTAKE_BUSY`]), claims them in one statement, reads their context in a
//! handful of queries on the read pool, and runs the turns one after another in one
//! transaction, closed by one commit.
//!
//! Each message is still acted on exactly once. The batch commits whole or not at all: if a
//! turn fails, if the watchdog stops the batch, or if the commit fails, the transaction rolls
//! back and every turn of the batch runs again on its own (the claims are this worker's, and
//! nothing of a rolled-back turn is left, not even its step outcomes). A turn that answers an
//! open question or repeats an earlier attempt runs on its own from the start. When webhooks
//! start waiting during a long batch, it stops after a few turns and gives the rest back:
//! acknowledging a platform comes first.

use std::collections::HashMap;
use std::time::Instant;

use chrono::{DateTime, Utc};
use futures_util::future::join_all;
use sea_orm::TransactionTrait;

use super::context::{Before, fresh, identified, nothing_calls_out};
use super::{Delivery, Ending, Prepared, TurnError, closed, ended, lease, prepare, respond_prepared, run_held};
use crate::app::AppState;
use crate::channels::Channel;
use crate::store::inbound::{self, Inbound, Ready};
use crate::store::{pending, steps, users};

/// At most this many turns share a transaction (a few milliseconds of the write connection).
pub(super) const SIZE: usize = 32;

/// While webhooks wait to be stored, a batch is this small (it holds the write connection for
/// a few turns, not 32), and one that began before they came stops at this many turns.
pub(super) const SIZE_WHILE_INTAKE_BUSY: usize = 4;

/// Whether turns may run in batches: nothing configured calls out.
pub(super) fn allowed(state: &AppState) -> bool {
    nothing_calls_out(state)
}

/// Runs the turns of `ready` (different users', whose turn locks the caller holds). Returns
/// how many turns this worker ran (a message another worker took meanwhile is not counted).
pub(super) async fn run(state: &AppState, ready: &[Ready]) -> usize {
    let now = state.clock.now();
    let ids: Vec<i64> = ready.iter().map(|r| r.id).collect();
    let rows = match inbound::claim_many(&state.db, &ids, now, now + lease(state)).await {
        Ok(rows) => rows,
        Err(e) => {
            tracing::error!(error = %e, "a batch of turns could not be claimed");
            return 0;
        }
    };
    let started = Instant::now();
    let prepared = prepare_all(state, &rows).await;
    let mut together: Vec<(&Inbound, Prepared)> = Vec::new();
    let mut apart: Vec<&Inbound> = Vec::new();
    for (row, p) in rows.iter().zip(prepared) {
        match p {
            Ok(p) if fresh(&p.before) => together.push((row, p)),
            _ => apart.push(row),
        }
    }
    let batch: Vec<&Inbound> = together.iter().map(|(row, _)| *row).collect();
    let ran_together = match tokio::time::timeout(state.settings.turn_timeout, together_in_one(state, together)).await {
        Ok(Ok(done)) => {
            if done > 0 {
                state.metrics.turn_batch(true);
            }
            for _ in 0..done {
                ended(state, started, true);
            }
            // not begun (webhooks came): ready again for a later, smaller batch
            let ids: Vec<i64> = batch[done..].iter().map(|r| r.id).collect();
            if let Err(e) = inbound::release_many(&state.db, &ids, None).await {
                tracing::warn!(error = %e, "unbegun turns keep their lease until it runs out");
            }
            done
        }
        // nothing of the batch committed: each of its turns runs on its own
        Ok(Err(e)) => {
            tracing::warn!(error = %e, turns = batch.len(), "a batch of turns rolled back; each runs on its own");
            state.metrics.turn_batch(false);
            apart.extend(batch);
            0
        }
        Err(_) => {
            tracing::warn!(turns = batch.len(), "the watchdog stopped a batch of turns; each runs on its own");
            state.metrics.turn_batch(false);
            apart.extend(batch);
            0
        }
    };
    // on their own: each with its own transactions, as when the turn runs alone
    let alone = join_all(apart.iter().map(|row| run_held(state, row, Delivery::Queued))).await;
    for r in &alone {
        if let Err(e) = r {
            tracing::error!(error = %e, "turn could not be run");
        }
    }
    ran_together + alone.len()
}

/// Each turn's context, read for the whole batch at once: a handful of queries on the read pool
/// instead of four a turn. A sender seen for the first time (whose user is created) is read on
/// its own, as is every turn if the batched reads fail.
async fn prepare_all(state: &AppState, rows: &[Inbound]) -> Vec<Result<Prepared, TurnError>> {
    let mut known = match read_together(state, rows).await {
        Ok(known) => known,
        Err(e) => {
            tracing::warn!(error = %e, "a batch's context could not be read at once; each turn reads its own");
            Default::default()
        }
    };
    let mut out = Vec::with_capacity(rows.len());
    let alone = join_all(rows.iter().filter(|r| !known.contains_key(&r.id)).map(|row| prepare(state, row))).await;
    let mut alone = alone.into_iter();
    for row in rows {
        match known.remove(&row.id) {
            Some(p) => out.push(Ok(p)),
            None => out.push(alone.next().unwrap_or_else(|| Err(sea_orm::DbErr::Custom("no context".into()).into()))),
        }
    }
    out
}

/// The context of the turns of known senders, by message.
async fn read_together(state: &AppState, rows: &[Inbound]) -> Result<HashMap<i64, Prepared>, sea_orm::DbErr> {
    let mut senders = HashMap::new();
    let mut channels: Vec<Channel> = Vec::new();
    for c in rows.iter().filter_map(|r| Channel::parse(&r.channel)) {
        if !channels.contains(&c) {
            channels.push(c);
        }
    }
    for channel in channels {
        let ids: Vec<&str> =
            rows.iter().filter(|r| r.channel == channel.as_str()).map(|r| r.external_user.as_str()).collect();
        for (ext, found) in users::find_many_with_identity(&state.read, channel, &ids).await? {
            senders.insert((channel, ext), found);
        }
    }
    // the claim fixed each turn's "now"
    let known: Vec<(&Inbound, Channel, DateTime<Utc>)> = rows
        .iter()
        .filter_map(|r| Some((r, Channel::parse(&r.channel)?, r.turn_now?)))
        .filter(|(r, c, _)| senders.contains_key(&(*c, r.external_user.clone())))
        .collect();
    let Some(earliest) = known.iter().map(|(_, _, now)| *now).min() else {
        return Ok(HashMap::new());
    };
    let user_of = |r: &Inbound, c: Channel| senders.get(&(c, r.external_user.clone())).map(|(u, _)| u.id).unwrap_or(0);
    let users: Vec<i64> = known.iter().map(|(r, c, _)| user_of(r, *c)).collect();
    let messages: Vec<i64> = known.iter().map(|(r, _, _)| r.id).collect();
    let pairs: Vec<(i64, i64)> = users.iter().copied().zip(messages.iter().copied()).collect();
    let (open, mut prior, mut last) = tokio::try_join!(
        pending::open_until(&state.read, &users, earliest),
        steps::all_of(&state.read, &messages),
        steps::last_entities_of(&state.read, &pairs),
    )?;
    let mut out = HashMap::new();
    for (row, channel, now) in known {
        let Some(found) = senders.remove(&(channel, row.external_user.clone())) else {
            continue; // two messages of one sender in a batch cannot be: the first is kept
        };
        let (user, touched) = identified(row, channel, now, found);
        let before = Before {
            open_question: open.get(&user.id).is_some_and(|until| *until > now),
            prior_steps: prior.remove(&row.id).unwrap_or_default(),
        };
        let entities = last.remove(&row.id).unwrap_or_default();
        out.insert(row.id, Prepared::new(state, now, channel, (user, touched), entities, before));
    }
    Ok(out)
}

/// The turns of `together` in one transaction, committed once: how many of the first ones
/// committed (the rest were not begun: webhooks came). An error: nothing committed.
async fn together_in_one(state: &AppState, together: Vec<(&Inbound, Prepared)>) -> Result<usize, TurnError> {
    if together.is_empty() {
        return Ok(0);
    }
    let txn = state.db.begin().await?;
    let mut done = 0;
    for (row, mut p) in together {
        if done >= SIZE_WHILE_INTAKE_BUSY && state.intake.backlog() > 0 {
            break;
        }
        let reply = respond_prepared(state, row, &mut p, Some(&txn)).await?;
        let ending = Ending {
            user_id: Some(p.user.id),
            reply: &reply,
            status: inbound::DONE,
            delivery: Delivery::Queued,
            touch: p.touched.touch(&p.user),
        };
        // lost to another worker: only possible once this worker's lease ran out
        if !super::close_in(&txn, state, row, ending).await? {
            return Err(sea_orm::DbErr::Custom(format!("message {} finished elsewhere", row.id)).into());
        }
        done += 1;
    }
    txn.commit().await?;
    closed(state);
    Ok(done)
}
