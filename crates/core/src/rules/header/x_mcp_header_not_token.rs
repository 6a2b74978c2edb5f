use crate::value::Value;

use crate::registry::declare_rule;
use crate::rules::header::{is_tchar, is_token};
use crate::rules::{Definitions, Emitter};
use crate::settings::Revision;
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// Flags an `x-mcp-header` value that is not a non-empty RFC 9110 token
    /// (letters, digits and ``!#$%&'*+-.^_`|~``; no spaces, colons or non-ASCII).
    /// Applies from MCP 2026-07-28, which introduced `x-mcp-header`.
    ///
    /// ## Why is this bad?
    /// The value becomes the HTTP header name `Mcp-Param-{value}`. The specification
    /// says a Streamable HTTP client that finds an invalid value MUST leave the tool
    /// out of `tools/list`, so the model is never offered it. Local tests with
    /// default SDK options often still show the tool, which hides the problem.
    ///
    /// ## Example
    /// ```json
    /// {"orderId": {"type": "string", "x-mcp-header": "Order Id"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"orderId": {"type": "string", "x-mcp-header": "Order-Id"}}
    /// ```
    ///
    /// ## Fix
    /// Replace spaces and other separators with `-`, and keep to ASCII.
    ///
    /// ## Sources
    /// - MCP 2026-07-28, Tools (`x-mcp-header`): <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - MCP 2026-07-28, Streamable HTTP: <https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http>
    /// - RFC 9110 §5.6.2, tokens: <https://www.rfc-editor.org/rfc/rfc9110#section-5.6.2>
    pub X_MCP_HEADER_NOT_TOKEN,
    id = "x-mcp-header-not-token",
    group = Header,
    severity = Error,
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: the server reads the header by its name, so its code must change too) writes the suggested token.",
    summary = "`x-mcp-header` is not a non-empty HTTP token",
}

const EXPLANATION: &str = "The value becomes the HTTP header name `Mcp-Param-{value}`, which must be an RFC 9110 token. \
A Streamable HTTP client that finds an invalid value MUST leave this tool out of `tools/list`, so the model is never offered it. \
A stdio client or an SDK in its default legacy negotiation mode may still list it, which hides the problem in local tests.";

/// A token close to `value`: separators become `-`, other characters are dropped.
fn suggest(value: &str) -> String {
    let mut out = String::new();
    for c in value.trim().chars() {
        if is_tchar(c) {
            out.push(c);
        } else if (c.is_whitespace() || c == ':' || c == '/' || c == ',' || c == ';')
            && !out.ends_with('-')
        {
            out.push('-');
        }
    }
    let out = out.trim_matches('-').to_owned();
    if out.is_empty() {
        "Param".to_owned()
    } else {
        out
    }
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    if cx.settings.revision < Revision::R2026_07_28 {
        return;
    }
    cx.each_input_node(&mut |tool, node| {
        let Some(value) = node.get("x-mcp-header") else {
            return;
        };
        let path = node.path.key("x-mcp-header");
        match value {
            Value::String(s) if is_token(s) => {}
            Value::String(s) if s.is_empty() => {
                out.report(
                    Some(tool),
                    path,
                    "x-mcp-header is empty",
                )
                .explanation(EXPLANATION)
                .help(
                    "Give the header a name, such as the property name, or remove `x-mcp-header`",
                );
            }
            Value::String(s) => {
                out.report(
                    Some(tool),
                    path,
                    format!("x-mcp-header {} is not an HTTP token", quote(s)),
                )
                .explanation(EXPLANATION)
                .help(format!("Use {} instead", quote(&suggest(s))))
                .with_fix(|| {
                    crate::fix::Fix::r#unsafe(
                        format!("Use {}", quote(&suggest(s))),
                        vec![crate::fix::Op::Replace {
                            path: node.path.key("x-mcp-header"),
                            json: crate::fix::json(&suggest(s)),
                        }],
                    )
                });
            }
            other => {
                out.report(
                    Some(tool),
                    path,
                    format!(
                        "x-mcp-header is {}, not a string",
                        crate::value::json_kind(other)
                    ),
                )
                .explanation(EXPLANATION)
                .help("Write the header name as a string, for example `\"Order-Id\"`");
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::rule_snapshot!(X_MCP_HEADER_NOT_TOKEN, "header/x-mcp-header-not-token.json");

    #[test]
    fn suggestions_are_tokens() {
        assert_eq!(suggest("Order Id"), "Order-Id");
        assert_eq!(suggest("Région: ID"), "Rgion-ID");
        assert_eq!(suggest("  "), "Param");
        assert!(is_token(&suggest("a b:c")));
    }
}
