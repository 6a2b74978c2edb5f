use crate::registry::declare_rule;
use crate::rules::schema::Dialect;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::Value;
use crate::value::field;

declare_rule! {
    /// ## What it does
    /// Flags an `outputSchema` whose `$schema` names a dialect other than
    /// JSON Schema 2020-12 (draft-07 most often), when Claude Desktop is a
    /// target. Known only from users' reports, so a warning.
    ///
    /// ## Why is this bad?
    /// Users report that since August 2026 Claude Desktop fails every call
    /// of such a tool before sending it: "Tool 'X' has an invalid
    /// outputSchema: JSON Schema declares an unsupported dialect … The
    /// default validator supports JSON Schema 2020-12 only". The server's
    /// tools without an `outputSchema` still work; a server whose every tool
    /// has one is unusable. Claude Code and the MCP specification accept
    /// draft-07 (a maintainer places the failure in the desktop app).
    ///
    /// ## Example
    /// ```json
    /// {"outputSchema": {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"outputSchema": {"type": "object"}}
    /// ```
    ///
    /// ## Fix
    /// Leave `$schema` out of the `outputSchema` (MCP's default dialect is
    /// 2020-12), or declare 2020-12 and use its keywords. Many SDKs add the
    /// draft-07 `$schema` when they convert a model class: remove it there.
    ///
    /// ## Sources
    /// Checked 2026-12-03. Users' reports only.
    /// - anthropics/claude-code#86142 (with a maintainer's comment that the CLI accepts the dialect and the desktop app does not): <https://github.com/anthropics/claude-code/issues/86142>
    /// - anthropics/claude-code#90245: <https://github.com/anthropics/claude-code/issues/90245>
    /// - The MCP TypeScript SDK's validator that gives the same message, and its fix: <https://github.com/modelcontextprotocol/typescript-sdk/issues/2532>
    pub CLAUDE_DESKTOP_OUTPUT_SCHEMA_DIALECT,
    id = "claude-desktop-output-schema-dialect",
    group = Clients,
    severity = Warning,
    client = ClaudeDesktop, as_of = "2026-12-03",
    runs_in = Worker,
    fix_note = "No automatic fix: a schema written for draft-07 may use keywords whose meaning 2020-12 changed (`items` as a list, `definitions`).",
    summary = "Claude Desktop: an `outputSchema` declares a dialect other than 2020-12, which users report fails every call",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for tool in cx.tools() {
        let Some(schema) = tool.output_schema() else {
            continue;
        };
        let Some(uri) = field(schema, "$schema").and_then(Value::as_str) else {
            continue;
        };
        let dialect = Dialect::of(schema, cx.settings.revision);
        if dialect == Dialect::Draft202012 {
            continue;
        }
        out.report(
            Some(tool),
            tool.path.key("outputSchema").key("$schema"),
            format!(
                "Claude Desktop: the outputSchema declares {} ({}), and users report the app fails the tool's calls",
                dialect.label(),
                quote(uri)
            ),
        )
        .explanation(
            "Users report that Claude Desktop fails every call of a tool whose outputSchema declares a dialect other than \
             2020-12 (\"JSON Schema declares an unsupported dialect\"), before the call reaches the server.",
        )
        .help("Remove \"$schema\" from the outputSchema, or declare https://json-schema.org/draft/2020-12/schema");
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        CLAUDE_DESKTOP_OUTPUT_SCHEMA_DIALECT,
        "clients/claude-desktop-output-schema-dialect.json",
        crate::Settings {
            targets: crate::Targets::MCP.with_client(crate::clients::Client::ClaudeDesktop),
            ..Default::default()
        }
    );
}
