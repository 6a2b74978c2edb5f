//! Findings: what a rule reports, with the fix it attaches ([`fix`]).

pub mod draft;
pub mod fix;

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::sync::Arc;

use serde::Serialize;

use crate::path::Path;
use crate::registry::RuleInfo;

pub use crate::severity::Severity;

/// One problem found in the pasted document.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Finding {
    /// The rule that found it.
    #[serde(serialize_with = "serialize_rule")]
    pub rule: &'static RuleInfo,
    /// How bad it is.
    pub severity: Severity,
    /// The tool's name, when the finding belongs to one tool.
    pub tool: Option<Arc<str>>,
    /// The position of that tool in the list.
    #[serde(skip)]
    pub tool_index: Option<usize>,
    /// Where it is, in the document as pasted.
    pub path: Path,
    /// A one-line message.
    pub message: String,
    /// What goes wrong at call time (most rules explain every finding the
    /// same way, so the text is usually shared, not copied).
    pub explanation: Cow<'static, str>,
    /// What to do about it, at this place.
    pub help: Cow<'static, str>,
    /// The fix Toolcheck can make itself, when the rule knows one and the
    /// check asked for fixes ([`crate::Settings::fixes`]).
    #[serde(skip)]
    pub autofix: Option<Box<fix::Fix>>,
    /// Whether the check asked for fixes.
    #[serde(skip)]
    pub(crate) fixes_wanted: bool,
}

impl Finding {
    /// The same finding about the tool at position `index`, whose value
    /// sits at `to` instead of `from`: its path and its fix's paths moved.
    #[cfg(feature = "incremental")]
    #[must_use]
    pub(crate) fn moved(mut self, from: &Path, to: &Path, index: usize) -> Self {
        let rebase = |path: &mut Path| {
            if let Some(moved) = path.rebase(from, to) {
                *path = moved;
            }
        };
        rebase(&mut self.path);
        if let Some(fix) = self.autofix.as_deref_mut() {
            for op in &mut fix.ops {
                rebase(op.path_mut());
            }
        }
        self.tool_index = Some(index);
        self
    }

    /// A finding of `rule` at `path`, with the rule's severity and no tool
    /// (a rule that reports on a tool sets [`Finding::tool`] too).
    #[must_use]
    pub fn new(
        rule: &'static RuleInfo,
        path: Path,
        message: impl Into<String>,
        explanation: impl Into<Cow<'static, str>>,
        help: impl Into<Cow<'static, str>>,
    ) -> Self {
        Finding {
            rule,
            severity: rule.severity,
            tool: None,
            tool_index: None,
            path,
            message: message.into(),
            explanation: explanation.into(),
            help: help.into(),
            autofix: None,
            fixes_wanted: false,
        }
    }

    /// Attaches the fix Toolcheck can make itself, built by `build` (a fix
    /// without operations, which a rule builds for a case it cannot fix, is
    /// not attached). Without the `fixes` feature nothing is built, and the
    /// code that builds fixes is left out of the binary.
    pub fn with_fix(&mut self, build: impl FnOnce() -> fix::Fix) -> &mut Self {
        #[cfg(feature = "fixes")]
        if self.fixes_wanted {
            let fix = build();
            if !fix.ops.is_empty() {
                self.autofix = Some(Box::new(fix));
            }
        }
        #[cfg(not(feature = "fixes"))]
        drop(build);
        self
    }
}

fn serialize_rule<S: serde::Serializer>(rule: &&'static RuleInfo, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(rule.id)
}

/// How many findings a list holds before it grows by a quarter at a time
/// ([`Findings::push`]).
#[cfg(not(target_arch = "wasm32"))]
const GROW_BY_QUARTERS: usize = 4096;

/// Collects findings as rules run.
#[derive(Debug, Default)]
pub struct Findings {
    items: Vec<Finding>,
    /// The findings by path (path, position), for the queries below; built on
    /// the first query and brought up to date by each later one, so recording
    /// a finding costs nothing and a query does not scan every finding.
    by_path: RefCell<BTreeSet<(Path, usize)>>,
}

impl Findings {
    /// Records a finding.
    pub fn push(&mut self, finding: Finding) {
        // Past a few thousand findings the list grows by a quarter at a
        // time, not double: a doubled list of 5,000 tools' findings left
        // over 3 MB unused at the check's peak memory. The page's module
        // keeps `Vec`'s own growth, for its size.
        #[cfg(not(target_arch = "wasm32"))]
        if self.items.len() == self.items.capacity() && self.items.len() >= GROW_BY_QUARTERS {
            self.items.reserve_exact(self.items.len() / 4);
        }
        self.items.push(finding);
    }

    /// Records findings made before (a check of an edited text takes them
    /// from the check before it).
    pub(crate) fn extend(&mut self, found: Vec<Finding>) {
        self.items.extend(found);
    }

    /// The index, with every finding recorded so far in it.
    fn by_path(&self) -> std::cell::Ref<'_, BTreeSet<(Path, usize)>> {
        {
            let mut index = self.by_path.borrow_mut();
            if index.len() < self.items.len() {
                for i in index.len()..self.items.len() {
                    index.insert((self.items[i].path.clone(), i));
                }
            }
        }
        self.by_path.borrow()
    }

    /// Whether a finding was already reported at `path` or inside it.
    #[must_use]
    pub fn any_within(&self, path: &Path) -> bool {
        // A path's descendants sort right after it.
        self.by_path()
            .range((path.clone(), 0)..)
            .next()
            .is_some_and(|(p, _)| p.starts_with(path))
    }

    /// Whether a finding was already reported at `path`, at one of its
    /// ancestors, or inside it.
    #[must_use]
    pub fn any_related(&self, path: &Path) -> bool {
        if self.any_within(path) {
            return true;
        }
        let index = self.by_path();
        let mut ancestor = path.parent();
        loop {
            if index
                .range((ancestor.clone(), 0)..=(ancestor.clone(), usize::MAX))
                .next()
                .is_some()
            {
                return true;
            }
            if ancestor.is_empty() {
                return false;
            }
            ancestor = ancestor.parent();
        }
    }

    /// Whether `rule` already reported something at exactly `path`.
    #[must_use]
    pub fn has(&self, rule: &RuleInfo, path: &Path) -> bool {
        self.by_path()
            .range((path.clone(), 0)..=(path.clone(), usize::MAX))
            .any(|(_, i)| self.items[*i].rule.id == rule.id)
    }

    /// Keeps, of the findings from position `from` on, those `keep` accepts,
    /// in their order.
    ///
    /// By hand rather than with `Vec::retain`, whose code for `Finding` adds
    /// about 0.5 KB gzipped to the page's module, which has less than that
    /// to spare under its budget.
    pub(crate) fn retain_from(&mut self, from: usize, keep: impl Fn(&Finding) -> bool) {
        let mut kept = from;
        for i in from..self.items.len() {
            if keep(&self.items[i]) {
                self.items.swap(kept, i);
                kept += 1;
            }
        }
        if kept < self.items.len() {
            self.items.truncate(kept);
            // The index is built again on the next query.
            std::mem::take(self.by_path.get_mut());
        }
    }

    pub(crate) fn last_mut(&mut self) -> &mut Finding {
        self.items.last_mut().expect("a finding was just pushed")
    }

    /// The findings so far.
    #[must_use]
    pub fn as_slice(&self) -> &[Finding] {
        &self.items
    }

    /// The findings in the order they were reported.
    #[must_use]
    pub(crate) fn into_unsorted(self) -> Vec<Finding> {
        self.items
    }

    /// The findings, sorted: errors, then warnings, then info; within each,
    /// tool order, then path.
    #[must_use]
    pub fn into_sorted(mut self) -> Vec<Finding> {
        sort(&mut self.items);
        self.items
    }
}

/// Sorts findings: errors, then warnings, then info; within each, tool order,
/// then path, then rule id.
pub fn sort(findings: &mut [Finding]) {
    // Sorted by keys taken once, then moved into place by swaps (equal keys
    // keep their order): a stable sort of the findings themselves copies
    // half of them into scratch memory, which cost more than comparing.
    findings.sort_by_cached_key(|f| {
        (
            f.severity,
            f.tool_index.unwrap_or(usize::MAX),
            f.path.clone(),
            f.rule.id,
        )
    });
}

/// Finding counts by severity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Counts {
    /// Errors.
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
    /// Info.
    pub info: usize,
}

impl Counts {
    pub(crate) fn of<'f>(findings: impl IntoIterator<Item = &'f Finding>) -> Self {
        let mut c = Counts::default();
        for f in findings {
            match f.severity {
                Severity::Error => c.errors += 1,
                Severity::Warning => c.warnings += 1,
                Severity::Info => c.info += 1,
            }
        }
        c
    }

    /// The count for one severity.
    #[must_use]
    pub fn get(&self, severity: Severity) -> usize {
        match severity {
            Severity::Error => self.errors,
            Severity::Warning => self.warnings,
            Severity::Info => self.info,
        }
    }

    /// `3 errors, 5 warnings, 3 info`.
    #[must_use]
    pub fn summary(&self) -> String {
        Severity::ALL
            .iter()
            .map(|s| s.count_label(self.get(*s)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::{Group, Scope};

    /// Rules for the tests alone.
    macro_rules! test_rule {
        ($name:ident, $id:literal) => {
            static $name: RuleInfo = RuleInfo {
                id: $id,
                group: Group::Schema,
                severity: Severity::Error,
                summary: "",
                provider: None,
                client: None,
                as_of: None,
                runs_in: crate::registry::RunsIn::Page,
                needs: None,
                converter: None,
                conversion_fails: None,
                hostile_text: false,
                dropped_by: crate::clients::Clients::empty(),
                fails_server_in: crate::clients::Clients::empty(),
                rewritten_away_by: crate::clients::Clients::empty(),
                superseded_by: &[],
                superseded_in_strict: false,
                scope: Scope::Tool,
                owasp: &[],
                raw_docs: "",
                file: file!(),
                line: line!(),
                fixability: crate::registry::Fixability::None,
                fix_note: "",
                why_text: std::sync::OnceLock::new(),
            };
        };
    }
    test_rule!(TEST_RULE_A, "test-rule-a");
    test_rule!(TEST_RULE_B, "test-rule-b");
    test_rule!(TEST_RULE_C, "test-rule-c");
    test_rule!(TEST_RULE_D, "test-rule-d");

    /// The indexed queries agree with their plain definitions, as findings
    /// keep arriving between queries, and some leave
    /// ([`Findings::retain_from`]).
    #[test]
    fn path_queries_match_a_scan() {
        // The first three have findings; the fourth never does.
        let rules = [&TEST_RULE_A, &TEST_RULE_B, &TEST_RULE_C, &TEST_RULE_D];
        let paths: Vec<Path> = {
            let a = Path::root().key("tools").index(0);
            let b = Path::root().key("tools").index(1);
            vec![
                Path::root(),
                a.clone(),
                a.key("inputSchema"),
                a.key("inputSchema").key("properties").key("x"),
                a.key("inputSchema").key("properties").key("x").key("type"),
                a.key("inputSchema").key("properties").key("y"),
                b.clone(),
                b.key("name"),
                Path::line(2).key("result"),
            ]
        };
        let mut findings = Findings::default();
        for step in 0..40usize {
            let path = paths[(step * 7) % paths.len()].clone();
            let rule = rules[step % 3];
            findings.push(Finding {
                rule,
                severity: Severity::Error,
                tool: None,
                tool_index: None,
                path,
                message: String::new(),
                explanation: Cow::Borrowed(""),
                help: Cow::Borrowed(""),
                autofix: None,
                fixes_wanted: false,
            });
            if step % 12 == 0 && step > 0 {
                let before = findings.as_slice().to_vec();
                findings.retain_from(step / 2, |f| f.rule.id != TEST_RULE_B.id);
                let kept: Vec<_> = before
                    .iter()
                    .enumerate()
                    .filter(|(i, f)| *i < step / 2 || f.rule.id != TEST_RULE_B.id)
                    .map(|(_, f)| (f.rule.id, f.path.clone()))
                    .collect();
                let now: Vec<_> = findings
                    .as_slice()
                    .iter()
                    .map(|f| (f.rule.id, f.path.clone()))
                    .collect();
                assert_eq!(now, kept);
            }
            if step % 4 != 0 {
                continue;
            }
            for p in &paths {
                let items = findings.as_slice();
                assert_eq!(
                    findings.any_within(p),
                    items.iter().any(|f| f.path.starts_with(p)),
                    "{p}"
                );
                assert_eq!(
                    findings.any_related(p),
                    items
                        .iter()
                        .any(|f| f.path.starts_with(p) || p.starts_with(&f.path)),
                    "{p}"
                );
                for rule in &rules[..4] {
                    assert_eq!(
                        findings.has(rule, p),
                        items.iter().any(|f| f.rule.id == rule.id && &f.path == p),
                        "{p}"
                    );
                }
            }
        }
    }
}
