use crate::value::Value;

use crate::input::Flavour;
use crate::registry::declare_rule;
use crate::rules::provider::{OPENAI_STRICT_DESCEND, is_object_schema, quoted_list, walk_schema};
use crate::rules::{Definitions, Emitter};
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Flags an OpenAI Responses function tool that omits `strict` (or sets it
    /// to `null`) and has optional properties, unless strict mode is ticked for
    /// every tool (then the strict rules apply instead).
    ///
    /// ## Why is this bad?
    /// Chat Completions treats a missing `strict` as `false`; Responses does not.
    /// The function calling guide says that when `strict` is omitted, "Responses
    /// requests will attempt to normalize your schema into strict mode when
    /// possible, and will fall back to non-strict, best-effort function calling
    /// if the schema cannot be made compatible". Normalising makes every property
    /// required, so the model fills in parameters the schema marks optional
    /// (empty strings, zeros, `false`, empty arrays) and the handler receives
    /// filters and options nobody asked for. Whether it happens depends on the
    /// schema, so the same tool can behave differently after a small change.
    ///
    /// Where the sources disagree: the migration guide and the openai-python
    /// docstring (until 2.45.0) call Responses functions strict by default; the
    /// current guide describes the attempt-and-fall-back behaviour above and the
    /// SDK wording is now neutral. Toolcheck therefore does not apply the strict
    /// rules (which report 400 errors) to these tools, since the request is not
    /// refused, and warns about the silent normalisation instead. Tick strict
    /// mode to see what strict mode would require.
    ///
    /// ## Example
    /// ```json
    /// {"type": "function", "name": "search",
    ///  "parameters": {"type": "object",
    ///    "properties": {"q": {"type": "string"}, "limit": {"type": "integer"}},
    ///    "required": ["q"]}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "function", "name": "search", "strict": false,
    ///  "parameters": {"type": "object",
    ///    "properties": {"q": {"type": "string"}, "limit": {"type": "integer"}},
    ///    "required": ["q"]}}
    /// ```
    ///
    /// ## Fix
    /// Say which mode you want: `"strict": false` keeps optional parameters
    /// optional; `"strict": true` (with every property required and optional
    /// ones typed with `null`) makes the model follow the schema exactly.
    ///
    /// ## Sources
    /// - OpenAI function calling guide, strict mode: <https://developers.openai.com/api/docs/guides/function-calling#strict-mode>
    /// - openai-python `responses/function_tool_param.py` history (commit f16fbbd2, 2.45.0)
    /// - Reports: 0xPlaygrounds/rig#2477, open-webui/open-webui#27750, langchain-ai/langchain#35837
    pub OPENAI_RESPONSES_STRICT_OMITTED,
    id = "openai-responses-strict-omitted",
    group = OpenAi,
    severity = Warning,
    provider = OpenAi, as_of = "2026-10-01",
    runs_in = Worker,
    fix_note = "No automatic fix: strict or non-strict is a trade-off only the author can make: it changes how the model fills optional parameters.",
    summary = "OpenAI: a Responses tool omits `strict`, so optional parameters may become required",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    if cx.settings.strict {
        return;
    }
    for tool in cx.tools() {
        if tool.flavour != Flavour::OpenAiResponses || tool.object().is_none() {
            continue;
        }
        if !matches!(tool.get("strict"), None | Some(Value::Null)) {
            continue;
        }
        let Some(schema) = tool.input_schema() else {
            continue;
        };
        let mut optional: Vec<&str> = Vec::new();
        walk_schema(
            schema,
            &tool.input_schema_path(),
            OPENAI_STRICT_DESCEND,
            &mut |node| {
                let Some(obj) = node.object() else { return };
                if !is_object_schema(obj) {
                    return;
                }
                let Some(props) = member(obj, "properties").and_then(Value::as_object) else {
                    return;
                };
                let required: Vec<&str> = obj
                    .get("required")
                    .and_then(Value::as_array)
                    .map(|r| r.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                for name in props.keys() {
                    if !required.contains(&name.as_str()) && !optional.contains(&name.as_str()) {
                        optional.push(name);
                    }
                }
            },
        );
        if optional.is_empty() {
            continue;
        }
        let what = if optional.len() == 1 {
            "parameter"
        } else {
            "parameters"
        };
        out.report(
            Some(tool),
            tool.path.clone(),
            format!(
                "OpenAI: \"strict\" is omitted, so Responses may make optional {what} {} required",
                quoted_list(&optional, 3)
            ),
        )
        .explanation(
            "When a Responses function omits `strict`, OpenAI tries to normalise its schema into strict mode and falls back \
             to best-effort calling only if it cannot. Normalising makes every property required, so the model sends a \
             value for each optional parameter (an empty string, 0, false or an empty list) and the handler acts on \
             filters and options nobody asked for. Chat Completions does not do this, so the same tool behaves differently \
             on the two APIs.",
        )
        .help(
            "Set \"strict\": false to keep optional parameters optional, or \"strict\": true after listing every property in \
             `required` and typing the optional ones with null",
        );
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        OPENAI_RESPONSES_STRICT_OMITTED,
        "openai/openai-responses-strict-omitted.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            ..Default::default()
        }
    );

    #[test]
    fn chat_tools_are_not_strict_by_default() {
        let text = r#"[{"type": "function", "function": {"name": "s", "parameters": {"type": "object",
            "properties": {"q": {"type": "string"}}}}}]"#;
        let report = crate::check(
            text,
            &crate::Settings::default().only(super::OPENAI_RESPONSES_STRICT_OMITTED.id),
        )
        .unwrap();
        assert!(report.findings.is_empty());
    }
}
