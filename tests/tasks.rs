//! Tasks and reminders through the web chat, in both languages, with the human-in-the-loop
//! flows: choosing among candidates, confirming destructive actions, expiry, binding, restart.

mod common;

use chrono::{DateTime, Duration, Utc};
use common::{TestApp, spawn_app_with};
use ozer::clock::Clock;
use ozer::store::entities::task;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

/// Thursday 22 January 2026, 21:09 in Jerusalem.
fn thursday_evening() -> Clock {
    Clock::frozen(utc("2026-01-22T19:09:00Z"))
}

fn utc(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

async fn tasks_with_status(app: &TestApp, status: &str) -> Vec<task::Model> {
    task::Entity::find().filter(task::Column::Status.eq(status)).all(&app.state.db).await.unwrap()
}

#[tokio::test]
async fn hebrew_reminder_tomorrow_at_8_is_created_in_user_timezone() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    let reply = app.say("תזכיר לי מחר ב-8 להתקשר לרופא").await;
    assert!(reply.contains("מחר ב-08:00"), "{reply}");
    let open = tasks_with_status(&app, "open").await;
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].due_at, Some(utc("2026-01-23T06:00:00Z")));
    assert!(open[0].title.contains("רופא"));
}

#[tokio::test]
async fn english_reminder_in_half_an_hour_is_exact() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    let reply = app.say("remind me in half an hour to check the oven").await;
    assert!(reply.contains("today at 21:39"), "{reply}");
    assert_eq!(tasks_with_status(&app, "open").await[0].due_at, Some(utc("2026-01-22T19:39:00Z")));
}

#[tokio::test]
async fn a_reminder_in_minutes_that_lands_on_midnight_stays_at_midnight() {
    // 23:40 in Jerusalem: "in 20 minutes" is 00:00, a time said, not a day to ping at 09:00
    let app = spawn_app_with(&[], Clock::frozen(utc("2026-01-22T21:40:00Z"))).await;
    app.say("in 20 min remind me to take the laundry out").await;
    assert_eq!(tasks_with_status(&app, "open").await[0].due_at, Some(utc("2026-01-22T22:00:00Z")));
}

#[tokio::test]
async fn it_pushed_back_an_hour_or_made_earlier_shifts_the_last_reminder() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remind me tomorrow at 10 to start the orgo review").await;
    app.say("push it back an hour").await;
    assert_eq!(tasks_with_status(&app, "open").await[0].due_at, Some(utc("2026-01-23T09:00:00Z")));
    app.say("make it 30 minutes earlier").await;
    assert_eq!(tasks_with_status(&app, "open").await[0].due_at, Some(utc("2026-01-23T08:30:00Z")));
}

#[tokio::test]
async fn a_weekly_reminder_says_its_schedule() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    let reply = app.say("תזכיר לי כל יום ראשון בשבע בערב להוציא את הפח").await;
    assert!(reply.contains("כל יום ראשון ב-19:00"), "{reply}");
    // stored as its RFC 5545 series (issue 13): the start in the user's zone and the rule
    assert_eq!(
        tasks_with_status(&app, "open").await[0].recurrence.as_deref(),
        Some("DTSTART;TZID=Asia/Jerusalem:20260125T190000\nRRULE:FREQ=WEEKLY;BYDAY=SU")
    );
}

#[tokio::test]
async fn listing_tasks_shows_titles_and_times_in_both_languages() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("תזכיר לי מחר ב-8 להתקשר לרופא").await;
    let he = app.say("מה המשימות שלי?").await;
    assert!(he.contains("רופא") && he.contains("מחר ב-08:00"), "{he}");
    let en = app.say("what are my tasks?").await;
    assert!(en.contains("רופא") && en.contains("tomorrow at 08:00"), "{en}");
}

#[tokio::test]
async fn completing_a_task_by_a_few_words_marks_it_done() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("תזכיר לי מחר ב-10 לכתוב את המצגת").await;
    let reply = app.say("סיימתי לכתוב את המצגת").await;
    assert!(reply.contains("מצגת"), "{reply}");
    assert_eq!(tasks_with_status(&app, "done").await.len(), 1);
}

#[tokio::test]
async fn deleting_one_reminder_about_a_topic_needs_no_confirmation() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("תזכיר לי מחר בתשע להתקשר לאינסטלטור").await;
    let reply = app.say("תמחק את התזכורת לגבי האינסטלטור").await;
    assert!(reply.contains("מחקתי"), "{reply}");
    assert!(tasks_with_status(&app, "open").await.is_empty());
}

#[tokio::test]
async fn rescheduling_moves_the_reminder() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("תזכיר לי ביום שני ב-11:15 לשלוח את החשבונית").await;
    let reply = app.say("תדחה את התזכורת של החשבונית למחר").await;
    assert!(reply.contains("חשבונית") && reply.contains("מחר"), "{reply}");
    let t = &tasks_with_status(&app, "open").await[0];
    // Friday 23/01 at the reminder's own time (11:15 Jerusalem)
    assert_eq!(t.due_at, Some(utc("2026-01-23T09:15:00Z")));
}

async fn two_calls(app: &TestApp) {
    app.say("remind me tomorrow at 9am to call mom").await;
    app.say("remind me tomorrow at 10am to call dad").await;
}

#[tokio::test]
async fn several_matches_ask_which_and_the_second_one_picks() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    two_calls(&app).await;
    let body = app.chat("delete the call reminder").await;
    let reply = &body["replies"][0];
    assert!(reply["text"].as_str().unwrap().contains("1."), "{body}");
    assert_eq!(reply["buttons"].as_array().unwrap().len(), 2);
    let answer = app.say("the second one").await;
    assert!(answer.contains("call dad"), "{answer}");
    let left = tasks_with_status(&app, "open").await;
    assert_eq!(left.len(), 1);
    assert!(left[0].title.contains("mom"));
}

#[tokio::test]
async fn a_button_tap_resolves_a_pending_choice() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    two_calls(&app).await;
    let question = app.chat("delete the call reminder").await;
    let first = question["replies"][0]["buttons"][0]["payload"].as_str().unwrap().to_owned();
    let body = app.post_chat(serde_json::json!({"text": "1. call mom", "button": first})).await;
    assert!(body["replies"][0]["text"].as_str().unwrap().contains("call mom"), "{body}");
    assert!(tasks_with_status(&app, "open").await[0].title.contains("dad"));
}

#[tokio::test]
async fn bulk_delete_asks_first_and_no_cancels() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    two_calls(&app).await;
    let q = app.say("delete all my tasks").await;
    assert!(q.contains('2'), "{q}");
    assert!(app.say("no").await.contains("didn't change"));
    assert_eq!(tasks_with_status(&app, "open").await.len(), 2);
    app.say("delete all my tasks").await;
    assert!(app.say("yes").await.contains("Deleted 2"));
    assert!(tasks_with_status(&app, "open").await.is_empty());
}

#[tokio::test]
async fn a_confirmation_is_bound_to_the_exact_tasks_it_named() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    two_calls(&app).await;
    app.say("delete all my tasks").await;
    app.state.clock.advance(Duration::seconds(10));
    // A task created after the question (directly, as another device would) is not covered by "yes".
    let uid = ozer::store::entities::user::Entity::find().one(&app.state.db).await.unwrap().unwrap().id;
    let new = ozer::store::tasks::NewTask {
        user_id: uid,
        title: "water plants",
        due_at: None,
        local_time: None,
        recurrence: None,
    };
    ozer::store::tasks::create(&app.state.db, new, app.state.clock.now()).await.unwrap();
    app.say("yes").await;
    let left = tasks_with_status(&app, "open").await;
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].title, "water plants");
}

#[tokio::test]
async fn a_confirmation_expires_after_five_minutes_and_yes_is_then_a_fresh_message() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    two_calls(&app).await;
    app.say("delete all my tasks").await;
    app.state.clock.advance(Duration::minutes(6));
    let reply = app.say("yes").await;
    assert!(!reply.contains("Deleted"), "{reply}");
    assert_eq!(tasks_with_status(&app, "open").await.len(), 2);
}

#[tokio::test]
async fn anything_else_than_yes_or_no_is_treated_as_a_new_message() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    two_calls(&app).await;
    app.say("delete all my tasks").await;
    let reply = app.say("help").await;
    assert!(reply.contains("Here is what I can do"), "{reply}");
    assert!(!app.say("yes").await.contains("Deleted"), "the question was dropped");
    assert_eq!(tasks_with_status(&app, "open").await.len(), 2);
}

#[tokio::test]
async fn a_pending_confirmation_survives_a_restart() {
    let dir = common::TempDir::new();
    let clock = thursday_evening();
    let settings = common::test_settings(&dir, &[]);
    let first = ozer::app::AppState::new(settings.clone(), clock.clone()).await.unwrap();
    let say = |state: ozer::app::AppState, text: &'static str| async move {
        let mut msg = ozer::channels::InboundMessage::new(
            ozer::channels::Channel::Web,
            "s1",
            &uuid::Uuid::new_v4().to_string(),
            text,
        );
        msg.received_at = state.clock.now();
        ozer::turn::accept_and_run(&state, msg).await.unwrap()[0].text.clone()
    };
    say(first.clone(), "remind me tomorrow at 9am to call mom").await;
    say(first.clone(), "remind me tomorrow at 10am to call dad").await;
    say(first.clone(), "delete all my tasks").await;
    drop(first);
    let second = ozer::app::AppState::new(settings, clock).await.unwrap();
    assert!(say(second.clone(), "yes").await.contains("Deleted 2"));
}

#[tokio::test]
async fn a_reminder_time_already_past_today_asks_about_the_next_occurrence() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    let q = app.say("remind me today at 8am to stretch").await;
    assert!(q.contains("passed"), "{q}");
    assert!(tasks_with_status(&app, "open").await.is_empty());
    if q.contains("Did you mean") {
        assert!(app.say("yes").await.contains("stretch"));
        assert_eq!(tasks_with_status(&app, "open").await.len(), 1);
    }
}

#[tokio::test]
async fn an_impossible_date_is_refused_without_inventing_a_time() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    let reply = app.say("תזכיר לי ב-31 בפברואר לשלם ארנונה").await;
    assert!(reply.contains("לא קיימים"), "{reply}");
    assert!(tasks_with_status(&app, "open").await.is_empty());
}

#[tokio::test]
async fn deleting_all_completed_tasks_asks_and_leaves_open_ones() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    for t in [
        "remind me tomorrow at 9am to call mom",
        "remind me tomorrow at 10am to pay rent",
        "remind me tomorrow at 11am to water plants",
    ] {
        app.say(t).await;
    }
    app.say("I finished calling mom").await;
    app.say("done with pay rent").await;
    assert_eq!(tasks_with_status(&app, "done").await.len(), 2);
    let q = app.say("delete all completed tasks").await;
    assert!(q.contains("Delete 2"), "{q}");
    assert!(app.say("yes").await.contains("Deleted 2"));
    assert_eq!(tasks_with_status(&app, "done").await.len(), 0);
    assert_eq!(tasks_with_status(&app, "open").await.len(), 1);
}

#[tokio::test]
async fn todays_and_overdue_tasks_are_listed_separately() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remind me in 30 minutes to take the pizza out").await;
    app.say("remind me tomorrow at 9am to call mom").await;
    let today = app.say("what are my tasks for today?").await;
    assert!(today.contains("pizza") && !today.contains("mom"), "{today}");
    app.state.clock.advance(Duration::hours(1));
    let overdue = app.say("what's overdue?").await;
    assert!(overdue.contains("pizza") && !overdue.contains("mom"), "{overdue}");
}

#[tokio::test]
async fn renaming_a_reminder_keeps_its_time() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remind me tomorrow at 9am to call the dentist").await;
    let reply = app.say("rename the dentist reminder to call the dentist clinic").await;
    assert!(reply.contains("call the dentist clinic"), "{reply}");
    let t = &tasks_with_status(&app, "open").await[0];
    assert_eq!(t.title, "call the dentist clinic");
    assert_eq!(t.due_at, Some(utc("2026-01-23T07:00:00Z")));
}

#[tokio::test]
async fn a_reminder_with_a_day_but_no_time_fires_at_nine_that_morning() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    let reply = app.say("תזכיר לי מחר לקנות חלב").await;
    assert!(reply.contains("מחר ב-09:00"), "{reply}");
    assert_eq!(tasks_with_status(&app, "open").await[0].due_at, Some(utc("2026-01-23T07:00:00Z")));
}

#[tokio::test]
async fn a_reminder_for_today_with_no_time_left_before_nine_fires_in_about_an_hour() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    let reply = app.say("remind me today to call grandma").await;
    assert!(reply.contains("today at 22:10"), "{reply}");
    assert_eq!(tasks_with_status(&app, "open").await[0].due_at, Some(utc("2026-01-22T20:10:00Z")));
}

#[tokio::test]
async fn with_no_calendar_what_do_i_have_tomorrow_lists_tomorrows_reminders_in_both_languages() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remind me tomorrow at 10 to call the plumber").await;
    app.say("remind me on sunday at 9 to pay the arnona").await;
    let reply = app.say("what do i have tomorrow").await;
    assert!(reply.contains("Google Calendar isn't connected") && reply.contains("call the plumber"), "{reply}");
    assert!(!reply.contains("arnona"), "another day's reminder is not listed: {reply}");
    let reply = app.say("מה יש לי מחר").await;
    assert!(reply.contains("call the plumber") && reply.contains("לא מחובר"), "{reply}");
    let reply = app.say("what do i have on monday").await;
    assert!(reply.contains("no reminders"), "{reply}");
}

#[tokio::test]
async fn push_the_one_about_a_reminder_moves_it_with_no_calendar_to_ask_about() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remind me tomorrow at 5 to pick up the kids from practice").await;
    let reply = app.say("push the kids one to sunday").await;
    let open = tasks_with_status(&app, "open").await;
    assert_eq!(open.len(), 1, "{reply}");
    // Sunday 25 January at 17:00 in Jerusalem
    assert_eq!(open[0].due_at, Some(utc("2026-01-25T15:00:00Z")), "{reply}");
}

#[tokio::test]
async fn deleting_all_reminders_for_a_day_deletes_only_that_days_after_yes() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remind me tomorrow at 10 to call the plumber").await;
    app.say("remind me tomorrow at 12 to buy bread").await;
    app.say("remind me on sunday at 9 to pay the arnona").await;
    let asked = app.say("delete all my reminders for tomorrow").await;
    assert!(asked.contains('2'), "asks about the two of tomorrow: {asked}");
    app.say("yes").await;
    let left = tasks_with_status(&app, "open").await;
    assert_eq!(left.iter().map(|t| t.title.as_str()).collect::<Vec<_>>(), vec!["pay the arnona"]);
}

#[tokio::test]
async fn postponing_by_an_amount_shifts_the_reminders_own_time_in_both_languages() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remind me tomorrow at 10 to call the bank").await;
    let reply = app.say("postpone the bank reminder by an hour").await;
    let open = tasks_with_status(&app, "open").await;
    // tomorrow (Friday 23 January) 11:00 in Jerusalem
    assert_eq!(open[0].due_at, Some(utc("2026-01-23T09:00:00Z")), "{reply}");
    let reply = app.say("push the bank reminder by 2 days").await;
    let open = tasks_with_status(&app, "open").await;
    assert_eq!(open[0].due_at, Some(utc("2026-01-25T09:00:00Z")), "{reply}");
    let reply = app.say("move it a day later").await;
    let open = tasks_with_status(&app, "open").await;
    assert_eq!(open[0].due_at, Some(utc("2026-01-26T09:00:00Z")), "{reply}");
    app.say("תזכירי לי מחר ב-12 לשלם ארנונה").await;
    let reply = app.say("תדחי את התזכורת של הארנונה בחצי שעה").await;
    let arnona = tasks_with_status(&app, "open").await.into_iter().find(|t| t.title.contains("ארנונה")).unwrap();
    assert_eq!(arnona.due_at, Some(utc("2026-01-23T10:30:00Z")), "{reply}");
}

#[tokio::test]
async fn with_no_calendar_whats_coming_up_lists_the_week_ahead() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remind me on sunday at 9 to pay the arnona").await;
    app.say("remind me in two weeks to renew the parking permit").await;
    for ask in ["what have i got coming up", "מה יש לי בימים הקרובים"] {
        let reply = app.say(ask).await;
        assert!(reply.contains("pay the arnona"), "{ask}: {reply}");
        assert!(!reply.contains("parking"), "{ask}: a reminder two weeks off is not in the week ahead: {reply}");
    }
}

#[tokio::test]
async fn moving_a_reminder_to_a_time_of_day_keeps_its_day() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    // Thursday 22 January 2026, 21:09 in Jerusalem; Sunday is the 25th
    app.say("remind me on sunday at 6am to drive back to base").await;
    let reply = app.say("move the base reminder to 7am").await;
    // the day reads as a day after "now", not after "to" ("to on Sunday")
    assert_eq!(reply, "Moved \"drive back to base\": now on Sunday at 07:00.");
    let open = tasks_with_status(&app, "open").await;
    assert_eq!(open[0].due_at, Some(utc("2026-01-25T05:00:00Z")), "still Sunday, at 07:00");
    app.say("תזכיר לי ביום שני בתשע להתקשר לרואה החשבון").await;
    let reply = app.say("תעביר את התזכורת של רואה החשבון לשמונה בבוקר").await;
    assert!(reply.contains("עכשיו ביום שני ב-08:00"), "{reply}");
    let open = tasks_with_status(&app, "open").await;
    let cpa = open.iter().find(|t| t.title.contains("רואה החשבון")).expect("the reminder");
    assert_eq!(cpa.due_at, Some(utc("2026-01-26T06:00:00Z")), "still Monday, at 08:00");
}

#[tokio::test]
async fn a_reason_before_the_verb_and_same_time_after_the_day_name_no_task() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remind me on sunday at 8pm to grade the essays").await;
    let reply = app.say("ugh the school moved it, push the essays to monday same time").await;
    let open = tasks_with_status(&app, "open").await;
    // Monday 26 January at 20:00 in Jerusalem
    assert_eq!(open[0].due_at, Some(utc("2026-01-26T18:00:00Z")), "{reply}");
}

#[tokio::test]
async fn the_to_do_list_is_the_tasks_unless_the_user_keeps_a_list_by_that_name() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("add renew the passport to my to do list").await;
    app.say("תוסיף למשימות לתקן את הברז").await;
    let open = tasks_with_status(&app, "open").await;
    assert_eq!(open.len(), 2, "{:?}", open.iter().map(|t| &t.title).collect::<Vec<_>>());
    let shown = app.say("what's on my to do list").await;
    assert!(shown.contains("renew the passport") && shown.contains("לתקן את הברז"), "{shown}");
    let done = app.say("cross renew the passport off my to-do list").await;
    assert_eq!(tasks_with_status(&app, "open").await.len(), 1, "{done}");
}

#[tokio::test]
async fn what_follows_a_comma_is_why_not_which_task_or_how_many() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remind me tomorrow at 10 to call grandpa").await;
    app.say("remind me tomorrow at 11 to water the plants").await;
    // the reason after the comma: one task, and "all good" is not all of them
    let done = app.say("called grandpa, all good he says hi").await;
    let open = tasks_with_status(&app, "open").await;
    assert_eq!(open.len(), 1, "{done}");
    assert!(open[0].title.contains("plants"), "{done}");
    // an amount right after "it", then why
    app.say("remind me in 20 minutes to check the oven").await;
    let pushed = app.say("push it 10 minutes, the guests are late").await;
    let oven =
        tasks_with_status(&app, "open").await.into_iter().find(|t| t.title.contains("oven")).expect("still open");
    // Thursday 22 January 21:09 + 30 minutes
    assert_eq!(oven.due_at, Some(utc("2026-01-22T19:39:00Z")), "{pushed}");
}

#[tokio::test]
async fn a_new_time_for_the_x_one_and_cancelling_it_as_an_event_act_on_the_reminder() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remind me tomorrow at 2pm to call my brother").await;
    app.say("podiatrist appointment sunday at 8:30am").await;
    // "make the brother call 4:30": the reminder moves, nothing new is made
    let moved = app.say("actually make the brother call 4:30").await;
    let open = tasks_with_status(&app, "open").await;
    assert_eq!(open.len(), 2, "{moved}");
    let brother = open.iter().find(|t| t.title.contains("brother")).expect("the call");
    // Friday 23 January 16:30 in Jerusalem
    assert_eq!(brother.due_at, Some(utc("2026-01-23T14:30:00Z")), "{moved}");
    // "the podiatrist one - cancel it, they …": the reminder (no calendar here), the reason aside
    let gone = app.say("the podiatrist one - cancel it, they called to reschedule").await;
    let open = tasks_with_status(&app, "open").await;
    assert_eq!(open.len(), 1, "{gone}");
    assert!(open[0].title.contains("brother"), "{gone}");
}

#[tokio::test]
async fn pushing_a_reminder_by_minutes_said_in_words_moves_it_from_its_own_time() {
    let app = spawn_app_with(&[], Clock::frozen(utc("2026-01-22T08:00:00Z"))).await;
    app.say("remind me today at 6pm to call dana").await;
    let reply = app.say("push it by ten minutes").await;
    assert!(reply.contains("18:10"), "{reply}");
    let reply = app.say("תדחה את זה בעשר דקות").await;
    assert!(reply.contains("18:20"), "{reply}");
}

#[tokio::test]
async fn the_first_one_is_the_first_reminder_made_and_a_weekly_one_keeps_its_day() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remind me every sunday at 8 to do laundry").await;
    app.say("and remind me tomorrow at noon about study group").await;
    app.say("remind me in 30 min to take the pizza out").await;
    let reply = app.say("the first one, change it to 9").await;
    assert!(reply.contains("laundry"), "{reply}");
    let open = tasks_with_status(&app, "open").await;
    let laundry = open.iter().find(|t| t.title.contains("laundry")).unwrap();
    // still Sunday (25 January), now at 09:00 Jerusalem; the pizza is untouched
    assert_eq!(laundry.due_at, Some(utc("2026-01-25T07:00:00Z")));
    let pizza = open.iter().find(|t| t.title.contains("pizza")).unwrap();
    assert_eq!(pizza.due_at, Some(utc("2026-01-22T19:39:00Z")));
}

#[tokio::test]
async fn after_a_listing_the_second_one_is_the_second_shown() {
    for (list, delete) in [("what are my reminders?", "delete the second one"), ("מה המשימות שלי?", "מחק את השנייה")]
    {
        let app = spawn_app_with(&[], thursday_evening()).await;
        // made in one order, shown in the order they are due
        app.say("remind me tomorrow at 10 to call the bank").await;
        app.say("remind me tomorrow at 8 to water the plants").await;
        let shown = app.say(list).await;
        assert!(shown.find("plants") < shown.find("bank"), "{shown}");
        app.say(delete).await;
        let open = tasks_with_status(&app, "open").await;
        assert_eq!(open.len(), 1, "{delete}");
        assert!(open[0].title.contains("plants"), "{delete}: {}", open[0].title);
    }
}

#[tokio::test]
async fn a_bare_new_hour_keeps_a_later_days_reminder_on_its_day() {
    // Thursday 21:09: the kiln is on Monday at 9; "to 10" is Monday at 10, not tonight at 22:00
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remind me monday at 9 to unload the kiln").await;
    let reply = app.say("move the kiln one to 10").await;
    assert!(reply.contains("kiln"), "{reply}");
    let open = tasks_with_status(&app, "open").await;
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].due_at, Some(utc("2026-01-26T08:00:00Z")));
}

#[tokio::test]
async fn a_bare_hour_from_one_to_six_is_the_afternoons_unless_the_reminder_is_early() {
    // Thursday 21:09; tomorrow at 9 moved "to 5" is tomorrow at 17:00
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remind me tomorrow at 9 to call mom").await;
    app.say("move it to 5").await;
    assert_eq!(tasks_with_status(&app, "open").await[0].due_at, Some(utc("2026-01-23T15:00:00Z")));
    // an early-morning reminder stays in the morning
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("remind me tomorrow at 6am to go running").await;
    app.say("make it 5").await;
    assert_eq!(tasks_with_status(&app, "open").await[0].due_at, Some(utc("2026-01-23T03:00:00Z")));
}

#[tokio::test]
async fn a_thing_reported_done_with_only_its_verb_completes_the_task_of_that_verb_or_asks() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    app.say("תזכיר לי מחר ב-10 להתקשר לצלם").await;
    app.say("תזכיר לי מחר ב-12 לשלם לדיג'יי").await;
    let reply = app.say("התקשרתי כבר").await;
    assert!(reply.contains("להתקשר לצלם"), "{reply}");
    let done = tasks_with_status(&app, "done").await;
    assert_eq!(done.iter().map(|t| t.title.as_str()).collect::<Vec<_>>(), ["להתקשר לצלם"]);
    // two tasks of the verb: which one?
    app.say("remind me tomorrow at 9 to call the florist").await;
    app.say("remind me tomorrow at 11 to call the caterer").await;
    let reply = app.say("called already").await;
    assert!(reply.contains("florist") && reply.contains("caterer"), "{reply}");
    assert_eq!(tasks_with_status(&app, "done").await.len(), 1);
}

#[tokio::test]
async fn a_reminder_asked_for_with_no_time_is_kept_and_the_reply_asks_when() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    let reply = app.say("remind me to order the invitations").await;
    assert!(reply.contains("order the invitations") && reply.contains('?'), "{reply}");
    let reply = app.say("saturday at 10").await;
    assert!(reply.contains("10:00"), "{reply}");
    let open = tasks_with_status(&app, "open").await;
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].due_at, Some(utc("2026-01-24T08:00:00Z")));
    // a task that is only written down asks nothing
    let reply = app.say("add buy stamps to my tasks").await;
    assert!(!reply.contains('?'), "{reply}");
}

#[tokio::test]
async fn a_thing_done_with_no_reminder_like_it_is_acknowledged_not_searched_for() {
    let app = spawn_app_with(&[], thursday_evening()).await;
    let told = app.say("finally paid the electricity bill").await;
    assert!(told.contains("Well done") && !told.contains("couldn't find"), "{told}");
    let told = app.say("רצתי היום 32 ק\"מ והברכיים שלי מתות").await;
    assert!(told.contains("כל הכבוד") && !told.contains("לא מצאתי"), "{told}");
    // asked to tick off a thing there is no reminder for, it still says so
    let asked = app.say("mark the electricity bill as done").await;
    assert!(asked.contains("couldn't find"), "{asked}");
    // and a reminder like it is ticked off
    app.say("remind me tomorrow at 9 to call the vet").await;
    let done = app.say("i already called the vet").await;
    assert!(done.contains("call the vet"), "{done}");
    assert_eq!(tasks_with_status(&app, "done").await.len(), 1);
}
