//! Routing: a message becomes ordered steps, each scored against the resolver schemas.
//!
//! Splitting: a conjunction ("ו", "וגם", "and", "then", a comma) starts a new step only when the
//! words after it begin a command pattern and the words before it already hold one, so item
//! lists ("add eggs, milk and bread") stay in one step. A later step that says "שעה לפני" /
//! "an hour before" or "אותו" / "it" depends on the step before it.

use std::ops::Range;

use chrono::{DateTime, Duration};
use chrono_tz::Tz;

use crate::understand::normalize::{Kind, Normalized, Token, fold};
use crate::understand::patterns::{self, PatMatch};
use crate::understand::schema::SCHEMAS;
use crate::understand::time::{self, Found};
use crate::understand::{Lang, Resolver, Step, Understanding, lang, repeat};

mod build;
pub use build::UNSURE;
pub use shape::Talk;
pub(crate) mod shape;
mod swap;
mod when;
pub(crate) use when::WAKING;

/// One step's tokens: `start..end`, with the command beginning at `content` (after any
/// conjunction tokens).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Seg {
    pub start: usize,
    pub content: usize,
    pub end: usize,
}

impl Seg {
    pub fn range(&self) -> Range<usize> {
        self.content..self.end
    }
}

/// Everything a step builder needs about the whole message.
pub(crate) struct Msg<'a> {
    pub text: &'a str,
    pub toks: &'a [Token<'a>],
    pub pats: &'a [PatMatch],
    pub times: &'a [(Found, Range<usize>)],
    pub now: DateTime<Tz>,
}

pub fn understand(text: &str, now: DateTime<Tz>, default_lang: Lang) -> Understanding {
    // "…to thursday at 11, no wait friday, friday at 11": what the user took back is not read
    let meant = crate::understand::correct::taken_back(text);
    let spelt = crate::understand::correct::is_spelt_out(meant.as_ref());
    let asked = crate::understand::correct::mind_asked(spelt.as_ref());
    let off = crate::understand::correct::of_for_off(asked.as_ref());
    let text = off.as_ref();
    // A repeat rule's words ("every other week on Tuesday") are read by repeat.rs; the rest of
    // the message is read as usual, and its reminder then follows the rule.
    // The rest is read as of this day's start, so "at 7" is a time of day (07:00), not the next
    // 7 o'clock from now; repeat::apply then reads hours 1-6 as afternoon, as with a date.
    if let Some(rep) = repeat::detect(text, now) {
        let midnight = now.date_naive().and_time(chrono::NaiveTime::MIN).and_local_timezone(now.timezone()).earliest();
        for candidate in [rep.rest.as_str(), text] {
            let mut u = understand_words(candidate, midnight.unwrap_or(now), default_lang);
            if repeat::apply(&mut u.steps, &rep, now, text) {
                u.lang = lang::detect(text).unwrap_or(default_lang);
                return u;
            }
        }
    }
    understand_words(text, now, default_lang)
}

/// Token ranges between a pair of quote marks (the marks themselves included): "'", '"', and
/// the curly ones, which normalization folds into these.
fn quoted_spans(toks: &[Token<'_>]) -> Vec<Range<usize>> {
    let mut spans = Vec::new();
    for mark in ["'", "\""] {
        let at: Vec<usize> =
            toks.iter().enumerate().filter(|(_, t)| t.kind == Kind::Punct && t.text == mark).map(|(i, _)| i).collect();
        spans.extend(at.chunks_exact(2).filter(|p| p[1] > p[0] + 1).map(|p| p[0]..p[1] + 1));
    }
    spans
}

/// The words between "called"/"named"/"בשם" and a colon close after them: a name.
fn named_spans(toks: &[Token<'_>]) -> Vec<Range<usize>> {
    toks.iter()
        .enumerate()
        .filter(|(_, t)| matches!(t.text, "called" | "named" | "בשמ"))
        .filter_map(|(k, _)| {
            let colon = (k + 1..toks.len().min(k + 6)).find(|&j| toks[j].text == ":")?;
            (colon > k + 1).then_some(k + 1..colon)
        })
        .collect()
}

fn understand_words(text: &str, now: DateTime<Tz>, default_lang: Lang) -> Understanding {
    let lang = lang::detect(text).unwrap_or(default_lang);
    let norm = Normalized::new(text);
    let toks = norm.tokens();
    let mut times = time::scan_tokens(&toks, now);
    // "add 'the midnight library' to my books list": words in quotes are a name, never a time
    let quoted = quoted_spans(&toks);
    times.retain(|(_, r)| !quoted.iter().any(|q| q.start < r.start && r.end <= q.end));
    // "a list called purim baskets: …", "רשימה בשם חנוכה: …": a name said up to its colon
    let named = named_spans(&toks);
    times.retain(|(_, r)| !named.iter().any(|q| q.start <= r.start && r.end <= q.end));
    // "tuesday 1pm lunch w/ Inês", "tuesday lunch with Dana": a meal with someone is the event
    // too; its word says the hour and stays in the name
    for (_, r) in times.iter_mut() {
        if r.end - r.start >= 2
            && toks[r.end - 1].text == "lunch"
            && toks.get(r.end).is_some_and(|t| matches!(t.text, "with" | "w" | "w/" | "at"))
        {
            r.end -= 1;
        }
    }
    let pats = patterns::match_all(&toks);
    let msg = Msg { text, toks: &toks, pats: &pats, times: &times, now };
    let hints = hints(&pats);
    let (segs, conts) = split(&msg);
    let mut steps: Vec<Step> = Vec::with_capacity(segs.len());
    for (k, s) in segs.iter().enumerate() {
        // "remind me at 7 to call the school and at 8 to email the teacher": the second time
        // starts another step of the same kind
        let step = match steps.last() {
            Some(prev) if conts[k] => build::like(&msg, *s, prev),
            _ => build::step(&msg, *s),
        };
        steps.push(step);
    }
    for (step, seg) in steps.iter_mut().zip(&segs) {
        // ("…moved to Tuesday 2:45, update it": the news and the ask are one move)
        let one_move = step.action == crate::understand::Action::Update
            && shape::move_told(&msg, *seg).is_some()
            && shape::then_update_it(&msg, *seg);
        if unsplit_command(&msg, *seg) && !one_move {
            // a second request may hide in this step ("… ותבדוק אם יש לי משהו מחר"): the
            // reading is a guess about how much of the message it covers
            step.confidence = step.confidence.min(0.55);
        }
    }
    // "עזבי את זה": leave it is "never mind", not a delete of whatever "it" was
    for (step, seg) in steps.iter_mut().zip(&segs) {
        let w = |k: usize| msg.toks.get(k).filter(|_| k < seg.end).map_or("", |t| t.text);
        if matches!(w(seg.content), "עזוב" | "עזבי" | "תעזוב" | "תעזבי")
            && w(seg.content + 1) == "את"
            && matches!(w(seg.content + 2), "זה" | "זאת")
        {
            *step = Step::new(Resolver::General, crate::understand::Action::Chat, 0.6);
        }
    }
    instead_of_the_deleted(&msg, &segs, &mut steps);
    crossed_off_after_a_report(&msg, &segs, &mut steps);
    named_before_its_pronoun(&msg, &segs, &mut steps);
    link(&msg, &segs, &mut steps);
    day_said_before(&msg, &segs, &mut steps);
    that_day(&msg, &segs, &mut steps);
    reported_then_marked(&mut steps);
    reported_then_taken_off_a_list(&mut steps);
    done_with_a_list_then_deleted(text, &mut steps);
    a_kept_fact_deleted_is_forgotten(&mut steps);
    said_then_placed(&mut steps);
    drop_reasons(&mut steps);
    called_off(text, &mut steps);
    told_then_deleted(&msg, &segs, &mut steps);
    asked_then_read_if_so(text, &mut steps);
    done_then_ticked(text, &mut steps);
    one_chat(&mut steps);
    what_was_theirs(&msg, &mut steps);
    two_questions(&mut steps);
    who_the_note_is_about(&mut steps);
    done_by_its_verb(&msg, &segs, &mut steps);
    thing_then_done(&msg, &segs, &mut steps);
    items_stop_at_a_reason(&mut steps);
    reason_holds_the_list(text, &mut steps);
    to_do_list(&mut steps);
    removes_from_the_list_just_named(&msg, &segs, &mut steps);
    puts_on_the_list_just_named(&msg, &segs, &mut steps);
    shows_the_list_just_named(&msg, &segs, &mut steps);
    shows_a_list_by_its_name(&msg, &segs, &mut steps);
    said_again(&mut steps);
    no_pointing_tail(&mut steps);
    all_is_well_tail(&mut steps);
    named_after_new(&mut steps);
    swap::swaps_an_item(&msg, &segs, &mut steps);
    // "how do I set a reminder that repeats?": how to use Ozer, said in one breath, is a help
    if steps.len() == 1 && segs.len() == 1 && shape::asks_how_to_use(&msg, segs[0]) {
        steps[0] = Step::new(Resolver::Meta, crate::understand::Action::Help, UNSURE);
    }
    told_not_asked(&msg, &mut steps);
    made_at_a_new_time(&msg, &segs, &mut steps);
    time_then_infinitive(&msg, &segs, &mut steps);
    // "The closing - make that 10:30": a new time is no reading of a list, which keeps no hours
    for s in &mut steps {
        if s.action == crate::understand::Action::Update
            && s.when.is_some()
            && s.alternative.as_ref().is_some_and(|a| a.resolver == Resolver::List)
        {
            s.alternative = None;
        }
    }
    if steps.len() == 1 && shape::asks_whether_you_can(&msg) {
        steps[0] = Step::new(Resolver::Meta, crate::understand::Action::Help, 0.7);
    }
    // "hi, a friend set you up for me. what can you actually handle?": only chat around a
    // question about what Ozer can do is that question
    let all_chat = steps.iter().all(|s| s.resolver == Resolver::General && s.action == crate::understand::Action::Chat);
    if all_chat && shape::asks_what_you_can_do(&msg) {
        steps.clear();
        steps.push(Step::new(Resolver::Meta, crate::understand::Action::Help, 0.8));
    }
    // "we don't need batteries anymore, remove batteries from …": a thing said twice is one
    for s in &mut steps {
        let mut seen = std::collections::HashSet::new();
        s.items.retain(|i| seen.insert(i.to_lowercase()));
    }
    if steps.is_empty() {
        steps.push(Step::new(Resolver::General, crate::understand::Action::Chat, 0.3));
    }
    Understanding { lang, steps, hints }
}

/// "add dog shampoo to the pet list, remove chew toys", "תוסיף גם ביצים. ואת הקפה תמחק": a thing
/// taken off right after a step on a list, with no reminder named, comes off that list.
fn removes_from_the_list_just_named(msg: &Msg<'_>, segs: &[Seg], steps: &mut [Step]) {
    use crate::understand::Action::{Add, Create, Delete, Remove};
    for j in 1..steps.len().min(segs.len()) {
        // ("…and cancel the dentist": a cancel is of an appointment or a reminder, not an item)
        if segs[j].range().any(|k| shape::cancels(&msg.toks[k])) {
            continue;
        }
        let on_a_list = steps[j - 1].resolver == Resolver::List && matches!(steps[j - 1].action, Add | Remove | Create);
        let s = &steps[j];
        let Some(title) = s.title.as_deref() else { continue };
        // (a reminder, the calendar or an appointment named is no list's thing)
        let names_a_reminder = shape::names_task(msg, segs[j])
            || shape::names_calendar(msg, segs[j])
            || shape::names_an_appointment(msg, segs[j]);
        if on_a_list && s.resolver == Resolver::Task && s.action == Delete && s.when.is_none() && !names_a_reminder {
            let said = title.trim_start_matches("ואת ").trim_start_matches("and ").to_string();
            onto_the_list_before(steps, j, &said, Remove);
        }
    }
}

/// Makes step `j` an `action` on the list of the step before it, with the things `said` names
/// as its items; a pronoun among them ("take it off") leaves the step as it was.
fn onto_the_list_before(steps: &mut [Step], j: usize, said: &str, action: crate::understand::Action) {
    let items = things_of(said);
    if items.is_empty() || items.iter().any(|i| is_pronoun(i)) {
        return;
    }
    let list = steps[j - 1].list.clone();
    into_list_step(&mut steps[j], action, list);
    steps[j].items = items;
}

/// "מוטי חולה, תוריד אותו מהרשימה ותכניס את רוני", "…and put in a thermos": a thing put in
/// right after a step on a list, with no time, no calendar and no appointment named, goes on that
/// list.
fn puts_on_the_list_just_named(msg: &Msg<'_>, segs: &[Seg], steps: &mut [Step]) {
    use crate::understand::Action::{Add, Create, Remove};
    for j in 1..steps.len().min(segs.len()) {
        let on_a_list = steps[j - 1].resolver == Resolver::List && matches!(steps[j - 1].action, Add | Remove | Create);
        let s = &steps[j];
        let Some(title) = s.title.as_deref() else { continue };
        let placed = s.resolver == Resolver::Calendar
            && s.action == Create
            && s.when.is_none()
            && s.window.is_none()
            && !shape::names_calendar(msg, segs[j])
            && !shape::names_an_appointment(msg, segs[j]);
        if on_a_list && placed {
            let said = title.trim_start_matches("את ").trim_start_matches("ואת ").to_string();
            onto_the_list_before(steps, j, &said, Add);
        }
    }
}

/// "תפתח רשימה חדשה: ארגזים לפרוק": "new" names no list; the one thing after the colon is its
/// name (as "create a new list: boxes to unpack" reads).
fn named_after_new(steps: &mut [Step]) {
    for s in steps.iter_mut() {
        let new_only = s.list.as_deref().is_some_and(|l| matches!(l.trim(), "חדשה" | "חדש" | "new"));
        if s.resolver == Resolver::List
            && s.action == crate::understand::Action::Create
            && new_only
            && s.items.len() == 1
        {
            s.list = s.items.pop();
        }
    }
}

/// "הארנונה שילמתי", "את הכביסה תליתי כבר": the thing first and the verb of doing it last (a
/// Hebrew order of telling) is the same report as "שילמתי את הארנונה".
fn thing_then_done(msg: &Msg<'_>, segs: &[Seg], steps: &mut [Step]) {
    for (step, seg) in steps.iter_mut().zip(segs) {
        if !(step.resolver == Resolver::General && step.action == crate::understand::Action::Chat) {
            continue;
        }
        let words: Vec<usize> = seg.range().filter(|&k| msg.toks[k].is_word()).collect();
        let mut last = words.len();
        while last > 0 && matches!(msg.toks[words[last - 1]].text, "כבר" | "סופסופ" | "היומ") {
            last -= 1;
        }
        let (Some(&verb), true) = (words.get(last.wrapping_sub(1)), (2..=4).contains(&last)) else { continue };
        let v = &msg.toks[verb];
        let thing = &words[..last - 1];
        let first = &msg.toks[thing[0]];
        // "laundry done", "homework finished!": an English thing and its word of done, nothing
        // else (not someone: "I'm done", "so done", "all done")
        let english_done = matches!(v.text, "done" | "finished" | "sorted" | "complete" | "completed")
            && words.len() == last
            && thing.iter().all(|&k| {
                let t = &msg.toks[k];
                t.kind == Kind::Latin
                    && !PRONOUNS.contains(&t.text)
                    && !shape::NO_THING.contains(&t.text)
                    && !matches!(t.text, "so" | "all" | "just" | "almost" | "nearly" | "not" | "is" | "are" | "was")
            });
        if english_done {
            let from = if first.text == "the" && thing.len() >= 2 { thing[1] } else { thing[0] };
            if let Some(title) = crate::understand::slots::text_of(msg.text, msg.toks, from..verb, &|_| true) {
                *step =
                    Step { title: Some(title), ..Step::new(Resolver::Task, crate::understand::Action::Complete, 0.6) };
            }
            continue;
        }
        // (the thing: a noun with "the", not a person or a word of time: "אתמול רצתי")
        let a_thing = first.kind == Kind::He
            && (first.text.starts_with('ה') || (first.text == "את" && thing.len() >= 2))
            && !thing.iter().any(|&k| inside_time(msg, k) || PRONOUNS.contains(&msg.toks[k].text));
        if v.kind != Kind::He || !shape::he_first_person_past(v.text) || !a_thing {
            continue;
        }
        let from = if first.text == "את" { thing[1] } else { thing[0] };
        let Some(title) = crate::understand::slots::text_of(msg.text, msg.toks, from..verb, &|_| true) else {
            continue;
        };
        *step = Step { title: Some(title), ..Step::new(Resolver::Task, crate::understand::Action::Complete, 0.65) };
    }
}

/// "Purim party at Noa's 8pm on Purim, add it", "dentist tomorrow at 5, put it in": what is
/// left of "add it" after its verb, a comma and words pointing back, is no part of the title
/// (nor of what a move, a delete or a completion looks for).
fn no_pointing_tail(steps: &mut [Step]) {
    const TAIL: &[&str] = &["it", "in", "there", "please", "on", "the", "my", "to", "that", "this", "אותו", "את", "זה"];
    // ("the minibus, move it to friday": so is a thing named first and then moved as "it")
    let cut = |slot: &mut Option<String>| {
        // ("Dana's party, 7pm, add it": the time between the commas was cut too, so one comma
        // may be all that is left after the thing)
        while let Some(title) = slot.as_deref()
            && let Some((head, tail)) = title.rsplit_once(',')
            && tail.split_whitespace().all(|w| TAIL.contains(&w.to_lowercase().as_str()))
            && !head.trim().is_empty()
        {
            *slot = Some(head.trim().to_string());
        }
    };
    use crate::understand::Action::{Complete, Create, Delete, Update};
    for s in steps.iter_mut().filter(|s| matches!(s.action, Create | Update | Delete | Complete)) {
        cut(&mut s.title);
        if s.action != Create {
            cut(&mut s.query);
        }
    }
}

/// "בדקתי כבר את הכבלים הכל תקין", "checked the wetsuits, all sorted": how it went, said after
/// the thing done, is no part of its name (and "all" there is not every task).
fn all_is_well_tail(steps: &mut [Step]) {
    const ALL: &[&str] = &["הכל", "הכול", "all", "everything", "everything's", "everythings", "it's", "its"];
    const WELL: &[&str] =
        &["תקין", "בסדר", "טוב", "מסודר", "עובד", "עבר", "good", "fine", "ok", "okay", "sorted", "set", "done", "well"];
    for s in steps.iter_mut().filter(|s| s.action == crate::understand::Action::Complete) {
        let Some(title) = s.title.as_deref() else { continue };
        let words: Vec<&str> = title.split_whitespace().collect();
        let Some(k) = words.iter().rposition(|w| ALL.contains(&w.trim_start_matches(',').to_lowercase().as_str()))
        else {
            continue;
        };
        let rest: Vec<String> = words[k + 1..]
            .iter()
            .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase())
            .filter(|w| !w.is_empty() && w != "is")
            .collect();
        if k > 0 && !rest.is_empty() && rest.iter().all(|w| WELL.contains(&w.as_str())) {
            s.title = Some(words[..k].join(" ").trim_end_matches(',').trim().to_string());
        }
    }
}

/// Makes `s` a step of `action` on the list `list`, with nothing left of its task reading.
fn into_list_step(s: &mut Step, action: crate::understand::Action, list: Option<String>) {
    s.resolver = Resolver::List;
    s.action = action;
    s.list = list;
    s.title = None;
    s.query = None;
    s.alternative = None;
}

/// "add pie spice to the thanksgiving list and show me the list": a list shown with no name
/// after a step on a named list is that list. So is "what's left" ("…תמחק את הקמח ותראה לי מה
/// נשאר") asked right after it, unless it names reminders, a time or things to do.
fn shows_the_list_just_named(msg: &Msg<'_>, segs: &[Seg], steps: &mut [Step]) {
    use crate::understand::Action as A;
    for j in 1..steps.len().min(segs.len()) {
        let after_list = steps[j - 1].resolver == Resolver::List && steps[j - 1].list.is_some();
        let s = &steps[j];
        let bare_listing = s.resolver == Resolver::Task
            && s.action == A::List
            && s.when.is_none()
            && s.window.is_none()
            && s.recurrence.is_none()
            && !shape::names_task(msg, segs[j])
            && !segs[j]
                .range()
                .any(|k| matches!(msg.toks[k].text, "לעשות" | "do" | "today" | "היומ" | "מחר" | "tomorrow"));
        if after_list && bare_listing {
            let list = steps[j - 1].list.clone();
            into_list_step(&mut steps[j], A::Show, list);
        }
    }
    let mut named: Option<String> = None;
    for s in steps.iter_mut().filter(|s| s.resolver == Resolver::List) {
        match (&s.list, s.action) {
            (None, crate::understand::Action::Show) => s.list = named.clone(),
            (Some(l), _) => named = Some(l.clone()),
            _ => {}
        }
    }
}

/// "show me my stops", "pull up missing docs", "תראה לי את המסמכים החסרים": a thing shown by a
/// name of a few words that is none of Ozer's other things (tasks, the calendar, emails,
/// notes) is a list of the user's; the list resolver finds it by its name or says it has none.
fn shows_a_list_by_its_name(msg: &Msg<'_>, segs: &[Seg], steps: &mut [Step]) {
    use crate::understand::Action as A;
    for (s, seg) in steps.iter_mut().zip(segs) {
        let toks = &msg.toks[seg.content..seg.end];
        let at = |k: usize| toks.get(k).map_or("", |t| t.text);
        // ("what's left on" is a list's question unless its thing is a task word)
        let left_on = matches!((at(0), at(1)), ("what's" | "whats", "left") | ("what", "is"));
        let unsure = (s.resolver == Resolver::General && s.action == A::Chat)
            || (s.resolver == Resolver::Task && s.action == A::List && (s.confidence < UNSURE || left_on));
        if !unsure {
            continue;
        }
        let mut from = match (at(0), at(1)) {
            ("show" | "pull", "me" | "up") => 2,
            ("show", _) => 1,
            ("תראה" | "תראי" | "תציג" | "תציגי", "לי") => 2,
            // "whats left on groceries", "מה נשאר בסופר": what is left on a thing of the user's
            ("what's" | "whats", "left") if matches!(at(2), "on" | "in") => 3,
            ("what", "is") if at(2) == "left" && matches!(at(3), "on" | "in") => 4,
            _ => continue,
        };
        while matches!(at(from), "my" | "the" | "את" | "up") {
            from += 1;
        }
        let rest = &toks[from.min(toks.len())..];
        let words = rest.iter().filter(|t| t.is_word()).count();
        let others = msg.pats.iter().any(|m| {
            m.end > seg.content + from
                && m.start < seg.end
                && !matches!(SCHEMAS[m.resolver].resolver, Resolver::General | Resolver::List)
        });
        let plain = rest.iter().all(|t| t.is_word()) && (seg.content + from..seg.end).all(|k| !inside_time(msg, k));
        if (1..=4).contains(&words) && !others && plain {
            let name: Vec<&str> = rest
                .iter()
                .filter(|t| !matches!(t.text, "list" | "רשימה" | "רשימת"))
                .map(|t| msg.text.get(t.start..t.end).unwrap_or(""))
                .collect();
            if !name.is_empty() {
                into_list_step(s, A::Show, Some(name.join(" ")));
                s.confidence = UNSURE;
            }
        }
    }
}

/// A strong imperative at `i` ("תזכיר לי", "תקבע", "remind me") of another resolver or action
/// than the first command in `from..i`, which has words of its own after it.
fn imperative_of_another_kind(msg: &Msg<'_>, from: usize, i: usize) -> bool {
    let t = &msg.toks[i];
    let imperative = match t.kind {
        Kind::He => t.text.starts_with('ת') && t.text.chars().count() >= 4,
        Kind::Latin => {
            (t.text == "remind" && msg.toks.get(i + 1).is_some_and(|n| n.text == "me"))
                // "add eggs to the shopping list remove the milk": a list verb after a word that
                // is not its subject or its infinitive's "to"
                || (matches!(t.text, "remove" | "delete" | "add" | "take" | "cross" | "scratch" | "put")
                    && i > 0
                    && msg.toks[i - 1].kind == Kind::Latin
                    && !matches!(
                        msg.toks[i - 1].text,
                        "to" | "the" | "a" | "an" | "i" | "you" | "we" | "will" | "can" | "could" | "should" | "would" | "must"
                    ))
        }
        _ => false,
    };
    if !imperative {
        return false;
    }
    // "don't send it yet": a verb said not to be done is no second command
    if i > 0 && matches!(msg.toks[i - 1].text, "אל" | "לא" | "don't" | "dont" | "not" | "never") {
        return false;
    }
    let Some(first) = msg.pats.iter().find(|m| m.start >= from && m.start < i && m.weight >= 0.3 && commands(m)) else {
        return false;
    };
    let object = (first.end..i).any(|k| msg.toks[k].is_word() && !inside_time(msg, k));
    // a strong imperative of another kind, or the same resolver's other verb ("תוריד את
    // הבננות מהקניות תוסיף תותים": take off, then add)
    let befores = || msg.pats.iter().filter(|m| m.start == first.start && m.weight >= 0.3 && commands(m));
    let another = |m: &PatMatch| {
        befores().any(|b| {
            (m.weight >= 0.8 && (m.resolver != b.resolver || m.action != b.action))
                || (m.weight >= 0.5 && m.resolver == b.resolver && m.action != b.action)
                // (a list's weaker verbs too: "תוסיף ביצים לקניות תמחק את החלב")
                || (m.weight >= 0.3
                    && m.resolver == b.resolver
                    && SCHEMAS[m.resolver].resolver == Resolver::List
                    && m.action != b.action
                    && m.end < msg.toks.len())
        })
    };
    object && msg.pats.iter().any(|m| m.start == i && commands(m) && another(m))
}

/// Every resolver's best pattern score over the whole message, best first.
fn hints(pats: &[PatMatch]) -> Vec<(Resolver, f32)> {
    let mut h: Vec<(Resolver, f32)> = SCHEMAS
        .iter()
        .enumerate()
        .map(|(ri, s)| {
            let best = pats.iter().filter(|m| m.resolver == ri).map(|m| m.weight).fold(0.0f32, f32::max);
            (s.resolver, best.min(1.0))
        })
        .collect();
    h.sort_by(|a, b| b.1.total_cmp(&a.1));
    h
}

/// A command pattern (not small talk) of real weight starting at token `i`.
fn command_at<'a>(msg: &Msg<'a>, i: usize) -> Option<&'a PatMatch> {
    msg.pats.iter().find(|m| m.start == i && m.weight >= 0.5 && commands(m))
}

/// A command, or a resolver noun strong enough to make a step on its own ("יש לי מיילים
/// חדשים"), starts at token `i`: what may come before a conjunction that splits.
fn names_something(msg: &Msg<'_>, i: usize) -> bool {
    command_at(msg, i).is_some()
        || msg.pats.iter().any(|m| {
            m.start == i && m.action.is_none() && m.weight >= 0.45 && SCHEMAS[m.resolver].resolver != Resolver::General
        })
}

/// Hebrew verbs of someone else's doing, in the past: "(השף) הוריד", "(אחותי) קנתה".
pub(crate) const HE_THEY_DID: &[&str] = &[
    "קנה",
    "קנתה",
    "קנו",
    "הביא",
    "הביאה",
    "הביאו",
    "הוריד",
    "הורידה",
    "הורידו",
    "ביטל",
    "ביטלה",
    "ביטלו",
    "אמר",
    "אמרה",
    "אמרו",
    "החליט",
    "החליטה",
    "החליטו",
    "שכח",
    "שכחה",
    "שכחו",
    "סיים",
    "סיימה",
    "סיימו",
    "נתנ",
    "נתנה",
    "נתנו",
    "לקח",
    "לקחה",
    "לקחו",
    "שלח",
    "שלחה",
    "שלחו",
    "מצא",
    "מצאה",
    "מצאו",
    "דאג",
    "דאגה",
    "דאגו",
];

/// Subjects that open a reason after a command and a comma ("…, they called to reschedule").
const REASON_SUBJECTS: &[&str] = &[
    "they",
    "they're",
    "theyre",
    "she",
    "she's",
    "shes",
    "he",
    "he's",
    "hes",
    "we",
    "we're",
    "i",
    "i'm",
    "im",
    "i'll",
    "ill",
    "i've",
    "ive",
    "it's",
    "its",
    "המ",
    "היא",
    "הוא",
    "אנחנו",
    "אני",
    // ("…את האתנול, מישהו כבר הזמין", "…את DFS, זה כבר היה בבוחן")
    "מישהו",
    "זה",
    "כבר",
];

/// Words after a second time that do not start a second thing to do ("and friday too", "and
/// sunday as well", "and monday is fine").
const NOT_A_DEED: &[&str] = &[
    "too", "as", "also", "again", "please", "pls", "instead", "is", "are", "and", "or", "then", "for", "with", "at",
    "on", "in", "the", "a", "works", "would", "ok", "if", "both", "only", "either", "to", "from", "till", "until",
];

/// Hebrew words after a time that say no deed ("ובשלוש עם דנה" is whom, "ובארבע זה בסדר").
const NOT_A_DEED_HE: &[&str] = &[
    "את",
    "עמ",
    "של",
    "על",
    "עד",
    "או",
    "גמ",
    "כל",
    "זה",
    "זו",
    "הוא",
    "היא",
    "יש",
    "אינ",
    "לא",
    "כנ",
    "בסדר",
    "עדיפ",
    "מתאימ",
    // ("…, חנוכה בכל זאת": words that go on the sentence, not a deed)
    "בכל",
    "בגלל",
    "בשביל",
    "בערכ",
    "בזמנ",
    "כי",
    "כמו",
    "שזה",
    "שהוא",
    "שהיא",
    "אז",
    "עוד",
    "כבר",
    "רק",
    "טוב",
    "אבל",
    "במקומ",
    "בערב",
    "בבוקר",
    "בלילה",
    "בצהריימ",
    "אחהצ",
    "ושלושימ",
    "וחצי",
    "ורבע",
];

fn is_conj(t: &Token<'_>) -> bool {
    matches!(
        t.text,
        "and"
            | "then"
            | "also"
            | ","
            | "."
            | ";"
            | "?"
            | "וגמ"
            | "ואז"
            | "ו"
            | "וגמ כנ"
            | "plus"
            | "ואחכ"
            | "ואח\"כ"
            | "ובנוספ"
            | "בנוספ"
            | "ואה"
    )
}

/// "ומחר", "ובעשר": a time glued to its "and".
fn vav_time_at(msg: &Msg<'_>, i: usize) -> bool {
    let t = &msg.toks[i];
    t.kind == Kind::He && t.text.starts_with('ו') && msg.times.iter().any(|(_, tr)| tr.start == i)
}

/// "Three things: 1) remind me at 11:30 to …, 2) Wednesday at 5pm pick up …, 3) add …": the
/// numbers of a list the user counted out ("1)", "2.", in order from 1, the first opening a line
/// or following a stop), by token index.
fn counted_out(msg: &Msg<'_>) -> Vec<usize> {
    let toks = &msg.toks;
    let mut marks = Vec::new();
    for (k, t) in toks.iter().enumerate() {
        let opens = k == 0
            || matches!(toks[k - 1].text, "," | "." | ":" | ";" | "!" | "?")
            || msg.text.get(toks[k - 1].end..t.start).is_some_and(|gap| gap.contains('\n'));
        let closed = match toks.get(k + 1).map(|c| c.text) {
            Some(")") => true,
            // ("2. add …", not "2.5")
            Some(".") => toks.get(k + 2).is_some_and(|w| w.is_word()),
            _ => false,
        };
        // (after "1)", the next number in order needs no stop before it: "… call mom 2. add …")
        if t.kind == Kind::Num && (opens || !marks.is_empty()) && closed && t.text == (marks.len() + 1).to_string() {
            marks.push(k);
        }
    }
    if marks.len() < 2 { Vec::new() } else { marks }
}

fn split(msg: &Msg<'_>) -> (Vec<Seg>, Vec<bool>) {
    let n = msg.toks.len();
    let mut segs = Vec::new();
    let mut conts = vec![false];
    let mut cur = Seg { start: 0, content: 0, end: n };
    let mut left_has_command = false;
    let mut left_has_verb = false;
    // "בנוסף, תרשום לי …", "also, remind me …": a message that opens by adding to the last one
    while cur.content + 1 < n && matches!(msg.toks[cur.content].text, "בנוספ" | "ובנוספ" | "also" | "plus" | "and")
    {
        cur.content += 1;
        if msg.toks[cur.content].text == "," {
            cur.content += 1;
        }
    }
    // ("Do the needful: email Karthik …": Indian English for "please see to it", before the request)
    if msg.toks.len() > cur.content + 4
        && msg.toks[cur.content..cur.content + 3].iter().map(|t| t.text).eq(["do", "the", "needful"])
        && matches!(msg.toks[cur.content + 3].text, ":" | "," | "-" | ".")
    {
        cur.content += 4;
    }
    let mut marks = counted_out(msg);
    // ("remind me: 1) at 5 to call mom 2) at 6 …": a heading that is only a command is not read
    // as counted out; its requests have no command of their own to stand on)
    if let Some(&first) = marks.first()
        && (0..first).any(|k| {
            command_at(msg, k).is_some_and(|m| {
                (m.end..first).all(|j| !msg.toks[j].is_word() || matches!(msg.toks[j].text, "me" | "לי" | "please"))
            })
        })
    {
        marks.clear();
    }
    let mut i = 0;
    while i < n {
        // "תשאיר את הקטלבל אבל תמחק את החבל", "keep the torch but bin the radio": what stays is
        // no step; the command after "but" is the request
        if matches!(msg.toks[i].text, "אבל" | "but")
            && i > cur.content
            && matches!(msg.toks[cur.content].text, "תשאיר" | "תשאירי" | "keep" | "leave")
            && command_at(msg, i + 1).is_some()
        {
            cur.content = i + 1;
            cur.start = i + 1;
            i += 1;
            continue;
        }
        // a counted-out request starts at its number; what it does not say to do, the one
        // before it said ("2) Wednesday at 5pm pick up the turkey" after "1) remind me …"); the
        // words before "1)" with no command in them are only its heading
        if marks.contains(&i) {
            let heading = !(cur.content..i).any(|k| command_at(msg, k).is_some());
            if i > cur.content && !(i == marks[0] && heading) {
                cur.end = i;
                segs.push(cur);
                let own = command_at(msg, i + 2).is_some();
                conts.push(!own && left_has_command);
                left_has_command = !own && left_has_command;
            }
            cur = Seg { start: i + 2, content: i + 2, end: n };
            left_has_verb = false;
            i += 2;
            continue;
        }
        // "cancel it, they called to reschedule", "add milk, i need it for the cake": after a
        // command, a comma and a subject start the reason, which is no step and no part of this
        // one (up to the end of the sentence)
        // ("…, my son is bringing it": a possessive subject and its verb)
        // ("…, הבת שלי הביאה": a Hebrew subject of the user's, "X שלי", then its verb)
        let possessive_clause =
            // ("…after all, the queue was short": or what the user tells of a thing)
            msg.toks.get(i + 1).is_some_and(|t| matches!(t.text, "my" | "our" | "his" | "her" | "their" | "the"))
                && msg.toks[i + 2..n.min(i + 5)].iter().any(|t| {
                    matches!(t.text, "is" | "are" | "was" | "were" | "will" | "has" | "have" | "said" | "says")
                })
                || (msg.toks.get(i + 1).is_some_and(|t| t.kind == Kind::He && t.text.starts_with('ה'))
                    && msg.toks.get(i + 2).is_some_and(|t| matches!(t.text, "שלי" | "שלנו"))
                    && msg.toks.get(i + 3).is_some_and(|t| t.kind == Kind::He && command_at(msg, i + 3).is_none()));
        // ("…, השף הוריד את המנה", "…, אחותי קנתה לו": a Hebrew subject, then a verb of
        // someone else's doing in the past)
        let someone_did = msg.toks[i].text == ","
            && msg.toks.get(i + 2).is_some_and(|t| HE_THEY_DID.contains(&t.text))
            && msg.toks.get(i + 1).is_some_and(|t| t.kind == Kind::He && command_at(msg, i + 1).is_none());
        let possessive_clause = possessive_clause || someone_did;
        // ("remember that the repair guy is Dev, his number is …": what to remember goes on)
        let remembering = msg.pats.iter().any(|m| {
            m.start >= cur.content
                && m.start < i
                && m.weight >= 0.5
                && SCHEMAS[m.resolver].resolver == Resolver::Memory
                && m.action.is_some_and(|a| SCHEMAS[m.resolver].actions[a].action == crate::understand::Action::Store)
        });
        // "actually 8 pm, i'll do it after the kids are asleep": a new time said alone
        let only_a_time = i > cur.content
            && (cur.content..i).any(|k| inside_time(msg, k))
            && (cur.content..i)
                .all(|k| inside_time(msg, k) || !msg.toks[k].is_word() || build::SOFTENERS.contains(&msg.toks[k].text));
        // "the second one, make it 9pm. bath time runs late": after a command, a sentence that
        // asks nothing, says no time and tells how things are is why
        let why_sentence = msg.toks[i].text == "." && left_has_command && {
            let e = (i + 1..n).find(|&k| matches!(msg.toks[k].text, "." | "!" | "?" | ";")).unwrap_or(n);
            let words = (i + 1..e).filter(|&k| msg.toks[k].is_word()).count();
            words >= 3
                && e == n
                && command_at(msg, i + 1).is_none()
                && !msg.pats.iter().any(|m| m.start > i && m.action.is_some() && m.weight >= 0.5)
                && !(i + 1..e).any(|k| inside_time(msg, k))
                && (i + 1..e).any(|k| {
                    matches!(
                        msg.toks[k].text,
                        "is" | "are"
                            | "was"
                            | "were"
                            | "runs"
                            | "run"
                            | "has"
                            | "have"
                            | "had"
                            | "it's"
                            | "its"
                            | "he's"
                            | "she's"
                            | "they're"
                            | "we're"
                            | "i'm"
                    ) || shape::is_report_verb(&msg.toks[k])
                })
        };
        if (left_has_command || left_has_verb || only_a_time)
            && !remembering
            && (why_sentence
                || (msg.toks[i].text == ","
                    && (msg.toks.get(i + 1).is_some_and(|t| REASON_SUBJECTS.contains(&t.text)) || possessive_clause))
                // ("fueled up already the line was short": a report's "already", then how it went)
                || (msg.toks[i].text == "already"
                    && possessive_clause
                    && shape::report_verb(msg, Seg { start: cur.start, content: cur.content, end: i }).is_some()))
        {
            let mut e = i + 1;
            // (…or at a comma that a new command follows: "תמחק את המגבונים, סבתא הביאה,
            // ותוסיף בקבוק")
            let command_after = |k: usize| {
                let c = if msg.toks.get(k).is_some_and(is_conj) { k + 1 } else { k };
                command_at(msg, c).is_some()
            };
            while e < n
                && !matches!(msg.toks[e].text, "." | ";" | "!" | "?")
                && !(e > i + 1 && msg.toks[e].text == "," && command_after(e + 1))
            {
                e += 1;
            }
            if e < n && msg.toks[e].text == "," {
                e += 1;
            }
            // (the sentence's own full stop ends it too)
            while e < n && matches!(msg.toks[e].text, "." | ";" | "!" | "?") {
                e += 1;
            }
            cur.end = i;
            segs.push(cur);
            conts.push(false);
            cur = Seg { start: e, content: e, end: n };
            left_has_command = false;
            left_has_verb = false;
            i = e;
            continue;
        }
        // "המבחן בסטטיסטיקה ביום רביעי. תזכיר לי ביום שלישי ב-9 בערב ללכת לישון מוקדם": a
        // sentence that asks nothing, before a request with its own time, is its background
        // ("…my feet are killing me. anyway remind me …", "ok quick before i forget: remind me
        // …": "anyway" and a colon end the talk before the request too)
        let anyway_at = |k: usize| {
            msg.toks.get(k).is_some_and(|t| matches!(t.text, "anyway" | "anyways"))
                || (msg.toks.get(k).is_some_and(|t| t.text == "בכל")
                    && msg.toks.get(k + 1).is_some_and(|t| t.text == "מקרה"))
        };
        let stop = matches!(msg.toks[i].text, "." | "!" | ":" | ",");
        let anyway = anyway_at(i) || (stop && anyway_at(i + 1));
        let from = if stop && anyway { i + 1 } else { i };
        let mut skip = from - i + if msg.toks[from].text == "בכל" { 2 } else { 1 };
        // ("…the unit reunion. Please put the reunion in the calendar …": "please" opens the request)
        if msg.toks.get(i + skip).is_some_and(|t| matches!(t.text, "please" | "pls" | "בבקשה")) {
            skip += 1;
        }
        // (what came before "anyway" may even read as a report: "just finished a 14 hour shift
        // and my feet are killing me")
        let talk_before = anyway
            && i > cur.content
            && shape::talk(msg, Seg { start: cur.start, content: cur.content, end: i }).is_some();
        // (a heading with a time, "ערב יום כיפור: תזכיר לי בשתיים…", says when, unless the
        // request says its own day)
        let colon_ok = msg.toks[i].text == ":"
            && (msg.times.iter().any(|(f, tr)| tr.start > i && matches!(f, Found::Time(m) if !m.clock_only))
                || !(cur.content..i).any(|k| inside_time(msg, k)));
        // ("night shift again. remind me in 2 hours …": a sentence that only names a thing, with
        // no command and no time, is background too; "dentist tomorrow at 5. remind me at 4" is
        // about the dentist)
        let only_named = matches!(msg.toks[i].text, "." | "!")
            && !(cur.content..i).any(|k| command_at(msg, k).is_some() || inside_time(msg, k))
            && !msg.pats.iter().any(|m| m.start >= cur.content && m.start < i && commands(m) && m.weight >= 0.5);
        if (anyway || colon_ok || matches!(msg.toks[i].text, "." | "!"))
            && i > cur.content
            && (!left_has_command || talk_before || only_named)
            && (anyway || !left_has_verb || only_named)
            && (anyway || !(cur.content..i).any(|k| shape::is_report_verb(&msg.toks[k])))
            && command_at(msg, i + skip).is_some_and(|m| {
                // (and says what to do: "dentist tomorrow at 5. remind me at 4" is about the dentist;
                // a weaker verb needs the noun of what it acts on: "put … in the calendar")
                let named = msg.pats.iter().any(|o| o.action.is_none() && o.weight >= 0.5 && o.start > m.end);
                (m.weight >= 0.8 || (named && only_named))
                    && (m.end..n).any(|k| {
                        msg.toks[k].is_word() && !inside_time(msg, k) && !matches!(msg.toks[k].text, "me" | "לי" | "to")
                    })
            })
            && msg.times.iter().any(|(_, tr)| tr.start > i)
        {
            cur.content = i + skip;
            cur.start = i + skip;
            i += skip;
            continue;
        }
        // a report ("התקשרתי לבנק.") or a world question before a command is a step of its own
        // "bought the wipes take them off": a report run into a command on "them", no comma
        // ("עשיתי כבר את הבדיקה אצל לוי תזכיר לי לשלוח לו חשבונית": or a report dictated
        // straight into "remind me")
        let remind_me = matches!(msg.toks[i].text, "תזכיר" | "תזכירי" | "remind")
            && msg.toks.get(i + 1).is_some_and(|t| matches!(t.text, "לי" | "me"));
        let left = Seg { start: cur.start, content: cur.content, end: i };
        let run_on = i > cur.content
            && !left_has_command
            && command_at(msg, i).is_some()
            && (((i..n).any(|k| PRONOUNS.contains(&msg.toks[k].text)) && reads_alone(msg, left))
                || (remind_me && shape::report_verb(msg, left).is_some()));
        // "sat 11am pick up the dry cleaning and sunday 4pm …": a step that opens with its time
        // ("בעזרת השם ביום רביעי ב-3 …": after a blessing or a greeting of a few words that
        // ask nothing)
        let opens_with_time = |i: usize| {
            msg.times.iter().any(|(_, tr)| {
                tr.start >= cur.content
                    && tr.end < i
                    && (tr.start <= cur.content + 1
                        || (tr.start <= cur.content + 3
                            && (cur.content..tr.start).all(|k| {
                                msg.toks[k].is_word() && !msg.pats.iter().any(|m| m.start == k && m.weight >= 0.3)
                            })))
            })
        };
        // "שלחתי את הקבלות ושילמתי לחברת הגז": a report, then another glued to ו
        let vav_report = i > cur.content
            && msg.toks[i].kind == Kind::He
            && msg.toks[i].text.starts_with('ו')
            && msg.toks[i].text.chars().count() >= 6
            && shape::is_report_verb(&msg.toks[i])
            && shape::report_verb(msg, Seg { start: cur.start, content: cur.content, end: i }).is_some();
        // "תוסיף חמאה וסוכר לרשימת ספקים תזכיר לי ב12 …": dictated with no "and" or comma, a
        // second imperative of another kind after a command that already has its object
        let run_on_command = i > cur.content + 2
            && left_has_command
            && !inside_time(msg, i)
            && imperative_of_another_kind(msg, cur.content, i);
        // "whats the wifi password again and when's my shift tomorrow", "…to the shopping
        // list and what's on tomorrow?", "מה הקוד של השער ומתי הפגישה": a question after a
        // question or a request is a step of its own
        let q_word = |w: &str| {
            matches!(
                w,
                "what's"
                    | "whats"
                    | "what"
                    | "when's"
                    | "whens"
                    | "when"
                    | "where's"
                    | "where"
                    | "who's"
                    | "who"
                    | "how's"
                    | "do"
                    | "does"
                    | "did"
                    | "is"
                    | "are"
                    | "מה"
                    | "מתי"
                    | "איפה"
                    | "מי"
                    | "כמה"
                    | "האמ"
            )
        };
        let mut qc = i;
        while qc < n && is_conj(&msg.toks[qc]) {
            qc += 1;
        }
        let asks_at = |k: usize| {
            let w = msg.toks.get(k).map_or("", |t| t.text);
            let w = if qc == i && k == i { w.strip_prefix('ו').unwrap_or("") } else { w };
            let aux = matches!(w, "do" | "does" | "did" | "is" | "are");
            q_word(w)
                && (!aux || msg.toks.get(k + 1).is_some_and(|t| matches!(t.text, "i" | "we" | "you" | "there")))
                && (k + 1..n).filter(|&j| msg.toks[j].is_word()).count() >= 2
        };
        let vav_q = qc == i && msg.toks[i].kind == Kind::He;
        let next_question = i > cur.content
            && (qc > i || vav_q)
            && asks_at(qc)
            && (left_has_command || msg.toks.get(cur.content).is_some_and(|t| q_word(t.text)))
            && (cur.content..i).filter(|&j| msg.toks[j].is_word()).count() >= 2;
        // ("תבדוק לי מתי הטסט של הטנדר ותזכיר לי …": a look-up asked, then "and" a request)
        let looked_up = i > cur.content
            && (is_conj(&msg.toks[i]) || command_at(msg, i).is_some_and(|m| m.after_vav))
            && asks_to_look_up(msg, Seg { start: cur.start, content: cur.content, end: i });
        let left_reads = left_has_command
            || looked_up
            || next_question
            || run_on
            || vav_report
            || run_on_command
            || (i > cur.content
                && (is_conj(&msg.toks[i]) || command_at(msg, i).is_some_and(|m| m.after_vav))
                && reads_alone(msg, Seg { start: cur.start, content: cur.content, end: i }));
        // …which may only be split from a second time and what to do then
        // ("מחר ב6 לשלוח את התוכנית וביום חמישי ב4 לחדש את הביטוח": or a time glued to its "and")
        let only_timed =
            !left_reads && i > cur.content && (is_conj(&msg.toks[i]) || vav_time_at(msg, i)) && opens_with_time(i);
        if i > cur.content && (left_reads || only_timed) {
            let mut c = i;
            while c < n && is_conj(&msg.toks[c]) {
                c += 1;
            }
            // a command that is itself one of the fillers ("and show me the hanukkah list") stands
            let filler = after_fillers(msg, if c > i { c } else { i }, c == i).filter(|_| command_at(msg, c).is_none());
            // after a report or a world question any command word starts the next step
            // ("bought the milk, take them off the shopping list")
            let weak_ok = !left_has_command && msg.pats.iter().any(|m| m.start == filler.unwrap_or(c) && commands(m));
            // "סגרתי את המשכנתא, הזמנתי את ההובלה": a report, then another report
            let report_next = c > i
                && msg.toks.get(c).is_some_and(shape::is_report_verb)
                && shape::report_verb(msg, Seg { start: cur.start, content: cur.content, end: i }).is_some();
            // "and stick paper towels on the house list", "and tell everyone by email": a
            // weaker verb backed by a noun of its own resolver before the next "and"
            let at = if c > i { c } else { i };
            let next_and = (at + 1..n).find(|&k| is_conj(&msg.toks[k])).unwrap_or(n);
            let noun_backed = msg.pats.iter().any(|m| {
                m.start == at
                    && m.weight >= 0.3
                    && commands(m)
                    && msg.pats.iter().any(|o| {
                        o.resolver == m.resolver
                            // (or another phrase of the same action: "ותבדוק אם ענו לי")
                            && (o.action.is_none() || o.action == m.action)
                            && o.start >= m.end
                            && o.start < next_and
                            && o.weight >= 0.3
                    })
            });
            // ". ואת הקפה תמחק": the object said first, then its command
            let object_first = c > i
                && matches!(msg.toks[i].text, "." | "," | ";")
                && msg.toks.get(c).is_some_and(|t| matches!(t.text, "ואת" | "את"))
                && (c + 1..n.min(c + 5)).take_while(|&k| !is_conj(&msg.toks[k])).any(|k| command_at(msg, k).is_some());
            // "…ומחר בעשר תכניס ליומן …", "…and tomorrow at 10 put the … in the calendar": a
            // time, then the command it is for
            // (not a time that ends the step before a glued "and" command: "…בעשר ותזכיר לי")
            let time_then_command = |at: usize| {
                msg.times.iter().any(|(_, tr)| tr.start == at && command_at(msg, tr.end).is_some_and(|m| !m.after_vav))
            };
            let split_here = if c > i {
                command_at(msg, filler.unwrap_or(c)).is_some()
                    || weak_ok
                    || report_next
                    || noun_backed
                    || object_first
                    || time_then_command(c)
            } else {
                // "…עפרונות ומחק": a glued-ו command word ending the message has nothing to act
                // on; it is an item ("and an eraser")
                command_at(msg, i).is_some_and(|m| m.after_vav && m.end < n)
                    || filler.is_some_and(|f| command_at(msg, f).is_some())
                    || run_on
                    // "…ותפתח במקומה רשימה חדשה": a glued weaker verb backed by its own noun
                    || (noun_backed && msg.pats.iter().any(|m| m.start == i && m.after_vav))
                    || vav_report
                    || run_on_command
                    || (vav_time_at(msg, i) && time_then_command(i))
            };
            let c = filler.unwrap_or(c);
            // "the reminder about the parcel, delete it": words naming a thing and then a verb
            // on "it" are one step about that thing
            let object_then_verb = !left_has_verb && (c..n).any(|k| PRONOUNS.contains(&msg.toks[k].text));
            let vav_time = c == i && msg.toks[i].kind == Kind::He && msg.toks[i].text.starts_with('ו');
            // the new time must be followed by what to do ("and at 8 to email the teacher"),
            // not end the message ("between sunday and tuesday")
            // ("…and tomorrow morning I must post the parcel": or what the user must do then)
            let to_do_after = |e: usize| {
                msg.toks.get(e).is_some_and(opens_what_to_do)
                    || msg.toks.get(e).is_some_and(|t| t.text == "i")
                        && msg
                            .toks
                            .get(e + 1)
                            .is_some_and(|t| matches!(t.text, "must" | "need" | "have" | "should" | "gotta"))
            };
            // "sat 11am pick up the dry cleaning and sunday 4pm call grandpa": a time then what
            // to do, twice over; the second needs no "to" when the first had none
            let time_then_deed = |e: usize| {
                // ("וב11 לשלוח לאבי את התעודות, וב3 טסט למשאית": in Hebrew too)
                let word = |k: usize| {
                    msg.toks.get(k).is_some_and(|t| {
                        t.kind == Kind::Latin && !NOT_A_DEED.contains(&t.text)
                            || t.kind == Kind::He && !NOT_A_DEED_HE.contains(&t.text) && t.text.chars().count() >= 3
                    })
                };
                // ("monday at 2pm the seminar, and tuesday 11am marking deadline": the first
                // may name its thing with "the")
                word(e)
                    && msg.times.iter().any(|(_, tr)| {
                        tr.start >= cur.content
                            && tr.end < i
                            && (word(tr.end) || msg.toks.get(tr.end).is_some_and(opens_what_to_do))
                            && tr.start <= cur.content + 3
                    })
            };
            // ("תרשום לי שביום ראשון ב-3 יש לי פגישה, ושבשני ב-10 יש ישיבת צוות": "and that" on
            // another day, the second thing to note)
            let and_that = vav_time && msg.toks[i].text.starts_with("וש");
            let next_time = (c > i || vav_time)
                && msg.times.iter().any(|(_, tr)| {
                    tr.start == c
                        && ((left_has_command && (to_do_after(tr.end) || and_that))
                            // ("ובאחת אצל רחל, ובארבע להזמין חלקים": a time and what to do, twice)
                            || ((left_has_command || opens_with_time(i))
                                && (time_then_deed(tr.end) || to_do_after(tr.end)))
                            // (". and at 3 the wholesaler delivery": a new sentence that opens
                            // with its time and names what then)
                            || ((left_has_command || opens_with_time(i))
                                && msg.toks[i].text == "."
                                && msg.toks.get(tr.end).is_some_and(|t| t.is_word())))
                })
                && (cur.content..i).any(|k| inside_time(msg, k));
            // "add garlic to the shopping list and olive oil to the pantry list": more items for
            // another list, with the verb said once
            let list_word = |k: usize| {
                let t = &msg.toks[k];
                t.text == "list" || (t.kind == Kind::He && t.text.contains("רשימ"))
            };
            let seg_end = (c..n).find(|&k| is_conj(&msg.toks[k])).unwrap_or(n);
            let to_list = (c..seg_end).any(|k| {
                let t = &msg.toks[k];
                matches!(t.text, "to" | "on" | "onto") || (list_word(k) && t.text.starts_with('ל'))
            });
            let next_list = left_has_command
                && (c > i || vav_time)
                && (cur.content..i).any(list_word)
                && (c..seg_end).any(list_word)
                && to_list
                && (c..seg_end).all(|k| command_at(msg, k).is_none());
            // "delete the moving list and the old clients list", "תמחק את רשימת הקניות ואת רשימת
            // הציוד": another whole list for the same command, with the verb said once (not an
            // add, whose "and" joins items)
            let into_list = |k: usize| {
                let t = &msg.toks[k];
                matches!(t.text, "to" | "onto" | "into") || (list_word(k) && t.text.starts_with('ל'))
            };
            let another_list = left_has_command
                && (c > i || msg.toks[i].text == "ואת")
                && msg.toks.get(c).is_some_and(|t| matches!(t.text, "the" | "my" | "our" | "את" | "ואת"))
                && (cur.content..i).any(list_word)
                && !(cur.content..i).any(into_list)
                && (c..seg_end).any(|k| list_word(k) && !crate::understand::slots::plural_marker(&msg.toks[k]))
                && (c..seg_end).all(|k| command_at(msg, k).is_none() && !into_list(k));
            let next_list = next_list || another_list;
            // "i paid the window cleaner and the gas bill": a report, then another thing done
            // the same way, with the verb said once
            let next_object = !left_has_command
                && c > i
                && msg.toks.get(c).is_some_and(|t| matches!(t.text, "the" | "my" | "our"))
                // (and nothing after says what to do with them: "…, take them off the list")
                && (c..n).all(|k| command_at(msg, k).is_none() && !shape::is_report_verb(&msg.toks[k]))
                && shape::report_verb(msg, Seg { start: cur.start, content: cur.content, end: i }).is_some();
            // "add resolutions list: gym, read more, call mom": commas after a colon enumerate
            // (the colon of a clock, "9:30", or of "the 1:1 with Ngozi", heads no list)
            let heads = |k: usize| {
                let numbers = k > 0
                    && msg.toks[k - 1].kind == Kind::Num
                    && msg.toks.get(k + 1).is_some_and(|n| n.kind == Kind::Num && n.glued);
                msg.toks[k].text == ":" && !numbers
            };
            let enumerating = msg.toks[i].text == "," && (cur.content..i).any(heads);
            // "the flight is sunday at 10:40, remind me three hours before": hours counted back
            // from the time just told make one reminder
            let mut said_after = msg.times.iter().filter(|(_, tr)| tr.start >= c && tr.start < seg_end).peekable();
            let counted_back = msg.toks[i].text == ","
                && (cur.content..i).any(|k| inside_time(msg, k))
                && said_after.peek().is_some()
                && said_after.all(|(f, _)| matches!(f, Found::Anchor(secs, _) if secs % 86_400 != 0));
            // "my RE moved the consult to Thursday 2:45, update it": what was told, to be done
            let do_as_told = msg.toks[i].text == ","
                && msg.toks.get(c).is_some_and(|t| {
                    matches!(
                        t.text,
                        "update"
                            | "change"
                            | "fix"
                            | "adjust"
                            | "correct"
                            | "תעדכנ"
                            | "תעדכני"
                            | "תשנה"
                            | "תשני"
                            | "תתקנ"
                    )
                })
                && (c + 1..seg_end).all(|k| !msg.toks[k].is_word() || PRONOUNS.contains(&msg.toks[k].text))
                && (c + 1..seg_end).any(|k| PRONOUNS.contains(&msg.toks[k].text));
            let enumerating = enumerating || counted_back || do_as_told;
            if ((split_here && !object_then_verb && !only_timed)
                || next_time
                || next_question
                || ((next_list || next_object) && !only_timed))
                && !enumerating
            {
                cur.end = i;
                segs.push(cur);
                let continues = (next_time || next_list || next_object) && !split_here;
                conts.push(continues);
                cur = Seg { start: i, content: c, end: n };
                // "…, at 11 to call the accountant and at 4pm to …": a continuation carries the
                // command said before it
                left_has_command = continues;
                left_has_verb = false;
                i = c;
                continue;
            }
        }
        if names_something(msg, i) && !inside_time(msg, i) {
            left_has_command = true;
        }
        // a pattern's command word, or a report's past verb ("bought the milk, take it off")
        left_has_verb |= !inside_time(msg, i)
            && (msg.pats.iter().any(|m| m.start == i && commands(m)) || shape::is_report_verb(&msg.toks[i]));
        i += 1;
    }
    if cur.content < n || segs.is_empty() {
        segs.push(cur);
    }
    // "add the form and passport photos. actually drop the photos": the words that open the next
    // request ("actually", "oh", "also") after a full stop belong to neither step's things
    for seg in &mut segs {
        let mut e = seg.end;
        while e > seg.content && msg.toks[e - 1].is_word() && OPENERS.contains(&msg.toks[e - 1].text) {
            e -= 1;
        }
        if e < seg.end && e > seg.content && matches!(msg.toks[e - 1].text, "." | "!") {
            seg.end = e - 1;
        }
    }
    conts.truncate(segs.len());
    (segs, conts)
}

/// Words that open a request after a full stop without being part of it.
const OPENERS: &[&str] =
    &["actually", "oh", "also", "and", "then", "wait", "ok", "okay", "oops", "בעצמ", "רגע", "וגמ", "גמ", "אה"];

/// A pattern that is a command word of one of Ozer's resolvers (small talk's words are not).
fn commands(m: &PatMatch) -> bool {
    m.action.is_some() && SCHEMAS[m.resolver].resolver != Resolver::General
}

/// A list step that adds or removes items.
fn adds_or_removes_items(s: &Step) -> bool {
    s.resolver == Resolver::List
        && matches!(s.action, crate::understand::Action::Add | crate::understand::Action::Remove)
}

/// After "and" / "," / a "ו" glued to it, a word that begins a command of another kind or a
/// Hebrew verb addressed to Ozer ("ותבדוק"), which did not start a step of its own.
fn unsplit_command(msg: &Msg<'_>, seg: Seg) -> bool {
    (seg.content + 1..seg.end).any(|i| {
        let t = &msg.toks[i];
        if inside_time(msg, i) {
            return false;
        }
        let after_conj = is_conj(&msg.toks[i - 1]) && msg.toks[i - 1].text != ".";
        let vav_verb = t.kind == Kind::He && t.text.starts_with("ות") && t.text.chars().count() >= 5;
        let command = msg.pats.iter().any(|m| m.start == i && commands(m) && (after_conj || m.after_vav));
        command || vav_verb
    })
}

/// Words before a command that are a step without any command word: a report of something
/// done, or a question about the world.
fn reads_alone(msg: &Msg<'_>, seg: Seg) -> bool {
    // ("what do we have next week? also remind me …": a question asked to its question mark)
    let asked = msg.toks.get(seg.end).is_some_and(|t| t.text == "?")
        && (seg.content..seg.end).filter(|&k| msg.toks[k].is_word()).count() >= 2;
    seg.content < seg.end
        && (asked
            || shape::report_verb(msg, seg).is_some()
            || shape::done_state(msg, seg).is_some()
            || shape::asks_outside(msg, seg)
            || timed_deed(msg, seg)
            || shape::move_told(msg, seg).is_some()
            || asks_whats_on(msg, seg)
            || asks_a_thing(msg, seg))
}

/// "מה הקוד של השער ותזכיר לי …", "what's the shop alarm code and remind me …": a question
/// about a thing named, with no command in it, before "and" and a request.
fn asks_a_thing(msg: &Msg<'_>, seg: Seg) -> bool {
    let words: Vec<usize> = (seg.content..seg.end).filter(|&k| msg.toks[k].is_word()).collect();
    let opens = words.first().is_some_and(|&k| {
        matches!(msg.toks[k].text, "what's" | "whats" | "what" | "where's" | "where" | "who's" | "מה" | "איפה" | "מי")
    });
    // (of a thing named: "the code", "my password", "הקוד")
    let thing = words.get(1).is_some_and(|&k| {
        let t = &msg.toks[k];
        matches!(t.text, "the" | "my" | "our")
            || (t.kind == Kind::He && t.text.starts_with('ה') && t.text.chars().count() >= 4 && !inside_time(msg, k))
    });
    opens && thing && words.len() >= 3 && !(seg.content..seg.end).any(|k| command_at(msg, k).is_some())
}

/// "what's on next week", "תבדוק מה יש לנו ביום שבת", "check what I have on Monday": asking
/// what is on at a time, the first of several requests.
fn asks_whats_on(msg: &Msg<'_>, seg: Seg) -> bool {
    let mut k = seg.content;
    if msg
        .toks
        .get(k)
        .is_some_and(|t| matches!(t.text, "check" | "see" | "תבדוק" | "תבדקי" | "לבדוק" | "תראה" | "תראי"))
    {
        k += 1;
    }
    let asks = msg.toks.get(k).is_some_and(|t| matches!(t.text, "what's" | "whats" | "what" | "מה" | "איזה" | "אילו"));
    asks && (k + 1..seg.end).any(|i| inside_time(msg, i)) && !(k + 1..seg.end).any(|i| command_at(msg, i).is_some())
}

/// "תבדוק לי מתי הטסט של הטנדר", "check when the MOT is": asked to look up when, what or
/// whether, with the thing after it.
fn asks_to_look_up(msg: &Msg<'_>, seg: Seg) -> bool {
    let w = |k: usize| msg.toks.get(k).filter(|_| k < seg.end).map_or("", |t| t.text);
    let lead = build::check_lead(msg, seg);
    if lead == 0 {
        return false;
    }
    let k = seg.content + lead;
    let asks =
        matches!(w(k), "מתי" | "מה" | "אמ" | "האמ" | "איפה" | "כמה" | "when" | "what" | "if" | "whether" | "where");
    asks && (k + 1..seg.end).filter(|&j| msg.toks[j].is_word()).count() >= 1
}

/// "saturday at 10 to post the Etsy orders", "מחר בשמונה לקנות חלב": a step that opens with its
/// time and goes on with what to do then (the reminder of the turn before, said again).
fn timed_deed(msg: &Msg<'_>, seg: Seg) -> bool {
    msg.times.iter().any(|(_, tr)| {
        tr.start >= seg.content
            && tr.start <= seg.content + 1
            && tr.end + 1 < seg.end
            && msg.toks.get(tr.end).is_some_and(|t| {
                (t.text == "to" && msg.toks.get(tr.end + 1).is_some_and(|n| n.kind == Kind::Latin))
                    || (t.kind == Kind::He && t.text.starts_with('ל') && t.text.chars().count() >= 5)
            })
    })
}

/// Words that may stand between a conjunction and the command it introduces ("ותגיד לי מה יש
/// לי ביומן", "and tell me what's on my calendar"); they ask for an answer, not an action.
const FILLERS: &[&str] = &[
    "במקומ",
    "במקומה",
    "במקומו",
    "זה",
    "instead",
    "of",
    "that",
    "תגיד",
    "תגידי",
    "תבדוק",
    "תבדקי",
    "check",
    "תראה",
    "תראי",
    "לי",
    "גמ",
    "בבקשה",
    "אמ",
    "לא",
    "כנ",
    "tell",
    "show",
    "me",
    "please",
    "also",
    "if",
    "not",
    "so",
    // "…and passport photos. actually drop the photos": a second thought before its command
    "actually",
    "oops",
    "בעצמ",
];

/// Where the command starts after filler words at `from`, if there are any. With `vav`, the
/// first filler must carry the conjunction itself ("ותגיד").
fn after_fillers(msg: &Msg<'_>, from: usize, vav: bool) -> Option<usize> {
    let mut k = from;
    if vav {
        let t = msg.toks.get(k)?;
        let rest = t.text.strip_prefix('ו')?;
        if t.kind != Kind::He || !FILLERS.contains(&rest) {
            return None;
        }
        k += 1;
    }
    while msg.toks.get(k).is_some_and(|t| FILLERS.contains(&t.text)) {
        k += 1;
    }
    // ("ותבדוק אם ענו לי": "check" is a filler only before a command of its own; else it is the
    // command, a search)
    let checks = (from..k).any(|j| {
        let w = msg.toks[j].text;
        matches!(w.strip_prefix('ו').unwrap_or(w), "תבדוק" | "תבדקי" | "check")
    });
    if checks && command_at(msg, k).is_none() {
        return None;
    }
    (k > from && k < msg.toks.len()).then_some(k)
}

/// A Hebrew infinitive ("להתקשר", "לקנות"): ל and at least three letters after it.
fn he_infinitive(t: &Token<'_>) -> bool {
    t.kind == Kind::He && t.text.starts_with('ל') && t.text.chars().count() >= 4
}

/// The word that opens what to do: "to", or a Hebrew infinitive.
fn opens_what_to_do(t: &Token<'_>) -> bool {
    // ("and tuesday at 2 my 1:1 with Priya", "…and at 8 about the meeting": a thing of the
    // user's, or what it is about, is what to be reminded of then)
    matches!(t.text, "to" | "about" | "my" | "our" | "the") || he_infinitive(t)
}

fn inside_time(msg: &Msg<'_>, i: usize) -> bool {
    msg.times.iter().any(|(_, r)| r.contains(&i))
}

const PRONOUNS: &[&str] = &["אותו", "אותה", "אותמ", "אותנ", "it", "them"];

/// An item that is only a pronoun, as the user wrote it (with Hebrew final letters: "אותם").
pub(crate) fn is_pronoun(item: &str) -> bool {
    PRONOUNS.contains(&fold(item).as_str())
}

/// Names of the to-do list, which is Ozer's tasks rather than a named list.
pub(crate) const TO_DO: &[&str] = &[
    "todo",
    "todos",
    "to do",
    "to-do",
    "to dos",
    "to-dos",
    "do",
    "dos",
    "tasks",
    "task",
    "משימות",
    "המשימות",
    "מטלות",
    "המטלות",
];

/// "add renew passport to my to-do list", "תוסיף למשימות לחדש דרכון": the to-do list is the
/// tasks; each item is a task ("cross X off it" completes X). Showing it lists the tasks, or a
/// list by that name when the user keeps one (the task resolver looks).
fn to_do_list(steps: &mut Vec<Step>) {
    use crate::understand::Action as A;
    let names_to_do = |s: &Step| s.resolver == Resolver::List && s.list.as_deref().is_some_and(super::is_to_do_name);
    let mut out: Vec<Step> = Vec::with_capacity(steps.len());
    for s in steps.drain(..) {
        if !names_to_do(&s) {
            out.push(s);
            continue;
        }
        let as_task = |action: A, title: Option<String>| Step {
            resolver: Resolver::Task,
            action,
            title,
            list: None,
            items: Vec::new(),
            alternative: None,
            ..s.clone()
        };
        match s.action {
            A::Add | A::Create if !s.items.is_empty() => {
                out.extend(s.items.iter().map(|it| as_task(A::Create, Some(it.clone()))));
            }
            A::Remove if !s.items.is_empty() => {
                out.extend(s.items.iter().map(|it| as_task(A::Complete, Some(it.clone()))));
            }
            // "whats on my to do list": the tasks (the name is kept for a user who keeps a list
            // by that name, which the task resolver then shows)
            A::Show => out.push(Step { list: s.list.clone(), ..as_task(A::List, None) }),
            _ => out.push(s),
        }
    }
    *steps = out;
}

/// "what's the time difference between tel aviv and new york": small talk split at an "and" is
/// still one thing said; two chat steps in a row are one, as sure as the surer of them.
fn one_chat(steps: &mut Vec<Step>) {
    let chat = |s: &Step| s.resolver == Resolver::General && s.action == crate::understand::Action::Chat;
    let mut j = 1;
    while j < steps.len() {
        let later_depends = steps.iter().any(|s| s.depends_on.contains(&j));
        if chat(&steps[j - 1]) && chat(&steps[j]) && !later_depends {
            let removed = remove_step(steps, j);
            steps[j - 1].confidence = steps[j - 1].confidence.max(removed.confidence);
        } else {
            j += 1;
        }
    }
}

/// "swell is pumping today, offshore wind, lekker", "Halloween tomorrow and my kids want to be
/// sharks", "הנכדים לא מתקשרים כבר שבוע, ככה זה": a day and a sentence that only tells how
/// things are (a verb of its own, no hour, no command anywhere) is talk, not an event; "dentist
/// tomorrow" and "Sarah's wedding on the 12th" name a thing, and stay one.
fn told_not_asked(msg: &Msg<'_>, steps: &mut [Step]) {
    let [step] = steps else { return };
    if (step.resolver, step.action) != (Resolver::Calendar, crate::understand::Action::Create)
        || step.confidence >= UNSURE
    {
        return;
    }
    let clock = msg.times.iter().any(|(f, _)| matches!(f, Found::Time(m) if m.grain < time::Grain::Day));
    let commands = msg.pats.iter().any(|m| {
        m.action.is_some()
            && m.weight >= 0.8
            && !matches!(SCHEMAS[m.resolver].resolver, Resolver::General | Resolver::Meta)
    });
    let Some(title) = step.title.as_deref() else { return };
    let words: Vec<String> = title
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '.' | '!' | '?'))
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
        .collect();
    let clause = words.windows(2).any(|w| {
        matches!(w[0].as_str(), "is" | "are" | "am" | "was" | "were" | "want" | "wants" | "wanna" | "gonna" | "לא")
            && !matches!(w[1].as_str(), "on" | "at" | "in" | "for" | "the" | "a" | "my" | "due")
    }) || words.first().is_some_and(|w| matches!(w.as_str(), "happy" | "lol"))
        // "אחי עשיתי היום 100 בורפיז, אני מכונה": what the user did (a first-person past verb
        // among the first words) or is ("אני" and a word that needs nothing) is told
        || words.iter().take(2).any(|w| w.chars().count() >= 4 && w.ends_with("תי") && !w.starts_with('ל'))
        || words.windows(2).any(|w| {
            w[0] == "אני"
                && !matches!(
                    w[1].as_str(),
                    "צריך" | "צריכה" | "חייב" | "חייבת" | "רוצה" | "צריכים" | "רוצים" | "מבקש" | "מבקשת"
                )
        });
    if !clock && !commands && clause {
        *step = Step::new(Resolver::General, crate::understand::Action::Chat, 0.5);
    }
}

/// "ובמוצאי שבת ב9 בערב לשלוח לדיג'יי את רשימת השירים": a time and then what to do (a Hebrew
/// infinitive), with no command of its own, is a reminder, whatever nouns the deed names.
fn time_then_infinitive(msg: &Msg<'_>, segs: &[Seg], steps: &mut [Step]) {
    for (j, seg) in segs.iter().enumerate().take(steps.len()) {
        if matches!(steps[j].resolver, Resolver::Task | Resolver::Calendar | Resolver::General | Resolver::Meta) {
            continue;
        }
        let Some((m, tr)) = msg.times.iter().find_map(|(f, tr)| match f {
            Found::Time(m) if tr.start >= seg.content && tr.start <= seg.content + 1 && m.problem.is_none() => {
                Some((m, tr.clone()))
            }
            _ => None,
        }) else {
            continue;
        };
        let deed = msg.toks.get(tr.end).is_some_and(|t| t.kind == Kind::He && he_infinitive(t));
        let commanded = (seg.content..seg.end).any(|k| command_at(msg, k).is_some_and(|c| c.weight >= 0.8));
        if !deed || commanded || tr.end + 1 >= seg.end {
            continue;
        }
        let said = msg.text.get(msg.toks[tr.end].start..msg.toks[seg.end - 1].end).unwrap_or("");
        let title = said.trim_end_matches(['!', '?', '.', ' ']).to_string();
        let mut step = Step::new(Resolver::Task, crate::understand::Action::Create, 0.6);
        step.title = Some(title);
        step.when = Some(m.point.unwrap_or(m.value));
        steps[j] = step;
    }
}

/// "actually make the drives 7:30, want to beat the traffic", "את הצלם תעשה ב10": "make" a
/// thing of the user's at a clock time, with no reminder or event asked for, is that thing moved
/// (the resolver finds it among the open reminders, and says so when none is).
fn made_at_a_new_time(msg: &Msg<'_>, segs: &[Seg], steps: &mut [Step]) {
    const SOFT: &[&str] =
        &["actually", "wait", "oh", "ok", "okay", "so", "no", "sorry", "רגע", "לא", "אה", "בעצם", "אוקיי"];
    for (j, seg) in segs.iter().enumerate().take(steps.len()) {
        let s = &steps[j];
        if s.action != crate::understand::Action::Create || !matches!(s.resolver, Resolver::Calendar | Resolver::Task) {
            continue;
        }
        let toks = &msg.toks[seg.range()];
        let mut k = 0;
        while toks.get(k).is_some_and(|t| SOFT.contains(&t.text) || t.text == ",") {
            k += 1;
        }
        // (a reminder or an event asked for is a new one, not this thing moved)
        let asks_new = toks.iter().any(|t| {
            matches!(
                t.text,
                "remind" | "reminder" | "calendar" | "תזכיר" | "תזכירי" | "תזכורת" | "ביומנ" | "ליומנ" | "event"
            )
        });
        if asks_new {
            continue;
        }
        // the thing named by the segment's tokens `at`, moved to the step's time
        let moved = |at: &mut dyn Iterator<Item = usize>, confidence: f32| {
            let words: Vec<&str> = at
                .filter_map(|i| msg.text.get(msg.toks[seg.content + i].start..msg.toks[seg.content + i].end))
                .collect();
            (!words.is_empty()).then(|| {
                let mut step = Step::new(Resolver::Task, crate::understand::Action::Update, confidence);
                step.title = Some(words.join(" "));
                step.when = steps[j].when;
                step
            })
        };
        // "Olivers call should be at eleven not half past ten": the thing, then the hour it
        // should be at
        let should = (k + 1..toks.len().saturating_sub(2)).find(|&i| {
            matches!((toks[i].text, toks[i + 1].text), ("should" | "needs" | "has", "be") | ("צריכ" | "צריכה", "להיות"))
        });
        if let Some(sh) = should {
            let clock = msg.times.iter().any(|(f, tr)| {
                (seg.content + sh + 2..=seg.content + sh + 3).contains(&tr.start)
                    && matches!(f, Found::Time(m) if m.grain < time::Grain::Day)
            });
            let from = (k..sh).rev().find(|&i| toks[i].text == ",").map_or(k, |c| c + 1);
            let mut named = (from..sh).filter(|&i| !matches!(toks[i].text, "the" | "my" | "את"));
            if clock && let Some(step) = moved(&mut named, 0.6) {
                steps[j] = step;
            }
            continue;
        }
        // the verb first ("make the drives 7:30") or the thing first ("את הצלם תעשה ב10")
        // ("את הרישיון תשים ב-11": or put, or set)
        let verb = |t: &Token<'_>| matches!(t.text, "make" | "תעשה" | "תעשי" | "תשימ" | "תשימי" | "תקבע" | "תקבעי");
        let (from, to) = if toks.get(k).is_some_and(verb) {
            (k + 1, toks.len())
        } else if toks.get(k).is_some_and(|t| t.text == "את")
            && let Some(v) = (k + 1..toks.len().min(k + 5)).find(|&v| verb(&toks[v]))
        {
            (k + 1, v)
        } else {
            continue;
        };
        // what is made: "the"/"my" and a thing, up to the clock that follows it
        // ("את הציונים תעשה ביום שלישי באותה שעה": or a day, with its hour kept)
        // ("את השוק תעשה מחר במקום": the thing first, then only a day, is that day at its hour)
        let same_hour =
            toks.windows(2).any(|w| matches!((w[0].text, w[1].text), ("באותה" | "אותה", "שעה") | ("same", "time")))
                || to < toks.len();
        let clock_at = |i: usize| {
            msg.times.iter().find(|(f, tr)| {
                tr.start == seg.content + i
                    && matches!(f, Found::Time(m) if m.grain < time::Grain::Day || (same_hour && m.grain == time::Grain::Day))
            })
        };
        let words_end = (from..to).find(|&i| clock_at(i).is_some() || toks[i].text == ",").unwrap_or(to);
        let first = toks.get(from).map_or("", |t| t.text);
        let named = if to == toks.len() { matches!(first, "the" | "my") } else { words_end > from };
        let clock = if to == toks.len() { clock_at(words_end) } else { clock_at(to + 1) };
        let title_from = if matches!(first, "the" | "my") { from + 1 } else { from };
        if let Some((f, _)) = clock
            && named
            && let Some(mut step) = moved(&mut (title_from..words_end), steps[j].confidence.max(0.6))
        {
            // (a day with its hour kept is the day itself, as "move X to saturday same time")
            if let Found::Time(m) = f
                && m.grain == time::Grain::Day
            {
                step.when = Some(m.value);
            }
            steps[j] = step;
        }
    }
}

/// Words by which a second question points back at the first ("and when does it expire").
const POINTS_BACK: &[&str] = &[
    "it", "its", "it's", "his", "her", "their", "them", "he", "she", "they", "שלו", "שלה", "שלהמ", "אותו", "אותה",
    "הוא", "היא",
];

/// "what's the wifi password and the alarm code", "מה הסיסמה של הוויפי ומה הקוד של האזעקה": two
/// things asked at once are two recalls. A second half that points back ("and when does it
/// expire", "והכתובת שלו") is about the first thing and stays with it.
fn two_questions(steps: &mut Vec<Step>) {
    use crate::understand::Action as A;
    const OPENERS: &[&str] =
        &["what's", "whats", "what", "is", "are", "where's", "where", "who's", "who", "the", "my", "our"];
    // "ומה", "ואיפה": a second question glued to its "and"
    const AND_ASKS: &[&str] = &["ומה", "ומי", "ואיפה", "ומהו", "ומהי"];
    let halves = |q: &str| -> Option<(String, String)> {
        let words: Vec<&str> = q.split_whitespace().collect();
        let at = words.iter().enumerate().skip(1).find_map(|(k, w)| {
            let lw = w.to_lowercase();
            let next = words.get(k + 1).map(|n| n.to_lowercase());
            let english = lw == "and"
                && next.as_deref().is_some_and(|n| {
                    matches!(
                        n,
                        "what's" | "whats" | "what" | "where's" | "where" | "who's" | "who" | "the" | "my" | "our"
                    )
                });
            // "ומה הקוד", "ואיפה", "והקוד של האזעקה" (a definite noun and whose it is)
            let hebrew = AND_ASKS.contains(w)
                || (w.starts_with("וה")
                    && w.chars().count() >= 4
                    && words.get(k + 1) == Some(&"של")
                    && words[..k].contains(&"של"));
            (english || hebrew).then_some(k)
        })?;
        let left = words[..at].join(" ");
        let mut right: Vec<&str> = words[at..].to_vec();
        let first = right[0].to_lowercase();
        if first == "and" {
            right.remove(0);
        } else {
            // "ומה" goes, "והקוד" keeps its noun
            right[0] = if AND_ASKS.contains(&right[0]) { "" } else { &right[0]["ו".len()..] };
        }
        while right.first().is_some_and(|w| w.is_empty() || OPENERS.contains(&w.to_lowercase().as_str())) {
            right.remove(0);
        }
        let right = right.join(" ").trim_end_matches(['?', '.', '!']).to_string();
        let back = right.split_whitespace().any(|w| POINTS_BACK.contains(&w.to_lowercase().as_str()));
        (!right.is_empty() && !left.is_empty() && !back && right.split_whitespace().count() <= 6)
            .then_some((left, right))
    };
    let mut i = 0;
    while i < steps.len() {
        let split = (steps[i].resolver == Resolver::Memory && steps[i].action == A::Recall)
            .then(|| steps[i].query.as_deref().and_then(halves))
            .flatten();
        if let Some((left, right)) = split {
            steps[i].query = Some(left);
            let mut second = steps[i].clone();
            second.query = Some(right);
            second.depends_on.clear();
            insert_step(steps, i + 1, second);
            i += 1;
        }
        i += 1;
    }
}

/// "remind me to call the electrician and note that he wants 400 cash", "…להתקשר לחשמלאי
/// ותרשום שהוא ביקש 400 שקל": a note about "he"/"she"/"they" right after a step about someone
/// is kept under that someone's name ("the electrician: he wants 400 cash"), so it is found
/// and read later without the message it came from.
fn who_the_note_is_about(steps: &mut [Step]) {
    use crate::understand::Action as A;
    const HE: &[&str] = &["he", "she", "they", "he's", "she's", "they're", "הוא", "היא", "הם", "הן"];
    const ENDS: &[&str] =
        &["about", "for", "to", "at", "on", "in", "with", "from", "tomorrow", "today", "tonight", "and", "that", "re"];
    let someone = |title: &str| -> Option<String> {
        let words: Vec<&str> = title.split_whitespace().collect();
        let hebrew = words.first()?.chars().next().is_some_and(crate::understand::lang::is_hebrew_letter);
        if hebrew {
            // "להתקשר לחשמלאי", "לשלם לדנה": the one the deed is done to
            let w = words.get(1)?;
            let bare = w.strip_prefix('ל').filter(|r| r.chars().count() >= 2)?;
            return Some(bare.to_string());
        }
        // "call the electrician", "pay Dana", "email my landlord about the leak"
        let start = words.iter().skip(1).position(|w| {
            matches!(w.to_lowercase().as_str(), "the" | "my" | "our")
                || w.chars().next().is_some_and(char::is_uppercase)
        })? + 1;
        let name: Vec<&str> =
            words[start..].iter().take_while(|w| !ENDS.contains(&w.to_lowercase().as_str())).take(3).copied().collect();
        (name.len() >= 2 || name.first().is_some_and(|w| w.chars().next().is_some_and(char::is_uppercase)))
            .then(|| name.join(" "))
    };
    for j in 1..steps.len() {
        if !(steps[j].resolver == Resolver::Memory && steps[j].action == A::Store) {
            continue;
        }
        let Some(note) = steps[j].title.clone() else { continue };
        let first = note.split_whitespace().next().unwrap_or_default().to_lowercase();
        let first = first.strip_prefix('ש').filter(|r| HE.contains(r)).unwrap_or(&first);
        if !HE.contains(&first) {
            continue;
        }
        let about = steps[j - 1].title.as_deref().and_then(someone);
        if let Some(who) = about {
            let note = note.strip_prefix('ש').filter(|r| r.starts_with(first)).unwrap_or(&note);
            steps[j].title = Some(format!("{who}: {note}"));
        }
    }
}

/// "התקשרתי כבר", "called already": a thing reported done with no object is the task of that
/// verb ("להתקשר לצלם", "call the florist"); its title is the verb's stem, which the task
/// resolver matches (and asks when two tasks share it). Verbs of doing in general ("סיימתי",
/// "did") name no task and are left to what the conversation last touched.
fn done_by_its_verb(msg: &Msg<'_>, segs: &[Seg], steps: &mut [Step]) {
    use crate::understand::Action as A;
    const GENERAL: &[&str] =
        &["סיימתי", "גמרתי", "עשיתי", "ביצעתי", "did", "done", "finished", "completed", "handled", "sorted"];
    const IRREGULAR: &[(&str, &str)] = &[
        ("paid", "pay"),
        ("sent", "send"),
        ("bought", "buy"),
        ("took", "take"),
        ("wrote", "write"),
        ("spoke", "speak"),
        ("rang", "ring"),
        ("drove", "drive"),
        ("fed", "feed"),
        ("went", "go"),
        ("met", "meet"),
        ("gave", "give"),
        ("brought", "bring"),
        ("sold", "sell"),
        ("got", "get"),
        ("made", "make"),
        ("found", "find"),
        ("swept", "sweep"),
        ("threw", "throw"),
    ];
    for (s, seg) in steps.iter_mut().zip(segs) {
        let Some(verb) = seg.range().map(|k| &msg.toks[k]).find(|t| shape::is_report_verb(t)) else { continue };
        // ("תדלקתי", "I paid": a title of the verb alone names nothing yet)
        let only_the_verb = s.title.as_deref().is_some_and(|t| {
            let t = t.to_lowercase();
            t == verb.text || t.strip_prefix("i ").is_some_and(|v| v == verb.text)
        });
        if !(s.resolver == Resolver::Task
            && s.action == A::Complete
            && (s.title.is_none() || only_the_verb)
            && s.nth.is_none())
        {
            continue;
        }
        if GENERAL.contains(&verb.text) {
            s.title = None;
            continue;
        }
        let stem = match verb.kind {
            // ("תליתי", "קניתי", "ניקיתי": a root ending in ה takes -יתי and its infinitive
            // is ל…ות, "לתלות", "לקנות", "לנקות")
            Kind::He => match verb.text.strip_suffix("יתי").or_else(|| verb.text.strip_suffix("ינו")) {
                Some(root) if (2..=3).contains(&root.chars().count()) => {
                    let root: String = match root.chars().collect::<Vec<_>>()[..] {
                        [a, 'י', c] => [a, c].iter().collect(),
                        _ => root.to_string(),
                    };
                    Some(format!("ל{root}ות"))
                }
                _ => verb.text.strip_suffix("תי").or_else(|| verb.text.strip_suffix("נו")).map(str::to_string),
            },
            _ => IRREGULAR.iter().find(|(p, _)| *p == verb.text).map(|(_, b)| b.to_string()).or_else(|| {
                verb.text
                    .strip_suffix("ied")
                    .map(|b| format!("{b}y"))
                    .or_else(|| verb.text.strip_suffix("ed").map(str::to_string))
            }),
        };
        if let Some(stem) = stem.filter(|t| t.chars().count() >= 3) {
            s.title = Some(stem);
        }
    }
}

/// "תוריד את הדוד משה הוא בחו״ל", "take the Cohens off they're not speaking to us": with no
/// comma, a subject starting the reason ends the thing named.
fn items_stop_at_a_reason(steps: &mut [Step]) {
    use crate::understand::Action as A;
    // "we don't need onions anymore, delete them from the order list": "them" beside the thing
    // itself adds nothing
    for s in steps.iter_mut().filter(|s| s.resolver == Resolver::List && matches!(s.action, A::Add | A::Remove)) {
        if s.items.iter().any(|i| !is_pronoun(i)) {
            s.items.retain(|i| !is_pronoun(i));
        }
    }
    // "תסמן שהחלפתי את הבלון חמצן": what was done is after the report's verb
    for s in steps.iter_mut().filter(|s| s.resolver == Resolver::Task && s.action == A::Complete) {
        let Some(t) = s.title.as_deref() else { continue };
        let mut w = t.split_whitespace();
        let (Some(first), Some("את")) = (w.next(), w.next()) else { continue };
        let rest: Vec<&str> = w.collect();
        let did = first.strip_prefix('ש').is_some_and(shape::he_first_person_past);
        if did && !rest.is_empty() {
            s.title = Some(rest.join(" "));
        }
    }
    // "…and put milk and teabags on": the particle of "put … on" closes the last thing
    for s in steps.iter_mut().filter(|s| s.resolver == Resolver::List && s.action == A::Add) {
        if let Some(last) = s.items.last_mut()
            && let Some(thing) = last.strip_suffix(" on").or_else(|| last.strip_suffix(" on too"))
            && !thing.trim().is_empty()
            && !thing.ends_with(" add")
        {
            *last = thing.trim().to_string();
        }
    }
    const SUBJECTS: &[&str] =
        &["הוא", "היא", "הם", "הן", "they're", "theyre", "he's", "she's", "they", "he", "she", "we're", "i'm"];
    for s in steps.iter_mut().filter(|s| s.resolver == Resolver::List && matches!(s.action, A::Add | A::Remove)) {
        for item in s.items.iter_mut() {
            let words: Vec<&str> = item.split_whitespace().collect();
            let Some(at) = words.iter().skip(1).position(|w| SUBJECTS.contains(&w.to_lowercase().as_str())) else {
                continue;
            };
            let mut kept = &words[..at + 1];
            while kept.len() > 1 && kept.last().is_some_and(|w| matches!(*w, "off" | "from")) {
                kept = &kept[..kept.len() - 1];
            }
            *item = kept.join(" ");
        }
    }
}

/// "remove the atta, amma sent from home, add coconut oil": a later "item" that is someone and
/// their past verb ("amma sent") is why, and a list named inside it ("from home") is where the
/// thing came from, not a list of the user's: the reason goes, and the list with it.
fn reason_holds_the_list(text: &str, steps: &mut [Step]) {
    use crate::understand::Action as A;
    let lower = text.to_lowercase();
    let mut dropped: Option<String> = None;
    for s in steps.iter_mut().filter(|s| s.resolver == Resolver::List && matches!(s.action, A::Add | A::Remove)) {
        let Some(list) = s.list.as_deref().map(str::to_lowercase) else { continue };
        // (the steps after it took the same list from it)
        if dropped.as_deref() == Some(list.as_str()) {
            s.list = None;
            continue;
        }
        let reason = s.items.iter().enumerate().skip(1).find(|(_, item)| {
            let words: Vec<&str> = item.split_whitespace().collect();
            let did =
                (2..=4).contains(&words.len()) && words[1..].iter().any(|w| w.is_ascii() && shape::is_english_past(w));
            let item = item.to_lowercase();
            did && [" from ", " from the ", " from my "].iter().any(|f| lower.contains(&format!("{item}{f}{list}")))
        });
        if let Some((i, _)) = reason {
            s.items.truncate(i);
            s.list = None;
            dropped = Some(list);
        }
    }
}

/// Puts `step` at `i`; the others' `depends_on` keep pointing at the same steps.
fn insert_step(steps: &mut Vec<Step>, i: usize, step: Step) {
    for s in steps.iter_mut() {
        for d in s.depends_on.iter_mut() {
            if *d >= i {
                *d += 1;
            }
        }
    }
    steps.insert(i, step);
}

/// Removes step `i`; the others' `depends_on` drop it and keep pointing at the same steps.
fn remove_step(steps: &mut Vec<Step>, i: usize) -> Step {
    let removed = steps.remove(i);
    for s in steps.iter_mut() {
        s.depends_on.retain(|&d| d != i);
        for d in s.depends_on.iter_mut() {
            if *d > i {
                *d -= 1;
            }
        }
    }
    removed
}

/// "לא צריך יותר את החמצן ברשימה של המספרה, תוריד", "the dentist one isn't needed, delete":
/// a bare command naming nothing, right after a step of the same kind that names its thing, is
/// that step said again.
fn said_again(steps: &mut Vec<Step>) {
    let bare = |s: &Step| {
        s.title.is_none()
            && s.list.is_none()
            && s.items.is_empty()
            && s.query.is_none()
            && s.when.is_none()
            && s.window.is_none()
            && s.recurrence.is_none()
    };
    let mut j = 1;
    while j < steps.len() {
        let i = j - 1;
        if bare(&steps[j])
            && !bare(&steps[i])
            && steps[j].resolver == steps[i].resolver
            && steps[j].action == steps[i].action
            && steps[j].resolver != Resolver::General
        {
            remove_step(steps, j);
        } else {
            j += 1;
        }
    }
}

/// "קניתי כבר את הלחם, תמחקי אותו מהרשימה": a report followed by a list step about the same
/// thing is the reason for that step, not a task to complete.
fn drop_reasons(steps: &mut Vec<Step>) {
    let mut j = 1;
    while j < steps.len() {
        let i = j - 1;
        let reason = steps[i].resolver == Resolver::Task
            && steps[i].action == crate::understand::Action::Complete
            && steps[j].resolver == Resolver::List
            && steps[j].depends_on.contains(&i);
        if reason {
            remove_step(steps, i);
        } else {
            j += 1;
        }
    }
}

/// Words saying a thing will not happen ("is off", "בוטלה").
const CALLED_OFF: &[&str] = &[
    " is off",
    " is cancelled",
    " is canceled",
    " was cancelled",
    " was canceled",
    " got cancelled",
    " got canceled",
    " has been cancelled",
    " has been canceled",
    " isn't happening",
    " is not happening",
    // ("the german group actually cancelled, flight delayed": they called it off)
    " actually cancelled",
    " actually canceled",
    " cancelled,",
    " canceled,",
    " cancelled.",
    " canceled.",
    " בוטלה",
    " בוטל",
    " בוטלו",
    " התבטלה",
    " התבטל",
    " התבטלו",
    " לא מתקיימת",
    " לא מתקיים",
];

/// "cancel my meeting with Avi and put a call with him on Sunday at 10 instead": after a
/// delete, what comes "instead" at a time is a new thing, not a move of one.
fn instead_of_the_deleted(msg: &Msg<'_>, segs: &[Seg], steps: &mut [Step]) {
    for j in 1..steps.len().min(segs.len()) {
        let instead = says_instead(msg, &segs[j]);
        // "ותקבעי במקום זה בדיקת מוניטור", "and book a scan instead": the words that say so name
        // nothing
        if instead && steps[j - 1].action == crate::understand::Action::Delete {
            for t in [&mut steps[j].title, &mut steps[j].query] {
                *t = t
                    .as_deref()
                    .and_then(|x| without_phrases(x, &["במקום זה", "במקום זאת", "במקומה", "במקומו", "instead"]));
            }
        }
        if steps[j - 1].action == crate::understand::Action::Delete
            && steps[j].action == crate::understand::Action::Update
            && steps[j].when.is_some()
            && instead
        {
            steps[j].action = crate::understand::Action::Create;
            steps[j].query = None;
            // "put a call with him" names the new thing by what follows the verb
            if let Some(t) = steps[j].title.take() {
                let rest = ["put ", "set ", "book ", "schedule ", "make ", "add ", "move "]
                    .iter()
                    .find_map(|v| t.strip_prefix(v))
                    .map(|r| r.trim_start_matches("a ").trim_start_matches("an ").to_string());
                steps[j].title = Some(rest.unwrap_or(t));
            }
        }
    }
}

/// "dinner at my parents' on Friday at 7:30, put it in the calendar", "אני צריך לזכור לחדש את
/// הדרכון. תזכיר לי ביום שלישי ב-8": a thing said, then a bare command to make it an event or a
/// reminder (no name of its own, or the same one through "it"), is one thing made.
fn said_then_placed(steps: &mut Vec<Step>) {
    use crate::understand::Action::{Add, Chat, Create};
    let mut j = 1;
    while j < steps.len() {
        // "we're out of coffee. add it to the costco list": the things said, added once, where told
        let (a, b) = (&steps[j - 1], &steps[j]);
        if a.resolver == Resolver::List
            && a.action == Add
            && a.list.is_none()
            && b.resolver == Resolver::List
            && b.action == Add
            && b.depends_on.contains(&(j - 1))
            && b.items == a.items
        {
            let mut merged = steps.remove(j);
            merged.depends_on.clear();
            steps[j - 1] = merged;
            continue;
        }
        let (a, b) = (&steps[j - 1], &steps[j]);
        let makes = b.action == Create && matches!(b.resolver, Resolver::Calendar | Resolver::Task);
        let said = matches!(a.action, Create | Chat) && a.title.is_some() && a.resolver != Resolver::List;
        let bare = b.title.is_none() || b.title == a.title || b.depends_on.contains(&(j - 1));
        let one_time = a.when.is_none() || b.when.is_none() || a.when == b.when;
        if makes && said && bare && one_time {
            let mut merged = steps[j].clone();
            merged.title = steps[j - 1].title.as_deref().map(without_subject);
            merged.when = steps[j - 1].when.or(steps[j].when);
            merged.recurrence = steps[j - 1].recurrence.or(steps[j].recurrence);
            merged.depends_on.clear();
            merged.confidence = merged.confidence.max(steps[j - 1].confidence).max(0.7);
            merged.alternative = None;
            steps[j - 1] = merged;
            steps.remove(j);
        } else {
            j += 1;
        }
    }
}

/// A thing said about oneself, named without the saying: "I've got a parent-teacher meeting" →
/// "parent-teacher meeting", "קבעתי עם יוסי קפה" → "יוסי קפה", "אני לחדש את הדרכון" → "לחדש את
/// הדרכון".
fn without_subject(title: &str) -> String {
    const OPENERS: &[&str] = &[
        "i've got a ",
        "i've got an ",
        "i've got ",
        "ive got a ",
        "i have a ",
        "i have an ",
        "i got a ",
        "i got an ",
        "i need to ",
        "i have to ",
        "i gotta ",
        "we have a ",
        "we've got a ",
        "there's a ",
        "אני צריך ",
        "אני צריכה ",
        "אני ",
        "יש לי ",
        "קבעתי עם ",
        "קבעתי ",
    ];
    let lower = title.to_lowercase();
    for o in OPENERS {
        if lower.starts_with(o) && title.len() > o.len() {
            return title[o.len()..].trim().to_string();
        }
    }
    title.to_string()
}

/// "it", "that", "זה", "שהוא": words that point back at a thing said before.
fn points_back(t: &str) -> bool {
    is_pronoun(t) || matches!(t, "זה" | "שזה" | "that" | "this" | "it" | "את זה" | "שהיא" | "שהוא")
}

/// "cross that off", said of no list: a list removal whose things only point back.
fn crosses_it_off(step: &Step) -> bool {
    step.resolver == Resolver::List
        && step.action == crate::understand::Action::Remove
        && step.list.is_none()
        && step.items.iter().all(|i| points_back(i))
}

/// "i already booked the venue for the teacher training so you can cross that off": crossing
/// "that" off no list, after a report of a thing done in the same words, completes that thing.
fn crossed_off_after_a_report(msg: &Msg<'_>, segs: &[Seg], steps: &mut [Step]) {
    for (step, seg) in steps.iter_mut().zip(segs) {
        if !crosses_it_off(step) {
            continue;
        }
        let Some(verb) = shape::report_verb(msg, *seg) else { continue };
        // the thing: after the verb, up to "so"/"and"/a comma
        let end = (verb.end..seg.end)
            .find(|&k| matches!(msg.toks[k].text, "so" | "and" | "," | "אז" | "ואז"))
            .unwrap_or(seg.end);
        let Some(thing) = crate::understand::slots::text_of(msg.text, msg.toks, verb.end..end, &|_| true) else {
            continue;
        };
        *step = Step { title: Some(thing), ..Step::new(Resolver::Task, crate::understand::Action::Complete, 0.65) };
    }
}

/// Words that refuse the thing after them: "the venue doesn't allow sparklers".
const REFUSALS: &[&str] = &[
    "doesn't allow ",
    "doesnt allow ",
    "don't allow ",
    "dont allow ",
    "won't allow ",
    "can't have ",
    "cant have ",
    "can't bring ",
    "don't want ",
    "doesn't want ",
    "no more ",
    "לא מרשה ",
    "לא מרשים ",
    "לא מאשרים ",
    "אסור ",
];

/// "המנעול תוקן תמחק אותו", "אין דולסה דה לצ'ה בארץ בכלל תוריד את זה": the thing told first,
/// then a removal of "it": the thing is what the words before the command name.
fn named_before_its_pronoun(msg: &Msg<'_>, segs: &[Seg], steps: &mut [Step]) {
    const POINTS: &[&str] = &["זה", "זאת", "אותו", "אותה", "אותמ", "אותנ", "it", "them", "that", "him", "her"];
    const AROUND: &[&str] = &["את", "off", "please", "בבקשה", "גמ"];
    for (step, seg) in steps.iter_mut().zip(segs) {
        let remove = step.resolver == Resolver::List && step.action == crate::understand::Action::Remove;
        let task = step.resolver == Resolver::Task
            && matches!(step.action, crate::understand::Action::Delete | crate::understand::Action::Complete);
        // ("we need glue sticks, tissues and paper plates - stick them on the supplies list")
        let add = step.resolver == Resolver::List
            && step.action == crate::understand::Action::Add
            && !step.items.is_empty()
            && step.items.iter().all(|i| is_pronoun(i));
        if !(remove || task || add) {
            continue;
        }
        // (a weaker verb of putting on a list does for an add: "stick them on …")
        let putting = |k: usize| msg.pats.iter().find(|m| m.start == k && m.weight >= 0.4 && commands(m));
        let Some(m) =
            (seg.content + 1..seg.end).find_map(|k| command_at(msg, k).or_else(|| putting(k).filter(|_| add)))
        else {
            continue;
        };
        let after: Vec<&str> =
            (m.end..seg.end).map(|k| msg.toks[k].text).filter(|w| !matches!(*w, "," | "." | "!")).collect();
        // ("…, delete it from the office list": the list the removal names is no part of the thing)
        let list_words: Vec<String> = step.list.iter().flat_map(|l| l.split_whitespace()).map(fold).collect();
        let of_the_list = |w: &str| {
            (remove && (matches!(w, "from" | "off") || list_words.iter().any(|l| l == w)))
                || (add && (matches!(w, "on" | "to" | "onto" | "in") || list_words.iter().any(|l| l == w)))
                || ((remove || add)
                    && matches!(
                        w,
                        "the"
                            | "my"
                            | "our"
                            | "list"
                            | "רשימת"
                            | "הרשימה"
                            | "ברשימת"
                            | "ברשימה"
                            | "לרשימת"
                            | "לרשימה"
                            | "מרשימת"
                            | "מהרשימה"
                            | "של"
                    ))
        };
        // (the pointing word may be the command's own, "take them off", after a thing refused)
        let refused = msg.text.get(msg.toks[seg.content].start..msg.toks[m.start].start).is_some_and(|t| {
            let t = t.to_lowercase();
            REFUSALS.iter().any(|r| t.contains(r))
        });
        let own_points = refused && (m.start..m.end).any(|k| POINTS.contains(&msg.toks[k].text));
        if !(own_points || after.iter().any(|w| POINTS.contains(w)))
            || !after.iter().all(|w| POINTS.contains(w) || AROUND.contains(w) || of_the_list(w))
        {
            continue;
        }
        let before = seg.content..m.start;
        if before.clone().any(|k| inside_time(msg, k)) || before.clone().filter(|&k| msg.toks[k].is_word()).count() < 1
        {
            continue;
        }
        // ("אזולאי הביא את המסמכים תוריד אותו": "him" is who did it, the words before the deed)
        let person = (m.end..seg.end).any(|k| matches!(msg.toks[k].text, "אותו" | "אותה" | "him" | "her"));
        let deed = before.clone().skip(1).find(|&k| {
            let t = &msg.toks[k];
            HE_THEY_DID.contains(&t.text) || (t.kind == Kind::Latin && shape::is_report_verb(t))
        });
        let before = match deed {
            Some(d) if person => before.start..d,
            _ => before,
        };
        let Some(thing) = crate::understand::slots::text_of(msg.text, msg.toks, before, &|_| true) else { continue };
        // "no need for printer ink anymore, delete it": the thing, without the words of not needing it
        let mut thing = thing.as_str();
        let leads: &[&str] = if add {
            &[
                "we need ",
                "i need ",
                "need ",
                "we're out of ",
                "we are out of ",
                "out of ",
                "חסר לנו ",
                "חסרים לנו ",
                "נגמר לנו ",
                "נגמרו לנו ",
                "צריך ",
                "צריכים ",
            ]
        } else {
            &["no need for ", "need for ", "we don't need ", "i don't need ", "don't need ", "dont need "]
        };
        for lead in leads {
            thing = thing.strip_prefix(lead).unwrap_or(thing);
        }
        // ("the venue doesn't allow sparklers!! take them off": what is refused is the thing)
        if remove && let Some(at) = REFUSALS.iter().filter_map(|r| thing.rfind(r).map(|i| i + r.len())).max() {
            thing = &thing[at..];
        }
        thing = thing.trim_end_matches(['!', '.']);
        for tail in [" anymore", " any more", ",", " -"] {
            thing = thing.strip_suffix(tail).unwrap_or(thing);
        }
        let thing = thing.trim().to_string();
        if add {
            step.items = things_of(&thing);
        } else if remove {
            step.items = vec![thing];
        } else {
            step.title = Some(thing);
        }
    }
}

/// "i submitted the assignment, mark it done": a report and then a completion of "it" are one
/// completion, of the thing reported.
fn reported_then_marked(steps: &mut Vec<Step>) {
    let complete = crate::understand::Action::Complete;
    let mut j = 1;
    while j < steps.len() {
        let (a, b) = (&steps[j - 1], &steps[j]);
        // ("הזמנתי כבר את הקמח, תוריד את זה מהמשימות": taking "it" off after saying it is done
        // is the same completion)
        // ("i already booked the venue so you can cross that off": crossing off "that", on no
        // list, is the same completion; so is "הזמנתי כבר את הבשר, תסמן שבוצע", which names
        // nothing)
        if a.resolver == Resolver::Task
            && a.action == complete
            && a.title.is_some()
            && ((b.resolver == Resolver::Task
                && (b.action == complete || b.action == crate::understand::Action::Delete)
                && (b.depends_on.contains(&(j - 1))
                    || b.title.as_deref().is_some_and(points_back)
                    || (b.action == complete && b.title.is_none() && b.nth.is_none())))
                || crosses_it_off(b))
        {
            steps.remove(j);
        } else {
            j += 1;
        }
    }
}

/// "קניתי ביצים ולחם, תוריד מרשימת קניות", "קניתי את הסוללות, תוריד סוללות מרשימת ציוד": a
/// report of things got, then a removal from a list of nothing or of the same things, is that
/// removal alone (the report names the things when the removal does not).
fn reported_then_taken_off_a_list(steps: &mut Vec<Step>) {
    use crate::understand::Action as A;
    let mut j = 1;
    while j < steps.len() {
        let (a, b) = (&steps[j - 1], &steps[j]);
        let report = a.resolver == Resolver::Task && a.action == A::Complete && a.when.is_none();
        let removal = b.resolver == Resolver::List && b.action == A::Remove && b.list.is_some();
        let Some(title) = a.title.as_deref().filter(|_| report && removal) else {
            j += 1;
            continue;
        };
        let things = things_of(title);
        let named: Vec<&String> = b.items.iter().filter(|i| !points_back(i)).collect();
        if named.is_empty() && !things.is_empty() {
            steps[j].items = things;
        } else if !named.iter().any(|i| things.iter().any(|t| same_thing(t, i))) {
            j += 1;
            continue;
        }
        remove_step(steps, j - 1);
    }
}

/// "went to Daiso and got everything, delete that list", "done with the grocery list, pls
/// delete it": what was got, or the list done with, is why the list goes; nothing of the
/// user's tasks is done by it (and "got everything" is no "mark all my tasks done").
fn done_with_a_list_then_deleted(text: &str, steps: &mut Vec<Step>) {
    use crate::understand::Action as A;
    let report = |s: &Step| s.resolver == Resolver::Task && s.action == A::Complete && s.when.is_none();
    // (the list's name out of "the grocery list", "grocery list, pls")
    let list_in = |title: &str| {
        let lower = title.to_lowercase();
        let k = lower.find(" list")?;
        let name = lower[..k].trim_start_matches("the ").trim_start_matches("my ").trim();
        // (the title's own letters where lower-casing kept the length; else the lower-cased name)
        let said = if lower.len() == title.len() { title.get(..k).unwrap_or(&lower[..k]) } else { &lower[..k] };
        (!name.is_empty()).then(|| said.trim_start_matches("the ").trim_start_matches("my ").trim().to_string())
    };
    let all = |title: &str| {
        matches!(
            title.to_lowercase().trim(),
            "everything" | "all" | "it all" | "all of it" | "the lot" | "הכל" | "הכול" | "את הכל"
        )
    };
    let mut j = 1;
    while j < steps.len() {
        let deletes = steps[j].resolver == Resolver::List && steps[j].action == A::Delete;
        let prev = &steps[j - 1];
        let title = prev.title.clone().unwrap_or_default();
        let named = steps[j].list.as_deref().is_some_and(|l| same_thing(l, &title));
        if deletes && report(prev) && (all(&title) || named || list_in(&title).is_some()) {
            if steps[j].list.is_none() {
                steps[j].list = list_in(&title);
            }
            remove_step(steps, j - 1);
            j = 1;
            continue;
        }
        j += 1;
    }
    // "delete CNY list, bought everything liao": the list deleted by its name and the word
    // "list", then why after a comma; what follows is no item
    let lower = text.to_lowercase();
    for s in steps.iter_mut().filter(|s| s.resolver == Resolver::List && s.action == A::Remove) {
        let Some(name) = s.list.as_deref().map(str::to_lowercase) else { continue };
        let deleted = ["delete", "remove", "bin", "trash", "clear", "get rid of"].iter().any(|v| {
            [format!("{v} {name} list,"), format!("{v} the {name} list,"), format!("{v} my {name} list,")]
                .iter()
                .any(|p| lower.starts_with(p.as_str()))
        });
        if deleted {
            s.action = A::Delete;
            s.items.clear();
        }
    }
    // "done with the grocery list, delete it": one report of a list, and a delete of "it"
    let delete_it = ["delete it", "remove it", "get rid of it", "bin it", "trash it"].iter().any(|w| lower.contains(w));
    if let [step] = steps.as_mut_slice()
        && report(step)
        && delete_it
        && let Some(list) = step.title.as_deref().and_then(list_in)
    {
        step.resolver = Resolver::List;
        step.action = A::Delete;
        step.list = Some(list);
        step.title = None;
    }
}

/// "תמחק את הקוד של הארון שינו אותו", "delete the wifi password, they changed it": a code or a
/// password is a note the user gave, not a task; deleting it forgets the note.
fn a_kept_fact_deleted_is_forgotten(steps: &mut [Step]) {
    use crate::understand::Action as A;
    for step in steps.iter_mut().filter(|s| s.resolver == Resolver::Task && s.action == A::Delete && s.when.is_none()) {
        let Some(title) = step.title.clone() else { continue };
        let words: Vec<String> = title.split_whitespace().map(|w| fold(&w.to_lowercase())).collect();
        let first = words.iter().position(|w| !matches!(w.as_str(), "the" | "my" | "our" | "את")).unwrap_or(0);
        let secret =
            words.get(first).is_some_and(|w| {
                matches!(
                    w.as_str(),
                    "password"
                        | "passcode"
                        | "pin"
                        | "wifi"
                        | "wi-fi"
                        | "combination"
                        | "code"
                        | "קוד"
                        | "הקוד"
                        | "סיסמה"
                        | "הסיסמה"
                        | "סיסמת"
                )
            }) || words.get(first + 1).is_some_and(|w| matches!(w.as_str(), "password" | "passcode" | "code" | "pin"));
        let a_task = words.iter().any(|w| {
            matches!(
                w.as_str(),
                "review" | "reminder" | "task" | "תזכורת" | "התזכורת" | "משימה" | "המשימה" | "to" | "ל"
            )
        });
        if !secret || a_task {
            continue;
        }
        // (up to what someone did: "…שינו אותו", ", they changed it")
        let cut = title
            .split_whitespace()
            .position(|w| matches!(fold(w).as_str(), "שינו" | "שינה" | "שינתה" | "החליפו" | "they" | "it's"))
            .unwrap_or(usize::MAX);
        let query: Vec<&str> = title.split_whitespace().take(cut).collect();
        step.resolver = Resolver::Memory;
        step.query = Some(query.join(" ").trim_end_matches(',').to_string());
        step.title = None;
    }
}

/// Two names of one thing: a word in common, with "the"/"ה" and a joined "and" set aside.
fn same_thing(a: &str, b: &str) -> bool {
    let words = |s: &str| -> Vec<String> {
        s.to_lowercase()
            .split_whitespace()
            .map(|w| w.trim_start_matches('ו').trim_start_matches('ה').to_string())
            .filter(|w| w.chars().count() > 2 && !matches!(w.as_str(), "the" | "and" | "some" | "את"))
            .collect()
    };
    let (wa, wb) = (words(a), words(b));
    wa.iter().any(|w| wb.contains(w))
}

/// "controlled count done, tick it off", "the laundry's done, cross it off": a thing told done and
/// then ticked off as "it" is one completion of that thing (its first step, when later requests
/// follow: "…, and remind me thursday at 7:30 to …").
fn done_then_ticked(text: &str, steps: &mut [Step]) {
    const TICK: &[&str] = &["tick", "cross", "check", "mark", "strike"];
    const AROUND: &[&str] = &["it", "off", "done", "as", "please", "pls", "that", "out"];
    let Some(first) = steps.first() else { return };
    if first.action == crate::understand::Action::Create {
        return;
    }
    let lower = text.to_lowercase();
    if lower.len() != text.len() {
        return;
    }
    let Some((head, rest)) = lower.split_once(", ") else { return };
    let tail = rest.split([',', '.', '!']).next().unwrap_or("");
    let tail = tail.split(" and ").next().unwrap_or(tail);
    let words: Vec<&str> = tail.split_whitespace().collect();
    if !words.iter().any(|w| TICK.contains(w)) || !words.iter().all(|w| TICK.contains(w) || AROUND.contains(w)) {
        return;
    }
    let Some(thing_end) =
        [" is done", "'s done", " done", " finished", " sorted"].iter().find_map(|d| head.strip_suffix(d))
    else {
        return;
    };
    let thing = text[..thing_end.len()].trim();
    let thing = thing.strip_prefix("the ").or_else(|| thing.strip_prefix("The ")).unwrap_or(thing);
    let n = thing.split_whitespace().count();
    if !(1..=5).contains(&n) {
        return;
    }
    let mut step = Step::new(Resolver::Task, crate::understand::Action::Complete, 0.65);
    step.title = Some(thing.to_string());
    steps[0] = step;
}

/// "מה היה המתכון של הגלזורה הלבנה?", "מה היה הרעיון של גיל לגבי …": what a thing of someone's
/// *was*, asked of a thing named with "של", is asked of what the user told Ozer (not of the world).
fn what_was_theirs(msg: &Msg<'_>, steps: &mut [Step]) {
    let [step] = steps else { return };
    let w = |k: usize| msg.toks.get(k).map_or("", |t| t.text);
    let opens = w(0) == "מה" && matches!(w(1), "היה" | "הייתה" | "היתה" | "היו");
    let thing =
        msg.toks.get(2).is_some_and(|t| t.kind == Kind::He && t.text.starts_with('ה') && t.text.chars().count() >= 3);
    let whose = (3..6).any(|k| w(k) == "של");
    let timed = !msg.times.is_empty();
    if step.resolver != Resolver::General || !opens || !thing || !whose || timed {
        return;
    }
    let end = msg.toks.iter().rposition(|t| t.is_word()).map_or(msg.toks.len(), |k| k + 1);
    let Some(query) = crate::understand::slots::text_of(msg.text, msg.toks, 2..end, &|_| true) else { return };
    let mut recall = Step::new(Resolver::Memory, crate::understand::Action::Recall, 0.6);
    recall.query = Some(query);
    *step = recall;
}

/// "the barbecue at Nir's is off, remove it", "הפגישה עם היועצת בוטלה, תוריד אותה מהיומן": the
/// thing called off, then a delete of "it", is one delete of that thing (not a new event named
/// "… is off" and a delete of the sentence).
fn called_off(text: &str, steps: &mut Vec<Step>) {
    let lower = text.to_lowercase();
    let Some((at, said)) = CALLED_OFF.iter().filter_map(|w| lower.find(w).map(|i| (i, *w))).min_by_key(|(i, _)| *i)
    else {
        return;
    };
    let thing = text[..at].trim().trim_start_matches("the ").trim();
    let rest = &lower[at + said.len()..];
    let points = rest.split(|c: char| !c.is_alphanumeric() && c != '\'').any(is_pronoun);
    // ("…. take it off": a removal of "it" from no list named is the delete)
    let deletes = |s: &Step| {
        s.action == crate::understand::Action::Delete
            || (s.resolver == Resolver::List
                && s.action == crate::understand::Action::Remove
                && s.list.is_none()
                && (s.items.is_empty() || s.items.iter().any(|i| i.contains(thing) || is_pronoun(i))))
    };
    let Some(k) = steps.iter().position(deletes) else { return };
    // (the user who cancelled is no thing: "I cancelled, delete it")
    let someone =
        matches!(thing.to_lowercase().as_str(), "i" | "we" | "they" | "he" | "she" | "you" | "i've" | "we've");
    if thing.is_empty() || someone || !points || thing.split_whitespace().count() > 8 {
        return;
    }
    let mut step = steps.remove(k);
    if step.resolver == Resolver::List {
        step.resolver = Resolver::Task;
        step.action = crate::understand::Action::Delete;
        step.items.clear();
    }
    step.title = Some(thing.to_string());
    step.depends_on.clear();
    step.confidence = step.confidence.max(0.7);
    if ["calendar", "יומן", "ביומן", "מהיומן"].iter().any(|w| lower.contains(w)) || shape::says_appointment(thing)
    {
        step.resolver = Resolver::Calendar;
    }
    // the steps read from the words before it were the thing itself
    steps.retain(|s| s.title.as_deref().is_none_or(|t| !t.contains(thing) && !thing.contains(t)));
    steps.insert(0, step);
}

/// "הביטוח כבר יורד בהוראת קבע, תמחק את התזכורת", "the insurance is paid by direct debit now,
/// delete it": a thing told of (no request of its own), then a delete of "it" or of "the
/// reminder", is one delete of the thing told of; the telling is why, not an event or a deed.
fn told_then_deleted(msg: &Msg<'_>, segs: &[Seg], steps: &mut Vec<Step>) {
    use crate::understand::Action as A;
    let ([first, second], [s0, s1]) = (steps.as_slice(), segs) else { return };
    let deletes_it = second.resolver == Resolver::Task
        && second.action == A::Delete
        && (second.title.is_none() || (second.depends_on.contains(&0) && second.title == first.title));
    let told = matches!(
        (first.resolver, first.action),
        (Resolver::Calendar | Resolver::Task, A::Create) | (Resolver::Task, A::Complete) | (Resolver::General, A::Chat)
    ) && first.confidence < 0.9
        && !msg.toks[s0.range()].iter().any(|t| t.text == "?")
        && command_at(msg, s0.content).is_none();
    if !(deletes_it && told) {
        return;
    }
    // the delete says nothing but its verb and what points back
    let Some(m) = (s1.content..s1.end).find_map(|k| command_at(msg, k)) else { return };
    const BACK: &[&str] = &[
        "את",
        "התזכורת",
        "זה",
        "זאת",
        "אותו",
        "אותה",
        "it",
        "the",
        "that",
        "this",
        "reminder",
        "please",
        "בבקשה",
        "גמ",
        "too",
        "then",
        "so",
        "אז",
    ];
    let only_back = (m.end..s1.end).all(|k| !msg.toks[k].is_word() || BACK.contains(&msg.toks[k].text));
    let named =
        first.title.clone().or_else(|| crate::understand::slots::text_of(msg.text, msg.toks, s0.range(), &|_| true));
    let Some(title) = named.filter(|_| only_back) else { return };
    let mut step = Step::new(Resolver::Task, A::Delete, 0.7);
    step.title = Some(title);
    *steps = vec![step];
}

/// "did the exam board email me back about the remarks? if they did read it to me", "יש לי מייל
/// מ-Sequoia? אם יש תקרא לי אותו": a question about the inbox, then "if so, read it", is a
/// search and then a read of what it finds (the question's words are what both look for).
fn asked_then_read_if_so(text: &str, steps: &mut Vec<Step>) {
    use crate::understand::Action as A;
    // ("did the bank email me? if so read it": read as two already, "it" is what was looked for)
    if let [search, read] = steps.as_mut_slice()
        && (search.resolver, search.action, read.resolver, read.action)
            == (Resolver::Gmail, A::Search, Resolver::Gmail, A::Read)
        && read.query.as_deref().is_none_or(is_pronoun)
        && search.query.is_some()
    {
        read.query = search.query.clone();
        read.depends_on = vec![0];
        return;
    }
    let [step] = steps.as_slice() else { return };
    if step.resolver != Resolver::Gmail || !matches!(step.action, A::Read | A::Search) {
        return;
    }
    let Some((asked, rest)) = text.split_once('?') else { return };
    let rest = rest.trim().to_lowercase();
    const IF_SO: &[&str] = &[
        "if so",
        "if they did",
        "if he did",
        "if she did",
        "if it did",
        "if there is",
        "if there's",
        "if yes",
        "if it came",
        "if it's there",
        "אם יש",
        "אם כנ",
        "אם כן",
        "אם הגיע",
        "אם ענו",
        "אם ענה",
        "אם ענתה",
    ];
    const READ: &[&str] = &["read", "open", "show", "תקרא", "תקראי", "תקריא", "תפתח", "תפתחי", "תראה"];
    let if_so = IF_SO.iter().any(|w| rest.starts_with(w) || rest.contains(&format!(", {w}")));
    let reads = rest.split(|c: char| !c.is_alphanumeric() && c != '\'').any(|w| READ.contains(&w));
    if !(if_so && reads) {
        return;
    }
    // the question's own words, with "back to me" and the asking words left out ("me back" is
    // already out of every Gmail query: see `build::fill`)
    let mut query = step.query.clone().unwrap_or_default();
    if let Some(at) = query.find('?') {
        query.truncate(at);
    }
    let asked_lower = asked.to_lowercase();
    for said in [" back to me", " אליי"] {
        if asked_lower.contains(said.trim()) {
            query = query.replace(said, "");
        }
    }
    let query = query.trim().trim_end_matches([',', '.']).trim().to_string();
    if query.is_empty() {
        return;
    }
    let mut search = Step::new(Resolver::Gmail, A::Search, step.confidence.max(0.7));
    search.query = Some(query.clone());
    let mut read = Step::new(Resolver::Gmail, A::Read, step.confidence.max(0.7));
    read.query = Some(query);
    read.depends_on = vec![0];
    *steps = vec![search, read];
}

/// The things a title lists: "milk and the bread" is milk and bread, "חלב ולחם" חלב and לחם.
fn things_of(title: &str) -> Vec<String> {
    title
        .split(", ")
        .flat_map(|p| p.split(" and "))
        .flat_map(|p| {
            let words: Vec<&str> = p.split(' ').collect();
            // a Hebrew "and" glued to the next thing starts another one ("חלב ולחם")
            let mut parts: Vec<String> = vec![String::new()];
            for w in words {
                let starts_another =
                    w.starts_with('ו') && w.chars().count() > 2 && !parts.last().is_some_and(|s| s.is_empty());
                if starts_another {
                    parts.push(w.trim_start_matches('ו').to_string());
                } else {
                    let last = parts.last_mut().expect("one part");
                    if !last.is_empty() {
                        last.push(' ');
                    }
                    last.push_str(w);
                }
            }
            parts
        })
        .map(|t| t.trim().trim_start_matches("the ").trim_start_matches("את ").trim().to_string())
        .filter(|t| !t.is_empty())
        .collect()
}

/// "on erev Rosh Hashana remind me at noon … and cancel the reserve meeting that day", "ביום
/// כיפור אני לא עונה, תמחק את כל מה שיש ביומן באותו יום": a clearing, a cancelling or a look
/// "that day" is on the day said before it.
fn that_day(msg: &Msg<'_>, segs: &[Seg], steps: &mut [Step]) {
    use crate::understand::Action;
    let tz = msg.now.timezone();
    for (step, seg) in steps.iter_mut().zip(segs) {
        let looks = matches!(
            (step.resolver, step.action),
            (Resolver::Calendar, Action::Delete | Action::Find) | (Resolver::Task, Action::Delete | Action::List)
        );
        if !looks || step.window.is_some() {
            continue;
        }
        let Some(at) = (seg.start..seg.end).find(|&k| says_that_day(msg.toks, k)) else { continue };
        // (a time already taken from the step before it says the day)
        let day = step.when.take().map(|w| w.with_timezone(&tz).date_naive()).or_else(|| {
            msg.times.iter().rev().find_map(|(f, r)| match f {
                Found::Time(m) if r.end <= at && m.problem.is_none() => Some(m.value.with_timezone(&tz).date_naive()),
                _ => None,
            })
        });
        let Some(day) = day else { continue };
        let midnight = |d: chrono::NaiveDate| d.and_hms_opt(0, 0, 0).and_then(|t| t.and_local_timezone(tz).earliest());
        if let (Some(start), Some(end)) = (midnight(day), midnight(day + Duration::days(1))) {
            step.window = Some(crate::understand::Window { start: start.fixed_offset(), end: end.fixed_offset() });
            // (the words that said which day are no event's name)
            for t in [&mut step.title, &mut step.query] {
                *t = t.as_deref().and_then(|x| {
                    without_phrases(
                        x,
                        &[
                            "that same day",
                            "that day",
                            "the same day",
                            "same day",
                            "באותו היום",
                            "באותו יום",
                            "אותו יום",
                        ],
                    )
                });
            }
        }
    }
}

/// The time expression a step's `when` came from, found in its own words.
fn time_of<'m>(msg: &'m Msg<'_>, seg: &Seg, step: &Step) -> Option<&'m time::TimeMatch> {
    let when = step.when?;
    msg.times.iter().find_map(|(f, r)| match f {
        Found::Time(m) if r.start >= seg.start && r.end <= seg.end && (m.value == when || m.point == Some(when)) => {
            Some(m)
        }
        _ => None,
    })
}

/// "remind me tomorrow at 6pm to study, at 9pm to call mum", "תזכיר לי מחר בשמונה להתקשר לדן
/// ובארבע לאסוף את הילדים": a time of day said alone after a step whose time said its day is on
/// that day, and its hour reads the way an hour with a date does (7–11 morning, 12 noon, 1–6
/// afternoon). So is one said "that day" ("תזכור שהמשמרת ביום שני…, ותזכיר לי באותו יום ב-12")
/// or "instead" of a thing cancelled on a day ("תבטלי את הפגישה מחר ותקבעי במקום זה … בשעה 11").
fn day_said_before(msg: &Msg<'_>, segs: &[Seg], steps: &mut [Step]) {
    let tz = msg.now.timezone();
    for j in 1..steps.len().min(segs.len()) {
        let Some(own) = time_of(msg, &segs[j], &steps[j]).filter(|m| m.clock_only && m.recurrence.is_none()) else {
            continue;
        };
        let day = if let Some(at) = segs[j].range().find(|&k| says_that_day(msg.toks, k)) {
            // the last day said before these words, by whichever step
            day_said_before_token(msg, at).map(|m| m.value.with_timezone(&tz).date_naive())
        } else if says_instead(msg, &segs[j]) && steps[j - 1].action == crate::understand::Action::Delete {
            steps[j - 1].window.map(|w| w.start.with_timezone(&tz).date_naive())
        } else {
            // (the step before of the same kind: "I have the dentist on thursday at 10, remind me
            // at 8 to call them" may well mean today)
            (0..j).rev().find(|&i| steps[i].when.is_some()).and_then(|i| {
                let same = steps[i].resolver == steps[j].resolver && steps[i].action == steps[j].action;
                time_of(msg, &segs[i], &steps[i])
                    .filter(|b| same && !b.clock_only && b.recurrence.is_none())
                    .map(|b| b.value.with_timezone(&tz).date_naive())
            })
        };
        let Some(day) = day.filter(|d| *d > msg.now.date_naive()) else { continue };
        let time = read_with_a_date(own.value.with_timezone(&tz).time(), own.either_half);
        let Some(moved) = day.and_time(time).and_local_timezone(tz).earliest().filter(|m| *m > msg.now) else {
            continue;
        };
        steps[j].when = Some(moved.fixed_offset());
    }
}

/// The last time said before token `k` that names a day (not a time of day alone), by any step.
fn day_said_before_token<'m>(msg: &'m Msg<'_>, k: usize) -> Option<&'m time::TimeMatch> {
    msg.times.iter().rev().find_map(|(f, r)| match f {
        Found::Time(m) if r.end <= k && m.problem.is_none() && !m.clock_only => Some(m),
        _ => None,
    })
}

/// A time of day moved to another day: an hour said with nothing to say which half reads the
/// way an hour with a date does (7–11 morning, 12 noon, 1–6 afternoon).
fn read_with_a_date(t: chrono::NaiveTime, either_half: bool) -> chrono::NaiveTime {
    use chrono::Timelike;
    if !either_half {
        return t;
    }
    let h = t.hour() % 12;
    t.with_hour(time::dated_hour(if h == 0 { 12 } else { h })).unwrap_or(t)
}

/// "that day", "the same day", "that same day", "באותו יום", "אותו היום" start at token `k`.
fn says_that_day(toks: &[Token<'_>], k: usize) -> bool {
    let is = |d: usize, w: &str| toks.get(k + d).is_some_and(|t| t.text == w);
    (is(0, "that") && is(1, "day"))
        || (is(0, "same") && is(1, "day"))
        || (is(0, "that") && is(1, "same") && is(2, "day"))
        || (matches!(toks[k].text, "באותו" | "אותו") && matches!(toks.get(k + 1).map(|t| t.text), Some("יומ" | "היומ")))
}

/// `text` without each of `phrases` (in order), its spaces joined again; `None` when nothing is
/// left.
fn without_phrases(text: &str, phrases: &[&str]) -> Option<String> {
    let cut = phrases.iter().fold(text.to_string(), |acc, w| acc.replace(w, ""));
    let cut = cut.split_whitespace().collect::<Vec<_>>().join(" ");
    (!cut.is_empty()).then_some(cut)
}

/// "instead", "במקום זה", "במקומה": what the words of `seg` do takes the place of another.
fn says_instead(msg: &Msg<'_>, seg: &Seg) -> bool {
    seg.range().any(|k| matches!(msg.toks[k].text, "instead" | "במקומ" | "במקומה" | "במקומו"))
}

/// "what time is my flight on tuesday and remind me the day before at 6", "open house is on
/// the 20th. remind me the evening before at 7": an anchor of days with a time of day of the
/// step's own is on the day counted from the last day said before it (an earlier step's, or one
/// told in words that made no step).
fn on_the_anchored_day(msg: &Msg<'_>, segs: &[Seg], steps: &mut [Step], j: usize) {
    let seg = segs[j];
    // (where the anchor is said: a day told before it counts, even in the step's own words)
    if let Some((secs, said_at)) = anchors_at(msg, &seg).next().filter(|(s, _)| s % 86_400 == 0)
        && let Some(own) = steps[j].when
        && let Some((i, base, told)) = (0..j)
            .rev()
            .find_map(|i| steps[i].when.or(steps[i].window.map(|w| w.start)).map(|b| (Some(i), b, None)))
            // "open house is on the 20th. remind me the evening before at 7": a day told in
            // words that made no step of their own
            .or_else(|| day_said_before_token(msg, said_at).map(|m| (None, m.value, Some(m))))
    {
        let told_day = told.map(|m| m.span.clone());
        // "what time is my flight on tuesday and remind me the day before at 6": the day
        // comes from the earlier step, the time of day from this one
        let tz = msg.now.timezone();
        let day = base.with_timezone(&tz).date_naive() + Duration::days(secs / 86_400);
        // ("move Shira to the day after at 10": an hour said with a day reads as one does)
        let own_time = time_of(msg, &seg, &steps[j]);
        let either_half = own_time.is_some_and(|m| m.either_half);
        let mut time = read_with_a_date(own.with_timezone(&tz).time(), either_half);
        // ("the viewing is saturday at 12 - remind me the evening before": the hour said before
        // the anchor is the thing's, not the reminder's; the reminder has none of its own)
        let hour_is_the_things = own_time.is_some_and(|m| Some(&m.span) == told_day.as_ref());
        if hour_is_the_things {
            time = chrono::NaiveTime::from_hms_opt(9, 0, 0).unwrap_or(time);
        }
        // "that morning at 9", "the next morning at 8": the morning's hour
        let lower_seg = msg.text.get(msg.toks[seg.start].start..msg.toks[seg.end - 1].end).unwrap_or("").to_lowercase();
        if ["that morning", "next morning", "morning before", "morning after", "באותו בוקר"]
            .iter()
            .any(|w| lower_seg.contains(w))
            && chrono::Timelike::hour(&time) >= 12
        {
            time -= Duration::hours(12);
        }
        // "the night before at 9" is 21:00
        let lower = msg.text.to_lowercase();
        if [
            "night before",
            "evening before",
            "ערב לפני",
            "בערב שלפני",
            "בלילה שלפני",
            "בלילה לפני",
            "that evening",
            "that night",
            "באותו ערב",
        ]
        .iter()
        .any(|w| lower.contains(w))
            && chrono::Timelike::hour(&time) < 12
        {
            // (with no hour of its own, the evening's: 18:00)
            time = if hour_is_the_things {
                chrono::NaiveTime::from_hms_opt(18, 0, 0).unwrap_or(time)
            } else {
                time + Duration::hours(12)
            };
        }
        let moved = day.and_time(time).and_local_timezone(tz).earliest();
        steps[j].when = moved.map(|m| m.fixed_offset()).or(steps[j].when);
        if let Some(i) = i {
            steps[j].depends_on.push(i);
        }
    }
}

/// The anchors ("an hour before", "the day before") said in a step's words, in signed seconds.
fn anchors_in<'m>(msg: &'m Msg<'_>, seg: &'m Seg) -> impl Iterator<Item = i64> + 'm {
    anchors_at(msg, seg).map(|(s, _)| s)
}

/// [`anchors_in`], each with the token it starts at.
fn anchors_at<'m>(msg: &'m Msg<'_>, seg: &'m Seg) -> impl Iterator<Item = (i64, usize)> + 'm {
    msg.times.iter().filter_map(|(f, r)| match f {
        Found::Anchor(s, _) if r.start >= seg.start && r.end <= seg.end => Some((*s, r.start)),
        _ => None,
    })
}

/// Cross-step references: anchors ("an hour before") and pronouns ("buy it").
fn link(msg: &Msg<'_>, segs: &[Seg], steps: &mut [Step]) {
    // "remind me an hour before the meeting at 5", "the flight is sunday at 10:40, remind me
    // three hours before": an anchor of hours or minutes and the time it is before, in one
    // reminder, make its time
    for (step, seg) in steps.iter_mut().zip(segs) {
        if let Some(secs) = anchors_in(msg, seg).find(|s| s % 86_400 != 0)
            && step.resolver == Resolver::Task
            && step.action == crate::understand::Action::Create
            && let Some(at) = step.when
            && time_of(msg, seg, step).is_some_and(|m| m.grain < time::Grain::Day && m.recurrence.is_none())
        {
            step.when = Some(at + Duration::seconds(secs));
        }
    }
    if !steps.is_empty() && !segs.is_empty() {
        on_the_anchored_day(msg, segs, steps, 0);
    }
    for j in 1..steps.len().min(segs.len()) {
        let seg = segs[j];
        let anchor = anchors_in(msg, &seg).next();
        // (the earlier step's time, or the start of the day it asked about: "what's on tuesday?
        // and remind me the evening before")
        let base = |s: &Step| s.when.or(s.window.filter(|_| anchor.is_some_and(|a| a % 86_400 == 0)).map(|w| w.start));
        if let Some(secs) = anchor
            && steps[j].when.is_none()
            && let Some(i) = (0..j).rev().find(|&i| base(&steps[i]).is_some())
        {
            steps[j].when = base(&steps[i]).map(|w| w + Duration::seconds(secs));
            // "…and remind me the day before to buy donuts": a day before, with no hour of its
            // own, is a reminder on that day (at 09:00, as any reminder for a day); "the night
            // before" is no such day
            let evening = seg
                .range()
                .any(|k| matches!(msg.toks[k].text, "night" | "evening" | "ערב" | "בערב" | "בלילה" | "לילה"));
            // ("the evening before", "בערב שלפני", with no hour: that day's evening, 18:00 as
            // any evening said without an hour)
            if secs % 86_400 == 0
                && evening
                && steps[j].resolver == Resolver::Task
                && let Some(w) = steps[j].when
                && let Some((day, _)) = time::day_around(w, msg.now.timezone())
            {
                steps[j].when = Some(day + Duration::hours(18));
            }
            if secs % 86_400 == 0
                && !evening
                && steps[j].resolver == Resolver::Task
                && steps[j].action == crate::understand::Action::Create
                && let Some(w) = steps[j].when
                && let Some((day, _)) = time::day_around(w, msg.now.timezone())
            {
                steps[j].when = Some(time::reminder_on_a_day(day, msg.now));
            }
            steps[j].depends_on.push(i);
            if steps[j].title.is_none() {
                steps[j].title = steps[i].title.clone();
            }
        } else {
            on_the_anchored_day(msg, segs, steps, j);
        }
        // "take eggs off the shopping list and add yogurt instead": a list step that names no
        // list, right after one that does, is on that list
        // (not from a removal that named no items: its "list" may be the item, "cross off the
        // tent and add bug spray")
        if adds_or_removes_items(&steps[j])
            && steps[j - 1].resolver == Resolver::List
            && steps[j].list.is_none()
            && !steps[j].items.is_empty()
            && steps[j - 1].list.is_some()
            && !(steps[j - 1].action == crate::understand::Action::Remove && steps[j - 1].items.is_empty())
        {
            steps[j].list = steps[j - 1].list.clone();
        }
        // "מה כתוב ברשימת קניות? תמחק משם עגבניות ומלפפונים", "show the shopping list and
        // delete the eggs from there": a delete "from there" after a list step is off that list
        if let Some(rest) = steps[j].title.as_deref().and_then(|t| {
            ["משם ", "ממנה ", "from there ", "from it "].iter().find_map(|p| t.strip_prefix(p)).map(str::to_string)
        }) && steps[j].resolver == Resolver::Task
            && matches!(steps[j].action, crate::understand::Action::Delete | crate::understand::Action::Complete)
            && let Some(list) =
                steps[..j].iter().rev().find(|s| s.resolver == Resolver::List).and_then(|s| s.list.clone())
        {
            let rest = rest.trim_start_matches("את ");
            steps[j].resolver = Resolver::List;
            steps[j].action = crate::understand::Action::Remove;
            steps[j].items = things_of(rest);
            steps[j].list = Some(list);
            steps[j].title = None;
        }
        // "show me the camping list and remove the tent from it": "it" is that list
        let back_ref = (seg.content..seg.end)
            .any(|k| PRONOUNS.contains(&msg.toks[k].text) || matches!(msg.toks[k].text, "ממנה" | "ממנו"));
        if back_ref
            && steps[j].resolver == Resolver::List
            && steps[j - 1].resolver == Resolver::List
            && steps[j - 1].list.is_some()
        {
            let i = j - 1;
            let points = |s: &str| {
                let first = s.split_whitespace().next().unwrap_or("");
                PRONOUNS.contains(&first) || matches!(first, "ממנה" | "ממנו" | "ממנה," | "לה" | "אליה")
            };
            if steps[j].list.as_deref().is_none_or(points) {
                steps[j].list = steps[i].list.clone();
            }
            for it in steps[j].items.iter_mut() {
                if let Some(rest) = it.strip_prefix("ממנה ").or_else(|| it.strip_prefix("ממנו ")) {
                    *it = rest.trim_start_matches("את ").to_string();
                }
            }
        }
        let pronoun = (seg.content..seg.end).find(|&k| PRONOUNS.contains(&msg.toks[k].text));
        if let Some(k) = pronoun {
            let i = j - 1;
            if !steps[j].depends_on.contains(&i) {
                steps[j].depends_on.push(i);
            }
            let referent =
                if steps[i].items.is_empty() { steps[i].title.clone() } else { Some(steps[i].items.join(", ")) };
            // "take matzah off the shopping list and put it on the pesach list"
            let plural = matches!(msg.toks[k].text, "them" | "אותמ" | "אותנ");
            let earlier = if steps[i].items.is_empty() {
                match (plural, steps[i].title.as_deref()) {
                    // "bought the milk and the bread, take them off": "them" is each thing
                    (true, Some(t)) => things_of(t),
                    _ => steps[i].title.iter().cloned().collect(),
                }
            } else {
                steps[i].items.clone()
            };
            // "bought the turkey so take it off": the word that ran the report into the command
            // is no part of the thing
            let earlier: Vec<String> = earlier
                .into_iter()
                .map(|t| {
                    let mut w: Vec<&str> = t.split_whitespace().collect();
                    while w.len() > 1 && w.last().is_some_and(|l| matches!(*l, "so" | "then" | "and" | "אז" | "ואז"))
                    {
                        w.pop();
                    }
                    w.join(" ")
                })
                .collect();
            // the pronoun may be in the command's own words ("take it off") and leave no item
            let no_items = adds_or_removes_items(&steps[j]) && steps[j].items.is_empty();
            if !earlier.is_empty() && (no_items || steps[j].items.iter().any(|it| is_pronoun(it))) {
                steps[j].items.retain(|it| !is_pronoun(it));
                steps[j].items.extend(earlier);
            }
            if let (Some(r), Some(title)) = (referent, steps[j].title.clone()) {
                let word = msg.text.get(msg.toks[k].start..msg.toks[k].end).unwrap_or("");
                if !word.is_empty() && msg.toks[k].kind != Kind::Punct {
                    steps[j].title = Some(title.replacen(word, &r, 1));
                }
            }
        }
    }
}

/// A question about the world (weather, news, facts) rather than about the user's things: the
/// general resolver answers it with what Ozer can do instead.
pub fn asks_outside(text: &str) -> bool {
    on_words_alone(text, shape::asks_outside)
}

/// "this move is brutal", "hi, just got home from surgery, need help keeping track": what a
/// message that asks for nothing tells (general.rs answers in kind).
pub fn talk_of(text: &str) -> Option<Talk> {
    on_words_alone(text, shape::talk)
}

/// Runs a shape check on the whole of `text`, read as words only (no patterns, no times).
fn on_words_alone<T>(text: &str, check: impl Fn(&Msg<'_>, Seg) -> T) -> T {
    let norm = Normalized::new(text);
    let toks = norm.tokens();
    let msg = Msg {
        text,
        toks: &toks,
        pats: &[],
        times: &[],
        now: chrono::DateTime::UNIX_EPOCH.with_timezone(&chrono_tz::UTC),
    };
    check(&msg, Seg { start: 0, content: 0, end: toks.len() })
}
