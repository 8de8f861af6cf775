//! List steps of the kinds the later held-out sets showed: whose list it is, a polite word before
//! the list, a grade or size written after a thing, several whole lists at once, a bare command
//! said again, and one thing in place of another.

use chrono::DateTime;
use chrono_tz::Tz;

use super::{Action, Lang, Resolver, Step, understand};

fn now() -> DateTime<Tz> {
    DateTime::parse_from_rfc3339("2026-03-10T09:30:00+02:00").expect("now").with_timezone(&chrono_tz::Asia::Jerusalem)
}

fn steps(text: &str) -> Vec<Step> {
    understand(text, now(), Lang::He).steps
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn whose_list_it_is_belongs_to_its_name_and_a_polite_word_may_come_before_it() {
    let s = &steps("תוסיף לרשימת התרופות של אבא אקמול וויטמין B12")[0];
    assert_eq!(s.list.as_deref(), Some("התרופות של אבא"));
    assert_eq!(s.items, strings(&["אקמול", "ויטמין B12"]));
    // a doubled ו is the letter v: "ווים" (hooks) keeps it
    let s = &steps("תפתח רשימה לחנות דייגים: חוטי ניילון, ווים, משקולות עופרת")[0];
    assert_eq!(s.items, strings(&["חוטי ניילון", "ווים", "משקולות עופרת"]));
    let s = &steps("תוסיף בבקשה ברשימה של הקניות גבינה צרפתית ובגט")[0];
    assert_eq!((s.action, s.list.as_deref()), (Action::Add, Some("הקניות")));
    assert_eq!(s.items, strings(&["גבינה צרפתית", "בגט"]));
    // a whole list to delete keeps its whole name
    let s = &steps("תמחק את רשימת ציוד למילואים, כבר לא צריך אותה")[0];
    assert_eq!((s.action, s.list.as_deref()), (Action::Delete, Some("ציוד למילואים")));
}

#[test]
fn digits_written_after_a_thing_are_its_grade_not_a_date() {
    let s = &steps("תכניסי לרשימה של המספרה צבע 7.1 וחמצן 6%")[0];
    assert_eq!(s.items, strings(&["צבע 7.1", "חמצן 6%"]));
    // a date said with its preposition is still a date, and no item
    let u = understand("add milk to the shopping list on 7.1", now(), Lang::En);
    assert_eq!(u.steps[0].items, strings(&["milk"]));
}

#[test]
fn two_whole_lists_with_one_verb_are_two_steps() {
    for (text, a, b) in [
        ("delete the moving list and the old clients list", "moving", "old clients"),
        ("תמחק את רשימת הקניות ואת רשימת הציוד", "הקניות", "הציוד"),
        ("show me the shopping list and the camping list", "shopping", "camping"),
    ] {
        let s = steps(text);
        assert_eq!(s.len(), 2, "{text}: {s:?}");
        assert_eq!(s[0].action, s[1].action, "{text}");
        assert_eq!((s[0].list.as_deref(), s[1].list.as_deref()), (Some(a), Some(b)), "{text}");
    }
    // items for two lists keep their own reading
    let s = steps("add garlic to the shopping list and olive oil to the pantry list");
    assert_eq!((s[1].list.as_deref(), s[1].items.clone()), (Some("pantry"), strings(&["olive oil"])));
}

#[test]
fn a_bare_command_after_its_thing_is_the_same_step() {
    let s = steps("לא צריך יותר את החמצן 6% ברשימה של המספרה, תוריד");
    assert_eq!(s.len(), 1, "{s:?}");
    assert_eq!((s[0].action, s[0].list.as_deref()), (Action::Remove, Some("המספרה")));
}

#[test]
fn one_thing_in_place_of_another_comes_off_the_list_and_the_new_one_goes_on() {
    for (text, old, new) in [
        ("במקום קוטג' 5% תשים ברשימת הקניות קוטג' 3%", "קוטג' 5%", "קוטג' 3%"),
        ("תשים ברשימת הקניות קוטג' 3% במקום קוטג' 5%", "קוטג' 5%", "קוטג' 3%"),
        ("ברשימת הקניות תחליף את החלב 3% בחלב 1%", "החלב 3%", "חלב 1%"),
        ("instead of whole milk put oat milk on the shopping list", "whole milk", "oat milk"),
        ("add oat milk to the shopping list instead of whole milk", "whole milk", "oat milk"),
        ("replace the whole milk with oat milk on the shopping list", "whole milk", "oat milk"),
        ("swap whole milk for oat milk on the shopping list", "whole milk", "oat milk"),
    ] {
        let s = steps(text);
        assert_eq!(s.len(), 2, "{text}: {s:?}");
        assert_eq!((s[0].resolver, s[0].action, s[0].items.clone()), (Resolver::List, Action::Remove, strings(&[old])));
        assert_eq!((s[1].action, s[1].items.clone()), (Action::Add, strings(&[new])), "{text}");
        assert_eq!(s[0].list, s[1].list, "{text}");
    }
    // "in its place" after a removal names no old thing
    let s = steps("תמחק את החלב מהקניות ותוסיף במקום חלב סויה");
    assert_eq!(s.len(), 2, "{s:?}");
    assert_eq!(s[1].items, strings(&["חלב סויה"]));
}

#[test]
fn a_dash_before_a_series_ends_a_new_lists_name() {
    let s = &steps("new list: field trip consent forms missing - Amira, Tom B, Kofi, Lily, Noah")[0];
    assert_eq!((s.resolver, s.action), (Resolver::List, Action::Create));
    assert_eq!(s.list.as_deref(), Some("field trip consent forms missing"));
    assert_eq!(s.items, strings(&["Amira", "Tom B", "Kofi", "Lily", "Noah"]));
    // a dash inside a name with no series after it stays in the name
    let s = &steps("רשימה חדשה - מתכונים לשבת")[0];
    assert_eq!(s.list.as_deref(), Some("מתכונים לשבת"));
}

#[test]
fn a_thing_refused_before_an_add_said_instead_comes_off_and_a_second_thought_drops_one() {
    for (text, old, new) in [
        ("nah no energy drinks my mom would kill me. put green tea instead", "energy drinks", "green tea"),
        ("לא במבה, הילדים לא אוהבים. תוסיף ביסלי במקום", "במבה", "ביסלי"),
    ] {
        let s = steps(text);
        let kinds: Vec<_> = s.iter().map(|s| (s.action, s.items.clone())).collect();
        assert_eq!(kinds, [(Action::Remove, vec![old.to_string()]), (Action::Add, vec![new.to_string()])], "{text}");
    }
    // the refused thing is what "them" in the command's own words points at
    let s = steps("oh wait, the venue doesn't allow sparklers!! take them off and add bubbles instead");
    assert_eq!((s[0].action, s[0].items.clone()), (Action::Remove, vec!["sparklers".to_string()]));
    let s = steps("add the registration form and passport photos. actually drop the photos, they don't need them");
    let kinds: Vec<_> = s.iter().map(|s| s.action).collect();
    assert_eq!(kinds, [Action::Add, Action::Remove]);
    assert_eq!(s[1].items, ["photos"]);
}

#[test]
fn new_names_no_list_and_him_after_a_deed_is_who_did_it() {
    let s = steps("תפתח רשימה חדשה: ארגזים לפרוק");
    assert_eq!((s[0].action, s[0].list.as_deref()), (Action::Create, Some("ארגזים לפרוק")));
    assert!(s[0].items.is_empty());
    let s = steps("אזולאי הביא את המסמכים תוריד אותו מהרשימה של הלקוחות");
    assert_eq!((s[0].action, s[0].items.clone()), (Action::Remove, vec!["אזולאי".to_string()]));
}

#[test]
fn a_list_of_gear_or_shopping_names_what_it_is_for_unless_that_word_is_a_thing_bought() {
    let s = &steps("תוסיף לרשימת ציוד למרתון ג׳לים וגרביים")[0];
    assert_eq!(s.list.as_deref(), Some("ציוד למרתון"));
    assert_eq!(s.items, strings(&["ג׳לים", "גרביים"]));
    let s = &steps("תמחק מרשימת קניות לתינוקת את המגבונים")[0];
    assert_eq!((s.action, s.list.as_deref()), (Action::Remove, Some("קניות לתינוקת")));
    // a thing people buy that starts with ל is the first item
    let s = &steps("תוסיף לרשימת קניות לחם חלב וביצים")[0];
    assert_eq!(s.list.as_deref(), Some("קניות"));
    // and so is any word followed by "and" or a comma
    let s = &steps("תוסיף לרשימת קניות לאבנה ושמן")[0];
    assert_eq!((s.list.as_deref(), s.items.clone()), (Some("קניות"), strings(&["לאבנה", "שמן"])));
}

#[test]
fn a_list_for_something_is_named_by_that_thing() {
    let s = &steps("רשימה לציוד: גומיות התנגדות, קטלבל 12 קילו, מזרן יוגה")[0];
    assert_eq!(s.list.as_deref(), Some("ציוד"));
    assert_eq!(steps("תמחק את הרשימה לחתונה")[0].list.as_deref(), Some("חתונה"));
    // a noun that starts with ל keeps it
    assert_eq!(steps("תפתח רשימה לקוחות חדשים")[0].list.as_deref(), Some("לקוחות חדשים"));
}

#[test]
fn what_stays_is_no_step_and_a_thing_put_in_after_a_list_step_goes_on_that_list() {
    let s = steps("תשאיר את הקטלבל אבל תמחק את החבל קפיצה");
    assert_eq!(s.len(), 1);
    assert!(!s[0].title.as_deref().unwrap_or("").contains("קטלבל"), "{s:?}");
    let s = steps("תוריד את מוטי מהרשימה ותכניס את רוני");
    assert_eq!((s[1].resolver, s[1].action), (Resolver::List, Action::Add));
    assert_eq!(s[1].items, strings(&["רוני"]));
    // the calendar named keeps it an event
    let u = understand("add eggs to the shopping list and put the dentist in the calendar", now(), Lang::En);
    assert_eq!(u.steps[1].resolver, Resolver::Calendar);
}

#[test]
fn a_series_after_a_full_stop_is_a_new_lists_items() {
    let u = understand("new list camping. tent, stove, matches", now(), Lang::En);
    assert_eq!(u.steps[0].list.as_deref(), Some("camping"));
    assert_eq!(u.steps[0].items, strings(&["tent", "stove", "matches"]));
    let s = &steps("תפתח רשימה לטיול. כובע, קרם, בגד ים")[0];
    assert_eq!((s.list.as_deref(), s.items.clone()), (Some("טיול"), strings(&["כובע", "קרם", "בגד ים"])));
    // the stop of a title is no end of the name
    let u = understand("make a client list with the Hendersons, Mrs. Park, the Okafors", now(), Lang::En);
    assert_eq!(u.steps[0].list.as_deref(), Some("client"));
    // a sentence after the stop is no items
    let u = understand("make a new list for the trip. I will add things later, thanks", now(), Lang::En);
    assert!(u.steps[0].items.is_empty(), "{:?}", u.steps);
}

#[test]
fn a_list_for_an_exam_or_an_event_keeps_what_it_is_for_before_et() {
    let s = steps("תשמיט מרשימת שאלות למבחן את DFS, זה כבר היה בבוחן");
    assert_eq!(s.len(), 1, "{s:?}");
    assert_eq!((s[0].list.as_deref(), s[0].items.clone()), (Some("שאלות למבחן"), vec!["DFS".to_string()]));
}

#[test]
fn the_first_half_of_a_hyphened_item_stays_with_it() {
    let s = steps("add the in-ear molds to the gear list");
    assert_eq!(s[0].items, strings(&["in-ear molds"]));
}
