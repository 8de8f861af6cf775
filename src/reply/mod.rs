//! Replies: step results become one natural message in the user's language.
//!
//! Every sentence a user sees comes from locales/{en,he}/*.ftl through `Msg`; no resolver
//! formats user text itself. Fluent's Unicode isolation marks are turned off because several
//! messaging clients show them as junk characters.

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_bundle::FluentValue;
use fluent_templates::{Loader, static_loader};

use crate::channels::{Button, Reply};
use crate::understand::Lang;

pub mod bidi;
pub mod rule;
pub mod when;
pub mod writer;

static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// An argument of a localized message.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Str(String),
    Num(i64),
}

/// A localized message, not yet rendered: a Fluent id and its arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct Msg {
    pub id: &'static str,
    pub args: Vec<(&'static str, Arg)>,
}

impl Msg {
    pub fn new(id: &'static str) -> Self {
        Self { id, args: Vec::new() }
    }

    pub fn arg(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.args.push((name, Arg::Str(value.into())));
        self
    }

    pub fn num(mut self, name: &'static str, value: i64) -> Self {
        self.args.push((name, Arg::Num(value)));
        self
    }

    pub fn render(&self, lang: Lang) -> String {
        let args: HashMap<Cow<'static, str>, FluentValue> = self
            .args
            .iter()
            .map(|(k, v)| {
                let value = match v {
                    Arg::Str(s) => FluentValue::from(s.clone()),
                    Arg::Num(n) => FluentValue::from(*n),
                };
                (Cow::Borrowed(*k), value)
            })
            .collect();
        LOCALES.lookup_with_args(&lang.langid(), self.id, &args)
    }
}

/// Renders one message id with no arguments.
pub fn t(lang: Lang, id: &'static str) -> String {
    Msg::new(id).render(lang)
}

/// What one step produced for the user: a sentence, maybe buttons, and maybe a clause form of
/// the sentence ("added milk to your shopping list") for joining with other steps.
#[derive(Debug, Clone, PartialEq)]
pub struct Said {
    pub msg: Msg,
    pub clause: Option<Msg>,
    pub buttons: Vec<Button>,
}

impl Said {
    pub fn msg(msg: Msg) -> Self {
        Self { msg, clause: None, buttons: Vec::new() }
    }
}

/// A step's sentence rendered in the turn's language. This is what a step's stored result keeps
/// for the reply, so a retried turn composes the same reply without running the step again.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct Spoken {
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buttons: Vec<Button>,
}

impl Said {
    pub fn render(&self, lang: Lang) -> Spoken {
        Spoken {
            text: self.msg.render(lang),
            clause: self.clause.as_ref().map(|c| c.render(lang)),
            buttons: self.buttons.clone(),
        }
    }
}

/// Joins the results of a turn's steps into one reply (see [`compose_spoken`]).
pub fn compose(lang: Lang, said: &[Said]) -> Reply {
    let spoken: Vec<Spoken> = said.iter().map(|s| s.render(lang)).collect();
    compose_spoken(lang, &spoken)
}

/// Joins rendered step results into one reply. One step reads as itself. Several steps that
/// each have a clause form read as one sentence ("Done — added milk to your shopping list, and
/// I'll remind you tomorrow at 18:00 to buy it."); the other results follow on their own lines,
/// with buttons from the step that asked.
pub fn compose_spoken(lang: Lang, said: &[Spoken]) -> Reply {
    let buttons = said.iter().flat_map(|s| s.buttons.clone()).collect();
    let clauses: Vec<String> = said.iter().filter_map(|s| s.clause.clone()).collect();
    if said.len() < 2 || clauses.len() < 2 {
        let text = said.iter().map(|s| s.text.as_str()).collect::<Vec<_>>().join("\n");
        return Reply { text, buttons };
    }
    let mut parts = vec![Msg::new("reply-combined").arg("clauses", join_clauses(lang, &clauses)).render(lang)];
    parts.extend(said.iter().filter(|s| s.clause.is_none()).map(|s| s.text.clone()));
    Reply { text: parts.join("\n"), buttons }
}

/// "a, b, and c" in the user's language.
fn join_clauses(lang: Lang, clauses: &[String]) -> String {
    let Some((last, init)) = clauses.split_last() else {
        return String::new();
    };
    if init.is_empty() {
        return last.clone();
    }
    let head = init.join(", ");
    Msg::new("reply-join").arg("a", head).arg("b", last.clone()).render(lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn message_ids(lang: &str) -> BTreeSet<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales").join(lang);
        let mut ids = BTreeSet::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
            for line in text.lines() {
                let Some((head, _)) = line.split_once('=') else {
                    continue;
                };
                let id = head.trim_end();
                let starts_id = id.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
                if starts_id && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
                    ids.insert(id.to_string());
                }
            }
        }
        ids
    }

    #[test]
    fn english_and_hebrew_locales_hold_the_same_message_ids() {
        let en = message_ids("en");
        let he = message_ids("he");
        assert!(en.len() > 10, "expected the locale files to be found");
        assert_eq!(en.difference(&he).collect::<Vec<_>>(), Vec::<&String>::new(), "missing in he");
        assert_eq!(he.difference(&en).collect::<Vec<_>>(), Vec::<&String>::new(), "missing in en");
    }

    #[test]
    fn rendered_messages_have_no_isolation_marks() {
        let text = Msg::new("greeting-named").arg("name", "Dana").render(Lang::He);
        assert!(text.contains("Dana"));
        assert!(!text.contains('\u{2068}') && !text.contains('\u{2069}'));
    }

    #[test]
    fn two_steps_with_clauses_become_one_sentence() {
        let said = vec![
            Said { msg: Msg::new("thanks"), clause: Some(Msg::new("day-today")), buttons: vec![] },
            Said { msg: Msg::new("thanks"), clause: Some(Msg::new("day-tomorrow")), buttons: vec![] },
        ];
        let reply = compose(Lang::En, &said);
        assert_eq!(reply.text.lines().count(), 1, "{}", reply.text);
        assert!(reply.text.contains("today") && reply.text.contains("tomorrow"));
    }

    #[test]
    fn hebrew_and_english_differ() {
        assert_ne!(t(Lang::He, "help"), t(Lang::En, "help"));
    }
}
