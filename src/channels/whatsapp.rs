//! WhatsApp Business Cloud API channel: the GET verification handshake, the `X-Hub-Signature-256`
//! check, parsing webhook bodies into [`WhatsappEvent`]s, and sending [`Reply`]s and templates
//! through the Graph API (see [`WhatsappClient`]).
//!
//! Graph JSON stops here; nothing outside `channels/` sees it. This module keeps no state: the
//! 24-hour window (`last_inbound_at`), dedupe on wamid and delivery-status bookkeeping belong to
//! the service.
//!
//! [`Reply`]: crate::channels::Reply

mod client;
mod inbound;
pub mod webhook;

pub use client::{GraphFailure, SendError, WhatsappClient};
pub use inbound::{DeliveryStatus, ParseError, StatusUpdate, WhatsappEvent, parse_webhook};
pub use webhook::router;

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

use crate::channels::common::constant_time_eq;

/// Answers Meta's subscription handshake: returns the challenge to echo back (as a plain-text 200
/// body) iff `hub.mode` is `subscribe` and `hub.verify_token` matches; `None` means 403.
///
/// An empty configured token never matches, so a missing setting cannot be "verified" by anyone.
pub fn verify_handshake(
    mode: Option<&str>,
    token: Option<&str>,
    challenge: Option<&str>,
    configured_verify_token: &str,
) -> Option<String> {
    let token_ok = token.is_some_and(|t| {
        !configured_verify_token.is_empty() && constant_time_eq(t.as_bytes(), configured_verify_token.as_bytes())
    });
    (mode == Some("subscribe") && token_ok).then(|| challenge.map(str::to_owned)).flatten()
}

/// Checks `X-Hub-Signature-256: sha256=<hex>` = HMAC-SHA256(app secret, raw body).
///
/// Must be given the bytes exactly as received: Meta signs its `\uXXXX`-escaped JSON, so a body
/// that was parsed and re-serialised (e.g. Hebrew text re-encoded as UTF-8) will not verify.
pub fn verify_signature(raw_body: &[u8], header: Option<&str>, app_secret: &str) -> bool {
    let Some(hex) = header.and_then(|h| h.trim().strip_prefix("sha256=")) else {
        return false;
    };
    let Some(expected) = decode_hex(hex) else {
        return false;
    };
    if app_secret.is_empty() {
        return false;
    }
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(app_secret.as_bytes()) else {
        return false;
    };
    mac.update(raw_body);
    // verify_slice compares in constant time.
    mac.verify_slice(&expected).is_ok()
}

fn decode_hex(hex: &str) -> Option<Vec<u8>> {
    if !hex.len().is_multiple_of(2) {
        return None;
    }
    hex.as_bytes()
        .chunks(2)
        .map(|pair| {
            let high = char::from(pair[0]).to_digit(16)?;
            let low = char::from(pair[1]).to_digit(16)?;
            u8::try_from(high * 16 + low).ok()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handshake_echoes_the_challenge_for_the_right_token() {
        let got = verify_handshake(Some("subscribe"), Some("meatyhamhock"), Some("1158201444"), "meatyhamhock");
        assert_eq!(got.as_deref(), Some("1158201444"));
    }

    #[test]
    fn handshake_refuses_a_wrong_token_mode_or_missing_challenge() {
        assert_eq!(verify_handshake(Some("subscribe"), Some("nope"), Some("1"), "tok"), None);
        assert_eq!(verify_handshake(Some("unsubscribe"), Some("tok"), Some("1"), "tok"), None);
        assert_eq!(verify_handshake(None, Some("tok"), Some("1"), "tok"), None);
        assert_eq!(verify_handshake(Some("subscribe"), None, Some("1"), "tok"), None);
        assert_eq!(verify_handshake(Some("subscribe"), Some("tok"), None, "tok"), None);
        assert_eq!(verify_handshake(Some("subscribe"), Some(""), Some("1"), ""), None);
    }

    #[test]
    fn malformed_signature_headers_fail() {
        for header in ["", "sha256=", "sha256=zz", "sha1=abcd", "sha256=abc", "sha256=ab"] {
            assert!(!verify_signature(b"{}", Some(header), "secret"), "{header}");
        }
    }
}
