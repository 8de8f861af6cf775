//! The one source of "now", and the time context every turn carries.
//!
//! The clock can be frozen and moved by tests (scheduler tests cross DST changes without
//! waiting for them); production uses the system clock.

use std::sync::{Arc, Mutex};

use chrono::{DateTime, Datelike, Duration, Utc};
use chrono_tz::Tz;

#[derive(Clone, Debug, Default)]
pub struct Clock {
    fixed: Option<Arc<Mutex<DateTime<Utc>>>>,
}

impl Clock {
    pub fn system() -> Self {
        Self { fixed: None }
    }

    /// A clock that stands still at `at` until `advance`/`set` move it.
    pub fn frozen(at: DateTime<Utc>) -> Self {
        Self { fixed: Some(Arc::new(Mutex::new(at))) }
    }

    pub fn now(&self) -> DateTime<Utc> {
        match &self.fixed {
            // A poisoned lock still holds a valid instant.
            Some(m) => *m.lock().unwrap_or_else(|p| p.into_inner()),
            None => Utc::now(),
        }
    }

    pub fn set(&self, at: DateTime<Utc>) {
        if let Some(m) = &self.fixed {
            *m.lock().unwrap_or_else(|p| p.into_inner()) = at;
        }
    }

    pub fn advance(&self, by: Duration) {
        self.set(self.now() + by);
    }
}

/// The user's "now" in their timezone, as each turn (and later each LLM prompt) sees it.
#[derive(Clone, Copy, Debug)]
pub struct TimeContext {
    pub now: DateTime<Tz>,
}

impl TimeContext {
    pub fn new(now_utc: DateTime<Utc>, tz: Tz) -> Self {
        Self { now: now_utc.with_timezone(&tz) }
    }

    pub fn tz(&self) -> Tz {
        self.now.timezone()
    }
}

impl std::fmt::Display for TimeContext {
    /// `[Current time: Thursday, 22/01/2026 21:09 (2026-01-22T21:09:21+02:00), Day: Thursday (4), Timezone: Asia/Jerusalem]`
    /// The day number counts from Sunday = 0, as the Israeli week (and JavaScript's getDay) does.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.now;
        write!(
            f,
            "[Current time: {}, {} ({}), Day: {} ({}), Timezone: {}]",
            n.format("%A"),
            n.format("%d/%m/%Y %H:%M"),
            n.format("%Y-%m-%dT%H:%M:%S%:z"),
            n.format("%A"),
            n.weekday().num_days_from_sunday(),
            n.timezone().name()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_context_prints_the_design_format_in_jerusalem() {
        let utc = DateTime::parse_from_rfc3339("2026-01-22T19:09:21Z").unwrap().with_timezone(&Utc);
        let ctx = TimeContext::new(utc, chrono_tz::Asia::Jerusalem);
        assert_eq!(
            ctx.to_string(),
            "[Current time: Thursday, 22/01/2026 21:09 (2026-01-22T21:09:21+02:00), Day: Thursday (4), Timezone: Asia/Jerusalem]"
        );
    }

    #[test]
    fn time_context_uses_summer_offset_after_dst() {
        let utc = DateTime::parse_from_rfc3339("2026-07-01T09:00:00Z").unwrap().with_timezone(&Utc);
        let ctx = TimeContext::new(utc, chrono_tz::Asia::Jerusalem);
        assert!(ctx.to_string().contains("(2026-07-01T12:00:00+03:00)"));
    }

    #[test]
    fn frozen_clock_moves_only_when_told() {
        let start = Utc::now();
        let clock = Clock::frozen(start);
        assert_eq!(clock.now(), start);
        clock.advance(Duration::hours(3));
        assert_eq!(clock.now(), start + Duration::hours(3));
    }
}
