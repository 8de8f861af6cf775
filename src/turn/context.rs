//! A turn's context as far as the write connection is concerned: who the sender is (read on
//! the read pool, created on first contact), what the turn's close must write of where they
//! last wrote from, and whether the whole turn can run in one transaction.

use chrono::{DateTime, Utc};
use sea_orm::{DatabaseTransaction, DbErr, TransactionTrait};

use super::{message_lang, words_lang};
use crate::app::AppState;
use crate::channels::Channel;
use crate::store::entities::channel_identity;
use crate::store::inbound::Inbound;
use crate::store::steps::{self, StoredStep};
use crate::store::users::{self, User};
use crate::understand::Lang;

/// What the close of a turn writes besides the reply: where the user last wrote from, in the
/// turn's shared transaction if it has one.
pub(super) struct Closing<'a> {
    pub(super) touch: users::Touch<'a>,
    pub(super) shared: Option<DatabaseTransaction>,
}

impl Closing<'_> {
    /// A turn that failed or timed out: its close writes everything, in a transaction of its own.
    pub(super) fn apart() -> Self {
        Closing { touch: users::Touch::all(), shared: None }
    }
}

/// What the store held for this turn when it began, read once on the read pool: whether a
/// question was open (the conversation step answers only then, or on a button tap), and the
/// steps an earlier attempt stored (the retry reuses them).
pub(super) struct Before {
    pub(super) open_question: bool,
    pub(super) prior_steps: Vec<StoredStep>,
}

pub(super) async fn before(state: &AppState, row: &Inbound, user: &User, now: DateTime<Utc>) -> Result<Before, DbErr> {
    let open_question = crate::store::pending::current(&state.read, user.id, now).await?.is_some();
    let prior_steps = steps::all(&state.read, row.id).await?;
    Ok(Before { open_question, prior_steps })
}

/// Whether the whole turn can run in one transaction: no webhook is waiting to be stored,
/// nothing in it may call out (no LLM, no remote resolver, no embeddings, no Google: no
/// transaction is held across a network call),
/// no question is open (answering a planner's question resumes its plan, which writes on its
/// own), and no earlier attempt stored a step (the retry reuses them, step by step).
pub(super) fn one_transaction(state: &AppState, before: &Before) -> bool {
    if !nothing_calls_out(state) {
        return false;
    }
    // While webhooks wait to be stored, a turn keeps its transactions short, so the intake
    // writer gets the one write connection between them: a whole-turn transaction would hold
    // it through the turn's CPU work, and the platform's acknowledgement would wait for that.
    if state.intake.backlog() > 0 {
        return false;
    }
    fresh(before)
}

/// No part of Ozer as configured calls out during a turn: no LLM, embeddings, Google or remote
/// resolver (turns are CPU and local writes only).
pub(super) fn nothing_calls_out(state: &AppState) -> bool {
    state.llm.is_none() && state.embeddings.is_none() && state.google.is_none() && state.remote.is_empty()
}

/// Whether a turn that began with `before` may share a transaction: it is a first attempt
/// (no step stored) and answers no open question (a planner's question resumes its plan,
/// which writes on its own).
pub(super) fn fresh(before: &Before) -> bool {
    !before.open_question && before.prior_steps.is_empty()
}

/// Identifies the sender, read from the read pool (a known user costs the write connection
/// nothing here); the user is created on first contact. Returns the user with the language of
/// this message, and what the closing transaction must write of where they last wrote from and
/// the language (`users::touch_id`).
pub(super) async fn identify(
    state: &AppState,
    row: &Inbound,
    channel: Channel,
    now: DateTime<Utc>,
) -> Result<(User, Touched), DbErr> {
    let ext = &row.external_user;
    let found = match users::find_with_identity(&state.read, channel, ext).await? {
        Some(found) => found,
        None => {
            let first_lang = words_lang(&row.text)
                .or_else(|| row.lang_hint.as_deref().and_then(Lang::from_code))
                .unwrap_or(state.settings.lang);
            let tz = state.settings.timezone.name();
            let txn = state.db.begin().await?;
            users::find_or_create(&txn, channel, ext, first_lang, tz, now).await?;
            let found = users::find_with_identity(&txn, channel, ext).await?;
            txn.commit().await?;
            found.ok_or_else(|| DbErr::RecordNotFound("channel identity".into()))?
        }
    };
    Ok(identified(row, channel, now, found))
}

/// A known sender as the turn sees them: with the language of this message, and what the close
/// must write of where they last wrote from.
pub(super) fn identified(
    row: &Inbound,
    channel: Channel,
    now: DateTime<Utc>,
    (user, identity): (User, channel_identity::Model),
) -> (User, Touched) {
    let lang = message_lang(&row.text, &user).code();
    let touch = users::Touch::needed(&user, &identity, channel, &row.external_user, now, (&user.lang, lang));
    let touched = Touched { user: touch.user, identity: touch.identity, read_lang: user.lang.clone() };
    (User { lang: lang.to_string(), ..user }, touched)
}

/// [`users::Touch`] without its borrows, carried from the start of the turn to its close.
pub(super) struct Touched {
    pub(super) user: bool,
    pub(super) identity: bool,
    pub(super) read_lang: String,
}

impl Touched {
    /// What the close writes for `user` (as the turn saw them, with this message's language).
    pub(super) fn touch<'a>(&'a self, user: &'a User) -> users::Touch<'a> {
        users::Touch {
            user: self.user,
            identity: self.identity,
            lang: Some((self.read_lang.as_str(), user.lang.as_str())),
        }
    }
}
