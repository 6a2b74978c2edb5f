//! Fixing tool by tool. The rules that look at one tool at a time see that
//! tool and nothing else ([`Scope::Tool`]), so their fixes are made on a
//! text that holds the tool alone: the list's text with only that tool in
//! its array. Each round then checks one tool, not the whole list, and a fix
//! that fails holds back no other tool's fixes. The fixed tools are put back
//! in the list, which is checked once, each fixed tool's findings taken from
//! its own check ([`Prior::know`]); then the fixes of the rules that compare
//! tools are made on the whole text, as before.

use std::ops::Range;

use rustc_hash::FxHashSet;

use super::apply::{self, ATTEMPTS, CONTEXT, Frame, Key};
use super::outcome::{Applied, Fixed, Skipped};
use crate::checking::{Checking, Prior};
use crate::finding::Finding;
use crate::locate::Locator;
use crate::path::{Path, Segment};
use crate::registry::Scope;
use crate::settings::Settings;
use crate::{InputError, Report};

/// Where the tools are in the text: the elements of one array, in order.
struct Layout {
    /// The array's path.
    array: Path,
    /// Between the array's brackets.
    inside: Range<usize>,
    /// Each tool's value.
    spans: Vec<Range<usize>>,
}

/// The layout of `text`'s tools, when they are the elements of one array
/// (a transcript's pages are not) and there are several of them.
fn layout(text: &str, report: &Report) -> Option<Layout> {
    if report.tools.len() < 2 {
        return None;
    }
    let array = report.tools.first()?.path.parent();
    let locator = Locator::new(text);
    let mut spans: Vec<Range<usize>> = Vec::with_capacity(report.tools.len());
    for tool in &report.tools {
        if !matches!(tool.path.last(), Some(Segment::Index(_))) || tool.path.parent() != array {
            return None;
        }
        let span = locator.value_span(&tool.path)?;
        if spans.last().is_some_and(|last| last.end > span.start) {
            return None;
        }
        spans.push(span);
    }
    let whole = locator.value_span(&array)?;
    let inside = whole.start + 1..whole.end.checked_sub(1)?;
    let (first, last) = (spans.first()?, spans.last()?);
    (inside.start <= first.start && last.end <= inside.end).then_some(Layout {
        array,
        inside,
        spans,
    })
}

/// `text` with tool `at` alone in its array.
fn alone_text(text: &str, layout: &Layout, at: usize) -> String {
    let (prefix, suffix) = (&text[..layout.inside.start], &text[layout.inside.end..]);
    [prefix, &text[layout.spans[at].clone()], suffix].concat()
}

/// Whether `alone` is read as `original`'s list is: the same format and
/// protocol, with one tool, at `first`.
fn read_alike(alone: &str, original: &Report, first: &Path) -> bool {
    let Ok(doc) = crate::input::Document::parse(alone) else {
        return false;
    };
    crate::input::detect(&doc).is_ok_and(|detected| {
        detected.format == original.format
            && detected.pages == original.pages
            && detected.tools.len() == 1
            && detected.tools[0].path == *first
    })
}

/// Whether a message or help of `findings` names `place` (a message may
/// name another place in its tool: "already used at tools[0].…"): such
/// findings would not read the same about the tool alone, so it is not
/// fixed alone.
fn names<'f>(mut findings: impl Iterator<Item = &'f Finding>, place: &Path) -> bool {
    let place = place.to_string();
    findings.any(|f| f.message.contains(&place) || f.help.contains(&place))
}

/// `settings` for a tool alone: the rules that compare tools would see a
/// list of one, so they are left out (they run on the whole text after).
fn alone_settings(settings: &Settings) -> Settings {
    let mut settings = settings.clone();
    settings.rules.ignore.extend(
        crate::catalog::TOOL_RULES
            .iter()
            .filter(|rule| rule.scope == Scope::List)
            .map(|rule| rule.id.to_owned()),
    );
    settings
}

/// What one tool's fixes made, in the list's terms.
struct ToolFixed {
    /// The tool's fixed text.
    text: String,
    /// Paths in the list; edits counted from the tool's start.
    applied: Vec<Applied>,
    skipped: Vec<Skipped>,
    /// What the rules that look at one tool at a time find in the fixed tool.
    findings: Vec<Finding>,
    /// The fixed tool's fingerprint.
    fingerprint: u64,
}

/// Fixes tool `at` of `text` alone, with the fixes of the rules that look at
/// one tool at a time that `select` takes. `None` when the text holding it
/// alone is not read as the list is (a list's format can depend on its
/// other tools: a tool spelling `input_schema` alone is read as Claude's),
/// or a fix edits outside the tool: its fixes are then made on the whole
/// text.
fn fix_tool(
    text: &str,
    layout: &Layout,
    original: &Report,
    found: &Found<'_>,
    at: usize,
    settings: &Settings,
    select: &(dyn Fn(&Finding) -> bool + Sync),
) -> Result<Option<ToolFixed>, InputError> {
    let span = layout.spans[at].clone();
    let (prefix, suffix) = (&text[..layout.inside.start], &text[layout.inside.end..]);
    let alone = alone_text(text, layout, at);
    let first = layout.array.index(0);
    let to = &original.tools[at].path;
    if !read_alike(&alone, original, &first) || names(found.tools[at].iter().copied(), to) {
        return Ok(None);
    }
    let settings = &alone_settings(settings);
    let report = alone_report(original, found, at, &first, &alone, settings);
    let before = text.ceil_char_boundary(span.start.saturating_sub(CONTEXT));
    let after = text.floor_char_boundary(span.end + CONTEXT);
    let frame = Frame {
        start: prefix.len(),
        after_len: suffix.len(),
        before: text[before..span.start].to_owned(),
        after: text[span.end..after].to_owned(),
    };
    let own = |f: &Finding| f.tool_index == Some(0) && f.rule.scope == Scope::Tool && select(f);
    let fixed = apply::fix_runs(&alone, settings, &own, report, Some(&frame))?;
    let fixed_text = &fixed.text;
    if fixed_text.len() < prefix.len() + suffix.len()
        || !fixed_text.starts_with(prefix)
        || !fixed_text.ends_with(suffix)
    {
        return Ok(None);
    }
    let left = fixed
        .remaining
        .findings
        .iter()
        .filter(|f| f.tool_index == Some(0));
    if names(left, &first)
        || fixed
            .skipped
            .iter()
            .any(|s| s.reason.contains(&first.to_string()))
    {
        return Ok(None);
    }
    let moved = |path: &Path| path.rebase(&first, to).unwrap_or_else(|| path.clone());
    let applied = fixed
        .applied
        .into_iter()
        .map(|mut a| {
            a.path = moved(&a.path);
            for e in &mut a.edits {
                e.range = e.range.start - prefix.len()..e.range.end - prefix.len();
            }
            a
        })
        .collect();
    let skipped = fixed
        .skipped
        .into_iter()
        .map(|mut s| {
            s.path = moved(&s.path);
            s
        })
        .collect();
    let remaining = fixed.remaining;
    let findings = remaining
        .findings
        .into_iter()
        .filter(|f| f.tool_index == Some(0))
        .map(|f| f.moved(&first, to, at))
        .collect();
    Ok(Some(ToolFixed {
        text: fixed_text[prefix.len()..fixed_text.len() - suffix.len()].to_owned(),
        applied,
        skipped,
        findings,
        fingerprint: remaining.tools[0].fingerprint,
    }))
}

/// The tools with a fix of the rules that look at one tool at a time that
/// `select` takes, each fixed alone when it has a name: an unnamed tool's
/// label counts its place in the list, so its findings are told on the
/// whole text.
fn wanted(original: &Report, select: &dyn Fn(&Finding) -> bool) -> Vec<bool> {
    let mut wanted = vec![false; original.tools.len()];
    for f in &original.findings {
        if let Some(i) = f.tool_index
            && f.rule.scope == Scope::Tool
            && f.autofix.is_some()
            && original.tools[i].name.is_some()
            && select(f)
            && let Some(w) = wanted.get_mut(i)
        {
            *w = true;
        }
    }
    wanted
}

/// What fixing one tool alone makes: [`fix_tool`] at a position.
type FixOne<'a> = dyn Fn(usize) -> Result<Option<ToolFixed>, InputError> + Sync + 'a;

/// The tools `wanted` fixed alone by `fix`, in order. A tool's fixes read
/// nothing of another's, so the tools are shared out among `threads`
/// threads: each takes the longest tool not taken yet (their sizes vary by
/// hundreds of times), and the results are put back in the list's order, so
/// the outcome is the one a single thread would give.
fn fix_tools(
    layout: &Layout,
    wanted: &[bool],
    fix: &FixOne<'_>,
    threads: usize,
) -> Result<Vec<Option<ToolFixed>>, InputError> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    // The longest first, so that no thread is left with a long one at the end.
    let mut order: Vec<usize> = (0..wanted.len()).filter(|&at| wanted[at]).collect();
    order.sort_by_key(|&at| std::cmp::Reverse(layout.spans[at].len()));
    let threads = threads.min(order.len().div_ceil(TOOLS_PER_THREAD));
    let next = AtomicUsize::new(0);
    let work = || {
        // Each thread keeps its own readings of the texts it checks again.
        let _kept = crate::text::request::kept::keep();
        let mut done = Vec::new();
        while let Some(&at) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
            done.push((at, fix(at)));
        }
        done
    };
    let mut done = if threads > 1 {
        std::thread::scope(|scope| {
            let others: Vec<_> = (1..threads).map(|_| scope.spawn(work)).collect();
            let mut done = work();
            for other in others {
                done.extend(
                    other
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                );
            }
            done
        })
    } else {
        work()
    };
    done.sort_unstable_by_key(|(at, _)| *at);
    let mut tools: Vec<Option<ToolFixed>> = Vec::with_capacity(wanted.len());
    tools.resize_with(wanted.len(), || None);
    for (at, fixed) in done {
        tools[at] = fixed?;
    }
    Ok(tools)
}

/// How many threads fix tools alone: one per core, at most [`MAX_THREADS`].
/// One where threads cannot start (WebAssembly).
fn threads() -> usize {
    if cfg!(target_arch = "wasm32") {
        return 1;
    }
    std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))
}

/// At most this many threads fix tools alone.
const MAX_THREADS: usize = 8;

/// A thread is started for each this many tools to fix, at least: a small
/// list is fixed before a thread would start.
const TOOLS_PER_THREAD: usize = 8;

/// The findings of the rules that look at one tool at a time in the
/// original check: by tool, and about no tool (the server's other text).
struct Found<'r> {
    tools: Vec<Vec<&'r Finding>>,
    server: Vec<&'r Finding>,
}

impl<'r> Found<'r> {
    fn of(report: &'r Report) -> Self {
        let mut found = Found {
            tools: vec![Vec::new(); report.tools.len()],
            server: Vec::new(),
        };
        for f in report
            .findings
            .iter()
            .filter(|f| f.rule.scope == Scope::Tool)
        {
            match f.tool_index {
                None => found.server.push(f),
                Some(i) => {
                    if let Some(tool) = found.tools.get_mut(i) {
                        tool.push(f);
                    }
                }
            }
        }
        found
    }
}

/// The check of `alone`, tool `at` of `original` alone, taken from
/// `original`: the findings of the rules that look at one tool at a time
/// about that tool, moved to its place in `alone`, and about the server's
/// other text, which `alone` keeps. Those rules see one tool and nothing
/// else of the list (`windows_do_not_change_the_findings`), so a check of
/// `alone` with the rules that compare tools left out finds the same (the
/// tests check it). The metrics are the whole list's: the fix of one tool
/// reads none.
fn alone_report(
    original: &Report,
    found: &Found<'_>,
    at: usize,
    first: &Path,
    alone: &str,
    settings: &Settings,
) -> Report {
    let to = &original.tools[at].path;
    let mut findings: Vec<Finding> = found.server.iter().map(|&f| f.clone()).collect();
    findings.extend(
        found.tools[at]
            .iter()
            .map(|&f| f.clone().moved(to, first, 0)),
    );
    crate::finding::sort(&mut findings);
    let mut tool = original.tools[at].clone();
    tool.path = first.clone();
    let mut effective = original.settings.clone();
    effective.rules = settings.rules.clone();
    Report {
        format: original.format,
        pages: original.pages,
        tools: vec![tool],
        others: original.others,
        counts: crate::Counts::of(&findings),
        findings,
        settings: effective,
        input_bytes: alone.len(),
        metrics: original.metrics,
        compatibility: None,
    }
}

/// The text with the fixed tools that `held` leaves in put back, and what
/// the check of that text takes from their own checks.
fn assemble(
    text: &str,
    layout: &Layout,
    tools: &[Option<ToolFixed>],
    held: &dyn Fn(usize) -> bool,
    original: &Report,
) -> (String, Prior) {
    let mut out = String::with_capacity(text.len());
    // The fixed tools' findings come from their own checks.
    let mut prior = Prior::of_where(original, |at| tools[at].is_none() || held(at));
    let mut from = 0;
    for (at, (span, fixed)) in layout.spans.iter().zip(tools).enumerate() {
        let Some(fixed) = fixed.as_ref().filter(|_| !held(at)) else {
            continue;
        };
        out.push_str(&text[from..span.start]);
        out.push_str(&fixed.text);
        prior.know(at, fixed.findings.clone(), fixed.fingerprint);
        from = span.end;
    }
    out.push_str(&text[from..]);
    (out, prior)
}

/// The fixes the tools that `held` leaves in applied, their edits counted
/// in the text [`assemble`] makes, and the fixes they skipped.
fn made(
    layout: &Layout,
    tools: Vec<Option<ToolFixed>>,
    held: &dyn Fn(usize) -> bool,
) -> (Vec<Applied>, Vec<Skipped>) {
    let mut applied = Vec::new();
    let mut skipped = Vec::new();
    // How far the tools put back before this one moved it.
    let mut shift: isize = 0;
    for (at, (span, fixed)) in layout.spans.iter().zip(tools).enumerate() {
        let Some(fixed) = fixed.filter(|_| !held(at)) else {
            continue;
        };
        let start = span.start.strict_add_signed(shift);
        applied.extend(fixed.applied.into_iter().map(|mut a| {
            for e in &mut a.edits {
                e.range = e.range.start + start..e.range.end + start;
            }
            a
        }));
        skipped.extend(fixed.skipped);
        shift += fixed.text.len().cast_signed() - span.len().cast_signed();
    }
    (applied, skipped)
}

/// [`super::fix`] tool by tool, when `text`'s tools are the elements of one
/// array (and there are several), and whether a tool was held back with all
/// its fixes; `None` when they are not.
///
/// # Errors
/// When the fixed text cannot be checked (which well-formed edits never
/// cause).
// A `Path` caches its segments in a cell that hashing and equality never
// read, so it is a sound key.
#[allow(clippy::mutable_key_type)]
pub(super) fn fix(
    text: &str,
    settings: &Settings,
    select: &(dyn Fn(&Finding) -> bool + Sync),
    original: &Report,
) -> Result<Option<(Fixed, bool)>, InputError> {
    let Some(layout) = layout(text, original) else {
        return Ok(None);
    };
    let wanted = wanted(original, select);
    let found = Found::of(original);
    let fix_one = |at| fix_tool(text, &layout, original, &found, at, settings, select);
    let tools = fix_tools(&layout, &wanted, &fix_one, threads())?;

    // The fixes of the rules that compare tools (and of the tools not fixed
    // alone), on the whole text, as `apply::fix_once` makes them: a tool that is left with a finding the
    // original did not have is held back, with all its fixes.
    let baseline: FxHashSet<Key> = original.findings.iter().flat_map(apply::keys).collect();
    // What the rules that look at one tool at a time find in a fixed tool,
    // its own check has vetted (a finding it let through keeps its identity
    // from round to round there, not against the original).
    let is_new = |f: &Finding| {
        let vetted = f.rule.scope == Scope::Tool && f.tool_index.is_some();
        !vetted && !apply::keys(f).iter().any(|k| baseline.contains(k))
    };
    let mut held: FxHashSet<usize> = FxHashSet::default();
    let mut hold_all = false;
    let mut held_skips: Vec<Skipped> = Vec::new();
    for attempt in 0.. {
        hold_all |= attempt >= ATTEMPTS;
        let is_held = |i: usize| hold_all || held.contains(&i);
        let (joined, prior) = assemble(text, &layout, &tools, &is_held, original);
        let report = Checking::known(&joined, settings, prior)?.finish();
        let list = |f: &Finding| {
            f.tool_index
                .is_some_and(|i| !is_held(i) && (f.rule.scope == Scope::List || tools[i].is_none()))
                && select(f)
        };
        let unfixable: Vec<Finding> = report
            .findings
            .iter()
            .filter(|n| is_new(n) && !(n.autofix.is_some() && list(n)))
            .cloned()
            .collect();
        let outstanding = if unfixable.is_empty() {
            let run = apply::run(&joined, settings, &list, report, None)?;
            let mut left = run.outstanding;
            left.extend(run.report.findings.iter().filter(|f| is_new(f)).cloned());
            if left.is_empty() {
                let (mut text, mut remaining) = (run.text, run.report);
                let (mut listed, mut list_skipped) = (run.applied, run.skipped);
                if !listed.is_empty() && !list_skipped.is_empty() {
                    // A fix of a rule that compares tools held back may fit
                    // now (see `apply::fix_runs`).
                    let again = apply::fix_runs(&text, settings, &list, remaining, None)?;
                    let changed = again.changed();
                    remaining = again.remaining;
                    if changed {
                        listed.extend(again.applied);
                        list_skipped = again.skipped;
                        text = again.text;
                    }
                }
                let (mut applied, mut skipped) = made(&layout, tools, &is_held);
                applied.extend(listed);
                skipped.extend(list_skipped);
                let held = !held_skips.is_empty();
                skipped.extend(held_skips);
                let fixed = Fixed {
                    tokens_before: original.metrics.tokens,
                    tokens_after: remaining.metrics.tokens,
                    text,
                    applied,
                    skipped,
                    remaining,
                };
                return Ok(Some((fixed, held)));
            }
            left
        } else {
            unfixable
        };
        hold_all |= apply::hold_back(&outstanding, &mut held);
        apply::skip_held(&outstanding, &original.findings, select, &mut held_skips);
    }
    unreachable!("the last attempt holds every tool back")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Targets;

    fn describe(report: &Report) -> Vec<String> {
        report
            .findings
            .iter()
            .map(|f| {
                format!(
                    "{} {:?} {:?} {:?} {} {} | {} | {:?}",
                    f.rule.id,
                    f.severity,
                    f.tool,
                    f.tool_index,
                    f.path,
                    f.message,
                    f.help,
                    f.autofix
                )
            })
            .collect()
    }

    /// Every fixture and capture whose tools are the elements of one array,
    /// with its check under `settings` and where its tools are.
    fn lists(settings: &Settings) -> impl Iterator<Item = (String, Report, Layout)> {
        crate::report::testing::json_texts(true)
            .into_iter()
            .filter_map(|text| {
                let original = crate::check(&text, settings).ok()?;
                let layout = layout(&text, &original)?;
                Some((text, original, layout))
            })
    }

    /// The check of a tool alone that a fix starts from, taken from the
    /// list's check, is what a check of the tool alone finds: every named tool of
    /// every fixture and capture, under every target in strict mode and
    /// under the defaults.
    #[test]
    fn a_tool_alone_is_found_as_in_its_list() {
        let mut compared = 0;
        for settings in [
            Settings::default(),
            Settings {
                targets: Targets::ALL,
                strict: true,
                ..Settings::default()
            },
        ] {
            let settings = Settings {
                fixes: true,
                ..settings
            };
            let alone_settings = alone_settings(&settings);
            for (text, original, layout) in lists(&settings) {
                let found = Found::of(&original);
                let first = layout.array.index(0);
                // An unnamed tool is labelled by its place: it is never
                // fixed alone.
                for at in (0..original.tools.len()).filter(|&at| original.tools[at].name.is_some())
                {
                    let alone = alone_text(&text, &layout, at);
                    let own = &original.tools[at].path;
                    if !read_alike(&alone, &original, &first)
                        || names(found.tools[at].iter().copied(), own)
                    {
                        continue;
                    }
                    let kept = alone_report(&original, &found, at, &first, &alone, &alone_settings);
                    let fresh = crate::check(&alone, &alone_settings).expect("a tool alone checks");
                    // A fix of such a tool alone is made on the whole text.
                    if names(fresh.findings.iter(), &first) {
                        continue;
                    }
                    assert_eq!(describe(&kept), describe(&fresh), "tool {at} of {text}");
                    assert_eq!(kept.settings, fresh.settings);
                    compared += 1;
                }
            }
        }
        assert!(compared > 500, "only {compared} tools compared");
    }

    fn describe_fixed(tool: Option<&ToolFixed>) -> String {
        let Some(tool) = tool else {
            return "not alone".to_owned();
        };
        let applied: Vec<String> = tool
            .applied
            .iter()
            .map(|a| format!("{} {} {:?}", a.rule.id, a.path, a.edits))
            .collect();
        let skipped: Vec<String> = tool
            .skipped
            .iter()
            .map(|s| format!("{} {} {}", s.rule.id, s.path, s.reason))
            .collect();
        let findings: Vec<String> = tool
            .findings
            .iter()
            .map(|f| format!("{} {} {}", f.rule.id, f.path, f.message))
            .collect();
        format!(
            "{}\n{applied:#?}\n{skipped:#?}\n{findings:#?}\n{}",
            tool.text, tool.fingerprint
        )
    }

    /// Tools fixed alone on several threads come out as on one: every
    /// fixture and capture, with every fix, under every target in strict mode.
    #[test]
    fn threads_fix_as_one_thread_does() {
        let settings = Settings {
            targets: Targets::ALL,
            strict: true,
            fixes: true,
            ..Settings::default()
        };
        let select = |f: &Finding| f.autofix.is_some();
        let mut fixed = 0;
        for (text, original, layout) in lists(&settings) {
            let found = Found::of(&original);
            let wanted = wanted(&original, &select);
            let fix_one = |at| fix_tool(&text, &layout, &original, &found, at, &settings, &select);
            let fix =
                |threads| fix_tools(&layout, &wanted, &fix_one, threads).expect("the tools fix");
            let one = fix(1);
            let three = fix(3);
            assert_eq!(one.len(), three.len());
            for (at, (one, three)) in one.iter().zip(&three).enumerate() {
                assert_eq!(
                    describe_fixed(one.as_ref()),
                    describe_fixed(three.as_ref()),
                    "tool {at} of {text}"
                );
                fixed += usize::from(one.is_some());
            }
        }
        assert!(fixed > 200, "only {fixed} tools fixed alone");
    }
}
