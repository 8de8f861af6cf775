//! The second brain's retrieval: notes are indexed lexically when saved (Hebrew-aware keys plus
//! a bilingual lexicon, text.rs / lexicon.rs) and embedded later by a background worker; a
//! question is ranked against the user's notes by both (rank.rs).
//!
//! The remote part of a recall (embedding the question) is `prefetch`, called with no database
//! transaction open; everything after it is local and runs inside the step's short transaction
//! (resolvers/memory.rs). An embeddings failure or timeout only means lexical-only recall.

pub mod cache;
pub mod embeddings;
pub mod eval;
pub mod index;
pub mod lexicon;
pub mod rank;
pub mod text;

use std::sync::Arc;
use std::time::Duration;

use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr};
use tokio::sync::Notify;

pub use embeddings::EmbeddingsClient;
use embeddings::InputType;
pub use rank::Hit;

use crate::plan::PlannedStep;
use crate::store::notes;
use crate::understand::{Action, Resolver};

/// What the remote part of a step produced before the step runs: the question's vector (unit
/// length), when an embeddings endpoint is configured and answered in time.
#[derive(Debug, Clone, Default)]
pub struct Prefetched {
    pub query_vec: Option<Vec<f32>>,
}

/// The words of a step that recall matches lexically: the understood query, or the whole
/// message.
pub fn question_of<'a>(step: &'a PlannedStep, text: &'a str) -> &'a str {
    match (step.resolver, step.action) {
        (Resolver::Memory, Action::Update) => step.slots.title.as_deref().unwrap_or(text),
        (Resolver::Memory, _) => step.slots.query.as_deref().unwrap_or(text),
        _ => text,
    }
}

/// What is embedded for a step: the question as asked ("where is the spare key?"), which is
/// what e5's "query:" side was trained on; an update embeds its new fact.
pub fn embedded_question<'a>(step: &'a PlannedStep, text: &'a str) -> &'a str {
    match (step.resolver, step.action) {
        (Resolver::Memory, Action::Update) => question_of(step, text),
        _ => text,
    }
}

/// Steps that read notes: recall, update, delete, and a plain message that may be a personal
/// question ("my locker number?") the general resolver answers from memory.
fn reads_notes(step: &PlannedStep) -> bool {
    matches!(step.resolver, Resolver::Memory | Resolver::General) && step.action != Action::Store
}

/// The remote part of a step: embeds its question. Call with no transaction open.
#[tracing::instrument(skip_all, fields(step = step.id))]
pub async fn prefetch(embeddings: Option<&EmbeddingsClient>, step: &PlannedStep, text: &str) -> Prefetched {
    let Some(client) = embeddings.filter(|_| reads_notes(step)) else {
        return Prefetched::default();
    };
    if text::word_keys(question_of(step, text)).is_empty() {
        // nothing to look for ("what did I say?"): recall answers without a vector
        return Prefetched::default();
    }
    match client.embed_one(embedded_question(step, text), InputType::Query).await {
        Ok(v) => Prefetched { query_vec: Some(embeddings::normalized(v)) },
        Err(e) => {
            tracing::warn!(error = %e, "embedding the question failed; recall is lexical-only");
            Prefetched::default()
        }
    }
}

/// The good notes of `user_id` for `question`, best first (ids and scores).
pub async fn recall(
    db: &impl ConnectionTrait,
    user_id: i64,
    question: &str,
    pre: &Prefetched,
) -> Result<Vec<Hit>, DbErr> {
    let words = text::word_keys(question);
    if words.is_empty() {
        return Ok(Vec::new());
    }
    let indexed = cache::index(db, user_id).await?;
    Ok(rank::rank(&words, pre.query_vec.as_deref(), &indexed))
}

/// Embeds notes that have no vector yet, a batch at a time, each call with no transaction open.
/// Returns how many were stored; stops at the first failure (the endpoint may be down: the
/// notes wait for the next round).
pub async fn embed_pending(db: &DatabaseConnection, client: &EmbeddingsClient) -> Result<usize, EmbedError> {
    let mut done = 0;
    loop {
        let batch = notes::unembedded(db, 16).await?;
        if batch.is_empty() {
            return Ok(done);
        }
        // one note per call: batching gives no speed-up on a small CPU server, and one slow
        // batch would hit the timeout that a single note stays well under
        for note in &batch {
            let v = client.embed_one(&note.text, InputType::Passage).await?;
            let bytes = embeddings::to_bytes(&v);
            if notes::set_embedding(db, note.id, &note.text, bytes, client.model()).await? {
                done += 1;
            }
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum EmbedError {
    #[error("database: {0}")]
    Db(#[from] DbErr),
    #[error(transparent)]
    Remote(#[from] embeddings::EmbeddingsError),
}

/// The embedding worker: runs `embed_pending` when woken (a note was saved) and every few
/// seconds, so notes saved while the endpoint was down are embedded once it is back.
pub fn spawn_worker(db: DatabaseConnection, client: Arc<EmbeddingsClient>, wake: Arc<Notify>) {
    tokio::spawn(async move {
        loop {
            match embed_pending(&db, &client).await {
                Ok(0) => {}
                Ok(n) => tracing::debug!(n, "notes embedded"),
                Err(e) => tracing::warn!(error = %e, "embedding notes failed; will retry"),
            }
            let _ = tokio::time::timeout(Duration::from_secs(5), wake.notified()).await;
        }
    });
}
