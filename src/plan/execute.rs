//! The executor: runs a plan's steps in order and stores each step's outcome as it completes.
//!
//! Rules (from the design):
//! - **No transaction across a network call.** A local step (tasks, lists, notes) runs its
//!   effect and stores its outcome in one short transaction (the outcome's row last: a second
//!   worker racing on the same step finds the first one's row and rolls its own effect back). A remote step is stored as
//!   `started` first (its own short write), calls out with no transaction open, then stores its
//!   outcome.
//! - **Never twice.** A step whose outcome is stored is not run again on a retry; of two workers
//!   racing on one local step, only the one whose outcome row is stored commits its effect.
//! - **Dependencies.** A step that depends on a failed or blocked step is blocked, and says so.
//! - **Bounds.** At most [`MAX_STEPS`] steps per turn; a planner's plan may repeat the same
//!   (resolver, action) at most twice (a user who lists several things gets them all).

use std::collections::HashMap;

use sea_orm::{DbErr, TransactionTrait};

use super::remote::{RemoteCall, RemoteFailure, RemoteResolver};
use super::{Plan, PlanSource, PlannedStep};
use crate::app::AppState;
use crate::clock::TimeContext;
use crate::reply::{Msg, Said, Spoken};
use crate::resolvers::{self, Ctx, ResolveError, StepResult};
use crate::store::inbound::Inbound;
use crate::store::steps::{self, Outcome, Status, StepRef, StoredStep};
use crate::store::users::User;
use crate::understand::Lang;

/// Most steps one turn runs; a longer plan runs its first steps and says the rest were left.
pub const MAX_STEPS: usize = 8;
/// How often a planner's plan may repeat the same (resolver, action).
pub const MAX_SAME_ACTION: usize = 2;

/// What the executor knows of the turn.
pub struct TurnCtx<'a> {
    pub state: &'a AppState,
    pub inbound: &'a Inbound,
    pub user: &'a User,
    pub lang: Lang,
    pub time: TimeContext,
    /// the user's last messages, oldest first (for the planner)
    pub history: Vec<Inbound>,
    /// the entities the user's last turn touched ("move it to 5")
    pub last_entities: Vec<serde_json::Value>,
    /// whether a question was open when the turn began (else only a button tap, a command or a
    /// reminder's snooze words make the conversation step answer)
    pub open_question: bool,
    /// the steps an earlier attempt at this message stored (read when the turn began)
    pub prior_steps: Vec<StoredStep>,
    /// The turn's one transaction, when nothing in the turn calls out and no earlier attempt
    /// stored a step (see `turn::one_transaction`): every local step writes in it, and the
    /// turn's close commits it with the reply, so a turn costs one commit instead of several.
    pub shared: Option<&'a sea_orm::DatabaseTransaction>,
}

/// One step as it ended.
#[derive(Debug, Clone)]
pub struct Executed {
    pub step_id: i32,
    pub status: Status,
    pub outcome: Outcome,
}

/// What a local unit of work is: a planned step, the conversation's own step (an answer to the
/// pending question, or a command), which runs before any plan exists, or the question asked
/// instead of acting when the understanding is unsure.
#[derive(Clone, Copy)]
pub enum Work<'p> {
    Step(&'p PlannedStep),
    Conversation { button: Option<&'p str> },
    Clarify(&'p crate::understand::Understanding),
}

/// The step id of the conversation step (planned steps are numbered from 0).
pub const CONVERSATION_STEP: i32 = -1;
/// The step id of the "which did you mean?" question.
pub const CLARIFY_STEP: i32 = -2;

impl TurnCtx<'_> {
    fn step_ref<'k>(&'k self, step_id: i32, resolver: &'k str, action: &'k str, key: &'k str) -> StepRef<'k> {
        StepRef { inbound_id: self.inbound.id, step_id, user_id: Some(self.user.id), resolver, action, key }
    }

    /// The outcome an earlier attempt stored for this step, when it finished: it stands.
    fn reused(&self, step_id: i32) -> Option<Executed> {
        self.prior_steps.iter().find(|r| r.step_id == step_id).and_then(finished)
    }

    /// Whether the conversation step can answer a question: one was open when the turn began,
    /// or a button was tapped (the user's turns run one at a time, so no other turn opened one
    /// since). Else only a command or a reminder's snooze words make it answer.
    fn may_answer(&self, button: Option<&str>) -> bool {
        self.open_question || button.is_some()
    }

    fn key(&self, step_id: i32) -> String {
        steps::idempotency_key(&self.inbound.channel, &self.inbound.external_message_id, step_id)
    }

    fn ctx<'t>(&'t self, db: &'t sea_orm::DatabaseTransaction) -> Ctx<'t> {
        Ctx {
            db,
            user: self.user,
            lang: self.lang,
            time: self.time,
            text: &self.inbound.text,
            display_name: self.inbound.display_name.as_deref(),
        }
    }
}

/// Runs the plan. Steps already stored for this message (an earlier attempt) are reused.
pub async fn execute(t: &TurnCtx<'_>, plan: &Plan) -> Result<Vec<Executed>, DbErr> {
    let (run, left_out) = bounded(plan);
    let mut done: Vec<Executed> = Vec::with_capacity(run.len() + 1);
    for step in run {
        let id = step.id as i32;
        // what an earlier attempt stored (a shared turn is a first attempt: nothing is)
        if let Some(prev) = t.reused(id) {
            done.push(prev);
            continue;
        }
        let blocked =
            step.depends_on.iter().any(|d| done.iter().any(|e| e.step_id == *d as i32 && e.status.blocks_dependents()));
        let executed = if blocked {
            block(t, step).await?
        } else if let Some(remote) = t.state.remote.get(step.resolver) {
            run_remote(t, step, remote.as_ref(), &done).await?
        } else {
            match run_local(t, Work::Step(step), &done).await? {
                Some(e) => e,
                None => continue,
            }
        };
        t.state.metrics.step(step.resolver.as_str(), executed.status.as_str());
        done.push(executed);
    }
    if left_out > 0 {
        let spoken = Said::msg(Msg::new("steps-left-out").num("count", left_out as i64)).render(t.lang);
        done.push(Executed {
            step_id: i32::MAX,
            status: Status::Blocked,
            outcome: Outcome { spoken, data: Default::default() },
        });
    }
    Ok(done)
}

/// The stored outcome of a step that finished (a `started` row without a result is not).
pub fn finished(row: &StoredStep) -> Option<Executed> {
    let status = Status::parse(&row.status).filter(|s| *s != Status::Started)?;
    let outcome = steps::outcome_of(row)?;
    Some(Executed { step_id: row.step_id, status, outcome })
}

/// The steps to run and how many were left out by the bounds.
fn bounded(plan: &Plan) -> (Vec<&PlannedStep>, usize) {
    let mut seen: HashMap<(crate::understand::Resolver, crate::understand::Action), usize> = HashMap::new();
    let mut run = Vec::new();
    for step in &plan.steps {
        let n = seen.entry((step.resolver, step.action)).or_default();
        *n += 1;
        let repeated = plan.source == PlanSource::Planner && *n > MAX_SAME_ACTION;
        if run.len() < MAX_STEPS && !repeated {
            run.push(step);
        }
    }
    let left_out = plan.steps.len() - run.len();
    (run, left_out)
}

/// Runs local work in one short transaction with its stored outcome. `None`: the conversation
/// step found nothing to answer (the message goes on to understanding).
pub async fn run_local(t: &TurnCtx<'_>, work: Work<'_>, done: &[Executed]) -> Result<Option<Executed>, DbErr> {
    let (step_id, resolver, action) = match work {
        Work::Step(s) => (s.id as i32, s.resolver.as_str(), s.action.as_str()),
        Work::Conversation { .. } => (CONVERSATION_STEP, "conversation", "answer"),
        Work::Clarify(_) => (CLARIFY_STEP, "conversation", "clarify"),
    };
    // an earlier attempt finished this work: its outcome stands
    if let Some(prev) = t.reused(step_id) {
        return Ok(Some(prev));
    }
    let key = t.key(step_id);
    let sref = t.step_ref(step_id, resolver, action, &key);
    let now = t.time.now.to_utc();
    // The remote part of a local step (embedding a memory question) runs first, with no
    // transaction open; a failure only means lexical-only recall.
    let pre = match work {
        Work::Step(step) => crate::memory::prefetch(t.state.embeddings.as_deref(), step, &t.inbound.text).await,
        _ => crate::memory::Prefetched::default(),
    };
    let own = match t.shared {
        Some(_) => None,
        None => Some(t.state.db.begin().await?),
    };
    let Some(txn) = t.shared.or(own.as_ref()) else {
        return Err(DbErr::Custom("no transaction for a local step".into()));
    };
    let ctx = t.ctx(txn);
    let result = match work {
        Work::Step(step) => {
            let earlier: Vec<serde_json::Value> = done.iter().map(|e| e.outcome.data.clone()).collect();
            let r = resolvers::run(&ctx, step, &earlier, &pre).await.map_err(resolve_db)?;
            Some(outcome_of(r, t.lang))
        }
        Work::Conversation { button } => conversation_step(&ctx, button, t.may_answer(button)).await?,
        Work::Clarify(u) => crate::conversation::clarify::ask_if_unsure(&ctx, u)
            .await
            .map_err(resolve_db)?
            .map(|said| outcome_of(StepResult { said, data: serde_json::Value::Null }, t.lang)),
    };
    // With no question open and no button tapped, "nothing to answer" changed nothing and a
    // retry reads the message the same way: nothing is stored.
    if result.is_none() && matches!(work, Work::Conversation { button } if !t.may_answer(button)) {
        return Ok(None);
    }
    // "Nothing to answer" is stored too, so a retry does not read the (now cleared) pending
    // question differently.
    let (status, outcome) = result.clone().unwrap_or_else(|| {
        (Status::Done, Outcome { spoken: Spoken::default(), data: serde_json::json!({ "unhandled": true }) })
    });
    // The step's row is written last, with its outcome: if another worker stored this step
    // first, the insert finds its row, and this effect is rolled back; its outcome stands.
    if !steps::record(txn, sref, status, &outcome, now).await? {
        let Some(own) = own else {
            // The whole turn is rolled back and retried; the retry reuses what is stored.
            return Err(DbErr::Custom(format!("step {step_id} was stored by another attempt")));
        };
        drop(own);
        let row = steps::all(&t.state.db, t.inbound.id).await?.into_iter().find(|r| r.step_id == step_id);
        return Ok(row.as_ref().and_then(finished));
    }
    if let Some(own) = own {
        own.commit().await?;
    }
    Ok(result.map(|(status, outcome)| Executed { step_id, status, outcome }))
}

fn outcome_of(r: StepResult, lang: Lang) -> (Status, Outcome) {
    // A step that asked the user something waits for the answer; anything else is done.
    let status = if r.said.buttons.is_empty() { Status::Done } else { Status::Waiting };
    (status, Outcome { spoken: r.said.render(lang), data: r.data })
}

/// Whether the stored conversation step handled the message (false: go on to understanding).
pub fn handled(e: &Executed) -> bool {
    e.outcome.data.get("unhandled").is_none()
}

/// `may_answer`: see [`TurnCtx::may_answer`].
async fn conversation_step(
    ctx: &Ctx<'_>,
    button: Option<&str>,
    may_answer: bool,
) -> Result<Option<(Status, Outcome)>, DbErr> {
    // an answer to a planner's question or draft resumes its stored plan (plan/review.rs)
    if may_answer && let Some(resumed) = super::review::answer(ctx, button).await? {
        return Ok(Some(resumed));
    }
    // a reminder's snooze/done button, or a reply in words right after a reminder
    if let Some(said) = crate::conversation::snooze::try_snooze(ctx, button).await.map_err(resolve_db)? {
        return Ok(Some(outcome_of(StepResult { said, data: serde_json::Value::Null }, ctx.lang)));
    }
    if may_answer && let Some(answer) = crate::conversation::try_answer(ctx, button).await.map_err(resolve_db)? {
        return Ok(Some(outcome_of(answer, ctx.lang)));
    }
    let Some(said) = crate::conversation::commands::answer(ctx, ctx.text.trim()).await? else {
        return Ok(None);
    };
    let reply = crate::reply::compose(ctx.lang, &said);
    let status = if reply.buttons.is_empty() { Status::Done } else { Status::Waiting };
    let spoken = Spoken { text: reply.text, clause: None, buttons: reply.buttons };
    Ok(Some((status, Outcome { spoken, data: serde_json::Value::Null })))
}

fn resolve_db(e: ResolveError) -> DbErr {
    match e {
        ResolveError::Db(db) => db,
    }
}

async fn run_remote(
    t: &TurnCtx<'_>,
    step: &PlannedStep,
    remote: &dyn RemoteResolver,
    done: &[Executed],
) -> Result<Executed, DbErr> {
    let step_id = step.id as i32;
    let key = t.key(step_id);
    let sref = t.step_ref(step_id, step.resolver.as_str(), step.action.as_str(), &key);
    let resumed = !steps::start(&t.state.db, sref, t.time.now.to_utc()).await?;
    let earlier: Vec<serde_json::Value> = done.iter().map(|e| e.outcome.data.clone()).collect();
    let call = RemoteCall {
        db: &t.state.db,
        user: t.user,
        lang: t.lang,
        time: t.time,
        text: &t.inbound.text,
        step,
        earlier: &earlier,
        idempotency_key: &key,
        resumed,
    };
    let (status, outcome) = match remote.run(call).await {
        Ok(r) => outcome_of(r, t.lang),
        Err(RemoteFailure::Failed(said)) => {
            (Status::Failed, Outcome { spoken: said.render(t.lang), data: Default::default() })
        }
        Err(RemoteFailure::Db(e)) => return Err(e),
    };
    steps::finish(&t.state.db, sref, status, &outcome, t.state.clock.now()).await?;
    Ok(Executed { step_id, status, outcome })
}

/// A step whose dependency failed: stored as blocked, with a sentence saying it was not done.
async fn block(t: &TurnCtx<'_>, step: &PlannedStep) -> Result<Executed, DbErr> {
    let step_id = step.id as i32;
    let key = t.key(step_id);
    let sref = t.step_ref(step_id, step.resolver.as_str(), step.action.as_str(), &key);
    let spoken = Said::msg(Msg::new("step-blocked").arg("what", describe(t.lang, step))).render(t.lang);
    let outcome = Outcome { spoken, data: serde_json::Value::Null };
    match t.shared {
        Some(txn) => steps::finish(txn, sref, Status::Blocked, &outcome, t.time.now.to_utc()).await?,
        None => steps::finish(&t.state.db, sref, Status::Blocked, &outcome, t.time.now.to_utc()).await?,
    }
    Ok(Executed { step_id, status: Status::Blocked, outcome })
}

/// A few words naming a step for "not done" sentences: its title or query, else its kind.
pub fn describe(lang: Lang, step: &PlannedStep) -> String {
    let s = &step.slots;
    s.title
        .clone()
        .or_else(|| s.query.clone())
        .or_else(|| (!s.items.is_empty()).then(|| s.items.join(", ")))
        .unwrap_or_else(|| {
            let id = match step.resolver {
                crate::understand::Resolver::Calendar => "resolver-calendar",
                crate::understand::Resolver::Gmail => "resolver-gmail",
                crate::understand::Resolver::Memory => "resolver-memory",
                crate::understand::Resolver::List => "resolver-list",
                _ => "resolver-task",
            };
            crate::reply::t(lang, id)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::understand::{Action, Resolver, Step};

    fn step(id: usize, resolver: Resolver, action: Action) -> PlannedStep {
        PlannedStep { id, resolver, action, slots: Step::new(resolver, action, 1.0), depends_on: Vec::new() }
    }

    #[test]
    fn a_plan_runs_at_most_eight_steps() {
        let plan = Plan {
            steps: (0..11).map(|i| step(i, Resolver::Task, Action::Create)).collect(),
            source: PlanSource::Rules,
        };
        let (run, left_out) = bounded(&plan);
        assert_eq!((run.len(), left_out), (8, 3));
    }

    #[test]
    fn a_planner_repeats_one_action_at_most_twice_but_the_users_own_list_runs_whole() {
        let steps: Vec<PlannedStep> = (0..4)
            .map(|i| step(i, Resolver::Task, Action::Create))
            .chain([step(4, Resolver::List, Action::Add)])
            .collect();
        let planner = Plan { steps: steps.clone(), source: PlanSource::Planner };
        let (run, left_out) = bounded(&planner);
        assert_eq!(run.iter().map(|s| s.id).collect::<Vec<_>>(), vec![0, 1, 4]);
        assert_eq!(left_out, 2);
        let rules = Plan { steps, source: PlanSource::Rules };
        let (run, left_out) = bounded(&rules);
        assert_eq!((run.len(), left_out), (5, 0));
    }
}
