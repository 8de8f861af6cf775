//! The application: state shared by every handler, the router, and the background workers.
//!
//! `App::build` does all start-up work that can fail (database, migrations, binding the
//! port) so `run_until_stopped` only serves. Tests build it with port 0.

use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;
use axum::routing::get;
use sea_orm::DatabaseConnection;
use tokio::net::TcpListener;
use tokio::sync::Notify;

use crate::channels::batch::Intake;
use crate::channels::intake::IntakeCtx;
use crate::channels::telegram::TelegramClient;
use crate::channels::whatsapp::WhatsappClient;
use crate::clock::Clock;
use crate::config::Settings;
use crate::memory::EmbeddingsClient;
use crate::metrics::Metrics;
use crate::plan::remote::{RemoteResolver, RemoteResolvers};
use crate::turn::UserLocks;
use crate::understand::Resolver;
use crate::{channels, memory, scheduler, store, turn};

#[derive(Clone)]
pub struct AppState {
    /// the write pool (on SQLite, one connection); short transactions only
    pub db: DatabaseConnection,
    /// reads that must not wait for a writer (context, feeds); the same pool on PostgreSQL
    pub read: DatabaseConnection,
    pub settings: Arc<Settings>,
    pub clock: Clock,
    /// stores webhook messages, many per commit (see `channels::batch`)
    pub intake: Intake,
    /// poked when an inbound message is stored for background processing
    pub wake_inbound: Arc<Notify>,
    /// poked when the outbox has something new to send
    pub wake_outbox: Arc<Notify>,
    /// Bot API client, built once at start-up (None: Telegram is off)
    pub telegram: Option<Arc<TelegramClient>>,
    /// Graph API client, built once at start-up (None: WhatsApp is off)
    pub whatsapp: Option<Arc<WhatsappClient>>,
    /// resolvers whose steps call a remote service (see `plan::remote`)
    pub remote: RemoteResolvers,
    /// one turn at a time per user on this instance (the inbound lease covers other instances)
    pub user_locks: UserLocks,
    /// set at shutdown
    pub stop: Stop,
    /// counters and the turn latency histogram behind `GET /metrics`
    pub metrics: Arc<Metrics>,
    /// embeddings client for the second brain (None: recall is lexical-only)
    pub embeddings: Option<Arc<EmbeddingsClient>>,
    /// poked when a note may be waiting for its embedding
    pub wake_embed: Arc<Notify>,
    /// the LLM for the planner, clarifications and the reply writer (None: rules only)
    pub llm: Option<Arc<crate::llm::LlmClient>>,
    /// Google linking, tokens and hubs (None: Google is off)
    pub google: Option<Arc<crate::google::Google>>,
}

impl AppState {
    pub async fn new(settings: Settings, clock: Clock) -> anyhow::Result<Self> {
        let metrics: Arc<Metrics> = Arc::default();
        let mut db = store::connect(&settings.database_url)
            .await
            .map_err(|e| anyhow::anyhow!("DATABASE_URL: cannot open the database ({e})"))?;
        store::migrate(&db).await.map_err(|e| anyhow::anyhow!("database migration failed: {e}"))?;
        let counted = metrics.clone();
        db.set_metric_callback(move |_| counted.write_statement());
        let read = store::connect_reader(&settings.database_url, &db)
            .await
            .map_err(|e| anyhow::anyhow!("DATABASE_URL: cannot open the database for reading ({e})"))?;
        let (telegram, whatsapp) = channels::clients(&settings)?;
        let embeddings = match &settings.embeddings {
            Some(e) => Some(Arc::new(
                EmbeddingsClient::new(e)
                    .map_err(|e| anyhow::anyhow!("EMBEDDINGS_URL: cannot build the client ({e})"))?,
            )),
            None => None,
        };
        let llm = match &settings.llm {
            Some(l) => Some(Arc::new(
                crate::llm::LlmClient::new(l)
                    .map_err(|e| anyhow::anyhow!("LLM_BASE_URL: cannot build the client ({e})"))?,
            )),
            None => None,
        };
        let google = crate::google::Google::new(&settings)?.map(Arc::new);
        let mut remote = RemoteResolvers::default();
        if let Some(g) = &google {
            remote.insert(Resolver::Calendar, Arc::new(crate::google::calendar::CalendarResolver::new(g.clone())));
            remote.insert(Resolver::Gmail, Arc::new(crate::google::gmail::GmailResolver::from_google(g.clone())));
        }
        let settings = Arc::new(settings);
        let intake_ctx = IntakeCtx { settings: settings.clone(), clock: clock.clone(), metrics: metrics.clone() };
        let intake = Intake::start(db.clone(), intake_ctx);
        Ok(Self {
            db,
            read,
            settings,
            clock,
            intake,
            wake_inbound: Arc::new(Notify::new()),
            wake_outbox: Arc::new(Notify::new()),
            telegram,
            whatsapp,
            remote,
            user_locks: UserLocks::default(),
            stop: Stop::default(),
            metrics,
            embeddings,
            wake_embed: Arc::new(Notify::new()),
            llm,
            google,
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

    /// Adds a resolver whose steps call a remote service (before `run_until_stopped`).
    pub fn with_remote(mut self, resolver: Resolver, imp: Arc<dyn RemoteResolver>) -> Self {
        self.state.remote.insert(resolver, imp);
        self
    }

    /// The address a person opens: the public URL, or the bound address with its real port.
    pub fn url(&self) -> String {
        if self.state.settings.public_url_configured {
            return self.state.settings.public_url.to_string();
        }
        format!("http://{}:{}/", self.state.settings.bind.ip(), self.port())
    }

    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        self.run_until(shutdown_signal()).await
    }

    /// Serves until `stop` completes, then shuts down gracefully: stop accepting connections
    /// (requests in flight finish), stop claiming messages, reminders and outbox rows, and let
    /// running turns and sends finish (up to [`SHUTDOWN_GRACE`]).
    pub async fn run_until(self, stop: impl std::future::Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        let workers = spawn_workers(&self.state);
        channels::telegram::register_webhook_in_background(&self.state);
        let state = self.state.clone();
        let router = router(self.state);
        axum::serve(self.listener, router).with_graceful_shutdown(stop).await?;
        tracing::info!("stopped accepting; finishing running turns");
        state.stop.set();
        let finish = async {
            for worker in workers {
                let _ = worker.await;
            }
        };
        if tokio::time::timeout(SHUTDOWN_GRACE, finish).await.is_err() {
            tracing::warn!(
                "background work still running after the shutdown grace period; leaving it to the next start"
            );
        }
        Ok(())
    }
}

pub fn router(state: AppState) -> Router {
    let mut app =
        Router::new().route("/healthz", get(healthz)).route("/readyz", get(readyz)).route("/metrics", get(metrics));
    if state.settings.web_chat {
        app = app.merge(channels::web::router());
    }
    if state.settings.telegram.is_some() {
        app = app.merge(channels::telegram::router());
    }
    if state.settings.whatsapp.is_some() {
        app = app.merge(channels::whatsapp::router());
    }
    if state.google.is_some() {
        app = app.merge(crate::google::oauth::router());
    }
    app.with_state(state)
}

/// Prometheus text format. The outbox backlog is counted now; everything else is in memory.
async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
    use store::entities::outbound_message as out;
    let backlog = out::Entity::find()
        .filter(out::Column::Status.is_in([store::outbound::PENDING, store::outbound::SENDING]))
        .count(&state.read)
        .await
        .unwrap_or_else(|e| {
            tracing::warn!(error = %e, "outbox backlog not readable");
            0
        });
    ([(CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], state.metrics.render(backlog))
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

/// How long a shutdown waits for running turns and sends.
pub const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(30);

/// Background work: the reminder scheduler, answering messages stored but not processed (at
/// start and on every wake-up), sending what the outbox holds for Telegram and WhatsApp, and
/// embedding new notes (when embeddings are configured). Each worker ends once `state.stop` is set and its current work is done.
fn spawn_workers(state: &AppState) -> Vec<tokio::task::JoinHandle<()>> {
    if let Some(telegram) = &state.telegram {
        // Learn the bot's username now, in the background (group messages need it).
        telegram.known_username();
    }
    let s = state.clone();
    let turns = tokio::spawn(async move {
        while !s.stop.is_set() {
            if let Err(e) = turn::drain_pending(&s).await {
                tracing::error!(error = %e, "processing stored messages failed");
            }
            // Wake on a new message, or every few seconds to retry what failed.
            tokio::select! {
                _ = tokio::time::sleep(std::time::Duration::from_secs(5)) => {}
                _ = s.wake_inbound.notified() => {}
                _ = s.stop.wait() => {}
            }
        }
    });
    if let Some(client) = &state.embeddings {
        // Embedding is idempotent (a note without a vector is embedded later), so this worker
        // is simply stopped with the process.
        memory::spawn_worker(state.db.clone(), client.clone(), state.wake_embed.clone());
    }
    vec![scheduler::spawn(state), scheduler::briefing::spawn(state), channels::outbox::spawn(state.clone()), turns]
}

/// Ctrl-C / SIGINT (Fly's default) or SIGTERM (Docker's, Kubernetes').
async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut sig) => {
                sig.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = interrupt => {}
        _ = terminate => {}
    }
    tracing::info!("shutting down");
}

/// Set once at shutdown: workers stop claiming new work and end after what they hold.
#[derive(Clone, Default)]
pub struct Stop {
    flag: Arc<std::sync::atomic::AtomicBool>,
    notify: Arc<Notify>,
}

impl Stop {
    pub fn set(&self) {
        self.flag.store(true, std::sync::atomic::Ordering::SeqCst);
        self.notify.notify_waiters();
    }

    pub fn is_set(&self) -> bool {
        self.flag.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Completes once `set` has been called.
    pub async fn wait(&self) {
        let notified = self.notify.notified();
        if self.is_set() {
            return;
        }
        notified.await;
    }
}
