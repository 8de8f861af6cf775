//! Messages answered before understanding: Telegram's `/start` (with an optional deep-link
//! payload) and `/help`, and timezone changes ("my timezone is New York", "/timezone
//! Europe/London"), which work on every channel, the web chat included.

use sea_orm::DbErr;

use super::timezone::parse_timezone_request;
use crate::reply::{Msg, Said};
use crate::resolvers::Ctx;
use crate::store::users;

/// The answer to `text` if it is one of these commands; `None` lets the pipeline go on.
pub async fn answer(ctx: &Ctx<'_>, text: &str) -> Result<Option<Vec<Said>>, DbErr> {
    let mut words = text.split_whitespace();
    match words.next() {
        Some("/start") => {
            // Deep-link payloads (t.me/<bot>?start=...) carry nothing Ozer acts on yet.
            if words.next().is_some() {
                tracing::debug!("/start with a deep-link payload");
            }
            let greeting = match ctx.display_name {
                Some(name) => Msg::new("greeting-named").arg("name", name),
                None => Msg::new("greeting"),
            };
            return Ok(Some(vec![Said::msg(greeting), Said::msg(Msg::new("help"))]));
        }
        Some("/help") => return Ok(Some(vec![Said::msg(Msg::new("help"))])),
        _ => {}
    }
    if let Some(request) = super::briefing::parse(text, ctx.time.now) {
        return briefing(ctx, request).await.map(|said| Some(vec![said]));
    }
    let Some(request) = parse_timezone_request(text) else {
        return Ok(None);
    };
    let msg = match request {
        Ok(tz) => {
            users::set_timezone(ctx.db, ctx.user, tz.name()).await?;
            let old: chrono_tz::Tz = ctx.user.timezone.parse().unwrap_or(tz);
            crate::scheduler::recurrence::rezone(ctx.db, ctx.user.id, old, tz, ctx.time.now.to_utc()).await?;
            crate::scheduler::briefing::rezone(ctx.db, ctx.user, tz, ctx.time.now.to_utc()).await?;
            let local = ctx.time.now.with_timezone(&tz);
            Msg::new("timezone-set").arg("tz", tz.name()).arg("time", local.format("%H:%M").to_string())
        }
        Err(name) => Msg::new("timezone-unknown").arg("name", name),
    };
    Ok(Some(vec![Said::msg(msg)]))
}

/// Turns the morning briefing on or off.
async fn briefing(ctx: &Ctx<'_>, request: super::briefing::Request) -> Result<Said, DbErr> {
    let now = ctx.time.now.to_utc();
    match request {
        super::briefing::Request::On(time) => {
            crate::scheduler::briefing::set(ctx.db, ctx.user, Some(time), now).await?;
            Ok(Said::msg(Msg::new("briefing-on").arg("time", time.format("%H:%M").to_string())))
        }
        super::briefing::Request::Off => {
            crate::scheduler::briefing::set(ctx.db, ctx.user, None, now).await?;
            Ok(Said::msg(Msg::new("briefing-off")))
        }
    }
}
