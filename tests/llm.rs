//! The LLM planner, clarifications, draft review, reply writer and usage log, against a scripted
//! fake OpenAI-compatible server (tests/support/llm.rs). Every test counts the model requests:
//! a confident turn makes none, a failing model gets no retries beyond the one repair.

mod common;
#[path = "support/llm.rs"]
mod fake;
#[path = "common/postgres.rs"]
mod pg;

use std::time::{Duration, Instant};

use chrono::{TimeZone, Utc};
use common::{TestApp, spawn_app_with};
use fake::{Answer, FakeLlm};
use ozer::clock::Clock;
use ozer::store::entities::{list_item, llm_call, task};
use sea_orm::{EntityTrait, QueryOrder};
use serde_json::{Value, json};

/// Monday 23 November 2026, 10:00 in Jerusalem.
fn clock() -> Clock {
    Clock::frozen(Utc.with_ymd_and_hms(2026, 11, 23, 8, 0, 0).unwrap())
}

async fn app_with_llm(llm: &FakeLlm, timeout_ms: &str) -> TestApp {
    let env = [
        ("LLM_BASE_URL", llm.url.as_str()),
        ("LLM_API_KEY", "sk-test"),
        ("LLM_MODEL", "fake-model"),
        ("LLM_TIMEOUT_MS", timeout_ms),
        ("LLM_PRICE_IN_PER_MTOK", "0.15"),
        ("LLM_PRICE_OUT_PER_MTOK", "0.60"),
    ];
    spawn_app_with(&env, clock()).await
}

fn plan(steps: Value) -> Answer {
    Answer::Json(json!({ "steps": steps, "confidence": 0.85, "missing": [] }))
}

fn reminder(id: usize, title: &str, when: &str) -> Value {
    json!({"id": id, "resolver": "task", "action": "create", "slots": {"title": title, "when": when}, "depends_on": []})
}

async fn tasks(app: &TestApp) -> Vec<task::Model> {
    task::Entity::find().order_by_asc(task::Column::Id).all(&app.state.db).await.unwrap()
}

async fn calls(app: &TestApp) -> Vec<llm_call::Model> {
    llm_call::Entity::find().order_by_asc(llm_call::Column::Id).all(&app.state.db).await.unwrap()
}

/// What Ozer without an LLM answers to `text` (the deterministic path).
async fn rules_reply(text: &str) -> String {
    spawn_app_with(&[], clock()).await.say(text).await
}

fn ops(calls: &[llm_call::Model]) -> Vec<(String, String)> {
    calls.iter().map(|c| (c.operation.clone(), c.outcome.clone())).collect()
}

#[tokio::test]
async fn a_confident_turn_sends_no_request_at_all() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "2000").await;
    let reply = app.say("remind me tomorrow at 9 to call mom").await;
    assert!(reply.contains("call mom"), "{reply}");
    app.say("add milk to the shopping list").await;
    assert_eq!(llm.requests().len(), 0);
    assert!(calls(&app).await.is_empty());
}

#[tokio::test]
async fn two_dependent_steps_run_and_the_writer_joins_their_results() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "2000").await;
    app.say("new list called shopping").await;
    llm.push(plan(json!([
        {"id": 0, "resolver": "list", "action": "add", "slots": {"list": "shopping", "items": ["milk"]}, "depends_on": []},
        {"id": 1, "resolver": "task", "action": "create", "slots": {"title": "buy milk", "when": "tomorrow at 18:00"}, "depends_on": [0]}
    ])));
    llm.push(Answer::Json(
        json!({"reply": "Milk is on your shopping list, and I'll remind you tomorrow at 18:00 to buy it."}),
    ));
    let reply = app.say("milk thing for tomorrow evening").await;
    assert_eq!(reply, "Milk is on your shopping list, and I'll remind you tomorrow at 18:00 to buy it.");
    let items = list_item::Entity::find().all(&app.state.db).await.unwrap();
    assert_eq!(items.iter().map(|i| i.text.as_str()).collect::<Vec<_>>(), ["milk"]);
    let t = tasks(&app).await;
    assert_eq!(t.len(), 1);
    assert_eq!(t[0].title, "buy milk");
    assert_eq!(t[0].due_at, Some(Utc.with_ymd_and_hms(2026, 11, 24, 16, 0, 0).unwrap()));

    let requests = llm.requests();
    assert_eq!(requests.len(), 2, "one planner call, one writer call");
    let first = &requests[0];
    assert_eq!(first.authorization.as_deref(), Some("Bearer sk-test"));
    assert_eq!(first.body["model"], "fake-model");
    assert_eq!(first.body["response_format"]["type"], "json_schema");
    let input = first.input();
    assert_eq!(input["message"], "milk thing for tomorrow evening");
    assert_eq!(input["language"], "en");
    assert!(input["time_context"].as_str().unwrap().contains("Timezone: Asia/Jerusalem"));
    assert!(input["routing_hints"].as_array().is_some_and(|h| !h.is_empty()));
    assert!(input["resolvers"].to_string().contains("\"resolver\":\"calendar\""));
    assert_eq!(input["history"][0]["text"], "new list called shopping");
    // the writer sees the steps' own sentences, not raw errors
    assert_eq!(requests[1].input()["results"].as_array().unwrap().len(), 2);

    let logged = calls(&app).await;
    assert_eq!(ops(&logged), [("plan".into(), "ok".into()), ("write".into(), "ok".into())]);
    assert_eq!((logged[0].tokens_in, logged[0].tokens_out), (1200, 80));
    assert!((logged[0].cost_usd - (1200.0 * 0.15 + 80.0 * 0.60) / 1e6).abs() < 1e-12);
    let metrics = app.client.get(format!("{}/metrics", app.address)).send().await.unwrap().text().await.unwrap();
    assert!(metrics.contains("ozer_llm_calls_total{operation=\"plan\",outcome=\"ok\"} 1"), "{metrics}");
}

#[tokio::test]
async fn a_malformed_answer_gets_one_repair_and_the_repaired_plan_runs() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "2000").await;
    llm.push(Answer::Content("Sure! I'll remind you about the plumber.".into()));
    llm.push(Answer::ToolCall(json!({"steps": [reminder(0, "call the plumber", "tomorrow at 9")],
        "confidence": 0.9, "missing": []})));
    let reply = app.say("plumber thing").await;
    assert!(reply.contains("call the plumber"), "{reply}");
    assert_eq!(tasks(&app).await.len(), 1);
    let requests = llm.requests();
    assert_eq!(requests.len(), 2);
    assert!(requests[1].system().contains("previous answer could not"));
    assert!(requests[1].input()["error"].as_str().unwrap().contains("bad JSON"));
    assert_eq!(ops(&calls(&app).await), [("plan".into(), "junk".into()), ("repair".into(), "ok".into())]);
}

#[tokio::test]
async fn an_unknown_resolver_twice_leaves_the_rules_reading() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "2000").await;
    let weather = json!([{"id": 0, "resolver": "weather", "action": "show", "slots": {}, "depends_on": []}]);
    llm.push(plan(weather.clone()));
    llm.push(plan(weather));
    let reply = app.say("dentist thursday").await;
    assert_eq!(reply, rules_reply("dentist thursday").await);
    let requests = llm.requests();
    assert_eq!(requests.len(), 2, "one planner call and one repair, no more");
    assert!(requests[1].input()["error"].as_str().unwrap().contains("unknown resolver 'weather'"));
}

#[tokio::test]
async fn a_timeout_gives_the_put_it_another_way_reply_without_hanging() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "300").await;
    llm.push(Answer::Slow(Duration::from_secs(3), Box::new(plan(json!([reminder(0, "x", "tomorrow at 9")])))));
    let started = Instant::now();
    let reply = app.say("can you sort out my week").await;
    assert!(started.elapsed() < Duration::from_millis(1500), "took {:?}", started.elapsed());
    assert_eq!(reply, "I couldn't work that out — could you put it another way?");
    assert_eq!(llm.requests().len(), 1, "a timed-out model is not asked again");
    assert_eq!(ops(&calls(&app).await), [("plan".into(), "timeout".into())]);
    assert!(tasks(&app).await.is_empty());
}

#[tokio::test]
async fn a_429_leaves_the_rules_reading_and_is_logged_as_rate_limited() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "2000").await;
    llm.push(Answer::Status(429));
    let reply = app.say("dentist thursday").await;
    assert_eq!(reply, rules_reply("dentist thursday").await);
    assert_eq!(llm.requests().len(), 1);
    assert_eq!(ops(&calls(&app).await), [("plan".into(), "rate_limited".into())]);
}

#[tokio::test]
async fn a_clarification_answered_by_the_user_runs_the_plan_without_a_second_planner_call() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "2000").await;
    llm.push(Answer::Json(json!({
        "steps": [{"id": 0, "resolver": "task", "action": "create", "slots": {"title": "call the plumber"}, "depends_on": []}],
        "confidence": 0.7, "missing": [{"step": 0, "field": "when"}]
    })));
    llm.push(Answer::Json(json!({"question": "When should I remind you to call the plumber?"})));
    let asked = app.say("plumber thing").await;
    assert_eq!(asked, "When should I remind you to call the plumber?");
    assert!(tasks(&app).await.is_empty());
    let clarify = &llm.requests()[1];
    assert_eq!(clarify.input()["missing"][0]["field"], "when");

    let done = app.say("tomorrow at 9").await;
    assert!(done.contains("call the plumber"), "{done}");
    let t = tasks(&app).await;
    assert_eq!(t.len(), 1);
    assert_eq!(t[0].due_at, Some(Utc.with_ymd_and_hms(2026, 11, 24, 7, 0, 0).unwrap()));
    assert_eq!(llm.requests().len(), 2, "the answer is merged, not planned again");
}

#[tokio::test]
async fn at_most_two_clarifications_are_asked_then_ozer_does_its_best() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "2000").await;
    llm.push(Answer::Json(json!({
        "steps": [
            {"id": 0, "resolver": "list", "action": "add", "slots": {"list": "shopping"}, "depends_on": []},
            {"id": 1, "resolver": "task", "action": "list", "slots": {}, "depends_on": []}
        ],
        "confidence": 0.5, "missing": [{"step": 0, "field": "items"}, {"step": 1, "field": "when"}]
    })));
    // the clarify calls fail (empty queue: 500): the Fluent question is asked instead
    let first = app.say("the usual stuff").await;
    assert_eq!(first, "What should I add?");
    // an answer with no time leaves `when` missing: a second question
    let second = app.say("bread").await;
    assert_eq!(second, "When should it be?");
    // still nothing usable: no third question, the plan runs with what it has
    let third = app.say("dunno").await;
    assert_ne!(third, "When should it be?");
    assert_ne!(third, "What should I add?");
    let plans = llm.requests().iter().filter(|r| r.system().contains("You are the planner")).count();
    assert_eq!(plans, 1, "answers never go back to the planner");
    assert_eq!(ops(&calls(&app).await).iter().filter(|(op, _)| op == "clarify").count(), 2);
}

#[tokio::test]
async fn a_three_step_plan_is_shown_as_a_draft_and_runs_only_after_run_it() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "2000").await;
    llm.push(plan(json!([
        reminder(0, "pay rent", "tomorrow at 9"),
        reminder(1, "call the bank", "tomorrow at 10"),
        {"id": 2, "resolver": "list", "action": "create", "slots": {"list": "flights"}, "depends_on": []}
    ])));
    let body = app.chat("sort out tomorrow's admin").await;
    let draft = &body["replies"][0];
    let text = draft["text"].as_str().unwrap();
    assert!(
        text.contains("1. ") && text.contains("pay rent") && text.contains("3. ") && text.contains("flights"),
        "{text}"
    );
    let buttons = draft["buttons"].as_array().unwrap();
    assert_eq!(buttons.len(), 2);
    assert_eq!(buttons[0]["label"], "Run it");
    assert!(tasks(&app).await.is_empty(), "nothing happens before the user says so");

    llm.push(Answer::Json(json!({"reply": "Done: rent at 9 and the bank at 10 tomorrow, and a flights list."})));
    let run = app.post_chat(json!({"text": "", "button": buttons[0]["payload"]})).await;
    assert_eq!(run["replies"][0]["text"], "Done: rent at 9 and the bank at 10 tomorrow, and a flights list.");
    assert_eq!(tasks(&app).await.len(), 2);
    let lists = ozer::store::entities::list::Entity::find().all(&app.state.db).await.unwrap();
    assert_eq!(lists.len(), 1);
    let plans = llm.requests().iter().filter(|r| r.system().contains("You are the planner")).count();
    assert_eq!(plans, 1, "run it runs the stored plan, without planning again");
}

#[tokio::test]
async fn a_cancelled_draft_runs_nothing() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "2000").await;
    llm.push(plan(json!([{"id": 0, "resolver": "task", "action": "delete", "slots": {}, "depends_on": []}])));
    let body = app.chat("make it all go away").await;
    let cancel = body["replies"][0]["buttons"][1]["payload"].clone();
    let reply = app.post_chat(json!({"text": "", "button": cancel})).await;
    assert_eq!(reply["replies"][0]["text"], "OK, I didn't change anything.");
}

#[tokio::test]
async fn a_five_second_model_answer_does_not_slow_another_users_confident_turn() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "10000").await;
    llm.push(Answer::Slow(
        Duration::from_secs(5),
        Box::new(plan(json!([reminder(0, "water the plants", "tomorrow at 8")]))),
    ));
    let slow_user = app.client.clone();
    let address = app.address.clone();
    let slow = tokio::spawn(async move {
        let res =
            slow_user.post(format!("{address}/api/chat")).json(&json!({"text": "plants thing"})).send().await.unwrap();
        res.json::<Value>().await.unwrap()
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(llm.requests().len(), 1, "the slow user's planner call is under way");
    // another user: a fresh cookie jar is a fresh web chat session
    let other = reqwest::Client::builder().cookie_store(true).build().unwrap();
    let started = Instant::now();
    let res = other
        .post(format!("{}/api/chat", app.address))
        .json(&json!({"text": "remind me tomorrow at 9 to call mom"}))
        .send()
        .await
        .unwrap();
    let body: Value = res.json().await.unwrap();
    let took = started.elapsed();
    eprintln!("confident turn during a 5 s planner call: {} ms", took.as_millis());
    assert!(body["replies"][0]["text"].as_str().unwrap().contains("call mom"), "{body}");
    assert!(took < Duration::from_millis(200), "the confident turn took {took:?}");
    let slow = slow.await.unwrap();
    assert!(slow["replies"][0]["text"].as_str().unwrap().contains("water the plants"), "{slow}");
    assert_eq!(llm.requests().len(), 1);
}

#[tokio::test]
async fn move_it_to_5_moves_the_reminder_the_last_turn_created_without_an_llm() {
    let app = spawn_app_with(&[], clock()).await;
    app.say("remind me tomorrow at 9 to call mom").await;
    let reply = app.say("move it to 5").await;
    let t = tasks(&app).await;
    assert_eq!(t.len(), 1);
    assert_ne!(t[0].due_at, Some(Utc.with_ymd_and_hms(2026, 11, 24, 7, 0, 0).unwrap()), "{reply}");
    assert_eq!(t[0].due_at.map(|d| d.format("%H:%M").to_string()).as_deref(), Some("15:00"), "{reply}");
}

#[tokio::test]
async fn a_reference_to_the_last_turn_needs_no_llm_call_when_it_resolves() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "2000").await;
    app.say("תזכיר לי מחר בתשע להתקשר לאינסטלטור").await;
    app.say("רשימה חדשה בשם סידורים").await;
    app.say("תזכיר לי מחר בעשר לקנות נורות").await;
    let reply = app.say("תוסיף את זה לרשימת סידורים").await;
    let items = list_item::Entity::find().all(&app.state.db).await.unwrap();
    assert_eq!(items.iter().map(|i| i.text.as_str()).collect::<Vec<_>>(), ["לקנות נורות"], "{reply}");
    assert_eq!(llm.requests().len(), 0);
}

#[tokio::test]
async fn an_unresolved_reference_goes_to_the_planner_with_the_last_entities() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "2000").await;
    app.say("add milk to the shopping list").await;
    llm.push(Answer::Status(500));
    app.say("move it to 5").await;
    let requests = llm.requests();
    assert_eq!(requests.len(), 1);
    let entities = requests[0].input()["last_entities"].clone();
    assert!(entities.to_string().contains("milk"), "{entities}");
}

#[tokio::test]
async fn the_planner_sees_the_question_that_was_open() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "2000").await;
    llm.push(Answer::Status(503));
    // the model is down: the rules ask "a list, or a task?" and that question stays open (with
    // no Google here, "a reminder, or an event?" is not asked: an event at a time is a reminder)
    let asked = app.chat("תוריד את הגבינה").await;
    assert_eq!(asked["replies"][0]["buttons"].as_array().map(Vec::len), Some(2), "{asked}");
    llm.push(Answer::Status(503));
    app.say("plumber thing").await;
    let requests = llm.requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[1].input()["pending"]["kind"], "choose");
    assert_eq!(ops(&calls(&app).await)[0], ("plan".into(), "http_error".into()));
}

#[tokio::test]
async fn a_turn_retried_after_a_crash_reuses_the_stored_plan_and_steps() {
    use ozer::channels::{Channel, InboundMessage};
    use ozer::store::inbound::{self, Recorded};
    use ozer::turn::{self, Delivery};
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "120000").await;
    llm.push(plan(json!([
        reminder(0, "pay rent", "tomorrow at 9"),
        {"id": 1, "resolver": "list", "action": "create", "slots": {"list": "bills"}, "depends_on": []}
    ])));
    // the writer hangs: the worker dies while it waits
    llm.push(Answer::Slow(Duration::from_secs(60), Box::new(Answer::Json(json!({"reply": "late"})))));
    let mut msg = InboundMessage::new(Channel::Telegram, "2002", "tg-77", "rent stuff");
    msg.received_at = app.state.clock.now();
    let s = app.state.clone();
    // the worker holds the user's turn lock from before the message is stored, as the app's own
    // worker would (so that one does not take this turn meanwhile); the lock goes with the worker
    let guard = s.user_locks.lock("telegram:2002").await;
    let Recorded::New(row) = inbound::record(&app.state.db, &msg).await.unwrap() else { panic!("new") };
    let worker = tokio::spawn(async move {
        let _guard = guard;
        turn::run(&s, row.id, Delivery::Queued).await
    });
    for _ in 0..200 {
        if llm.requests().len() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    worker.abort();
    let _ = worker.await;
    assert_eq!(tasks(&app).await.len(), 1);

    llm.push(Answer::Json(json!({"reply": "Rent is set for tomorrow at 9, and your bills list is ready."})));
    app.state.clock.advance(chrono::Duration::minutes(5));
    turn::drain_pending(&app.state).await.unwrap();
    assert_eq!(tasks(&app).await.len(), 1, "the reminder was not created twice");
    let plans = llm.requests().iter().filter(|r| r.system().contains("You are the planner")).count();
    assert_eq!(plans, 1, "the stored decision was reused");
    let out = ozer::store::outbound::for_inbound(&app.state.db, row.id).await.unwrap();
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].text, "Rent is set for tomorrow at 9, and your bills list is ready.");
}

#[tokio::test]
async fn the_planner_its_question_and_the_usage_log_work_on_postgres() {
    let Some(url) = pg::fresh_database().await else { return };
    let llm = FakeLlm::start().await;
    let env = [("DATABASE_URL", url.as_str()), ("LLM_BASE_URL", llm.url.as_str()), ("LLM_PRICE_IN_PER_MTOK", "2")];
    let app = spawn_app_with(&env, clock()).await;
    llm.push(Answer::Json(json!({
        "steps": [{"id": 0, "resolver": "task", "action": "create", "slots": {"title": "call the plumber"}, "depends_on": []}],
        "confidence": 0.7, "missing": [{"step": 0, "field": "when"}]
    })));
    assert_eq!(app.say("plumber thing").await, "When should it be?");
    app.say("tomorrow at 9").await;
    assert_eq!(tasks(&app).await.len(), 1);
    let logged = calls(&app).await;
    assert_eq!(ops(&logged), [("plan".into(), "ok".into()), ("clarify".into(), "http_error".into())]);
    assert!((logged[0].cost_usd - 1200.0 * 2.0 / 1e6).abs() < 1e-12);
    let report = ozer::llm::usage::report(&app.state.db).await.unwrap();
    assert!(report.lines().last().unwrap().starts_with("total"), "{report}");
}

#[tokio::test]
async fn a_hebrew_user_gets_the_draft_and_the_fallback_sentence_in_hebrew() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "300").await;
    llm.push(plan(json!([
        reminder(0, "לשלם שכירות", "מחר בתשע"),
        reminder(1, "להתקשר לבנק", "מחר בעשר"),
        {"id": 2, "resolver": "list", "action": "create", "slots": {"list": "טיסות"}, "depends_on": []}
    ])));
    let body = app.chat("תסדר לי את הסידורים של מחר").await;
    let text = body["replies"][0]["text"].as_str().unwrap();
    eprintln!("{text}");
    assert!(text.starts_with("זה מה שאני עומד לעשות:"), "{text}");
    assert!(text.contains("1. ") && text.contains("לשלם שכירות") && text.contains("טיסות"), "{text}");
    assert_eq!(body["replies"][0]["buttons"][0]["label"], "קדימה");
    llm.push(Answer::Slow(Duration::from_secs(2), Box::new(Answer::Status(200))));
    let unclear = app.say("נו תעשה את הדבר ההוא").await;
    assert_eq!(unclear, "לא הצלחתי להבין את זה — אפשר לנסח אחרת?");
}

#[tokio::test]
async fn a_new_request_instead_of_an_answer_drops_the_question_and_is_read_as_itself() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "2000").await;
    app.say("new list called shopping").await;
    llm.push(Answer::Json(json!({
        "steps": [{"id": 0, "resolver": "task", "action": "create", "slots": {"title": "call the plumber"}, "depends_on": []}],
        "confidence": 0.7, "missing": [{"step": 0, "field": "when"}]
    })));
    assert_eq!(app.say("plumber thing").await, "When should it be?");
    app.say("add milk to the shopping list").await;
    let items = list_item::Entity::find().all(&app.state.db).await.unwrap();
    assert_eq!(items.len(), 1);
    assert!(tasks(&app).await.is_empty(), "the plumber request was not run with a wrong title");
    assert_eq!(llm.requests().len(), 2, "plan and clarify only");
}

#[tokio::test]
async fn a_plan_the_model_itself_doubts_is_not_run() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "2000").await;
    llm.push(Answer::Json(
        json!({"steps": [reminder(0, "something", "tomorrow at 9")], "confidence": 0.2, "missing": []}),
    ));
    let reply = app.say("can you sort out my week").await;
    assert_eq!(reply, "I couldn't work that out — could you put it another way?");
    assert!(tasks(&app).await.is_empty());
}

#[tokio::test]
async fn a_writer_that_answers_junk_leaves_the_fluent_reply() {
    let llm = FakeLlm::start().await;
    let app = app_with_llm(&llm, "2000").await;
    llm.push(plan(json!([
        reminder(0, "pay rent", "tomorrow at 9"),
        {"id": 1, "resolver": "list", "action": "create", "slots": {"list": "bills"}, "depends_on": []}
    ])));
    llm.push(Answer::Content("{\"reply\": ".into()));
    let reply = app.say("rent stuff").await;
    assert!(reply.contains("pay rent") && reply.contains("bills"), "{reply}");
    assert!(!reply.contains('{'), "{reply}");
    assert_eq!(ops(&calls(&app).await), [("plan".into(), "ok".into()), ("write".into(), "junk".into())]);
}
