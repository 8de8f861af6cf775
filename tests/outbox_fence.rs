//! The outbox claim is fenced: a sender whose lease ran out cannot send or mark a message that
//! another sender (another instance) has taken over since.

mod common;

use chrono::{Duration, TimeZone, Utc};
use common::TempDir;
use ozer::channels::{Channel, Reply};
use ozer::store::entities::outbound_message;
use ozer::store::outbound::{self, KIND_REPLY, NewOutbound};
use sea_orm::EntityTrait;

#[tokio::test]
async fn a_sender_whose_lease_ran_out_can_neither_resend_nor_mark_a_message_taken_over() {
    let dir = TempDir::new();
    let db = ozer::store::connect(&format!("sqlite://{}?mode=rwc", dir.0.join("o.db").display())).await.unwrap();
    ozer::store::migrate(&db).await.unwrap();
    let t0 = Utc.with_ymd_and_hms(2026, 11, 23, 8, 0, 0).unwrap();
    let reply = Reply::text("hello");
    let new = NewOutbound {
        user_id: None,
        channel: Channel::Telegram,
        external_user: "42",
        kind: KIND_REPLY,
        reply: &reply,
        inbound_id: None,
        dedupe_key: None,
    };
    outbound::enqueue(&db, new, t0).await.unwrap();

    // Sender A claims it, then stalls (a slow Telegram) past its lease.
    let a = outbound::claim_due(&db, t0, 10).await.unwrap().remove(0);
    let t1 = t0 + Duration::minutes(2);
    // Sender B (another instance) claims the same row once A's lease has run out.
    let b = outbound::claim_due(&db, t1, 10).await.unwrap().remove(0);
    assert_eq!(a.id, b.id);

    assert!(outbound::renew(&db, &a, t1).await.unwrap().is_none(), "A may not send it again");
    assert!(!outbound::mark_sent(&db, &a, Some("a".into()), t1).await.unwrap(), "A may not mark it");
    let row = outbound_message::Entity::find_by_id(a.id).one(&db).await.unwrap().unwrap();
    assert_eq!(row.status, "sending", "still B's");

    let b = outbound::renew(&db, &b, t1).await.unwrap().expect("B still holds it");
    assert!(outbound::mark_sent(&db, &b, Some("b".into()), t1).await.unwrap());
    let row = outbound_message::Entity::find_by_id(a.id).one(&db).await.unwrap().unwrap();
    assert_eq!((row.status.as_str(), row.external_id.as_deref()), ("sent", Some("b")));
}
