//! Builds one step: picks the best (resolver, action) from the schema pattern scores, falls
//! back by the message's shape when nothing matches, and fills the slots that action uses.

use std::ops::Range;

use super::{Msg, Seg};
use crate::understand::normalize::Kind;
use crate::understand::patterns::PatMatch;
use crate::understand::schema::SCHEMAS;
use crate::understand::slots::{list_slots, text_of};
use crate::understand::time::{Found, Grain, TimeMatch, period_end};
use crate::understand::{Action, Resolver, Step, TimeProblem, Window};

/// The winning resolver/action and the pattern matches that made it win.
struct Choice {
    resolver: usize,
    action: Action,
    score: f32,
    runner_up: f32,
    used: Vec<PatMatch>,
}

/// Non-overlapping matches of one action (or nouns), best weight first.
fn pick(mut ms: Vec<PatMatch>) -> (f32, Vec<PatMatch>) {
    ms.sort_by(|a, b| b.weight.total_cmp(&a.weight).then((b.end - b.start).cmp(&(a.end - a.start))));
    let mut used: Vec<PatMatch> = Vec::new();
    for m in ms {
        if used.iter().all(|u| m.end <= u.start || m.start >= u.end) {
            used.push(m);
        }
    }
    (used.iter().map(|m| m.weight).sum(), used)
}

fn choose(msg: &Msg<'_>, seg: Seg) -> Option<Choice> {
    let r = seg.range();
    let in_seg: Vec<PatMatch> = msg
        .pats
        .iter()
        .filter(|m| m.start >= r.start && m.end <= r.end && (!m.anchored || m.start == seg.content))
        .filter(|m| !super::inside_time(msg, m.start) || m.weight >= 0.8)
        .copied()
        .collect();
    let mut scored: Vec<(f32, u8, usize, Action, Vec<PatMatch>)> = Vec::new();
    for (ri, s) in SCHEMAS.iter().enumerate() {
        let nouns: Vec<PatMatch> = in_seg.iter().filter(|m| m.resolver == ri && m.action.is_none()).copied().collect();
        let noun = nouns.iter().copied().max_by(|a, b| a.weight.total_cmp(&b.weight));
        for (ai, a) in s.actions.iter().enumerate() {
            let ms = in_seg.iter().filter(|m| m.resolver == ri && m.action == Some(ai)).copied().collect();
            let (sum, mut used) = pick(ms);
            if sum == 0.0 && (noun.is_none() || a.action != s.default_action) {
                continue;
            }
            let mut score = sum.min(1.3);
            if let Some(n) = noun {
                score += n.weight;
                used.extend(nouns.iter().copied());
            }
            scored.push((score, s.priority, ri, a.action, used));
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.cmp(&a.1)));
    let mut it = scored.into_iter();
    let (score, _, resolver, action, used) = it.next()?;
    let runner_up = it.find(|x| x.2 != resolver).map_or(0.0, |x| x.0);
    Some(Choice { resolver, action, score, runner_up, used })
}

fn is_question(msg: &Msg<'_>, seg: Seg) -> bool {
    let r = seg.range();
    msg.toks[r.clone()].iter().any(|t| t.text == "?")
        || msg.toks.get(r.start).is_some_and(|t| {
            matches!(
                t.text,
                "מה" | "מי"
                    | "איפה"
                    | "מתי"
                    | "איכ"
                    | "כמה"
                    | "האמ"
                    | "what"
                    | "what's"
                    | "whats"
                    | "who"
                    | "where"
                    | "when"
                    | "how"
                    | "which"
            )
        })
}

fn first_time<'a>(msg: &'a Msg<'_>, r: &Range<usize>) -> Option<(&'a TimeMatch, &'a Range<usize>)> {
    msg.times.iter().find_map(|(f, tr)| match f {
        Found::Time(m) if tr.start >= r.start && tr.end <= r.end => Some((m, tr)),
        _ => None,
    })
}

pub(super) fn step(msg: &Msg<'_>, seg: Seg) -> Step {
    let r = seg.range();
    let time = first_time(msg, &r);
    let choice = choose(msg, seg).filter(|c| c.score >= 0.45);
    let (resolver, action, conf, used) = match choice {
        Some(c) => {
            let mut conf = 0.45 + 0.45 * c.score.min(1.0);
            if c.score - c.runner_up < 0.2 {
                conf -= 0.15;
            }
            let mut action = c.action;
            let res = SCHEMAS[c.resolver].resolver;
            if res == Resolver::Calendar && action == Action::Create && is_question(msg, seg) {
                action = Action::Find;
            }
            (res, action, conf, c.used)
        }
        None => fallback(msg, seg, time.is_some()),
    };
    let mut step = Step::new(resolver, action, conf.clamp(0.0, 1.0));
    fill(msg, seg, &mut step, &used, time);
    step
}

fn fallback(msg: &Msg<'_>, seg: Seg, has_time: bool) -> (Resolver, Action, f32, Vec<PatMatch>) {
    let r = seg.range();
    let words = msg.toks[r].iter().filter(|t| matches!(t.kind, Kind::He | Kind::Latin)).count();
    if has_time && words >= 2 && is_question(msg, seg) {
        // "יש לי משהו ביום חמישי בערב?": asking about a time is asking about the calendar
        (Resolver::Calendar, Action::Find, 0.5, Vec::new())
    } else if has_time && words >= 2 {
        (Resolver::Task, Action::Create, 0.5, Vec::new())
    } else if is_question(msg, seg) && words >= 2 {
        (Resolver::Memory, Action::Recall, 0.5, Vec::new())
    } else {
        (Resolver::General, Action::Chat, 0.3, Vec::new())
    }
}

/// A note as said: the original text after the command ("remember that …"), dates and all —
/// "Dana's birthday is March 3" must keep its date, which `leftover` would cut as a time.
fn after_command(msg: &Msg<'_>, r: Range<usize>, used: &[PatMatch]) -> Option<String> {
    let end = used.iter().filter(|m| m.action.is_some() && !m.keep).map(|m| m.end).max()?;
    if end >= r.end {
        return None;
    }
    let said = msg.text[msg.toks[end].start..msg.toks[r.end - 1].end].trim();
    let said = said.trim_start_matches([':', ',', '-', ' ']).trim();
    (!said.is_empty()).then(|| said.to_string())
}

fn window_of(m: &TimeMatch, msg: &Msg<'_>) -> Option<Window> {
    let tz = msg.now.timezone();
    let end = match m.end {
        Some(e) => e,
        None => match m.grain {
            Grain::Day | Grain::Week | Grain::Month | Grain::Year => period_end(m.value, m.grain, tz)?,
            _ => m.value + chrono::Duration::hours(1),
        },
    };
    Some(Window { start: m.value, end })
}

fn fill(msg: &Msg<'_>, seg: Seg, step: &mut Step, used: &[PatMatch], time: Option<(&TimeMatch, &Range<usize>)>) {
    let r = seg.range();
    let in_time = |i: usize| msg.times.iter().any(|(_, tr)| tr.contains(&i));
    let in_cmd = |i: usize| used.iter().any(|m| !m.keep && (m.start..m.end).contains(&i));
    let keep = |i: usize| !in_time(i) && !in_cmd(i);
    let leftover = || text_of(msg.text, msg.toks, r.clone(), &keep);
    let good_time = time.filter(|(m, _)| m.problem != Some(TimeProblem::Impossible));
    step.time_problem = time.and_then(|(m, _)| m.problem.clone());
    if step.time_problem.is_some() {
        step.confidence = step.confidence.min(0.4);
    }
    match (step.resolver, step.action) {
        (Resolver::Task, Action::List) | (Resolver::Calendar, Action::Find) => {
            step.window = good_time.and_then(|(m, _)| window_of(m, msg));
            if step.resolver == Resolver::Calendar {
                step.query = leftover();
            }
        }
        (Resolver::Task | Resolver::Calendar, _) => {
            step.title = leftover();
            if let Some((m, _)) = good_time {
                step.when = Some(m.point.unwrap_or(m.value));
                step.recurrence = m.recurrence;
            }
            if step.action == Action::Create && step.title.is_none() {
                step.confidence -= 0.2;
            }
        }
        (Resolver::List, _) => {
            let verb_end =
                used.iter().filter(|m| m.action.is_some()).min_by_key(|m| m.start).map_or(r.start, |m| m.end);
            let ls = list_slots(msg.text, msg.toks, r.clone(), verb_end, &keep);
            step.list = ls.list;
            if matches!(step.action, Action::Add | Action::Remove) {
                step.items = ls.items;
            }
        }
        (Resolver::Memory, Action::Store) => step.title = after_command(msg, r.clone(), used).or_else(leftover),
        (Resolver::Gmail, Action::Store) => step.title = leftover(),
        // the new fact as said, "now" and all: it replaces the old note's text
        (Resolver::Memory, Action::Update) => step.title = text_of(msg.text, msg.toks, r.clone(), &|_| true),
        (Resolver::Gmail | Resolver::Memory, _) => {
            let q_keep = |i: usize| keep(i) && !(i == r.start && is_question(msg, seg));
            step.query = text_of(msg.text, msg.toks, r.clone(), &q_keep);
        }
        _ => {}
    }
}
