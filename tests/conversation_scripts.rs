//! Held-out style conversations written as data (`eval/conversations_{tune,frozen}.jsonl` and the
//! later sets `eval/conversations{2,3,4,5}_{tune,frozen}.jsonl`, issue 12)
//! and run turn by turn through the web chat, each on a fresh app with its own frozen clock.
//!
//! A turn says a message (or presses a button of the last reply, matched by its label) and then
//! checks state the way a user would verify it: open tasks, a task's due time and status, a list's
//! items, and only loosely the reply's text. A turn marked `if_asked` is sent only when the last
//! reply asked something (it has buttons or a question mark); its checks run either way, so a
//! conversation passes whether Ozer asked first or acted at once, as long as the outcome is right.
//!
//! A conversation's optional `tz` is the user's timezone (default Asia/Jerusalem).
//!
//! Check semantics: `task` passes when some task whose title contains `title_has` (case-insensitive)
//! has the given `due` (an instant; null = no due time) and `status`; `no_task_has` when no task at
//! all (open or done) has it in its title, `no_open_task_has` when no open one has; `list` when a list whose name contains `name_has` has
//! every `items_has` inside an unchecked item and no unchecked item holding an `items_lack` (a
//! crossed-off item is off the list); `no_list_has` when no list name contains it.
//!
//! Only the tune half's failures are printed (with the transcript); the frozen half prints totals
//! only, so that nobody tunes the rules to it. Run with `-- --nocapture` to see the report.

mod common;

use chrono::{DateTime, Utc};
use common::{TestApp, spawn_app_with};
use ozer::clock::Clock;
use ozer::store::entities::{list, list_item, task};
use sea_orm::EntityTrait;
use serde_json::{Value, json};

/// Checks passed on each half when the runner was first written (tune 64/70, frozen 58/71), now
/// tune 70/70 and frozen 65/71: a regression fails the test; raise a floor when the rules get
/// better.
const TUNE_FLOOR: usize = 70;
const FROZEN_FLOOR: usize = 69;
/// The second set (`eval/conversations2_*.jsonl`, c21–c40, written by another writer before Ozer
/// was run on it): checks passed when it was first run (tune 62/75, frozen 64/76).
const TUNE2_FLOOR: usize = 75;
const FROZEN2_FLOOR: usize = 76;
/// The third set (`eval/conversations3_*.jsonl`, c41–c60, a third writer, split before Ozer was
/// run on it): first run tune 68/77, frozen 74/79.
const TUNE3_FLOOR: usize = 77;
const FROZEN3_FLOOR: usize = 79;
/// The fourth set (`eval/conversations4_*.jsonl`, c61–c80, a fourth writer, split before Ozer was
/// run on it, ten of its conversations in New York or London or across a DST change): first run
/// tune 66/76, frozen 68/82; floors at the later figures.
const TUNE4_FLOOR: usize = 76;
const FROZEN4_FLOOR: usize = 79;
/// The fifth set (`eval/conversations5_*.jsonl`, c81–c100, a fifth writer, split before Ozer was
/// run on it, eleven of its conversations across a DST change): first run tune 68/85, frozen 57/85;
/// floors at the later figures.
const TUNE5_FLOOR: usize = 85;
const FROZEN5_FLOOR: usize = 81;
/// The sixth set (`eval/conversations6_*.jsonl`, c101–c120, a sixth writer, split before Ozer was
/// run on it, sixteen of its conversations outside Jerusalem or across a DST change): first run
/// tune 85/102, frozen 85/103; floors at the later figures.
const TUNE6_FLOOR: usize = 102;
// (92 until a bare new hour kept a later day's reminder on its day at the half of the day
// either_half_for picks, which gained eleven checks in the other frozen sets and cost one here)
const FROZEN6_FLOOR: usize = 102;
/// The seventh set (`eval/conversations7_*.jsonl`, c121–c140, a seventh writer, split before Ozer
/// was run on it, eleven of its conversations outside Jerusalem or across a clock change): first
/// run tune 83/103, frozen 92/110.
const TUNE7_FLOOR: usize = 99;
const FROZEN7_FLOOR: usize = 102;
/// The eighth set (`eval/conversations8_*.jsonl`, c141–c160, an eighth writer, split before Ozer
/// was run on it, eleven of its conversations across a clock change and eight outside Jerusalem):
/// first run tune 105/107, frozen 106/113.
const TUNE8_FLOOR: usize = 107;
const FROZEN8_FLOOR: usize = 111;
/// The ninth set (`eval/conversations9_*.jsonl`, c161–c180, a ninth writer, split before Ozer
/// was run on it, eleven of its conversations across a clock change and thirteen outside
/// Jerusalem; its `no_open_task_has` is what its writer was asked to check): first run tune
/// 147/175, frozen 160/182.
const TUNE9_FLOOR: usize = 175;
const FROZEN9_FLOOR: usize = 177;
/// The tenth set (c181–c200, 382 checks, written and split before Ozer ran on it; twelve
/// outside Jerusalem, twelve across a DST change): first run tune 150/194, frozen 177/191.
const TUNE10_FLOOR: usize = 193;
const FROZEN10_FLOOR: usize = 185;
/// The eleventh set (c201–c220, 312 checks, written and split before Ozer ran on it; twelve
/// outside Jerusalem, twelve across a DST change): first run tune 135/155, frozen 127/157.
const TUNE11_FLOOR: usize = 154;
const FROZEN11_FLOOR: usize = 139;
/// The twelfth set (c221–c240, 322 checks, written and split before Ozer ran on it; ten outside
/// Jerusalem, eighteen across a DST change): first run, with the first rules of the session that
/// added it, tune 138/155, frozen 144/167.
const TUNE12_FLOOR: usize = 155;
const FROZEN12_FLOOR: usize = 164;
/// The thirteenth set (c241–c260, 355 checks, written and split before Ozer ran on it; twelve
/// outside Jerusalem, fifteen across a DST change): first run, with the first rules of the session
/// that added it, tune 149/177, frozen 140/178.
const TUNE13_FLOOR: usize = 160;
const FROZEN13_FLOOR: usize = 158;
/// The fourteenth set (c261–c280, 370 checks, written and split before Ozer ran on it; twelve
/// outside Israel, eleven across a DST change): first run, with the first rules of the session that
/// added it, tune 159/186, frozen 166/184.
const TUNE14_FLOOR: usize = 182;
const FROZEN14_FLOOR: usize = 171;
/// The fifteenth set (c281–c300, 529 checks, written and split before Ozer ran on it; thirteen
/// outside Israel, twelve across a DST change): first run, with the first rules of the session
/// that added it, tune 202/260, frozen 214/269.
// (244 until "X should be at <hour>" moved X: in c288 "the second one should be tuesday at 9"
// now moves a reminder where it used to add one that made up for two reminders read as one)
const TUNE15_FLOOR: usize = 241;
const FROZEN15_FLOOR: usize = 224;
/// The sixteenth set (c301–c320, 611 checks, written and split before Ozer ran on it; sixteen
/// outside Israel or across a DST change, thirteen across one): first run, with the first rules
/// of the session that added it, tune 256/309, frozen 248/302.
const TUNE16_FLOOR: usize = 294;
const FROZEN16_FLOOR: usize = 274;
/// The seventeenth set (c321–c340, 638 checks, written and split before Ozer ran on it; fourteen
/// outside Israel or across a DST change, eight across one): first run, with the first rules of
/// the session that added it, tune 267/324, frozen 243/314.
const TUNE17_FLOOR: usize = 308;
const FROZEN17_FLOOR: usize = 251;
/// The eighteenth set (c341–c360, 645 checks, written and split before Ozer ran on it; thirteen
/// outside Israel or across a DST change): first run, with the first rules of the session that
/// added it, tune 244/326, frozen 270/319.
const TUNE18_FLOOR: usize = 302;
const FROZEN18_FLOOR: usize = 285;
/// The nineteenth set (c361–c380, 650 checks, written and split before Ozer ran on it; fourteen
/// outside Israel or across a DST change): first run, with the first rules of the session that
/// added it, tune 224/325, frozen 266/325.
const TUNE19_FLOOR: usize = 312;
const FROZEN19_FLOOR: usize = 273;
/// The twentieth set (c381–c400, 738 checks, written and split before Ozer ran on it; ten
/// outside Israel, eleven across a DST change): first run, with the first rules of the session
/// that added it, tune 264/367, frozen 259/371.
// (316 until "Olivers call should be at eleven" moved the call: c398's count had been right only
// because a new reminder made up for two read as one)
const TUNE20_FLOOR: usize = 313;
const FROZEN20_FLOOR: usize = 310;
/// The twenty-first set (c401–c420, 1,056 checks, written and split before Ozer ran on it; ten
/// outside Israel, ten across a DST change): first run, with the first rules of the session that
/// added it, tune 447/526, frozen 397/530.
const TUNE21_FLOOR: usize = 519;
const FROZEN21_FLOOR: usize = 418;
/// The twenty-second set (c421–c440, 891 checks, written and split before Ozer ran on it; ten
/// outside Israel, ten across a DST change; the split put 8 English conversations in the tune
/// half and 8 Hebrew ones in the frozen half): first run, with the first rules of the session
/// that added it, tune 330/445, frozen 359/446.
const TUNE22_FLOOR: usize = 424;
const FROZEN22_FLOOR: usize = 359;
/// The twenty-third set (c441–c460, 981 checks, written and split before Ozer ran on it; ten
/// outside Israel, ten across a DST change; 5 Hebrew and 5 English conversations in each half):
/// first run, with the first rule of the session that added it, tune 353/488, frozen 394/493.
const TUNE23_FLOOR: usize = 473;
const FROZEN23_FLOOR: usize = 421;

struct Tally {
    passed: usize,
    total: usize,
    conversations_passed: usize,
    conversations: usize,
    failures: Vec<String>,
}

/// One turn's outcome as the transcript shows it.
struct Said {
    said: String,
    reply: String,
}

fn utc(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).expect("ISO instant in the script").with_timezone(&Utc)
}

fn lower(v: &Value) -> String {
    v.as_str().unwrap_or_default().to_lowercase()
}

fn reply_text(body: &Value) -> String {
    let replies = body["replies"].as_array().cloned().unwrap_or_default();
    replies.iter().filter_map(|r| r["text"].as_str()).collect::<Vec<_>>().join("\n")
}

fn buttons(body: &Value) -> Vec<(String, String)> {
    let replies = body["replies"].as_array().cloned().unwrap_or_default();
    replies
        .iter()
        .flat_map(|r| r["buttons"].as_array().cloned().unwrap_or_default())
        .map(|b| {
            (b["label"].as_str().unwrap_or_default().to_owned(), b["payload"].as_str().unwrap_or_default().to_owned())
        })
        .collect()
}

fn asked(body: &Value) -> bool {
    !buttons(body).is_empty() || reply_text(body).contains('?')
}

/// Posts to the chat without panicking, so one broken turn fails its checks, not the whole run.
async fn post(app: &TestApp, body: Value) -> Value {
    let res = app.client.post(format!("{}/api/chat", app.address)).json(&body).send().await.expect("request");
    let status = res.status();
    if !status.is_success() {
        return json!({ "replies": [{ "text": format!("HTTP {status}") }] });
    }
    res.json().await.unwrap_or_else(|_| json!({ "replies": [{ "text": "not JSON" }] }))
}

async fn tasks(app: &TestApp) -> Vec<task::Model> {
    task::Entity::find().all(&app.state.db).await.expect("tasks")
}

async fn lists(app: &TestApp) -> Vec<(list::Model, Vec<list_item::Model>)> {
    let all = list::Entity::find().all(&app.state.db).await.expect("lists");
    let items = list_item::Entity::find().all(&app.state.db).await.expect("items");
    all.into_iter()
        .map(|l| {
            let mine = items.iter().filter(|i| i.list_id == l.id).cloned().collect();
            (l, mine)
        })
        .collect()
}

fn describe_tasks(all: &[task::Model]) -> String {
    let shown: Vec<String> = all
        .iter()
        .map(|t| format!("{:?} due {} {}", t.title, t.due_at.map_or("none".into(), |d| d.to_rfc3339()), t.status))
        .collect();
    format!("[{}]", shown.join("; "))
}

fn describe_lists(all: &[(list::Model, Vec<list_item::Model>)]) -> String {
    let shown: Vec<String> = all
        .iter()
        .map(|(l, items)| {
            let its: Vec<String> =
                items.iter().map(|i| format!("{}{}", if i.checked { "✓" } else { "" }, i.text)).collect();
            format!("{:?}: {}", l.name, its.join(", "))
        })
        .collect();
    format!("[{}]", shown.join("; "))
}

fn task_matches(t: &task::Model, want: &Value) -> bool {
    if !t.title.to_lowercase().contains(&lower(&want["title_has"])) {
        return false;
    }
    if let Some(due) = want.get("due") {
        let expected = due.as_str().map(utc);
        if t.due_at != expected {
            return false;
        }
    }
    want.get("status").is_none_or(|s| s.as_str() == Some(t.status.as_str()))
}

fn list_check(all: &[(list::Model, Vec<list_item::Model>)], want: &Value) -> bool {
    let name = lower(&want["name_has"]);
    let found: Vec<&list_item::Model> = all
        .iter()
        .filter(|(l, _)| l.name.to_lowercase().contains(&name) || l.normalized_name.to_lowercase().contains(&name))
        .flat_map(|(_, items)| items.iter().filter(|i| !i.checked))
        .collect();
    let named = all.iter().any(|(l, _)| l.name.to_lowercase().contains(&name) || l.normalized_name.contains(&name));
    let holds = |needle: &Value| found.iter().any(|i| i.text.to_lowercase().contains(&lower(needle)));
    let has = want["items_has"].as_array().is_none_or(|a| a.iter().all(holds));
    let lacks = want["items_lack"].as_array().is_none_or(|a| !a.iter().any(holds));
    named && has && lacks
}

/// Evaluates one check; `Err` carries what was found instead.
async fn check(app: &TestApp, c: &Value, reply: &str) -> Result<(), String> {
    let reply_lc = reply.to_lowercase();
    let ok = if let Some(n) = c.get("open_tasks") {
        let open = tasks(app).await.into_iter().filter(|t| t.status == "open").count();
        if Some(open as u64) == n.as_u64() {
            true
        } else {
            return Err(format!("{open} open: {}", describe_tasks(&tasks(app).await)));
        }
    } else if let Some(want) = c.get("task") {
        tasks(app).await.iter().any(|t| task_matches(t, want))
    } else if let Some(s) = c.get("no_task_has") {
        !tasks(app).await.iter().any(|t| t.title.to_lowercase().contains(&lower(s)))
    } else if let Some(s) = c.get("no_open_task_has") {
        !tasks(app).await.iter().any(|t| t.status == "open" && t.title.to_lowercase().contains(&lower(s)))
    } else if let Some(want) = c.get("list") {
        return if list_check(&lists(app).await, want) { Ok(()) } else { Err(describe_lists(&lists(app).await)) };
    } else if let Some(s) = c.get("no_list_has") {
        return if lists(app).await.iter().any(|(l, _)| l.name.to_lowercase().contains(&lower(s))) {
            Err(describe_lists(&lists(app).await))
        } else {
            Ok(())
        };
    } else if let Some(any) = c.get("reply_has_any").and_then(Value::as_array) {
        any.iter().any(|s| reply_lc.contains(&lower(s)))
    } else if let Some(none) = c.get("reply_lacks").and_then(Value::as_array) {
        !none.iter().any(|s| reply_lc.contains(&lower(s)))
    } else {
        return Err("unknown check".into());
    };
    if ok { Ok(()) } else { Err(describe_tasks(&tasks(app).await)) }
}

/// What became of one turn.
enum Turn {
    Sent(String, Value),
    /// an `if_asked` turn after a reply that asked nothing
    Skipped,
    /// a press on a button the last reply did not offer
    NoButton(String),
}

async fn send(app: &TestApp, turn: &Value, last: &Value) -> Turn {
    if turn["if_asked"].as_bool() == Some(true) && !asked(last) {
        return Turn::Skipped;
    }
    if let Some(text) = turn["say"].as_str() {
        return Turn::Sent(text.to_owned(), post(app, json!({ "text": text })).await);
    }
    let want = lower(&turn["press"]);
    match buttons(last).into_iter().find(|(label, _)| label.to_lowercase().contains(&want)) {
        Some((label, payload)) => {
            Turn::Sent(format!("[tap {label}]"), post(app, json!({ "text": label, "button": payload })).await)
        }
        None => Turn::NoButton(want),
    }
}

/// Runs one conversation; returns (checks passed, checks run, failure report lines).
async fn run(conv: &Value) -> (usize, usize, Vec<String>) {
    // the user's zone (a new user takes the default zone; Asia/Jerusalem unless the line says)
    let tz = conv["tz"].as_str().unwrap_or("Asia/Jerusalem");
    let app = spawn_app_with(&[("OZER_TIMEZONE", tz)], Clock::frozen(utc(conv["now"].as_str().expect("now")))).await;
    let id = conv["id"].as_str().unwrap_or("?");
    let (mut passed, mut total, mut lines) = (0, 0, Vec::new());
    let mut transcript: Vec<Said> = Vec::new();
    let mut last = json!({ "replies": [] });
    for (n, turn) in conv["turns"].as_array().expect("turns").iter().enumerate() {
        let mut failed = Vec::new();
        // A press is itself a check: the button was offered (or nothing was asked at all).
        let press = turn.get("press").is_some();
        total += usize::from(press);
        match send(&app, turn, &last).await {
            Turn::Sent(said, body) => {
                passed += usize::from(press);
                transcript.push(Said { said, reply: reply_text(&body) });
                last = body;
            }
            Turn::Skipped => {
                passed += usize::from(press);
                let said = turn["say"].as_str().or(turn["press"].as_str()).unwrap_or_default();
                transcript.push(Said { said: format!("({said}: skipped, nothing was asked)"), reply: String::new() });
            }
            Turn::NoButton(want) => failed.push(format!("no button like {want:?} was offered")),
        }
        let reply = reply_text(&last);
        for c in turn["checks"].as_array().cloned().unwrap_or_default() {
            total += 1;
            match check(&app, &c, &reply).await {
                Ok(()) => passed += 1,
                Err(found) => failed.push(format!("{c} — found {found}")),
            }
        }
        for f in failed {
            lines.push(format!("{id} turn {}: {f}", n + 1));
        }
    }
    if !lines.is_empty() {
        for s in &transcript {
            lines.push(format!("    {id}  say: {}\n    {id}  ozer: {}", s.said, s.reply.replace('\n', " / ")));
        }
    }
    (passed, total, lines)
}

async fn run_file(name: &str, text: &str) -> Tally {
    let mut t = Tally { passed: 0, total: 0, conversations_passed: 0, conversations: 0, failures: Vec::new() };
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let conv: Value = serde_json::from_str(line).expect("a conversation per line");
        let (passed, total, failures) = run(&conv).await;
        t.passed += passed;
        t.total += total;
        t.conversations += 1;
        t.conversations_passed += usize::from(passed == total);
        t.failures.extend(failures);
    }
    println!(
        "conversations {name}: {}/{} checks passed, {}/{} conversations",
        t.passed, t.total, t.conversations_passed, t.conversations
    );
    t
}

/// Runs one file and holds it at its floor. A tune file prints its failures (to fix the rules
/// by); a frozen file shows its totals only: its failures are never shown.
async fn holds_floor(name: &str, text: &str, floor: usize, show_failures: bool) {
    let t = run_file(name, text).await;
    if show_failures {
        for f in &t.failures {
            println!("{f}");
        }
    }
    assert!(t.passed >= floor, "{name}: {}/{} checks, floor {floor}", t.passed, t.total);
}

#[tokio::test]
async fn tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune", include_str!("../eval/conversations_tune.jsonl"), TUNE_FLOOR, true).await;
}

#[tokio::test]
async fn frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen", include_str!("../eval/conversations_frozen.jsonl"), FROZEN_FLOOR, false).await;
}

#[tokio::test]
async fn second_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune2", include_str!("../eval/conversations2_tune.jsonl"), TUNE2_FLOOR, true).await;
}

#[tokio::test]
async fn second_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen2", include_str!("../eval/conversations2_frozen.jsonl"), FROZEN2_FLOOR, false).await;
}

#[tokio::test]
async fn third_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune3", include_str!("../eval/conversations3_tune.jsonl"), TUNE3_FLOOR, true).await;
}

#[tokio::test]
async fn third_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen3", include_str!("../eval/conversations3_frozen.jsonl"), FROZEN3_FLOOR, false).await;
}

#[tokio::test]
async fn fourth_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune4", include_str!("../eval/conversations4_tune.jsonl"), TUNE4_FLOOR, true).await;
}

#[tokio::test]
async fn fourth_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen4", include_str!("../eval/conversations4_frozen.jsonl"), FROZEN4_FLOOR, false).await;
}

#[tokio::test]
async fn fifth_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune5", include_str!("../eval/conversations5_tune.jsonl"), TUNE5_FLOOR, true).await;
}

#[tokio::test]
async fn fifth_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen5", include_str!("../eval/conversations5_frozen.jsonl"), FROZEN5_FLOOR, false).await;
}

#[tokio::test]
async fn sixth_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune6", include_str!("../eval/conversations6_tune.jsonl"), TUNE6_FLOOR, true).await;
}

#[tokio::test]
async fn sixth_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen6", include_str!("../eval/conversations6_frozen.jsonl"), FROZEN6_FLOOR, false).await;
}

#[tokio::test]
async fn seventh_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune7", include_str!("../eval/conversations7_tune.jsonl"), TUNE7_FLOOR, true).await;
}

#[tokio::test]
async fn seventh_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen7", include_str!("../eval/conversations7_frozen.jsonl"), FROZEN7_FLOOR, false).await;
}

#[tokio::test]
async fn eighth_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune8", include_str!("../eval/conversations8_tune.jsonl"), TUNE8_FLOOR, true).await;
}

#[tokio::test]
async fn eighth_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen8", include_str!("../eval/conversations8_frozen.jsonl"), FROZEN8_FLOOR, false).await;
}

#[tokio::test]
async fn ninth_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune9", include_str!("../eval/conversations9_tune.jsonl"), TUNE9_FLOOR, true).await;
}

#[tokio::test]
async fn ninth_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen9", include_str!("../eval/conversations9_frozen.jsonl"), FROZEN9_FLOOR, false).await;
}

#[tokio::test]
async fn tenth_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune10", include_str!("../eval/conversations10_tune.jsonl"), TUNE10_FLOOR, true).await;
}

#[tokio::test]
async fn tenth_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen10", include_str!("../eval/conversations10_frozen.jsonl"), FROZEN10_FLOOR, false).await;
}

#[tokio::test]
async fn eleventh_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune11", include_str!("../eval/conversations11_tune.jsonl"), TUNE11_FLOOR, true).await;
}

#[tokio::test]
async fn eleventh_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen11", include_str!("../eval/conversations11_frozen.jsonl"), FROZEN11_FLOOR, false).await;
}

#[tokio::test]
async fn twelfth_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune12", include_str!("../eval/conversations12_tune.jsonl"), TUNE12_FLOOR, true).await;
}

#[tokio::test]
async fn twelfth_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen12", include_str!("../eval/conversations12_frozen.jsonl"), FROZEN12_FLOOR, false).await;
}

#[tokio::test]
async fn thirteenth_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune13", include_str!("../eval/conversations13_tune.jsonl"), TUNE13_FLOOR, true).await;
}

#[tokio::test]
async fn thirteenth_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen13", include_str!("../eval/conversations13_frozen.jsonl"), FROZEN13_FLOOR, false).await;
}

#[tokio::test]
async fn fourteenth_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune14", include_str!("../eval/conversations14_tune.jsonl"), TUNE14_FLOOR, true).await;
}

#[tokio::test]
async fn fourteenth_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen14", include_str!("../eval/conversations14_frozen.jsonl"), FROZEN14_FLOOR, false).await;
}

#[tokio::test]
async fn fifteenth_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune15", include_str!("../eval/conversations15_tune.jsonl"), TUNE15_FLOOR, true).await;
}

#[tokio::test]
async fn fifteenth_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen15", include_str!("../eval/conversations15_frozen.jsonl"), FROZEN15_FLOOR, false).await;
}

#[tokio::test]
async fn sixteenth_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune16", include_str!("../eval/conversations16_tune.jsonl"), TUNE16_FLOOR, true).await;
}

#[tokio::test]
async fn sixteenth_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen16", include_str!("../eval/conversations16_frozen.jsonl"), FROZEN16_FLOOR, false).await;
}

#[tokio::test]
async fn seventeenth_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune17", include_str!("../eval/conversations17_tune.jsonl"), TUNE17_FLOOR, true).await;
}

#[tokio::test]
async fn seventeenth_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen17", include_str!("../eval/conversations17_frozen.jsonl"), FROZEN17_FLOOR, false).await;
}

#[tokio::test]
async fn eighteenth_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune18", include_str!("../eval/conversations18_tune.jsonl"), TUNE18_FLOOR, true).await;
}

#[tokio::test]
async fn eighteenth_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen18", include_str!("../eval/conversations18_frozen.jsonl"), FROZEN18_FLOOR, false).await;
}

#[tokio::test]
async fn nineteenth_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune19", include_str!("../eval/conversations19_tune.jsonl"), TUNE19_FLOOR, true).await;
}

#[tokio::test]
async fn nineteenth_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen19", include_str!("../eval/conversations19_frozen.jsonl"), FROZEN19_FLOOR, false).await;
}

#[tokio::test]
async fn twentieth_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune20", include_str!("../eval/conversations20_tune.jsonl"), TUNE20_FLOOR, true).await;
}

#[tokio::test]
async fn twentieth_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen20", include_str!("../eval/conversations20_frozen.jsonl"), FROZEN20_FLOOR, false).await;
}

#[tokio::test]
async fn twenty_first_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune21", include_str!("../eval/conversations21_tune.jsonl"), TUNE21_FLOOR, true).await;
}

#[tokio::test]
async fn twenty_first_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen21", include_str!("../eval/conversations21_frozen.jsonl"), FROZEN21_FLOOR, false).await;
}

#[tokio::test]
async fn twenty_second_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune22", include_str!("../eval/conversations22_tune.jsonl"), TUNE22_FLOOR, true).await;
}

#[tokio::test]
async fn twenty_second_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen22", include_str!("../eval/conversations22_frozen.jsonl"), FROZEN22_FLOOR, false).await;
}

#[tokio::test]
async fn twenty_third_tune_conversations_pass_at_least_their_measured_floor() {
    holds_floor("tune23", include_str!("../eval/conversations23_tune.jsonl"), TUNE23_FLOOR, true).await;
}

#[tokio::test]
async fn twenty_third_frozen_conversations_pass_at_least_their_measured_floor() {
    holds_floor("frozen23", include_str!("../eval/conversations23_frozen.jsonl"), FROZEN23_FLOOR, false).await;
}
