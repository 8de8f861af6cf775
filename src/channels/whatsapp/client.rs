//! Outbound half of the WhatsApp channel: renders a [`Reply`] as Graph API message payloads and
//! posts them to `{base}/{version}/{phone_number_id}/messages`.
//!
//! Rendering follows WhatsApp's limits: 1–3 buttons become interactive reply buttons (titles
//! ≤ 20 chars, body ≤ 1,024), 4–10 become an interactive list (row titles ≤ 24 chars, the full
//! label in the row description), more than 10 become numbered text the user answers with a
//! number (the conversation layer maps the number back to a payload). Text longer than one
//! message is sent as several, the interactive part last. A failure on a later part leaves the
//! earlier parts delivered, so retrying a whole reply may repeat them.

use std::time::Duration;

use serde::Deserialize;
use serde_json::{Value, json};

use crate::channels::common::{platform_len, split_text, truncate_chars};
use crate::channels::{Button, Reply};

const MAX_TEXT_UNITS: usize = 4096;
const MAX_BUTTON_BODY_UNITS: usize = 1024;
const MAX_BUTTON_TITLE_CHARS: usize = 20;
const MAX_ROW_TITLE_CHARS: usize = 24;
const MAX_ROW_DESCRIPTION_CHARS: usize = 72;
/// Row ids allow 200 chars and button ids 256; one bound keeps both safe.
const MAX_PAYLOAD_CHARS: usize = 200;
const MAX_LIST_ROWS: usize = 10;
/// Graph error code for a free-form send outside the 24-hour customer-service window.
const WINDOW_CLOSED: i64 = 131_047;
/// Graph codes that mean "later": throttling (4, 80007, 130429, 131048, 131056) and Meta-side
/// trouble (1, 2, 131000, 131016, 133004).
const TRANSIENT_CODES: [i64; 10] = [1, 2, 4, 80_007, 130_429, 131_000, 131_016, 131_048, 131_056, 133_004];

/// What went wrong on a Graph call, for logs and the caller's retry decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GraphFailure {
    pub http_status: Option<u16>,
    pub code: Option<i64>,
    pub message: String,
}

impl std::fmt::Display for GraphFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.message)?;
        if let Some(status) = self.http_status {
            write!(f, " (HTTP {status})")?;
        }
        if let Some(code) = self.code {
            write!(f, " (code {code})")?;
        }
        Ok(())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SendError {
    /// More than 24 hours since the user's last message: only a template may be sent now.
    #[error("the 24-hour customer-service window is closed; send a template instead")]
    WindowClosed,
    /// Network trouble, throttling or a Meta-side error: retry with backoff.
    #[error("WhatsApp is unavailable or rate-limiting us: {0}")]
    Transient(GraphFailure),
    /// WhatsApp refused the request (bad number, bad token, invalid payload): do not retry.
    #[error("WhatsApp rejected the request: {0}")]
    Permanent(GraphFailure),
    /// A button payload WhatsApp would reject; caught before sending anything.
    #[error("button payload is {len} chars; WhatsApp allows 1..={MAX_PAYLOAD_CHARS}")]
    InvalidButtonPayload { len: usize },
}

impl SendError {
    pub fn is_transient(&self) -> bool {
        matches!(self, SendError::Transient(_))
    }

    /// The least wait before trying again when WhatsApp is throttling us. Graph gives no
    /// `retry_after`, so the wait follows what each limit is documented to reset on: the pair
    /// rate limit (131056, one number messaged too often) and throughput (130429) within a
    /// minute, the account and app call limits (80007, 4) within the hour, so five minutes
    /// between tries; a bare HTTP 429 waits a minute.
    pub fn retry_after(&self) -> Option<Duration> {
        let SendError::Transient(failure) = self else { return None };
        match failure.code {
            Some(80_007 | 4) => Some(Duration::from_secs(300)),
            Some(130_429 | 131_056) => Some(Duration::from_secs(60)),
            _ if failure.http_status == Some(429) => Some(Duration::from_secs(60)),
            _ => None,
        }
    }
}

/// Graph API client for one business phone number, with an injectable base URL.
#[derive(Clone)]
pub struct WhatsappClient {
    base_url: url::Url,
    version: String,
    phone_number_id: String,
    token: String,
    http: reqwest::Client,
}

impl std::fmt::Debug for WhatsappClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WhatsappClient")
            .field("base_url", &self.base_url.as_str())
            .field("version", &self.version)
            .field("phone_number_id", &self.phone_number_id)
            .field("token", &"<redacted>")
            .finish()
    }
}

#[derive(Deserialize)]
struct SendResponse {
    #[serde(default)]
    messages: Vec<SentMessage>,
}

#[derive(Deserialize)]
struct SentMessage {
    id: String,
}

#[derive(Deserialize)]
struct ErrorResponse {
    error: GraphError,
}

#[derive(Deserialize)]
struct GraphError {
    message: Option<String>,
    code: Option<i64>,
}

impl WhatsappClient {
    pub const DEFAULT_VERSION: &'static str = "v21.0";

    /// `base_url` is `https://graph.facebook.com` in production.
    pub fn new(
        base_url: url::Url,
        phone_number_id: impl Into<String>,
        token: impl Into<String>,
    ) -> Result<Self, reqwest::Error> {
        let http = reqwest::Client::builder().timeout(Duration::from_secs(20)).build()?;
        Ok(Self {
            base_url,
            version: Self::DEFAULT_VERSION.to_owned(),
            phone_number_id: phone_number_id.into(),
            token: token.into(),
            http,
        })
    }

    /// Pins another Graph API version, e.g. `"v23.0"`.
    pub fn with_version(mut self, version: impl Into<String>) -> Self {
        self.version = version.into();
        self
    }

    /// Sends `reply` to the wa_id `to` inside the 24-hour window; returns the wamid of the last
    /// message sent (the one carrying the buttons, if any).
    #[tracing::instrument(skip_all, fields(phone_number_id = %self.phone_number_id))]
    pub async fn send_reply(&self, to: &str, reply: &Reply) -> Result<String, SendError> {
        let mut wamid = String::new();
        for payload in render_reply(to, reply)? {
            wamid = self.post(&payload).await?;
        }
        Ok(wamid)
    }

    /// Sends an approved template with one body parameter (reminders outside the 24-hour window).
    #[tracing::instrument(
        skip_all,
        fields(phone_number_id = %self.phone_number_id, template_name = %template_name)
    )]
    pub async fn send_template(
        &self,
        to: &str,
        template_name: &str,
        lang_code: &str,
        body_param: &str,
    ) -> Result<String, SendError> {
        self.post(&render_template(to, template_name, lang_code, body_param)).await
    }

    /// Marks the user's message read and shows the typing indicator (it lasts until the reply,
    /// or about 25 seconds). Best effort: the answer is not a message, so it carries no id.
    #[tracing::instrument(skip_all)]
    pub async fn mark_read_typing(&self, wamid: &str) -> Result<(), reqwest::Error> {
        let url = format!(
            "{}/{}/{}/messages",
            self.base_url.as_str().trim_end_matches('/'),
            self.version,
            self.phone_number_id
        );
        let payload = serde_json::json!({
            "messaging_product": "whatsapp",
            "status": "read",
            "message_id": wamid,
            "typing_indicator": { "type": "text" },
        });
        self.http.post(url).bearer_auth(&self.token).json(&payload).send().await?.error_for_status().map(|_| ())
    }

    async fn post(&self, payload: &Value) -> Result<String, SendError> {
        let url = format!(
            "{}/{}/{}/messages",
            self.base_url.as_str().trim_end_matches('/'),
            self.version,
            self.phone_number_id
        );
        let network = |e: reqwest::Error| {
            SendError::Transient(GraphFailure {
                http_status: e.status().map(|s| s.as_u16()),
                code: None,
                message: e.to_string(),
            })
        };
        let response = self.http.post(url).bearer_auth(&self.token).json(payload).send().await.map_err(network)?;
        let status = response.status().as_u16();
        let body = response.bytes().await.map_err(network)?;
        if (200..300).contains(&status) {
            let sent: Option<SendResponse> = serde_json::from_slice(&body).ok();
            // Accepted but unreadable: retrying could deliver twice, so do not call it transient.
            return sent.and_then(|s| s.messages.into_iter().next()).map(|m| m.id).ok_or_else(|| {
                SendError::Permanent(GraphFailure {
                    http_status: Some(status),
                    code: None,
                    message: "accepted without a message id".to_owned(),
                })
            });
        }
        Err(classify(status, serde_json::from_slice(&body).ok()))
    }
}

fn classify(http_status: u16, body: Option<ErrorResponse>) -> SendError {
    let (code, message) = match body {
        Some(ErrorResponse { error }) => (error.code, error.message.unwrap_or_default()),
        None => (None, "unreadable error body".to_owned()),
    };
    if code == Some(WINDOW_CLOSED) {
        return SendError::WindowClosed;
    }
    let failure = GraphFailure { http_status: Some(http_status), code, message };
    let transient = http_status == 429 || http_status >= 500 || code.is_some_and(|c| TRANSIENT_CODES.contains(&c));
    if transient { SendError::Transient(failure) } else { SendError::Permanent(failure) }
}

/// The Graph payloads for one reply, in sending order.
fn render_reply(to: &str, reply: &Reply) -> Result<Vec<Value>, SendError> {
    for button in &reply.buttons {
        let len = button.payload.chars().count();
        if len == 0 || len > MAX_PAYLOAD_CHARS {
            return Err(SendError::InvalidButtonPayload { len });
        }
    }
    let buttons = &reply.buttons;
    let (texts, interactive) = match buttons.len() {
        0 => (split_text(&reply.text, MAX_TEXT_UNITS), None),
        1..=3 => {
            let (lead, body) = split_with_tail(&reply.text, MAX_BUTTON_BODY_UNITS);
            (lead, Some(reply_buttons(&body, buttons)))
        }
        4..=MAX_LIST_ROWS => {
            let (lead, body) = split_with_tail(&reply.text, MAX_TEXT_UNITS);
            (lead, Some(list(&body, buttons)))
        }
        _ => (split_text(&numbered(&reply.text, buttons), MAX_TEXT_UNITS), None),
    };
    let mut payloads: Vec<Value> =
        texts.into_iter().filter(|t| !t.is_empty()).map(|t| json!({"type": "text", "text": {"body": t}})).collect();
    payloads.extend(interactive.map(|i| json!({"type": "interactive", "interactive": i})));
    for payload in &mut payloads {
        if let Value::Object(map) = payload {
            map.insert("messaging_product".into(), "whatsapp".into());
            map.insert("recipient_type".into(), "individual".into());
            map.insert("to".into(), to.into());
        }
    }
    Ok(payloads)
}

/// Splits so that the last part fits `tail_max` (the interactive body) and the others 4,096.
fn split_with_tail(text: &str, tail_max: usize) -> (Vec<String>, String) {
    let mut parts = split_text(text, MAX_TEXT_UNITS);
    let mut tail = parts.pop().unwrap_or_default();
    if platform_len(&tail) > tail_max {
        let mut pieces = split_text(&tail, tail_max);
        tail = pieces.pop().unwrap_or_default();
        parts.extend(pieces);
    }
    if tail.is_empty() {
        // WhatsApp requires a non-empty body on interactive messages.
        tail = "…".to_owned();
    }
    (parts, tail)
}

fn reply_buttons(body: &str, buttons: &[Button]) -> Value {
    let buttons: Vec<Value> = buttons
        .iter()
        .map(|b| {
            let title = truncate_chars(&b.label, MAX_BUTTON_TITLE_CHARS);
            json!({"type": "reply", "reply": {"id": b.payload, "title": title}})
        })
        .collect();
    json!({"type": "button", "body": {"text": body}, "action": {"buttons": buttons}})
}

fn list(body: &str, buttons: &[Button]) -> Value {
    let rows: Vec<Value> = buttons
        .iter()
        .map(|b| {
            let mut row = json!({"id": b.payload, "title": truncate_chars(&b.label, MAX_ROW_TITLE_CHARS)});
            // A long label is cut in the title, so show it whole (up to 72) underneath.
            if b.label.trim().chars().count() > MAX_ROW_TITLE_CHARS {
                row["description"] = truncate_chars(&b.label, MAX_ROW_DESCRIPTION_CHARS).into();
            }
            row
        })
        .collect();
    json!({
        "type": "list",
        "body": {"text": body},
        "action": {"button": list_button_label(body), "sections": [{"rows": rows}]}
    })
}

/// The list opener needs a label but `Reply` carries no language; the body's script decides.
fn list_button_label(body: &str) -> &'static str {
    if body.chars().any(|c| ('\u{0590}'..='\u{05FF}').contains(&c)) { "בחירה" } else { "Choose" }
}

fn numbered(text: &str, buttons: &[Button]) -> String {
    let mut out = text.trim().to_owned();
    out.push('\n');
    for (index, button) in buttons.iter().enumerate() {
        out.push_str(&format!("\n{}. {}", index + 1, button.label.trim()));
    }
    out.trim().to_owned()
}

/// Template parameters may not contain newlines, tabs or more than four spaces in a row
/// (Graph error 132018), so whitespace is collapsed.
fn render_template(to: &str, name: &str, lang_code: &str, body_param: &str) -> Value {
    let param = body_param.split_whitespace().collect::<Vec<_>>().join(" ");
    json!({
        "messaging_product": "whatsapp",
        "recipient_type": "individual",
        "to": to,
        "type": "template",
        "template": {
            "name": name,
            "language": {"code": lang_code},
            "components": [{"type": "body", "parameters": [{"type": "text", "text": param}]}]
        }
    })
}

#[cfg(test)]
mod tests;
