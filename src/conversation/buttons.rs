//! Button payloads bound to the question they answer: `confirm:<id>:yes`, `confirm:<id>:no`,
//! `choice:<id>:<n>`, where `<id>` is the pending question's row id.
//!
//! A message with buttons stays in the chat long after its question is answered or expired, and
//! a later question may be open by then; binding each tap to its question's id is what keeps
//! "yes" on an old message from confirming a newer, different question. The longest payload
//! (`choice:` + a 19-digit id + `:` + a number) stays far below Telegram's 64-byte
//! `callback_data` limit.

/// A tap on one of Ozer's question buttons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tap {
    /// The question the button belonged to; `None` for an unbound payload from before buttons
    /// carried their question (it can never be matched to an open question).
    pub question: Option<i64>,
    pub answer: TapAnswer,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TapAnswer {
    Yes,
    No,
    /// 1-based option number.
    Choice(usize),
}

impl TapAnswer {
    /// The unbound form the answer readers understand (`confirm:yes`, `choice:2`).
    pub fn unbound(self) -> String {
        match self {
            TapAnswer::Yes => "confirm:yes".into(),
            TapAnswer::No => "confirm:no".into(),
            TapAnswer::Choice(n) => format!("choice:{n}"),
        }
    }
}

pub fn confirm(question: i64, yes: bool) -> String {
    format!("confirm:{question}:{}", if yes { "yes" } else { "no" })
}

pub fn choice(question: i64, n: usize) -> String {
    format!("choice:{question}:{n}")
}

/// Reads a question button's payload; `None` when the payload is not one (other buttons).
pub fn parse(payload: &str) -> Option<Tap> {
    let (kind, rest) = payload.split_once(':')?;
    let (question, value) = match rest.split_once(':') {
        Some((id, value)) => (Some(id.parse::<i64>().ok()?), value),
        None => (None, rest),
    };
    let answer = match (kind, value) {
        ("confirm", "yes") => TapAnswer::Yes,
        ("confirm", "no") => TapAnswer::No,
        ("choice", n) => TapAnswer::Choice(n.parse().ok()?),
        _ => return None,
    };
    Some(Tap { question, answer })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_round_trip_with_their_question() {
        assert_eq!(parse(&confirm(17, true)), Some(Tap { question: Some(17), answer: TapAnswer::Yes }));
        assert_eq!(parse(&confirm(17, false)), Some(Tap { question: Some(17), answer: TapAnswer::No }));
        assert_eq!(parse(&choice(9, 3)), Some(Tap { question: Some(9), answer: TapAnswer::Choice(3) }));
    }

    #[test]
    fn old_unbound_payloads_are_read_without_a_question() {
        assert_eq!(parse("confirm:yes"), Some(Tap { question: None, answer: TapAnswer::Yes }));
        assert_eq!(parse("choice:2"), Some(Tap { question: None, answer: TapAnswer::Choice(2) }));
    }

    #[test]
    fn other_payloads_are_not_question_taps() {
        for p in ["ack", "confirm:maybe", "choice:x", "confirm:abc:yes", "menu:1:2", ""] {
            assert_eq!(parse(p), None, "{p}");
        }
    }

    #[test]
    fn the_longest_payload_fits_telegrams_64_bytes() {
        assert!(choice(i64::MAX, 99).len() <= 64);
        assert!(confirm(i64::MAX, false).len() <= 64);
    }
}
