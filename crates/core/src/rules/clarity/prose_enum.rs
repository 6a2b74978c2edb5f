use crate::input::Tool;
use crate::registry::declare_rule;
use crate::rules::clarity::{ProseEnum, is_parameter};
use crate::rules::walk::{Node, type_names};
use crate::rules::{Definitions, Emitter};
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// Flags a parameter whose description names its allowed values while the
    /// schema has no `enum`, `const`, or `oneOf`/`anyOf` of constants. It looks
    /// for a list of at least two values after "valid values", "allowed
    /// values", "possible values", "must be one of", "one of:", "options:" and
    /// similar phrases; for `either 'x' or 'y'` with quoted values; and for a
    /// pipe-separated list such as `asc|desc`. To keep false alarms low, a list
    /// must be quoted values or single words, and pipes are ignored in
    /// parameters about patterns, regexes, queries or filters.
    ///
    /// ## Why is this bad?
    /// A set written in prose is a hint the model may ignore: `ascending`,
    /// `ASC` and `up` all validate, and the handler rejects or misreads them.
    /// An `enum` is a constraint the model is shown as a list and a validator
    /// enforces. Public servers leave 857 such sets in prose.
    ///
    /// ## Example
    /// ```json
    /// {"sort": {"type": "string", "description": "Sort direction: asc|desc"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"sort": {"type": "string", "enum": ["asc", "desc"], "description": "Sort direction"}}
    /// ```
    ///
    /// ## Fix
    /// Add an `enum` with the listed values, and keep the description for what
    /// each value means.
    ///
    /// ## Sources
    /// - JSON Schema 2020-12 Validation, `enum`: <https://json-schema.org/draft/2020-12/json-schema-validation#section-6.1.2>
    /// - OpenAI function calling guide (use enums to constrain values): <https://developers.openai.com/api/docs/guides/function-calling>
    pub PROSE_ENUM,
    id = "prose-enum",
    group = Clarity,
    severity = Warning,
    fix_note = "No automatic fix: the values are read from free prose and may be incomplete, and an `enum` would reject any other value the handler still accepts.",
    summary = "A parameter's description lists its allowed values but the schema has no `enum`",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    let tools = cx.tools();
    let prose = cx.cache.prose_enums(tools);
    let nodes = cx.cache.nodes(tools);
    for ((tool, nodes), prose) in tools.iter().zip(nodes).zip(prose) {
        for ((_, node), found) in nodes.input.reached().zip(prose) {
            report(out, tool, node, found.as_ref());
        }
    }
}

fn report(out: &mut Emitter<'_>, tool: &Tool<'_>, node: &Node<'_>, found: Option<&ProseEnum>) {
    if !is_parameter(tool, node) {
        return;
    }
    let Some(found) = found else { return };
    let name = node.property_name().unwrap_or_default();
    let listed = found
        .values
        .iter()
        .map(|v| quote(v))
        .collect::<Vec<_>>()
        .join(", ");
    let is_array = node.object().is_some_and(|o| type_names(o) == ["array"]);
    let numeric = node.object().is_some_and(|o| {
        type_names(o)
            .iter()
            .any(|t| matches!(*t, "integer" | "number"))
    });
    let enum_values = if numeric && found.values.iter().all(|v| v.parse::<f64>().is_ok()) {
        found.values.join(", ")
    } else {
        listed.clone()
    };
    let fix = if is_array {
        format!(
            "Add \"enum\": [{enum_values}] to the \"items\" of {}",
            quote(name)
        )
    } else {
        format!(
            "Add \"enum\": [{enum_values}] to {}, and keep the description for what each value means",
            quote(name)
        )
    };
    out.report(
        Some(tool),
        node.path.clone(),
        format!("description of {} lists its values ({listed}) but the schema has no enum", quote(name)),
    )
    .explanation(
        "A set written in prose is a hint the model may not follow: other spellings and synonyms validate, and the \
             handler then rejects or misreads them. An `enum` is shown to the model as a list and enforced by validation.",
    )
    .help(fix);
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(PROSE_ENUM, "clarity/prose-enum.json");
}
