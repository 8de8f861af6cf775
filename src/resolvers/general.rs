//! The general resolver: greetings, thanks, and a polite "I didn't understand, here is what I
//! can do" for everything no other resolver took.

use super::{Ctx, StepResult};
use crate::plan::PlannedStep;
use crate::reply::Msg;
use crate::understand::route::Talk;

const GREETINGS: &[&str] = &[
    "hi",
    "hello",
    "hey",
    "good morning",
    "good evening",
    "good afternoon",
    "yo",
    "shalom",
    "שלום",
    "היי",
    "הי",
    "אהלן",
    "הלו",
    "בוקר טוב",
    "ערב טוב",
    "צהריים טובים",
    "מה נשמע",
    "מה קורה",
    "you up",
    "you still up",
    "still up",
    "you there",
    "are you there",
    "are you awake",
    "אתה ער",
    "את ערה",
    "אתה שם",
    "את שם",
];
const THANKS: &[&str] = &[
    "thanks",
    "thank you",
    "thank u",
    "thx",
    "ty",
    "cheers",
    "merci",
    "gracias",
    "danke",
    "much appreciated",
    "appreciate it",
    "you're a lifesaver",
    "youre a lifesaver",
    "you're the best",
    "youre the best",
    "you rock",
    "תודה",
    "תודה רבה",
    "תנקס",
    "אחלה",
    "מעולה",
    "אלוף",
    "אלופה",
    "תותח",
];
/// Words said before a thanks that change nothing: "ok thanks", "יאללה תודה".
const BEFORE_THANKS: &[&str] = &[
    "ok",
    "okay",
    "oh",
    "so",
    "great",
    "perfect",
    "awesome",
    "wow",
    "יאללה",
    "אוקיי",
    "אוקי",
    "טוב",
    "וואו",
    "סבבה",
    "יופי",
];

/// Wishes for a day, a holiday or the night, answered in kind.
const WISHES: &[&str] = &[
    "happy new year",
    "happy holidays",
    "happy holiday",
    "happy hanukkah",
    "happy passover",
    "happy purim",
    "merry christmas",
    "chag sameach",
    "shana tova",
    "shabbat shalom",
    "good night",
    "goodnight",
    "have a good day",
    "have a nice day",
    "have a good weekend",
    "have a nice weekend",
    "שנה טובה",
    "חג שמח",
    "חג כשר",
    "פסח שמח",
    "חנוכה שמח",
    "פורים שמח",
    "שבת שלום",
    "שבוע טוב",
    "לילה טוב",
    "גמר חתימה טובה",
    "יום טוב",
    "סופש נעים",
    "סוף שבוע נעים",
];
/// Goodbyes.
const BYES: &[&str] =
    &["bye", "goodbye", "bye bye", "see you", "see ya", "cya", "ביי", "להתראות", "יאללה ביי", "נתראה"];
/// A nod that asks nothing ("ok", "cool", "סבבה"), when no question is open.
const NODS: &[&str] = &[
    "ok",
    "okay",
    "k",
    "cool",
    "great",
    "perfect",
    "awesome",
    "nice",
    "sweet",
    "got it",
    // "yes" with no question open: nothing to confirm, so a nod back
    "yes",
    "yeah",
    "yep",
    "yup",
    "sure",
    "כן",
    "בטח",
    "אוקיי",
    "אוקי",
    "סבבה",
    "יופי",
    "מושלם",
    "בסדר",
    "הבנתי",
];

#[derive(Debug, PartialEq)]
enum Kind {
    Greeting,
    Thanks,
    Wishes,
    Bye,
    Nod,
    Unknown,
}

/// Short social messages only: "hi" is a greeting, "hi, can you book me a flight" is not.
fn classify(text: &str) -> Kind {
    let cleaned: String = text
        .chars()
        .map(|c| if c.is_alphanumeric() || c.is_whitespace() { c } else { ' ' })
        .collect::<String>()
        .to_lowercase();
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    let phrase = words.join(" ");
    let starts = |list: &[&str]| {
        list.iter().any(|p| phrase == *p || (phrase.starts_with(p) && phrase[p.len()..].starts_with(' ')))
    };
    // "ok going to bed. night", "טוב הולך לישון, לילה טוב": a short goodnight at the end
    let ends = |list: &[&str]| list.iter().any(|p| phrase.ends_with(&format!(" {p}")));
    // "thank you, you're a lifesaver", "יאללה תודה, הולך לישון": a thanks that opens a short
    // message (after a word or two that change nothing) is a thanks
    let lead = words.iter().take_while(|w| BEFORE_THANKS.contains(w)).count().min(2);
    let after_lead = words[lead..].join(" ");
    let thanks_first = THANKS
        .iter()
        .any(|p| after_lead == *p || (after_lead.starts_with(p) && after_lead[p.len()..].starts_with(' ')));
    if words.len() <= 6 && (ends(&["night", "good night", "goodnight", "nite", "לילה טוב"]) || phrase == "night")
    {
        Kind::Wishes
    } else if thanks_first && words.len() <= 12 {
        Kind::Thanks
    } else if words.len() > 5 {
        Kind::Unknown
    } else if starts(THANKS) {
        Kind::Thanks
    } else if starts(WISHES) {
        Kind::Wishes
    } else if starts(BYES) {
        Kind::Bye
    } else if starts(NODS) && words.len() <= 3 {
        Kind::Nod
    } else if starts(GREETINGS) {
        Kind::Greeting
    } else {
        Kind::Unknown
    }
}

/// A greeting or a thanks, which no note should answer.
pub fn is_social(text: &str) -> bool {
    classify(text) != Kind::Unknown
}

pub fn run(ctx: &Ctx<'_>, _step: &PlannedStep) -> StepResult {
    let msg = match classify(ctx.text) {
        Kind::Greeting => match ctx.display_name {
            Some(name) => Msg::new("greeting-named").arg("name", name),
            None => Msg::new("greeting"),
        },
        Kind::Thanks => Msg::new("thanks"),
        Kind::Wishes => Msg::new("wishes-back"),
        Kind::Bye => Msg::new("bye"),
        Kind::Nod => Msg::new("nod"),
        Kind::Unknown if crate::understand::route::asks_outside(ctx.text) => Msg::new("outside-abilities"),
        Kind::Unknown => match crate::understand::route::talk_of(ctx.text) {
            Some(Talk::Feelings) => Msg::new("talk-feelings"),
            Some(Talk::Hand) => Msg::new("talk-hand"),
            Some(Talk::Story) => Msg::new("talk-story"),
            None => Msg::new("not-understood"),
        },
    };
    StepResult::say(msg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_hellos_and_thanks_are_recognised_in_both_languages() {
        assert_eq!(classify("שלום!"), Kind::Greeting);
        assert_eq!(classify("Hi there"), Kind::Greeting);
        assert_eq!(classify("תודה רבה"), Kind::Thanks);
        assert_eq!(classify("thanks a lot"), Kind::Thanks);
        for text in [
            "thank you, you're a lifesaver",
            "thank you. it helps having something to talk to",
            "merci!",
            "יאללה תודה, הולך לישון",
            "ok thanks so much for all the help today",
        ] {
            assert_eq!(classify(text), Kind::Thanks, "{text}");
        }
        assert_eq!(
            classify("thanks but can you also move the dentist to friday and the gym to saturday please"),
            Kind::Unknown
        );
    }

    #[test]
    fn wishes_goodbyes_and_nods_are_answered_in_kind() {
        assert_eq!(classify("happy new year ozer!!"), Kind::Wishes);
        assert_eq!(classify("שנה טובה עוזר"), Kind::Wishes);
        assert_eq!(classify("לילה טוב"), Kind::Wishes);
        assert_eq!(classify("ok bye"), Kind::Nod);
        assert_eq!(classify("ביי"), Kind::Bye);
        assert_eq!(classify("סבבה"), Kind::Nod);
        // a "yes" with no question open has nothing to confirm
        assert_eq!(classify("yes"), Kind::Nod);
        assert_eq!(classify("כן"), Kind::Nod);
        assert_eq!(classify("yes remind me tomorrow at 9 to call dan"), Kind::Unknown);
        assert_eq!(classify("ok so what is the capital of peru"), Kind::Unknown);
        // a goodnight at the end of a short message
        assert_eq!(classify("ok going to bed. night"), Kind::Wishes);
        assert_eq!(classify("טוב אני הולכת לישון, לילה טוב"), Kind::Wishes);
        assert_eq!(classify("remind me to take my pills every night"), Kind::Unknown);
    }

    #[test]
    fn feelings_and_a_hand_asked_for_are_told_apart_from_what_is_not_understood() {
        use crate::understand::route::talk_of;
        assert_eq!(talk_of("still unpacking boxes at midnight, this move is brutal"), Some(Talk::Feelings));
        assert_eq!(talk_of("אני כל כך עייפה שבא לי לבכות"), Some(Talk::Feelings));
        assert_eq!(
            talk_of("hi, just got home from knee surgery yesterday. need help keeping track of everything"),
            Some(Talk::Hand)
        );
        assert_eq!(talk_of("אני באמצע תקופת מבחנים ועובדת בבית קפה תעזור לי להתארגן"), Some(Talk::Hand));
        assert_eq!(talk_of("asdf qwerty"), None);
    }

    #[test]
    fn longer_requests_are_not_mistaken_for_greetings() {
        assert_eq!(classify("hi can you please book me a flight to rome"), Kind::Unknown);
        assert_eq!(classify("history"), Kind::Unknown);
        assert_eq!(classify("asdfgh"), Kind::Unknown);
    }
}
