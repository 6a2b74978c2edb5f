//! Applying fixes: rounds of choosing the fixes that do not overlap,
//! editing the text and checking it again, until nothing changes.

use std::collections::BTreeMap;
use std::ops::Range;

use rustc_hash::FxHashSet;

use super::edit::{Edit, apply, resolve};
use super::outcome::{Applied, Fixed, Skipped};
use crate::finding::Finding;
use crate::finding::fix::Op;
use crate::path::Path;
use crate::registry::Applicability;
use crate::settings::Settings;
use crate::{InputError, Report};

/// At most this many rounds of fixing and checking again: a fix can only be
/// applied in a later round when it overlaps one applied before it.
const ROUNDS: usize = 16;

/// At most this many rounds that add a finding and are tried again.
const FAILURES: usize = 256;

/// A finding's identity across two checks: its rule and path, or its rule,
/// tool and message (a path moves when an element before it is removed, or
/// when a fix wraps a schema). The tool is its place in the list, which no
/// fix changes: a fix may rename it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum Key {
    Path(&'static str, Path),
    Message(&'static str, Option<usize>, String),
}

pub(super) fn keys(f: &Finding) -> [Key; 2] {
    [
        Key::Path(f.rule.id, f.path.clone()),
        Key::Message(f.rule.id, f.tool_index, f.message.clone()),
    ]
}

/// At most this many runs after the first (see [`fix_runs`]).
pub(super) const AGAIN: usize = 4;

/// Applies the fixes `select` takes to `text`, whose check is `report`, as
/// runs of rounds. A fix held back because it would add a finding may fit
/// once the run's other fixes are in (one of them removes what it would
/// have added), so while a run applied something and held something back,
/// the next run starts from its text: fixing the fixed text again then
/// changes nothing. `frame`: see [`Frame`].
pub(super) fn fix_runs(
    text: &str,
    settings: &Settings,
    select: &dyn Fn(&Finding) -> bool,
    report: Report,
    frame: Option<&Frame>,
) -> Result<Fixed, InputError> {
    let mut fixed = fix_once(text, settings, select, report, frame)?;
    for _ in 0..AGAIN {
        if !fixed.changed() || fixed.skipped.is_empty() {
            break;
        }
        // The fixed text's check is where the next run starts.
        let again = fix_once(&fixed.text, settings, select, fixed.remaining, frame)?;
        let changed = again.changed();
        fixed.remaining = again.remaining;
        if !changed {
            break;
        }
        fixed.applied.extend(again.applied);
        fixed.skipped = again.skipped;
        fixed.text = again.text;
        fixed.tokens_after = again.tokens_after;
    }
    Ok(fixed)
}

/// For a text made of one tool cut out of a larger one
/// ([`super::by_tool`]): where the tool is, and the larger text's bytes
/// around it, so that the snippets of the fixes show what the larger text
/// has there.
#[cfg_attr(not(feature = "incremental"), allow(dead_code))]
pub(super) struct Frame {
    /// Where the tool starts.
    pub(super) start: usize,
    /// How many bytes follow the tool.
    pub(super) after_len: usize,
    /// The larger text's bytes before the tool, up to [`CONTEXT`] of them.
    pub(super) before: String,
    /// The larger text's bytes after the tool, up to [`CONTEXT`] of them.
    pub(super) after: String,
}

/// One run: rounds of fixing and checking again from `text` and its check
/// `original` (with fixes), holding back the fixes of a tool that the rounds
/// leave with a new finding.
fn fix_once(
    text: &str,
    settings: &Settings,
    select: &dyn Fn(&Finding) -> bool,
    original: Report,
    frame: Option<&Frame>,
) -> Result<Fixed, InputError> {
    let tokens_before = original.metrics.tokens;
    // Tools whose fixes are held back: in a run before, they left a finding
    // the original did not have, or fixes in them undid each other.
    let mut held: FxHashSet<usize> = FxHashSet::default();
    let mut held_skips: Vec<Skipped> = Vec::new();
    let mut report = original;
    for attempt in 0.. {
        let hold_all = attempt >= ATTEMPTS;
        let is_held = |f: &Finding| hold_all || f.tool_index.is_none_or(|i| held.contains(&i));
        let mut run = run(text, settings, &|f| select(f) && !is_held(f), report, frame)?;
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
        hold_back(&run.outstanding, &mut held);
        report = crate::check(text, settings)?;
        skip_held(&run.outstanding, &report.findings, select, &mut held_skips);
    }
    unreachable!("the last attempt holds every fix back")
}

/// Holds back the tools of the findings `outstanding`: a run left them in
/// those tools. Whether one of them belongs to no tool.
pub(super) fn hold_back(outstanding: &[Finding], held: &mut FxHashSet<usize>) -> bool {
    let mut toolless = false;
    for n in outstanding {
        match n.tool_index {
            Some(i) => {
                held.insert(i);
            }
            None => toolless = true,
        }
    }
    toolless
}

/// Skips each fix `select` takes among `findings` in a tool held back for
/// `outstanding` (in every tool, for a finding of no tool), with the first
/// finding left in that tool as the reason.
pub(super) fn skip_held(
    outstanding: &[Finding],
    findings: &[Finding],
    select: &dyn Fn(&Finding) -> bool,
    skips: &mut Vec<Skipped>,
) {
    let mut reasons: Vec<(Option<usize>, String)> = Vec::new();
    for n in outstanding {
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
    for f in findings {
        let reason = reasons
            .iter()
            .find(|(t, _)| t.is_none() || *t == f.tool_index)
            .map(|(_, r)| r);
        if let Some(reason) = reason
            && f.autofix.is_some()
            && select(f)
        {
            skips.push(skip(f, reason.clone()));
        }
    }
}

/// Runs before every fix is held back (the last run changes nothing).
pub(super) const ATTEMPTS: usize = 3;

/// What one run of rounds made.
pub(super) struct Run {
    pub(super) text: String,
    pub(super) report: Report,
    pub(super) applied: Vec<Applied>,
    pub(super) skipped: Vec<Skipped>,
    /// Findings the text has that the original did not, or that a fix of the
    /// run removed and a later one brought back: the run failed for their tools.
    pub(super) outstanding: Vec<Finding>,
}

// A `Path` caches its segments in a cell that hashing and equality never
// read, so it is a sound key.
#[allow(clippy::mutable_key_type)]
/// Rounds of fixing and checking again, from `text` and its `report`, with
/// the fixes `select` takes.
pub(super) fn run(
    text: &str,
    settings: &Settings,
    select: &dyn Fn(&Finding) -> bool,
    mut report: Report,
    frame: Option<&Frame>,
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
        // The fixes left for a later round because they overlap one taken.
        let mut waiting: Vec<(&Finding, Vec<Edit>)> = Vec::new();
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
                Some(edits) => waiting.push((finding, edits)),
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
        // The check of the fixed text runs the rules that look at one tool
        // at a time only on the tools this round's fixes edited.
        let checked =
            crate::checking::Checking::after(&next, settings, &report).map(|c| c.finish());
        let introduced: Vec<Finding> = match checked {
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
                    applied.extend(
                        chosen
                            .iter()
                            .map(|(f, e)| applied_of(f, e, &current, frame)),
                    );
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
            let mut these = closest(&locator, n, &chosen);
            if these.is_empty() {
                these = chosen
                    .iter()
                    .map(|(f, _)| *f)
                    .filter(|f| same_tool(n, f) && near(n, f))
                    .collect();
            }
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
        // Several suspects and none certain: in a tool alone, each suspect
        // is tried on its own, checked with only the rules of the new
        // findings (a fraction of a check), before any are halved.
        // The page's builds leave it out, for their weight.
        #[cfg(feature = "incremental")]
        let tried = if certain.is_empty() && unsure.len() > 1 && frame.is_some() {
            culprits(&current, settings, &chosen, &unsure, &introduced)
        } else {
            Vec::new()
        };
        #[cfg(feature = "incremental")]
        certain.extend(tried.iter().map(|(f, n)| (*f, n)));
        if certain.is_empty() {
            let half = unsure.len().div_ceil(2);
            deferred.extend(unsure[half..].iter().map(|f| id(f)));
        } else {
            deferred.clear();
            for (f, n) in certain {
                let reason = format!("it would add `{}`: {}", n.rule.id, n.message);
                // A fix waiting with the very same edits (two providers' rules
                // asking for one change) would add the same: it goes with
                // this one, not in a round of its own.
                let edits = chosen
                    .iter()
                    .find(|(c, _)| std::ptr::eq(*c, f))
                    .map(|(_, e)| e);
                let twins = waiting
                    .iter()
                    .filter(|(_, e)| Some(e) == edits)
                    .map(|(w, _)| *w);
                for f in std::iter::once(f).chain(twins) {
                    if banned.insert(id(f)) {
                        skipped.push(skip(f, reason.clone()));
                    }
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

/// The chosen fixes a new finding `n` most likely comes from: those that
/// edited its own value, else the fix on its nearest enclosing object, else
/// those that edit an object that holds it or that it holds, or a reference
/// to the definition it is in. Empty when none is that close.
#[cfg(feature = "incremental")]
fn closest<'f>(
    locator: &crate::locate::Locator<'_>,
    n: &Finding,
    chosen: &[(&'f Finding, Vec<Edit>)],
) -> Vec<&'f Finding> {
    let same_tool = |f: &Finding| n.tool_index.is_none() || n.tool_index == f.tool_index;
    let pick = |keep: &dyn Fn(&Finding, &[Edit]) -> bool| -> Vec<&'f Finding> {
        chosen
            .iter()
            .filter(|(f, edits)| same_tool(f) && keep(f, edits))
            .map(|(f, _)| *f)
            .collect()
    };
    if let Some(own) = locator.span(&n.path) {
        let these = pick(&|_, edits| {
            edits
                .iter()
                .any(|e| e.range.start < own.end && own.start < e.range.end)
        });
        if !these.is_empty() {
            return these;
        }
    }
    let deepest = chosen
        .iter()
        .filter(|(f, _)| same_tool(f) && n.path.starts_with(&f.path))
        .map(|(f, _)| f.path.len())
        .max();
    if deepest.is_some() {
        return pick(&|f, _| n.path.starts_with(&f.path) && Some(f.path.len()) == deepest);
    }
    let reference = definition(&n.path);
    pick(&|f, edits| {
        let object = f.path.parent();
        n.path.starts_with(&object)
            || object.starts_with(&n.path)
            || reference
                .as_deref()
                .is_some_and(|r| edits.iter().any(|e| e.replacement.contains(r)))
    })
}

/// Which of the `unsure` fixes, each made alone on `text`, brings back one
/// of the `introduced` findings (by rule and path), checked with only those
/// findings' rules: a finding that only fixes together bring is left to the
/// halving.
#[cfg(feature = "incremental")]
fn culprits<'f>(
    text: &str,
    settings: &Settings,
    chosen: &[(&'f Finding, Vec<Edit>)],
    unsure: &[&'f Finding],
    introduced: &[Finding],
) -> Vec<(&'f Finding, Finding)> {
    let mut rules: Vec<String> = introduced.iter().map(|n| n.rule.id.to_owned()).collect();
    rules.sort_unstable();
    rules.dedup();
    let narrow = Settings {
        rules: crate::settings::RuleSelection {
            select: Some(rules),
            ignore: settings.rules.ignore.clone(),
        },
        ..settings.clone()
    };
    let wanted = |g: &Finding| {
        introduced
            .iter()
            .any(|n| n.rule.id == g.rule.id && n.path == g.path)
    };
    let mut found = Vec::new();
    for &f in unsure {
        let Some((_, edits)) = chosen.iter().find(|(c, _)| std::ptr::eq(*c, f)) else {
            continue;
        };
        let mut sorted: Vec<&Edit> = edits.iter().collect();
        sorted.sort_by_key(|e| (e.range.start, e.range.end));
        let Ok(report) = crate::check(&apply(text, sorted), &narrow) else {
            continue;
        };
        if let Some(n) = report.findings.into_iter().find(wanted) {
            found.push((f, n));
        }
    }
    found
}

/// Without the feature (the page's builds), no fix is singled out first.
#[cfg(not(feature = "incremental"))]
fn closest<'f>(
    _: &crate::locate::Locator<'_>,
    _: &Finding,
    _: &[(&'f Finding, Vec<Edit>)],
) -> Vec<&'f Finding> {
    Vec::new()
}

/// For a path inside a schema's definition (`$defs` or `definitions`), how
/// a reference to that definition ends: `#/$defs/name"` as JSON text.
#[cfg(feature = "incremental")]
fn definition(path: &Path) -> Option<String> {
    use crate::path::Segment;
    let segments = path.segments();
    segments.windows(2).find_map(|pair| match pair {
        [Segment::Key(defs), Segment::Key(name)]
            if &**defs == "$defs" || &**defs == "definitions" =>
        {
            Some(format!(
                "#/{defs}/{}\"",
                name.replace('~', "~0").replace('/', "~1")
            ))
        }
        _ => None,
    })
}

/// A fix's finding within one run: rule, path and message (one rule may
/// report twice at one path, about two names).
type Id = (&'static str, Path, String);

fn id(f: &Finding) -> Id {
    (f.rule.id, f.path.clone(), f.message.clone())
}

pub(super) fn skip(f: &Finding, reason: String) -> Skipped {
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
pub(super) const CONTEXT: usize = 40;

fn applied_of(f: &Finding, edits: &[Edit], text: &str, frame: Option<&Frame>) -> Applied {
    let (before, after) = match frame {
        None => snippet(text, edits),
        #[cfg(not(feature = "incremental"))]
        Some(_) => snippet(text, edits),
        #[cfg(feature = "incremental")]
        Some(frame)
            if edits.iter().all(|e| {
                e.range.start >= frame.start + CONTEXT
                    && e.range.end + CONTEXT <= text.len() - frame.after_len
            }) =>
        {
            snippet(text, edits)
        }
        #[cfg(feature = "incremental")]
        Some(frame) => {
            // The tool with the larger text's bytes around it.
            let tool = &text[frame.start..text.len() - frame.after_len];
            let around = [frame.before.as_str(), tool, frame.after.as_str()].concat();
            let shift = |at: usize| at - frame.start + frame.before.len();
            let moved: Vec<Edit> = edits
                .iter()
                .map(|e| Edit {
                    range: shift(e.range.start)..shift(e.range.end),
                    replacement: e.replacement.clone(),
                })
                .collect();
            snippet(&around, &moved)
        }
    };
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
    // Only the context's bytes are searched for a line break: a capture on
    // one line has none, and each fix would scan it all.
    let bytes = text.as_bytes();
    let mut start = first.saturating_sub(CONTEXT);
    if let Some(nl) = bytes[start..first].iter().rposition(|&b| b == b'\n') {
        start += nl + 1;
    }
    while !text.is_char_boundary(start) {
        start += 1;
    }
    let mut end = (last + CONTEXT).min(text.len());
    if let Some(nl) = bytes[last..end].iter().position(|&b| b == b'\n') {
        end = last + nl;
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
pub(super) struct Taken {
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
    /// Whether `r` touches or overlaps a range taken before. Edits of two
    /// fixes that only touch go in different rounds too: an edit may rely on
    /// the text next to it (an element appended to an array whose last
    /// element another fix removes would follow a comma that is gone).
    fn touches(&self, r: &Range<usize>) -> bool {
        // The last range starting at or before this one, and the first after.
        let before = self.ranges.range(..=r.start).next_back();
        let after = self.ranges.range(r.start + 1..).next();
        before.is_some_and(|(_, &end)| end >= r.start)
            || after.is_some_and(|(&start, _)| start <= r.end)
    }

    /// Whether `r` overlaps a range taken before: the edits of one fix are
    /// made together, and may touch (a type replaced next to a member removed).
    fn overlaps(&self, r: &Range<usize>) -> bool {
        let before = self.ranges.range(..=r.start).next_back();
        let after = self.ranges.range(r.start + 1..).next();
        let overlaps = |(&s, &e): (&usize, &usize)| {
            (s < r.end && r.start < e) || (s == r.start && (s == e || r.is_empty()))
        };
        before.is_some_and(overlaps) || after.is_some_and(overlaps)
    }

    pub(super) fn try_take(&mut self, edits: &[Edit], ops: &[Op]) -> bool {
        let mut own = Taken::default();
        for e in edits {
            if self.touches(&e.range) || own.overlaps(&e.range) {
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
