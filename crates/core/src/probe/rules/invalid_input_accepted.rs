use crate::probe::{Answer, Answered, ProbeEmitter};
use crate::registry::declare_rule;

declare_rule! {
    /// ## What it does
    /// Flags a call that breaks the tool's own `inputSchema` (one of the
    /// cases `toolcheck probe` makes from it: a required argument left out,
    /// a wrong type, a value outside the enum, a broken format, a bound
    /// crossed, an unknown argument where `additionalProperties` is false,
    /// `null` where the type has none) that the server answered with a
    /// result that is not an error: the tool ran on input its schema
    /// refuses.
    ///
    /// ## Why is this bad?
    /// The schema is the contract that should catch a model's mistakes in
    /// its arguments. A server that runs the handler anyway acts on a missing
    /// or wrong value (a search without its query, a limit of 500 where 50 is
    /// the most, a date that is not one) and answers as if all were well, so
    /// neither the model nor the user learns that the call was wrong. MCP
    /// asks servers to validate every tool's input.
    ///
    /// ## Example
    /// ```json
    /// {"name": "search_orders",
    ///  "inputSchema": {"type": "object", "properties": {"limit": {"type": "integer", "maximum": 50}}}}
    /// ```
    /// called with `{"limit": 51}` and answered
    /// `{"content": [{"type": "text", "text": "[\"ord_1\", …]"}]}`.
    ///
    /// Use instead (the answer):
    /// ```json
    /// {"content": [{"type": "text", "text": "Invalid argument limit: at most 50."}], "isError": true}
    /// ```
    ///
    /// ## Fix
    /// Validate the arguments against the tool's `inputSchema` before the
    /// handler runs (the MCP SDKs do when the tool is registered with its
    /// schema), and answer a call that breaks it with a tool error that
    /// names the argument.
    ///
    /// ## Sources
    /// - MCP 2025-11-25, Tools, security considerations ("Servers MUST validate all tool inputs"): <https://modelcontextprotocol.io/specification/2025-11-25/server/tools>
    /// - SEP-1303, input validation errors as tool execution errors: <https://github.com/modelcontextprotocol/modelcontextprotocol/issues/1303>
    pub PROBE_INVALID_INPUT_ACCEPTED,
    id = "probe-invalid-input-accepted",
    group = Probe,
    severity = Error,
    fix_note = "No automatic fix: the handler is the server's code; validate its input there.",
    summary = "The server ran a tool on arguments its inputSchema refuses",
}

fn check(a: &Answered<'_>, out: &mut ProbeEmitter<'_>) {
    if !a.invalid()
        || a.is_error
        || !matches!(a.answer, Answer::Result(_) | Answer::Condensed { .. })
    {
        return;
    }
    out.report(format!(
        "the server answered {} with a result that is not a tool error (no isError: true): `{}` ran on arguments its schema refuses",
        a.call(),
        a.tool
    ))
    .help(
        "Validate the arguments against the tool's inputSchema before the handler runs, and answer a call that \
         breaks it with a tool error (isError: true) naming the argument",
    );
}
