//! Recall over 10,000 notes of one user, timed without the embedding call: the notes' index
//! rows are read from SQLite and ranked lexically and by cosine (384-dimension vectors, the
//! size of multilingual-e5-small). Run it with
//! `cargo test --release --test memory_bench -- --ignored --nocapture`.

mod common;

use std::time::Instant;

use chrono::Utc;
use common::TempDir;
use common::rng::XorShift;
use ozer::channels::Channel;
use ozer::memory::{self, Prefetched, embeddings};
use ozer::store::entities::note;
use ozer::store::notes;
use ozer::store::{self, users};
use ozer::understand::Lang;
use sea_orm::{DatabaseConnection, EntityTrait, Set};

const NOTES: usize = 10_000;
const DIM: usize = 384;
const WORDS: &[&str] = &[
    "gate",
    "code",
    "locker",
    "birthday",
    "gift",
    "mom",
    "car",
    "parking",
    "floor",
    "key",
    "door",
    "passport",
    "insurance",
    "doctor",
    "dentist",
    "plumber",
    "phone",
    "number",
    "rent",
    "wifi",
    "password",
    "school",
    "teacher",
    "השער",
    "הקוד",
    "לוקר",
    "יום",
    "הולדת",
    "מתנה",
    "לאמא",
    "האוטו",
    "חניה",
    "קומה",
    "מפתח",
    "דלת",
    "דרכון",
    "ביטוח",
    "רופא",
    "אינסטלטור",
    "טלפון",
    "מספר",
    "שכירות",
    "סיסמה",
    "גננת",
    "בית",
    "ספר",
    "עציץ",
    "מגירה",
    "שולחן",
];

fn unit_vector(rng: &mut XorShift) -> Vec<f32> {
    embeddings::normalized((0..DIM).map(|_| rng.below(2000) as f32 / 1000.0 - 1.0).collect())
}

/// A fresh database with one user holding `n` random notes (text, keys and a vector each).
async fn seeded(dir: &TempDir, n: usize, rng: &mut XorShift) -> (DatabaseConnection, i64) {
    let db = store::connect(&format!("sqlite://{}?mode=rwc", dir.0.join("bench.db").display())).await.unwrap();
    store::migrate(&db).await.unwrap();
    let now = Utc::now();
    let (user, _) =
        users::find_or_create(&db, Channel::Console, "bench", Lang::En, "Asia/Jerusalem", now).await.unwrap();
    let rows: Vec<note::ActiveModel> = (0..n)
        .map(|_| {
            let n = 5 + rng.below(8);
            let text: Vec<&str> = (0..n).map(|_| WORDS[rng.below(WORDS.len())]).collect();
            let text = format!("{} {}", text.join(" "), rng.below(10_000));
            note::ActiveModel {
                user_id: Set(user.id),
                terms: Set(memory::text::index_terms(&text)),
                text: Set(text),
                lang: Set("en".into()),
                embedding: Set(Some(embeddings::to_bytes(&unit_vector(rng)))),
                embedding_model: Set(Some("bench".into())),
                revision: Set(0),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
        })
        .collect();
    for chunk in rows.chunks(500) {
        note::Entity::insert_many(chunk.to_vec()).exec(&db).await.unwrap();
    }
    (db, user.id)
}

#[tokio::test]
#[ignore = "benchmark: run with --release -- --ignored --nocapture"]
async fn recall_over_ten_thousand_notes_takes_under_twenty_milliseconds() {
    let dir = TempDir::new();
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let (db, user_id) = seeded(&dir, NOTES, &mut rng).await;
    let pre = Prefetched { query_vec: Some(unit_vector(&mut rng)) };
    let mut times = Vec::new();
    for question in
        ["what's the gate code at mom's?", "מה מספר הלוקר שלי?", "where is the spare key?"].iter().cycle().take(30)
    {
        let start = Instant::now();
        let hits = memory::recall(&db, user_id, question, &pre).await.unwrap();
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        assert!(!hits.is_empty());
    }
    times.sort_by(f64::total_cmp);
    let (median, p95) = (times[times.len() / 2], times[times.len() * 95 / 100]);
    println!("recall over {NOTES} notes ({DIM}-d vectors): median {median:.1} ms, p95 {p95:.1} ms");
    assert!(median < 20.0, "median {median:.1} ms");
}

#[tokio::test]
async fn a_large_users_cached_index_sees_every_change() {
    let dir = TempDir::new();
    let mut rng = XorShift(42);
    let (db, user_id) = seeded(&dir, 600, &mut rng).await;
    let none = Prefetched::default();
    assert!(memory::recall(&db, user_id, "zebra crossing", &none).await.unwrap().is_empty());
    // a new note, an edit and a deletion each show at once, though the index is cached
    let text = "the zebra crossing is on Herzl street";
    let new = notes::NewNote { user_id, text, lang: "en", terms: memory::text::index_terms(text) };
    let id = notes::create(&db, new, Utc::now()).await.unwrap().id;
    assert_eq!(memory::recall(&db, user_id, "zebra crossing", &none).await.unwrap()[0].id, id);
    let edited = "the giraffe statue is on Herzl street";
    notes::replace_text(&db, user_id, id, edited, memory::text::index_terms(edited), Utc::now()).await.unwrap();
    assert!(memory::recall(&db, user_id, "zebra crossing", &none).await.unwrap().is_empty());
    assert_eq!(memory::recall(&db, user_id, "giraffe statue", &none).await.unwrap()[0].id, id);
    notes::delete_ids(&db, user_id, &[id]).await.unwrap();
    assert!(memory::recall(&db, user_id, "giraffe statue", &none).await.unwrap().is_empty());
}
