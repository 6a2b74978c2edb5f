use crate::finding::Severity;
use crate::registry::declare_rule;
use crate::rules::gemini::{NAME_LIMIT, name_start, safe_name};
use crate::rules::provider::named_tools;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// Flags a name Gemini refuses: it must start with a letter or `_`, hold
    /// only letters, digits, `_`, `.`, `:` and `-`, at most 64 characters. A
    /// `:` is a warning: Vertex AI's docs leave it out.
    ///
    /// ## Why is this bad?
    /// Gemini rejects the whole request with a 400 ("Invalid function name"),
    /// so no tool in it can be called. MCP allows names Gemini does not: a
    /// leading digit, `/`, up to 128 characters. (Google's SDKs document 128;
    /// the API reference and its errors say 64, which Toolcheck uses.)
    ///
    /// ## Example
    /// ```json
    /// {"name": "2fa/verify", "inputSchema": {"type": "object", "properties": {}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "verify_2fa", "inputSchema": {"type": "object", "properties": {}}}
    /// ```
    ///
    /// ## Fix
    /// Rename the tool: start it with a letter, replace other characters with
    /// `_`, and keep it within 64 characters. If only the host renames it,
    /// test that calls map back to the server's name.
    ///
    /// ## Sources
    /// Checked 2026-12-02.
    /// - Gemini API reference, `FunctionDeclaration.name`: <https://ai.google.dev/api/caching#FunctionDeclaration>
    /// - Vertex AI reference, `FunctionDeclaration.name` (no colon): <https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/Tool#FunctionDeclaration>
    /// - The 400 for a name: cline/cline#7339, google-gemini/gemini-cli#7869
    pub GEMINI_FUNCTION_NAME_INVALID,
    id = "gemini-function-name-invalid",
    group = Gemini,
    severity = Error,
    provider = Gemini, as_of = "2026-12-02",
    runs_in = Worker,
    scope = List,
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: clients and prompts that call the tool by its old name break) renames the tool to the suggested name. It is skipped when another tool already has that name.",
    summary = "Gemini: the tool name does not match ^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$",
}

/// A character Gemini accepts in a function name.
fn allowed(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | ':' | '-')
}

/// What is wrong with a name, in words; `None` when Gemini accepts it.
fn problem(name: &str) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(first) = name.chars().next()
        && !name_start(first)
    {
        parts.push(format!("it starts with {}", quote(&first.to_string())));
    }
    let mut bad: Vec<String> = Vec::new();
    for c in name.chars().filter(|c| !allowed(*c)) {
        let shown = quote(&c.to_string());
        if !bad.contains(&shown) {
            bad.push(shown);
        }
    }
    if !bad.is_empty() {
        bad.truncate(5);
        parts.push(format!("{} not allowed", bad.join(", ")));
    }
    let len = name.chars().count();
    if len > NAME_LIMIT {
        parts.push(format!("it is {len} characters long, over {NAME_LIMIT}"));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// A name Gemini accepts.
fn safe(name: &str) -> String {
    safe_name(name, allowed)
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for (tool, name) in named_tools(cx) {
        if let Some(problem) = problem(name) {
            out.report(
                Some(tool),
                tool.path.key("name"),
                format!("Gemini: function name {} is rejected: {problem}", quote(name)),
            )
            .explanation(
                "Gemini accepts function names that start with a letter or `_` and hold only letters, digits, `_`, `.`, `:` and `-`, \
                 at most 64 characters. It rejects the whole request with a 400 (\"Invalid function name\"), so no tool in it can be called.",
            )
            .help(
                format!(
                    "Rename the tool to {}; if the host renames it instead, test that calls reach the server as {}",
                    quote(&safe(name)),
                    quote(name)
                ),
            )
.with_fix(|| crate::fix::rename_tool(&tool.path, &safe(name)));
        } else if name.contains(':') {
            out.report(
                Some(tool),
                tool.path.key("name"),
                format!("Gemini: function name {} has a \":\", which Vertex AI's docs do not allow", quote(name)),
            )
            .explanation(
                "The Gemini API accepts `:` in function names, but Vertex AI's reference lists only letters, digits, `_`, `.` and `-`. \
                 The same tool may work through one Google endpoint and be rejected through the other.",
            )
            .help(format!("Rename the tool to {} to work on both", quote(&name.replace(':', "_"))))
            .severity = Severity::Warning;
        }
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        GEMINI_FUNCTION_NAME_INVALID,
        "gemini/gemini-function-name-invalid.json",
        crate::Settings {
            targets: crate::Targets::GEMINI,
            ..Default::default()
        }
    );

    #[test]
    fn safe_names_are_accepted() {
        for name in ["2fa/verify", "a b", &"x".repeat(100), "ünïcode"] {
            assert!(super::problem(&super::safe(name)).is_none(), "{name}");
        }
    }
}
