//! The runners: the check of one capture, of several servers together
//! ([`check_servers`]) and of one `tools/call` result
//! (`check_result`), each over its rules of the one list
//! ([`crate::catalog`]), and the compatibility passes ([`compatibility`]).
//!
//! A check runs in steps, for callers that must not block for the whole
//! check: the browser app runs a few steps per task so the page keeps
//! responding while a large paste is checked. [`crate::check`] is the same
//! thing run to the end in one go.
//!
//! A check runs the rules that look at one tool at a time
//! ([`Scope::Tool`]) over a window of consecutive tools, all of them before
//! the next window, then each rule that looks at the whole list
//! ([`Scope::List`]) once. One step is one window, or one list rule.

mod metrics;
mod passes;
#[cfg(feature = "schema")]
mod probe;
#[cfg(feature = "schema")]
mod result;
mod select;
mod servers;
mod table;

use crate::finding::{Finding, Findings};
use crate::input::{self, Detected, Document};
use crate::metrics::Metrics;
use crate::registry::Scope;
use crate::rules::cache::{Cache, PerTool};
use crate::rules::{Definitions, Emitter, WINDOW};
use crate::settings::Settings;
use crate::text::similarity::DescriptionWords;
use crate::{Counts, InputError, Report, ToolSummary};
use table::Plan;

use metrics::{add_parameters, finish_metrics};
pub use passes::compatibility;
use passes::run_pass;
#[cfg(feature = "schema")]
pub use probe::probe_report;
#[cfg(feature = "schema")]
pub use result::{check_result, check_result_for};
use select::{drop_superseded_in_strict, effective, enabled, per_tool};
pub use servers::check_servers;

/// The detected capture, with the settings that apply to it.
struct Subject<'a> {
    input: Detected<'a>,
    /// The settings asked for, with the provider the format implies added.
    settings: Settings,
}

/// The rules' context, and how far the check has got.
struct Progress<'a> {
    /// The context of the rules that look at the whole list.
    cx: Definitions<'a>,
    findings: Findings,
    /// The corpus checks, counted window by window.
    metrics: Metrics,
    /// Tools per window.
    window: usize,
    /// What the list rules need of the tools whose window has run.
    per_tool: PerTool,
    stage: Stage,
    /// For a check of an edited text ([`Checking::after`]): by tool
    /// position, the findings of the rules that look at one tool at a time
    /// from the check before, for each tool the edit left alone (`None`: an
    /// edited tool, which the rules check again).
    prior: Option<Vec<Option<Vec<Finding>>>>,
}

/// What the check of an edited text takes from the check before it: the
/// findings of the rules that look at one tool at a time, for the tools the
/// edit left alone. Those rules see one tool and nothing else of the list
/// (`windows_do_not_change_the_findings` holds them to it), so a tool whose
/// text is the same, at the same place, under the same settings, has the
/// same findings.
pub(crate) struct Prior {
    /// By tool position: its findings, or `None` for an edited tool.
    tools: Vec<Option<Vec<Finding>>>,
    /// Each tool's path: an edit that moved a tool reuses nothing.
    paths: Vec<crate::path::Path>,
    /// Each tool's fingerprint: a tool whose text changed is checked again.
    fingerprints: Vec<u64>,
    /// The check's effective settings.
    settings: Settings,
}

impl Prior {
    /// What `report` can give the check of an edit of its text: the
    /// findings of this build's rules that look at one tool at a time, by
    /// tool. Those rules' findings about the server's other text belong to
    /// no tool; the check makes them again ([`Stage::Server`]).
    pub(crate) fn of(report: &Report) -> Self {
        Self::of_where(report, |_| true)
    }

    /// [`Prior::of`], with the findings of only the tools `keep` takes by
    /// position: a tool left out is one whose findings the caller knows
    /// (`Prior::know`), and copying its old ones would be wasted.
    pub(crate) fn of_where(report: &Report, keep: impl Fn(usize) -> bool) -> Self {
        let mut tools: Vec<Option<Vec<Finding>>> = vec![Some(Vec::new()); report.tools.len()];
        for f in &report.findings {
            // The page's module leaves some rules to its worker, whose
            // findings its report holds too: those come again from the
            // worker.
            if f.rule.scope != Scope::Tool || !f.rule.runs_in.in_this_build() {
                continue;
            }
            if let Some(i) = f.tool_index
                && keep(i)
                && let Some(Some(found)) = tools.get_mut(i)
            {
                found.push(f.clone());
            }
        }
        Self {
            tools,
            paths: report.tools.iter().map(|t| t.path.clone()).collect(),
            fingerprints: report.tools.iter().map(|t| t.fingerprint).collect(),
            settings: report.settings.clone(),
        }
    }
}

#[cfg(feature = "incremental")]
impl Prior {
    /// Takes `findings` as the findings of the rules that look at one tool
    /// at a time about the tool at position `at`, whose text now has
    /// `fingerprint`: a check of that tool alone found them (a fix made tool
    /// by tool). Only this build's rules' findings are kept, as
    /// [`Prior::of`] keeps them.
    pub(crate) fn know(&mut self, at: usize, findings: Vec<Finding>, fingerprint: u64) {
        let (Some(tool), Some(was)) = (self.tools.get_mut(at), self.fingerprints.get_mut(at))
        else {
            return;
        };
        *tool = Some(
            findings
                .into_iter()
                .filter(|f| f.rule.scope == Scope::Tool && f.rule.runs_in.in_this_build())
                .collect(),
        );
        *was = fingerprint;
    }
}

/// How far a check has got.
#[derive(Clone, Copy)]
enum Stage {
    /// The [`Scope::Tool`] rules over the server's text besides its tools
    /// (its instructions, prompts and resources), with no tool in view.
    Server,
    /// The [`Scope::Tool`] rules, over the window of tools from this position.
    Tools(usize),
    /// The [`Scope::List`] rules, after this many of them have run.
    List(usize),
    /// Every rule has run.
    Finished,
}

impl Progress<'_> {
    /// Runs the tool rules over the next window of tools, or the next list
    /// rule. `false` once every rule has run.
    fn step(&mut self) -> bool {
        let settings = self.cx.settings;
        loop {
            match self.stage {
                Stage::Server => {
                    self.stage = Stage::Tools(0);
                    if self.cx.server().is_none() {
                        continue;
                    }
                    let cx = Definitions::server_only(self.cx.input, settings);
                    run_tool_rules(&cx, &mut self.findings);
                    return true;
                }
                Stage::Tools(from) => {
                    let tools = self.cx.tools();
                    if from >= tools.len() {
                        let per_tool = std::mem::take(&mut self.per_tool);
                        self.cx.cache = Cache::adopt(per_tool);
                        self.stage = Stage::List(0);
                        continue;
                    }
                    let window = &tools[from..from.saturating_add(self.window).min(tools.len())];
                    let cx = Definitions::window(self.cx.input, settings, window);
                    // Without the feature nothing is reused, and the code that
                    // would is left out.
                    let prior = if cfg!(feature = "incremental") {
                        self.prior.as_mut()
                    } else {
                        None
                    };
                    match prior {
                        None => run_tool_rules(&cx, &mut self.findings),
                        Some(prior) => {
                            // The edited tools' runs are checked again; the
                            // others' findings are taken as they were.
                            let mut at = 0;
                            while at < window.len() {
                                let reused = prior.get_mut(window[at].index).and_then(Option::take);
                                if let Some(found) = reused {
                                    self.findings.extend(found);
                                    at += 1;
                                    continue;
                                }
                                let end = (at + 1..window.len())
                                    .find(|&j| {
                                        prior.get(window[j].index).is_some_and(Option::is_some)
                                    })
                                    .unwrap_or(window.len());
                                let edited =
                                    Definitions::window(self.cx.input, settings, &window[at..end]);
                                run_tool_rules(&edited, &mut self.findings);
                                at = end;
                            }
                        }
                    }
                    add_parameters(&mut self.metrics, &cx);
                    cx.hand_over(&mut self.per_tool);
                    self.stage = Stage::Tools(from + window.len());
                    return true;
                }
                Stage::List(done) => {
                    let Some(rule) = enabled(settings, Scope::List).nth(done) else {
                        self.stage = Stage::Finished;
                        return false;
                    };
                    let rule_from = self.findings.as_slice().len();
                    (rule.check)(
                        &self.cx,
                        &mut Emitter::new(rule.info, &mut self.findings, 0, settings.fixes),
                    );
                    drop_superseded_in_strict(rule.info, &self.cx, &mut self.findings, rule_from);
                    self.stage = Stage::List(done + 1);
                    return true;
                }
                Stage::Finished => return false,
            }
        }
    }
}

/// Runs the rules that look at one tool at a time over the tools of `cx`.
/// Each window's rules see the findings of the rules that ran before them
/// on the same tools, and no others.
fn run_tool_rules(cx: &Definitions<'_>, findings: &mut Findings) {
    let settings = cx.settings;
    let found_from = findings.as_slice().len();
    for rule in enabled(settings, Scope::Tool) {
        let rule_from = findings.as_slice().len();
        (rule.check)(
            cx,
            &mut Emitter::new(rule.info, findings, found_from, settings.fixes),
        );
        drop_superseded_in_strict(rule.info, cx, findings, rule_from);
    }
}

self_cell::self_cell!(
    /// The parsed document and what was detected in it.
    struct Parsed {
        owner: Document,
        #[covariant]
        dependent: Subject,
    }
);

self_cell::self_cell!(
    /// A parsed document and the check running over it.
    struct Running {
        owner: Parsed,
        #[not_covariant]
        dependent: Progress,
    }
);

/// A check in progress: parsed and detected, with rules still to run.
///
/// ```
/// let mut checking = toolcheck::Checking::new(toolcheck::sample::TOOLS, &Default::default())?;
/// while checking.step() {
///     // Other work can run here, between two steps.
/// }
/// let report = checking.finish();
/// assert_eq!(report.counts.errors, 3);
/// # Ok::<(), toolcheck::InputError>(())
/// ```
pub struct Checking {
    running: Running,
    input_bytes: usize,
}

impl Checking {
    /// Parses and detects `text`, ready to run the rules.
    ///
    /// # Errors
    /// An [`InputError`] when the text is not valid JSON (with line and
    /// column) or not a recognisable capture.
    pub fn new(text: &str, settings: &Settings) -> Result<Self, InputError> {
        Self::with_window(text, settings, WINDOW)
    }

    /// [`Checking::new`], giving the tool rules `window` tools at a time.
    fn with_window(text: &str, settings: &Settings, window: usize) -> Result<Self, InputError> {
        Self::with_prior(text, settings, window, None)
    }

    /// [`Checking::new`] for `text`, an edit of the text whose check gave
    /// `before`: the rules that look at one tool at a time run only on the
    /// tools whose text changed ([`crate::input::Tool::fingerprint`]), and
    /// the findings of the others are taken from `before`, when the edit
    /// left every tool where it was and the settings as they were (else it
    /// is a check from scratch). The report is the one [`crate::check`]
    /// gives. A fix round checks the tools it edited with it. Without the
    /// `incremental` feature (the page's builds), a check from scratch.
    ///
    /// # Errors
    /// As [`Checking::new`].
    pub fn after(text: &str, settings: &Settings, before: &Report) -> Result<Self, InputError> {
        if !cfg!(feature = "incremental") {
            return Self::new(text, settings);
        }
        Self::with_prior(text, settings, WINDOW, Some(Prior::of(before)))
    }

    /// [`Checking::new`] for `text`, taking the findings `prior` knows for
    /// the tools whose text it knows (see [`Checking::after`]).
    #[cfg(feature = "incremental")]
    pub(crate) fn known(text: &str, settings: &Settings, prior: Prior) -> Result<Self, InputError> {
        Self::with_prior(text, settings, WINDOW, Some(prior))
    }

    fn with_prior(
        text: &str,
        settings: &Settings,
        window: usize,
        prior: Option<Prior>,
    ) -> Result<Self, InputError> {
        let doc = Document::parse(text)?;
        let parsed = Parsed::try_new(doc, |doc| {
            let input = input::detect(doc)?;
            let settings = effective(settings, &input);
            Ok::<_, InputError>(Subject { input, settings })
        })?;
        let running = Running::new(parsed, |parsed| {
            let detected = parsed.borrow_dependent();
            let prior = prior.and_then(|prior| {
                let same = prior.settings == detected.settings
                    && prior.paths.len() == detected.input.tools.len()
                    && prior
                        .paths
                        .iter()
                        .zip(&detected.input.tools)
                        .all(|(path, tool)| *path == tool.path);
                if !same {
                    return None;
                }
                let mut tools = prior.tools;
                for ((tool, found), was) in detected
                    .input
                    .tools
                    .iter()
                    .zip(&mut tools)
                    .zip(&prior.fingerprints)
                {
                    if tool.fingerprint() != *was {
                        *found = None;
                    }
                }
                Some(tools)
            });
            Progress {
                cx: Definitions::new(&detected.input, &detected.settings),
                findings: Findings::default(),
                metrics: Metrics::default(),
                per_tool: per_tool(&detected.settings),
                window: window.max(1),
                stage: Stage::Server,
                prior,
            }
        });
        Ok(Self {
            running,
            input_bytes: text.len(),
        })
    }

    /// Runs the rules that look at one tool at a time over the next few
    /// tools, or once they have seen every tool, the next rule that looks at
    /// the whole list. `false` once every rule has run.
    pub fn step(&mut self) -> bool {
        self.running
            .with_dependent_mut(|_, progress| progress.step())
    }

    /// Runs the rules still to run and returns the report.
    #[must_use]
    pub fn finish(self) -> Report {
        self.finish_with(false, false).0
    }

    /// [`Checking::finish`], with the words of each tool's description as
    /// the rules comparing descriptions read them (taken from the check when
    /// one of them ran), for the rules about several servers.
    pub(crate) fn finish_with_words(self) -> (Report, Vec<DescriptionWords>) {
        self.finish_with(false, true)
    }

    /// [`Checking::finish`], with the compatibility table
    /// ([`crate::compat`]) made on the same parse.
    #[must_use]
    pub fn finish_with_compatibility(self) -> Report {
        self.finish_with(true, false).0
    }

    fn finish_with(
        mut self,
        with_table: bool,
        with_words: bool,
    ) -> (Report, Vec<DescriptionWords>) {
        while self.step() {}
        let input_bytes = self.input_bytes;
        let mut runs_found: Option<(Plan, Vec<Vec<Finding>>)> = None;
        let mut words = Vec::new();
        let mut report = self.running.with_dependent_mut(|parsed, progress| {
            if with_words {
                let tools = progress.cx.tools();
                words = progress.cx.cache.take_words(tools);
            }
            if with_table {
                let input = &parsed.borrow_dependent().input;
                let plan = Plan::new(progress.cx.settings);
                let found = plan.runs.iter().map(|s| run_pass(input, s)).collect();
                runs_found = Some((plan, found));
            }
            // Made once, by the toxic-flow rules, and kept in the summaries.
            #[cfg(feature = "flows")]
            let mut capabilities = {
                let tools = progress.cx.tools();
                progress.cx.cache.take_capabilities(tools).into_iter()
            };
            let cx = &progress.cx;
            let metrics = finish_metrics(progress.metrics, cx, input_bytes);
            let tools = cx
                .tools()
                .iter()
                .map(|t| ToolSummary {
                    name: t.name().map(str::to_owned),
                    path: t.path.clone(),
                    has_output_schema: t.output_schema().is_some(),
                    tokens: t.tokens(),
                    fingerprint: t.fingerprint(),
                    #[cfg(feature = "flows")]
                    capabilities: capabilities.next().unwrap_or_default(),
                })
                .collect();
            Report {
                format: cx.input.format,
                pages: cx.input.pages,
                tools,
                others: crate::OthersSummary::of(&cx.input.server),
                counts: Counts::default(),
                findings: std::mem::take(&mut progress.findings).into_unsorted(),
                settings: cx.settings.clone(),
                input_bytes,
                metrics,
                compatibility: None,
            }
        });
        // The document and the rules' caches go before the findings are
        // sorted, so the sort's keys reuse their memory.
        drop(self.running);
        crate::finding::sort(&mut report.findings);
        report.counts = Counts::of(&report.findings);
        if let Some((plan, found)) = runs_found {
            report.compatibility = Some(table::table(
                &report.findings,
                passes::names(&report),
                &plan,
                &found,
            ));
        }
        (report, words)
    }
}

#[cfg(all(test, feature = "incremental"))]
mod again_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::{RevisionFrom, Targets};
    use select::enabled;

    /// Tool rules find the same things however many tools they see at once:
    /// every fixture (transcripts too) and corpus file, under each target,
    /// with windows of one, two and three tools against one window of every
    /// tool. A rule that compares tools but is declared [`Scope::Tool`]
    /// fails this.
    #[test]
    fn windows_do_not_change_the_findings() {
        let settings = [
            Settings::default(),
            Settings {
                targets: Targets::ALL,
                strict: true,
                ..Settings::default()
            },
            Settings {
                targets: Targets::ALL,
                ..Settings::default()
            },
            Settings {
                revision: crate::Revision::R2025_06_18,
                ..Settings::default()
            },
        ];
        let mut checked = 0;
        let mut texts = crate::report::testing::json_texts(true);
        texts.extend(crate::report::testing::transcript_texts());
        for text in texts {
            for settings in &settings {
                let report = |window| {
                    Checking::with_window(&text, settings, window)
                        .ok()
                        .map(|c| crate::report::json(&c.finish()))
                };
                let Some(whole) = report(usize::MAX) else {
                    continue;
                };
                for window in [1, 2, 3] {
                    assert_eq!(report(window).as_ref(), Some(&whole), "window {window}");
                }
                checked += 1;
            }
        }
        assert!(checked > 200, "{checked}");
    }

    /// Stepping gives the sample's calibrated counts, and
    /// the report `check` gives.
    #[test]
    fn stepping_gives_the_same_report() {
        let all = Settings {
            targets: Targets::ALL,
            strict: true,
            ..Settings::default()
        };
        for (settings, (errors, warnings, info)) in [
            (Settings::default(), (3, 5, 3)),
            (all, (11, 5, 0)),
            (Settings::default().only("date-without-format"), (0, 1, 0)),
        ] {
            let mut checking =
                Checking::new(crate::sample::TOOLS, &settings).expect("sample parses");
            let mut steps = 0;
            while checking.step() {
                steps += 1;
            }
            // A finished check stays finished.
            assert!(!checking.step());
            // One step for the sample's three tools, one per list rule.
            let list_rules = enabled(&settings, Scope::List).count();
            assert_eq!(steps, 1 + list_rules);
            let stepped = checking.finish();
            let c = stepped.counts;
            assert_eq!((c.errors, c.warnings, c.info), (errors, warnings, info));
            let whole = crate::check(crate::sample::TOOLS, &settings).expect("sample parses");
            assert_eq!(crate::report::json(&stepped), crate::report::json(&whole));
        }
    }

    /// A capture that records its protocol is checked against that revision,
    /// unless the user chose one.
    #[test]
    fn the_revision_follows_the_capture() {
        let text = r#"{"jsonrpc": "2.0", "id": 2, "result": {"_meta": {"dev.toolcheck/capture": {"protocolVersion": "2025-11-25"}},
            "tools": [{"name": "a", "inputSchema": {"type": "object"}}]}}"#;
        let followed = crate::check(text, &Settings::default()).unwrap();
        assert_eq!(followed.settings.revision, crate::Revision::R2025_11_25);
        assert_eq!(followed.settings.revision_from, RevisionFrom::Capture);
        assert!(
            crate::report::settings_line(&followed)
                .contains("MCP revision 2025-11-25 (the protocol the capture was made with)")
        );
        let chosen = Settings {
            revision: crate::Revision::R2026_07_28,
            revision_from: RevisionFrom::Chosen,
            ..Settings::default()
        };
        let kept = crate::check(text, &chosen).unwrap();
        assert_eq!(kept.settings.revision, crate::Revision::R2026_07_28);
        // A protocol Toolcheck has no rules for leaves the default.
        let older = text.replace("2025-11-25", "2024-11-05");
        let report = crate::check(&older, &Settings::default()).unwrap();
        assert_eq!(report.settings.revision, crate::Revision::default());
        assert_eq!(report.settings.revision_from, RevisionFrom::Default);
    }

    #[test]
    fn bad_input_is_an_error_before_any_rule() {
        let err = Checking::new("{\"tools\": [", &Settings::default())
            .err()
            .expect("invalid JSON");
        assert_eq!(err.line, Some(1));
    }
}
