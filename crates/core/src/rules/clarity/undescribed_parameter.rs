use crate::registry::declare_rule;
use crate::rules::clarity::{is_described, is_parameter};
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Flags an input parameter with no non-blank `description`, at every depth:
    /// top-level properties, properties of nested objects, and properties of the
    /// objects inside arrays. A description on the local schema its `$ref`
    /// points to, or on one of its `anyOf`/`oneOf`/`allOf` branches, counts.
    /// Parameters with an `enum` are left to `enum-without-description`, so
    /// nothing is reported twice, and a parameter with a `const` needs no
    /// description: there is one value to send.
    ///
    /// The report's check "Parameters with no description" counts enums and
    /// constants too, as the public figure it is set beside does: its count
    /// is this rule's findings plus those, which it names (Notion: 52, 13 of
    /// them enums or constants, 39 findings).
    ///
    /// It can fire on most tools of a server, and then that is the finding:
    /// on `server-filesystem` it flags 18 of 27 parameters across 12 of its 14
    /// tools (every `path`, `source` and `destination` is undescribed), while
    /// the GitHub server's 658 parameters are all described.
    ///
    /// ## Why is this bad?
    /// The model fills each parameter from its name, its type and its
    /// description. Without a description it has to guess the meaning and the
    /// shape of the value from the name alone: is `path` absolute or relative to
    /// the workspace, is `limit` a count or a byte size? This is the most common
    /// fault in public servers: about one parameter in five has no description,
    /// on small and large servers alike.
    ///
    /// ## Example
    /// ```json
    /// {"path": {"type": "string"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"path": {"type": "string", "description": "File path relative to the workspace root, e.g. src/main.rs"}}
    /// ```
    ///
    /// ## Fix
    /// Add one clause per parameter: what it is for and what a valid value looks
    /// like.
    ///
    /// ## Sources
    /// - Claude tool use, defining tools (what each parameter means): <https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use>
    /// - OpenAI function calling guide: <https://developers.openai.com/api/docs/guides/function-calling>
    pub UNDESCRIBED_PARAMETER,
    id = "undescribed-parameter",
    group = Clarity,
    severity = Warning,
    fix_note = "No automatic fix: only the author knows what each parameter is for and what a valid value looks like.",
    summary = "A parameter has no description",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    cx.each_input_node(&mut |tool, node| {
        if !is_parameter(tool, node) {
            return;
        }
        let Some(obj) = node.object() else { return };
        // `enum-without-description` judges enums; a `const` leaves nothing to
        // choose, so there is nothing to explain.
        if member(obj, "enum").is_some() || member(obj, "const").is_some() || is_described(tool, obj) {
            return;
        }
        let name = node.property_name().unwrap_or_default();
        let nested = if node.depth > 1 { " (nested)" } else { "" };
        out.report(
            Some(tool),
            node.path.clone(),
            format!("parameter {}{nested} has no description", quote(name)),
        )
        .explanation(
            "The model fills this parameter from its name and type alone, so it has to guess what the value means and \
             what shape it takes. A plausible guess passes validation and the call does the wrong thing, or fails \
             inside the handler with an error the model cannot act on.",
        )
        .help(
            format!("Add a \"description\" to {}: what it is for and what a valid value looks like", quote(name)),
        );
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(UNDESCRIBED_PARAMETER, "clarity/undescribed-parameter.json");
}
