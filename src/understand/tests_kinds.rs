//! The kinds of message issue 12 names, each as a rule with a variant or two, and the frozen
//! half of the second dev set as a floor (eval/dev2_frozen.jsonl: written and split before Ozer
//! ran on it; its failures are never read while tuning).

use chrono::{DateTime, Datelike, FixedOffset, Timelike};
use chrono_tz::Tz;

use super::{Action, Lang, Resolver, UNSURE, Understanding, understand};

fn thursday_evening() -> DateTime<Tz> {
    DateTime::parse_from_rfc3339("2026-01-22T21:09:00+02:00").expect("now").with_timezone(&chrono_tz::Asia::Jerusalem)
}

fn tuesday_morning() -> DateTime<Tz> {
    DateTime::parse_from_rfc3339("2026-03-10T09:30:00+02:00").expect("now").with_timezone(&chrono_tz::Asia::Jerusalem)
}

fn iso(s: &str) -> DateTime<FixedOffset> {
    DateTime::parse_from_rfc3339(s).expect("expected time")
}

fn one(text: &str, now: DateTime<Tz>) -> super::Step {
    let u: Understanding = understand(text, now, Lang::He);
    assert_eq!(u.steps.len(), 1, "{text}: {:?}", u.steps);
    u.steps.into_iter().next().expect("one step")
}

#[test]
fn clearing_a_day_except_a_title_keeps_both_window_and_exception_in_both_languages() {
    for (text, except) in [("clear sunday except the standup", "standup"), ("תנקה את יום ראשון חוץ מהסטנדאפ", "סטנדאפ")]
    {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Delete), "{text}");
        let w = s.window.expect("window");
        assert_eq!((w.start, w.end), (iso("2026-01-25T00:00:00+02:00"), iso("2026-01-26T00:00:00+02:00")), "{text}");
        assert_eq!(s.except, vec![except.to_string()], "{text}");
    }
}

#[test]
fn a_clock_time_apart_from_its_date_belongs_to_the_step() {
    let s = one("תוסיף ליומן מחר אימון ב-8", thursday_evening());
    assert_eq!((s.resolver, s.when), (Resolver::Calendar, Some(iso("2026-01-23T08:00:00+02:00"))));
    assert!(s.title.as_deref().is_some_and(|t| t.contains("אימון")), "{:?}", s.title);
    let s = one("remind me tomorrow to water the plants at 6", thursday_evening());
    assert_eq!((s.resolver, s.when), (Resolver::Task, Some(iso("2026-01-23T18:00:00+02:00"))));
}

#[test]
fn moving_something_to_an_hour_reschedules_it_and_leaves_the_title_alone() {
    let s = one("move the gym reminder to 7", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Update));
    assert_eq!(s.when, Some(iso("2026-03-10T19:00:00+02:00")));
    assert_eq!(s.title.as_deref(), Some("gym"), "not \"gym reminder to 7\"");
    let s = one("תזיז את הפגישה עם אבי לחמש", tuesday_morning());
    assert_eq!((s.resolver, s.when), (Resolver::Calendar, Some(iso("2026-03-10T17:00:00+02:00"))));
}

#[test]
fn a_chore_reported_in_the_past_tense_completes_a_task_but_a_lapse_does_not() {
    for text in ["paid the electricity bill", "I already called the vet", "שלחתי כבר את הדוח", "שמתי את הכביסה"]
    {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Complete), "{text}");
    }
    for text in ["I forgot to buy milk", "שכחתי לקנות חלב"] {
        assert_ne!(one(text, thursday_evening()).action, Action::Complete, "{text}");
    }
}

#[test]
fn questions_about_the_world_go_to_the_general_resolver_even_with_a_day() {
    for text in ["will it rain on friday?", "מה מזג האוויר מחר?", "מה החדשות היום"] {
        let s = one(text, thursday_evening());
        assert_eq!(s.resolver, Resolver::General, "{text}");
    }
    assert_eq!(one("remind me tomorrow at 8 to check the weather", thursday_evening()).resolver, Resolver::Task);
}

#[test]
fn a_meal_with_someone_is_an_event_and_cancelling_it_is_a_calendar_delete() {
    let s = one("dinner with Noa friday at 8", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Create));
    assert_eq!(s.when, Some(iso("2026-01-23T20:00:00+02:00")), "a dinner at 8 is in the evening");
    let s = one("תבטל את הארוחת צהריים עם רון מחר", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Delete));
    assert_eq!(one("remind me to book a dinner with Noa", thursday_evening()).resolver, Resolver::Task);
}

#[test]
fn an_unsure_step_exposes_its_runner_up_reading() {
    let s = one("i need to call the plumber tomorrow at 10", thursday_evening());
    assert!(s.confidence < UNSURE, "{}", s.confidence);
    let alt = s.alternative.expect("a second reading");
    assert_eq!((s.resolver, alt.resolver), (Resolver::Task, Resolver::Calendar));
    assert_eq!(alt.when, s.when, "both readings keep the time");
    let sure = one("remind me tomorrow at 10 to call the plumber", thursday_evening());
    assert!(sure.confidence >= UNSURE && sure.alternative.is_none());
}

/// Routing accuracy of eval/dev2_frozen.jsonl: 92.2% when this floor was set (59.6% before the
/// issue 12 rules); the floor leaves room for a debatable line or two.
#[test]
fn frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev2_frozen.jsonl", 150, 960);
}

/// Routing accuracy of eval/dev3_frozen.jsonl (180 lines written by someone who had not read the
/// rules, split before Ozer ran on them, never looked at while tuning): 75.6% before this
/// session's rules; the floor is a little under what it measured after them.
#[test]
fn third_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev3_frozen.jsonl", 180, 905);
}

#[test]
fn a_holiday_named_after_the_list_word_is_the_lists_name_not_a_time() {
    for (text, name) in [("תפתחי רשימה בשם ראש השנה", "ראש השנה"), ("make a new list called hanukkah", "hanukkah")]
    {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.action, s.list.as_deref()), (Resolver::List, Action::Create, Some(name)), "{text}");
    }
}

#[test]
fn list_verbs_people_use_beyond_add_and_remove_keep_their_items() {
    let s = one("toss nappies and wet wipes on the baby list", thursday_evening());
    assert_eq!((s.resolver, s.action, s.list.as_deref()), (Resolver::List, Action::Add, Some("baby")));
    assert_eq!(s.items, vec!["nappies", "wet wipes"]);
    let s = one("drop the cheese from the list for the supermarket", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::List, Action::Remove));
}

#[test]
fn a_present_tense_verb_after_a_comma_is_no_list_name_but_a_glued_name_before_it_is() {
    // "מביאה" (brings) starts with מ like "מקניות" (from the shopping): after a comma it is a clause
    let s = one("תוציאי את הרימונים, סבתא מביאה", thursday_evening());
    assert_eq!((s.resolver, s.action, s.list.as_deref()), (Resolver::List, Action::Remove, None));
    assert_eq!(s.items.first().map(String::as_str), Some("הרימונים"));
    let s = one("תוריד שמן וסוכר מקניות", thursday_evening());
    assert_eq!((s.resolver, s.action, s.list.as_deref()), (Resolver::List, Action::Remove, Some("קניות")));
}

#[test]
fn a_colon_ends_a_hebrew_list_name_of_any_length_and_the_items_follow_it() {
    for (text, name, items) in [
        (
            "תכניס לרשימת המטלות לבית: לתקן את הברז, לצבוע את המרפסת",
            "המטלות לבית",
            vec!["לתקן את הברז", "לצבוע את המרפסת"],
        ),
        ("תרשום לי לרשימה של הכלב: קולר חדש וצעצוע לעיסה", "הכלב", vec!["קולר חדש", "צעצוע לעיסה"]),
    ] {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.action, s.list.as_deref()), (Resolver::List, Action::Add, Some(name)), "{text}");
        assert_eq!(s.items, items, "{text}");
    }
}

#[test]
fn a_second_list_step_naming_no_list_is_on_the_first_ones_list_and_closing_words_are_no_item() {
    let u: Understanding =
        understand("take eggs off the shopping list and add yogurt instead", thursday_evening(), Lang::En);
    let got: Vec<_> = u.steps.iter().map(|s| (s.action, s.list.as_deref(), s.items.clone())).collect();
    assert_eq!(
        got,
        vec![
            (Action::Remove, Some("shopping"), vec!["eggs".to_string()]),
            (Action::Add, Some("shopping"), vec!["yogurt".to_string()])
        ]
    );
}

#[test]
fn a_meeting_that_is_now_at_another_time_is_moved_and_a_fact_that_is_now_something_is_a_note() {
    for (text, title, at) in [
        ("the meeting with Boaz is now at 3, please update", "meeting with Boaz", "2026-03-10T15:00:00+02:00"),
        ("הפגישה עם דנה היא עכשיו בחמש", "הפגישה עם דנה", "2026-03-10T17:00:00+02:00"),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!(
            (s.resolver, s.action, s.title.as_deref()),
            (Resolver::Calendar, Action::Update, Some(title)),
            "{text}"
        );
        assert_eq!(s.when, Some(iso(at)), "{text}");
    }
    let s = one("the gate code is now 4513", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Memory, Action::Update));
}

#[test]
fn a_report_then_take_it_off_removes_what_the_report_named() {
    for (text, item) in
        [("bought the milk, take it off the list", "milk"), ("i got the lightbulbs, take them off", "lightbulbs")]
    {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.action), (Resolver::List, Action::Remove), "{text}");
        assert_eq!(s.items, vec![item.to_string()], "{text}");
    }
}

#[test]
fn a_question_about_no_one_that_names_none_of_ozers_things_is_about_the_world() {
    for text in ["how many grams of protein are in an egg", "is the train running to haifa tonight"] {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.action), (Resolver::General, Action::Chat), "{text}");
    }
    // naming a list (or asking about "my" things) keeps the question Ozer's
    let s = one("how many items are on the shopping list", thursday_evening());
    assert_eq!(s.resolver, Resolver::List);
    let s = one("are there any meetings friday", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Find));
}

/// Routing accuracy of eval/dev5_frozen.jsonl (a third writer's 200 held-out lines, split before
/// Ozer ran on them): 90.0% on first run; the floor is a little under it.
#[test]
fn fifth_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev5_frozen.jsonl", 200, 945);
}

/// Routing accuracy of eval/dev6_frozen.jsonl (a fourth writer's 200 held-out lines, split
/// before Ozer ran on them): 92.5% on first run, 97.0% now; the floor is a little under it.
#[test]
fn sixth_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev6_frozen.jsonl", 200, 960);
}

/// Routing accuracy of eval/dev7_frozen.jsonl (a fifth writer's 200 held-out lines, split
/// before Ozer ran on them): 95.5% on first run; the floor is a little under it.
#[test]
fn seventh_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev7_frozen.jsonl", 200, 970);
}

/// Routing accuracy of eval/dev8_frozen.jsonl (a sixth writer's 200 held-out lines, split
/// before Ozer ran on them): 94.0% on first run, 98.0% now; the floor is a little under it.
#[test]
fn eighth_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev8_frozen.jsonl", 200, 975);
}

/// Routing accuracy of eval/dev9_frozen.jsonl (a seventh writer's 200 held-out lines, split
/// before Ozer ran on them): 94.0% on first run, 96.0% now; the floor is a little under it.
#[test]
fn ninth_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev9_frozen.jsonl", 200, 950);
}

/// Routing accuracy of eval/dev10_frozen.jsonl (an eighth writer's 200 held-out lines in many
/// voices, split before Ozer ran on them): 86.5% on first run, 92.0% now.
#[test]
fn tenth_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev10_frozen.jsonl", 200, 920);
}

/// Routing accuracy of eval/dev11_frozen.jsonl (a ninth writer's 200 held-out lines: a bakery
/// owner's family, staff and suppliers, split before Ozer ran on them): 86.5% on first run,
/// 92.0% now.
#[test]
fn eleventh_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev11_frozen.jsonl", 200, 920);
}

/// Routing accuracy of eval/dev12_frozen.jsonl (a tenth writer's 200 held-out lines: a teacher
/// and a nurse, their teenagers, a renovation, a ceramics shop; split before Ozer ran on them):
/// 95.0% on first run, 97.5% now.
#[test]
fn twelfth_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev12_frozen.jsonl", 200, 975);
}

/// Routing accuracy of eval/dev13_frozen.jsonl (an eleventh writer's 200 held-out lines: a
/// family that moved, a student with a café job, an accountant, a wedding, a retiree, a dog
/// walker, a new parent, a recovery from surgery; split before Ozer ran on them): 87.0% on
/// first run, 88.0% now.
#[test]
fn thirteenth_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev13_frozen.jsonl", 200, 880);
}

/// Routing accuracy of eval/dev14_frozen.jsonl (a twelfth writer's 200 held-out lines: a team
/// lead with kids, a grandfather new to the bot, reserve duty, a physiotherapist, a landlord, a
/// student before the bagrut, a couple abroad, a garden volunteer; seven zones; split before
/// Ozer ran on them): 86.0% on first run, 89.0% now.
#[test]
fn fourteenth_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev14_frozen.jsonl", 200, 890);
}

/// Routing accuracy of eval/dev15_frozen.jsonl (a thirteenth writer's 200 held-out lines: a
/// taxi driver, a principal, a new immigrant, a vet receptionist, a soldier's mother, a runner,
/// a caterer, an IVF couple, a yeshiva student, an estate agent, a musician; seven zones; the
/// English lines rewritten as independent messages before any run; split before Ozer ran on
/// them): 89.5% on first run, 90.5% now.
#[test]
fn fifteenth_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev15_frozen.jsonl", 200, 905);
}

/// Routes the corpus at `file` (relative to the repository) and asserts it has at least
/// `min_lines` lines and that at least `permille` / 1000 of them route right.
fn route_floor(file: &str, min_lines: usize, permille: usize) {
    let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
    let (ok, n) = super::tests::route_score(&path).unwrap_or_else(|| panic!("{file} is part of the repository"));
    assert!(n >= min_lines, "{file} has only {n} lines");
    assert!(ok * 1000 >= n * permille, "{file}: route {ok}/{n} is below {}%", permille / 10);
}

fn steps(text: &str, now: DateTime<Tz>) -> Vec<super::Step> {
    understand(text, now, Lang::He).steps
}

#[test]
fn items_said_before_the_verb_are_the_items() {
    for (text, items) in [
        ("נורות צבעוניות כבר קניתי תוריד מרשימת סוכות", vec!["נורות צבעוניות"]),
        ("חלב ולחם תוסיף לרשימת קניות", vec!["חלב", "לחם"]),
        ("eggs and flour add to the baking list", vec!["eggs", "flour"]),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!(s.resolver, Resolver::List, "{text}");
        assert_eq!(s.items, items, "{text}");
    }
}

#[test]
fn deleting_a_named_list_with_no_items_is_the_whole_list() {
    let s = one("את רשימת סוכות אפשר למחוק", tuesday_morning());
    assert_eq!((s.resolver, s.action, s.list.as_deref()), (Resolver::List, Action::Delete, Some("סוכות")));
    let s = one("מחק חלב מרשימת קניות", tuesday_morning());
    assert_eq!((s.action, s.items.clone()), (Action::Remove, vec!["חלב".to_string()]));
}

#[test]
fn a_report_run_into_a_command_on_them_removes_the_reported_items() {
    for (text, item) in
        [("bought the wipes take them off the list", "wipes"), ("קניתי את המגבונים תורידי אותם", "המגבונים")]
    {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::List, Action::Remove), "{text}");
        assert_eq!(s.items, vec![item.to_string()], "{text}");
    }
}

#[test]
fn a_thing_called_off_and_then_removed_is_one_delete_of_that_thing() {
    for (text, title, resolver) in [
        // a barbecue is an event: the calendar (without Google linked, the turn falls back to reminders)
        ("the barbecue at Nir's is off, remove it", "barbecue at Nir's", Resolver::Calendar),
        ("the thing at Nir's is off, remove it", "thing at Nir's", Resolver::Task),
        ("הפגישה עם היועצת בוטלה, תוריד אותה מהיומן", "הפגישה עם היועצת", Resolver::Calendar),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action, s.title.as_deref()), (resolver, Action::Delete, Some(title)), "{text}");
    }
}

#[test]
fn items_for_a_second_list_with_the_verb_said_once_are_a_second_add() {
    for text in [
        "add garlic to the shopping list and olive oil to the pantry list",
        "תוסיף שום לרשימת הקניות ושמן זית לרשימת המזווה",
    ] {
        let s = steps(text, tuesday_morning());
        assert_eq!(s.len(), 2, "{text}: {s:?}");
        assert!(s.iter().all(|s| (s.resolver, s.action) == (Resolver::List, Action::Add)), "{text}");
        assert_eq!(s[1].items.len(), 1, "{text}");
        assert!(!s[1].items[0].starts_with('ו'), "{text}");
    }
    // one list, two items: one step
    assert_eq!(steps("add milk and eggs to the shopping list", tuesday_morning()).len(), 1);
}

#[test]
fn a_weekday_of_next_week_and_a_day_of_every_month() {
    let now = DateTime::parse_from_rfc3339("2026-08-02T10:10:00+03:00")
        .expect("now")
        .with_timezone(&chrono_tz::Asia::Jerusalem);
    for text in
        ["תזכירי לי בשבוע הבא ביום שני ב-9 להתקשר לקופת חולים", "remind me next week on monday at 9 to call the clinic"]
    {
        assert_eq!(one(text, now).when, Some(iso("2026-08-10T09:00:00+03:00")), "{text}");
    }
    let s = one("remind me on the 1st of every month at 10am to pay rent", now);
    assert_eq!((s.when, s.recurrence), (Some(iso("2026-09-01T10:00:00+03:00")), Some(super::Recurrence::Monthly)));
}

#[test]
fn a_holiday_beside_a_title_word_names_the_thing_when_another_time_says_when() {
    let now = DateTime::parse_from_rfc3339("2026-12-01T09:00:00+02:00")
        .expect("now")
        .with_timezone(&chrono_tz::Asia::Jerusalem);
    let s = one("put the purim party on thursday at 6", now);
    assert_eq!((s.title.as_deref(), s.when), (Some("purim party"), Some(iso("2026-12-03T18:00:00+02:00"))));
    let s = one("תכניס ליומן מסיבת חנוכה במשרד ביום חמישי בשש", now);
    assert!(s.title.as_deref().is_some_and(|t| t.contains("חנוכה")), "{:?}", s.title);
    // a holiday that is the time stays the time
    let s = one("תזכיר לי בחנוכה לקנות סופגניות", now);
    assert_eq!(s.title.as_deref(), Some("לקנות סופגניות"));
}

#[test]
fn a_reminder_and_then_find_the_email_or_show_the_day_are_two_steps() {
    let now = DateTime::parse_from_rfc3339("2026-11-30T08:55:00+02:00")
        .expect("now")
        .with_timezone(&chrono_tz::Asia::Jerusalem);
    for (text, second) in [
        ("in 40 min remind me to head out to the meeting and find the email with the entry permit", Resolver::Gmail),
        ("בעוד 40 דקות תזכיר לי לצאת לפגישה ותחפש לי את המייל עם האישור כניסה", Resolver::Gmail),
        ("תזכיר לי ב-9 לשלוח לבוס את הדוח ותראה לי מה יש לי ביומן היום", Resolver::Calendar),
        ("remind me at 3 to ring the estate agent and tell me what ive got on sunday", Resolver::Calendar),
    ] {
        let s = steps(text, now);
        assert_eq!(s.len(), 2, "{text}: {s:?}");
        assert_eq!((s[0].resolver, s[1].resolver), (Resolver::Task, second), "{text}");
    }
    let s = steps("what can you do? and show me the hanukkah list", now);
    assert_eq!(s.len(), 2, "{s:?}");
}

#[test]
fn asking_how_to_use_ozer_is_help() {
    for text in [
        "what kind of stuff can you help me with",
        "what are all the things ur able to do",
        "איך אני משתמשת בך?",
        "תסביר לי מה אתה בעצם עושה",
    ] {
        assert_eq!(one(text, tuesday_morning()).resolver, Resolver::Meta, "{text}");
    }
}

#[test]
fn the_day_before_another_steps_day_takes_that_day_and_its_own_time() {
    let now = DateTime::parse_from_rfc3339("2026-08-28T10:00:00+03:00")
        .expect("now")
        .with_timezone(&chrono_tz::Asia::Jerusalem);
    for (text, want) in [
        ("what time is my flight on tuesday and remind me the day before at 6 to pack", "2026-08-31T18:00:00+03:00"),
        ("מתי הטיסה ביום שלישי? ותזכיר לי יום לפני בשש לארוז", "2026-08-31T18:00:00+03:00"),
        (
            "add the dentist for tuesday at 8:30 and remind me the night before at 9 to floss",
            "2026-08-31T21:00:00+03:00",
        ),
    ] {
        let s = steps(text, now);
        assert_eq!(s.len(), 2, "{text}: {s:?}");
        assert_eq!(s[1].when, Some(iso(want)), "{text}");
    }
}

#[test]
fn a_day_before_in_hebrew_counts_from_the_day_another_step_named() {
    let now = DateTime::parse_from_rfc3339("2027-04-11T12:00:00+03:00")
        .expect("now")
        .with_timezone(&chrono_tz::Asia::Jerusalem);
    for (text, want) in [
        (
            "ערב פסח אני לא עובד תמחק את כל היומן באותו יום ותזכיר לי יום קודם בשבע בערב לשטוף את המונית",
            "2027-04-20T19:00:00+03:00",
        ),
        ("ביום חמישי יש לי טסט, תזכיר לי יום קודם בשמונה בערב לעבור על החומר", "2027-04-14T20:00:00+03:00"),
        ("תקבע ביומן פגישה ביום חמישי בעשר ותזכיר לי יומיים לפני בתשע להכין מצגת", "2027-04-13T09:00:00+03:00"),
    ] {
        let s = steps(text, now);
        assert_eq!(s.last().and_then(|s| s.when), Some(iso(want)), "{text}: {s:?}");
        assert!(s.iter().all(|s| !s.title.as_deref().unwrap_or("").contains("קודמ")), "{text}: {s:?}");
    }
    // "יום לפני פסח" is a day of its own
    let s = one("תזכיר לי יום לפני פסח לנקות את המטבח", now);
    assert_eq!(s.when, Some(iso("2027-04-21T09:00:00+03:00")), "{s:?}");
}

#[test]
fn the_holiday_said_again_is_the_one_named_earlier_in_the_message() {
    let now = DateTime::parse_from_rfc3339("2026-09-06T10:00:00+03:00")
        .expect("now")
        .with_timezone(&chrono_tz::Asia::Jerusalem);
    for (text, want) in [
        ("מה יש לי בראש השנה ותזכירי לי בערב החג בחמש להתקשר לסבתא", "2026-09-11T17:00:00+03:00"),
        (
            "what do I have on Sukkot, and remind me on the eve of the holiday at 3 to buy schach",
            "2026-09-25T15:00:00+03:00",
        ),
        ("בסוכות הנכדים באים. תרשום ביומן ארוחה בחג עצמו בשתיים", "2026-09-26T14:00:00+03:00"),
    ] {
        let s = steps(text, now);
        assert_eq!(s.last().and_then(|s| s.when), Some(iso(want)), "{text}: {s:?}");
    }
}

#[test]
fn a_one_on_one_is_no_clock_and_no_heading_and_the_requests_after_it_are_steps() {
    let s = steps(
        "cancel the 1:1 with Ngozi tomorrow, move the roadmap sync to 3pm, and remind me to update Jira",
        tuesday_morning(),
    );
    let routes: Vec<_> = s.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(
        routes,
        vec![
            (Resolver::Calendar, Action::Delete),
            (Resolver::Calendar, Action::Update),
            (Resolver::Task, Action::Create)
        ],
        "{s:?}"
    );
    assert_eq!(s[0].query.as_deref(), Some("1:1 with Ngozi"));
    assert_eq!(s[1].query.as_deref(), Some("roadmap sync"));
    // "1:1" says no hour
    assert_eq!(one("remind me about the 1:1", tuesday_morning()).when, None);
}

#[test]
fn why_a_thing_comes_off_a_list_is_no_item() {
    for (text, items) in [
        ("תמחקי מרשימת מעבדה את האתנול, מישהו כבר הזמין", vec!["האתנול"]),
        ("תורידי מרשימת חומרים את הספוגים, מצאתי במחסן", vec!["הספוגים"]),
        ("תמחקי מהרשימה של הקניות את הפורמולה אמא שלי הביאה", vec!["הפורמולה"]),
        ("take red bull off the shopping list mum said no", vec!["red bull"]),
        ("chuck out the spittoons we've got heaps", vec!["spittoons"]),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::List, Action::Remove), "{text}");
        assert_eq!(s.items, items, "{text}");
    }
    // a thing for mum is still the thing
    let s = one("add a card for mum to the shopping list", tuesday_morning());
    assert_eq!(s.items, vec!["card for mum"], "{s:?}");
}

#[test]
fn the_nth_night_of_hanukkah_is_an_evening_and_may_lean_on_the_hanukkah_named_before() {
    // Hanukkah 5788: the first candle on the evening of 2027-12-24
    let now = DateTime::parse_from_rfc3339("2027-11-01T12:00:00+02:00")
        .expect("now")
        .with_timezone(&chrono_tz::Asia::Jerusalem);
    for (text, want) in [
        ("remind me on the 5th night of chanukah at 6pm to bring latkes", "2027-12-28T18:00:00+02:00"),
        ("remind me the third night of hanukkah at 7 to call grandma", "2027-12-26T19:00:00+02:00"),
        (
            "hanukkah party at the Cohens on the 3rd night at 6:30pm, put it in the calendar",
            "2027-12-26T18:30:00+02:00",
        ),
        ("תזכיר לי בלילה החמישי של חנוכה בשש להביא סופגניות", "2027-12-28T18:00:00+02:00"),
        ("מסיבת חנוכה בלילה השלישי בשבע, תכניס ליומן", "2027-12-26T19:00:00+02:00"),
        ("תרשום ביומן טקס ביום הסיגד ב-10 בבוקר", "2027-11-29T10:00:00+02:00"),
    ] {
        assert_eq!(one(text, now).when, Some(iso(want)), "{text}");
    }
    // "הלילה" alone is tonight
    assert_eq!(one("תזכיר לי הלילה בעשר לנעול", now).when, Some(iso("2027-11-01T22:00:00+02:00")));
}

#[test]
fn slips_of_spelling_and_wording_read_as_meant() {
    let now = tuesday_morning();
    // "of" for "off" (but "get rid of my packing list" deletes the list)
    let s = one("take the scones of the list", now);
    assert_eq!((s.resolver, s.action, s.items.clone()), (Resolver::List, Action::Remove, vec!["scones".to_owned()]));
    let s = one("get rid of my packing list", now);
    assert_eq!((s.resolver, s.action), (Resolver::List, Action::Delete), "{s:?}");
    // weekdays spelt as they sound
    let s = one("put maths tutor on munday at 5 in my calender", now);
    assert_eq!((s.resolver, s.when), (Resolver::Calendar, Some(iso("2026-03-16T17:00:00+02:00"))), "{s:?}");
    // the hour a day is due by is that day's
    let s = one("Set up a sprint review with the payments squad on Thursday by 11am", now);
    assert_eq!(s.when, Some(iso("2026-03-12T11:00:00+02:00")), "{s:?}");
    // an appointment written down is an event; tasks read aloud are tasks
    assert_eq!(one("תרשום תור לבדיקת דם מחר בשמונה בבוקר", now).resolver, Resolver::Calendar);
    let s = steps("תקריא לי מה יש לי לעשות ומה יש לי ביומן מחר", now);
    let routes: Vec<_> = s.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(routes, vec![(Resolver::Task, Action::List), (Resolver::Calendar, Action::Find)], "{s:?}");
    // a day cleared "of everything" but one thing is the calendar's
    let s = one("תנקה לי את יום שישי מהכל חוץ מהאימון בבריכה", now);
    assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Delete), "{s:?}");
}

#[test]
fn a_list_done_with_is_deleted_and_nothing_else_is_done_by_it() {
    for (text, list) in [
        ("got everything, delete that list", None),
        ("done with the grocery list, pls delete it", Some("grocery")),
        ("finished the shopping list, delete it", Some("shopping")),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action, s.list.as_deref()), (Resolver::List, Action::Delete, list), "{text}");
    }
    // a thing done, and then a list deleted, are both
    assert_eq!(steps("called the vet, delete the shopping list", tuesday_morning()).len(), 2);
}

#[test]
fn venting_with_a_day_in_it_is_talk_and_a_game_result_is_about_the_world() {
    for text in [
        "קשה לי היום. ילד בן 12 שאני מלווה נזרק מבית הספר ואין מי שיעזור לאמא שלו",
        "man the cops gave me another ticket on 6th ave third this month. this city hates food trucks",
        "yankees win last night?",
        "יש פה במדבר שקט כזה בלילה, לפעמים אני יושבת בחוץ ופשוט מסתכלת על הכוכבים",
        "הלקוחות היום כולם רוצים הכל לפני החג, אין לי ידיים. ואחד עוד מתווכח איתי על 200 שקל",
    ] {
        assert_eq!(one(text, tuesday_morning()).resolver, Resolver::General, "{text}");
    }
    // a thing of the user's at an hour is still an event, and a typed "תיזכיר" still reminds
    let s = one(
        "my daughter's recital is on thursday at six thirty in the evening at the community center",
        tuesday_morning(),
    );
    assert_eq!(s.resolver, Resolver::Calendar, "{s:?}");
    let s = one("תיזכיר לי מחר בעשר לקחת את הכדורים של הלחץ דם", tuesday_morning());
    assert_eq!((s.resolver, s.when), (Resolver::Task, Some(iso("2026-03-11T10:00:00+02:00"))), "{s:?}");
}

#[test]
fn a_code_deleted_is_a_note_forgotten_and_idioms_of_a_hard_day_are_talk() {
    for (text, query) in [
        ("תמחק את הקוד של הארון שינו אותו", "הקוד של הארון"),
        ("delete the wifi password, they changed it", "wifi password"),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!(
            (s.resolver, s.action, s.query.as_deref()),
            (Resolver::Memory, Action::Delete, Some(query)),
            "{text}"
        );
    }
    assert_eq!(one("delete the code review reminder", tuesday_morning()).resolver, Resolver::Task);
    for text in [
        "so tired today, 3 codes in one shift 😩",
        "13 hour shift done and my feet are actually screaming",
        "three kids, one bathroom, send help 😂",
    ] {
        assert_eq!(one(text, tuesday_morning()).resolver, Resolver::General, "{text}");
    }
    // the verbs themselves still act
    assert_eq!(one("shift the dentist to 5", tuesday_morning()).action, Action::Update);
    assert_eq!(one("send the invoice to dana", tuesday_morning()).resolver, Resolver::Gmail);
    // "whit's" is "what's"
    assert_eq!(one("whit's the tyre cage code again", tuesday_morning()).resolver, Resolver::Memory);
}

#[test]
fn a_greeting_run_into_a_request_is_the_request_and_a_thing_made_on_a_day_keeps_its_hour() {
    let s = one("בוקר טוב תרשום לי ב-9 להזמין חלקים לטויוטה של כהן", tuesday_morning());
    assert_eq!((s.resolver, s.when), (Resolver::Task, Some(iso("2026-03-10T21:00:00+02:00"))), "{s:?}");
    assert_eq!(one("בוקר טוב", tuesday_morning()).resolver, Resolver::General);
    // tuesday_morning is Tuesday 2026-03-10: the next Tuesday is a week on
    let s = one("את הציונים תעשה ביום שלישי באותה שעה", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Update), "{s:?}");
    assert_eq!(s.title.as_deref(), Some("הציונים"));
    assert_eq!(s.when, Some(iso("2026-03-17T00:00:00+02:00")), "{s:?}");
}

#[test]
fn them_after_a_report_of_several_things_is_each_thing() {
    for (text, items) in [
        ("bought the milk and the bread, take them off the shopping list", vec!["milk", "bread"]),
        ("קניתי חלב ולחם תמחק אותם מהקניות", vec!["חלב", "לחם"]),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::List, Action::Remove), "{text}");
        assert_eq!(s.items, items, "{text}");
    }
}

#[test]
fn a_question_then_if_so_a_command_is_two_steps_and_the_question_words_are_not_searched() {
    for (text, query) in [
        ("did dana email me? if so remind me at 5 to answer her", "dana"),
        ("יש מייל מבעל הדירה? אם כן תזכיר לי מחר ב-9 לענות לו", "מבעל הדירה"),
    ] {
        let s = steps(text, tuesday_morning());
        assert_eq!(s.len(), 2, "{text}: {s:?}");
        assert_eq!((s[0].resolver, s[0].query.as_deref()), (Resolver::Gmail, Some(query)), "{text}");
        assert_eq!((s[1].resolver, s[1].action), (Resolver::Task, Action::Create), "{text}");
    }
}

#[test]
fn other_ways_to_ask_for_a_reminder_or_the_shopping_list() {
    for text in [
        "ping me tomorrow at 8 to call the bank",
        "make sure i call the bank tomorrow at 8",
        "תדאגי שאזכור להתקשר לבנק מחר בשמונה",
        "תוכל להזכיר לי מחר בשמונה להתקשר לבנק",
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Create), "{text}");
        assert!(s.title.as_deref().is_some_and(|t| t.contains("bank") || t == "להתקשר לבנק"), "{text}: {:?}", s.title);
    }
    for text in ["מה צריך לקנות", "what do we need to buy"] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::List, Action::Show), "{text}");
    }
    assert_eq!(one("took out the trash", tuesday_morning()).title.as_deref(), Some("trash"));
}

#[test]
fn phrases_typed_without_their_apostrophe_read_the_same() {
    for (text, resolver, action) in [
        ("whats on my camping list", Resolver::List, Action::Show),
        ("dont let me forget to water the plants tomorrow", Resolver::Task, Action::Create),
    ] {
        let u = understand(text, thursday_evening(), Lang::En);
        let s = &u.steps[0];
        assert_eq!((u.steps.len(), s.resolver, s.action), (1, resolver, action), "{text}: {:?}", u.steps);
    }
}

#[test]
fn a_chore_reported_done_for_a_coming_day_completes_it_but_an_arrangement_plans() {
    let done = one("כבר שטפתי את המרפסת לשבת", tuesday_morning());
    assert_eq!((done.resolver, done.action), (Resolver::Task, Action::Complete), "{done:?}");
    let u = understand("I've done the ironing", tuesday_morning(), Lang::En);
    assert_eq!((u.steps[0].resolver, u.steps[0].action), (Resolver::Task, Action::Complete), "{:?}", u.steps);
    let booked = understand("booked a table for friday at 8", tuesday_morning(), Lang::En);
    assert_ne!(booked.steps[0].action, Action::Complete, "an arrangement for a coming day: {:?}", booked.steps);
}

#[test]
fn questions_about_clocks_and_what_a_thing_is_are_about_the_world() {
    for text in ["do the clocks change tonight?", "is daylight saving this weekend?", "מה זה בעצם טו בשבט?"]
    {
        let u = understand(text, tuesday_morning(), Lang::He);
        let s = &u.steps[0];
        assert_eq!(
            (u.steps.len(), s.resolver, s.action),
            (1, Resolver::General, Action::Chat),
            "{text}: {:?}",
            u.steps
        );
    }
}

#[test]
fn small_talk_split_at_and_is_one_step() {
    let u = understand("what's the difference between a latte and a cappuccino", tuesday_morning(), Lang::En);
    assert_eq!(u.steps.len(), 1, "{:?}", u.steps);
    assert_eq!(u.steps[0].resolver, Resolver::General);
}

#[test]
fn short_minutes_and_a_glued_then_in_hebrew() {
    let s = one("תזכיר לי בעוד 10 דק לכבות את התנור", tuesday_morning());
    assert_eq!(s.when, Some(iso("2026-03-10T09:40:00+02:00")), "{s:?}");
    let u = understand("תזכיר לי מחר בשמונה להתקשר לבנק ואחכ תוסיף חלב לרשימת קניות", tuesday_morning(), Lang::He);
    let got: Vec<(Resolver, Action)> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(got, vec![(Resolver::Task, Action::Create), (Resolver::List, Action::Add)], "{:?}", u.steps);
    let set_up = understand("set up a reminder for tomorrow at 9 to call the bank", tuesday_morning(), Lang::En);
    assert_eq!((set_up.steps[0].resolver, set_up.steps[0].action), (Resolver::Task, Action::Create));
}

#[test]
fn what_a_hebrew_list_is_for_belongs_to_its_name() {
    for (text, list, first) in [
        ("תוסיף לרשימת ציוד לטיול פנס, שק שינה ומימיה", "ציוד לטיול", "פנס"),
        ("תוסיף לרשימת קניות לשבת יין וחלות", "קניות לשבת", "יין"),
        ("תוסיף לרשימת ציוד לבית ספר עפרונות ומחק", "ציוד לבית ספר", "עפרונות"),
        // an item that merely starts with ל stays an item
        ("תוסיף לרשימת קניות לחם וחלב", "קניות", "לחם"),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!(
            (s.list.as_deref(), s.items.first().map(String::as_str)),
            (Some(list), Some(first)),
            "{text}: {s:?}"
        );
    }
}

#[test]
fn searching_my_email_after_another_request_is_a_step_of_its_own() {
    for text in [
        "add batteries to the hardware list and search my inbox for the warranty",
        "תזכיר לי מחר בעשר לשלם חשמל ותבדוק לי במייל אם הגיעה החשבונית",
    ] {
        let u = understand(text, tuesday_morning(), Lang::En);
        assert_eq!(u.steps.len(), 2, "{text}: {:?}", u.steps);
        assert_eq!((u.steps[1].resolver, u.steps[1].action), (Resolver::Gmail, Action::Search), "{text}");
    }
}

#[test]
fn writing_down_a_meeting_at_a_time_is_a_calendar_event_and_a_chore_stays_a_reminder() {
    let meal = one("תרשום לי ביום חמישי ארוחה עם ההורים בשמונה בערב", tuesday_morning());
    assert_eq!((meal.resolver, meal.action), (Resolver::Calendar, Action::Create), "{meal:?}");
    let u = understand("put down a call with the accountant on sunday at 11", tuesday_morning(), Lang::En);
    assert_eq!(
        (u.steps[0].resolver, u.steps[0].title.as_deref()),
        (Resolver::Calendar, Some("call with the accountant"))
    );
    let chore = one("תרשום לי לקנות מתנה ליום חמישי בשמונה", tuesday_morning());
    assert_eq!(chore.resolver, Resolver::Task, "{chore:?}");
}

#[test]
fn a_reason_after_an_item_is_no_part_of_it() {
    for (text, item) in [
        ("cross off the olive oil we still have a bottle", "olive oil"),
        ("take the candles off the party list, i'll buy them at the gas station", "candles"),
        ("תוריד את הפיתות מהרשימה של המנגל כי אבא מביא", "הפיתות"),
    ] {
        let u = understand(text, tuesday_morning(), Lang::En);
        let s = &u.steps[0];
        // with no list named, the thing may be read as the list's name; the resolver then finds
        // it as an item (resolvers/list.rs)
        let named = if s.items.is_empty() { s.list.iter().cloned().collect() } else { s.items.clone() };
        assert_eq!((s.resolver, named), (Resolver::List, vec![item.to_string()]), "{text}: {:?}", u.steps);
    }
}

#[test]
fn misspelled_days_are_still_days() {
    for text in ["remind me tommorow at 9 to call the bank", "remind me on wensday at 9 to call the bank"] {
        let u = understand(text, tuesday_morning(), Lang::En);
        let when = u.steps[0].when.expect("a time");
        assert_eq!(when, iso("2026-03-11T09:00:00+02:00"), "{text}");
    }
}

#[test]
fn moving_a_meeting_of_a_named_day_to_an_hour_keeps_that_day() {
    let s = one("תעביר את ישיבת הצוות של יום חמישי לאחת עשרה", tuesday_morning());
    assert_eq!((s.action, s.when), (Action::Update, Some(iso("2026-03-12T11:00:00+02:00"))), "{s:?}");
}

#[test]
fn a_range_of_days_is_one_window_and_a_move_across_it_goes_to_the_last_day() {
    for text in ["what do i have between thursday and saturday", "מה יש לי ביומן מיום חמישי עד שבת"]
    {
        let u = understand(text, tuesday_morning(), Lang::En);
        let w = u.steps[0].window.expect("a window");
        assert_eq!((w.start, w.end), (iso("2026-03-12T00:00:00+02:00"), iso("2026-03-15T00:00:00+02:00")), "{text}");
    }
    for text in ["move the haircut from thursday to saturday", "תעביר את התספורת מיום חמישי לשבת"]
    {
        let s = understand(text, tuesday_morning(), Lang::En).steps.remove(0);
        assert_eq!((s.action, s.when), (Action::Update, Some(iso("2026-03-14T00:00:00+02:00"))), "{text}: {s:?}");
    }
}

#[test]
fn my_week_and_my_day_are_this_week_and_today_with_no_event_named() {
    for (text, start, end) in [
        ("how's my week looking", "2026-03-08T00:00:00+02:00", "2026-03-15T00:00:00+02:00"),
        ("what does my day look like", "2026-03-10T00:00:00+02:00", "2026-03-11T00:00:00+02:00"),
        ("איך נראה השבוע שלי", "2026-03-08T00:00:00+02:00", "2026-03-15T00:00:00+02:00"),
    ] {
        let s = understand(text, tuesday_morning(), Lang::En).steps.remove(0);
        assert_eq!((s.resolver, s.action, s.query.as_deref()), (Resolver::Calendar, Action::Find, None), "{text}");
        let w = s.window.expect("a window");
        assert_eq!((w.start, w.end), (iso(start), iso(end)), "{text}");
    }
}

#[test]
fn a_day_of_every_month_said_several_ways_is_monthly_on_that_day() {
    for (text, when) in [
        ("remind me every first of the month to pay the nanny", "2026-04-01T09:00:00+03:00"),
        ("every 20th of the month at 8am remind me to send the invoice", "2026-03-20T08:00:00+02:00"),
        ("כל חודש ב-15 בתשע תזכיר לי לשלם ועד בית", "2026-03-15T09:00:00+02:00"),
        ("תזכיר לי כל 12 לחודש בשמונה בבוקר להעביר שכר דירה", "2026-03-12T08:00:00+02:00"),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!(s.recurrence, Some(crate::understand::Recurrence::Monthly), "{text}: {s:?}");
        // a day with no time fires at 09:00 (the task resolver); the rules give its midnight
        let got = s.when.expect("a first occurrence");
        let want = iso(when);
        assert!(
            got == want || (got.date_naive() == want.date_naive() && got.time() == chrono::NaiveTime::MIN),
            "{text}: {got}"
        );
    }
    let hour = one("in an hour and a half remind me to take the cake out", tuesday_morning());
    assert_eq!(hour.when, Some(iso("2026-03-10T11:00:00+02:00")));
}

#[test]
fn the_same_day_as_another_step_takes_that_day_and_its_own_hour() {
    for (text, when) in [
        ("cancel friday's pilates and book a massage instead the same day at 6pm", "2026-03-13T18:00:00+02:00"),
        ("תבטל את הפגישה עם השמאי ביום רביעי ותקבע לי תספורת באותו יום בארבע", "2026-03-11T16:00:00+02:00"),
    ] {
        let u = understand(text, tuesday_morning(), Lang::En);
        assert_eq!(u.steps.len(), 2, "{text}: {:?}", u.steps);
        assert_eq!(u.steps[1].when, Some(iso(when)), "{text}: {:?}", u.steps);
        assert!(u.steps[1].title.as_deref().is_some_and(|t| !t.contains("instead")), "{:?}", u.steps[1].title);
    }
}

#[test]
fn a_greeting_and_thanks_around_a_request_are_no_part_of_it() {
    for (text, title) in [
        ("היי עוזר תזכיר לי מחר בשמונה לקנות מתנה לאמא תודה", "לקנות מתנה לאמא"),
        ("hi ozer, remind me tomorrow at 8 to buy a gift for mom thanks", "buy a gift for mom"),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.title.as_deref()), (Resolver::Task, Some(title)), "{text}: {s:?}");
    }
    let hi = one("hey ozer, thanks so much", tuesday_morning());
    assert_eq!(hi.resolver, Resolver::General);
}

#[test]
fn a_draft_or_an_email_not_to_send_is_a_draft() {
    for text in [
        "write an email to the landlord about the heater but don't send it",
        "תנסח מייל לגננת על הטיול, לא לשלוח עדיין",
    ] {
        let u = understand(text, tuesday_morning(), Lang::En);
        assert_eq!((u.steps[0].resolver, u.steps[0].action), (Resolver::Gmail, Action::Draft), "{text}: {:?}", u.steps);
    }
    let cal = one("pull up my calendar for thursday", tuesday_morning());
    assert_eq!((cal.resolver, cal.action), (Resolver::Calendar, Action::Find), "{cal:?}");
    let list = one("מה כתוב ברשימה של הטיול", tuesday_morning());
    assert_eq!((list.resolver, list.action), (Resolver::List, Action::Show), "{list:?}");
}

#[test]
fn notes_are_saved_recalled_and_forgotten_in_more_words() {
    for (text, action) in [
        ("delete what I saved about the wifi password", Action::Delete),
        ("what did I save about the parking spot", Action::Recall),
        ("תרשום לעצמך שהמפתח הרזרבי אצל השכנה", Action::Store),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Memory, action), "{text}: {s:?}");
    }
}

#[test]
fn a_sum_to_work_out_is_about_the_world_and_a_date_is_no_sum() {
    for text in ["what's 20% of 350", "כמה זה 14 כפול 6"] {
        assert_eq!(one(text, tuesday_morning()).resolver, Resolver::General, "{text}");
    }
    let day = one("מה יש לי ב-14/4", tuesday_morning());
    assert_eq!((day.resolver, day.action), (Resolver::Calendar, Action::Find), "{day:?}");
    let forget = one("תמחק מה ששמרתי על הקוד של השער", tuesday_morning());
    assert_eq!((forget.resolver, forget.action), (Resolver::Memory, Action::Delete), "{forget:?}");
}

#[test]
fn a_whole_list_goes_and_a_new_list_is_named_after_a_colon_or_a_dash() {
    for text in ["remove the whole wedding ideas list", "תמחק את כל הרשימה של קניות לפסח"] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action, s.items.len()), (Resolver::List, Action::Delete, 0), "{text}: {s:?}");
    }
    for (text, name) in [("תפתח רשימה: ספרים לחופש", "ספרים לחופש"), ("רשימה חדשה - ארוחות לשבוע", "ארוחות לשבוע")]
    {
        let s = one(text, tuesday_morning());
        assert_eq!((s.action, s.list.as_deref()), (Action::Create, Some(name)), "{text}: {s:?}");
    }
}

#[test]
fn cross_off_then_add_is_two_steps_and_the_item_crossed_off_names_no_list() {
    let u = understand("cross off the sunscreen too, found some at home. and add a hat", tuesday_morning(), Lang::En);
    let got: Vec<(Action, Option<&str>, Vec<String>)> =
        u.steps.iter().map(|s| (s.action, s.list.as_deref(), s.items.clone())).collect();
    let want =
        vec![(Action::Remove, None, vec!["sunscreen".to_string()]), (Action::Add, None, vec!["hat".to_string()])];
    assert_eq!(got, want, "{:?}", u.steps);
}

#[test]
fn a_holiday_of_several_days_at_an_hour_is_its_first_day_or_today_while_it_lasts() {
    // Rosh Hashana 5787 begins on Saturday 12 September 2026
    let before = DateTime::parse_from_rfc3339("2026-09-01T10:00:00+03:00")
        .expect("now")
        .with_timezone(&chrono_tz::Asia::Jerusalem);
    let s = one("תזכיר לי בראש השנה ב11 להתקשר לסבתא", before);
    assert_eq!(s.when, Some(iso("2026-09-12T11:00:00+03:00")), "{s:?}");
    // Hanukkah 5787 runs 5–12 December 2026; on its third day "at 4:30" is today
    let during = DateTime::parse_from_rfc3339("2026-12-07T12:40:00+02:00")
        .expect("now")
        .with_timezone(&chrono_tz::Asia::Jerusalem);
    let u = understand("remind me at 4:30 to light the hanukkah candles", during, Lang::En);
    assert_eq!(u.steps[0].when, Some(iso("2026-12-07T16:30:00+02:00")), "{:?}", u.steps);
}

#[test]
fn an_english_list_name_may_hold_to() {
    for (text, list) in [
        ("add Dune to my books to read list", "books to read"),
        ("put glue sticks on the back to school list", "back to school"),
    ] {
        let u = understand(text, tuesday_morning(), Lang::En);
        assert_eq!(u.steps[0].list.as_deref(), Some(list), "{text}: {:?}", u.steps);
    }
}

#[test]
fn reports_in_a_row_are_each_a_step_and_a_trailing_comma_or_and_is_harmless() {
    let u = understand("שילמתי את הארנונה, החלפתי את הנורה ותוסיף סוללות לרשימת קניות", tuesday_morning(), Lang::He);
    let got: Vec<(Resolver, Action)> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(
        got,
        vec![(Resolver::Task, Action::Complete), (Resolver::Task, Action::Complete), (Resolver::List, Action::Add)],
        "{:?}",
        u.steps
    );
    for text in ["paid the bill,", "paid the bill and", "סגרתי את המשכנתא,", "called the vet, and", "תוסיף חלב ו"]
    {
        let u = understand(text, tuesday_morning(), Lang::En);
        assert!(!u.steps.is_empty(), "{text}");
    }
}

#[test]
fn a_delete_from_there_after_a_list_step_is_off_that_list() {
    let u = understand("תראה לי את רשימת הטיול ותמחק משם את הפנס והאוהל", tuesday_morning(), Lang::He);
    let last = u.steps.last().expect("steps");
    assert_eq!((last.resolver, last.action, last.items.len()), (Resolver::List, Action::Remove, 2), "{:?}", u.steps);
}

#[test]
fn a_yes_or_no_opening_a_request_is_no_part_of_its_title() {
    for (text, title) in
        [("yes remind me tomorrow at 9 to call dan", "call dan"), ("כן תזכיר לי מחר בתשע להתקשר לדן", "להתקשר לדן")]
    {
        let s = one(text, tuesday_morning());
        assert_eq!(s.title.as_deref(), Some(title), "{text}");
    }
}

#[test]
fn asking_which_lists_there_are_names_no_list() {
    for text in ["what lists do I have", "which lists have I got", "איזה רשימות יש לי"] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action, s.list.as_deref()), (Resolver::List, Action::Show, None), "{text}");
    }
    // a name before "list" is still the name
    assert_eq!(one("what's on my camping list", tuesday_morning()).list.as_deref(), Some("camping"));
}

#[test]
fn a_series_of_things_without_commas_is_split_into_them_but_a_lone_item_is_not() {
    let s = one("add tahini pickles and ice to the picnic list", thursday_evening());
    assert_eq!(s.items, vec!["tahini", "pickles", "ice"]);
    let s = one("put apples bananas and a water bottle on the trip list", thursday_evening());
    assert_eq!(s.items, vec!["apples", "bananas", "water bottle"]);
    let s = one("תוסיף לרשימת הטיול שמן זית מגבות וקרם הגנה", thursday_evening());
    assert_eq!(s.items, vec!["שמן זית", "מגבות", "קרם הגנה"]);
    let s = one("add candy corn to the halloween list", thursday_evening());
    assert_eq!(s.items, vec!["candy corn"]);
    let s = one("add eggs, milk bread and butter to the shopping list", thursday_evening());
    assert_eq!(s.items, vec!["eggs", "milk bread", "butter"]);
}

#[test]
fn an_opening_verb_of_change_and_a_time_at_the_end_move_the_thing_between_them() {
    for (text, title, hour) in [
        ("actually make grandpa 5 instead", "grandpa", 17),
        ("change grandpa to 5pm", "grandpa", 17),
        ("ok switch the plumber to 11", "plumber", 11),
    ] {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.action, s.title.as_deref()), (Resolver::Task, Action::Update, Some(title)), "{text}");
        // (a bare hour's half of the day is settled against the thing's old time when it runs)
        assert_eq!(s.when.map(|w| w.hour() % 12), Some(hour % 12), "{text}");
    }
    let s = one("change grandpa to friday", thursday_evening());
    assert_eq!((s.action, s.when.map(|w| w.weekday())), (Action::Update, Some(chrono::Weekday::Fri)));
    // making something new at a time is no move
    let s = one("make a cake at 5", thursday_evening());
    assert_eq!(s.action, Action::Create);
}

#[test]
fn words_people_often_misspell_are_read_as_meant_and_kept_as_written() {
    let s = one("wat tasks do i have tomorow", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::List));
    let s = one("תזכיר לי בעוד שעתים להוציא את הכביסה", thursday_evening());
    assert_eq!(s.when, Some(iso("2026-01-22T23:09:00+02:00")));
    let s = one("remnd me at 9 to call Wat", thursday_evening());
    assert_eq!(s.title.as_deref(), Some("call Wat"));
}

#[test]
fn a_command_word_with_a_letter_left_out_or_two_crossed_is_still_the_command() {
    // two letters crossed, one left out inside a long word
    let s = one("chnage the dentist remnder to 3pm", thursday_evening());
    assert_eq!((s.resolver, s.action, s.when.map(|w| w.hour())), (Resolver::Task, Action::Update, Some(15)));
    let u = understand(
        "cancle the gym thursdy and remind me thursdy at 6 to go for a run insted",
        tuesday_morning(),
        Lang::He,
    );
    assert_eq!(u.steps.len(), 2, "{u:?}");
    assert_eq!(u.steps[1].when.map(|w| (w.weekday(), w.hour())), Some((chrono::Weekday::Thu, 18)));
    // "ad" opening a command is "add"; after another word it is an advert
    let s = one("ad bred and eggs to shoping list", thursday_evening());
    assert_eq!((s.resolver, s.action, s.items.len()), (Resolver::List, Action::Add, 2));
    let u = understand("remove bred from shoping list and ad milk", thursday_evening(), Lang::He);
    assert_eq!(u.steps.iter().map(|s| s.action).collect::<Vec<_>>(), [Action::Remove, Action::Add]);
    let s = one("remind me to post the ad tomorrow", thursday_evening());
    assert_eq!(s.title.as_deref(), Some("post the ad"));
    // "remember to" do something is a reminder, however it is spelt; "remember that" is a note
    let s = one("remeber to buy milk at 5", thursday_evening());
    assert_eq!((s.resolver, s.action, s.title.as_deref()), (Resolver::Task, Action::Create, Some("buy milk")));
    let s = one("I need to remember to pay the credit card bill on the 15th at 9am", thursday_evening());
    assert_eq!(s.title.as_deref(), Some("pay the credit card bill"));
    let s = one("remember that the gate code is 4512", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Memory, Action::Store));
    // a short word that a long one loses a letter to at its end is a word of its own
    assert_eq!(super::normalize::Normalized::new("frida").text, "frida");
    let s = one("תזכר שהקוד של השער הוא 4512", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Memory, Action::Store));
    let s = one("תזכיר לי מחר בבקר לשלם חשבון חשמל", thursday_evening());
    assert_eq!((s.title.as_deref(), s.when.map(|w| w.hour())), (Some("לשלם חשבון חשמל"), Some(9)));
}

#[test]
fn a_chain_of_times_each_with_what_to_do_is_a_step_each() {
    let u = understand(
        "remind me at 9 to call the bank, at 11 to call the accountant and at 4pm to pick up the kids",
        thursday_evening(),
        Lang::He,
    );
    let titles: Vec<_> = u.steps.iter().map(|s| s.title.clone().unwrap_or_default()).collect();
    assert_eq!(titles, ["call the bank", "call the accountant", "pick up the kids"]);
    let u =
        understand("also sat 11am pick up the dry cleaning and sunday 4pm call grandpa", thursday_evening(), Lang::He);
    assert_eq!(u.steps.len(), 2);
}

#[test]
fn asking_what_is_on_a_day_in_the_reminders_lists_tasks_and_the_calendar_is_its_own_step() {
    let s = one("מה יש לי מחר בתזכורות", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::List));
    assert!(s.window.is_some());
    let s = one("תזכורות פתוחות?", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::List));
    let u = understand("what reminders do i have tomorrow and what's on my calendar", thursday_evening(), Lang::He);
    let route: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(route, [(Resolver::Task, Action::List), (Resolver::Calendar, Action::Find)]);
}

#[test]
fn a_quoted_name_is_one_item_and_never_a_time() {
    let s = one("add 'the midnight library' to my books list", thursday_evening());
    assert_eq!((s.list.as_deref(), s.items.clone()), (Some("books"), vec!["midnight library".to_string()]));
    assert_eq!(s.when, None);
}

#[test]
fn a_construct_list_name_runs_to_the_first_thing_on_it_and_fillers_are_no_items() {
    let s = one("תוסיף לרשימת בית מרקחת אקמול ומדחום", thursday_evening());
    assert_eq!(
        (s.list.as_deref(), s.items.clone()),
        (Some("בית מרקחת"), vec!["אקמול".to_string(), "מדחום".to_string()])
    );
    let s = one("תוסיף לרשימת קניות חלב וביצים", thursday_evening());
    assert_eq!(s.list.as_deref(), Some("קניות"));
    let u = understand("תוריד את הבמבה מהרשימה ותוסיף במקום ביסלי", thursday_evening(), Lang::He);
    assert_eq!(u.steps.last().map(|s| s.items.clone()), Some(vec!["ביסלי".to_string()]));
    let u = understand("bought the turkey so take it off the list", thursday_evening(), Lang::He);
    assert_eq!(u.steps.last().map(|s| s.items.clone()), Some(vec!["turkey".to_string()]));
}

#[test]
fn off_after_a_verb_is_the_verb_and_after_is_it_says_called_off() {
    let s = one("cross off milk and bread, got them", thursday_evening());
    assert_eq!((s.list.as_deref(), s.items.clone()), (None, vec!["milk".to_string(), "bread".to_string()]));
    let s = one("ok trip's off because of the rain. delete the whole camping list", thursday_evening());
    assert_eq!((s.resolver, s.action, s.list.as_deref()), (Resolver::List, Action::Delete, Some("camping")));
    let s = one("and in 3 hours to move the car", thursday_evening());
    assert_eq!((s.resolver, s.action, s.title.as_deref()), (Resolver::Task, Action::Create, Some("move the car")));
}

#[test]
fn asking_again_about_someone_is_recalling_a_note_not_a_world_question() {
    let s = one("who was the plumber again?", thursday_evening());
    assert_eq!((s.resolver, s.action, s.query.as_deref()), (Resolver::Memory, Action::Recall, Some("plumber")));
    let s = one("who was the first prime minister of israel?", thursday_evening());
    assert_eq!(s.resolver, Resolver::General);
    let s = one("remind me again tomorrow at 5 to call mom", thursday_evening());
    assert_eq!(s.title.as_deref(), Some("call mom"));
}

#[test]
fn a_weaker_verb_backed_by_its_own_noun_after_and_is_a_step_of_its_own() {
    let u = understand(
        "clean up the done reminders and stick paper towels on the house list",
        thursday_evening(),
        Lang::He,
    );
    let route: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(route, [(Resolver::Task, Action::Delete), (Resolver::List, Action::Add)]);
    assert_eq!(u.steps[1].items, ["paper towels"]);
    let u = understand("cancel the bbq and tell everyone by email", thursday_evening(), Lang::He);
    let route: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(route, [(Resolver::Calendar, Action::Delete), (Resolver::Gmail, Action::Send)]);
}

#[test]
fn a_report_then_mark_it_done_is_one_completion_and_instead_of_a_deleted_thing_is_a_new_one() {
    let s = one("i submitted the assignment, mark it done", thursday_evening());
    assert_eq!((s.action, s.title.as_deref()), (Action::Complete, Some("assignment")));
    let u = understand(
        "cancel my meeting with Avi tomorrow and put a call with him on Sunday at 10 instead",
        thursday_evening(),
        Lang::He,
    );
    let route: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(route, [(Resolver::Calendar, Action::Delete), (Resolver::Calendar, Action::Create)]);
    assert_eq!(u.steps[1].title.as_deref(), Some("call with him"));
    let s = one("what did the school email say", thursday_evening());
    assert_eq!((s.resolver, s.action, s.query.as_deref()), (Resolver::Gmail, Action::Read, Some("school")));
}

#[test]
fn cancelling_a_named_kind_of_event_is_a_calendar_delete() {
    let s = one("cancel the viewing on Herzl St", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Delete));
}

#[test]
fn a_list_is_named_without_what_it_is_like_and_a_unit_after_a_number_is_no_new_item() {
    for text in ["תמחק את הרשימה הישנה של יום ההולדת", "תמחק את הרשימה של יום ההולדת"]
    {
        let s = one(text, thursday_evening());
        assert_eq!((s.action, s.list.as_deref()), (Action::Delete, Some("יום ההולדת")), "{text}");
    }
    let s = one("תוסיף סוללות 9 וולט לרשימת קניות", thursday_evening());
    assert_eq!(s.items, ["סוללות 9 וולט"]);
}

#[test]
fn follow_ups_people_write_without_the_usual_verbs() {
    let s = one("wait training got moved to sunday same time", thursday_evening());
    let alt = s.alternative.as_deref().expect("a reminder reading");
    assert_eq!((s.action, s.title.as_deref()), (Action::Update, Some("training")));
    assert_eq!((alt.resolver, alt.action, alt.title.as_deref()), (Resolver::Task, Action::Update, Some("training")));
    // (an event or one of the user's reminders: the reminder reading stands beside it, and the
    // one that names something the user has is what runs)
    let s = one("the x-ray got moved to sunday at 4", thursday_evening());
    let alt = s.alternative.as_deref().expect("a reminder reading");
    assert_eq!((s.resolver, s.action, s.title.as_deref()), (Resolver::Calendar, Action::Update, Some("x-ray")));
    assert_eq!((alt.resolver, alt.action, alt.title.as_deref()), (Resolver::Task, Action::Update, Some("x-ray")));
    let s = one("n remind me monday 8am bio assignment due", thursday_evening());
    assert_eq!(s.title.as_deref(), Some("bio assignment due"));
    let s = one("actually make the shift one 6:15", thursday_evening());
    assert_eq!((s.action, s.title.as_deref()), (Action::Update, Some("shift")));
    let s = one("Remove the wine, my son is bringing it.", thursday_evening());
    assert_eq!(s.title.as_deref().or(s.items.first().map(String::as_str)), Some("wine"));
    let s = one("Could you make a list called seder with matzah, wine, horseradish and eggs", thursday_evening());
    assert_eq!((s.action, s.list.as_deref(), s.items.len()), (Action::Create, Some("seder"), 4));
    let s = one("make a list called dinner with the in-laws", thursday_evening());
    assert_eq!(s.list.as_deref(), Some("dinner with the in-laws"));
    let s = one("וגם כל יום שישי בשמונה בבוקר להתקשר לאמא שלי", thursday_evening());
    assert_eq!(s.title.as_deref(), Some("להתקשר לאמא שלי"));
    let s = one("ותזכיר לי ב4 בדצמבר בחמש אחה\"צ להדליק נרות", thursday_evening());
    assert_eq!((s.when.map(|w| w.hour()), s.title.as_deref()), (Some(17), Some("להדליק נרות")));
}

#[test]
fn adding_to_the_list_just_made_keeps_a_thing_whose_name_starts_with_vav_and_the_clock_is_a_world_question() {
    let u = understand("תפתח רשימה חדשה בשם תרופות ותכניס אליה אקמול ויטמין די ואומגה 3", thursday_evening(), Lang::He);
    let last = u.steps.last().expect("a step");
    assert_eq!((last.resolver, last.action), (Resolver::List, Action::Add));
    assert_eq!(last.items, ["אקמול", "ויטמין די", "אומגה 3"]);
    let s = one("מה השעה עכשיו בניו יורק", thursday_evening());
    assert_eq!(s.resolver, Resolver::General);
}

#[test]
fn a_thing_said_then_a_bare_command_to_place_it_is_one_thing_made() {
    let s = one("I've got a parent-teacher meeting on Wednesday at 5, put it on my calendar", thursday_evening());
    assert_eq!(
        (s.resolver, s.action, s.title.as_deref()),
        (Resolver::Calendar, Action::Create, Some("parent-teacher meeting"))
    );
    let s = one("ארוחת ערב אצל ההורים ביום שישי בשבע וחצי בערב, תכניס ליומן", thursday_evening());
    assert_eq!((s.resolver, s.action, s.when.map(|w| w.hour())), (Resolver::Calendar, Action::Create, Some(19)));
    let s = one("אני צריך לזכור לחדש את הדרכון. תזכיר לי ביום שלישי ב8 וחצי", thursday_evening());
    assert_eq!((s.resolver, s.title.as_deref()), (Resolver::Task, Some("לחדש את הדרכון")));
    assert_eq!(s.when.map(|w| (w.weekday(), w.hour(), w.minute())), Some((chrono::Weekday::Tue, 8, 30)));
}

#[test]
fn more_ways_people_ask_in_both_languages() {
    let s = one("תזכיר לי בימי חול בשש וחצי בבוקר לקום לעבודה", thursday_evening());
    assert_eq!(s.recurrence, Some(crate::understand::Recurrence::Weekdays));
    let s = one("we're out of coffee. add it to the costco list", thursday_evening());
    assert_eq!(
        (s.action, s.list.as_deref(), s.items.clone()),
        (Action::Add, Some("costco"), vec!["coffee".to_string()])
    );
    let s = one("can u add bin bags n washing up liquid to the shopping", thursday_evening());
    assert_eq!(s.items, ["bin bags", "washing up liquid"]);
    let s = one("הפגישה עם המנהל נדחתה למחר באחת", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Update));
    let u = understand("קניתי את הפרחים. מה עוד נשאר לי לעשות היום?", thursday_evening(), Lang::He);
    let route: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(route, [(Resolver::Task, Action::Complete), (Resolver::Task, Action::List)]);
    for text in ["book me a table for 4 at Dishoom on saturday", "how do you say good luck in hebrew"] {
        assert_eq!(one(text, thursday_evening()).resolver, Resolver::General, "{text}");
    }
    assert_eq!(one("איך אני מוסיפה משהו לרשימה?", thursday_evening()).resolver, Resolver::Meta);
    let s = one("שמור לי את הסיסמה של הוויפי בעבודה: blue2026", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Memory, Action::Store));
    let s = one("what did I ask you to remind me about?", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::List));
}

#[test]
fn from_the_list_before_a_reason_takes_things_off_it_and_a_booking_is_outside() {
    let s = one("תמחק לחם מהקניות, כבר קניתי", thursday_evening());
    assert_eq!((s.resolver, s.action, s.list.as_deref()), (Resolver::List, Action::Remove, Some("קניות")));
    assert_eq!(s.items, ["לחם"]);
    let s = one("תנקה מהקניות את הביסלי ואת הפסטה", thursday_evening());
    assert_eq!((s.resolver, s.list.as_deref(), s.items.len()), (Resolver::List, Some("קניות"), 2));
    let s = one("תמחק את הפגישה מהיומן", thursday_evening());
    assert_eq!(s.resolver, Resolver::Calendar);
    assert_eq!(one("תזמין לי שולחן לשניים במסעדה ביום שישי בערב", thursday_evening()).resolver, Resolver::General);
    let s = one("תזכיר לי להזמין שולחן במסעדה ביום שישי", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Create));
}

#[test]
fn deleting_one_thing_and_making_another_instead_is_two_steps() {
    let route = |text: &str| {
        let u = understand(text, thursday_evening(), Lang::He);
        u.steps.iter().map(|s| (s.resolver, s.action, s.list.clone())).collect::<Vec<_>>()
    };
    assert_eq!(
        route("delete the shows list and make a new one called movies"),
        [
            (Resolver::List, Action::Delete, Some("shows".into())),
            (Resolver::List, Action::Create, Some("movies".into()))
        ]
    );
    assert_eq!(
        route("תמחק את רשימת הטיול ותפתח במקומה רשימה חדשה בשם טיול לצפון"),
        [
            (Resolver::List, Action::Delete, Some("הטיול".into())),
            (Resolver::List, Action::Create, Some("טיול לצפון".into()))
        ]
    );
    let u =
        understand("מחק את התזכורת לגז ובמקום זה תזכיר לי כל ערב בעשר לבדוק שהגז סגור", thursday_evening(), Lang::He);
    let got: Vec<_> = u.steps.iter().map(|s| (s.action, s.recurrence)).collect();
    assert_eq!(got, [(Action::Delete, None), (Action::Create, Some(crate::understand::Recurrence::Daily))]);
}

#[test]
fn marking_that_something_was_done_completes_it_and_renaming_with_no_list_is_of_a_task() {
    let s = one("תסמן שהחזרתי את הספר", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Complete));
    let s = one("תסמן שקניתי את הגבינה ברשימת הקניות", thursday_evening());
    assert_eq!(s.resolver, Resolver::List);
    let s = one("rename call bank to call bank about mortgage", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Update));
    let s = one("rename the shopping list to groceries", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::List, Action::Update));
}

#[test]
fn a_glued_list_name_before_a_colon_names_the_list() {
    for (text, n) in [("תרשום לי בקניות: עגבניות, מלפפונים, גבינה צהובה", 3), ("לקניות: אבטיח וקרח", 2)]
    {
        let s = one(text, thursday_evening());
        assert_eq!(
            (s.resolver, s.action, s.list.as_deref(), s.items.len()),
            (Resolver::List, Action::Add, Some("קניות"), n),
            "{text}"
        );
    }
}

#[test]
fn a_list_right_after_the_verb_is_the_target_and_what_the_thing_is_for_stays_with_it() {
    let s = one("תוסיף לקניות יין לקידוש", thursday_evening());
    assert_eq!((s.list.as_deref(), s.items.clone()), (Some("קניות"), vec!["יין לקידוש".to_string()]));
    let s = one("תוסיף חלב לקניות", thursday_evening());
    assert_eq!((s.list.as_deref(), s.items.clone()), (Some("קניות"), vec!["חלב".to_string()]));
}

#[test]
fn a_move_to_a_date_of_its_own_is_that_date_and_a_holiday_before_it_names_the_thing() {
    let now = DateTime::parse_from_rfc3339("2026-12-23T19:30:00+00:00")
        .expect("now")
        .with_timezone(&chrono_tz::Europe::London);
    let s = one("can we move the christmas drinks to the 27th at 6", now);
    assert_eq!((s.action, s.title.as_deref()), (Action::Update, Some("christmas drinks")));
    assert_eq!(s.when, Some(iso("2026-12-27T18:00:00+00:00")));
}

#[test]
fn a_holiday_after_the_title_is_what_the_thing_is_for_when_a_date_says_when() {
    for (text, when, title) in [
        ("remind me on march 1 to buy costumes for purim", "2026-03-01T09:00:00+02:00", "buy costumes for purim"),
        ("תזכיר לי ב1 במרץ לקנות תחפושות לפורים", "2026-03-01T09:00:00+02:00", "לקנות תחפושות לפורים"),
        (
            "תזכיר לי ב-4 בדצמבר בחמש אחה\"צ להדליק נר ראשון של חנוכה",
            "2026-12-04T17:00:00+02:00",
            "להדליק נר ראשון של חנוכה",
        ),
    ] {
        let s = one(text, thursday_evening());
        assert_eq!((s.when, s.title.as_deref()), (Some(iso(when)), Some(title)), "{text}");
    }
    // with no other day, the holiday is when
    let s = one("remind me to buy candles for hanukkah", thursday_evening());
    assert_eq!((s.when, s.title.as_deref()), (Some(iso("2026-12-05T09:00:00+02:00")), Some("buy candles")));
}

#[test]
fn the_first_one_is_a_pointer_not_the_first_of_the_month_at_one() {
    assert_eq!(crate::understand::time::parse("the first one", thursday_evening()), None);
    assert_eq!(crate::understand::time::parse("the 2nd one", thursday_evening()), None);
    let at_one = crate::understand::time::parse("on the first at one", thursday_evening()).expect("a time");
    assert_eq!(at_one.value, iso("2026-02-01T13:00:00+02:00"));
}

#[test]
fn asking_for_advice_is_chat_and_asking_back_what_was_told_is_a_recall() {
    for text in [
        "can't sleep. what's a good way to fall asleep fast?",
        "how long should I rest brioche dough in the fridge?",
        "כמה גרם יש בכוס קמח?",
        "עובד שלי כל הזמן מאחר, איך לדבר איתו על זה?",
        "יש לך רעיון לשם לעוגה חדשה עם פיסטוק?",
    ] {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.action), (Resolver::General, Action::Chat), "{text}");
    }
    // …and a question about the user's own things stays Ozer's
    let s = one("how long until my dentist appointment?", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Find));
    for text in ["how much did I pay for the boiler?", "what's the wifi password?"] {
        assert_eq!(one(text, thursday_evening()).resolver, Resolver::Memory, "{text}");
    }
}

#[test]
fn a_new_time_for_a_reminder_already_made_moves_it() {
    for (text, title) in [
        ("make the landlord reminder at 10am instead", "landlord"),
        ("את התזכורת של בעל הדירה תעשה ב-10 בבוקר במקום", "בעל הדירה"),
        ("התזכורת של בעל הדירה - תעשה אותה ב-10 בבוקר", "בעל הדירה"),
    ] {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.action, s.title.as_deref()), (Resolver::Task, Action::Update, Some(title)), "{text}");
        assert_eq!(s.when.map(|w| w.hour()), Some(10), "{text}");
    }
    // a new reminder said with "set a reminder" stays new
    let s = one("set a reminder for the landlord at 10", thursday_evening());
    assert_eq!(s.action, Action::Create);
}

#[test]
fn cancelling_an_event_at_an_hour_searches_its_day_and_clearing_my_day_is_a_window() {
    let s = one("cancel my 10am with Jake tomorrow", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Delete));
    let w = s.window.expect("window");
    assert_eq!((w.start, w.end), (iso("2026-01-23T00:00:00+02:00"), iso("2026-01-24T00:00:00+02:00")));
    assert!(!s.query.as_deref().unwrap_or_default().contains("tomorrow"), "{:?}", s.query);
    let s = one("clear my day tomorrow except the family dinner", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Delete));
    assert_eq!(s.window.map(|w| w.start), Some(iso("2026-01-23T00:00:00+02:00")));
    assert_eq!(s.except, vec!["family dinner".to_string()]);
}

#[test]
fn two_things_done_said_with_one_verb_or_two_are_two_completions() {
    for (text, first, second) in [
        ("i paid the window cleaner and the gas bill", "window cleaner", "gas bill"),
        ("שלחתי את הקבלות לרו\"ח ושילמתי לחברת הגז", "קבלות", "הגז"),
    ] {
        let u = understand(text, thursday_evening(), Lang::He);
        let got: Vec<_> = u.steps.iter().map(|s| (s.action, s.title.clone().unwrap_or_default())).collect();
        assert_eq!(got.len(), 2, "{text}: {got:?}");
        assert!(got.iter().all(|(a, _)| *a == Action::Complete), "{text}: {got:?}");
        assert!(got[0].1.contains(first) && got[1].1.contains(second), "{text}: {got:?}");
    }
    // "and I forgot the eggs" is no second thing done; "mom and dad" are one call
    for text in ["קניתי חלב ושכחתי את הביצים", "I called mom and dad"] {
        assert_eq!(understand(text, thursday_evening(), Lang::He).steps.len(), 1, "{text}");
    }
    // …and a command about them keeps them together
    let u = understand("bought the milk and the bread, take them off the shopping list", thursday_evening(), Lang::En);
    assert_eq!(u.steps.len(), 1, "{:?}", u.steps);
}

#[test]
fn the_list_shown_after_a_step_on_a_named_list_is_that_list() {
    let u = understand(
        "add pumpkin pie spice and heavy cream to the thanksgiving list and show me the list",
        thursday_evening(),
        Lang::En,
    );
    assert_eq!(u.steps.len(), 2);
    assert_eq!((u.steps[1].action, u.steps[1].list.as_deref()), (Action::Show, Some("thanksgiving")));
}

#[test]
fn not_needing_a_thing_on_a_list_removes_it_and_other_small_kinds() {
    let s = one("כבר לא צריך אבקת אפייה ברשימת סופר", thursday_evening());
    assert_eq!(
        (s.resolver, s.action, s.items.clone()),
        (Resolver::List, Action::Remove, vec!["אבקת אפייה".to_string()])
    );
    let s = one("we don't need charcoal anymore take it off the bbq list", thursday_evening());
    assert_eq!((s.action, s.items.clone()), (Action::Remove, vec!["charcoal".to_string()]));
    let s = one("we don't need batteries anymore, remove batteries from the hardware store list", thursday_evening());
    assert_eq!(s.items, vec!["batteries".to_string()]);
    let s = one("kill the 4pm meeting with the printer guys", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Delete));
    let s = one("רשום לזכור: נועה אלרגית לאגוזים", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Memory, Action::Store));
    let s = one("מה הטמפרטורה מחר בתל אביב", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::General, Action::Chat));
    // "כל ראשון לחודש": the first of every month, not every Sunday
    let s = one("תזכיר לי כל ראשון לחודש ב-9 לשלם משכורות", thursday_evening());
    assert_eq!(s.recurrence, Some(super::Recurrence::Monthly));
    assert_eq!(s.when, Some(iso("2026-02-01T09:00:00+02:00")));
    assert_eq!(s.title.as_deref(), Some("לשלם משכורות"));
}

#[test]
fn a_dictated_second_imperative_of_another_kind_starts_its_own_step() {
    let u = understand("תוסיף חמאה וסוכר לרשימת ספקים תזכיר לי ב12 להתקשר לטנובה", thursday_evening(), Lang::He);
    let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(got, vec![(Resolver::List, Action::Add), (Resolver::Task, Action::Create)], "{:?}", u.steps);
    assert_eq!(u.steps[0].items, vec!["חמאה".to_string(), "סוכר".to_string()]);
    assert!(u.steps[1].title.as_deref().is_some_and(|t| t.contains("טנובה")));
    // a command with nothing of its own before the second stays one step
    assert_eq!(understand("תזכיר לי מחר תזכיר לי", thursday_evening(), Lang::He).steps.len(), 1);
}

#[test]
fn clearing_all_i_have_on_a_day_and_taking_off_what_was_done() {
    let u = understand(
        "תעיף את כל מה שיש לי ביומן מחר חוץ מהגן ותזכיר לי בתשע בערב לשלוח הודעה לצוות",
        thursday_evening(),
        Lang::He,
    );
    let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(got, vec![(Resolver::Calendar, Action::Delete), (Resolver::Task, Action::Create)]);
    assert_eq!(u.steps[0].window.map(|w| w.start), Some(iso("2026-01-23T00:00:00+02:00")));
    assert_eq!(u.steps[0].except, vec!["גן".to_string()]);
    for text in ["הזמנתי כבר את הקמח, תוריד את זה מהמשימות", "paid the gas bill, delete it"]
    {
        let u = understand(text, thursday_evening(), Lang::He);
        let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
        assert_eq!(got, vec![(Resolver::Task, Action::Complete)], "{text}");
    }
}

#[test]
fn the_same_lists_other_verb_dictated_after_the_first_starts_its_own_step() {
    let u = understand("תוריד את הבננות מהקניות תוסיף תותים", thursday_evening(), Lang::He);
    let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(got, vec![(Resolver::List, Action::Remove), (Resolver::List, Action::Add)], "{:?}", u.steps);
    assert_eq!(u.steps[0].items, vec!["הבננות".to_string()]);
    assert_eq!(u.steps[1].items, vec!["תותים".to_string()]);
    // a verb said not to be done is no second step
    let u = understand("תנסח מייל לבעל הבית על הדוד שהתקלקל אבל אל תשלח עדיין", thursday_evening(), Lang::He);
    let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(got, vec![(Resolver::Gmail, Action::Draft)], "{:?}", u.steps);
}

#[test]
fn writing_down_a_clause_is_a_note_to_remember() {
    let u = understand("תזכיר לי בשמונה להתקשר לחשמלאי ותרשום שהוא ביקש 400 שקל", thursday_evening(), Lang::He);
    let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(got, vec![(Resolver::Task, Action::Create), (Resolver::Memory, Action::Store)], "{:?}", u.steps);
    assert!(u.steps[1].title.as_deref().is_some_and(|t| t.contains("הוא ביקש 400")), "{:?}", u.steps);
    let u = understand("תרשמי שהקוד של השער הוא 4513", thursday_evening(), Lang::He);
    assert_eq!((u.steps[0].resolver, u.steps[0].action), (Resolver::Memory, Action::Store));
    // things for a list that begin with ש stay things for a list
    let u = understand("תרשום שמפו ושמן ברשימת קניות", thursday_evening(), Lang::He);
    assert_eq!((u.steps[0].resolver, u.steps[0].action), (Resolver::List, Action::Add));
}

#[test]
fn asking_whether_someone_answered_searches_the_mail() {
    for text in ["תבדוק אם ענו לי מהבנק", "check if the bank replied", "check whether the bank got back to me"]
    {
        let u = understand(text, thursday_evening(), Lang::He);
        assert_eq!((u.steps[0].resolver, u.steps[0].action), (Resolver::Gmail, Action::Search), "{text}");
        let q = u.steps[0].query.clone().unwrap_or_default();
        assert!(q.contains("בנק") || q.contains("bank"), "{text}: {q}");
        assert!(!q.starts_with("אם") && !q.starts_with("if") && !q.starts_with("whether"), "{text}: {q}");
    }
    let u = understand(
        "תוסיף חמאה וסוכר לרשימת ספקים תזכיר לי ב12 להתקשר לטנובה ותבדוק אם ענו לי מהבנק",
        thursday_evening(),
        Lang::He,
    );
    let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(
        got,
        vec![(Resolver::List, Action::Add), (Resolver::Task, Action::Create), (Resolver::Gmail, Action::Search)]
    );
    // telling the team by mail after cancelling
    let u = understand("תבטל את הישיבה של מחר ותעדכן את הצוות במייל", thursday_evening(), Lang::He);
    let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(got, vec![(Resolver::Calendar, Action::Delete), (Resolver::Gmail, Action::Send)], "{:?}", u.steps);
}

#[test]
fn update_is_a_verb_of_change() {
    for text in ["update the dentist reminder to 9", "תעדכן את התזכורת של רופא השיניים לתשע"]
    {
        let u = understand(text, thursday_evening(), Lang::He);
        assert_eq!((u.steps[0].resolver, u.steps[0].action), (Resolver::Task, Action::Update), "{text}: {:?}", u.steps);
        assert_eq!(u.steps[0].when, Some(iso("2026-01-23T09:00:00+02:00")), "{text}");
    }
    let u = understand("update the meeting with dana to 4pm", thursday_evening(), Lang::En);
    assert_eq!((u.steps[0].resolver, u.steps[0].action), (Resolver::Calendar, Action::Update), "{:?}", u.steps);
}

#[test]
fn a_list_named_up_to_a_colon_holds_the_things_after_it() {
    for (text, name, first) in [
        ("תעשה רשימה בשם תיק לעבודה: גרביי לחץ, מטען, חטיף חלבון, עט", "תיק לעבודה", "גרביי לחץ"),
        ("תעשה לי רשימה בשם טיול שנתי: כובע, קרם הגנה, בקבוק מים", "טיול שנתי", "כובע"),
        ("new list called permission slips: Ava, Liam, Noor", "permission slips", "Ava"),
    ] {
        let u = understand(text, thursday_evening(), Lang::He);
        let s = &u.steps[0];
        assert_eq!((s.resolver, s.action), (Resolver::List, Action::Create), "{text}");
        assert!(s.confidence >= 0.8, "{text}: {}", s.confidence);
        assert_eq!(s.list.as_deref(), Some(name), "{text}");
        assert_eq!(s.items.first().map(String::as_str), Some(first), "{text}");
    }
}

#[test]
fn questions_of_know_how_and_asking_for_ideas_are_chat() {
    for text in [
        "What's a good way to keep a teenager off their phone at dinner?",
        "כמה שעות שינה צריך נער בן 16?",
        "what should a reservist bring to a week of training?",
        "מה הכי טוב לאכול לפני משמרת לילה?",
        "תן לי רעיון לארוחת ערב מהירה לשלושה",
        "אתה בכלל בן אדם?",
        "כמה בערך עולה לרצף מטבח של 12 מטר?",
    ] {
        let u = understand(text, thursday_evening(), Lang::He);
        assert_eq!(u.steps.len(), 1, "{text}: {:?}", u.steps);
        assert_eq!(u.steps[0].resolver, Resolver::General, "{text}: {:?}", u.steps);
    }
    // the user's own appointment stays the user's
    let u = understand("how long until my dentist appointment", thursday_evening(), Lang::En);
    assert_eq!(u.steps[0].resolver, Resolver::Calendar);
}

#[test]
fn closing_ticking_and_opening_say_what_is_done_with_a_thing() {
    let cases = [
        ("במבה קיבל חיסון, תסגור את התזכורת של החיסון", Resolver::Task, Action::Complete),
        ("close the reminder about the vet", Resolver::Task, Action::Complete),
        ("תמחוק את התזכורת של הוטרינר", Resolver::Task, Action::Delete),
        ("תשים וי על עגבניות ברשימת קניות", Resolver::List, Action::Remove),
        ("תסמן וי על החוזה", Resolver::Task, Action::Complete),
        ("תפתח לי את המייל מהמשרד של רופא השיניים", Resolver::Gmail, Action::Read),
    ];
    for (text, resolver, action) in cases {
        let u = understand(text, thursday_evening(), Lang::He);
        assert_eq!((u.steps[0].resolver, u.steps[0].action), (resolver, action), "{text}: {:?}", u.steps);
    }
}

#[test]
fn the_day_that_is_after_a_holiday_and_no_longer_needed_items() {
    let before_sukkot =
        DateTime::parse_from_rfc3339("2026-09-10T10:00:00+03:00").unwrap().with_timezone(&chrono_tz::Asia::Jerusalem);
    for text in [
        "תזכיר לי ביום שאחרי יום כיפור בשמונה בבוקר להתחיל לבנות את הסוכה",
        "תזכיר לי למחרת יום כיפור בשמונה בבוקר לבנות סוכה",
    ] {
        let u = understand(text, before_sukkot, Lang::He);
        assert_eq!(u.steps[0].when, Some(iso("2026-09-22T08:00:00+03:00")), "{text}");
    }
    let u = understand("לא צריך יותר גבינה ברשימת קניות", thursday_evening(), Lang::He);
    assert_eq!((u.steps[0].resolver, u.steps[0].action), (Resolver::List, Action::Remove));
    assert_eq!(u.steps[0].items, vec!["גבינה".to_string()]);
}

#[test]
fn a_sigh_that_asks_for_nothing_is_talk() {
    for text in ["ugh report cards are due friday and I haven't even started", "אוף, יש לי מלא עבודה מחר"]
    {
        let u = understand(text, thursday_evening(), Lang::He);
        assert_eq!(u.steps[0].resolver, Resolver::General, "{text}: {:?}", u.steps);
    }
    let u = understand("ugh remind me friday to do the report cards", thursday_evening(), Lang::En);
    assert_eq!((u.steps[0].resolver, u.steps[0].action), (Resolver::Task, Action::Create));
}

#[test]
fn a_thing_taken_off_after_a_list_step_comes_off_that_list() {
    let u = understand(
        "add dog shampoo to the pet list, remove chew toys, and remind me on Sunday at 10 to go shopping",
        thursday_evening(),
        Lang::En,
    );
    let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(
        got,
        vec![(Resolver::List, Action::Add), (Resolver::List, Action::Remove), (Resolver::Task, Action::Create)]
    );
    assert_eq!(u.steps[1].items, vec!["chew toys".to_string()]);
    assert_eq!(u.steps[1].list.as_deref(), Some("pet"));
    // the object said first, and a reason after it
    let u = understand("תוסיף גם ביצים. ואת הקפה תמחק, הבת שלי הביאה", thursday_evening(), Lang::He);
    let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(got, vec![(Resolver::List, Action::Add), (Resolver::List, Action::Remove)], "{:?}", u.steps);
    assert_eq!(u.steps[1].items, vec!["הקפה".to_string()]);
    // a cancel is of an appointment
    let u = understand("add milk to the shopping list and cancel the dentist", thursday_evening(), Lang::En);
    assert_ne!(u.steps.last().map(|s| s.resolver), Some(Resolver::List), "{:?}", u.steps);
}

#[test]
fn checking_the_calendar_after_other_requests_is_its_own_step() {
    let u = understand(
        "תוסיף חלב וביצים לרשימת קניות, תזכיר לי מחר ב-7 בבוקר לקנות אותם ותבדוק מה יש לי ביומן ביום שישי",
        thursday_evening(),
        Lang::He,
    );
    let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(
        got,
        vec![(Resolver::List, Action::Add), (Resolver::Task, Action::Create), (Resolver::Calendar, Action::Find)]
    );
    assert!(u.steps[2].window.is_some());
    // reported, then marked: one completion
    let u = understand("סיימתי לשלם את הארנונה, תסמן שזה בוצע", thursday_evening(), Lang::He);
    assert_eq!(u.steps.len(), 1, "{:?}", u.steps);
    assert_eq!((u.steps[0].resolver, u.steps[0].action), (Resolver::Task, Action::Complete));
}

#[test]
fn show_me_whats_on_it_after_adding_shows_that_list() {
    let u = understand(
        "add matzah, horseradish and grape juice to the passover list and show me what's on it",
        thursday_evening(),
        Lang::En,
    );
    let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(got, vec![(Resolver::List, Action::Add), (Resolver::List, Action::Show)]);
    assert_eq!(u.steps[1].list.as_deref(), Some("passover"));
}

#[test]
fn two_things_asked_at_once_are_two_recalls_unless_the_second_points_back() {
    for (text, first, second) in [
        ("what's the wifi password and the alarm code?", "wifi password", "alarm code"),
        ("what's the wifi password and what's the alarm code", "wifi password", "alarm code"),
        ("מה הסיסמה של הוויפי ומה הקוד של האזעקה", "הסיסמה של הוויפי", "הקוד של האזעקה"),
        ("מה הסיסמה של הוויפי והקוד של האזעקה", "הסיסמה של הוויפי", "הקוד של האזעקה"),
    ] {
        let u = understand(text, thursday_evening(), Lang::He);
        let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action, s.query.as_deref())).collect();
        assert_eq!(
            got,
            vec![(Resolver::Memory, Action::Recall, Some(first)), (Resolver::Memory, Action::Recall, Some(second))],
            "{text}"
        );
    }
    for text in ["what's my passport number and the expiry date of it", "מה הטלפון של יוסי והכתובת שלו"]
    {
        let u = understand(text, thursday_evening(), Lang::He);
        assert_eq!(u.steps.len(), 1, "{text}: {:?}", u.steps);
    }
}

#[test]
fn a_list_verb_dictated_after_another_is_its_own_step_and_whats_left_is_that_list() {
    for (text, list) in
        [("תוסיף ביצים לקניות תמחק את החלב", "קניות"), ("add eggs to the shopping list remove the milk", "shopping")]
    {
        let u = understand(text, thursday_evening(), Lang::He);
        let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action, s.list.as_deref())).collect();
        assert_eq!(
            got,
            vec![(Resolver::List, Action::Add, Some(list)), (Resolver::List, Action::Remove, Some(list))],
            "{text}"
        );
    }
    let u = understand("תוסיף לרשימת פסח מצות ויין תמחק את הקמח ותראה לי מה נשאר", thursday_evening(), Lang::He);
    let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action, s.list.as_deref())).collect();
    assert_eq!(
        got,
        vec![
            (Resolver::List, Action::Add, Some("פסח")),
            (Resolver::List, Action::Remove, Some("פסח")),
            (Resolver::List, Action::Show, Some("פסח"))
        ]
    );
    // what is left *to do* is the tasks
    let u = understand("תוסיף חלב לקניות ומה נשאר לי לעשות", thursday_evening(), Lang::He);
    assert_eq!((u.steps[1].resolver, u.steps[1].action), (Resolver::Task, Action::List), "{:?}", u.steps);
}

#[test]
fn a_note_about_him_right_after_a_step_about_someone_is_kept_under_their_name() {
    for (text, note) in [
        ("תזכיר לי מחר להתקשר לחשמלאי ותרשום שהוא ביקש 400 שקל", "חשמלאי: הוא ביקש 400 שקל"),
        (
            "remind me to call the electrician tomorrow at 9 and note that he wants 400 cash",
            "the electrician: he wants 400 cash",
        ),
        ("remind me to pay Dana on sunday and remember that she prefers bit", "Dana: she prefers bit"),
    ] {
        let u = understand(text, thursday_evening(), Lang::He);
        assert_eq!(u.steps.len(), 2, "{text}: {:?}", u.steps);
        assert_eq!((u.steps[1].resolver, u.steps[1].action), (Resolver::Memory, Action::Store), "{text}");
        assert_eq!(u.steps[1].title.as_deref(), Some(note), "{text}");
    }
    // a thing, not someone: the note stays as said
    let u = understand("remind me to buy milk and remember that it's on sale", thursday_evening(), Lang::En);
    assert_eq!(u.steps[1].title.as_deref(), Some("it's on sale"), "{:?}", u.steps);
}

#[test]
fn a_feeling_a_greeting_that_tells_how_things_are_or_a_plea_for_help_is_talk_not_a_reminder() {
    for text in [
        "ok finals start tmrw and i also have shifts at the cafe. help",
        "בוקר, יש לי מלא דדליינים של לקוחות החודש",
        "still unpacking boxes at midnight, this move is brutal",
        "morning! busy few days of dog walking ahead",
        "היי, אנחנו מתחתנים ביוני ואנחנו קצת בלחץ",
    ] {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.action), (Resolver::General, Action::Chat), "{text}");
    }
    // a greeting before a thing at a clock time, or before a request, is still that
    let s = one("morning! dentist tomorrow at 5", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Create));
    let s = one("בוקר, תזכיר לי ב-8 לקנות חלב", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Create));
    let s = one("tax season is killing me, haven't slept properly in weeks", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::General, Action::Chat));
    let s = one("i'm so tired, remind me at 10 to go to sleep", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Create));
}

#[test]
fn a_question_after_a_question_or_a_request_is_a_step_of_its_own() {
    let cases: [(&str, Vec<(Resolver, Action)>); 4] = [
        (
            "what do we have next week? also remind me monday at 8 to sign Noah up for little league",
            vec![(Resolver::Calendar, Action::Find), (Resolver::Task, Action::Create)],
        ),
        (
            "whats the café wifi password again and when is the dentist appointment",
            vec![(Resolver::Memory, Action::Recall), (Resolver::Calendar, Action::Find)],
        ),
        (
            "remind me at 5 to book the boiler service, add light bulbs to the shopping list and what's on tomorrow?",
            vec![(Resolver::Task, Action::Create), (Resolver::List, Action::Add), (Resolver::Calendar, Action::Find)],
        ),
        (
            "מה הקוד של האזעקה ומתי הפגישה עם דנה",
            vec![(Resolver::Memory, Action::Recall), (Resolver::Calendar, Action::Find)],
        ),
    ];
    for (text, want) in cases {
        let u = understand(text, thursday_evening(), Lang::En);
        let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
        assert_eq!(got, want, "{text}");
    }
    // "what do we have" is no title to look for: the window is the question
    let u = understand("what do we have next week?", thursday_evening(), Lang::En);
    assert!(u.steps[0].query.is_none() && u.steps[0].window.is_some(), "{:?}", u.steps);
    // a world question one way or another is talk
    for text in [
        "מתי הכי טוב לשתול שום בארץ?",
        "is it actually bad luck to see each other before the ceremony?",
        "כואבת לי הברך, זה נורמלי שבועיים אחרי ניתוח?",
    ] {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.action), (Resolver::General, Action::Chat), "{text}");
    }
}

#[test]
fn more_ways_of_saying_a_thing_is_done() {
    for (text, title) in [
        ("forgot to tell you, I paid the eversource bill yesterday", "eversource bill"),
        ("council tax sorted ✅", "council tax"),
        ("already iced the knee", "knee"),
        ("did the laundry already", "laundry"),
        ("my wife called the gas company already", "gas company"),
    ] {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Complete), "{text}");
        assert_eq!(s.title.as_deref(), Some(title), "{text}");
    }
    // still questions, or about no task
    for text in ["did the bank reply?", "my son needed a ride"] {
        let s = one(text, thursday_evening());
        assert_ne!((s.resolver, s.action), (Resolver::Task, Action::Complete), "{text}");
    }
}

#[test]
fn a_sentence_that_asks_nothing_before_a_timed_request_is_its_background() {
    for (text, title) in [
        ("המבחן בסטטיסטיקה ביום רביעי. תזכיר לי ביום שלישי ב-9 בערב ללכת לישון מוקדם", "ללכת לישון מוקדם"),
        ("Dana's birthday is on Friday. remind me on Thursday at 6 to buy a gift", "buy a gift"),
    ] {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.action, s.title.as_deref()), (Resolver::Task, Action::Create, Some(title)), "{text}");
    }
    // a request that says no more than its time is about the sentence before it
    let s = one("dentist tomorrow at 5. remind me at 4", thursday_evening());
    assert_eq!(s.title.as_deref(), Some("dentist"));
}

#[test]
fn make_that_a_new_day_moves_the_last_thing() {
    let s = one("make that wednesday", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Update));
    assert!(s.when.is_some());
}

#[test]
fn a_list_named_up_to_its_colon_keeps_a_holiday_in_its_name() {
    for (text, name) in [
        ("make a list called purim baskets: hamantaschen, wine, clementines, chocolate", "purim baskets"),
        ("תפתח רשימה בשם פסח 2027: מצות, יין", "פסח 2027"),
    ] {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.list.as_deref(), s.when), (Resolver::List, Some(name), None), "{text}");
    }
}

#[test]
fn two_letters_typed_the_wrong_way_round_in_a_command_word_are_read_as_meant() {
    let u = understand(
        "remidn me monday at 7 to walk Luna and remind me monday at noon to walk Max",
        thursday_evening(),
        Lang::En,
    );
    let titles: Vec<_> = u.steps.iter().map(|s| s.title.as_deref()).collect();
    assert_eq!(titles, vec![Some("walk Luna"), Some("walk Max")]);
    let s = one("reimnd me tomorrwo at 5 to call mom", thursday_evening());
    assert_eq!(s.when, Some(iso("2026-01-23T17:00:00+02:00")));
}

#[test]
fn a_thing_done_said_object_first_is_a_completion() {
    for (text, title) in [("את השנייה כבר עשיתי", "השנייה"), ("את החשבון של החשמל שילמתי", "החשבון של החשמל")]
    {
        let s = one(text, thursday_evening());
        assert_eq!(
            (s.resolver, s.action, s.title.as_deref()),
            (Resolver::Task, Action::Complete, Some(title)),
            "{text}"
        );
    }
}

#[test]
fn a_reason_said_with_no_comma_ends_the_thing_named() {
    for (text, item) in [
        ("תוריד את הדוד משה הוא בחו״ל", "הדוד משה"),
        ("take the Cohens off they're not speaking to us", "Cohens"),
        ("תוסיף חלב הוא נגמר", "חלב"),
    ] {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.items.clone()), (Resolver::List, vec![item.to_string()]), "{text}");
    }
}

#[test]
fn a_dative_between_the_verb_and_the_calendar_still_says_calendar() {
    for text in ["מחר בשמונה טיול שנתי תרשום לי ביומן", "תכניס לנו ליומן מחר בשמונה טיול שנתי"]
    {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Create), "{text}");
        assert_eq!(s.when, Some(iso("2026-03-11T08:00:00+02:00")), "{text}");
        assert_eq!(s.title.as_deref(), Some("טיול שנתי"), "{text}");
    }
}

#[test]
fn a_night_named_beside_another_time_is_the_occasion() {
    let s = one("תכניס ליומן בערב פסח בשמונה בערב ליל הסדר אצל ההורים", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Create));
    assert_eq!(s.when, Some(iso("2026-04-01T20:00:00+03:00")));
    assert!(s.title.as_deref().is_some_and(|t| t.contains("ליל הסדר")), "{:?}", s.title);
}

#[test]
fn a_cancel_or_a_clearing_that_day_is_on_the_day_said_before_it() {
    for text in [
        "ערב פסח: תזכיר לי בשתיים לקנות יין ותבטל את הישיבה עם רוני באותו יום",
        "on erev pesach remind me at 2 to buy wine and cancel the meeting with Roni that day",
    ] {
        let u = understand(text, tuesday_morning(), Lang::He);
        let s = u.steps.last().expect("steps");
        assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Delete), "{text}");
        let w = s.window.expect("window");
        assert_eq!((w.start, w.end), (iso("2026-04-01T00:00:00+03:00"), iso("2026-04-02T00:00:00+03:00")), "{text}");
        assert!(s.when.is_none(), "{text}");
    }
    // "כל מה שיש ביומן" is what there is, no question
    let s = one("בפורים אני בחופש, תמחק את כל מה שיש ביומן באותו יום", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Delete));
    assert_eq!(s.window.map(|w| w.start), Some(iso("2027-03-23T00:00:00+02:00")));
}

#[test]
fn a_number_glued_to_bet_then_an_hour_is_the_day_of_the_month() {
    let s = one("תזכיר לי ב-20 בתשע בבוקר לשלם ארנונה", tuesday_morning());
    assert_eq!(s.when, Some(iso("2026-03-20T09:00:00+02:00")));
    // alone it is still the hour
    let s = one("תזכיר לי ב-5 לשלם ארנונה", tuesday_morning());
    assert_eq!(s.when, Some(iso("2026-03-10T17:00:00+02:00")));
}

#[test]
fn the_part_of_day_after_a_day_before_is_that_days_time() {
    let u = understand(
        "תכניס ליומן מבחן בהיסטוריה ביום חמישי ב-9 ותזכיר לי יום לפני בערב לחזור על החומר",
        tuesday_morning(),
        Lang::He,
    );
    assert_eq!(u.steps.len(), 2, "{:?}", u.steps);
    let w = u.steps[1].when.expect("when");
    assert_eq!(w.date_naive(), iso("2026-03-11T00:00:00+02:00").date_naive());
    assert!(w.hour() >= 17, "{w}");
}

#[test]
fn the_last_item_after_a_number_or_a_written_apart_vav_is_its_own() {
    let s = one("תוסיף לקניות קפה, סוללות AA 4 ומגבונים", tuesday_morning());
    assert_eq!(s.items, vec!["קפה", "סוללות AA 4", "מגבונים"]);
    let s = one("תוסיף לרשימת קניות לחם ו-nutella", tuesday_morning());
    assert_eq!(s.items, vec!["לחם", "nutella"]);
}

#[test]
fn waking_us_is_a_reminder() {
    for text in ["wake us tomorrow at 7:15", "תעיר אותנו מחר בשבע ורבע"] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Create), "{text}");
        assert_eq!(s.when, Some(iso("2026-03-11T07:15:00+02:00")), "{text}");
    }
}

#[test]
fn sentences_told_about_someone_with_no_hour_ask_for_nothing() {
    for text in [
        "she called me twice today about the same bill. I don't know how to explain it to her anymore",
        "יום ארוך. היינו בבית חולים כל הבוקר והיא לא הפסיקה לבכות",
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!(s.resolver, Resolver::General, "{text}: {s:?}");
    }
    // with an hour said, it is still a thing to keep
    let s = one("she lands tomorrow. pick her up at 6pm from the airport", tuesday_morning());
    assert_ne!(s.resolver, Resolver::General, "{s:?}");
}

#[test]
fn talk_before_anyway_or_a_colon_is_no_part_of_the_request() {
    for text in [
        "finally done with the inventory and my back is killing me. anyway remind me friday at 9 to call the supplier",
        "kids are finally asleep. ok before i forget: remind me friday at 9 to call the supplier",
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Create), "{text}");
        assert_eq!(s.title.as_deref(), Some("call the supplier"), "{text}");
        assert_eq!(s.when, Some(iso("2026-03-13T09:00:00+02:00")), "{text}");
    }
    // a heading that says the day, before a request with only an hour, says when
    let s = one("ערב פסח: תזכיר לי בשלוש לקנות מצות", tuesday_morning());
    assert_eq!(s.when, Some(iso("2026-04-01T15:00:00+03:00")));
}

#[test]
fn a_thing_shown_by_a_name_that_is_none_of_ozers_is_a_list() {
    for (text, name) in [("show me my packing stuff", "packing stuff"), ("תראה לי את הציוד לטיול", "הציוד לטיול")]
    {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::List, Action::Show), "{text}");
        assert_eq!(s.list.as_deref(), Some(name), "{text}");
    }
    let s = one("show me my tasks", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::List));
}

#[test]
fn a_sentence_after_a_command_that_tells_why_is_no_part_of_it() {
    let s = one("remind me friday at 9 to call grandma. she is turning 90", tuesday_morning());
    assert_eq!(s.title.as_deref(), Some("call grandma"));
    let s =
        one("start a list wedding music with Halleluya, Yerushalayim shel zahav and Hava nagila", tuesday_morning());
    assert_eq!(s.list.as_deref(), Some("wedding music"));
    assert_eq!(s.items.len(), 3, "{:?}", s.items);
}

#[test]
fn how_to_use_ozer_is_help_and_know_how_about_the_world_is_talk() {
    for text in ["how can I get you to remind me about the recycling every week?", "לא הבנתי איך מוסיפים משהו לרשימה"]
    {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Meta, Action::Help), "{text}");
    }
    for text in ["how do I make brownies", "what even is a mortgage", "יש לך טיפים לשינה טובה?"] {
        let s = one(text, tuesday_morning());
        assert_eq!(s.resolver, Resolver::General, "{text}");
    }
}

#[test]
fn a_second_time_of_day_is_on_the_day_the_first_reminder_said() {
    // tuesday 09:30: "at 4" alone would be 16:00 today; after "on thursday at 10" it is thursday
    for text in [
        "remind me on thursday at 10 to call dan and at 4 to pick up the kids",
        "תזכיר לי ביום חמישי בעשר להתקשר לדן ובארבע לאסוף את הילדים",
    ] {
        let u = understand(text, tuesday_morning(), Lang::He);
        let whens: Vec<_> = u.steps.iter().map(|s| s.when).collect();
        assert_eq!(
            whens,
            vec![Some(iso("2026-03-12T10:00:00+02:00")), Some(iso("2026-03-12T16:00:00+02:00"))],
            "{text}: {:?}",
            u.steps
        );
    }
    // an explicit half stays, and a time after another kind of step keeps its own reading
    let u = understand("remind me tomorrow at 6pm to study, at 9am to call mum", tuesday_morning(), Lang::En);
    assert_eq!(u.steps[1].when, Some(iso("2026-03-11T09:00:00+02:00")), "{:?}", u.steps);
    let u = understand(
        "dentist on thursday at 10 put it in the calendar, and remind me at 8 to call them",
        tuesday_morning(),
        Lang::En,
    );
    assert_eq!(u.steps.last().and_then(|s| s.when), Some(iso("2026-03-10T20:00:00+02:00")), "{:?}", u.steps);
}

#[test]
fn a_thing_that_takes_hours_on_a_day_is_an_event_at_its_start() {
    for (text, when) in [
        ("volunteering at the hospice shop wednesday 10 till 2", "2026-03-11T10:00:00+02:00"),
        ("ביום שלישי אני מתנדב בבית התמחוי מתשע עד שתים עשרה תרשום ביומן", "2026-03-17T09:00:00+02:00"),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Create), "{text}");
        assert_eq!(s.when, Some(iso(when)), "{text}");
    }
    // a part of the day is no span of hours: a reminder at noon stays a reminder
    let s = one("תזכיר לי מחר בצהריים להתקשר לסבתא", tuesday_morning());
    assert_eq!(s.resolver, Resolver::Task);
}

#[test]
fn when_one_of_the_users_things_is_looks_in_the_calendar_and_world_questions_are_talk() {
    for (text, query) in [("when's my English bagrut?", "English bagrut"), ("מתי הבגרות באנגלית?", "הבגרות באנגלית")]
    {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Find), "{text}");
        assert_eq!(s.query.as_deref(), Some(query), "{text}");
    }
    for text in [
        "מתי הכי טוב לשתול שום?",
        "what are mortgage rates doing right now",
        "מה הריבית על משכנתא היום?",
        "best gelato near the Pantheon?",
        "איפה הכי טוב לאכול חומוס בירושלים?",
    ] {
        assert_eq!(one(text, tuesday_morning()).resolver, Resolver::General, "{text}");
    }
    // a reminder about the mortgage is still a reminder
    let s = one("remind me to call the bank about the mortgage tomorrow at 9", tuesday_morning());
    assert_eq!(s.resolver, Resolver::Task);
}

#[test]
fn a_day_that_went_badly_is_talk_and_two_teachers_are_no_monday() {
    for text in [
        "איזה בוקר מטורף, שני מורים חולים והמחליפה עוד לא הגיעה",
        "honestly this week has been a nightmare, two teachers out sick and a burst pipe in the gym",
        "what a day, the car broke down and the kids are sick",
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!(s.resolver, Resolver::General, "{text}");
        assert!(s.when.is_none(), "{text}");
    }
    assert!(super::time::parse("שני הילדים חולים", tuesday_morning()).is_none());
    assert!(super::time::parse("ביום שני", tuesday_morning()).is_some());
}

#[test]
fn a_reason_after_the_list_word_and_a_comma_is_no_lists_name() {
    let s = one("תורידי את קרם ההגנה מהרשימה, ההורים שולחים מהבית", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::List, Action::Remove));
    assert_eq!((s.list.as_deref(), s.items.clone()), (None, vec!["קרם ההגנה".to_string()]));
}

#[test]
fn make_that_a_new_hour_and_a_correction_with_not_move_the_thing() {
    let s = one("make that 10", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Update));
    assert_eq!(s.when, Some(iso("2026-03-10T10:00:00+02:00")));
    let s = one("actually make loading the van 5 not 4", tuesday_morning());
    assert_eq!(s.action, Action::Update);
    assert_eq!(s.title.as_deref(), Some("loading the van"));
    assert_eq!(s.when, Some(iso("2026-03-10T17:00:00+02:00")));
}

#[test]
fn done_again_is_done_and_a_kind_of_shift_is_no_move() {
    for (text, title) in [("restrung the bass already", "bass"), ("rewrote the cover letter", "cover letter")] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Complete), "{text}");
        assert_eq!(s.title.as_deref(), Some(title), "{text}");
    }
    let s = one("evening. night shift again. remind me in 2 hours to take a break", tuesday_morning());
    assert_eq!((s.resolver, s.action, s.title.as_deref()), (Resolver::Task, Action::Create, Some("take a break")));
}

#[test]
fn a_thing_whose_own_name_starts_with_vav_keeps_it_after_a_comma() {
    let s = one("תפתח רשימה ציוד למרוץ: גרביים, שעון, סיכות, וזלין", tuesday_morning());
    assert_eq!(s.items, vec!["גרביים", "שעון", "סיכות", "וזלין"]);
    let s = one("תוסיף לקניות חלב, ולחם", tuesday_morning());
    assert_eq!(s.items, vec!["חלב", "לחם"]);
}

#[test]
fn an_anchor_of_hours_in_one_reminder_counts_back_from_its_time() {
    for (text, when) in [
        ("remind me an hour before the meeting at 5", "2026-03-10T16:00:00+02:00"),
        ("the flight is sunday at 10:40, remind me three hours before", "2026-03-15T07:40:00+02:00"),
        ("הטיסה חזרה ביום ראשון ב-10:40, תזכיר לי שלוש שעות לפני", "2026-03-15T07:40:00+02:00"),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.when), (Resolver::Task, Some(iso(when))), "{text}");
    }
    // four digits after a day, or with a leading zero, are the 24-hour clock
    let s = one("remind me tmrw 0530 to grab my gear from the car", tuesday_morning());
    assert_eq!(s.when, Some(iso("2026-03-11T05:30:00+02:00")));
    // what the list is for, right after its name, is part of the name
    let u = understand("תוסיף לציוד למילואים מטען נייד ותזכיר לי הערב בעשר לארוז", tuesday_morning(), Lang::He);
    assert_eq!(u.steps[0].list.as_deref(), Some("ציוד למילואים"));
    assert_eq!(u.steps[0].items, vec!["מטען נייד"]);
}

#[test]
fn a_question_asks_back_a_kept_fact_only_when_it_names_one_else_it_is_about_the_world() {
    for text in [
        "מה הקוד של השער בחניון?",
        "where did I park at Azrieli?",
        "what's mom's blood type",
        "which day is bin day again",
        "איפה הדרכונים של הילדים",
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Memory, Action::Recall), "{text}");
    }
    for text in [
        "can cats eat grapes? client on hold is asking",
        "how much salt do I need for a kilo of potato salad",
        "איזה אקורדים יש בהללויה של לאונרד כהן?",
        "whats the normal potassium range in adults",
    ] {
        assert_eq!(one(text, tuesday_morning()).resolver, Resolver::General, "{text}");
    }
    let s = one("when is Bandit's recheck", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Find));
}

#[test]
fn a_move_told_as_news_is_the_move_and_update_it_is_part_of_it() {
    for (text, query, when) in [
        ("Dr Patel wants the x-ray appointment moved to tomorrow at 3:15", "x-ray", "2026-03-11T15:15:00+02:00"),
        ("the Bauer lunch is now Wednesday at 12:30, update it", "Bauer lunch", "2026-03-11T12:30:00+02:00"),
        ("my RE moved the consult to Thursday 2:45, update it", "consult", "2026-03-12T14:45:00+02:00"),
        ("הפגישה עם רונית עברה ליום חמישי ב-4", "רונית", "2026-03-12T16:00:00+02:00"),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Update), "{text}");
        assert!(s.query.as_deref().is_some_and(|q| q.contains(query)), "{text}: {:?}", s.query);
        assert_eq!(s.when, Some(iso(when)), "{text}");
        assert!(s.confidence >= 0.6, "{text}");
    }
    // a fact that is now so, with no meeting in it, is kept, not moved
    let s = one("my gym day is now Thursday", tuesday_morning());
    assert_ne!((s.resolver, s.action), (Resolver::Calendar, Action::Update));
    // and the pain that passed is no move
    assert_ne!(one("עבר לי הכאב בגב סוף סוף", tuesday_morning()).action, Action::Update);
}

#[test]
fn asking_only_what_ozer_can_do_is_help_and_booked_things_are_cancelled_on_the_calendar() {
    for text in [
        "hi, a friend set you up for me. before I start, what can you actually handle?",
        "What sort of things can you help with?",
        "מה אתה בעצם יודע לעשות?",
        "במה את באמת יכולה לעזור לי",
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Meta, Action::Help), "{text}");
    }
    assert_ne!(one("what can you tell me about the meeting tomorrow", tuesday_morning()).resolver, Resolver::Meta);
    for text in ["תבטל את אימון הכוח", "cancel the flight to Eilat"] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Delete), "{text}");
    }
    for text in ["anything booked for me tmrw", "anything on the calendar on Purim", "יש משהו ביומן מחר?"]
    {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Find), "{text}");
        assert!(s.window.is_some(), "{text}");
    }
}

/// The sixteenth held-out set (v001–v400 by a fourteenth writer; split before Ozer ran on them):
/// 87.5% on first run.
#[test]
fn sixteenth_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev16_frozen.jsonl", 200, 875);
}

/// The seventeenth held-out set (w001–w400 by a fifteenth writer; split before Ozer ran on them):
/// 87.0% on first run, with the first rules of the session that added it.
#[test]
fn seventeenth_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev17_frozen.jsonl", 200, 870);
}

/// The eighteenth held-out set (x001–x400 by a sixteenth writer; split before Ozer ran on them):
/// 85.5% on first run, with the first rules of the session that added it.
#[test]
fn eighteenth_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev18_frozen.jsonl", 200, 855);
}

/// The nineteenth held-out set (y001–y400 by a seventeenth writer; split before Ozer ran on them):
/// 84.5% on first run, with the first rules of the session that added it.
#[test]
fn nineteenth_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev19_frozen.jsonl", 200, 845);
}

/// The twentieth held-out set (z001–z400 by an eighteenth writer; split before Ozer ran on them):
/// 93.0% on first run, with the first rules of the session that added it.
#[test]
fn twentieth_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev20_frozen.jsonl", 200, 930);
}

/// The twenty-first held-out set (w001–w400 by a nineteenth writer; split before Ozer ran on
/// them): 94.0% on first run, with the first rules of the session that added it.
#[test]
fn twenty_first_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev21_frozen.jsonl", 200, 940);
}

/// The twenty-second held-out set (b001–b400 by a twentieth writer; split before Ozer ran on
/// them): 96.5% on first run, with the rules as the session that added it found them.
#[test]
fn twenty_second_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev22_frozen.jsonl", 200, 965);
}

/// The twenty-third held-out set (e001–e400 by a twenty-first writer; split before Ozer ran on
/// them): 93.5% on first run, with the first rules of the session that added it.
#[test]
fn twenty_third_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev23_frozen.jsonl", 200, 935);
}

/// The twenty-fourth held-out set (g001–g400 by a twenty-second writer; split before Ozer ran on
/// them): 91.0% on first run, with the first rules of the session that added it (its first run
/// panicked on a list name with nothing after it; the run after that fix is the figure).
#[test]
fn twenty_fourth_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev24_frozen.jsonl", 200, 910);
}

/// The twenty-fifth dev set's frozen half (eval/dev25_frozen.jsonl, written by a twenty-third
/// writer and split before Ozer ran on it; its failures are never read): 89.0% on first run,
/// with the first rules of the session that added it.
#[test]
fn twenty_fifth_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev25_frozen.jsonl", 200, 890);
}

#[test]
fn twenty_sixth_frozen_dev_set_route_accuracy_stays_above_its_floor() {
    route_floor("eval/dev26_frozen.jsonl", 200, 905);
}

#[test]
fn a_reminder_for_a_day_said_without_an_hour_fires_at_nine_and_a_need_is_a_task() {
    // thursday_evening is 2026-01-22 21:09 in Jerusalem
    let s = one("remind me on Sunday to bring the costumes", thursday_evening());
    assert_eq!(s.when, Some(iso("2026-01-25T09:00:00+02:00")));
    // today, with nine gone: an hour from now, on a five-minute mark
    let s = one("remind me today to call the bank", thursday_evening());
    assert_eq!(s.when, Some(iso("2026-01-22T22:10:00+02:00")));
    // midnight said is midnight
    let s = one("תזכיר לי בחצות להעביר את הכסף", thursday_evening());
    assert_eq!(s.when, Some(iso("2026-01-23T00:00:00+02:00")));
    for (text, title) in [
        ("I need to ring the chemist about my prescription", "ring the chemist about my prescription"),
        ("אני צריכה לקנות מתנה ליום הולדת של אמא", "לקנות מתנה ליום הולדת של אמא"),
    ] {
        let s = one(text, thursday_evening());
        assert_eq!(
            (s.resolver, s.action, s.title.as_deref(), s.when),
            (Resolver::Task, Action::Create, Some(title), None)
        );
    }
    assert_eq!(one("I need to sleep", thursday_evening()).resolver, Resolver::General);
    // the greeting and the story before "remind me … to" are no part of the reminder
    let s = one(
        "Good evening. My daughter set this up for me. Can you remind me on Sunday at 9 to telephone Margaret.",
        thursday_evening(),
    );
    assert_eq!(s.title.as_deref(), Some("telephone Margaret"));
    // "…Please remember that.": what to remember was said before
    let s = one("My late wife Joan's birthday is the 14th of May. Please remember that.", thursday_evening());
    assert_eq!(
        (s.resolver, s.title.as_deref()),
        (Resolver::Memory, Some("My late wife Joan's birthday is the 14th of May"))
    );
}

#[test]
fn asking_what_is_on_or_telling_of_a_move_and_then_a_request_are_two_steps() {
    let now = tuesday_morning();
    let u = understand("what's on next week and remind me Sunday night to print the quiz", now, Lang::En);
    let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(got, [(Resolver::Calendar, Action::Find), (Resolver::Task, Action::Create)]);
    assert!(u.steps[0].window.is_some());
    let u = understand("תבדוק מה יש לנו ביום שבת ותוסיף ליומן ברביעי ב-7 בערב סרט עם מיכל", now, Lang::He);
    let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(got, [(Resolver::Calendar, Action::Find), (Resolver::Calendar, Action::Create)]);
    assert_eq!(u.steps[0].query, None);
    let u = understand("המבחן של י\"א2 עבר ליום חמישי ב-10, ותזכיר לי ביום רביעי בערב להדפיס טפסים", now, Lang::He);
    let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(got, [(Resolver::Calendar, Action::Update), (Resolver::Task, Action::Create)]);
    // a question closed by its mark asks, even with "and" and a request after it
    let u = understand("איזה תורים יש לי מחר? ותוסיפי לרשימה של הציוד ספריי נגד קשרים", now, Lang::He);
    assert_eq!((u.steps[0].resolver, u.steps[0].action), (Resolver::Calendar, Action::Find));
}

#[test]
fn a_reminder_the_day_before_with_no_hour_is_at_nine_that_day() {
    let u = understand(
        "my OB appointment moved to the 14th at 10:45, also remind me the day before to stop eating after midnight",
        tuesday_morning(),
        Lang::En,
    );
    assert_eq!((u.steps[0].resolver, u.steps[0].action), (Resolver::Calendar, Action::Update));
    assert_eq!(u.steps[1].when, Some(iso("2026-03-13T09:00:00+02:00")));
    // the night before keeps the evening rule
    let u = understand(
        "dinner with Dana on Friday at 8pm, remind me the night before at 9 to buy wine",
        tuesday_morning(),
        Lang::En,
    );
    assert_eq!(u.steps[1].when, Some(iso("2026-03-12T21:00:00+02:00")));
}

#[test]
fn leave_x_is_letting_go_of_that_reminder_and_leave_it_is_never_mind() {
    let s = one("עזוב את הסדרן, דיברתי איתו כבר", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Delete));
    assert!(s.title.as_deref().is_some_and(|t| t.contains("הסדרן")), "{:?}", s.title);
    assert_eq!(one("עזבי את זה", tuesday_morning()).resolver, Resolver::General);
}

#[test]
fn an_hour_said_instead_of_a_cancelled_thing_or_that_day_is_on_its_day() {
    // "instead" of a meeting cancelled tomorrow: tomorrow at 11, named without "instead"
    let u =
        understand("תבטלי את הפגישה עם הלקוח מחר ותקבעי במקום זה בדיקת מוניטור בשעה 11", tuesday_morning(), Lang::He);
    assert_eq!((u.steps[1].resolver, u.steps[1].action), (Resolver::Calendar, Action::Create));
    assert_eq!(u.steps[1].when, Some(iso("2026-03-11T11:00:00+02:00")));
    assert_eq!(u.steps[1].title.as_deref(), Some("בדיקת מוניטור"));
    let u = understand(
        "cancel my lunch with Dana on Thursday and book a haircut at 1 instead",
        tuesday_morning(),
        Lang::En,
    );
    assert_eq!(u.steps[1].when, Some(iso("2026-03-12T13:00:00+02:00")));
    assert_eq!(u.steps[1].title.as_deref(), Some("haircut"));
    // "that day": the day a note said, though the note is another kind of step
    let u = understand(
        "תזכור שהמשמרת שלי ביום שני מתחילה ב-14:10, ותזכיר לי באותו יום ב-12 לאכול",
        tuesday_morning(),
        Lang::He,
    );
    assert_eq!((u.steps[1].resolver, u.steps[1].when), (Resolver::Task, Some(iso("2026-03-16T12:00:00+02:00"))));
    // without either, an hour after a note is the next such hour
    let u = understand("תזכור שהמשמרת שלי ביום שני מתחילה ב-14:10, ותזכיר לי ב-12 לאכול", tuesday_morning(), Lang::He);
    assert_eq!(u.steps[1].when, Some(iso("2026-03-10T12:00:00+02:00")));
}

#[test]
fn a_when_question_looks_for_the_thing_not_the_asking_and_a_letter_glued_to_a_number_is_a_name() {
    let u = understand("when is the Rosh Hashana dinner at my parents'?", tuesday_morning(), Lang::En);
    assert_eq!((u.steps[0].resolver, u.steps[0].action), (Resolver::Calendar, Action::Find));
    assert_eq!(u.steps[0].query.as_deref(), Some("dinner at my parents"));
    assert!(u.steps[0].window.is_some());
    let u = understand("when is the U10 tournament?", tuesday_morning(), Lang::En);
    assert_eq!(u.steps[0].query.as_deref(), Some("U10 tournament"));
    // "u" alone is still "you"
    let u = understand("can u remind me tomorrow at 9 to call the bank", tuesday_morning(), Lang::En);
    assert_eq!(u.steps[0].title.as_deref(), Some("call the bank"));
}

#[test]
fn a_thing_told_as_done_is_completed_and_fed_up_is_not_done() {
    for (text, thing) in [
        ("batteries are charged already actually, did it last night", "batteries"),
        ("the forms were signed already", "forms"),
        ("the invoice was already sent", "invoice"),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Complete), "{text}");
        assert_eq!(s.title.as_deref(), Some(thing), "{text}");
    }
    // a state of a person, a move or an arrangement is not a chore done
    for text in ["I'm all stressed already", "everything is already packed for the trip"] {
        assert_ne!(one(text, tuesday_morning()).action, Action::Complete, "{text}");
    }
    let s =
        one("ugh third cardiac arrest this week. im so done with people who dont know basic cpr", tuesday_morning());
    assert_eq!(s.resolver, Resolver::General);
    assert_eq!(one("i'm done with the report", tuesday_morning()).action, Action::Complete);
}

#[test]
fn drop_the_reminder_after_a_reason_deletes_it_without_the_reasons_time() {
    let s = one("ok going to bed now, you can drop the bed reminder", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Delete));
    assert_eq!((s.title.as_deref(), s.when), (Some("bed"), None));
    // "drop" the kids somewhere is still a thing to do
    let s = one("remind me at 8 to drop the kids at school", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Create));
}

#[test]
fn a_correction_of_the_time_just_said_moves_the_last_thing() {
    for (text, want) in [
        ("לא ביום שני, ביום שלישי", "2026-03-17T00:00:00+02:00"),
        ("no, I meant tuesday", "2026-03-17T00:00:00+02:00"),
        ("התכוונתי ליום שלישי", "2026-03-17T00:00:00+02:00"),
        ("not at 5, at 6", "2026-03-10T18:00:00+02:00"),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action, s.title.as_deref()), (Resolver::Task, Action::Update, None), "{text}");
        assert_eq!(s.when, Some(iso(want)), "{text}");
    }
    // the day said wrong says which thing, when nothing was just said
    let w = one("לא ביום שני, ביום שלישי", tuesday_morning()).window.expect("window");
    assert_eq!(w.start, iso("2026-03-16T00:00:00+02:00"));
    // a meaning of another kind is no correction
    assert_ne!(one("I meant to call you yesterday", tuesday_morning()).action, Action::Update);
    // "make the NAS one monday instead, same time": the title lost "one" at its edge
    let s = one("make the NAS one monday instead, same time", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Update));
}

#[test]
fn a_day_anchored_to_a_day_said_before_takes_that_day_and_the_hour_reads_as_with_a_date() {
    let now = DateTime::parse_from_rfc3339("2026-04-08T10:00:00-05:00")
        .expect("now")
        .with_timezone(&chrono_tz::America::Chicago);
    let u = understand("open house is on the 20th. remind me the evening before at 7 to print flyers", now, Lang::En);
    assert_eq!(u.steps.last().and_then(|s| s.when), Some(iso("2026-04-19T19:00:00-05:00")));
    let now = DateTime::parse_from_rfc3339("2026-07-10T13:05:00+03:00")
        .expect("now")
        .with_timezone(&chrono_tz::Asia::Jerusalem);
    let u = understand(
        "no clients on tisha b'av. cancel the Mizrahi color that day and move Shira to the day after at 10",
        now,
        Lang::En,
    );
    let moved = u.steps.iter().find(|s| s.action == Action::Update).expect("a move");
    assert_eq!(moved.when, Some(iso("2026-07-24T10:00:00+03:00")));
    let now = DateTime::parse_from_rfc3339("2027-09-28T17:15:00+03:00")
        .expect("now")
        .with_timezone(&chrono_tz::Asia::Jerusalem);
    let u = understand(
        "cancel the haircuts on erev Yom Kippur and remind me that morning at 9 to call the clients",
        now,
        Lang::En,
    );
    assert_eq!(u.steps[1].when, Some(iso("2027-10-10T09:00:00+03:00")));
    // "the day after tomorrow" is still its own day
    let s = one("remind me the day after tomorrow at 10 to call Dana", tuesday_morning());
    assert_eq!(s.when, Some(iso("2026-03-12T10:00:00+02:00")));
}

#[test]
fn two_hours_in_digits_before_a_day_are_a_span_and_motzei_is_the_evening_after() {
    let now = DateTime::parse_from_rfc3339("2026-10-27T23:05:00+00:00")
        .expect("now")
        .with_timezone(&chrono_tz::Europe::London);
    let s = one("block 2 to 4 tomorrow for thesis writing", now);
    assert_eq!((s.resolver, s.when), (Resolver::Calendar, Some(iso("2026-10-28T14:00:00+00:00"))));
    let u = understand("את הצילומים של הבר מצווה תזיז למוצ\"ש בשמונה וחצי", tuesday_morning(), Lang::He);
    assert_eq!(u.steps[0].when, Some(iso("2026-03-14T20:30:00+02:00")));
    let u = understand("תזכיר לי במוצאי יום כיפור בשמונה ורבע לבדוק את הצמיגים", tuesday_morning(), Lang::He);
    assert_eq!(u.steps[0].when, Some(iso("2026-09-21T20:15:00+03:00")));
}

#[test]
fn a_report_then_crossing_that_off_or_marking_it_done_is_one_completion() {
    let s = one("i already booked the venue for the teacher training so you can cross that off", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Complete));
    assert_eq!(s.title.as_deref(), Some("venue for the teacher training"));
    let s = one("הזמנתי כבר את הבשר מהספק, תסמן שבוצע", tuesday_morning());
    assert_eq!((s.action, s.title.as_deref()), (Action::Complete, Some("הבשר מהספק")));
    // an item crossed off stays a list removal
    let s = one("bought the milk so cross it off", tuesday_morning());
    assert_eq!((s.resolver, s.items.clone()), (Resolver::List, vec!["milk".to_string()]));
    // "תסמן ש…תי את X": X is what was done
    let u = understand("תסמן שהחלפתי את הבלון חמצן", tuesday_morning(), Lang::He);
    assert_eq!(u.steps[0].title.as_deref(), Some("הבלון חמצן"));
    // "them" beside the thing itself adds nothing
    let s = one("we don't need onions anymore, delete them from the order list", tuesday_morning());
    assert_eq!(s.items, vec!["onions".to_string()]);
}

#[test]
fn a_recommendation_asked_and_a_long_shift_told_are_talk() {
    for text in [
        "can you recommend a good book on stoicism",
        "תמליץ לי על סדרה טובה",
        "ugh. 14 hour shift, two cardiac arrests. I'm wrecked",
    ] {
        assert_eq!(one(text, tuesday_morning()).resolver, Resolver::General, "{text}");
    }
    assert_eq!(one("can you remind me how long to boil eggs tomorrow", tuesday_morning()).resolver, Resolver::Task);
}

#[test]
fn how_something_was_or_what_someone_did_at_a_time_is_told_not_planned() {
    for text in [
        "crew's been great this week honestly. proud of these guys",
        "tenants. honestly. one texted me at 3am about a lightbulb",
        "וואו איזה קהל היה הערב בברלין, אני עדיין רועד",
    ] {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.action), (Resolver::General, Action::Chat), "{text}");
    }
    // a change told of an arrangement is still about the calendar, and a thing at a time is one
    let s = one("dentist was moved to thursday at 4", tuesday_morning());
    assert_eq!(s.action, Action::Update);
    let s = one("team offsite thursday at 9", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Create));
    // "I've got N left" has them; nothing was got done
    let u =
        understand("I've got 90 essays left. remind me in 2 hours to stop and go to bed", thursday_evening(), Lang::He);
    assert_eq!(u.steps.iter().map(|s| s.action).collect::<Vec<_>>(), [Action::Create], "{u:?}");
    let s = one("תזכרו אותי בשש להביא את הילדים מהבריכה", thursday_evening());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Create));
}

#[test]
fn a_time_gone_by_a_state_now_or_a_time_everyone_shares_is_talk_not_a_plan() {
    for text in [
        "הגשם של אתמול עשה טוב לשדה ברוך השם",
        "festa junina season plus three weddings, I haven't slept properly in a week",
        "2 בלילה ואני עדיין בספרייה, למה בחרתי בדוקטורט",
        "אשתי לא מרוצה בכלל, שוב מילואים",
        "When does the fast end in Jerusalem this year?",
        "What time does the chag start tomorrow?",
        "wait do we lose an hour tonight?? thats so unfair",
        "clocks go back tonight, finally an extra hour of kip",
        "השוק מת לגמרי, אף אחד לא קונה בפברואר",
    ] {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.action), (Resolver::General, Action::Chat), "{text}");
    }
    // a meal on Shabbat is still an event of the user's
    let s = one("ארוחת שבת אצל ההורים בשבת ב-8", thursday_evening());
    assert_eq!(s.resolver, Resolver::Calendar);
}

#[test]
fn asking_where_something_was_put_or_how_it_was_once_done_asks_a_note_back() {
    for (text, query) in [
        ("did i write down the breeding date for cow 412?", "breeding date"),
        ("where did i put my passport", "passport"),
        ("איפה שמתי את המפתח של המחסן", "המפתח של המחסן"),
        ("איך עשיתי את הסלק הכבוש?", "הסלק הכבוש"),
    ] {
        let s = one(text, thursday_evening());
        assert_eq!((s.resolver, s.action), (Resolver::Memory, Action::Recall), "{text}");
        assert!(s.query.as_deref().unwrap_or_default().contains(query), "{text}: {s:?}");
    }
    // how to use Ozer is still a question about Ozer
    let s = one("איך מוסיפים תזכורת?", thursday_evening());
    assert_eq!(s.resolver, Resolver::Meta);
}

#[test]
fn a_run_on_of_reminders_joined_by_in_addition_or_oh_yes_is_a_reminder_each() {
    let u = understand(
        "אוקיי אז ככה תזכיר לי מחר ב-9 לשלם חשבון חשמל ובנוסף מחר ב-12 להתקשר לספרית לקבוע תור ואה כן ביום חמישי ב-5 לקנות מתנה לאחיין שלי",
        tuesday_morning(),
        Lang::He,
    );
    let got: Vec<_> = u.steps.iter().map(|s| (s.action, s.when.map(|w| w.hour()))).collect();
    assert_eq!(got, [(Action::Create, Some(9)), (Action::Create, Some(12)), (Action::Create, Some(17))], "{u:?}");
}

#[test]
fn asking_for_a_reminder_a_list_headed_by_its_name_and_things_from_somewhere() {
    let s = one("שלום, אני צריך תזכורת ביום חמישי ב-10:45 לצאת לטקס", tuesday_morning());
    assert_eq!((s.resolver, s.action, s.when.map(|w| w.minute())), (Resolver::Task, Action::Create, Some(45)));
    let s = one("i need a reminder tomorrow at 5 to call the bank", tuesday_morning());
    assert_eq!((s.resolver, s.title.as_deref()), (Resolver::Task, Some("call the bank")));
    // a list's name of several words, a colon and its things
    let s = one("רשימה לחתונה של נועה ועומר: זר כלה, טבעות, דרכונים", tuesday_morning());
    assert_eq!((s.resolver, s.action, s.items.len()), (Resolver::List, Action::Add, 3));
    // a thing added "from" somewhere: "מ" names no list
    let s = one("תוסיפי גם אישור ממעסיק", tuesday_morning());
    assert_eq!((s.list.as_deref(), s.items.clone()), (None, vec!["אישור ממעסיק".to_string()]));
    let s = one("תוריד מהקניות שמן וסוכר", tuesday_morning());
    assert_eq!(s.list.as_deref(), Some("קניות"));
    // "make it be at 7:30 instead" moves the last reminder; "wait" is no part of what is moved
    let s = one("תעשי שזה יהיה ב-7:30 במקום", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Update));
    let s = one("רגע תעבירי את זה לשבע וחצי בערב", tuesday_morning());
    assert_eq!(s.title.as_deref(), Some("זה"));
    // feeling scattered is told
    let s = one("וואו אני כל כך מפוזרת היום שכחתי את הארנק באוטו", tuesday_morning());
    assert_eq!(s.resolver, Resolver::General);
}

#[test]
fn waking_is_in_the_morning_and_an_alarm_is_a_reminder() {
    // tuesday 09:30: "at 6" is tomorrow's 6 in the morning, not tonight's
    for text in ["wake me at 6", "תעיר אותי מחר ב6", "תשים לי שעון מעורר מחר ב-6"] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Create), "{text}");
        assert_eq!(s.when.map(|w| (w.day(), w.hour())), Some((11, 6)), "{text}");
    }
    let s = one("wake me every day at 6:30", tuesday_morning());
    assert_eq!(s.when.map(|w| (w.day(), w.hour(), w.minute())), Some((11, 6, 30)));
    // said outright, the evening stays the evening
    let s = one("wake me up at 7pm", tuesday_morning());
    assert_eq!(s.when.map(|w| w.hour()), Some(19));
    // waking at 2, after a night shift, is a nap's end in the afternoon
    let s = one("remind me at 2 to wake up and eat something", tuesday_morning());
    assert_eq!(s.when.map(|w| (w.day(), w.hour())), Some((10, 14)));
    let s = one("alarm for 5:15am tmrw pls, first bus out", tuesday_morning());
    assert_eq!((s.resolver, s.when.map(|w| (w.day(), w.hour()))), (Resolver::Task, Some((11, 5))));
}

#[test]
fn a_house_number_is_no_hour() {
    for text in [
        "תקבע לי הצגת דירה ברחוב הרצל 14 מחר ב-5",
        "showing at 14 Elm St tomorrow at 5",
        "meet at 221 baker street tomorrow at 5",
    ] {
        let u = understand(text, tuesday_morning(), Lang::He);
        assert_eq!(u.steps[0].when.map(|w| (w.day(), w.hour())), Some((11, 17)), "{text}: {u:?}");
    }
    // a street named after the time keeps the time
    let s = one("remind me at 5 to walk down main street", tuesday_morning());
    assert_eq!(s.when.map(|w| w.hour()), Some(17));
}

#[test]
fn when_do_i_have_my_thing_looks_it_up() {
    for text in ["מתי יש לי את התור לרופא עיניים?", "when do i have my dentist appointment"] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Find), "{text}");
    }
}

#[test]
fn things_marked_by_et_and_glued_to_a_number_are_items() {
    let s = one("תוסיף לרשימת לקוחות חמים את משפחת ברק ואת יוסי מרמת גן", tuesday_morning());
    assert_eq!(s.list.as_deref(), Some("לקוחות חמים"));
    assert_eq!(s.items, ["משפחת ברק", "יוסי מרמת גן"]);
    let s = one("תוסיף לרשימת הזמנות למטבח עגבניות שרי, פטרוזיליה ו5 ק\"ג בצל", tuesday_morning());
    assert_eq!(s.items, ["עגבניות שרי", "פטרוזיליה", "5 ק\"ג בצל"]);
    // after a verb, "את" is what is done
    let s = one("תוסיף לרשימת הגינה לגזום את הלימון", tuesday_morning());
    assert_eq!(s.list.as_deref(), Some("הגינה"));
}

#[test]
fn a_letter_typed_twice_or_li_glued_to_the_verb_is_read_as_meant() {
    let s = one("ומחחר בחמש אחרי הצהריים לשלוח ברכה לנכדה", tuesday_morning());
    assert_eq!((s.resolver, s.when.map(|w| (w.day(), w.hour()))), (Resolver::Task, Some((11, 17))));
    let s = one("תזכירלי היום באחת עשרה לקחת את הכדורים", tuesday_morning());
    assert_eq!((s.resolver, s.title.as_deref()), (Resolver::Task, Some("לקחת את הכדורים")));
    let s = one("remmind me tomorrow at 5 to call the bank", tuesday_morning());
    assert_eq!((s.resolver, s.title.as_deref()), (Resolver::Task, Some("call the bank")));
    // a letter the word has twice of its own stays
    let s = one("תזכיר לי בבוקר לקנות חלב", tuesday_morning());
    assert_eq!(s.when.map(|w| w.hour()), Some(9));
}

#[test]
fn someone_of_the_users_who_already_did_it_completes_it() {
    for (text, title) in [
        ("Actually my housemate already grabbed the scrubs for me", "scrubs"),
        ("my wife already picked up the scrubs", "scrubs"),
        ("אשתי כבר אספה את הכביסה", "הכביסה"),
        ("בעלי כבר הוציא את הזבל", "הזבל"),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!(s.action, Action::Complete, "{text}");
        assert!(s.title.as_deref().is_some_and(|t| t.contains(title)), "{text}: {s:?}");
    }
    // news of someone's call is no chore done
    let s = one("my son just called, he's fine", tuesday_morning());
    assert_eq!(s.resolver, Resolver::General);
}

#[test]
fn a_swap_with_no_list_named_swaps_on_the_list_in_hand() {
    let u = understand("Swap the Vaseline for Body Glide and add a spare hair tie", tuesday_morning(), Lang::En);
    let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action, s.items.clone())).collect();
    assert_eq!(
        got,
        [
            (Resolver::List, Action::Remove, vec!["Vaseline".to_string()]),
            (Resolver::List, Action::Add, vec!["Body Glide".to_string()]),
            (Resolver::List, Action::Add, vec!["spare hair tie".to_string()]),
        ]
    );
    let u = understand("add oat milk instead of whole milk", tuesday_morning(), Lang::En);
    let got: Vec<_> = u.steps.iter().map(|s| (s.action, s.items.clone())).collect();
    assert_eq!(got, [(Action::Remove, vec!["whole milk".to_string()]), (Action::Add, vec!["oat milk".to_string()])]);
    // what's happening is a look at the day, with nothing to search for
    let s = one("what's happening tomorrow?", tuesday_morning());
    assert_eq!((s.resolver, s.action, s.query.as_deref()), (Resolver::Calendar, Action::Find, None));
}

#[test]
fn a_day_told_with_joy_or_weight_or_what_someone_said_is_talk() {
    for text in [
        "ran 20 miles in the rain this morning and honestly loved it",
        "התעוררתי ב-3 בלילה בגלל אלרט שקרי. נמאס לי מהכוננויות האלה",
        "לא ישנתי כל הלילה הבייבי בועט כמו שחקן כדורגל",
        "One of my little ones told me I look like a potato today",
        "had to put down a 16 year old golden today. rough one",
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!(s.resolver, Resolver::General, "{text}: {s:?}");
    }
    // a request after the feeling is still a request
    let s = one("feeling awful, remind me at 6 to call the doctor", tuesday_morning());
    assert_eq!(s.resolver, Resolver::Task);
}

#[test]
fn a_vowel_letter_left_out_of_a_day_or_reminders_and_a_construct_list_name() {
    let u = understand("תזכיר לי ביום ראשן בתשע להתקשר לקופת חולים", tuesday_morning(), Lang::He);
    assert_eq!(u.steps[0].when.map(|w| w.weekday()), Some(chrono::Weekday::Sun));
    let s = one("איזה תזכרות יש לי", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::List));
    // a reminder is not read as reminders
    let s = one("תזכורת חדשה: מחר ב-8 לקנות חלב", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Create));
    let s = one("תוריד מרשימת חומרי ניקוי מגבים ואקונומיקה", tuesday_morning());
    assert_eq!(
        (s.list.as_deref(), s.items.clone()),
        (Some("חומרי ניקוי"), vec!["מגבים".to_string(), "אקונומיקה".to_string()])
    );
    // a word that names a list by itself keeps doing so
    let u = understand("ותוסיף לרשימת גן תחפושת לפורים", tuesday_morning(), Lang::He);
    assert_eq!(u.steps[0].list.as_deref(), Some("גן"));
}

#[test]
fn a_question_told_before_or_about_someones_allergy_is_a_note_recalled() {
    for text in
        ["Who picks Ava up on Wednesdays again?", "what is Biscuit allergic to?", "כמה שוקל רקס? רשמתי לך בשבוע שעבר"]
    {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Memory, Action::Recall), "{text}");
    }
    // what is open in the world is outside Ozer; the user's own day is not
    let s = one("are schools open in the north tomorrow?", tuesday_morning());
    assert_eq!(s.resolver, Resolver::General);
    let s = one("is my calendar open on friday?", tuesday_morning());
    assert_eq!(s.resolver, Resolver::Calendar);
    let u = understand("תוסיפי לרשימת תיק לידה חלוק ותראי לי מה עוד יש שם", tuesday_morning(), Lang::He);
    let got: Vec<_> = u.steps.iter().map(|s| (s.action, s.list.clone())).collect();
    assert_eq!(got, [(Action::Add, Some("תיק לידה".to_string())), (Action::Show, Some("תיק לידה".to_string()))]);
    // a question about the world stays one
    let s = one("what is the capital of australia?", tuesday_morning());
    assert_eq!(s.resolver, Resolver::General);
}

#[test]
fn a_thing_told_first_then_removed_as_it_is_what_the_words_before_name() {
    let s = one("אין דולסה דה לצ'ה בארץ בכלל תוריד את זה", tuesday_morning());
    assert_eq!(
        (s.resolver, s.action, s.items.clone()),
        (Resolver::List, Action::Remove, vec!["אין דולסה דה לצ'ה בארץ בכלל".to_string()])
    );
    let s = one("המנעול תוקן תמחק אותו", tuesday_morning());
    assert_eq!(s.title.as_deref(), Some("המנעול תוקן"));
    // a Hebrew list's name ends at a comma; what follows is why
    let s = one("תמחק את כל הרשימה של התיקונים, העברתי הכל לחברת ניהול", tuesday_morning());
    assert_eq!((s.action, s.list.as_deref()), (Action::Delete, Some("התיקונים")));
    // someone of the user's doing something is a reason, not an item
    let s = one("scratch the generator thing, my buddy's lending me his", tuesday_morning());
    assert_eq!(s.items, vec!["generator thing".to_string()]);
}

#[test]
fn a_thing_with_its_past_verb_and_already_is_done_even_before_another_request() {
    let u = understand(
        "Foam rolled already, ouch. Also add a recovery shake to the race day list",
        tuesday_morning(),
        Lang::En,
    );
    let got: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(got, [(Resolver::Task, Action::Complete), (Resolver::List, Action::Add)]);
    assert_eq!(u.steps[0].title.as_deref(), Some("Foam"));
    let s = one("gas bill paid already", tuesday_morning());
    assert_eq!((s.action, s.title.as_deref()), (Action::Complete, Some("gas bill")));
    // with "is" between them it still is, and a person who did something is no thing done
    let s = one("batteries are charged already", tuesday_morning());
    assert_eq!(s.title.as_deref(), Some("batteries"));
    assert_ne!(one("he called already", tuesday_morning()).title.as_deref(), Some("he"));
}

#[test]
fn now_told_of_the_user_gives_way_to_the_steps_time_and_a_second_timed_thing_is_its_own() {
    let s = one("יוצא למשמרת עכשיו תזכיר לי בעוד שעתיים לשתות משהו", tuesday_morning());
    assert_eq!(s.when, Some(iso("2026-03-10T11:30:00+02:00")));
    let u = understand(
        "remind me monday 9am to prep for standup, and tuesday at 2 my 1:1 with Priya",
        tuesday_morning(),
        Lang::En,
    );
    let titles: Vec<_> = u.steps.iter().map(|s| s.title.clone().unwrap_or_default()).collect();
    assert_eq!(titles, ["prep for standup", "1:1 with Priya"]);
    let u = understand(
        "remind me at 10am to brine the turkeys, and saturday at 3 the staff meeting",
        tuesday_morning(),
        Lang::En,
    );
    let titles: Vec<_> = u.steps.iter().map(|s| s.title.clone().unwrap_or_default()).collect();
    assert_eq!(titles, ["brine the turkeys", "staff meeting"]);
}

#[test]
fn an_and_with_a_comma_still_to_come_joins_one_items_words_and_a_full_stops_opener_is_no_item() {
    let s = one("תעשה רשימה 'חומר למבחן': ביקוש והיצע, גמישויות, מונופול", tuesday_morning());
    assert_eq!(s.items, ["ביקוש והיצע", "גמישויות", "מונופול"]);
    let u = understand(
        "add the registration form and passport photos. actually remove the photos",
        tuesday_morning(),
        Lang::En,
    );
    assert_eq!(u.steps[0].items, ["registration form", "passport photos"]);
    // written down at an hour is a reminder, and a second time with what to do is another
    let s = one("תרשום לי היום ב11 אצל כהן סתימה בכיור", tuesday_morning());
    assert!(s.resolver == Resolver::Task && s.confidence >= crate::understand::UNSURE, "{s:?}");
    let u = understand("ובאחת אצל רחל דוד שמש, ובארבע להזמין חלקים מהספק", tuesday_morning(), Lang::He);
    assert_eq!(u.steps.len(), 2);
    let s = one("bin the shopping list, did the big shop on the way home", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::List, Action::Delete));
}

#[test]
fn things_got_then_a_removal_from_a_list_of_nothing_or_of_them_is_that_removal_alone() {
    let s = one("קניתי ביצים ולחם, תוריד מרשימת קניות", tuesday_morning());
    assert_eq!((s.resolver, s.action, s.list.as_deref()), (Resolver::List, Action::Remove, Some("קניות")));
    assert_eq!(s.items, ["ביצים", "לחם"]);
    let s = one("got the batteries, tick them off the hardware list", tuesday_morning());
    assert_eq!((s.list.as_deref(), s.items.clone()), (Some("hardware"), vec!["batteries".to_string()]));
    let s = one("no need for printer ink anymore, delete it from the office list", tuesday_morning());
    assert_eq!((s.list.as_deref(), s.items.clone()), (Some("office"), vec!["printer ink".to_string()]));
    // the same thing named twice is one removal, and a reminder after it stays
    let u = understand(
        "קניתי את הסוללות לגלאי עשן, תוריד סוללות מרשימת ציוד לתחנה, ותזכיר לי ביום שלישי ב8 להחליף אותן",
        tuesday_morning(),
        Lang::He,
    );
    let kinds: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(kinds, [(Resolver::List, Action::Remove), (Resolver::Task, Action::Create)]);
    // a report of another thing is a completion of its own
    let u = understand("called the vet, take eggs off the shopping list", tuesday_morning(), Lang::En);
    assert_eq!(u.steps.len(), 2, "{:?}", u.steps);
    assert_eq!(u.steps[0].action, Action::Complete);
}

#[test]
fn whats_left_on_a_name_shows_that_list_and_the_to_do_list_is_the_tasks() {
    let s = one("whats left on groceries", tuesday_morning());
    assert_eq!((s.resolver, s.action, s.list.as_deref()), (Resolver::List, Action::Show, Some("groceries")));
    let s = one("what's left on my plate", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::List));
    let u = understand("whats on my calendar this week and whats on my to do list", tuesday_morning(), Lang::En);
    let kinds: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(kinds, [(Resolver::Calendar, Action::Find), (Resolver::Task, Action::List)]);
}

#[test]
fn the_reminders_own_clock_said_after_a_fact_with_another_is_on_the_day_said_first() {
    let s = one("ביום שלישי יש צפירה בעשר, תזכיר לי ב-9:50 לעצור בצד", tuesday_morning());
    assert_eq!(s.when, Some(iso("2026-03-17T09:50:00+02:00")));
    let s = one("on thursday the siren is at 10, remind me at 9:50 to pull over", tuesday_morning());
    assert_eq!(s.when, Some(iso("2026-03-12T09:50:00+02:00")));
    // "remember me" said for "remind me"
    let s = one("תזכור אותי עוד שעתיים להתקשר ללקוח", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Create));
    assert_eq!(s.when, Some(iso("2026-03-10T11:30:00+02:00")));
}

#[test]
fn a_reason_between_commas_ends_where_a_new_command_starts() {
    let u =
        understand("תמחק מרשימת קניות את המגבונים, סבתא הביאה, ותוסיף בקבוק אנטי קוליק", tuesday_morning(), Lang::He);
    let kinds: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(kinds, [(Resolver::List, Action::Remove), (Resolver::List, Action::Add)]);
    assert_eq!(u.steps[1].items, ["בקבוק אנטי קוליק"]);
}

#[test]
fn a_thing_to_do_is_never_on_a_day_gone_and_a_holidays_night_gives_way_to_a_dated_hour() {
    let now = DateTime::parse_from_rfc3339("2026-06-09T07:30:00+03:00")
        .expect("now")
        .with_timezone(&chrono_tz::Asia::Jerusalem);
    let s = one("תזכיר לי ברבע לשמונה לבדוק את המקרר, הטמפ' הייתה גבוהה אתמול", now);
    assert_eq!(s.when, Some(iso("2026-06-09T07:45:00+03:00")));
    // "לתת" is a thing to do, so a time and it are a reminder
    let s = one("בעוד רבע שעה לתת לחתול את האנטיביוטיקה", now);
    assert_eq!((s.resolver, s.when), (Resolver::Task, Some(iso("2026-06-09T07:45:00+03:00"))));
    let now = DateTime::parse_from_rfc3339("2027-06-10T15:00:00+03:00")
        .expect("now")
        .with_timezone(&chrono_tz::Asia::Jerusalem);
    let s = one("shavuos night learning starts at 11:30 pm tonight, put it in my calendar", now);
    assert_eq!(s.when, Some(iso("2027-06-10T23:30:00+03:00")));
}

#[test]
fn a_repeat_word_alone_is_no_time_asked_about_and_the_markets_are_outside() {
    for text in ["what's the max daily dose of acetaminophen for adults?", "what's the FTSE at today?"] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::General, Action::Chat), "{text}");
    }
    let s = one("what do i have every monday?", tuesday_morning());
    assert_eq!(s.resolver, Resolver::Calendar);
    let s = one("מה התזכורת שלי", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::List));
    // a thing needing doing at a time is a reminder
    let s = one("also need to chase Patel for the P60s tomorrow at 10:30", tuesday_morning());
    assert_eq!((s.resolver, s.title.as_deref()), (Resolver::Task, Some("chase Patel for the P60s")));
}

#[test]
fn ozers_english_nouns_inside_hebrew_are_read_as_the_hebrew_words() {
    let s = one("תעשה לי reminder למחר ב9 לשלוח invoice ללקוח", tuesday_morning());
    assert_eq!((s.resolver, s.title.as_deref()), (Resolver::Task, Some("לשלוח invoice ללקוח")));
    assert_eq!(s.when, Some(iso("2026-03-11T09:00:00+02:00")));
    let s = one("תעשה לי list של מסמכים לביטוח לאומי: תעודת זהות, תלושי שכר", tuesday_morning());
    assert_eq!(s.list.as_deref(), Some("מסמכים לביטוח לאומי"));
    // an English name before "list" keeps it English
    let s = one("תוסיף ל-shopping list חלב ו-cornflakes", tuesday_morning());
    assert_eq!(s.list.as_deref(), Some("shopping"));
}

#[test]
fn a_look_up_asked_then_a_request_are_two_steps_and_them_after_things_is_those_things() {
    let u = understand("תבדוק לי מתי הטסט של הטנדר ותזכיר לי ביום חמישי להזמין חלקים", tuesday_morning(), Lang::He);
    let kinds: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(kinds, [(Resolver::Calendar, Action::Find), (Resolver::Task, Action::Create)]);
    assert_eq!(u.steps[0].query.as_deref(), Some("הטסט של הטנדר"));
    let s = one("we need glue sticks, tissues and paper plates - stick them on the supplies list", tuesday_morning());
    assert_eq!(s.items, ["glue sticks", "tissues", "paper plates"]);
    let s = one("חסר לנו חלב וביצים, תוסיף אותם לרשימת קניות", tuesday_morning());
    assert_eq!(s.items, ["חלב", "ביצים"]);
}

#[test]
fn a_holiday_describing_the_thing_stays_in_its_title_and_add_it_leaves_nothing_behind() {
    let s = one("Hanukkah party at Dvir's on wednesday 7pm", tuesday_morning());
    assert_eq!(s.title.as_deref(), Some("Hanukkah party at Dvir's"));
    let s = one("Purim party at Noa's 8pm on Purim, add it", tuesday_morning());
    assert_eq!(s.title.as_deref(), Some("Purim party at Noa's"));
    assert_eq!(s.when, Some(iso("2027-03-23T20:00:00+02:00")));
    let s = one("dentist tomorrow at 5, put it in", tuesday_morning());
    assert_eq!(s.title.as_deref(), Some("dentist"));
}

#[test]
fn a_time_from_now_reminds_and_a_thing_told_before_its_verb_is_done() {
    let s = one("ice for Gil in 25 min", tuesday_morning());
    assert_eq!((s.resolver, s.when), (Resolver::Task, Some(iso("2026-03-10T09:55:00+02:00"))));
    for (text, thing) in [("הארנונה שילמתי", "הארנונה"), ("את הכביסה תליתי כבר", "הכביסה")]
    {
        let s = one(text, tuesday_morning());
        assert_eq!((s.action, s.title.as_deref()), (Action::Complete, Some(thing)), "{text}");
    }
    let s = one("we planted the basil, pull it off seedlings", tuesday_morning());
    assert_eq!(
        (s.action, s.list.as_deref(), s.items.clone()),
        (Action::Remove, Some("seedlings"), vec!["basil".to_string()])
    );
}

#[test]
fn a_background_sentence_before_please_and_a_verb_with_its_noun_is_no_step() {
    let u = understand(
        "Good morning. As you know I have been organizing the unit reunion. Please put the reunion in the calendar for Thursday at 6pm, and remind me Wednesday at noon to confirm with the hall.",
        tuesday_morning(),
        Lang::En,
    );
    let kinds: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(kinds, [(Resolver::Calendar, Action::Create), (Resolver::Task, Action::Create)]);
    assert_eq!(u.steps[0].title.as_deref(), Some("reunion"));
}

#[test]
fn a_thing_done_told_with_a_feeling_is_not_sure_but_one_told_with_a_tick_is() {
    for text in ["רצתי היום 32 ק\"מ והברכיים שלי מתות 😂", "just finished my first blatt, feeling pretty good"]
    {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Complete), "{text}");
        assert!(s.confidence < UNSURE, "{text}: {}", s.confidence);
    }
    for text in ["took the dog to the groomer ✅", "paid the electricity bill", "כבר שילמתי את החשמל!!! סוף סוף"]
    {
        let s = one(text, tuesday_morning());
        assert_eq!(s.action, Action::Complete, "{text}");
        assert!(s.confidence >= UNSURE, "{text}: {}", s.confidence);
    }
}

#[test]
fn a_yes_or_no_question_about_an_ability_asks_what_ozer_can_do() {
    for text in
        ["can you read my emails?", "can you read my emails or only search them?", "את יכולה לקרוא את המיילים שלי?"]
    {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Meta, Action::Help), "{text}");
    }
    // a thing named, or a change asked for, is the request itself
    for (text, resolver) in
        [("can you read me the email from Dana?", Resolver::Gmail), ("can you delete my reminders?", Resolver::Task)]
    {
        assert_eq!(one(text, tuesday_morning()).resolver, resolver, "{text}");
    }
}

#[test]
fn a_day_and_a_sentence_that_only_tells_how_things_are_is_talk_but_a_named_thing_is_an_event() {
    for text in [
        "swell is pumping today, offshore wind, lekker",
        "Halloween tomorrow and my kids want to be sharks",
        "הנכדים לא מתקשרים כבר שבוע, ככה זה היום",
    ] {
        assert_eq!(one(text, tuesday_morning()).resolver, Resolver::General, "{text}");
    }
    for text in ["dentist tomorrow", "my mom's birthday is on friday", "חתונה של דני בשבוע הבא"] {
        assert_eq!(one(text, tuesday_morning()).resolver, Resolver::Calendar, "{text}");
    }
}

#[test]
fn requests_counted_out_one_by_one_are_steps_and_their_numbers_are_no_hours() {
    let u = understand(
        "Morning. Three things: 1) remind me at 11:30 to review the pump test data, 2) Wednesday at 5pm pick up the turkey, 3) add pie crust and cranberry sauce to my grocery list.",
        tuesday_morning(),
        Lang::En,
    );
    let kinds: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(
        kinds,
        [(Resolver::Task, Action::Create), (Resolver::Task, Action::Create), (Resolver::List, Action::Add)]
    );
    assert_eq!(u.steps[1].title.as_deref(), Some("pick up the turkey"));
    assert_eq!(u.steps[1].when, Some(iso("2026-03-11T17:00:00+02:00")));
    let u = understand("1. remind me at 5 to call mom 2. add milk to the shopping list", tuesday_morning(), Lang::En);
    assert_eq!(u.steps[0].title.as_deref(), Some("call mom"));
    assert_eq!(u.steps[1].items, ["milk"]);
}

#[test]
fn friday_before_shabbat_is_friday_and_the_fast_of_gedaliah_is_dated() {
    // tuesday_morning is 2026-03-10 09:30 in Jerusalem
    let s = one("תזכירי לי ביום שישי לפני שבת ב-2 לקנות חלות", tuesday_morning());
    assert_eq!((s.when, s.title.as_deref()), (Some(iso("2026-03-13T14:00:00+02:00")), Some("לקנות חלות")));
    let s = one("remind me friday before shabbat at 1 to buy flowers", tuesday_morning());
    assert_eq!(s.when, Some(iso("2026-03-13T13:00:00+02:00")));
    // 3 Tishrei 5787 is Monday 14 September 2026
    let s = one("תזכיר לי בצום גדליה ב-7 בערב לשבור את הצום", tuesday_morning());
    assert_eq!(s.when, Some(iso("2026-09-14T19:00:00+03:00")));
}

#[test]
fn a_question_about_a_thing_then_a_request_is_two_steps_and_how_it_went_is_no_title() {
    let u = understand("מה הקוד של השער ותזכיר לי מחר בעשר לקנות חלב", tuesday_morning(), Lang::He);
    let kinds: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
    assert_eq!(kinds, [(Resolver::Memory, Action::Recall), (Resolver::Task, Action::Create)]);
    assert_eq!(u.steps[1].when, Some(iso("2026-03-11T10:00:00+02:00")));
    for (text, thing) in [("בדקתי כבר את הכבלים הכל תקין", "הכבלים"), ("checked the wetsuits, all sorted", "wetsuits")]
    {
        let s = one(text, tuesday_morning());
        assert_eq!((s.action, s.title.as_deref()), (Action::Complete, Some(thing)), "{text}");
    }
    for text in ["show me my to-dos", "anything left on my task list?"] {
        assert_eq!(one(text, tuesday_morning()).action, Action::List, "{text}");
    }
}

#[test]
fn and_that_on_another_day_is_a_second_thing_to_note_and_an_opening_also_is_no_title() {
    let u = understand(
        "בנוסף, תרשום לי שביום ראשון ב-3 אחר הצהריים יש לי פגישה עם הנציגה, ושבשני ב-10 יש ישיבת צוות",
        tuesday_morning(),
        Lang::He,
    );
    let got: Vec<_> = u.steps.iter().map(|s| (s.title.clone().unwrap_or_default(), s.when)).collect();
    assert_eq!(
        got,
        [
            ("יש לי פגישה עם הנציגה".to_string(), Some(iso("2026-03-15T15:00:00+02:00"))),
            ("יש ישיבת צוות".to_string(), Some(iso("2026-03-16T10:00:00+02:00")))
        ]
    );
}

#[test]
fn a_new_time_for_a_thing_named_has_no_list_reading() {
    for text in ["The closing - make that 10:30", "the staff meeting, make it 4"] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Update), "{text}");
        assert!(s.when.is_some(), "{text}");
        assert!(s.alternative.as_ref().is_none_or(|a| a.resolver != Resolver::List), "{text}");
    }
}

#[test]
fn and_a_time_then_a_command_is_a_step_of_its_own_with_that_time() {
    for (text, lang) in [
        ("תזכיר לי בעוד שעתיים לכבות את המחשב ומחר בעשר תקבע ביומן הגשה לפרויקט", Lang::He),
        ("remind me at 6 to call mom and tomorrow at 10 put the safety meeting in the calendar", Lang::En),
    ] {
        let u = understand(text, tuesday_morning(), lang);
        let kinds: Vec<_> = u.steps.iter().map(|s| (s.resolver, s.action)).collect();
        assert_eq!(kinds, [(Resolver::Task, Action::Create), (Resolver::Calendar, Action::Create)], "{text}");
        assert_eq!(u.steps[1].when, Some(iso("2026-03-11T10:00:00+02:00")), "{text}");
    }
    // a time that ends the first step, before a glued "and" command, stays with it
    let u = understand("תקבע פגישה עם מיכל ביום ראשון בעשר ותזכיר לי שעה לפני", tuesday_morning(), Lang::He);
    assert_eq!(u.steps[0].when, Some(iso("2026-03-15T10:00:00+02:00")));
}

#[test]
fn ozers_own_view_asked_is_talk() {
    for text in ["מה דעתך על טכנו מינימלי?", "what do you think about the new album?"] {
        assert_eq!(one(text, tuesday_morning()).resolver, Resolver::General, "{text}");
    }
}

#[test]
fn mail_asked_for_by_who_sent_it_is_gmail() {
    for (text, action) in [
        ("do I have any emails from the Hendersons", Action::Search),
        ("open the newest message from my landlord", Action::Read),
        ("מה כתבה לי דנה במייל האחרון?", Action::Read),
        ("find the referral from Dr Shapiro", Action::Search),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Gmail, action), "{text}");
    }
}

#[test]
fn a_change_of_timezone_is_a_setting_not_a_list() {
    for text in ["תחליף לי את אזור הזמן לפריז, עברתי לגור פה", "change my timezone to Paris"]
    {
        assert_eq!(one(text, tuesday_morning()).resolver, Resolver::Meta, "{text}");
    }
}

#[test]
fn what_to_remember_about_someone_is_asked_back_and_all_of_a_list_is_the_list() {
    for text in
        ["מה אני צריך לזכור על יוסי?", "what do you know about Dana?", "what should I remember about the landlord"]
    {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Memory, Action::Recall), "{text}");
    }
    let s = one("תמחק את כל רשימת הנהגים אני אעשה חדשה מחר", tuesday_morning());
    assert_eq!((s.resolver, s.action, s.list.as_deref()), (Resolver::List, Action::Delete, Some("הנהגים")));
}

#[test]
fn what_the_user_did_or_is_on_a_day_is_told_and_the_weather_is_outside() {
    for text in [
        "אחי עשיתי היום 100 בורפיז לפני הקפה אני מכונה 💪",
        "יהיה שרב היום בדרום? לחצי מהנהגים אין מזגן",
        "gonna be a frost sunday morning do ya reckon?",
        "when do the Heat play next",
        "מה מחיר הדלק החודש",
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::General, Action::Chat), "{text}");
    }
    // a need said on a day is still a thing to do, and a tenant's lease is the user's affair
    assert_ne!(one("אני צריך לקנות חלב מחר", tuesday_morning()).resolver, Resolver::General);
    assert_ne!(one("when does 2B's lease renew", tuesday_morning()).resolver, Resolver::General);
}

#[test]
fn hebrew_times_glued_to_and_each_open_a_reminder_of_their_own() {
    let s = steps("ומחר ב6 בבוקר לשלוח תוכנית תזונה למיכל וביום חמישי ב4 לחדש ביטוח מקצועי", tuesday_morning());
    assert_eq!(s.len(), 2);
    assert_eq!(s[1].title.as_deref(), Some("לחדש ביטוח מקצועי"));
    assert_eq!(s[1].when.map(|w| w.hour()), Some(16));
    let s = steps("וב11 לשלוח לאבי את תעודות המשלוח, וב3 טסט למשאית 42 במוסך", tuesday_morning());
    assert_eq!(s.len(), 2);
    assert_eq!(s[1].title.as_deref(), Some("טסט למשאית 42 במוסך"));
}

#[test]
fn languages_asked_of_ozer_are_help_a_phone_number_is_a_kept_fact_and_a_reminder_to_book_is_a_reminder() {
    for text in ["אתה מדבר גם צרפתית?", "do you speak French?"] {
        assert_eq!(one(text, tuesday_morning()).resolver, Resolver::Meta, "{text}");
    }
    let s = one("מה הטלפון של הנגר?", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Memory, Action::Recall));
    let s = one("תזכורת ביום שלישי הבא בשבע בבוקר להזמין כרטיסים למנהרות הכותל", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Create));
    // booking itself is still something Ozer cannot do
    assert_eq!(one("תזמין לי כרטיסים להופעה", tuesday_morning()).resolver, Resolver::General);
}

#[test]
fn a_thing_made_at_a_new_clock_time_is_moved_and_a_time_then_a_deed_is_a_reminder() {
    for (text, title) in [
        ("actually make the drives 7:30, want to beat the traffic on the M50", "drives"),
        ("את הצלם תעשה ב10 לא ב9, יש לי פגישה בבוקר", "הצלם"),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action, s.title.as_deref()), (Resolver::Task, Action::Update, Some(title)), "{text}");
    }
    // a reminder asked for is a new one
    assert_eq!(one("remind me to make the bed at 9", tuesday_morning()).action, Action::Create);
    let s = one("Sorry dear, Olivers call should be at eleven not half past ten, he has football", tuesday_morning());
    assert_eq!((s.action, s.title.as_deref()), (Action::Update, Some("Olivers call")));
    assert_ne!(one("dinner should be fun tomorrow", tuesday_morning()).action, Action::Update);
    let s = one("ובמוצאי שבת ב9 בערב לשלוח לדיג'יי את רשימת השירים!!", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Create));
    assert_eq!(s.title.as_deref(), Some("לשלוח לדיג'יי את רשימת השירים"));
    assert_eq!(s.when.map(|w| w.hour()), Some(21));
}

#[test]
fn a_meal_with_someone_keeps_its_name_when_it_says_the_hour() {
    let s = one("tuesday 1pm lunch w/ Inês in Alfama", tuesday_morning());
    assert_eq!(s.title.as_deref(), Some("lunch w/ Inês in Alfama"));
    let s = one("tuesday lunch with Dana", tuesday_morning());
    assert_eq!((s.title.as_deref(), s.when.map(|w| w.hour())), (Some("lunch with Dana"), Some(12)));
}

#[test]
fn what_the_user_tells_of_a_thing_after_a_report_is_why_not_a_second_report() {
    let s = steps("I posted the parcel this afternoon after all, the queue was short", tuesday_morning());
    assert_eq!(s.len(), 1, "{s:?}");
    assert_eq!((s[0].resolver, s[0].action), (Resolver::Task, Action::Complete));
}

#[test]
fn a_holiday_bound_to_an_occasion_names_it_and_still_says_when() {
    for (text, title) in [
        ("תכניס ליומן מסיבת פורים", "מסיבת פורים"),
        ("תרשמי ביומן את טקס הסיגד בטיילת ביום הסיגד ב-10 בבוקר", "טקס הסיגד בטיילת"),
        ("Hillel's Yom HaAtzmaut party, 7pm, add it", "Hillel's Yom HaAtzmaut party"),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.title.as_deref()), (Resolver::Calendar, Some(title)), "{text}");
        assert!(s.when.is_some(), "{text}");
    }
    // a preposition says the holiday is only when
    assert_eq!(
        one("remind me on yom kippur to call grandma", tuesday_morning()).title.as_deref(),
        Some("call grandma")
    );
    // "על האש" is a barbecue
    let s = one("ביום העצמאות בצהרים על האש אצל הבן, תכניס ליומן", tuesday_morning());
    assert_eq!(s.title.as_deref(), Some("על האש אצל הבן"));
}

#[test]
fn the_birthday_said_as_hayom_huledet_is_no_today() {
    let s = one("תרשום ביומן את היום הולדת שלה ביום שישי בארבע", tuesday_morning());
    assert_eq!(s.title.as_deref(), Some("היום הולדת שלה"));
    assert_eq!(s.when.map(|w| w.weekday()), Some(chrono::Weekday::Fri));
}

#[test]
fn a_report_dictated_straight_into_remind_me_is_two_steps() {
    let s = steps("עשיתי כבר את הבדיקה של הלוח אצל לוי תזכיר לי לשלוח לו חשבונית מחר בצהריים", tuesday_morning());
    assert_eq!(s.len(), 2, "{s:?}");
    assert_eq!((s[0].action, s[1].action), (Action::Complete, Action::Create));
    assert_eq!(s[1].title.as_deref(), Some("לשלוח לו חשבונית"));
    let s = one("remind me the morra at half 7 tae order brake pads", tuesday_morning());
    assert_eq!(s.when.map(|w| (w.day(), w.hour(), w.minute())), Some((tuesday_morning().day() + 1, 7, 30)));
}

#[test]
fn a_request_asked_as_would_you_mind_is_the_request() {
    let s = one("Would you mind moving the fire inspection to Thursday, same time?", tuesday_morning());
    assert_eq!((s.action, s.query.as_deref()), (Action::Update, Some("fire inspection")));
    let s = one("do you mind adding eggs to the shopping list", tuesday_morning());
    assert_eq!((s.resolver, s.action, s.items.clone()), (Resolver::List, Action::Add, vec!["eggs".to_string()]));
    assert_eq!(one("would you mind if I vent for a sec", tuesday_morning()).resolver, Resolver::General);
}

#[test]
fn two_timed_things_after_and_are_two_steps_even_after_a_blessing_or_with_the() {
    for text in [
        "and monday at 2pm the wee departmental seminar, and tuesday 11am tutorial marking deadline",
        "בעזרת השם ביום רביעי ב-3 אחה\"צ להתקין גוף תאורה אצל משפחת גולדשטיין, וביום חמישי ב-10 בבוקר בדיקת חשמל לבניין",
        "and thursday 9am the cape point tour, and saturday at 5pm drop the minibus at the mechanic",
    ] {
        let s = steps(text, tuesday_morning());
        assert_eq!(s.len(), 2, "{text}: {s:?}");
        assert!(s.iter().all(|s| s.action == Action::Create && s.when.is_some()), "{text}: {s:?}");
    }
    let s = steps("בעזרת השם ביום רביעי ב-3 להתקין גוף תאורה", tuesday_morning());
    assert_eq!(s[0].title.as_deref(), Some("להתקין גוף תאורה"));
    // "drop" at an hour with no list is taking something somewhere
    let s = one("saturday at 5pm drop the minibus at the mechanic", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Create));
    assert_eq!(one("drop the eggs from the list", tuesday_morning()).action, Action::Remove);
}

#[test]
fn the_x_one_put_or_changed_to_an_hour_moves_x() {
    for (text, thing) in [("put the PDP one at 10am", "pdp"), ("the NEA one change to 4pm", "nea")] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.action, s.title.as_deref()), (Action::Update, Some(thing)), "{text}");
    }
    assert_eq!(one("pick up the big one at 5", tuesday_morning()).action, Action::Create);
    // a thing named first and moved as "it" is looked for by its name alone
    let s = one("the minibus, move it to friday same time", tuesday_morning());
    assert_eq!((s.action, s.title.as_deref()), (Action::Update, Some("minibus")));
}

#[test]
fn a_thing_told_cancelled_then_taken_off_is_deleted_and_a_sigh_with_today_is_talk() {
    let s = steps("the german group actually cancelled, flight delayed to next week. take it off", tuesday_morning());
    assert_eq!(s.len(), 1, "{s:?}");
    assert_eq!(
        (s[0].resolver, s[0].action, s[0].title.as_deref()),
        (Resolver::Task, Action::Delete, Some("german group"))
    );
    let s = one(
        "aiyo today so sian, one auntie complain my kway teow too oily then still order second plate",
        tuesday_morning(),
    );
    assert_eq!(s.resolver, Resolver::General);
    // a code with a hyphened number is no hour
    let s = steps("add R-410A to the truck list", tuesday_morning());
    assert_eq!(s[0].items, vec!["R-410A".to_string()]);
}

#[test]
fn a_report_keeps_its_thing_when_how_it_went_or_thanks_follow() {
    for (text, title) in [
        ("fueled up already the line was short", "fuel"),
        ("paid the rent. thank you.", "rent"),
        ("The bell staff briefing is pau, all done. Thank you.", "bell staff briefing"),
    ] {
        let s = steps(text, tuesday_morning());
        assert_eq!(s.len(), 1, "{text}: {s:?}");
        assert_eq!((s[0].action, s[0].title.as_deref()), (Action::Complete, Some(title)), "{text}");
    }
    // a list deleted by its name, then why
    let s = one("delete CNY list, bought everything liao", tuesday_morning());
    assert_eq!((s.resolver, s.action, s.list.as_deref()), (Resolver::List, Action::Delete, Some("CNY")));
    assert!(s.items.is_empty());
    // a Hebrew "put" of a thing at an hour moves it
    let s = one("את הרישיון תשים ב-11", tuesday_morning());
    assert_eq!((s.action, s.title.as_deref()), (Action::Update, Some("הרישיון")));
}

#[test]
fn a_code_with_slashes_is_no_date_and_please_before_a_command_keeps_it_a_command() {
    let s = one("Please remember: the sworn translator stamp number is TP/3381/09", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Memory, Action::Store));
    assert_eq!(s.title.as_deref(), Some("the sworn translator stamp number is TP/3381/09"));
    let s = steps("Do the needful: email Karthik the revised SOP and remind me at 5 to follow up", tuesday_morning());
    assert_eq!((s[0].resolver, s[0].action), (Resolver::Gmail, Action::Send), "{s:?}");
    let s = steps(
        "Add please to festival list: badges, headsets. Also make in calendar meeting with Mrs. Nowak on Wednesday 12 o'clock",
        tuesday_morning(),
    );
    assert_eq!(s.len(), 2, "{s:?}");
    assert_eq!((s[1].resolver, s[1].action), (Resolver::Calendar, Action::Create));
}

#[test]
fn the_night_before_in_hebrew_is_the_evening_and_how_to_is_help_and_where_is_there_is_outside() {
    let s = steps("טסט ביום שלישי ב-7:40, תכניס ליומן ותזכיר לי בלילה לפני ב-10 לשלוח לו הודעה", tuesday_morning());
    assert_eq!(s[1].when.map(|w| w.hour()), Some(22), "{s:?}");
    assert_eq!(one("תסביר לי איך עושים רשימה", tuesday_morning()).resolver, Resolver::Meta);
    assert_eq!(one("איפה יש סדר פסח בסנטיאגו?", tuesday_morning()).resolver, Resolver::General);
    assert_ne!(one("איפה יש לי פגישה מחר?", tuesday_morning()).resolver, Resolver::General);
}

#[test]
fn what_a_thing_of_someones_was_is_asked_of_the_notes() {
    for (text, query) in [
        ("מה היה הרעיון של גיל לגבי ה-onboarding?", "הרעיון של גיל לגבי ה-onboarding"),
        ("מה היה המרשם של גברת חורי?", "המרשם של גברת חורי"),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!(
            (s.resolver, s.action, s.query.as_deref()),
            (Resolver::Memory, Action::Recall, Some(query)),
            "{text}"
        );
    }
    assert_eq!(one("מה היה המצב?", tuesday_morning()).resolver, Resolver::General);
}

#[test]
fn a_hebrew_draft_said_with_its_verb_is_a_step_and_peace_with_a_prefix_is_no_greeting() {
    let s = steps("תמצא את המייל מההורים של אורי ותכין טיוטת תשובה", tuesday_morning());
    assert_eq!(s.len(), 2, "{s:?}");
    assert_eq!((s[0].action, s[1].action), (Action::Search, Action::Draft));
    let s = one("דיון בבית משפט השלום בחיפה ב-3.11 בשעה 9:00", tuesday_morning());
    assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Create));
    assert_eq!(one("שלום, מה נשמע", tuesday_morning()).resolver, Resolver::General);
}

#[test]
fn a_thing_told_done_then_ticked_off_as_it_is_completed_by_its_name() {
    let s = steps(
        "controlled count done, tick it off, and remind me thursday at 7:30 to do the fridge temps",
        tuesday_morning(),
    );
    assert_eq!(s.len(), 2, "{s:?}");
    assert_eq!((s[0].action, s[0].title.as_deref()), (Action::Complete, Some("controlled count")));
    assert_eq!(s[1].action, Action::Create);
    let s = one("the laundry done, tick it off", tuesday_morning());
    assert_eq!((s.action, s.title.as_deref()), (Action::Complete, Some("laundry")));
    // an item ticked off names no state: still a removal
    assert_eq!(one("milk, cross it off", tuesday_morning()).action, Action::Remove);
}

#[test]
fn how_much_or_whether_one_may_asked_of_the_world_is_chat_even_with_a_time() {
    for text in [
        "how much is a ticket from Dubai to Manila in December?",
        "כמה ימי חופש יש בחנוכה בגנים השנה?",
        "ביום כיפור אפשר לנסוע עם אוטו?",
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::General, Action::Chat), "{text}");
    }
    // the user's own things, or the calendar's, stay a look at the calendar
    for text in ["how many meetings do I have tomorrow?", "כמה פגישות יש לי מחר?", "כמה תורים יש לי מחר?"]
    {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Find), "{text}");
    }
}

#[test]
fn a_day_under_way_told_of_with_no_request_is_talk_and_a_count_is_no_hour() {
    // tuesday_morning is 2026-03-10 09:30 in Jerusalem
    for text in [
        "היום תלמיד כמעט נכנס ברוורס בקיר של הקניון, אני עוד רועד",
        "היום קבוצה של 50 איש ברובע היהודי בחום של 31 מעלות, כמעט התעלפתי",
        "עקצו אותי היום שבע פעמים, הדבורים עצבניות מהחמסין",
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::General, Action::Chat), "{text}");
    }
    // a request in it, or a day still to come, stays a thing to do
    for text in ["I need to pick up the dry cleaning today", "מחר קבוצה של 50 איש ברובע היהודי"]
    {
        let s = one(text, tuesday_morning());
        assert_ne!(s.resolver, Resolver::General, "{text}");
    }
    let s = one("תזכיר לי מחר שבע פעמים לשתות", tuesday_morning());
    assert_eq!(s.when.map(|w| w.hour()), Some(9), "{s:?}");
}

#[test]
fn a_past_verb_alone_or_a_thing_then_done_completes_the_reminder_it_names() {
    for (text, title) in [
        ("תדלקתי", Some("תדלק")),
        ("תליתי", Some("לתלות")),
        ("ניקיתי כבר", Some("לנקות")),
        ("paid", Some("pay")),
        ("I called", Some("call")),
        ("laundry done", Some("laundry")),
        ("homework finished!", Some("homework")),
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action, s.title.as_deref()), (Resolver::Task, Action::Complete, title), "{text}");
    }
    // knowing, saying or being done oneself is no chore done
    for text in ["הבנתי", "טעיתי", "I'm done", "all done", "done", "עשיתי"] {
        assert_eq!(one(text, tuesday_morning()).resolver, Resolver::General, "{text}");
    }
}

#[test]
fn a_thing_told_of_then_delete_the_reminder_is_one_delete_of_that_thing() {
    for text in [
        "הביטוח כבר יורד בהוראת קבע, תמחק את התזכורת",
        "the insurance is paid by direct debit now, delete the reminder",
    ] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Task, Action::Delete), "{text}");
        assert!(s.title.as_deref().is_some_and(|t| t.contains("insurance") || t.contains("הביטוח")), "{s:?}");
    }
    // a request of its own before it stays a step
    let s = steps("remind me at 5 to call mom, delete the reminder about the dentist", tuesday_morning());
    assert_eq!(s.len(), 2, "{s:?}");
}

#[test]
fn a_thing_said_first_then_made_on_another_day_is_moved_there() {
    let s = one("את השוק תעשה מחר במקום", tuesday_morning());
    assert_eq!((s.resolver, s.action, s.title.as_deref()), (Resolver::Task, Action::Update, Some("השוק")));
    assert_eq!(s.when, Some(iso("2026-03-11T00:00:00+02:00")));
}

#[test]
fn a_report_then_thanks_after_a_comma_is_the_report_and_a_reason_holds_no_list() {
    for (text, title) in [("called the bank, thanks", "bank"), ("שילמתי את החשבון, תודה", "החשבון")]
    {
        let s = one(text, tuesday_morning());
        assert_eq!(
            (s.resolver, s.action, s.title.as_deref()),
            (Resolver::Task, Action::Complete, Some(title)),
            "{text}"
        );
    }
    let s = steps("remove the atta, amma sent from home, add coconut oil", tuesday_morning());
    assert_eq!(s.len(), 2, "{s:?}");
    assert_eq!((s[0].items.clone(), s[0].list.as_deref()), (vec!["atta".to_string()], None));
    assert_eq!(s[1].list, None);
    let s = one("prepone the sprint demo to 10", tuesday_morning());
    assert_eq!((s.action, s.title.as_deref()), (Action::Update, Some("sprint demo")));
}

#[test]
fn british_day_slang_a_show_in_a_list_name_and_the_particle_of_put_on() {
    let s = one("remind me tomoz at 11 to put the clocks back", tuesday_morning());
    assert_eq!(s.when, Some(iso("2026-03-11T11:00:00+02:00")));
    let s = one("remind me weds at 6 to hand out the new kits", tuesday_morning());
    assert_eq!(s.when, Some(iso("2026-03-11T18:00:00+02:00")));
    assert_eq!(one("wot reminders have i got this week", tuesday_morning()).action, Action::List);
    let s = one("add sunscreen and a chamois to the car show list", tuesday_morning());
    assert_eq!((s.list.as_deref(), s.items.len()), (Some("car show"), 2));
    let s = steps("take gloves off the shopping list, got em, and put milk and teabags on", tuesday_morning());
    assert_eq!(s.last().map(|s| s.items.clone()), Some(vec!["milk".to_string(), "teabags".to_string()]));
}

#[test]
fn a_question_about_the_inbox_then_read_it_if_so_is_a_search_and_a_read_of_the_same() {
    for (text, query) in [
        ("did the exam board email me back about the remarks? if they did read it to me", "exam board"),
        ("יש לי מייל מ-Sequoia? מחכה ל-term sheet, אם יש תקרא לי אותו", "Sequoia"),
        ("did the bank email me? if so read it", "bank"),
    ] {
        let s = steps(text, tuesday_morning());
        assert_eq!(s.len(), 2, "{text}: {s:?}");
        assert_eq!((s[0].action, s[1].action, s[1].depends_on.clone()), (Action::Search, Action::Read, vec![0]));
        assert!(
            s.iter().all(|s| s.query.as_deref().is_some_and(|q| q.contains(query) && !q.contains("back"))),
            "{s:?}"
        );
    }
}

#[test]
fn asked_whether_someone_sent_me_something_is_a_search_not_a_send() {
    for (text, query) in
        [("did anyone send me the updated plans?", "updated plans"), ("did the bank email me back", "bank")]
    {
        let s = one(text, tuesday_morning());
        assert_eq!(
            (s.resolver, s.action, s.query.as_deref()),
            (Resolver::Gmail, Action::Search, Some(query)),
            "{text}"
        );
    }
    assert_eq!(one("send me the report", tuesday_morning()).action, Action::Send);
}

#[test]
fn a_question_of_the_world_right_now_is_chat_and_mine_right_now_is_the_calendar() {
    for text in ["what's the ceiling at Lake Hood right now", "מה טמפרטורת המים באילת עכשיו?"] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::General, Action::Chat), "{text}");
    }
    for text in ["what do I have now?", "מה יש לי עכשיו?"] {
        let s = one(text, tuesday_morning());
        assert_eq!((s.resolver, s.action), (Resolver::Calendar, Action::Find), "{text}");
    }
}
