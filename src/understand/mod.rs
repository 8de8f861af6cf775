//! Deterministic understanding (temporary minimal version; replaced by the full module).
//!
//! Owns text -> language + steps. No I/O.

use chrono::{DateTime, FixedOffset};
use chrono_tz::Tz;

pub mod cli;
pub mod lang;
pub use lang::Lang;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Recurrence {
    Daily,
    Weekdays,
    Weekly,
    Monthly,
    Yearly,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Window {
    pub start: DateTime<FixedOffset>,
    pub end: DateTime<FixedOffset>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub enum TimeProblem {
    Impossible,
    InPast { next: Option<DateTime<FixedOffset>> },
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Step {
    pub resolver: Resolver,
    pub action: Action,
    pub when: Option<DateTime<FixedOffset>>,
    pub window: Option<Window>,
    pub recurrence: Option<Recurrence>,
    pub title: Option<String>,
    pub list: Option<String>,
    pub items: Vec<String>,
    pub query: Option<String>,
    pub depends_on: Vec<usize>,
    pub confidence: f32,
    pub time_problem: Option<TimeProblem>,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Understanding {
    pub lang: Lang,
    pub steps: Vec<Step>,
    pub hints: Vec<(Resolver, f32)>,
}

pub fn understand(text: &str, _now: DateTime<Tz>, default_lang: Lang) -> Understanding {
    let lang = lang::detect(text).unwrap_or(default_lang);
    let lower = text.to_lowercase();
    let (resolver, action) = if ["help", "what can you do", "מה אתה יכול", "עזרה"].iter().any(|p| lower.contains(p))
    {
        (Resolver::Meta, Action::Help)
    } else {
        (Resolver::General, Action::Chat)
    };
    let step = Step {
        resolver,
        action,
        when: None,
        window: None,
        recurrence: None,
        title: None,
        list: None,
        items: vec![],
        query: None,
        depends_on: vec![],
        confidence: 0.5,
        time_problem: None,
    };
    Understanding { lang, steps: vec![step], hints: vec![] }
}
