//! The linking web flow: `GET /oauth/google/start?t=` shows what Ozer will access and why;
//! its button (`POST /oauth/google/start`) takes the personal link once, and redirects to
//! Google with a fresh `state`, PKCE S256, `access_type=offline` and `prompt=consent` (without
//! it a re-consent returns no refresh token). `GET /oauth/google/callback` takes the state once,
//! exchanges the code, stores the refresh token sealed, and tells the user in their chat.
//! Every failure is a clear page in the user's language with nothing changed and no raw error.

use axum::Router;
use axum::extract::{Form, Query, State};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::pages::{self, Page};
use super::{Google, store};
use crate::app::AppState;
use crate::channels::{Channel, Reply};
use crate::reply::Msg;
use crate::store::outbound::{self, KIND_PUSH, NewOutbound};
use crate::store::users::{self, User};
use crate::understand::Lang;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/oauth/google/start", get(start_page).post(start_flow))
        .route("/oauth/google/callback", get(callback))
}

#[derive(Deserialize)]
struct StartQuery {
    t: Option<String>,
    lang: Option<String>,
}

#[derive(Deserialize)]
struct StartForm {
    t: String,
}

#[derive(Deserialize)]
struct CallbackQuery {
    state: Option<String>,
    code: Option<String>,
    error: Option<String>,
}

/// The user a link belongs to and their language (Hebrew when unknown).
async fn owner(state: &AppState, user_id: i64) -> (Option<User>, Lang) {
    let user = users::get(&state.db, user_id).await.ok().flatten();
    let lang = user.as_ref().and_then(|u| Lang::from_code(&u.lang)).unwrap_or(state.settings.lang);
    (user, lang)
}

#[tracing::instrument(skip_all)]
async fn start_page(State(state): State<AppState>, Query(q): Query<StartQuery>) -> Response {
    let fallback = Google::page_lang(q.lang.as_deref());
    let (Some(_), Some(t)) = (&state.google, q.t.as_deref()) else {
        return pages::render(Page::Invalid, fallback, None);
    };
    let now = state.clock.now();
    let Some(link) = store::find_link(&state.db, t).await.ok().flatten() else {
        return pages::render(Page::Invalid, fallback, None);
    };
    // a used or expired link still tells whose it was: its page speaks their language
    let (_, lang) = owner(&state, link.user_id).await;
    let lang = q.lang.as_deref().and_then(Lang::from_code).unwrap_or(lang);
    if link.opened_at.is_some() || link.expires_at <= now {
        return pages::render(Page::Invalid, lang, None);
    }
    pages::render(Page::Start, lang, Some(t))
}

#[tracing::instrument(skip_all)]
async fn start_flow(State(state): State<AppState>, Form(f): Form<StartForm>) -> Response {
    let Some(google) = state.google.clone() else {
        return pages::render(Page::Invalid, state.settings.lang, None);
    };
    let flow_state = store::random_token();
    let verifier = store::random_token();
    let now = state.clock.now();
    let link = match store::open_link(&state.db, &f.t, &flow_state, &verifier, now).await {
        Ok(Some(link)) => link,
        Ok(None) => {
            // used or expired: still the owner's language when the link is known
            let link = store::find_link(&state.db, &f.t).await.ok().flatten();
            let lang = match link {
                Some(l) => owner(&state, l.user_id).await.1,
                None => state.settings.lang,
            };
            return pages::render(Page::Invalid, lang, None);
        }
        Err(e) => {
            tracing::error!(error = %e, "opening a Google link failed");
            return pages::render(Page::Failed, state.settings.lang, None);
        }
    };
    tracing::info!(user_id = link.user_id, "Google consent started");
    Redirect::to(&authorize_url(&google, &flow_state, &verifier)).into_response()
}

/// Google's consent URL for this flow.
pub fn authorize_url(google: &Google, state: &str, verifier: &str) -> String {
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    let mut url = google.settings.auth_url.clone();
    url.query_pairs_mut()
        .append_pair("client_id", &google.settings.client_id)
        .append_pair("redirect_uri", &google.redirect_uri())
        .append_pair("response_type", "code")
        .append_pair("scope", &super::SCOPES.join(" "))
        .append_pair("access_type", "offline")
        .append_pair("prompt", "consent")
        .append_pair("state", state)
        .append_pair("code_challenge", &challenge)
        .append_pair("code_challenge_method", "S256");
    url.to_string()
}

#[tracing::instrument(skip_all)]
async fn callback(State(state): State<AppState>, Query(q): Query<CallbackQuery>) -> Response {
    let lang = state.settings.lang;
    let (Some(google), Some(flow_state)) = (state.google.clone(), q.state.as_deref()) else {
        return pages::render(Page::Invalid, lang, None);
    };
    let now = state.clock.now();
    let link = match store::take_state(&state.db, flow_state, now).await {
        Ok(Some(link)) => link,
        Ok(None) => return pages::render(Page::Invalid, lang, None),
        Err(e) => {
            tracing::error!(error = %e, "reading a Google flow failed");
            return pages::render(Page::Failed, lang, None);
        }
    };
    let (user, lang) = owner(&state, link.user_id).await;
    if q.error.is_some() {
        tracing::info!(user_id = link.user_id, "Google consent declined");
        return pages::render(Page::Denied, lang, None);
    }
    let (Some(code), Some(verifier), Some(user)) = (q.code.as_deref(), link.verifier.as_deref(), user) else {
        return pages::render(Page::Invalid, lang, None);
    };
    match finish(&state, &google, &user, code, verifier).await {
        Ok(()) => pages::render(Page::Linked, lang, None),
        Err(e) => {
            tracing::warn!(error = %e, user_id = user.id, "Google linking failed");
            pages::render(Page::Failed, lang, None)
        }
    }
}

#[derive(Debug, thiserror::Error)]
enum FinishError {
    #[error("code exchange: {0}")]
    Exchange(#[from] super::auth::AuthError),
    #[error("Google sent no refresh token")]
    NoRefreshToken,
    #[error("database: {0}")]
    Db(#[from] sea_orm::DbErr),
}

/// Exchanges the code, stores the sealed refresh token, and queues "Google is connected" in the
/// user's chat, the account and the message in one transaction.
async fn finish(state: &AppState, google: &Google, user: &User, code: &str, verifier: &str) -> Result<(), FinishError> {
    let redirect = google.redirect_uri();
    let form = [
        ("grant_type", "authorization_code"),
        ("code", code),
        ("redirect_uri", redirect.as_str()),
        ("code_verifier", verifier),
    ];
    let tokens = google.tokens.post(&form).await?;
    let refresh = tokens.refresh_token.ok_or(FinishError::NoRefreshToken)?;
    let scopes = tokens.scope.unwrap_or_default();
    google.tokens.forget(user.id);
    let now = state.clock.now();
    use sea_orm::TransactionTrait;
    let txn = state.db.begin().await?;
    store::save_account(&txn, user.id, google.sealer.seal(&refresh), &scopes, now).await?;
    let lang = Lang::from_code(&user.lang).unwrap_or(state.settings.lang);
    let channel = user.last_channel.as_deref().and_then(Channel::parse);
    if let (Some(channel), Some(external)) = (channel, user.last_external_user.as_deref()) {
        let reply = Reply::text(Msg::new("google-connected").render(lang));
        let new = NewOutbound {
            user_id: Some(user.id),
            channel,
            external_user: external,
            kind: KIND_PUSH,
            reply: &reply,
            inbound_id: None,
            dedupe_key: None,
        };
        outbound::enqueue(&txn, new, now).await?;
    }
    txn.commit().await?;
    state.wake_outbox.notify_one();
    Ok(())
}
