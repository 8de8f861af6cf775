//! Channels: where messages come from and go to. Each channel parses and verifies its own
//! inbound payloads and sends its own outbound messages; platform types never leave this folder.
//! Everything else sees only `InboundMessage` and `Reply`.

pub mod access;
pub mod batch;
pub(crate) mod common;
pub mod console;
pub mod intake;
pub mod outbox;
pub mod progress;
pub mod telegram;
pub mod web;
pub mod whatsapp;

use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::config::Settings;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    Web,
    Console,
    Telegram,
    Whatsapp,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Web => "web",
            Channel::Console => "console",
            Channel::Telegram => "telegram",
            Channel::Whatsapp => "whatsapp",
        }
    }

    pub fn parse(s: &str) -> Option<Channel> {
        [Channel::Web, Channel::Console, Channel::Telegram, Channel::Whatsapp].into_iter().find(|c| c.as_str() == s)
    }

    /// Web and console replies go back in the same call (or the feed); the others are sent by
    /// the outbox dispatcher over the network.
    pub fn is_remote(self) -> bool {
        matches!(self, Channel::Telegram | Channel::Whatsapp)
    }
}

/// One inbound message as the pipeline sees it.
#[derive(Debug, Clone)]
pub struct InboundMessage {
    pub channel: Channel,
    /// the user's id on that channel (telegram chat id, whatsapp wa_id, web session id)
    pub external_user: String,
    /// the platform's message id, unique per channel: the redelivery guard
    pub message_id: String,
    pub text: String,
    /// payload of one of Ozer's buttons the user tapped ("choice:2", "confirm:yes", ...)
    pub button: Option<String>,
    pub received_at: DateTime<Utc>,
    pub display_name: Option<String>,
    /// language the platform reports for the user (telegram language_code), if any
    pub lang_hint: Option<String>,
}

impl InboundMessage {
    pub fn new(channel: Channel, external_user: &str, message_id: &str, text: &str) -> Self {
        Self {
            channel,
            external_user: external_user.to_string(),
            message_id: message_id.to_string(),
            text: text.to_string(),
            button: None,
            received_at: Utc::now(),
            display_name: None,
            lang_hint: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Button {
    pub label: String,
    pub payload: String,
}

/// One reply: text plus optional buttons (inline keyboard, interactive buttons or a list, or
/// numbered text where a channel has no buttons).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Reply {
    pub text: String,
    #[serde(default)]
    pub buttons: Vec<Button>,
}

impl Reply {
    pub fn text(text: impl Into<String>) -> Self {
        Self { text: text.into(), buttons: Vec::new() }
    }
}

impl std::str::FromStr for Channel {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Channel::parse(s).ok_or_else(|| format!("unknown channel {s:?}"))
    }
}

/// The remote channels' clients, built once at start-up from the settings (None: channel off).
#[allow(clippy::type_complexity)]
pub fn clients(
    settings: &Settings,
) -> anyhow::Result<(Option<Arc<telegram::TelegramClient>>, Option<Arc<whatsapp::WhatsappClient>>)> {
    let telegram = settings
        .telegram
        .as_ref()
        .map(|t| Arc::new(telegram::TelegramClient::new(t.bot_token.expose(), t.api_url.clone())));
    let whatsapp = match &settings.whatsapp {
        Some(w) => Some(Arc::new(
            whatsapp::WhatsappClient::new(w.api_url.clone(), w.phone_number_id.clone(), w.access_token.expose())
                .map_err(|e| anyhow::anyhow!("WHATSAPP_API_URL: cannot build the HTTP client ({e})"))?
                .with_version(w.api_version.clone()),
        )),
        None => None,
    };
    Ok((telegram, whatsapp))
}
