//! Unsure means ask: when the one step of a message is a guess (its confidence is below
//! `UNSURE`) and the understanding has a second reading of it, Ozer does not act on the first.
//! It asks which one was meant, with a button for each ("a reminder, or an event in your
//! calendar?"), and stores both readings as they were understood, so the answer runs the chosen
//! one exactly, without routing the message again.
//!
//! With an LLM configured, low confidence goes to the planner first (plan/llm.rs); this question
//! is asked when there is no LLM or it gave nothing usable. Messages of several steps are not
//! asked about here: one unsure step among sure ones runs as read.

use sea_orm::{ConnectionTrait, DbErr};

use crate::reply::{Msg, Said};
use crate::resolvers::actions::{self, Action, Choice};
use crate::resolvers::{Ctx, ResolveError};
use crate::understand::{Action as Act, Resolver, Step, UNSURE, Understanding};

/// The question to ask instead of acting, if the message is unsure; it is stored as a `choose`
/// pending interaction whose two options run the two readings.
pub async fn ask_if_unsure(ctx: &Ctx<'_>, u: &Understanding) -> Result<Option<Said>, ResolveError> {
    let Some((step, alt)) = unsure_readings(u) else { return Ok(None) };
    let readings = [step, alt];
    let choices: Vec<Choice> = readings
        .iter()
        .map(|s| Choice {
            label: label(ctx, s),
            action: Action::RunStep { text: ctx.text.to_string(), step: Box::new((*s).clone()) },
        })
        .collect();
    let question = Msg::new("clarify-which")
        .arg("first", crate::reply::t(ctx.lang, reading_id(step)))
        .arg("second", crate::reply::t(ctx.lang, reading_id(alt)));
    let asked = actions::ask_choice(ctx, question, choices).await?;
    Ok(Some(asked.said))
}

/// Before asking "a list, or a task?": when exactly one of the two readings names something the
/// user has (an open task by its title, or unchecked items on one of their lists), that reading
/// is what they meant ("תוריד את הגבינה" with cheese on the shopping list and no task about it),
/// and it runs without a question. Nothing is guessed: the other reading names nothing there is.
pub async fn settle_by_what_exists(
    db: &impl ConnectionTrait,
    user_id: i64,
    u: &mut Understanding,
) -> Result<(), DbErr> {
    let Some((step, alt)) = unsure_readings(u) else { return Ok(()) };
    let (step_names, alt_names) = (names_something(db, user_id, step).await?, names_something(db, user_id, alt).await?);
    let chosen = match (step_names, alt_names) {
        (Some(true), Some(false)) => step.clone(),
        (Some(false), Some(true)) => alt.clone(),
        _ => return Ok(()),
    };
    u.steps[0] = Step { alternative: None, confidence: UNSURE, ..chosen };
    Ok(())
}

/// Whether a reading that acts on something existing names something the user has; `None` for a
/// reading of another kind (creating, listing), or an event while a calendar is linked (its
/// events are not read here), which this check does not decide.
async fn names_something(db: &impl ConnectionTrait, user_id: i64, s: &Step) -> Result<Option<bool>, DbErr> {
    match (s.resolver, s.action) {
        (Resolver::Task, Act::Complete | Act::Delete | Act::Remove | Act::Update) => {
            let Some(title) = s.title.as_deref().filter(|t| !t.trim().is_empty()) else { return Ok(None) };
            Ok(Some(crate::resolvers::task::names_an_open_task(db, user_id, title).await?))
        }
        // ("moving the fire inspection to Thursday": with no calendar linked there is no event
        // to move, so a task that is named wins)
        (Resolver::Calendar, Act::Update | Act::Delete) => {
            let linked = crate::google::store::account(db, user_id)
                .await?
                .is_some_and(|a| a.status == crate::google::store::LINKED);
            Ok((!linked).then_some(false))
        }
        (Resolver::List, Act::Remove) if !s.items.is_empty() => {
            Ok(Some(crate::resolvers::list::items_named(db, user_id, &s.items.join(", ")).await?.is_some()))
        }
        _ => Ok(None),
    }
}

/// Whether the message would be asked about (a pure check on the understanding, so the turn can
/// skip the clarify step, and its stored row, when it would not).
pub fn is_unsure(u: &Understanding) -> bool {
    unsure_readings(u).is_some()
}

/// The two readings to offer, when the message's one step is a guess with a second reading.
fn unsure_readings(u: &Understanding) -> Option<(&Step, &Step)> {
    let [step] = u.steps.as_slice() else { return None };
    let alt = step.alternative.as_deref()?;
    let sure = step.confidence >= UNSURE || step.time_problem.is_some();
    (!sure && worth_asking(step) && worth_asking(alt)).then_some((step, alt))
}

/// Small talk and help are harmless to guess; only readings that do something are asked about.
fn worth_asking(s: &Step) -> bool {
    !matches!(s.resolver, Resolver::General | Resolver::Meta)
}

/// A reading in a few words ("a reminder", "an event in your calendar"), in the user's language.
pub fn reading(lang: crate::understand::Lang, resolver: Resolver, action: Act) -> String {
    crate::reply::t(lang, reading_id_of(resolver, action))
}

/// The Fluent id naming a reading in a few words ("a reminder", "an event in your calendar").
fn reading_id(s: &Step) -> &'static str {
    reading_id_of(s.resolver, s.action)
}

fn reading_id_of(resolver: Resolver, action: Act) -> &'static str {
    match (resolver, action) {
        (Resolver::Task, Act::Create) => "reading-reminder",
        (Resolver::Task, Act::List) => "reading-task-list",
        (Resolver::Task, Act::Complete) => "reading-task-done",
        (Resolver::Task, _) => "reading-task",
        (Resolver::Calendar, Act::Create) => "reading-event",
        (Resolver::Calendar, Act::Find) => "reading-calendar-find",
        (Resolver::Calendar, _) => "reading-calendar",
        (Resolver::List, Act::Add) => "reading-list-add",
        (Resolver::List, _) => "reading-list",
        (Resolver::Gmail, _) => "reading-email",
        (Resolver::Memory, Act::Store) => "reading-memory-store",
        (Resolver::Memory, _) => "reading-memory",
        (Resolver::Meta | Resolver::General, _) => "reading-chat",
    }
}

/// A button's text: the reading alone, so that typing it ("a reminder", "תזכורת") picks it too.
fn label(ctx: &Ctx<'_>, s: &Step) -> String {
    crate::reply::t(ctx.lang, reading_id(s))
}
