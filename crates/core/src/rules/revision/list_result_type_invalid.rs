use crate::registry::declare_rule;
use crate::rules::revision::results_2026;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::Value;
use crate::value::json_kind;

declare_rule! {
    /// ## What it does
    /// Checking against MCP 2026-07-28, flags a `tools/list` result whose
    /// `resultType` is anything but `"complete"`: another string (including
    /// `"input_required"`), or not a string at all.
    ///
    /// ## Why is this bad?
    /// `resultType` tells the client how to parse the result. For a client,
    /// "any value unrecognized by the client MUST be considered invalid", and
    /// `"input_required"` is allowed only on `tools/call`, `prompts/get` and
    /// `resources/read`: servers MUST NOT send it for `tools/list`. A client
    /// therefore rejects the whole list, and the model is offered no tool
    /// from this server.
    ///
    /// ## Example
    /// ```json
    /// {"resultType": "ok", "ttlMs": 60000, "cacheScope": "public", "tools": []}
    /// ```
    /// Use instead:
    /// ```json
    /// {"resultType": "complete", "ttlMs": 60000, "cacheScope": "public", "tools": []}
    /// ```
    ///
    /// ## Fix
    /// Send `"resultType": "complete"` with every `tools/list` page. Ask for
    /// input in `tools/call` instead, where `"input_required"` belongs.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Overview, result types ("any value unrecognized by the client MUST be considered invalid"): <https://modelcontextprotocol.io/specification/2026-07-28/basic>
    /// - MCP 2026-07-28, Multi-round-trip requests ("Servers MUST NOT send `InputRequiredResult` responses on any other client requests"): <https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr>
    pub LIST_RESULT_TYPE_INVALID,
    id = "list-result-type-invalid",
    group = Revision,
    severity = Error,
    scope = List,
    fix_note = "No automatic fix: the list result comes from the server at run time: fix the code that builds the `tools/list` response.",
    summary = "2026-07-28: a tools/list result's resultType is not \"complete\"",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for (list, result) in results_2026(cx) {
        let Some(value) = crate::value::member(result, "resultType") else {
            continue;
        };
        let message = match value {
            Value::String(s) if s.as_str() == "complete" => continue,
            Value::String(s) if s.as_str() == "input_required" => {
                "resultType is \"input_required\", which servers MUST NOT send for tools/list"
                    .to_owned()
            }
            Value::String(s) => format!(
                "resultType is {}, not \"complete\"; clients treat an unknown result type as invalid",
                quote(s)
            ),
            other => format!(
                "resultType is {}, not the string \"complete\"",
                json_kind(other)
            ),
        };
        out.report(
            None,
            list.result_path().key("resultType"),
            message,
        )
        .explanation(
            "A 2026-07-28 client reads `resultType` to decide how to parse a result. It MUST treat a value it does not recognise as invalid, \
             and `input_required` is allowed only for tools/call, prompts/get and resources/read, so it rejects this tools/list page \
             and the model is offered none of its tools.",
        )
        .help("Send \"resultType\": \"complete\" with every tools/list page");
    }
}

#[cfg(test)]
mod tests {
    crate::rules::revision::page_snapshot!(
        LIST_RESULT_TYPE_INVALID,
        "list-result-type-invalid.jsonl"
    );
}
