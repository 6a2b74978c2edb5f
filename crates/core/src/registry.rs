//! What is known about a rule: its id, group, severity, scope and docs.
//! These are plain data, and this module imports no rule; the list of every
//! rule, with the code that runs it, is [`crate::catalog`].

use std::fmt;
use std::sync::OnceLock;

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
        }
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
    /// list itself. (`thin-description` is one too, though it looks at one
    /// tool at a time: it reads the analysis of every description that the
    /// rules comparing descriptions share, which is made once for the list.)
    List,
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
    /// The strict-mode converter whose conversion raises on the schemas it
    /// flags, when it reports that (`conversion_fails = …`): a client that
    /// uses the converter then sends the tool without `strict`.
    pub conversion_fails: Option<crate::clients::converters::Converter>,
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
    /// Markdown docs: what it does, why it is bad, an example, the fix and the sources.
    pub(crate) raw_docs: &'static str,
    /// The source file that declares it (empty without the `docs` feature).
    pub file: &'static str,
    /// The line in that file.
    pub line: u32,
    /// The fix it can attach to its findings.
    pub fixability: crate::fix::model::Fixability,
    /// What its automatic fix does, or why it has none: the last paragraph
    /// of the docs' "Fix" section (empty without the `docs` feature).
    pub fix_note: &'static str,
    /// [`RuleInfo::why`], made from the docs once.
    #[doc(hidden)]
    pub why_text: OnceLock<String>,
}

/// A rule's docs ([`RuleInfo::docs`]): the text with the `docs` feature.
/// Without it, nothing, except for the result rules in a binary that checks
/// results (the `schema` feature: the page's worker), which keep their "Why
/// is this bad?" section: their findings quote it ([`RuleInfo::why`]). The
/// rest of the text is left out of the binary, and the page's module, which
/// gets result findings from its worker with their explanations, keeps none.
#[must_use]
pub const fn docs_text(group: Group, text: &'static str) -> &'static str {
    if cfg!(feature = "docs") {
        text
    } else if matches!(group, Group::Result) && cfg!(feature = "schema") {
        section(text, WHY_HEADING)
    } else {
        ""
    }
}

/// A rule's [`RuleInfo::summary`]: the text with the `summaries` feature,
/// and nothing without it (the page's worker, which shows no rule).
#[must_use]
pub const fn summary_text(text: &'static str) -> &'static str {
    if cfg!(feature = "summaries") {
        text
    } else {
        ""
    }
}

/// `text` with the `docs` feature, and nothing without it (so a binary that
/// carries no docs carries no source paths either).
#[must_use]
pub const fn docs_only(text: &'static str) -> &'static str {
    if cfg!(feature = "docs") { text } else { "" }
}

/// The bytes of `text`, as an array of their own (see `rule_info!`).
#[must_use]
pub const fn bytes_of<const N: usize>(text: &str) -> [u8; N] {
    let mut out = [0; N];
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < N {
        out[i] = bytes[i];
        i += 1;
    }
    out
}

/// `bytes` as text: they are always a copy of a `&str` ([`bytes_of`]).
#[must_use]
pub const fn as_str(bytes: &'static [u8]) -> &'static str {
    match core::str::from_utf8(bytes) {
        Ok(s) => s,
        Err(_) => "",
    }
}

/// The heading of the docs' section that says what goes wrong.
const WHY_HEADING: &str = "## Why is this bad?";

/// The section of `docs` from the line that ends with `heading` to the next
/// `## ` heading (or the end); empty when there is no such line.
const fn section(docs: &'static str, heading: &str) -> &'static str {
    let (bytes, h) = (docs.as_bytes(), heading.as_bytes());
    let Some(start) = find(bytes, h, 0) else {
        return "";
    };
    let end = match find(bytes, b"\n ## ", start + h.len()) {
        Some(end) => end,
        None => bytes.len(),
    };
    let (head, _) = bytes.split_at(end);
    let (_, slice) = head.split_at(start);
    match core::str::from_utf8(slice) {
        Ok(s) => s,
        Err(_) => "",
    }
}

/// The first position of `needle` in `haystack` at or after `from`.
const fn find(haystack: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while i + needle.len() <= haystack.len() {
        let mut j = 0;
        while j < needle.len() && haystack[i + j] == needle[j] {
            j += 1;
        }
        if j == needle.len() {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// A rule's [`RuleInfo::fix_note`]: the text with the `docs` feature, which
/// reads it ([`RuleInfo::docs`]), and nothing without it, so the text is not
/// in a binary that shows no docs (the page's module and its worker).
#[must_use]
pub const fn fix_note(note: &'static str) -> &'static str {
    if cfg!(feature = "docs") { note } else { "" }
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

/// Declares a rule: its docs (the doc comment), id, group, severity and
/// summary, as a static [`RuleInfo`] named `$name`, and the rule itself as
/// `RULE`, which runs the module's `fn check`. Every kind of rule is
/// declared with it, and its group says which kind it is:
/// - a rule about tool definitions: `fn check(cx: &Cx, out: &mut Emitter)`,
///   as a [`crate::rules::Rule`];
/// - `group = Servers`, a rule about several servers checked together:
///   `fn check(sx: &Sx, out: &mut Out)`, as a [`crate::servers::ServerRule`];
/// - `group = Result`, a rule about one `tools/call` result:
///   `fn check(rx: &Rx, out: &mut Out)`, as a
///   [`crate::result::rules::ResultRule`].
///
/// A provider's rule declares it (`provider = OpenAi, as_of = "…"`), and the
/// check runs it only when that provider is a target: its `check` never
/// looks at the targets. A client's rule declares its client the same way
/// (`client = VsCode, as_of = "…"`). A rule whose problem a provider's rules report
/// themselves declares `superseded_by = [OpenAi, Claude]`, and the check
/// leaves it out when one of those is a target. One whose problem only their
/// strict rules report declares `superseded_in_strict_by = [OpenAi, Claude]`,
/// and the check drops its findings about the tools in strict mode.
macro_rules! declare_rule {
    (
        $(#[doc = $doc:literal])*
        pub $name:ident,
        id = $id:literal,
        group = $group:ident,
        $($field:ident = $value:tt,)*
    ) => {
        $crate::registry::rule_info! {
            $(#[doc = $doc])*
            pub $name,
            id = $id,
            group = $group,
            $($field = $value,)*
        }
        $crate::registry::declare_rule!(@rule $group $name);
    };
    (@rule Servers $name:ident) => {
        /// The rule this file declares.
        pub(crate) static RULE: $crate::servers::ServerRule =
            $crate::servers::ServerRule { info: &$name, check };
    };
    (@rule Result $name:ident) => {
        /// The rule this file declares.
        pub(crate) static RULE: $crate::result::rules::ResultRule =
            $crate::result::rules::ResultRule { info: &$name, check };
    };
    (@rule $group:ident $name:ident) => {
        /// The rule this file declares.
        pub(crate) static RULE: $crate::rules::Rule = $crate::rules::Rule { info: &$name, check };
    };
}
pub(crate) use declare_rule;

/// Declares what is known about a rule, as a static [`RuleInfo`] named
/// `$name`: its docs (the doc comment), id, group, severity and summary
/// ([`declare_rule!`] declares the rule with it).
macro_rules! rule_info {
    (
        $(#[doc = $doc:literal])*
        pub $name:ident,
        id = $id:literal,
        group = $group:ident,
        severity = $sev:ident,
        $(provider = $provider:ident, as_of = $as_of:literal,)?
        $(client = $client:ident, as_of = $client_as_of:literal,)?
        $(conversion_fails = $fails:ident,)?
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
            summary: $crate::registry::summary_text($summary),
            provider: $crate::registry::rule_info!(@opt $($crate::settings::Provider::$provider)?),
            client: $crate::registry::rule_info!(@opt $($crate::clients::Client::$client)?),
            as_of: $crate::registry::rule_info!(@opt $($as_of)? $($client_as_of)?),
            conversion_fails: $crate::registry::rule_info!(@opt $($crate::clients::converters::Converter::$fails)?),
            superseded_by: &[
                $($($crate::settings::Provider::$by),*)?
                $($($crate::settings::Provider::$sby),*)?
            ],
            superseded_in_strict: $crate::registry::rule_info!(@given $($($sby)*)?),
            scope: $crate::registry::rule_info!(@scope $($scope)?),
            raw_docs: {
                // The docs the build keeps ([`crate::registry::docs_text`]),
                // copied into an array of their own so the rest of the text
                // is not in the binary.
                const KEPT: &str = $crate::registry::docs_text(
                    $crate::registry::Group::$group,
                    concat!($($doc, "\n",)*),
                );
                const BYTES: [u8; KEPT.len()] = $crate::registry::bytes_of(KEPT);
                $crate::registry::as_str(&BYTES)
            },
            file: $crate::registry::docs_only(file!()),
            line: line!(),
            fixability: $crate::registry::rule_info!(@fix $($fix)?),
            fix_note: $crate::registry::fix_note(concat!($($fix_note)?)),
            why_text: std::sync::OnceLock::new(),
        };
    };
    (@fix) => { $crate::fix::Fixability::None };
    (@fix $fix:ident) => { $crate::fix::Fixability::$fix };
    (@scope) => { $crate::registry::Scope::Tool };
    (@scope $scope:ident) => { $crate::registry::Scope::$scope };
    (@given) => { false };
    (@given $($given:tt)+) => { true };
    (@opt) => { None };
    (@opt $value:expr) => { Some($value) };
}
pub(crate) use rule_info;

#[cfg(test)]
mod tests {
    /// The "Why" section a result rule keeps without the docs is what
    /// [`super::RuleInfo::why`] reads from the whole docs.
    #[test]
    fn the_why_section_is_cut_at_its_headings() {
        let docs = " ## What it does\n Checks.\n\n ## Why is this bad?\n It breaks\n calls.\n\n ## Fix\n Fix it.\n";
        assert_eq!(
            super::section(docs, super::WHY_HEADING),
            "## Why is this bad?\n It breaks\n calls.\n"
        );
        assert_eq!(
            super::section(" ## Why is this bad?\n Last.\n", super::WHY_HEADING),
            "## Why is this bad?\n Last.\n"
        );
        assert_eq!(super::section(" ## What it does\n", super::WHY_HEADING), "");
        for rule in crate::catalog::every_rule().filter(|r| r.group == super::Group::Result) {
            let kept = super::section(rule.raw_docs, super::WHY_HEADING);
            assert!(kept.starts_with(super::WHY_HEADING), "{}", rule.id);
            let cut = super::RuleInfo {
                raw_docs: kept,
                why_text: std::sync::OnceLock::new(),
                ..*rule
            };
            assert_eq!(cut.why(), rule.why(), "{}", rule.id);
        }
    }
}
