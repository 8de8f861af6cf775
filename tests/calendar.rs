//! Google Calendar through Ozer, against the fake Google: find, create (timed, all-day,
//! recurring, with attendees), move, delete with a confirmation, the window-except delete, in
//! English and Hebrew; throttling and failures; a crash between "created" and the reply.
//! The user's "now" is Monday 9 March 2026, 09:00 in Asia/Jerusalem (+02:00).

mod common;
#[path = "support/google_app.rs"]
mod google_app;
#[path = "support/google.rs"]
mod google_fake;

use std::time::Duration;

use chrono::{DateTime, TimeZone, Utc};
use ozer::clock::Clock;
use serde_json::{Value, json};

use google_app::GoogleApp;
use google_fake::error_body;

fn monday_9am() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 9, 7, 0, 0).unwrap()
}

fn at(local: &str) -> Value {
    json!({"dateTime": format!("{local}+02:00"), "timeZone": "Asia/Jerusalem"})
}

fn day(date: &str) -> Value {
    json!({"date": date})
}

/// Ozer with the fake Google, the web user linked (in the language of `lang_probe`).
async fn linked(lang_probe: &str) -> GoogleApp {
    let g = google_app::spawn(Clock::frozen(monday_9am())).await;
    g.link_via_chat(lang_probe).await;
    g
}

fn seed_tomorrow(g: &GoogleApp) {
    g.fake.seed("evdana01", "Meeting with Dana", at("2026-03-10T10:00:00"), at("2026-03-10T11:00:00"));
    g.fake.seed("evdentist", "Dentist", at("2026-03-10T14:00:00"), at("2026-03-10T15:00:00"));
    g.fake.seed("evholiday", "Holiday", day("2026-03-10"), day("2026-03-11"));
}

fn inserted(g: &GoogleApp) -> Vec<Value> {
    g.fake
        .calls("POST", "/calendar/v3/calendars/primary/events")
        .iter()
        .map(|r| serde_json::from_str(&r.body).unwrap())
        .collect()
}

#[tokio::test]
async fn a_day_is_listed_in_the_users_timezone_with_all_day_events_in_english_and_hebrew() {
    let g = linked("what's on my calendar today").await;
    seed_tomorrow(&g);
    let reply = g.app.say("what's on my calendar tomorrow").await;
    assert!(reply.contains("3 events tomorrow"), "{reply}");
    assert!(reply.contains("10:00–11:00 Meeting with Dana") && reply.contains("14:00–15:00 Dentist"), "{reply}");
    assert!(reply.contains("all day: Holiday"), "{reply}");
    let list = g.fake.calls("GET", "/calendar/v3/calendars/primary/events").pop().unwrap();
    assert!(list.query.contains("singleEvents=true") && list.query.contains("orderBy=startTime"), "{}", list.query);

    let reply = g.app.say("מה יש לי ביומן מחר").await;
    assert!(reply.contains("3 אירועים למחר"), "{reply}");
    assert!(reply.contains("10:00–11:00 Meeting with Dana") && reply.contains("כל היום: Holiday"), "{reply}");
}

#[tokio::test]
async fn whats_next_and_when_is_my_meeting_search_forward_in_both_languages() {
    let g = linked("what's on my calendar today").await;
    seed_tomorrow(&g);
    g.fake.seed("evrotem1", "Coffee with Rotem", at("2026-03-17T16:00:00"), at("2026-03-17T17:00:00"));
    g.fake.seed("evrotem2", "קפה עם רותם", at("2026-03-18T08:30:00"), at("2026-03-18T09:00:00"));

    let reply = g.app.say("what's next in my calendar").await;
    assert_eq!(reply, "Next: Holiday, tomorrow (all day).");
    let reply = g.app.say("when is my meeting with Rotem").await;
    assert_eq!(reply, "Next: Coffee with Rotem, on 17/03 at 16:00.");
    let reply = g.app.say("מתי הפגישה עם רותם").await;
    // a Hebrew line ending in a time and a full stop carries a closing RLM (reply/bidi.rs)
    assert_eq!(reply, "הבא בתור: קפה עם רותם, ב-18/03 ב-08:30.\u{200f}");
    let reply = g.app.say("מה הבא ביומן").await;
    assert!(reply.contains("הבא בתור: Holiday, מחר (כל היום)"), "{reply}");
}

#[tokio::test]
async fn an_empty_day_says_so() {
    let g = linked("what's on my calendar today").await;
    assert_eq!(g.app.say("what's on my calendar tomorrow").await, "Nothing in your calendar for tomorrow.");
    assert!(g.app.say("מה יש לי ביומן מחר").await.contains("אין שום דבר ביומן"));
}

#[tokio::test]
async fn a_day_lists_the_reminders_due_that_day_after_its_events() {
    let g = linked("what's on my calendar today").await;
    seed_tomorrow(&g);
    g.app.say("remind me tomorrow at 18:00 to water the plants").await;
    g.app.say("remind me on thursday at 9 to call the bank").await;
    let reply = g.app.say("what do i have tomorrow").await;
    assert!(reply.contains("3 events tomorrow") && reply.contains("Dentist"), "{reply}");
    assert!(reply.contains("And one reminder:") && reply.contains("water the plants"), "{reply}");
    assert!(!reply.contains("call the bank"), "another day's reminder is not listed: {reply}");
    // an empty calendar day with a reminder on it
    let reply = g.app.say("what do i have on thursday").await;
    assert!(reply.contains("Nothing in your calendar") && reply.contains("call the bank"), "{reply}");
}

#[tokio::test]
async fn an_event_is_created_in_the_users_zone_for_one_hour_with_the_step_key_as_its_id() {
    let g = linked("what's on my calendar today").await;
    let reply = g.app.say("add a meeting with Dana tomorrow at 10 to my calendar").await;
    assert_eq!(reply, "Added to your calendar: meeting with Dana, tomorrow at 10:00.");
    let reply = g.app.say("קבע פגישה עם דנה מחר ב-10 ביומן").await;
    assert_eq!(reply, "הוספתי ליומן: פגישה עם דנה, מחר ב-10:00.\u{200f}");
    let bodies = inserted(&g);
    assert_eq!(bodies.len(), 2);
    for b in &bodies {
        let start = DateTime::parse_from_rfc3339(b["start"]["dateTime"].as_str().unwrap()).unwrap();
        let end = DateTime::parse_from_rfc3339(b["end"]["dateTime"].as_str().unwrap()).unwrap();
        assert_eq!(start.to_utc(), Utc.with_ymd_and_hms(2026, 3, 10, 8, 0, 0).unwrap());
        assert_eq!(end - start, chrono::Duration::hours(1));
        assert_eq!(b["start"]["timeZone"], "Asia/Jerusalem");
        let id = b["id"].as_str().unwrap();
        assert!(id.len() >= 5 && id.chars().all(|c| matches!(c, '0'..='9' | 'a'..='v')), "base32hex id: {id}");
    }
    assert_ne!(bodies[0]["id"], bodies[1]["id"]);
    assert_eq!(g.fake.events().len(), 2);
}

#[tokio::test]
async fn a_date_without_a_time_makes_an_all_day_event_with_an_exclusive_end() {
    let g = linked("what's on my calendar today").await;
    let reply = g.app.say("schedule dentist appointment on Friday").await;
    assert!(reply.starts_with("Added to your calendar: dentist appointment, Friday (all day)"), "{reply}");
    let b = &inserted(&g)[0];
    assert_eq!((b["start"]["date"].as_str(), b["end"]["date"].as_str()), (Some("2026-03-13"), Some("2026-03-14")));
    assert!(b["start"].get("dateTime").is_none_or(Value::is_null), "{b}");
    let reply = g.app.say("קבע ביומן רופא שיניים ביום שישי").await;
    assert!(reply.starts_with("הוספתי ליומן: רופא שיניים"), "{reply}");
}

#[tokio::test]
async fn a_recurring_event_carries_an_rrule_and_an_iana_zone() {
    let g = linked("what's on my calendar today").await;
    let reply = g.app.say("schedule team sync every Monday at 9").await;
    assert_eq!(reply, "Added to your calendar: team sync, every Monday at 09:00.");
    let reply = g.app.say("קבע ביומן ישיבת צוות כל יום ראשון ב-9").await;
    assert!(reply.starts_with("הוספתי ליומן: ישיבת צוות, כל יום ראשון ב-09:00"), "{reply}");
    let reply = g.app.say("add to my calendar yoga every other Tuesday at 7").await;
    assert!(reply.starts_with("Added to your calendar: yoga, every other"), "{reply}");
    let reply = g.app.say("תוסיף ליומן חוג כל יום ראשון ורביעי ב-17 עד סוף יוני").await;
    assert!(reply.starts_with("הוספתי ליומן: חוג"), "{reply}");
    let bodies = inserted(&g);
    let rules: Vec<Value> = bodies.iter().map(|b| b["recurrence"].clone()).collect();
    assert_eq!(
        rules,
        vec![
            json!(["RRULE:FREQ=WEEKLY;BYDAY=MO"]),
            json!(["RRULE:FREQ=WEEKLY;BYDAY=SU"]),
            json!(["RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU"]),
            json!(["RRULE:FREQ=WEEKLY;BYDAY=SU,WE;UNTIL=20260630T205959Z"]),
        ],
        "{bodies:?}"
    );
    for b in bodies {
        assert_eq!(b["start"]["timeZone"], "Asia/Jerusalem");
        assert_eq!(b["end"]["timeZone"], "Asia/Jerusalem");
    }
}

#[tokio::test]
async fn attendees_written_as_addresses_are_invited() {
    let g = linked("what's on my calendar today").await;
    g.app.say("schedule a call with dana@example.com tomorrow at 15:00").await;
    assert_eq!(inserted(&g)[0]["attendees"], json!([{"email": "dana@example.com"}]));
}

#[tokio::test]
async fn an_event_found_by_its_title_is_moved_keeping_its_length_in_both_languages() {
    let g = linked("what's on my calendar today").await;
    seed_tomorrow(&g);
    let reply = g.app.say("move the meeting with Dana to Thursday at 12").await;
    assert_eq!(reply, "Moved Meeting with Dana: now on Thursday at 12:00.");
    let patch = g.fake.calls("PATCH", "/events/evdana01");
    assert_eq!(patch.len(), 1);
    let body: Value = serde_json::from_str(&patch[0].body).unwrap();
    let start = DateTime::parse_from_rfc3339(body["start"]["dateTime"].as_str().unwrap()).unwrap();
    assert_eq!(start.to_utc(), Utc.with_ymd_and_hms(2026, 3, 12, 10, 0, 0).unwrap());
    let end = DateTime::parse_from_rfc3339(body["end"]["dateTime"].as_str().unwrap()).unwrap();
    assert_eq!(end - start, chrono::Duration::hours(1));

    g.fake.seed("evdana02", "פגישה עם דנה", at("2026-03-10T10:00:00"), at("2026-03-10T10:30:00"));
    let reply = g.app.say("תזיז את הפגישה עם דנה ליום חמישי ב-12").await;
    assert!(reply.starts_with("הזזתי את פגישה עם דנה"), "{reply}");
    assert_eq!(g.fake.calls("PATCH", "/events/evdana02").len(), 1);
}

#[tokio::test]
async fn deleting_one_event_asks_first_and_yes_deletes_it_in_both_languages() {
    let g = linked("what's on my calendar today").await;
    seed_tomorrow(&g);
    let reply = g.app.say("cancel the meeting with Dana tomorrow").await;
    assert!(reply.starts_with("Delete this event?") && reply.contains("Meeting with Dana"), "{reply}");
    assert!(g.fake.calls("DELETE", "/events/").is_empty(), "nothing deleted before the yes");
    let reply = g.app.say("yes").await;
    assert_eq!(reply, "Deleted from your calendar: Meeting with Dana.");
    assert_eq!(g.fake.calls("DELETE", "/events/evdana01").len(), 1);
    assert_eq!(g.fake.events().len(), 2);

    // "no" leaves it
    g.fake.seed("evdana03", "פגישה עם דנה", at("2026-03-10T12:00:00"), at("2026-03-10T13:00:00"));
    let reply = g.app.say("תבטל את הפגישה עם דנה מחר").await;
    assert!(reply.starts_with("למחוק את האירוע הזה?"), "{reply}");
    assert_eq!(g.app.say("לא").await, "בסדר, לא שיניתי כלום.");
    assert_eq!(g.fake.events().len(), 3);
    g.app.say("תבטל את הפגישה עם דנה מחר").await;
    let reply = g.app.say("כן").await;
    assert_eq!(reply, "מחקתי מהיומן: פגישה עם דנה.");
    assert_eq!(g.fake.events().len(), 2);
}

#[tokio::test]
async fn clearing_a_day_except_the_standup_deletes_the_rest_after_a_confirmation_listing_them() {
    let g = linked("what's on my calendar today").await;
    g.fake.seed("evstandup", "Standup", at("2026-03-13T09:00:00"), at("2026-03-13T09:15:00"));
    g.fake.seed("evreview", "Design review", at("2026-03-13T11:00:00"), at("2026-03-13T12:00:00"));
    g.fake.seed("evlunch", "Lunch with Avi", at("2026-03-13T13:00:00"), at("2026-03-13T14:00:00"));
    g.fake.seed("evsat", "Hike", at("2026-03-14T08:00:00"), at("2026-03-14T12:00:00"));
    let reply = g.app.say("clear Friday except the standup").await;
    assert!(reply.starts_with("Delete these 2 events?"), "{reply}");
    assert!(reply.contains("Design review") && reply.contains("Lunch with Avi"), "{reply}");
    assert!(!reply.contains("Standup") && !reply.contains("Hike"), "{reply}");
    let reply = g.app.say("yes").await;
    assert_eq!(reply, "Deleted 2 events: Design review, Lunch with Avi.");
    let left: Vec<String> = g.fake.events().iter().map(|e| e["summary"].as_str().unwrap().to_string()).collect();
    assert_eq!(left, vec!["Standup", "Hike"]);
}

#[tokio::test]
async fn clearing_the_week_except_the_ultrasound_in_hebrew() {
    let g = linked("מה יש לי ביומן היום").await;
    g.fake.seed("evus", "אולטרסאונד", at("2026-03-10T08:00:00"), at("2026-03-10T09:00:00"));
    g.fake.seed("evmeet", "ישיבת צוות", at("2026-03-11T10:00:00"), at("2026-03-11T11:00:00"));
    g.fake.seed("evdinner", "ארוחת ערב עם ההורים", at("2026-03-12T19:00:00"), at("2026-03-12T21:00:00"));
    let reply = g.app.say("תפנה את כל האירועים השבוע חוץ מהאולטרסאונד").await;
    assert!(reply.starts_with("למחוק את 2 האירועים האלה?"), "{reply}");
    assert!(!reply.contains("אולטרסאונד"), "{reply}");
    let reply = g.app.say("כן").await;
    assert!(reply.starts_with("מחקתי 2 אירועים"), "{reply}");
    let left: Vec<Value> = g.fake.events();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0]["summary"], "אולטרסאונד");
}

#[tokio::test]
async fn throttling_and_server_errors_are_retried_once_then_the_user_hears_google_is_not_answering() {
    let g = linked("what's on my calendar today").await;
    seed_tomorrow(&g);
    let lists = |g: &GoogleApp| g.fake.calls("GET", "/calendar/v3/calendars/primary/events").len();
    let before = lists(&g);
    g.fake.fail_next(429, error_body(429, "rateLimitExceeded", "Too many requests"));
    assert!(g.app.say("what's on my calendar tomorrow").await.contains("3 events"));
    assert_eq!(lists(&g), before + 2, "one retry after the 429");

    g.fake.fail_next(403, error_body(403, "rateLimitExceeded", "Rate Limit Exceeded"));
    assert!(g.app.say("what's on my calendar tomorrow").await.contains("3 events"));

    g.fake.fail_next(500, error_body(500, "backendError", "Backend Error"));
    g.fake.fail_next(503, error_body(503, "backendError", "Backend Error"));
    let reply = g.app.say("what's on my calendar tomorrow").await;
    assert_eq!(reply, "Google is not answering, try again in a minute. Nothing was changed.");

    g.fake.fail_next(500, error_body(500, "backendError", "Backend Error"));
    g.fake.fail_next(500, error_body(500, "backendError", "Backend Error"));
    let reply = g.app.say("קבע פגישה עם דנה מחר ב-10 ביומן").await;
    assert!(reply.starts_with("גוגל לא עונה כרגע"), "{reply}");
    assert_eq!(g.fake.events().len(), 3, "nothing half-done");

    // a 403 that is not throttling is not retried
    let before = lists(&g);
    g.fake.fail_next(403, error_body(403, "forbidden", "Forbidden"));
    g.app.say("what's on my calendar tomorrow").await;
    assert_eq!(lists(&g), before + 1);
}

#[tokio::test]
async fn a_crash_between_event_created_and_the_reply_creates_one_event_not_two() {
    use ozer::app::App;
    use ozer::channels::{Channel, InboundMessage};
    use ozer::store::entities::outbound_message;
    use ozer::store::inbound::{self, Recorded};
    use ozer::turn::{self, Delivery};
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

    let clock = Clock::frozen(monday_9am());
    let fake = google_fake::FakeGoogle::start().await;
    let env = fake.env();
    let pairs: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let dir = common::TempDir::new();
    let settings = common::test_settings(&dir, &pairs);
    // Not served: this test runs the turns itself, like a worker that dies and one that restarts.
    let app = App::build_with_clock(settings, clock.clone()).await.unwrap();
    let state = app.state().clone();
    let (user, _) = ozer::store::users::find_or_create(
        &state.db,
        Channel::Telegram,
        "1001",
        ozer::understand::Lang::En,
        "Asia/Jerusalem",
        monday_9am(),
    )
    .await
    .unwrap();
    let sealer = ozer::google::crypto::Sealer::from_hex(&"8f".repeat(32)).unwrap();
    fake.add_refresh_token("1//direct-refresh");
    ozer::google::store::save_account(&state.db, user.id, sealer.seal("1//direct-refresh"), "", monday_9am())
        .await
        .unwrap();

    fake.delay_inserts(60_000);
    let mut msg =
        InboundMessage::new(Channel::Telegram, "1001", "tg-1", "add a meeting with Dana tomorrow at 10 to my calendar");
    msg.received_at = clock.now();
    let id = match inbound::record(&state.db, &msg).await.unwrap() {
        Recorded::New(row) | Recorded::Duplicate(row) => row.id,
    };
    let s = state.clone();
    let worker = tokio::spawn(async move { turn::run(&s, id, Delivery::Queued).await });
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while fake.events().is_empty() {
        assert!(std::time::Instant::now() < deadline, "the event was never created");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    worker.abort();
    let _ = worker.await;
    let replies = || async {
        outbound_message::Entity::find()
            .filter(outbound_message::Column::InboundId.eq(id))
            .all(&state.db)
            .await
            .unwrap()
    };
    assert!(replies().await.is_empty(), "no reply before the restart");

    fake.delay_inserts(0);
    clock.advance(chrono::Duration::minutes(5));
    assert_eq!(turn::drain_pending(&state).await.unwrap(), 1);
    assert_eq!(fake.events().len(), 1, "one event, not two");
    let out = replies().await;
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].text, "Added to your calendar: meeting with Dana, tomorrow at 10:00.");
    let event_id = fake.events()[0]["id"].as_str().unwrap().to_string();
    assert_eq!(fake.calls("GET", &format!("/events/{event_id}")).len(), 1, "the resumed step looked first");
    assert_eq!(inserted_count(&fake), 1);
}

fn inserted_count(fake: &google_fake::FakeGoogle) -> usize {
    fake.calls("POST", "/calendar/v3/calendars/primary/events").len()
}

fn fixture(name: &str) -> Value {
    let path = format!("{}/tests/fixtures/google/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Every field Ozer sends is in Google's example with the same kind of value (objects compared
/// field by field). `id` is the one addition: a client-chosen event id (discovery: Event.id).
fn same_shape(ours: &Value, example: &Value, path: &str) {
    for (k, v) in ours.as_object().unwrap() {
        if v.is_null() || (path.is_empty() && k == "id") {
            continue;
        }
        let theirs = &example[k];
        assert!(!theirs.is_null(), "{path}{k} is not in the example");
        assert_eq!(
            std::mem::discriminant(v),
            std::mem::discriminant(theirs),
            "{path}{k}: {v} vs the example's {theirs}"
        );
        if v.is_object() {
            same_shape(v, theirs, &format!("{path}{k}."));
        }
    }
}

#[tokio::test]
async fn a_real_google_listing_is_read_recurring_instances_and_all() {
    // 17 July 2023, 18:00 in Jerusalem: the captured events (Chicago, -05:00) are this evening.
    let g = google_app::spawn(Clock::frozen(Utc.with_ymd_and_hms(2023, 7, 17, 15, 0, 0).unwrap())).await;
    g.link_via_chat("what's on my calendar today").await;
    for item in fixture("calendar_events_list_recurring_real.json")["items"].as_array().unwrap() {
        g.fake.seed_raw(item.clone());
    }
    let reply = g.app.say("what's on my calendar today").await;
    assert!(reply.contains("17:00–18:00 Walk Snickers"), "{reply}");
    assert!(reply.contains("18:00–19:00 Write Newsletter | Weekly on Mon"), "{reply}");
}

#[tokio::test]
async fn what_ozer_sends_has_the_shape_of_googles_examples() {
    let g = linked("what's on my calendar today").await;
    g.app.say("schedule a call with dana@example.com tomorrow at 15:00").await;
    g.app.say("schedule team sync every Monday at 9").await;
    let bodies = inserted(&g);
    same_shape(&bodies[0], &fixture("calendar_event_insert_request.json"), "");
    same_shape(&bodies[1], &fixture("calendar_event_insert_recurring_request.json"), "");
    g.fake.seed("evrotem", "Meeting with Rotem", at("2026-03-10T10:00:00"), at("2026-03-10T11:00:00"));
    g.app.say("move the meeting with Rotem to Thursday at 12").await;
    let patch: Value = serde_json::from_str(&g.fake.calls("PATCH", "/events/")[0].body).unwrap();
    same_shape(&patch, &fixture("calendar_event_patch_request.json"), "");
}

fn seed_weekly_standup(g: &GoogleApp) {
    let mut master = json!({
        "kind": "calendar#event", "id": "evweekly", "status": "confirmed", "summary": "Weekly standup",
        "start": at("2026-03-03T09:00:00"), "end": at("2026-03-03T09:15:00"),
        "recurrence": ["RRULE:FREQ=WEEKLY;BYDAY=TU"],
    });
    g.fake.seed_raw(master.clone());
    // the occurrence a singleEvents=true listing shows (no RRULE, its own id, the series' id)
    master["id"] = json!("evweekly_20260310T070000Z");
    master["recurringEventId"] = json!("evweekly");
    master["originalStartTime"] = at("2026-03-10T09:00:00");
    master["start"] = at("2026-03-10T09:00:00");
    master["end"] = at("2026-03-10T09:15:00");
    master.as_object_mut().unwrap().remove("recurrence");
    g.fake.seed_raw(master);
}

#[tokio::test]
async fn moving_an_occurrence_of_a_series_asks_whether_the_whole_series_moves() {
    let g = linked("what's on my calendar today").await;
    seed_weekly_standup(&g);
    let reply = g.app.say("move the weekly standup to Thursday at 12").await;
    assert!(
        reply.contains("repeats") && reply.contains("1. Only this one") && reply.contains("2. The whole series"),
        "{reply}"
    );
    assert!(g.fake.calls("PATCH", "/events/").is_empty(), "nothing moved before the answer");
    let reply = g.app.say("2").await;
    assert!(reply.starts_with("Moved every occurrence of Weekly standup"), "{reply}");
    assert_eq!(g.fake.calls("PATCH", "/events/evweekly").len(), 1);
    let patched: Value = serde_json::from_str(&g.fake.calls("PATCH", "/events/evweekly")[0].body).unwrap();
    assert_eq!(patched["start"]["timeZone"], "Asia/Jerusalem", "a series keeps an IANA zone");
    assert!(patched.get("recurrence").is_none(), "the RRULE is left as it was");

    let g = linked("מה יש לי ביומן היום").await;
    seed_weekly_standup(&g);
    let reply = g.app.say("תזיז את ה-weekly standup ליום חמישי ב-12").await;
    assert!(reply.contains("חוזר על עצמו"), "{reply}");
    let reply = g.app.say("1").await;
    assert!(reply.starts_with("הזזתי את המופע הזה של Weekly standup"), "{reply}");
    assert_eq!(g.fake.calls("PATCH", "/events/evweekly_20260310T070000Z").len(), 1);
    let series_patches =
        g.fake.requests().into_iter().filter(|r| r.method == "PATCH" && r.path.ends_with("/events/evweekly"));
    assert_eq!(series_patches.count(), 0, "the series itself is left alone");
}

#[tokio::test]
async fn the_calendar_reading_chosen_in_a_clarification_creates_the_event_through_google() {
    let g = linked("what's on my calendar today").await;
    // unsure between a reminder and an event: Ozer asks, and the second reading is chosen
    let q = g.app.say("צריך להתקשר לאינסטלטור מחר ב-9").await;
    assert!(q.contains("אירוע ביומן"), "{q}");
    let reply = g.app.say("השני").await;
    let events = inserted(&g);
    assert_eq!(events.len(), 1, "one event created at Google: {reply}");
    assert!(events[0]["summary"].as_str().unwrap_or_default().contains("אינסטלטור"), "{}", events[0]);
}

#[tokio::test]
async fn event_ids_typed_into_a_message_cannot_skip_the_confirmation() {
    let g = linked("what's on my calendar today").await;
    seed_tomorrow(&g);
    let reply = g.app.say("delete event:evdentist|Dentist from my calendar tomorrow").await;
    assert!(g.fake.calls("DELETE", "/events/").is_empty(), "nothing deleted without a yes: {reply}");
}
