//! Turns in batches: several users' turns in one write transaction.
//!
//! On SQLite every statement is a hop from the turn's task to the write connection's thread
//! and back, and on a machine whose cores sleep between hops that costs about 60 µs a
//! statement whatever the statement does (`examples/sqlite_hop.rs`); a turn on its own also
//! pays for its claim, its `BEGIN` and its `COMMIT`. When nothing in Ozer can call out (no LLM,
//! embeddings, Google or remote resolver) and no webhook waits for the write connection, the
//! worker takes up to [`SIZE`] ready messages of different users, claims them in one
//! statement, reads their context together on the read pool, and runs the turns one after
//! another in one transaction, closed by one commit.
//!
//! Each message is still acted on exactly once. The batch commits whole or not at all: if a
//! turn fails, if the watchdog stops the batch, or if the commit fails, the transaction rolls
//! back and every turn of the batch runs again on its own (the claims are this worker's, and
//! nothing of a rolled-back turn is left, not even its step outcomes). A turn that answers an
//! open question or repeats an earlier attempt runs on its own from the start, as does the rest
//! of a batch once a webhook waits to be stored: acknowledging a platform comes first.

use std::time::Instant;

use futures_util::future::join_all;
use sea_orm::TransactionTrait;

use super::context::{fresh, nothing_calls_out};
use super::{Delivery, Ending, Prepared, TurnError, closed, ended, lease, prepare, respond_prepared, run_held};
use crate::app::AppState;
use crate::store::inbound::{self, Inbound, Ready};

/// At most this many turns share a transaction (a few milliseconds of the write connection).
pub(super) const SIZE: usize = 32;

/// Whether turns may run in batches now: nothing configured calls out, and no webhook is
/// waiting for the write connection.
pub(super) fn allowed(state: &AppState) -> bool {
    nothing_calls_out(state) && state.intake.backlog() == 0
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
    let prepared = join_all(rows.iter().map(|row| prepare(state, row))).await;
    let mut together: Vec<(&Inbound, Prepared)> = Vec::new();
    let mut apart: Vec<&Inbound> = Vec::new();
    for (row, p) in rows.iter().zip(prepared) {
        match p {
            Ok(p) if fresh(&p.before) => together.push((row, p)),
            _ => apart.push(row),
        }
    }
    let ran_together = match tokio::time::timeout(state.settings.turn_timeout, together_in_one(state, together)).await {
        Ok(Ok((done, rest))) => {
            if done > 0 {
                state.metrics.turn_batch(true);
            }
            for _ in 0..done {
                ended(state, started, true);
            }
            apart.extend(rest);
            done
        }
        Ok(Err((e, all))) => {
            tracing::warn!(error = %e, turns = all.len(), "a batch of turns rolled back; each runs on its own");
            state.metrics.turn_batch(false);
            apart.extend(all);
            0
        }
        Err(_) => {
            tracing::warn!("the watchdog stopped a batch of turns; each runs on its own");
            state.metrics.turn_batch(false);
            // the batch's rows, in order: every claimed row not already apart
            let set: std::collections::HashSet<i64> = apart.iter().map(|r| r.id).collect();
            apart.extend(rows.iter().filter(|r| !set.contains(&r.id)));
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

/// The turns of `together` in one transaction, committed once. `Ok((n, rest))`: the first `n`
/// turns committed; `rest` were not begun (a webhook arrived) and run on their own. `Err`:
/// nothing committed, and every row is returned to run on its own.
async fn together_in_one<'r>(
    state: &AppState,
    together: Vec<(&'r Inbound, Prepared)>,
) -> Result<(usize, Vec<&'r Inbound>), (TurnError, Vec<&'r Inbound>)> {
    let all: Vec<&Inbound> = together.iter().map(|(row, _)| *row).collect();
    if together.is_empty() {
        return Ok((0, all));
    }
    let txn = state.db.begin().await.map_err(|e| (e.into(), all.clone()))?;
    let mut done = 0;
    for (row, mut p) in together {
        if done > 0 && state.intake.backlog() > 0 {
            break;
        }
        let step = async {
            let reply = respond_prepared(state, row, &mut p, Some(&txn)).await?;
            let ending = Ending {
                user_id: Some(p.user.id),
                reply: &reply,
                status: inbound::DONE,
                delivery: Delivery::Queued,
                touch: p.touched.touch(&p.user),
            };
            // lost to another worker: only possible once this worker's lease ran out
            match super::close_in(&txn, state, row, ending).await? {
                true => Ok(()),
                false => Err(TurnError::Db(sea_orm::DbErr::Custom(format!("message {} finished elsewhere", row.id)))),
            }
        };
        if let Err(e) = step.await {
            drop(txn);
            return Err((e, all));
        }
        done += 1;
    }
    if let Err(e) = txn.commit().await {
        return Err((e.into(), all));
    }
    closed(state);
    Ok((done, all[done..].to_vec()))
}
