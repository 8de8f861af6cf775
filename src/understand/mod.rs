//! The deterministic understanding layer: language, Hebrew normalization, time expressions,
//! resolver routing and slot filling. It turns one user message into ordered [`Step`]s with
//! confidences and routing hints for the LLM planner.
//!
//! It owns no I/O (no network, no database, no clock reads): `now` and the user's timezone are
//! always passed in, so every answer is reproducible and measurable (`ozer understand`).

use chrono::{DateTime, FixedOffset};
use chrono_tz::Tz;

pub mod cli;
mod correct;
pub mod goods;
pub mod lang;
pub mod normalize;
pub mod patterns;
pub mod repeat;
mod repeat_end;
pub mod route;
pub mod rrule;
pub mod schema;
pub mod slots;
pub mod time;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_kinds;
#[cfg(test)]
mod tests_lists;
#[cfg(test)]
mod tests_reasons;
#[cfg(test)]
mod tests_repeat;
#[cfg(test)]
mod tests_rrule;

pub use lang::Lang;
pub use route::UNSURE;

/// The resolvers a step can be handed to; the names are those of UNDERSTAND.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Resolver {
    Task,
    List,
    Calendar,
    Gmail,
    Memory,
    Meta,
    General,
}

impl Resolver {
    pub const ALL: [Resolver; 7] = [
        Resolver::Task,
        Resolver::List,
        Resolver::Calendar,
        Resolver::Gmail,
        Resolver::Memory,
        Resolver::Meta,
        Resolver::General,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Resolver::Task => "task",
            Resolver::List => "list",
            Resolver::Calendar => "calendar",
            Resolver::Gmail => "gmail",
            Resolver::Memory => "memory",
            Resolver::Meta => "meta",
            Resolver::General => "general",
        }
    }
}

/// What a resolver is asked to do; one enum for all resolvers so a plan step is two words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Create,
    List,
    Complete,
    Update,
    Delete,
    Add,
    Remove,
    Show,
    Find,
    Search,
    Read,
    Send,
    Draft,
    Store,
    Recall,
    Help,
    Chat,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Create => "create",
            Action::List => "list",
            Action::Complete => "complete",
            Action::Update => "update",
            Action::Delete => "delete",
            Action::Add => "add",
            Action::Remove => "remove",
            Action::Show => "show",
            Action::Find => "find",
            Action::Search => "search",
            Action::Read => "read",
            Action::Send => "send",
            Action::Draft => "draft",
            Action::Store => "store",
            Action::Recall => "recall",
            Action::Help => "help",
            Action::Chat => "chat",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Recurrence {
    Daily,
    Weekdays,
    Weekly,
    Monthly,
    Yearly,
}

impl Recurrence {
    pub fn as_str(self) -> &'static str {
        match self {
            Recurrence::Daily => "daily",
            Recurrence::Weekdays => "weekdays",
            Recurrence::Weekly => "weekly",
            Recurrence::Monthly => "monthly",
            Recurrence::Yearly => "yearly",
        }
    }
}

/// A half-open span of time `[start, end)` in the user's offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Window {
    pub start: DateTime<FixedOffset>,
    pub end: DateTime<FixedOffset>,
}

/// Something about the time the user should be asked about instead of guessing.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum TimeProblem {
    /// "31 בפברואר", "25:00": a date/time that does not exist. Never invent a time.
    Impossible,
    /// the only reading is in the past (e.g. "today at 8" said at 21:00): the resolver asks whether
    /// the user meant the next occurrence; `next` is that next occurrence if one exists.
    InPast { next: Option<DateTime<FixedOffset>> },
}

#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Step {
    pub resolver: Resolver,
    pub action: Action,
    pub when: Option<DateTime<FixedOffset>>,
    pub window: Option<Window>,
    pub recurrence: Option<Recurrence>,
    /// a repeat rule the five simple values cannot say, as an RFC 5545 RRULE without the
    /// `RRULE:` prefix ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"); `recurrence` then holds its nearest
    /// simple value (repeat.rs)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rrule: Option<String>,
    pub title: Option<String>,
    pub list: Option<String>,
    pub items: Vec<String>,
    pub query: Option<String>,
    /// "clear Sunday except the standup": titles the step must leave alone
    #[serde(default)]
    pub except: Vec<String>,
    /// "the second one", "מחק את הראשונה": which of the things just shown or just made (1-based;
    /// `usize::MAX` is the last); set from the conversation (plan/refs.rs), not by the rules
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nth: Option<usize>,
    /// the second most likely reading of a low-confidence step (another resolver, its own
    /// slots): what Ozer offers beside this one when it asks instead of guessing
    /// (conversation/clarify.rs)
    #[serde(default)]
    pub alternative: Option<Box<Step>>,
    /// "remind me an hour before" -> the earlier step it refers to (index into steps)
    pub depends_on: Vec<usize>,
    /// 0.0..=1.0; below ~0.6 the pipeline asks the LLM planner (when configured) or the user.
    pub confidence: f32,
    pub time_problem: Option<TimeProblem>,
}

impl Step {
    /// A bare step with no slots; the router fills in what the message gives.
    pub fn new(resolver: Resolver, action: Action, confidence: f32) -> Step {
        Step {
            resolver,
            action,
            when: None,
            window: None,
            recurrence: None,
            rrule: None,
            title: None,
            list: None,
            items: Vec::new(),
            query: None,
            except: Vec::new(),
            nth: None,
            alternative: None,
            depends_on: Vec::new(),
            confidence,
            time_problem: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Understanding {
    pub lang: Lang,
    pub steps: Vec<Step>,
    /// routing hints for the LLM planner: every resolver's pattern score for the whole message,
    /// best first
    pub hints: Vec<(Resolver, f32)>,
}

/// The one entry point: deterministic, no I/O, microseconds.
/// `default_lang` is used when the text has no letters (emoji-only, digits).
/// Whether a list name names the to-do list ("to do", "todo", "משימות"), which is the tasks.
pub fn is_to_do_name(name: &str) -> bool {
    let folded = normalize::fold(name.trim());
    let bare = folded.trim_start_matches("my ").trim_start_matches("the ").trim_end_matches(" list");
    route::TO_DO.contains(&bare)
}

pub fn understand(text: &str, now: DateTime<Tz>, default_lang: Lang) -> Understanding {
    // The rules index words in many places. A message no rule was tried on must not take its
    // turn down with it: if reading it panics, it is a message not understood (the user is asked
    // to say it again, or the planner reads it when there is one) and the bug is logged.
    // (`tests::no_cut_of_a_corpus_message_panics` calls `route::understand` itself, unguarded.)
    match std::panic::catch_unwind(|| route::understand(text, now, default_lang)) {
        Ok(u) => u,
        Err(_) => {
            tracing::error!(
                chars = text.chars().count(),
                "reading a message panicked; it is treated as not understood"
            );
            Understanding { lang: lang::detect(text).unwrap_or(default_lang), steps: Vec::new(), hints: Vec::new() }
        }
    }
}
