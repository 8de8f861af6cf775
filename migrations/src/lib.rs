//! Ozer's schema, as sea-orm migrations: the same steps run on SQLite and PostgreSQL.
//!
//! Migrations are append-only: a released migration is never edited, a change is a new file.

pub use sea_orm_migration::prelude::*;

mod m20261121_000001_foundation;
mod m20261121_000002_tasks_lists;
mod m20261121_000003_channels;
mod m20261123_000004_hardening;
mod m20261123_000005_turn_steps;
mod m20261123_000006_notes;
mod m20261123_000007_google;
mod m20261123_000011_hot_indexes;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261121_000001_foundation::Migration),
            Box::new(m20261121_000002_tasks_lists::Migration),
            Box::new(m20261121_000003_channels::Migration),
            Box::new(m20261123_000004_hardening::Migration),
            Box::new(m20261123_000005_turn_steps::Migration),
            Box::new(m20261123_000006_notes::Migration),
            Box::new(m20261123_000007_google::Migration),
            Box::new(m20261123_000011_hot_indexes::Migration),
        ]
    }
}
