//! `toolcheck.toml`: the project's settings and policy for `toolcheck check`,
//! and the settings a run takes from its flags, the config and the defaults
//! ([`settings`]). The CLI (crates/cli) and the npm package (crates/node)
//! both read them here, so a config means the same to both, and so do the
//! flags that shape the settings ([`SettingsArgs`]).
//!
//! ```toml
//! against = ["mcp", "openai"]      # or "mcp,openai", "all"
//! strict = false
//! gemini-field = "parameters"     # or "json-schema", with against = ["gemini"]
//! revision = "2025-11-25"
//! fail-on = "error"                # error, warning, info, never
//! select = ["required-not-in-properties"]   # only these rules
//! ignore = ["dotted-tool-name"]             # never these
//! baseline = "toolcheck-baseline.json"      # report only findings not in it
//!
//! [severity]
//! thin-description = "info"        # error, warning, info, or off
//!
//! [thresholds]
//! max-undescribed = "5%"           # or a count: 3
//! max-errors = 0
//! max-warnings = 10
//!
//! [probe]                          # toolcheck probe's options
//! tools = ["create_draft"]         # also call these tools, not read-only
//! max-calls = 100
//!
//! [[suppress]]
//! tool = "orders.search"
//! rule = "enum-without-description"               # optional: every rule when absent
//! path = "inputSchema.properties.status"          # optional: relative to the tool
//! reason = "Status codes are documented in the server instructions"   # required
//! ```
//!
//! Unknown keys, unknown rule ids and suppressions without a reason are
//! errors that name the line. The policy itself (overrides, suppressions,
//! thresholds) is applied by the core, [`toolcheck::policy::Policy`].
//!
//! Nothing here does I/O except [`load`], which reads the file; [`parse`]
//! takes its text, so the crate builds for `wasm32-unknown-unknown`.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;
use toolcheck::policy::{Limit, Policy, SeverityOverride, Suppression, Thresholds};
use toolcheck::{GeminiField, Revision, RevisionFrom, RuleSelection, Settings, Severity, Targets};

/// The file looked for in the current directory.
pub const DEFAULT_FILE: &str = "toolcheck.toml";

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct FileToml {
    against: Option<Spanned<OneOrMany>>,
    strict: Option<bool>,
    gemini_field: Option<Spanned<String>>,
    revision: Option<Spanned<String>>,
    fail_on: Option<Spanned<String>>,
    select: Option<Vec<Spanned<String>>>,
    ignore: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    severity: BTreeMap<Spanned<String>, Spanned<String>>,
    thresholds: Option<ThresholdsToml>,
    #[serde(default)]
    suppress: Vec<Spanned<SuppressToml>>,
    budget: Option<usize>,
    tool_budget: Option<usize>,
    baseline: Option<String>,
    probe: Option<ProbeConfig>,
}

/// `[probe]`: `toolcheck probe`'s options, under its flags.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ProbeConfig {
    /// Tools to call that are not read-only.
    #[serde(default)]
    pub tools: Vec<String>,
    /// Call every tool.
    pub allow_writes: Option<bool>,
    /// At most this many calls in all.
    pub max_calls: Option<usize>,
    /// At most this many calls to one tool.
    pub per_tool: Option<usize>,
    /// How long each call may take, in seconds.
    pub timeout: Option<u64>,
    /// The seed of the cases.
    pub seed: Option<u64>,
    /// Argument values to send: by tool (a table of its arguments' values)
    /// or by argument name for every tool that declares it.
    #[serde(default)]
    pub arguments: serde_json::Map<String, serde_json::Value>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct ThresholdsToml {
    max_undescribed: Option<Spanned<LimitToml>>,
    max_errors: Option<usize>,
    max_warnings: Option<usize>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum LimitToml {
    Count(u64),
    Text(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SuppressToml {
    tool: Option<String>,
    rule: Option<Spanned<String>>,
    path: Option<String>,
    reason: Option<String>,
}

/// When a run fails: `--fail-on` of `check` and `result`, and `fail-on` in
/// `toolcheck.toml`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FailOn {
    /// At an error.
    Error,
    /// At a warning or worse.
    Warning,
    /// At any finding.
    Info,
    /// Never (thresholds still fail the run).
    Never,
}

impl std::str::FromStr for FailOn {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "error" => Ok(FailOn::Error),
            "warning" | "warn" => Ok(FailOn::Warning),
            "info" => Ok(FailOn::Info),
            "never" => Ok(FailOn::Never),
            other => Err(format!(
                "unknown fail-on \"{other}\"; expected error, warning, info or never"
            )),
        }
    }
}

impl FailOn {
    /// The severity at or above which the run fails.
    pub fn threshold(self) -> Option<Severity> {
        match self {
            FailOn::Error => Some(Severity::Error),
            FailOn::Warning => Some(Severity::Warning),
            FailOn::Info => Some(Severity::Info),
            FailOn::Never => None,
        }
    }

    /// The flag's value, else the config's, else [`FailOn::Error`].
    pub fn chosen(flag: Option<FailOn>, config: Option<&Config>) -> FailOn {
        flag.or_else(|| config.and_then(|c| c.fail_on))
            .unwrap_or(FailOn::Error)
    }
}

/// A parsed `toolcheck.toml`.
#[derive(Debug, Clone, Default)]
pub struct Config {
    /// `against`.
    pub against: Option<Targets>,
    /// `strict`.
    pub strict: Option<bool>,
    /// `gemini-field`.
    pub gemini_field: Option<GeminiField>,
    /// `revision`.
    pub revision: Option<Revision>,
    /// `fail-on`.
    pub fail_on: Option<FailOn>,
    /// `select`.
    pub select: Option<Vec<String>>,
    /// `ignore`.
    pub ignore: Vec<String>,
    /// Rules whose severity is `off` (never run, whatever `--ignore` says).
    pub off: Vec<String>,
    /// Overrides, suppressions and thresholds.
    pub policy: Policy,
    /// `budget`: the most tokens every tool definition may cost together.
    pub budget: Option<usize>,
    /// `tool-budget`: the most tokens one tool definition may cost.
    pub tool_budget: Option<usize>,
    /// `baseline`: the findings baseline `check` reads (`--baseline`), as
    /// written in the file (relative to the config's folder).
    pub baseline: Option<String>,
    /// `[probe]`.
    pub probe: ProbeConfig,
}

impl Config {
    /// Applies its policy to `report`, when it has one: the outcome, or
    /// `None` for a config with no overrides, suppressions or thresholds.
    pub fn apply_policy(
        &self,
        report: &mut toolcheck::Report,
    ) -> Option<toolcheck::policy::Outcome> {
        (!self.policy.is_empty()).then(|| self.policy.apply(report))
    }
}

/// Finds and reads the config: `explicit` when given (it must exist), else
/// `toolcheck.toml` in the current directory when there is one.
pub fn load(explicit: Option<&str>) -> Result<Option<Config>, String> {
    let file = match explicit {
        Some(f) => f.to_owned(),
        None if std::path::Path::new(DEFAULT_FILE).is_file() => DEFAULT_FILE.to_owned(),
        None => return Ok(None),
    };
    let text = std::fs::read_to_string(&file).map_err(|e| format!("cannot read {file}: {e}"))?;
    parse(&text, &file).map(Some)
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|b| **b == b'\n')
        .count()
        + 1
}

/// Parses the text of a config file named `file` (for messages). Every problem
/// is reported, each as `file:line: message`.
pub fn parse(text: &str, file: &str) -> Result<Config, String> {
    let raw: FileToml = toml::from_str(text).map_err(|e| match e.span() {
        Some(span) => {
            let line = line_of(text, span.start);
            let line_start = text[..span.start.min(text.len())]
                .rfind('\n')
                .map_or(0, |i| i + 1);
            let column = text[line_start..span.start.min(text.len())].chars().count() + 1;
            format!("{file}:{line}:{column}: {}", e.message().trim_end())
        }
        None => format!("{file}: {}", e.message().trim_end()),
    })?;
    let at = |span: std::ops::Range<usize>| format!("{file}:{}", line_of(text, span.start));
    let mut errors: Vec<String> = Vec::new();
    let mut config = Config {
        strict: raw.strict,
        budget: raw.budget,
        tool_budget: raw.tool_budget,
        baseline: raw.baseline,
        probe: raw.probe.unwrap_or_default(),
        ..Config::default()
    };

    if let Some(against) = raw.against {
        let span = against.span();
        let joined = match against.into_inner() {
            OneOrMany::One(s) => s,
            OneOrMany::Many(v) => v.join(","),
        };
        match joined.parse::<Targets>() {
            Ok(t) => config.against = Some(t),
            Err(e) => errors.push(format!("{}: against: {e}", at(span))),
        }
    }
    if let Some(field) = raw.gemini_field {
        match field.get_ref().parse::<GeminiField>() {
            Ok(f) => config.gemini_field = Some(f),
            Err(e) => errors.push(format!("{}: gemini-field: {e}", at(field.span()))),
        }
    }
    if let Some(revision) = raw.revision {
        match revision.get_ref().parse::<Revision>() {
            Ok(r) => config.revision = Some(r),
            Err(e) => errors.push(format!("{}: revision: {e}", at(revision.span()))),
        }
    }
    if let Some(fail_on) = raw.fail_on {
        match fail_on.get_ref().parse::<FailOn>() {
            Ok(f) => config.fail_on = Some(f),
            Err(e) => errors.push(format!("{}: fail-on: {e}", at(fail_on.span()))),
        }
    }
    let rule_ids =
        |list: Vec<Spanned<String>>, key: &str, errors: &mut Vec<String>| -> Vec<String> {
            let mut ids = Vec::new();
            for id in list {
                if let Err(e) = known_rule(id.get_ref()) {
                    errors.push(format!("{}: {key}: {e}", at(id.span())));
                }
                ids.push(id.into_inner());
            }
            ids
        };
    if let Some(select) = raw.select {
        config.select = Some(rule_ids(select, "select", &mut errors));
    }
    if let Some(ignore) = raw.ignore {
        config.ignore = rule_ids(ignore, "ignore", &mut errors);
    }
    for (rule, level) in raw.severity {
        let origin = at(rule.span());
        if let Err(e) = known_rule(rule.get_ref()) {
            errors.push(format!("{origin}: severity: {e}"));
            continue;
        }
        match level.get_ref().trim().to_ascii_lowercase().as_str() {
            "off" => config.off.push(rule.into_inner()),
            other => match other.parse::<Severity>() {
                Ok(severity) => config.policy.severity.push(SeverityOverride {
                    rule: rule.into_inner(),
                    severity,
                    origin: Some(origin),
                }),
                Err(e) => errors.push(format!(
                    "{}: severity of {}: {e} (or off)",
                    at(level.span()),
                    rule.get_ref()
                )),
            },
        }
    }
    if let Some(t) = raw.thresholds {
        let mut thresholds = Thresholds {
            max_errors: t.max_errors,
            max_warnings: t.max_warnings,
            ..Thresholds::default()
        };
        if let Some(limit) = t.max_undescribed {
            let span = limit.span();
            let parsed = match limit.into_inner() {
                LimitToml::Count(n) => Ok(Limit::Count(usize::try_from(n).unwrap_or(usize::MAX))),
                LimitToml::Text(s) => s.parse::<Limit>(),
            };
            match parsed {
                Ok(l) => thresholds.max_undescribed = Some(l),
                Err(e) => errors.push(format!("{}: max-undescribed: {e}", at(span))),
            }
        }
        config.policy.thresholds = thresholds;
    }
    for entry in raw.suppress {
        let origin = at(entry.span());
        let s = entry.into_inner();
        let Some(tool) = s.tool.filter(|t| !t.trim().is_empty()) else {
            errors.push(format!(
                "{origin}: a [[suppress]] entry must name a tool (tool = \"…\")"
            ));
            continue;
        };
        let rule = match s.rule {
            Some(r) => {
                if let Err(e) = known_rule(r.get_ref()) {
                    errors.push(format!("{}: suppress: {e}", at(r.span())));
                }
                Some(r.into_inner())
            }
            None => None,
        };
        config.policy.suppressions.push(Suppression {
            rule,
            tool,
            path: s.path,
            reason: s.reason.unwrap_or_default(),
            origin: Some(origin),
        });
    }
    // What the core checks: suppressions without a reason (rule ids were checked above, with their own lines).
    errors.extend(
        config
            .policy
            .problems()
            .into_iter()
            .filter(|p| !p.contains("no rule named")),
    );
    if errors.is_empty() {
        Ok(config)
    } else {
        Err(errors.join("\n"))
    }
}

/// The flags that shape a check's settings, as every front end reads them:
/// `toolcheck check`'s and `toolcheck fix`'s flags, the options of the npm
/// package's functions (`toolBudget` for `--tool-budget`), the arguments of
/// the MCP server's tools (`tool_budget`) and the defaults of `toolcheck mcp`.
/// Each is `None` (or `false`) when absent, so that the config's value
/// applies ([`settings`]).
///
/// A new setting is a field here, its key in `FileToml` above and in
/// [`settings`] below (all in this file), and its field of
/// [`toolcheck::Settings`]; the MCP server offers it when its tools' schemas
/// (`crates/cli/src/mcp_server/tools.json`) name it.
#[derive(clap::Args, Debug, Clone, Default, PartialEq, Eq)]
pub struct SettingsArgs {
    /// The most tokens the tool definitions may cost together (of every server, when several are checked): token-budget-exceeded.
    #[arg(long, value_name = "TOKENS")]
    pub budget: Option<usize>,
    /// The most tokens one tool definition may cost: tool-over-budget.
    #[arg(long, value_name = "TOKENS")]
    pub tool_budget: Option<usize>,
    /// What to check against: mcp, openai, claude, gemini, all (OpenAI and Claude), a client (vscode, claude-code, claude-desktop, cursor, gemini-cli, codex, chatgpt, agents-sdk, agents-sdk-strict: its own rules and those of the APIs it forwards to), or a comma-separated list [default: mcp].
    #[arg(long, value_parser = parse_targets, value_name = "AGAINST")]
    pub against: Option<Targets>,
    /// Apply the providers' strict-mode subsets to every tool.
    #[arg(long)]
    pub strict: bool,
    /// The Gemini field MCP tools are sent in: parameters (Gemini's OpenAPI subset, what Google's Python SDK sends) or json-schema (parametersJsonSchema, what its JavaScript SDK sends) [default: parameters].
    #[arg(long, value_parser = parse_gemini_field, value_name = "FIELD")]
    pub gemini_field: Option<GeminiField>,
    /// The MCP revision: 2026-07-28, 2025-11-25 or 2025-06-18 [default: 2026-07-28].
    #[arg(long, value_parser = parse_revision, value_name = "REVISION")]
    pub revision: Option<Revision>,
    /// Run only these rules (comma-separated ids); replaces `select` from the config.
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    pub select: Option<Vec<String>>,
    /// Never run these rules (comma-separated ids); replaces `ignore` from the config.
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    pub ignore: Option<Vec<String>>,
}

impl SettingsArgs {
    /// Each flag as given here, else as given in `fallback` (the MCP server's
    /// own flags, for what a call leaves out).
    #[must_use]
    pub fn or(self, fallback: &SettingsArgs) -> SettingsArgs {
        SettingsArgs {
            budget: self.budget.or(fallback.budget),
            tool_budget: self.tool_budget.or(fallback.tool_budget),
            against: self.against.or(fallback.against),
            strict: self.strict || fallback.strict,
            gemini_field: self.gemini_field.or(fallback.gemini_field),
            revision: self.revision.or(fallback.revision),
            select: self.select.or_else(|| fallback.select.clone()),
            ignore: self.ignore.or_else(|| fallback.ignore.clone()),
        }
    }
}

fn parse_targets(s: &str) -> Result<Targets, String> {
    s.parse()
}

fn parse_revision(s: &str) -> Result<Revision, String> {
    s.parse()
}

fn parse_gemini_field(s: &str) -> Result<GeminiField, String> {
    s.parse()
}

/// The settings: flags first, then the config, then the defaults.
///
/// # Errors
/// When `--select` or `--ignore` names no rule (the message offers the
/// closest id).
pub fn settings(flags: &SettingsArgs, config: Option<&Config>) -> Result<Settings, String> {
    // `--ignore ""` clears the config's list.
    let ids = |list: Option<&[String]>| -> Option<Vec<String>> {
        list.map(|l| {
            l.iter()
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .collect()
        })
    };
    let (select, ignore) = (ids(flags.select.as_deref()), ids(flags.ignore.as_deref()));
    for id in select.iter().chain(ignore.iter()).flatten() {
        known_rule(id)?;
    }
    let mut ignore = ignore
        .or_else(|| config.map(|c| c.ignore.clone()))
        .unwrap_or_default();
    if let Some(c) = config {
        ignore.extend(c.off.iter().cloned());
    }
    let targets = flags
        .against
        .or_else(|| config.and_then(|c| c.against))
        .unwrap_or(Targets::MCP);
    let chosen = flags.revision.or_else(|| config.and_then(|c| c.revision));
    let revision_from = if chosen.is_some() {
        RevisionFrom::Chosen
    } else {
        RevisionFrom::Default
    };
    // `..Settings::default()` keeps this compiling when Settings gains a field.
    #[allow(clippy::needless_update)]
    Ok(Settings {
        targets,
        strict: flags.strict || config.and_then(|c| c.strict).unwrap_or(false),
        revision: chosen.unwrap_or_default(),
        revision_from,
        gemini_field: flags
            .gemini_field
            .or_else(|| config.and_then(|c| c.gemini_field))
            .unwrap_or_default(),
        rules: RuleSelection {
            select: select.or_else(|| config.and_then(|c| c.select.clone())),
            ignore,
        },
        budget: flags.budget.or_else(|| config.and_then(|c| c.budget)),
        tool_budget: flags
            .tool_budget
            .or_else(|| config.and_then(|c| c.tool_budget)),
        ..Settings::default()
    })
}

/// `Ok` when `id` names a rule; otherwise a message with the closest id.
pub fn known_rule(id: &str) -> Result<(), String> {
    toolcheck::catalog::known_rule(id).map(|_| ())
}

#[cfg(test)]
mod tests;
