//! References to the last turn: "move it to 5", "delete that", "תוסיף את זה לרשימה". The rules
//! read "it"/"זה" as a title; here it is replaced by what the user's last turn touched (the
//! entities its steps stored), with or without an LLM. A step whose reference is resolved this
//! way is no longer a guess, so it needs no planner call; with no entity to point at, the step
//! is left as read (and the planner, when there is one, gets the entities too).

use chrono::{DateTime, FixedOffset};
use chrono_tz::Tz;
use serde_json::Value;

use crate::understand::{Action, Resolver, UNSURE, Understanding};

/// Words that point back at the last thing ("it", "זה"), after trimming.
const POINTERS: &[&str] = &[
    "it",
    "that",
    "this",
    "that one",
    "this one",
    "them",
    "זה",
    "זאת",
    "את זה",
    "את זאת",
    "אותו",
    "אותה",
    "אותם",
    "אותן",
];

fn is_pointer(s: &str) -> bool {
    // "it 10 minutes, doc's doing rounds": what follows a comma is why
    let s = s.split([',', ';']).next().unwrap_or(s);
    let mut t = s.trim().trim_end_matches(['.', '!', '?']).to_lowercase();
    // "mark it done", "תדחה את זה בשעה": how it changes is no part of what "it" is
    for tail in AFTER_POINTER {
        if let Some(rest) = t.strip_suffix(tail) {
            t = rest.trim_end().to_string();
            break;
        }
    }
    // "push it 10 minutes", "push it by 2 hours": the amount it moves by
    let words: Vec<&str> = t.split_whitespace().collect();
    if let [head @ .., n, unit] = words.as_slice()
        && n.parse::<u32>().is_ok()
        && crate::understand::time::DURATION_UNITS.contains(unit)
    {
        let head = head.strip_suffix(&["by"]).unwrap_or(head);
        let head = head.strip_suffix(&["back"]).or_else(|| head.strip_suffix(&["forward"])).unwrap_or(head);
        return POINTERS.contains(&head.join(" ").as_str());
    }
    POINTERS.contains(&t.as_str())
}

/// Words after "it" that say how it changes, not what it is.
const AFTER_POINTER: &[&str] = &[
    " as done",
    " done",
    " as complete",
    " complete",
    " by half an hour",
    " by an hour",
    " an hour later",
    " a day later",
    " later",
    " back an hour",
    " back by an hour",
    " forward an hour",
    " an hour earlier",
    " earlier",
    " back",
    " forward",
    " כבוצע",
    " כבוצעה",
    " בחצי שעה",
    " בשעתיים",
    " בשעה",
    " ביומיים",
    " ביום",
];

/// The message has a word pointing back ("cancel that", "תבטל את זה") even where the rules
/// left no title.
fn says_pointer(text: &str) -> bool {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| matches!(w, "it" | "that" | "this" | "זה" | "זאת" | "אותו" | "אותה"))
}

/// The newest entity with a title: what "it" points at.
struct Last {
    title: String,
    is_task: bool,
    due: Option<DateTime<FixedOffset>>,
}

fn last_titled(entities: &[Value]) -> Option<Last> {
    entities.iter().rev().find_map(|e| {
        let title = e.get("title")?.as_str()?.trim();
        let due = e.get("due_at").and_then(Value::as_str).and_then(|d| DateTime::parse_from_rfc3339(d).ok());
        (!title.is_empty()).then(|| Last { title: title.to_string(), is_task: e.get("task_id").is_some(), due })
    })
}

/// An unsure step whose two readings are a list and something else, right after a turn that
/// touched a list ("תוסיפי לרשימת הקניות …" then "תורידי את השוקולד"): the list is what the
/// user is working on, so its reading is taken; likewise a task after a turn that touched one.
fn prefer_recent(u: &mut Understanding, entities: &[Value]) -> usize {
    let touched_list = entities.iter().any(|e| e.get("list_id").is_some());
    let touched_task = entities.iter().any(|e| e.get("task_id").is_some());
    let [step] = u.steps.as_mut_slice() else { return 0 };
    let Some(alt_resolver) = step.alternative.as_deref().map(|a| a.resolver) else { return 0 };
    if step.confidence >= UNSURE {
        return 0;
    }
    let pick = |r: Resolver| (r == Resolver::List && touched_list) || (r == Resolver::Task && touched_task);
    if pick(step.resolver) == pick(alt_resolver) {
        return 0;
    }
    if pick(alt_resolver)
        && let Some(alt) = step.alternative.take()
    {
        *step = *alt;
    }
    step.alternative = None;
    step.confidence = UNSURE;
    1
}

/// "add apples to it" right after a list turn: "it" is that list. With no list touched, "it"
/// names no list, and the step asks which one (or takes the user's only list).
fn list_pointer(u: &mut Understanding, entities: &[Value]) -> usize {
    let last = entities.iter().rev().find_map(|e| e.get("list")?.as_str());
    let mut n = 0;
    // "וגם ביצים" right after adding to a list: more for that list
    if let Some(last) = last
        && let [step] = u.steps.as_mut_slice()
        && step.resolver == Resolver::List
        && step.action == Action::Add
        && step.list.is_none()
        && !step.items.is_empty()
    {
        step.list = Some(last.to_string());
        step.confidence = step.confidence.max(UNSURE);
        step.alternative = None;
        return 1;
    }
    for step in u.steps.iter_mut().filter(|s| s.resolver == Resolver::List) {
        let named = step.list.as_deref().map(|l| l.trim_end_matches(" too").trim_end_matches(" as well"));
        if named.is_some_and(is_pointer) {
            step.list = last.map(str::to_string);
            if last.is_some() {
                step.confidence = step.confidence.max(UNSURE);
                n += 1;
            }
        }
    }
    n
}

/// Words that carry no title of their own: "actually", "no", "ובעצם" before a new time.
const NO_TITLE: &[&str] = &[
    "actually",
    "rather",
    "no",
    "nah",
    "ok",
    "okay",
    "sorry",
    "i mean",
    "instead",
    "בעצם",
    "ובעצם",
    "לא",
    "אז",
    "אוקיי",
    "סליחה",
    "רגע",
    "עדיף",
    "יותר טוב",
    "דווקא",
];

/// A title of correction words only; no title at all counts when the step is unsure (no verb
/// of its own: "remind me at 6" is a new reminder still missing its title).
fn says_nothing_but_a_correction(title: Option<&str>, unsure: bool) -> bool {
    let Some(t) = title else { return unsure };
    // "לא, עדיף בשלוש, אז אני כבר אחרי הסגירה": why, after a comma, names nothing either
    let t = t.split(',').take_while(|part| !says_why(part)).collect::<Vec<_>>().join(",");
    t.split([',', ' ', '.', '!', '-']).filter(|w| !w.is_empty()).all(|w| NO_TITLE.contains(&w.to_lowercase().as_str()))
}

/// A clause that says why: "אז אני כבר אחרי…", "because the kids…", "כי יש לי…".
fn says_why(part: &str) -> bool {
    let first = part.split_whitespace().next().unwrap_or("").to_lowercase();
    matches!(first.as_str(), "אז" | "כי" | "because" | "cause" | "cuz" | "since" | "so" | "as" | "שאז")
}

/// Words around a lone time that name nothing: "make it 8:30", "at 6", "to thursday".
const AROUND_A_TIME: &[&str] = &[
    "at",
    "to",
    "for",
    "on",
    "make",
    "it",
    "that",
    "then",
    "same",
    "time",
    "ב",
    "ל",
    "את",
    "זה",
    "תעשה",
    "תעשי",
    "שיהיה",
];

/// "8:30 instead", "no, 10", "ובעצם ביום חמישי": a message of nothing but a time (and words of
/// correction), right after a turn that touched something, is that thing's new time. The rules
/// read it as chat (no verb, no title) or as a new event with no title; either is read here as
/// an update naming nothing, which `correction` and `resolve` then point at the last thing.
fn lone_time(u: &mut Understanding, text: &str, now: DateTime<Tz>) {
    let [step] = u.steps.as_mut_slice() else { return };
    let titleless_create = step.action == Action::Create && says_nothing_but_a_correction(step.title.as_deref(), true);
    if step.resolver != Resolver::General && !titleless_create {
        return;
    }
    let split = |s: &str| -> Vec<String> {
        s.split([',', ' ', '.', '!', '-', '?']).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
    };
    let words = split(text);
    // "no, 10": a lone number is an hour here (alone, the time parser reads no time in it)
    let hour = match words.iter().filter(|w| !NO_TITLE.contains(&w.as_str())).collect::<Vec<_>>()[..] {
        [n] if n.parse::<u32>().is_ok_and(|h| (1..=24).contains(&h)) => Some(format!("at {n}")),
        _ => None,
    };
    let said = hour.as_deref().unwrap_or(text);
    let Some(found) = crate::understand::time::parse(said, now) else { return };
    if found.recurrence.is_some() || found.problem.is_some() {
        return;
    }
    let rest = format!("{} {}", &said[..found.span.start], &said[found.span.end..]);
    let named_nothing =
        split(&rest).iter().all(|w| NO_TITLE.contains(&w.as_str()) || AROUND_A_TIME.contains(&w.as_str()));
    if !named_nothing {
        return;
    }
    step.resolver = Resolver::Task;
    step.action = Action::Update;
    step.title = None;
    step.when = Some(found.point.unwrap_or(found.value));
    step.window = None;
    step.alternative = None;
}

/// "actually at 6" / "ובעצם בשש" right after a turn that touched something: a lone new time,
/// with no title and no verb of its own, read as a new reminder titled "actually", is a
/// correction of the last thing's time. A bare hour names no day, and is read as the next such
/// hour (within 12 hours of now); a correction keeps the last thing's day, so that time of day
/// moves onto it. A time further off named its own day and stands as said.
fn correction(u: &mut Understanding, text: &str, last_due: Option<DateTime<FixedOffset>>, now: DateTime<Tz>) {
    let [step] = u.steps.as_mut_slice() else { return };
    let Some(when) = step.when else { return };
    let on_one = matches!(step.resolver, Resolver::Task | Resolver::Calendar) && step.recurrence.is_none();
    let new_reminder =
        step.action == Action::Create && says_nothing_but_a_correction(step.title.as_deref(), step.confidence < UNSURE);
    // "actually make it 10": an update naming nothing but a time
    let new_time = step.action == Action::Update && step.title.as_deref().is_none_or(is_pointer);
    if !on_one || !(new_reminder || new_time) {
        return;
    }
    let tz = now.timezone();
    let local = when.with_timezone(&tz);
    if let Some(due) = last_due.map(|d| d.with_timezone(&tz))
        // a day alone ("move it to tomorrow") arrives as midnight and is a new day ("to 12" said
        // after noon is midnight too, and an hour)
        && (local.time() != chrono::NaiveTime::MIN || bare_hour(text) && text.contains(|c: char| c.is_ascii_digit()))
        && when.signed_duration_since(now) <= chrono::Duration::hours(12)
    {
        // "make it 10" after 08:30 is 10:00, not 22:00: an hour said without morning or evening
        // is the one of its two readings nearer the old time
        let time = match bare_hour(text) {
            true => nearer(local.time(), local.time() + chrono::Duration::hours(12), due.time()),
            false => local.time(),
        };
        let moved = due.date_naive().and_time(time).and_local_timezone(tz).earliest();
        step.when = moved.map(|m| m.fixed_offset()).or(step.when);
        // (the other reading, a reminder's move where this one is the calendar's, moves alike)
        if let Some(alt) = step.alternative.as_mut().filter(|a| a.when == Some(when)) {
            alt.when = step.when;
        }
    }
    if new_reminder {
        step.action = Action::Update;
        step.title = None;
        step.alternative = None;
    }
}

/// Whether a time is said as a bare hour of a 12-hour clock: no morning/evening word, no am/pm,
/// no number past 12 ("ובעצם בשש", "make it 10", "at 7:30", not "at 19:30" or "6 pm").
fn bare_hour(text: &str) -> bool {
    const PARTS: [&str; 16] = [
        "am",
        "pm",
        "a.m",
        "p.m",
        "morning",
        "evening",
        "night",
        "afternoon",
        "noon",
        "tonight",
        "בבוקר",
        "בערב",
        "בלילה",
        "בצהריים",
        "אחה\"צ",
        "אחר הצהריים",
    ];
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphanumeric() && c != '.' && c != '"').collect();
    let part = PARTS.iter().any(|p| if p.contains(' ') { lower.contains(p) } else { words.contains(p) })
        || words
            .iter()
            .any(|w| w.starts_with(|c: char| c.is_ascii_digit()) && (w.ends_with("am") || w.ends_with("pm")));
    // an hour past 12 (the minutes after a colon do not count)
    let past_twelve = lower
        .split(|c: char| !c.is_ascii_digit() && c != ':')
        .filter_map(|n| n.split(':').next())
        .filter(|h| !h.is_empty() && h.len() <= 2)
        .any(|h| h.parse::<u32>().is_ok_and(|h| h > 12));
    !part && !past_twelve
}

/// Of two times of day, the one nearer `to` (around the clock).
pub(crate) fn nearer(a: chrono::NaiveTime, b: chrono::NaiveTime, to: chrono::NaiveTime) -> chrono::NaiveTime {
    let gap = |t: chrono::NaiveTime| {
        let d = (t - to).num_minutes().rem_euclid(24 * 60);
        d.min(24 * 60 - d)
    };
    if gap(b) < gap(a) { b } else { a }
}

/// The place an ordinal word names (`usize::MAX` is the last); a Hebrew one only with its
/// article ("ראשון", "שני" alone are weekdays).
fn place(w: &str) -> Option<usize> {
    crate::conversation::answer::place(w).filter(|_| w.is_ascii() || w.starts_with('ה'))
}

/// Words after an English ordinal that make it a pointer ("the second one", "the 1st reminder").
const ORDINAL_NOUNS: &[&str] = &["one", "reminder", "task", "item", "event"];

/// Words before a Hebrew ordinal that make it a pointer ("את השנייה", "התזכורת הראשונה").
const BEFORE_HE_ORDINAL: &[&str] = &["את", "התזכורת", "המשימה", "האירוע"];

/// "the first one, change it to 9", "delete the 2nd reminder", "תזיז את השנייה לשמונה", "מחק
/// את הראשונה": a place among the things just shown (or just made), if the message points at one
/// by its place. "the first day of spring" and "ביום השני" name days, not places.
fn ordinal_pointer(text: &str) -> Option<usize> {
    let lower = text.to_lowercase();
    // words, and each clause's end as a word of its own
    let mut words: Vec<&str> = Vec::new();
    for piece in lower.split_whitespace() {
        let word = piece.trim_matches(|c: char| !c.is_alphanumeric());
        if !word.is_empty() {
            words.push(word);
        }
        if piece.ends_with([',', '.', ';', '!', '?']) {
            words.push(",");
        }
    }
    for (i, w) in words.iter().enumerate() {
        let Some(n) = place(w) else { continue };
        let before = i.checked_sub(1).map(|j| words[j]);
        let after = words.get(i + 1).copied();
        let english =
            w.is_ascii() && before == Some("the") && after.is_none_or(|a| a == "," || ORDINAL_NOUNS.contains(&a));
        let hebrew = !w.is_ascii()
            && before.is_none_or(|b| b == "," || BEFORE_HE_ORDINAL.contains(&b))
            // ("את השנייה כבר עשיתי": what was done with it follows; "את השניה תזיז ל11": what
            // to do with it, a command in the second person)
            && after.is_none_or(|a| {
                a == "," || a.starts_with(['ל', 'ב']) || a == "כבר" || a.ends_with("תי") || (before == Some("את") && a.starts_with('ת') && a.chars().count() >= 4)
            });
        if english || hebrew {
            return Some(n);
        }
    }
    None
}

/// A step that acts on one task or event and names it by its place ("the second one") takes
/// the thing at that place among those the last turn showed, or is left to pick among the
/// reminders just made (`Step::nth`, task resolver). Returns whether it did.
fn ordinal(u: &mut Understanding, text: &str, entities: &[Value]) -> bool {
    let [step] = u.steps.as_mut_slice() else { return false };
    let acts_on_one = matches!(step.action, Action::Update | Action::Delete | Action::Complete);
    if !acts_on_one || !matches!(step.resolver, Resolver::Task | Resolver::Calendar) {
        return false;
    }
    let Some(n) = ordinal_pointer(text) else { return false };
    // the title, if any, is the ordinal words themselves (or a pointer)
    let names_more = step.title.as_deref().is_some_and(|t| {
        t.to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .any(|w| !ORDINAL_NOUNS.contains(&w) && place(w).is_none() && !matches!(w, "the" | "it" | "את" | "זה"))
    });
    if names_more {
        return false;
    }
    let shown: Vec<&Value> = entities.iter().filter_map(|e| e.get("shown")?.as_array()).flatten().collect();
    // nothing shown, but the last turn made several reminders ("…on Friday at 12 remind me to
    // pay the insurance, and on Saturday night at 8 to call Omer" — "the second one at 9"): the
    // place is among those, in the order they were said
    let made: Vec<&Value> =
        entities.iter().filter(|e| e.get("task_id").is_some() && e.get("title").is_some()).collect();
    let shown = if shown.is_empty() && made.len() >= 2 { made } else { shown };
    let picked = match n {
        usize::MAX => shown.last(),
        n => shown.get(n - 1),
    };
    match picked.and_then(|e| e.get("title")?.as_str()) {
        Some(title) => {
            step.title = Some(title.to_string());
            step.nth = None;
        }
        // (the reminders just made are no help with the calendar's events, unless reminders
        // are all the last turn made)
        None if step.resolver == Resolver::Calendar && !entities.iter().any(|e| e.get("task_id").is_some()) => {
            return false;
        }
        None => {
            step.title = None;
            step.nth = Some(n);
        }
    }
    step.resolver = Resolver::Task;
    step.query = None;
    step.confidence = step.confidence.max(UNSURE);
    step.alternative = None;
    true
}

/// "and eggs too", "oh and bank statement too", "also bread", right after adding to a list: said
/// with no verb, these are more things for the same list (read only when the rules found no
/// request in them).
fn more_for_the_list(u: &mut Understanding, text: &str, entities: &[Value]) -> usize {
    let Some(last) = entities.iter().rev().find_map(|e| e.get("list")?.as_str()) else { return 0 };
    let [step] = u.steps.as_mut_slice() else { return 0 };
    if !(step.resolver == Resolver::General && step.action == Action::Chat) {
        return 0;
    }
    let lower = text.trim().trim_end_matches(['.', '!']).to_lowercase();
    let mut words: Vec<&str> = lower.split_whitespace().collect();
    let opened = words.first().is_some_and(|w| matches!(*w, "and" | "also" | "plus" | "oh"));
    while words.first().is_some_and(|w| matches!(*w, "and" | "also" | "plus" | "oh" | "oh,")) {
        words.remove(0);
    }
    let closed = words.last().is_some_and(|w| matches!(*w, "too" | "also")) || words.ends_with(&["as", "well"]);
    while words.last().is_some_and(|w| matches!(*w, "too" | "also" | "please")) {
        words.pop();
    }
    if words.ends_with(&["as", "well"]) {
        words.truncate(words.len() - 2);
    }
    // ("me too", "you too", "and you?": about people, not things)
    const NOT_THINGS: &[&str] =
        &["me", "you", "i", "us", "we", "it", "that", "this", "them", "same", "thanks", "thank"];
    if !(opened || closed)
        || words.is_empty()
        || words.len() > 6
        || lower.contains('?')
        || words.iter().any(|w| NOT_THINGS.contains(&w.trim_matches(|c: char| !c.is_alphanumeric())))
    {
        return 0;
    }
    let said = words.join(" ");
    let items: Vec<String> = said
        .split(',')
        .flat_map(|p| p.split(" and "))
        .map(|p| p.trim().to_string())
        .filter(|p| !p.is_empty())
        .collect();
    // the user's own letters, not the lowered ones
    let items = items
        .into_iter()
        .map(|i| text.to_lowercase().find(&i).map_or(i.clone(), |at| text[at..at + i.len()].to_string()))
        .collect();
    *step = crate::understand::Step {
        list: Some(last.to_string()),
        items,
        ..crate::understand::Step::new(Resolver::List, Action::Add, UNSURE)
    };
    1
}

/// A note's delete that names only "it" ("forget it", "forget about that", "תשכח מזה").
fn forgets_it(step: &crate::understand::Step) -> bool {
    let Some(q) = step.query.as_deref().filter(|_| step.resolver == Resolver::Memory && step.action == Action::Delete)
    else {
        return false;
    };
    let q = q.split([',', ';']).next().unwrap_or(q).trim();
    let q = q.strip_prefix("about ").or_else(|| q.strip_prefix('מ')).unwrap_or(q);
    is_pointer(q)
}

/// Replaces pointers in the steps with the last turn's entity. Returns how many were resolved.
pub fn resolve(u: &mut Understanding, text: &str, entities: &[Value], now: DateTime<Tz>) -> usize {
    if ordinal(u, text, entities) {
        return 1;
    }
    let last = last_titled(entities);
    if let Some(last) = &last {
        lone_time(u, text, now);
        correction(u, text, last.due, now);
    }
    let recent = prefer_recent(u, entities) + list_pointer(u, entities) + more_for_the_list(u, text, entities);
    let Some(Last { title, is_task, .. }) = last else { return recent };
    let mut resolved = 0;
    for step in &mut u.steps {
        let acts_on_one = matches!(step.action, Action::Update | Action::Delete | Action::Complete);
        let on_task_or_event = matches!(step.resolver, Resolver::Task | Resolver::Calendar);
        // "actually make it 10": a new time with nothing named is for the last thing
        let new_time_only = step.action == Action::Update && step.title.is_none() && step.when.is_some();
        // "cancel that": the pointer was trimmed from the title ("done" alone is not taken as
        // the last thing's completion: hours later it is only a word; see the reminder tests)
        let bare_pointer = step.title.is_none() && step.action == Action::Delete && says_pointer(text);
        // "make it 30 minutes earlier": the pointer was trimmed and the shift is all that is left
        let shift_only = step.action == Action::Update
            && says_pointer(text)
            && step.title.as_deref().is_some_and(|t| is_pointer(&format!("it {t}")));
        if acts_on_one
            && on_task_or_event
            && (step.title.as_deref().is_some_and(is_pointer) || new_time_only || bare_pointer || shift_only)
        {
            step.title = Some(title.clone());
            if is_task {
                // what was touched is a reminder, so "move it" moves the reminder
                step.resolver = Resolver::Task;
            }
        } else if is_task && forgets_it(step) {
            // "תשכחי מזה, השכנה תביא אותו", "forget it": right after a reminder, "it" is that
            // reminder, and forgetting it is deleting it
            step.resolver = Resolver::Task;
            step.action = Action::Delete;
            step.title = Some(title.clone());
            step.query = None;
        } else if step.resolver == Resolver::List
            && step.action == Action::Add
            && !step.items.is_empty()
            && step.items.iter().all(|i| is_pointer(i))
        {
            step.items = vec![title.clone()];
        } else {
            continue;
        }
        step.confidence = step.confidence.max(UNSURE);
        step.alternative = None;
        resolved += 1;
    }
    // the step `prefer_recent` settled is one message, counted once
    resolved.max(recent)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use serde_json::json;

    use super::*;
    use crate::understand::{Lang, understand};

    fn now() -> DateTime<Tz> {
        chrono_tz::Asia::Jerusalem.with_ymd_and_hms(2026, 11, 23, 10, 0, 0).unwrap()
    }

    fn read(text: &str) -> (Understanding, &str) {
        (understand(text, now(), Lang::En), text)
    }

    fn resolve((u, text): &mut (Understanding, &str), entities: &[Value]) -> usize {
        super::resolve(u, text, entities, now())
    }

    #[test]
    fn a_place_points_at_what_was_shown_or_just_made_and_a_day_is_no_place() {
        for (text, n) in [
            ("the first one, change it to 9", 1),
            ("delete the 2nd one", 2),
            ("mark the third reminder done", 3),
            ("cancel the last one", usize::MAX),
            ("מחק את השנייה", 2),
            ("את השנייה כבר עשיתי", 2),
            ("את השניה תזיז ל11", 2),
            ("תזיז את הראשונה לשמונה", 1),
            ("התזכורת האחרונה, תמחק אותה", usize::MAX),
        ] {
            assert_eq!(ordinal_pointer(text), Some(n), "{text}");
        }
        for text in ["remind me on the first day of spring", "ביום השני בשמונה", "the second floor", "first aid kit"]
        {
            assert_eq!(ordinal_pointer(text), None, "{text}");
        }
        let shown =
            [json!({"shown": [{"task_id": 7, "title": "water the plants"}, {"task_id": 3, "title": "call the bank"}]})];
        let mut u = read("delete the second one");
        assert_eq!(resolve(&mut u, &shown), 1);
        let s = &u.0.steps[0];
        assert_eq!((s.action, s.title.as_deref(), s.nth), (Action::Delete, Some("call the bank"), None));
        // nothing shown: the place is among the reminders just made (the task resolver)
        let mut made = read("the first one, change it to 9");
        assert_eq!(resolve(&mut made, &[json!({"task_id": 9, "title": "pizza"})]), 1);
        let s = &made.0.steps[0];
        assert_eq!((s.resolver, s.action, s.title.as_deref(), s.nth), (Resolver::Task, Action::Update, None, Some(1)));
        // several reminders made by the last turn: the place is among them
        let mut two = read("the second one, make it 8:30pm");
        let last = [json!({"task_id": 9, "title": "pizza"}), json!({"task_id": 12, "title": "call Omer's dad"})];
        assert_eq!(resolve(&mut two, &last), 1);
        assert_eq!((two.0.steps[0].title.as_deref(), two.0.steps[0].nth), (Some("call Omer's dad"), None));
        // an event by its place, with no listing of reminders behind it, is left as read
        let mut event = read("the second one, move it to 6");
        event.0.steps[0].resolver = Resolver::Calendar;
        resolve(&mut event, &[]);
        assert_eq!((event.0.steps[0].resolver, event.0.steps[0].nth), (Resolver::Calendar, None));
    }

    #[test]
    fn move_it_points_at_the_reminder_the_last_turn_created() {
        let mut u = read("move it to 5");
        let n = resolve(&mut u, &[json!({"task_id": 4, "title": "call mom", "due_at": null})]);
        assert_eq!(n, 1);
        let s = &u.0.steps[0];
        assert_eq!((s.resolver, s.action, s.title.as_deref()), (Resolver::Task, Action::Update, Some("call mom")));
        assert!(s.confidence >= UNSURE);
    }

    #[test]
    fn and_x_too_right_after_a_list_add_is_more_for_that_list() {
        let last = [json!({"list_id": 2, "list": "shopping"})];
        for (text, items) in [
            ("and eggs too", vec!["eggs"]),
            ("oh and bank statement too", vec!["bank statement"]),
            ("also bread and butter", vec!["bread", "butter"]),
            ("וגם ביצים", vec!["ביצים"]),
        ] {
            let mut u = read(text);
            assert_eq!(resolve(&mut u, &last), 1, "{text}");
            assert_eq!(u.0.steps[0].list.as_deref(), Some("shopping"), "{text}");
            assert_eq!(u.0.steps[0].items, items, "{text}");
        }
        // people, and anything after a turn that touched no list, are not
        let mut u = read("me too");
        assert_eq!(resolve(&mut u, &last), 0);
        let mut u = read("and eggs too");
        resolve(&mut u, &[json!({"task_id": 4, "title": "call mom"})]);
        assert_ne!(u.0.steps[0].resolver, Resolver::List);
    }

    #[test]
    fn add_it_to_the_list_adds_the_last_things_title() {
        let mut u = read("תוסיף את זה לרשימה");
        assert_eq!(resolve(&mut u, &[json!({"task_id": 4, "title": "להתקשר לאינסטלטור"})]), 1);
        assert_eq!(u.0.steps[0].items, vec!["להתקשר לאינסטלטור"]);
    }

    #[test]
    fn a_lone_correction_moves_the_last_reminder_and_a_new_reminder_stays_new() {
        let last = [json!({"task_id": 4, "title": "לאסוף את התוצאות"})];
        let mut u = read("ובעצם בשש");
        assert_eq!(resolve(&mut u, &last), 1);
        let s = &u.0.steps[0];
        assert_eq!((s.action, s.title.as_deref()), (Action::Update, Some("לאסוף את התוצאות")));
        let mut new = read("remind me at 6 to call dad");
        resolve(&mut new, &last);
        assert_eq!((new.0.steps[0].action, new.0.steps[0].title.as_deref()), (Action::Create, Some("call dad")));
        // the last reminder is due on another day: the new time of day moves onto that day
        let elsewhere = [json!({"task_id": 4, "title": "x", "due_at": "2026-11-30T15:00:00Z"})];
        let mut other_day = read("ובעצם בשש");
        resolve(&mut other_day, &elsewhere);
        assert_eq!(other_day.0.steps[0].action, Action::Update);
        assert_eq!(other_day.0.steps[0].when.map(|w| w.to_rfc3339()).as_deref(), Some("2026-11-30T18:00:00+02:00"));
        let mut untitled = read("remind me at 6");
        resolve(&mut untitled, &last);
        assert_eq!(untitled.0.steps[0].action, Action::Create);
        // forgetting it, right after a reminder, deletes that reminder
        for text in ["תשכחי מזה, השכנה תביא אותו למרפאה", "forget it, she'll do it herself", "forget about it"]
        {
            let mut forget = read(text);
            assert_eq!(resolve(&mut forget, &last), 1, "{text}");
            let s = &forget.0.steps[0];
            assert_eq!(
                (s.resolver, s.action, s.title.as_deref()),
                (Resolver::Task, Action::Delete, Some("לאסוף את התוצאות"))
            );
        }
        // why, after a comma, names nothing either
        let mut why = read("לא, עדיף בשלוש, אז אני כבר אחרי הסגירה של הגן");
        assert_eq!(resolve(&mut why, &last), 1);
        assert_eq!(why.0.steps[0].title.as_deref(), Some("לאסוף את התוצאות"));
    }

    #[test]
    fn a_message_of_nothing_but_a_time_moves_the_last_thing() {
        // due tomorrow at 08:00 Jerusalem
        let last = [json!({"task_id": 4, "title": "renew my passport", "due_at": "2026-11-24T06:00:00Z"})];
        for (text, want) in [
            ("actually 8:30", "2026-11-24T08:30:00+02:00"),
            ("no, 10", "2026-11-24T10:00:00+02:00"),
            ("ובעצם 8:30", "2026-11-24T08:30:00+02:00"),
        ] {
            let mut u = read(text);
            assert_eq!(resolve(&mut u, &last), 1, "{text}");
            let s = &u.0.steps[0];
            assert_eq!(
                (s.resolver, s.action, s.title.as_deref()),
                (Resolver::Task, Action::Update, Some("renew my passport")),
                "{text}"
            );
            assert_eq!(s.when.map(|w| w.to_rfc3339()).as_deref(), Some(want), "{text}");
        }
        // with nothing touched before, a lone time is still chat; words around it keep it a message
        let mut alone = read("8:30 instead");
        resolve(&mut alone, &[]);
        assert_eq!(alone.0.steps[0].resolver, Resolver::General);
        let mut more = read("the train leaves at 8:30");
        resolve(&mut more, &last);
        assert_ne!(more.0.steps[0].action, Action::Update);
    }

    #[test]
    fn cancel_that_mark_it_done_and_a_shift_of_it_point_at_the_last_reminder() {
        let last = [json!({"task_id": 4, "title": "call the bank", "due_at": "2026-11-24T06:00:00Z"})];
        for (text, action) in
            [("cancel that", Action::Delete), ("mark it done", Action::Complete), ("תדחה את זה בשעה", Action::Update)]
        {
            let mut u = read(text);
            assert_eq!(resolve(&mut u, &last), 1, "{text}: {:?}", u.0.steps);
            let s = &u.0.steps[0];
            assert_eq!(
                (s.resolver, s.action, s.title.as_deref()),
                (Resolver::Task, action, Some("call the bank")),
                "{text}"
            );
        }
        // "done" alone is not pointed anywhere: long after, it is only a word
        let mut u = read("done");
        resolve(&mut u, &last);
        assert_eq!(u.0.steps[0].resolver, Resolver::General);
    }

    #[test]
    fn to_12_said_after_noon_is_an_hour_on_the_things_day() {
        let after_noon = chrono_tz::Asia::Jerusalem.with_ymd_and_hms(2026, 11, 23, 12, 42, 0).unwrap();
        let last = [json!({"task_id": 4, "title": "call client 2", "due_at": "2026-11-24T07:00:00Z"})];
        let mut u = understand("move it to 12", after_noon, Lang::En);
        super::resolve(&mut u, "move it to 12", &last, after_noon);
        let s = &u.steps[0];
        assert_eq!(s.when.map(|w| w.to_rfc3339()).as_deref(), Some("2026-11-24T12:00:00+02:00"), "{s:?}");
        // a day alone is still a new day
        let mut day = understand("move it to friday", after_noon, Lang::En);
        super::resolve(&mut day, "move it to friday", &last, after_noon);
        assert_eq!(day.steps[0].when.map(|w| chrono::Timelike::hour(&w)), Some(0));
    }

    #[test]
    fn a_bare_hour_correction_takes_the_reading_nearer_the_old_time() {
        // due tomorrow at 08:30; at 10:00 today "make it 10" is tomorrow at 10:00, not 22:00
        let morning = [json!({"task_id": 4, "title": "call the insurance", "due_at": "2026-11-24T06:30:00Z"})];
        let mut u = read("actually make it 10");
        resolve(&mut u, &morning);
        assert_eq!(u.0.steps[0].when.map(|w| w.to_rfc3339()).as_deref(), Some("2026-11-24T10:00:00+02:00"));
        // said with its part of the day, or past 12, it stands as said
        let mut pm = read("actually make it 10 pm");
        resolve(&mut pm, &morning);
        assert_eq!(pm.0.steps[0].when.map(|w| w.to_rfc3339()).as_deref(), Some("2026-11-24T22:00:00+02:00"));
        let mut evening = read("ובעצם ב-7 בערב");
        resolve(&mut evening, &morning);
        assert_eq!(evening.0.steps[0].when.map(|w| w.to_rfc3339()).as_deref(), Some("2026-11-24T19:00:00+02:00"));
        assert!(bare_hour("ובעצם בשש") && bare_hour("make it 7:30"));
        assert!(!bare_hour("make it 19:30") && !bare_hour("at 6pm") && !bare_hour("in the morning at 6"));
    }

    #[test]
    fn add_to_it_after_a_list_turn_adds_to_that_list() {
        let mut u = read("add apples and honey to it");
        assert_eq!(resolve(&mut u, &[json!({"list_id": 2, "list": "Rosh Hashana"})]), 1);
        assert_eq!(u.0.steps[0].list.as_deref(), Some("Rosh Hashana"));
        let mut none = read("put eggs on it too");
        resolve(&mut none, &[]);
        assert_eq!(none.0.steps[0].list, None);
    }

    #[test]
    fn without_entities_or_pointers_nothing_changes() {
        let mut u = read("move it to 5");
        let before = u.clone();
        assert_eq!(resolve(&mut u, &[]), 0);
        assert_eq!(u.0, before.0);
        let mut plain = read("delete the dentist reminder");
        assert_eq!(resolve(&mut plain, &[json!({"task_id": 1, "title": "x"})]), 0);
    }
}
