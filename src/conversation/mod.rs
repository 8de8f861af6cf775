//! Conversation state between turns: the pending question (confirm? which one?) a message may
//! answer. "yes"/"כן" confirms, "no"/"לא" cancels, "2"/"השני"/"the second one"/a button tap
//! picks; anything else drops the question and is handled as a new message. Questions expire
//! (store::pending::TTL), after which a reply is a fresh message too. A button tap answers
//! only the question its button belongs to ([`buttons`]): a tap on an answered, expired or
//! replaced question gets "that question is no longer open" and changes nothing.

pub(crate) mod answer;
pub mod briefing;
pub mod buttons;
pub mod clarify;
pub mod commands;
pub mod snooze;
pub mod timezone;

use crate::reply::Msg;
use crate::resolvers::actions::{self, Action, CHOOSE, CONFIRM, Choice};
use crate::resolvers::{Ctx, ResolveError, StepResult};
use crate::store::pending;

pub use answer::{choice_index, yes_no};

/// Answers the user's open question with this message, if it is an answer. `None` means the
/// message is not an answer and goes through understanding as usual.
/// The answer's data carries what an action hands on (a confirmed email for the Gmail step).
pub async fn try_answer(ctx: &Ctx<'_>, button: Option<&str>) -> Result<Option<StepResult>, ResolveError> {
    let now = ctx.time.now.to_utc();
    let tap = button.and_then(buttons::parse);
    let open = pending::current(ctx.db, ctx.user.id, now).await?;
    // A tap answers only its own question; on one that is gone (answered, expired, replaced
    // by a newer question) say so, and leave any newer question open.
    if let Some(tap) = tap
        && (tap.question.is_none() || open.as_ref().map(|o| o.id) != tap.question)
    {
        return Ok(Some(StepResult::say(Msg::new("question-expired"))));
    }
    let Some(open) = open else {
        return Ok(None);
    };
    let unbound = tap.map(|t| t.answer.unbound());
    let button = unbound.as_deref().or(button);
    // Whatever the message is, the question is answered or abandoned now.
    pending::clear(ctx.db, ctx.user.id).await?;
    match open.kind.as_str() {
        CONFIRM => {
            let Ok(action) = serde_json::from_str::<Action>(&open.payload) else {
                return Ok(None);
            };
            match yes_no(ctx.text, button) {
                Some(true) => Ok(Some(actions::run(ctx, &action).await?)),
                Some(false) => Ok(Some(StepResult::say(Msg::new("cancelled")))),
                None => Ok(None),
            }
        }
        CHOOSE => {
            let Ok(choices) = serde_json::from_str::<Vec<Choice>>(&open.payload) else {
                return Ok(None);
            };
            let labels: Vec<&str> = choices.iter().map(|c| c.label.as_str()).collect();
            match choice_index(ctx.text, button, &labels) {
                Some(i) => Ok(Some(actions::run(ctx, &choices[i].action).await?)),
                None if yes_no(ctx.text, None) == Some(false) => Ok(Some(StepResult::say(Msg::new("cancelled")))),
                // one option offered ("shall I set a reminder instead?"): "yes" takes it
                None if choices.len() == 1 && yes_no(ctx.text, None) == Some(true) => {
                    Ok(Some(actions::run(ctx, &choices[0].action).await?))
                }
                None => Ok(None),
            }
        }
        _ => Ok(None),
    }
}
