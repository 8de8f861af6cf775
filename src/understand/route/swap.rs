//! One thing on a list in place of another: "במקום קוטג' 5% תשים ברשימת הקניות קוטג' 3%",
//! "add oat milk to the shopping list instead of whole milk", "replace the whole milk with oat
//! milk on the shopping list", "ברשימת הקניות תחליף את החלב 3% בחלב 1%". The old thing comes off
//! the list and the new one goes on it: two steps, the removal first.

use super::{Msg, Seg, insert_step};
use crate::understand::normalize::Kind;
use crate::understand::{Action, Resolver, Step};

/// Where the old thing begins after "instead of" / "במקום" in the step.
fn instead_at(msg: &Msg<'_>, seg: &Seg) -> Option<usize> {
    seg.range().find_map(|k| match msg.toks[k].text {
        "instead" if msg.toks.get(k + 1).is_some_and(|t| t.text == "of") => Some(k + 2),
        "במקומ" => Some(k + 1),
        _ => None,
    })
}

/// "the shopping list", "ברשימת הקניות", "on my list": where the words naming the list begin
/// at or after `k`.
fn list_phrase_at(msg: &Msg<'_>, k: usize) -> bool {
    let t = &msg.toks[k];
    let list_word =
        |i: usize| msg.toks.get(i).is_some_and(|t| t.text == "list" || (t.kind == Kind::He && t.text.contains("רשימ")));
    list_word(k) || (matches!(t.text, "on" | "to" | "onto" | "in" | "from") && (k + 1..k + 5).any(list_word))
}

/// Where the thing starting at `a` ends: at a comma, a command, the words naming the list,
/// "instead of", or the step's end.
fn thing_end(msg: &Msg<'_>, seg: &Seg, a: usize, stop_at: &dyn Fn(usize) -> bool) -> usize {
    (a..seg.end)
        .find(|&k| {
            k > a
                && (matches!(msg.toks[k].text, "," | "." | ";" | "!" | "?")
                    || msg.pats.iter().any(|m| m.start == k && super::commands(m))
                    || list_phrase_at(msg, k)
                    || matches!(msg.toks[k].text, "instead" | "במקומ")
                    || stop_at(k))
        })
        .unwrap_or(seg.end)
}

/// The user's words from token `a` to `b`, without a leading "the", "my" or "את" or a trailing
/// "and".
fn words(msg: &Msg<'_>, a: usize, b: usize) -> Option<String> {
    let (mut a, mut b) = (a, b);
    while a < b && matches!(msg.toks[a].text, "the" | "my" | "את") {
        a += 1;
    }
    // ("… for Body Glide and add …": the "and" before the next command)
    while b > a && matches!(msg.toks[b - 1].text, "and" | "then" | "also" | "&" | "וגמ") {
        b -= 1;
    }
    let s = msg.text.get(msg.toks.get(a)?.start..msg.toks.get(b.checked_sub(1)?)?.end)?.trim();
    (!s.is_empty() && a < b).then(|| s.to_string())
}

/// The old thing and the new one of a swap said with a verb: "replace X with Y", "swap X for
/// Y", "switch X to Y", "תחליף את X ב-Y" / "תחליף X ל-Y".
fn swapped_by_verb(msg: &Msg<'_>, seg: &Seg) -> Option<(String, String)> {
    let v = seg.range().find(|&k| {
        matches!(msg.toks[k].text, "replace" | "swap" | "switch" | "תחליפ" | "תחליפי" | "להחליפ" | "החליפ" | "החליפי")
    })?;
    let a = v + 1 + usize::from(msg.toks.get(v + 1).is_some_and(|t| matches!(t.text, "את" | "the" | "my")));
    let he = msg.toks[v].kind == Kind::He;
    // the word that starts the new thing: "with"/"for"/"to", or a Hebrew word glued to ב or ל
    // (or the bare letter before a dash: "ב-")
    let sep = (a + 1..seg.end).find(|&k| {
        let t = &msg.toks[k];
        if he {
            t.kind == Kind::He && (t.text.starts_with('ב') || t.text.starts_with('ל')) && !t.text.contains("רשימ")
        } else {
            matches!(t.text, "with" | "for" | "to") && !list_phrase_at(msg, k)
        }
    })?;
    let old_end = thing_end(msg, seg, a, &|k| k == sep);
    if old_end != sep {
        return None;
    }
    let old = words(msg, a, sep)?;
    let new = if he {
        let t = &msg.toks[sep];
        let end = thing_end(msg, seg, sep, &|_| false);
        let glued = msg.text.get(t.start..t.end)?;
        let rest = glued.get(glued.chars().next()?.len_utf8()..)?.trim_start_matches('-');
        let tail = words(msg, sep + 1, end).unwrap_or_default();
        let mut w = rest.to_string();
        if !tail.is_empty() {
            if !w.is_empty() && !tail.starts_with('%') {
                w.push(' ');
            }
            w.push_str(&tail);
        }
        w.trim().to_string()
    } else {
        let end = thing_end(msg, seg, sep + 1, &|_| false);
        words(msg, sep + 1, end)?
    };
    (!new.is_empty()).then_some((old, new))
}

/// The two steps of a swap on `list`: the old thing off it, then the new things on it.
fn off_and_on(list: Option<String>, old: String, new: Vec<String>, confidence: f32) -> (Step, Step) {
    let mut off = Step::new(Resolver::List, Action::Remove, confidence);
    off.list = list.clone();
    off.items = vec![old];
    let mut on = Step::new(Resolver::List, Action::Add, confidence);
    on.list = list;
    on.items = new;
    (off, on)
}

/// Makes a list step that swaps one thing for another two steps: the old thing off the list,
/// then the new one on it.
pub(super) fn swaps_an_item(msg: &Msg<'_>, segs: &[Seg], steps: &mut Vec<Step>) {
    for j in (0..steps.len().min(segs.len())).rev() {
        let s = &steps[j];
        let seg = &segs[j];
        // "swap the Vaseline for Body Glide", said with no list: the list is the one in hand
        // (the user's only list, or the one just touched), and the rules read it as chat
        let chat = s.resolver == Resolver::General && s.action == Action::Chat;
        // ("swap the Vaseline for Body Glide and add a spare hair tie": the swap opens an add)
        let opens_an_add = s.resolver == Resolver::List && s.action == Action::Add && s.list.is_none();
        if opens_an_add && let Some((old, new)) = swapped_by_verb(msg, seg).filter(|(_, n)| !s.items.contains(n)) {
            let (off, on) = off_and_on(None, old, vec![new], crate::understand::UNSURE);
            insert_step(steps, j, on);
            insert_step(steps, j, off);
            continue;
        }
        // ("nah no energy drinks my mom would kill me. put green tea instead": the thing
        // refused before an add said "instead" is the old one)
        if s.resolver == Resolver::List
            && s.action == Action::Add
            && !s.items.is_empty()
            && says_instead_alone(msg, seg)
            && let Some(old) = refused_before(msg, seg).filter(|o| !s.items.contains(o))
        {
            let s = &steps[j];
            let (mut off, on) = off_and_on(s.list.clone(), old, s.items.clone(), s.confidence.max(0.8));
            off.depends_on = s.depends_on.clone();
            steps[j] = off;
            insert_step(steps, j + 1, on);
            continue;
        }
        // ("add oat milk instead of whole milk": no list named, the one in hand)
        let instead_unnamed = s.list.is_none() && s.action == Action::Add && instead_at(msg, seg).is_some();
        if !chat && (s.resolver != Resolver::List || (s.list.is_none() && !instead_unnamed)) {
            continue;
        }
        let swap = if chat {
            swapped_by_verb(msg, seg).map(|(o, n)| (o, vec![n]))
        } else if s.action == Action::Add
            && let Some(a) = instead_at(msg, seg)
        {
            let old = words(msg, a, thing_end(msg, seg, a, &|_| false));
            let new: Vec<String> = s
                .items
                .iter()
                .filter_map(|it| {
                    let cut = ["instead of", "במקום"].iter().filter_map(|w| it.find(w)).min().unwrap_or(it.len());
                    let kept = it[..cut].trim().trim_end_matches(',').trim();
                    (!kept.is_empty()).then(|| kept.to_string())
                })
                .collect();
            // ("תמחק את החלב ותוסיף במקום חלב סויה": "in its place", after the removal, names
            // no old thing; the words after it are the new one)
            let after_removal =
                j > 0 && steps[j - 1].resolver == Resolver::List && steps[j - 1].action == Action::Remove;
            old.filter(|o| !new.is_empty() && !after_removal && !new.contains(o)).map(|o| (o, new))
        } else if matches!(s.action, Action::Add | Action::Show | Action::Remove) {
            swapped_by_verb(msg, seg).map(|(o, n)| (o, vec![n]))
        } else {
            None
        };
        let Some((old, new)) = swap else { continue };
        let s = &steps[j];
        let confidence = if chat { crate::understand::UNSURE } else { s.confidence.max(0.8) };
        let (mut off, on) = off_and_on(s.list.clone(), old, new, confidence);
        off.depends_on = s.depends_on.clone();
        steps[j] = off;
        insert_step(steps, j + 1, on);
    }
}

/// The step says "instead"/"במקום" with no "of" and no thing after it: in place of something
/// said before.
fn says_instead_alone(msg: &Msg<'_>, seg: &Seg) -> bool {
    seg.range().any(|k| {
        matches!(msg.toks[k].text, "instead" | "במקומ")
            && (k + 1..seg.end).all(|j| !msg.toks[j].is_word() || matches!(msg.toks[j].text, "please" | "בבקשה"))
    })
}

/// "no energy drinks my mom would kill me.", "לא במבה, …": the thing refused with "no"/"לא"
/// before the step, up to a stop, a subject that starts the reason, or a command.
fn refused_before(msg: &Msg<'_>, seg: &Seg) -> Option<String> {
    const NOT_A_THING: &[&str] =
        &["wait", "problem", "worries", "thanks", "thank", "way", "idea", "rush", "רגע", "תודה", "נורא"];
    const REASON: &[&str] = &[
        "my", "i", "i'm", "we", "they", "he", "she", "our", "his", "her", "it's", "that's", "cuz", "because", "since",
        "כי", "אמא", "אבא", "הוא", "היא", "הם",
    ];
    // (before the step's command, in the step's own words or before them)
    let cmd = (seg.start..seg.end)
        .find(|&k| msg.pats.iter().any(|m| m.start == k && m.weight >= 0.4 && super::commands(m)))
        .unwrap_or(seg.start);
    let k = (0..cmd).find(|&k| matches!(msg.toks[k].text, "no" | "לא"))?;
    let mut a = k + 1;
    if msg.toks.get(a).is_some_and(|t| t.text == "need") && msg.toks.get(a + 1).is_some_and(|t| t.text == "for") {
        a += 2;
    }
    if msg.toks.get(a).is_none_or(|t| !t.is_word() || NOT_A_THING.contains(&t.text)) {
        return None;
    }
    let end = (a..cmd)
        .find(|&j| {
            let t = &msg.toks[j];
            !t.is_word() || REASON.contains(&t.text) || msg.pats.iter().any(|m| m.start == j && super::commands(m))
        })
        .unwrap_or(cmd);
    let n = (a..end).filter(|&j| msg.toks[j].is_word()).count();
    if !(1..=4).contains(&n) {
        return None;
    }
    words(msg, a, end)
}
