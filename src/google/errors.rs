//! How a Google call fails, and the one retry policy: 401 → drop the access token, refresh,
//! retry once; 403 `rateLimitExceeded`/`userRateLimitExceeded` (Calendar), 429 (Gmail) and 5xx →
//! wait a moment and retry once; then give up with the localized "Google is not answering".
//! A refresh answered `invalid_grant` is not retried: the user gets a fresh link.

use std::future::Future;
use std::time::Duration;

use super::auth::UserToken;
use crate::reply::{Msg, Said};

#[derive(Debug, thiserror::Error)]
pub enum GoogleError {
    #[error("Google answered 401")]
    Unauthorized,
    #[error("the Google link was refused (invalid_grant)")]
    Disconnected,
    #[error("Google is throttling (HTTP {0})")]
    RateLimited(u16),
    #[error("Google failed (HTTP {0})")]
    Unavailable(u16),
    #[error("not found at Google")]
    NotFound,
    /// a client-chosen id that exists already (Calendar insert of an id seen before)
    #[error("already exists at Google")]
    Conflict,
    #[error("Google refused the request (HTTP {0})")]
    Refused(u16),
    #[error("Google could not be reached: {0}")]
    Transport(String),
}

impl GoogleError {
    /// From an HTTP status and Google's JSON error body (`{"error":{"errors":[{"reason":..}]}}`).
    pub fn from_status(status: u16, body: &serde_json::Value) -> Self {
        let reason = body["error"]["errors"][0]["reason"].as_str().or(body["error"]["status"].as_str()).unwrap_or("");
        match status {
            401 => Self::Unauthorized,
            403 if reason.contains("RateLimitExceeded") || reason.contains("rateLimitExceeded") => {
                Self::RateLimited(403)
            }
            429 => Self::RateLimited(429),
            404 | 410 => Self::NotFound,
            409 => Self::Conflict,
            s if s >= 500 => Self::Unavailable(s),
            s => Self::Refused(s),
        }
    }

    /// From a generated hub's error. The hub reads JSON error bodies into `BadRequest`.
    pub fn from_hub(e: google_apis_common::Error, token: &UserToken) -> Self {
        use google_apis_common::Error as E;
        match e {
            E::BadRequest(body) => {
                let status = body["error"]["code"].as_u64().unwrap_or(400) as u16;
                Self::from_status(status, &body)
            }
            E::Failure(res) => Self::from_status(res.status().as_u16(), &serde_json::Value::Null),
            E::MissingToken(_) if token.is_disconnected() => Self::Disconnected,
            E::MissingToken(e) => Self::Transport(format!("token: {e}")),
            E::HttpError(e) => Self::Transport(e.to_string()),
            E::Io(e) => Self::Transport(e.to_string()),
            other => Self::Transport(other.to_string()),
        }
    }

    fn retryable(&self) -> bool {
        matches!(self, Self::RateLimited(_) | Self::Unavailable(_) | Self::Transport(_))
    }

    /// What the user hears when a call failed for good.
    pub fn said(&self) -> Said {
        Said::msg(Msg::new("google-unavailable"))
    }
}

/// How long the one backoff retry waits. Short: the user is waiting for the reply.
pub const BACKOFF: Duration = Duration::from_millis(800);

/// How long one Google call may take (the generated hubs' client has no timeout of its own).
pub const CALL_TIMEOUT: Duration = Duration::from_secs(20);

/// Runs `call` with the policy above. `call` must be safe to repeat (reads, or writes made
/// idempotent by a client-chosen id).
pub async fn with_retry<T, F, Fut>(token: &UserToken, mut call: F) -> Result<T, GoogleError>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, GoogleError>>,
{
    let mut refreshed = false;
    let mut backed_off = false;
    loop {
        let outcome = match tokio::time::timeout(CALL_TIMEOUT, call()).await {
            Ok(outcome) => outcome,
            Err(_) => Err(GoogleError::Transport("no answer in time".into())),
        };
        match outcome {
            Err(GoogleError::Unauthorized) if !refreshed => {
                refreshed = true;
                token.invalidate();
            }
            Err(e) if e.retryable() && !backed_off => {
                backed_off = true;
                tracing::info!(error = %e, "Google call failed; one retry after a pause");
                tokio::time::sleep(BACKOFF).await;
            }
            other => return other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(reason: &str) -> serde_json::Value {
        serde_json::json!({"error": {"errors": [{"reason": reason}]}})
    }

    #[test]
    fn googles_answers_are_sorted_into_retry_or_not() {
        assert!(matches!(GoogleError::from_status(403, &body("rateLimitExceeded")), GoogleError::RateLimited(403)));
        assert!(matches!(GoogleError::from_status(403, &body("userRateLimitExceeded")), GoogleError::RateLimited(403)));
        assert!(matches!(GoogleError::from_status(403, &body("forbidden")), GoogleError::Refused(403)));
        assert!(matches!(GoogleError::from_status(429, &body("")), GoogleError::RateLimited(429)));
        assert!(matches!(GoogleError::from_status(503, &body("")), GoogleError::Unavailable(503)));
        assert!(matches!(GoogleError::from_status(409, &body("duplicate")), GoogleError::Conflict));
        assert!(matches!(GoogleError::from_status(410, &body("deleted")), GoogleError::NotFound));
        assert!(GoogleError::RateLimited(429).retryable() && !GoogleError::Refused(403).retryable());
    }
}
