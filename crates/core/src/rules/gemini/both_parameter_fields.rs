use crate::input::Flavour;
use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};

declare_rule! {
    /// ## What it does
    /// Flags a Gemini function declaration that has both `parameters` and
    /// `parametersJsonSchema`.
    ///
    /// ## Why is this bad?
    /// The two fields are mutually exclusive: a declaration gives its
    /// parameters one way. Gemini rejects a declaration with both, so the
    /// request fails, and even where a client picks one, the other schema is
    /// silently ignored and may not be the one the server was written for.
    ///
    /// ## Example
    /// ```json
    /// {"name": "search", "parameters": {"type": "OBJECT"}, "parametersJsonSchema": {"type": "object"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "search", "parametersJsonSchema": {"type": "object", "properties": {"query": {"type": "string"}}}}
    /// ```
    ///
    /// ## Fix
    /// Keep one: `parametersJsonSchema` for a JSON Schema (what an MCP
    /// `inputSchema` is), `parameters` for Gemini's OpenAPI subset.
    ///
    /// ## Sources
    /// Checked 2026-12-02.
    /// - Gemini API reference, `FunctionDeclaration` ("This field is mutually exclusive with `parameters`"): <https://ai.google.dev/api/caching#FunctionDeclaration>
    pub GEMINI_BOTH_PARAMETER_FIELDS,
    id = "gemini-both-parameter-fields",
    group = Gemini,
    severity = Error,
    provider = Gemini, as_of = "2026-12-02",
    runs_in = Worker,
    fix_note = "No automatic fix: which of the two schemas the server was written for cannot be told from the declaration.",
    summary = "Gemini: a declaration has both parameters and parametersJsonSchema",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for tool in cx.tools() {
        if !matches!(
            tool.flavour,
            Flavour::GeminiParameters | Flavour::GeminiJsonSchema
        ) || tool.get("parameters").is_none()
            || tool.get("parametersJsonSchema").is_none()
        {
            continue;
        }
        out.report(
            Some(tool),
            tool.path.key("parametersJsonSchema"),
            "Gemini: the declaration has both parameters and parametersJsonSchema, which are mutually exclusive",
        )
        .explanation(
            "A Gemini function declaration gives its parameters in `parameters` or in `parametersJsonSchema`, not both. \
             Gemini rejects the request, and a client that picks one silently ignores the other schema.",
        )
        .help(
            "Keep one: parametersJsonSchema for a JSON Schema (what an MCP inputSchema is), parameters for Gemini's OpenAPI subset",
        );
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        GEMINI_BOTH_PARAMETER_FIELDS,
        "gemini/gemini-both-parameter-fields.json",
        crate::Settings::default()
    );
}
