use crate::registry::declare_rule;
use crate::rules::gemini::{NAME_LIMIT, each_parameters_node, name_start, safe_name};
use crate::rules::{Definitions, Emitter};
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// Flags a parameter (property) name that Vertex AI's documentation does
    /// not allow in a function's `parameters`: it must start with a letter or
    /// `_` and hold only letters, digits and `_`, at most 64 characters. Runs
    /// when Gemini is a target and the parameters go in `parameters`.
    ///
    /// ## Why is this bad?
    /// The same tool can reach Gemini through the Gemini API, which states no
    /// rule for parameter names, or through Vertex AI, whose reference says
    /// "Parameter names must start with a letter or an underscore and must
    /// only contain chars a-z, A-Z, 0-9, or underscores with a maximum length
    /// of 64". A name such as `user-id` or `$filter` can work on one and be
    /// refused on the other, so this is a warning.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"user-id": {"type": "string"}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object", "properties": {"user_id": {"type": "string"}}}
    /// ```
    ///
    /// ## Fix
    /// Rename the parameter with letters, digits and `_` (the handler then
    /// reads the new name), or map the name in the host.
    ///
    /// ## Sources
    /// Checked 2026-12-02.
    /// - Vertex AI reference, `FunctionDeclaration.parameters`: <https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/Tool#FunctionDeclaration>
    pub GEMINI_VERTEX_PARAMETER_NAME,
    id = "gemini-vertex-parameter-name",
    group = Gemini,
    severity = Warning,
    provider = Gemini, as_of = "2026-12-02",
    runs_in = Worker,
    fix_note = "No automatic fix: renaming a parameter changes what the handler reads, so the handler has to change with it.",
    summary = "Gemini: a parameter name Vertex AI does not allow",
}

/// A character Vertex AI's docs allow in a parameter name.
fn allowed_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Whether Vertex AI's docs allow `name` as a parameter name.
fn allowed(name: &str) -> bool {
    name.chars().count() <= NAME_LIMIT
        && name.starts_with(name_start)
        && name.chars().all(allowed_char)
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_parameters_node(cx, &mut |tool, node| {
        let Some(name) = node.property_name() else {
            return;
        };
        if allowed(name) {
            return;
        }
        out.report(
            Some(tool),
            node.path.clone(),
            format!("Gemini: parameter name {} is not letters, digits and _, as Vertex AI asks", quote(name)),
        )
        .explanation(
            "Vertex AI's reference allows parameter names of letters, digits and `_` that start with a letter or `_`, at most 64 characters; \
             the Gemini API states no such rule. The same tool may work through one Google endpoint and be refused through the other.",
        )
        .help(
            format!(
                "Rename the parameter to {} (the handler then reads the new name), or map the name in the host",
                quote(&safe_name(name, allowed_char))
            ),
        );
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        GEMINI_VERTEX_PARAMETER_NAME,
        "gemini/gemini-vertex-parameter-name.json",
        crate::Settings {
            targets: crate::Targets::GEMINI,
            ..Default::default()
        }
    );
}
