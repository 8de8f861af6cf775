//! `GET /webhooks/whatsapp` (Meta's verification handshake) and `POST /webhooks/whatsapp`
//! (signed event batches): verify, then store each message through [`intake`] and record each
//! delivery status.
//!
//! The signature covers the raw bytes as received, so the body is taken as `Bytes` and only
//! parsed after it verified. Meta retries non-2xx answers for about a day, so only a database
//! failure answers 500; a body that verifies but does not parse is logged and dropped with 200.

use std::collections::HashMap;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use sea_orm::DbErr;

use super::{DeliveryStatus, StatusUpdate, WhatsappEvent, parse_webhook, verify_handshake, verify_signature};
use crate::app::AppState;
use crate::channels::Channel;
use crate::channels::InboundMessage;
use crate::channels::intake::{self, Handling};
use crate::store::{delivery, outbound};

pub const PATH: &str = "/webhooks/whatsapp";
const SIGNATURE_HEADER: &str = "x-hub-signature-256";
/// Graph error: the 24-hour customer-service window had closed when the message was sent.
const WINDOW_CLOSED: i64 = 131_047;

pub fn router() -> Router<AppState> {
    Router::new().route(PATH, get(handshake).post(receive))
}

#[tracing::instrument(skip_all)]
async fn handshake(State(state): State<AppState>, Query(query): Query<HashMap<String, String>>) -> Response {
    let Some(settings) = &state.settings.whatsapp else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let param = |name: &str| query.get(name).map(String::as_str);
    match verify_handshake(
        param("hub.mode"),
        param("hub.verify_token"),
        param("hub.challenge"),
        settings.verify_token.expose(),
    ) {
        Some(challenge) => {
            (StatusCode::OK, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], challenge).into_response()
        }
        None => {
            tracing::warn!("whatsapp verification handshake refused");
            StatusCode::FORBIDDEN.into_response()
        }
    }
}

#[tracing::instrument(skip_all)]
async fn receive(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> StatusCode {
    let Some(settings) = &state.settings.whatsapp else {
        return StatusCode::NOT_FOUND;
    };
    let signature = headers.get(SIGNATURE_HEADER).and_then(|v| v.to_str().ok());
    if !verify_signature(&body, signature, settings.app_secret.expose()) {
        tracing::warn!("whatsapp webhook with a bad or missing signature");
        state.metrics.webhook_rejected("whatsapp", "signature");
        return StatusCode::UNAUTHORIZED;
    }
    let events = match parse_webhook(&body) {
        Ok(events) => events,
        Err(e) => {
            tracing::warn!(error = %e, bytes = body.len(), "whatsapp webhook body dropped");
            state.metrics.webhook_rejected("whatsapp", "malformed");
            return StatusCode::OK;
        }
    };
    for event in events {
        if let Err(e) = handle(&state, event).await {
            // 500 makes Meta redeliver the batch; what was stored already is deduplicated.
            tracing::error!(error = %e, "cannot store a whatsapp event");
            return StatusCode::INTERNAL_SERVER_ERROR;
        }
    }
    StatusCode::OK
}

async fn handle(state: &AppState, event: WhatsappEvent) -> Result<(), DbErr> {
    match event {
        WhatsappEvent::Message(msg) => {
            intake::accept(state, msg, Handling::Turn).await?;
        }
        WhatsappEvent::NonText { from, message_id, kind, display_name, .. } => {
            tracing::info!(%kind, "whatsapp message that is not text");
            let mut msg = InboundMessage::new(Channel::Whatsapp, &from, &message_id, "");
            msg.display_name = display_name;
            intake::accept(state, msg, Handling::Answer("channel-text-only")).await?;
        }
        WhatsappEvent::Unsupported { kind, .. } => {
            tracing::info!(%kind, "whatsapp message kind ignored");
        }
        WhatsappEvent::Status(status) => record_status(state, status).await?,
    }
    Ok(())
}

/// Stores the furthest status of a sent message. A failure because the 24-hour window had
/// closed marks the window closed; a push (reminder) that failed that way is queued again, and
/// the dispatcher then sends it as the pre-approved template instead of dropping it.
async fn record_status(state: &AppState, status: StatusUpdate) -> Result<(), DbErr> {
    let name = match &status.status {
        DeliveryStatus::Sent => "sent",
        DeliveryStatus::Delivered => "delivered",
        DeliveryStatus::Read => "read",
        DeliveryStatus::Failed => "failed",
        DeliveryStatus::Other(other) => other.as_str(),
    };
    tracing::debug!(status = name, code = ?status.error_code, "whatsapp delivery status");
    let row = delivery::record_status(&state.db, Channel::Whatsapp, &status.message_id, name).await?;
    if status.status != DeliveryStatus::Failed || status.error_code != Some(WINDOW_CLOSED) {
        return Ok(());
    }
    delivery::close_window(&state.db, Channel::Whatsapp, &status.recipient).await?;
    if let Some(row) = row
        && row.kind == outbound::KIND_PUSH
        && !row.via_template
    {
        delivery::requeue(&state.db, row.id, state.clock.now()).await?;
        state.wake_outbox.notify_one();
    }
    Ok(())
}
