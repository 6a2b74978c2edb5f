use super::{CallResult, ResultEmitter};
use crate::registry::declare_rule;
use crate::text::join_and;
use crate::text::secrets::secrets;

declare_rule! {
    /// ## What it does
    /// Flags a credential in a `tools/call` result: in a text block, or in a
    /// string anywhere in `structuredContent`. It knows the formats
    /// `secret-in-definition` knows (AWS access key IDs, GitHub, GitLab,
    /// Slack, OpenAI, Anthropic, Stripe, Google, npm and Hugging Face tokens,
    /// Slack webhook URLs, private key blocks, JSON Web Tokens, database URLs
    /// with a password) and leaves the same placeholders alone. The message says
    /// whether the result is an error result, where a credential is almost
    /// always a leak from a configuration or an exception.
    ///
    /// ## Why is this bad?
    /// Everything a tool returns goes into the model's context, and from there
    /// into transcripts, logs and any tool the model calls next. A credential in
    /// a result is handed to the model and whoever can steer it. The MCP
    /// specification asks servers to sanitize tool outputs. A tool whose purpose
    /// is to mint a key returns one by design; anywhere else, and in an error
    /// result above all, a credential is a leak.
    ///
    /// ## Example
    /// ```json
    /// {"content": [{"type": "text", "text": "connect failed: postgres://app:S3cr3tP4ss@db.prod.internal/main refused"}], "isError": true}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "The database did not accept the connection. Try again later."}], "isError": true}
    /// ```
    ///
    /// ## Fix
    /// Keep credentials out of what the tool returns: build error messages
    /// yourself rather than passing exceptions or configuration through, and
    /// rotate any credential a result has already exposed.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, security considerations ("Servers MUST … sanitize tool outputs"): <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - OWASP Top 10 for LLM Applications, LLM02 Sensitive Information Disclosure: <https://genai.owasp.org/llmrisk/llm022025-sensitive-information-disclosure/>
    /// - CWE-209, Generation of Error Message Containing Sensitive Information: <https://cwe.mitre.org/data/definitions/209.html>
    pub RESULT_SECRET,
    id = "result-secret",
    group = Result,
    severity = Warning,
    fix_note = "No automatic fix: the result comes from the server at run time: fix the handler that builds it, and rotate the credential.",
    summary = "a tools/call result contains a credential",
}

fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    for (path, text) in &rx.strings {
        let found = secrets(text);
        if found.is_empty() {
            continue;
        }
        let listed: Vec<String> = found
            .iter()
            .map(|s| format!("{} ({})", s.kind, s.masked(text)))
            .collect();
        out.report(
            path.clone(),
            format!("{path} of {} contains {}", rx.what(), join_and(&listed)),
        )
        .help(
            "Keep credentials out of what the tool returns (build messages yourself instead of passing \
             exceptions or configuration through), and rotate the credential",
        );
    }
}
