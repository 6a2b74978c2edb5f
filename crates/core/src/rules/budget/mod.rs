//! What the tool definitions cost a model in tokens, against the budgets the
//! user sets (`--budget`, `--tool-budget`, or `budget` and `tool_budget` in
//! `toolcheck.toml`). Without a budget these rules report nothing.

pub(crate) mod token_budget_exceeded;
pub(crate) mod tool_over_budget;
