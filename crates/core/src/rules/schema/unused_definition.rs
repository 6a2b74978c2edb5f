use crate::fix::{Fix, Op};
use crate::numbers::thousands;
use crate::registry::declare_rule;
use crate::rules::provider::quoted_list;
use crate::rules::{Definitions, Emitter};

declare_rule! {
    /// ## What it does
    /// Flags definitions (members of `$defs` or `definitions`) in an input or
    /// output schema that nothing reaches: no `$ref` points at them from the
    /// schema's root, or from a definition the root reaches. It reports them
    /// once per schema, with their names and their size in tokens (compact
    /// JSON bytes / 4).
    ///
    /// The other rules check only what the root reaches, so an unused
    /// definition's missing descriptions, enums or strict-mode gaps are not
    /// reported one by one. Three checks still read all of it: the
    /// meta-schema check (a validator checks the whole schema against its
    /// meta-schema before it uses any part of it), and `hidden-unicode` and
    /// `injected-instructions` (the model reads the whole definition, used or
    /// not).
    ///
    /// When a reference cannot be followed (an anchor, a `$dynamicRef`, a
    /// `$recursiveRef`, a relative reference or an embedded `$id`), every
    /// definition counts as reached and nothing is reported.
    ///
    /// ## Strict mode
    /// The providers' strict-mode rules also check only what the root
    /// reaches: neither OpenAI nor Anthropic documents rejecting a schema for
    /// a definition no `$ref` uses, and their SDK helpers make every member
    /// of `$defs` strict anyway (openai-python's `to_strict_json_schema`,
    /// anthropic-sdk-python's `transform_schema`). Claude's check of each
    /// `input_schema` against the 2020-12 meta-schema does cover unused
    /// definitions: the meta-schema check still runs on them (checked
    /// 2026-12-02).
    ///
    /// ## Why is this bad?
    /// Every tool definition is sent to the model with every request. A
    /// definition nothing uses costs those tokens on every call and tells the
    /// model nothing it can act on; when many tools carry the same shared
    /// block, most of a list can be definitions no tool uses.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"user": {"$ref": "#/$defs/user"}},
    ///  "$defs": {"user": {"type": "string"}, "page": {"type": "object"}}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "object", "properties": {"user": {"$ref": "#/$defs/user"}},
    ///  "$defs": {"user": {"type": "string"}}}
    /// ```
    ///
    /// ## Fix
    /// Remove the unused definitions from each tool's schema; generate each
    /// tool's `$defs` from what its own schema references.
    ///
    /// ## Sources
    /// - JSON Schema 2020-12 Core, `$defs`: <https://json-schema.org/draft/2020-12/json-schema-core#section-8.2.4>
    /// - MCP 2026-07-28, Tools: <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>
    /// - OpenAI Structured Outputs, definitions: <https://developers.openai.com/api/docs/guides/structured-outputs>
    /// - openai-python `src/openai/lib/_pydantic.py` (`to_strict_json_schema`); anthropic-sdk-python `lib/_parse/_transform.py` (`transform_schema`)
    /// - Claude validates `input_schema` against the 2020-12 meta-schema: anthropics/claude-code#63673
    pub UNUSED_DEFINITION,
    id = "unused-definition",
    group = Schema,
    severity = Warning,
    fix = Safe,
    fix_note = "The automatic fix (safe) removes the definitions nothing references (an emptied `$defs` stays, empty): they change nothing a client sends or accepts.",
    summary = "A schema carries definitions that nothing references",
}

/// How many names a message lists before it says "and N more".
const SHOWN: usize = 6;

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    for (tool, nodes) in cx.tool_nodes() {
        for walked in [&nodes.input, &nodes.output] {
            let Some(first) = walked.unused.first() else {
                continue;
            };
            let names: Vec<&str> = walked.unused.iter().map(|u| u.name).collect();
            let bytes: usize = walked.unused.iter().map(|u| u.bytes).sum();
            let tokens = thousands(bytes.div_ceil(4));
            let (count, them) = match names.len() {
                1 => ("1 definition is".to_owned(), "it"),
                n => (format!("{n} definitions are"), "them"),
            };
            let ops = walked
                .unused
                .iter()
                .map(|u| Op::Remove {
                    path: u.path.clone(),
                })
                .collect();
            out.report(
                Some(tool),
                first.path.parent(),
                format!(
                    "{count} never referenced: {} (about {tokens} tokens)",
                    quoted_list(&names, SHOWN)
                ),
            )
            .explanation(
                "Nothing in the tool's schema points at these definitions, so they change nothing the model may send, \
                 but they are part of the tool definition the model reads with every request and cost those tokens \
                 each time. The other rules do not check them.",
            )
            .help(
                format!(
                    "Remove {them} from the schema, keeping only the definitions its `$ref`s use (about {tokens} tokens saved per request)"
                ),
            )
            .with_fix(|| Fix::safe(format!("Remove {}", quoted_list(&names, SHOWN)), ops));
        }
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(UNUSED_DEFINITION, "schema/unused-definition.json");
}
