//! Plans: the ordered steps a turn will run, each naming its resolver, action, slots and the
//! earlier steps it depends on. Plans come from the deterministic understanding; where it is
//! unsure and an LLM is configured, from the planner ([`llm`], checked by [`validate`]).
//!
//! [`execute`] runs a plan's steps in order and stores each outcome; [`remote`] is the seam for
//! steps whose effect happens at a remote service; [`review`] holds a planner's plan that waits
//! for the user (a clarifying question, or a draft to confirm).

pub mod execute;
pub mod llm;
pub mod refs;
pub mod remote;
pub mod review;
pub mod validate;

use crate::understand::{Action, Resolver, Step, Understanding};

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PlannedStep {
    pub id: usize,
    pub resolver: Resolver,
    pub action: Action,
    pub slots: Step,
    pub depends_on: Vec<usize>,
}

/// Where a plan came from: the user's own words split by the rules, or a planner's answer
/// (bounded more strictly: a planner may loop).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PlanSource {
    #[default]
    Rules,
    Planner,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Plan {
    pub steps: Vec<PlannedStep>,
    pub source: PlanSource,
}

impl Plan {
    pub fn from_understanding(u: &Understanding) -> Self {
        let kept = one_look_in_the_inbox(&u.steps);
        // a step's `depends_on`, as positions among the kept steps
        let kept_at =
            |deps: &[usize]| -> Vec<usize> { deps.iter().filter_map(|d| kept.iter().position(|k| k == d)).collect() };
        let steps = kept
            .iter()
            .enumerate()
            .map(|(id, &j)| {
                let s = &u.steps[j];
                let depends_on = kept_at(&s.depends_on);
                PlannedStep {
                    id,
                    resolver: s.resolver,
                    action: s.action,
                    slots: {
                        let mut slots = s.clone();
                        slots.depends_on = depends_on.clone();
                        crate::google::confirm::strip_confirmation_items(&mut slots);
                        slots
                    },
                    // a step may only wait for an earlier one: this keeps execution a simple pass
                    depends_on: depends_on.into_iter().filter(|d| *d < id).collect(),
                }
            })
            .collect();
        Plan { steps, source: PlanSource::Rules }
    }
}

/// "did the exam board email me back? if they did, read it to me": a search of the inbox already
/// shows the latest match in full, so a read that waits on it would only show it again. The
/// positions of the steps to run (the read left out); `from_understanding` points the others'
/// `depends_on` at the same steps among them.
fn one_look_in_the_inbox(steps: &[crate::understand::Step]) -> Vec<usize> {
    use crate::understand::Action;
    let shown_again = |s: &crate::understand::Step| {
        s.resolver == Resolver::Gmail
            && s.action == Action::Read
            && s.depends_on
                .iter()
                .any(|&d| steps.get(d).is_some_and(|e| e.resolver == Resolver::Gmail && e.action == Action::Search))
    };
    (0..steps.len()).filter(|&j| !shown_again(&steps[j])).collect()
}

/// With no Google settings, only the local readings can be done: a calendar move whose
/// second reading is a reminder is that reminder ("push the kids one to friday"), and "what do I have
/// today" is not asked about (its answer is the day's reminders). Asking "calendar or reminder?"
/// when one of the two cannot be done would only be a detour.
pub fn without_google(u: &mut Understanding) {
    for step in &mut u.steps {
        // a reminder whose other reading is the calendar: the calendar cannot be it here
        if step.resolver == Resolver::Task
            && step.alternative.as_ref().is_some_and(|a| a.resolver == Resolver::Calendar)
        {
            step.alternative = None;
            continue;
        }
        if step.resolver != Resolver::Calendar {
            continue;
        }
        // only a move of something that exists: the task resolver then finds it by name (or says
        // it found none), and a move can be moved back. A delete is still asked about (never
        // delete on a guess), and a new event is offered as a reminder by its own question. The
        // confidence stays, so an unsure reading still goes to the planner when there is one.
        let changes = step.action == Action::Update;
        // a new event and a reminder come to the same here: a reminder (resolvers/mod.rs)
        let creates = step.action == Action::Create;
        if let Some(alt) = step.alternative.take() {
            if (changes || creates && alt.action == Action::Create) && alt.resolver == Resolver::Task {
                let confidence = step.confidence;
                *step = *alt;
                step.confidence = confidence;
                step.alternative = None;
                continue;
            }
            step.alternative = Some(alt);
        } else if changes {
            // "את הברכה תעבירי לשש": with no calendar, what moves is one of the user's reminders
            step.resolver = Resolver::Task;
            step.query = None;
            continue;
        }
        let a_day = step.window.is_some() || step.when.is_some();
        if step.action == Action::Find && step.title.is_none() && step.query.is_none() && a_day {
            step.alternative = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;
    use crate::understand::{Lang, understand};

    #[test]
    fn without_google_an_unsure_calendar_move_is_the_reminder_and_the_day_is_not_asked_about() {
        let now = chrono_tz::Asia::Jerusalem.with_ymd_and_hms(2026, 3, 24, 9, 0, 0).unwrap();
        let mut moved = understand("push the kids one to friday", now, Lang::En);
        assert_eq!(moved.steps[0].resolver, Resolver::Calendar, "read as a calendar move first");
        without_google(&mut moved);
        let s = &moved.steps[0];
        assert_eq!((s.resolver, s.action, s.alternative.is_none()), (Resolver::Task, Action::Update, true));
        // a move the rules are sure is the calendar's is still a reminder's here
        let mut sure = understand("את הברכה תעבירי לשש בבקשה, בחמש יש לי חוג ציור", now, Lang::He);
        without_google(&mut sure);
        let s = &sure.steps[0];
        assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Update));
        let mut day = understand("מה יש לי היום", now, Lang::He);
        without_google(&mut day);
        let s = &day.steps[0];
        assert_eq!((s.resolver, s.action, s.alternative.is_none()), (Resolver::Calendar, Action::Find, true));
    }
}
