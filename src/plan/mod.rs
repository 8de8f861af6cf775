//! Plans: the ordered steps a turn will run, each naming its resolver, action, slots and the
//! earlier steps it depends on. Today plans come from the deterministic understanding alone;
//! an LLM planner (when configured) will refine steps whose confidence is low.

use crate::understand::{Action, Resolver, Step, Understanding};

#[derive(Debug, Clone, PartialEq)]
pub struct PlannedStep {
    pub id: usize,
    pub resolver: Resolver,
    pub action: Action,
    pub slots: Step,
    pub depends_on: Vec<usize>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Plan {
    pub steps: Vec<PlannedStep>,
}

impl Plan {
    pub fn from_understanding(u: &Understanding) -> Self {
        let steps = u
            .steps
            .iter()
            .enumerate()
            .map(|(id, s)| PlannedStep {
                id,
                resolver: s.resolver,
                action: s.action,
                slots: s.clone(),
                // a step may only wait for an earlier one: this keeps execution a simple pass
                depends_on: s.depends_on.iter().copied().filter(|d| *d < id).collect(),
            })
            .collect();
        Plan { steps }
    }
}
