//! Ranking a user's notes for a question: BM25 over the lexical keys, cosine over the stored
//! vectors, and a weighted fusion with thresholds, so "nothing good" is an answer of its own.
//!
//! Why weighted and not pure reciprocal rank: rank fusion always crowns someone, and a
//! question about something never saved must get "nothing about that", not the least bad note.
//! Both signals are first put on a 0..1 scale that means the same for one note or ten thousand:
//! lexical is the idf-weighted share of the question's words a note covers; the vector part is
//! the cosine above an absolute floor, because e5's cosines sit in a narrow band (0.75–0.87)
//! where unrelated texts still score high.

use super::index::Index;
use super::text::WordKeys;

/// BM25 parameters (the usual ones).
const K1: f32 = 1.2;
const B: f32 = 0.75;
/// With few stored vectors, cosines at or below FLOOR say nothing and CEIL is as good as it gets.
const COS_FLOOR: f32 = 0.80;
const COS_CEIL: f32 = 0.90;
/// With enough vectors, a cosine counts by how far it stands above the others (in standard
/// deviations): e5's band is narrow, so "above the crowd" means more than any fixed number.
const MIN_FOR_SPREAD: usize = 5;
const Z_FULL: f32 = 3.0;
/// What the vector part adds at most to the lexical share.
const W_VEC: f32 = 0.4;
/// A hit is good from here: about half of a two-word question's weight, or a strong vector.
pub const GOOD: f32 = 0.34;
/// A plain message outside "what did I say" is answered from memory only above this.
pub const CONFIDENT: f32 = 0.6;

#[derive(Debug, Clone, PartialEq)]
pub struct Hit {
    pub id: i64,
    pub score: f32,
    pub lexical: f32,
    pub cosine: Option<f32>,
}

/// The good hits for `question` among `notes`, best first.
pub fn rank(question: &[WordKeys], qvec: Option<&[f32]>, notes: &Index) -> Vec<Hit> {
    let mut hits = score_all(question, qvec, notes);
    hits.retain(is_good);
    hits
}

fn is_good(h: &Hit) -> bool {
    h.score >= GOOD
}

/// Maps a cosine to 0..1: by its distance above the mean of this question's cosines when there
/// are enough of them, else by the fixed band.
fn vector_scale(cosines: &[Option<f32>]) -> impl Fn(f32) -> f32 + use<> {
    let known: Vec<f32> = cosines.iter().flatten().copied().collect();
    let spread = (known.len() >= MIN_FOR_SPREAD).then(|| {
        let n = known.len() as f32;
        let mean = known.iter().sum::<f32>() / n;
        let sd = (known.iter().map(|c| (c - mean) * (c - mean)).sum::<f32>() / n).sqrt().max(1e-4);
        (mean, sd)
    });
    move |c: f32| match spread {
        Some((mean, sd)) => ((c - mean) / sd / Z_FULL).clamp(0.0, 1.0),
        None => ((c - COS_FLOOR) / (COS_CEIL - COS_FLOOR)).clamp(0.0, 1.0),
    }
}

/// Every note scored, best first (the eval's diagnostics; `rank` keeps only the good ones).
pub fn score_all(question: &[WordKeys], qvec: Option<&[f32]>, notes: &Index) -> Vec<Hit> {
    let lexical = lexical_scores(question, notes);
    let cosines = qvec.map_or_else(|| vec![None; notes.len()], |q| notes.cosines(q));
    let vec_part = vector_scale(&cosines);
    let mut hits: Vec<Hit> = notes
        .ids
        .iter()
        .zip(lexical)
        .zip(cosines)
        .map(|((&id, lex), cosine)| {
            let score = lex + W_VEC * cosine.map_or(0.0, &vec_part);
            Hit { id, score, lexical: lex, cosine }
        })
        .collect();
    hits.sort_by(|a, b| b.score.total_cmp(&a.score).then(b.id.cmp(&a.id)));
    hits
}

/// Per note, the idf-weighted share (0..1) of the question's words it contains, with BM25's
/// saturation and length normalization. Each question word counts once, by its best key; only
/// the postings of the question's keys are visited.
fn lexical_scores(question: &[WordKeys], notes: &Index) -> Vec<f32> {
    let n_notes = notes.len();
    let mut got = vec![0.0f32; n_notes];
    if question.is_empty() || n_notes == 0 {
        return got;
    }
    let n = n_notes as f32;
    let idf_of = |d: usize| (1.0 + (n - d as f32 + 0.5) / (d as f32 + 0.5)).ln();
    let mut possible = 0.0f32;
    let mut best = vec![0.0f32; n_notes];
    let mut touched: Vec<u32> = Vec::new();
    for word in question {
        let mut most = 0.0f32;
        for key in &word.keys {
            let postings = notes.postings.get(key.as_str()).map_or(&[][..], Vec::as_slice);
            // A question word no note contains weighs as much as one found in a single note: the
            // most a word can bring, without letting one stray word outweigh all it shares.
            most = most.max(idf_of(postings.len().max(1)));
            let idf = idf_of(postings.len());
            for &(doc, count) in postings {
                let c = f32::from(count);
                let norm = K1 * (1.0 - B + B * notes.lens[doc as usize] as f32 / notes.avg_len);
                let s = idf * (c * (K1 + 1.0) / (c + norm)).min(1.0);
                let slot = &mut best[doc as usize];
                if *slot == 0.0 {
                    touched.push(doc);
                }
                *slot = slot.max(s);
            }
        }
        possible += most;
        for doc in touched.drain(..) {
            got[doc as usize] += best[doc as usize];
            best[doc as usize] = 0.0;
        }
    }
    let possible = possible.max(f32::MIN_POSITIVE);
    got.iter_mut().for_each(|g| *g = (*g / possible).min(1.0));
    got
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::text::{index_terms, word_keys};
    use crate::store::notes::Indexed;

    fn notes(texts: &[&str]) -> Index {
        let rows: Vec<Indexed> = texts
            .iter()
            .enumerate()
            .map(|(i, t)| Indexed { id: i as i64 + 1, terms: index_terms(t), embedding: None })
            .collect();
        Index::build(&rows)
    }

    #[test]
    fn the_note_sharing_the_question_words_ranks_first() {
        let ns = notes(&["my locker number is 237", "Dana's birthday is March 3", "the gate code is 4512"]);
        let hits = rank(&word_keys("what's my locker number?"), None, &ns);
        assert_eq!(hits.first().map(|h| h.id), Some(1), "{hits:?}");
    }

    #[test]
    fn a_hebrew_note_is_found_by_an_english_question_through_the_lexicon() {
        let ns = notes(&["הקוד של השער הוא 4512", "יום ההולדת של דנה ב-3 במרץ"]);
        let hits = rank(&word_keys("what is the gate code?"), None, &ns);
        assert_eq!(hits.first().map(|h| h.id), Some(1), "{hits:?}");
    }

    #[test]
    fn a_question_about_something_never_saved_finds_nothing() {
        let ns = notes(&["my locker number is 237", "the gate code is 4512", "Dana's birthday is March 3"]);
        assert!(rank(&word_keys("what is the capital of Peru?"), None, &ns).is_empty());
    }
}
