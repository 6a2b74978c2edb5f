use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// Flags a tool name that contains a dot, such as `orders.search`, when the
    /// check runs against MCP only. (With OpenAI or Claude as a target, their own
    /// name rules report it as an error instead.)
    ///
    /// ## Why is this bad?
    /// A dot is valid in an MCP tool name; the specification itself uses
    /// `admin.tools.list` as an example. But many agents forward MCP tools to a
    /// model API, and both OpenAI (`^[a-zA-Z0-9_-]{1,64}$`) and Claude
    /// (`^[a-zA-Z0-9_-]{1,128}$`) reject a dot. A forwarding host must rename the
    /// tool or have the request refused; once it renames, the model's calls no
    /// longer match the server's name and the mapping is one more thing to test.
    ///
    /// ## Example
    /// ```json
    /// {"name": "orders.search", "inputSchema": {"type": "object"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "orders_search", "inputSchema": {"type": "object"}}
    /// ```
    ///
    /// ## Fix
    /// Use `_` or `-` instead of `.` if the tool may be forwarded to a model API;
    /// keep the name if only MCP clients will see it.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, tool names: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - OpenAI Chat Completions reference, function `name`: <https://developers.openai.com/api/reference/resources/chat/subresources/completions/methods/create>
    /// - Claude, defining tools (`name` pattern): <https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use>
    pub DOTTED_TOOL_NAME,
    id = "dotted-tool-name",
    group = Shape,
    severity = Info,
    superseded_by = [OpenAi, Claude],
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: clients and prompts that call the tool by its old name break) renames the tool to the suggested name. It is skipped when another tool already has that name.",
    summary = "A tool name contains a dot, which OpenAI and Claude reject",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for tool in cx.tools() {
        let Some(name) = tool.name() else { continue };
        if !name.contains('.') {
            continue;
        }
        out.report(
            Some(tool),
            tool.path.key("name"),
            format!("tool name {} contains a dot, which OpenAI and Claude reject", quote(name)),
        )
        .explanation(
            "A dot is valid in an MCP tool name, but OpenAI and Claude accept only letters, digits, `_` and `-`. \
             A host that forwards this tool to either model API has to rename it or have the request refused, \
             and once it renames, the model's calls no longer match the server's name.",
        )
        .help(
            format!(
                "Rename it to {} if the tool may be forwarded to a model API; keep it if only MCP clients see it",
                quote(&name.replace('.', "_"))
            ),
        )
.with_fix(|| crate::fix::rename_tool(&tool.path, &name.replace('.', "_")));
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(DOTTED_TOOL_NAME, "shape/dotted-tool-name.json");

    #[test]
    fn silent_when_a_provider_is_a_target() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/resources/fixtures/shape/dotted-tool-name.json"
        ));
        let settings = crate::Settings {
            targets: crate::Targets::ALL,
            ..crate::Settings::default()
        };
        let report =
            crate::check(text, &settings.only(super::DOTTED_TOOL_NAME.id)).expect("fixture parses");
        assert!(report.findings.is_empty());
    }
}
