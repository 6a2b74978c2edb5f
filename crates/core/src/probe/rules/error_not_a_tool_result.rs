use crate::finding::Severity;
use crate::probe::{Answer, Answered, ProbeEmitter, quoted};
use crate::registry::declare_rule;

declare_rule! {
    /// ## What it does
    /// Flags a call that breaks the tool's `inputSchema` and that the server
    /// answered with a JSON-RPC error (such as −32602 Invalid params) instead
    /// of a tool error, a result with `isError: true`. It is a warning for a
    /// server that speaks MCP 2025-11-25 or later, where validation errors
    /// are tool errors, and info for one on an earlier version (2025-06-18,
    /// 2025-03-26, 2024-11-05), which allowed either.
    ///
    /// ## Why is this bad?
    /// Since MCP 2025-11-25 (SEP-1303), an input validation error is a tool
    /// execution error: a result with `isError: true`, which the client hands
    /// to the model so that it can correct its call. A JSON-RPC error is a
    /// protocol error: the client handles it, and the model never sees the
    /// message, so it retries blindly or gives up. The SDKs are catching up:
    /// the Go SDK changed in March 2026, and the TypeScript SDK v1's
    /// `McpServer` still threw `InvalidParams` in April 2026.
    ///
    /// ## Example
    /// `{"jsonrpc": "2.0", "id": 7, "error": {"code": -32602, "message": "Invalid params"}}`
    /// in answer to a call with a wrong argument.
    ///
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "Invalid argument since: a date written YYYY-MM-DD."}], "isError": true}
    /// ```
    ///
    /// ## Fix
    /// Answer a call whose arguments break the schema with a result,
    /// `{"content": [{"type": "text", "text": "…"}], "isError": true}`,
    /// naming the argument. With an SDK that throws a protocol error, catch
    /// it in the handler, or validate there yourself.
    ///
    /// ## Sources
    /// - MCP 2025-11-25, Tools, error handling: <https://modelcontextprotocol.io/specification/2025-11-25/server/tools#error-handling>
    /// - SEP-1303, input validation errors as tool execution errors: <https://github.com/modelcontextprotocol/modelcontextprotocol/issues/1303>
    /// - Go SDK, validation errors as tool errors (modelcontextprotocol/go-sdk#863): <https://github.com/modelcontextprotocol/go-sdk/pull/863>
    /// - TypeScript SDK, McpServer throws InvalidParams (modelcontextprotocol/typescript-sdk#1966): <https://github.com/modelcontextprotocol/typescript-sdk/issues/1966>
    pub PROBE_ERROR_NOT_A_TOOL_RESULT,
    id = "probe-error-not-a-tool-result",
    group = Probe,
    severity = Warning,
    fix_note = "No automatic fix: the answer is the server's code.",
    summary = "The server answered invalid arguments with a JSON-RPC error, which the model never sees",
}

fn check(a: &Answered<'_>, out: &mut ProbeEmitter<'_>) {
    let Answer::Error { code, .. } = a.answer else {
        return;
    };
    if !a.invalid() {
        return;
    }
    let code = code.map(|c| format!(" {c}")).unwrap_or_default();
    let before = a.before_sep1303();
    let finding = out
        .report(format!(
            "the server answered {} with JSON-RPC error{code} {}, not a tool error: the client keeps it from the model{}",
            a.call(),
            quoted(&a.message),
            if before {
                format!(
                    " ({} allowed it; 2025-11-25 asks for a tool error)",
                    a.protocol
                )
            } else {
                String::new()
            }
        ))
        .help(
            "Answer invalid arguments with a result whose isError is true, naming the argument, so the model can correct \
             its call",
        );
    if before {
        finding.severity = Severity::Info;
    }
}
