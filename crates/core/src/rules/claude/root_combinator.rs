use crate::finding::Severity;
use crate::registry::declare_rule;
use crate::rules::provider::root_keywords;
use crate::rules::{Definitions, Emitter};

/// Keywords Claude's error names at the top level of `input_schema`.
const REJECTED: [&str; 3] = ["oneOf", "allOf", "anyOf"];
/// Those, then keywords that restrict the whole argument object, with no
/// documented verdict.
const KEYWORDS: [&str; 5] = ["oneOf", "allOf", "anyOf", "enum", "not"];

declare_rule! {
    /// ## What it does
    /// Flags `oneOf`, `anyOf` or `allOf` at the top level of a tool's input
    /// schema (error) and `enum` or `not` there (warning) when Claude is a
    /// target, strict or not. One finding per keyword. A root that is not
    /// `"type": "object"` is left to the MCP input-root rule.
    ///
    /// ## Why is this bad?
    /// Claude rejects the request with a 400: "input_schema does not support
    /// oneOf, allOf, or anyOf at the top level", so no tool in it can be called.
    /// MCP 2026-07-28 allows composition at the root, so this is valid MCP and
    /// still fails at Claude.
    ///
    /// Where the sources disagree: Anthropic's docs do not mention this
    /// restriction, and the API's error text names only the three combinators.
    /// A top-level `enum` or `not` restricts the whole argument object, which no
    /// source covers for Claude, so Toolcheck reports those as warnings.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object",
    ///  "oneOf": [{"properties": {"id": {"type": "string"}}, "required": ["id"]},
    ///            {"properties": {"email": {"type": "string"}}, "required": ["email"]}]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object",
    ///  "properties": {"id": {"type": "string", "description": "Order id; or give email"},
    ///                 "email": {"type": "string", "description": "Customer email; or give id"}}}
    /// ```
    ///
    /// ## Fix
    /// Move the alternatives into one object with all the fields and describe the
    /// valid combinations (the handler checks them), or split the tool into one
    /// tool per alternative.
    ///
    /// ## Sources
    /// - Claude tool use, defining tools (`input_schema` is an object schema): <https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use>
    /// - API error quoted in anthropics/claude-code#5319 and #5973, mobile-next/mobile-mcp#344
    pub CLAUDE_ROOT_COMBINATOR,
    id = "claude-root-combinator",
    group = Claude,
    severity = Error,
    provider = Claude, as_of = "2026-10-01",
    runs_in = Worker,
    converter = (TransformSchema, Keeps),
    rewritten_away_by = [VsCode],
    fix_note = "No automatic fix: the schema needs restructuring that depends on what the tool accepts: merging the alternatives or splitting the tool is a design decision.",
    summary = "Claude: `oneOf`/`anyOf`/`allOf` (or `enum`/`not`) at the top level of input_schema",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for (tool, kw) in root_keywords(cx, &KEYWORDS) {
        if REJECTED.contains(&kw) {
            out.report(
                Some(tool),
                tool.input_schema_path().key(kw),
                format!("Claude: input_schema root uses \"{kw}\", which is rejected at the top level"),
            )
            .explanation(
                format!(
                    "Claude rejects a tool with `{kw}` at the top level of `input_schema` with a 400 (\"input_schema does not \
                     support oneOf, allOf, or anyOf at the top level\"), so no tool in the request can be called. MCP 2026-07-28 \
                     allows this, so the tool is valid MCP and still fails when a host forwards it to Claude."
                ),
            )
            .help(
                if kw == "allOf" {
                    "Merge the `allOf` branches into the root object's `properties` and `required`".to_owned()
                } else {
                    format!(
                        "Replace the top-level `{kw}` with one object that has all the fields and describe the valid \
                         combinations, or split the tool into one tool per alternative"
                    )
                },
            );
        } else {
            out.report(
                Some(tool),
                tool.input_schema_path().key(kw),
                format!("Claude: input_schema root uses \"{kw}\", which Claude may reject"),
            )
            .explanation(
                format!(
                    "A top-level `{kw}` restricts the whole argument object. Claude's documented error covers only oneOf, allOf \
                     and anyOf at the top level, and no source says whether `{kw}` is accepted there; a model also cannot tell \
                     from it which arguments are valid."
                ),
            )
            .help(
                format!("Remove the top-level `{kw}` and state the restriction in the tool description; keep checking it in the handler"),
            )
            .severity = Severity::Warning;
        }
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        CLAUDE_ROOT_COMBINATOR,
        "claude/claude-root-combinator.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            ..Default::default()
        }
    );
}
