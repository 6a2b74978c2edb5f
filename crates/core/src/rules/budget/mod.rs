//! What the tool definitions cost a model in tokens, against the budgets the
//! user sets (`--budget`, `--tool-budget`, or `budget` and `tool_budget` in
//! `toolcheck.toml`). Without a budget these rules report nothing.

pub(crate) mod token_budget_exceeded;
pub(crate) mod tool_over_budget;

use crate::rules::provider::thousands;

/// `about 1,234 tokens`.
pub(crate) fn about(tokens: usize) -> String {
    format!("about {} tokens", thousands(tokens))
}

/// `62%`: `tokens` as a share of `whole`, rounded.
pub fn share(tokens: usize, whole: usize) -> String {
    if whole == 0 {
        return "0%".to_owned();
    }
    format!("{}%", (tokens * 100 + whole / 2) / whole)
}
