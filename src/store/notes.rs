//! Notes of one user (the second brain). Every query is filtered by `user_id`: no function here
//! can return or change another user's note.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use super::entities::note;

pub use note::Model as Note;

pub struct NewNote<'a> {
    pub user_id: i64,
    pub text: &'a str,
    pub lang: &'a str,
    pub terms: String,
}

pub async fn create(db: &impl ConnectionTrait, new: NewNote<'_>, now: DateTime<Utc>) -> Result<Note, DbErr> {
    note::ActiveModel {
        user_id: Set(new.user_id),
        text: Set(new.text.to_string()),
        lang: Set(new.lang.to_string()),
        terms: Set(new.terms),
        embedding: Set(None),
        embedding_model: Set(None),
        revision: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// What recall scores a note by: its id, lexical keys and vector (not its text).
#[derive(Debug, Clone)]
pub struct Indexed {
    pub id: i64,
    pub terms: String,
    pub embedding: Option<Vec<u8>>,
}

/// The index rows of all the user's notes.
pub async fn indexed(db: &impl ConnectionTrait, user_id: i64) -> Result<Vec<Indexed>, DbErr> {
    let rows: Vec<(i64, String, Option<Vec<u8>>)> = note::Entity::find()
        .select_only()
        .column(note::Column::Id)
        .column(note::Column::Terms)
        .column(note::Column::Embedding)
        .filter(note::Column::UserId.eq(user_id))
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().map(|(id, terms, embedding)| Indexed { id, terms, embedding }).collect())
}

/// A summary that changes whenever any of the user's notes is added, changed, embedded or
/// deleted (every change bumps a note's `revision`): the memory cache's validity check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    pub count: i64,
    pub max_id: i64,
    pub revisions: i64,
}

pub async fn stamp(db: &impl ConnectionTrait, user_id: i64) -> Result<Stamp, DbErr> {
    use sea_orm::sea_query::Expr;
    let row: Option<(i64, i64, i64)> = note::Entity::find()
        .select_only()
        .column_as(Expr::cust("COUNT(*)"), "count")
        .column_as(Expr::cust("COALESCE(MAX(id), 0)"), "max_id")
        .column_as(Expr::cust("CAST(COALESCE(SUM(revision), 0) AS BIGINT)"), "revisions")
        .filter(note::Column::UserId.eq(user_id))
        .into_tuple()
        .one(db)
        .await?;
    let (count, max_id, revisions) = row.unwrap_or((0, 0, 0));
    Ok(Stamp { count, max_id, revisions })
}

pub async fn by_ids(db: &impl ConnectionTrait, user_id: i64, ids: &[i64]) -> Result<Vec<Note>, DbErr> {
    let mut rows = note::Entity::find()
        .filter(note::Column::UserId.eq(user_id))
        .filter(note::Column::Id.is_in(ids.iter().copied()))
        .all(db)
        .await?;
    rows.sort_by_key(|n| ids.iter().position(|id| *id == n.id));
    Ok(rows)
}

pub async fn count(db: &impl ConnectionTrait, user_id: i64) -> Result<u64, DbErr> {
    use sea_orm::PaginatorTrait;
    note::Entity::find().filter(note::Column::UserId.eq(user_id)).count(db).await
}

/// Replaces a note's text (an update: "the locker number is now 240"); its old vector no longer
/// describes it, so it is cleared and the worker embeds the new text.
pub async fn replace_text(
    db: &impl ConnectionTrait,
    user_id: i64,
    id: i64,
    text: &str,
    terms: String,
    now: DateTime<Utc>,
) -> Result<Option<Note>, DbErr> {
    let Some(row) = note::Entity::find_by_id(id).filter(note::Column::UserId.eq(user_id)).one(db).await? else {
        return Ok(None);
    };
    let revision = row.revision + 1;
    let mut am: note::ActiveModel = row.into();
    am.revision = Set(revision);
    am.text = Set(text.to_string());
    am.terms = Set(terms);
    am.embedding = Set(None);
    am.embedding_model = Set(None);
    am.updated_at = Set(now);
    am.update(db).await.map(Some)
}

pub async fn delete_ids(db: &impl ConnectionTrait, user_id: i64, ids: &[i64]) -> Result<u64, DbErr> {
    let res = note::Entity::delete_many()
        .filter(note::Column::UserId.eq(user_id))
        .filter(note::Column::Id.is_in(ids.iter().copied()))
        .exec(db)
        .await?;
    Ok(res.rows_affected)
}

/// Notes not embedded yet (any user), oldest first: the embedding worker's queue.
pub async fn unembedded(db: &impl ConnectionTrait, limit: u64) -> Result<Vec<Note>, DbErr> {
    note::Entity::find()
        .filter(note::Column::Embedding.is_null())
        .order_by_asc(note::Column::Id)
        .limit(limit)
        .all(db)
        .await
}

/// Stores a note's vector, unless its text changed since it was read (then the new text waits
/// for its own turn in the queue).
pub async fn set_embedding(
    db: &impl ConnectionTrait,
    id: i64,
    text_was: &str,
    vector: Vec<u8>,
    model: &str,
) -> Result<bool, DbErr> {
    let res = note::Entity::update_many()
        .col_expr(note::Column::Embedding, sea_orm::sea_query::Expr::value(vector))
        .col_expr(note::Column::EmbeddingModel, sea_orm::sea_query::Expr::value(model.to_string()))
        .col_expr(note::Column::Revision, sea_orm::sea_query::Expr::cust("revision + 1"))
        .filter(note::Column::Id.eq(id))
        .filter(note::Column::Text.eq(text_was))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}
