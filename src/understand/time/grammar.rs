//! The time grammar's shared machinery: the token cursor ([`Cx`]), the components a time
//! expression is built from ([`Comp`]), and the chaining that glues adjacent components
//! ("מחר" + "בשמונה" + "בבוקר") into one expression ([`Acc`]).
//!
//! Components are recognised by small matchers (days.rs, clock.rs, offset.rs); a chain keeps
//! adding components until one conflicts (a second date, a second clock), so "ביום שני ב-11:15"
//! is one expression and "מחר ... ביום שני" would be two.

pub use super::day::Day;
use super::lexicon::{self, Lex, Part, Unit};
use crate::understand::Recurrence;
use crate::understand::normalize::{Kind, Token};

/// A cursor over the tokens with each token's lexicon reading computed once.
pub struct Cx<'a> {
    pub t: &'a [Token<'a>],
    lx: Vec<Option<(Lex, &'a str)>>,
}

impl<'a> Cx<'a> {
    pub fn new(t: &'a [Token<'a>]) -> Cx<'a> {
        let lx = t.iter().map(lexicon::lookup).collect();
        Cx { t, lx }
    }
    pub fn len(&self) -> usize {
        self.t.len()
    }
    pub fn lex(&self, i: usize) -> Option<Lex> {
        self.lx.get(i).copied().flatten().map(|x| x.0)
    }
    /// The Hebrew prefix letters peeled off token `i` (or the token itself for a Prefix token).
    pub fn pre(&self, i: usize) -> &'a str {
        match self.t.get(i) {
            Some(t) if t.kind == Kind::Prefix => t.text,
            _ => self.lx.get(i).copied().flatten().map_or("", |x| x.1),
        }
    }
    pub fn text(&self, i: usize) -> &'a str {
        self.t.get(i).map_or("", |t| t.text)
    }
    pub fn kind(&self, i: usize) -> Option<Kind> {
        self.t.get(i).map(|t| t.kind)
    }
    pub fn num(&self, i: usize) -> Option<u32> {
        self.t.get(i).and_then(|t| t.num())
    }
    pub fn glued(&self, i: usize) -> bool {
        self.t.get(i).is_some_and(|t| t.glued)
    }
    pub fn is(&self, i: usize, s: &str) -> bool {
        self.t.get(i).is_some_and(|t| t.text == s)
    }
    pub fn is_he(&self, i: usize) -> bool {
        matches!(self.kind(i), Some(Kind::He | Kind::Prefix))
    }
    /// A day ("tomorrow", "friday", "מחר") comes right before token `i`.
    pub fn after_a_day(&self, i: usize) -> bool {
        i > 0 && self.is_a_day(i - 1)
    }
    /// Token `i` is a day ("tomorrow", "friday", "מחר").
    pub fn is_a_day(&self, i: usize) -> bool {
        matches!(self.lex(i), Some(super::lexicon::Lex::DayRel(_) | super::lexicon::Lex::Weekday(_)))
    }
    /// A digit number, possibly behind a glued Hebrew prefix token ("ב-8", "ה15").
    pub fn digits(&self, i: usize) -> Option<(u32, &'a str, usize)> {
        if self.kind(i) == Some(Kind::Prefix) {
            return self.num(i + 1).map(|n| (n, self.text(i), i + 2));
        }
        self.num(i).map(|n| (n, "", i + 1))
    }
    /// A number written in words (Hebrew or English), with its Hebrew prefix.
    pub fn word_num(&self, i: usize) -> Option<(u32, &'a str, usize)> {
        let p = self.pre(i);
        let v = match self.lex(i) {
            Some(Lex::Num(v)) => v,
            // "שנים עשר": the plural of year is also the masculine "two" of twelve
            Some(Lex::Unit(Unit::Year, 1)) if self.lex(i + 1) == Some(Lex::Num(10)) => {
                return Some((12, p, i + 2));
            }
            _ => return None,
        };
        let nx = self.lex(i + 1);
        if (1..=9).contains(&v) && nx == Some(Lex::Num(10)) && self.pre(i + 1).is_empty() {
            return Some((v + 10, p, i + 2));
        }
        if matches!(v, 20 | 30 | 40 | 50) {
            if let Some(Lex::Num(u)) = nx {
                let hebrew_and = self.pre(i + 1) == "ו";
                let english = self.kind(i + 1) == Some(Kind::Latin);
                if (1..=9).contains(&u) && (hebrew_and || english) {
                    return Some((v + u, p, i + 2));
                }
            }
            if self.is(i + 1, "-")
                && let Some(Lex::Num(u)) = self.lex(i + 2)
                && (1..=9).contains(&u)
            {
                return Some((v + u, p, i + 3));
            }
        }
        Some((v, p, i + 1))
    }
    /// Digits or words.
    pub fn number(&self, i: usize) -> Option<(u32, &'a str, usize)> {
        self.digits(i).or_else(|| self.word_num(i))
    }
}

/// A clock time as said; `pm` None means the speaker did not say am/pm.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Clock {
    pub h: u32,
    pub m: u32,
    pub s: Option<u32>,
    pub pm: Option<bool>,
    /// written as a 24-hour time (13:00, 08:00, 0:30): no am/pm guessing
    pub h24: bool,
    /// something says this number is a time (ב/at/colon/am/…); a bare "8" is not
    pub marked: bool,
    pub minutes_given: bool,
    /// minutes east of UTC when a zone was named ("8:00 GMT", "4pm CET")
    pub zone: Option<i32>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Offset {
    Secs(i64, Unit),
    Days(i64),
    Weeks(i64),
    Months(i64),
    Years(i64),
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Comp {
    Now,
    Day(Day),
    Clock(Clock),
    /// "9:30 - 11:00", "from 3 to 4pm", "between 9h30 and 11h00"
    ClockRange(Clock, Clock),
    /// `today`: the word itself says "today" (הערב, tonight, this morning); `he`: Hebrew word
    Part {
        part: Part,
        today: bool,
        he: bool,
    },
    Offset(Offset),
    /// "for 30 mins": a length (in 60ths of the unit, as offsets count) after a start
    Lasting(i64, Unit),
    /// "שעה לפני", "an hour before": relative to an earlier step's time, not to now
    Anchor(i64),
    Every {
        rec: Recurrence,
        wd: Option<u8>,
        part: Option<Part>,
    },
    Impossible,
}

/// The components of one chained expression.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Acc {
    pub now: bool,
    pub day: Option<Day>,
    pub clock: Option<Clock>,
    pub clock_end: Option<Clock>,
    pub part: Option<(Part, bool, bool)>,
    pub offset: Option<Offset>,
    /// "thanksgiving in a year", "at 7 in 3 years": the rest is read from now moved by this
    pub shift: Option<Offset>,
    pub lasting: Option<(i64, Unit)>,
    pub anchor: Option<i64>,
    pub every: Option<(Recurrence, Option<u8>)>,
    pub impossible: bool,
}

impl Acc {
    /// Adds a component; false when it conflicts with what the chain already holds.
    pub fn add(&mut self, c: Comp) -> bool {
        match c {
            Comp::Now if self.is_empty() => self.now = true,
            Comp::Day(d) => return self.add_day(d),
            Comp::Clock(c) if self.clock.is_none() && self.anchor.is_none() => self.clock = Some(c),
            Comp::ClockRange(a, b) if self.clock.is_none() && self.anchor.is_none() && self.offset.is_none() => {
                self.clock = Some(a);
                self.clock_end = Some(b);
            }
            // ("יום לפני בצהריים": the part of day after an anchor is its own time of day)
            Comp::Part { part, today, he } if self.part.is_none() && self.anchor.is_none() => {
                self.part = Some((part, today, he))
            }
            // "late last night": the night was already said by "late"
            Comp::Part { part: Part::Night, .. } if matches!(self.part, Some((Part::LateNight, ..))) => {}
            Comp::Offset(o @ (Offset::Months(_) | Offset::Years(_))) if self.can_shift() => self.shift = Some(o),
            Comp::Lasting(n, u) if self.lasting.is_none() && self.every.is_none() && self.anchor.is_none() => {
                self.lasting = Some((n, u))
            }
            Comp::Offset(o) if self.offset.is_none() && self.clock.is_none() => {
                if !matches!(self.day, None | Some(Day::Rel(0))) || self.every.is_some() {
                    return false;
                }
                self.offset = Some(o)
            }
            Comp::Anchor(s) if self.is_empty() => self.anchor = Some(s),
            // "on the 1st of every month": the day of the month came first
            Comp::Every { rec: Recurrence::Monthly, wd: None, part: None }
                if self.every.is_none()
                    && self.clock.is_none()
                    && self.part.is_none()
                    && self.offset.is_none()
                    && matches!(self.day, Some(Day::Date { m: None, y: None, wd: None, .. })) =>
            {
                self.every = Some((Recurrence::Monthly, None));
            }
            Comp::Every { rec, wd, part } if self.is_empty() => {
                self.every = Some((rec, wd));
                if let Some(p) = part {
                    self.part = Some((p, false, false));
                }
            }
            Comp::Impossible => self.impossible = true,
            _ => return false,
        }
        true
    }

    fn is_empty(&self) -> bool {
        *self == Acc::default()
    }

    /// A named holiday or month, or a bare clock, can be moved by a whole number of months or
    /// years ("March in a year", "thanksgiving 3 months ago", "at 7 in 3 years").
    fn can_shift(&self) -> bool {
        let day = matches!(self.day, Some(Day::Holiday { .. } | Day::MonthOf { .. }));
        let clock = self.day.is_none() && self.clock.is_some() && self.part.is_none();
        self.shift.is_none() && self.offset.is_none() && self.every.is_none() && self.anchor.is_none() && (day || clock)
    }

    fn add_day(&mut self, d: Day) -> bool {
        if self.offset.is_some() || self.anchor.is_some() || self.now {
            return false;
        }
        if let Some((rec, wd)) = self.every {
            // "every monday" already holds its day; "כל חודש ב-5" gives the day of month
            return match d {
                // "כל שבוע ביום שישי", "every week on Friday": the weekday says which day
                Day::Weekday { wd: w, rel: None } if rec == Recurrence::Weekly && wd.is_none() => {
                    self.every = Some((rec, Some(w)));
                    true
                }
                Day::Date { .. } if wd.is_none() && self.day.is_none() => {
                    self.day = Some(d);
                    true
                }
                _ => false,
            };
        }
        self.day = match (self.day, d) {
            (None, d) => Some(d),
            (Some(Day::Weekday { wd, rel: None }), Day::Date { d, m, y, wd: None }) => {
                Some(Day::Date { d, m, y, wd: Some(wd) })
            }
            (Some(Day::Date { d, m, y, wd: None }), Day::Weekday { wd, rel: None }) => {
                Some(Day::Date { d, m, y, wd: Some(wd) })
            }
            // "next week on Monday", "בשבוע הבא ביום שני": the weekday of that week
            (Some(Day::Period { unit: Unit::Week, rel }), Day::Weekday { wd, rel: None })
            | (Some(Day::Weekday { wd, rel: None }), Day::Period { unit: Unit::Week, rel })
                if (-2..=2).contains(&rel) =>
            {
                Some(Day::WeekdayOfWeek { wd, week_rel: rel as i8 })
            }
            _ => return false,
        };
        true
    }

    /// Whether the chain says enough to be a time: a bare number ("8") is not one.
    pub fn is_time(&self) -> bool {
        if self.impossible {
            return true;
        }
        // "for 10 minutes" alone is a length, not a time
        if self.lasting.is_some() && self.day.is_none() && self.clock.is_none() && self.part.is_none() {
            return false;
        }
        match self.clock {
            Some(c) if !c.marked => self.day.is_some() || self.part.is_some() || self.every.is_some(),
            _ => !self.is_empty(),
        }
    }
}

fn is_filler(cx: &Cx<'_>, i: usize) -> bool {
    match cx.kind(i) {
        Some(Kind::Punct) => matches!(cx.text(i), "," | "@" | "(" | ")"),
        Some(Kind::He) => {
            // "ב" alone, "יום" before a weekday, "בשעה" before a clock: glue words
            matches!(cx.lex(i), Some(Lex::Filler))
                || (cx.lex(i) == Some(Lex::Unit(Unit::Hour, 1)) && cx.pre(i) == "ב")
                || cx.text(i) == "ב"
        }
        Some(Kind::Latin) => matches!(cx.lex(i), Some(Lex::Filler)),
        _ => false,
    }
}

/// The longest chained expression starting at token `i`: (components, first token, end token).
pub fn chain(cx: &Cx<'_>, i: usize) -> Option<(Acc, usize)> {
    let (c, mut end) = comp_at(cx, i)?;
    let mut acc = Acc::default();
    if !acc.add(c) {
        return None;
    }
    if let Comp::Day(Day::Holiday { h, .. }) = c
        && let Some((a, b)) = super::holidays::hours(h)
    {
        acc.clock = Some(a);
        acc.clock_end = Some(b);
    }
    loop {
        if let Some((c, j)) = super::offset::lasting_at(cx, end)
            && acc.add(c)
        {
            end = j;
            continue;
        }
        let mut k = end;
        while k < cx.len() && is_filler(cx, k) {
            k += 1;
        }
        // "on Thursday by 11am": the hour that day is due by is that day's
        if cx.is(k, "by")
            && acc.day.is_some()
            && acc.clock.is_none()
            && matches!(comp_at(cx, k + 1), Some((Comp::Clock(_), _)))
        {
            k += 1;
        }
        match comp_at(cx, k).map(|(c, j)| (monthly_day(cx, &acc, k, c), j)) {
            Some((c, j)) if j > k => {
                // "ב-15 בעשר בבוקר": a number glued to ב, then an hour, is the day of the month
                if let (Comp::Clock(_), Some(first)) = (&c, acc.clock)
                    && i + 1 < cx.len()
                    && cx.kind(i) == Some(Kind::Prefix)
                    && cx.text(i) == "ב"
                    && acc.day.is_none()
                    && acc.part.is_none()
                    && !first.minutes_given
                    && first.pm.is_none()
                    && first.zone.is_none()
                    && (1..=31).contains(&first.h)
                {
                    acc.clock = None;
                    acc.day = Some(Day::Date { d: first.h, m: None, y: None, wd: None });
                }
                let before = acc.clone();
                if !acc.add(c) {
                    acc = before;
                    break;
                }
                end = j;
            }
            _ => break,
        }
    }
    // "ליל הסדר בשבע וחצי", "seder night at 7:30": a clock on a night named is in the evening;
    // "במוצאי שבת" is Saturday evening with a clock or without one
    let motzei = matches!(super::days::shabbat_edge_at(cx, i), Some((_, true, _)));
    // ("the third night of hanukkah at 7", "בלילה החמישי של חנוכה בשש": a holiday's night too)
    let holiday_night = matches!(acc.day, Some(Day::Holiday { .. }))
        && (i..end.min(i + 3)).any(|k| matches!(cx.text(k), "night" | "לילה" | "בלילה" | "הלילה"));
    if acc.part.is_none()
        && (motzei
            || (acc.clock.is_some()
                && (holiday_night
                    || super::jewish::names_a_night(
                        cx.kind(i),
                        cx.text(i),
                        (i + 1 < cx.len()).then(|| cx.text(i + 1)),
                    ))))
    {
        acc.part = Some((Part::Evening, false, cx.kind(i) == Some(Kind::He)));
    }
    acc.is_time().then_some((acc, end))
}

/// "כל חודש ב-10 בתשע": after "every month", a number glued to ב is the day of the month (the
/// hour is said as a word or after it), not 10:00.
fn monthly_day(cx: &Cx<'_>, acc: &Acc, k: usize, c: Comp) -> Comp {
    let monthly = matches!(acc.every, Some((Recurrence::Monthly, None))) && acc.day.is_none() && acc.clock.is_none();
    match c {
        Comp::Clock(cl)
            if monthly
                && cx.kind(k) == Some(Kind::Prefix)
                && cx.text(k) == "ב"
                && !cl.minutes_given
                && cl.pm.is_none()
                && cl.zone.is_none()
                && (1..=31).contains(&cl.h) =>
        {
            Comp::Day(Day::Date { d: cl.h, m: None, y: None, wd: None })
        }
        other => other,
    }
}

/// One component at token `i`, trying the most specific matchers first.
pub fn comp_at(cx: &Cx<'_>, i: usize) -> Option<(Comp, usize)> {
    if i >= cx.len() {
        return None;
    }
    // "three days after Easter" before "three days" is read as an offset
    super::around::counted_from_holiday_at(cx, i)
        .or_else(|| super::around::day_of_holiday_at(cx, i))
        .map(|(d, j)| (Comp::Day(d), j))
        .or_else(|| super::offset::every_at(cx, i))
        .or_else(|| super::offset::lasting_at(cx, i))
        .or_else(|| super::offset::offset_at(cx, i))
        .or_else(|| super::ranges::date_range_at(cx, i))
        .or_else(|| super::clock::clock_range_at(cx, i))
        .or_else(|| super::dates::numeric_date_at(cx, i))
        .or_else(|| super::days::day_at(cx, i).map(|(d, j)| (Comp::Day(d), j)))
        .or_else(|| super::clock::clock_at(cx, i))
        .or_else(|| super::days::part_at(cx, i))
        .or_else(|| match cx.lex(i) {
            Some(Lex::Now) => Some((Comp::Now, i + 1)),
            _ => None,
        })
}
