//! Confirmations of remote actions ("delete these 3 events?"). The pending question stores the
//! exact step to run on "yes", with the exact event ids (`items` as `event:<id>|<title>`), so
//! nothing new can widen it. The "yes" is answered in the conversation step, which cannot call
//! out (it holds a transaction): it hands the step back (`StepResult::data.remote_step`), and the
//! turn runs it through the remote path as a one-step plan (turn/mod.rs).

use sea_orm::{DatabaseConnection, DbErr};

use crate::channels::Button;
use crate::conversation::buttons;
use crate::reply::{Msg, Said};
use crate::resolvers::StepResult;
use crate::resolvers::actions::{Action, CHOOSE, CONFIRM, Choice};
use crate::store::pending;
use crate::understand::{Lang, Step};

/// The prefix of an item naming one confirmed event.
pub const EVENT_ITEM: &str = "event:";

pub fn event_item(id: &str, title: &str) -> String {
    format!("{EVENT_ITEM}{id}|{title}")
}

/// Steps of these resolvers call out, so they run through the remote path.
pub fn is_remote(resolver: crate::understand::Resolver) -> bool {
    matches!(resolver, crate::understand::Resolver::Calendar | crate::understand::Resolver::Gmail)
}

/// Removes the items only a confirmation may put in a step (confirmed event ids, a confirmed
/// email): a step read from the user's words or a planner's answer never carries them, so neither
/// can skip the "yes".
pub fn strip_confirmation_items(step: &mut Step) {
    step.items.retain(|i| !i.starts_with(EVENT_ITEM) && !crate::google::gmail::is_confirmation_item(i));
}

/// (id, title) of each confirmed event an item names.
pub fn confirmed_events(step: &Step) -> Vec<(String, String)> {
    step.items
        .iter()
        .filter_map(|i| i.strip_prefix(EVENT_ITEM))
        .map(|i| match i.split_once('|') {
            Some((id, title)) => (id.to_string(), title.to_string()),
            None => (i.to_string(), String::new()),
        })
        .collect()
}

/// Asks `question` with yes/no buttons; "yes" runs `step` remotely.
pub async fn ask(
    db: &DatabaseConnection,
    user_id: i64,
    lang: Lang,
    now: chrono::DateTime<chrono::Utc>,
    question: Msg,
    text: &str,
    step: Step,
) -> Result<StepResult, DbErr> {
    let action = Action::RemoteStep { text: text.to_string(), step: Box::new(step) };
    let payload = serde_json::to_value(&action).unwrap_or_default();
    let open = pending::put(db, user_id, CONFIRM, &payload, now).await?;
    let buttons = vec![
        Button { label: crate::reply::t(lang, "button-yes"), payload: buttons::confirm(open.id, true) },
        Button { label: crate::reply::t(lang, "button-no"), payload: buttons::confirm(open.id, false) },
    ];
    Ok(StepResult { said: Said { msg: question, clause: None, buttons }, data: serde_json::Value::Null })
}

/// The one-step plan a confirmed remote action runs as, from the conversation step's data.
pub fn confirmed_plan(data: &serde_json::Value) -> Option<crate::plan::Plan> {
    let step: Step = serde_json::from_value(data.get("remote_step")?.clone()).ok()?;
    let planned = crate::plan::PlannedStep {
        id: 0,
        resolver: step.resolver,
        action: step.action,
        slots: step,
        depends_on: Vec::new(),
    };
    Some(crate::plan::Plan { steps: vec![planned], source: crate::plan::PlanSource::Rules })
}

/// Asks `question` with numbered options (and buttons); the chosen option's step runs remotely.
pub async fn ask_choice(
    db: &DatabaseConnection,
    user_id: i64,
    now: chrono::DateTime<chrono::Utc>,
    question: Msg,
    text: &str,
    options: Vec<(String, Step)>,
) -> Result<StepResult, DbErr> {
    let numbered: Vec<String> = options.iter().enumerate().map(|(i, (l, _))| format!("{}. {l}", i + 1)).collect();
    let choices: Vec<Choice> = options
        .into_iter()
        .map(|(label, step)| Choice {
            label,
            action: Action::RemoteStep { text: text.to_string(), step: Box::new(step) },
        })
        .collect();
    let payload = serde_json::to_value(&choices).unwrap_or_default();
    let open = pending::put(db, user_id, CHOOSE, &payload, now).await?;
    let buttons = choices
        .iter()
        .enumerate()
        .map(|(i, c)| Button { label: format!("{}. {}", i + 1, c.label), payload: buttons::choice(open.id, i + 1) })
        .collect();
    let msg = question.arg("options", numbered.join("\n"));
    Ok(StepResult { said: Said { msg, clause: None, buttons }, data: serde_json::Value::Null })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_confirmation_can_carry_confirmed_events_or_a_confirmed_email() {
        let mut step = Step::new(crate::understand::Resolver::Calendar, crate::understand::Action::Delete, 0.9);
        step.items = vec![
            "milk".into(),
            event_item("ev1", "Dentist"),
            "gmail-mail:{\"to\":\"a@b.c\"}".into(),
            "gmail-confirmed".into(),
        ];
        strip_confirmation_items(&mut step);
        assert_eq!(step.items, vec!["milk".to_string()]);
        assert!(confirmed_events(&step).is_empty());
    }
}
