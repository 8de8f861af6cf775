//! An in-process fake of Google for tests, on 127.0.0.1:0, recording every request. Shapes follow
//! Google's discovery documents and the examples in tests/fixtures/google/ (see its README):
//! - `GET /auth`: the consent screen; answers 303 to `redirect_uri` with `code` and `state`
//!   (or `error=access_denied` after [`FakeGoogle::deny_next`]); remembers the PKCE challenge.
//! - `POST /token`: code exchange (checks the PKCE verifier and redirect URI; a code works once)
//!   and refresh (`invalid_grant` for revoked tokens or after [`FakeGoogle::expire_refresh_tokens`]).
//! - `POST /revoke`: revokes a token (200, empty body).
//! - Calendar v3 under `/calendar/v3/calendars/primary/events`: list (timeMin/timeMax overlap,
//!   singleEvents, orderBy), insert (a client-chosen id seen before is 409 "duplicate", as Google
//!   does), get, patch, delete. Every call checks the bearer token (401 when it is not current).
//! - [`FakeGoogle::fail_next`] queues error answers (429, 500, 403 rateLimitExceeded) for the API.
//! - Other routes (Gmail) come from the `extra` router given to [`FakeGoogle::start_with`].

#![allow(dead_code)]

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use base64::Engine;
use chrono::{DateTime, Utc};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

#[derive(Debug, Clone)]
pub struct GoogleRequest {
    pub method: String,
    pub path: String,
    pub query: String,
    pub authorization: Option<String>,
    pub body: String,
}

#[derive(Default)]
struct Inner {
    requests: Vec<GoogleRequest>,
    /// code -> (PKCE challenge, redirect_uri)
    codes: HashMap<String, (String, String)>,
    refresh_tokens: HashSet<String>,
    revoked: HashSet<String>,
    access_tokens: HashSet<String>,
    events: Vec<Value>,
    failures: VecDeque<(u16, Value)>,
    deny_next: bool,
    refresh_invalid: bool,
    insert_delay_ms: u64,
    issued: usize,
}

#[derive(Clone, Default)]
pub struct FakeGoogle {
    inner: Arc<Mutex<Inner>>,
    pub url: String,
}

impl FakeGoogle {
    pub async fn start() -> Self {
        Self::start_with(Router::new()).await
    }

    /// With extra routes (e.g. Gmail's, from its own test support file).
    pub async fn start_with(extra: Router) -> Self {
        let mut fake = FakeGoogle::default();
        let app = Router::new()
            .route("/auth", get(auth))
            .route("/token", post(token))
            .route("/revoke", post(revoke))
            .route("/calendar/v3/calendars/primary/events", get(list).post(insert))
            .route("/calendar/v3/calendars/primary/events/{id}", get(get_event).patch(patch).delete(delete))
            .with_state(fake.clone())
            .merge(extra)
            .layer(axum::middleware::from_fn_with_state(fake.clone(), record));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        fake.url = format!("http://{}/", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        fake
    }

    /// The environment that points Ozer at this fake.
    pub fn env(&self) -> Vec<(String, String)> {
        vec![
            ("GOOGLE_CLIENT_ID".into(), "ozer-test.apps.googleusercontent.com".into()),
            ("GOOGLE_CLIENT_SECRET".into(), "test-secret".into()),
            ("GOOGLE_AUTH_URL".into(), format!("{}auth", self.url)),
            ("GOOGLE_TOKEN_URL".into(), format!("{}token", self.url)),
            ("GOOGLE_REVOKE_URL".into(), format!("{}revoke", self.url)),
            ("GOOGLE_API_URL".into(), self.url.clone()),
            ("OZER_ENCRYPTION_KEY".into(), "8f".repeat(32)),
        ]
    }

    pub fn requests(&self) -> Vec<GoogleRequest> {
        self.inner.lock().unwrap().requests.clone()
    }

    /// Requests whose path contains `part`, with their method.
    pub fn calls(&self, method: &str, part: &str) -> Vec<GoogleRequest> {
        self.requests().into_iter().filter(|r| r.method == method && r.path.contains(part)).collect()
    }

    pub fn events(&self) -> Vec<Value> {
        self.inner.lock().unwrap().events.iter().filter(|e| e["status"] != "cancelled").cloned().collect()
    }

    /// Adds an event as if the user made it in Google Calendar.
    pub fn seed(&self, id: &str, summary: &str, start: Value, end: Value) {
        self.inner.lock().unwrap().events.push(json!({
            "kind": "calendar#event", "id": id, "status": "confirmed", "summary": summary,
            "start": start, "end": end, "etag": "\"1\"", "iCalUID": format!("{id}@google.com"),
        }));
    }

    /// Adds an event exactly as given (a real captured item).
    pub fn seed_raw(&self, event: Value) {
        self.inner.lock().unwrap().events.push(event);
    }

    pub fn deny_next(&self) {
        self.inner.lock().unwrap().deny_next = true;
    }

    /// Every refresh from now on is answered `invalid_grant` (a revoked or 7-day token).
    pub fn expire_refresh_tokens(&self) {
        self.inner.lock().unwrap().refresh_invalid = true;
    }

    /// Access tokens handed out so far stop working (the next API call gets 401).
    pub fn expire_access_tokens(&self) {
        self.inner.lock().unwrap().access_tokens.clear();
    }

    pub fn fail_next(&self, status: u16, body: Value) {
        self.inner.lock().unwrap().failures.push_back((status, body));
    }

    /// A refresh token Google knows (for a user linked directly in the database).
    pub fn add_refresh_token(&self, token: &str) {
        self.inner.lock().unwrap().refresh_tokens.insert(token.to_string());
    }

    /// Inserts store the event at once, then answer only after `ms` (a crash in between).
    pub fn delay_inserts(&self, ms: u64) {
        self.inner.lock().unwrap().insert_delay_ms = ms;
    }

    pub fn refresh_tokens(&self) -> Vec<String> {
        self.inner.lock().unwrap().refresh_tokens.iter().cloned().collect()
    }

    pub fn revoked(&self) -> Vec<String> {
        self.inner.lock().unwrap().revoked.iter().cloned().collect()
    }
}

/// Google's error body shape.
pub fn error_body(code: u16, reason: &str, message: &str) -> Value {
    json!({"error": {"code": code, "message": message,
        "errors": [{"domain": "global", "reason": reason, "message": message}]}})
}

async fn record(State(f): State<FakeGoogle>, req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let (parts, body) = req.into_parts();
    let bytes = axum::body::to_bytes(body, 1 << 20).await.unwrap_or_default();
    f.inner.lock().unwrap().requests.push(GoogleRequest {
        method: parts.method.to_string(),
        path: parts.uri.path().to_string(),
        query: parts.uri.query().unwrap_or("").to_string(),
        authorization: parts.headers.get("authorization").and_then(|v| v.to_str().ok()).map(str::to_owned),
        body: String::from_utf8_lossy(&bytes).into_owned(),
    });
    next.run(axum::extract::Request::from_parts(parts, axum::body::Body::from(bytes))).await
}

async fn auth(State(f): State<FakeGoogle>, Query(q): Query<HashMap<String, String>>) -> Response {
    let mut g = f.inner.lock().unwrap();
    let redirect = q.get("redirect_uri").cloned().unwrap_or_default();
    let state = q.get("state").cloned().unwrap_or_default();
    if std::mem::take(&mut g.deny_next) {
        return Redirect::to(&format!("{redirect}?error=access_denied&state={state}")).into_response();
    }
    g.issued += 1;
    let code = format!("4/0Acode{}", g.issued);
    let challenge = q.get("code_challenge").cloned().unwrap_or_default();
    g.codes.insert(code.clone(), (challenge, redirect.clone()));
    Redirect::to(&format!("{redirect}?state={state}&code={code}&scope=calendar")).into_response()
}

fn form(body: &Bytes) -> HashMap<String, String> {
    url::form_urlencoded::parse(body).into_owned().collect()
}

fn invalid_grant() -> Response {
    (
        StatusCode::BAD_REQUEST,
        axum::Json(json!({"error": "invalid_grant", "error_description": "Token has been expired or revoked."})),
    )
        .into_response()
}

async fn token(State(f): State<FakeGoogle>, body: Bytes) -> Response {
    let p = form(&body);
    let mut g = f.inner.lock().unwrap();
    if p.get("client_secret").map(String::as_str) != Some("test-secret") {
        return (StatusCode::UNAUTHORIZED, axum::Json(json!({"error": "invalid_client"}))).into_response();
    }
    g.issued += 1;
    let access = format!("ya29.access{}", g.issued);
    match p.get("grant_type").map(String::as_str) {
        Some("authorization_code") => {
            let code = p.get("code").cloned().unwrap_or_default();
            let Some((challenge, redirect)) = g.codes.remove(&code) else { return invalid_grant() };
            let verifier = p.get("code_verifier").cloned().unwrap_or_default();
            let computed = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
            if computed != challenge || p.get("redirect_uri") != Some(&redirect) {
                return invalid_grant();
            }
            let refresh = format!("1//refresh-{}-SECRETVALUE", g.issued);
            g.refresh_tokens.insert(refresh.clone());
            g.access_tokens.insert(access.clone());
            axum::Json(json!({"access_token": access, "expires_in": 3599, "refresh_token": refresh,
                "scope": "https://www.googleapis.com/auth/calendar.events", "token_type": "Bearer"}))
            .into_response()
        }
        Some("refresh_token") => {
            let refresh = p.get("refresh_token").cloned().unwrap_or_default();
            if g.refresh_invalid || g.revoked.contains(&refresh) || !g.refresh_tokens.contains(&refresh) {
                return invalid_grant();
            }
            g.access_tokens.insert(access.clone());
            axum::Json(json!({"access_token": access, "expires_in": 3599,
                "scope": "https://www.googleapis.com/auth/calendar.events", "token_type": "Bearer"}))
            .into_response()
        }
        _ => (StatusCode::BAD_REQUEST, axum::Json(json!({"error": "unsupported_grant_type"}))).into_response(),
    }
}

async fn revoke(State(f): State<FakeGoogle>, body: Bytes) -> Response {
    let p = form(&body);
    let token = p.get("token").cloned().unwrap_or_default();
    f.inner.lock().unwrap().revoked.insert(token);
    StatusCode::OK.into_response()
}

/// The API's checks before any Calendar call: a queued failure, then the bearer token.
fn gate(f: &FakeGoogle, headers: &HeaderMap) -> Option<Response> {
    let mut g = f.inner.lock().unwrap();
    if let Some((status, body)) = g.failures.pop_front() {
        return Some((StatusCode::from_u16(status).unwrap(), axum::Json(body)).into_response());
    }
    let bearer = headers.get("authorization").and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
    if !bearer.is_some_and(|b| g.access_tokens.contains(b)) {
        let body = json!({"error": {"code": 401, "message": "Request had invalid authentication credentials.",
            "errors": [{"message": "Invalid Credentials", "domain": "global", "reason": "authError"}],
            "status": "UNAUTHENTICATED"}});
        return Some((StatusCode::UNAUTHORIZED, axum::Json(body)).into_response());
    }
    None
}

fn instant(t: &Value) -> Option<DateTime<Utc>> {
    if let Some(dt) = t["dateTime"].as_str() {
        return DateTime::parse_from_rfc3339(dt).ok().map(|d| d.to_utc());
    }
    let d = chrono::NaiveDate::parse_from_str(t["date"].as_str()?, "%Y-%m-%d").ok()?;
    Some(d.and_hms_opt(0, 0, 0)?.and_utc())
}

async fn list(State(f): State<FakeGoogle>, headers: HeaderMap, Query(q): Query<HashMap<String, String>>) -> Response {
    if let Some(r) = gate(&f, &headers) {
        return r;
    }
    let parse = |k: &str| q.get(k).and_then(|v| DateTime::parse_from_rfc3339(v).ok()).map(|d| d.to_utc());
    let (min, max) = (parse("timeMin"), parse("timeMax"));
    let g = f.inner.lock().unwrap();
    let mut items: Vec<Value> = g
        .events
        .iter()
        .filter(|e| e["status"] != "cancelled")
        .filter(|e| {
            // overlapping [timeMin, timeMax): timeMin bounds the end, timeMax the start
            let (s, end) = (instant(&e["start"]), instant(&e["end"]));
            min.is_none_or(|m| end.is_some_and(|x| x > m)) && max.is_none_or(|m| s.is_some_and(|x| x < m))
        })
        .cloned()
        .collect();
    items.sort_by_key(|e| instant(&e["start"]));
    let limit = q.get("maxResults").and_then(|m| m.parse().ok()).unwrap_or(250);
    items.truncate(limit);
    axum::Json(json!({"kind": "calendar#events", "summary": "dana@example.com", "timeZone": "Asia/Jerusalem",
        "accessRole": "owner", "defaultReminders": [], "items": items}))
    .into_response()
}

async fn insert(State(f): State<FakeGoogle>, headers: HeaderMap, body: Bytes) -> Response {
    if let Some(r) = gate(&f, &headers) {
        return r;
    }
    let e: Value = serde_json::from_slice(&body).unwrap_or_default();
    let (stored, delay) = match store_event(&f, e) {
        Ok(stored) => stored,
        Err(conflict) => return *conflict,
    };
    tokio::time::sleep(std::time::Duration::from_millis(delay)).await;
    axum::Json(stored).into_response()
}

/// Stores an inserted event (409 for an id seen before); returns it and the answer delay.
fn store_event(f: &FakeGoogle, mut e: Value) -> Result<(Value, u64), Box<Response>> {
    let mut g = f.inner.lock().unwrap();
    g.issued += 1;
    let id = e["id"].as_str().map(str::to_owned).unwrap_or_else(|| format!("gen{}", g.issued));
    if g.events.iter().any(|x| x["id"] == id.as_str()) {
        let body = error_body(409, "duplicate", "The requested identifier already exists.");
        return Err(Box::new((StatusCode::CONFLICT, axum::Json(body)).into_response()));
    }
    e["id"] = json!(id);
    e["kind"] = json!("calendar#event");
    e["status"] = json!("confirmed");
    e["etag"] = json!("\"3181161784712000\"");
    e["htmlLink"] = json!(format!("https://www.google.com/calendar/event?eid={id}"));
    g.events.push(e.clone());
    Ok((e, g.insert_delay_ms))
}

async fn get_event(State(f): State<FakeGoogle>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Some(r) = gate(&f, &headers) {
        return r;
    }
    let g = f.inner.lock().unwrap();
    match g.events.iter().find(|e| e["id"] == id.as_str() && e["status"] != "cancelled") {
        Some(e) => axum::Json(e.clone()).into_response(),
        None => (StatusCode::NOT_FOUND, axum::Json(error_body(404, "notFound", "Not Found"))).into_response(),
    }
}

async fn patch(State(f): State<FakeGoogle>, headers: HeaderMap, Path(id): Path<String>, body: Bytes) -> Response {
    if let Some(r) = gate(&f, &headers) {
        return r;
    }
    let change: Value = serde_json::from_slice(&body).unwrap_or_default();
    let mut g = f.inner.lock().unwrap();
    let Some(e) = g.events.iter_mut().find(|e| e["id"] == id.as_str() && e["status"] != "cancelled") else {
        return (StatusCode::NOT_FOUND, axum::Json(error_body(404, "notFound", "Not Found"))).into_response();
    };
    for (k, v) in change.as_object().cloned().unwrap_or_default() {
        e[k] = v;
    }
    axum::Json(e.clone()).into_response()
}

async fn delete(State(f): State<FakeGoogle>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    if let Some(r) = gate(&f, &headers) {
        return r;
    }
    let mut g = f.inner.lock().unwrap();
    match g.events.iter_mut().find(|e| e["id"] == id.as_str()) {
        Some(e) if e["status"] == "cancelled" => {
            (StatusCode::GONE, axum::Json(error_body(410, "deleted", "Resource has been deleted"))).into_response()
        }
        Some(e) => {
            e["status"] = json!("cancelled");
            StatusCode::NO_CONTENT.into_response()
        }
        None => (StatusCode::NOT_FOUND, axum::Json(error_body(404, "notFound", "Not Found"))).into_response(),
    }
}
