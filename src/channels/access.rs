//! Who may talk to Ozer over the messaging channels, and how fast.
//!
//! Two rules, checked by both webhooks before a message reaches the pipeline:
//! * `OZER_ALLOWLIST`: when set, only the listed phone numbers (WhatsApp wa_id) and Telegram
//!   ids may use Ozer. Anyone else gets one polite refusal, ever, and nothing else.
//! * `OZER_RATE_LIMIT`: messages per user per sliding minute. The first message over the limit
//!   gets one polite notice; the rest of the burst is dropped quietly.
//!
//! Refused messages are still written to the inbound log (as dropped), so a redelivery is
//! recognised and so the rate counts what the user actually sent.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ConnectionTrait, DbErr};

use crate::channels::{Channel, InboundMessage};
use crate::config::Settings;
use crate::store::inbound;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Allow,
    /// Not on the allowlist.
    NotAllowed,
    /// Over the per-minute limit; `notify` is true for the first extra message only.
    RateLimited {
        notify: bool,
    },
}

impl Verdict {
    /// The sentence to send (Fluent id) and a dedupe key that keeps it to once, if any.
    pub fn notice(self, channel: Channel, external_user: &str) -> Option<(&'static str, Option<String>)> {
        match self {
            Verdict::Allow | Verdict::RateLimited { notify: false } => None,
            // The dedupe key is unique in the outbox, so the refusal is queued once per person.
            Verdict::NotAllowed => {
                Some(("channel-not-allowed", Some(format!("refused:{}:{external_user}", channel.as_str()))))
            }
            Verdict::RateLimited { notify: true } => Some(("channel-rate-limited", None)),
        }
    }
}

/// Decides what happens to `msg`, which is not stored yet.
pub async fn check(
    db: &impl ConnectionTrait,
    settings: &Settings,
    msg: &InboundMessage,
    now: DateTime<Utc>,
) -> Result<Verdict, DbErr> {
    if !allowed(&settings.allowlist, msg.channel, &msg.external_user) {
        return Ok(Verdict::NotAllowed);
    }
    let limit = u64::from(settings.rate_limit_per_minute);
    if limit == 0 {
        return Ok(Verdict::Allow);
    }
    let recent = inbound::count_since(db, msg.channel, &msg.external_user, now - Duration::minutes(1)).await?;
    Ok(if recent < limit {
        Verdict::Allow
    } else {
        // Refused messages are counted too, so exactly one message of a burst sees `limit`.
        Verdict::RateLimited { notify: recent == limit }
    })
}

/// Decides what happens to each message of a batch just stored together (`stored[i]`: message
/// `i` was new; a redelivery gets no verdict and reads `Allow`). One query counts every sender's
/// last minute, and each message is judged on the rows stored before it, as if the batch had
/// been stored and checked one message at a time.
pub async fn check_stored(
    db: &impl ConnectionTrait,
    settings: &Settings,
    msgs: &[InboundMessage],
    stored: &[bool],
    now: DateTime<Utc>,
) -> Result<Vec<Verdict>, DbErr> {
    let limit = u64::from(settings.rate_limit_per_minute);
    let who: Vec<(Channel, &str)> = msgs.iter().map(|m| (m.channel, m.external_user.as_str())).collect();
    // the counts include this whole batch: walking backwards, each message takes itself and
    // the later ones off its sender's count
    let mut counts = match limit {
        0 => Default::default(),
        _ => inbound::counts_since(db, &who, now - Duration::minutes(1)).await?,
    };
    let mut verdicts = vec![Verdict::Allow; msgs.len()];
    for (i, msg) in msgs.iter().enumerate().rev() {
        if !stored[i] {
            continue;
        }
        let count = counts.entry((msg.channel.as_str().to_string(), msg.external_user.clone())).or_default();
        *count = count.saturating_sub(1);
        verdicts[i] = if !allowed(&settings.allowlist, msg.channel, &msg.external_user) {
            Verdict::NotAllowed
        } else if limit == 0 || *count < limit {
            Verdict::Allow
        } else {
            Verdict::RateLimited { notify: *count == limit }
        };
    }
    Ok(verdicts)
}

/// An empty allowlist lets everyone in. Phone numbers are compared by their digits, so
/// "+972 50-123-4567" in the setting matches WhatsApp's wa_id "972501234567". On Telegram the
/// id is the chat id, which in a private chat is the user's id.
pub fn allowed(allowlist: &[String], channel: Channel, external_user: &str) -> bool {
    if allowlist.is_empty() || !channel.is_remote() {
        return true;
    }
    let who = external_user.trim();
    allowlist.iter().any(|entry| {
        let entry = entry.trim().trim_start_matches('+');
        entry == who || (channel == Channel::Whatsapp && digits(entry) == digits(who))
    })
}

fn digits(s: &str) -> String {
    s.chars().filter(char::is_ascii_digit).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn an_empty_allowlist_lets_everyone_in() {
        assert!(allowed(&[], Channel::Telegram, "1"));
    }

    #[test]
    fn phone_numbers_match_by_digits_and_telegram_ids_exactly() {
        let l = list(&["+972 50-123-4567", "218485655"]);
        assert!(allowed(&l, Channel::Whatsapp, "972501234567"));
        assert!(allowed(&l, Channel::Telegram, "218485655"));
        assert!(!allowed(&l, Channel::Telegram, "2184856550"));
        assert!(!allowed(&l, Channel::Whatsapp, "972501234568"));
    }

    #[test]
    fn the_web_chat_is_not_subject_to_the_allowlist() {
        assert!(allowed(&list(&["1"]), Channel::Web, "session"));
    }
}
