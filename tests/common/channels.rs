//! Helpers for the messaging-channel tests: database counts and waiting until every stored
//! message was processed and every queued send was made.

use ozer::app::AppState;
use ozer::store::entities::{inbound_message, outbound_message};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};

pub async fn inbound_rows(state: &AppState) -> Vec<inbound_message::Model> {
    inbound_message::Entity::find()
        .order_by_asc(inbound_message::Column::Id)
        .all(&state.db)
        .await
        .expect("inbound rows")
}

pub async fn outbound_rows(state: &AppState) -> Vec<outbound_message::Model> {
    outbound_message::Entity::find()
        .order_by_asc(outbound_message::Column::Id)
        .all(&state.db)
        .await
        .expect("outbound rows")
}

/// True when nothing is pending: every inbound message processed, every send settled.
pub async fn settled(state: &AppState) -> bool {
    let inbound = inbound_message::Entity::find()
        .filter(inbound_message::Column::Status.eq("pending"))
        .count(&state.db)
        .await
        .expect("count");
    let outbound = outbound_message::Entity::find()
        .filter(outbound_message::Column::Status.is_in(["pending", "sending"]))
        .count(&state.db)
        .await
        .expect("count");
    inbound == 0 && outbound == 0
}

/// Waits until everything settled, then a little longer so a wrongly repeated action would show.
pub async fn quiesce(state: &AppState) {
    for _ in 0..200 {
        if settled(state).await {
            tokio::time::sleep(std::time::Duration::from_millis(300)).await;
            if settled(state).await {
                return;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("inbound/outbound never settled");
}
