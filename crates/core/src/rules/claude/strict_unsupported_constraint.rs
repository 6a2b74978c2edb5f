use crate::value::Value;

use crate::registry::declare_rule;
use crate::rules::provider::{CLAUDE_STRICT_DESCEND, each_strict_node};
use crate::rules::{Definitions, Emitter};

/// The constraint keywords Claude's strict mode does not support at all
/// (`UNSUPPORTED`), and for each what goes wrong (`why`): one text per
/// keyword, shared by its findings rather than written out for each.
macro_rules! unsupported {
    ($($key:literal),* $(,)?) => {
        /// The keywords, for the tests.
        #[cfg(test)]
        const UNSUPPORTED: &[&str] = &[$($key),*];

        /// What goes wrong with `key`; `None` when it is not one of these.
        fn why(key: &str) -> Option<&'static str> {
            match key {
                $($key => Some(concat!(
                    "Claude's strict tool use does not support `", $key, "` and refuses the schema with a 400, so no \
                     tool in the request can be called. The model cannot be held to the bound while it writes the \
                     arguments."
                )),)*
                _ => None,
            }
        }
    };
}

unsupported!(
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "maxItems",
);

declare_rule! {
    /// ## What it does
    /// In strict mode, flags the constraint keywords Claude does not support:
    /// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`,
    /// `multipleOf`, `minLength`, `maxLength`, `maxItems`, and `minItems` above
    /// 1. One finding per keyword. Strict mode applies when it is ticked for
    /// every tool or the tool says `"strict": true`; runs when Claude is a
    /// target.
    ///
    /// ## Why is this bad?
    /// Claude's strict tool use compiles the schema into a grammar and does not
    /// support numeric bounds, string lengths or array size limits other than
    /// `minItems` 0 or 1. The request fails with a 400 ("For 'integer' type,
    /// property 'minimum' is not supported", "For 'array' type, property
    /// 'maxItems' is not supported"), so no tool in it can be called. OpenAI's
    /// strict mode does support the numeric bounds, so the same schema can pass
    /// there and fail here.
    ///
    /// Where the sources disagree: the docs name `minimum`, `maximum` and
    /// `multipleOf` "etc."; `exclusiveMinimum` and `exclusiveMaximum` are
    /// included because Anthropic's SDK strips them with the others before
    /// sending a strict schema.
    ///
    /// ## Example
    /// ```json
    /// {"limit": {"type": "integer", "minimum": 1, "maximum": 100}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"limit": {"type": "integer", "description": "Between 1 and 100"}}
    /// ```
    ///
    /// ## Fix
    /// Remove the keyword, state the bound in the description, and keep
    /// enforcing it in the handler (Anthropic's SDK does the same: it moves these
    /// into the description text).
    ///
    /// ## Sources
    /// - Claude structured outputs, JSON Schema limitations: <https://platform.claude.com/docs/en/build-with-claude/structured-outputs>
    /// - Claude strict tool use: <https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use>
    /// - anthropic-sdk-python `lib/_parse/_transform.py`; anthropics/skills `claude-api/SKILL.md`
    /// - API error quoted in agentjido/req_llm#302
    pub CLAUDE_STRICT_UNSUPPORTED_CONSTRAINT,
    id = "claude-strict-unsupported-constraint",
    group = Claude,
    severity = Error,
    provider = Claude, as_of = "2026-10-01",
    runs_in = Worker,
    converter = (TransformSchema, Fixes),
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: the constraint is then no longer enforced by the schema) removes the keyword; keep checking it in the handler.",
    summary = "Claude strict: `minimum`, `maximum`, `multipleOf`, `minLength`, `maxLength`, `maxItems` or `minItems` above 1",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_strict_node(cx, CLAUDE_STRICT_DESCEND, &mut |tool, node| {
        let Some(obj) = node.object() else { return };
        for (key, value) in obj {
            let key = key.as_str();
            let unsupported = why(key);
            if unsupported.is_none() && key != "minItems" {
                continue;
            }
            // The value as written, when it is a number; made only for a finding.
            let shown = || match value {
                Value::Number(n) => n.to_string(),
                _ => String::new(),
            };
            if let Some(why) = unsupported {
                let shown = shown();
                let colon = if shown.is_empty() { "" } else { ": " };
                let bound = bound_words(key, &shown);
                out.report(
                    Some(tool),
                    node.path.key(key),
                    format!("Claude: \"{key}\" is not supported in strict mode"),
                )
                .explanation(why)
                .help(
                    format!(
                        "Remove \"{key}\"{colon}{shown}, state the bound in the description (e.g. \"{bound}\"), and keep checking it in the handler"
                    ),
                )
.with_fix(|| crate::fix::Fix::r#unsafe(
    format!("Remove \"{key}\""),
    vec![crate::fix::Op::Remove { path: node.path.key(key) }],
));
            } else if key == "minItems" && value.as_f64().is_some_and(|n| n > 1.0) {
                let shown = shown();
                out.report(
                    Some(tool),
                    node.path.key(key),
                    format!("Claude: \"minItems\": {shown} is not supported in strict mode; only 0 or 1"),
                )
                .explanation(
                    "Claude's strict tool use supports `minItems` only with the value 0 or 1 and refuses the schema with a \
                     400 otherwise, so no tool in the request can be called.",
                )
                .help(
                    format!(
                        "Set \"minItems\" to 1 (or remove it), say \"at least {shown} items\" in the description, and check the \
                         count in the handler"
                    ),
                )
.with_fix(|| crate::fix::Fix::r#unsafe(
    "Set \"minItems\" to 1",
    vec![crate::fix::Op::Replace { path: node.path.key(key), json: "1".into() }],
));
            }
        }
    });
}

/// The bound in words, for the description the fix suggests.
fn bound_words(key: &str, n: &str) -> String {
    let n = if n.is_empty() { "N" } else { n };
    let s = if n == "1" { "" } else { "s" };
    match key {
        "minimum" => format!("At least {n}"),
        "maximum" => format!("At most {n}"),
        "exclusiveMinimum" => format!("Greater than {n}"),
        "exclusiveMaximum" => format!("Less than {n}"),
        "multipleOf" => format!("A multiple of {n}"),
        "minLength" => format!("At least {n} character{s}"),
        "maxLength" => format!("At most {n} character{s}"),
        "maxItems" => format!("At most {n} item{s}"),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    /// Every unsupported keyword has its own text, naming it.
    #[test]
    fn every_keyword_is_explained_by_name() {
        for key in super::UNSUPPORTED {
            assert!(
                super::why(key).unwrap().contains(&format!("`{key}`")),
                "{key}"
            );
        }
        assert_eq!(super::why("minItems"), None);
    }

    crate::rule_snapshot!(
        CLAUDE_STRICT_UNSUPPORTED_CONSTRAINT,
        "claude/claude-strict-unsupported-constraint.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            strict: true,
            ..Default::default()
        }
    );
}
