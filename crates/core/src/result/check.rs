//! The check itself: the result's shape, `structuredContent` against the
//! `outputSchema` (which needs the JSON Schema validator, the core's `schema`
//! feature), and whether the text agrees with the structured value.

use serde_json::Value;

use super::{
    ResultReport, ResultTool, agree, conform, find_tool, infer_schema, input_required, leaks,
    parse, rules,
};
use crate::finding::{Finding, Severity};
use crate::path::Path;
use crate::settings::{Revision, Settings};
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
    let result = located.result;
    let revision = settings.revision;
    let mut findings: Vec<Finding> = Vec::new();
    let root = Path::root();

    if let Some(called) = &located.called_tool
        && called != &tool.name
    {
        let q = crate::rules::util::quote;
        findings.push(Finding::new(
            &rules::RESULT_FOR_OTHER_TOOL,
            root.clone(),
            format!(
                "The transcript has no tools/call for {}; checked the last response, which answers a call to {}",
                q(&tool.name),
                q(called)
            ),
            rules::RESULT_FOR_OTHER_TOOL.why(),
            format!(
                "Pick the tool the response belongs to ({}), or paste a response to a call to {}",
                q(called),
                q(&tool.name)
            ),
        ));
    }

    let complete = if revision >= Revision::R2026_07_28
        && result.get("resultType").and_then(Value::as_str) == Some("input_required")
    {
        input_required::check(result, &mut findings);
        Complete::default()
    } else {
        complete_checks(tool, result, revision, &mut findings)
    };
    let Complete {
        is_error,
        inferred_schema,
        inferred_from,
    } = complete;

    findings.retain(|f| settings.rules.enabled(f.rule.id));
    findings.sort_by_key(|f| f.severity);
    let counts = count(&findings);
    Ok(ResultReport {
        tool: tool.name.clone(),
        tool_path: tool.path.clone(),
        has_output_schema: tool.output_schema.is_some(),
        source: located.source,
        located_at: located.path,
        revision,
        is_error,
        findings,
        counts,
        inferred_schema,
        inferred_from,
    })
}

/// What the checks of a completed call found beyond findings.
#[derive(Default)]
struct Complete {
    is_error: bool,
    inferred_schema: Option<Value>,
    inferred_from: Option<Path>,
}

/// The checks of a result that completes the call (every result before
/// 2026-07-28, and one whose `resultType` is not `"input_required"`).
fn complete_checks(
    tool: &ResultTool,
    result: &serde_json::Map<String, Value>,
    revision: Revision,
    findings: &mut Vec<Finding>,
) -> Complete {
    let root = Path::root();
    let content = result.get("content");
    let blocks = content_checks(content, findings);

    let is_error = match result.get("isError") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(other) => {
            findings.push(Finding::new(
                &rules::IS_ERROR_NOT_BOOLEAN,
                root.key("isError"),
                format!("isError is {}, not a boolean", parse::kind(other)),
                rules::IS_ERROR_NOT_BOOLEAN.why(),
                "Set isError to true or false, or leave it out for a successful call",
            ));
            false
        }
    };

    if revision >= Revision::R2026_07_28 {
        match result.get("resultType") {
            None => findings.push(Finding::new(
                &rules::RESULT_TYPE_MISSING,
                root.key("resultType"),
                "The result has no resultType, which 2026-07-28 servers MUST include",
                rules::RESULT_TYPE_MISSING.why(),
                "Add \"resultType\": \"complete\" to the result, or check against the revision the server implements",
            )),
            Some(Value::String(_)) => {}
            Some(other) => findings.push(Finding::new(
                &rules::RESULT_TYPE_NOT_STRING,
                root.key("resultType"),
                format!("resultType is {}, not a string", parse::kind(other)),
                rules::RESULT_TYPE_NOT_STRING.why(),
                "Set \"resultType\": \"complete\"",
            )),
        }
    }

    let structured = result.get("structuredContent");
    let sc_path = root.key("structuredContent");
    if let Some(schema) = &tool.output_schema {
        if is_error {
            findings.push(Finding::new(
                &rules::ERROR_RESULT_NOT_CHECKED,
                root.key("isError"),
                "isError is true, so the result was not checked against the outputSchema",
                rules::ERROR_RESULT_NOT_CHECKED.why(),
                "Nothing to fix; check a successful result too",
            ));
        } else {
            match structured {
                None => {
                    let json_text = blocks.and_then(parse::first_json_text).map(|(_, p)| p);
                    let fix = match json_text {
                        Some(p) => format!(
                            "Return the JSON now in {p} as structuredContent too, matching the outputSchema"
                        ),
                        None => "Return structuredContent matching the outputSchema with every successful result, \
                                 or set isError: true when the call failed"
                            .into(),
                    };
                    findings.push(Finding::new(
                        &rules::STRUCTURED_CONTENT_MISSING,
                        sc_path.clone(),
                        format!(
                            "{} declares an outputSchema but the result has no structuredContent",
                            crate::report::text::one_line(&tool.name)
                        ),
                        rules::STRUCTURED_CONTENT_MISSING.why(),
                        fix,
                    ));
                }
                Some(value) => findings.extend(conform::conform(
                    schema,
                    &root.key("outputSchema"),
                    value,
                    &sc_path,
                )),
            }
        }
    }

    if let Some(value) = structured {
        let root_reported = findings
            .iter()
            .any(|f| f.rule == &rules::STRUCTURED_CONTENT_INVALID && f.path == sc_path);
        if !value.is_object() && !root_reported {
            findings.push(not_object(value, revision));
        }
        if let Some(blocks) = blocks {
            agree::check(value, blocks, revision, !is_error, findings);
        }
    }

    leaks::check(result, is_error, findings);

    let mut inferred_schema = None;
    let mut inferred_from = None;
    if tool.output_schema.is_none() && !is_error {
        let source = match structured {
            Some(v) => Some((v.clone(), sc_path.clone())),
            None => blocks.and_then(parse::first_json_text),
        };
        if let Some((value, from)) = source {
            inferred_schema = Some(infer_schema(&value));
            findings.push(Finding::new(
                &rules::OUTPUT_SCHEMA_MISSING,
                from.clone(),
                format!(
                    "{} declares no outputSchema; inferred a starting schema from {from}",
                    crate::report::text::one_line(&tool.name)
                ),
                rules::OUTPUT_SCHEMA_MISSING.why(),
                "Review the inferred schema, add descriptions, and publish it as the tool's outputSchema",
            ));
            inferred_from = Some(from);
        }
    }

    Complete {
        is_error,
        inferred_schema,
        inferred_from,
    }
}

fn count(findings: &[Finding]) -> Counts {
    let mut c = Counts::default();
    for f in findings {
        match f.severity {
            Severity::Error => c.errors += 1,
            Severity::Warning => c.warnings += 1,
            Severity::Info => c.info += 1,
        }
    }
    c
}

/// Invalid content blocks reported at most.
const MAX_BLOCK_FINDINGS: usize = 10;

/// Checks `content`; returns its blocks when it is an array.
fn content_checks<'a>(
    content: Option<&'a Value>,
    findings: &mut Vec<Finding>,
) -> Option<&'a [Value]> {
    let path = Path::root().key("content");
    let blocks = match content {
        None => {
            findings.push(Finding::new(
                &rules::CONTENT_MISSING,
                path,
                "The result has no content",
                rules::CONTENT_MISSING.why(),
                "Add content: [{\"type\": \"text\", \"text\": …}], with the serialised structuredContent as the text",
            ));
            return None;
        }
        Some(Value::Array(items)) => items,
        Some(other) => {
            findings.push(Finding::new(
                &rules::CONTENT_NOT_ARRAY,
                path,
                format!(
                    "content is {}, not an array of content blocks",
                    parse::kind(other)
                ),
                rules::CONTENT_NOT_ARRAY.why(),
                "Make content an array: [{\"type\": \"text\", \"text\": …}]",
            ));
            return None;
        }
    };
    let mut reported = 0;
    for (i, block) in blocks.iter().enumerate() {
        let at = path.index(i);
        let problem = match block {
            Value::Object(obj) => match obj.get("type") {
                None => Some((at.clone(), format!("{at} has no type"))),
                Some(Value::String(t)) if t == "text" => match obj.get("text") {
                    Some(Value::String(_)) => None,
                    Some(other) => Some((
                        at.key("text"),
                        format!("{at}.text is {}, not a string", parse::kind(other)),
                    )),
                    None => Some((at.key("text"), format!("{at} is a text block with no text"))),
                },
                Some(Value::String(_)) => None,
                Some(other) => Some((
                    at.key("type"),
                    format!("{at}.type is {}, not a string", parse::kind(other)),
                )),
            },
            other => Some((
                at.clone(),
                format!("{at} is {}, not a content block object", parse::kind(other)),
            )),
        };
        if let Some((p, message)) = problem {
            reported += 1;
            if reported > MAX_BLOCK_FINDINGS {
                continue;
            }
            findings.push(Finding::new(
                &rules::CONTENT_BLOCK_INVALID,
                p,
                message,
                rules::CONTENT_BLOCK_INVALID.why(),
                format!(
                    "Make {at} a content block such as {{\"type\": \"text\", \"text\": \"…\"}}"
                ),
            ));
        }
    }
    Some(blocks)
}

fn not_object(value: &Value, revision: Revision) -> Finding {
    let kind = parse::kind(value);
    let message = if revision >= Revision::R2026_07_28 {
        format!(
            "structuredContent is {kind}: valid in 2026-07-28, but 2025-11-25 and earlier type it as an object"
        )
    } else {
        format!(
            "structuredContent is {kind}: {revision} types it as an object, while 2026-07-28 allows any JSON value"
        )
    };
    Finding::new(
        &rules::STRUCTURED_CONTENT_NOT_OBJECT,
        Path::root().key("structuredContent"),
        message,
        rules::STRUCTURED_CONTENT_NOT_OBJECT.why(),
        "If clients on 2025-11-25 or earlier must read it, wrap the value in an object (for example \
              {\"items\": […]}) and update the outputSchema to match",
    )
}
