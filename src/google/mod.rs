//! Google: the Gmail resolver and its MIME reading and writing. (Part A of this issue adds the
//! account linking, the token store and Calendar here.)

pub mod compose;
pub mod gmail;
pub mod gmail_api;
pub mod gmail_people;
pub mod gmail_query;
pub mod mime;
