//! Actions that wait for the user: a confirmation ("delete 3 tasks?") or a choice ("which
//! one?"). Each pending question stores the exact action it will run, with the exact ids, so a
//! later change (a new task that also matches) can never widen what "yes" does.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Ctx, ResolveError, StepResult, list, memory, task};
use crate::channels::Button;
use crate::conversation::buttons;
use crate::reply::{Msg, Said};
use crate::store::pending;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Action {
    CompleteTasks {
        ids: Vec<i64>,
    },
    DeleteTasks {
        ids: Vec<i64>,
    },
    RescheduleTask {
        id: i64,
        due: DateTime<Utc>,
    },
    RenameTask {
        id: i64,
        title: String,
    },
    CreateTask {
        title: String,
        due: DateTime<Utc>,
        local_time: Option<String>,
        recurrence: Option<String>,
    },
    DeleteList {
        id: i64,
    },
    RemoveItems {
        list_id: i64,
        ids: Vec<i64>,
    },
    /// one reading of an unsure message, chosen by the user: runs as understood then, with the
    /// message's own text, and no new routing pass (conversation/clarify.rs)
    RunStep {
        text: String,
        step: Box<crate::understand::Step>,
    },
    DeleteNotes {
        ids: Vec<i64>,
    },
    UpdateNote {
        id: i64,
        text: String,
    },
    /// a step whose effect is remote (a Google Calendar deletion): "yes" hands it back to the
    /// turn, which runs it through the remote path with no transaction open (google/confirm.rs)
    RemoteStep {
        text: String,
        step: Box<crate::understand::Step>,
    },
}

/// One numbered option of a choice, and the action it runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    pub label: String,
    pub action: Action,
}

pub const CONFIRM: &str = "confirm";
pub const CHOOSE: &str = "choose";

pub async fn run(ctx: &Ctx<'_>, action: &Action) -> Result<StepResult, ResolveError> {
    match action {
        Action::CompleteTasks { ids } => task::complete_ids(ctx, ids).await,
        Action::DeleteTasks { ids } => task::delete_ids(ctx, ids).await,
        Action::RescheduleTask { id, due } => task::reschedule_id(ctx, *id, *due).await,
        Action::RenameTask { id, title } => task::rename_id(ctx, *id, title).await,
        Action::CreateTask { title, due, local_time, recurrence } => {
            task::create_at(ctx, title, *due, local_time.clone(), recurrence.as_deref()).await
        }
        Action::DeleteList { id } => list::delete_id(ctx, *id).await,
        Action::RemoveItems { list_id, ids } => list::remove_ids(ctx, *list_id, ids).await,
        // a remote reading (Calendar, Gmail) runs through the remote path, like a confirmed step
        Action::RunStep { text, step } if crate::google::confirm::is_remote(step.resolver) => {
            Ok(remote_handback(text, step))
        }
        Action::RunStep { text, step } => run_step(ctx, text, step).await,
        Action::DeleteNotes { ids } => memory::delete_ids(ctx, ids).await,
        Action::UpdateNote { id, text } => memory::update_id(ctx, *id, text).await,
        Action::RemoteStep { text, step } => Ok(remote_handback(text, step)),
    }
}

/// Hands a step back to the turn, which runs it through the remote path with no transaction
/// open (turn/mod.rs, google/confirm.rs).
fn remote_handback(text: &str, step: &crate::understand::Step) -> StepResult {
    StepResult {
        said: Said::msg(Msg::new("google-working")),
        data: serde_json::json!({ "remote_step": step, "text": text }),
    }
}

async fn run_step(ctx: &Ctx<'_>, text: &str, step: &crate::understand::Step) -> Result<StepResult, ResolveError> {
    let original =
        Ctx { db: ctx.db, user: ctx.user, lang: ctx.lang, time: ctx.time, text, display_name: ctx.display_name };
    let planned = crate::plan::PlannedStep {
        id: 0,
        resolver: step.resolver,
        action: step.action,
        slots: step.clone(),
        depends_on: Vec::new(),
    };
    // An answer to a clarification runs inside its step's transaction: no remote prefetch (a
    // memory question chosen this way is recalled lexically).
    Box::pin(super::run(&original, &planned, &[], &crate::memory::Prefetched::default())).await
}

/// Asks "are you sure?" with yes/no buttons, bound to `action`.
pub async fn ask_confirm(ctx: &Ctx<'_>, question: Msg, action: Action) -> Result<StepResult, ResolveError> {
    let payload = serde_json::to_value(&action).unwrap_or_default();
    let open = pending::put(ctx.db, ctx.user.id, CONFIRM, &payload, ctx.time.now.to_utc()).await?;
    let buttons = vec![
        Button { label: crate::reply::t(ctx.lang, "button-yes"), payload: buttons::confirm(open.id, true) },
        Button { label: crate::reply::t(ctx.lang, "button-no"), payload: buttons::confirm(open.id, false) },
    ];
    Ok(StepResult { said: Said { msg: question, clause: None, buttons }, data: serde_json::Value::Null })
}

/// Asks which one, listing the options numbered (and as buttons).
pub async fn ask_choice(ctx: &Ctx<'_>, question: Msg, choices: Vec<Choice>) -> Result<StepResult, ResolveError> {
    let numbered: Vec<String> = choices.iter().enumerate().map(|(i, c)| format!("{}. {}", i + 1, c.label)).collect();
    let payload = serde_json::to_value(&choices).unwrap_or_default();
    let open = pending::put(ctx.db, ctx.user.id, CHOOSE, &payload, ctx.time.now.to_utc()).await?;
    let buttons = choices
        .iter()
        .enumerate()
        .map(|(i, c)| Button {
            label: format!("{}. {}", i + 1, short(&c.label, 40)),
            payload: buttons::choice(open.id, i + 1),
        })
        .collect();
    let msg = question.arg("options", numbered.join("\n"));
    Ok(StepResult { said: Said { msg, clause: None, buttons }, data: serde_json::Value::Null })
}

/// "Add to which list?", with a button per list the user has (the first few): the answer runs
/// this very step with the chosen list, without reading the message again.
pub async fn ask_which_list(ctx: &Ctx<'_>, step: &crate::plan::PlannedStep) -> Result<StepResult, ResolveError> {
    let all = crate::store::lists::all(ctx.db, ctx.user.id).await?;
    if all.is_empty() || step.slots.items.is_empty() {
        return Ok(StepResult::say(Msg::new("list-need-name")));
    }
    let choices = all
        .iter()
        .take(4)
        .map(|l| {
            let mut chosen = step.slots.clone();
            chosen.list = Some(l.name.clone());
            Choice {
                label: l.name.clone(),
                action: Action::RunStep { text: ctx.text.to_string(), step: Box::new(chosen) },
            }
        })
        .collect();
    ask_choice(ctx, Msg::new("list-which"), choices).await
}

/// A long text cut for a reply, at a character boundary, with an ellipsis.
pub fn short(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max.saturating_sub(1)).collect();
    format!("{}…", cut.trim_end())
}
