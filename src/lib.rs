//! Ozer (עוזר): a Hebrew/English personal assistant on Telegram, WhatsApp and a web chat.
//!
//! A message meets the modules in this order:
//! - [`channels`]: parse and verify inbound payloads into `InboundMessage`; send `Reply`s.
//! - [`turn`]: store the message (dedupe), then run the turn in one transaction.
//! - [`conversation`]: a pending question (confirm? which one?) the message may answer.
//! - [`understand`]: deterministic language, time, routing and slots (no I/O).
//! - [`plan`]: ordered steps with dependencies; the LLM planner where the rules are unsure ([`llm`]).
//! - [`resolvers`]: one per capability; they act through [`store`].
//! - [`memory`]: the second brain's retrieval (lexical + embeddings) the memory resolver uses.
//! - [`google`]: account linking (OAuth pages), tokens, and the Calendar and Gmail (remote) resolvers.
//! - [`reply`]: one natural reply from Fluent templates in locales/.
//!
//! Around them: [`config`] (settings), [`app`] (state, router, workers), [`clock`] (now and
//! the user's time context), [`error`] (the HTTP error type), [`scheduler`] (due reminders),
//! [`metrics`] (`GET /metrics`),
//! [`eval`] (`ozer eval`: scoring the understanding on labelled corpora).

pub mod app;
pub mod channels;
pub mod clock;
pub mod config;
pub mod conversation;
pub mod error;
pub mod eval;
pub mod google;
pub mod llm;
pub mod memory;
pub mod metrics;
pub mod plan;
pub mod reply;
pub mod resolvers;
pub mod scheduler;
pub mod store;
pub mod turn;
pub mod understand;
