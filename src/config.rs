//! Settings from the environment: every knob Ozer has, parsed once at start-up into types.
//!
//! Owns validation (a bad value stops start-up with one line naming the variable) and the
//! `Secret` wrapper that keeps tokens out of logs and `Debug` output. It must not read the
//! environment anywhere else: the rest of Ozer receives a `Settings`.

use std::fmt;
use std::net::SocketAddr;

use chrono_tz::Tz;
use url::Url;

use crate::understand::Lang;

/// A value that must never be printed: `Debug` and `Display` show `***`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }
    /// The only way to read a secret; grep for it to audit where secrets go.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

/// A setting that could not be used, with the variable's name first so the one log line says
/// exactly what to fix.
#[derive(Debug, thiserror::Error)]
#[error("{var}: {message}")]
pub struct ConfigError {
    pub var: &'static str,
    pub message: String,
}

#[derive(Debug, Clone)]
pub struct TelegramSettings {
    pub bot_token: Secret,
    pub webhook_secret: Option<Secret>,
    pub api_url: Url,
}

#[derive(Debug, Clone)]
pub struct WhatsappSettings {
    pub access_token: Secret,
    pub app_secret: Secret,
    pub verify_token: Secret,
    pub phone_number_id: String,
    pub api_url: Url,
    pub api_version: String,
    /// pre-approved template used for reminders outside the 24-hour customer-service window
    pub reminder_template: String,
}

#[derive(Debug, Clone)]
pub struct GoogleSettings {
    pub client_id: String,
    pub client_secret: Secret,
    pub auth_url: Url,
    pub token_url: Url,
    /// where "unlink google" revokes the refresh token
    pub revoke_url: Url,
    /// one root under which `calendar/v3/` and `gmail/v1/` live
    pub api_url: Url,
}

#[derive(Debug, Clone)]
pub struct LlmSettings {
    pub base_url: Url,
    pub api_key: Option<Secret>,
    pub model: String,
}

#[derive(Debug, Clone)]
pub struct EmbeddingsSettings {
    pub url: Url,
    pub model: String,
    pub api_key: Option<Secret>,
    /// how long one embeddings call may take before recall goes on lexical-only
    pub timeout: std::time::Duration,
}

#[derive(Debug, Clone)]
pub struct Settings {
    pub bind: SocketAddr,
    /// the address people (and webhooks) reach Ozer at; defaults to http://{bind}
    pub public_url: Url,
    /// true when OZER_PUBLIC_URL was given (then webhooks are registered at start-up)
    pub public_url_configured: bool,
    pub database_url: String,
    pub timezone: Tz,
    pub lang: Lang,
    pub web_chat: bool,
    pub encryption_key: Option<Secret>,
    /// phone numbers / Telegram user ids allowed to talk to Ozer; empty = everyone
    pub allowlist: Vec<String>,
    pub rate_limit_per_minute: u32,
    /// the watchdog of one turn: past it, the user gets what was done and what was not
    pub turn_timeout: std::time::Duration,
    pub telegram: Option<TelegramSettings>,
    pub whatsapp: Option<WhatsappSettings>,
    pub google: Option<GoogleSettings>,
    pub llm: Option<LlmSettings>,
    pub embeddings: Option<EmbeddingsSettings>,
}

pub const DEFAULT_DATABASE_URL: &str = "sqlite://ozer.db?mode=rwc";

impl Settings {
    /// Reads the process environment.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|key| std::env::var(key).ok())
    }

    /// Reads settings through `get`, so tests can pass a map instead of the real environment.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let env = Env(&get);
        let bind: SocketAddr = env.parse_or("OZER_BIND", "127.0.0.1:8080", |v| {
            v.parse().map_err(|_| "expected host:port, e.g. 127.0.0.1:8080".to_string())
        })?;
        let public_url_raw = env.get("OZER_PUBLIC_URL");
        let public_url = match &public_url_raw {
            Some(raw) => parse_url("OZER_PUBLIC_URL", raw)?,
            None => parse_url("OZER_BIND", &format!("http://{bind}/"))?,
        };
        let timezone = env.parse_or("OZER_TIMEZONE", "Asia/Jerusalem", |v| {
            v.parse::<Tz>().map_err(|_| format!("unknown timezone '{v}' (use an IANA name such as Asia/Jerusalem)"))
        })?;
        let lang = env.parse_or("OZER_LANG", "he", |v| {
            Lang::from_code(v).ok_or_else(|| format!("unknown language '{v}' (use he or en)"))
        })?;
        // On by default only where no one else can reach it: a loopback public URL. A loopback
        // bind alone is not enough, since that is also what sits behind a reverse proxy.
        let web_chat = match env.get("OZER_WEB_CHAT") {
            Some(v) => parse_switch("OZER_WEB_CHAT", &v)?,
            None => is_loopback_url(&public_url),
        };
        let encryption_key = env.get("OZER_ENCRYPTION_KEY").map(|v| validate_key(&v)).transpose()?;
        let allowlist = env
            .get("OZER_ALLOWLIST")
            .map(|v| {
                v.split(',').map(|s| s.trim().trim_start_matches('+').to_string()).filter(|s| !s.is_empty()).collect()
            })
            .unwrap_or_default();
        let rate_limit_per_minute = env.parse_or("OZER_RATE_LIMIT", "30", |v| {
            v.parse::<u32>().map_err(|_| "expected a whole number of messages per minute".to_string())
        })?;
        let turn_timeout = env.parse_or("OZER_TURN_TIMEOUT", "90", |v| match v.parse::<f64>() {
            Ok(secs) if secs > 0.0 && secs <= 3600.0 => Ok(std::time::Duration::from_secs_f64(secs)),
            _ => Err("expected seconds between 0 and 3600, e.g. 90".to_string()),
        })?;
        Ok(Settings {
            bind,
            public_url,
            public_url_configured: public_url_raw.is_some(),
            database_url: env.get("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.into()),
            timezone,
            lang,
            web_chat,
            encryption_key,
            allowlist,
            rate_limit_per_minute,
            turn_timeout,
            telegram: telegram(&env)?,
            whatsapp: whatsapp(&env)?,
            google: google(&env)?,
            llm: llm(&env)?,
            embeddings: embeddings(&env)?,
        })
    }

    /// Settings for tests and `ozer chat`: defaults, with no environment read at all.
    pub fn defaults() -> Self {
        // The empty lookup always succeeds: every default above is valid.
        Self::from_lookup(|_| None).unwrap_or_else(|e| unreachable!("defaults are valid: {e}"))
    }
}

struct Env<'a>(&'a dyn Fn(&str) -> Option<String>);

impl Env<'_> {
    /// A variable's value; an empty or whitespace-only value counts as unset.
    fn get(&self, key: &str) -> Option<String> {
        (self.0)(key).map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
    }

    fn parse_or<T>(
        &self,
        var: &'static str,
        default: &str,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Result<T, ConfigError> {
        let raw = self.get(var).unwrap_or_else(|| default.to_string());
        parse(&raw).map_err(|message| ConfigError { var, message })
    }

    fn url_or(&self, var: &'static str, default: &str) -> Result<Url, ConfigError> {
        parse_url(var, &self.get(var).unwrap_or_else(|| default.to_string()))
    }
}

fn parse_url(var: &'static str, raw: &str) -> Result<Url, ConfigError> {
    let url = Url::parse(raw).map_err(|e| ConfigError { var, message: format!("not a URL ({e})") })?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(ConfigError { var, message: "expected an http:// or https:// URL".into() });
    }
    Ok(url)
}

fn parse_switch(var: &'static str, raw: &str) -> Result<bool, ConfigError> {
    match raw.to_ascii_lowercase().as_str() {
        "on" | "true" | "1" | "yes" => Ok(true),
        "off" | "false" | "0" | "no" => Ok(false),
        _ => Err(ConfigError { var, message: format!("expected on or off, got '{raw}'") }),
    }
}

/// The key encrypts stored OAuth tokens (AES-256-GCM): 32 bytes written as 64 hex digits.
fn validate_key(raw: &str) -> Result<Secret, ConfigError> {
    let ok = raw.len() == 64 && raw.bytes().all(|b| b.is_ascii_hexdigit());
    if !ok {
        return Err(ConfigError {
            var: "OZER_ENCRYPTION_KEY",
            message: "expected 64 hex digits (32 bytes), e.g. from `openssl rand -hex 32`".into(),
        });
    }
    Ok(Secret::new(raw))
}

/// A channel is on when its token is set; then the settings it cannot work without are required.
fn require(env: &Env, var: &'static str, why: &str) -> Result<String, ConfigError> {
    env.get(var).ok_or_else(|| ConfigError { var, message: format!("required when {why} is set") })
}

fn telegram(env: &Env) -> Result<Option<TelegramSettings>, ConfigError> {
    let Some(token) = env.get("TELEGRAM_BOT_TOKEN") else {
        return Ok(None);
    };
    Ok(Some(TelegramSettings {
        bot_token: Secret::new(token),
        webhook_secret: env.get("TELEGRAM_WEBHOOK_SECRET").map(Secret::new),
        api_url: env.url_or("TELEGRAM_API_URL", "https://api.telegram.org")?,
    }))
}

fn whatsapp(env: &Env) -> Result<Option<WhatsappSettings>, ConfigError> {
    let Some(token) = env.get("WHATSAPP_ACCESS_TOKEN") else {
        return Ok(None);
    };
    let why = "WHATSAPP_ACCESS_TOKEN";
    Ok(Some(WhatsappSettings {
        access_token: Secret::new(token),
        app_secret: Secret::new(require(env, "WHATSAPP_APP_SECRET", why)?),
        verify_token: Secret::new(require(env, "WHATSAPP_VERIFY_TOKEN", why)?),
        phone_number_id: require(env, "WHATSAPP_PHONE_NUMBER_ID", why)?,
        api_url: env.url_or("WHATSAPP_API_URL", "https://graph.facebook.com")?,
        api_version: env.get("WHATSAPP_API_VERSION").unwrap_or_else(|| "v21.0".into()),
        reminder_template: env.get("WHATSAPP_REMINDER_TEMPLATE").unwrap_or_else(|| "ozer_reminder".into()),
    }))
}

fn google(env: &Env) -> Result<Option<GoogleSettings>, ConfigError> {
    let Some(client_id) = env.get("GOOGLE_CLIENT_ID") else {
        return Ok(None);
    };
    // Refresh tokens are stored encrypted, so Google without a key cannot start.
    if env.get("OZER_ENCRYPTION_KEY").is_none() {
        return Err(ConfigError {
            var: "OZER_ENCRYPTION_KEY",
            message: "required when GOOGLE_CLIENT_ID is set (make one with `openssl rand -hex 32`)".into(),
        });
    }
    Ok(Some(GoogleSettings {
        client_id,
        client_secret: Secret::new(require(env, "GOOGLE_CLIENT_SECRET", "GOOGLE_CLIENT_ID")?),
        auth_url: env.url_or("GOOGLE_AUTH_URL", "https://accounts.google.com/o/oauth2/v2/auth")?,
        token_url: env.url_or("GOOGLE_TOKEN_URL", "https://oauth2.googleapis.com/token")?,
        revoke_url: env.url_or("GOOGLE_REVOKE_URL", "https://oauth2.googleapis.com/revoke")?,
        api_url: env.url_or("GOOGLE_API_URL", "https://www.googleapis.com/")?,
    }))
}

fn llm(env: &Env) -> Result<Option<LlmSettings>, ConfigError> {
    let Some(raw) = env.get("LLM_BASE_URL") else {
        return Ok(None);
    };
    Ok(Some(LlmSettings {
        base_url: parse_url("LLM_BASE_URL", &raw)?,
        api_key: env.get("LLM_API_KEY").map(Secret::new),
        model: env.get("LLM_MODEL").unwrap_or_else(|| "gpt-4o-mini".into()),
    }))
}

fn embeddings(env: &Env) -> Result<Option<EmbeddingsSettings>, ConfigError> {
    let Some(raw) = env.get("EMBEDDINGS_URL") else {
        return Ok(None);
    };
    Ok(Some(EmbeddingsSettings {
        url: parse_url("EMBEDDINGS_URL", &raw)?,
        model: env.get("EMBEDDINGS_MODEL").unwrap_or_else(|| "multilingual-e5-small".into()),
        api_key: env.get("EMBEDDINGS_API_KEY").map(Secret::new),
        timeout: env.parse_or("EMBEDDINGS_TIMEOUT_MS", "5000", |v| match v.parse::<u64>() {
            Ok(ms) if ms > 0 => Ok(std::time::Duration::from_millis(ms)),
            _ => Err("expected milliseconds, e.g. 2000".to_string()),
        })?,
    }))
}

/// True when the URL's host is this machine only (localhost, 127.0.0.0/8, ::1).
fn is_loopback_url(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn settings(pairs: &[(&str, &str)]) -> Result<Settings, ConfigError> {
        let map: HashMap<String, String> = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Settings::from_lookup(move |k| map.get(k).cloned())
    }

    #[test]
    fn defaults_bind_loopback_with_sqlite_jerusalem_and_web_chat_on() {
        let s = settings(&[]).unwrap();
        assert_eq!(s.bind.to_string(), "127.0.0.1:8080");
        assert_eq!(s.database_url, DEFAULT_DATABASE_URL);
        assert_eq!(s.timezone, chrono_tz::Asia::Jerusalem);
        assert_eq!(s.lang, Lang::He);
        assert!(s.web_chat);
        assert_eq!(s.public_url.as_str(), "http://127.0.0.1:8080/");
        assert!(s.telegram.is_none() && s.whatsapp.is_none() && s.llm.is_none());
    }

    #[test]
    fn unknown_timezone_names_the_variable() {
        let err = settings(&[("OZER_TIMEZONE", "Mars/Olympus")]).unwrap_err();
        assert_eq!(err.var, "OZER_TIMEZONE");
        assert!(err.to_string().starts_with("OZER_TIMEZONE: unknown timezone 'Mars/Olympus'"));
    }

    #[test]
    fn unparsable_url_names_the_variable() {
        let err = settings(&[("OZER_PUBLIC_URL", "not a url")]).unwrap_err();
        assert_eq!(err.var, "OZER_PUBLIC_URL");
        let err = settings(&[("LLM_BASE_URL", "ftp://x")]).unwrap_err();
        assert_eq!(err.var, "LLM_BASE_URL");
    }

    #[test]
    fn bad_bind_language_switch_and_key_are_refused() {
        assert_eq!(settings(&[("OZER_BIND", "localhost")]).unwrap_err().var, "OZER_BIND");
        assert_eq!(settings(&[("OZER_LANG", "fr")]).unwrap_err().var, "OZER_LANG");
        assert_eq!(settings(&[("OZER_WEB_CHAT", "maybe")]).unwrap_err().var, "OZER_WEB_CHAT");
        assert_eq!(settings(&[("OZER_ENCRYPTION_KEY", "short")]).unwrap_err().var, "OZER_ENCRYPTION_KEY");
    }

    #[test]
    fn web_chat_is_off_by_default_behind_a_public_url_even_on_a_loopback_bind() {
        let proxied = settings(&[("OZER_PUBLIC_URL", "https://ozer.example.com/")]).unwrap();
        assert_eq!(proxied.bind.to_string(), "127.0.0.1:8080");
        assert!(!proxied.web_chat);
        let forced = settings(&[("OZER_PUBLIC_URL", "https://ozer.example.com/"), ("OZER_WEB_CHAT", "on")]).unwrap();
        assert!(forced.web_chat);
        for local in ["http://localhost:8080/", "http://127.0.0.1:9000/", "http://[::1]:8080/"] {
            assert!(settings(&[("OZER_PUBLIC_URL", local)]).unwrap().web_chat, "{local}");
        }
    }

    #[test]
    fn web_chat_is_off_by_default_on_a_public_bind_and_can_be_forced() {
        assert!(!settings(&[("OZER_BIND", "0.0.0.0:8080")]).unwrap().web_chat);
        let on = settings(&[("OZER_BIND", "0.0.0.0:8080"), ("OZER_WEB_CHAT", "on")]).unwrap();
        assert!(on.web_chat);
    }

    #[test]
    fn whatsapp_token_without_app_secret_is_refused() {
        let err = settings(&[("WHATSAPP_ACCESS_TOKEN", "t")]).unwrap_err();
        assert_eq!(err.var, "WHATSAPP_APP_SECRET");
    }

    #[test]
    fn secrets_never_appear_in_debug_output() {
        let s = settings(&[
            ("TELEGRAM_BOT_TOKEN", "123:very-secret-token"),
            ("TELEGRAM_WEBHOOK_SECRET", "hook-secret-xyz"),
            ("LLM_BASE_URL", "http://127.0.0.1:9/v1"),
            ("LLM_API_KEY", "sk-live-abc"),
        ])
        .unwrap();
        let printed = format!("{s:?}");
        for secret in ["very-secret-token", "hook-secret-xyz", "sk-live-abc"] {
            assert!(!printed.contains(secret), "{secret} leaked into Debug output");
        }
        assert!(printed.contains("Secret(***)"));
    }
}
