//! The LLM: one OpenAI-compatible chat endpoint (`POST {LLM_BASE_URL}/chat/completions`), used
//! only where the deterministic layer is unsure (the planner), to word a clarifying question,
//! and to write a multi-step reply. OpenAI, Ollama, vLLM, LiteLLM all speak it.
//!
//! Every answer is JSON: the request asks for a `json_schema` response format, and a server
//! that answers with a tool call instead is read the same way. A call never runs with a database
//! transaction open, is bounded by `LLM_TIMEOUT_MS`, and is logged in the usage table
//! ([`usage`]) whatever its outcome. Errors are typed so callers can fall back; the user never
//! sees one.

pub mod usage;

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use url::Url;

use crate::config::{LlmSettings, Secret};

/// What a call is for; stored in the usage log and counted in `/metrics`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operation {
    Plan,
    Repair,
    Clarify,
    Write,
}

impl Operation {
    pub fn as_str(self) -> &'static str {
        match self {
            Operation::Plan => "plan",
            Operation::Repair => "repair",
            Operation::Clarify => "clarify",
            Operation::Write => "write",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum LlmError {
    #[error("the model did not answer in time")]
    Timeout,
    #[error("the model's server is rate limiting us (429)")]
    RateLimited,
    #[error("the model's server answered {0}")]
    Http(u16),
    #[error("the model's answer was not usable: {0}")]
    Junk(String),
}

impl LlmError {
    /// The usage log's outcome column.
    pub fn outcome(&self) -> &'static str {
        match self {
            LlmError::Timeout => "timeout",
            LlmError::RateLimited => "rate_limited",
            LlmError::Http(_) => "http_error",
            LlmError::Junk(_) => "junk",
        }
    }
}

/// What one call asks: a system prompt, the user content, and the JSON schema of the answer.
pub struct Request<'a> {
    pub operation: Operation,
    pub system: &'a str,
    pub user: String,
    pub schema_name: &'static str,
    pub schema: Value,
}

/// Tokens and time a call took (zero tokens when the server said nothing about them).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Usage {
    pub tokens_in: u64,
    pub tokens_out: u64,
    pub latency_ms: u64,
}

pub struct LlmClient {
    http: reqwest::Client,
    endpoint: Url,
    api_key: Option<Secret>,
    pub model: String,
    timeout: Duration,
    price_in: f64,
    price_out: f64,
}

impl LlmClient {
    pub fn new(settings: &LlmSettings) -> Result<Self, reqwest::Error> {
        let http =
            reqwest::Client::builder().timeout(settings.timeout).connect_timeout(Duration::from_secs(3)).build()?;
        // "https://api.openai.com/v1" and ".../v1/" both mean ".../v1/chat/completions"
        let mut base = settings.base_url.clone();
        if !base.path().ends_with('/') {
            base.set_path(&format!("{}/", base.path()));
        }
        let endpoint = base.join("chat/completions").unwrap_or(base);
        Ok(Self {
            http,
            endpoint,
            api_key: settings.api_key.clone(),
            model: settings.model.clone(),
            timeout: settings.timeout,
            price_in: settings.price_in_per_mtok,
            price_out: settings.price_out_per_mtok,
        })
    }

    /// The cost of a call in USD, from the per-million-token prices.
    pub fn cost(&self, usage: Usage) -> f64 {
        (usage.tokens_in as f64 * self.price_in + usage.tokens_out as f64 * self.price_out) / 1_000_000.0
    }

    /// One chat completion whose answer is a JSON object. Never longer than the timeout.
    #[tracing::instrument(skip_all, fields(op = req.operation.as_str()))]
    pub async fn chat(&self, req: &Request<'_>) -> (Result<Value, LlmError>, Usage) {
        let started = Instant::now();
        let body = json!({
            "model": self.model,
            "temperature": 0,
            "messages": [
                {"role": "system", "content": req.system},
                {"role": "user", "content": req.user},
            ],
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": req.schema_name, "schema": req.schema},
            },
        });
        // reqwest's timeout covers the body too; the outer one also bounds a stalled DNS lookup.
        let outcome = tokio::time::timeout(self.timeout, self.send(&body)).await.unwrap_or(Err(LlmError::Timeout));
        let latency_ms = started.elapsed().as_millis() as u64;
        match outcome {
            Ok((value, mut usage)) => {
                usage.latency_ms = latency_ms;
                (answer_of(&value), usage)
            }
            Err(e) => (Err(e), Usage { latency_ms, ..Usage::default() }),
        }
    }

    async fn send(&self, body: &Value) -> Result<(Value, Usage), LlmError> {
        let mut http = self.http.post(self.endpoint.clone()).json(body);
        if let Some(key) = &self.api_key {
            http = http.bearer_auth(key.expose());
        }
        let res = http.send().await.map_err(transport)?;
        let status = res.status();
        if status.as_u16() == 429 {
            return Err(LlmError::RateLimited);
        }
        if !status.is_success() {
            return Err(LlmError::Http(status.as_u16()));
        }
        let value: Value = res.json().await.map_err(|e| match transport(e) {
            LlmError::Timeout => LlmError::Timeout,
            _ => LlmError::Junk("the response body is not JSON".into()),
        })?;
        let usage = Usage {
            tokens_in: value["usage"]["prompt_tokens"].as_u64().unwrap_or(0),
            tokens_out: value["usage"]["completion_tokens"].as_u64().unwrap_or(0),
            latency_ms: 0,
        };
        Ok((value, usage))
    }
}

fn transport(e: reqwest::Error) -> LlmError {
    if e.is_timeout() {
        LlmError::Timeout
    } else {
        // refused, reset: the server is not answering, which callers treat like a 5xx
        LlmError::Http(e.status().map(|s| s.as_u16()).unwrap_or(503))
    }
}

/// The JSON object the model answered: the message content, or a tool call's arguments.
fn answer_of(response: &Value) -> Result<Value, LlmError> {
    let message = &response["choices"][0]["message"];
    let text = message["content"]
        .as_str()
        .filter(|c| !c.trim().is_empty())
        .or_else(|| message["tool_calls"][0]["function"]["arguments"].as_str())
        .ok_or_else(|| LlmError::Junk("no content and no tool call".into()))?;
    let parsed: Value =
        serde_json::from_str(strip_fence(text)).map_err(|e| LlmError::Junk(format!("bad JSON: {e}")))?;
    if !parsed.is_object() {
        return Err(LlmError::Junk("the answer is not a JSON object".into()));
    }
    Ok(parsed)
}

/// Some local models wrap JSON in a Markdown fence even when asked for a schema.
fn strip_fence(text: &str) -> &str {
    let t = text.trim();
    let Some(inner) = t.strip_prefix("```") else { return t };
    let inner = inner.strip_prefix("json").unwrap_or(inner);
    inner.strip_suffix("```").unwrap_or(inner).trim()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_and_tool_call_answers_are_both_read() {
        let content = json!({"choices": [{"message": {"content": "{\"a\": 1}"}}]});
        assert_eq!(answer_of(&content).unwrap(), json!({"a": 1}));
        let tool = json!({"choices": [{"message": {"content": null,
            "tool_calls": [{"function": {"name": "plan", "arguments": "{\"b\": 2}"}}]}}]});
        assert_eq!(answer_of(&tool).unwrap(), json!({"b": 2}));
        let fenced = json!({"choices": [{"message": {"content": "```json\n{\"c\": 3}\n```"}}]});
        assert_eq!(answer_of(&fenced).unwrap(), json!({"c": 3}));
    }

    #[test]
    fn prose_and_arrays_are_junk() {
        for content in ["Sure! Here is your plan", "[1, 2]", ""] {
            let r = json!({"choices": [{"message": {"content": content}}]});
            assert!(matches!(answer_of(&r), Err(LlmError::Junk(_))), "{content}");
        }
    }
}
