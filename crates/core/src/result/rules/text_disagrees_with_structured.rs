use super::{CallResult, ResultEmitter};
use crate::path::Path;
use crate::registry::declare_rule;
use crate::result::agree::Agreement;

declare_rule! {
    /// ## What it does
    /// Compares each text block that holds JSON with `structuredContent` and
    /// reports the places where they differ.
    ///
    /// ## Why is this bad?
    /// A model typically reads the text block while client code reads
    /// `structuredContent`, so the two act on different data: the model can tell
    /// the user one value while the code stores another.
    ///
    /// ## Example
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": 10}"}], "structuredContent": {"total": 12.5}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"content": [{"type": "text", "text": "{\"total\": 12.5}"}], "structuredContent": {"total": 12.5}}
    /// ```
    ///
    /// ## Fix
    /// Serialise the same value into both: build the text block from
    /// `structuredContent` (`JSON.stringify` in TypeScript, `json.dumps` in
    /// Python).
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, structured content: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    pub TEXT_DISAGREES_WITH_STRUCTURED,
    id = "text-disagrees-with-structured",
    group = Result,
    severity = Warning,
    fix_note = "No automatic fix: which of the two values is right cannot be told from the result, and both come from the server at run time.",
    summary = "a text block holds JSON that differs from structuredContent",
}

fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    let Some(Agreement::Differs {
        block,
        named,
        count,
        capped,
    }) = &rx.agreement
    else {
        return;
    };
    let path = Path::root().key("content").index(*block).key("text");
    let mut places = named
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    if *count > named.len() {
        let more = count - named.len();
        let plus = if *capped { "+" } else { "" };
        places.push_str(&format!(" and {more}{plus} more"));
    }
    out.report(
        path.clone(),
        format!("{path} holds JSON that differs from structuredContent at {places}"),
    )
    .help(
        "Serialise the same value into both: build the text block from structuredContent \
         (JSON.stringify in TypeScript, json.dumps in Python)",
    );
}
