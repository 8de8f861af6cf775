//! Access tokens from a user's stored refresh token: [`UserToken`] implements the hubs' token
//! seam (`google_apis_common::GetToken`). yup-oauth2's authorized-user flow has Google's token
//! URL built in (tests need a fake) and may fall back to an interactive flow, so this is our
//! own: a refresh at `GOOGLE_TOKEN_URL`, cached per user until a minute before expiry.
//!
//! `invalid_grant` (revoked, unused for months, or a 7-day "Testing" app) is terminal: the
//! account is marked disconnected and the caller turns that into a fresh link.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use google_apis_common::GetToken;
use sea_orm::DatabaseConnection;
use serde::Deserialize;

use super::store;
use crate::config::{GoogleSettings, Secret};

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    /// Google refused the refresh token for good: the user must link again.
    #[error("Google answered invalid_grant: the link must be renewed")]
    InvalidGrant,
    #[error("the token endpoint answered HTTP {0}")]
    Status(u16),
    #[error("the token endpoint could not be reached: {0}")]
    Transport(String),
}

/// What the token endpoint answers (refresh and code exchange); unknown fields are ignored.
#[derive(Debug, Deserialize)]
pub struct TokenResponse {
    pub access_token: String,
    #[serde(default)]
    pub expires_in: Option<u64>,
    #[serde(default)]
    pub refresh_token: Option<String>,
    #[serde(default)]
    pub scope: Option<String>,
}

struct Cached {
    access: String,
    fresh_until: Instant,
}

/// The token endpoint client and the per-user access-token cache, shared by every turn.
pub struct Tokens {
    http: reqwest::Client,
    settings: GoogleSettings,
    cache: Mutex<HashMap<i64, Cached>>,
}

impl Tokens {
    pub fn new(settings: GoogleSettings, http: reqwest::Client) -> Self {
        Self { http, settings, cache: Mutex::default() }
    }

    fn cached(&self, user_id: i64) -> Option<String> {
        let cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        cache.get(&user_id).filter(|c| c.fresh_until > Instant::now()).map(|c| c.access.clone())
    }

    /// Forgets the user's access token (after a 401, or when they unlink).
    pub fn forget(&self, user_id: i64) {
        self.cache.lock().unwrap_or_else(|p| p.into_inner()).remove(&user_id);
    }

    /// POSTs a form to the token endpoint. 400 `invalid_grant` is told apart from other failures.
    pub async fn post(&self, form: &[(&str, &str)]) -> Result<TokenResponse, AuthError> {
        let mut full: Vec<(&str, &str)> = vec![
            ("client_id", self.settings.client_id.as_str()),
            ("client_secret", self.settings.client_secret.expose()),
        ];
        full.extend_from_slice(form);
        let res = self
            .http
            .post(self.settings.token_url.clone())
            .form(&full)
            .send()
            .await
            .map_err(|e| AuthError::Transport(e.without_url().to_string()))?;
        let status = res.status();
        if status.is_success() {
            return res.json().await.map_err(|e| AuthError::Transport(e.without_url().to_string()));
        }
        let body: serde_json::Value = res.json().await.unwrap_or_default();
        if body["error"] == "invalid_grant" {
            return Err(AuthError::InvalidGrant);
        }
        Err(AuthError::Status(status.as_u16()))
    }

    async fn refresh(&self, user_id: i64, refresh: &Secret) -> Result<String, AuthError> {
        if let Some(access) = self.cached(user_id) {
            return Ok(access);
        }
        let t = self.post(&[("grant_type", "refresh_token"), ("refresh_token", refresh.expose())]).await?;
        // Refresh a minute early, so a token never expires between here and Google.
        let life = t.expires_in.unwrap_or(3600).saturating_sub(60);
        let cached = Cached { access: t.access_token.clone(), fresh_until: Instant::now() + Duration::from_secs(life) };
        self.cache.lock().unwrap_or_else(|p| p.into_inner()).insert(user_id, cached);
        Ok(t.access_token)
    }
}

/// One user's token source for a hub. Cheap to clone; every clone shares the cache and the
/// "disconnected" flag the caller reads after a failed call.
#[derive(Clone)]
pub struct UserToken {
    pub user_id: i64,
    refresh: Secret,
    tokens: Arc<Tokens>,
    db: DatabaseConnection,
    disconnected: Arc<AtomicBool>,
}

impl UserToken {
    pub(super) fn new(user_id: i64, refresh: Secret, tokens: Arc<Tokens>, db: DatabaseConnection) -> Self {
        Self { user_id, refresh, tokens, db, disconnected: Arc::default() }
    }

    /// An access token, from the cache or a refresh. `invalid_grant` marks the account
    /// disconnected before it returns.
    pub async fn access_token(&self) -> Result<String, AuthError> {
        match self.tokens.refresh(self.user_id, &self.refresh).await {
            Err(AuthError::InvalidGrant) => {
                self.disconnected.store(true, Ordering::SeqCst);
                if let Err(e) = store::mark_disconnected(&self.db, self.user_id, chrono::Utc::now()).await {
                    tracing::warn!(error = %e, "could not mark the Google account disconnected");
                }
                Err(AuthError::InvalidGrant)
            }
            other => other,
        }
    }

    /// Drops the cached access token (Google answered 401): the next call refreshes.
    pub fn invalidate(&self) {
        self.tokens.forget(self.user_id);
    }

    /// True once a refresh was answered `invalid_grant`.
    pub fn is_disconnected(&self) -> bool {
        self.disconnected.load(Ordering::SeqCst)
    }
}

impl GetToken for UserToken {
    fn get_token<'a>(
        &'a self,
        _scopes: &'a [&str],
    ) -> std::pin::Pin<
        Box<
            dyn std::future::Future<Output = Result<Option<String>, Box<dyn std::error::Error + Send + Sync>>>
                + Send
                + 'a,
        >,
    > {
        Box::pin(async move {
            self.access_token().await.map(Some).map_err(|e| Box::new(e) as Box<dyn std::error::Error + Send + Sync>)
        })
    }
}
