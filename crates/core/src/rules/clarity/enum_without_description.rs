use crate::value::Value;

use crate::registry::declare_rule;
use crate::rules::clarity::{has_text, is_parameter};
use crate::rules::util::member;
use crate::rules::util::quote;
use crate::rules::{Cx, Emitter};

declare_rule! {
    /// ## What it does
    /// Flags an input parameter, at any depth, that has an `enum` but no
    /// non-blank `description`.
    ///
    /// ## Why is this bad?
    /// The model sees the legal values and nothing about what they mean. With
    /// codes such as `P`, `S` and `X` it has to guess which one means "shipped",
    /// and a wrong guess is a valid call that does the wrong thing: validation
    /// cannot catch it.
    ///
    /// ## Example
    /// ```json
    /// {"status": {"type": "string", "enum": ["P", "S", "X"]}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"status": {"type": "string", "enum": ["P", "S", "X"],
    ///             "description": "Order status: P = pending, S = shipped, X = cancelled"}}
    /// ```
    ///
    /// ## Fix
    /// Add a `description` that says what each value means, or use values that
    /// explain themselves (`pending`, `shipped`, `cancelled`).
    ///
    /// ## Sources
    /// - Claude tool use, defining tools (describe every parameter): <https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use>
    /// - JSON Schema 2020-12 Validation, `enum`: <https://json-schema.org/draft/2020-12/json-schema-validation#section-6.1.2>
    pub ENUM_WITHOUT_DESCRIPTION,
    id = "enum-without-description",
    group = Clarity,
    severity = Warning,
    summary = "A parameter has an `enum` but no description of what the values mean",
}

/// How many values a message lists before it says "…".
const SHOWN: usize = 5;

fn check(cx: &Cx<'_>, out: &mut Emitter<'_>) {
    cx.each_input_node(&mut |tool, node| {
        if !is_parameter(tool, node) {
            return;
        }
        let Some(obj) = node.object() else { return };
        let Some(values) = member(obj, "enum").and_then(Value::as_array) else { return };
        if has_text(member(obj, "description")) {
            return;
        }
        let name = node.property_name().unwrap_or_default();
        let mut listed: Vec<String> = values
            .iter()
            .take(SHOWN)
            .map(|v| v.as_str().map_or_else(|| v.to_string(), quote))
            .collect();
        if values.len() > SHOWN {
            listed.push("…".to_owned());
        }
        let listed = listed.join(", ");
        out.emit(
            Some(tool),
            node.path.clone(),
            format!("{} is an enum ({listed}) with no description", quote(name)),
            "The model knows which values are legal but not what any of them means, so it picks one by guessing from \
             the spelling. A wrong pick is still a valid call: validation passes and the tool does the wrong thing.",
            format!(
                "Add a \"description\" to {} that says what each of {listed} means, or use self-explanatory values",
                quote(name)
            ),
        );
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        ENUM_WITHOUT_DESCRIPTION,
        "clarity/enum-without-description.json"
    );
}
