//! Actions that wait for the user: a confirmation ("delete 3 tasks?") or a choice ("which
//! one?"). Each pending question stores the exact action it will run, with the exact ids, so a
//! later change (a new task that also matches) can never widen what "yes" does.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Ctx, ResolveError, StepResult, list, memory, task};
use crate::channels::Button;
use crate::reply::{Msg, Said};
use crate::store::pending;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Action {
    CompleteTasks { ids: Vec<i64> },
    DeleteTasks { ids: Vec<i64> },
    RescheduleTask { id: i64, due: DateTime<Utc> },
    RenameTask { id: i64, title: String },
    CreateTask { title: String, due: DateTime<Utc>, local_time: Option<String>, recurrence: Option<String> },
    DeleteList { id: i64 },
    RemoveItems { list_id: i64, ids: Vec<i64> },
    DeleteNotes { ids: Vec<i64> },
    UpdateNote { id: i64, text: String },
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
        Action::DeleteNotes { ids } => memory::delete_ids(ctx, ids).await,
        Action::UpdateNote { id, text } => memory::update_id(ctx, *id, text).await,
    }
}

/// Asks "are you sure?" with yes/no buttons, bound to `action`.
pub async fn ask_confirm(ctx: &Ctx<'_>, question: Msg, action: Action) -> Result<StepResult, ResolveError> {
    let payload = serde_json::to_value(&action).unwrap_or_default();
    pending::put(ctx.db, ctx.user.id, CONFIRM, &payload, ctx.time.now.to_utc()).await?;
    let buttons = vec![
        Button { label: crate::reply::t(ctx.lang, "button-yes"), payload: "confirm:yes".into() },
        Button { label: crate::reply::t(ctx.lang, "button-no"), payload: "confirm:no".into() },
    ];
    Ok(StepResult { said: Said { msg: question, clause: None, buttons }, data: serde_json::Value::Null })
}

/// Asks which one, listing the options numbered (and as buttons).
pub async fn ask_choice(ctx: &Ctx<'_>, question: Msg, choices: Vec<Choice>) -> Result<StepResult, ResolveError> {
    let numbered: Vec<String> = choices.iter().enumerate().map(|(i, c)| format!("{}. {}", i + 1, c.label)).collect();
    let buttons = choices
        .iter()
        .enumerate()
        .map(|(i, c)| Button {
            label: format!("{}. {}", i + 1, short(&c.label, 40)),
            payload: format!("choice:{}", i + 1),
        })
        .collect();
    let payload = serde_json::to_value(&choices).unwrap_or_default();
    pending::put(ctx.db, ctx.user.id, CHOOSE, &payload, ctx.time.now.to_utc()).await?;
    let msg = question.arg("options", numbered.join("\n"));
    Ok(StepResult { said: Said { msg, clause: None, buttons }, data: serde_json::Value::Null })
}

/// A long text cut for a reply, at a character boundary, with an ellipsis.
pub fn short(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let cut: String = text.chars().take(max.saturating_sub(1)).collect();
    format!("{}…", cut.trim_end())
}
