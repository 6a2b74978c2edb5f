use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::Value;
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Flags an array schema without `items` anywhere in an input schema,
    /// when VS Code is a target (`--against vscode`). The MCP rule
    /// `array-without-items` warns about the same schema; this rule says what
    /// it costs in VS Code.
    ///
    /// ## Why is this bad?
    /// GitHub Copilot Chat checks every tool's parameters before each chat
    /// request and throws "Failed to validate tool …: tool parameters array
    /// type must have items". The error is not caught for the one tool: the
    /// whole chat request fails, so while this server is enabled no request
    /// in Copilot Chat works, whatever tool it would have used. OpenAI and
    /// Claude themselves take such an array.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"tags": {"type": "array"}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}}
    /// ```
    ///
    /// ## Fix
    /// Give the array an `items` schema for its elements.
    ///
    /// ## Sources
    /// Checked 2026-12-03.
    /// - Copilot Chat, `normalizeToolSchema` (`if (n.type === 'array' && !n.items) throw new Error('tool parameters array type must have items')`, rethrown as "Failed to validate tool"): <https://github.com/microsoft/vscode-copilot-chat/blob/31acd00a86424e2ee6e980e54919cf31fbf88030/src/extension/tools/common/toolSchemaNormalizer.ts>
    /// - The error as users meet it: microsoft/vscode#246119
    pub VSCODE_ARRAY_WITHOUT_ITEMS,
    id = "vscode-array-without-items",
    group = Clients,
    severity = Error,
    client = VsCode, as_of = "2026-12-03",
    runs_in = Worker,
    fix_note = "No automatic fix: the element type depends on what the handler accepts, which the schema does not say.",
    summary = "VS Code: an array schema has no `items`, which fails every Copilot Chat request",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    cx.each_input_node(&mut |tool, node| {
        let Some(obj) = node.object() else { return };
        // Copilot compares `type` with the string "array" and tests `items`
        // for truth.
        if member(obj, "type").and_then(Value::as_str) != Some("array") {
            return;
        }
        if member(obj, "items").is_some_and(|i| !matches!(i, Value::Null | Value::Bool(false))) {
            return;
        }
        let what = node
            .property_name()
            .map_or_else(|| "an array".to_owned(), |n| format!("the array {}", quote(n)));
        out.report(
            Some(tool),
            node.path.clone(),
            format!("VS Code: {what} has no items, so Copilot Chat fails every request"),
        )
        .explanation(
            "GitHub Copilot Chat validates every enabled tool before each chat request and throws \"tool parameters array type \
             must have items\"; the error fails the whole request, so no chat request works while this server is enabled.",
        )
        .help("Add \"items\" with the element type, for example \"items\": {\"type\": \"string\"}");
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        VSCODE_ARRAY_WITHOUT_ITEMS,
        "clients/vscode-array-without-items.json",
        crate::Settings {
            targets: crate::Targets::MCP.with_client(crate::clients::Client::VsCode),
            ..Default::default()
        }
    );
}
