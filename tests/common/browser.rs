//! Web pages in a real headless browser: Debian's chromium driven by tests/browser/page.js
//! (playwright-core). `page(spec)` opens one URL, runs the spec's actions (fill, press, click,
//! waitFor, waitForText, wait), takes a screenshot when asked and returns page.js's JSON report
//! (title, lang, computed direction, visible text, and per-selector text/dir/direction/geometry).
//!
//! The browser is made ready once per test binary by scripts/browser.sh (installs chromium and
//! playwright-core when missing). Where that is impossible the test is skipped with a note, except
//! under `CI=true`, where it fails. Screenshots go to `screenshot_path(name)`, under the target
//! dir's `screenshots/` folder, so a person can look at them after a run.

use std::path::PathBuf;

use serde_json::Value;
use tokio::sync::OnceCell;

use super::in_ci;

static READY: OnceCell<bool> = OnceCell::const_new();

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

async fn ready() -> bool {
    *READY
        .get_or_init(|| async {
            let out = tokio::process::Command::new("bash").arg(root().join("scripts/browser.sh")).output().await;
            match out {
                Ok(o) if o.status.success() => true,
                Ok(o) => {
                    let why = String::from_utf8_lossy(&o.stderr).to_string();
                    assert!(!in_ci(), "the headless browser is needed (CI=true: not skipped): {why}");
                    eprintln!("note: no headless browser ({why}); skipping the browser checks");
                    false
                }
                Err(e) => {
                    assert!(!in_ci(), "could not run scripts/browser.sh: {e}");
                    eprintln!("note: could not run scripts/browser.sh ({e}); skipping the browser checks");
                    false
                }
            }
        })
        .await
}

/// Where a screenshot named `name` is written (the folder is created).
pub fn screenshot_path(name: &str) -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&dir).expect("screenshots dir");
    dir.join(format!("{name}.png")).to_string_lossy().into_owned()
}

/// Runs one page spec (see tests/browser/page.js) and returns its report, or `None` when no
/// browser can be had outside CI. Panics with page.js's error when the page could not be driven.
pub async fn page(spec: Value) -> Option<Value> {
    if !ready().await {
        return None;
    }
    let out = tokio::process::Command::new("node")
        .arg(root().join("tests/browser/page.js"))
        .arg(spec.to_string())
        .output()
        .await
        .expect("run node");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let report: Value = serde_json::from_str(&stdout).unwrap_or_else(|e| {
        panic!("page.js printed no report ({e}): {stdout}\n{}", String::from_utf8_lossy(&out.stderr))
    });
    assert!(out.status.success() && report.get("error").is_none(), "page.js failed: {report}");
    Some(report)
}
