use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "list_items")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub list_id: i64,
    #[sea_orm(column_type = "Text")]
    pub text: String,
    pub checked: bool,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
