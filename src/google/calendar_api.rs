//! The Calendar v3 calls Ozer makes, through the generated hub (`google-calendar3`) pointed at
//! `GOOGLE_API_URL` + `calendar/v3/`, each under the retry policy of `errors.rs`. Events come
//! back as [`Ev`]: id, title, and start/end either a UTC instant or an all-day date (all-day
//! dates are never converted through UTC midnight: their end is exclusive).

use chrono::{DateTime, NaiveDate, Utc};
use google_calendar3::CalendarHub;
use google_calendar3::api::{Event, EventAttendee, EventDateTime};

use super::errors::{GoogleError, with_retry};
use super::{Google, HubConnector, UserToken};

const PRIMARY: &str = "primary";

#[derive(Debug, Clone, PartialEq)]
pub enum EvTime {
    At(DateTime<Utc>),
    Day(NaiveDate),
}

#[derive(Debug, Clone)]
pub struct Ev {
    pub id: String,
    pub title: String,
    pub start: EvTime,
    pub end: EvTime,
    /// the series this event is an occurrence of (`recurringEventId`)
    pub series: Option<String>,
}

/// What a new event or a change carries.
#[derive(Debug, Clone, Default)]
pub struct NewEvent {
    pub id: Option<String>,
    pub title: Option<String>,
    pub start: Option<EvTime>,
    pub end: Option<EvTime>,
    /// IANA name sent as `start.timeZone`/`end.timeZone` (required for recurring events)
    pub tz: Option<String>,
    pub attendees: Vec<String>,
    pub rrule: Option<String>,
}

pub struct Cal {
    hub: CalendarHub<HubConnector>,
    token: UserToken,
}

fn when(t: &EvTime, tz: Option<&String>) -> EventDateTime {
    match t {
        EvTime::At(at) => EventDateTime { date: None, date_time: Some(*at), time_zone: tz.cloned() },
        EvTime::Day(d) => EventDateTime { date: Some(*d), date_time: None, time_zone: None },
    }
}

fn ev_time(t: Option<&EventDateTime>) -> Option<EvTime> {
    let t = t?;
    t.date_time.map(EvTime::At).or(t.date.map(EvTime::Day))
}

fn ev(e: Event) -> Option<Ev> {
    if e.status.as_deref() == Some("cancelled") {
        return None;
    }
    Some(Ev {
        start: ev_time(e.start.as_ref())?,
        end: ev_time(e.end.as_ref()).or_else(|| ev_time(e.start.as_ref()))?,
        id: e.id?,
        title: e.summary.unwrap_or_default(),
        series: e.recurring_event_id,
    })
}

impl NewEvent {
    fn into_event(self) -> Event {
        Event {
            id: self.id,
            summary: self.title,
            start: self.start.as_ref().map(|t| when(t, self.tz.as_ref())),
            end: self.end.as_ref().map(|t| when(t, self.tz.as_ref())),
            attendees: (!self.attendees.is_empty()).then(|| {
                self.attendees
                    .into_iter()
                    .map(|email| EventAttendee { email: Some(email), ..Default::default() })
                    .collect()
            }),
            recurrence: self.rrule.map(|r| vec![format!("RRULE:{r}")]),
            ..Default::default()
        }
    }
}

impl Cal {
    pub fn new(google: &Google, token: UserToken) -> Self {
        let mut hub = CalendarHub::new(google.hub_client(), token.clone());
        hub.base_url(format!("{}calendar/v3/", google.api_root()));
        Self { hub, token }
    }

    /// Events overlapping [min, max), recurring ones expanded, in start order.
    #[tracing::instrument(skip_all)]
    pub async fn list(
        &self,
        min: DateTime<Utc>,
        max: DateTime<Utc>,
        q: Option<&str>,
        limit: i32,
    ) -> Result<Vec<Ev>, GoogleError> {
        let events = with_retry(&self.token, || async {
            let mut call = self
                .hub
                .events()
                .list(PRIMARY)
                .time_min(min)
                .time_max(max)
                .single_events(true)
                .order_by("startTime")
                .max_results(limit);
            if let Some(q) = q {
                call = call.q(q);
            }
            call.doit().await.map(|(_, e)| e).map_err(|e| GoogleError::from_hub(e, &self.token))
        })
        .await?;
        Ok(events.items.unwrap_or_default().into_iter().filter_map(ev).collect())
    }

    pub async fn get(&self, id: &str) -> Result<Option<Ev>, GoogleError> {
        let got = with_retry(&self.token, || async {
            self.hub
                .events()
                .get(PRIMARY, id)
                .doit()
                .await
                .map(|(_, e)| e)
                .map_err(|e| GoogleError::from_hub(e, &self.token))
        })
        .await;
        match got {
            Ok(e) => Ok(ev(e)),
            Err(GoogleError::NotFound) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// Inserts with the client-chosen id in `new.id`: a retry of the same insert (409, the id
    /// exists) returns the event already there, so an event is created at most once.
    #[tracing::instrument(skip_all)]
    pub async fn insert(&self, new: NewEvent) -> Result<Ev, GoogleError> {
        let id = new.id.clone();
        let event = new.into_event();
        let made = with_retry(&self.token, || async {
            self.hub
                .events()
                .insert(event.clone(), PRIMARY)
                .doit()
                .await
                .map(|(_, e)| e)
                .map_err(|e| GoogleError::from_hub(e, &self.token))
        })
        .await;
        match (made, id) {
            (Ok(e), _) => ev(e).ok_or(GoogleError::NotFound),
            (Err(GoogleError::Conflict), Some(id)) => self.get(&id).await?.ok_or(GoogleError::Conflict),
            (Err(e), _) => Err(e),
        }
    }

    #[tracing::instrument(skip_all)]
    pub async fn patch(&self, id: &str, change: NewEvent) -> Result<Ev, GoogleError> {
        let event = change.into_event();
        let e = with_retry(&self.token, || async {
            self.hub
                .events()
                .patch(event.clone(), PRIMARY, id)
                .doit()
                .await
                .map(|(_, e)| e)
                .map_err(|e| GoogleError::from_hub(e, &self.token))
        })
        .await?;
        ev(e).ok_or(GoogleError::NotFound)
    }

    /// Deletes one event (or one occurrence, by instance id). Already gone counts as deleted.
    #[tracing::instrument(skip_all)]
    pub async fn delete(&self, id: &str) -> Result<(), GoogleError> {
        let done = with_retry(&self.token, || async {
            self.hub
                .events()
                .delete(PRIMARY, id)
                .doit()
                .await
                .map(|_| ())
                .map_err(|e| GoogleError::from_hub(e, &self.token))
        })
        .await;
        match done {
            Err(GoogleError::NotFound) => Ok(()),
            other => other,
        }
    }
}
