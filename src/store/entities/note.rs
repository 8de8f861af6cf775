use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "notes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    /// the note as the user said it
    #[sea_orm(column_type = "Text")]
    pub text: String,
    /// "he" | "en": the language it was said in
    pub lang: String,
    /// lexical index keys (memory::lexical), space-separated
    #[sea_orm(column_type = "Text")]
    pub terms: String,
    /// little-endian f32 vector of the note (as an e5 "passage"); None until embedded
    pub embedding: Option<Vec<u8>>,
    pub embedding_model: Option<String>,
    /// bumped on every change of text or vector (memory/cache.rs compares their sum)
    pub revision: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
