//! The Gmail resolver: search and read back mail, write an email (send after a yes, or save a
//! draft). It runs on the remote-step path (`plan::remote`): no transaction is open during a
//! Google call, and an email is sent at most once.
//!
//! Sending always asks first: the recipient, subject and body are shown and a pending
//! confirmation holds exactly that email ([`Action::Email`]). The "yes" turn's conversation step
//! hands the confirmed email to this resolver as an earlier step's entity
//! ([`confirmed_email`]); the send carries a Message-ID made from the step's idempotency key,
//! and a resumed step looks for that Message-ID in Sent before sending again.

use chrono::TimeZone;
use serde_json::json;

use super::compose::{self, Outgoing};
use super::gmail_api::{GmailApi, GmailError, Mail, UserGmail};
use super::gmail_query;
use crate::channels::Button;
use crate::conversation::buttons;
use crate::plan::remote::{RemoteCall, RemoteFailure, RemoteFuture, RemoteResolver};
use crate::reply::{Msg, Said};
use crate::resolvers::actions::{self, Action, Choice};
use crate::resolvers::{Ctx, ResolveError, StepResult};
use crate::store::pending;
use crate::understand::Action as Verb;

/// How many matches a search reads back (the latest in full, the rest as a line each).
const SHOWN: u32 = 3;
/// The longest body read back in a chat.
const BODY_CHARS: usize = 600;
/// How many recent messages are scanned to find a correspondent by name.
const CORRESPONDENTS_SCAN: u32 = 10;

pub struct GmailResolver {
    api: GmailApi,
}

impl GmailResolver {
    pub fn new(api: GmailApi) -> Self {
        Self { api }
    }
}

impl RemoteResolver for GmailResolver {
    fn run<'a>(&'a self, call: RemoteCall<'a>) -> RemoteFuture<'a> {
        Box::pin(async move {
            let g = self.api.for_user(call.db, call.user.id);
            let result = match confirmed_email(call.earlier) {
                Some((mail, draft)) => perform(&g, &call, &mail, draft).await,
                None => match call.step.action {
                    Verb::Send | Verb::Draft => write(&g, &call).await,
                    _ => search(&g, &call).await,
                },
            };
            result.or_else(|e| failure(e, &call))
        })
    }
}

fn failure(e: GmailError, call: &RemoteCall<'_>) -> Result<StepResult, RemoteFailure> {
    match e {
        GmailError::Unlinked => Ok(StepResult::say(Msg::new("gmail-not-linked"))),
        GmailError::Db(db) => Err(RemoteFailure::Db(db)),
        other => {
            tracing::warn!(error = %other, step = call.step.id, "gmail step failed");
            Err(RemoteFailure::Failed(Said::msg(Msg::new("gmail-unavailable"))))
        }
    }
}

/// The confirmed email an earlier step of this turn handed on (the "yes" to a send).
pub fn confirmed_email(earlier: &[serde_json::Value]) -> Option<(Outgoing, bool)> {
    earlier.iter().rev().find_map(|v| {
        let e = v.get("gmail_email")?;
        let mail: Outgoing = serde_json::from_value(e.get("mail")?.clone()).ok()?;
        Some((mail, e.get("draft").and_then(|d| d.as_bool()).unwrap_or(false)))
    })
}

/// Search and read back: the latest match in full (sender, subject, date in the user's zone,
/// shortened body), the next ones as a line each.
async fn search(g: &UserGmail<'_>, call: &RemoteCall<'_>) -> Result<StepResult, GmailError> {
    // the message as written: the step's query has "from", "unread" and the time taken out
    let q = gmail_query::search_query(call.text, call.time.now);
    let ids = g.search(&q, SHOWN).await?;
    if ids.is_empty() {
        return Ok(StepResult::say(Msg::new("gmail-none")));
    }
    let mails = g.get_many(&ids).await?;
    let Some(latest) = mails.first() else {
        return Ok(StepResult::say(Msg::new("gmail-none")));
    };
    let body = super::mime::body_text(&latest.root).map(|b| super::mime::shorten(&b, BODY_CHARS)).unwrap_or_default();
    let mut msg = Msg::new("gmail-latest")
        .arg("from", latest.header("From").map(|f| sender_name(&f)).unwrap_or_default())
        .arg("subject", latest.header("Subject").unwrap_or_default())
        .arg("date", mail_date(latest, call))
        .arg("body", body)
        .num("count", mails.len() as i64);
    let others: Vec<String> = mails[1..]
        .iter()
        .map(|m| {
            format!(
                "• {} — {}",
                m.header("From").map(|f| sender_name(&f)).unwrap_or_default(),
                m.header("Subject").unwrap_or_default()
            )
        })
        .collect();
    msg = msg.arg("others", others.join("\n"));
    let data = json!({ "gmail_messages": mails.iter().map(|m| &m.id).collect::<Vec<_>>() });
    Ok(StepResult { said: Said::msg(msg), data })
}

/// "Dana Cohen <dana@example.com>" → "Dana Cohen"; a bare address stays.
fn sender_name(from: &str) -> String {
    match from.split_once('<') {
        Some((name, _)) if !name.trim().is_empty() => name.trim().trim_matches('"').to_string(),
        _ => from.trim().trim_matches(['<', '>']).to_string(),
    }
}

/// When the mail arrived, in the user's zone ("today at 15:00").
fn mail_date(mail: &Mail, call: &RemoteCall<'_>) -> String {
    let tz = call.time.tz();
    let at =
        mail.internal_ms.and_then(|ms| chrono::Utc.timestamp_millis_opt(ms).single()).map(|t| t.with_timezone(&tz));
    match at {
        Some(at) => crate::reply::when::when_phrase(call.lang, at, call.time.now),
        None => String::new(),
    }
}

/// An email to write: find the recipient, then ask before sending (or save the draft).
async fn write(g: &UserGmail<'_>, call: &RemoteCall<'_>) -> Result<StepResult, GmailError> {
    // the message as written: the step's query has the verbs and "that"/"about" taken out
    let d = gmail_query::draft(call.text);
    let draft = call.step.action == Verb::Draft;
    let Some(body) = d.body.clone().or_else(|| d.subject.clone()) else {
        return Ok(StepResult::say(Msg::new("gmail-need-body")));
    };
    let subject = d.subject.clone().unwrap_or_else(|| actions::short(&body, 50));
    let make =
        |to: String, to_name: Option<String>| Outgoing { to, to_name, subject: subject.clone(), body: body.clone() };
    if let Some(address) = d.address {
        return next_step(g, call, make(address, None), draft).await;
    }
    let Some(name) = d.name else {
        return Ok(StepResult::say(Msg::new("gmail-need-recipient")));
    };
    let found = super::gmail_people::correspondents(g, &name, CORRESPONDENTS_SCAN).await?;
    match found.as_slice() {
        [] => Ok(StepResult::say(Msg::new("gmail-unknown-recipient").arg("name", name))),
        [(to_name, to)] => next_step(g, call, make(to.clone(), Some(to_name.clone())), draft).await,
        many => {
            let choices = many
                .iter()
                .take(4)
                .map(|(n, a)| Choice {
                    label: format!("{n} <{a}>"),
                    action: Action::Email { mail: make(a.clone(), Some(n.clone())), draft, confirmed: draft },
                })
                .collect();
            ask(call, Msg::new("gmail-which-recipient").arg("name", name), Pending::Choose(choices)).await
        }
    }
}

/// A draft is saved now; a send waits for the user's yes.
async fn next_step(
    g: &UserGmail<'_>,
    call: &RemoteCall<'_>,
    mail: Outgoing,
    draft: bool,
) -> Result<StepResult, GmailError> {
    if draft {
        return perform(g, call, &mail, true).await;
    }
    let question = confirm_question(&mail);
    ask(call, question, Pending::Confirm(Action::Email { mail, draft: false, confirmed: true })).await
}

/// What a send confirmation shows: recipient, subject and body.
pub fn confirm_question(mail: &Outgoing) -> Msg {
    let to = match &mail.to_name {
        Some(n) => format!("{n} <{}>", mail.to),
        None => mail.to.clone(),
    };
    Msg::new("gmail-confirm-send").arg("to", to).arg("subject", mail.subject.clone()).arg("body", mail.body.clone())
}

enum Pending {
    Confirm(Action),
    Choose(Vec<Choice>),
}

/// Stores the question (one short write, no transaction across anything) and asks it.
async fn ask(call: &RemoteCall<'_>, question: Msg, what: Pending) -> Result<StepResult, GmailError> {
    let now = call.time.now.to_utc();
    let lang = call.lang;
    let (kind, payload) = match &what {
        Pending::Confirm(a) => (actions::CONFIRM, serde_json::to_value(a)),
        Pending::Choose(c) => (actions::CHOOSE, serde_json::to_value(c)),
    };
    let payload = payload.map_err(|e| GmailError::Decode(e.to_string()))?;
    let open = pending::put(call.db, call.user.id, kind, &payload, now).await?;
    let (msg, buttons) = match what {
        Pending::Confirm(_) => (
            question,
            vec![
                Button { label: crate::reply::t(lang, "button-yes"), payload: buttons::confirm(open.id, true) },
                Button { label: crate::reply::t(lang, "button-no"), payload: buttons::confirm(open.id, false) },
            ],
        ),
        Pending::Choose(choices) => {
            let numbered: Vec<String> =
                choices.iter().enumerate().map(|(i, c)| format!("{}. {}", i + 1, c.label)).collect();
            let buttons = (0..choices.len())
                .map(|i| Button { label: format!("{}", i + 1), payload: buttons::choice(open.id, i + 1) })
                .collect();
            (question.arg("options", numbered.join("\n")), buttons)
        }
    };
    Ok(StepResult { said: Said { msg, clause: None, buttons }, data: serde_json::Value::Null })
}

/// Sends or saves the email, at most once for this step's idempotency key.
async fn perform(
    g: &UserGmail<'_>,
    call: &RemoteCall<'_>,
    mail: &Outgoing,
    draft: bool,
) -> Result<StepResult, GmailError> {
    let message_id = compose::message_id(call.idempotency_key);
    let done_id = if draft { "gmail-drafted" } else { "gmail-sent" };
    let done = |id: Option<String>| StepResult {
        said: Said::msg(Msg::new(done_id).arg("to", mail.to.clone()).arg("subject", mail.subject.clone())),
        data: json!({ "gmail_sent": id, "message_id": message_id, "draft": draft }),
    };
    if call.resumed {
        // an earlier attempt may have sent it and died before storing the result
        let exists = if draft {
            g.draft_exists(&message_id).await?
        } else {
            !g.search(&format!("in:sent rfc822msgid:{message_id}"), 1).await?.is_empty()
        };
        if exists {
            return Ok(done(None));
        }
    }
    let source = compose::rfc2822(mail, &message_id);
    let id = if draft { g.draft(&source).await? } else { g.send(&source).await? };
    Ok(done(Some(id)))
}

/// The local half of [`Action::Email`], run inside the answer's transaction: an unconfirmed
/// send asks first; a confirmed one is handed on to this resolver (see [`confirmed_email`]).
pub async fn email_action(
    ctx: &Ctx<'_>,
    mail: &Outgoing,
    draft: bool,
    confirmed: bool,
) -> Result<StepResult, ResolveError> {
    if !confirmed {
        let action = Action::Email { mail: mail.clone(), draft, confirmed: true };
        return actions::ask_confirm(ctx, confirm_question(mail), action).await;
    }
    let msg = Msg::new(if draft { "gmail-drafting" } else { "gmail-sending" });
    Ok(StepResult { said: Said::msg(msg), data: json!({ "gmail_email": { "mail": mail, "draft": draft } }) })
}
