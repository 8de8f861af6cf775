//! The task resolver: tasks and reminders — create, list, complete, update, delete.
//!
//! Which task the user means is found by `matching`; several candidates become a numbered
//! choice, bulk changes a confirmation (both through `actions`). Times are shown in the user's
//! words and timezone.

use chrono::{DateTime, Duration, FixedOffset, NaiveTime, Utc};
use chrono_tz::Tz;

use super::actions::{self, Action, Choice};
use super::matching::{self, Found};
use super::{Ctx, ResolveError, StepResult};
use crate::plan::PlannedStep;
use crate::reply::rule::series_phrase;
use crate::reply::when::when_phrase;
use crate::reply::{Msg, Said};
use crate::scheduler::recurrence;
use crate::store::lists::{Item, List};
use crate::store::tasks::{self, NewTask, Task};
use crate::understand::{Action as Act, TimeProblem};

/// Lines shown when listing tasks; the rest are counted.
const LIST_MAX: usize = 20;

pub async fn run(ctx: &Ctx<'_>, step: &PlannedStep) -> Result<StepResult, ResolveError> {
    match step.action {
        Act::List | Act::Show | Act::Find => {
            // "show my to do list" from a user who keeps a list by that name: that list
            if let Some(name) = step.slots.list.as_deref()
                && crate::understand::is_to_do_name(name)
                && super::list::keeps(ctx, name).await?
            {
                let shown =
                    PlannedStep { resolver: crate::understand::Resolver::List, action: Act::Show, ..step.clone() };
                return Box::pin(super::list::run(ctx, &shown)).await;
            }
            list(ctx, step).await
        }
        Act::Complete => complete(ctx, step).await,
        Act::Update => update(ctx, step).await,
        Act::Delete | Act::Remove => delete(ctx, step).await,
        _ => create(ctx, step).await,
    }
}

fn local(ctx: &Ctx<'_>, at: DateTime<Utc>) -> DateTime<Tz> {
    at.with_timezone(&ctx.tz())
}

async fn create(ctx: &Ctx<'_>, step: &PlannedStep) -> Result<StepResult, ResolveError> {
    let s = &step.slots;
    let Some(title) = s.title.as_deref().map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(StepResult::say(Msg::new("task-need-title")));
    };
    // the rule as said: the RRULE a richer rule gave, or the simple word (scheduler/recurrence.rs)
    let spec: Option<String> =
        s.rrule.as_ref().map(|r| format!("RRULE:{r}")).or(s.recurrence.map(|r| r.as_str().into()));
    let rec = spec.as_deref();
    match &s.time_problem {
        Some(TimeProblem::Impossible) => return Ok(StepResult::say(Msg::new("time-impossible"))),
        Some(TimeProblem::InPast { next: Some(next) }) => {
            let due = next.to_utc();
            let q = Msg::new("task-past-confirm").arg("when", when_phrase(ctx.lang, local(ctx, due), ctx.time.now));
            let local_time = Some(local(ctx, due).format("%H:%M").to_string());
            let action =
                Action::CreateTask { title: title.into(), due, local_time, recurrence: rec.map(str::to_string) };
            return actions::ask_confirm(ctx, q, action).await;
        }
        Some(TimeProblem::InPast { next: None }) => {
            return Ok(StepResult::say(Msg::new("task-past")));
        }
        None => {}
    }
    match s.when.map(|w| reminder_time(ctx, w)) {
        Some(when) if when.to_utc() < ctx.time.now.to_utc() - Duration::minutes(1) => {
            Ok(StepResult::say(Msg::new("task-past")))
        }
        Some(when) => {
            let local_time = Some(when.with_timezone(&ctx.tz()).format("%H:%M").to_string());
            create_at(ctx, title, when.to_utc(), local_time, rec).await
        }
        None => {
            let new = NewTask { user_id: ctx.user.id, title, due_at: None, local_time: None, recurrence: None };
            let task = tasks::create(ctx.db, new, ctx.time.now.to_utc()).await?;
            // "remind me to order the invitations": a reminder asked for with no time is kept,
            // and the reply asks when (a time said next moves it: plan/refs.rs)
            let lower = ctx.text.to_lowercase();
            let asked_to_remind = ["remind", "תזכיר", "תזכירי", "להזכיר"].iter().any(|w| lower.contains(w));
            let id = if asked_to_remind { "task-created-ask-when" } else { "task-created" };
            let msg = Msg::new(id).arg("title", actions::short(&task.title, 200));
            let clause = Msg::new("task-created-clause").arg("title", actions::short(&task.title, 200));
            Ok(created(msg, clause, &task))
        }
    }
}

/// A day without a time ("remind me tomorrow to…") that arrives as that day's midnight fires at
/// 09:00, or an hour from now when that has passed (`time::reminder_on_a_day`; the
/// understanding already does this, so this is for a plan from elsewhere, an LLM's). A midnight
/// the user said stays midnight.
fn reminder_time(ctx: &Ctx<'_>, when: DateTime<FixedOffset>) -> DateTime<FixedOffset> {
    if when.with_timezone(&ctx.tz()).time() != NaiveTime::MIN {
        return when;
    }
    let lower = ctx.text.to_lowercase();
    let said_midnight = ["midnight", "12am", "00:00", "24:00", "חצות"].iter().any(|w| lower.contains(w));
    // ("in 20 min" said at 23:40 lands on midnight: a time of day was said, not a day)
    let said_a_time = || {
        crate::understand::time::scan(ctx.text, ctx.time.now).iter().any(|f| {
            matches!(f, crate::understand::time::Found::Time(m) if m.grain < crate::understand::time::Grain::Day && m.value == when)
        })
    };
    if said_midnight || said_a_time() {
        return when;
    }
    crate::understand::time::reminder_on_a_day(when, ctx.time.now).with_timezone(&when.timezone())
}

fn created(msg: Msg, clause: Msg, task: &Task) -> StepResult {
    StepResult { said: Said { msg, clause: Some(clause), buttons: Vec::new() }, data: entity(task) }
}

/// What a step that created or changed a task leaves for the next turn's "it" (plan/refs.rs).
fn entity(task: &Task) -> serde_json::Value {
    serde_json::json!({ "task_id": task.id, "title": task.title, "due_at": task.due_at })
}

/// Creates a reminder at `due` (and its recurrence), replying with the time in the user's words.
pub async fn create_at(
    ctx: &Ctx<'_>,
    title: &str,
    due: DateTime<Utc>,
    local_time: Option<String>,
    rec: Option<&str>,
) -> Result<StepResult, ResolveError> {
    let series = rec.and_then(|spec| recurrence::series_for_new(spec, ctx.tz(), due));
    let stored = series.as_ref().map(ToString::to_string);
    let new = NewTask {
        user_id: ctx.user.id,
        title,
        due_at: Some(due),
        local_time: series.as_ref().and(local_time),
        recurrence: stored.as_deref(),
    };
    let task = tasks::create(ctx.db, new, ctx.time.now.to_utc()).await?;
    let when = match &series {
        Some(s) => series_phrase(ctx.lang, s, local(ctx, due)),
        None => when_phrase(ctx.lang, local(ctx, due), ctx.time.now),
    };
    let title = actions::short(&task.title, 200);
    let msg = Msg::new("reminder-created").arg("when", when.clone()).arg("title", title.clone());
    let clause = Msg::new("reminder-created-clause").arg("when", when).arg("title", title);
    Ok(created(msg, clause, &task))
}

async fn list(ctx: &Ctx<'_>, step: &PlannedStep) -> Result<StepResult, ResolveError> {
    let now = ctx.time.now.to_utc();
    let open = tasks::by_status(ctx.db, ctx.user.id, tasks::OPEN).await?;
    let overdue = asks_overdue(ctx.text);
    let (shown, header): (Vec<&Task>, Msg) = if overdue {
        (open.iter().filter(|t| t.due_at.is_some_and(|d| d < now)).collect(), Msg::new("task-list-overdue"))
    } else if let Some(w) = step.slots.window {
        let (start, end) = (w.start.to_utc(), w.end.to_utc());
        let phrase = crate::reply::when::day_phrase(ctx.lang, local(ctx, start), ctx.time.now);
        (due_within(&open, start, end), Msg::new("task-list-window").arg("period", phrase))
    } else {
        (open.iter().collect(), Msg::new("task-list-all"))
    };
    if shown.is_empty() {
        return Ok(StepResult::say(Msg::new("task-list-empty")));
    }
    let lines = task_lines(ctx.lang, ctx.time, &shown);
    // "delete the second one" next: the places are those shown
    let data = serde_json::json!({ "shown": shown.iter().take(LIST_MAX).map(|t| entity(t)).collect::<Vec<_>>() });
    Ok(StepResult { data, ..StepResult::say(header.num("count", shown.len() as i64).arg("lines", lines)) })
}

/// The open tasks due in [start, end), in due order.
fn due_within(open: &[Task], start: DateTime<Utc>, end: DateTime<Utc>) -> Vec<&Task> {
    open.iter().filter(|t| t.due_at.is_some_and(|d| d >= start && d < end)).collect()
}

/// One line a task ("• call the bank — tomorrow at 09:00"), at most `LIST_MAX` and a count of
/// the rest.
fn task_lines(lang: crate::understand::Lang, time: crate::clock::TimeContext, shown: &[&Task]) -> String {
    let mut lines: Vec<String> = shown.iter().take(LIST_MAX).map(|t| task_line(lang, time, t)).collect();
    if shown.len() > LIST_MAX {
        lines.push(Msg::new("list-more").num("count", (shown.len() - LIST_MAX) as i64).render(lang));
    }
    lines.join("\n")
}

/// The lines of the user's open tasks due in [start, end), or `None` when there are none: "what
/// do I have today" is about reminders as well as calendar events.
pub async fn lines_due(
    db: &impl sea_orm::ConnectionTrait,
    user_id: i64,
    lang: crate::understand::Lang,
    time: crate::clock::TimeContext,
    (start, end): (DateTime<Utc>, DateTime<Utc>),
) -> Result<Option<(usize, String)>, sea_orm::DbErr> {
    let open = tasks::by_status(db, user_id, tasks::OPEN).await?;
    let shown = due_within(&open, start, end);
    Ok((!shown.is_empty()).then(|| (shown.len(), task_lines(lang, time, &shown))))
}

fn task_line(lang: crate::understand::Lang, time: crate::clock::TimeContext, t: &Task) -> String {
    let title = actions::short(&t.title, 80);
    match t.due_at {
        Some(d) => format!("• {title} — {}", when_phrase(lang, d.with_timezone(&time.tz()), time.now)),
        None => format!("• {title}"),
    }
}

/// "what's overdue", "מה באיחור": the tasks whose time has passed. Whole words only ("on my
/// plate" is not "late", "פגישה" not "פג").
fn asks_overdue(text: &str) -> bool {
    matching::tokens(text).iter().any(|w| {
        matches!(w.as_str(), "overdue" | "late" | "באיחור" | "שפספסתי" | "שעבר" | "פג" | "פגו" | "שפג" | "שפגו")
    })
}

/// "all", "everything", "כל", "הכל": the user means every task, not one of them (in the
/// request's first clause: "checked the IV, all good" is about one task).
/// ("בדקתי את הכבלים הכל תקין": "all is well" said after it is how it went, not every task)
fn means_all(text: &str) -> bool {
    let words = matching::tokens(first_clause(text));
    words.iter().enumerate().any(|(k, w)| {
        let well = words.get(k + 1).is_some_and(|n| {
            matches!(
                n.as_str(),
                "תקינ" | "בסדר" | "טוב" | "מסודר" | "עובד" | "good" | "fine" | "ok" | "okay" | "sorted" | "well"
            )
        });
        // ("I posted the parcel after all", "at all", "all day": no number of tasks)
        let idiom = k > 0 && matches!(words[k - 1].as_str(), "after" | "at")
            || words.get(k + 1).is_some_and(|n| matches!(n.as_str(), "day" | "night" | "morning" | "week" | "along"));
        matches!(w.as_str(), "all" | "everything" | "כל" | "הכל" | "כולנ" | "כולמ") && !well && !idiom
    })
}

/// The text up to its first comma, period or dash between words: what follows is usually why
/// ("called mum, she says hi", "push it 10 minutes, doc's doing rounds").
fn first_clause(text: &str) -> &str {
    let cut = [", ", ". ", " - ", " – ", "; "].iter().filter_map(|sep| text.find(sep)).min();
    cut.map_or(text, |k| &text[..k])
}

/// Which open task `query` names: one → act, several → ask, none → say so.
async fn resolve_one(
    ctx: &Ctx<'_>,
    query: &str,
    make: impl Fn(&Task) -> Action,
) -> Result<Result<Task, StepResult>, ResolveError> {
    let open = tasks::by_status(ctx.db, ctx.user.id, tasks::OPEN).await?;
    resolve_in(ctx, query, open, make).await
}

/// [`resolve_one`], or the `nth` reminder made lately when the step names one by its place.
async fn resolve_step(
    ctx: &Ctx<'_>,
    step: &PlannedStep,
    query: &str,
    make: impl Fn(&Task) -> Action,
) -> Result<Result<Task, StepResult>, ResolveError> {
    let open = tasks::by_status(ctx.db, ctx.user.id, tasks::OPEN).await?;
    resolve_step_in(ctx, step, query, open, make).await
}

/// [`resolve_step`] among open tasks already read.
async fn resolve_step_in(
    ctx: &Ctx<'_>,
    step: &PlannedStep,
    query: &str,
    open: Vec<Task>,
    make: impl Fn(&Task) -> Action,
) -> Result<Result<Task, StepResult>, ResolveError> {
    match step.slots.nth {
        Some(n) => nth_made(ctx, n, open),
        None => resolve_in(ctx, query, open, make).await,
    }
}

/// How far back "the first one" reaches: the reminders made in this stretch of the conversation.
const RECENT: chrono::Duration = chrono::Duration::hours(12);

/// "the first one, change it to 9" with no list shown before: the `n`th of the open reminders
/// made lately, in the order they were made (`usize::MAX` is the last); older ones count only
/// when none were made lately.
fn nth_made(ctx: &Ctx<'_>, n: usize, mut open: Vec<Task>) -> Result<Result<Task, StepResult>, ResolveError> {
    open.sort_by_key(|t| t.id);
    let since = ctx.time.now.to_utc() - RECENT;
    let recent: Vec<&Task> = open.iter().filter(|t| t.created_at >= since).collect();
    let pool: Vec<&Task> = if recent.is_empty() { open.iter().collect() } else { recent };
    let picked = match n {
        usize::MAX => pool.last(),
        n => pool.get(n.saturating_sub(1)),
    };
    match picked {
        Some(t) => Ok(Ok((*t).clone())),
        None if pool.is_empty() => Ok(Err(StepResult::say(Msg::new("task-list-empty")))),
        None => {
            let names: Vec<String> = pool.iter().map(|t| format!("• {}", actions::short(&t.title, 80))).collect();
            let query = format!("#{n}");
            Ok(Err(StepResult::say(
                Msg::new("task-not-found-closest").arg("query", query).arg("closest", names.join("\n")),
            )))
        }
    }
}

/// [`resolve_one`] among open tasks already read.
async fn resolve_in(
    ctx: &Ctx<'_>,
    query: &str,
    open: Vec<Task>,
    make: impl Fn(&Task) -> Action,
) -> Result<Result<Task, StepResult>, ResolveError> {
    // "mum, she says hi": when the whole names nothing, what comes before the comma may
    let found = match matching::find(query, &open, |t| t.title.as_str()) {
        Found::None(_) if first_clause(query) != query => {
            matching::find(first_clause(query), &open, |t| t.title.as_str())
        }
        found => found,
    };
    // "הטסט ביטלו לי אותו" (the test, they cancelled it on me): the words that open what was said
    // name the thing and the rest is why; the first of them alone, when it names one clearly
    let found = match found {
        Found::None(closest) => {
            let words = matching::tokens(query);
            match words.first().filter(|_| words.len() >= 3) {
                Some(w) => match matching::find(w, &open, |t| t.title.as_str()) {
                    Found::One(t) if matching::score(w, &t.title) >= 0.99 => Found::One(t),
                    _ => Found::None(closest),
                },
                None => Found::None(closest),
            }
        }
        found => found,
    };
    match found {
        Found::One(t) => Ok(Ok(t)),
        Found::Several(many) => {
            let choices = many.iter().map(|t| Choice { label: choice_label(ctx, t), action: make(t) }).collect();
            Ok(Err(actions::ask_choice(ctx, Msg::new("task-which"), choices).await?))
        }
        Found::None(closest) => {
            let names: Vec<String> = closest.iter().map(|t| format!("• {}", actions::short(&t.title, 80))).collect();
            let msg = if names.is_empty() {
                Msg::new("task-not-found").arg("query", actions::short(query, 80))
            } else {
                Msg::new("task-not-found-closest")
                    .arg("query", actions::short(query, 80))
                    .arg("closest", names.join("\n"))
            };
            Ok(Err(StepResult::say(msg)))
        }
    }
}

/// "got the silicone", "קניתי ביצים ולחם", "remove the charger": when no open task is named but
/// items on one of the user's lists are, those are what the user means (bought, or off the list).
async fn list_items_instead(
    ctx: &Ctx<'_>,
    query: &str,
    open: &[Task],
) -> Result<Option<(List, Vec<Item>)>, ResolveError> {
    if query.trim().is_empty() || names_one_of(query, open) {
        return Ok(None);
    }
    Ok(super::list::items_named(ctx.db, ctx.user.id, query).await?)
}

/// Whether `words` name at least one of the user's open tasks (one, or several alike).
pub async fn names_an_open_task(
    db: &impl sea_orm::ConnectionTrait,
    user_id: i64,
    words: &str,
) -> Result<bool, sea_orm::DbErr> {
    let open = tasks::by_status(db, user_id, tasks::OPEN).await?;
    Ok(names_one_of(words, &open))
}

/// The one open task `words` name clearly, if there is exactly one.
pub async fn the_open_task_named(ctx: &Ctx<'_>, words: &str) -> Result<Option<Task>, sea_orm::DbErr> {
    if words.trim().is_empty() {
        return Ok(None);
    }
    let open = tasks::by_status(ctx.db, ctx.user.id, tasks::OPEN).await?;
    Ok(match matching::find(words, &open, |t| t.title.as_str()) {
        Found::One(t) => Some(t),
        _ => None,
    })
}

fn names_one_of(words: &str, open: &[Task]) -> bool {
    !matches!(matching::find(words, open, |t| t.title.as_str()), Found::None(_))
}

fn choice_label(ctx: &Ctx<'_>, t: &Task) -> String {
    let title = actions::short(&t.title, 60);
    match t.due_at {
        Some(d) => format!("{title} ({})", when_phrase(ctx.lang, local(ctx, d), ctx.time.now)),
        None => title,
    }
}

fn query_of(step: &PlannedStep) -> String {
    step.slots.title.clone().or_else(|| step.slots.query.clone()).unwrap_or_default()
}

async fn complete(ctx: &Ctx<'_>, step: &PlannedStep) -> Result<StepResult, ResolveError> {
    let query = query_of(step);
    if means_all(ctx.text) {
        let open = tasks::by_status(ctx.db, ctx.user.id, tasks::OPEN).await?;
        let ids: Vec<i64> = open.iter().map(|t| t.id).collect();
        if ids.is_empty() {
            return Ok(StepResult::say(Msg::new("task-list-empty")));
        }
        let q = Msg::new("task-complete-all-confirm").num("count", ids.len() as i64);
        return actions::ask_confirm(ctx, q, Action::CompleteTasks { ids }).await;
    }
    let open = tasks::by_status(ctx.db, ctx.user.id, tasks::OPEN).await?;
    if let Some((list, hits)) = list_items_instead(ctx, &query, &open).await? {
        return super::list::check_hits(ctx, &list, &hits).await;
    }
    match resolve_step_in(ctx, step, &query, open, |t| Action::CompleteTasks { ids: vec![t.id] }).await? {
        Ok(t) => complete_ids(ctx, &[t.id]).await,
        // "finally paid the electricity bill", "רצתי היום 32 ק״מ" with no reminder like it: a
        // thing done, told rather than asked to tick off, is acknowledged, not searched for
        Err(asked) if step.slots.confidence < TOLD && asked.said.msg.id == "task-not-found" => {
            Ok(StepResult::say(Msg::new("task-done-noted")))
        }
        Err(asked) => Ok(asked),
    }
}

/// Below this, a completion was read from a report ("I already called the vet") rather than
/// asked for ("mark the vet done"); the rules give a report 0.65.
const TOLD: f32 = 0.7;

/// Marks tasks done. A recurring reminder's current occurrence is done and the series goes on.
pub async fn complete_ids(ctx: &Ctx<'_>, ids: &[i64]) -> Result<StepResult, ResolveError> {
    let now = ctx.time.now.to_utc();
    let found = tasks::by_ids(ctx.db, ctx.user.id, ids).await?;
    let mut next_phrase = None;
    for t in &found {
        match next_occurrence(ctx, t, now) {
            Some(next) => {
                tasks::advance(ctx.db, t, Some(next), now).await?;
                next_phrase = Some(when_phrase(ctx.lang, local(ctx, next), ctx.time.now));
            }
            None => {
                tasks::mark_done(ctx.db, t, now).await?;
            }
        }
    }
    let msg = match (found.as_slice(), next_phrase) {
        ([], _) => Msg::new("task-gone"),
        ([one], Some(next)) => {
            Msg::new("task-completed-recurring").arg("title", actions::short(&one.title, 120)).arg("when", next)
        }
        ([one], None) => Msg::new("task-completed").arg("title", actions::short(&one.title, 120)),
        (many, _) => Msg::new("task-completed-many").num("count", many.len() as i64),
    };
    Ok(StepResult::say(msg))
}

fn next_occurrence(ctx: &Ctx<'_>, t: &Task, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let due = t.due_at?;
    let time = t.local_time.as_deref().and_then(recurrence::parse_local_time);
    recurrence::series_of(t.recurrence.as_deref()?, ctx.tz(), due, time)?.next_after(now.max(due))
}

async fn update(ctx: &Ctx<'_>, step: &PlannedStep) -> Result<StepResult, ResolveError> {
    let query = query_of(step);
    // "move the reminder to call grandma to 10": an update whose new value is a time is a
    // reschedule, whatever "to" its title holds; only an explicit rename renames then
    let lower = ctx.text.to_lowercase();
    let says_rename = ["rename", "השם"].iter().any(|w| lower.contains(w));
    let renaming = step.slots.when.is_none() || says_rename || lower.contains("לשם");
    if let Some((old, new)) = rename_parts(&query).filter(|_| renaming) {
        if says_rename && let Some(done) = super::list::rename_exact(ctx, &old, &new).await? {
            return Ok(done);
        }
        return match resolve_one(ctx, &old, |t| Action::RenameTask { id: t.id, title: new.clone() }).await? {
            Ok(t) => rename_id(ctx, t.id, &new).await,
            Err(asked) => Ok(asked),
        };
    }
    // "postpone the bank reminder by an hour", "תדחי את התזכורת של הבנק בשעה": a shift of the
    // task's own time, whatever time the rules read in "by 2 days" (the words of the shift are
    // no part of which task)
    if let Some((shift, said)) = relative_shift(&lower).or_else(|| relative_shift(first_clause(&lower))) {
        let query = query.to_lowercase().replace(&said, " ").trim().to_string();
        let now = ctx.time.now.to_utc();
        let due = |t: &Task| t.due_at.filter(|d| *d > now).unwrap_or(now) + shift;
        return match resolve_step(ctx, step, &query, |t| Action::RescheduleTask { id: t.id, due: due(t) }).await? {
            Ok(t) => reschedule_id(ctx, t.id, due(&t)).await,
            Err(asked) => Ok(asked),
        };
    }
    let Some(when) = step.slots.when else {
        return Ok(StepResult::say(Msg::new("task-update-need-time")));
    };
    let due = |t: &Task| moved_due(ctx, when, t);
    // "לא ביום שני, ביום שלישי" with nothing named: the one reminder due on the day said wrong
    if query.trim().is_empty()
        && step.slots.nth.is_none()
        && let Some(w) = step.slots.window
    {
        let open = tasks::by_status(ctx.db, ctx.user.id, tasks::OPEN).await?;
        if let [t] = due_within(&open, w.start.to_utc(), w.end.to_utc()).as_slice() {
            return reschedule_id(ctx, t.id, due(t)).await;
        }
    }
    match resolve_step(ctx, step, &query, |t| Action::RescheduleTask { id: t.id, due: due(t) }).await? {
        Ok(t) => reschedule_id(ctx, t.id, due(&t)).await,
        Err(asked) => Ok(asked),
    }
}

/// A shift by an amount ("by an hour", "by 20 minutes", "by 2 days", "בשעה", "בחצי שעה",
/// "ביומיים", "ב-20 דקות" at the end of the message), and the words that said it.
fn relative_shift(lower: &str) -> Option<(Duration, String)> {
    let trimmed = lower.trim_end_matches(|c: char| c.is_ascii_punctuation() || c.is_whitespace());
    const HE: &[(&str, i64)] = &[
        ("בחצי שעה", 30),
        ("ברבע שעה", 15),
        ("בשעתיים", 120),
        ("בשעה", 60),
        ("ביומיים", 2 * 1440),
        ("ביום", 1440),
        ("בשבועיים", 14 * 1440),
        ("בשבוע", 7 * 1440),
    ];
    if trimmed.ends_with(" by half an hour") {
        return Some((Duration::minutes(30), "by half an hour".to_string()));
    }
    // the words that move a thing earlier ("תקדים", "bring it forward")
    const HE_EARLIER: &[&str] = &["תקדים", "תקדימי", "להקדים", "הקדם", "תקדם", "תקדמי"];
    const EN_EARLIER: &[&str] = &["forward", "sooner", "earlier", "up"];
    let words: Vec<&str> = trimmed.split_whitespace().collect();
    let he_earlier = words.iter().any(|w| HE_EARLIER.contains(w));
    for (w, minutes) in HE {
        if trimmed.ends_with(&format!(" {w}")) {
            let minutes = if he_earlier { -minutes } else { *minutes };
            return Some((Duration::minutes(minutes), w.to_string()));
        }
    }
    let unit = |w: &str| match w.trim_end_matches('s') {
        "minute" | "min" | "דקות" | "דקה" => Some(1),
        "hour" | "hr" | "שעות" => Some(60),
        "day" | "ימים" => Some(1440),
        "week" | "שבועות" => Some(7 * 1440),
        _ => None,
    };
    let amount = |w: &str| match w.trim_start_matches("ב-").trim_start_matches('ב') {
        "a" | "an" | "one" => Some(1),
        "two" | "שתי" | "שני" => Some(2),
        "three" | "שלוש" | "שלושה" => Some(3),
        "four" | "ארבע" | "ארבעה" => Some(4),
        "five" | "חמש" | "חמישה" => Some(5),
        "ten" | "עשר" | "עשרה" => Some(10),
        "fifteen" => Some(15),
        "twenty" | "עשרים" => Some(20),
        "thirty" | "שלושים" => Some(30),
        "forty" | "ארבעים" => Some(40),
        n => n.parse::<i64>().ok(),
    };
    // "an hour later", "2 days later", "30 minutes earlier": a shift too; so is "push it back
    // an hour" (later), and "תקדים את זה בשעה", "bring it forward an hour" (earlier)
    let mut words = words;
    let mut said_from_end = 0;
    let mut sign = 1;
    match words.last() {
        Some(&"later") => {
            words.pop();
            said_from_end = 1;
        }
        Some(&"earlier") => {
            words.pop();
            said_from_end = 1;
            sign = -1;
        }
        _ => {}
    }
    if words.iter().any(|w| HE_EARLIER.contains(w) || EN_EARLIER.contains(w)) {
        sign = -1;
    }
    let n = words.len();
    if n >= 2
        && let (Some(a), Some(u)) = (amount(words[n - 2]), unit(words[n - 1]))
    {
        // "by 10 minutes", "push it 10 minutes" (right after what is pushed), "back an hour",
        // "back by an hour"
        let mut from = n - 2;
        if from > 0 && words[from - 1] == "by" {
            from -= 1;
        }
        if from > 0 && matches!(words[from - 1], "back" | "forward" | "up") {
            from -= 1;
        }
        let by =
            from < n - 2 || said_from_end > 0 || (n >= 3 && matches!(words[n - 3], "it" | "that" | "this" | "them"));
        let hebrew = words[n - 2].starts_with('ב');
        if by || hebrew {
            let all: Vec<&str> = trimmed.split_whitespace().collect();
            let said = all[from..].join(" ");
            return Some((Duration::minutes(sign * a * u), said));
        }
    }
    None
}

/// "Postpone it to tomorrow" names a day, not a time (it arrives as local midnight): the
/// reminder keeps its time of day on the new date.
///
/// "Move the base reminder to 7am" names a time of day and no day: the reminder keeps its own
/// day at that time (while that is still ahead).
fn moved_due(ctx: &Ctx<'_>, when: chrono::DateTime<chrono::FixedOffset>, t: &Task) -> DateTime<Utc> {
    let new_local = when.with_timezone(&ctx.tz());
    match t.due_at {
        Some(old) if new_local.time() == chrono::NaiveTime::MIN => {
            let time = local(ctx, old).time();
            recurrence::resolve_local(ctx.tz(), new_local.date_naive().and_time(time)).unwrap_or(when.to_utc())
        }
        Some(old)
            if let Some(either_half) = says_only_a_time_of_day(
                ctx,
                when,
                t.recurrence.is_some(),
                local(ctx, old).date_naive() > local(ctx, ctx.time.now.to_utc()).date_naive(),
            ) =>
        {
            let old_local = local(ctx, old);
            // "make it 4:30" for a 14:00 reminder is 16:30: a bare hour's half is picked by
            // either_half_for
            let said = new_local.time();
            let time = match either_half {
                true => either_half_for(said, old_local.time()),
                false => said,
            };
            let on_its_day = recurrence::resolve_local(ctx.tz(), old_local.date_naive().and_time(time));
            on_its_day.filter(|d| *d > ctx.time.now.to_utc()).unwrap_or(when.to_utc())
        }
        _ => when.to_utc(),
    }
}

/// Which half of the day a bare hour said for a reminder at `old` means: one to six is the
/// afternoon's ("move it to 5" for a 9:00 reminder is 17:00) unless the reminder is in the early
/// morning or at most an hour and a half after it ("to 6:30" for 7:00 is 6:30); seven to
/// twelve is the half nearer the old time ("make it 9" for 20:00 is 21:00).
fn either_half_for(said: chrono::NaiveTime, old: chrono::NaiveTime) -> chrono::NaiveTime {
    use chrono::Timelike;
    let am = said.with_hour(said.hour() % 12).unwrap_or(said);
    let pm = am + Duration::hours(12);
    // ("move it to 6:30" for a 7:00 reminder is the same morning, half an hour earlier)
    let close_before = old.signed_duration_since(am) <= Duration::minutes(90) && old >= am;
    match am.hour() {
        1..=6 if old.hour() >= 7 && !close_before => pm,
        1..=6 => am,
        _ => crate::plan::refs::nearer(am, pm, old),
    }
}

/// Whether the message's time expression that gave `when` is a time of day alone; if so,
/// whether its hour could be either half of the day. A bare number with no time expression of
/// its own ("change it to 9") changes the hour a reminder keeps on its day when the reminder
/// repeats (`recurring`) or is due on a later day than today (`later_day`); a one-off reminder
/// due today takes "the next 9".
fn says_only_a_time_of_day(
    ctx: &Ctx<'_>,
    when: chrono::DateTime<chrono::FixedOffset>,
    recurring: bool,
    later_day: bool,
) -> Option<bool> {
    let found = crate::understand::time::scan(ctx.text, ctx.time.now);
    // "make grandpa 5 instead": a bare hour put right after the thing's name, which the
    // understanding read from the words around it (no time expression of its own), corrects its
    // time: an hour of either half, on its day.
    let words: Vec<&str> = ctx.text.split_whitespace().collect();
    let bare_after_name = words.windows(2).any(|w| {
        w[1].chars().all(|c| c.is_ascii_digit())
            && w[0].chars().all(char::is_alphabetic)
            && !matches!(w[0], "to" | "it" | "at")
    });
    // "move the kiln one to 10" for a reminder on Monday: a bare number with no time expression
    // of its own keeps the reminder's day when that is a later day than today
    if (bare_after_name || recurring || later_day)
        && !found.iter().any(|f| matches!(f, crate::understand::time::Found::Time(_)))
    {
        return Some(true);
    }
    found.into_iter().find_map(|f| match f {
        crate::understand::time::Found::Time(m) if m.clock_only && (m.value == when || m.point == Some(when)) => {
            Some(m.either_half)
        }
        _ => None,
    })
}

/// "rename X to Y" / "X to Y" in a rename request, "שנה את X לשם Y".
fn rename_parts(query: &str) -> Option<(String, String)> {
    let (old, new) = query.split_once(" to ").or_else(|| query.split_once(" לשם "))?;
    let (old, new) = (old.trim(), new.trim());
    (!old.is_empty() && !new.is_empty()).then(|| (old.to_string(), new.to_string()))
}

pub async fn reschedule_id(ctx: &Ctx<'_>, id: i64, due: DateTime<Utc>) -> Result<StepResult, ResolveError> {
    let Some(t) = tasks::get(ctx.db, ctx.user.id, id).await? else {
        return Ok(StepResult::say(Msg::new("task-gone")));
    };
    let local_time = Some(local(ctx, due).format("%H:%M").to_string());
    let t = tasks::reschedule(ctx.db, &t, due, local_time).await?;
    let msg = Msg::new("task-rescheduled")
        .arg("title", actions::short(&t.title, 120))
        .arg("when", when_phrase(ctx.lang, local(ctx, due), ctx.time.now));
    // "move it to tomorrow", then "actually at 6": the second "it" is still this task
    Ok(StepResult { data: entity(&t), ..StepResult::say(msg) })
}

pub async fn rename_id(ctx: &Ctx<'_>, id: i64, title: &str) -> Result<StepResult, ResolveError> {
    let Some(t) = tasks::get(ctx.db, ctx.user.id, id).await? else {
        return Ok(StepResult::say(Msg::new("task-gone")));
    };
    let t = tasks::rename(ctx.db, &t, title).await?;
    Ok(StepResult {
        data: entity(&t),
        ..StepResult::say(Msg::new("task-renamed").arg("title", actions::short(&t.title, 120)))
    })
}

async fn delete(ctx: &Ctx<'_>, step: &PlannedStep) -> Result<StepResult, ResolveError> {
    let lower = ctx.text.to_lowercase();
    let completed = ["completed", "done", "finished", "שהושלמו", "שבוצעו", "שסיימתי", "גמורות", "שהסתיימו"];
    if completed.iter().any(|w| lower.contains(w)) {
        let done = tasks::by_status(ctx.db, ctx.user.id, tasks::DONE).await?;
        return confirm_delete(ctx, done.iter().map(|t| t.id).collect()).await;
    }
    if means_all(ctx.text) {
        let open = tasks::by_status(ctx.db, ctx.user.id, tasks::OPEN).await?;
        // "all my reminders for today": only those due that day
        let chosen: Vec<&Task> = match step.slots.window {
            Some(w) => due_within(&open, w.start.to_utc(), w.end.to_utc()),
            None => open.iter().collect(),
        };
        return confirm_delete(ctx, chosen.iter().map(|t| t.id).collect()).await;
    }
    let query = query_of(step);
    let open = tasks::by_status(ctx.db, ctx.user.id, tasks::OPEN).await?;
    if let Some((list, hits)) = list_items_instead(ctx, &query, &open).await? {
        return super::list::remove_hits(ctx, &list, hits).await;
    }
    match resolve_step_in(ctx, step, &query, open, |t| Action::DeleteTasks { ids: vec![t.id] }).await? {
        Ok(t) => delete_ids(ctx, &[t.id]).await,
        Err(asked) => Ok(asked),
    }
}

async fn confirm_delete(ctx: &Ctx<'_>, ids: Vec<i64>) -> Result<StepResult, ResolveError> {
    match ids.len() {
        0 => Ok(StepResult::say(Msg::new("task-nothing-to-delete"))),
        1 => delete_ids(ctx, &ids).await,
        n => {
            actions::ask_confirm(
                ctx,
                Msg::new("task-delete-confirm").num("count", n as i64),
                Action::DeleteTasks { ids },
            )
            .await
        }
    }
}

pub async fn delete_ids(ctx: &Ctx<'_>, ids: &[i64]) -> Result<StepResult, ResolveError> {
    let found = tasks::by_ids(ctx.db, ctx.user.id, ids).await?;
    let deleted = tasks::delete(ctx.db, ctx.user.id, ids).await?;
    let msg = match (found.as_slice(), deleted) {
        (_, 0) => Msg::new("task-gone"),
        ([one], _) => Msg::new("task-deleted").arg("title", actions::short(&one.title, 120)),
        _ => Msg::new("task-deleted-many").num("count", deleted as i64),
    };
    Ok(StepResult::say(msg))
}

#[cfg(test)]
mod tests {
    use super::{asks_overdue, either_half_for, means_all, relative_shift};
    use chrono::{Duration, NaiveTime};

    #[test]
    fn overdue_is_asked_in_whole_words() {
        assert!(asks_overdue("what's overdue?"));
        assert!(asks_overdue("מה באיחור"));
        assert!(!asks_overdue("what's on my plate next week"));
        assert!(!asks_overdue("אילו פגישות יש לי"));
    }

    #[test]
    fn all_is_every_task_but_all_is_well_is_how_it_went() {
        assert!(means_all("mark all my tasks done"));
        assert!(means_all("תמחק את כל התזכורות"));
        assert!(!means_all("בדקתי כבר את הכבלים הכל תקין"));
        assert!(!means_all("checked the wetsuits all good"));
        assert!(!means_all("I posted the parcel this afternoon after all"));
        assert!(!means_all("was at the office all day, called the bank"));
    }

    #[test]
    fn a_shift_back_is_later_and_earlier_or_forward_is_before() {
        let minutes = |s: &str| relative_shift(s).map(|(d, said)| (d.num_minutes(), said));
        assert_eq!(minutes("push the orgo one back an hour"), Some((60, "back an hour".to_string())));
        assert_eq!(minutes("push it back by 2 hours"), Some((120, "back by 2 hours".to_string())));
        assert_eq!(minutes("make it 30 minutes earlier"), Some((-30, "30 minutes earlier".to_string())));
        assert_eq!(minutes("bring it forward by an hour"), Some((-60, "forward by an hour".to_string())));
        assert_eq!(minutes("תקדים את זה בשעה").map(|m| m.0), Some(-60));
        assert_eq!(minutes("תדחה את זה בשעה").map(|m| m.0), Some(60));
        assert_eq!(relative_shift("an hour later").map(|m| m.0), Some(Duration::hours(1)));
        // an amount that is no shift of the thing
        assert_eq!(minutes("remind me to walk 20 minutes"), None);
    }

    fn hm(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).unwrap()
    }

    #[test]
    fn a_bare_early_hour_is_the_afternoons_unless_it_is_just_before_the_reminder() {
        // "move it to 5" for a 9:00 reminder
        assert_eq!(either_half_for(hm(5, 0), hm(9, 0)), hm(17, 0));
        // "תעבירי ל-6:30" for a 7:00 reminder: half an hour earlier that morning
        assert_eq!(either_half_for(hm(6, 30), hm(7, 0)), hm(6, 30));
        assert_eq!(either_half_for(hm(6, 0), hm(7, 30)), hm(6, 0));
        // the early morning keeps its half; nine for 20:00 is the nearer 21:00
        assert_eq!(either_half_for(hm(5, 0), hm(4, 0)), hm(5, 0));
        assert_eq!(either_half_for(hm(9, 0), hm(20, 0)), hm(21, 0));
    }
}
