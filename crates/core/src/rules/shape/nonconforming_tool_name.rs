use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::settings::Revision;
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// Flags a tool name that breaks the MCP naming guidance: longer than 128
    /// characters, or containing characters other than ASCII letters, digits,
    /// `_`, `-` and `.` (a space, `/`, `:`, a comma, non-ASCII letters).
    /// Applies from MCP 2025-11-25, which introduced the guidance.
    ///
    /// ## Why is this bad?
    /// The specification says tool names SHOULD be 1 to 128 characters of
    /// `A-Z a-z 0-9 _ - .`. Clients and SDKs check names against that pattern:
    /// the TypeScript SDK warns about such a name, model APIs reject it outright,
    /// and a name with spaces or punctuation is awkward for a model to reproduce
    /// exactly in a `tools/call`. Over Streamable HTTP the name also travels in
    /// the `Mcp-Name` header, where unsafe characters force an encoded form.
    ///
    /// ## Example
    /// ```json
    /// {"name": "search orders", "inputSchema": {"type": "object"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "search_orders", "inputSchema": {"type": "object"}}
    /// ```
    ///
    /// ## Fix
    /// Replace other characters with `_` and keep the name to 128 characters;
    /// the fix line suggests a name.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools, tool names: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2025-11-25, Tools, tool names: <https://modelcontextprotocol.io/specification/2025-11-25/server/tools>
    /// - TypeScript SDK, tool name validation: <https://github.com/modelcontextprotocol/typescript-sdk>
    pub NONCONFORMING_TOOL_NAME,
    id = "nonconforming-tool-name",
    group = Shape,
    severity = Warning,
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: clients and prompts that call the tool by its old name break) renames the tool to the suggested name. It is skipped when another tool already has that name.",
    summary = "A tool name is longer than 128 characters or uses characters outside `A-Za-z0-9_.-`",
}

const MAX_LEN: usize = 128;

fn allowed(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')
}

/// A conforming name close to `name`.
fn suggest(name: &str) -> String {
    let mut out = String::new();
    for c in name.trim().chars() {
        if allowed(c) {
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    let out: String = out.trim_matches('_').chars().take(MAX_LEN).collect();
    if out.is_empty() {
        "tool".to_owned()
    } else {
        out
    }
}

fn describe(c: char) -> String {
    match c {
        ' ' => "a space".to_owned(),
        '\t' => "a tab".to_owned(),
        '\n' | '\r' => "a line break".to_owned(),
        c => quote(&c.to_string()),
    }
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    if cx.settings.revision < Revision::R2025_11_25 {
        return;
    }
    for tool in cx.tools() {
        let Some(name) = tool.name() else { continue };
        if name.is_empty() {
            continue;
        }
        let mut bad: Vec<char> = Vec::new();
        for c in name.chars().filter(|c| !allowed(*c)) {
            if !bad.contains(&c) {
                bad.push(c);
            }
        }
        let len = name.chars().count();
        let mut problems = Vec::new();
        if !bad.is_empty() {
            let listed: Vec<String> = bad.iter().take(5).map(|c| describe(*c)).collect();
            problems.push(format!("contains {}", listed.join(", ")));
        }
        if len > MAX_LEN {
            problems.push(format!("is {len} characters long"));
        }
        if problems.is_empty() {
            continue;
        }
        out.report(
            Some(tool),
            tool.path.key("name"),
            format!("tool name {} {}", quote(name), problems.join(" and ")),
        )
        .explanation(
            "MCP says tool names SHOULD be 1 to 128 characters of ASCII letters, digits, `_`, `-` and `.`. \
             SDKs warn about other names, model APIs reject them, and a model has to reproduce the name exactly in every call. \
             Over Streamable HTTP the name also travels in the `Mcp-Name` header, where such characters force an encoded form.",
        )
        .help(format!("Rename it to {}", quote(&suggest(name))))
.with_fix(|| crate::fix::rename_tool(&tool.path, &suggest(name)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::rule_snapshot!(
        NONCONFORMING_TOOL_NAME,
        "shape/nonconforming-tool-name.json"
    );

    #[test]
    fn suggestions_conform() {
        assert_eq!(suggest("search orders"), "search_orders");
        assert_eq!(suggest("a/b:c"), "a_b_c");
        assert_eq!(suggest("ünï"), "n");
        assert_eq!(suggest("!!"), "tool");
        assert_eq!(suggest(&"x".repeat(200)).len(), MAX_LEN);
    }
}
