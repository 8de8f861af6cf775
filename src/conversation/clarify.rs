//! Unsure means ask: when the one step of a message is a guess (its confidence is below
//! `UNSURE`) and the understanding has a second reading of it, Ozer does not act on the first.
//! It asks which one was meant, with a button for each ("a reminder, or an event in your
//! calendar?"), and stores both readings as they were understood, so the answer runs the chosen
//! one exactly, without routing the message again.
//!
//! With an LLM planner configured, low confidence will go to the planner instead; none exists
//! yet, so this is the only path. Messages of several steps are not asked about: one unsure
//! step among sure ones runs as read.

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

/// The Fluent id naming a reading in a few words ("a reminder", "an event in your calendar").
fn reading_id(s: &Step) -> &'static str {
    match (s.resolver, s.action) {
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
