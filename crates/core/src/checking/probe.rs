//! The probe's report: every probe rule of the one list ([`crate::catalog`])
//! over each call `toolcheck probe` made, and the result rules over each
//! valid call's result, as one report on the capture the cases came from,
//! with each finding at the place in the capture its case tests.

use std::sync::Arc;

use crate::catalog::PROBE_RULES;
use crate::finding::Finding;
use crate::input::{Document, detect};
use crate::path::Path;
use crate::probe::rules::PROBE_NO_ANSWER;
use crate::probe::{Answer, Answered, Call, ProbeEmitter, Probed};
use crate::result::ResultTool;
use crate::settings::{Revision, RuleSelection, Settings};
use crate::{Counts, InputError, Report};

/// The result rules left out of a probe's report: what they say is not a
/// judgement of the server's answer (a starting `outputSchema` offered for a
/// tool without one).
const NOT_JUDGEMENTS: &[&str] = &["output-schema-missing"];

/// The report of a probe run.
///
/// # Errors
/// When the capture is not one (it came from the server's own `tools/list`,
/// so this is a server that answered with something else).
pub fn probe_report(p: &Probed<'_>) -> Result<Report, InputError> {
    // The capture's report with no rule run: its tools, format and counts,
    // which the probe's findings then fill.
    let quiet = Settings {
        rules: RuleSelection {
            select: Some(Vec::new()),
            ignore: Vec::new(),
        },
        ..Settings::default()
    };
    let mut report = crate::check(p.capture, &quiet)?;
    let doc = Document::parse(p.capture)?;
    let detected = detect(&doc)?;
    // A version older than the oldest revision the rules know is judged by
    // that one.
    let revision = p.protocol.parse().unwrap_or(if p.protocol < "2025-06-18" {
        Revision::R2025_06_18
    } else {
        Revision::default()
    });
    let result_settings = Settings {
        revision,
        ..Settings::default()
    };
    let mut findings: Vec<Finding> = Vec::new();
    // Each tool's calls, in order, gathered once.
    let mut by_tool: Vec<Vec<&Call>> = vec![Vec::new(); p.tools.len()];
    for call in p.calls {
        if let Some(calls) = by_tool.get_mut(call.tool) {
            calls.push(call);
        }
    }
    for (t, cases) in p.tools.iter().enumerate() {
        let Some((index, tool)) = detected
            .tools
            .iter()
            .enumerate()
            .find(|(_, tool)| tool.name() == Some(cases.tool.as_str()))
        else {
            continue;
        };
        let label: (Arc<str>, usize) = (Arc::from(cases.tool.as_str()), index);
        // The tool as JSON, for where a refused call's values came from.
        let mut definition: Option<serde_json::Value> = None;
        let calls = &by_tool[t];
        let refusal = calls.iter().find_map(|c| match c.answer.result_parts() {
            Some((true, text, _)) if cases.cases[c.case].is_valid() => Some(text),
            _ => None,
        });
        // The tool as the result rules see it, made at its first valid
        // result.
        let mut judged: Option<ResultTool> = None;
        for &call in calls {
            let case = &cases.cases[call.case];
            let path = case
                .schema_path
                .iter()
                .fold(tool.path.clone(), |p, key| p.key(key));
            let (is_error, message, whole) = match (&call.answer, call.answer.result_parts()) {
                (_, Some(parts)) => parts,
                (Answer::Error { message, .. }, None) => (false, message.clone(), None),
                _ => (false, String::new(), None),
            };
            let answered = Answered {
                tool: &cases.tool,
                case: &case.id,
                defect: case.defect,
                argument: case.argument.as_deref(),
                answer: &call.answer,
                message,
                is_error,
                refusal: refusal.as_deref(),
                protocol: p.protocol,
                timeout_secs: p.timeout_secs,
                // Said only of a valid call that was refused.
                values: (case.is_valid()
                    && (is_error || matches!(call.answer, Answer::Error { .. })))
                .then(|| {
                    crate::probe::values_said(&crate::cases::given::sources(
                        definition.get_or_insert_with(|| tool.value.to_serde()),
                        &case.arguments,
                        p.given,
                    ))
                })
                .flatten(),
            };
            for rule in PROBE_RULES {
                (rule.check)(
                    &answered,
                    &mut ProbeEmitter::new(rule.info, &label, &path, &mut findings),
                );
            }
            if let Some(result) = &whole
                && case.is_valid()
                && !is_error
            {
                let judged = judged.get_or_insert_with(|| ResultTool::of(tool, &detected));
                findings.extend(judged_result(
                    judged,
                    &case.id,
                    result,
                    &result_settings,
                    &label,
                ));
            }
        }
    }
    if let Some(why) = p.stopped {
        findings.push(Finding::new(
            &PROBE_NO_ANSWER,
            Path::root(),
            format!("the probe stopped before its last case: {why}"),
            PROBE_NO_ANSWER.why(),
            "Catch what the handler throws and answer it as a tool error; bound what the handler waits for",
        ));
    }
    crate::finding::sort(&mut findings);
    report.counts = Counts::of(&findings);
    report.findings = findings;
    Ok(report)
}

/// The result rules' findings on a valid call's result, each about the
/// tool (at its `outputSchema`, when it has one), its message naming the
/// case.
fn judged_result(
    tool: &ResultTool,
    case: &str,
    result: &str,
    settings: &Settings,
    label: &(Arc<str>, usize),
) -> Vec<Finding> {
    let text = format!(r#"{{"jsonrpc": "2.0", "id": 1, "result": {result}}}"#);
    let Ok(checked) = super::check_result_for(tool, &text, settings) else {
        return Vec::new();
    };
    let at = if tool.output_schema.is_some() {
        tool.path.key("outputSchema")
    } else {
        tool.path.clone()
    };
    checked
        .findings
        .into_iter()
        .filter(|f| !NOT_JUDGEMENTS.contains(&f.rule.id))
        .map(|mut f| {
            f.message = format!("the result of the valid call `{case}`: {}", f.message);
            f.path = at.clone();
            f.tool = Some(label.0.clone());
            f.tool_index = Some(label.1);
            f
        })
        .collect()
}
