//! The result checker: what the rules read of one pasted `tools/call`
//! result is worked out once ([`crate::result::facts`]), then each result
//! rule of the one list ([`crate::catalog`]) runs over it. It needs the JSON
//! Schema validator (the core's `schema` feature).

use crate::catalog::RESULT_RULES;
use crate::finding::Finding;
use crate::result::facts::facts;
use crate::result::rules::ResultEmitter;
use crate::result::{ResultReport, ResultTool, find_tool, infer_schema, parse};
use crate::settings::Settings;
use crate::{Counts, InputError};

/// Checks one pasted result against a tool found in a tools capture.
///
/// # Errors
/// An [`InputError`] when either paste is not valid JSON (with line and
/// column), the tools capture is unrecognisable or lacks the tool, or the
/// result is not a recognisable `tools/call` result (including a JSON-RPC
/// error response).
pub fn check_result(
    tools_input: &str,
    tool_name: &str,
    result_input: &str,
    settings: &Settings,
) -> Result<ResultReport, InputError> {
    let tool = find_tool(tools_input, tool_name)?;
    check_result_for(&tool, result_input, settings)
}

/// Checks one pasted result against a tool.
///
/// # Errors
/// When the result is not valid JSON (with line and column) or not a
/// recognisable `tools/call` result.
pub fn check_result_for(
    tool: &ResultTool,
    result_input: &str,
    settings: &Settings,
) -> Result<ResultReport, InputError> {
    let doc = parse::parse(result_input)?;
    let located =
        parse::locate(&doc, Some(&tool.name)).map_err(parse::LocateError::into_input_error)?;
    let rx = facts(
        tool,
        located.result,
        located.called_tool.as_deref(),
        settings.revision,
    );
    let mut findings: Vec<Finding> = Vec::new();
    for rule in RESULT_RULES {
        if settings.rules.enabled(rule.info.id) {
            (rule.check)(&rx, &mut ResultEmitter::new(rule.info, &mut findings));
        }
    }
    findings.sort_by_key(|f| f.severity);
    let counts = Counts::of(&findings);
    let (inferred_schema, inferred_from) = match rx.inferable {
        Some((value, from)) => (Some(infer_schema(&value)), Some(from)),
        None => (None, None),
    };
    Ok(ResultReport {
        tool: tool.name.clone(),
        tool_path: tool.path.clone(),
        has_output_schema: tool.output_schema.is_some(),
        source: located.source,
        located_at: located.path,
        revision: settings.revision,
        is_error: rx.is_error,
        findings,
        counts,
        inferred_schema,
        inferred_from,
    })
}
