//! Clock times: "8", "8:30", "20:00", "15h30", "8pm", "330 p.m.", "שמונה וחצי", "רבע לעשר",
//! "עשרים אחרי שלוש", "quarter past 3", "ten thirty am".
//!
//! A bare number is only a clock when something marks it: a Hebrew ב/ל prefix, "at"/"@"/"בשעה"
//! before it, a colon, am/pm, o'clock or a fraction. Otherwise "buy 2 milks" would get a time.
//! Out-of-range values ("25:00", "8:75") become `Comp::Impossible`, never a guessed time.

use super::grammar::{Clock, Comp, Cx};
use super::lexicon::{Lex, Part, Unit};
use crate::understand::normalize::Kind;

pub fn clock_at(cx: &Cx<'_>, i: usize) -> Option<(Comp, usize)> {
    relative_clock(cx, i).or_else(|| digit_clock(cx, i)).or_else(|| word_clock(cx, i))
}

fn marked_before(cx: &Cx<'_>, i: usize) -> bool {
    if i == 0 {
        return false;
    }
    let p = i - 1;
    matches!(cx.text(p), "at" | "@" | "around" | "about" | "approximately" | "by" | "until" | "till")
        || (cx.is_he(p) && matches!(cx.lex(p), Some(Lex::Filler)))
        || (cx.lex(p) == Some(Lex::Unit(Unit::Hour, 1)) && cx.pre(p) == "ב")
}

fn clock(h: u32, m: u32, marked: bool) -> Clock {
    Clock { h, m, s: None, pm: None, h24: h == 0 || h > 12, marked, minutes_given: m != 0, zone: None }
}

/// am/pm after a number: "pm", "p", "p.m.", "p m"; also skips a glued "ish".
fn ampm(cx: &Cx<'_>, j: usize) -> Option<(bool, usize)> {
    let j = if cx.is(j, "ish") && cx.glued(j) { j + 1 } else { j };
    let pm = match cx.text(j) {
        "am" | "a" => false,
        "pm" | "p" => true,
        _ => return None,
    };
    let short = cx.text(j).len() == 1;
    if short && cx.is(j + 1, ".") && cx.is(j + 2, "m") {
        let k = if cx.is(j + 3, ".") { j + 4 } else { j + 3 };
        return Some((pm, k));
    }
    if short && cx.is(j + 1, "m") {
        return Some((pm, j + 2));
    }
    if short && !cx.glued(j) {
        return None;
    }
    let k = if cx.is(j + 1, ".") && short { j + 2 } else { j + 1 };
    Some((pm, k))
}

/// Minutes east of UTC for the zone abbreviations people type after a time. IST is read as
/// Israel Standard Time: Ozer's users are Israeli.
fn zone(text: &str) -> Option<i32> {
    Some(match text {
        "gmt" | "utc" | "z" => 0,
        "cet" | "bst" => 60,
        "cest" | "eet" => 120,
        "ist" => 120,
        "idt" | "eest" => 180,
        "est" | "cdt" => -300,
        "edt" => -240,
        "cst" => -360,
        "mst" => -420,
        "mdt" => -360,
        "pst" => -480,
        "pdt" => -420,
        _ => return None,
    })
}

/// Applies trailing am/pm, o'clock, "in the am/pm" and a zone abbreviation to a clock.
/// A one-letter "a"/"p" only counts after minutes or "at" ("3:18a", "at 3p"), not on a bare
/// number ("4a" is more likely a seat than 4am).
fn suffix(cx: &Cx<'_>, mut c: Clock, mut j: usize) -> (Comp, usize) {
    if cx.lex(j) == Some(Lex::Oclock) {
        c.marked = true;
        j += 1;
    }
    let in_the = cx.is(j, "in") && cx.is(j + 1, "the") && matches!(cx.text(j + 2), "am" | "pm");
    let k0 = if in_the { j + 2 } else { j };
    if let Some((pm, k)) = ampm(cx, k0) {
        let one_letter = matches!(cx.text(k0), "a" | "p") && k == k0 + 1;
        if !(one_letter && !c.minutes_given && !c.marked) && c.h <= 12 {
            c.pm = Some(pm);
            c.marked = true;
            c.h24 = false;
            j = k;
        } else if c.h > 12 {
            j = k;
        }
    }
    if cx.lex(j) == Some(Lex::Oclock) {
        c.marked = true;
        j += 1;
    }
    let (open, z) = if cx.is(j, "(") { (1, j + 1) } else { (0, j) };
    if let Some(off) = zone(cx.text(z)) {
        c.zone = Some(off);
        c.marked = true;
        j = z + 1 + usize::from(open == 1 && cx.is(z + 1, ")"));
    }
    (Comp::Clock(c), j)
}

fn clock_only(cx: &Cx<'_>, i: usize) -> Option<(Clock, usize)> {
    match digit_clock(cx, i).or_else(|| word_clock(cx, i))? {
        (Comp::Clock(c), j) => Some((c, j)),
        _ => None,
    }
}

/// A glued one-letter "a"/"p" after a clock in a range ("from 9a to 11a"): alone, "9a" is too
/// weak to be a time, but inside a range it can only be am/pm.
fn one_letter(cx: &Cx<'_>, mut c: Clock, j: usize) -> (Clock, usize) {
    let pm = match cx.text(j) {
        "a" => false,
        "p" => true,
        _ => return (c, j),
    };
    if c.pm.is_some() || c.h24 || !cx.glued(j) || c.h > 12 {
        return (c, j);
    }
    c.pm = Some(pm);
    c.marked = true;
    (c, j + 1)
}

/// "9:30 - 11:00", "from 3 to 4pm", "between 3:30pm and 6 pm", "8am until 6", "later than
/// 9:30 but before 11:00".
pub fn clock_range_at(cx: &Cx<'_>, i: usize) -> Option<(Comp, usize)> {
    // "בין 9 ל-11", "בין תשע לאחת עשרה": the second hour is glued to its ל
    let he_between = cx.is(i, "בינ");
    let between = cx.is(i, "between") || he_between;
    let later = (cx.is(i, "later") && cx.is(i + 1, "than")) || cx.is(i, "after");
    let k = match cx.text(i) {
        _ if between => i + 1,
        "from" | "מ" | "משעה" => i + 1,
        "later" if later => i + 2,
        "after" => i + 1,
        _ => i,
    };
    let (a, j) = clock_only(cx, k)?;
    let (a, j) = one_letter(cx, a, j);
    // "מתשע עד שתים עשרה": "from" glued to the first hour
    let from_glued = k == i && cx.is_he(i) && cx.pre(i).ends_with('מ');
    // "friday 9-11", "tomorrow 10 till 2": right after a day, two hours joined are a span
    let after_day = cx.after_a_day(i);
    if he_between && cx.pre(j).ends_with('ל') {
        let (b, e) = clock_only(cx, j)?;
        let mut a = a;
        a.marked = true;
        return Some((Comp::ClockRange(a, b), e));
    }
    let (conn, j) = match cx.text(j) {
        "but" if later && cx.is(j + 1, "before") => (true, j + 1),
        _ if later => (false, j),
        "-" | "to" | "till" | "til" | "until" | "untill" | "through" | "thru" | "עד" => (true, j),
        "and" => (between, j),
        _ => (false, j),
    };
    if !conn {
        return None;
    }
    let (b, e) = clock_only(cx, j + 1)?;
    let (b, e) = one_letter(cx, b, e);
    // "block 2 to 4 tomorrow", "2 to 4 on friday": a day right after the two hours joins them too
    let before_day = cx.is_a_day(e) || (cx.is(e, "on") && cx.is_a_day(e + 1));
    if !(a.marked || b.marked || k > i || from_glued || after_day || before_day) {
        return None;
    }
    let mut a = a;
    a.marked = true;
    if a.zone.is_none() {
        a.zone = b.zone;
    }
    Some((Comp::ClockRange(a, b), e))
}

/// Hebrew "וחצי", "ורבע", "ועשרים (דקות)" after an hour.
fn he_minutes(cx: &Cx<'_>, j: usize) -> Option<(u32, usize)> {
    if !cx.is_he(j) || cx.pre(j) != "ו" {
        return None;
    }
    let (m, k) = match cx.lex(j)? {
        Lex::Half => (30, j + 1),
        Lex::Quarter => (15, j + 1),
        Lex::Num(_) => {
            let (m, _, k) = cx.word_num(j)?;
            (m, k)
        }
        _ => return None,
    };
    let k = if cx.lex(k) == Some(Lex::Unit(Unit::Minute, 1)) { k + 1 } else { k };
    (m < 60).then_some((m, k))
}

/// "עקצו אותי היום שבע פעמים", "7 times", "50 people": a number right before what it counts
/// is a count, not an hour.
fn counts_a_thing(cx: &Cx<'_>, j: usize) -> bool {
    matches!(
        cx.text(j),
        "פעמימ"
            | "פעם"
            | "times"
            | "people"
            | "guests"
            | "kids"
            | "אנשימ"
            | "איש"
            | "ילדימ"
            | "אורחימ"
            | "מעלות"
            | "degrees"
            | "שקל"
            | "שקלימ"
            | "dollars"
            | "bucks"
            | "euros"
            | "pounds"
            | "percent"
            | "אחוז"
            | "אחוזימ"
    )
}

/// Words that make the number next to them a house number: "ברחוב הרצל 14", "14 Elm St",
/// "221 baker street".
const STREET_BEFORE: &[&str] = &["רחוב", "ברחוב", "לרחוב", "מרחוב", "שדרות", "בשדרות", "לשדרות", "רח"];
const STREET_AFTER: &[&str] =
    &["st", "street", "ave", "avenue", "rd", "road", "blvd", "boulevard", "lane", "ln", "dr", "drive", "way"];

/// The number at token `i` (ending before `j`) is part of an address, not an hour.
fn house_number(cx: &Cx<'_>, i: usize, j: usize) -> bool {
    let street_before = (i.saturating_sub(3)..i).any(|k| STREET_BEFORE.contains(&cx.text(k)));
    // (the street's name, one or two words, stands between the number and the word)
    let street_after = (j + 1..j + 3).any(|k| STREET_AFTER.contains(&cx.text(k).to_lowercase().as_str()))
        && cx.kind(j) == Some(Kind::Latin)
        && !matches!(
            cx.text(j),
            "on" | "in" | "at" | "to" | "for" | "with" | "by" | "near" | "off" | "and" | "pm" | "am"
        );
    street_before || street_after
}

fn digit_clock(cx: &Cx<'_>, i: usize) -> Option<(Comp, usize)> {
    let (h, p, j) = cx.digits(i)?;
    if p.is_empty() && !cx.is(j, ":") && house_number(cx, i, j) {
        return None;
    }
    if p.is_empty() && counts_a_thing(cx, j) {
        return None;
    }
    let htext = cx.text(j - 1);
    // "the 1:1 with Ngozi", "a 3:2 ratio": numbers around a colon with no two-digit minutes are
    // no clock (nor is the number after such a colon)
    let ratio_at = |a: usize| {
        cx.is(a, ":") && cx.glued(a) && cx.glued(a + 1) && cx.num(a + 1).is_some() && cx.text(a + 1).len() != 2
    };
    if ratio_at(j) || (i >= 2 && cx.num(i - 2).is_some() && ratio_at(i - 1)) {
        return None;
    }
    // ("TP/3381/09": a number glued on by a slash is a part of a code)
    if i >= 2 && cx.is(i - 1, "/") && cx.glued(i - 1) && cx.glued(i) {
        return None;
    }
    // "R-410A", "F-16": a number hyphened onto a few letters is a code
    if i >= 2
        && cx.is(i - 1, "-")
        && cx.glued(i - 1)
        && cx.glued(i)
        && cx.kind(i - 2) == Some(Kind::Latin)
        && cx.text(i - 2).chars().count() <= 3
        // (not the end of a range after a time word: "1pm-2pm")
        && cx.lex(i - 2).is_none()
    {
        return None;
    }
    let mut marked = p.contains('ב') || p.contains('ל') || marked_before(cx, i);
    if (cx.is(j, ":") || cx.is(j, "."))
        && cx.glued(j)
        && cx.glued(j + 1)
        && let Some(m) = cx.num(j + 1).filter(|_| cx.text(j + 1).len() == 2)
    {
        let mut k = j + 2;
        let mut s = None;
        if cx.is(k, ":") && cx.glued(k + 1) && cx.text(k + 1).len() == 2 {
            s = cx.num(k + 1);
            k += 2;
        }
        if h > 24 || m > 59 || s.is_some_and(|s| s > 59) || htext.len() > 2 {
            return Some((Comp::Impossible, k));
        }
        if cx.is(j, ".") && !marked && ampm(cx, k).is_none() {
            return None;
        }
        let mut c = clock(h, m, true);
        c.s = s;
        c.minutes_given = true;
        c.h24 = c.h24 || htext.starts_with('0');
        return Some(suffix(cx, c, k));
    }
    if cx.is(j, "h") && cx.glued(j) && h <= 24 {
        let mut c = clock(h, 0, true);
        c.h24 = true;
        // Duckling reads "15h" as 15:00, to the minute (a range to "18h" ends at 18:01)
        c.minutes_given = true;
        let mut k = j + 1;
        if let Some(m) = cx.num(k).filter(|m| cx.glued(k) && *m < 60) {
            c.m = m;
            c.minutes_given = true;
            k += 1;
        }
        return Some(suffix(cx, c, k));
    }
    if htext.len() >= 3 {
        // "330 p.m.", "at 1030": hours and minutes run together; "tmrw 0530", "friday 1730":
        // four digits with a leading zero, or right after a day, are the 24-hour clock
        let four = htext.len() == 4 && (htext.starts_with('0') || cx.after_a_day(i));
        if htext.len() > 4 || (!marked && !four && ampm(cx, j).is_none()) {
            return None;
        }
        let (hh, mm) = (h / 100, h % 100);
        if hh > 24 || mm > 59 {
            return None;
        }
        let mut c = clock(hh, mm, true);
        c.h24 = c.h24 || (four && ampm(cx, j).is_none());
        c.minutes_given = c.minutes_given || four;
        return Some(suffix(cx, c, j));
    }
    if h > 24 {
        return None;
    }
    // "at 3 15": hour and minutes as two numbers, only after "at"
    if marked_before(cx, i)
        && cx.kind(j) == Some(Kind::Num)
        && cx.text(j).len() == 2
        && !cx.glued(j)
        && let Some(m) = cx.num(j).filter(|m| *m < 60)
    {
        let mut c = clock(h, m, true);
        c.minutes_given = true;
        return Some(suffix(cx, c, j + 1));
    }
    if let Some((m, k)) = he_minutes(cx, j) {
        return Some((Comp::Clock(clock(h, m, true)), k));
    }
    marked |= htext.starts_with('0') && htext.len() == 2;
    Some(suffix(cx, clock(h, 0, marked), j))
}

/// An hour written as a word or digits, for the idioms ("רבע ל-12", "quarter to ten").
fn hour_at(cx: &Cx<'_>, i: usize) -> Option<(u32, usize)> {
    if let Some(Lex::Part(Part::Noon)) = cx.lex(i) {
        return Some((12, i + 1));
    }
    if let Some(Lex::Part(Part::Midnight)) = cx.lex(i) {
        return Some((0, i + 1));
    }
    let (h, _, j) = cx.number(i)?;
    let short = cx.kind(j - 1) != Some(Kind::Num) || cx.text(j - 1).len() <= 2;
    // "15h": an hour on the 24-hour clock ("15 minutes past 15h")
    if short && cx.is(j, "h") && cx.glued(j) && h <= 24 && cx.kind(j - 1) == Some(Kind::Num) {
        return Some((h, j + 1));
    }
    (h <= 12 && short).then_some((h, j))
}

/// Minutes before/after an hour: "רבע לעשר", "עשרה לשמונה", "עשרים אחרי שלוש",
/// "quarter past 3pm", "20 to noon", "half past three".
fn relative_clock(cx: &Cx<'_>, i: usize) -> Option<(Comp, usize)> {
    let i0 = if cx.lex(i) == Some(Lex::One) { i + 1 } else { i };
    let (m, mut j) = match cx.lex(i0) {
        Some(Lex::Quarter) => (15, i0 + 1),
        Some(Lex::Half) => (30, i0 + 1),
        _ => {
            let (m, _, j) = cx.number(i0)?;
            (m, j)
        }
    };
    if m == 0 || m >= 60 {
        return None;
    }
    let minute_said = cx.lex(j) == Some(Lex::Unit(Unit::Minute, 1));
    if minute_said {
        j += 1;
    }
    // "move the kiln one to 10": a lone "one" is a thing, not a minute before the hour
    if m == 1 && !minute_said {
        return None;
    }
    let he = cx.is_he(j);
    // Hebrew "לעשר" / "ל-12": the ל of "to" is glued to the hour
    let before = if he && cx.pre(j).ends_with('ל') && m <= 30 {
        Some(true)
    } else {
        match (cx.lex(j), cx.text(j)) {
            (Some(Lex::To | Lex::Before), _) => Some(true),
            (Some(Lex::After), _) | (_, "past") => Some(false),
            _ => None,
        }
    };
    // "בחמש אחרי הצהריים" is five in the afternoon, not five past noon
    if he && before == Some(false) && cx.lex(j + 1) == Some(Lex::Part(Part::Noon)) {
        return None;
    }
    let Some(before) = before else {
        // "half three": British half past
        if cx.lex(i0) == Some(Lex::Half) && cx.kind(i0) == Some(Kind::Latin) && i0 == i {
            let (h, k) = hour_at(cx, j)?;
            return Some(suffix(cx, clock(h, 30, true), k));
        }
        // "בחצי שמונה": in Hebrew, half an hour before the hour (7:30), an hour said in words
        if cx.lex(i0) == Some(Lex::Half) && he && i0 == i && cx.is_he(j) {
            let (h, k) = hour_at(cx, j)?;
            let h = if h == 1 { 12 } else { h - 1 };
            return Some(suffix(cx, clock(h, 30, true), k));
        }
        return None;
    };
    let hour_tok = if he && cx.pre(j).ends_with('ל') && cx.lex(j) != Some(Lex::To) { j } else { j + 1 };
    // "block 2 to 4 tomorrow", "10 to 12": two hours in digits are a span, not minutes before
    // the hour ("20 to 5", "15 to noon", "at 10 to 4" still are)
    let digits = cx.kind(i0) == Some(Kind::Num) && cx.kind(hour_tok) == Some(Kind::Num) && !minute_said;
    let at = i0 > 0 && matches!(cx.text(i0 - 1), "at" | "by" | "@");
    if digits && m <= 12 && (m % 5 != 0 || !at) {
        return None;
    }
    let (h, k) = hour_at(cx, hour_tok)?;
    let is_noon = cx.lex(hour_tok) == Some(Lex::Part(Part::Noon));
    let is_midnight = cx.lex(hour_tok) == Some(Lex::Part(Part::Midnight));
    let base = if is_midnight { 24 } else { h };
    let (h, m) = if before {
        // "N to 0" counts back from midnight; anything else impossible is no time at all.
        let t = (if base == 0 { 24 } else { base } * 60).checked_sub(m)?;
        (t / 60, t % 60)
    } else {
        (base % 24, m)
    };
    let h = if h == 0 && !is_midnight { 12 } else { h };
    let mut c = clock(h, m, true);
    c.minutes_given = true;
    c.h24 |= is_noon || is_midnight;
    Some(suffix(cx, c, k))
}

/// Hours in words: Hebrew "בשמונה", "שמונה וחצי", "באחת בצהריים"; English "at three",
/// "ten thirty am", "twelve oh three".
fn word_clock(cx: &Cx<'_>, i: usize) -> Option<(Comp, usize)> {
    let (h, p, j) = cx.word_num(i)?;
    if h > 24 || (cx.kind(i) == Some(Kind::Latin) && h > 12) || counts_a_thing(cx, j) {
        return None;
    }
    let marked = p.contains('ב') || p.contains('ל') || marked_before(cx, i);
    if cx.is_he(i) {
        if let Some((m, k)) = he_minutes(cx, j) {
            return Some((Comp::Clock(clock(h, m, true)), k));
        }
        return Some((Comp::Clock(clock(h, 0, marked)), j));
    }
    // English minutes in words: "thirty", "fifty nine", "oh three", "twenty-three"
    let (m, k) = match cx.word_num(j) {
        Some((0, _, k)) if cx.kind(j) == Some(Kind::Latin) => match cx.word_num(k) {
            Some((m, _, k2)) if m < 10 => (m, k2),
            _ => (0, j),
        },
        Some((m, _, k)) if (10..60).contains(&m) && cx.kind(j) == Some(Kind::Latin) => (m, k),
        _ => (0, j),
    };
    let (m, k) = if cx.is(j, "-") {
        match cx.word_num(j + 1) {
            Some((0, _, k2)) => cx.word_num(k2).map_or((m, k), |(mm, _, k3)| (mm, k3)),
            _ => (m, k),
        }
    } else {
        (m, k)
    };
    // "the first one", "the invoice one", "the blue one": "one" after a word, with nothing
    // to make it an hour ("at", minutes, "pm", "o'clock"), is a pointer
    let after_word = i > 0 && cx.kind(i - 1) == Some(Kind::Latin);
    if after_word && cx.is(i, "one") && !marked && m == 0 && suffix(cx, clock(h, 0, false), k).1 == k {
        return None;
    }
    let c = clock(h, m, marked);
    Some(suffix(cx, c, k))
}
