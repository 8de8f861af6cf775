//! A user's notes as a search index: postings (key → notes holding it, with counts) for the
//! lexical part and one flat array of unit vectors for the cosine part. Built from the stored
//! rows in one pass, so a question only touches the postings of its own keys.

use std::collections::HashMap;

use crate::store::notes::Indexed;

pub struct Index {
    pub ids: Vec<i64>,
    /// number of keys of each note (BM25's document length)
    pub lens: Vec<u32>,
    pub avg_len: f32,
    /// key → (note position, count of the key in that note)
    pub postings: HashMap<String, Vec<(u32, u16)>>,
    /// dimension of the stored vectors (0: none)
    pub dim: usize,
    /// `dim` floats per note, zeros where a note has no vector yet
    pub vectors: Vec<f32>,
    pub has_vec: Vec<bool>,
}

impl Index {
    pub fn build(rows: &[Indexed]) -> Index {
        let dim = rows.iter().find_map(|r| r.embedding.as_ref()).map_or(0, |b| b.len() / 4);
        let mut postings: HashMap<String, Vec<(u32, u16)>> = HashMap::new();
        let mut lens = Vec::with_capacity(rows.len());
        let mut vectors = Vec::with_capacity(rows.len() * dim);
        let mut has_vec = Vec::with_capacity(rows.len());
        for (i, row) in rows.iter().enumerate() {
            let mut len = 0;
            for term in row.terms.split(' ').filter(|t| !t.is_empty()) {
                len += 1;
                let list = postings.entry(term.to_string()).or_default();
                match list.last_mut() {
                    Some((doc, count)) if *doc == i as u32 => *count = count.saturating_add(1),
                    _ => list.push((i as u32, 1)),
                }
            }
            lens.push(len);
            match row.embedding.as_deref().filter(|b| dim > 0 && b.len() == dim * 4) {
                Some(bytes) => {
                    vectors.extend(bytes.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])));
                    has_vec.push(true);
                }
                None => {
                    vectors.extend(std::iter::repeat_n(0.0, dim));
                    has_vec.push(false);
                }
            }
        }
        let avg_len = (lens.iter().map(|&l| l as f32).sum::<f32>() / rows.len().max(1) as f32).max(1.0);
        Index { ids: rows.iter().map(|r| r.id).collect(), lens, avg_len, postings, dim, vectors, has_vec }
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// The cosine of a unit question vector with each note's unit vector (None: not embedded).
    pub fn cosines(&self, q: &[f32]) -> Vec<Option<f32>> {
        if self.dim == 0 || q.len() != self.dim {
            return vec![None; self.len()];
        }
        self.vectors
            .chunks_exact(self.dim)
            .zip(&self.has_vec)
            .map(|(v, &has)| has.then(|| v.iter().zip(q).map(|(a, b)| a * b).sum()))
            .collect()
    }
}
