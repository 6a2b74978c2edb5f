use crate::numbers::{about, share, thousands};
use crate::path::Path;
use crate::registry::declare_rule;
use crate::rules::provider::list_path;
use crate::rules::{Definitions, Emitter};
use crate::servers::{Across, Combination, Server, ServerEmitter};
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// With a budget set (`--budget TOKENS`, or `budget` in `toolcheck.toml`),
    /// flags tool definitions that cost more tokens together than the budget,
    /// and names the heaviest tools. A tool's cost is its definition as
    /// compact JSON, in bytes, divided by four. When several servers are
    /// checked together (several captures, or `--mcp-config`), the budget is
    /// for all of them, as one client loads them, and the finding gives each
    /// server's share. Without a budget it reports nothing.
    ///
    /// ## Why is this bad?
    /// A client sends every tool definition of every connected server with
    /// every request. Past a few tens of thousands of tokens the definitions
    /// take a large part of the context window before the conversation starts,
    /// cost input tokens on every turn, and make the model slower and worse at
    /// choosing among the tools.
    ///
    /// ## Example
    /// With `--budget 20000`, five servers whose definitions cost 31,000 tokens
    /// together are flagged, with each server's share.
    ///
    /// Use instead: fewer servers connected at once, or smaller definitions
    /// (see `tool-over-budget` for the heaviest tools).
    ///
    /// ## Fix
    /// Start with the heaviest tools the finding names: trim their schemas
    /// and descriptions, or disable tools and servers that this client does not
    /// need.
    ///
    /// ## Sources
    /// - Anthropic, tool use pricing (tool definitions count as input tokens): <https://platform.claude.com/docs/en/agents-and-tools/tool-use/overview>
    /// - Amazon Q Developer CLI, request for an MCP tool token budget: <https://github.com/aws/amazon-q-developer-cli/issues/2397>
    pub TOKEN_BUDGET_EXCEEDED,
    id = "token-budget-exceeded",
    group = Budget,
    severity = Warning,
    scope = List,
    fix_note = "No automatic fix: which tools or servers to drop or trim is the user's call.",
    summary = "The tool definitions together cost more tokens than the budget",
}

/// How many of the heaviest tools a message names.
pub(crate) const HEAVIEST: usize = 3;

/// What goes wrong, for one server or several.
pub(crate) const WHY: &str = "A client sends every tool definition with every request, so the definitions take this \
    much of the context window before the conversation starts, and cost it in input tokens on every turn.";

/// Sorts `costs` (name, tokens) heaviest first, then by name.
pub(crate) fn heaviest_first(costs: &mut [(String, usize)]) {
    costs.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
}

/// `a (1,200), b (900) and c (800)`: the heaviest of `costs` (name, tokens).
pub(crate) fn heaviest(costs: &mut [(String, usize)]) -> String {
    heaviest_first(costs);
    let named: Vec<String> = costs
        .iter()
        .take(HEAVIEST)
        .map(|(name, tokens)| format!("{} ({})", quote(name), thousands(*tokens)))
        .collect();
    match named.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// `token-budget-exceeded` over every server together, with each server's share.
pub(crate) fn across_servers(sx: &Combination<'_>, across: &mut Vec<Across>) {
    let rule = &TOKEN_BUDGET_EXCEEDED;
    let Some(budget) = sx.settings.budget else {
        return;
    };
    if !sx.settings.rules.enabled(rule.id) {
        return;
    }
    let total: usize = sx.servers.iter().map(Server::tokens).sum();
    if total <= budget {
        return;
    }
    let mut by_server: Vec<(String, usize)> = sx
        .servers
        .iter()
        .map(|s| (s.name.clone(), s.tokens()))
        .collect();
    heaviest_first(&mut by_server);
    let shares: Vec<String> = by_server
        .iter()
        .map(|(name, tokens)| {
            format!(
                "{} {} ({})",
                quote(name),
                thousands(*tokens),
                share(*tokens, total)
            )
        })
        .collect();
    let mut tools: Vec<(String, usize)> = sx
        .servers
        .iter()
        .flat_map(|s| {
            s.tools().iter().map(move |t| {
                (
                    format!("{}/{}", s.name, t.name.as_deref().unwrap_or("?")),
                    t.tokens,
                )
            })
        })
        .collect();
    ServerEmitter::new(rule, across)
    .report(
        None,
        None,
        Path::root(),
        format!(
            "the {} servers' tool definitions cost {} together, {} of the budget of {}; by server: {}; the heaviest tools: {}",
            sx.servers.len(),
            about(total),
            share(total, budget),
            thousands(budget),
            shares.join(", "),
            heaviest(&mut tools)
        ),
        None,
    )
    .explanation(WHY)
    .help(
        "Trim the heaviest tools first, or disable the servers and tools this client does not need",
    );
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    let Some(budget) = cx.settings.budget else {
        return;
    };
    let mut costs: Vec<(String, usize)> =
        cx.tools().iter().map(|t| (t.label(), t.tokens())).collect();
    let total: usize = costs.iter().map(|c| c.1).sum();
    if total <= budget {
        return;
    }
    out.report(
        None,
        list_path(cx),
        format!(
            "the {} tool definitions cost {} together, {} of the budget of {}; the heaviest: {}",
            costs.len(),
            about(total),
            share(total, budget),
            thousands(budget),
            heaviest(&mut costs)
        ),
    )
    .explanation(WHY)
    .help(
        "Trim the heaviest tools first (their schemas and descriptions), or leave out tools this client does not need",
    );
}

#[cfg(test)]
mod tests {
    use super::TOKEN_BUDGET_EXCEEDED;

    crate::rule_snapshot!(
        TOKEN_BUDGET_EXCEEDED,
        "budget/token-budget-exceeded.json",
        crate::Settings {
            budget: Some(100),
            ..crate::Settings::default()
        }
    );

    /// At or under the budget, or without one, it reports nothing.
    #[test]
    fn quiet_within_the_budget() {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/resources/fixtures/budget/token-budget-exceeded.json"
        ));
        let total: usize = crate::check(text, &crate::Settings::default())
            .unwrap()
            .tools
            .iter()
            .map(|t| t.tokens)
            .sum();
        for budget in [None, Some(total), Some(total + 1)] {
            let settings = crate::Settings {
                budget,
                ..crate::Settings::default()
            }
            .only(TOKEN_BUDGET_EXCEEDED.id);
            assert!(
                crate::check(text, &settings).unwrap().findings.is_empty(),
                "{budget:?}"
            );
        }
        let over = crate::Settings {
            budget: Some(total - 1),
            ..crate::Settings::default()
        }
        .only(TOKEN_BUDGET_EXCEEDED.id);
        assert_eq!(crate::check(text, &over).unwrap().findings.len(), 1);
    }
}
