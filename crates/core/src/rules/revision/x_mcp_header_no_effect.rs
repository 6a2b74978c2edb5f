use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::settings::Revision;

declare_rule! {
    /// ## What it does
    /// Notes `x-mcp-header` in an input schema checked against an MCP revision
    /// older than 2026-07-28, which introduced it. (Under 2026-07-28 the
    /// `x-mcp-header-*` rules check the annotation itself.)
    ///
    /// ## Why is this bad?
    /// A client on 2025-11-25 or 2025-06-18 does not know the annotation: it
    /// sends the value only in the call's arguments and adds no `Mcp-Param-*`
    /// header, so a gateway or load balancer that routes on that header never
    /// sees it. Nothing fails; the routing the annotation was added for just
    /// does not happen until clients speak 2026-07-28.
    ///
    /// ## Example
    /// ```json
    /// {"orderId": {"type": "string", "x-mcp-header": "Order-Id"}}
    /// ```
    /// checked against MCP 2025-11-25.
    ///
    /// Use instead: the same schema, served to clients that negotiate
    /// 2026-07-28, or routing that reads the arguments rather than a header.
    ///
    /// ## Fix
    /// Keep the annotation for 2026-07-28 clients, and do not rely on the header
    /// for older ones; check against 2026-07-28 to validate the annotation.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 changelog (`x-mcp-header`): <https://modelcontextprotocol.io/specification/2026-07-28/changelog>
    /// - MCP 2026-07-28, Streamable HTTP, custom headers: <https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http>
    pub X_MCP_HEADER_NO_EFFECT,
    id = "x-mcp-header-no-effect",
    group = Revision,
    severity = Info,
    fix_note = "No automatic fix: nothing in the definition is wrong: what to change depends on which revisions the clients speak and how requests are routed.",
    summary = "`x-mcp-header` is used under an MCP revision that has no such annotation",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    let revision = cx.settings.revision;
    if revision >= Revision::R2026_07_28 {
        return;
    }
    cx.each_input_node(&mut |tool, node| {
        if node.get("x-mcp-header").is_none() {
            return;
        }
        out.report(
            Some(tool),
            node.path.key("x-mcp-header"),
            format!("x-mcp-header has no effect in MCP {revision}; it was introduced in 2026-07-28"),
        )
        .explanation(
            format!(
                "A client on MCP {revision} does not know `x-mcp-header`: it sends the value only in the call's arguments and adds no `Mcp-Param-*` header, \
                 so a gateway that routes on that header never sees it. Nothing fails; the routing simply does not happen until clients speak 2026-07-28."
            ),
        )
        .help(
            "Keep it for 2026-07-28 clients and do not rely on the header for older ones; check against 2026-07-28 to validate the annotation itself",
        );
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        X_MCP_HEADER_NO_EFFECT,
        "revision/x-mcp-header-no-effect.json",
        crate::Settings {
            revision: crate::Revision::R2025_11_25,
            ..crate::Settings::default()
        }
    );

    #[test]
    fn silent_under_2026_07_28() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/resources/fixtures/revision/x-mcp-header-no-effect.json"
        ));
        let report = crate::check(
            text,
            &crate::Settings::default().only(super::X_MCP_HEADER_NO_EFFECT.id),
        )
        .expect("parses");
        assert!(report.findings.is_empty());
    }
}
