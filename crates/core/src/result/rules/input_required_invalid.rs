use serde_json::Value;

use super::input_required::METHODS;
use super::{CallResult, ResultEmitter};
use crate::path::Path;
use crate::registry::declare_rule;
use crate::text::quote;
use crate::value::json_kind as kind;

declare_rule! {
    /// ## What it does
    /// When checking against 2026-07-28, flags an `InputRequiredResult` the
    /// client cannot act on: neither `inputRequests` nor `requestState`, an
    /// `inputRequests` that is not an object of requests, a request whose
    /// `method` is not `elicitation/create`, `sampling/createMessage` or
    /// `roots/list`, or a `requestState` that is not a string.
    ///
    /// ## Why is this bad?
    /// At least one of `inputRequests` and `requestState` MUST be present, and
    /// the client can only answer the three kinds of request. Given anything
    /// else it has no way to continue: the call never completes, and the model
    /// gets an error instead of the tool's result.
    ///
    /// ## Example
    /// ```json
    /// {"resultType": "input_required", "inputRequests": {"login": {"method": "auth/prompt"}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"resultType": "input_required", "inputRequests": {"login": {"method": "elicitation/create", "params": {"mode": "form", "message": "Your username?", "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}}}}}}
    /// ```
    ///
    /// ## Fix
    /// Ask with `elicitation/create`, `sampling/createMessage` or `roots/list`
    /// under `inputRequests`, and keep any state to resume from as a string in
    /// `requestState`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 schema, `InputRequiredResult` ("At least one of `inputRequests` or `requestState` MUST be present") and `InputRequest`: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    /// - MCP 2026-07-28, Multi-round-trip requests: <https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr>
    pub INPUT_REQUIRED_INVALID,
    id = "input-required-invalid",
    group = Result,
    severity = Error,
    fix_note = "No automatic fix: the result comes from the server at run time, and which input it needs is the server's decision: fix the handler that builds it.",
    summary = "2026-07-28: an input-required result the client cannot act on",
}

fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    if !rx.input_required {
        return;
    }
    let result = rx.result;
    let root = Path::root();
    let mut invalid = |path: Path, message: String, fix: &str| {
        out.report(path, message).help(fix.to_owned());
    };
    let requests = result.get("inputRequests");
    let state = result.get("requestState");
    if requests.is_none() && state.is_none() {
        invalid(
            root.clone(),
            "The result asks for input but has neither inputRequests nor requestState".into(),
            "Send the requests the client must answer in inputRequests, the state to resume from in requestState, or both",
        );
    }
    if let Some(state) = state
        && !state.is_string()
    {
        invalid(
            root.key("requestState"),
            format!("requestState is {}, not a string", kind(state)),
            "Send requestState as an opaque string (for example base64 of the state to resume from)",
        );
    }
    match requests {
        None => {}
        Some(Value::Object(map)) => {
            for (key, request) in map {
                let at = root.key("inputRequests").key(key);
                match request.get("method").and_then(Value::as_str) {
                    Some(m) if METHODS.contains(&m) => {}
                    Some(m) => invalid(
                        at.key("method"),
                        format!(
                            "Input request {} asks for {}, which a client cannot answer here (elicitation/create, sampling/createMessage or roots/list)",
                            quote(key),
                            quote(m)
                        ),
                        "Ask for input with elicitation/create, sampling/createMessage or roots/list",
                    ),
                    None => invalid(
                        at,
                        format!("Input request {} has no method", quote(key)),
                        "Give each input request a method (elicitation/create, sampling/createMessage or roots/list) and its params",
                    ),
                }
            }
        }
        Some(other) => invalid(
            root.key("inputRequests"),
            format!(
                "inputRequests is {}, not an object of requests by key",
                kind(other)
            ),
            "Send inputRequests as an object: {\"<key>\": {\"method\": \"elicitation/create\", \"params\": {…}}}",
        ),
    }
}
