//! A fake Gmail v1 on 127.0.0.1:0 with the real shapes (tests/fixtures/google): messages.list
//! with a small `q` evaluator (from:, to:, cc:, {a b} as OR, is:unread, has:attachment, after:,
//! in:sent, in:inbox, rfc822msgid:, plain words), messages.get format=full, messages.send and
//! drafts.create recording the decoded raw message, drafts.list by rfc822msgid.
//! Scripted failures (429, 500, 401) are served before the normal answer.

#![allow(dead_code)]

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{get, post};
use axum::{Json, Router};
use base64::Engine as _;
use base64::engine::general_purpose::{URL_SAFE, URL_SAFE_NO_PAD};
use serde_json::{Value, json};

#[derive(Debug, Clone)]
pub struct StoredMail {
    pub id: String,
    pub labels: Vec<String>,
    pub internal_ms: i64,
    /// the MessagePart JSON
    pub payload: Value,
}

impl StoredMail {
    fn header(&self, name: &str) -> String {
        self.payload["headers"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|h| h["name"].as_str().is_some_and(|n| n.eq_ignore_ascii_case(name)))
            .and_then(|h| h["value"].as_str())
            .unwrap_or_default()
            .to_string()
    }
}

#[derive(Default)]
struct Inner {
    mails: Vec<StoredMail>,
    drafts: Vec<(String, String)>,
    sent: Vec<String>,
    /// (method path?query, authorization)
    requests: Vec<(String, String)>,
    script: VecDeque<(u16, Value)>,
    send_delay_ms: u64,
    /// messages.send sends, then answers with this status (a lost answer)
    send_then_fail: Option<u16>,
    next: u64,
}

#[derive(Clone, Default)]
pub struct FakeGmail {
    inner: Arc<Mutex<Inner>>,
    pub url: String,
}

impl FakeGmail {
    pub async fn start() -> Self {
        let mut fake = FakeGmail::default();
        let app = Router::new()
            .route("/gmail/v1/users/me/messages", get(list))
            .route("/gmail/v1/users/me/messages/{id}", get(get_one))
            .route("/gmail/v1/users/me/messages/send", post(send))
            .route("/gmail/v1/users/me/drafts", post(create_draft).get(list_drafts))
            .with_state(fake.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        fake.url = format!("http://{}/", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        fake
    }

    pub fn add(&self, mail: StoredMail) {
        self.inner.lock().unwrap().mails.push(mail);
    }

    /// Answers the next request with this status and body instead of the normal answer.
    pub fn fail_next(&self, status: u16, body: Value) {
        self.inner.lock().unwrap().script.push_back((status, body));
    }

    /// messages.send records the message, then waits this long before answering.
    pub fn delay_send(&self, ms: u64) {
        self.inner.lock().unwrap().send_delay_ms = ms;
    }

    /// messages.send sends the next message and then answers `status` (Google acted, the
    /// answer says otherwise).
    pub fn send_then_fail(&self, status: u16) {
        self.inner.lock().unwrap().send_then_fail = Some(status);
    }

    /// The RFC 2822 sources of the sent messages, decoded from `raw`.
    pub fn sent(&self) -> Vec<String> {
        self.inner.lock().unwrap().sent.clone()
    }

    pub fn drafts(&self) -> Vec<String> {
        self.inner.lock().unwrap().drafts.iter().map(|(_, s)| s.clone()).collect()
    }

    pub fn requests(&self) -> Vec<(String, String)> {
        self.inner.lock().unwrap().requests.clone()
    }

    /// The `q` of every messages.list call.
    pub fn queries(&self) -> Vec<String> {
        self.requests()
            .iter()
            .filter_map(|(r, _)| r.strip_prefix("GET /gmail/v1/users/me/messages?"))
            .filter_map(|qs| {
                url::form_urlencoded::parse(qs.as_bytes()).find(|(k, _)| k == "q").map(|(_, v)| v.into_owned())
            })
            .collect()
    }

    /// Records the request; a scripted failure when one is queued.
    fn take(&self, line: String, headers: &HeaderMap) -> Option<(StatusCode, Json<Value>)> {
        let auth = headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
        let mut inner = self.inner.lock().unwrap();
        inner.requests.push((line, auth));
        inner.script.pop_front().map(|(s, b)| (StatusCode::from_u16(s).unwrap(), Json(b)))
    }
}

fn line(method: &str, path: &str, q: &HashMap<String, String>) -> String {
    let qs: String = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(q.iter()).finish();
    format!("{method} {path}?{qs}")
}

async fn list(
    State(f): State<FakeGmail>,
    Query(q): Query<HashMap<String, String>>,
    h: HeaderMap,
) -> (StatusCode, Json<Value>) {
    if let Some(fail) = f.take(line("GET", "/gmail/v1/users/me/messages", &q), &h) {
        return fail;
    }
    let query = q.get("q").cloned().unwrap_or_default();
    let max: usize = q.get("maxResults").and_then(|m| m.parse().ok()).unwrap_or(100);
    let inner = f.inner.lock().unwrap();
    let mut hits: Vec<&StoredMail> = inner.mails.iter().filter(|m| matches(m, &query)).collect();
    hits.sort_by_key(|m| std::cmp::Reverse(m.internal_ms));
    let total = hits.len();
    let messages: Vec<Value> = hits.iter().take(max).map(|m| json!({"id": m.id, "threadId": m.id})).collect();
    let mut body = json!({ "resultSizeEstimate": total });
    if !messages.is_empty() {
        body["messages"] = json!(messages);
    }
    (StatusCode::OK, Json(body))
}

async fn get_one(
    State(f): State<FakeGmail>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    h: HeaderMap,
) -> (StatusCode, Json<Value>) {
    if let Some(fail) = f.take(line("GET", &format!("/gmail/v1/users/me/messages/{id}"), &q), &h) {
        return fail;
    }
    let inner = f.inner.lock().unwrap();
    match inner.mails.iter().find(|m| m.id == id) {
        Some(m) => (
            StatusCode::OK,
            Json(json!({
                "id": m.id, "threadId": m.id, "labelIds": m.labels, "snippet": "",
                "historyId": "14430101", "internalDate": m.internal_ms.to_string(), "sizeEstimate": 1000,
                "payload": m.payload,
            })),
        ),
        None => {
            (StatusCode::NOT_FOUND, Json(json!({"error": {"code": 404, "message": "Requested entity was not found."}})))
        }
    }
}

fn decode_raw(raw: &str) -> String {
    let bytes = URL_SAFE.decode(raw).or_else(|_| URL_SAFE_NO_PAD.decode(raw)).expect("raw is base64url");
    String::from_utf8(bytes).expect("raw is UTF-8")
}

async fn send(State(f): State<FakeGmail>, h: HeaderMap, Json(body): Json<Value>) -> (StatusCode, Json<Value>) {
    if let Some(fail) = f.take("POST /gmail/v1/users/me/messages/send".into(), &h) {
        return fail;
    }
    let source = decode_raw(body["raw"].as_str().expect("raw"));
    let (id, delay, fail) = {
        let mut inner = f.inner.lock().unwrap();
        inner.next += 1;
        let id = format!("sent-{}", inner.next);
        let message_id = header_of(&source, "Message-ID");
        let to = header_of(&source, "To");
        inner.mails.push(StoredMail {
            id: id.clone(),
            labels: vec!["SENT".into()],
            internal_ms: i64::MAX / 2,
            payload: json!({"mimeType": "text/plain", "headers": [{"name": "Message-ID", "value": message_id}, {"name": "To", "value": to}], "body": {"size": 0}}),
        });
        inner.sent.push(source);
        (id, inner.send_delay_ms, inner.send_then_fail.take())
    };
    tokio::time::sleep(std::time::Duration::from_millis(delay)).await;
    if let Some(status) = fail {
        return (
            StatusCode::from_u16(status).unwrap(),
            Json(json!({"error": {"code": status, "message": "Backend Error"}})),
        );
    }
    (StatusCode::OK, Json(json!({"id": id, "threadId": id, "labelIds": ["SENT"]})))
}

async fn create_draft(State(f): State<FakeGmail>, h: HeaderMap, Json(body): Json<Value>) -> (StatusCode, Json<Value>) {
    if let Some(fail) = f.take("POST /gmail/v1/users/me/drafts".into(), &h) {
        return fail;
    }
    let source = decode_raw(body["message"]["raw"].as_str().expect("message.raw is required"));
    let mut inner = f.inner.lock().unwrap();
    inner.next += 1;
    let id = format!("r-{}", inner.next);
    inner.drafts.push((id.clone(), source));
    (
        StatusCode::OK,
        Json(
            json!({"id": id, "message": {"id": format!("m-{id}"), "threadId": format!("m-{id}"), "labelIds": ["DRAFT"]}}),
        ),
    )
}

async fn list_drafts(
    State(f): State<FakeGmail>,
    Query(q): Query<HashMap<String, String>>,
    h: HeaderMap,
) -> (StatusCode, Json<Value>) {
    if let Some(fail) = f.take(line("GET", "/gmail/v1/users/me/drafts", &q), &h) {
        return fail;
    }
    let want = q.get("q").and_then(|q| q.strip_prefix("rfc822msgid:")).unwrap_or_default().to_string();
    let inner = f.inner.lock().unwrap();
    let drafts: Vec<Value> = inner
        .drafts
        .iter()
        .filter(|(_, s)| header_of(s, "Message-ID").trim_matches(['<', '>']) == want)
        .map(|(id, _)| json!({"id": id, "message": {"id": format!("m-{id}")}}))
        .collect();
    (StatusCode::OK, Json(json!({"drafts": drafts, "resultSizeEstimate": drafts.len()})))
}

/// A header of an RFC 2822 source (first occurrence, unfolded).
pub fn header_of(source: &str, name: &str) -> String {
    let head = source.split("\r\n\r\n").next().unwrap_or_default().replace("\r\n ", " ");
    head.lines()
        .find_map(|l| l.split_once(": ").filter(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.to_string()))
        .unwrap_or_default()
}

/// Gmail search syntax, the part Ozer uses.
fn matches(m: &StoredMail, q: &str) -> bool {
    terms(q).iter().all(|t| term(m, t))
}

fn terms(q: &str) -> Vec<String> {
    let (mut out, mut cur, mut depth, mut quoted) = (Vec::new(), String::new(), 0, false);
    for c in q.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            '"' => quoted = !quoted,
            _ => {}
        }
        if c.is_whitespace() && depth == 0 && !quoted {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
        } else {
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn term(m: &StoredMail, t: &str) -> bool {
    if let Some(any) = t.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
        return terms(any).iter().any(|t| term(m, t));
    }
    let has = |field: &str, v: &str| {
        let value = ozer::google::mime::decode_header(&m.header(field)).to_lowercase();
        value.contains(&v.trim_matches('"').to_lowercase())
    };
    match t.split_once(':') {
        Some(("from", v)) => has("From", v),
        Some(("to", v)) => has("To", v),
        Some(("cc", v)) => has("Cc", v),
        Some(("is", "unread")) => m.labels.iter().any(|l| l == "UNREAD"),
        Some(("has", "attachment")) => m.payload["parts"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|p| p["filename"].as_str().is_some_and(|f| !f.is_empty())),
        Some(("after", v)) => m.internal_ms / 1000 >= v.parse::<i64>().unwrap_or(0),
        Some(("in", "sent")) => m.labels.iter().any(|l| l == "SENT"),
        Some(("in", "inbox")) => m.labels.iter().any(|l| l == "INBOX"),
        Some(("rfc822msgid", v)) => m.header("Message-ID").trim_matches(['<', '>']) == v,
        _ => {
            let subject = ozer::google::mime::decode_header(&m.header("Subject")).to_lowercase();
            let root = ozer::google::mime::Part::from_json(&m.payload);
            let body = ozer::google::mime::body_text(&root).unwrap_or_default().to_lowercase();
            let w = t.to_lowercase();
            subject.contains(&w) || body.contains(&w)
        }
    }
}

/// A leaf part; `data` is written base64url without padding, as the corpus example allows.
pub fn leaf(mime_type: &str, headers: &[(&str, &str)], data: &[u8]) -> Value {
    json!({
        "partId": "0", "mimeType": mime_type, "filename": "",
        "headers": headers.iter().map(|(n, v)| json!({"name": n, "value": v})).collect::<Vec<_>>(),
        "body": {"size": data.len(), "data": URL_SAFE_NO_PAD.encode(data)},
    })
}

pub fn attachment(name: &str) -> Value {
    json!({"partId": "9", "mimeType": "application/pdf", "filename": name, "headers": [], "body": {"size": 2000, "attachmentId": "ANGjdJ8"}})
}

/// A message payload: top-level headers over one part or a multipart of several.
pub fn message(headers: &[(&str, &str)], parts: Vec<Value>, multipart: &str) -> Value {
    let headers: Vec<Value> = headers.iter().map(|(n, v)| json!({"name": n, "value": v})).collect();
    if parts.len() == 1 && multipart.is_empty() {
        let mut p = parts.into_iter().next().unwrap();
        let mut all = headers;
        all.extend(p["headers"].as_array().cloned().unwrap_or_default());
        p["headers"] = json!(all);
        p["partId"] = json!("");
        return p;
    }
    json!({"partId": "", "mimeType": multipart, "filename": "", "headers": headers, "body": {"size": 0}, "parts": parts})
}
