use crate::registry::declare_rule;
use crate::rules::gemini::field;
use crate::rules::{Definitions, Emitter};
use crate::settings::GeminiField;
use crate::value::Value;
use crate::value::json_kind;

declare_rule! {
    /// ## What it does
    /// Flags parameters that reach Gemini as `parametersJsonSchema` but do not
    /// describe an object: the schema is not an object, or its root `type` is
    /// something other than `"object"`. Runs when Gemini is a target and the
    /// parameters go in `parametersJsonSchema` (a Gemini body that uses that
    /// field, or `--gemini-field json-schema`).
    ///
    /// ## Why is this bad?
    /// `parametersJsonSchema` takes JSON Schema, with few restrictions, but it
    /// "must describe an object where the properties are the parameters": the
    /// model writes a function call's arguments as one object. A root of
    /// another type leaves it no way to write arguments that match, so the
    /// tool cannot be called as declared.
    ///
    /// ## Example
    /// ```json
    /// {"name": "search", "parametersJsonSchema": {"type": "string"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "search", "parametersJsonSchema": {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}}
    /// ```
    ///
    /// ## Fix
    /// Make the root `{"type": "object", "properties": {…}}`, with each
    /// parameter a property.
    ///
    /// ## Sources
    /// Checked 2026-12-02.
    /// - Gemini API reference, `FunctionDeclaration.parametersJsonSchema`: <https://ai.google.dev/api/caching#FunctionDeclaration>
    pub GEMINI_JSON_SCHEMA_NOT_OBJECT,
    id = "gemini-json-schema-not-object",
    group = Gemini,
    severity = Error,
    provider = Gemini, as_of = "2026-12-02",
    runs_in = Worker,
    fix_note = "No automatic fix: wrapping the root in an object changes the arguments the handler receives, so the handler has to change with it.",
    summary = "Gemini: parametersJsonSchema does not describe an object",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for tool in cx.tools() {
        if field(cx, tool) != GeminiField::JsonSchema {
            continue;
        }
        let Some(schema) = tool.input_schema() else {
            continue;
        };
        let at = tool.input_schema_path();
        let (path, what) = match schema {
            Value::Object(obj) => match obj.get("type") {
                None => continue,
                Some(Value::String(t)) if t.as_str() == "object" => continue,
                Some(Value::String(t)) => (at.key("type"), format!("its type is \"{t}\"")),
                Some(other) => (at.key("type"), format!("its type is {}", json_kind(other))),
            },
            other => (at, format!("it is {}", json_kind(other))),
        };
        out.report(
            Some(tool),
            path,
            format!("Gemini: the parameters schema does not describe an object: {what}"),
        )
        .explanation(
            "Gemini's `parametersJsonSchema` must describe an object whose properties are the parameters: the model writes a call's \
             arguments as one object, so with another root it cannot write arguments that match and the tool cannot be called as declared.",
        )
        .help(
            "Make the root {\"type\": \"object\", \"properties\": {…}}, with each parameter a property",
        );
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        GEMINI_JSON_SCHEMA_NOT_OBJECT,
        "gemini/gemini-json-schema-not-object.json",
        crate::Settings {
            targets: crate::Targets::GEMINI,
            gemini_field: crate::GeminiField::JsonSchema,
            ..Default::default()
        }
    );
}
