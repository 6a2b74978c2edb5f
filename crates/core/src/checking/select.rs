//! Which rules a check runs: those the settings enable for the targets,
//! and the settings as they apply to the input; and the findings a
//! provider's own strict rules supersede.

use crate::catalog::TOOL_RULES;
use crate::finding::Findings;
use crate::input::Detected;
use crate::registry::{Needs, RuleInfo, Scope};
use crate::rules::cache::PerTool;
use crate::rules::{Definitions, Rule};
use crate::settings::{Provider, RevisionFrom, Settings, Targets};

/// Drops the findings `rule` made from position `from` on about a tool in
/// strict mode, when a provider whose strict rules report the problem
/// themselves is a target (`superseded_in_strict_by`).
#[inline(never)]
pub(super) fn drop_superseded_in_strict(
    rule: &RuleInfo,
    cx: &Definitions<'_>,
    findings: &mut Findings,
    from: usize,
) {
    if !rule.superseded_in_strict || !superseded(rule, &cx.settings.targets) {
        return;
    }
    let tools = cx.tools();
    findings.retain_from(from, |finding| {
        !finding
            .tool_index
            .and_then(|i| tools.binary_search_by_key(&i, |t| t.index).ok())
            .is_some_and(|at| crate::rules::provider::is_strict(cx, &tools[at]))
    });
}

/// Whether a provider whose own rules report `rule`'s problem is a target
/// (`superseded_by`).
fn superseded(rule: &RuleInfo, targets: &Targets) -> bool {
    rule.superseded_by.iter().any(|p| targets.has(*p))
}

/// The settings asked for, as they apply to `input`: a provider's format adds
/// that provider, and a capture that records its protocol sets the revision
/// unless the user chose one.
pub(super) fn effective(settings: &Settings, input: &Detected<'_>) -> Settings {
    let mut settings = settings.clone();
    match input.format.provider() {
        Some(Provider::OpenAi) => settings.targets.openai = true,
        Some(Provider::Claude) => settings.targets.claude = true,
        Some(Provider::Gemini) => settings.targets.gemini = true,
        None => {}
    }
    // Gemini CLI sends the parameters as `parametersJsonSchema`.
    if settings
        .targets
        .has_client(crate::clients::Client::GeminiCli)
    {
        settings.gemini_field = crate::settings::GeminiField::JsonSchema;
    }
    if settings.revision_from == RevisionFrom::Default
        && let Some(revision) = input.captured_protocol().and_then(|v| v.parse().ok())
    {
        settings.revision = revision;
        settings.revision_from = RevisionFrom::Capture;
    }
    settings
}

/// What the list rules `settings` enable need collected from each window
/// (a rule declares it: `needs = ClaudeTallies`).
pub(super) fn per_tool(settings: &Settings) -> PerTool {
    PerTool::new(
        enabled(settings, Scope::List).any(|rule| rule.needs == Some(Needs::ClaudeTallies)),
    )
}

/// The rules of `scope` that `settings` enable, in the order they run: those
/// the rule selection keeps, and of a provider's rules only those of a target
/// (a rule declares its provider in `declare_rule!`; it never checks the
/// targets itself).
pub(super) fn enabled(
    settings: &Settings,
    scope: Scope,
) -> impl Iterator<Item = &'static Rule> + '_ {
    TOOL_RULES.iter().copied().filter(move |rule| {
        rule.scope == scope
            && rule
                .provider
                .is_none_or(|provider| settings.targets.has(provider))
            && rule
                .client
                .is_none_or(|client| settings.targets.has_client(client))
            && (rule.superseded_in_strict || !superseded(rule, &settings.targets))
            && settings.rules.enabled(rule.id)
    })
}
