//! A 2026-07-28 `InputRequiredResult`: the server asks the client for input
//! (an elicitation, a sampling request, the roots) before it completes the
//! call. There is no content to check against the `outputSchema` yet; what
//! is checked is that the client can answer it.

use serde_json::{Map, Value};

use super::parse;
use super::rules::{INPUT_REQUIRED, INPUT_REQUIRED_INVALID};
use crate::finding::Finding;
use crate::path::Path;
use crate::rules::util::quote;

/// The requests a server may put in `inputRequests`.
const METHODS: [&str; 3] = ["elicitation/create", "sampling/createMessage", "roots/list"];

/// Checks an `InputRequiredResult`.
pub(super) fn check(result: &Map<String, Value>, findings: &mut Vec<Finding>) {
    let root = Path::root();
    let mut invalid = |path: Path, message: String, fix: &str| {
        findings.push(Finding::new(
            &INPUT_REQUIRED_INVALID,
            path,
            message,
            INPUT_REQUIRED_INVALID.why(),
            fix.to_owned(),
        ));
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
            format!("requestState is {}, not a string", parse::kind(state)),
            "Send requestState as an opaque string (for example base64 of the state to resume from)",
        );
    }
    let mut asked: Vec<String> = Vec::new();
    match requests {
        None => {}
        Some(Value::Object(map)) => {
            for (key, request) in map {
                let at = root.key("inputRequests").key(key);
                let method = request.get("method").and_then(Value::as_str);
                match method {
                    Some(m) if METHODS.contains(&m) => asked.push(format!("{m} {}", quote(key))),
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
                parse::kind(other)
            ),
            "Send inputRequests as an object: {\"<key>\": {\"method\": \"elicitation/create\", \"params\": {…}}}",
        ),
    }
    let what = if asked.is_empty() {
        "asks the client to resume the call with its requestState".to_owned()
    } else {
        format!("asks the client for input first: {}", asked.join(", "))
    };
    findings.push(Finding::new(
        &INPUT_REQUIRED,
        root.key("resultType"),
        format!(
            "The result is an InputRequiredResult: the call is not complete, and the server {what}"
        ),
        INPUT_REQUIRED.why(),
        "Answer the requests, retry the call with inputResponses and the same requestState, and check the result of that call",
    ));
}
