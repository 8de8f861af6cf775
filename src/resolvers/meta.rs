//! The meta resolver: what Ozer can do (help).

use super::{Ctx, StepResult};
use crate::plan::PlannedStep;
use crate::reply::Msg;

pub fn run(_ctx: &Ctx<'_>, _step: &PlannedStep) -> StepResult {
    StepResult::say(Msg::new("help"))
}
