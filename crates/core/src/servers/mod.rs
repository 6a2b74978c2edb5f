//! Several servers checked together, as one client runs them: each capture
//! is checked as it would be alone, then the rules about the combination run
//! over all of them (the same tool name on two servers, names that collide
//! or grow too long once a host prefixes them, near-duplicate tools, and the
//! token budget of everything one client loads).
//!
//! The rules here are rules of the same registry as the others
//! (`toolcheck rules`, `toolcheck explain`, SARIF and the page's rule docs
//! list them), in [`crate::catalog::RULES`]; [`crate::checking::check_servers`]
//! runs them.

pub mod hosts;
#[cfg(feature = "flows")]
pub(crate) mod lethal_trifecta_across_servers;
pub(crate) mod near_duplicate_across_servers;
pub(crate) mod prefixed_name_collision;
pub(crate) mod prefixed_name_too_long;
pub(crate) mod server_not_checked;
pub(crate) mod tool_name_collision;
#[cfg(feature = "flows")]
pub(crate) mod untrusted_content_drives_action_across_servers;

use std::sync::Arc;

use crate::finding::draft::{Draft, Record};
use crate::finding::{Finding, Severity};
use crate::numbers::{about, share, thousands};
use crate::path::Path;
use crate::registry::RuleInfo;
use crate::settings::Settings;
use crate::text::similarity::DescriptionWords;
use crate::{Counts, InputError, Report, ToolSummary};

/// What there is to check of one server.
#[derive(Debug, Clone)]
pub enum Capture<'t> {
    /// Its capture: anything [`crate::check`] accepts.
    Text(&'t str),
    /// Why there is no capture: the server did not start, did not answer,
    /// or its file could not be read.
    Failed(String),
}

/// One server to check, under the name the client knows it by.
#[derive(Debug, Clone)]
pub struct ServerInput<'t> {
    /// Its name: a client config's key, or the capture's file name.
    pub name: String,
    /// Its capture.
    pub capture: Capture<'t>,
}

/// One server's check.
#[derive(Debug, Clone)]
pub struct Server {
    /// Its name (made unique among the servers checked together).
    pub name: String,
    /// Its report, as a check of its capture alone gives it, or why it could
    /// not be checked (`server-not-checked` reports that too).
    pub checked: Result<Report, InputError>,
    /// Whether there was no capture to check ([`Capture::Failed`]), rather
    /// than a capture that is not valid.
    pub capture_failed: bool,
}

impl Server {
    /// Its tools, when it was checked.
    #[must_use]
    pub fn tools(&self) -> &[ToolSummary] {
        self.checked.as_ref().map_or(&[], |r| &r.tools)
    }

    /// What its tool definitions cost together, in tokens.
    #[must_use]
    pub fn tokens(&self) -> usize {
        self.tools().iter().map(|t| t.tokens).sum()
    }
}

/// Where a finding about the combination points besides its own place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Elsewhere {
    /// The other server (a position in [`Servers::servers`]).
    pub server: usize,
    /// The place in that server's capture.
    pub path: Path,
}

/// A finding of a rule about the combination.
#[derive(Debug, Clone)]
pub struct Across {
    /// The server whose capture [`Finding::path`] points into, or `None`
    /// for a finding about all of them together (the budget).
    pub server: Option<usize>,
    /// The finding; its tool, path and tool index are the server's.
    pub finding: Finding,
    /// The other place it is about, when it compares two servers' tools.
    pub elsewhere: Option<Elsewhere>,
}

/// The check of several servers together.
#[derive(Debug, Clone)]
pub struct Servers {
    /// Each server, in the order given.
    pub servers: Vec<Server>,
    /// The findings about the combination: errors, then warnings, then info;
    /// within each, rule by rule, each rule's in server and tool order.
    pub across: Vec<Across>,
    /// Every finding, of every server and of the combination, by severity.
    pub counts: Counts,
    /// The settings the check was asked for.
    pub settings: Settings,
}

impl Servers {
    /// The worst severity present, if any finding exists.
    #[must_use]
    pub fn worst(&self) -> Option<Severity> {
        let own = self
            .servers
            .iter()
            .filter_map(|s| s.checked.as_ref().ok().and_then(Report::worst));
        own.chain(self.across.iter().map(|a| a.finding.severity))
            .min()
    }

    /// Counts every finding again, after a change to a server's report (a
    /// policy that suppresses findings or changes their severity).
    pub fn recount(&mut self) {
        let mut all = Vec::new();
        for server in &self.servers {
            if let Ok(report) = &server.checked {
                all.push(report.counts);
            }
        }
        let mut counts = Counts::of(self.across.iter().map(|a| &a.finding));
        for c in all {
            counts.errors += c.errors;
            counts.warnings += c.warnings;
            counts.info += c.info;
        }
        self.counts = counts;
    }

    /// What every server's tool definitions cost together, in tokens.
    #[must_use]
    pub fn tokens(&self) -> usize {
        self.servers.iter().map(Server::tokens).sum()
    }

    /// The tools checked, over every server.
    #[must_use]
    pub fn tool_count(&self) -> usize {
        self.servers.iter().map(|s| s.tools().len()).sum()
    }

    /// `3 servers · 41 tools · about 9,120 tokens`, with the budget when one is set.
    #[must_use]
    pub fn summary_line(&self) -> String {
        let n = self.servers.len();
        let tokens = self.tokens();
        let mut line = format!(
            "{n} server{} · {} tool{} · {}",
            if n == 1 { "" } else { "s" },
            self.tool_count(),
            if self.tool_count() == 1 { "" } else { "s" },
            about(tokens)
        );
        if let Some(budget) = self.settings.budget {
            line.push_str(&format!(
                " ({} of the budget of {})",
                share(tokens, budget),
                thousands(budget)
            ));
        }
        line
    }

    /// Each server's share of the tokens: `(name, tokens, percent of all)`.
    #[must_use]
    pub fn shares(&self) -> Vec<(&str, usize, String)> {
        let total = self.tokens();
        self.servers
            .iter()
            .map(|s| (s.name.as_str(), s.tokens(), share(s.tokens(), total)))
            .collect()
    }
}

/// A rule about the combination: its registry entry and the code that runs it.
pub struct ServerRule {
    /// What is known about it.
    pub info: &'static RuleInfo,
    /// Runs it.
    pub(crate) check: fn(&Combination<'_>, &mut ServerEmitter<'_>),
}

/// What a rule about the combination sees.
pub(crate) struct Combination<'a> {
    /// Every server, checked.
    pub servers: &'a [Server],
    /// The words of each server's tools' descriptions, by server then tool
    /// (empty unless a rule reads them).
    pub words: &'a [Vec<DescriptionWords>],
    /// The settings asked for.
    pub settings: &'a Settings,
}

impl Combination<'_> {
    /// Every tool with a name, over every server: `(server, index, tool, name)`.
    pub(crate) fn named_tools(&self) -> impl Iterator<Item = Named<'_>> {
        self.servers.iter().enumerate().flat_map(|(s, server)| {
            server.tools().iter().enumerate().filter_map(move |(i, t)| {
                t.name.as_deref().map(|name| Named {
                    server: s,
                    index: i,
                    tool: t,
                    name,
                })
            })
        })
    }
}

/// A tool with a name, among every server's.
#[derive(Clone, Copy)]
pub(crate) struct Named<'a> {
    /// Its server's position.
    pub server: usize,
    /// Its position in its server's list.
    pub index: usize,
    /// The tool.
    pub tool: &'a ToolSummary,
    /// Its name.
    pub name: &'a str,
}

/// Records the findings of one rule about the combination.
pub(crate) struct ServerEmitter<'a> {
    rule: &'static RuleInfo,
    found: &'a mut Vec<Across>,
    /// Where the finding being reported is: its server, and the other place
    /// it names.
    at: (Option<usize>, Option<Elsewhere>),
}

impl<'a> ServerEmitter<'a> {
    /// Records `rule`'s findings in `found`.
    pub(crate) fn new(rule: &'static RuleInfo, found: &'a mut Vec<Across>) -> Self {
        Self {
            rule,
            found,
            at: (None, None),
        }
    }

    /// Starts a finding about `tool` of `server` (or about the server, or
    /// with neither, about the combination) at `path`, saying `message`,
    /// and naming `elsewhere` when it compares two servers' tools.
    /// [`Draft::help`] says what to do.
    pub(crate) fn report(
        &mut self,
        server: Option<usize>,
        tool: Option<(usize, &ToolSummary)>,
        path: Path,
        message: String,
        elsewhere: Option<Elsewhere>,
    ) -> Draft<'_> {
        let tool = tool.map(|(index, t)| {
            let label = t
                .name
                .clone()
                .unwrap_or_else(|| format!("tool #{}", index + 1));
            (Arc::from(label), index)
        });
        self.at = (server, elsewhere);
        let rule = self.rule;
        Draft::new(self, rule, tool, path, message, false)
    }
}

impl Record for ServerEmitter<'_> {
    fn record(&mut self, finding: Finding) -> &mut Finding {
        let (server, elsewhere) = std::mem::take(&mut self.at);
        self.found.push(Across {
            server,
            finding,
            elsewhere,
        });
        &mut self
            .found
            .last_mut()
            .expect("a finding was just pushed")
            .finding
    }
}

/// `"github"`, quoted for messages.
pub(crate) fn server_label(server: &Server) -> String {
    crate::text::quote(&server.name)
}

/// The names given, made unique: a repeated name gets `-2`, `-3`, ….
#[must_use]
pub fn unique_names<S: AsRef<str>>(names: &[S]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(names.len());
    for name in names {
        let name = name.as_ref();
        let base = if name.trim().is_empty() {
            "server"
        } else {
            name
        };
        let mut candidate = base.to_owned();
        let mut n = 1;
        while out.contains(&candidate) {
            n += 1;
            candidate = format!("{base}-{n}");
        }
        out.push(candidate);
    }
    out
}

/// The findings across servers that the rules reported (`across`, with
/// the budget over all of them), in order: errors, then warnings, then info;
/// within each, in the order the rules reported them (rule by rule, each in
/// server and tool order).
pub(crate) fn finish(
    servers: Vec<Server>,
    mut across: Vec<Across>,
    settings: &Settings,
) -> Servers {
    let mut ordered = Vec::with_capacity(across.len());
    for severity in Severity::ALL {
        ordered.extend(across.extract_if(.., |a| a.finding.severity == severity));
    }
    let mut checked = Servers {
        servers,
        across: ordered,
        counts: Counts::default(),
        settings: settings.clone(),
    };
    checked.recount();
    checked
}
