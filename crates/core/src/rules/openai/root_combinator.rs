use crate::registry::declare_rule;
use crate::rules::provider::root_keywords;
use crate::rules::{Definitions, Emitter};

/// Keywords OpenAI rejects at the top level of `parameters`.
pub(crate) const KEYWORDS: [&str; 6] = ["oneOf", "anyOf", "allOf", "enum", "not", "const"];

declare_rule! {
    /// ## What it does
    /// Flags `oneOf`, `anyOf`, `allOf`, `enum`, `not` or `const` at the top
    /// level of a tool's parameters schema when OpenAI is a target, strict or
    /// not. One finding per keyword. A root that is not `"type": "object"` is
    /// left to the MCP input-root rule, so the same defect is not reported twice.
    ///
    /// ## Why is this bad?
    /// OpenAI requires the parameters root to be a plain object schema. A request
    /// whose function has one of these keywords at the root is rejected with a
    /// 400 ("Invalid schema for function 'x': schema must have type 'object' and
    /// not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level"; newer
    /// messages add `const`), and no tool in that request can be called. MCP
    /// 2026-07-28 allows composition at the root, so this is valid MCP and
    /// still fails at OpenAI.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object",
    ///  "anyOf": [{"properties": {"id": {"type": "string"}}, "required": ["id"]},
    ///            {"properties": {"email": {"type": "string"}}, "required": ["email"]}]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object",
    ///  "properties": {"id": {"type": ["string", "null"], "description": "Order id; or give email"},
    ///                 "email": {"type": ["string", "null"], "description": "Customer email; or give id"}},
    ///  "required": ["id", "email"]}
    /// ```
    ///
    /// ## Fix
    /// Move the alternatives into one object with all the fields and describe the
    /// valid combinations in the descriptions (the handler checks them), or split
    /// the tool into one tool per alternative.
    ///
    /// ## Sources
    /// - OpenAI Structured Outputs, supported schemas ("the root level object must be an object, and not use anyOf"): <https://developers.openai.com/api/docs/guides/structured-outputs>
    /// - OpenAI function calling guide: <https://developers.openai.com/api/docs/guides/function-calling>
    /// - API errors quoted in nspady/google-calendar-mcp#39, langchain-ai/langchainjs#9804, browserbase/stagehand#1159
    pub OPENAI_ROOT_COMBINATOR,
    id = "openai-root-combinator",
    group = OpenAi,
    severity = Error,
    provider = OpenAi, as_of = "2026-10-01",
    runs_in = Worker,
    converter = (EnsureStrictJsonSchema, Keeps),
    rewritten_away_by = [VsCode],
    fix_note = "No automatic fix: the schema needs restructuring that depends on what the tool accepts: merging the alternatives or splitting the tool is a design decision.",
    summary = "OpenAI: `oneOf`/`anyOf`/`allOf`/`enum`/`not`/`const` at the top level of parameters",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for (tool, kw) in root_keywords(cx, &KEYWORDS) {
        let (explanation, fix) = explain(kw);
        out.report(
            Some(tool),
            tool.input_schema_path().key(kw),
            format!("OpenAI: parameters root uses \"{kw}\", which is rejected at the top level"),
        )
        .explanation(explanation)
        .help(fix);
    }
}

fn explain(kw: &str) -> (String, String) {
    let explanation = format!(
        "OpenAI requires the parameters root to be a plain object schema and rejects a function with `{kw}` at the top level \
         with a 400 (\"schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/'enum'/'not' at the top level\"), \
         so no tool in the request can be called. MCP 2026-07-28 allows this, so the tool is valid MCP and still \
         fails when a host forwards it to OpenAI."
    );
    let fix = match kw {
        "oneOf" | "anyOf" => format!(
            "Replace the top-level `{kw}` with one object that has all the fields (optional ones typed with null) and describe \
             the valid combinations, or split the tool into one tool per alternative"
        ),
        "allOf" => "Merge the `allOf` branches into the root object's `properties` and `required`"
            .to_owned(),
        _ => format!(
            "Remove the top-level `{kw}` and state the restriction in the tool description; keep checking it in the handler"
        ),
    };
    (explanation, fix)
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        OPENAI_ROOT_COMBINATOR,
        "openai/openai-root-combinator.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            ..Default::default()
        }
    );
}
