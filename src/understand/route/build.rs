//! Builds one step: picks the best (resolver, action) from the schema pattern scores, falls
//! back by the message's shape when nothing matches, and fills the slots that action uses.

use std::ops::Range;

use super::{Msg, Seg, shape, when};
use crate::understand::normalize::Kind;
use crate::understand::patterns::PatMatch;
use crate::understand::schema::SCHEMAS;
use crate::understand::slots::{list_marker, list_slots, text_of};
use crate::understand::time::{Found, Grain, TimeMatch, period_end};
use crate::understand::{Action, Resolver, Step, TimeProblem, Window};

/// The winning resolver/action and the pattern matches that made it win.
struct Choice {
    resolver: usize,
    action: Action,
    score: f32,
    runner_up: f32,
    /// the best reading of another resolver, if any scored, with its matches
    second: Option<(usize, Action, Vec<PatMatch>)>,
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
        .filter(|m| m.start >= r.start && m.end <= r.end && (!m.anchored || m.start == opens_at(msg, seg)))
        .filter(|m| !super::inside_time(msg, m.start) || m.weight >= 0.8)
        .filter(|m| m.action.is_none() || !shape::someone_did_it(msg, m.start))
        .filter(|m| !dropped_off_at_a_time(msg, m, &r))
        // ("בית משפט השלום", "לשלום": peace with a prefix letter is no greeting)
        .filter(|m| {
            SCHEMAS[m.resolver].resolver != Resolver::General
                || !matches!(msg.toks[m.start].text, "השלומ" | "בשלומ" | "לשלומ" | "מהשלומ")
        })
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
            // small talk words do not add up: "היי … תודה" around a request is still the request
            let sum = match s.resolver {
                Resolver::General => used.iter().map(|m| m.weight).fold(0.0, f32::max),
                _ => sum,
            };
            let mut score = sum.min(1.3);
            if let Some(n) = noun {
                score += n.weight;
                used.extend(nouns.iter().copied());
            }
            scored.push((score, s.priority, ri, a.action, used));
        }
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.cmp(&a.1)));
    verb_first(&mut scored, seg.content, is_question(msg, seg));
    greeting_first(msg, &mut scored, seg);
    let mut it = scored.into_iter();
    let (score, _, resolver, action, used) = it.next()?;
    let second = it.find(|x| x.2 != resolver);
    let runner_up = second.as_ref().map_or(0.0, |x| x.0);
    let second = second.map(|x| (x.2, x.3, x.4));
    Some(Choice { resolver, action, score, runner_up, second, used })
}

type Scored = (f32, u8, usize, Action, Vec<PatMatch>);

/// Where a step's words open, after a "please" ("Please remember: …").
fn opens_at(msg: &Msg<'_>, seg: Seg) -> usize {
    let polite = msg.toks.get(seg.content).is_some_and(|t| matches!(t.text, "please" | "pls" | "plz" | "kindly"));
    if polite && seg.content + 1 < seg.end { seg.content + 1 } else { seg.content }
}

/// A reading too weak to stand against a report, or only the thanks of a sentence or a clause
/// after it ("paid the rent. thank you.", "took them, thank you").
fn weak_or_thanks(msg: &Msg<'_>, seg: Seg, c: &Choice) -> bool {
    let stop = (seg.content..seg.end).find(|&k| matches!(msg.toks[k].text, "." | "!" | ","));
    let after_stop = |m: &PatMatch| stop.is_some_and(|s| m.start > s && m.start + 4 >= seg.end);
    c.score < 0.6 || (SCHEMAS[c.resolver].resolver == Resolver::General && c.used.iter().all(after_stop))
}

/// "saturday at 5pm drop the minibus at the mechanic": "drop" at an hour, with no list said, is
/// taking something somewhere, not a thing off a list.
fn dropped_off_at_a_time(msg: &Msg<'_>, m: &PatMatch, r: &Range<usize>) -> bool {
    SCHEMAS[m.resolver].resolver == Resolver::List
        && m.action.is_some()
        && msg.toks[m.start].text == "drop"
        && !msg.toks[r.clone()].iter().any(|t| matches!(t.text, "list" | "from" | "lists"))
        && msg.times.iter().any(|(f, tr)| {
            tr.start >= r.start && tr.end <= r.end && matches!(f, Found::Time(t) if t.grain < Grain::Day)
        })
}

/// Nouns alone chose the reading, but the step opens with a word none of them covers followed
/// by a determiner ("drop the meeting with Sigal"): a verb Ozer does not know, so the default
/// action of the noun is a guess.
fn unknown_verb(msg: &Msg<'_>, seg: Seg, used: &[PatMatch]) -> bool {
    let i = seg.content;
    let nouns_only = used.iter().all(|m| m.action.is_none() || m.weight < 0.5);
    let covered = used.iter().any(|m| (m.start..m.end).contains(&i)) || super::inside_time(msg, i);
    let det = msg
        .toks
        .get(i + 1)
        .is_some_and(|t| matches!(t.text, "the" | "my" | "a" | "an" | "our" | "all" | "every" | "את" | "לי" | "כל"));
    nouns_only && !covered && msg.toks.get(i).is_some_and(|t| t.is_word()) && det
}

/// The verb that opens a step is its action: "delete all the tasks I finished", "remind me to
/// book a dinner with Noa", "finished reading the book". When the best reading's first verb
/// comes later in the step, a reading whose verb stands at the step's start wins instead.
/// A question ("do I have any reminders today?") is read by what it asks about, not its opening.
fn verb_first(scored: &mut [Scored], start: usize, question: bool) {
    let any_verb = |x: &Scored| x.4.iter().filter(|m| m.action.is_some()).map(|m| m.start).min();
    let strong_verb = |x: &Scored| x.4.iter().filter(|m| m.action.is_some() && m.weight >= 0.5).map(|m| m.start).min();
    let Some(top_at) = scored.first().and_then(any_verb) else { return };
    // "תקבע לי תזכורת": words right after the opening one still belong to its phrase
    if question || top_at <= start + 1 {
        return;
    }
    // …unless the best reading is far stronger ("תורידי את מועדון הספר מהיומן")
    let top = scored[0].0;
    // (a greeting that opens the message is no verb: "היי, תזכיר לי…" is the reminder)
    let chat = |x: &Scored| SCHEMAS[x.2].resolver == Resolver::General;
    if let Some(k) =
        scored.iter().position(|x| x.0 >= 0.5 && x.0 >= 0.6 * top && strong_verb(x) == Some(start) && !chat(x))
    {
        scored.swap(0, k);
    }
}

/// "בוקר טוב תרשום לי ב-9 להזמין חלקים": a greeting that opens the step, with no comma after
/// it, is still no request; a command said after it, with a time, is the step.
fn greeting_first(msg: &Msg<'_>, scored: &mut [Scored], seg: Seg) {
    let Some(top) = scored.first() else { return };
    let chat = SCHEMAS[top.2].resolver == Resolver::General;
    let greeting_only = top.4.iter().all(|m| m.start <= seg.content + 1 && m.action.is_some());
    if !chat || !greeting_only {
        return;
    }
    let greet_end = top.4.iter().map(|m| m.end).max().unwrap_or(seg.content);
    // (with a time to do it at: "ערב טוב, תודה על התזכורת" only thanks)
    if !msg.times.iter().any(|(_, tr)| tr.start >= greet_end && tr.end <= seg.end) {
        return;
    }
    if let Some(k) = scored.iter().position(|x| {
        SCHEMAS[x.2].resolver != Resolver::General
            && x.4.iter().any(|m| m.action.is_some() && m.weight >= 0.5 && m.start >= greet_end)
    }) {
        scored.swap(0, k);
    }
}

fn is_question(msg: &Msg<'_>, seg: Seg) -> bool {
    let r = seg.range();
    // ("איזה תורים יש לי מחר? ותוסיפי …": the question mark may close the step from outside)
    msg.toks[r.clone()].iter().any(|t| t.text == "?")
        || (r.end > r.start && msg.toks.get(r.end).is_some_and(|t| t.text == "?"))
        || opens_with_a_question_word(msg, r.start)
}

/// The word at `k` asks ("what", "מתי", "…ומה").
fn opens_with_a_question_word(msg: &Msg<'_>, k: usize) -> bool {
    msg.toks.get(k).is_some_and(|t| {
        // ("…ומה הקוד של האזעקה": a second question glued to its "and")
        let w = if t.kind == Kind::He && t.text.chars().count() >= 3 {
            t.text.strip_prefix('ו').unwrap_or(t.text)
        } else {
            t.text
        };
        matches!(
            w,
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
                | "who's"
                | "where"
                | "where's"
                | "when"
                | "when's"
                | "how"
                | "how's"
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

/// The step's time: its first, unless that one is said in a reason before the command ("the
/// banker can't make it this week, take off the meeting from Tuesday", "i'm on nights thursday
/// so cancel the dinner on friday") and the command says its own.
fn step_time<'a>(msg: &'a Msg<'_>, r: &Range<usize>) -> Option<(&'a TimeMatch, &'a Range<usize>)> {
    let first = first_time(msg, r)?;
    // "יוצא למשמרת עכשיו תזכיר לי בעוד שעתיים": "now" told of the user, and a time for the step
    let said_now = first.1.clone().all(|k| matches!(msg.toks[k].text, "now" | "right" | "עכשיו" | "כרגע"));
    if said_now && let Some(later) = first_time(msg, &(first.1.end..r.end)) {
        return Some(later);
    }
    match command_after_a_reason(msg, &(first.1.end..r.end)) {
        Some(v) => first_time(msg, &(v..r.end)).or(Some(first)),
        None => Some(first),
    }
}

/// Where the command starts when words telling why come before it in `r`, ended by a comma,
/// "so" or a full stop ("the banker can't this week, take off …").
fn command_after_a_reason(msg: &Msg<'_>, r: &Range<usize>) -> Option<usize> {
    let v = msg
        .pats
        .iter()
        .filter(|m| m.start >= r.start && m.start < r.end && m.action.is_some() && m.weight >= 0.5)
        .map(|m| m.start)
        .min()?;
    (r.start..v).any(|k| matches!(msg.toks[k].text, "," | "so" | "אז" | ".")).then_some(v)
}

/// "new list: consent forms missing - Amira, Tom B, Kofi": a dash before a series of two or more
/// ends a new list's name, and the series is its items.
fn split_a_dash_series(step: &mut Step) {
    let Some((name, rest)) = step.list.as_deref().and_then(|l| l.split_once(" - ")) else { return };
    let items: Vec<String> = rest
        .split(',')
        .flat_map(|p| p.split(" and "))
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect();
    if rest.contains(',') && items.len() >= 2 && !name.trim().is_empty() {
        step.list = Some(name.trim().to_string());
        step.items = items;
    }
}

/// The ends of a report that ask to mark it done ("…, אפשר לסמן", "…, you can mark it").
const MARK_TAILS: &[&str] = &[
    "אפשר לסמן",
    "תסמן",
    "תסמני",
    "לסמן",
    "אפשר לסגור",
    "you can mark it",
    "you can mark it done",
    "mark it done",
    "mark it",
    "so mark it",
    // (what "you can mark it" leaves once its command words are read)
    ", you",
];

/// A word in a command that points back at something told before it: the words that point
/// back at a thing ("it", "זה", "אותו") and those at a person ("him", "איתו", "שלה").
fn points_back_to_a_reason(t: &str) -> bool {
    super::points_back(t)
        || matches!(t, "him" | "her" | "איתו" | "איתה" | "איתמ" | "איתנ" | "שלו" | "שלה" | "שלהמ" | "זאת")
}

pub(super) fn step(msg: &Msg<'_>, seg: Seg) -> Step {
    // "clear Sunday except the standup": the exceptions are a slot of their own, and the words
    // before them decide what the step is
    let exc = shape::exception_at(msg, seg);
    let body = Seg { end: exc.map_or(seg.end, |(m, _)| m), ..seg };
    let r = body.range();
    let choice = choose(msg, body).filter(|c| c.score >= 0.45);
    let strong = choice.as_ref().is_some_and(|c| c.score >= 0.9);
    let time = step_time(msg, &r);
    let second = choice.as_ref().and_then(|c| c.second.clone());
    let (resolver, action, conf, used) = if let Some(about_ozer) = shape::how_to(msg, body).filter(|_| !strong) {
        // "how do I add a reminder?" asks about Ozer; "how do I get wine out of a shirt?" is
        // a question about the world
        if about_ozer {
            (Resolver::Meta, Action::Help, 0.7, Vec::new())
        } else {
            (Resolver::General, Action::Chat, 0.7, Vec::new())
        }
    } else if !strong && shape::asks_outside(msg, body) {
        (Resolver::General, Action::Chat, 0.7, Vec::new())
    } else if shape::vents(msg, body) {
        (Resolver::General, Action::Chat, 0.6, Vec::new())
    } else if let Some(ti) = shape::clears_window(msg, body).filter(|_| !strong || exc.is_some()) {
        let time = msg.times.get(ti).map(|(f, tr)| (f, tr.clone()));
        let mut step = Step::new(Resolver::Calendar, Action::Delete, if exc.is_some() { 0.8 } else { 0.7 });
        if let Some((Found::Time(m), _)) = time {
            step.window = window_of(m, msg);
        }
        if let Some((_, from)) = exc {
            step.except = shape::exceptions(msg, from, seg.end);
        }
        return step;
    } else if let Some((thing, m)) = shape::move_told(msg, body)
        .filter(|_| !strong || choice.as_ref().is_some_and(|c| SCHEMAS[c.resolver].resolver == Resolver::Memory))
    {
        // "the consult got moved to Tuesday 2:45, update it": news of a move is the move
        let resolver = if shape::names_task(msg, body) { Resolver::Task } else { Resolver::Calendar };
        // (a meeting, a meal or someone to meet is surely an event; "training got moved" may
        // be one of the user's reminders, which the reading beside it names)
        let sure = resolver == Resolver::Task || shape::says_with(msg, body) || shape::names_an_appointment(msg, body);
        let mut step = Step::new(resolver, Action::Update, if sure { 0.7 } else { 0.55 });
        step.when = Some(m.point.unwrap_or(m.value));
        let words = |i: usize| !super::inside_time(msg, i);
        step.title = crate::understand::slots::text_of(msg.text, msg.toks, thing, &words);
        if resolver == Resolver::Calendar {
            step.query = step.title.clone();
        }
        if !sure {
            step.alternative = Some(Box::new(Step { resolver: Resolver::Task, query: None, ..step.clone() }));
        }
        return step;
    } else if !strong && time_then_to_do(msg, body) {
        // "and in 3 hours to move the car", "also at 6 to call the bank": a time and then "to"
        // and what to do is the reminder's own shape, whatever verb follows
        (Resolver::Task, Action::Create, 0.75, Vec::new())
    } else if let Some((ti, wrong)) = shape::corrects_to(msg, body).filter(|_| !strong) {
        // "לא ביום שני, ביום שלישי": the thing just said, at the new time; the day said wrong
        // says which thing, when nothing was just said
        let mut step = Step::new(Resolver::Task, Action::Update, 0.6);
        if let Some((Found::Time(m), _)) = msg.times.get(ti) {
            step.when = Some(m.point.unwrap_or(m.value));
        }
        if let Some((Found::Time(m), _)) =
            wrong.and_then(|k| msg.times.get(k)).filter(|(f, _)| matches!(f, Found::Time(m) if m.grain >= Grain::Day))
        {
            step.window = window_of(m, msg);
        }
        return step;
    } else if let Some((right, wrong, thing)) = shape::corrects_its_day(msg, body).filter(|_| !strong) {
        // "her bday is wednesday not thursday": the thing named moves to the right day, at its
        // own hour; the wrong day says which one, when the name does not
        let mut step = Step::new(Resolver::Task, Action::Update, 0.65);
        if let Some((Found::Time(m), _)) = msg.times.get(right) {
            step.when = Some(m.point.unwrap_or(m.value));
        }
        if let Some((Found::Time(m), _)) =
            msg.times.get(wrong).filter(|(f, _)| matches!(f, Found::Time(m) if m.grain >= Grain::Day))
        {
            step.window = window_of(m, msg);
        }
        step.title = crate::understand::slots::text_of(msg.text, msg.toks, thing, &|_| true);
        return step;
    } else if let Some(thing) = shape::done_state(msg, body)
        .filter(|_| choice.as_ref().is_none_or(|c| weak_or_thanks(msg, body, c)))
        .map(|(thing, _)| thing)
    {
        // "batteries are charged already actually": the thing told as done is done
        let mut step = Step::new(Resolver::Task, Action::Complete, 0.65);
        step.title = crate::understand::slots::text_of(msg.text, msg.toks, thing, &|_| true);
        return step;
    } else if let Some(verb) = shape::report_verb(msg, body)
        .filter(|_| choice.as_ref().is_none_or(|c| weak_or_thanks(msg, body, c)))
        .filter(|verb| !(ahead(msg, time.map(|(m, _)| m)) && shape::arranges(msg, verb.clone())))
    {
        // told with a feeling ("…והברכיים שלי מתות 😂", "…, feeling pretty good"), it may only be
        // telling how the day went: still the thing done, but not sure
        let conf = if shape::told_with_feeling(msg) { 0.55 } else { 0.65 };
        (Resolver::Task, Action::Complete, conf, vec![report_match(verb)])
    } else {
        match choice {
            Some(c) => {
                let mut conf = 0.45 + 0.45 * c.score.min(1.0);
                if c.score - c.runner_up < 0.2 {
                    conf -= 0.15;
                }
                if unknown_verb(msg, body, &c.used) {
                    conf = conf.min(0.5);
                }
                let mut action = c.action;
                let mut res = SCHEMAS[c.resolver].resolver;
                // ("what's the ceiling at Lake Hood right now", "מה טמפרטורת המים באילת עכשיו?":
                // the world right now, of nothing of the user's)
                if res == Resolver::General
                    && time.is_some()
                    && is_question(msg, body)
                    && !world_now(msg, body, time.map(|(m, _)| m))
                {
                    // "מה קורה מחר", "what's up tomorrow": asking what happens at a time
                    res = Resolver::Calendar;
                    action = Action::Find;
                    conf = conf.min(0.55);
                }
                if res == Resolver::Calendar && action == Action::Create && is_question(msg, body) {
                    action = Action::Find;
                }
                // "ביום ראשון תרשמי לי ארוחה עם הצוות באחת וחצי", "put down lunch with Dana on
                // Friday at 1": writing down a meeting or a meal at a time puts it in the calendar
                if res == Resolver::Task
                    && action == Action::Create
                    && time.is_some()
                    && c.used.iter().all(|m| writes_down(msg, m))
                    && shape::names_an_appointment(msg, body)
                {
                    res = Resolver::Calendar;
                }
                (res, action, conf, c.used)
            }
            // ("השוכר שלח לי הודעה באמצע הלילה…": a thing someone sent is told, whatever its
            // time, and asks for nothing)
            None if r.clone().any(|k| shape::someone_did_it(msg, k)) => {
                return Step::new(Resolver::General, Action::Chat, 0.55);
            }
            None => {
                let (res, act, conf, used) = fallback(msg, body, time.map(|(m, _)| m));
                let mut step = Step::new(res, act, conf);
                fill(msg, body, &mut step, &used, time.map(|(m, _)| m));
                // "make grandpa 5": the bare hour is the new time, not a word of the thing's name
                if step.action == Action::Update
                    && step.when.is_none()
                    && let Some((_, m)) = moves_to_a_new_time(msg, body)
                {
                    step.when = Some(m.point.unwrap_or(m.value));
                    if let Some(t) = step.title.as_deref() {
                        // ("make loading the van 5 not 4": the old hour and "not" go too)
                        let words: Vec<&str> = t.split_whitespace().collect();
                        let hour_or_not = |w: &&&str| **w == "not" || w.chars().all(|c| c.is_ascii_digit() || c == ':');
                        let keep = words.len() - words.iter().rev().take_while(hour_or_not).count();
                        if keep > 0 && keep < words.len() {
                            step.title = Some(words[..keep].join(" "));
                        }
                    }
                }
                step.alternative = fallback_alternative(msg, body, &step, &used, time.map(|(m, _)| m));
                return step;
            }
        }
    };
    let (resolver, action) = if resolver == Resolver::Task && action == Action::Delete && shape::from_a_list(msg, body)
    {
        (Resolver::List, Action::Remove)
    } else if resolver == Resolver::List
        && action == Action::Add
        && msg.times.iter().any(|(f, tr)| {
            matches!(f, Found::Time(m) if m.grain < Grain::Day) && tr.start >= r.start && tr.end <= r.end
        })
        && list_marker(msg.toks, r.clone()).is_none()
        && !shape::glued_list(msg, body)
    {
        // "add tomorrow a run with Nir at 6", "add a sync with Hadar on tuesday at 2": added at
        // a time of day, to no list, is an event
        (Resolver::Calendar, Action::Create)
    } else {
        (resolver, action)
    };
    // "the meeting with Boaz is now at 3": a new time of day stated for a meeting is a move of
    // that event, not a note's new value ("now" there is part of "is now", not the time)
    let stated = msg.times.iter().any(|(f, tr)| {
        matches!(f, Found::Time(m) if m.grain < Grain::Day)
            && tr.start >= r.start
            && tr.end <= r.end
            && !(tr.len() == 1 && matches!(msg.toks[tr.start].text, "now" | "עכשיו"))
    });
    let (resolver, action) =
        if resolver == Resolver::Memory && action == Action::Update && stated && shape::names_an_appointment(msg, body)
        {
            (Resolver::Calendar, Action::Update)
        } else {
            (resolver, action)
        };
    // "rename call bank to call bank about mortgage": renaming with no list named is of a task
    let (resolver, action) = if resolver == Resolver::List
        && action == Action::Update
        && list_marker(msg.toks, r.clone()).is_none()
        && !shape::glued_list(msg, body)
    {
        (Resolver::Task, Action::Update)
    } else {
        (resolver, action)
    };
    // "תסמן שהחזרתי את הספר": marking that something was done completes it
    let marks_done = |k: usize| {
        matches!(msg.toks.get(k).map(|t| t.text), Some("תסמנ" | "תסמני" | "סמנ" | "סמני"))
            && msg
                .toks
                .get(k + 1)
                .is_some_and(|t| t.kind == Kind::He && t.text.starts_with('ש') && t.text.chars().count() >= 5)
    };
    // (…on a list: "תסמן שקניתי את הגבינה ברשימת הקניות" checks it off there)
    let (resolver, action) = if marks_done(body.content) && list_marker(msg.toks, r.clone()).is_none() {
        (Resolver::Task, Action::Complete)
    } else {
        (resolver, action)
    };
    // "תרשום לי בקניות: עגבניות, מלפפונים": a name glued to "ב"/"ל" right before a colon, and
    // a series after it, is a list and its things
    let (resolver, action) = if glued_name_then_colon(msg, body) && time.is_none() && resolver != Resolver::List {
        (Resolver::List, Action::Add)
    } else {
        (resolver, action)
    };
    // "grocery list: bread, milk and bananas", "רשימת קניות: עגבניות, מלפפונים": a list's name,
    // a colon and things after it, with no verb, puts the things on the list
    let (resolver, action) = if resolver == Resolver::List
        && action == Action::Show
        && !is_question(msg, body)
        && let Some(k) = list_marker(msg.toks, r.clone())
        && let Some(colon) = (k + 1..r.end).find(|&i| msg.toks[i].text == ":")
        && (colon + 1..r.end).any(|i| msg.toks[i].is_word())
        && (k + 1..colon).filter(|&i| msg.toks[i].is_word()).count() <= 5
    {
        (Resolver::List, Action::Add)
    } else {
        (resolver, action)
    };
    // "מה יש לי מחר בתזכורות", "what's on tomorrow in my reminders": asking what is on a day in
    // the reminders, not the calendar, lists the tasks
    let (resolver, action) = if resolver == Resolver::Calendar
        && action == Action::Find
        && shape::names_task(msg, body)
        && !shape::names_calendar(msg, body)
    {
        (Resolver::Task, Action::List)
    } else {
        (resolver, action)
    };
    // "make the landlord reminder 10 instead", "את התזכורת של בעל הדירה תעשה ב-10 במקום": a new
    // time for a reminder the user already has moves it
    let moved_reminder =
        resolver == Resolver::Task && action == Action::Create && time.is_some() && shape::the_reminder_had(msg, body);
    let action = if moved_reminder { Action::Update } else { action };
    let moves_a_meeting = matches!(action, Action::Delete | Action::Update)
        && (met_at(msg, &r) || (action == Action::Delete && shape::cancels_event(msg, body, time.is_some(), &used)));
    // "תוריד את הפגישה עם הבנקאי מיום שלישי", "תמחקי את השיעור הפרטי של יום שני", "delete my
    // lunch with Dana tomorrow": a meeting, a meal or a lesson taken away, on a day or with
    // someone, with no list or reminder named, comes off the calendar
    let takes_off_a_meeting = matches!(resolver, Resolver::Task | Resolver::List)
        && matches!(action, Action::Delete | Action::Remove)
        && (time.is_some() || shape::says_with(msg, body))
        && shape::names_an_appointment(msg, body)
        && !shape::names_task(msg, body)
        && list_marker(msg.toks, body.range()).is_none();
    let action = if takes_off_a_meeting { Action::Delete } else { action };
    let resolver = if (resolver == Resolver::Task && moves_a_meeting) || takes_off_a_meeting {
        Resolver::Calendar
    } else if resolver == Resolver::Calendar
        && matches!(action, Action::Update | Action::Delete)
        && shape::names_task(msg, body)
    {
        // "תזיז את התזכורת של הטיסה": the step names the reminder, whatever it is about
        Resolver::Task
    } else {
        resolver
    };
    let mut step = Step::new(resolver, action, conf.clamp(0.0, 1.0));
    fill(msg, body, &mut step, &used, time.map(|(m, _)| m));
    // "i'm on nights so cancel the dinner with Lior": the reason told before the command is no
    // part of which thing, unless the thing points back into it ("…, take off the meeting
    // with him")
    if matches!(step.action, Action::Delete | Action::Update)
        && let Some(v) = command_after_a_reason(msg, &r)
        && !(v..r.end).any(|k| points_back_to_a_reason(msg.toks[k].text))
        && let Some(t) = step.title.as_deref()
        && let Some(cut) = [", ", " so ", " אז ", ". "].iter().filter_map(|p| t.find(p).map(|i| i + p.len())).min()
    {
        let rest = t[cut..].trim().to_string();
        if !rest.is_empty() {
            if step.query == step.title {
                step.query = Some(rest.clone());
            }
            step.title = Some(rest);
        }
    }
    // "מתחתי כבר, אפשר לסמן", "called the plumber, you can mark it": the words asking to mark
    // it done are no part of what was done
    if step.action == Action::Complete
        && let Some(t) = step.title.as_deref()
    {
        let lower = t.to_lowercase();
        let cut = MARK_TAILS.iter().filter_map(|tail| lower.strip_suffix(tail).map(str::len)).min();
        // (the cut is measured on the lowered text: a title whose lowering changes its length
        // is left whole rather than cut off a character's edge)
        if let Some(kept) = cut.and_then(|cut| t.get(..cut)) {
            let kept = kept.trim().trim_end_matches([',', '.', '-']).trim();
            let kept = kept.strip_suffix(" so").or_else(|| kept.strip_suffix(" אז")).unwrap_or(kept).trim();
            step.title = (!kept.is_empty()).then(|| kept.to_string());
        }
    }
    if moved_reminder {
        // the words that say to make it so are no part of which reminder
        step.title = step.title.as_deref().and_then(|t| {
            let kept: Vec<&str> =
                t.split_whitespace().filter(|w| !SETS_TO.contains(&w.to_lowercase().as_str())).collect();
            (!kept.is_empty()).then(|| kept.join(" "))
        });
        step.confidence = step.confidence.max(UNSURE);
        step.alternative = None;
        return step;
    }
    // "actually make the shift one 6:15": the thing is every word between "make" and its new
    // time, even one that is also a verb of moving ("shift")
    if step.action == Action::Update
        && let Some((verb, _)) = moves_to_a_new_time(msg, body)
        && msg.toks[verb.start].text == "make"
        && let Some(thing) = thing_made(msg, verb.end, body.end)
    {
        step.title = Some(thing);
        // (a new time for a thing that is no meeting or meal is a reminder's, and no list's)
        if !shape::names_an_appointment(msg, body) {
            step.resolver = Resolver::Task;
        }
        step.query = (step.resolver == Resolver::Calendar).then(|| step.title.clone()).flatten();
        step.confidence = step.confidence.max(UNSURE);
        step.alternative = None;
        return step;
    }
    // "תרשום לי היום ב11 אצל כהן סתימה בכיור": written down at an hour of a day, with no list
    // named, is a reminder; a list keeps no hours
    let timed_note = resolver == Resolver::Task
        && step.action == Action::Create
        && time.is_some_and(|(m, _)| m.grain < Grain::Day && m.problem.is_none())
        && !(body.content..body.end).any(|k| {
            let t = msg.toks[k].text;
            t == "list" || (msg.toks[k].kind == Kind::He && t.contains("רשימ"))
        });
    if timed_note
        && let Some((ri, _, _)) = &second
        && SCHEMAS[*ri].resolver == Resolver::List
    {
        step.confidence = step.confidence.max(UNSURE);
    }
    if step.confidence < UNSURE
        && let Some((ri, a, used2)) = second
        && SCHEMAS[ri].resolver != resolver
    {
        let mut alt = Step::new(SCHEMAS[ri].resolver, a, step.confidence);
        fill(msg, body, &mut alt, &used2, time.map(|(m, _)| m));
        step.alternative = Some(Box::new(alt));
    }
    if let Some((_, from)) = exc {
        step.except = shape::exceptions(msg, from, seg.end);
    }
    // "move the department meeting from tuesday to friday at 3:30", "תזיז את הישיבה מיום ראשון
    // ליום שני ב-4", "…של יום רביעי ליום חמישי": the day it is moved from says which one
    if step.action == Action::Update
        && step.window.is_none()
        && let Some(to) = step.when
        && let Some(m) = moved_from_day(msg, &r, to)
    {
        step.window = window_of(m, msg);
    }
    // "cancel my 10am with Jake tomorrow": which event is searched for on its day
    if step.resolver == Resolver::Calendar
        && step.action == Action::Delete
        && step.window.is_none()
        && let Some(when) = step.when
    {
        step.window = day_of(when, msg.now.timezone());
    }
    step
}

/// A day said with "from" ("from tuesday", "מיום ראשון", "of wednesday": "של יום רביעי")
/// before the new time `to`, on another date: the day a thing is moved from.
fn moved_from_day<'a>(
    msg: &'a Msg<'_>,
    r: &Range<usize>,
    to: chrono::DateTime<chrono::FixedOffset>,
) -> Option<&'a TimeMatch> {
    let tz = msg.now.timezone();
    msg.times.iter().find_map(|(f, tr)| {
        let Found::Time(m) = f else { return None };
        let first = msg.toks.get(tr.start)?;
        let before = tr.start.checked_sub(1).map_or("", |b| msg.toks[b].text);
        let from = matches!(before, "from" | "של" | "on") || (first.kind == Kind::He && first.text.starts_with('מ'));
        (tr.start >= r.start
            && tr.end <= r.end
            && from
            && m.grain == Grain::Day
            && m.recurrence.is_none()
            && m.value.with_timezone(&tz).date_naive() != to.with_timezone(&tz).date_naive())
        .then_some(m)
    })
}

/// The local day [00:00, next 00:00) that holds `when`.
fn day_of(when: chrono::DateTime<chrono::FixedOffset>, tz: chrono_tz::Tz) -> Option<Window> {
    crate::understand::time::day_around(when, tz).map(|(start, end)| Window { start, end })
}

/// A step that continues the one before it with a time of its own ("… and at 8 to email the
/// teacher"): read as the same resolver and action.
pub(super) fn like(msg: &Msg<'_>, seg: Seg, prev: &Step) -> Step {
    let time = first_time(msg, &seg.range()).map(|(m, _)| m);
    let mut step = Step::new(prev.resolver, prev.action, prev.confidence.min(0.75));
    fill(msg, seg, &mut step, &[], time);
    // "…ושמן זית לרשימת המזווה": the "and" glued to the first item was the split
    let vav = msg.toks.get(seg.start).is_some_and(|t| t.kind == Kind::He && t.text.starts_with('ו'));
    if vav && let Some(first) = step.items.first_mut() {
        *first = first.strip_prefix('ו').unwrap_or(first).to_string();
    }
    step
}

/// Below this confidence a step is a guess: the pipeline asks (the LLM planner when there is one,
/// else the user) rather than act on it.
pub const UNSURE: f32 = 0.6;

/// A step read by its shape alone (a time and some words) is a reminder or an event, a question
/// about a day is the calendar or the task list: the other reading of each.
fn fallback_alternative(
    msg: &Msg<'_>,
    seg: Seg,
    step: &Step,
    used: &[PatMatch],
    time: Option<&TimeMatch>,
) -> Option<Box<Step>> {
    let (res, act) = match (step.resolver, step.action) {
        (Resolver::Task, Action::Create) => (Resolver::Calendar, Action::Create),
        (Resolver::Calendar, Action::Find) => (Resolver::Task, Action::List),
        (Resolver::Calendar, Action::Create) => (Resolver::Task, Action::Create),
        _ => return None,
    };
    let mut alt = Step::new(res, act, step.confidence);
    fill(msg, seg, &mut alt, used, time);
    Some(Box::new(alt))
}

/// "cancel my 3pm with Jenna", "תזיז את השתיים עם דנה": a time *with* someone names an event.
fn met_at(msg: &Msg<'_>, r: &Range<usize>) -> bool {
    msg.times.iter().any(|(f, tr)| {
        matches!(f, Found::Time(m) if m.grain < Grain::Day)
            && tr.start >= r.start
            && tr.end < r.end
            && matches!(msg.toks[tr.end].text, "with" | "עמ")
    })
}

/// The opening words of a past-tense report, as the command words a title leaves out.
fn report_match(r: Range<usize>) -> PatMatch {
    opening_match(r, Resolver::Task, Action::Complete)
}

/// Opening words read as the command of `resolver`/`action`, so the title leaves them out.
fn opening_match(r: Range<usize>, resolver: Resolver, action: Action) -> PatMatch {
    let ri = SCHEMAS.iter().position(|s| s.resolver == resolver).unwrap_or(0);
    let ai = SCHEMAS[ri].actions.iter().position(|a| a.action == action);
    PatMatch {
        resolver: ri,
        action: ai,
        weight: 0.6,
        start: r.start,
        end: r.end,
        anchored: false,
        keep: false,
        after_vav: false,
    }
}

/// "make the mom one", "make my dentist appointment": the thing, when a title says to make an
/// existing one (at a new time) rather than to make something.
fn made_at_a_new_time(title: &str, said: &str) -> Option<String> {
    let lower = title.to_lowercase();
    let said = said.to_lowercase();
    let said: Vec<&str> = said.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).collect();
    // ("the NEA one change to 4pm": the thing named as "the X one", then the verb of changing it)
    if let [thing @ .., "one", "change" | "changed" | "move" | "moved" | "switch" | "shift" | "push" | "bump"] =
        lower.split_whitespace().collect::<Vec<_>>().as_slice()
        && !thing.is_empty()
    {
        return Some(thing.join(" "));
    }
    let made = lower.strip_prefix("make the ").or_else(|| lower.strip_prefix("make my "));
    // ("put the PDP one at 10am": another verb before "the X one", which the title lost)
    let Some(rest) = made else {
        let words: Vec<&str> = lower.split_whitespace().collect();
        let named = words.len() <= 2
            && said
                .windows(words.len() + 2)
                .any(|w| w[0] == "the" && w[1..=words.len()] == words[..] && w[words.len() + 1] == "one");
        return named.then(|| words.join(" "));
    };
    let words: Vec<&str> = rest.split_whitespace().collect();
    match words.as_slice() {
        [thing @ .., "one" | "reminder" | "thing"] if !thing.is_empty() => Some(thing.join(" ")),
        [thing @ .., "call" | "meeting" | "appointment"] if !thing.is_empty() => Some(words.join(" ")),
        // "make the NAS one monday instead": the title lost its "one" at its edge, the words
        // said still have it
        _ => {
            let at = said.windows(words.len() + 1).position(|w| w[..words.len()] == words[..])?;
            matches!(said.get(at + words.len()), Some(&("one" | "reminder" | "thing"))).then(|| words.join(" "))
        }
    }
}

/// A draft said, or sending said not to happen.
fn says_draft(msg: &Msg<'_>, r: &Range<usize>) -> bool {
    let words: Vec<&str> = msg.toks[r.clone()].iter().map(|t| t.text).collect();
    let said = |a: &str, b: &str| words.windows(2).any(|w| w[0] == a && w[1] == b);
    words.iter().any(|w| matches!(*w, "draft" | "טיוטה" | "טיוטת"))
        || said("don't", "send")
        || said("dont", "send")
        || said("not", "send")
        || said("אל", "תשלח")
        || said("אל", "תשלחי")
        || said("לא", "לשלוח")
        || said("בלי", "לשלוח")
}

/// A calendar query without the "when is the" / "מתי" that asks it ("when is the dinner at my
/// parents" looks for "dinner at my parents").
fn without_when(query: &str) -> Option<String> {
    let words: Vec<&str> = query.split_whitespace().collect();
    let mut k = 0;
    if words.first().is_some_and(|w| matches!(w.to_lowercase().as_str(), "when" | "when's" | "whens" | "מתי" | "ומתי"))
    {
        k = 1;
        while words
            .get(k)
            .is_some_and(|w| matches!(w.to_lowercase().as_str(), "is" | "are" | "was" | "the" | "my" | "our"))
        {
            k += 1;
        }
    }
    let rest = words[k..].join(" ");
    (!rest.is_empty()).then_some(rest)
}

/// Whether a calendar query is nothing but the words of asking ("what does … like", "how's",
/// "איך נראה … שלי").
fn only_question_words(query: &str) -> bool {
    const ASKING: &[&str] = &[
        "what",
        "what's",
        "whats",
        "does",
        "do",
        "did",
        "how",
        "how's",
        "hows",
        "is",
        "are",
        "look",
        "looks",
        "looking",
        "like",
        "my",
        "the",
        "going",
        "gonna",
        "be",
        // "what's happening tomorrow?", "anything planned", "מה קורה מחר"
        "happening",
        "anything",
        "planned",
        "קורה",
        "week",
        "day",
        // "what do we have", "what have i got on"
        "we",
        "i",
        "have",
        "got",
        "on",
        "our",
        "מה",
        "איכ",
        "איך",
        "נראה",
        "נראית",
        "שלי",
        "לי",
        "יש",
        // "check what I have", "תבדוק מה יש לנו"
        "check",
        "see",
        "תבדוק",
        "תבדקי",
        "לבדוק",
        "לנו",
    ];
    query
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .all(|w| ASKING.contains(&w.to_lowercase().as_str()))
}

/// "what does my week look like", "how's my day": with no time said, "my week" is this week and
/// "my day" today.
fn my_period(msg: &Msg<'_>, r: &Range<usize>) -> Option<Window> {
    let words: Vec<&str> = msg.toks[r.clone()].iter().map(|t| t.text).collect();
    let said = |a: &str, b: &str| words.windows(2).any(|w| w[0] == a && w[1] == b);
    let period = if said("my", "week") || said("השבוע", "שלי") {
        "this week"
    } else if said("my", "day") && !said("day", "off") || said("היומ", "שלי") {
        "today"
    } else {
        return None;
    };
    let m = crate::understand::time::parse(period, msg.now)?;
    window_of(&m, msg)
}

/// The start of the day before the (exclusive, midnight) end of a window of days.
fn last_day_start(
    end: chrono::DateTime<chrono::FixedOffset>,
    tz: chrono_tz::Tz,
) -> Option<chrono::DateTime<chrono::FixedOffset>> {
    let day = end.with_timezone(&tz).date_naive().pred_opt()?;
    day.and_hms_opt(0, 0, 0)?.and_local_timezone(tz).earliest().map(|d| d.fixed_offset())
}

/// A command that only writes something down ("תרשום לי", "put down", "note"), saying neither
/// "remind" nor "calendar".
fn writes_down(msg: &Msg<'_>, m: &PatMatch) -> bool {
    let first = msg.toks.get(m.start).map_or("", |t| t.text);
    let stem = first.strip_suffix('י').or_else(|| first.strip_suffix('ו')).unwrap_or(first);
    matches!(stem, "תרשומ" | "תרשמ" | "רשומ" | "תכתוב" | "תכתב" | "put" | "write" | "note" | "jot")
}

/// A time still to come: a report of an arrangement made ("קבעתי תור לרופא ביום ראשון",
/// "booked a table for Friday") plans rather than reports (a chore done "for Pesach" is done).
fn ahead(msg: &Msg<'_>, time: Option<&TimeMatch>) -> bool {
    time.is_some_and(|m| m.problem.is_none() && m.value > msg.now.fixed_offset())
}

/// A time wholly gone by ("אתמול", "last week"): nothing is planned for it. (A month or a year
/// is counted at its longest, so that one still running is never taken as gone.)
fn gone(msg: &Msg<'_>, time: Option<&TimeMatch>) -> bool {
    time.is_some_and(|m| {
        let span = match m.grain {
            Grain::Day => chrono::Duration::days(1),
            Grain::Week => chrono::Duration::days(7),
            Grain::Month => chrono::Duration::days(31),
            Grain::Year => chrono::Duration::days(366),
            _ => chrono::Duration::zero(),
        };
        m.problem.is_none() && m.recurrence.is_none() && m.end.unwrap_or(m.value + span) <= msg.now.fixed_offset()
    })
}

/// "in 25 min", "בעוד שעה": a time counted from now, which reminds rather than schedules
/// ("ice for Gil in 25 min").
fn from_now(msg: &Msg<'_>, m: &TimeMatch) -> bool {
    let said = msg.text.get(m.span.clone()).unwrap_or("").trim_start().to_lowercase();
    m.grain < Grain::Day && ["in ", "בעוד ", "עוד "].iter().any(|p| said.starts_with(p))
}

/// A span of hours in a day ("10 till 2", "מתשע עד שתים עשרה"; not a part of the day, "בצהריים"):
/// the time an event takes.
fn spans_hours(m: &TimeMatch) -> bool {
    m.grain < Grain::Day && m.point.is_none() && m.end.is_some_and(|e| e - m.value <= chrono::Duration::hours(16))
}

fn fallback(msg: &Msg<'_>, seg: Seg, time: Option<&TimeMatch>) -> (Resolver, Action, f32, Vec<PatMatch>) {
    let r = seg.range();
    let has_time = time.is_some();
    // ("what's the max daily dose of acetaminophen?": a repeat word alone is no time asked about)
    let asks_of_a_time = time.is_some_and(|m| {
        m.recurrence.is_none() || msg.text.get(m.span.clone()).is_some_and(|s| s.split_whitespace().count() > 1)
    });
    let has_time = has_time && (asks_of_a_time || !is_question(msg, seg));
    let words = msg.toks[r].iter().filter(|t| matches!(t.kind, Kind::He | Kind::Latin)).count();
    if has_time && shape::about_shared_times(msg, seg) {
        // "when does the fast end", "clocks go back tonight, finally an extra hour of kip"
        (Resolver::General, Action::Chat, 0.6, Vec::new())
    } else if asks_of_a_time && is_question(msg, seg) && world_now(msg, seg, time) {
        (Resolver::General, Action::Chat, 0.55, Vec::new())
    } else if asks_of_a_time && super::asks_whats_on(msg, seg) {
        // "תבדוק מה יש לנו ביום שבת": what is on at a time
        (Resolver::Calendar, Action::Find, 0.55, Vec::new())
    } else if let Some(said) =
        shape::has_plans(msg, seg).filter(|_| words >= 2 && ahead(msg, time) && !is_question(msg, seg))
    {
        // "יש לי חתונה ביום חמישי", "I've got a wedding on Thursday", "booked the vet for
        // Sunday": something the user will attend, most likely an event (asked, with a
        // reminder as the other reading)
        (Resolver::Calendar, Action::Create, 0.5, vec![opening_match(said, Resolver::Calendar, Action::Create)])
    } else if !has_time && words >= 3 && shape::states_fact(msg, seg) {
        // "my wifi password is hunter22", "הקוד של השער הוא 1234": a fact told is a note
        (Resolver::Memory, Action::Store, 0.6, Vec::new())
    } else if let Some((verb, _)) = moves_to_a_new_time(msg, seg) {
        // "change grandpa to 5pm", "actually make grandpa 5 instead": an opening verb of change
        // and a new time at the end move the thing named between them
        let res = if shape::names_an_appointment(msg, seg) { Resolver::Calendar } else { Resolver::Task };
        (res, Action::Update, 0.55, vec![opening_match(verb, res, Action::Update)])
    } else if has_time && shape::about_someone(msg, seg) {
        // "הבוס שלי רוצה שאגיע למשרד גם בשישי", "my boss wants me in on friday too": what
        // someone else wants or said, with no request of Ozer's, is told
        (Resolver::General, Action::Chat, 0.55, Vec::new())
    } else if has_time
        && (shape::tells_what_was(msg, seg) || gone(msg, time) || told_of_today(msg, seg, time))
        && !is_question(msg, seg)
    {
        // "crew's been great this week honestly", "tenants. one texted me at 3am about a
        // lightbulb", "הגשם של אתמול עשה טוב לשדה": how something was, what someone did, or
        // anything at a time gone by, is told
        (Resolver::General, Action::Chat, 0.55, Vec::new())
    } else if words >= 3 && is_question(msg, seg) && shape::asks_told_back(msg, seg) {
        // "who picks Ava up on Wednesdays again?", "כמה שוקל רקס? רשמתי לך בשבוע שעבר": what
        // the user told Ozer before
        (Resolver::Memory, Action::Recall, 0.55, Vec::new())
    } else if words >= 3 && is_question(msg, seg) && shape::asks_the_world(msg, seg) {
        // "how much is a ticket to Manila in December?": the time is the world's, not the user's
        (Resolver::General, Action::Chat, 0.55, Vec::new())
    } else if asks_of_a_time && words >= 2 && is_question(msg, seg) {
        // "יש לי משהו ביום חמישי בערב?": asking about a time is asking about the calendar
        (Resolver::Calendar, Action::Find, 0.5, Vec::new())
    } else if let Some(need) = shape::needs_to(msg, seg).filter(|_| has_time && !is_question(msg, seg)) {
        // "also need to chase Patel for the P60s tomorrow at 10:30": a thing to do at a time
        (Resolver::Task, Action::Create, 0.55, vec![opening_match(need, Resolver::Task, Action::Create)])
    } else if has_time && words >= 12 && narrates(msg, seg) {
        // "יש פה במדבר שקט כזה בלילה, לפעמים אני יושבת בחוץ…", "הלקוחות היום כולם רוצים הכל
        // לפני החג, אין לי ידיים": a long telling about the user, with no verb of a request and
        // no hour in digits, is how things are, not a thing to put at a time
        (Resolver::General, Action::Chat, 0.55, Vec::new())
    } else if has_time
        && words >= 2
        && !time.is_some_and(|m| from_now(msg, m))
        && (shape::names_an_event(msg, seg) || time.is_some_and(spans_hours))
    {
        // "team offsite thursday at 9", "eye exam on june 10 at 4": a thing at a time, no verb;
        // "volunteering at the shop wednesday 10 till 2": a thing that takes hours
        (Resolver::Calendar, Action::Create, 0.5, Vec::new())
    } else if has_time && words >= 2 {
        (Resolver::Task, Action::Create, 0.5, Vec::new())
    } else if let Some(asking) =
        asks_when_next(msg, seg).filter(|_| (is_question(msg, seg) || check_lead(msg, seg) > 0) && words >= 2)
    {
        // "when's my next shift at the café?", "מתי התור הבא שלי לרופא?": when the next one is
        // is a look at the calendar
        (Resolver::Calendar, Action::Find, 0.6, vec![opening_match(asking, Resolver::Calendar, Action::Find)])
    } else if is_question(msg, seg) && words >= 2 && shape::asks_a_kept_fact(msg, seg) {
        (Resolver::Memory, Action::Recall, 0.5, Vec::new())
    } else if is_question(msg, seg) && words >= 2 {
        // "can cats eat grapes?", "how much salt do I need for a kilo of potato salad": a
        // question about none of the user's own facts is about the world (a note that answers it
        // is still found when the reply is written)
        (Resolver::General, Action::Chat, 0.5, Vec::new())
    } else if !has_time && glued_name_then_colon(msg, seg) {
        // "לקניות: אבטיח וקרח": a list's name glued to "ל", a colon and things
        (Resolver::List, Action::Add, 0.7, Vec::new())
    } else if !has_time && only_things(msg, seg) {
        // "milk", "חלב", "eggs and bread": things people put on lists, and nothing else, go on
        // the list
        (Resolver::List, Action::Add, 0.6, Vec::new())
    } else if let Some(need) = shape::needs_to(msg, seg).filter(|_| !has_time && !is_question(msg, seg)) {
        // "I need to ring the chemist about my prescription": a thing to do, with no time yet
        (Resolver::Task, Action::Create, 0.55, vec![opening_match(need, Resolver::Task, Action::Create)])
    } else if !has_time && only_a_deed_told(msg, seg) {
        // "תדלקתי", "תליתי", "paid": a past verb alone tells a reminder of that verb is done
        // (its stem names it: see `done_by_its_verb`)
        (Resolver::Task, Action::Complete, 0.6, Vec::new())
    } else {
        (Resolver::General, Action::Chat, 0.3, Vec::new())
    }
}

/// "what's the ceiling at Lake Hood right now", "מה טמפרטורת המים באילת עכשיו?": a question of
/// the world right now (its only time "now"), about nothing of the user's.
fn world_now(msg: &Msg<'_>, seg: Seg, time: Option<&TimeMatch>) -> bool {
    time.is_some_and(|m| {
        msg.text.get(m.span.clone()).is_some_and(|t| {
            matches!(t.trim().to_lowercase().as_str(), "now" | "right now" | "עכשיו" | "כרגע" | "ברגע זה")
        })
    }) && !shape::of_mine(msg, seg)
}

/// The step is one past verb of the user's ("תדלקתי", "paid"), maybe with "already"/"כבר" or
/// "just" — not a verb of knowing or saying ("הבנתי", "שכחתי"), which `is_report_verb` leaves out.
fn only_a_deed_told(msg: &Msg<'_>, seg: Seg) -> bool {
    let words: Vec<&crate::understand::normalize::Token<'_>> =
        msg.toks[seg.range()].iter().filter(|t| t.is_word()).collect();
    let rest_fills = |ws: &[&crate::understand::normalize::Token<'_>]| {
        ws.iter().all(|t| matches!(t.text, "כבר" | "already" | "just" | "i" | "now" | "עכשיו"))
    };
    match words.split_first() {
        Some((first, rest)) if rest_fills(rest) && shape::is_report_verb(first) => {
            // ("done", "עשיתי" alone name no deed: a word, not pointed at any reminder)
            !matches!(
                first.text,
                "טעיתי"
                    | "התבלבלתי"
                    | "נרדמתי"
                    | "התעוררתי"
                    | "חזרתי"
                    | "הגעתי"
                    | "יצאתי"
                    | "עשיתי"
                    | "done"
                    | "did"
                    | "finished"
                    | "completed"
            )
        }
        // ("i paid", "just called")
        Some((first, rest)) if matches!(first.text, "i" | "just") => rest
            .split_first()
            .is_some_and(|(v, tail)| rest_fills(tail) && v.kind == Kind::Latin && shape::is_report_verb(v)),
        _ => false,
    }
}

/// A question of when, about the next one of something or one of the user's own ("when's my
/// English bagrut?", "מתי הבגרות באנגלית?"); not when it is best to do a thing ("מתי הכי טוב
/// לשתול שום?") or when the user did something ("when did I last call mom?").
fn asks_when_next(msg: &Msg<'_>, seg: Seg) -> Option<Range<usize>> {
    let r = seg.range();
    let from = r.start;
    // ("תבדוק לי מתי הטסט", "check when the MOT is": asked to look it up is the same question)
    let lead = check_lead(msg, seg);
    let when = msg
        .toks
        .get(seg.content + lead)
        .is_some_and(|t| matches!(t.text, "when" | "when's" | "whens" | "מתי" | "ומתי"));
    let words = &msg.toks[seg.content + lead..seg.end];
    let from = from.max(seg.content + lead);
    if !when || words.iter().any(|t| matches!(t.text, "best" | "good" | "הכי" | "טוב" | "כדאי")) {
        return None;
    }
    let next = words.iter().any(|t| matches!(t.text, "next" | "הבא" | "הבאה"));
    // the word after "when" (and "is", "do I have", "יש לי את"): "my"/"our"/"the", or a
    // Hebrew noun with "the"
    let mut k = 1;
    while words.get(k).is_some_and(|t| {
        matches!(t.text, "is" | "are" | "'s" | "do" | "i" | "we" | "have" | "יש" | "לי" | "לנו" | "את")
    }) {
        k += 1;
    }
    let owned = words.get(k).is_some_and(|t| {
        matches!(t.text, "my" | "our" | "the")
            || (t.kind == Kind::Latin && t.text.ends_with("'s") && t.text.len() > 3)
            || (t.kind == Kind::He && t.text.starts_with('ה') && t.text.chars().count() >= 4)
    });
    // (the asking words are no part of what to look for)
    let asking = if words.get(k).is_some_and(|t| matches!(t.text, "my" | "our")) { k + 1 } else { k };
    (next || owned).then_some(r.start..from + asking)
}

/// How many words at the step's start ask to look something up: "תבדוק לי", "check".
pub(super) fn check_lead(msg: &Msg<'_>, seg: Seg) -> usize {
    let w = |k: usize| msg.toks.get(k).filter(|_| k < seg.end).map_or("", |t| t.text);
    if !matches!(w(seg.content), "תבדוק" | "תבדקי" | "בדוק" | "check") {
        return 0;
    }
    if matches!(w(seg.content + 1), "לי" | "me" | "בבקשה" | "please") { 2 } else { 1 }
}

/// The step opens (after "and"/"also") with a time, and "to" and a word follow it.
fn time_then_to_do(msg: &Msg<'_>, seg: Seg) -> bool {
    let mut k = seg.content;
    while msg.toks.get(k).is_some_and(|t| matches!(t.text, "and" | "also" | "plus" | "then" | "," | "oh" | "ok")) {
        k += 1;
    }
    msg.times.iter().any(|(_, tr)| {
        tr.start == k
            && tr.end + 1 < seg.end
            && msg.toks[tr.end].text == "to"
            && msg.toks[tr.end + 1].kind == Kind::Latin
            && !matches!(msg.toks[tr.end + 1].text, "the" | "my" | "a" | "an")
    })
}

/// "בקניות: עגבניות, מלפפונים", "לקניות: אבטיח וקרח": a Hebrew name glued to "ב"/"ל" right
/// before a colon, and a series of things after it.
fn glued_name_then_colon(msg: &Msg<'_>, seg: Seg) -> bool {
    let r = seg.range();
    r.clone().any(|i| {
        msg.toks[i].text == ":"
            && i > r.start
            && msg.toks[i - 1].kind == Kind::He
            && matches!(msg.toks[i - 1].text.chars().next(), Some('ב' | 'ל'))
            && msg.toks[i - 1].text.chars().count() >= 4
            && (i + 1..r.end).any(|k| matches!(msg.toks[k].text, "," | "וגמ") || msg.toks[k].text.starts_with('ו'))
    })
}

/// Every word of the step is a thing on a list or a joining word ("milk", "eggs and bread").
fn only_things(msg: &Msg<'_>, seg: Seg) -> bool {
    let toks = &msg.toks[seg.range()];
    let words: Vec<&str> = toks
        .iter()
        .filter(|t| t.is_word() && !matches!(t.text, "and" | "n" | "וגמ"))
        .map(|t| msg.text.get(t.start..t.end).unwrap_or(""))
        .map(|w| {
            w.strip_prefix('ו')
                .filter(|r| r.chars().count() >= 2 && !crate::understand::goods::is_a_thing(w))
                .unwrap_or(w)
        })
        .collect();
    if words.is_empty() || words.len() > 6 || toks.iter().any(|t| t.text == "?") {
        return false;
    }
    words.iter().all(|w| {
        crate::understand::goods::is_a_thing(w) || crate::understand::goods::is_a_thing(w.trim_start_matches('ה'))
    }) || crate::understand::goods::split_run(&words.join(" ")).is_some()
        || (words.len() <= 3 && crate::understand::goods::is_a_thing(&words.join(" ")))
}

/// The words after "make" up to its new time, without "the … one": "the shift one" → "shift".
fn thing_made(msg: &Msg<'_>, from: usize, end: usize) -> Option<String> {
    let stop = (from..end)
        .find(|&k| super::inside_time(msg, k) || msg.toks[k].kind == Kind::Num || msg.toks[k].text == "to")?;
    let words: Vec<&str> = msg.toks[from..stop]
        .iter()
        .filter(|t| t.is_word() && !matches!(t.text, "the" | "my" | "one" | "reminder" | "thing" | "it"))
        .map(|t| msg.text.get(t.start..t.end).unwrap_or(""))
        .collect();
    (!words.is_empty()).then(|| words.join(" "))
}

/// Words that say to set a thing to a new time ("make it", "תעשה"), and "instead".
const SETS_TO: &[&str] = &[
    "make",
    "it",
    "that",
    "instead",
    "reminder",
    "one",
    "the",
    "my",
    "about",
    "for",
    "to",
    "תעשה",
    "תעשי",
    "שיהיה",
    "במקום",
    "אותה",
    "אותו",
    "-",
    "של",
    "את",
];

/// English verbs that change a thing's time when they open a step: "change grandpa to 5",
/// "bump the vet to friday", "make grandpa 5 instead".
const CHANGE_VERBS: &[&str] =
    &["change", "move", "push", "shift", "switch", "bump", "make", "reschedule", "put", "update"];

/// Words said before the verb or after the new time that change nothing: "actually …", "…
/// instead", "בעצם …".
pub(super) const SOFTENERS: &[&str] = &[
    "actually",
    "ok",
    "okay",
    "oh",
    "so",
    "wait",
    "no",
    "hmm",
    "um",
    "pls",
    "please",
    "instead",
    "then",
    "sorry",
    "בעצמ",
    "לא",
    "רגע",
    "סליחה",
    ",",
    ".",
    "!",
];

/// The opening change verb's token range and the new time, when the step opens with a verb of
/// change and ends with a time ("to 5pm", "to friday", or a bare "5" right at the end).
fn moves_to_a_new_time(msg: &Msg<'_>, seg: Seg) -> Option<(Range<usize>, TimeMatch)> {
    let r = seg.range();
    let mut v = r.start;
    while v < r.end && SOFTENERS.contains(&msg.toks[v].text) {
        v += 1;
    }
    let verb = msg.toks.get(v).filter(|t| t.kind == Kind::Latin && CHANGE_VERBS.contains(&t.text))?;
    // "make a cake at 5", "make sure i call at 5", "put milk on the list": not a change
    let next = msg.toks.get(v + 1)?;
    if matches!(next.text, "a" | "an" | "sure" | "me" | "some" | "dinner" | "lunch" | "breakfast" | "time")
        || (verb.text == "put" && !matches!(next.text, "it" | "that" | "the" | "my"))
        || msg.toks[r.clone()].iter().any(|t| matches!(t.text, "list" | "from" | "onto" | "into"))
    {
        return None;
    }
    let mut end = r.end;
    while end > v + 2 && SOFTENERS.contains(&msg.toks[end - 1].text) {
        end -= 1;
    }
    // "make loading the van 5 not 4": the time it is not is the old one
    if end > v + 4 && msg.toks[end - 2].text == "not" && msg.toks[end - 1].kind == Kind::Num {
        end -= 2;
    }
    let body = v + 1..end;
    // "make the invoice one tuesday instead": a day is as much a new time as an hour
    let instead = msg.toks[end..r.end].iter().any(|t| t.text == "instead");
    if let Some((m, _)) = when::new_time(msg, &body).filter(|(_, moved)| moved.start > v + 1) {
        return Some((v..v + 1, m));
    }
    // "change grandpa to friday": a day after "to" that ends the step; "make the shift one
    // 6:15": a time of day right after the thing's name
    let to_day = msg.times.iter().find_map(|(f, tr)| match f {
        Found::Time(m) if tr.end == end && tr.start > v + 2 && msg.toks[tr.start - 1].text == "to" => Some(m.clone()),
        Found::Time(m)
            if tr.end == end
                && tr.start > v + 1
                && (m.grain < Grain::Day || instead || msg.toks[tr.start - 1].text == "one")
                && msg.toks[v + 1..tr.start].iter().all(|t| t.is_word()) =>
        {
            Some(m.clone())
        }
        _ => None,
    });
    if let Some(m) = to_day {
        return Some((v..v + 1, m));
    }
    // "make grandpa 5": a bare hour that ends the step is the new time
    let last = &msg.toks[end - 1];
    if end - 1 > v + 1 && last.kind == Kind::Num && msg.toks[v + 1..end - 1].iter().all(|t| t.is_word()) {
        let m = crate::understand::time::parse(&format!("at {}", last.text), msg.now)
            .filter(|m| m.problem.is_none() && m.grain < Grain::Day)?;
        return Some((v..v + 1, m));
    }
    None
}

/// A note as said: the original text after the command ("remember that …"), dates and all —
/// "Dana's birthday is March 3" must keep its date, which `leftover` would cut as a time.
fn after_command(msg: &Msg<'_>, r: Range<usize>, used: &[PatMatch]) -> Option<String> {
    let mut end = used.iter().filter(|m| m.action.is_some() && !m.keep).map(|m| m.end).max()?;
    // "תרשום שהמנעולן זה אבי": the clause the command ended on is what to remember
    if end > 0 && msg.toks[end - 1].kind == Kind::He && msg.toks[end - 1].text.starts_with('ש') && end > r.start {
        end -= 1;
    }
    // "My late wife Joan's birthday is the 14th of May. Please remember that.": with only "that"
    // after the command, what to remember was said before it
    let points_back = (end..r.end).filter(|&i| msg.toks[i].kind != Kind::Punct).all(|i| {
        matches!(msg.toks[i].text, "that" | "this" | "it" | "too" | "please" | "pls" | "זה" | "את" | "בבקשה" | "גמ")
    });
    if points_back {
        let start = used.iter().filter(|m| m.action.is_some() && !m.keep).map(|m| m.start).min()?;
        let mut last = start;
        while last > r.start
            && (msg.toks[last - 1].kind == Kind::Punct
                || matches!(msg.toks[last - 1].text, "please" | "pls" | "so" | "בבקשה" | "אז"))
        {
            last -= 1;
        }
        let said =
            (last > r.start).then(|| msg.text[msg.toks[r.start].start..msg.toks[last - 1].end].trim().to_string());
        return said;
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
    Some(israeli_weekend(Window { start: m.value, end }, tz).unwrap_or(Window { start: m.value, end }))
}

/// In Israel the weekend is Friday and Saturday: "this weekend" (read as Friday 18:00 to Monday
/// 00:00, the weekend of most of the world) covers Friday 00:00 to Sunday 00:00 there.
fn israeli_weekend(w: Window, tz: chrono_tz::Tz) -> Option<Window> {
    use chrono::{Datelike, Timelike, Weekday};
    if tz != chrono_tz::Asia::Jerusalem {
        return None;
    }
    let start = w.start.with_timezone(&tz);
    let end = w.end.with_timezone(&tz);
    let weekend = start.weekday() == Weekday::Fri
        && start.hour() == 18
        && end.weekday() == Weekday::Mon
        && (end - start).num_hours() <= 80;
    if !weekend {
        return None;
    }
    let friday = start.date_naive().and_hms_opt(0, 0, 0)?.and_local_timezone(tz).earliest()?;
    let sunday =
        (start.date_naive() + chrono::Duration::days(2)).and_hms_opt(0, 0, 0)?.and_local_timezone(tz).earliest()?;
    Some(Window { start: friday.fixed_offset(), end: sunday.fixed_offset() })
}

/// Nouns of an occasion in the construct state, bound to what they celebrate: "מסיבת פורים".
const OCCASION_CONSTRUCTS: &[&str] = &[
    "מסיבת",
    "טקס",
    "ארוחת",
    "חגיגת",
    "הדלקת",
    "סעודת",
    "תפילת",
    "מופע",
    "הופעת",
    "יריד",
    "שוק",
    "חופשת",
    "ניקיונות",
    "מסיבות",
    "טקסי",
];

/// A word before a time that says the time is when ("on Purim", "this Friday"), not a word of
/// the thing's name.
fn says_when(w: &str) -> bool {
    matches!(w, "on" | "at" | "in" | "by" | "for" | "until" | "from" | "to" | "this" | "next" | "every")
}

/// "ליל הסדר", "בליל סדר", "seder night": a night's name, which is an occasion as well as a time.
fn names_a_night(msg: &Msg<'_>, i: usize) -> bool {
    let t = &msg.toks[i];
    crate::understand::time::names_a_night(Some(t.kind), t.text, msg.toks.get(i + 1).map(|n| n.text))
}

fn fill(msg: &Msg<'_>, seg: Seg, step: &mut Step, used: &[PatMatch], time: Option<&TimeMatch>) {
    let r = seg.range();
    let (time, moved) = better_time(msg, &r, step, time);
    let time = time.as_deref();
    let in_moved = |i: usize| moved.as_ref().is_some_and(|mr| mr.contains(&i));
    let in_cmd = |i: usize| used.iter().any(|m| !m.keep && (m.start..m.end).contains(&i));
    // "מסיבת חנוכה ביום חמישי בשש", "the kids hanukkah party … at 5:30": a second time
    // expression right after a word of the title, with no preposition of its own, names the
    // thing ("Hanukkah party") rather than when it is
    let chosen = time.map(|m| m.span.clone());
    let creates = step.action == Action::Create;
    let names_thing = |f: &Found, tr: &Range<usize>| {
        // (only a holiday or a repeat names a thing, "the purim party", "the weekly shop":
        // "Jake tomorrow" is Jake, then when)
        if !matches!(f, Found::Time(m) if m.holiday || m.recurrence.is_some()) {
            return false;
        }
        // "Purim party at Noa's 8pm on Purim", "Hanukkah party at Dvir's": a holiday before
        // the noun it describes is a word of the title (and may still say when)
        let described = msg.toks.get(tr.end).is_some_and(|n| {
            n.kind == Kind::Latin
                && !in_cmd(tr.end)
                && !msg.times.iter().any(|(_, o)| o.contains(&tr.end))
                && !matches!(
                    n.text,
                    "on" | "at"
                        | "in"
                        | "by"
                        | "for"
                        | "until"
                        | "from"
                        | "to"
                        | "this"
                        | "next"
                        | "eve"
                        | "and"
                        | "is"
                        | "are"
                        | "was"
                        | "starts"
                        | "begins"
                        | "ends"
                        | "day"
                        | "night"
                        | "holiday"
                        | "week"
                )
        });
        if msg.toks[tr.start].kind == Kind::Latin && tr.end - tr.start == 1 && described {
            return true;
        }
        let Some(prev) = tr.start.checked_sub(1).filter(|p| *p >= r.start) else { return false };
        let t = &msg.toks[prev];
        let first = &msg.toks[tr.start];
        // ("Hillel's Yom HaAtzmaut party": a holiday of several words does too, when no
        // preposition says it is when)
        // (a thing made: a search asks by the thing's own words, "when is the Rosh Hashana dinner")
        if creates && described && (tr.start..tr.end).all(|k| msg.toks[k].kind == Kind::Latin) && !says_when(t.text) {
            return true;
        }
        // "מסיבת פורים", "טקס הסיגד": a holiday that a noun of an occasion is bound to names the
        // occasion (and still says when)
        if creates
            && t.kind == Kind::He
            && !in_cmd(prev)
            && OCCASION_CONSTRUCTS.contains(&t.text)
            && first.kind == Kind::He
            && !first.text.starts_with(['ב', 'ל', 'מ', 'ו', 'כ'])
        {
            return true;
        }
        let other = chosen
            .as_ref()
            .is_some_and(|c| msg.text.get(c.clone()).is_some() && !(c.start <= first.start && first.end <= c.end));
        // a night named beside another time is the occasion ("ליל הסדר אצל סבא", "בערב פסח")
        if other && tr.end - tr.start == 2 && names_a_night(msg, tr.start) {
            return true;
        }
        other
            && matches!(t.kind, Kind::He | Kind::Latin)
            && !in_cmd(prev)
            && tr.end - tr.start == 1
            && !says_when(t.text)
            // "the purim party": after "the", only when a word of the title follows
            && (t.text != "the" || msg.toks.get(tr.end).is_some_and(|n| n.kind == Kind::Latin && !in_cmd(tr.end)))
            && (first.kind == Kind::Latin || !first.text.starts_with(['ב', 'ל', 'מ', 'ו', 'כ', 'ה']))
    };
    // "remind me on March 1 to buy costumes for Purim", "ב-4 בדצמבר בחמש להדליק נר ראשון של
    // חנוכה": a holiday after the words of the title, when an earlier expression with its own
    // day says when, is what the thing is for
    let purpose = |f: &Found, tr: &Range<usize>| {
        let Found::Time(m) = f else { return false };
        let Some(c) = time.filter(|c| !c.clock_only && !c.holiday && c.span.end <= m.span.start) else {
            return false;
        };
        m.holiday
            && (r.start..tr.start).any(|k| {
                let t = &msg.toks[k];
                matches!(t.kind, Kind::He | Kind::Latin) && t.start >= c.span.end && !in_cmd(k)
            })
    };
    let in_time = |i: usize| {
        in_moved(i) || msg.times.iter().any(|(f, tr)| tr.contains(&i) && !names_thing(f, tr) && !purpose(f, tr))
    };
    let keep = |i: usize| !in_time(i) && !in_cmd(i);
    let leftover = || text_of(msg.text, msg.toks, r.clone(), &keep);
    let good_time = time.filter(|m| m.problem != Some(TimeProblem::Impossible));
    step.time_problem = time.and_then(|m| m.problem.clone());
    if step.time_problem.is_some() {
        step.confidence = step.confidence.min(0.4);
    }
    match (step.resolver, step.action) {
        (Resolver::Calendar, Action::Delete) if good_time.is_some_and(|m| m.grain >= Grain::Day) => {
            // "תנקה לי את היומן ביום שישי": a day to clear is a window, not an instant
            step.window = good_time.and_then(|m| window_of(m, msg));
            step.title = leftover();
            step.query = step.title.clone();
        }
        // "delete all my reminders for today": the day is which ones, not a new time
        (Resolver::Task, Action::Delete) if good_time.is_some_and(|m| m.grain >= Grain::Day) => {
            step.window = good_time.and_then(|m| window_of(m, msg));
            step.title = leftover();
        }
        (Resolver::Task, Action::List) | (Resolver::Calendar, Action::Find) => {
            step.window = good_time.and_then(|m| window_of(m, msg)).or_else(|| my_period(msg, &r));
            if step.resolver == Resolver::Calendar {
                // "what does my week look like": question words are no event's name
                step.query = leftover().filter(|q| !only_question_words(q)).and_then(|q| without_when(&q));
            }
        }
        (Resolver::Task | Resolver::Calendar, _) => {
            step.title = leftover();
            // "ugh the teacher moved it, push the permission slip to monday": what comes before
            // a comma and then the verb is why, not which thing; the thing follows the verb
            let verb = used.iter().filter(|m| m.action.is_some()).min_by_key(|m| m.start);
            // ("…, you can drop the bed reminder": the politeness between them too)
            let polite = |t: &str| matches!(t, "you" | "can" | "could" | "please" | "pls" | "just" | "so");
            let mut reason_before = None;
            if matches!(step.action, Action::Update | Action::Delete)
                && let Some(v) = verb
                && let Some(comma) = (r.start..v.start).rev().find(|&k| !polite(msg.toks[k].text))
                && comma > r.start
                && msg.toks[comma].text == ","
                && let Some(after) = text_of(msg.text, msg.toks, v.start..r.end, &keep)
                // "the reminder about the parcel, delete it": then the words before name it
                && !super::is_pronoun(&after)
            {
                step.title = Some(after);
                reason_before = Some(msg.toks[comma].start);
            }
            // "Good evening. My daughter set this up for me. Can you remind me on Sunday at 9 to
            // telephone Margaret": with what to do said after the command ("to …", "ל…"), the
            // words before it are a greeting or the story, not the reminder
            if step.resolver == Resolver::Task
                && step.action == Action::Create
                && let Some(v) = verb.filter(|v| v.start > r.start && v.end < r.end)
                && let Some(k) = (v.end..r.end).find(|&i| keep(i))
                && super::opens_what_to_do(&msg.toks[k])
                && (r.start..v.start).any(|i| keep(i) && msg.toks[i].is_word())
                && let Some(after) = text_of(msg.text, msg.toks, k..r.end, &keep)
            {
                step.title = Some(after);
            }
            // ("ok going to bed now, you can drop the bed reminder": the reason's time is not the
            // thing's)
            if let Some(m) = good_time.filter(|m| reason_before.is_none_or(|c| m.span.start > c)) {
                step.when = Some(m.point.unwrap_or(m.value));
                step.recurrence = m.recurrence;
                // "remind me on Purim to bring the costumes": a reminder for a day fires at 09:00
                if step.resolver == Resolver::Task
                    && step.action == Action::Create
                    && m.point.is_none()
                    && m.grain >= Grain::Day
                {
                    step.when = Some(crate::understand::time::reminder_on_a_day(m.value, msg.now));
                }
                // "move the dentist from sunday to tuesday": a move's new day is the last one
                if step.action == Action::Update
                    && m.grain == Grain::Day
                    && let Some(last) = m.end.and_then(|e| last_day_start(e, msg.now.timezone()))
                {
                    step.when = Some(last);
                }
            }
            if step.action == Action::Create && step.title.is_none() {
                step.confidence -= 0.2;
            }
            // "actually make the sister call 3:30", "make the mom one 4pm": a new time for a thing
            // the user already has
            if step.action == Action::Create
                && step.when.is_some()
                && let Some(thing) = step.title.as_deref().and_then(|t| {
                    let said = msg.text.get(msg.toks[r.start].start..msg.toks[r.end - 1].end).unwrap_or_default();
                    made_at_a_new_time(t, said)
                })
            {
                step.action = Action::Update;
                step.title = Some(thing);
                step.alternative = None;
            }
            // the name of an event to move or cancel is also what to search the calendar for
            if step.resolver == Resolver::Calendar && matches!(step.action, Action::Update | Action::Delete) {
                step.query = step.title.clone();
            }
        }
        (Resolver::List, _) => {
            let verb_end =
                used.iter().filter(|m| m.action.is_some()).min_by_key(|m| m.start).map_or(r.start, |m| m.end);
            // "the hanukkah list", "רשימת חנוכה": a holiday or a day beside the word "list" is
            // the list's name, not a time
            let marker = list_marker(msg.toks, r.clone());
            let names_list = |i: usize| {
                marker.is_some_and(|k| {
                    msg.times.iter().any(|(_, tr)| {
                        tr.contains(&i)
                            && (tr.end == k
                                || tr.start == k + 1
                                || (tr.start == k + 2 && msg.toks.get(k + 1).is_some_and(|t| t.text == "של"))
                                // "ברשימה של ראש השנה", "רשימה בשם ראש השנה": a name that ends
                                // the step, a word or two after the marker, time words and all
                                || (tr.start > k + 1
                                    && tr.start <= k + 3
                                    && msg.toks[tr.end.min(r.end)..r.end]
                                        .iter()
                                        .all(|t| !t.text.chars().any(char::is_alphanumeric))))
                    })
                })
            };
            // "צבע 7.1", "size 10.5": digits written right after a thing's word, with no word of
            // time before them, are the thing's grade or size, not a date
            let a_grade = |i: usize| {
                msg.times.iter().any(|(_, tr)| {
                    tr.contains(&i)
                        && tr.start > r.start
                        && msg.toks[tr.clone()].iter().all(|t| t.kind == Kind::Num || matches!(t.text, "." | "/"))
                        && matches!(msg.toks[tr.start - 1].kind, Kind::He | Kind::Latin)
                        && !in_cmd(tr.start - 1)
                        && !crate::understand::time::is_time_word(&msg.toks[tr.start - 1])
                        && !matches!(
                            msg.toks[tr.start - 1].text,
                            "on" | "at"
                                | "by"
                                | "until"
                                | "till"
                                | "for"
                                | "from"
                                | "since"
                                | "ב"
                                | "ל"
                                | "עד"
                                | "מ"
                                | "ה"
                                | "של"
                        )
                })
            };
            let keep = |i: usize| !in_cmd(i) && (!in_time(i) || names_list(i) || a_grade(i));
            let ls = list_slots(msg.text, msg.toks, r.clone(), verb_end, &keep);
            step.list = ls.list;
            // "תיצור רשימה: ציוד לטיסה", "רשימה חדשה - מתכונים לשבת": the name follows the word
            // "list" and a colon or a dash
            if step.action == Action::Create
                && step.list.is_none()
                && let Some(k) = marker
            {
                // (time words and all: "מתכונים לשבת")
                let named = |i: usize| {
                    !in_cmd(i) && !matches!(msg.toks[i].text, "חדשה" | "new" | ":" | "-" | "called" | "named")
                };
                step.list = text_of(msg.text, msg.toks, k + 1..r.end, &named);
                split_a_dash_series(step);
                return;
            }
            if step.action == Action::Create {
                split_a_dash_series(step);
                let colon = (r.start..r.end).any(|i| crate::understand::slots::ends_a_name(msg.toks, i, r.end));
                let with = (r.start..r.end).any(|i| matches!(msg.toks[i].text, "with" | "עמ" | "containing"));
                match (colon || with, ls.items.as_slice()) {
                    // "new list groceries: milk, eggs", "a list called seder with matzah and
                    // wine": made with its items
                    (true, _) if step.items.is_empty() => step.items = ls.items.clone(),
                    // "תפתח רשימה בר מצווה": a name of two words is all name
                    (false, [one]) if msg.toks[r.clone()].iter().all(|t| t.text != ",") => {
                        step.list = step.list.take().map(|n| format!("{n} {one}"));
                    }
                    _ => {}
                }
            }
            if matches!(step.action, Action::Add | Action::Remove) {
                step.items = ls.items;
                // "נורות צבעוניות כבר קניתי, תוריד מרשימת סוכות", "חלב ולחם תוסיף לרשימה": the
                // items said before the verb, when none follow it
                let verb_start = used.iter().filter(|m| m.action.is_some()).map(|m| m.start).min();
                if step.items.is_empty()
                    && let Some(v) = verb_start.filter(|&v| v > r.start && marker.is_none_or(|k| k >= v))
                {
                    let before = |i: usize| keep(i) && !shape::is_report_verb(&msg.toks[i]);
                    step.items = crate::understand::slots::split_items(msg.text, msg.toks, r.start..v, &before);
                }
                // "תוסיפי לה תפוחים": "to it" names the list the user is working on (the turn
                // resolves the pointer, plan/refs.rs), and is no part of the first item
                if let Some(first) = step.items.first_mut()
                    && let Some(rest) = ["לה: ", "לו: ", "לה ", "לו ", "אליה ", "ממנה ", "ממנו "]
                        .iter()
                        .find_map(|p| first.strip_prefix(p))
                {
                    *first = rest.trim_start_matches("את ").to_string();
                    step.list.get_or_insert_with(|| "it".to_string());
                }
                // "את רשימת סוכות אפשר למחוק": deleting a named list with no items in it is the
                // whole list (which the resolver confirms before it goes)
                let deletes = (r.start..r.end).any(|i| {
                    matches!(msg.toks[i].text, "מחק" | "תמחק" | "תמחקי" | "מחקי" | "למחוק" | "תמחקו" | "delete")
                });
                // "remove the whole baby shower list", "תמחק את כל הרשימה של X": all of the list
                let whole = (r.start..r.end).any(|i| {
                    matches!(msg.toks[i].text, "whole" | "entire")
                        || (msg.toks[i].text == "כל" && msg.toks.get(i + 1).is_some_and(|t| t.text == "הרשימה"))
                });
                if whole && step.items.iter().all(|it| matches!(it.as_str(), "כל" | "את כל")) {
                    step.items.clear();
                }
                if step.action == Action::Remove && step.items.is_empty() && step.list.is_some() && (deletes || whole) {
                    step.action = Action::Delete;
                }
                // a list named and items found: the slots confirm the reading
                if step.list.is_some() && !step.items.is_empty() {
                    step.confidence = step.confidence.max(0.7);
                }
            }
        }
        (Resolver::Memory, Action::Store) => step.title = after_command(msg, r.clone(), used).or_else(leftover),
        (Resolver::Gmail, Action::Store) => step.title = leftover(),
        // the new fact as said, "now" and all: it replaces the old note's text
        (Resolver::Memory, Action::Update) => step.title = text_of(msg.text, msg.toks, r.clone(), &|_| true),
        (Resolver::Gmail | Resolver::Memory, _) => {
            // "draft a reply to the insurer, don't send it yet", "טיוטת מייל … אל תשלח": a draft
            // is never sent
            if step.resolver == Resolver::Gmail && step.action == Action::Send && says_draft(msg, &r) {
                step.action = Action::Draft;
            }
            // "did anyone send me the updated plans?", "has the school sent me the form": asked
            // whether something came, not a mail to send
            let asks_if_sent = matches!(msg.toks.get(r.start).map(|t| t.text), Some("did" | "has" | "have" | "didn't"))
                && (r.clone()).any(|k| {
                    matches!(msg.toks[k].text, "send" | "sent") && msg.toks.get(k + 1).is_some_and(|t| t.text == "me")
                });
            if step.resolver == Resolver::Gmail && step.action == Action::Send && asks_if_sent {
                step.action = Action::Search;
            }
            // "did dana email me", "יש מייל מבעל הדירה": the question's opening words are no part
            // of what to search for
            let opening = |t: &str| {
                matches!(
                    t,
                    "did"
                        | "does"
                        | "do"
                        | "has"
                        | "have"
                        | "is"
                        | "are"
                        | "was"
                        | "any"
                        | "there"
                        | "יש"
                        | "האמ"
                        | "היה"
                        // "תבדוק אם ענו לי מהבנק", "check if the bank replied"
                        | "אמ"
                        | "if"
                        | "whether"
                        // "did anyone send me …": who and to whom are no part of it
                        | "anyone"
                        | "anybody"
                        | "someone"
                        | "somebody"
                        | "me"
                )
            };
            let mut first = r.start;
            while first < r.end && (opening(msg.toks[first].text) || !keep(first)) {
                first += 1;
            }
            let q_keep = |i: usize| keep(i) && i >= first && !(i == r.start && opens_with_a_question_word(msg, i));
            // ("did the bank email me back": "me back" is to whom, not what)
            let me_back = |i: usize| {
                (msg.toks[i].text == "me" && msg.toks.get(i + 1).is_some_and(|t| t.text == "back"))
                    || (msg.toks[i].text == "back" && i > 0 && msg.toks[i - 1].text == "me")
            };
            step.query = text_of(msg.text, msg.toks, r.clone(), &|i| q_keep(i) && !me_back(i));
        }
        _ => {}
    }
}

/// The step's time: its first expression, unless a date and a clock time stand apart (read
/// together) or an update names its new time as "to 8" (read as "at 8"). The second value is
/// the token range of a "to 8" the title must leave out.
fn better_time<'a>(
    msg: &Msg<'_>,
    r: &Range<usize>,
    step: &Step,
    time: Option<&'a TimeMatch>,
) -> (Option<std::borrow::Cow<'a, TimeMatch>>, Option<Range<usize>>) {
    use std::borrow::Cow;
    if !matches!(step.resolver, Resolver::Task | Resolver::Calendar) {
        return (time.map(Cow::Borrowed), None);
    }
    let evening = |m: TimeMatch| when::by_what_it_is(msg, r, &m).unwrap_or(m);
    // "bump my 10am with Rina to 11:30": the time after "to" is the new one, the first the
    // event's current time (which only names it)
    if step.action == Action::Update
        && let Some((m, moved)) = when::new_time(msg, r)
    {
        let current = time.filter(|t| !moved.clone().any(|i| msg.toks[i].start == t.span.start));
        // "is now at 3": the first time found is that "now", and the new time follows it
        let said_now = msg.toks.get(moved.start).is_some_and(|t| matches!(t.text, "now" | "עכשיו"));
        // "את ישיבת ההנהלה של מחר לאחת עשרה": the parser already read the day and the new hour
        // as one expression, which is the new time
        if let Some(t) = current.filter(|t| t.grain < Grain::Day && t.span.end >= msg.toks[moved.start].end) {
            return (Some(Cow::Borrowed(t)), Some(moved));
        }
        if let Some(t) = current {
            // the day it is on stays: "shift tomorrow's board meeting to 11" is tomorrow at 11
            // (unless the new time has a day of its own: "move the christmas drinks to the 27th")
            let on_day = (t.grain == Grain::Day && m.clock_only)
                .then(|| msg.text.get(t.span.clone()))
                .flatten()
                .and_then(|d| when::new_time_on(msg, r, Some(d)));
            let (m, moved) = on_day.filter(|(d, _)| d.value.date_naive() == t.value.date_naive()).unwrap_or((m, moved));
            return (Some(Cow::Owned(m)), Some(moved));
        }
        if said_now {
            return (Some(Cow::Owned(m)), Some(moved));
        }
    }
    if let Some(both) = when::combined(msg, r, time, step.action == Action::Create) {
        return (Some(Cow::Owned(evening(both))), None);
    }
    if let Some(later) = time.and_then(|m| when::by_what_it_is(msg, r, m)) {
        return (Some(Cow::Owned(later)), None);
    }
    // "hanukkah party at Dvir's on wednesday 7pm": a bare day that names the thing gives way
    // to a later time of day with its own date
    // (so does a holiday's night that names it: "shavuos night learning starts at 11:30 pm
    // tonight")
    if step.action == Action::Create
        && let Some(first) = time.filter(|m| (m.grain >= Grain::Day || m.holiday) && m.recurrence.is_none())
        && let Some(finer) = msg.times.iter().find_map(|(f, tr)| match f {
            Found::Time(m)
                if tr.start >= r.start
                    && tr.end <= r.end
                    && m.span.start > first.span.start
                    && m.grain < Grain::Day
                    && (first.grain >= Grain::Day || !m.clock_only)
                    && m.recurrence.is_none() =>
            {
                Some(m)
            }
            _ => None,
        })
    {
        return (Some(Cow::Owned(finer.clone())), None);
    }
    if step.action == Action::Update
        && time.is_none_or(|m| m.grain >= Grain::Day)
        && let Some((m, moved)) = when::new_time(msg, r)
    {
        return (Some(Cow::Owned(m)), Some(moved));
    }
    (time.map(Cow::Borrowed), None)
}

/// A telling about the user (an "I" in it), with no hour written in digits in any
/// of its times: what [`step`] reads as talk when no verb asks for anything.
fn narrates(msg: &Msg<'_>, seg: Seg) -> bool {
    let r = seg.range();
    // (the user as the one who does or feels: "אני יושבת", "אין לי ידיים", "i'm", not "my
    // daughter's recital")
    let toks = &msg.toks[r.clone()];
    let about_me = toks.iter().any(|t| matches!(t.text, "אני" | "איתי" | "i" | "i'm" | "im"))
        || toks.windows(2).any(|w| w[0].text == "אינ" && w[1].text == "לי")
        // (or who sighs: "aiyo today so sian, one auntie complain …")
        || toks.iter().any(|t| {
            matches!(t.text, "aiyo" | "aiya" | "ugh" | "argh" | "omg" | "lol" | "smh" | "uff" | "אוף" | "אויש" | "אוי")
        });
    about_me && !time_in_digits(msg, seg) && !asks_anything(msg, seg)
}

/// Whether a time in the step is written with digits ("at 3", "15:30"), not in words only.
fn time_in_digits(msg: &Msg<'_>, seg: Seg) -> bool {
    let r = seg.range();
    msg.times.iter().any(|(_, tr)| {
        tr.start >= r.start && tr.end <= r.end && (tr.start..tr.end).any(|k| msg.toks[k].kind == Kind::Num)
    })
}

/// Whether any word of a request, however weak, is in the step ("…all day, block it out",
/// "תיזכיר לי …"), or a need ("…and tomorrow morning I must post the parcel", "I want to …").
fn asks_anything(msg: &Msg<'_>, seg: Seg) -> bool {
    let r = seg.range();
    let toks = &msg.toks[r.clone()];
    msg.pats.iter().any(|m| m.start >= r.start && m.start < r.end && m.action.is_some() && m.weight >= 0.2)
        || toks.windows(2).any(|w| w[0].kind == Kind::He && w[0].text.starts_with('ת') && w[1].text == "לי")
        || toks.iter().any(|t| {
            matches!(
                t.text,
                "must"
                    | "need"
                    | "have"
                    | "gotta"
                    | "should"
                    | "want"
                    | "wanna"
                    | "צריכ"
                    | "צריכה"
                    | "חייב"
                    | "חייבת"
                    | "צריך"
                    | "רוצה"
            )
        })
}

/// "היום תלמיד כמעט נכנס ברוורס בקיר, אני עוד רועד", "עקצו אותי היום שבע פעמים", "rather chilly
/// today, the radiator has packed up": a day already under way (no hour in digits), told of by
/// the user (an "I", a "me", a past verb or a feeling) with no word of a request, is how the
/// day goes, not a thing to do in it.
fn told_of_today(msg: &Msg<'_>, seg: Seg, time: Option<&TimeMatch>) -> bool {
    let toks = &msg.toks[seg.range()];
    let now = msg.now.fixed_offset();
    let under_way = time.is_some_and(|m| {
        let end = m.end.or_else(|| (m.grain == Grain::Day).then(|| m.value + chrono::Duration::days(1)));
        m.value <= now && end.is_some_and(|e| e > now) && m.recurrence.is_none() && m.problem.is_none()
    });
    let words = toks.iter().filter(|t| t.is_word()).count();
    let told =
        toks.iter().any(|t| matches!(t.text, "אני" | "אותי" | "i" | "i'm" | "im" | "me") || shape::is_report_verb(t))
            || shape::told_with_feeling(msg);
    under_way && !time_in_digits(msg, seg) && words >= 5 && told && !asks_anything(msg, seg)
}
