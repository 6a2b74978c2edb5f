use crate::value::Value;

use crate::rules::clarity::name_tokens;
use crate::rules::declare_rule;
use crate::rules::util::quote;
use crate::rules::{Cx, Emitter};
use crate::settings::Revision;

declare_rule! {
    /// ## What it does
    /// Warns when `x-mcp-header` marks what looks like a secret: the property
    /// name or the header name contains `token`, `password`, `secret`, `api key`
    /// (`apiKey`, `api_key`), `auth` or `credential`. It is a heuristic on names
    /// (`maxTokens` and `author` do not match). Applies from MCP 2026-07-28.
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
    summary = "`x-mcp-header` marks a property that looks like a secret",
}

/// The secret-like word in `s`, if any.
fn secret_word(s: &str) -> Option<String> {
    let words = name_tokens(s);
    for (i, w) in words.iter().enumerate() {
        let hit = matches!(
            &**w,
            "auth"
                | "oauth"
                | "authorization"
                | "authentication"
                | "credential"
                | "credentials"
                | "passwd"
                | "apikey"
        ) || w.ends_with("token")
            || w.ends_with("password")
            || w.ends_with("secret")
            || w.ends_with("apikey")
            || (w == "api" && words.get(i + 1).is_some_and(|n| n == "key" || n == "keys"));
        if hit {
            return Some(if w == "api" {
                "api key".to_owned()
            } else {
                w.to_string()
            });
        }
    }
    None
}

fn check(cx: &Cx<'_>, out: &mut Emitter<'_>) {
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
        out.emit(
            Some(tool),
            node.path.key("x-mcp-header"),
            format!("{subject} looks like it carries a secret ({})", quote(&word)),
            "The value is copied into an `Mcp-Param-*` HTTP header in clear text, where every proxy, gateway and load balancer on the way sees it \
             and access logs often record it. MCP says servers SHOULD NOT mark secrets or other sensitive data with `x-mcp-header`. \
             A credential passed as a tool argument is also visible to the model and kept in the conversation.",
            "Remove `x-mcp-header` from this property, and take credentials from the session's authorization rather than from a tool argument",
        );
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::rule_snapshot!(X_MCP_HEADER_SECRET, "header/x-mcp-header-secret.json");

    #[test]
    fn secret_words() {
        assert!(secret_word("apiKey").is_some());
        assert!(secret_word("api_key").is_some());
        assert!(secret_word("Api-Key").is_some());
        assert!(secret_word("accessToken").is_some());
        assert!(secret_word("client_secret").is_some());
        assert!(secret_word("Authorization").is_some());
        assert!(secret_word("dbPassword").is_some());
        assert!(secret_word("credentials").is_some());
        assert!(secret_word("maxTokens").is_none());
        assert!(secret_word("author").is_none());
        assert!(secret_word("keyword").is_none());
        assert!(secret_word("Order-Id").is_none());
    }
}
