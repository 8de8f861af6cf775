//! The seam for steps whose effect happens at a remote service (Google Calendar, Gmail, ...).
//!
//! A remote resolver is called with **no database transaction open**: the executor has already
//! stored the step as `started` with its idempotency key, and stores the result after the call.
//! It must make its effect happen at most once: use the remote's own idempotency where it has
//! one (a client-chosen id derived from `idempotency_key`), and when `resumed` is true (an
//! earlier attempt started the step and left no result) check the remote before acting again,
//! or ask the user rather than risk doing it twice.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use sea_orm::{DatabaseConnection, DbErr};

use super::PlannedStep;
use crate::clock::TimeContext;
use crate::reply::Said;
use crate::resolvers::StepResult;
use crate::store::users::User;
use crate::understand::{Lang, Resolver};

/// What a remote resolver sees of the turn.
pub struct RemoteCall<'a> {
    /// for short reads and writes of its own; never hold a transaction across a remote call
    pub db: &'a DatabaseConnection,
    pub user: &'a User,
    pub lang: Lang,
    pub time: TimeContext,
    pub text: &'a str,
    pub step: &'a PlannedStep,
    /// the entities of the earlier steps of this turn, by step position
    pub earlier: &'a [serde_json::Value],
    /// stable across retries of this step; lowercase hex (see `store::steps::idempotency_key`)
    pub idempotency_key: &'a str,
    /// an earlier attempt stored `started` and no result: the effect may already exist
    pub resumed: bool,
}

/// How a remote step can fail. `Failed` is final for this turn (the user is told what was not
/// done and the steps that depend on it are blocked); `Db` is a local error and the whole turn is
/// retried later (the stored `started` row keeps the retry honest).
#[derive(Debug)]
pub enum RemoteFailure {
    Failed(Said),
    Db(DbErr),
}

impl From<DbErr> for RemoteFailure {
    fn from(e: DbErr) -> Self {
        RemoteFailure::Db(e)
    }
}

pub type RemoteFuture<'a> = Pin<Box<dyn Future<Output = Result<StepResult, RemoteFailure>> + Send + 'a>>;

/// A resolver whose steps call out. Implemented by the Google resolvers (and a test probe).
pub trait RemoteResolver: Send + Sync {
    fn run<'a>(&'a self, call: RemoteCall<'a>) -> RemoteFuture<'a>;
}

/// The remote resolvers this instance has, by resolver.
#[derive(Clone, Default)]
pub struct RemoteResolvers(HashMap<Resolver, Arc<dyn RemoteResolver>>);

impl RemoteResolvers {
    pub fn insert(&mut self, resolver: Resolver, imp: Arc<dyn RemoteResolver>) {
        self.0.insert(resolver, imp);
    }

    pub fn get(&self, resolver: Resolver) -> Option<Arc<dyn RemoteResolver>> {
        self.0.get(&resolver).cloned()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}
