//! The rules, one file each, grouped in folders.

pub mod walk;

pub(crate) mod annotations;
pub(crate) mod budget;
pub(crate) mod cache;
pub(crate) mod clarity;
pub(crate) mod claude;
pub(crate) mod clients;
pub(crate) mod facts;
pub(crate) mod gemini;
pub(crate) mod header;
pub(crate) mod openai;
pub(crate) mod provider;
pub(crate) mod reach;
pub(crate) mod revision;
pub(crate) mod schema;
pub(crate) mod security;
pub(crate) mod shape;

use crate::finding::draft::Draft;
use crate::finding::{Finding, Findings};
use crate::input::{Detected, SchemaKind, Tool};
use crate::path::Path;
use crate::registry::{RuleInfo, RunsIn};
use crate::settings::Settings;
use walk::Node;

pub use crate::settings::{GEMINI_RULES_AS_OF, PROVIDER_RULES_AS_OF};

/// A rule about tool definitions: what is known about it, and the code that
/// runs it. Each rule's file declares its own with `declare_rule!`, as
/// `RULE`; the list of every rule is [`crate::catalog::RULES`].
pub struct Rule {
    /// Its id, docs and other facts.
    pub info: &'static RuleInfo,
    /// Runs it over what a [`Definitions`] holds.
    pub(crate) check: fn(&Definitions<'_>, &mut Emitter<'_>),
    /// Which builds run it ([`RuleInfo::runs_in`], kept here too: the
    /// catalog picks a build's rules by it when the build is compiled,
    /// which cannot read a [`RuleInfo`]).
    pub(crate) runs_in: RunsIn,
}

/// The check of a rule whose check this build does not have (a
/// [`RunsIn::Validator`] rule without the `schema` feature): the catalog
/// never gives it to the runner.
#[cfg(not(feature = "schema"))]
pub(crate) fn not_in_this_build(_: &Definitions<'_>, _: &mut Emitter<'_>) {}

impl std::ops::Deref for Rule {
    type Target = RuleInfo;

    fn deref(&self) -> &RuleInfo {
        self.info
    }
}

impl std::fmt::Debug for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.info.fmt(f)
    }
}

/// How many tools the rules that look at one tool at a time are given at
/// once. All of them run over these tools before the next ones, while that
/// part of the document is still in the processor's cache. Measured on the
/// generated lists: against one rule at a time over every tool, 128 tools
/// take a tenth less time at 1,000 tools and a quarter less at 5,000; 16
/// tools gain less there and lose a few percent on the 117-tool GitHub
/// capture, where switching between every rule's code costs more than the
/// data that stays in cache saves.
pub(crate) const WINDOW: usize = 128;

/// What a rule about tool definitions sees: the tool definitions in view,
/// the capture they come from, the settings, and what several rules compute
/// from the same tools.
pub struct Definitions<'a> {
    /// The detected capture.
    pub input: &'a Detected<'a>,
    /// The effective settings (providers implied by the format are added).
    pub settings: &'a Settings,
    /// The tools the rule looks at: every tool for a [`Scope::List`] rule,
    /// a few consecutive ones for a [`Scope::Tool`] rule.
    ///
    /// [`Scope::List`]: crate::registry::Scope::List
    /// [`Scope::Tool`]: crate::registry::Scope::Tool
    tools: &'a [Tool<'a>],
    /// Whether the rules see the server's text besides its tools
    /// ([`Definitions::server`]): in the context of the whole list, and
    /// once for the rules that look at one tool at a time.
    with_server: bool,
    /// What several rules compute from the same tools, computed once.
    pub(crate) cache: cache::Cache<'a>,
}

impl<'a> Definitions<'a> {
    /// The context of one check, over every tool.
    #[must_use]
    pub fn new(input: &'a Detected<'a>, settings: &'a Settings) -> Self {
        Self {
            with_server: true,
            ..Self::window(input, settings, &input.tools)
        }
    }

    /// The context of the rules that look at one tool at a time, over the
    /// server's text besides its tools, and no tool.
    #[must_use]
    pub(crate) fn server_only(input: &'a Detected<'a>, settings: &'a Settings) -> Self {
        Self {
            with_server: true,
            ..Self::window(input, settings, &[])
        }
    }

    /// The context of the rules that look at one tool at a time, over
    /// `tools`, consecutive tools of `input`.
    #[must_use]
    pub(crate) fn window(
        input: &'a Detected<'a>,
        settings: &'a Settings,
        tools: &'a [Tool<'a>],
    ) -> Self {
        Self {
            input,
            settings,
            tools,
            with_server: false,
            cache: cache::Cache::default(),
        }
    }

    /// The server's instructions, prompts and resources, when the rule is
    /// to look at them: always for a rule that looks at the whole list; for
    /// one that looks at one tool at a time, once, with no tool in view.
    #[must_use]
    pub fn server(&self) -> Option<&'a crate::input::ServerText<'a>> {
        (self.with_server && !self.input.server.is_empty()).then_some(&self.input.server)
    }

    /// The tools in view, in list order: every tool, or for a rule that looks
    /// at one tool at a time, the few it is given at once.
    #[must_use]
    pub fn tools(&self) -> &'a [Tool<'a>] {
        self.tools
    }

    /// Visits every subschema of every tool's input schema that its root
    /// reaches ([`reach`]).
    pub fn each_input_node(&self, visit: &mut dyn FnMut(&'a Tool<'a>, &Node<'a>)) {
        let tools = self.tools();
        for (tool, nodes) in tools.iter().zip(self.cache.nodes(tools)) {
            for (_, node) in nodes.input.reached() {
                visit(tool, node);
            }
        }
    }
}

impl<'a> Definitions<'a> {
    /// Visits every subschema of every tool's input and output schemas that
    /// the schema's root reaches ([`reach`]).
    pub fn each_schema_node(&self, visit: &mut dyn FnMut(&'a Tool<'a>, SchemaKind, &Node<'a>)) {
        self.each_walked(&mut |tool, kind, walked| {
            for (_, node) in walked.reached() {
                visit(tool, kind, node);
            }
        });
    }

    /// Visits every subschema of every tool's input and output schemas,
    /// with the definitions nothing reaches: the model reads those too.
    pub(crate) fn each_schema_node_everywhere(
        &self,
        visit: &mut dyn FnMut(&'a Tool<'a>, SchemaKind, &Node<'a>),
    ) {
        self.each_walked(&mut |tool, kind, walked| {
            for node in walked.everywhere() {
                visit(tool, kind, node);
            }
        });
    }

    /// Visits the walked input and output schema of every tool.
    fn each_walked(&self, visit: &mut dyn FnMut(&'a Tool<'a>, SchemaKind, &cache::Walked<'a>)) {
        // The context of the whole list walks its tools a window at a time,
        // each window's walk dropped before the next: one walk of every tool,
        // kept in the list's cache to the end of the check, was 8 MB of the
        // peak memory of a check of 5,000 tools (`tool-shadowing`). The
        // page's worker keeps the one walk: the window loop cost its module
        // about 240 bytes gzipped, which its budget does not have.
        #[cfg(not(target_arch = "wasm32"))]
        if self.with_server && self.tools.len() > WINDOW {
            for window in self.tools.chunks(WINDOW) {
                Self::window(self.input, self.settings, window).each_walked(visit);
            }
            return;
        }
        let tools = self.tools();
        for (tool, nodes) in tools.iter().zip(self.cache.nodes(tools)) {
            visit(tool, SchemaKind::Input, &nodes.input);
            visit(tool, SchemaKind::Output, &nodes.output);
        }
    }
}

/// Records the findings of one rule.
pub struct Emitter<'a> {
    rule: &'static RuleInfo,
    /// Whether findings get their fixes.
    fixes: bool,
    findings: &'a mut Findings,
    /// Where the findings about the tools in view start.
    from: usize,
}

impl<'a> Emitter<'a> {
    /// Records `rule`'s findings after `findings`, of which those from
    /// position `from` on are about the tools the rule is given.
    pub(crate) fn new(
        rule: &'static RuleInfo,
        findings: &'a mut Findings,
        from: usize,
        fixes: bool,
    ) -> Self {
        Self {
            rule,
            fixes,
            findings,
            from,
        }
    }

    /// Starts a finding of this rule about `tool` (or, with `None`, about the
    /// list) at `path`, saying `message`; [`Draft::help`] says what to do.
    pub fn report(
        &mut self,
        tool: Option<&Tool<'_>>,
        path: Path,
        message: impl Into<String>,
    ) -> Draft<'_> {
        self.draft(tool, path, message.into())
    }

    /// [`Emitter::report`], once for every type of message: the rules make
    /// a hundred findings, and each call site carries only the conversion.
    #[inline(never)]
    fn draft(&mut self, tool: Option<&Tool<'_>>, path: Path, message: String) -> Draft<'_> {
        let tool = tool.map(|t| (t.shared_label(), t.index));
        Draft::new(
            &mut *self.findings,
            self.rule,
            tool,
            path,
            message,
            self.fixes,
        )
    }

    /// The findings reported about the tools in view, by the rules that ran
    /// before this one and by this one so far.
    #[must_use]
    pub fn prior(&self) -> &[Finding] {
        self.findings
            .as_slice()
            .get(self.from..)
            .unwrap_or_default()
    }
}
