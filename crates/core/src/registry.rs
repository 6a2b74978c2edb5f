//! What is known about a rule: its id, group, severity, scope and docs.
//! These are plain data, and this module imports no rule; the list of every
//! rule, with the code that runs it, is [`crate::catalog`].

use std::fmt;
use std::sync::OnceLock;

use serde::Serialize;

use crate::settings::Provider;
use crate::severity::Severity;

/// A family of rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    /// The shape of the list and of each tool.
    Shape,
    /// JSON Schema validity of `inputSchema` and `outputSchema`.
    Schema,
    /// `x-mcp-header` (MCP 2026-07-28).
    Header,
    /// What the model reads: names, descriptions, enums, formats.
    Clarity,
    /// Tool annotations.
    Annotations,
    /// MCP revision differences.
    Revision,
    /// OpenAI function calling.
    OpenAi,
    /// Claude tool use.
    Claude,
    /// Gemini function calling.
    Gemini,
    /// Hidden or hostile content.
    Security,
    /// One `tools/call` result, checked against the tool's `outputSchema`.
    Result,
    /// What the tool definitions cost in tokens, against a budget.
    Budget,
    /// Several servers checked together, as one client runs them.
    Servers,
    /// Where an MCP client differs from the model API it forwards to.
    Clients,
    /// How a live server answers calls made from its tools' schemas
    /// (`toolcheck probe`).
    Probe,
}

impl Group {
    /// A short lowercase label.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Group::Shape => "shape",
            Group::Schema => "schema",
            Group::Header => "header",
            Group::Clarity => "clarity",
            Group::Annotations => "annotations",
            Group::Revision => "revision",
            Group::OpenAi => "openai",
            Group::Claude => "claude",
            Group::Gemini => "gemini",
            Group::Security => "security",
            Group::Result => "result",
            Group::Budget => "budget",
            Group::Servers => "servers",
            Group::Clients => "clients",
            Group::Probe => "probe",
        }
    }

    /// The guide that says more about this group's rules than their docs:
    /// its title and its path from the repository's root (where the page
    /// serves the guides too), with an anchor where one section does.
    #[cfg(feature = "docs")]
    #[must_use]
    pub fn guide(self) -> Option<(&'static str, &'static str)> {
        Some(match self {
            Group::Header | Group::Revision => (
                "MCP revisions",
                "docs/providers-and-clients.md#mcp-revisions",
            ),
            Group::Gemini => ("Providers", "docs/providers-and-clients.md#providers"),
            Group::Clients => (
                "By client app",
                "docs/providers-and-clients.md#by-client-app",
            ),
            Group::Security => ("Security", "docs/security.md"),
            Group::Result => ("Check a result", "docs/cli.md#check-a-result"),
            Group::Budget | Group::Servers => {
                ("Check all of an agent's servers", "docs/servers.md")
            }
            Group::Probe => ("Test the calls", "docs/probe.md"),
            // The rules' own docs say all there is: no guide says more.
            Group::Shape
            | Group::Schema
            | Group::Clarity
            | Group::Annotations
            | Group::OpenAi
            | Group::Claude => return None,
        })
    }
}

/// What a rule's findings about one tool depend on, which decides how the
/// check runs it.
///
/// The check runs the [`Scope::Tool`] rules over a few tools at a time, all
/// of them on those tools before moving on, so the part of the document they
/// read stays in the processor's cache; then each [`Scope::List`] rule once
/// over the whole list. A test runs every fixture with windows of one, two
/// and three tools and compares the findings with one window of every tool,
/// so a rule that compares tools but is left at `Tool` fails it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// What it reports about a tool depends on that tool alone, and it
    /// reports nothing that belongs to no tool. The default.
    Tool,
    /// It compares tools with each other, counts them, or reports on the
    /// list itself.
    List,
}

/// How far a fix can be trusted, in ruff's sense.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Applicability {
    /// It cannot change what a correct client sends or accepts: it repairs
    /// what every client already reads one way.
    #[default]
    Safe,
    /// It changes the tool's contract, or guesses what the author meant.
    Unsafe,
}

impl Applicability {
    /// `safe` or `unsafe`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

/// What fix a rule offers: the declared applicability of its fixes (the
/// least safe one it may attach), or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fixability {
    /// The rule attaches no fix; its docs say why.
    None,
    /// Every fix it attaches is safe.
    Safe,
    /// Some or all of its fixes are unsafe.
    Unsafe,
}

impl Fixability {
    /// `safe`, `unsafe` or `none`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Fixability::None => "none",
            Fixability::Safe => "safe",
            Fixability::Unsafe => "unsafe",
        }
    }

    /// Whether the rule may attach a fix of `applicability`.
    #[must_use]
    pub fn allows(self, applicability: Applicability) -> bool {
        match self {
            Fixability::None => false,
            Fixability::Safe => applicability == Applicability::Safe,
            Fixability::Unsafe => true,
        }
    }
}

/// Which builds run a rule about tool definitions: the page's module
/// leaves the heavy ones to its worker, which sends their findings
/// ([`crate::wire`]). The catalog keeps, of the rules a build has, those
/// it runs ([`crate::catalog`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunsIn {
    /// Every build, the page's module included. The default.
    Page,
    /// The builds with the `heavy-rules` feature: the page's worker, the
    /// CLI and the npm package, not the page's module.
    Worker,
    /// The builds with the JSON Schema validator (the `schema` feature),
    /// which the rule's check needs: the page's worker, not its module.
    Validator,
}

impl RunsIn {
    /// Whether this build runs a rule declared to run here.
    #[must_use]
    pub const fn in_this_build(self) -> bool {
        match self {
            RunsIn::Page => true,
            RunsIn::Worker => cfg!(feature = "heavy-rules"),
            RunsIn::Validator => cfg!(feature = "schema"),
        }
    }
}

/// What a rule reads that its runner collects only for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Each tool's share of Claude's request-wide strict limits, handed from
    /// window to window to the rule that adds them up.
    ClaudeTallies,
    /// The words of every server's tools' descriptions, kept from each
    /// server's check for the rule that compares them across servers.
    DescriptionWords,
}

/// Everything known about one rule.
pub struct RuleInfo {
    /// The stable kebab-case id, naming the problem.
    pub id: &'static str,
    /// Its family.
    pub group: Group,
    /// The severity it reports with (a rule may raise or lower it for a case).
    pub severity: Severity,
    /// One line: what the rule flags.
    pub summary: &'static str,
    /// The provider whose rules these are, if any. The check runs such a
    /// rule only when its provider is a target.
    pub provider: Option<Provider>,
    /// The client whose rule this is, if any: the check runs it only when
    /// that client is a target (and the compatibility table's client view
    /// always).
    pub client: Option<crate::clients::Client>,
    /// The date the provider or client facts were last checked against their sources.
    pub as_of: Option<&'static str>,
    /// Which builds run it (a rule about tool definitions).
    pub runs_in: RunsIn,
    /// What its runner collects for it alone, if anything.
    pub needs: Option<Needs>,
    /// What a strict-mode converter does to its problem, for a provider's
    /// strict rule: the converter, and whether it fixes or keeps it.
    pub converter: Option<(
        crate::clients::converters::Converter,
        crate::clients::converters::Effect,
    )>,
    /// The strict-mode converter whose conversion raises on the schemas it
    /// flags, when it reports that (`conversion_fails = …`): a client that
    /// uses the converter then sends the tool without `strict`.
    pub conversion_fails: Option<crate::clients::converters::Converter>,
    /// Whether it looks for hostile or hidden text: `toolcheck diff` runs it
    /// on every changed description.
    pub hostile_text: bool,
    /// The clients that leave out a tool with its error (the rest of the
    /// server still works).
    pub dropped_by: crate::clients::Clients,
    /// The clients that fail the whole server on a tool with its error.
    pub fails_server_in: crate::clients::Clients,
    /// The clients that rewrite its problem away before sending the tool to
    /// the model API whose rule it is (what they rewrite loses a constraint,
    /// so for them it is a warning).
    pub rewritten_away_by: crate::clients::Clients,
    /// The providers whose own rules report the same problem, more sharply,
    /// for a rule that has no provider: the check leaves it out when one of
    /// them is a target, so a problem is reported once.
    pub superseded_by: &'static [Provider],
    /// Whether they report it for the tools in strict mode alone (declared
    /// as `superseded_in_strict_by`): then the rule runs, and the check
    /// drops its findings about a tool in strict mode.
    pub superseded_in_strict: bool,
    /// Whether it looks at one tool at a time or at the whole list.
    pub scope: Scope,
    /// The entries of the OWASP MCP Top 10 it addresses (security rules).
    pub owasp: &'static [crate::owasp::Owasp],
    /// Markdown docs: what it does, why it is bad, an example, the fix and the sources.
    pub(crate) raw_docs: &'static str,
    /// The source file that declares it (empty without the `docs` feature).
    pub file: &'static str,
    /// The line in that file.
    pub line: u32,
    /// The fix it can attach to its findings.
    pub fixability: Fixability,
    /// What its automatic fix does, or why it has none: the last paragraph
    /// of the docs' "Fix" section (empty without the `docs` feature).
    pub fix_note: &'static str,
    /// [`RuleInfo::why`], made from the docs once.
    #[doc(hidden)]
    pub why_text: OnceLock<String>,
}

impl RuleInfo {
    /// The docs as Markdown, with the doc-comment indentation removed, and
    /// the fix note at the end of the "Fix" section.
    #[must_use]
    pub fn docs(&self) -> String {
        let mut out = String::with_capacity(self.raw_docs.len() + self.fix_note.len() + 2);
        let mut in_fix = false;
        for line in self.raw_docs.lines() {
            let line = line.strip_prefix(' ').unwrap_or(line);
            if line.starts_with("## ") {
                if in_fix && !self.fix_note.is_empty() {
                    // The blank line before this heading is already there.
                    out.push_str(self.fix_note);
                    out.push_str("\n\n");
                }
                in_fix = line == "## Fix";
            }
            out.push_str(line);
            out.push('\n');
        }
        if in_fix && !self.fix_note.is_empty() {
            out.push('\n');
            out.push_str(self.fix_note);
            out.push('\n');
        }
        // Only where the docs are kept: the page's modules carry none.
        #[cfg(feature = "docs")]
        if !self.owasp.is_empty() {
            out.push_str("\n## OWASP MCP Top 10\n");
            for entry in self.owasp {
                out.push_str(&format!(
                    "- [{}:2025 {}]({})\n",
                    entry.id(),
                    entry.title(),
                    entry.url()
                ));
            }
        }
        #[cfg(feature = "docs")]
        if let Some((title, path)) = self.group.guide() {
            out.push_str(&format!("\n## Guide\n[{title}]({path})\n"));
        }
        out
    }
}

impl RuleInfo {
    /// The docs' "Why is this bad?" section as one paragraph: what goes wrong
    /// at call time, written once. A finding explains itself with it unless
    /// it needs specifics.
    #[must_use]
    pub fn why(&self) -> &str {
        self.why_text.get_or_init(|| {
            self.docs()
                .lines()
                .skip_while(|l| l.trim() != "## Why is this bad?")
                .skip(1)
                .take_while(|l| !l.starts_with("## "))
                .map(str::trim)
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        })
    }
}

impl PartialEq for RuleInfo {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl fmt::Debug for RuleInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RuleInfo")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

/// Declares a rule: everything known about it, as a static [`RuleInfo`]
/// named `$name` (its docs are the doc comment), and the rule itself as
/// `RULE`, which runs the module's `fn check`. Every kind of rule is
/// declared with it, and its group says which kind it is:
/// - a rule about tool definitions: `fn check(cx: &Definitions, out: &mut Emitter)`,
///   as a [`crate::rules::Rule`];
/// - `group = Servers`, a rule about several servers checked together:
///   `fn check(sx: &Combination, out: &mut ServerEmitter)`, as a
///   [`crate::servers::ServerRule`];
/// - `group = Result`, a rule about one `tools/call` result:
///   `fn check(rx: &CallResult, out: &mut ResultEmitter)`, as a
///   [`crate::result::rules::ResultRule`].
///
/// The fields come in this order, each but `id`, `group`, `severity` and
/// `summary` only when it applies:
/// - `provider = OpenAi, as_of = "…"`: a provider's rule. The check runs it
///   only when that provider is a target: its `check` never looks at the
///   targets. `client = VsCode, as_of = "…"`: a client's rule, the same way.
/// - `runs_in = Worker`: the page's module leaves it to its worker (every
///   provider and client rule, and the heavy scans); `runs_in = Validator`:
///   it needs the JSON Schema validator too (the `schema` feature), and its
///   `check` is built only with it. Without, `Page`: every build runs it.
/// - `needs = ClaudeTallies` or `needs = DescriptionWords`: what its runner
///   must collect for it ([`Needs`]).
/// - `converter = (EnsureStrictJsonSchema, Fixes)`: what a strict-mode
///   converter does to its problem; `conversion_fails = …`: it reports the
///   schemas on which that converter raises.
/// - `hostile_text = true`: it looks for hostile or hidden text, and
///   `toolcheck diff` runs it on every changed description.
/// - `dropped_by = [VsCode]`, `fails_server_in = [ClaudeCode]`,
///   `rewritten_away_by = [Codex]`: what those clients do with a tool that
///   has its error (the compatibility table's client view reads them).
/// - `superseded_by = [OpenAi, Claude]`: those providers' rules report its
///   problem themselves, and the check leaves it out when one of them is a
///   target; `superseded_in_strict_by = […]`: only their strict rules do, and
///   the check drops its findings about the tools in strict mode.
/// - `scope = List` ([`Scope`]), `fix = Safe` or `Unsafe` ([`Fixability`]),
///   `fix_note = "…"` (what its automatic fix does, or why it has none).
macro_rules! declare_rule {
    (
        $(#[doc = $doc:literal])*
        pub $name:ident,
        id = $id:literal,
        group = $group:ident,
        severity = $sev:ident,
        $(provider = $provider:ident, as_of = $as_of:literal,)?
        $(client = $client:ident, as_of = $client_as_of:literal,)?
        $(runs_in = $runs_in:ident,)?
        $(needs = $needs:ident,)?
        $(converter = ($converter:ident, $effect:ident),)?
        $(conversion_fails = $fails:ident,)?
        $(hostile_text = $hostile:literal,)?
        $(owasp = [$($owasp:ident),* $(,)?],)?
        $(dropped_by = [$($dropped:ident),* $(,)?],)?
        $(fails_server_in = [$($failing:ident),* $(,)?],)?
        $(rewritten_away_by = [$($rewriting:ident),* $(,)?],)?
        $(superseded_by = [$($by:ident),* $(,)?],)?
        $(superseded_in_strict_by = [$($sby:ident),* $(,)?],)?
        $(scope = $scope:ident,)?
        $(fix = $fix:ident,)?
        $(fix_note = $fix_note:literal,)?
        summary = $summary:literal $(,)?
    ) => {
        pub static $name: $crate::registry::RuleInfo = $crate::registry::RuleInfo {
            id: $id,
            group: $crate::registry::Group::$group,
            severity: $crate::severity::Severity::$sev,
            summary: $crate::kept::summary_text($summary),
            provider: $crate::registry::declare_rule!(@opt $($crate::settings::Provider::$provider)?),
            client: $crate::registry::declare_rule!(@opt $($crate::clients::Client::$client)?),
            as_of: $crate::registry::declare_rule!(@opt $($as_of)? $($client_as_of)?),
            runs_in: $crate::registry::declare_rule!(@runs_in $($runs_in)?),
            needs: $crate::registry::declare_rule!(@opt $($crate::registry::Needs::$needs)?),
            converter: $crate::registry::declare_rule!(@opt $((
                $crate::clients::converters::Converter::$converter,
                $crate::clients::converters::Effect::$effect
            ))?),
            conversion_fails: $crate::registry::declare_rule!(@opt $($crate::clients::converters::Converter::$fails)?),
            hostile_text: $crate::registry::declare_rule!(@given $($hostile)?),
            dropped_by: $crate::registry::declare_rule!(@clients $($($dropped)*)?),
            fails_server_in: $crate::registry::declare_rule!(@clients $($($failing)*)?),
            rewritten_away_by: $crate::registry::declare_rule!(@clients $($($rewriting)*)?),
            superseded_by: &[
                $($($crate::settings::Provider::$by),*)?
                $($($crate::settings::Provider::$sby),*)?
            ],
            superseded_in_strict: $crate::registry::declare_rule!(@given $($($sby)*)?),
            scope: $crate::registry::declare_rule!(@scope $($scope)?),
            owasp: &[$($($crate::owasp::Owasp::$owasp),*)?],
            raw_docs: {
                // The docs the build keeps ([`crate::kept::docs_text`]),
                // copied into an array of their own so the rest of the text
                // is not in the binary.
                const KEPT: &str = $crate::kept::docs_text(
                    $crate::registry::Group::$group,
                    concat!($($doc, "\n",)*),
                );
                const BYTES: [u8; KEPT.len()] = $crate::kept::bytes_of(KEPT);
                $crate::kept::as_str(&BYTES)
            },
            file: $crate::kept::docs_only(file!()),
            line: line!(),
            fixability: $crate::registry::declare_rule!(@fix $($fix)?),
            fix_note: $crate::kept::fix_note(concat!($($fix_note)?)),
            why_text: std::sync::OnceLock::new(),
        };
        $crate::registry::declare_rule!(@rule $group ($($runs_in)?) $name);
    };
    (@rule Servers () $name:ident) => {
        /// The rule this file declares.
        pub(crate) static RULE: $crate::servers::ServerRule =
            $crate::servers::ServerRule { info: &$name, check };
    };
    (@rule Probe () $name:ident) => {
        /// The rule this file declares.
        pub(crate) static RULE: $crate::probe::ProbeRule =
            $crate::probe::ProbeRule { info: &$name, check };
    };
    (@rule Result () $name:ident) => {
        /// The rule this file declares.
        pub(crate) static RULE: $crate::result::rules::ResultRule =
            $crate::result::rules::ResultRule { info: &$name, check };
    };
    (@rule $group:ident (Validator) $name:ident) => {
        /// The rule this file declares.
        #[cfg(feature = "schema")]
        pub(crate) static RULE: $crate::rules::Rule = $crate::rules::Rule {
            info: &$name,
            check,
            runs_in: $crate::registry::RunsIn::Validator,
        };
        /// The rule this file declares, in a build without the validator
        /// its check needs: the catalog leaves it out of the rules this
        /// build runs.
        #[cfg(not(feature = "schema"))]
        pub(crate) static RULE: $crate::rules::Rule = $crate::rules::Rule {
            info: &$name,
            check: $crate::rules::not_in_this_build,
            runs_in: $crate::registry::RunsIn::Validator,
        };
    };
    (@rule $group:ident ($($runs_in:ident)?) $name:ident) => {
        /// The rule this file declares.
        pub(crate) static RULE: $crate::rules::Rule = $crate::rules::Rule {
            info: &$name,
            check,
            runs_in: $crate::registry::declare_rule!(@runs_in $($runs_in)?),
        };
    };
    (@runs_in) => { $crate::registry::RunsIn::Page };
    (@runs_in $runs_in:ident) => { $crate::registry::RunsIn::$runs_in };
    (@clients) => { $crate::clients::Clients::empty() };
    (@clients $($client:ident)+) => {
        ::enumset::enum_set!($($crate::clients::Client::$client)|+)
    };
    (@fix) => { $crate::registry::Fixability::None };
    (@fix $fix:ident) => { $crate::registry::Fixability::$fix };
    (@scope) => { $crate::registry::Scope::Tool };
    (@scope $scope:ident) => { $crate::registry::Scope::$scope };
    (@given) => { false };
    (@given $($given:tt)+) => { true };
    (@opt) => { None };
    (@opt $value:expr) => { Some($value) };
}
pub(crate) use declare_rule;
