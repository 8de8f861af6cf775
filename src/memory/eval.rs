//! `ozer memory-eval FILE`: recall measured on a labelled set. JSON Lines: first the notes
//! (`{"id": "n1", "note": "..."}`), stored for one fresh user in a throwaway SQLite database,
//! then the questions (`{"query": "...", "expect": "n1", "tag": "cross"}`), each answered by
//! recall exactly as a chat message would be (understood, then ranked). A question counts at k
//! when its note is among the first k *good* hits: "nothing about that" is a miss.
//!
//! With `EMBEDDINGS_URL` set every note is embedded before the questions; without it recall is
//! lexical only (`OZER_EVAL_VECTOR_ONLY=1` ranks by the embedding alone, for comparison). The
//! last line is `recall@1 NN.N% recall@3 NN.N% queries N`.

use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, Write};

use chrono::Utc;
use serde::Deserialize;

use super::embeddings::{EmbeddingsClient, InputType, normalized};
use super::{Prefetched, embed_pending, embedded_question, question_of, recall};
use crate::channels::Channel;
use crate::config::EmbeddingsSettings;
use crate::plan::Plan;
use crate::store::{self, notes, users};
use crate::understand::{self, Lang};

#[derive(Deserialize)]
#[serde(untagged)]
enum Line {
    Note { id: String, note: String },
    Query { query: String, expect: String, tag: Option<String> },
}

#[derive(Default)]
struct Tally {
    at1: usize,
    at3: usize,
    n: usize,
}

impl Tally {
    fn add(&mut self, rank: Option<usize>) {
        self.n += 1;
        self.at1 += usize::from(rank == Some(0));
        self.at3 += usize::from(rank.is_some_and(|r| r < 3));
    }

    fn line(&self) -> String {
        let pct = |k: usize| 100.0 * k as f64 / self.n.max(1) as f64;
        format!("recall@1 {:.1}% recall@3 {:.1}% queries {}", pct(self.at1), pct(self.at3), self.n)
    }
}

/// Runs the eval; writes one line per miss, one per tag, and the overall line last.
pub async fn run(
    input: impl BufRead,
    mut out: impl Write,
    embeddings: Option<&EmbeddingsSettings>,
) -> anyhow::Result<()> {
    let dir = std::env::temp_dir().join(format!("ozer-memory-eval-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir)?;
    let result = run_in(input, &mut out, embeddings, &dir).await;
    let _ = std::fs::remove_dir_all(&dir);
    result
}

async fn run_in(
    input: impl BufRead,
    out: &mut impl Write,
    settings: Option<&EmbeddingsSettings>,
    dir: &std::path::Path,
) -> anyhow::Result<()> {
    let db = store::connect(&format!("sqlite://{}?mode=rwc", dir.join("eval.db").display())).await?;
    store::migrate(&db).await?;
    let now = Utc::now();
    let (user, _) =
        users::find_or_create(&db, Channel::Console, "memory-eval", Lang::He, "Asia/Jerusalem", now).await?;
    let client = settings.map(EmbeddingsClient::new).transpose()?;
    let mut ids: HashMap<i64, String> = HashMap::new();
    let mut queries: Vec<(String, String, String)> = Vec::new();
    for (i, line) in input.lines().enumerate() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let parsed: Line = serde_json::from_str(&line).map_err(|e| anyhow::anyhow!("line {}: {e}", i + 1))?;
        match parsed {
            Line::Note { id, note } => {
                let lang = understand::lang::detect(&note).unwrap_or(Lang::He);
                let new = notes::NewNote {
                    user_id: user.id,
                    text: &note,
                    lang: lang.code(),
                    terms: super::text::index_terms(&note),
                };
                ids.insert(notes::create(&db, new, now).await?.id, id);
            }
            Line::Query { query, expect, tag } => queries.push((query, expect, tag.unwrap_or_else(|| "all".into()))),
        }
    }
    if let Some(client) = &client {
        embed_pending(&db, client).await?;
    }
    // OZER_EVAL_VECTOR_ONLY: rank by the embedding alone, for comparison (no threshold)
    let vector_only = client.is_some() && std::env::var_os("OZER_EVAL_VECTOR_ONLY").is_some();
    let mut all = Tally::default();
    let mut by_tag: BTreeMap<String, Tally> = BTreeMap::new();
    for (query, expect, tag) in &queries {
        let lang = understand::lang::detect(query).unwrap_or(Lang::He);
        let plan = Plan::from_understanding(&understand::understand(
            query,
            now.with_timezone(&chrono_tz::Asia::Jerusalem),
            lang,
        ));
        let question = plan.steps.first().map_or(query.as_str(), |s| question_of(s, query));
        let embedded = plan.steps.first().map_or(query.as_str(), |s| embedded_question(s, query));
        let pre = match &client {
            Some(c) => Prefetched { query_vec: Some(normalized(c.embed_one(embedded, InputType::Query).await?)) },
            None => Prefetched::default(),
        };
        let hits = if vector_only {
            by_cosine_alone(&notes::indexed(&db, user.id).await?, &pre)
        } else {
            recall(&db, user.id, question, &pre).await?
        };
        let rank = hits.iter().position(|h| ids.get(&h.id) == Some(expect));
        if rank != Some(0) {
            let got: Vec<&str> = hits.iter().take(3).filter_map(|h| ids.get(&h.id).map(String::as_str)).collect();
            writeln!(out, "miss [{tag}] {query} -> expected {expect}, got {got:?}")?;
            if std::env::var_os("OZER_EVAL_DEBUG").is_some() {
                let words = super::text::word_keys(question);
                let index = super::index::Index::build(&notes::indexed(&db, user.id).await?);
                let all = super::rank::score_all(&words, pre.query_vec.as_deref(), &index);
                for h in all.iter().take(4) {
                    let name = ids.get(&h.id).map_or("?", String::as_str);
                    writeln!(out, "    {name} score {:.3} lex {:.3} cos {:?}", h.score, h.lexical, h.cosine)?;
                }
                if let Some(h) = all.iter().find(|h| ids.get(&h.id) == Some(expect)) {
                    writeln!(
                        out,
                        "    expected: score {:.3} lex {:.3} cos {:?} {words:?}",
                        h.score, h.lexical, h.cosine
                    )?;
                }
            }
        }
        all.add(rank);
        by_tag.entry(tag.clone()).or_default().add(rank);
    }
    for (tag, t) in &by_tag {
        writeln!(out, "[{tag}] {}", t.line())?;
    }
    writeln!(out, "{}", all.line())?;
    Ok(())
}

fn by_cosine_alone(rows: &[notes::Indexed], pre: &Prefetched) -> Vec<super::Hit> {
    let Some(q) = pre.query_vec.as_deref() else {
        return Vec::new();
    };
    let mut hits: Vec<super::Hit> = rows
        .iter()
        .filter_map(|r| {
            let v = super::embeddings::from_bytes(r.embedding.as_deref()?);
            let cosine: f32 = v.iter().zip(q).map(|(a, b)| a * b).sum();
            Some(super::Hit { id: r.id, score: cosine, lexical: 0.0, cosine: Some(cosine) })
        })
        .collect();
    hits.sort_by(|a, b| b.score.total_cmp(&a.score));
    hits
}
