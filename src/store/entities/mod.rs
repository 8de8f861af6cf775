//! sea-orm entities, one per table. Columns mirror migrations/ exactly; relations are joined by
//! hand in the repositories, so entities stay plain data.

pub mod channel_identity;
pub mod google_account;
pub mod google_link;
pub mod inbound_message;
pub mod list;
pub mod list_item;
pub mod note;
pub mod outbound_message;
pub mod pending_interaction;
pub mod task;
pub mod turn_step;
pub mod user;
pub mod web_session;
