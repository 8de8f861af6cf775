//! The memory resolver (second brain): store a note, recall the best ones, update or forget
//! them. Local only — the question's vector was fetched before the step (`memory::prefetch`),
//! so this runs inside the step's short transaction; a new note is embedded later by the
//! background worker.

use super::actions::{self, Action, Choice};
use super::{Ctx, ResolveError, StepResult};
use crate::memory::{self, Hit, Prefetched, rank, text};
use crate::plan::PlannedStep;
use crate::reply::Msg;
use crate::reply::when::when_phrase;
use crate::store::notes::{self, NewNote, Note};
use crate::understand::Action as StepAction;

/// How many notes a reply lists at most.
const TOP: usize = 3;
/// A runner-up within this share of the best score is "a close match": the reply lists the top.
const CLOSE: f32 = 0.85;

#[tracing::instrument(skip_all, fields(action = step.action.as_str()))]
pub async fn run(ctx: &Ctx<'_>, step: &PlannedStep, pre: &Prefetched) -> Result<StepResult, ResolveError> {
    match step.action {
        StepAction::Store => store(ctx, step).await,
        StepAction::Update => update(ctx, step, pre).await,
        StepAction::Delete => forget(ctx, step, pre).await,
        _ => recall(ctx, step, pre).await,
    }
}

/// A plain message the general resolver got ("my locker number?"): answered from memory when a
/// note matches it confidently, else `None` and the general resolver answers.
pub async fn plain_question(
    ctx: &Ctx<'_>,
    step: &PlannedStep,
    pre: &Prefetched,
) -> Result<Option<StepResult>, ResolveError> {
    let question = memory::question_of(step, ctx.text);
    let hits = memory::recall(ctx.db, ctx.user.id, question, pre).await?;
    if hits.first().is_none_or(|h| h.score < rank::CONFIDENT) {
        return Ok(None);
    }
    answer(ctx, &hits).await.map(Some)
}

/// "remember that my locker number is 237": keeps what follows the command, as said.
async fn store(ctx: &Ctx<'_>, step: &PlannedStep) -> Result<StepResult, ResolveError> {
    let Some(said) = step.slots.title.as_deref().map(strip_that).filter(|t| !t.is_empty()) else {
        return Ok(StepResult::say(Msg::new("memory-store-what")));
    };
    let new = NewNote { user_id: ctx.user.id, text: said, lang: ctx.lang.code(), terms: text::index_terms(said) };
    notes::create(ctx.db, new, ctx.time.now.to_utc()).await?;
    Ok(StepResult::say(Msg::new("memory-stored").arg("text", actions::short(said, 200))))
}

/// The connective between the command and the fact: "that my locker…", "שהקוד…" (a glued ש).
fn strip_that(title: &str) -> &str {
    let t = title.trim().trim_start_matches([':', '-', ',']).trim_start();
    for word in ["that ", "ש-", "ש "] {
        if let Some(rest) = t.strip_prefix(word) {
            return rest.trim_start();
        }
    }
    // "שהקוד של השער": a ש glued to the article ("שמלה" keeps its ש)
    match t.strip_prefix('ש') {
        Some(rest) if rest.starts_with('ה') && rest.chars().count() > 2 => rest,
        _ => t,
    }
}

async fn recall(ctx: &Ctx<'_>, step: &PlannedStep, pre: &Prefetched) -> Result<StepResult, ResolveError> {
    let question = memory::question_of(step, ctx.text);
    let hits = memory::recall(ctx.db, ctx.user.id, question, pre).await?;
    if hits.is_empty() {
        return Ok(StepResult::say(Msg::new("memory-nothing")));
    }
    answer(ctx, &hits).await
}

/// The best note quoted with when it was saved, or the top three when several are close.
async fn answer(ctx: &Ctx<'_>, hits: &[Hit]) -> Result<StepResult, ResolveError> {
    let shown = close_hits(hits);
    let ids: Vec<i64> = shown.iter().map(|h| h.id).collect();
    let found = notes::by_ids(ctx.db, ctx.user.id, &ids).await?;
    let msg = match found.as_slice() {
        [] => Msg::new("memory-nothing"),
        [one] => Msg::new("memory-recall-one").arg("text", one.text.clone()).arg("when", saved_when(ctx, one)),
        many => Msg::new("memory-recall-many").arg("notes", lines(ctx, many)),
    };
    let data = serde_json::json!({ "notes": found.iter().map(|n| n.id).collect::<Vec<_>>() });
    Ok(StepResult { said: crate::reply::Said::msg(msg), data })
}

/// The best hit alone, or the top ones when the runner-up is close to it.
fn close_hits(hits: &[Hit]) -> &[Hit] {
    close(hits, TOP)
}

fn close(hits: &[Hit], limit: usize) -> &[Hit] {
    let Some(best) = hits.first() else {
        return hits;
    };
    let n = hits.iter().take(limit).take_while(|h| h.score >= best.score * CLOSE).count();
    &hits[..n.max(1)]
}

fn saved_when(ctx: &Ctx<'_>, note: &Note) -> String {
    when_phrase(ctx.lang, note.created_at.with_timezone(&ctx.tz()), ctx.time.now.with_timezone(&ctx.tz()))
}

fn lines(ctx: &Ctx<'_>, found: &[Note]) -> String {
    let line = |n: &Note| {
        Msg::new("memory-line")
            .arg("text", actions::short(&n.text, 200))
            .arg("when", saved_when(ctx, n))
            .render(ctx.lang)
    };
    found.iter().map(line).collect::<Vec<_>>().join("\n")
}

/// "the locker number is now 240": the note it replaces is the one its words match; several
/// close candidates → the user picks.
async fn update(ctx: &Ctx<'_>, step: &PlannedStep, pre: &Prefetched) -> Result<StepResult, ResolveError> {
    let Some(new_text) = step.slots.title.as_deref().map(strip_that).filter(|t| !t.is_empty()) else {
        return Ok(StepResult::say(Msg::new("memory-store-what")));
    };
    let hits = memory::recall(ctx.db, ctx.user.id, new_text, pre).await?;
    let candidates = close_hits(&hits);
    let ids: Vec<i64> = candidates.iter().map(|h| h.id).collect();
    let found = notes::by_ids(ctx.db, ctx.user.id, &ids).await?;
    match found.as_slice() {
        [] => store(ctx, step).await,
        [one] => update_id(ctx, one.id, new_text).await,
        many => {
            let choices = many
                .iter()
                .map(|n| Choice {
                    label: actions::short(&n.text, 80),
                    action: Action::UpdateNote { id: n.id, text: new_text.to_string() },
                })
                .collect();
            actions::ask_choice(ctx, Msg::new("memory-update-which"), choices).await
        }
    }
}

pub async fn update_id(ctx: &Ctx<'_>, id: i64, new_text: &str) -> Result<StepResult, ResolveError> {
    let before = notes::by_ids(ctx.db, ctx.user.id, &[id]).await?;
    let now = ctx.time.now.to_utc();
    let Some(after) = notes::replace_text(ctx.db, ctx.user.id, id, new_text, text::index_terms(new_text), now).await?
    else {
        return Ok(StepResult::say(Msg::new("memory-gone")));
    };
    let old = before.first().map_or(String::new(), |n| actions::short(&n.text, 120));
    Ok(StepResult::say(Msg::new("memory-updated").arg("old", old).arg("new", actions::short(&after.text, 200))))
}

/// "תשכח את מה ששמרתי על הקוד": one matching note is forgotten at once; several need a yes.
async fn forget(ctx: &Ctx<'_>, step: &PlannedStep, pre: &Prefetched) -> Result<StepResult, ResolveError> {
    let question = memory::question_of(step, ctx.text);
    let hits = memory::recall(ctx.db, ctx.user.id, question, pre).await?;
    // every note about it, not only the best: "forget the code" means all of them, after a yes
    let ids: Vec<i64> = close(&hits, 10).iter().map(|h| h.id).collect();
    match ids.len() {
        // "forget about calling mom", "forget the electrolytes one": no note, but a reminder by
        // that name is what to let go of
        0 => {
            let words = step.slots.query.as_deref().or(step.slots.title.as_deref()).unwrap_or_default();
            if super::task::names_an_open_task(ctx.db, ctx.user.id, words).await? {
                let mut as_task = step.clone();
                as_task.resolver = crate::understand::Resolver::Task;
                as_task.slots.resolver = crate::understand::Resolver::Task;
                as_task.slots.title = Some(words.to_string());
                return super::task::run(ctx, &as_task).await;
            }
            Ok(StepResult::say(Msg::new("memory-nothing")))
        }
        1 => delete_ids(ctx, &ids).await,
        n => {
            let found = notes::by_ids(ctx.db, ctx.user.id, &ids).await?;
            let question = Msg::new("memory-forget-confirm").num("count", n as i64).arg("notes", lines(ctx, &found));
            actions::ask_confirm(ctx, question, Action::DeleteNotes { ids }).await
        }
    }
}

pub async fn delete_ids(ctx: &Ctx<'_>, ids: &[i64]) -> Result<StepResult, ResolveError> {
    let found = notes::by_ids(ctx.db, ctx.user.id, ids).await?;
    let deleted = notes::delete_ids(ctx.db, ctx.user.id, ids).await?;
    let msg = match (found.as_slice(), deleted) {
        (_, 0) => Msg::new("memory-gone"),
        ([one], _) => Msg::new("memory-forgot").arg("text", actions::short(&one.text, 120)),
        _ => Msg::new("memory-forgot-many").num("count", deleted as i64),
    };
    Ok(StepResult::say(msg))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_connective_before_the_fact_is_dropped() {
        assert_eq!(strip_that("that my locker number is 237"), "my locker number is 237");
        assert_eq!(strip_that("שהקוד של השער הוא 4512"), "הקוד של השער הוא 4512");
        assert_eq!(strip_that("שמלה כחולה"), "שמלה כחולה");
    }
}
