//! The web chat channel: a page a person can try Ozer on with no tokens, and its JSON API.
//!
//! `GET /` serves the page, `POST /api/chat` runs a turn and returns its replies,
//! `GET /api/chat/messages?after=ID` returns what Ozer sent later (reminders). The user is
//! identified by an HttpOnly session cookie, which is the external user id on this channel.
//! Session ids are issued by the server only (`store::web_sessions`): a cookie naming any other
//! id gets a fresh session. `OZER_RATE_LIMIT` applies per session as on the other channels (an
//! over-limit message gets 429 and the polite notice, and runs no turn). The router is mounted
//! only when `OZER_WEB_CHAT` is on (by default only for a loopback `OZER_PUBLIC_URL`).

use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::header::{CONTENT_TYPE, COOKIE, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::access::{self, Verdict};
use super::{Button, Channel, InboundMessage, Reply};
use crate::app::AppState;
use crate::error::AppError;
use crate::store::{inbound, outbound, web_sessions};
use crate::{reply, turn, understand};

const COOKIE_NAME: &str = "ozer_session";
const PAGE: &str = include_str!("web_page.html");

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(page))
        .route("/api/chat", post(chat))
        .route("/api/chat/messages", get(messages))
        // a 4,000-character message is at most 16 KB of UTF-8; anything far larger is not chat
        .layer(DefaultBodyLimit::max(64 * 1024))
}

async fn page() -> Response {
    let mut res = Html(PAGE).into_response();
    res.headers_mut().insert(CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    res
}

#[derive(Deserialize)]
struct ChatRequest {
    text: String,
    /// payload of one of Ozer's buttons, when the user tapped one
    #[serde(default)]
    button: Option<String>,
    /// a client-chosen id: a resent request with the same id runs once
    #[serde(default)]
    id: Option<String>,
}

#[derive(Serialize)]
struct ChatResponse {
    replies: Vec<Reply>,
}

#[tracing::instrument(skip_all)]
async fn chat(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Result<Json<ChatRequest>, JsonRejection>,
) -> Result<Response, AppError> {
    let Json(req) = body?;
    let (session, is_new) = session(&state, &headers).await?;
    let client_id = req.id.filter(|id| !id.is_empty() && id.len() <= 100);
    let message_id = client_id.map(|id| format!("{session}:{id}")).unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
    let mut msg = InboundMessage::new(Channel::Web, &session, &message_id, &req.text);
    msg.button = req.button.filter(|b| !b.is_empty());
    msg.received_at = state.clock.now();
    let mut res = match rate_limited(&state, &msg).await? {
        Some(notice) => (StatusCode::TOO_MANY_REQUESTS, Json(ChatResponse { replies: vec![notice] })).into_response(),
        None => Json(ChatResponse { replies: turn::accept_and_run(&state, msg).await? }).into_response(),
    };
    if is_new {
        set_cookie(&mut res, &state, &session);
    }
    Ok(res)
}

#[derive(Deserialize)]
struct FeedQuery {
    after: Option<i64>,
}

#[derive(Serialize)]
struct FeedItem {
    id: i64,
    text: String,
    buttons: Vec<Button>,
}

#[derive(Serialize)]
struct FeedResponse {
    messages: Vec<FeedItem>,
    /// the id to pass as `after` next time
    last_id: i64,
}

/// Without `after`, returns no messages and the current position, so a freshly opened page
/// shows only what arrives from now on.
async fn messages(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<FeedQuery>,
) -> Result<Response, AppError> {
    let (session, is_new) = session(&state, &headers).await?;
    let (messages, last_id) = match q.after {
        None => (Vec::new(), outbound::last_id(&state.db, Channel::Web, &session).await?),
        Some(after) => {
            let rows = outbound::feed(&state.db, Channel::Web, &session, after).await?;
            let last = rows.last().map(|r| r.id).unwrap_or(after);
            let items = rows
                .iter()
                .map(|r| {
                    let reply = outbound::reply_of(r);
                    FeedItem { id: r.id, text: reply.text, buttons: reply.buttons }
                })
                .collect();
            (items, last)
        }
    };
    let mut res = Json(FeedResponse { messages, last_id }).into_response();
    if is_new {
        set_cookie(&mut res, &state, &session);
    }
    Ok(res)
}

/// The polite notice when this session is over `OZER_RATE_LIMIT`; a resend of a message already
/// stored is not a new message and is never limited.
async fn rate_limited(state: &AppState, msg: &InboundMessage) -> Result<Option<Reply>, AppError> {
    if inbound::find(&state.db, msg.channel, &msg.message_id).await?.is_some() {
        return Ok(None);
    }
    let verdict = access::check(&state.db, &state.settings, msg, msg.received_at).await?;
    if verdict == Verdict::Allow {
        return Ok(None);
    }
    let lang = understand::lang::detect(&msg.text).unwrap_or(state.settings.lang);
    Ok(Some(Reply::text(reply::t(lang, "channel-rate-limited"))))
}

/// The session id from the cookie when the server issued it, or a newly issued one (and `true`
/// to set the cookie).
async fn session(state: &AppState, headers: &HeaderMap) -> Result<(String, bool), AppError> {
    let claimed = headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .filter(|(name, value)| *name == COOKIE_NAME && well_formed(value))
        .map(|(_, value)| value.to_string());
    for id in claimed {
        if web_sessions::issued(&state.db, &id).await? {
            return Ok((id, false));
        }
    }
    Ok((web_sessions::issue(&state.db, state.clock.now()).await?, true))
}

/// The shape of the ids Ozer issues (32 hex digits); anything else is not even looked up.
fn well_formed(value: &str) -> bool {
    value.len() == 32 && value.bytes().all(|b| b.is_ascii_hexdigit())
}

fn set_cookie(res: &mut Response, state: &AppState, session: &str) {
    let secure = if state.settings.public_url.scheme() == "https" { "; Secure" } else { "" };
    let cookie = format!("{COOKIE_NAME}={session}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000{secure}");
    if let Ok(value) = HeaderValue::from_str(&cookie) {
        res.headers_mut().append(SET_COOKIE, value);
    }
}
