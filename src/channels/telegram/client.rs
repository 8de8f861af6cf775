//! Outbound half of the Telegram channel: sends [`Reply`]s through the Bot API with teloxide,
//! answers callback queries and manages the webhook registration.
//!
//! Replies go out as plain text (no parse mode), so nothing in Ozer's text needs escaping.
//! A reply longer than one Telegram message is sent as several messages with the buttons on the
//! last one. Each part is retried on its own; if a later part fails for good, the earlier parts
//! have already been delivered, so a caller that retries the whole reply may repeat them.

use std::future::Future;
use std::time::Duration;

use chrono::{DateTime, Utc};
use teloxide::payloads::{SendMessageSetters, SetWebhookSetters};
use teloxide::requests::{Request, Requester};
use teloxide::types::{AllowedUpdate, CallbackQueryId, ChatId, InlineKeyboardButton, InlineKeyboardMarkup};
use teloxide::{ApiError, Bot, RequestError};

use crate::channels::common::{platform_len, split_text};
use crate::channels::{Button, Reply};

/// Telegram's limit for one text message, in UTF-16 units.
const MAX_MESSAGE_UNITS: usize = 4096;
/// Telegram rejects `callback_data` outside 1..=64 bytes with BUTTON_DATA_INVALID.
const MAX_CALLBACK_DATA_BYTES: usize = 64;
/// How many times one request is retried after a 429 before giving up as transient.
const MAX_RATE_LIMIT_RETRIES: u32 = 3;
/// How often a missing bot username is asked for again in the background.
const USERNAME_RETRY: Duration = Duration::from_secs(30);
/// A longer `retry_after` is handed to the caller instead of blocking this task.
const MAX_RETRY_WAIT: Duration = Duration::from_secs(30);

/// A failed Telegram call, split by what the caller should do about it.
#[derive(Debug, thiserror::Error)]
pub enum SendError {
    /// Network trouble, a Telegram 5xx, or a 429 that outlasted our retries: retry with backoff
    /// (not before `retry_after`, when given).
    #[error("Telegram is unavailable or rate-limiting us")]
    Transient {
        #[source]
        source: RequestError,
        retry_after: Option<Duration>,
    },
    /// Telegram refused the request (bot blocked, chat not found, bad request...): retrying the
    /// same request will not help.
    #[error("Telegram rejected the request")]
    Permanent(#[source] RequestError),
    /// A button payload that Telegram would reject; caught before sending anything.
    #[error("button payload is {len} bytes; Telegram allows 1..={MAX_CALLBACK_DATA_BYTES}")]
    InvalidButtonPayload { len: usize },
}

impl SendError {
    pub fn is_transient(&self) -> bool {
        matches!(self, SendError::Transient { .. })
    }

    /// Telegram's own `retry_after` (a 429 too long to wait out inline): no retry before it.
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            SendError::Transient { retry_after, .. } => *retry_after,
            _ => None,
        }
    }
}

/// The parts of `getWebhookInfo` worth showing an operator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookStatus {
    /// `None` when no webhook is set.
    pub url: Option<String>,
    pub pending_update_count: u32,
    pub last_error_date: Option<DateTime<Utc>>,
    pub last_error_message: Option<String>,
}

/// Bot API client with an injectable base URL (tests point it at a local fake).
#[derive(Clone)]
pub struct TelegramClient {
    bot: Bot,
    /// the bot's @username from getMe, asked once on first need
    username: tokio::sync::OnceCell<String>,
    /// when getMe was last tried in the background (it is not asked again for a while)
    last_try: std::sync::Arc<std::sync::Mutex<Option<std::time::Instant>>>,
}

impl std::fmt::Debug for TelegramClient {
    // teloxide's own Debug for `Bot` prints the token.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TelegramClient").field("api_url", &self.bot.api_url().as_str()).finish_non_exhaustive()
    }
}

impl TelegramClient {
    /// `api_url` is `https://api.telegram.org` in production; requests go to
    /// `{api_url}/bot<token>/<Method>`.
    pub fn new(token: &str, api_url: url::Url) -> Self {
        Self {
            bot: Bot::new(token).set_api_url(api_url),
            username: tokio::sync::OnceCell::new(),
            last_try: Default::default(),
        }
    }

    /// The bot's username (without "@"), asked once with getMe. Group messages count as addressed
    /// to Ozer only through it; while it cannot be had (the Bot API is unreachable), `None`, and
    /// groups are ignored.
    #[tracing::instrument(skip_all)]
    pub async fn username(&self) -> Option<&str> {
        let fetched = self
            .username
            .get_or_try_init(|| async {
                let me = self.bot.get_me().await.map_err(|e| tracing::warn!(error = %e, "getMe failed"))?;
                me.user.username.clone().ok_or(())
            })
            .await;
        fetched.ok().map(String::as_str)
    }

    /// The username if getMe has answered already; never waits. While it is unknown, a background
    /// getMe is started (at most one every [`USERNAME_RETRY`]), so a slow or failing Bot API never
    /// delays storing an update. Until then group messages are not recognised as addressed to Ozer.
    pub fn known_username(self: &std::sync::Arc<Self>) -> Option<&str> {
        if let Some(name) = self.username.get() {
            return Some(name.as_str());
        }
        let due = {
            let mut last = self.last_try.lock().unwrap_or_else(|p| p.into_inner());
            let due = last.is_none_or(|t| t.elapsed() >= USERNAME_RETRY);
            if due {
                *last = Some(std::time::Instant::now());
            }
            due
        };
        if due {
            let client = self.clone();
            tokio::spawn(async move {
                client.username().await;
            });
        }
        None
    }

    /// Sends `reply` to `chat_id` (the `external_user` of the inbound message, parsed as i64).
    #[tracing::instrument(skip_all, fields(chat_id = chat_id))]
    pub async fn send(&self, chat_id: i64, reply: &Reply) -> Result<(), SendError> {
        let keyboard = keyboard(&reply.buttons)?;
        let mut parts = split_text(&reply.text, MAX_MESSAGE_UNITS);
        if parts.iter().all(String::is_empty) {
            if keyboard.is_none() {
                return Ok(());
            }
            // Telegram refuses an empty text, and buttons need a message to hang on.
            parts = vec!["…".to_owned()];
        }
        let last = parts.len() - 1;
        for (index, part) in parts.iter().enumerate() {
            let markup = if index == last { keyboard.clone() } else { None };
            self.with_retry(|| {
                let request = self.bot.send_message(ChatId(chat_id), part.clone());
                match markup.clone() {
                    Some(markup) => request.reply_markup(markup).send(),
                    None => request.send(),
                }
            })
            .await?;
        }
        Ok(())
    }

    /// Stops the loading spinner on the button the user tapped.
    #[tracing::instrument(skip_all)]
    pub async fn answer_callback_query(&self, callback_query_id: &str) -> Result<(), SendError> {
        let id = CallbackQueryId(callback_query_id.to_owned());
        self.with_retry(|| self.bot.answer_callback_query(id.clone()).send()).await.map(|_| ())
    }

    /// Registers the webhook. Telegram will send `secret` in `X-Telegram-Bot-Api-Secret-Token`
    /// (1–256 chars of `A-Z a-z 0-9 _ -`). Only the update kinds Ozer handles are requested.
    #[tracing::instrument(skip_all, fields(url = %url))]
    pub async fn set_webhook(&self, url: url::Url, secret: &str) -> Result<(), SendError> {
        self.with_retry(|| {
            self.bot
                .set_webhook(url.clone())
                .secret_token(secret)
                .allowed_updates([AllowedUpdate::Message, AllowedUpdate::CallbackQuery])
                .send()
        })
        .await
        .map(|_| ())
    }

    /// Shows "typing…" in the chat for about five seconds (or until the next message).
    #[tracing::instrument(skip_all)]
    pub async fn typing(&self, chat_id: i64) -> Result<(), SendError> {
        use teloxide::types::ChatAction;
        let request = self.bot.send_chat_action(ChatId(chat_id), ChatAction::Typing);
        request.send().await.map(|_| ()).map_err(classify)
    }

    #[tracing::instrument(skip_all)]
    pub async fn get_webhook_info(&self) -> Result<WebhookStatus, SendError> {
        let info = self.with_retry(|| self.bot.get_webhook_info().send()).await?;
        Ok(WebhookStatus {
            url: info.url.map(String::from),
            pending_update_count: info.pending_update_count,
            last_error_date: info.last_error_date,
            last_error_message: info.last_error_message,
        })
    }

    /// Runs one request, sleeping through up to [`MAX_RATE_LIMIT_RETRIES`] 429 answers.
    async fn with_retry<T, F, Fut>(&self, mut call: F) -> Result<T, SendError>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Result<T, RequestError>>,
    {
        let mut retries = 0;
        loop {
            match call().await {
                Ok(value) => return Ok(value),
                Err(RequestError::RetryAfter(wait))
                    if retries < MAX_RATE_LIMIT_RETRIES && wait.duration() <= MAX_RETRY_WAIT =>
                {
                    retries += 1;
                    tracing::warn!(retry_after = ?wait.duration(), retries, "Telegram rate limit");
                    tokio::time::sleep(wait.duration()).await;
                }
                Err(error) => return Err(classify(error)),
            }
        }
    }
}

/// One button per row reads best for long (often Hebrew) labels; a few short ones share a row.
fn keyboard(buttons: &[Button]) -> Result<Option<InlineKeyboardMarkup>, SendError> {
    if buttons.is_empty() {
        return Ok(None);
    }
    for button in buttons {
        let len = button.payload.len();
        if len == 0 || len > MAX_CALLBACK_DATA_BYTES {
            return Err(SendError::InvalidButtonPayload { len });
        }
    }
    let make = |b: &Button| InlineKeyboardButton::callback(b.label.clone(), b.payload.clone());
    let one_row = buttons.len() <= 3 && buttons.iter().all(|b| platform_len(&b.label) <= 12);
    let rows: Vec<Vec<InlineKeyboardButton>> = if one_row {
        vec![buttons.iter().map(make).collect()]
    } else {
        buttons.iter().map(|b| vec![make(b)]).collect()
    };
    Ok(Some(InlineKeyboardMarkup::new(rows)))
}

/// teloxide drops the HTTP status and `error_code`, so server-side trouble shows up as a network
/// error, an unparsable (HTML) body, or an API description it does not recognise.
fn classify(error: RequestError) -> SendError {
    let transient = match &error {
        RequestError::RetryAfter(wait) => {
            return SendError::Transient { retry_after: Some(wait.duration()), source: error };
        }
        RequestError::Network(_) | RequestError::InvalidJson { .. } | RequestError::Io(_) => true,
        RequestError::MigrateToChatId(_) => false,
        RequestError::Api(ApiError::Unknown(description)) => !is_client_error(description),
        RequestError::Api(_) => false,
    };
    if transient { SendError::Transient { source: error, retry_after: None } } else { SendError::Permanent(error) }
}

/// Bot API descriptions of 4xx answers start with the HTTP reason phrase.
fn is_client_error(description: &str) -> bool {
    ["Bad Request", "Forbidden", "Unauthorized", "Not Found", "Conflict"]
        .iter()
        .any(|prefix| description.starts_with(prefix))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn api(description: &str) -> RequestError {
        RequestError::Api(ApiError::Unknown(description.to_owned()))
    }

    #[test]
    fn server_errors_are_transient_and_refusals_are_permanent() {
        assert!(classify(api("Internal Server Error")).is_transient());
        assert!(classify(api("Bad Gateway")).is_transient());
        assert!(!classify(api("Bad Request: something new")).is_transient());
        assert!(!classify(RequestError::Api(ApiError::BotBlocked)).is_transient());
        assert!(!classify(RequestError::Api(ApiError::ChatNotFound)).is_transient());
    }

    #[test]
    fn a_payload_over_64_bytes_is_refused_before_sending() {
        let buttons = [Button { label: "x".into(), payload: "א".repeat(33) }];
        assert!(matches!(keyboard(&buttons), Err(SendError::InvalidButtonPayload { len: 66 })));
    }

    #[test]
    fn short_labels_share_a_row_and_long_ones_get_their_own() {
        let short =
            [("Yes", "confirm:yes"), ("No", "confirm:no")].map(|(l, p)| Button { label: l.into(), payload: p.into() });
        let rows = keyboard(&short).ok().flatten().map(|k| k.inline_keyboard);
        assert_eq!(rows.map(|r| r.len()), Some(1));
        let long =
            [Button { label: "תזכורת לקנות חלב מחר בבוקר".into(), payload: "choice:1".into() }];
        let rows = keyboard(&long).ok().flatten().map(|k| k.inline_keyboard);
        assert_eq!(rows.map(|r| r.len()), Some(1));
    }

    #[test]
    fn debug_output_does_not_contain_the_token() {
        let url = url::Url::parse("http://127.0.0.1:1").ok();
        let client = url.map(|u| TelegramClient::new("123:SECRET-TOKEN", u));
        assert!(!format!("{client:?}").contains("SECRET-TOKEN"));
    }
}
