//! The Gmail REST calls Ozer makes (`users.messages.list/get/send`, `users.drafts.create`,
//! `userId=me`), under one configurable root (`GOOGLE_API_URL`; paths add `gmail/v1/`).
//!
//! Request and response bodies are google-gmail1's schema types where they fit. The calls
//! themselves go through reqwest: the hub's `messages.send`/`drafts.create` only offer the
//! media-upload form (`upload/gmail/v1/...`, multipart/related), while the plain JSON
//! `{"raw": ...}` form is what Gmail documents and what a fake can check; and a message read is
//! parsed leniently ([`mime::Part::from_json`]) because `body.data` may come without padding.
//!
//! Errors follow Google's rules (as `errors::with_retry` does for the hubs): 401 → one fresh
//! token and one retry; 429 ("Too many concurrent requests for user") and 5xx → one backoff
//! retry; then [`GmailError::Unavailable`]. A send is not idempotent, so a send is retried only
//! after answers that say Gmail did not act (401, 429); after a 5xx or a lost connection the
//! resolver looks in Sent instead of sending again.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use google_gmail1::api::{Draft, ListMessagesResponse, Message};
use reqwest::{Method, StatusCode};
use serde::de::DeserializeOwned;
use serde_json::Value;

use sea_orm::DatabaseConnection;

use super::mime::{self, Part};
use super::{Google, Unlinked, auth::AuthError};
use crate::store::users::User;

type TokenFuture<'a> = Pin<Box<dyn Future<Output = Result<String, GmailError>> + Send + 'a>>;

/// Where an access token comes from ([`GoogleTokens`] in production, [`FixedTokens`] in tests).
/// `refresh`: the last token was refused (401), get a new one rather than the cached one.
pub trait TokenSource: Send + Sync {
    fn access_token<'a>(&'a self, db: &'a DatabaseConnection, user: &'a User, refresh: bool) -> TokenFuture<'a>;
}

#[derive(Debug, thiserror::Error)]
pub enum GmailError {
    #[error("no working Google link: {0}")]
    Unlinked(Unlinked),
    #[error("Google is not answering: {0}")]
    Unavailable(String),
    #[error("Google refused the request: {0}")]
    Refused(StatusCode),
    #[error("unexpected answer from Google: {0}")]
    Decode(String),
    #[error("database: {0}")]
    Db(#[from] sea_orm::DbErr),
}

/// One message as Ozer reads it back.
#[derive(Debug, Clone)]
pub struct Mail {
    pub id: String,
    pub internal_ms: Option<i64>,
    pub labels: Vec<String>,
    pub root: Part,
}

impl Mail {
    pub fn header(&self, name: &str) -> Option<String> {
        self.root.header(name).map(mime::decode_header)
    }
}

/// The Gmail client for one turn: the root, the user's token source, the backoff.
#[derive(Clone)]
pub struct GmailApi {
    http: reqwest::Client,
    /// ends with '/': `{root}gmail/v1/users/me/...`
    root: String,
    tokens: Arc<dyn TokenSource>,
    backoff: Duration,
}

/// How many message details are fetched at once (Gmail throttles concurrent requests per user).
pub const BATCH: usize = 3;

impl GmailApi {
    pub fn new(http: reqwest::Client, root: &str, tokens: Arc<dyn TokenSource>, backoff: Duration) -> Self {
        let root = if root.ends_with('/') { root.to_string() } else { format!("{root}/") };
        Self { http, root, tokens, backoff }
    }

    /// A handle bound to one user (the token lookups need the database and the user).
    pub fn for_user<'a>(&'a self, db: &'a DatabaseConnection, user: &'a User) -> UserGmail<'a> {
        UserGmail { api: self, db, user }
    }
}

pub struct UserGmail<'a> {
    api: &'a GmailApi,
    db: &'a DatabaseConnection,
    user: &'a User,
}

impl UserGmail<'_> {
    /// The ids of the newest messages matching Gmail search syntax `q`, newest first.
    pub async fn search(&self, q: &str, max: u32) -> Result<Vec<String>, GmailError> {
        let query = [("q", q.to_string()), ("maxResults", max.to_string())];
        let list: ListMessagesResponse = self.call(Method::GET, "users/me/messages", &query, None, true).await?;
        Ok(list.messages.unwrap_or_default().into_iter().filter_map(|m| m.id).collect())
    }

    /// One message, `format=full`.
    pub async fn get(&self, id: &str) -> Result<Mail, GmailError> {
        let path = format!("users/me/messages/{id}");
        let v: Value = self.call(Method::GET, &path, &[("format", "full".to_string())], None, true).await?;
        Ok(Mail {
            id: v["id"].as_str().unwrap_or(id).to_string(),
            internal_ms: v["internalDate"].as_str().and_then(|s| s.parse().ok()).or(v["internalDate"].as_i64()),
            labels: v["labelIds"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|l| l.as_str().map(str::to_string))
                .collect(),
            root: Part::from_json(&v["payload"]),
        })
    }

    /// Several messages, [`BATCH`] at a time, in the order of `ids`.
    pub async fn get_many(&self, ids: &[String]) -> Result<Vec<Mail>, GmailError> {
        let mut out = Vec::with_capacity(ids.len());
        for chunk in ids.chunks(BATCH) {
            let fetched = futures_util::future::join_all(chunk.iter().map(|id| self.get(id))).await;
            for m in fetched {
                match m {
                    Ok(m) => out.push(m),
                    // deleted between the list and the read: not an error, just not there
                    Err(GmailError::Refused(StatusCode::NOT_FOUND)) => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(out)
    }

    /// Sends an RFC 2822 message; the new message's id.
    pub async fn send(&self, source: &str) -> Result<String, GmailError> {
        let body = serde_json::json!({ "raw": super::compose::raw(source) });
        let sent: Message = self.call(Method::POST, "users/me/messages/send", &[], Some(body), false).await?;
        sent.id.ok_or_else(|| GmailError::Decode("send answered without an id".into()))
    }

    /// Saves an RFC 2822 message as a draft; the draft's id.
    pub async fn draft(&self, source: &str) -> Result<String, GmailError> {
        let body = serde_json::json!({ "message": { "raw": super::compose::raw(source) } });
        let draft: Draft = self.call(Method::POST, "users/me/drafts", &[], Some(body), false).await?;
        draft.id.ok_or_else(|| GmailError::Decode("drafts.create answered without an id".into()))
    }

    /// Whether a draft with this Message-ID exists already (a resumed draft step).
    pub async fn draft_exists(&self, message_id: &str) -> Result<bool, GmailError> {
        let query = [("q", format!("rfc822msgid:{message_id}")), ("maxResults", "1".to_string())];
        let v: Value = self.call(Method::GET, "users/me/drafts", &query, None, true).await?;
        Ok(v["drafts"].as_array().is_some_and(|d| !d.is_empty()))
    }

    #[tracing::instrument(skip_all, fields(path = %path))]
    async fn call<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<Value>,
        idempotent: bool,
    ) -> Result<T, GmailError> {
        let url = format!("{}gmail/v1/{path}", self.api.root);
        let mut token = self.token(false).await?;
        let mut refreshed = false;
        let mut retried = false;
        loop {
            let mut req = self.api.http.request(method.clone(), &url).query(query).bearer_auth(&token);
            if let Some(b) = &body {
                req = req.json(b);
            }
            let outcome = req.send().await;
            let status = match &outcome {
                Ok(r) => Some(r.status()),
                Err(_) => None,
            };
            match (outcome, status) {
                (Ok(r), Some(s)) if s.is_success() => {
                    let text = r.text().await.map_err(|e| GmailError::Unavailable(e.to_string()))?;
                    return serde_json::from_str(&text).map_err(|e| GmailError::Decode(e.to_string()));
                }
                (_, Some(StatusCode::UNAUTHORIZED)) if !refreshed => {
                    refreshed = true;
                    token = self.token(true).await?;
                }
                (_, Some(s))
                    if (s == StatusCode::TOO_MANY_REQUESTS || (idempotent && s.is_server_error())) && !retried =>
                {
                    retried = true;
                    tokio::time::sleep(self.api.backoff).await;
                }
                (Err(_), None) if idempotent && !retried => {
                    retried = true;
                    tokio::time::sleep(self.api.backoff).await;
                }
                (_, Some(s)) if s == StatusCode::TOO_MANY_REQUESTS || s.is_server_error() => {
                    return Err(GmailError::Unavailable(s.to_string()));
                }
                (_, Some(s)) => return Err(GmailError::Refused(s)),
                (Err(e), None) => return Err(GmailError::Unavailable(e.without_url().to_string())),
                (Ok(_), None) => return Err(GmailError::Unavailable("no status".into())),
            }
        }
    }

    async fn token(&self, refresh: bool) -> Result<String, GmailError> {
        self.api.tokens.access_token(self.db, self.user, refresh).await
    }
}

/// The user's stored Google link (part A's token store): a refused refresh (`invalid_grant`)
/// means "link again".
pub struct GoogleTokens(pub Arc<Google>);

impl TokenSource for GoogleTokens {
    fn access_token<'a>(&'a self, db: &'a DatabaseConnection, user: &'a User, refresh: bool) -> TokenFuture<'a> {
        Box::pin(async move {
            let token = self.0.token_for(db, user).await.map_err(GmailError::Unlinked)?;
            if refresh {
                token.invalidate();
            }
            match token.access_token().await {
                Ok(t) => Ok(t),
                Err(AuthError::InvalidGrant) => Err(GmailError::Unlinked(Unlinked::Disconnected)),
                Err(e) => Err(GmailError::Unavailable(e.to_string())),
            }
        })
    }
}

/// A token source with fixed tokens, for tests: `tokens[0]` first, the next one on each
/// refresh. No tokens: the user is not linked.
pub struct FixedTokens(pub Vec<String>, pub std::sync::atomic::AtomicUsize);

impl FixedTokens {
    pub fn new(tokens: &[&str]) -> Self {
        Self(tokens.iter().map(|t| t.to_string()).collect(), Default::default())
    }
}

impl TokenSource for FixedTokens {
    fn access_token<'a>(&'a self, _db: &'a DatabaseConnection, _user: &'a User, refresh: bool) -> TokenFuture<'a> {
        use std::sync::atomic::Ordering;
        let i = if refresh { self.1.fetch_add(1, Ordering::SeqCst) + 1 } else { self.1.load(Ordering::SeqCst) };
        let token = self.0.get(i.min(self.0.len().saturating_sub(1))).cloned();
        Box::pin(async move { token.ok_or(GmailError::Unlinked(Unlinked::NotLinked)) })
    }
}
