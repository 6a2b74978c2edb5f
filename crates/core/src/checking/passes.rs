//! The compatibility passes: the same parse checked again under each
//! settings of a [`Plan`] (a target at a time), for the compatibility
//! table ([`crate::compat`]).

use super::table::{self, Plan};
use super::{Progress, Stage, WINDOW, per_tool};
use crate::compat::Compatibility;
use crate::finding::{Finding, Findings};
use crate::input::{self, Detected, Document};
use crate::metrics::Metrics;
use crate::rules::Definitions;
use crate::settings::Settings;
use crate::{InputError, Report};

/// The findings of each of `passes` over one parse of `text`: every rule
/// each settings enable, run to the end, unsorted. The settings are taken as
/// they are (a check's effective settings, as [`Plan`] makes
/// them), as [`super::Checking::finish_with_compatibility`] takes them.
///
/// # Errors
/// As [`super::Checking::new`].
fn findings_of_passes(text: &str, passes: &[Settings]) -> Result<Vec<Vec<Finding>>, InputError> {
    let doc = Document::parse(text)?;
    let input = input::detect(&doc)?;
    Ok(passes
        .iter()
        .map(|settings| run_pass(&input, settings))
        .collect())
}

/// Computes the table for `text`, whose check gave `report`.
///
/// # Errors
/// As [`crate::check`] (the text is parsed again; [`crate::Checking`] can
/// make the table on its own parse instead).
// Not inlined: a caller that makes the table in two places (the page's panel
// and its Markdown report) should carry its code once.
#[inline(never)]
pub fn compatibility(text: &str, report: &Report) -> Result<Compatibility, InputError> {
    let plan = Plan::new(&report.settings);
    let found = findings_of_passes(text, &plan.runs)?;
    Ok(table::table(&report.findings, names(report), &plan, &found))
}

/// The names of `report`'s tools: the table's rows.
pub(super) fn names(report: &Report) -> Vec<Option<String>> {
    report.tools.iter().map(|t| t.name.clone()).collect()
}

/// Every rule `settings` enable over `input`, run to the end; the findings unsorted.
pub(super) fn run_pass(input: &Detected<'_>, settings: &Settings) -> Vec<Finding> {
    let mut progress = Progress {
        cx: Definitions::new(input, settings),
        findings: Findings::default(),
        metrics: Metrics::default(),
        per_tool: per_tool(settings),
        window: WINDOW,
        stage: Stage::Server,
        prior: None,
    };
    while progress.step() {}
    progress.findings.into_unsorted()
}
