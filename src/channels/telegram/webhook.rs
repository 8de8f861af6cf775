//! `POST /webhooks/telegram`: verify the secret header, parse the `Update`, hand the message to
//! [`intake`], answer 200.
//!
//! Telegram redelivers every non-2xx answer, so only a failure to *store* the message (the
//! database) answers 500; a body Ozer cannot use answers 200 and is dropped with a log line.

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use sha2::{Digest, Sha256};

use super::{GROUP_NOT_ADDRESSED, TelegramInbound, parse_update, verify_secret};
use crate::app::AppState;
use crate::channels::intake::{self, Handling, Outcome};
use crate::channels::{Channel, InboundMessage};
use crate::config::TelegramSettings;

pub const PATH: &str = "/webhooks/telegram";
const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";
/// How long a group message waits for the bot's username while it is still unknown.
const GROUP_USERNAME_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

pub fn router() -> Router<AppState> {
    Router::new().route(PATH, post(receive))
}

/// The secret Telegram must send back. Without `TELEGRAM_WEBHOOK_SECRET` it is derived from the
/// bot token, so the webhook is never open to anyone and `setWebhook` and this check agree.
pub fn webhook_secret(settings: &TelegramSettings) -> String {
    if let Some(secret) = &settings.webhook_secret {
        return secret.expose().to_string();
    }
    let digest = Sha256::digest(format!("ozer-telegram-webhook:{}", settings.bot_token.expose()));
    // Telegram allows 1-256 chars of A-Z a-z 0-9 _ -; hex fits.
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

#[tracing::instrument(skip_all)]
async fn receive(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> StatusCode {
    let Some(settings) = &state.settings.telegram else {
        return StatusCode::NOT_FOUND;
    };
    let header = headers.get(SECRET_HEADER).and_then(|v| v.to_str().ok());
    if !verify_secret(header, &webhook_secret(settings)) {
        tracing::warn!("telegram webhook with a wrong or missing secret");
        state.metrics.webhook_rejected("telegram", "secret");
        return StatusCode::UNAUTHORIZED;
    }
    // Store first: the username is learnt in the background and never awaited for a private
    // chat. Only a group message, which needs it to tell whether it is addressed to Ozer, waits
    // for it briefly.
    let mut parsed = parse_update(&body, state.telegram.as_ref().and_then(|c| c.known_username()));
    if let (TelegramInbound::Ignored(GROUP_NOT_ADDRESSED), Some(client)) = (&parsed, &state.telegram)
        && client.known_username().is_none()
        && let Ok(Some(name)) = tokio::time::timeout(GROUP_USERNAME_WAIT, client.username()).await
    {
        parsed = parse_update(&body, Some(name));
    }
    let result = match parsed {
        TelegramInbound::Message(msg) => intake::accept(&state, msg, Handling::Turn).await,
        TelegramInbound::Callback { inbound, callback_query_id } => callback(&state, inbound, callback_query_id).await,
        TelegramInbound::NonText(non_text) => {
            tracing::info!(kind = non_text.kind, "telegram message that is not text");
            let mut msg = InboundMessage::new(Channel::Telegram, &non_text.external_user(), &non_text.message_id, "");
            msg.lang_hint = non_text.lang_hint;
            intake::accept(&state, msg, Handling::Answer("channel-text-only")).await
        }
        TelegramInbound::Ignored(reason) => {
            tracing::info!(reason, "telegram update ignored");
            state.metrics.webhook_rejected("telegram", "ignored");
            return StatusCode::OK;
        }
    };
    match result {
        Ok(outcome) => {
            tracing::debug!(?outcome, "telegram update stored");
            StatusCode::OK
        }
        Err(e) => {
            // 500 makes Telegram deliver the update again later: nothing is lost.
            tracing::error!(error = %e, "cannot store a telegram update");
            StatusCode::INTERNAL_SERVER_ERROR
        }
    }
}

/// A button tap: the payload goes to the pipeline as the user's choice, and the tap is
/// answered (so the button's spinner stops) in the background, keeping the webhook fast.
async fn callback(
    state: &AppState,
    inbound: InboundMessage,
    callback_query_id: String,
) -> Result<Outcome, sea_orm::DbErr> {
    let outcome = intake::accept(state, inbound, Handling::Turn).await?;
    if outcome != Outcome::Duplicate
        && let Some(client) = state.telegram.clone()
    {
        tokio::spawn(async move {
            if let Err(e) = client.answer_callback_query(&callback_query_id).await {
                tracing::warn!(error = %e, "answerCallbackQuery failed");
            }
        });
    }
    Ok(outcome)
}

/// Where Telegram should deliver updates: `{OZER_PUBLIC_URL}/webhooks/telegram`.
pub fn webhook_url(public_url: &url::Url) -> Result<url::Url, url::ParseError> {
    url::Url::parse(&format!("{}{PATH}", public_url.as_str().trim_end_matches('/')))
}

#[derive(Debug, thiserror::Error)]
pub enum RegisterError {
    #[error("TELEGRAM_BOT_TOKEN is not set")]
    NotConfigured,
    #[error("OZER_PUBLIC_URL: cannot build the webhook URL ({0})")]
    Url(#[from] url::ParseError),
    #[error("setWebhook failed: {0}")]
    Telegram(#[from] super::SendError),
}

/// Tells Telegram to deliver updates to this instance, with the secret it must send back.
pub async fn register_webhook(state: &AppState) -> Result<url::Url, RegisterError> {
    let (Some(settings), Some(client)) = (&state.settings.telegram, &state.telegram) else {
        return Err(RegisterError::NotConfigured);
    };
    let url = webhook_url(&state.settings.public_url)?;
    client.set_webhook(url.clone(), &webhook_secret(settings)).await?;
    Ok(url)
}

/// On `serve` with a public URL, registers the webhook without holding up start-up; a failure
/// is logged (`ozer telegram-webhook --set` retries it by hand).
pub fn register_webhook_in_background(state: &AppState) {
    if !state.settings.public_url_configured || state.telegram.is_none() {
        return;
    }
    let state = state.clone();
    tokio::spawn(async move {
        match register_webhook(&state).await {
            Ok(url) => tracing::info!(%url, "telegram webhook registered"),
            Err(e) => tracing::error!(error = %e, "telegram webhook not registered"),
        }
    });
}
