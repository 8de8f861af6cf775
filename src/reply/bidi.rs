//! Hebrew that reads right: Unicode directional marks on outgoing text, so a reply that mixes
//! Hebrew with times, numbers, Latin names or emoji shows its words and punctuation on the
//! right side in Telegram, WhatsApp and the web chat.
//!
//! Messaging clients pick each line's direction from its first strong character (Unicode
//! Bidirectional Algorithm, rule P2). A Hebrew line that starts with a digit ("10:00 פגישה"),
//! an emoji ("⏰ תזכורת") or a Latin word ("Zoom עם דני") is therefore laid out left to right,
//! and its punctuation lands on the wrong side. So, in a message that is mostly Hebrew:
//! - every line that does not start with a Hebrew letter gets a leading RLM (U+200F), a strong
//!   right-to-left character of zero width;
//! - punctuation that ends a line right after a Latin or number run ("…את Dana.") gets an RLM
//!   after it, so it stays at the line's (left) end rather than joining the Latin run.
//!
//! And in a mostly English message, a line that starts with Hebrew gets a leading LRM (U+200E).
//! The marks are invisible; applying [`fix`] twice changes nothing.

use crate::channels::Reply;

pub const RLM: char = '\u{200F}';
pub const LRM: char = '\u{200E}';

fn is_hebrew(c: char) -> bool {
    ('\u{0590}'..='\u{05FF}').contains(&c) || ('\u{FB1D}'..='\u{FB4F}').contains(&c)
}

fn is_latin(c: char) -> bool {
    c.is_ascii_alphabetic() || ('\u{00C0}'..='\u{024F}').contains(&c)
}

/// Whether a text is mostly Hebrew (more Hebrew letters than Latin ones).
pub fn is_rtl(text: &str) -> bool {
    let hebrew = text.chars().filter(|c| is_hebrew(*c)).count();
    let latin = text.chars().filter(|c| is_latin(*c)).count();
    hebrew > 0 && hebrew >= latin
}

/// `text` with the directional marks its lines need.
pub fn fix(text: &str) -> String {
    let rtl = is_rtl(text);
    text.split('\n').map(|line| fix_line(line, rtl)).collect::<Vec<_>>().join("\n")
}

fn fix_line(line: &str, rtl: bool) -> String {
    let Some(first) = line.chars().next() else {
        return String::new();
    };
    if first == RLM || first == LRM {
        return line.to_string();
    }
    if !rtl {
        return match line.chars().find(|c| is_hebrew(*c) || is_latin(*c)) {
            Some(c) if is_hebrew(c) => format!("{LRM}{line}"),
            _ => line.to_string(),
        };
    }
    let mut out = String::with_capacity(line.len() + 6);
    if !is_hebrew(first) {
        out.push(RLM);
    }
    out.push_str(line);
    // punctuation ending the line right after a Latin or number run
    let trimmed = out.trim_end();
    let tail: String = trimmed.chars().rev().take_while(|c| is_end_punct(*c)).collect();
    let before = trimmed.chars().rev().nth(tail.chars().count());
    if !tail.is_empty() && before.is_some_and(|c| is_latin(c) || c.is_ascii_digit()) {
        let cut = trimmed.len();
        let rest = out[cut..].to_string();
        out.truncate(cut);
        out.push(RLM);
        out.push_str(&rest);
    }
    out
}

fn is_end_punct(c: char) -> bool {
    matches!(c, '.' | ',' | '!' | '?' | ':' | ';' | ')' | '"' | '\'' | '…')
}

/// A reply with marks on its text and its button labels.
pub fn fix_reply(reply: &Reply) -> Reply {
    let mut out = reply.clone();
    out.text = fix(&reply.text);
    for b in &mut out.buttons {
        b.label = fix(&b.label);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hebrew_line_starting_with_a_time_an_emoji_or_a_latin_word_gets_a_leading_rlm() {
        assert_eq!(fix("10:00 פגישה עם דני"), "\u{200F}10:00 פגישה עם דני");
        assert_eq!(fix("⏰ תזכורת: לשתות מים"), "\u{200F}⏰ תזכורת: לשתות מים");
        assert_eq!(fix("Zoom עם דני מחר"), "\u{200F}Zoom עם דני מחר");
        assert_eq!(fix("תזכורת: לשתות מים"), "תזכורת: לשתות מים");
    }

    #[test]
    fn punctuation_ending_a_hebrew_line_after_a_latin_or_number_run_stays_at_the_end() {
        assert_eq!(fix("אזכיר לך להתקשר ל-Dana."), "אזכיר לך להתקשר ל-Dana.\u{200F}");
        assert_eq!(fix("הפגישה נקבעה ל-10:30!"), "הפגישה נקבעה ל-10:30!\u{200F}");
        assert_eq!(fix("סימנתי את \"Buy milk\" כבוצעה."), "סימנתי את \"Buy milk\" כבוצעה.");
    }

    #[test]
    fn each_line_of_a_hebrew_message_is_fixed_on_its_own() {
        let briefing = "☀️ בוקר טוב! זה היום שלך:\n• 10:00 call the plumber\nמשימות:";
        assert_eq!(fix(briefing), "\u{200F}☀️ בוקר טוב! זה היום שלך:\n\u{200F}• 10:00 call the plumber\nמשימות:");
    }

    #[test]
    fn english_text_is_left_alone_except_a_line_starting_in_hebrew() {
        assert_eq!(fix("⏰ Reminder: call the bank"), "⏰ Reminder: call the bank");
        assert_eq!(
            fix("Reminder set for tomorrow.\nלקנות חלב is on your list"),
            "Reminder set for tomorrow.\n\u{200E}לקנות חלב is on your list"
        );
    }

    #[test]
    fn fixing_twice_changes_nothing() {
        for t in ["10:00 פגישה עם Dana.", "⏰ Reminder", "שלום", "", "a\n\nב"] {
            assert_eq!(fix(&fix(t)), fix(t), "{t}");
        }
    }
}
