//! Scoring `ozer understand` predictions against a labelled corpus, rule for rule as
//! `score_understand.py`: route is the exact sequence of (resolver, action); slots are scored
//! only on a case whose route is right; text is compared after [`norm`].

use serde_json::{Value, json};

use super::{instant, percent};

/// The metrics in the order the report prints them.
pub const METRICS: [&str; 9] = ["lang", "route", "when", "window", "recurrence", "list", "items", "title", "query"];

/// Counts per metric (`ok`, `n`) and the misses, for `--verbose`.
#[derive(Debug, Default, Clone)]
pub struct Score {
    pub counts: [(usize, usize); 9],
    pub cases: usize,
    pub misses: Vec<String>,
}

impl Score {
    fn tick(&mut self, metric: &str, ok: bool) -> bool {
        let i = METRICS.iter().position(|m| *m == metric).unwrap_or(0);
        self.counts[i].1 += 1;
        self.counts[i].0 += usize::from(ok);
        ok
    }

    pub fn pct(&self, metric: &str) -> f64 {
        let i = METRICS.iter().position(|m| *m == metric).unwrap_or(0);
        let (ok, n) = self.counts[i];
        percent(ok, n, 100.0)
    }

    pub fn route_pct(&self) -> f64 {
        self.pct("route")
    }

    /// Every slot metric pooled (all but lang and route).
    pub fn slots_pct(&self) -> f64 {
        let (ok, n) = self.counts[2..].iter().fold((0, 0), |(a, b), (ok, n)| (a + ok, b + n));
        percent(ok, n, 100.0)
    }

    /// `route NN.N% slots NN.N% when NN.N% lang NN.N% cases N`
    pub fn closing_line(&self) -> String {
        format!(
            "route {:.1}% slots {:.1}% when {:.1}% lang {:.1}% cases {}",
            self.route_pct(),
            self.slots_pct(),
            self.pct("when"),
            self.pct("lang"),
            self.cases
        )
    }

    /// The whole report: misses (when verbose), one line per metric, the closing line.
    pub fn render(&self, verbose: bool) -> String {
        let mut out = String::new();
        if verbose {
            for m in &self.misses {
                out.push_str(m);
                out.push('\n');
            }
        }
        for (name, (ok, n)) in METRICS.iter().zip(self.counts) {
            out.push_str(&format!("{name:<11}{ok:>4}/{n:<4} {:5.1}%\n", percent(ok, n, 100.0)));
        }
        out.push_str(&self.closing_line());
        out.push('\n');
        out
    }
}

/// Python's `str(v)` for the values a corpus holds: a string as is, null as "None".
fn text_of(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

fn norm_word(w: &str) -> String {
    let w = w.to_lowercase();
    let mut chars = w.chars();
    // Hebrew definite article: "הקניות" and "קניות" name the same list.
    match (chars.next(), chars.next()) {
        (Some('ה'), Some(second)) if w.chars().count() > 2 && crate::understand::lang::is_hebrew_letter(second) => {
            w.chars().skip(1).collect()
        }
        _ => w,
    }
}

fn is_punct(c: char) -> bool {
    c.is_whitespace() || "\"'`.,:;!?()[]{}-–—־׳״".contains(c)
}

/// Lower case, split on spaces and punctuation, Hebrew article dropped, words joined by a space.
pub fn norm(s: Option<&Value>) -> String {
    let Some(s) = text_of(s) else { return String::new() };
    s.split(is_punct).filter(|w| !w.is_empty()).map(norm_word).collect::<Vec<_>>().join(" ")
}

/// Every needle, normalized, is a substring of the normalized text.
fn has_all(text: Option<&Value>, needles: &Value) -> bool {
    let t = norm(text);
    match needles {
        Value::Array(a) => a.iter().all(|n| t.contains(&norm(Some(n)))),
        // Python iterates a string by characters.
        Value::String(s) => s.chars().all(|c| t.contains(&norm(Some(&json!(c.to_string()))))),
        _ => true,
    }
}

fn route_of(steps: &[Value]) -> Vec<(Value, Value)> {
    let field = |s: &Value, k: &str| s.get(k).cloned().unwrap_or(Value::Null);
    steps.iter().map(|s| (field(s, "resolver"), field(s, "action"))).collect()
}

fn steps_of(v: &Value) -> Vec<Value> {
    v.get("steps").and_then(Value::as_array).cloned().unwrap_or_default()
}

/// Scores predictions (one per corpus line, same order) against the corpus.
pub fn score(corpus: &[Value], preds: &[Value]) -> Score {
    let mut s = Score { cases: corpus.len(), ..Score::default() };
    let empty = json!({"steps": []});
    for (i, case) in corpus.iter().enumerate() {
        let mut p = preds.get(i).unwrap_or(&empty);
        let text = p.get("text").unwrap_or(&Value::Null);
        if !text.is_null() && Some(text) != case.get("text") {
            p = &empty; // misaligned output counts as a miss
        }
        let mut why = Vec::new();
        let lang = p.get("lang").unwrap_or(&Value::Null);
        if !s.tick("lang", Some(lang) == case.get("lang").or(Some(&Value::Null))) {
            why.push(format!("lang {}", py(lang)));
        }
        let exp = case.get("expect").and_then(Value::as_array).cloned().unwrap_or_default();
        let got = steps_of(p);
        let route_ok = route_of(&exp) == route_of(&got);
        if !s.tick("route", route_ok) {
            let r: Vec<String> = route_of(&got).iter().map(|(r, a)| format!("{}/{}", py(r), py(a))).collect();
            why.push(format!("route {}", r.join(" + ")));
        }
        for (j, e) in exp.iter().enumerate() {
            let g = if route_ok { got.get(j).cloned().unwrap_or(json!({})) } else { json!({}) };
            score_slots(&mut s, e, &g, &mut why);
        }
        if !why.is_empty() {
            let id = case.get("id").map(py).unwrap_or_else(|| i.to_string());
            let text = case.get("text").and_then(Value::as_str).unwrap_or("");
            s.misses.push(format!("MISS {id}: {text}\n      {}", why.join("; ")));
        }
    }
    s
}

fn score_slots(s: &mut Score, e: &Value, g: &Value, why: &mut Vec<String>) {
    if let Some(w) = e.get("when")
        && !s.tick("when", instant(g.get("when")) == instant(Some(w)))
    {
        why.push(format!("when {} != {}", py_opt(g.get("when")), py(w)));
    }
    if let Some(w) = e.get("window") {
        let gw = g.get("window").filter(|v| truthy(v)).cloned().unwrap_or(json!({}));
        let ok = instant(gw.get("start")) == instant(w.get("start")) && instant(gw.get("end")) == instant(w.get("end"));
        if !s.tick("window", ok) {
            why.push(format!("window {gw} != {w}"));
        }
    }
    if let Some(r) = e.get("recurrence")
        && !s.tick("recurrence", g.get("recurrence").unwrap_or(&Value::Null) == r)
    {
        why.push(format!("recurrence {}", py_opt(g.get("recurrence"))));
    }
    if let Some(l) = e.get("list") {
        let (a, b) = (norm(g.get("list")), norm(Some(l)));
        if !s.tick("list", !a.is_empty() && (b.contains(&a) || a.contains(&b))) {
            why.push(format!("list {}", py_opt(g.get("list"))));
        }
    }
    if let Some(items) = e.get("items") {
        let sorted = |v: Option<&Value>| {
            let mut n: Vec<String> =
                v.and_then(Value::as_array).map(|a| a.iter().map(|x| norm(Some(x))).collect()).unwrap_or_default();
            n.sort();
            n
        };
        if !s.tick("items", sorted(g.get("items")) == sorted(Some(items))) {
            why.push(format!("items {}", py_opt(g.get("items"))));
        }
    }
    if let Some(n) = e.get("title_has")
        && !s.tick("title", has_all(g.get("title"), n))
    {
        why.push(format!("title {}", py_opt(g.get("title"))));
    }
    if let Some(n) = e.get("query_has")
        && !s.tick("query", has_all(g.get("query"), n))
    {
        why.push(format!("query {}", py_opt(g.get("query"))));
    }
}

fn truthy(v: &Value) -> bool {
    match v {
        Value::Null | Value::Bool(false) => false,
        Value::Object(m) => !m.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::String(s) => !s.is_empty(),
        _ => true,
    }
}

/// A value as a miss line shows it: strings bare, null as None.
fn py(v: &Value) -> String {
    match v {
        Value::Null => "None".into(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn py_opt(v: Option<&Value>) -> String {
    v.map(py).unwrap_or_else(|| "None".into())
}

#[cfg(test)]
#[path = "understand_tests.rs"]
mod tests;
