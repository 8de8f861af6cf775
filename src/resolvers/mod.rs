//! Resolvers: one per capability (task, list, calendar, gmail, memory, meta, general). Each
//! takes a planned step and the turn's context, does its work through the store, and says what
//! happened as a localized `Said`. Resolvers never format user text themselves.

pub mod actions;
pub mod general;
pub mod list;
pub mod matching;
pub mod memory;
pub mod meta;
pub mod task;

use chrono_tz::Tz;
use sea_orm::{DatabaseTransaction, DbErr};

use crate::clock::TimeContext;
use crate::plan::PlannedStep;
use crate::reply::{Msg, Said};
use crate::store::users::User;
use crate::understand::{Action, Lang, Resolver};

/// What a resolver sees of the turn.
pub struct Ctx<'a> {
    pub db: &'a DatabaseTransaction,
    pub user: &'a User,
    pub lang: Lang,
    pub time: TimeContext,
    pub text: &'a str,
    pub display_name: Option<&'a str>,
}

impl Ctx<'_> {
    pub fn tz(&self) -> Tz {
        self.time.tz()
    }
}

/// What one step produced: its sentence, and data later steps can use ("remind me to buy it").
#[derive(Debug, Clone)]
pub struct StepResult {
    pub said: Said,
    pub data: serde_json::Value,
}

impl StepResult {
    pub fn say(msg: Msg) -> Self {
        Self { said: Said::msg(msg), data: serde_json::Value::Null }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ResolveError {
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

/// Runs a local step. `earlier` holds the entities of the turn's earlier steps, by position;
/// `pre` is what the step's remote part fetched beforehand with no transaction open
/// (`memory::prefetch`); everything here is local.
pub async fn run(
    ctx: &Ctx<'_>,
    step: &PlannedStep,
    earlier: &[serde_json::Value],
    pre: &crate::memory::Prefetched,
) -> Result<StepResult, ResolveError> {
    let _ = earlier;
    match step.resolver {
        Resolver::Meta => Ok(meta::run(ctx, step)),
        Resolver::General if general::is_social(ctx.text) => Ok(general::run(ctx, step)),
        // a plain personal question ("my locker number?") is answered from notes when one fits
        Resolver::General => match memory::plain_question(ctx, step, pre).await? {
            Some(answer) => Ok(answer),
            None => Ok(general::run(ctx, step)),
        },
        Resolver::Memory => memory::run(ctx, step, pre).await,
        Resolver::Task => task::run(ctx, step).await,
        Resolver::List => list::run(ctx, step).await,
        other => google_not_configured(ctx, step, other, pre).await,
    }
}

/// Calendar and Gmail steps on an instance without Google settings (with them, these steps go to
/// the remote resolvers): say what was understood, so the user sees the message was read
/// correctly, and why it cannot be done here. An event with a time is offered as a reminder
/// instead (a button; the answer runs the same slots as a reminder, with no new routing pass).
async fn google_not_configured(
    ctx: &Ctx<'_>,
    step: &PlannedStep,
    resolver: Resolver,
    pre: &crate::memory::Prefetched,
) -> Result<StepResult, ResolveError> {
    let s = &step.slots;
    // "what do I have today": with no calendar here, the day's reminders are the answer
    if resolver == Resolver::Calendar
        && step.action == Action::Find
        && let Some(range) = crate::google::calendar::range_of(s, ctx.time.now)
        && (s.title.is_none() && s.query.is_none() || s.window.is_none() && s.when.is_none())
    {
        let reminders = task::lines_due(ctx.db, ctx.user.id, ctx.lang, ctx.time, range).await?;
        let period = crate::google::calendar::range_phrase(ctx.lang, range, ctx.time.now);
        let msg = match reminders {
            Some((count, lines)) => {
                Msg::new("no-calendar-reminders").arg("when", period).num("count", count as i64).arg("lines", lines)
            }
            None => Msg::new("no-calendar-no-reminders").arg("when", period),
        };
        return Ok(StepResult::say(msg));
    }
    // "when is the fire drill?": with no calendar here, a note that tells it is the answer
    if resolver == Resolver::Calendar
        && step.action == Action::Find
        && s.window.is_none()
        && s.when.is_none()
        && s.query.as_deref().or(s.title.as_deref()).is_some_and(|q| !q.trim().is_empty())
        && let Some(answer) = memory::plain_question(ctx, step, pre).await?
    {
        return Ok(answer);
    }
    let what_id = match resolver {
        Resolver::Calendar => "resolver-calendar",
        _ => "resolver-gmail",
    };
    let mut what = crate::reply::t(ctx.lang, what_id);
    if let Some(title) = step.slots.title.as_deref().or(step.slots.query.as_deref()) {
        what = format!("{what}: \"{title}\"");
    }
    let now = ctx.time.now;
    let when = match (step.slots.when, step.slots.window) {
        (Some(at), _) => Some(crate::reply::when::when_phrase(ctx.lang, at.with_timezone(&ctx.tz()), now)),
        (None, Some(w)) => Some(crate::reply::when::day_phrase(ctx.lang, w.start.with_timezone(&ctx.tz()), now)),
        (None, None) => None,
    };
    if let Some(when) = when {
        what = Msg::new("understood-when").arg("summary", what).arg("when", when).render(ctx.lang);
    }
    // "the podiatrist one - cancel it", "move the dentist to 5": with no calendar here, a move or
    // a delete of something that is one of the user's reminders is about that reminder
    if resolver == Resolver::Calendar
        && matches!(step.action, Action::Update | Action::Delete)
        && let Some(title) = s.title.as_deref().filter(|t| !t.trim().is_empty())
        && task::names_an_open_task(ctx.db, ctx.user.id, title).await?
    {
        return task::run(ctx, &PlannedStep { resolver: Resolver::Task, ..step.clone() }).await;
    }
    // "podiatrist appointment monday at 8:30": with no calendar here, a reminder is the help
    // there is; it is set at once (nothing is lost or sent, and it can be moved or deleted), and
    // the reply says why it is a reminder
    if resolver == Resolver::Calendar && step.action == Action::Create && s.title.is_some() && s.when.is_some() {
        let as_reminder = PlannedStep { resolver: Resolver::Task, ..step.clone() };
        let mut done = task::run(ctx, &as_reminder).await?;
        if done.said.msg.id == "reminder-created" {
            done.said.msg.id = "reminder-created-no-calendar";
        }
        return Ok(done);
    }
    Ok(StepResult::say(Msg::new("google-not-configured").arg("what", what)))
}
