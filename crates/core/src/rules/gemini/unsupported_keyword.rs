use crate::path::Path;
use crate::registry::declare_rule;
use crate::rules::gemini::{SUPPORTED, WHOLE_REQUEST, each_parameters_node};
use crate::rules::{Definitions, Emitter};

declare_rule! {
    /// ## What it does
    /// Flags a keyword outside the 22 fields of Gemini's `Schema`
    /// (`additionalProperties`, `$schema`, `$ref`, `const`, `oneOf`, any `x-`
    /// annotation, …) in parameters sent as `parameters`. Keywords inside a
    /// flagged one are not flagged again.
    ///
    /// ## Why is this bad?
    /// Gemini parses `parameters` as a protobuf message: an unknown field
    /// fails the whole request with a 400 (`Unknown name
    /// "additionalProperties" … Cannot find field.`), so no tool in it can be
    /// called. Google's Python SDK drops such fields first, so the constraint
    /// silently disappears instead.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"unit": {"const": "celsius"}}, "additionalProperties": false}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object", "properties": {"unit": {"type": "string", "enum": ["celsius"]}}}
    /// ```
    ///
    /// ## Fix
    /// Use Gemini's fields (`const` as a one-value `enum`, `oneOf` as `anyOf`,
    /// `$ref` inlined), or state the rule in the description, or send the
    /// schema as `parametersJsonSchema`.
    ///
    /// ## Sources
    /// Checked 2026-12-02.
    /// - Gemini API reference, `Schema` (its fields): <https://ai.google.dev/api/caching#Schema>
    /// - Gemini API reference, `FunctionDeclaration` (`parameters`, `parametersJsonSchema`): <https://ai.google.dev/api/caching#FunctionDeclaration>
    /// - The 400 for an unknown field: promptfoo/promptfoo#6902, zed-industries/zed#44875, adolfousier/opencrabs#99
    /// - Python SDK filtering and the `additionalProperties` crash: googleapis/python-genai#2393
    pub GEMINI_UNSUPPORTED_KEYWORD,
    id = "gemini-unsupported-keyword",
    group = Gemini,
    severity = Error,
    provider = Gemini, as_of = "2026-12-02",
    runs_in = Worker,
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: the constraint is then no longer enforced by the schema) removes the keyword; keep checking it in the handler.",
    summary = "Gemini: a keyword `parameters` does not accept",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    // Keywords inside a flagged keyword go with it: the flagged keywords of
    // the tool being walked.
    let mut flagged: Vec<Path> = Vec::new();
    let mut walking = usize::MAX;
    each_parameters_node(cx, &mut |tool, node| {
        if tool.index != walking {
            walking = tool.index;
            flagged.clear();
        }
        let Some(obj) = node.object() else { return };
        if flagged.iter().any(|p| node.path.starts_with(p)) {
            return;
        }
        for key in obj.keys() {
            let key = key.as_str();
            if SUPPORTED.contains(&key) {
                continue;
            }
            let at = node.path.key(key);
            out.report(
                Some(tool),
                at.clone(),
                format!(
                    "Gemini: \"{key}\" is not a field of Gemini's Schema; the request is rejected"
                ),
            )
            .explanation(format!(
                "`{key}` is not one of the fields Gemini's `parameters` schema has. {WHOLE_REQUEST}"
            ))
            .help(fix_for(key))
            .with_fix(|| {
                crate::fix::Fix::r#unsafe(
                    format!("Remove \"{key}\""),
                    vec![crate::fix::Op::Remove { path: at.clone() }],
                )
            });
            flagged.push(at);
        }
    });
}

fn fix_for(key: &str) -> String {
    match key {
        "const" => "Write it as a one-value enum: \"enum\": [<the value>], with its \"type\"".to_owned(),
        "oneOf" => "Use \"anyOf\" instead, with branches that cannot both match".to_owned(),
        "allOf" => "Merge the allOf branches into this schema's own properties and keywords".to_owned(),
        "examples" => "Use \"example\" (one value) instead of \"examples\"".to_owned(),
        "$ref" | "$defs" | "definitions" => {
            "Inline the referenced definitions where they are used, or send the schema as parametersJsonSchema".to_owned()
        }
        "exclusiveMinimum" | "exclusiveMaximum" => format!(
            "Use \"{}\" with the bound adjusted, and say that the bound is exclusive in the description",
            if key == "exclusiveMinimum" { "minimum" } else { "maximum" }
        ),
        "additionalProperties" => {
            "Remove it (Gemini's parameters cannot forbid extra properties; check for them in the handler), or send the schema as parametersJsonSchema".to_owned()
        }
        "$schema" | "$id" | "$comment" => format!("Remove \"{key}\" before the schema is sent to Gemini"),
        _ => format!(
            "Remove \"{key}\" and state the rule in the description (enforce it in the handler), or send the schema as parametersJsonSchema"
        ),
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        GEMINI_UNSUPPORTED_KEYWORD,
        "gemini/gemini-unsupported-keyword.json",
        crate::Settings {
            targets: crate::Targets::GEMINI,
            ..Default::default()
        }
    );
}
