//! The Gmail resolver: search and read back mail, write an email (send after a yes, or save a
//! draft). It runs on the remote-step path (`plan::remote`): no transaction is open during a
//! Google call, and an email is sent at most once.
//!
//! Sending always asks first: the recipient, subject and body are shown and a pending
//! confirmation holds exactly that email, as a Gmail step whose items carry it
//! (`google::confirm`: the "yes" runs that step through the remote path as the answer turn's
//! step 0). The send carries a Message-ID made from the step's idempotency key, and a resumed
//! step (or a send whose answer was lost) looks for that Message-ID in Sent before sending again.

use std::sync::Arc;

use chrono::TimeZone;
use serde_json::json;

use super::Google;
use super::compose::{self, Outgoing};
use super::gmail_api::{GmailApi, GmailError, GoogleTokens, Mail, UserGmail};
use super::gmail_query;
use crate::channels::Button;
use crate::conversation::buttons;
use crate::plan::remote::{RemoteCall, RemoteFailure, RemoteFuture, RemoteResolver};
use crate::reply::{Msg, Said};
use crate::resolvers::StepResult;
use crate::resolvers::actions::{self, Action, Choice};
use crate::store::pending;
use crate::understand::{Action as Verb, Resolver, Step};

/// How many matches a search reads back (the latest in full, the rest as a line each).
const SHOWN: u32 = 3;
/// The longest body read back in a chat.
const BODY_CHARS: usize = 600;
/// How many recent messages are scanned to find a correspondent by name.
const CORRESPONDENTS_SCAN: u32 = 10;

pub struct GmailResolver {
    api: GmailApi,
    /// for the "link your Google account" reply (None in tests with fixed tokens)
    google: Option<Arc<Google>>,
}

impl GmailResolver {
    pub fn new(api: GmailApi, google: Option<Arc<Google>>) -> Self {
        Self { api, google }
    }

    /// The resolver on the user's stored Google link, at `GOOGLE_API_URL`.
    pub fn from_google(google: Arc<Google>) -> Self {
        let tokens = Arc::new(GoogleTokens(google.clone()));
        let api = GmailApi::new(google.http.clone(), &google.api_root(), tokens, super::errors::BACKOFF);
        Self::new(api, Some(google))
    }
}

impl RemoteResolver for GmailResolver {
    fn run<'a>(&'a self, call: RemoteCall<'a>) -> RemoteFuture<'a> {
        Box::pin(async move {
            let g = self.api.for_user(call.db, call.user);
            let draft = call.step.action == Verb::Draft;
            let result = match step_email(&call.step.slots) {
                Some((mail, true)) => perform(&g, &call, &mail, draft).await,
                Some((mail, false)) => next_step(&g, &call, mail, draft).await,
                None if matches!(call.step.action, Verb::Send | Verb::Draft) => write(&g, &call).await,
                None => search(&g, &call).await,
            };
            match result {
                Ok(r) => Ok(r),
                Err(e) => self.failure(e, &call).await,
            }
        })
    }
}

impl GmailResolver {
    async fn failure(&self, e: GmailError, call: &RemoteCall<'_>) -> Result<StepResult, RemoteFailure> {
        match e {
            GmailError::Unlinked(why) => match &self.google {
                Some(google) => Ok(google.link_reply(call.db, call.user, &why, call.time.now.to_utc()).await?),
                None => Ok(StepResult::say(Msg::new("gmail-not-linked"))),
            },
            GmailError::Db(db) => Err(RemoteFailure::Db(db)),
            other => {
                tracing::warn!(error = %other, step = call.step.id, "gmail step failed");
                Err(RemoteFailure::Failed(Said::msg(Msg::new("google-unavailable"))))
            }
        }
    }
}

/// Marks a step's item as the email it sends or drafts (JSON follows).
const MAIL_ITEM: &str = "gmail-mail:";
/// Marks a step whose email the user confirmed.
const CONFIRMED_ITEM: &str = "gmail-confirmed";

/// Whether an item is one only a confirmation puts in a step (see `confirm::strip_confirmation_items`).
pub fn is_confirmation_item(item: &str) -> bool {
    item.starts_with(MAIL_ITEM) || item == CONFIRMED_ITEM
}

/// A Gmail step that sends (or drafts) exactly `mail`.
fn email_step(action: Verb, mail: &Outgoing, confirmed: bool) -> Step {
    let mut step = Step::new(Resolver::Gmail, action, 1.0);
    step.items.push(format!("{MAIL_ITEM}{}", serde_json::to_string(mail).unwrap_or_default()));
    if confirmed {
        step.items.push(CONFIRMED_ITEM.to_string());
    }
    step
}

/// The email a step carries, and whether the user confirmed it.
fn step_email(step: &Step) -> Option<(Outgoing, bool)> {
    let mail = step.items.iter().find_map(|i| i.strip_prefix(MAIL_ITEM)).and_then(|j| serde_json::from_str(j).ok())?;
    Some((mail, step.items.iter().any(|i| i == CONFIRMED_ITEM)))
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
            // the chosen one runs this step again with the email filled in: a send still asks
            let choices = many
                .iter()
                .take(4)
                .map(|(n, a)| Choice {
                    label: format!("{n} <{a}>"),
                    action: Action::RemoteStep {
                        text: call.text.to_string(),
                        step: Box::new(email_step(call.step.action, &make(a.clone(), Some(n.clone())), false)),
                    },
                })
                .collect();
            choose(call, Msg::new("gmail-which-recipient").arg("name", name), choices).await
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
    let step = email_step(Verb::Send, &mail, true);
    let now = call.time.now.to_utc();
    Ok(super::confirm::ask(call.db, call.user.id, call.lang, now, question, call.text, step).await?)
}

/// What a send confirmation shows: recipient, subject and body.
pub fn confirm_question(mail: &Outgoing) -> Msg {
    let to = match &mail.to_name {
        Some(n) => format!("{n} <{}>", mail.to),
        None => mail.to.clone(),
    };
    Msg::new("gmail-confirm-send").arg("to", to).arg("subject", mail.subject.clone()).arg("body", mail.body.clone())
}

/// Stores the "which one?" question (one short write, no transaction across anything) and
/// asks it, numbered and with a button per option.
async fn choose(call: &RemoteCall<'_>, question: Msg, choices: Vec<Choice>) -> Result<StepResult, GmailError> {
    let payload = serde_json::to_value(&choices).map_err(|e| GmailError::Decode(e.to_string()))?;
    let open = pending::put(call.db, call.user.id, actions::CHOOSE, &payload, call.time.now.to_utc()).await?;
    let numbered: Vec<String> = choices.iter().enumerate().map(|(i, c)| format!("{}. {}", i + 1, c.label)).collect();
    let buttons = (0..choices.len())
        .map(|i| Button { label: format!("{}", i + 1), payload: buttons::choice(open.id, i + 1) })
        .collect();
    let msg = question.arg("options", numbered.join("\n"));
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
    // an earlier attempt may have sent it and died before storing the result
    if call.resumed && exists(g, &message_id, draft).await? {
        return Ok(done(None));
    }
    let source = compose::rfc2822(mail, &message_id);
    let made = if draft { g.draft(&source).await } else { g.send(&source).await };
    match made {
        Ok(id) => Ok(done(Some(id))),
        // a 5xx or a lost answer: Gmail may have acted; look before saying it did not
        Err(GmailError::Unavailable(why)) => match exists(g, &message_id, draft).await {
            Ok(true) => Ok(done(None)),
            _ => Err(GmailError::Unavailable(why)),
        },
        Err(e) => Err(e),
    }
}

/// Whether the message with this Message-ID is already in Sent (or in Drafts).
async fn exists(g: &UserGmail<'_>, message_id: &str, draft: bool) -> Result<bool, GmailError> {
    if draft {
        return g.draft_exists(message_id).await;
    }
    Ok(!g.search(&format!("in:sent rfc822msgid:{message_id}"), 1).await?.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_confirmed_email_step_carries_exactly_the_email_and_its_confirmation() {
        let mail = Outgoing {
            to: "dana@example.com".into(),
            to_name: None,
            subject: "s: x".into(),
            body: "שלום\nעולם".into(),
        };
        let asked = email_step(Verb::Send, &mail, false);
        assert_eq!(step_email(&asked), Some((mail.clone(), false)));
        let confirmed = email_step(Verb::Send, &mail, true);
        assert_eq!(step_email(&confirmed), Some((mail, true)));
        assert_eq!(step_email(&Step::new(Resolver::Gmail, Verb::Send, 1.0)), None);
    }

    #[test]
    fn a_sender_is_named_by_display_name_or_address() {
        assert_eq!(sender_name("\"Dana Cohen\" <dana@example.com>"), "Dana Cohen");
        assert_eq!(sender_name("<dana@example.com>"), "dana@example.com");
        assert_eq!(sender_name("dana@example.com"), "dana@example.com");
    }
}
