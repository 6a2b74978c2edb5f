use crate::value::Value;

use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::settings::Revision;
use crate::text::quote;
use crate::text::sensitive::secret_word;

declare_rule! {
    /// ## What it does
    /// Warns when `x-mcp-header` marks what looks like a secret: the property
    /// name or the header name asks for one by the matcher every rule that
    /// cares about secrets shares (`text::sensitive`): its last word is
    /// `password`, `secret`, `credentials`, `auth`, `authorization` or
    /// `token`, or it ends in `api key` (`apiKey`, `api_key`) or `private
    /// key`. Pagination tokens (`page_token`), counts (`maxTokens`) and names
    /// that only contain such a word (`token_type`, `author`) do not match.
    /// Applies from MCP 2026-07-28.
    ///
    /// ## Why is this bad?
    /// The value is copied into an `Mcp-Param-*` HTTP header in clear text, where
    /// every proxy, gateway and load balancer on the way sees it and access logs
    /// often record it. The specification says servers SHOULD NOT mark secrets or
    /// other sensitive data with `x-mcp-header`. A credential passed as a tool
    /// argument is also visible to the model and stored in the conversation.
    ///
    /// ## Example
    /// ```json
    /// {"apiKey": {"type": "string", "x-mcp-header": "Api-Key"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"region": {"type": "string", "x-mcp-header": "Region"}}
    /// ```
    /// and take the credential from the transport's authorization.
    ///
    /// ## Fix
    /// Remove `x-mcp-header` from the property, and take credentials from the
    /// session's authorization rather than from a tool argument.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools (`x-mcp-header`, security considerations): <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2026-07-28, Authorization: <https://modelcontextprotocol.io/specification/2026-07-28/basic/authorization>
    pub X_MCP_HEADER_SECRET,
    id = "x-mcp-header-secret",
    group = Header,
    severity = Warning,
    fix_note = "No automatic fix: taking credentials from the session's authorization instead of an argument needs changes to the server's code, not just the definition.",
    summary = "`x-mcp-header` marks a property that looks like a secret",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    if cx.settings.revision < Revision::R2026_07_28 {
        return;
    }
    cx.each_input_node(&mut |tool, node| {
        let Some(Value::String(header)) = node.get("x-mcp-header") else { return };
        let name = node.property_name();
        let Some(word) = name.and_then(secret_word).or_else(|| secret_word(header)) else { return };
        let subject = match name {
            Some(n) => format!("x-mcp-header {} on {}", quote(header), quote(n)),
            None => format!("x-mcp-header {}", quote(header)),
        };
        out.report(
            Some(tool),
            node.path.key("x-mcp-header"),
            format!("{subject} looks like it carries a secret ({})", quote(&word)),
        )
        .explanation(
            "The value is copied into an `Mcp-Param-*` HTTP header in clear text, where every proxy, gateway and load balancer on the way sees it \
             and access logs often record it. MCP says servers SHOULD NOT mark secrets or other sensitive data with `x-mcp-header`. \
             A credential passed as a tool argument is also visible to the model and kept in the conversation.",
        )
        .help(
            "Remove `x-mcp-header` from this property, and take credentials from the session's authorization rather than from a tool argument",
        );
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(X_MCP_HEADER_SECRET, "header/x-mcp-header-secret.json");
}
