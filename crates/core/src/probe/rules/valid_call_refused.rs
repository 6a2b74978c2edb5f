use crate::probe::{Answer, Answered, ProbeEmitter, quoted};
use crate::registry::declare_rule;

declare_rule! {
    /// ## What it does
    /// Reports a call that fits the tool's `inputSchema` (with only the
    /// required arguments, or all of them) answered with a tool error or a
    /// JSON-RPC error, and quotes the message.
    ///
    /// ## Why is this bad?
    /// Often the handler needs credentials, data or a state the probe does
    /// not have, which is why this is info. It can also show a schema that
    /// promises more than the tool accepts: a model that follows the schema
    /// gets refused, and cannot tell why from the schema.
    ///
    /// ## Example
    /// `{"content": [{"type": "text", "text": "Missing API key."}], "isError": true}` in answer to a valid call.
    ///
    /// Use instead: give the server what it needs for the probe (its
    /// environment), or make the schema say what the tool accepts.
    ///
    /// ## Fix
    /// Read the message: when it is about the environment, run the probe with
    /// it; when it is about the arguments, make the schema say what the tool
    /// needs (a `pattern`, an `enum`, a bound).
    ///
    /// ## Sources
    /// - MCP 2025-11-25, Tools, error handling: <https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling>
    pub PROBE_VALID_CALL_REFUSED,
    id = "probe-valid-call-refused",
    group = Probe,
    severity = Info,
    fix_note = "No automatic fix: whether the environment or the schema is missing something takes judgement.",
    summary = "A call that fits the inputSchema was refused",
}

fn check(a: &Answered<'_>, out: &mut ProbeEmitter<'_>) {
    if a.invalid() {
        return;
    }
    let how = match a.answer {
        Answer::Result(_) | Answer::Condensed { .. } if a.is_error => "with a tool error",
        Answer::Error { .. } => "with a JSON-RPC error",
        _ => return,
    };
    let values = a
        .values
        .as_ref()
        .map(|v| format!(" (values {v})"))
        .unwrap_or_default();
    out.report(format!(
        "the server refused {} {how}: {}{values}",
        a.call(),
        quoted(&a.message)
    ))
    .help(if values.contains("made up") {
        "If the call needs real values (a project, an id the server knows), give them with --arguments FILE or \
         [probe.arguments]; if the server needs credentials, give them to the probe; if it needs other arguments, \
         make the inputSchema say so"
    } else {
        "If the server needs credentials or data, give them to the probe; if it needs other arguments, make the \
         inputSchema say so"
    });
}
