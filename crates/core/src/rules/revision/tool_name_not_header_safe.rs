use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::settings::Revision;
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// Under MCP 2026-07-28, on a list that shows it speaks that revision
    /// (cache hints on its result, or a capture that records it), flags a
    /// tool name that cannot be sent as it is in the `Mcp-Name` HTTP header:
    /// one with a character outside ASCII, a control character, a space or
    /// tab at either end, or the shape of the encoded form itself
    /// (`=?base64?…?=`).
    ///
    /// ## Why is this bad?
    /// Over Streamable HTTP the tool's name goes in the `Mcp-Name` header of
    /// every `tools/call`. Such a name "cannot be safely represented as a
    /// plain ASCII header value", so clients MUST send it Base64-encoded and
    /// servers MUST decode it. A client or server that does not fails the
    /// call, and a gateway routing on the header sees the encoded form.
    ///
    /// ## Example
    /// ```json
    /// {"name": "résumé_search"}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "resume_search"}
    /// ```
    ///
    /// ## Fix
    /// Rename the tool with ASCII letters, digits, `_`, `-` and `.`.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Streamable HTTP, standard request headers and value encoding ("clients MUST use Base64 encoding of the UTF-8 representation"; "Tool and prompt names are only SHOULD-constrained to header-safe characters, so a name … outside the safe set is carried as: `Mcp-Name: =?base64?{Base64EncodedValue}?=`"): <https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http#value-encoding>
    /// - MCP 2026-07-28, Tools, tool names: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools#tool-names>
    pub TOOL_NAME_NOT_HEADER_SAFE,
    id = "tool-name-not-header-safe",
    group = Revision,
    severity = Info,
    runs_in = Worker,
    fix_note = "No automatic fix: renaming a tool breaks every client and prompt that calls it by its old name.",
    summary = "2026-07-28: a tool name must be sent Base64-encoded in the `Mcp-Name` header",
}

/// Why `name` cannot go into a header as it is, if it cannot.
fn unsafe_because(name: &str) -> Option<&'static str> {
    if !name.is_ascii() {
        Some("has characters outside ASCII")
    } else if name.chars().any(|c| c.is_ascii_control()) {
        Some("has a control character")
    } else if name.starts_with([' ', '\t']) || name.ends_with([' ', '\t']) {
        Some("starts or ends with whitespace")
    } else if name.starts_with("=?base64?") && name.ends_with("?=") {
        Some("looks like an encoded header value")
    } else {
        None
    }
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    if cx.settings.revision < Revision::R2026_07_28 || !cx.input.shows_2026_result() {
        return;
    }
    for tool in cx.tools() {
        let Some(name) = tool.name() else { continue };
        let Some(because) = unsafe_because(name) else {
            continue;
        };
        out.report(
            Some(tool),
            tool.path.key("name"),
            format!("tool name {} {because}, so the Mcp-Name header must carry it Base64-encoded", quote(name)),
        )
        .explanation(
            "Over HTTP the name goes in the Mcp-Name header of every tools/call, Base64-encoded when it is not a plain \
             ASCII value: a client or server that skips the encoding fails the call, and a gateway sees the encoded form.",
        )
        .help("Rename the tool with ASCII letters, digits, \"_\", \"-\" and \".\"");
    }
}

#[cfg(test)]
mod tests {
    use super::unsafe_because;

    #[test]
    fn header_safe_names() {
        for fine in [
            "get_weather",
            "admin.tools.list",
            "DATA_EXPORT_v2",
            "with inner space",
            "=?base64?x",
        ] {
            assert_eq!(unsafe_because(fine), None, "{fine}");
        }
        for bad in [
            "résumé",
            "line1\nline2",
            " padded",
            "tab\t",
            "=?base64?eA==?=",
        ] {
            assert!(unsafe_because(bad).is_some(), "{bad}");
        }
    }

    crate::rule_snapshot!(
        TOOL_NAME_NOT_HEADER_SAFE,
        "revision/tool-name-not-header-safe.json"
    );
}
