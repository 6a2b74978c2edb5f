use serde_json::Map;
use serde_json::Value;

use super::{CallResult, ResultEmitter};
use crate::path::Path;
use crate::registry::declare_rule;
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// When checking against 2026-07-28, notes a result whose `resultType` is
    /// `"input_required"`: the server asks the client for input (an
    /// elicitation, a sampling request or the roots) before it completes the
    /// call.
    ///
    /// ## Why is this bad?
    /// It is not: it is how a 2026-07-28 tool asks for what it needs half way
    /// through a call. But an `InputRequiredResult` has no `content` or
    /// `structuredContent`, so there is nothing yet to hold to the
    /// `outputSchema`: the client answers the requests and calls the tool
    /// again with `inputResponses` and the same `requestState`, and that
    /// call's result is the one to check.
    ///
    /// ## Example
    /// ```json
    /// {"resultType": "input_required", "inputRequests": {"github_login": {"method": "elicitation/create", "params": {"mode": "form", "message": "Your GitHub username?", "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}}}}}, "requestState": "eyJ…"}
    /// ```
    ///
    /// ## Fix
    /// Nothing to fix; paste the result of the retried call to check it
    /// against the `outputSchema`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, input required: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2026-07-28, Multi-round-trip requests: <https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr>
    pub INPUT_REQUIRED,
    id = "input-required",
    group = Result,
    severity = Info,
    fix_note = "No automatic fix: this is a note about a normal result, not a defect; the retried call's result is the one to check.",
    summary = "2026-07-28: the result asks for input before the call completes",
}

fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    if !rx.input_required {
        return;
    }
    let asked: Vec<String> = match rx.result.get("inputRequests") {
        Some(Value::Object(map)) => asked(map),
        _ => Vec::new(),
    };
    let what = if asked.is_empty() {
        "asks the client to resume the call with its requestState".to_owned()
    } else {
        format!("asks the client for input first: {}", asked.join(", "))
    };
    out.report(
        Path::root().key("resultType"),
        format!(
            "The result is an InputRequiredResult: the call is not complete, and the server {what}"
        ),
    )
    .help(
        "Answer the requests, retry the call with inputResponses and the same requestState, and check the result of that call",
    );
}

/// The requests a server may put in `inputRequests`.
pub(super) const METHODS: [&str; 3] =
    ["elicitation/create", "sampling/createMessage", "roots/list"];

/// The requests a client can answer, as `method "key"`.
fn asked(requests: &Map<String, Value>) -> Vec<String> {
    requests
        .iter()
        .filter_map(|(key, request)| {
            let method = request.get("method").and_then(Value::as_str)?;
            METHODS
                .contains(&method)
                .then(|| format!("{method} {}", quote(key)))
        })
        .collect()
}
