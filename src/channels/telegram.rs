//! Telegram channel: verifies and parses webhook `Update`s into [`InboundMessage`]s and sends
//! [`Reply`]s through the Bot API (see [`TelegramClient`]).
//!
//! teloxide types stop here; nothing outside `channels/` sees them. This module owns no state and
//! makes no decisions about what to answer; the service decides, e.g. what to say to a voice note.
//!
//! Choices worth knowing:
//! * **Dedupe id** — `InboundMessage::message_id` is the `update_id`, not the Telegram
//!   `message_id`: `message_id` is only unique per chat, callback taps have none of their own, and
//!   a webhook redelivery repeats the same `update_id`. (Telegram restarts the sequence at a
//!   random number after a week of silence, so ids are unique in practice, not by contract.)
//! * **external_user** is the chat id: that is where replies must go. In a private chat it equals
//!   the user id. In a group (only when the message is addressed to the bot) it is the group's
//!   id, so the group acts as one Ozer user and replies land where the question was asked.
//! * **Edited messages are ignored**: the original was already answered and may have created a
//!   task; re-running the pipeline on an edit would duplicate it, and Telegram offers no reliable
//!   way to undo the first outcome. Users re-send instead.
//! * Bodies that fail to parse are reported as `Ignored`, so the handler can still answer 200
//!   (Telegram retries non-2xx deliveries, and an unparsable body will never parse).

mod client;
pub mod webhook;

pub use client::{SendError, TelegramClient, WebhookStatus};
pub use webhook::{register_webhook, register_webhook_in_background, router};

use chrono::Utc;
use teloxide::types::{
    CallbackQuery, MaybeInaccessibleMessage, MediaKind, Message, MessageKind, Update, UpdateKind, User,
};

use crate::channels::common::constant_time_eq;
use crate::channels::{Channel, InboundMessage};

/// Checks the `X-Telegram-Bot-Api-Secret-Token` header against the secret given to `setWebhook`.
///
/// An empty configured secret never matches: a missing configuration must not open the webhook.
pub fn verify_secret(header: Option<&str>, configured: &str) -> bool {
    match header {
        Some(got) if !configured.is_empty() => constant_time_eq(got.as_bytes(), configured.as_bytes()),
        _ => false,
    }
}

/// Why a group message is ignored when it is not `/cmd@bot` nor a reply to the bot.
pub const GROUP_NOT_ADDRESSED: &str = "group message not addressed to the bot";

/// What one webhook body means for Ozer.
#[derive(Debug, Clone)]
pub enum TelegramInbound {
    /// A text message (including `/start [payload]` and `/help`) for the pipeline.
    Message(InboundMessage),
    /// A tap on one of Ozer's inline buttons; `inbound.button` holds the callback data. The
    /// service should call [`TelegramClient::answer_callback_query`] so the spinner stops.
    Callback { inbound: InboundMessage, callback_query_id: String },
    /// Something addressed to Ozer that is not text (voice, photo, sticker...): the service can
    /// answer "I can read text only for now" in the user's language.
    NonText(NonTextMessage),
    /// Nothing to do; the reason is for logs and tests.
    Ignored(&'static str),
}

/// A non-text message: where to answer and in which language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NonTextMessage {
    /// Chat to reply to; `external_user()` is its string form, as in [`InboundMessage`].
    pub chat_id: i64,
    /// The `update_id`, for dedupe (same rule as for text messages).
    pub message_id: String,
    pub lang_hint: Option<String>,
    /// What was sent ("voice", "photo", ...), for logs.
    pub kind: &'static str,
}

impl NonTextMessage {
    pub fn external_user(&self) -> String {
        self.chat_id.to_string()
    }
}

/// Parses one webhook body. Never fails: anything Ozer cannot or should not act on is `Ignored`.
///
/// `bot_username` (without `@`) lets group messages count as addressed to Ozer when they are
/// `/cmd@bot_username` or a reply to one of the bot's messages; with `None`, groups are ignored.
pub fn parse_update(body: &[u8], bot_username: Option<&str>) -> TelegramInbound {
    let Ok(update) = serde_json::from_slice::<Update>(body) else {
        return TelegramInbound::Ignored("body is not an Update teloxide can parse");
    };
    let update_id = update.id.0.to_string();
    match update.kind {
        UpdateKind::Message(message) => from_message(update_id, &message, bot_username),
        UpdateKind::EditedMessage(_) => TelegramInbound::Ignored("edited message"),
        UpdateKind::CallbackQuery(query) => from_callback(update_id, &query),
        UpdateKind::Error(_) => TelegramInbound::Ignored("update kind unknown to teloxide"),
        _ => TelegramInbound::Ignored("update kind Ozer does not handle"),
    }
}

fn from_message(update_id: String, message: &Message, bot: Option<&str>) -> TelegramInbound {
    let Some(from) = message.from.as_ref() else {
        return TelegramInbound::Ignored("message without a user sender");
    };
    if from.is_bot {
        return TelegramInbound::Ignored("message from a bot");
    }
    if message.chat.is_channel() {
        return TelegramInbound::Ignored("channel post");
    }
    if !message.chat.is_private() && !is_addressed_to_bot(message, bot) {
        return TelegramInbound::Ignored(GROUP_NOT_ADDRESSED);
    }
    let chat_id = message.chat.id.0;
    let Some(text) = message.text() else {
        return match non_text_kind(&message.kind) {
            Some(kind) => TelegramInbound::NonText(NonTextMessage {
                chat_id,
                message_id: update_id,
                lang_hint: from.language_code.clone(),
                kind,
            }),
            None => TelegramInbound::Ignored("service message"),
        };
    };
    TelegramInbound::Message(InboundMessage {
        channel: Channel::Telegram,
        external_user: chat_id.to_string(),
        message_id: update_id,
        text: strip_bot_suffix(text, bot),
        button: None,
        received_at: message.date,
        display_name: display_name(from),
        lang_hint: from.language_code.clone(),
    })
}

fn from_callback(update_id: String, query: &CallbackQuery) -> TelegramInbound {
    if query.from.is_bot {
        return TelegramInbound::Ignored("callback from a bot");
    }
    let Some(data) = query.data.clone() else {
        return TelegramInbound::Ignored("callback without data (game)");
    };
    // Inline-mode messages carry no chat and Ozer never sends any, so such a tap is not ours.
    let (chat_id, label) = match &query.message {
        Some(MaybeInaccessibleMessage::Regular(message)) => (message.chat.id.0, button_label(message, &data)),
        // Too old to read (Bot API >= 7.0 sends `date: 0`), but the chat is still known.
        Some(MaybeInaccessibleMessage::Inaccessible(message)) => (message.chat.id.0, None),
        None => return TelegramInbound::Ignored("callback from an inline-mode message"),
    };
    TelegramInbound::Callback {
        inbound: InboundMessage {
            channel: Channel::Telegram,
            external_user: chat_id.to_string(),
            message_id: update_id,
            // The tapped label (when still readable) keeps conversation history legible.
            text: label.unwrap_or_default(),
            button: Some(data),
            // A callback query has no timestamp of its own; the message date is the bot's send time.
            received_at: Utc::now(),
            display_name: display_name(&query.from),
            lang_hint: query.from.language_code.clone(),
        },
        callback_query_id: query.id.0.clone(),
    }
}

/// In groups Telegram delivers every `/command` to every bot; only `/cmd@us` or a reply to one of
/// our messages is meant for Ozer (a bare `/report`, as in corpus 05, is not).
fn is_addressed_to_bot(message: &Message, bot: Option<&str>) -> bool {
    let Some(bot) = bot else { return false };
    let command_for_us =
        message.text().and_then(|text| command_target(text)).is_some_and(|target| target.eq_ignore_ascii_case(bot));
    let reply_to_us = message
        .reply_to_message()
        .and_then(|replied| replied.from.as_ref())
        .is_some_and(|user| user.is_bot && user.username.as_deref().is_some_and(|name| name.eq_ignore_ascii_case(bot)));
    command_for_us || reply_to_us
}

/// `"/cmd@Bot rest"` → `Some("Bot")`.
fn command_target(text: &str) -> Option<&str> {
    let first = text.split_whitespace().next()?;
    let (_, target) = first.strip_prefix('/')?.split_once('@')?;
    Some(target)
}

/// Rewrites `/help@OzerBot now` to `/help now` so the pipeline sees one spelling per command.
fn strip_bot_suffix(text: &str, bot: Option<&str>) -> String {
    let matches_bot = match (command_target(text), bot) {
        (Some(target), Some(bot)) => target.eq_ignore_ascii_case(bot),
        _ => false,
    };
    if !matches_bot {
        return text.to_owned();
    }
    match text.split_once('@') {
        Some((command, rest)) => {
            let after = rest.find(char::is_whitespace).map_or("", |i| &rest[i..]);
            format!("{command}{after}")
        }
        None => text.to_owned(),
    }
}

fn non_text_kind(kind: &MessageKind) -> Option<&'static str> {
    let MessageKind::Common(common) = kind else {
        return matches!(kind, MessageKind::Dice(_)).then_some("dice");
    };
    Some(match &common.media_kind {
        MediaKind::Voice(_) => "voice",
        MediaKind::Audio(_) => "audio",
        MediaKind::VideoNote(_) => "video_note",
        MediaKind::Video(_) => "video",
        MediaKind::Photo(_) => "photo",
        MediaKind::Animation(_) => "animation",
        MediaKind::Document(_) => "document",
        MediaKind::Sticker(_) => "sticker",
        MediaKind::Location(_) | MediaKind::Venue(_) => "location",
        MediaKind::Contact(_) => "contact",
        MediaKind::Poll(_) => "poll",
        MediaKind::Migration(_) => return None,
        _ => "other",
    })
}

fn button_label(message: &Message, data: &str) -> Option<String> {
    message
        .reply_markup()?
        .inline_keyboard
        .iter()
        .flatten()
        .find(|button| {
            matches!(&button.kind,
                teloxide::types::InlineKeyboardButtonKind::CallbackData(d) if d == data)
        })
        .map(|button| button.text.clone())
}

fn display_name(user: &User) -> Option<String> {
    let name = user.full_name();
    let name = name.trim();
    (!name.is_empty()).then(|| name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_matches_only_the_configured_value() {
        assert!(verify_secret(Some("s3cret_-A"), "s3cret_-A"));
        assert!(!verify_secret(Some("s3cret_-B"), "s3cret_-A"));
        assert!(!verify_secret(None, "s3cret_-A"));
    }

    #[test]
    fn an_empty_configured_secret_never_matches() {
        assert!(!verify_secret(Some(""), ""));
    }

    #[test]
    fn bot_suffix_is_removed_only_for_our_bot() {
        assert_eq!(strip_bot_suffix("/help@OzerBot now", Some("ozerbot")), "/help now");
        assert_eq!(strip_bot_suffix("/help@Other", Some("OzerBot")), "/help@Other");
        assert_eq!(strip_bot_suffix("mail a@b.c", Some("b.c")), "mail a@b.c");
    }
}
