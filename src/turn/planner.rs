//! The turn's planner path (only with an LLM configured, only for messages the rules are unsure
//! of): the planner's decision, its clarifying questions and drafts, and running its plan with
//! the written reply. Each piece stores its result as a special step row, so a retried turn
//! neither calls the model again nor asks twice.

use sea_orm::DbErr;

use crate::plan::execute::{self, TurnCtx};
use crate::plan::llm::{self, Decision};
use crate::plan::review::{self, MAX_CLARIFICATIONS, PendingPlan, Resume};
use crate::plan::{Plan, PlanSource};
use crate::reply::{Msg, Said, Spoken, writer};
use crate::understand::Understanding;

fn say(t: &TurnCtx<'_>, id: &'static str) -> Vec<Spoken> {
    vec![Said::msg(Msg::new(id)).render(t.lang)]
}

/// The planner's answer to an unsure message; `None` when the rules' reading stands.
pub(super) async fn plan(
    t: &TurnCtx<'_>,
    u: &Understanding,
    pending: &serde_json::Value,
) -> Result<Option<Vec<Spoken>>, DbErr> {
    Ok(Some(match llm::decide(t, u, pending).await? {
        Decision::Run { steps } => {
            let request = PendingPlan { text: t.inbound.text.clone(), steps, missing: Vec::new(), asked: 0 };
            run_planned(t, request, false).await?
        }
        Decision::Ask { request } => vec![review::ask(t, request).await?],
        Decision::Unclear => say(t, "llm-unclear"),
        Decision::Rules => return Ok(None),
    }))
}

/// Goes on with a plan the user answered about: ask again while fields are missing (at most
/// [`MAX_CLARIFICATIONS`] questions per request), else run it, reviewed or not.
pub(super) async fn resume(t: &TurnCtx<'_>, r: Resume) -> Result<Vec<Spoken>, DbErr> {
    if !r.reviewed && !r.request.missing.is_empty() && r.request.asked < MAX_CLARIFICATIONS {
        return Ok(vec![review::ask(t, r.request).await?]);
    }
    run_planned(t, r.request, r.reviewed).await
}

/// Runs a planner's plan (what can run of it), after a draft review when it needs one.
async fn run_planned(t: &TurnCtx<'_>, request: PendingPlan, reviewed: bool) -> Result<Vec<Spoken>, DbErr> {
    let steps = review::runnable(&request);
    if steps.is_empty() {
        return Ok(say(t, "llm-unclear"));
    }
    if !reviewed && review::needs_review(&steps) {
        let draft = PendingPlan { steps, missing: Vec::new(), ..request };
        return Ok(vec![review::draft(t, draft).await?]);
    }
    let executed = execute::execute(t, &Plan { steps, source: PlanSource::Planner }).await?;
    let spoken = writer::write(t, &executed).await?;
    if spoken.is_empty() {
        return Ok(say(t, "not-understood"));
    }
    Ok(spoken)
}
