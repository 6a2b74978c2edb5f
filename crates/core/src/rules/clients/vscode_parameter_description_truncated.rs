use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::Value;
use crate::value::member;

/// Where Copilot Chat cuts a description inside the parameters for gpt-4*
/// models (`gpt4oMaxStringLength`).
const LIMIT: usize = 1024;

declare_rule! {
    /// ## What it does
    /// Flags a `description` inside an input schema (a parameter's, or any
    /// nested schema's) longer than 1,024 characters, when VS Code is a
    /// target. The tool's own description is not cut.
    ///
    /// ## Why is this bad?
    /// For gpt-4* models, GitHub Copilot Chat cuts every description inside
    /// a tool's parameters to its first 1,024 characters before sending the
    /// tool. Whatever the description says after that (often the
    /// constraints and examples put last) never reaches the model, which
    /// then fills the parameter without them.
    ///
    /// ## Example
    /// A `query` parameter whose description explains its syntax over 3,000
    /// characters, with the list of operators at the end.
    ///
    /// Use instead: a description that says what matters in its first
    /// sentences, with the details in the tool's own description.
    ///
    /// ## Fix
    /// Shorten the description to 1,024 characters or fewer, or move the
    /// material to the tool's description.
    ///
    /// ## Sources
    /// Checked 2026-12-03.
    /// - Copilot Chat, `normalizeToolSchema`, `gpt4oMaxStringLength = 1024` for gpt-4* model families: <https://github.com/microsoft/vscode-copilot-chat/blob/31acd00a86424e2ee6e980e54919cf31fbf88030/src/extension/tools/common/toolSchemaNormalizer.ts>
    pub VSCODE_PARAMETER_DESCRIPTION_TRUNCATED,
    id = "vscode-parameter-description-truncated",
    group = Clients,
    severity = Warning,
    client = VsCode, as_of = "2026-12-03",
    runs_in = Worker,
    fix_note = "No automatic fix: what to keep is the author's call.",
    summary = "VS Code: a description inside the parameters is longer than the 1,024 characters Copilot Chat keeps for gpt-4* models",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    cx.each_input_node(&mut |tool, node| {
        let Some(obj) = node.object() else { return };
        let Some(description) = member(obj, "description").and_then(Value::as_str) else {
            return;
        };
        // JavaScript's `substring` counts UTF-16 code units.
        let length = description.encode_utf16().count();
        if length <= LIMIT {
            return;
        }
        let whose = node
            .property_name()
            .map_or_else(|| "a schema".to_owned(), |n| format!("the parameter {}", quote(n)));
        out.report(
            Some(tool),
            node.path.key("description"),
            format!("VS Code: the description of {whose} has {length} characters; Copilot Chat keeps {LIMIT} for gpt-4* models"),
        )
        .explanation(
            "For gpt-4* models, GitHub Copilot Chat cuts each description inside a tool's parameters to 1,024 characters \
             before sending it, so the model never reads the rest.",
        )
        .help("Say what matters in the first 1,024 characters, and move the rest to the tool's description");
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        VSCODE_PARAMETER_DESCRIPTION_TRUNCATED,
        "clients/vscode-parameter-description-truncated.json",
        crate::Settings {
            targets: crate::Targets::MCP.with_client(crate::clients::Client::VsCode),
            ..Default::default()
        }
    );
}
