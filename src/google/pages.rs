//! The linking pages: small server-rendered HTML, every sentence from locales/*/google.ftl. Each
//! page is bilingual: the user's language first, the other below, each block with its own
//! `lang` and `dir` (right-to-left for Hebrew). No page ever shows an error's raw text.

use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};

use crate::reply::Msg;
use crate::understand::Lang;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    /// what Ozer will access and why, and the button to Google
    Start,
    Linked,
    Denied,
    /// unknown, expired or already used link or state
    Invalid,
    /// Google or the database failed; nothing was stored
    Failed,
}

impl Page {
    fn ids(self) -> (&'static str, &'static str) {
        match self {
            Page::Start => ("google-page-start-title", "google-page-start-body"),
            Page::Linked => ("google-page-linked-title", "google-page-linked-body"),
            Page::Denied => ("google-page-denied-title", "google-page-denied-body"),
            Page::Invalid => ("google-page-invalid-title", "google-page-invalid-body"),
            Page::Failed => ("google-page-failed-title", "google-page-failed-body"),
        }
    }

    fn status(self) -> StatusCode {
        match self {
            Page::Start | Page::Linked | Page::Denied => StatusCode::OK,
            Page::Invalid => StatusCode::BAD_REQUEST,
            Page::Failed => StatusCode::BAD_GATEWAY,
        }
    }
}

fn dir(lang: Lang) -> &'static str {
    match lang {
        Lang::He => "rtl",
        _ => "ltr",
    }
}

fn other(lang: Lang) -> Lang {
    match lang {
        Lang::He => Lang::En,
        _ => Lang::He,
    }
}

/// Escapes text for HTML (our sentences hold no markup, but a name or token might).
fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn block(page: Page, lang: Lang, token: Option<&str>) -> String {
    let (title, body) = page.ids();
    let paragraphs: String = Msg::new(body)
        .render(lang)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| format!("<p>{}</p>", esc(l)))
        .collect();
    let button = match (page, token) {
        (Page::Start, Some(t)) => format!(
            "<form method=\"post\" action=\"/oauth/google/start\"><input type=\"hidden\" name=\"t\" value=\"{}\">\
             <button type=\"submit\" class=\"go\">{}</button></form>",
            esc(t),
            esc(&Msg::new("google-page-start-button").render(lang))
        ),
        _ => String::new(),
    };
    format!(
        "<section lang=\"{code}\" dir=\"{dir}\"><h1>{title}</h1>{paragraphs}{button}</section>",
        code = lang.code(),
        dir = dir(lang),
        title = esc(&Msg::new(title).render(lang)),
    )
}

/// The whole page: the user's language first, then the other.
pub fn html(page: Page, lang: Lang, token: Option<&str>) -> String {
    let (title, _) = page.ids();
    format!(
        "<!doctype html><html lang=\"{code}\" dir=\"{dir}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title>\
         <style>body{{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5}}\
         section+section{{border-top:1px solid #ccc;margin-top:2rem;color:#444}}\
         .go{{font-size:1.1rem;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#1a73e8;color:#fff}}</style>\
         </head><body>{first}{second}</body></html>",
        code = lang.code(),
        dir = dir(lang),
        title = esc(&Msg::new(title).render(lang)),
        first = block(page, lang, token),
        second = block(page, other(lang), token),
    )
}

pub fn render(page: Page, lang: Lang, token: Option<&str>) -> Response {
    (page.status(), [("cache-control", "no-store")], Html(html(page, lang, token))).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hebrew_page_is_right_to_left_and_carries_the_english_too() {
        let page = html(Page::Start, Lang::He, Some("abc"));
        assert!(page.starts_with("<!doctype html><html lang=\"he\" dir=\"rtl\">"));
        assert!(page.contains("<section lang=\"en\" dir=\"ltr\">"));
        assert_eq!(page.matches("name=\"t\" value=\"abc\"").count(), 2);
    }
}
