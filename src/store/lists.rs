//! Named lists and their items.

use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, Set};

use super::entities::{list, list_item};

pub use list::Model as List;
pub use list_item::Model as Item;

pub async fn all(db: &impl ConnectionTrait, user_id: i64) -> Result<Vec<List>, DbErr> {
    list::Entity::find().filter(list::Column::UserId.eq(user_id)).order_by_asc(list::Column::Id).all(db).await
}

pub async fn create(
    db: &impl ConnectionTrait,
    user_id: i64,
    name: &str,
    normalized: &str,
    now: DateTime<Utc>,
) -> Result<List, DbErr> {
    list::ActiveModel {
        user_id: Set(user_id),
        name: Set(name.to_string()),
        normalized_name: Set(normalized.to_string()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
}

pub async fn rename(db: &impl ConnectionTrait, l: &List, name: &str, normalized: &str) -> Result<List, DbErr> {
    let mut am: list::ActiveModel = l.clone().into();
    am.name = Set(name.to_string());
    am.normalized_name = Set(normalized.to_string());
    am.update(db).await
}

pub async fn delete(db: &impl ConnectionTrait, list_id: i64) -> Result<(), DbErr> {
    list_item::Entity::delete_many().filter(list_item::Column::ListId.eq(list_id)).exec(db).await?;
    list::Entity::delete_by_id(list_id).exec(db).await.map(|_| ())
}

pub async fn get(db: &impl ConnectionTrait, user_id: i64, id: i64) -> Result<Option<List>, DbErr> {
    list::Entity::find_by_id(id).filter(list::Column::UserId.eq(user_id)).one(db).await
}

pub async fn items(db: &impl ConnectionTrait, list_id: i64) -> Result<Vec<Item>, DbErr> {
    list_item::Entity::find()
        .filter(list_item::Column::ListId.eq(list_id))
        .order_by_asc(list_item::Column::Id)
        .all(db)
        .await
}

pub async fn add_item(db: &impl ConnectionTrait, list_id: i64, text: &str, now: DateTime<Utc>) -> Result<Item, DbErr> {
    list_item::ActiveModel {
        list_id: Set(list_id),
        text: Set(text.to_string()),
        checked: Set(false),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
}

pub async fn remove_items(db: &impl ConnectionTrait, ids: &[i64]) -> Result<u64, DbErr> {
    let res =
        list_item::Entity::delete_many().filter(list_item::Column::Id.is_in(ids.iter().copied())).exec(db).await?;
    Ok(res.rows_affected)
}

pub async fn check_item(db: &impl ConnectionTrait, item: &Item, checked: bool) -> Result<Item, DbErr> {
    let mut am: list_item::ActiveModel = item.clone().into();
    am.checked = Set(checked);
    am.update(db).await
}
