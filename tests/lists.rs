//! Named lists through the web chat: add (creating the list), show, remove, check off, rename,
//! delete with confirmation, long items and long lists, and one combined reply per turn.

mod common;

use chrono::{DateTime, Utc};
use common::{TestApp, spawn_app_with};
use ozer::clock::Clock;
use ozer::store::entities::{list, list_item};
use sea_orm::{EntityTrait, PaginatorTrait};

fn clock() -> Clock {
    Clock::frozen(DateTime::parse_from_rfc3339("2026-01-22T19:09:00Z").unwrap().with_timezone(&Utc))
}

async fn item_count(app: &TestApp) -> u64 {
    list_item::Entity::find().count(&app.state.db).await.unwrap()
}

#[tokio::test]
async fn adding_to_a_missing_hebrew_list_creates_it_and_says_so() {
    let app = spawn_app_with(&[], clock()).await;
    let reply = app.say("תוסיף עגבניות ומלפפונים לרשימת הקניות").await;
    assert!(reply.contains("יצרתי") && reply.contains("עגבניות") && reply.contains("מלפפונים"), "{reply}");
    assert_eq!(item_count(&app).await, 2);
    let again = app.say("תוסיף חלב לרשימת קניות").await;
    assert!(again.contains("הוספתי") && !again.contains("יצרתי"), "{again}");
    assert_eq!(list::Entity::find().count(&app.state.db).await.unwrap(), 1, "the article does not make a new list");
}

#[tokio::test]
async fn english_items_in_one_message_are_all_added_and_shown() {
    let app = spawn_app_with(&[], clock()).await;
    app.say("add eggs, milk and bread to my shopping list").await;
    assert_eq!(item_count(&app).await, 3);
    let shown = app.say("show my shopping list").await;
    for item in ["eggs", "milk", "bread"] {
        assert!(shown.contains(item), "{shown}");
    }
}

#[tokio::test]
async fn removing_one_item_needs_no_confirmation() {
    let app = spawn_app_with(&[], clock()).await;
    app.say("add eggs, milk and bread to my shopping list").await;
    let reply = app.say("remove milk from my shopping list").await;
    assert!(reply.contains("Removed milk"), "{reply}");
    assert_eq!(item_count(&app).await, 2);
}

#[tokio::test]
async fn deleting_a_list_asks_first() {
    let app = spawn_app_with(&[], clock()).await;
    app.say("add eggs to my shopping list").await;
    let q = app.say("delete my shopping list").await;
    assert!(q.contains('?'), "{q}");
    assert_eq!(list::Entity::find().count(&app.state.db).await.unwrap(), 1);
    assert!(app.say("yes").await.contains("Deleted the list"));
    assert_eq!(list::Entity::find().count(&app.state.db).await.unwrap(), 0);
    assert_eq!(item_count(&app).await, 0);
}

#[tokio::test]
async fn a_list_with_a_thousand_items_shows_the_first_ones_and_a_count() {
    let app = spawn_app_with(&[], clock()).await;
    app.say("add eggs to my shopping list").await;
    let list_id = list::Entity::find().one(&app.state.db).await.unwrap().unwrap().id;
    for i in 0..999 {
        ozer::store::lists::add_item(&app.state.db, list_id, &format!("item {i}"), app.state.clock.now())
            .await
            .unwrap();
    }
    let shown = app.say("show my shopping list").await;
    assert!(shown.contains("1000"), "{}", &shown[..200.min(shown.len())]);
    assert!(shown.contains("970 more"), "{}", &shown[shown.len().saturating_sub(100)..]);
    assert!(shown.lines().count() < 40);
}

#[tokio::test]
async fn a_500_character_item_is_stored_whole_and_trimmed_in_replies() {
    let app = spawn_app_with(&[], clock()).await;
    let long = "a".repeat(500);
    let reply = app.say(&format!("add {long} to my shopping list")).await;
    assert!(reply.len() < 400, "{reply}");
    let stored = list_item::Entity::find().one(&app.state.db).await.unwrap().unwrap();
    assert_eq!(stored.text.len(), 500);
}

#[tokio::test]
async fn adding_to_a_list_and_a_reminder_in_one_message_gets_one_combined_reply() {
    let app = spawn_app_with(&[], clock()).await;
    let reply = app.say("תוסיף חלב לרשימת הקניות ותזכיר לי לקנות אותו מחר בשש בערב").await;
    assert_eq!(reply.lines().count(), 1, "{reply}");
    assert!(reply.contains("חלב") && reply.contains("מחר ב-18:00"), "{reply}");
    let t = ozer::store::entities::task::Entity::find().one(&app.state.db).await.unwrap().unwrap();
    assert!(t.title.contains("חלב"), "the pronoun was resolved: {}", t.title);
}

#[tokio::test]
async fn the_issue_example_a_reminder_and_items_in_one_hebrew_message() {
    let app = spawn_app_with(&[], clock()).await;
    let reply = app.say("תזכיר לי היום ב-23:00 לארוז ותוסיף לרשימת הקניות חלב וביצים").await;
    assert_eq!(reply.lines().count(), 1, "{reply}");
    assert!(reply.contains("היום ב-23:00") && reply.contains("חלב") && reply.contains("ביצים"), "{reply}");
    assert_eq!(item_count(&app).await, 2);
}

#[tokio::test]
async fn checking_off_an_item_keeps_it_on_the_list_marked() {
    let app = spawn_app_with(&[], clock()).await;
    app.say("תוסיף חלב וביצים לרשימת הקניות").await;
    let reply = app.say("סמן חלב ברשימת הקניות").await;
    assert!(reply.contains("סימנתי") && reply.contains("חלב"), "{reply}");
    let shown = app.say("תראה לי את רשימת הקניות").await;
    assert!(shown.contains("✓ חלב") && shown.contains("• ביצים"), "{shown}");
}

#[tokio::test]
async fn renaming_a_list_in_english_and_in_hebrew() {
    let app = spawn_app_with(&[], clock()).await;
    app.say("add eggs to my shopping list").await;
    let reply = app.say("rename my shopping list to groceries").await;
    assert!(reply.contains("groceries"), "{reply}");
    assert!(app.say("show my groceries list").await.contains("eggs"));
    app.say("תוסיף חלב לרשימת הקניות").await;
    let he = app.say("שנה את השם של רשימת הקניות לסופר").await;
    assert!(he.contains("סופר"), "{he}");
    assert!(app.say("תראה לי את רשימת הסופר").await.contains("חלב"));
}

#[tokio::test]
async fn clearing_a_list_asks_then_empties_it_and_keeps_the_list() {
    let app = spawn_app_with(&[], clock()).await;
    app.say("add eggs, milk and bread to my shopping list").await;
    let q = app.say("clear my shopping list").await;
    assert!(q.contains('3') && q.contains('?'), "{q}");
    assert_eq!(item_count(&app).await, 3);
    assert!(app.say("yes").await.contains("Removed"));
    assert_eq!(item_count(&app).await, 0);
    assert_eq!(list::Entity::find().count(&app.state.db).await.unwrap(), 1);
}

#[tokio::test]
async fn a_hebrew_list_named_without_the_word_list_is_found_by_its_name() {
    let app = spawn_app_with(&[], clock()).await;
    app.say("תוסיף ביצים לרשימת הקניות").await;
    let reply = app.say("תוסיף חלב לקניות").await;
    assert!(reply.contains("הוספתי חלב"), "{reply}");
    assert_eq!(item_count(&app).await, 2);
    // a "list" only glued to ל that the user has none of is the item's own word: with one list,
    // it goes there whole; with several, Ozer asks which
    let unknown = app.say("תוסיף גם מפה לבנה").await;
    assert!(unknown.contains("מפה לבנה"), "{unknown}");
    assert_eq!(item_count(&app).await, 3);
    app.say("תפתח רשימה בשם ציוד לטיול").await;
    let asked = app.say("תוסיף כדור לספורט").await;
    assert!(asked.contains("איזו רשימה"), "{asked}");
}

#[tokio::test]
async fn a_report_naming_list_items_and_no_task_checks_the_items_off() {
    let app = spawn_app_with(&[], clock()).await;
    app.say("add batteries, tape and glue to the hardware list").await;
    app.say("remind me tomorrow at 9 to call the electrician").await;
    let reply = app.say("picked up the tape and the glue").await;
    assert!(reply.contains("tape") && reply.contains("glue"), "{reply}");
    let shown = app.say("show the hardware list").await;
    assert!(shown.contains("✓ tape") && shown.contains("✓ glue") && shown.contains("• batteries"), "{shown}");
    // a task it does name is still completed, not a list item
    let done = app.say("called the electrician").await;
    assert!(done.contains("electrician"), "{done}");
    let he = spawn_app_with(&[], clock()).await;
    he.say("תוסיף לרשימת קניות עגבניות, מלפפונים ושמנת").await;
    let r = he.say("קניתי עגבניות ושמנת").await;
    let shown = he.say("תראה לי את רשימת הקניות").await;
    assert!(shown.contains("✓ עגבניות") && shown.contains("✓ שמנת") && shown.contains("• מלפפונים"), "{r} / {shown}");
}

#[tokio::test]
async fn removing_an_item_without_naming_the_list_finds_it_on_its_list() {
    let app = spawn_app_with(&[], clock()).await;
    app.say("add sunscreen, hat and passport to my camping list").await;
    // a reason after a comma is no item
    let reply = app.say("remove the hat, i'll take my old one").await;
    assert!(reply.contains("hat") && !reply.contains('?'), "{reply}");
    // the "list" it names is an item of one
    app.say("cross off the sunscreen").await;
    let shown = app.say("whats on my camping list").await;
    assert!(!shown.contains("hat") && shown.contains("passport") && !shown.contains("• sunscreen"), "{shown}");
    // nothing anywhere by that name: said so, nothing changed
    let none = app.say("remove the tent").await;
    assert!(none.contains("tent"), "{none}");
    assert_eq!(item_count(&app).await, 2);
}

#[tokio::test]
async fn an_unsure_removal_is_not_asked_about_when_only_a_list_item_fits() {
    let app = spawn_app_with(&[], clock()).await;
    app.say("תוסיף לרשימת הקניות קמח, סוכר ושמרים").await;
    let reply = app.say("תוריד את השמרים").await;
    assert!(reply.contains("שמרים") && !reply.contains('?'), "{reply}");
    let shown = app.say("מה נשאר ברשימה").await;
    assert!(shown.contains("קמח") && shown.contains("סוכר") && !shown.contains("שמרים"), "one list is shown: {shown}");
}

#[tokio::test]
async fn a_list_name_and_a_colon_add_the_things_and_things_named_one_by_one_go_at_once() {
    let app = spawn_app_with(&[], clock()).await;
    let reply = app.say("רשימת קניות: עגבניות, מלפפונים, טונה ולחמניות").await;
    assert!(reply.contains("עגבניות") && reply.contains("לחמניות"), "{reply}");
    assert_eq!(item_count(&app).await, 4);
    let reply = app.say("תוציאי את הטונה ואת הלחמניות").await;
    assert!(!reply.contains('?'), "two things named are removed without asking: {reply}");
    assert_eq!(item_count(&app).await, 2);
}

#[tokio::test]
async fn scratching_a_thing_on_no_list_deletes_the_one_reminder_it_names() {
    let app = spawn_app_with(&[], clock()).await;
    app.say("remind me friday at 9am to pick up the honey cake from the bakery").await;
    app.say("remind me thursday at 7pm to call savta").await;
    let reply = app.say("scratch the honey cake, my mom is baking one").await;
    assert!(reply.contains("honey cake"), "{reply}");
    let left: Vec<String> = ozer::store::entities::task::Entity::find()
        .all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.title)
        .collect();
    assert_eq!(left, ["call savta"]);
}

#[tokio::test]
async fn a_bare_grocery_starts_the_shopping_list_and_then_goes_on_it() {
    let app = spawn_app_with(&[], clock()).await;
    let reply = app.say("חלב").await;
    assert!(reply.contains("קניות") && reply.contains("חלב"), "{reply}");
    app.say("eggs and bread").await;
    assert_eq!(item_count(&app).await, 3);
    assert_eq!(list::Entity::find().count(&app.state.db).await.unwrap(), 1);
}

#[tokio::test]
async fn him_and_them_are_the_things_of_the_list_named_before_the_verb() {
    let app = spawn_app_with(&[], clock()).await;
    app.say("תעשה רשימת לקוחות לחג: מירי, יוסי, דנה, רונית").await;
    let reply = app.say("יוסי ביטל, תוציא אותו ותוסיף את עומר").await;
    assert!(reply.contains("יוסי") && reply.contains("עומר"), "{reply}");
    let shown = app.say("תראה לי את רשימת לקוחות לחג").await;
    assert!(!shown.contains("יוסי") && shown.contains("מירי") && shown.contains("עומר"), "{shown}");

    let app = spawn_app_with(&[], clock()).await;
    app.say("new list called permission slips: Ava, Liam, Noor, Mateo").await;
    app.say("Ava and Noor brought theirs back, take them off").await;
    let shown = app.say("show my permission slips list").await;
    assert!(!shown.contains("Ava") && !shown.contains("Noor") && shown.contains("Liam"), "{shown}");
    assert_eq!(item_count(&app).await, 2);
}

#[tokio::test]
async fn a_removal_finds_the_thing_said_first_and_the_list_it_is_on() {
    let app = spawn_app_with(&[], clock()).await;
    app.say("make a shopping list: oat milk, pasta, tomatoes").await;
    // the thing, then why, with no comma between
    let reply = app.say("cross off the pasta lena already bought some").await;
    assert!(reply.contains("pasta"), "{reply}");
    let open: Vec<String> = list_item::Entity::find()
        .all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .filter(|i| !i.checked)
        .map(|i| i.text)
        .collect();
    assert_eq!(open, ["oat milk", "tomatoes"], "crossed off");
    // "…מהשוק" names no list of the user's: the list the thing is on
    app.say("תוסיף חזרת וביצים לרשימת קניות לפסח").await;
    let reply = app.say("תמחק את החזרת השכן מביא מהשוק").await;
    assert!(reply.contains("חזרת"), "{reply}");
    let left: Vec<String> =
        list_item::Entity::find().all(&app.state.db).await.unwrap().into_iter().map(|i| i.text).collect();
    assert!(!left.iter().any(|t| t.contains("חזרת")) && left.iter().any(|t| t.contains("ביצים")), "{left:?}");
}

#[tokio::test]
async fn the_to_do_list_is_the_tasks_unless_the_user_keeps_a_list_by_that_name() {
    let app = spawn_app_with(&[], clock()).await;
    app.say("remind me tomorrow at 9 to call the plumber").await;
    let tasks = app.say("whats on my to do list").await;
    assert!(tasks.contains("plumber"), "{tasks}");
    app.say("add paint and glue to my chores list").await;
    app.say("rename the chores list to to do").await;
    let kept = app.say("whats on my to do list").await;
    assert!(kept.contains("paint") && !kept.contains("plumber"), "{kept}");
}
