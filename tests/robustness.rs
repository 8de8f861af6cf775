//! Odd input through whole turns: every message gets exactly one short, human reply — never a
//! panic, a raw error, JSON, or an empty message.

mod common;

use ozer::app::AppState;
use ozer::channels::{Channel, InboundMessage};
use ozer::clock::Clock;

const WORDS: &[&str] = &[
    "תזכיר",
    "לי",
    "מחר",
    "ב-8",
    "בעוד",
    "שעה",
    "כל",
    "יום",
    "ראשון",
    "תוסיף",
    "לרשימת",
    "הקניות",
    "חלב",
    "ו",
    "תמחק",
    "את",
    "התזכורת",
    "סיימתי",
    "רבע",
    "לעשר",
    "31",
    "בפברואר",
    "25:00",
    "remind",
    "me",
    "to",
    "add",
    "delete",
    "all",
    "my",
    "tasks",
    "list",
    "shopping",
    "show",
    "and",
    "then",
    "in",
    "2",
    "hours",
    "every",
    "weekday",
    "at",
    "8pm",
    "yes",
    "no",
    "2",
    "השני",
    "כן",
    "לא",
    "🙂",
    "🔥",
    "\u{200F}",
    "\u{202B}",
    "\u{2066}",
    "?",
    "!",
    ",",
    "\"",
    "׳",
    "״",
    "/start",
    "/timezone",
    "Mars",
    "help",
    "שלום",
    "LONG",
];

async fn turn(state: &AppState, i: usize, text: &str) -> Vec<ozer::channels::Reply> {
    let mut msg = InboundMessage::new(Channel::Web, "0123456789abcdef0123456789abcdef", &format!("m{i}"), text);
    msg.received_at = state.clock.now();
    ozer::turn::accept_and_run(state, msg).await.expect("a turn never fails outright")
}

/// A failed turn still answers, with the apology `internal-error`; that reply is a failure here.
fn failed_turn(reply: &str) -> bool {
    use ozer::understand::Lang;
    [Lang::He, Lang::En].into_iter().any(|lang| reply.contains(&ozer::reply::t(lang, "internal-error")))
}

#[test]
fn the_apology_for_a_failed_turn_is_recognised_in_both_languages() {
    use ozer::understand::Lang;
    assert!(failed_turn(&ozer::reply::t(Lang::He, "internal-error")));
    assert!(failed_turn(&ozer::reply::t(Lang::En, "internal-error")));
    assert!(!failed_turn("Done — I added milk to your shopping list."));
}

#[tokio::test]
async fn hundreds_of_odd_messages_each_get_one_human_reply() {
    let dir = common::TempDir::new();
    let clock = Clock::frozen(chrono::DateTime::parse_from_rfc3339("2026-03-27T01:59:00+03:00").unwrap().into());
    let state = AppState::new(common::test_settings(&dir, &[]), clock.clone()).await.unwrap();
    let mut rng = common::rng::XorShift(0x005e_ed0f_02e2);
    for i in 0..400 {
        let len = 1 + rng.below(12);
        let long = "x".repeat(300);
        let text: Vec<&str> = (0..len)
            .map(|_| match WORDS[rng.below(WORDS.len())] {
                "LONG" => long.as_str(),
                w => w,
            })
            .collect();
        let text = text.join(" ");
        let replies = turn(&state, i, &text).await;
        assert_eq!(replies.len(), 1, "{text}");
        let reply = &replies[0].text;
        assert!(!reply.trim().is_empty(), "empty reply to {text:?}");
        assert!(!failed_turn(reply), "the turn failed for {text:?}: {reply}");
        for raw in ["Error", "error:", "DbErr", "panicked", "{\"", "unwrap"] {
            assert!(!reply.contains(raw), "raw text {raw:?} in reply to {text:?}: {reply}");
        }
        assert!(!reply.contains("{ $") && !reply.contains("{$"), "unrendered placeable for {text:?}: {reply}");
        clock.advance(chrono::Duration::seconds(7));
    }
}
