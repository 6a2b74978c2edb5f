//! Machine-applied fixes.
//!
//! A rule may attach a [`Fix`] to a finding: what to change, as operations on
//! paths into the pasted document ([`Op`]). [`fix`] turns them into byte
//! edits of the text as pasted ([`edit::resolve`]), so everything outside the
//! edited spans stays byte for byte as it was: indentation, key order, the
//! envelope. It applies the fixes that do not overlap, checks the result
//! again, and repeats until nothing changes. A fix that would make the
//! check report something the original did not is dropped, with the reason.

mod edit;
mod html;

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::Arc;

use rustc_hash::FxHashSet;
use serde::Serialize;

pub use edit::{Edit, apply, resolve};
pub use html::to_html;

use crate::finding::Finding;
use crate::path::Path;
use crate::registry::RuleInfo;
use crate::settings::Settings;
use crate::{InputError, Report};

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

/// One change to the document, by path.
#[derive(Debug, Clone, PartialEq)]
pub enum Op {
    /// Replace the value at `path` with `json`.
    Replace { path: Path, json: String },
    /// Remove the object member or array element at `path`, with the comma
    /// that separates it from its neighbours.
    Remove { path: Path },
    /// Rename the object member at `path` to `key`.
    Rename { path: Path, key: String },
    /// Add the member `key: json` at the end of the object at `path`.
    Insert {
        path: Path,
        key: String,
        json: String,
    },
    /// Add `json` at the end of the array at `path`.
    Append { path: Path, json: String },
    /// Add `json` at the end of the array `key` of the object at `path`, or
    /// when it has no such member, add `key: [json]`.
    AddToList {
        path: Path,
        key: String,
        json: String,
    },
}

/// A fix a rule attaches to its finding. The default has no operations: a
/// rule returns it for a case it cannot fix, and it is not attached.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Fix {
    /// How far it can be trusted.
    pub applicability: Applicability,
    /// What it does, in a few words (`Use "number"`).
    pub title: Cow<'static, str>,
    /// The changes, applied together or not at all.
    pub ops: Vec<Op>,
}

impl Fix {
    /// A safe fix.
    #[must_use]
    pub fn safe(title: impl Into<Cow<'static, str>>, ops: Vec<Op>) -> Self {
        Self {
            applicability: Applicability::Safe,
            title: title.into(),
            ops,
        }
    }

    /// An unsafe fix.
    #[must_use]
    pub fn r#unsafe(title: impl Into<Cow<'static, str>>, ops: Vec<Op>) -> Self {
        Self {
            applicability: Applicability::Unsafe,
            title: title.into(),
            ops,
        }
    }
}

/// A value as JSON text, for an [`Op`].
#[must_use]
pub fn json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned())
}

/// The unsafe fix that sets `"additionalProperties": false` on the object
/// schema `obj` at `path`: extra keys accepted today are then refused. None
/// (the empty fix) when `additionalProperties` is a schema: a map, which only
/// the author can turn into properties.
#[must_use]
pub fn close_object(obj: &crate::value::Map, path: &Path) -> Fix {
    let op = match obj.get("additionalProperties") {
        Some(crate::value::Value::Object(_)) => return Fix::default(),
        Some(_) => Op::Replace {
            path: path.key("additionalProperties"),
            json: "false".into(),
        },
        None => Op::Insert {
            path: path.clone(),
            key: "additionalProperties".into(),
            json: "false".into(),
        },
    };
    Fix::r#unsafe("Set \"additionalProperties\": false", vec![op])
}

/// The operations that make the schema `schema` at `path` accept null too:
/// `null` added to its `type` (and to its `enum`, when it has one), or for a
/// schema without `type` or `enum`, the schema wrapped as
/// `{"anyOf": [schema, {"type": "null"}]}`. Empty when it already accepts null.
#[must_use]
pub fn nullable(schema: &crate::value::Value, path: &Path) -> Vec<Op> {
    use crate::value::Value;
    let Some(obj) = schema.as_object() else {
        return Vec::new();
    };
    let mut ops = Vec::new();
    match obj.get("type") {
        Some(Value::String(t)) if t.as_str() != "null" => ops.push(Op::Replace {
            path: path.key("type"),
            json: format!("[{}, \"null\"]", json(t.as_str())),
        }),
        Some(Value::Array(types)) if !types.iter().any(|t| t.as_str() == Some("null")) => {
            ops.push(Op::Append {
                path: path.key("type"),
                json: "\"null\"".into(),
            });
        }
        _ => {}
    }
    match obj.get("enum") {
        Some(Value::Array(values)) if !values.contains(&Value::Null) => ops.push(Op::Append {
            path: path.key("enum"),
            json: "null".into(),
        }),
        _ => {}
    }
    if obj.get("type").is_none() && obj.get("enum").is_none() && !obj.contains_key("const") {
        let accepts_null = ["anyOf", "oneOf"].iter().any(|k| {
            obj.get(k)
                .and_then(Value::as_array)
                .is_some_and(|branches| {
                    branches
                        .iter()
                        .any(|b| b.get("type").and_then(Value::as_str) == Some("null"))
                })
        });
        if !accepts_null {
            // OpenAPI's `nullable` meant this; it does not go along.
            let members: Vec<String> = obj
                .iter()
                .filter(|(k, _)| k.as_str() != "nullable")
                .map(|(k, v)| format!("{}: {}", json(k.as_str()), json(v)))
                .collect();
            ops.push(Op::Replace {
                path: path.clone(),
                json: format!(
                    "{{\"anyOf\": [{{{}}}, {{\"type\": \"null\"}}]}}",
                    members.join(", ")
                ),
            });
        }
    }
    ops
}

/// The unsafe fix that renames the tool at `tool` to `name`: the model then
/// calls it by the new name, so whatever maps names back must be told.
#[must_use]
pub fn rename_tool(tool: &Path, name: &str) -> Fix {
    Fix::r#unsafe(
        format!("Rename the tool to {}", json(name)),
        vec![Op::Replace {
            path: tool.key("name"),
            json: json(name),
        }],
    )
}

/// A fix that was applied.
#[derive(Debug, Clone, Serialize)]
pub struct Applied {
    /// The rule whose finding it fixed.
    #[serde(serialize_with = "serialize_rule")]
    pub rule: &'static RuleInfo,
    /// The tool, when the finding belonged to one.
    pub tool: Option<Arc<str>>,
    /// Where the finding was, in the text the fix was applied to.
    pub path: Path,
    /// What the fix does.
    pub title: String,
    /// How far it can be trusted.
    pub applicability: Applicability,
    /// A few lines of the text around the change, before it.
    pub before: String,
    /// The same lines after it.
    pub after: String,
    /// The byte edits it made, in the text of its round (the input for the
    /// first round, the previous round's output for each later one).
    pub edits: Vec<Edit>,
}

/// A fix that was not applied, and why.
#[derive(Debug, Clone, Serialize)]
pub struct Skipped {
    /// The rule whose finding it would have fixed.
    #[serde(serialize_with = "serialize_rule")]
    pub rule: &'static RuleInfo,
    /// The tool, when the finding belonged to one.
    pub tool: Option<Arc<str>>,
    /// Where the finding is.
    pub path: Path,
    /// What the fix does.
    pub title: String,
    /// Why it was not applied.
    pub reason: String,
}

fn serialize_rule<S: serde::Serializer>(rule: &&'static RuleInfo, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(rule.id)
}

/// What [`fix`] made.
#[derive(Debug)]
pub struct Fixed {
    /// The fixed text: the input with the applied edits, and nothing else changed.
    pub text: String,
    /// The fixes applied, in the order they were.
    pub applied: Vec<Applied>,
    /// The fixes left out, with the reason.
    pub skipped: Vec<Skipped>,
    /// The check of the fixed text: what remains.
    pub remaining: Report,
    /// The estimated token cost of the definitions before the fixes: the
    /// metrics' figure for the input.
    pub tokens_before: usize,
    /// The same for the fixed text.
    pub tokens_after: usize,
}

impl Fixed {
    /// Whether the text changed.
    #[must_use]
    pub fn changed(&self) -> bool {
        !self.applied.is_empty()
    }

    /// `Applied 3 fixes (2 safe, 1 unsafe).`
    #[must_use]
    pub fn applied_line(&self) -> String {
        let safe = self
            .applied
            .iter()
            .filter(|a| a.applicability == Applicability::Safe)
            .count();
        format!(
            "Applied {} ({safe} safe, {} unsafe).",
            fixes(self.applied.len()),
            self.applied.len() - safe
        )
    }

    /// `Remaining: 1 error, 5 warnings, 3 info.`
    #[must_use]
    pub fn remaining_line(&self) -> String {
        let counts = &self.remaining.counts;
        format!(
            "Remaining: {}, {}, {}.",
            crate::Severity::Error.count_label(counts.errors),
            crate::Severity::Warning.count_label(counts.warnings),
            crate::Severity::Info.count_label(counts.info)
        )
    }

    /// The estimated token cost before and after (bytes / 4, as the metrics).
    #[must_use]
    pub fn tokens_line(&self) -> String {
        let (before, after) = (self.tokens_before, self.tokens_after);
        let change = if after <= before {
            format!("{} saved", before - after)
        } else {
            format!("{} added", after - before)
        };
        format!("Tokens (bytes / 4): {before} before, {after} after ({change}).")
    }

    /// How many fixes the remaining findings have that are unsafe: what
    /// `--unsafe-fixes` would add to a run of safe fixes.
    #[must_use]
    pub fn unsafe_left(&self) -> usize {
        self.remaining
            .findings
            .iter()
            .filter(|f| {
                f.autofix
                    .as_ref()
                    .is_some_and(|x| x.applicability == Applicability::Unsafe)
            })
            .count()
    }
}

/// `1 fix`, `3 fixes`.
#[must_use]
pub fn fixes(n: usize) -> String {
    if n == 1 {
        "1 fix".to_owned()
    } else {
        format!("{n} fixes")
    }
}

/// At most this many rounds of fixing and checking again: a fix can only be
/// applied in a later round when it overlaps one applied before it.
const ROUNDS: usize = 16;

/// At most this many rounds that add a finding and are tried again.
const FAILURES: usize = 256;

/// Applies every fix of at most `level` to `text`, checking again after each
/// round, until no such fix is left.
///
/// # Errors
/// When `text` cannot be checked (see [`crate::check`]).
pub fn fix(text: &str, settings: &Settings, level: Applicability) -> Result<Fixed, InputError> {
    fix_where(text, settings, &|f: &Finding| {
        f.autofix.as_ref().is_some_and(|x| x.applicability <= level)
    })
}

/// Applies the fix of the one finding of `rule` at `path` (whatever its
/// applicability), as [`fix`] does: the page's "Apply fix".
///
/// # Errors
/// When `text` cannot be checked (see [`crate::check`]).
pub fn fix_one(
    text: &str,
    settings: &Settings,
    rule: &str,
    path: &Path,
) -> Result<Fixed, InputError> {
    let first = std::cell::Cell::new(false);
    fix_where(text, settings, &|f: &Finding| {
        // Only in the first round: the finding is gone once fixed, and a
        // finding at the same place afterwards is another one.
        f.autofix.is_some() && f.rule.id == rule && &f.path == path && !first.replace(true)
    })
}

/// Applies every fix of rule `id`, whatever its applicability: a rule's tests.
///
/// # Errors
/// When `text` cannot be checked (see [`crate::check`]).
#[doc(hidden)]
pub fn fix_rule(text: &str, settings: &Settings, id: &str) -> Result<Fixed, InputError> {
    fix_where(text, settings, &|f: &Finding| {
        f.autofix.is_some() && f.rule.id == id
    })
}

/// What a rule's fixes did to its fixture, for a snapshot: `None` for a rule
/// that offers none (and then asserts that none was applied). Panics when a
/// fix is less safe than the rule declares.
#[doc(hidden)]
#[must_use]
pub fn render_for_snapshot(rule: &RuleInfo, fixed: &Fixed) -> Option<String> {
    use std::fmt::Write as _;
    for a in &fixed.applied {
        assert!(
            rule.fixability.allows(a.applicability),
            "{} declares {} fixes but attached a {} one",
            rule.id,
            rule.fixability.as_str(),
            a.applicability.as_str()
        );
    }
    if rule.fixability == Fixability::None {
        assert!(fixed.applied.is_empty() && fixed.skipped.is_empty());
        return None;
    }
    let mut out = String::new();
    for a in &fixed.applied {
        let _ = writeln!(
            out,
            "{} [{}] {}: {}\n  - {}\n  + {}",
            a.tool.as_deref().unwrap_or("-"),
            a.applicability.as_str(),
            a.path,
            a.title,
            a.before,
            a.after
        );
    }
    for s in &fixed.skipped {
        let _ = writeln!(
            out,
            "{} skipped {}: {} ({})",
            s.tool.as_deref().unwrap_or("-"),
            s.path,
            s.title,
            s.reason
        );
    }
    Some(out)
}

/// A finding's identity across two checks: its rule and path, or its rule,
/// tool and message (a path moves when an element before it is removed).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    Path(&'static str, Path),
    Message(&'static str, Option<Arc<str>>, String),
}

fn keys(f: &Finding) -> [Key; 2] {
    [
        Key::Path(f.rule.id, f.path.clone()),
        Key::Message(f.rule.id, f.tool.clone(), f.message.clone()),
    ]
}

fn fix_where(
    text: &str,
    settings: &Settings,
    select: &dyn Fn(&Finding) -> bool,
) -> Result<Fixed, InputError> {
    let settings = &Settings {
        fixes: true,
        ..settings.clone()
    };
    let original = crate::check(text, settings)?;
    let tokens_before = original.metrics.tokens;
    // Tools whose fixes are held back: in a run before, they left a finding
    // the original did not have, or fixes in them undid each other.
    let mut held: FxHashSet<usize> = FxHashSet::default();
    let mut held_skips: Vec<Skipped> = Vec::new();
    let mut report = original;
    for attempt in 0.. {
        let hold_all = attempt >= ATTEMPTS;
        let is_held = |f: &Finding| hold_all || f.tool_index.is_none_or(|i| held.contains(&i));
        let mut run = run(text, settings, &|f| select(f) && !is_held(f), report)?;
        if run.outstanding.is_empty() {
            run.skipped.extend(held_skips);
            return Ok(Fixed {
                tokens_before,
                tokens_after: run.report.metrics.tokens,
                text: run.text,
                applied: run.applied,
                skipped: run.skipped,
                remaining: run.report,
            });
        }
        let mut reasons: Vec<(Option<usize>, String)> = Vec::new();
        for n in &run.outstanding {
            if let Some(i) = n.tool_index {
                held.insert(i);
            }
            if !reasons.iter().any(|(t, _)| *t == n.tool_index) {
                reasons.push((
                    n.tool_index,
                    format!(
                        "the tool's fixes leave `{}` behind: {}",
                        n.rule.id, n.message
                    ),
                ));
            }
        }
        report = crate::check(text, settings)?;
        for f in &report.findings {
            let reason = reasons
                .iter()
                .find(|(t, _)| t.is_none() || *t == f.tool_index)
                .map(|(_, r)| r);
            if let Some(reason) = reason
                && f.autofix.is_some()
                && select(f)
            {
                held_skips.push(skip(f, reason.clone()));
            }
        }
    }
    unreachable!("the last attempt holds every fix back")
}

/// Runs before every fix is held back (the last run changes nothing).
const ATTEMPTS: usize = 3;

/// What one run of rounds made.
struct Run {
    text: String,
    report: Report,
    applied: Vec<Applied>,
    skipped: Vec<Skipped>,
    /// Findings the text has that the original did not, or that a fix of the
    /// run removed and a later one brought back: the run failed for their tools.
    outstanding: Vec<Finding>,
}

// A `Path` caches its segments in a cell that hashing and equality never
// read, so it is a sound key.
#[allow(clippy::mutable_key_type)]
/// Rounds of fixing and checking again, from `text` and its `report`, with
/// the fixes `select` takes.
fn run(
    text: &str,
    settings: &Settings,
    select: &dyn Fn(&Finding) -> bool,
    mut report: Report,
) -> Result<Run, InputError> {
    let baseline: FxHashSet<Key> = report.findings.iter().flat_map(keys).collect();
    let mut current = text.to_owned();
    let mut applied = Vec::new();
    let mut skipped: Vec<Skipped> = Vec::new();
    // Fixes not to try again, by rule and path in the current text.
    let mut banned: FxHashSet<Id> = FxHashSet::default();
    // The findings fixed so far, the same way: never fixed twice.
    let mut done: FxHashSet<Id> = FxHashSet::default();
    let mut rounds = 0;
    let mut failures = 0;
    // Fixes left out of the next round, to tell which of several added a
    // finding.
    let mut deferred: FxHashSet<Id> = FxHashSet::default();
    // The findings the current text has that the original did not, each to
    // be fixed in a later round.
    let mut introduced_now: Vec<Finding> = Vec::new();
    while rounds < ROUNDS {
        rounds += 1;
        let locator = crate::locate::Locator::new(&current);
        let mut taken = Taken::default();
        let mut chosen: Vec<(&Finding, Vec<Edit>)> = Vec::new();
        let deferred_now = deferred.clone();
        for finding in &report.findings {
            let Some(fix) = finding.autofix.as_deref() else {
                continue;
            };
            let key = id(finding);
            if !select(finding)
                || banned.contains(&key)
                || done.contains(&key)
                || deferred_now.contains(&key)
            {
                continue;
            }
            match resolve(&locator, fix) {
                Some(edits) if taken.try_take(&edits, &fix.ops) => {
                    chosen.push((finding, edits));
                }
                // It overlaps a fix taken before it: the next round.
                Some(_) => {}
                None => {
                    banned.insert(key);
                    skipped.push(skip(
                        finding,
                        "it does not fit the text: its place is gone, or a key it adds is there"
                            .into(),
                    ));
                }
            }
        }
        if chosen.is_empty() {
            break;
        }
        let mut edits: Vec<&Edit> = chosen.iter().flat_map(|(_, e)| e).collect();
        edits.sort_by_key(|e| (e.range.start, e.range.end));
        let next = apply(&current, edits.iter().copied());
        let introduced: Vec<Finding> = match crate::check(&next, settings) {
            Ok(next_report) => {
                let introduced: Vec<Finding> = next_report
                    .findings
                    .iter()
                    .filter(|f| !keys(f).iter().any(|k| baseline.contains(k)))
                    .cloned()
                    .collect();
                // A new finding that a fix of this run will remove in a later
                // round is let through (closing an object reveals that it is
                // not closed), unless a fix of this run removed it before:
                // fixes that undo each other would go round in circles.
                let tolerated = |n: &Finding| {
                    let key = id(n);
                    n.autofix.is_some()
                        && select(n)
                        && !banned.contains(&key)
                        && !done.contains(&key)
                };
                let untolerated: Vec<Finding> = introduced
                    .iter()
                    .filter(|n| !tolerated(n))
                    .cloned()
                    .collect();
                if untolerated.is_empty() {
                    done.extend(chosen.iter().map(|(f, _)| id(f)));
                    applied.extend(chosen.iter().map(|(f, e)| applied_of(f, e, &current)));
                    current = next;
                    report = next_report;
                    introduced_now = introduced;
                    deferred.clear();
                    continue;
                }
                untolerated
            }
            Err(e) => {
                // Cannot happen for well-formed edits; never keep such a text.
                for (f, _) in &chosen {
                    banned.insert(id(f));
                    skipped.push(skip(f, format!("the fixed text would not parse: {e}")));
                }
                continue;
            }
        };
        // The fixes a new finding may come from: those near it (the fix's
        // object holds it, or it holds the fix), else those in its tool,
        // else all of them. A finding with one suspect drops it; when every
        // finding has several, half of them sit out the rounds until one is
        // left (or a round passes).
        let near = |n: &Finding, f: &Finding| {
            let object = f.path.parent();
            n.path.starts_with(&object) || object.starts_with(&n.path)
        };
        let same_tool =
            |n: &Finding, f: &Finding| n.tool_index.is_none() || n.tool_index == f.tool_index;
        let mut certain: Vec<(&Finding, &Finding)> = Vec::new();
        let mut unsure: Vec<&Finding> = Vec::new();
        for n in &introduced {
            let mut these: Vec<&Finding> = chosen
                .iter()
                .map(|(f, _)| *f)
                .filter(|f| same_tool(n, f) && near(n, f))
                .collect();
            if these.is_empty() {
                these = chosen
                    .iter()
                    .map(|(f, _)| *f)
                    .filter(|f| same_tool(n, f))
                    .collect();
            }
            if these.is_empty() {
                these = chosen.iter().map(|(f, _)| *f).collect();
            }
            match these.as_slice() {
                [f] => certain.push((f, n)),
                several => {
                    for f in several {
                        if !unsure.iter().any(|u| std::ptr::eq(*u, *f)) {
                            unsure.push(f);
                        }
                    }
                }
            }
        }
        if certain.is_empty() {
            let half = unsure.len().div_ceil(2);
            deferred.extend(unsure[half..].iter().map(|f| id(f)));
        } else {
            deferred.clear();
            for (f, n) in certain {
                if banned.insert(id(f)) {
                    skipped.push(skip(
                        f,
                        format!("it would add `{}`: {}", n.rule.id, n.message),
                    ));
                }
            }
        }
        // A round that applied nothing does not count, up to a bound that
        // only a pathological document reaches.
        rounds -= 1;
        failures += 1;
        if failures > FAILURES {
            break;
        }
    }
    // What the run leaves that the original did not have: what it let
    // through and did not fix, and what it fixed and then brought back.
    let mut outstanding = introduced_now;
    outstanding.extend(
        report
            .findings
            .iter()
            .filter(|f| done.contains(&id(f)))
            .cloned(),
    );
    Ok(Run {
        text: current,
        report,
        applied,
        skipped,
        outstanding,
    })
}

/// A fix's finding within one run: rule, path and message (one rule may
/// report twice at one path, about two names).
type Id = (&'static str, Path, String);

fn id(f: &Finding) -> Id {
    (f.rule.id, f.path.clone(), f.message.clone())
}

fn skip(f: &Finding, reason: String) -> Skipped {
    Skipped {
        rule: f.rule,
        tool: f.tool.clone(),
        path: f.path.clone(),
        title: f
            .autofix
            .as_ref()
            .map(|x| x.title.to_string())
            .unwrap_or_default(),
        reason,
    }
}

/// How many bytes of context a before/after snippet shows on each side of a
/// change, at most (it stops at a line break).
const CONTEXT: usize = 40;

fn applied_of(f: &Finding, edits: &[Edit], text: &str) -> Applied {
    let (before, after) = snippet(text, edits);
    let fix = f.autofix.as_deref();
    Applied {
        rule: f.rule,
        tool: f.tool.clone(),
        path: f.path.clone(),
        title: fix.map(|x| x.title.to_string()).unwrap_or_default(),
        applicability: fix.map_or(Applicability::Safe, |x| x.applicability),
        before,
        after,
        edits: edits.to_vec(),
    }
}

/// The text around `edits`, before and after them: from the start of the
/// first edit's line (or [`CONTEXT`] bytes before it) to the end of the last
/// one's.
fn snippet(text: &str, edits: &[Edit]) -> (String, String) {
    let (Some(first), Some(last)) = (
        edits.iter().map(|e| e.range.start).min(),
        edits.iter().map(|e| e.range.end).max(),
    ) else {
        return (String::new(), String::new());
    };
    let mut start = first.saturating_sub(CONTEXT);
    if let Some(nl) = text[..first].rfind('\n') {
        start = start.max(nl + 1);
    }
    while !text.is_char_boundary(start) {
        start += 1;
    }
    let mut end = (last + CONTEXT).min(text.len());
    if let Some(nl) = text[last..].find('\n') {
        end = end.min(last + nl);
    }
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = text[start..end].to_owned();
    let shifted: Vec<Edit> = edits
        .iter()
        .map(|e| Edit {
            range: e.range.start - start..e.range.end - start,
            replacement: e.replacement.clone(),
        })
        .collect();
    let mut sorted: Vec<&Edit> = shifted.iter().collect();
    sorted.sort_by_key(|e| (e.range.start, e.range.end));
    let after = apply(&before, sorted);
    (before, after)
}

/// The byte ranges the fixes chosen in a round edit; a fix is taken only when
/// none of its edits touches one taken before.
#[derive(Default)]
struct Taken {
    /// Start → end.
    ranges: BTreeMap<usize, usize>,
    /// The members the fixes add: object and key. Two fixes that add the
    /// same key to one object would make it twice.
    adds: FxHashSet<(Path, String)>,
}

/// The member an operation adds, if it adds one.
fn adds(op: &Op) -> Option<(Path, String)> {
    match op {
        Op::Insert { path, key, .. } | Op::AddToList { path, key, .. } => {
            Some((path.clone(), key.clone()))
        }
        Op::Rename { path, key } => Some((path.parent(), key.clone())),
        Op::Replace { .. } | Op::Remove { .. } | Op::Append { .. } => None,
    }
}

impl Taken {
    fn conflicts(&self, r: &Range<usize>) -> bool {
        // The last range starting at or before this one, and the first after.
        let before = self.ranges.range(..=r.start).next_back();
        let after = self.ranges.range(r.start + 1..).next();
        let overlaps = |(&s, &e): (&usize, &usize)| {
            (s < r.end && r.start < e) || (s == r.start && (s == e || r.is_empty()))
        };
        before.is_some_and(overlaps) || after.is_some_and(overlaps)
    }

    fn try_take(&mut self, edits: &[Edit], ops: &[Op]) -> bool {
        // Its own edits must not overlap each other either.
        let mut own = Taken::default();
        for e in edits {
            if self.conflicts(&e.range) || own.conflicts(&e.range) {
                return false;
            }
            own.ranges.insert(e.range.start, e.range.end);
        }
        let added: Vec<(Path, String)> = ops.iter().filter_map(adds).collect();
        if added.iter().any(|a| self.adds.contains(a)) {
            return false;
        }
        self.ranges.extend(own.ranges);
        self.adds.extend(added);
        true
    }
}

#[cfg(test)]
mod tests;
