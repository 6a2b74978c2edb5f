use super::{CallResult, ResultEmitter};
use crate::path::Path;
use crate::registry::declare_rule;
use crate::settings::Revision;

declare_rule! {
    /// ## What it does
    /// When checking against 2026-07-28, flags a result without `resultType`,
    /// if the server shows it speaks 2026-07-28: its tools capture has a
    /// `tools/list` page with cache hints (`resultType`, `ttlMs`,
    /// `cacheScope`), or was made by `toolcheck capture` over 2026-07-28.
    /// Most servers speak 2025-11-25, whose results have no `resultType`, so
    /// without those signs the result is taken to be from an earlier
    /// revision, as the rules about a `tools/list` result do.
    ///
    /// ## Why is this bad?
    /// Servers implementing 2026-07-28 MUST include `resultType` so clients know
    /// how to parse the result. Clients treat a missing one as `"complete"` for
    /// compatibility with earlier revisions, so nothing breaks today, but the
    /// server is not speaking 2026-07-28.
    ///
    /// ## Example
    /// ```json
    /// {"content": [{"type": "text", "text": "done"}]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"resultType": "complete", "content": [{"type": "text", "text": "done"}]}
    /// ```
    ///
    /// ## Fix
    /// Add `"resultType": "complete"` to the result, or check against the
    /// revision the server implements.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 schema, Result: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    /// - MCP 2026-07-28 changelog: <https://modelcontextprotocol.io/specification/2026-07-28/changelog>
    pub RESULT_TYPE_MISSING,
    id = "result-type-missing",
    group = Result,
    severity = Warning,
    fix_note = "No automatic fix: the result comes from the server at run time, and the revision it speaks is set by the server's code and SDK.",
    summary = "2026-07-28: the result has no resultType",
}

fn check(rx: &CallResult<'_>, out: &mut ResultEmitter<'_>) {
    if rx.input_required
        || rx.revision < Revision::R2026_07_28
        || !rx.tool.shows_2026
        || rx.result.contains_key("resultType")
    {
        return;
    }
    out.report(
        Path::root().key("resultType"),
        "The result has no resultType, which 2026-07-28 servers MUST include",
    )
    .help(
        "Add \"resultType\": \"complete\" to the result, or check against the revision the server implements",
    );
}
