use crate::numbers::{about, thousands};
use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};

declare_rule! {
    /// ## What it does
    /// With a per-tool budget set (`--tool-budget TOKENS`, or `tool_budget` in
    /// `toolcheck.toml`), flags each tool whose definition costs more tokens
    /// than the budget. A tool's cost is its definition as compact JSON (name,
    /// description and schemas, as a client sends it to the model), in bytes,
    /// divided by four: the estimate the size check uses. Without a budget it
    /// reports nothing.
    ///
    /// ## Why is this bad?
    /// Every tool definition is sent with every request, whether or not the
    /// model calls the tool. One heavy tool (a generated schema with hundreds
    /// of properties, or long `$defs`) can cost more than the rest of the
    /// server together, and it crowds out the conversation in the model's
    /// context window on every turn.
    ///
    /// ## Example
    /// With `--tool-budget 500`, a tool whose `inputSchema` inlines an entire
    /// API object (3,000 tokens) is flagged.
    ///
    /// Use instead: a schema that asks for what the tool needs (an id rather
    /// than the whole object), shorter descriptions, and no unused `$defs`.
    ///
    /// ## Fix
    /// Trim the definition: remove parameters the tool does not need, unused
    /// definitions and repeated text; split a tool that does several jobs.
    /// `toolcheck check --format json` lists every tool's cost (`tools[].tokens`).
    ///
    /// ## Sources
    /// - Anthropic, tool use pricing (tool definitions count as input tokens): <https://platform.claude.com/docs/en/agents-and-tools/tool-use/overview>
    /// - OpenAI, function calling (functions count against the context limit and are billed as input tokens): <https://platform.openai.com/docs/guides/function-calling>
    pub TOOL_OVER_BUDGET,
    id = "tool-over-budget",
    group = Budget,
    severity = Warning,
    fix_note = "No automatic fix: what a tool can do without is the author's call.",
    summary = "A tool definition costs more tokens than the per-tool budget",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    let Some(budget) = cx.settings.tool_budget else {
        return;
    };
    for tool in cx.tools() {
        let tokens = tool.tokens();
        if tokens <= budget {
            continue;
        }
        out.report(
            Some(tool),
            tool.path.clone(),
            format!(
                "definition costs {}, over the per-tool budget of {}",
                about(tokens),
                thousands(budget)
            ),
        )
        .explanation(
            "Every tool definition is sent with every request, whether or not the model calls the tool, so a heavy \
             one costs its tokens on every turn and crowds the conversation out of the context window.",
        )
        .help(
            "Trim the definition: drop parameters the tool does not need, unused $defs and repeated text, or split \
             a tool that does several jobs",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::TOOL_OVER_BUDGET;

    crate::rule_snapshot!(
        TOOL_OVER_BUDGET,
        "budget/tool-over-budget.json",
        crate::Settings {
            tool_budget: Some(49),
            ..crate::Settings::default()
        }
    );

    /// Without a budget it reports nothing.
    #[test]
    fn quiet_without_a_budget() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/resources/fixtures/budget/tool-over-budget.json"
        ));
        let settings = crate::Settings::default().only(TOOL_OVER_BUDGET.id);
        assert!(crate::check(text, &settings).unwrap().findings.is_empty());
    }
}
