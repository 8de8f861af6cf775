//! Writing an outgoing email as Gmail's `raw`: an RFC 2822 message (To, Subject with RFC 2047
//! UTF-8 encoded-words when not ASCII, MIME-Version, text/plain UTF-8, base64 body), then
//! base64url. From is left out: Gmail fills in the account's own address.
//!
//! The Message-ID carries the step's idempotency key, so a resumed send can look for it in the
//! Sent folder (`rfc822msgid:`) before sending again.

use base64::Engine as _;
use base64::engine::general_purpose::{STANDARD, URL_SAFE};
use serde::{Deserialize, Serialize};

/// An email as the user confirmed it (stored in the pending confirmation, so "yes" sends
/// exactly what was shown).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outgoing {
    /// a bare address
    pub to: String,
    /// the recipient's name as the user's mail shows it, when known
    #[serde(default)]
    pub to_name: Option<String>,
    pub subject: String,
    pub body: String,
}

/// The domain of the Message-IDs Ozer writes.
pub const MESSAGE_ID_DOMAIN: &str = "ozer.invalid";

/// The Message-ID (without angle brackets) a send for this idempotency key carries.
pub fn message_id(key: &str) -> String {
    let safe: String = key.chars().filter(|c| c.is_ascii_alphanumeric()).take(64).collect();
    format!("ozer-{safe}@{MESSAGE_ID_DOMAIN}")
}

/// The RFC 2822 source of `mail`, CRLF line ends.
pub fn rfc2822(mail: &Outgoing, message_id: &str) -> String {
    let to = match mail.to_name.as_deref().filter(|n| !n.trim().is_empty()) {
        Some(name) => format!("{} <{}>", display_name(name), mail.to),
        None => mail.to.clone(),
    };
    let body = STANDARD.encode(mail.body.replace("\r\n", "\n").replace('\n', "\r\n").as_bytes());
    let lines: Vec<&str> = body.as_bytes().chunks(76).filter_map(|c| std::str::from_utf8(c).ok()).collect();
    [
        format!("To: {to}"),
        format!("Subject: {}", encode_header(&mail.subject)),
        format!("Message-ID: <{message_id}>"),
        "MIME-Version: 1.0".to_string(),
        "Content-Type: text/plain; charset=UTF-8".to_string(),
        "Content-Transfer-Encoding: base64".to_string(),
        String::new(),
        lines.join("\r\n"),
        String::new(),
    ]
    .join("\r\n")
}

/// Gmail's `raw`: the message base64url-encoded.
pub fn raw(source: &str) -> String {
    URL_SAFE.encode(source.as_bytes())
}

/// A header value as is when printable ASCII, else RFC 2047 `=?UTF-8?B?...?=` words, each at
/// most 75 characters and split only between characters.
pub fn encode_header(value: &str) -> String {
    let value = value.replace(['\r', '\n'], " ");
    if value.chars().all(|c| (' '..='~').contains(&c)) {
        return value;
    }
    // 75 - len("=?UTF-8?B??=") = 63 base64 characters = 45 bytes of text per word
    let mut words = Vec::new();
    let mut chunk = String::new();
    for c in value.chars() {
        if chunk.len() + c.len_utf8() > 45 {
            words.push(std::mem::take(&mut chunk));
        }
        chunk.push(c);
    }
    if !chunk.is_empty() {
        words.push(chunk);
    }
    words.iter().map(|w| format!("=?UTF-8?B?{}?=", STANDARD.encode(w.as_bytes()))).collect::<Vec<_>>().join("\r\n ")
}

/// A display name: encoded when not ASCII, quoted when it has specials.
fn display_name(name: &str) -> String {
    let name = name.replace(['\r', '\n'], " ");
    let name = name.trim();
    if !name.is_ascii() {
        return encode_header(name);
    }
    if name.chars().any(|c| "()<>[]:;@\\,.\"".contains(c)) {
        return format!("\"{}\"", name.replace(['"', '\\'], ""));
    }
    name.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::google::mime;

    fn mail(subject: &str, body: &str) -> Outgoing {
        Outgoing {
            to: "dana@example.com".into(),
            to_name: Some("דנה כהן".into()),
            subject: subject.into(),
            body: body.into(),
        }
    }

    #[test]
    fn a_hebrew_subject_goes_out_as_utf8_encoded_words_and_reads_back() {
        let subject = "תזכורת: פגישה מחר ב-15:00 עם כל הצוות של המשרד הראשי בתל אביב";
        let encoded = encode_header(subject);
        assert!(encoded.starts_with("=?UTF-8?B?"), "{encoded}");
        assert!(encoded.lines().all(|l| l.trim().len() <= 75), "{encoded}");
        assert!(encoded.lines().count() > 1, "a long subject is folded into several words");
        assert_eq!(mime::decode_header(&encoded.replace("\r\n", "")), subject);
    }

    #[test]
    fn an_ascii_subject_stays_plain() {
        assert_eq!(encode_header("Contract signed"), "Contract signed");
    }

    #[test]
    fn the_raw_message_has_the_headers_and_a_base64_utf8_body() {
        let m = mail("שלום", "שלום דנה,\nנתראה מחר.");
        let source = rfc2822(&m, &message_id("ab12"));
        let decoded = mime::decode_base64url(&raw(&source)).unwrap();
        let text = String::from_utf8(decoded).unwrap();
        assert_eq!(text, source);
        assert!(!text.contains("From:"), "Gmail fills in From");
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.contains("MIME-Version: 1.0"));
        assert!(head.contains("Content-Type: text/plain; charset=UTF-8"));
        assert!(head.contains("Message-ID: <ozer-ab12@ozer.invalid>"));
        let to = head.lines().find(|l| l.starts_with("To: ")).unwrap();
        assert_eq!(mime::decode_header(to), "To: דנה כהן <dana@example.com>");
        let bytes = mime::decode_base64url(&body.replace("\r\n", "")).unwrap();
        assert_eq!(String::from_utf8(bytes).unwrap(), "שלום דנה,\r\nנתראה מחר.");
    }

    #[test]
    fn a_newline_in_a_subject_cannot_inject_a_header() {
        let m = mail("hi\r\nBcc: evil@example.com", "x");
        let source = rfc2822(&m, "id@x");
        assert!(!source.lines().any(|l| l.starts_with("Bcc:")), "{source}");
    }
}
