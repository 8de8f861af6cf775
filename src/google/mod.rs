//! Google: account linking (OAuth web flow), tokens, and the Calendar resolver (Gmail's lives
//! beside it in `gmail*.rs`). Google's types and JSON stop here; the rest of Ozer sees steps,
//! `StepResult`s and localized sentences.
//!
//! The interface other Google code uses (names kept stable):
//! - [`Google`]: built once into `AppState::google` when `settings.google` is set.
//!   - [`Google::token_for`]`(db, user) -> Result<UserToken, Unlinked>`: the user's token source
//!     (`google_apis_common::GetToken`, see [`auth::UserToken`]).
//!   - [`Google::link_reply`]`(db, user, &Unlinked, now) -> Result<StepResult, DbErr>`: the reply
//!     with a personal link (and, for a disconnected account, a sentence saying why). Call it for
//!     `token_for`'s error and for [`errors::GoogleError::Disconnected`] after a call.
//!   - `tests/support/google.rs` is the fake Google; Gmail routes join it through
//!     `FakeGoogle::start_with(extra_router)`.
//!   - [`Google::access_token`]`(db, user_id, refresh) -> Result<Option<String>, TokenError>`:
//!     a bare bearer token for plain-HTTP clients (Gmail's `TokenSource` is a shim over it);
//!     `Ok(None)` = no working link: answer with `link_reply` (it says why when disconnected).
//!   - [`Google::hub_client`]`()`: the hyper client the generated hubs take;
//!     [`Google::api_root`]`()`: `GOOGLE_API_URL` (Calendar lives at `calendar/v3/`, Gmail at
//!     `gmail/v1/` under it: `CalendarHub::base_url(root + "calendar/v3/")`, Gmail `base_url(root)`).
//! - [`errors::GoogleError`] (`from_hub`) and [`errors::with_retry`]: 401 → refresh once and
//!   retry; 403 rateLimitExceeded / 429 / 5xx → one backoff retry; then
//!   [`errors::GoogleError::said`] gives the localized "Google is not answering" (or the link).
//!
//! Modules: `crypto` (AES-256-GCM sealing of refresh tokens), `store` (accounts, links),
//! `auth` (access tokens, `GetToken`), `oauth` + `pages` (the linking web pages), `unlink`,
//! `calendar*` (the Calendar resolver), `confirm` (remote confirmations).

pub mod auth;
pub mod calendar;
mod calendar_api;
mod calendar_reply;
mod calendar_update;
pub mod compose;
pub mod confirm;
pub mod crypto;
pub mod errors;
pub mod gmail;
pub mod gmail_api;
pub mod gmail_people;
pub mod gmail_query;
pub mod mime;
pub mod oauth;
mod pages;
pub mod store;
pub mod unlink;

use std::sync::Arc;

use chrono::{DateTime, Utc};
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::connect::HttpConnector;
use sea_orm::{DatabaseConnection, DbErr};
use url::Url;

use crate::config::{GoogleSettings, Secret, Settings};
use crate::reply::Msg;
use crate::resolvers::StepResult;
use crate::store::users::User;
use crate::understand::Lang;

pub use auth::UserToken;
pub use errors::{GoogleError, with_retry};

/// The connector the generated hubs (`google-calendar3`, `google-gmail1`) are built with.
pub type HubConnector = HttpsConnector<HttpConnector>;
pub type HubClient = google_apis_common::Client<HubConnector>;

/// The scopes Ozer asks for, narrowest that do the job (README "Google" explains the tiers):
/// Calendar events read/write (sensitive); Gmail read (restricted) and compose (sensitive:
/// drafts and send; `gmail.send` alone cannot create drafts).
pub const SCOPES: &[&str] = &[
    "https://www.googleapis.com/auth/calendar.events",
    "https://www.googleapis.com/auth/gmail.readonly",
    "https://www.googleapis.com/auth/gmail.compose",
];

/// Why a user has no working token.
#[derive(Debug, thiserror::Error)]
pub enum Unlinked {
    #[error("Google is not linked")]
    NotLinked,
    /// the stored refresh token was refused (`invalid_grant`): link again
    #[error("the Google link stopped working")]
    Disconnected,
    #[error("database: {0}")]
    Db(#[from] DbErr),
}

/// Why [`Google::access_token`] has no answer.
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("database: {0}")]
    Db(#[from] DbErr),
    #[error("the token endpoint failed: {0}")]
    Unavailable(String),
}

/// Ozer's Google side, built once at start-up.
pub struct Google {
    pub settings: GoogleSettings,
    pub public_url: Url,
    pub(crate) sealer: crypto::Sealer,
    pub(crate) tokens: Arc<auth::Tokens>,
    /// for the token and revoke endpoints
    pub(crate) http: reqwest::Client,
    hub: HubClient,
}

impl Google {
    /// Builds the clients. The key was validated by config; without one there is no Google.
    pub fn new(settings: &Settings) -> anyhow::Result<Option<Self>> {
        let Some(google) = settings.google.clone() else {
            return Ok(None);
        };
        let Some(key) = &settings.encryption_key else {
            anyhow::bail!(
                "OZER_ENCRYPTION_KEY: required when GOOGLE_CLIENT_ID is set (make one with `openssl rand -hex 32`)"
            );
        };
        let sealer = crypto::Sealer::from_hex(key.expose())?;
        let http = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(20))
            .build()
            .map_err(|e| anyhow::anyhow!("Google HTTP client: {e}"))?;
        let tokens = Arc::new(auth::Tokens::new(google.clone(), http.clone()));
        Ok(Some(Self {
            settings: google,
            public_url: settings.public_url.clone(),
            sealer,
            tokens,
            http,
            hub: hub_client()?,
        }))
    }

    /// The user's token source. Not linked, disconnected, or a token this key cannot open
    /// (the key was changed) all mean: link again.
    pub async fn token_for(&self, db: &DatabaseConnection, user: &User) -> Result<UserToken, Unlinked> {
        let Some(account) = store::account(db, user.id).await? else {
            return Err(Unlinked::NotLinked);
        };
        if account.status != store::LINKED {
            return Err(Unlinked::Disconnected);
        }
        let refresh = self.sealer.open(&account.refresh_token).map_err(|_| Unlinked::NotLinked)?;
        Ok(UserToken::new(user.id, Secret::new(refresh), self.tokens.clone(), db.clone()))
    }

    /// A bare access token for code that calls Google over plain HTTP (Gmail's client):
    /// `Ok(None)` when the user has no working link (never linked, unlinked, or Google just
    /// answered `invalid_grant`, which marks the account disconnected); `refresh` drops the
    /// cached token first (after a 401). Gmail's `TokenSource` is a shim over this.
    pub async fn access_token(
        &self,
        db: &DatabaseConnection,
        user_id: i64,
        refresh: bool,
    ) -> Result<Option<String>, TokenError> {
        let Some(account) = store::account(db, user_id).await? else {
            return Ok(None);
        };
        if account.status != store::LINKED {
            return Ok(None);
        }
        let Ok(sealed) = self.sealer.open(&account.refresh_token) else {
            return Ok(None);
        };
        let token = UserToken::new(user_id, Secret::new(sealed), self.tokens.clone(), db.clone());
        if refresh {
            token.invalidate();
        }
        match token.access_token().await {
            Ok(t) => Ok(Some(t)),
            Err(auth::AuthError::InvalidGrant) => Ok(None),
            Err(e) => Err(TokenError::Unavailable(e.to_string())),
        }
    }

    /// The reply for a user without a working link: a personal link (single use, 15 minutes),
    /// with a sentence saying why when an earlier link stopped working.
    pub async fn link_reply(
        &self,
        db: &DatabaseConnection,
        user: &User,
        why: &Unlinked,
        now: DateTime<Utc>,
    ) -> Result<StepResult, DbErr> {
        if let Unlinked::Db(e) = why {
            return Err(DbErr::Custom(e.to_string()));
        }
        let token = store::issue_link(db, user.id, now).await?;
        let url = self.start_url(&token);
        let id = match why {
            Unlinked::Disconnected => "google-relink",
            _ => "google-link",
        };
        Ok(StepResult::say(Msg::new(id).arg("url", url)))
    }

    /// `{OZER_PUBLIC_URL}/oauth/google/start?t=...`
    pub fn start_url(&self, token: &str) -> String {
        format!("{}oauth/google/start?t={token}", base(&self.public_url))
    }

    /// `{OZER_PUBLIC_URL}/oauth/google/callback`: must match the redirect URI registered at Google.
    pub fn redirect_uri(&self) -> String {
        format!("{}oauth/google/callback", base(&self.public_url))
    }

    pub fn hub_client(&self) -> HubClient {
        self.hub.clone()
    }

    /// `GOOGLE_API_URL`, ending in `/`.
    pub fn api_root(&self) -> String {
        base(&self.settings.api_url)
    }

    /// The language a page is shown in (`?lang=` or the user's); Hebrew is the default.
    pub fn page_lang(code: Option<&str>) -> Lang {
        code.and_then(Lang::from_code).unwrap_or(Lang::He)
    }
}

fn base(url: &Url) -> String {
    let s = url.as_str();
    if s.ends_with('/') { s.to_string() } else { format!("{s}/") }
}

/// The HTTPS client for the hubs: rustls with the webpki roots; plain http allowed so tests
/// can point `GOOGLE_API_URL` at a fake on 127.0.0.1.
pub fn hub_client() -> anyhow::Result<HubClient> {
    let connector = hyper_rustls::HttpsConnectorBuilder::new()
        .with_webpki_roots()
        .https_or_http()
        .enable_http1()
        .enable_http2()
        .build();
    Ok(hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new()).build(connector))
}
