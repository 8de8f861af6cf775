//! Encryption at rest for Google refresh tokens: AES-256-GCM under `OZER_ENCRYPTION_KEY`
//! (64 hex digits, validated in config.rs). Stored form: base64 of `nonce (12 bytes) ||
//! ciphertext+tag`, a fresh random nonce per encryption. A token never reaches the database,
//! a log line or an error message in clear.

use aes_gcm::aead::{Aead, Generate, KeyInit};
use aes_gcm::{Aes256Gcm, Key, Nonce};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;

#[derive(Debug, thiserror::Error)]
pub enum CryptoError {
    #[error("the encryption key is not 64 hex digits")]
    BadKey,
    #[error("a stored token could not be decrypted (wrong key or damaged value)")]
    Undecryptable,
}

/// The cipher built from the configured key.
#[derive(Clone)]
pub struct Sealer {
    cipher: Aes256Gcm,
}

impl Sealer {
    pub fn from_hex(hex: &str) -> Result<Self, CryptoError> {
        let bytes = decode_hex(hex).ok_or(CryptoError::BadKey)?;
        let key = Key::<Aes256Gcm>::try_from(bytes.as_slice()).map_err(|_| CryptoError::BadKey)?;
        Ok(Self { cipher: Aes256Gcm::new(&key) })
    }

    pub fn seal(&self, plain: &str) -> String {
        let nonce = Nonce::generate();
        // Encryption into a Vec cannot fail for inputs this small.
        let sealed = self.cipher.encrypt(&nonce, plain.as_bytes()).unwrap_or_default();
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        STANDARD.encode(out)
    }

    pub fn open(&self, stored: &str) -> Result<String, CryptoError> {
        let raw = STANDARD.decode(stored).map_err(|_| CryptoError::Undecryptable)?;
        if raw.len() < 12 {
            return Err(CryptoError::Undecryptable);
        }
        let (nonce, sealed) = raw.split_at(12);
        let nonce = Nonce::try_from(nonce).map_err(|_| CryptoError::Undecryptable)?;
        let plain = self.cipher.decrypt(&nonce, sealed).map_err(|_| CryptoError::Undecryptable)?;
        String::from_utf8(plain).map_err(|_| CryptoError::Undecryptable)
    }
}

fn decode_hex(hex: &str) -> Option<Vec<u8>> {
    if !hex.len().is_multiple_of(2) {
        return None;
    }
    (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

    #[test]
    fn a_sealed_token_opens_again_and_is_not_readable() {
        let s = Sealer::from_hex(KEY).unwrap();
        let sealed = s.seal("1//refresh-token");
        assert!(!sealed.contains("refresh"));
        assert_ne!(s.seal("1//refresh-token"), sealed, "a fresh nonce each time");
        assert_eq!(s.open(&sealed).unwrap(), "1//refresh-token");
    }

    #[test]
    fn another_key_cannot_open_a_sealed_token() {
        let sealed = Sealer::from_hex(KEY).unwrap().seal("secret");
        let other = Sealer::from_hex(&"ab".repeat(32)).unwrap();
        assert!(other.open(&sealed).is_err());
    }
}
