//! The application: state shared by every handler, the router, and the background workers.
//!
//! `App::build` does all start-up work that can fail (database, migrations, binding the
//! port) so `run_until_stopped` only serves. Tests build it with port 0.

use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use sea_orm::DatabaseConnection;
use tokio::net::TcpListener;
use tokio::sync::Notify;

use crate::channels::telegram::TelegramClient;
use crate::channels::whatsapp::WhatsappClient;
use crate::clock::Clock;
use crate::config::Settings;
use crate::memory::EmbeddingsClient;
use crate::{channels, memory, scheduler, store, turn};

#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    pub settings: Arc<Settings>,
    pub clock: Clock,
    /// poked when an inbound message is stored for background processing
    pub wake_inbound: Arc<Notify>,
    /// poked when the outbox has something new to send
    pub wake_outbox: Arc<Notify>,
    /// Bot API client, built once at start-up (None: Telegram is off)
    pub telegram: Option<Arc<TelegramClient>>,
    /// Graph API client, built once at start-up (None: WhatsApp is off)
    pub whatsapp: Option<Arc<WhatsappClient>>,
    /// embeddings client for the second brain (None: recall is lexical-only)
    pub embeddings: Option<Arc<EmbeddingsClient>>,
    /// poked when a note may be waiting for its embedding
    pub wake_embed: Arc<Notify>,
}

impl AppState {
    pub async fn new(settings: Settings, clock: Clock) -> anyhow::Result<Self> {
        let db = store::connect(&settings.database_url)
            .await
            .map_err(|e| anyhow::anyhow!("DATABASE_URL: cannot open the database ({e})"))?;
        store::migrate(&db).await.map_err(|e| anyhow::anyhow!("database migration failed: {e}"))?;
        let (telegram, whatsapp) = channels::clients(&settings)?;
        let embeddings = match &settings.embeddings {
            Some(e) => Some(Arc::new(
                EmbeddingsClient::new(e)
                    .map_err(|e| anyhow::anyhow!("EMBEDDINGS_URL: cannot build the client ({e})"))?,
            )),
            None => None,
        };
        Ok(Self {
            db,
            settings: Arc::new(settings),
            clock,
            wake_inbound: Arc::new(Notify::new()),
            wake_outbox: Arc::new(Notify::new()),
            telegram,
            whatsapp,
            embeddings,
            wake_embed: Arc::new(Notify::new()),
        })
    }
}

pub struct App {
    listener: TcpListener,
    state: AppState,
}

impl App {
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        Self::build_with_clock(settings, Clock::system()).await
    }

    pub async fn build_with_clock(settings: Settings, clock: Clock) -> anyhow::Result<Self> {
        let bind = settings.bind;
        let state = AppState::new(settings, clock).await?;
        let listener =
            TcpListener::bind(bind).await.map_err(|e| anyhow::anyhow!("OZER_BIND: cannot listen on {bind} ({e})"))?;
        Ok(Self { listener, state })
    }

    pub fn port(&self) -> u16 {
        self.listener.local_addr().map(|a| a.port()).unwrap_or(0)
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// The address a person opens: the public URL, or the bound address with its real port.
    pub fn url(&self) -> String {
        if self.state.settings.public_url_configured {
            return self.state.settings.public_url.to_string();
        }
        format!("http://{}:{}/", self.state.settings.bind.ip(), self.port())
    }

    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        spawn_workers(&self.state);
        channels::telegram::register_webhook_in_background(&self.state);
        let router = router(self.state);
        axum::serve(self.listener, router).with_graceful_shutdown(shutdown_signal()).await?;
        Ok(())
    }
}

pub fn router(state: AppState) -> Router {
    let mut app = Router::new().route("/healthz", get(healthz)).route("/readyz", get(readyz));
    if state.settings.web_chat {
        app = app.merge(channels::web::router());
    }
    if state.settings.telegram.is_some() {
        app = app.merge(channels::telegram::router());
    }
    if state.settings.whatsapp.is_some() {
        app = app.merge(channels::whatsapp::router());
    }
    app.with_state(state)
}

async fn healthz() -> &'static str {
    "ok"
}

async fn readyz(State(state): State<AppState>) -> (StatusCode, &'static str) {
    match store::ping(&state.db).await {
        Ok(()) => (StatusCode::OK, "ready"),
        Err(e) => {
            tracing::warn!(error = %e, "database not reachable");
            (StatusCode::SERVICE_UNAVAILABLE, "database unavailable")
        }
    }
}

/// Background work: the reminder scheduler, embedding new notes, answering messages stored but not processed (at
/// start and on every wake-up), and sending what the outbox holds for Telegram and WhatsApp.
fn spawn_workers(state: &AppState) {
    scheduler::spawn(state);
    channels::outbox::spawn(state.clone());
    if let Some(client) = &state.embeddings {
        memory::spawn_worker(state.db.clone(), client.clone(), state.wake_embed.clone());
    }
    let s = state.clone();
    tokio::spawn(async move {
        loop {
            if let Err(e) = turn::drain_pending(&s).await {
                tracing::error!(error = %e, "processing stored messages failed");
            }
            // Wake on a new message, or every few seconds to retry what failed.
            let _ = tokio::time::timeout(std::time::Duration::from_secs(5), s.wake_inbound.notified()).await;
        }
    });
}

async fn shutdown_signal() {
    let _ = tokio::signal::ctrl_c().await;
    tracing::info!("shutting down");
}
