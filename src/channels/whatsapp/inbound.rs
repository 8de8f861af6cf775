//! Webhook body → [`WhatsappEvent`]s, with our own tolerant serde structs.
//!
//! Tolerance rules: unknown fields are ignored; every field that may be absent is optional; each
//! message and status is decoded on its own, so one odd item is logged and skipped instead of
//! dropping the whole batch (Meta does not redeliver a body we answered 200). Only a body that is
//! not JSON of the right overall shape is an error.

use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::Value;

use crate::channels::{Channel, InboundMessage};

/// Something that happened on WhatsApp, in Ozer's terms.
#[derive(Debug, Clone)]
pub enum WhatsappEvent {
    /// Text, a reply-button or list tap (`button` = our id), or a template quick-reply tap
    /// (`button` = its payload). `message_id` is the wamid (dedupe on it).
    Message(InboundMessage),
    /// Media or content Ozer cannot read yet (audio, voice, image, video, document, sticker,
    /// location, contacts, Meta's own `unsupported`): answer "I can read text only for now".
    NonText { from: String, message_id: String, kind: String, display_name: Option<String>, received_at: DateTime<Utc> },
    /// A message kind that needs no answer (reaction, system notice, order, anything new).
    Unsupported { from: String, message_id: String, kind: String },
    /// Delivery receipt for something Ozer sent.
    Status(StatusUpdate),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusUpdate {
    /// The wamid returned when we sent the message.
    pub message_id: String,
    /// The user's wa_id.
    pub recipient: String,
    pub status: DeliveryStatus,
    /// First `errors[].code` of a failed status; 131047 means the 24-hour window had closed.
    pub error_code: Option<i64>,
    pub timestamp: DateTime<Utc>,
}

/// Statuses can arrive out of order; the variant order (sent < delivered < read < failed) lets
/// the service keep the maximum. `Failed` ranks highest because it is final.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum DeliveryStatus {
    Sent,
    Delivered,
    Read,
    Failed,
    /// e.g. `played` (voice), or anything Meta adds later.
    Other(String),
}

#[derive(Debug, thiserror::Error)]
pub enum ParseError {
    #[error("webhook body is not a JSON object of the expected shape")]
    Json(#[from] serde_json::Error),
}

#[derive(Deserialize)]
struct Envelope {
    #[serde(default)]
    entry: Vec<Entry>,
    /// Some relays (e.g. EnableX, corpus 16) forward the `value` object without Meta's envelope;
    /// its fields then sit at the top level.
    #[serde(flatten)]
    bare: ChangeValue,
}

#[derive(Deserialize)]
struct Entry {
    #[serde(default)]
    changes: Vec<Change>,
}

#[derive(Deserialize)]
struct Change {
    field: Option<String>,
    #[serde(default)]
    value: ChangeValue,
}

#[derive(Deserialize, Default)]
struct ChangeValue {
    #[serde(default)]
    contacts: Vec<Value>,
    #[serde(default)]
    messages: Vec<Value>,
    #[serde(default)]
    statuses: Vec<Value>,
}

#[derive(Deserialize)]
struct Contact {
    wa_id: Option<String>,
    profile: Option<Profile>,
}

#[derive(Deserialize)]
struct Profile {
    name: Option<String>,
}

#[derive(Deserialize)]
struct RawMessage {
    from: String,
    id: String,
    timestamp: Option<String>,
    #[serde(rename = "type")]
    kind: String,
    text: Option<Body>,
    interactive: Option<Interactive>,
    button: Option<TemplateButton>,
    audio: Option<Audio>,
}

#[derive(Deserialize)]
struct Body {
    body: String,
}

#[derive(Deserialize)]
struct Interactive {
    #[serde(rename = "type")]
    kind: String,
    button_reply: Option<Choice>,
    list_reply: Option<Choice>,
}

#[derive(Deserialize)]
struct Choice {
    id: String,
    title: Option<String>,
}

#[derive(Deserialize)]
struct TemplateButton {
    payload: Option<String>,
    text: Option<String>,
}

#[derive(Deserialize)]
struct Audio {
    #[serde(default)]
    voice: bool,
}

#[derive(Deserialize)]
struct RawStatus {
    id: String,
    status: String,
    timestamp: Option<String>,
    recipient_id: Option<String>,
    #[serde(default)]
    errors: Vec<StatusError>,
}

#[derive(Deserialize)]
struct StatusError {
    code: Option<i64>,
}

/// Parses one webhook POST body (which may batch several entries, changes and messages).
pub fn parse_webhook(raw_body: &[u8]) -> Result<Vec<WhatsappEvent>, ParseError> {
    let envelope: Envelope = serde_json::from_slice(raw_body)?;
    let mut events = Vec::new();
    let changes = envelope
        .entry
        .into_iter()
        .flat_map(|entry| entry.changes)
        // Other fields (account updates, template reviews...) are not conversations.
        .filter(|change| change.field.as_deref().is_none_or(|f| f == "messages"))
        .map(|change| change.value)
        .chain(std::iter::once(envelope.bare));
    for value in changes {
        collect_value(value, &mut events);
    }
    Ok(events)
}

fn collect_value(value: ChangeValue, events: &mut Vec<WhatsappEvent>) {
    let contacts: Vec<Contact> = value.contacts.into_iter().filter_map(|c| serde_json::from_value(c).ok()).collect();
    for raw in value.messages {
        match serde_json::from_value::<RawMessage>(raw) {
            Ok(message) => events.push(message_event(message, &contacts)),
            Err(error) => tracing::warn!(%error, "skipping a WhatsApp message we cannot read"),
        }
    }
    for raw in value.statuses {
        match serde_json::from_value::<RawStatus>(raw) {
            Ok(status) => events.push(WhatsappEvent::Status(status_event(status))),
            Err(error) => tracing::warn!(%error, "skipping a WhatsApp status we cannot read"),
        }
    }
}

fn message_event(message: RawMessage, contacts: &[Contact]) -> WhatsappEvent {
    let display_name = display_name(&message.from, contacts);
    let received_at = parse_timestamp(message.timestamp.as_deref());
    let inbound = |text: String, button: Option<String>| {
        WhatsappEvent::Message(InboundMessage {
            channel: Channel::Whatsapp,
            external_user: message.from.clone(),
            message_id: message.id.clone(),
            text,
            button,
            received_at,
            display_name: display_name.clone(),
            // WhatsApp gives no language hint; the pipeline detects it from the text.
            lang_hint: None,
        })
    };
    match message.kind.as_str() {
        "text" => {
            if let Some(text) = &message.text {
                return inbound(text.body.clone(), None);
            }
        }
        "interactive" => {
            if let Some(choice) = message.interactive.as_ref().and_then(chosen) {
                return inbound(choice.title.clone().unwrap_or_default(), Some(choice.id.clone()));
            }
        }
        // A template quick-reply tap has its own shape: `button{payload,text}`.
        "button" => {
            if let Some(TemplateButton { payload: Some(payload), text }) = &message.button {
                return inbound(text.clone().unwrap_or_default(), Some(payload.clone()));
            }
        }
        _ => {}
    }
    let kind = match message.kind.as_str() {
        // Voice notes are `audio` with `voice: true`.
        "audio" if message.audio.as_ref().is_some_and(|a| a.voice) => "voice".to_owned(),
        other => other.to_owned(),
    };
    let needs_answer = matches!(
        kind.as_str(),
        "audio" | "voice" | "image" | "video" | "document" | "sticker" | "location" | "contacts" | "unsupported"
    );
    if needs_answer {
        WhatsappEvent::NonText { from: message.from, message_id: message.id, kind, display_name, received_at }
    } else {
        WhatsappEvent::Unsupported { from: message.from, message_id: message.id, kind }
    }
}

fn chosen(interactive: &Interactive) -> Option<&Choice> {
    match interactive.kind.as_str() {
        "button_reply" => interactive.button_reply.as_ref(),
        "list_reply" => interactive.list_reply.as_ref(),
        _ => None,
    }
}

fn status_event(status: RawStatus) -> StatusUpdate {
    StatusUpdate {
        message_id: status.id,
        recipient: status.recipient_id.unwrap_or_default(),
        status: match status.status.as_str() {
            "sent" => DeliveryStatus::Sent,
            "delivered" => DeliveryStatus::Delivered,
            "read" => DeliveryStatus::Read,
            "failed" => DeliveryStatus::Failed,
            other => DeliveryStatus::Other(other.to_owned()),
        },
        error_code: status.errors.iter().find_map(|e| e.code),
        timestamp: parse_timestamp(status.timestamp.as_deref()),
    }
}

/// Prefers the contact whose wa_id is the sender; a lone contact is the sender anyway.
fn display_name(from: &str, contacts: &[Contact]) -> Option<String> {
    let contact = contacts.iter().find(|c| c.wa_id.as_deref() == Some(from)).or(if contacts.len() == 1 {
        contacts.first()
    } else {
        None
    })?;
    let name = contact.profile.as_ref()?.name.as_deref()?.trim();
    (!name.is_empty()).then(|| name.to_owned())
}

/// Meta sends Unix seconds as a string; a missing or odd value falls back to "now".
fn parse_timestamp(raw: Option<&str>) -> DateTime<Utc> {
    raw.and_then(|s| s.trim().parse::<i64>().ok())
        .and_then(|secs| DateTime::from_timestamp(secs, 0))
        .unwrap_or_else(Utc::now)
}
