//! Reading a Gmail message (`users.messages.get`, `format=full`) as text: the headers a reply
//! names (RFC 2047 encoded-words decoded) and one plain-text body, shortened for a chat.
//!
//! Gmail quirks this module owns (see tests/fixtures/google/README.md for the shapes):
//! - `body.data` is base64url, padded or not; the hub types decode it, [`decode_base64url`]
//!   is the lenient fallback.
//! - `body.data` is usually already UTF-8 while the part still declares its original charset
//!   (windows-1255, iso-8859-8): decode by the declared charset **only when the bytes are not
//!   valid UTF-8**, else a Hebrew mail comes out as mojibake.
//! - `iso-8859-8-i` (logical-order Hebrew) has no encoder of its own: it maps to `iso-8859-8`.
//! - a part may still carry `Content-Transfer-Encoding: quoted-printable` or `base64` on top.
//!
//! Nothing here does I/O.

use base64::Engine as _;
use encoding_rs::Encoding;

/// One MIME part, as the parts of the answer that matter here.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Part {
    pub mime_type: String,
    pub headers: Vec<(String, String)>,
    /// the body bytes after Gmail's base64url (not yet after the part's own transfer encoding)
    pub data: Option<Vec<u8>>,
    pub filename: String,
    pub parts: Vec<Part>,
}

impl Part {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// Whether this part or one below it is an attachment (a named file).
    pub fn has_attachment(&self) -> bool {
        !self.filename.is_empty() || self.parts.iter().any(Part::has_attachment)
    }
}

impl From<&google_gmail1::api::MessagePart> for Part {
    fn from(p: &google_gmail1::api::MessagePart) -> Self {
        Part {
            mime_type: p.mime_type.clone().unwrap_or_default().to_ascii_lowercase(),
            headers: p
                .headers
                .iter()
                .flatten()
                .map(|h| (h.name.clone().unwrap_or_default(), h.value.clone().unwrap_or_default()))
                .collect(),
            data: p.body.as_ref().and_then(|b| b.data.clone()),
            filename: p.filename.clone().unwrap_or_default(),
            parts: p.parts.iter().flatten().map(Part::from).collect(),
        }
    }
}

impl Part {
    /// A `MessagePart` from Gmail's JSON, reading `body.data` leniently (padded or not).
    pub fn from_json(v: &serde_json::Value) -> Self {
        let s = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_string();
        Part {
            mime_type: s(&v["mimeType"]).to_ascii_lowercase(),
            headers: v["headers"].as_array().into_iter().flatten().map(|h| (s(&h["name"]), s(&h["value"]))).collect(),
            data: v["body"]["data"].as_str().and_then(decode_base64url),
            filename: s(&v["filename"]),
            parts: v["parts"].as_array().into_iter().flatten().map(Part::from_json).collect(),
        }
    }
}

/// base64url with or without `=` padding (and tolerant of the standard alphabet).
pub fn decode_base64url(s: &str) -> Option<Vec<u8>> {
    use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
    use base64::engine::{DecodePaddingMode, general_purpose};
    let lenient = GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent);
    let url = GeneralPurpose::new(&base64::alphabet::URL_SAFE, lenient);
    let std = GeneralPurpose::new(&base64::alphabet::STANDARD, lenient);
    let s: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    url.decode(&s).or_else(|_| std.decode(&s)).or_else(|_| general_purpose::STANDARD.decode(&s)).ok()
}

/// The plain text of a message: the first `text/plain` part (an HTML part stripped to text
/// when there is none). Attachments are skipped.
pub fn body_text(root: &Part) -> Option<String> {
    find(root, "text/plain").or_else(|| find(root, "text/html").map(|h| html_to_text(&h)))
}

fn find(part: &Part, want: &str) -> Option<String> {
    if part.mime_type == want && part.filename.is_empty() {
        return part.data.as_deref().map(|d| part_text(part, d));
    }
    part.parts.iter().find_map(|p| find(p, want))
}

/// The text of one leaf part: its transfer encoding undone, then its charset.
fn part_text(part: &Part, data: &[u8]) -> String {
    let cte = part.header("Content-Transfer-Encoding").unwrap_or("").trim().to_ascii_lowercase();
    let bytes = match cte.as_str() {
        "quoted-printable" => quoted_printable(data, false),
        // Gmail normally undoes base64 itself; a part that still looks like base64 text is
        // decoded, anything else is taken as it is.
        "base64" => match std::str::from_utf8(data).ok().and_then(decode_base64url) {
            Some(b) => b,
            None => data.to_vec(),
        },
        _ => data.to_vec(),
    };
    let charset = part.header("Content-Type").and_then(content_type_charset);
    decode_charset(&bytes, charset.as_deref())
}

/// The `charset=` parameter of a Content-Type value, unquoted and lowercased.
pub fn content_type_charset(value: &str) -> Option<String> {
    value.split(';').skip(1).find_map(|p| {
        let (k, v) = p.split_once('=')?;
        k.trim().eq_ignore_ascii_case("charset").then(|| v.trim().trim_matches('"').to_ascii_lowercase())
    })
}

/// Bytes to text: valid UTF-8 stays as it is whatever the label says (Gmail's re-encoding);
/// otherwise the declared charset, with `iso-8859-8-i` read as `iso-8859-8`.
pub fn decode_charset(bytes: &[u8], charset: Option<&str>) -> String {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return s.to_string();
    }
    let label = charset.unwrap_or("windows-1252").trim().to_ascii_lowercase();
    let label = if label == "iso-8859-8-i" { "iso-8859-8".to_string() } else { label };
    let encoding = Encoding::for_label(label.as_bytes()).unwrap_or(encoding_rs::WINDOWS_1252);
    encoding.decode_without_bom_handling(bytes).0.into_owned()
}

/// Quoted-printable decoding (RFC 2045); `underscores` for the Q encoding of RFC 2047 words.
pub fn quoted_printable(data: &[u8], underscores: bool) -> Vec<u8> {
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(data.len());
    let mut i = 0;
    while i < data.len() {
        match data[i] {
            b'=' if data.get(i + 1..i + 3).is_some_and(|h| h == b"\r\n") => i += 3,
            b'=' if data.get(i + 1) == Some(&b'\n') => i += 2,
            b'=' => match (data.get(i + 1).and_then(|&b| hex(b)), data.get(i + 2).and_then(|&b| hex(b))) {
                (Some(h), Some(l)) => {
                    out.push(h * 16 + l);
                    i += 3;
                }
                _ => {
                    out.push(b'=');
                    i += 1;
                }
            },
            b'_' if underscores => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}

/// A header value with its RFC 2047 encoded-words (`=?charset?B|Q?...?=`) decoded; white space
/// between two adjacent encoded-words is dropped, as the RFC says.
pub fn decode_header(value: &str) -> String {
    let mut out = String::new();
    let mut rest = value;
    let mut last_was_word = false;
    while let Some(start) = rest.find("=?") {
        let (before, from) = rest.split_at(start);
        match encoded_word(from) {
            Some((text, used)) => {
                if !(last_was_word && before.trim().is_empty()) {
                    out.push_str(before);
                }
                out.push_str(&text);
                rest = &from[used..];
                last_was_word = true;
            }
            None => {
                out.push_str(before);
                out.push_str("=?");
                rest = &from[2..];
                last_was_word = false;
            }
        }
    }
    out.push_str(rest);
    out
}

/// One encoded-word at the start of `s`: its text and how many bytes it took.
fn encoded_word(s: &str) -> Option<(String, usize)> {
    let inner = s.strip_prefix("=?")?;
    let (charset, after) = inner.split_once('?')?;
    let (enc, after) = after.split_once('?')?;
    let end = after.find("?=")?;
    let payload = &after[..end];
    let bytes = match enc.to_ascii_lowercase().as_str() {
        "b" => decode_base64url(payload)?,
        "q" => quoted_printable(payload.as_bytes(), true),
        _ => return None,
    };
    // RFC 2231 language suffix: "utf-8*he"
    let charset = charset.split('*').next().unwrap_or(charset);
    // `after` is a suffix of `s`: the word ends where its remainder after "?=" begins
    let used = s.len() - (after.len() - end - 2);
    Some((decode_charset(&bytes, Some(charset)), used))
}

/// HTML to readable text: tags dropped (block ends become line breaks), scripts and styles
/// removed, the common entities decoded.
pub fn html_to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        let Some(gt) = rest[lt..].find('>') else {
            rest = "";
            break;
        };
        let tag = rest[lt + 1..lt + gt].trim().to_ascii_lowercase();
        rest = &rest[lt + gt + 1..];
        let name = tag.trim_start_matches('/').split(|c: char| c.is_whitespace() || c == '/').next().unwrap_or("");
        if (name == "script" || name == "style") && !tag.starts_with('/') {
            let close = format!("</{name}");
            rest = rest.to_ascii_lowercase().find(&close).map_or("", |i| &rest[i..]);
            continue;
        }
        if matches!(name, "br" | "p" | "div" | "li" | "tr" | "h1" | "h2" | "h3" | "blockquote") {
            out.push('\n');
        }
    }
    out.push_str(rest);
    let text = out
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    lines.join("\n").split("\n\n\n").collect::<Vec<_>>().join("\n\n").trim().to_string()
}

/// A body shortened for a chat reply: quoted replies ("> ...", "On ... wrote:") and the
/// signature ("-- ") cut, blank runs collapsed, at most `max` characters.
pub fn shorten(body: &str, max: usize) -> String {
    let mut kept: Vec<&str> = Vec::new();
    for line in body.lines() {
        let t = line.trim_end();
        if t == "--" || t == "-- " || line == "-- " || is_quote_intro(t) || t.starts_with("-----Original Message") {
            break;
        }
        if t.starts_with('>') {
            continue;
        }
        if t.is_empty() && kept.last().is_some_and(|l| l.is_empty()) {
            continue;
        }
        kept.push(t);
    }
    let text = kept.join("\n").trim().to_string();
    crate::resolvers::actions::short(&text, max)
}

/// "On Tue, 10 Mar 2026 at 15:00, Dana <dana@example.com> wrote:" / "ב-10 במרץ ... כתב/ה:".
fn is_quote_intro(line: &str) -> bool {
    let t = line.trim();
    (t.starts_with("On ") && t.ends_with("wrote:"))
        || (t.ends_with("כתב:") || t.ends_with("כתבה:") || t.ends_with("כתב/ה:")) && t.contains('@')
}

#[cfg(test)]
#[path = "mime_tests.rs"]
mod tests;
