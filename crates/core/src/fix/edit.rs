//! From [`Op`]s on paths to byte edits of the text as pasted.

use std::ops::Range;

use serde::Serialize;

use super::{Fix, Op};
use crate::locate::Locator;
use crate::path::Path;

/// One byte edit: replace `range` of the text with `replacement`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Edit {
    /// The bytes replaced (empty for an insertion).
    pub range: Range<usize>,
    /// What goes there.
    pub replacement: String,
}

/// The edits that make `fix` in the text `locator` reads, or `None` when a
/// path is not in it, or not where the operation needs it (a member to
/// rename that is an element, an object to add to that is an array).
#[must_use]
pub fn resolve(locator: &Locator<'_>, fix: &Fix) -> Option<Vec<Edit>> {
    let mut edits = Vec::new();
    // Removals from one container are resolved together: two neighbours
    // share the comma between them.
    let mut removals: Vec<(Path, Vec<Range<usize>>)> = Vec::new();
    // The keys this fix renames or removes: free for it to add again.
    let vacated: Vec<Path> = fix
        .ops
        .iter()
        .filter_map(|op| match op {
            Op::Rename { path, .. } | Op::Remove { path } => Some(path.clone()),
            _ => None,
        })
        .collect();
    for op in &fix.ops {
        match op {
            Op::Remove { path } => {
                if path.is_empty() {
                    return None;
                }
                let span = locator.span(path)?;
                let parent = path.parent();
                match removals.iter_mut().find(|(p, _)| *p == parent) {
                    Some((_, spans)) => spans.push(span),
                    None => removals.push((parent, vec![span])),
                }
            }
            other => edits.push(resolve_op(locator, other, &vacated)?),
        }
    }
    for (_, mut spans) in removals {
        spans.sort_by_key(|r| r.start);
        spans.dedup();
        edits.extend(remove_runs(locator.text().as_bytes(), &spans)?);
    }
    Some(edits)
}

/// The edits that remove the members or elements at `spans` (sorted, all in
/// one container) with the commas between them and their neighbours.
fn remove_runs(bytes: &[u8], spans: &[Range<usize>]) -> Option<Vec<Edit>> {
    // Runs of neighbours: only a comma between one's end and the next's start.
    let mut runs: Vec<Range<usize>> = Vec::new();
    for span in spans {
        if let Some(run) = runs.last_mut() {
            let comma = next_token(bytes, run.end)?;
            if bytes[comma] == b',' && next_token(bytes, comma + 1) == Some(span.start) {
                run.end = span.end;
                continue;
            }
        }
        runs.push(span.clone());
    }
    runs.into_iter()
        .map(|run| {
            let before = prev_token(bytes, run.start)?;
            if bytes[before] == b',' {
                // `…, "x": 1` → `…`: the comma before it goes with it.
                return Some(edit(before..run.end, ""));
            }
            let after = next_token(bytes, run.end)?;
            if bytes[after] == b',' {
                // The first ones: up to the next.
                let next = next_token(bytes, after + 1)?;
                return Some(edit(run.start..next, ""));
            }
            // All of them: the container becomes empty.
            Some(edit(before + 1..after, ""))
        })
        .collect()
}

/// `text` with `edits`, which must be sorted and must not overlap.
#[must_use]
pub fn apply<'e>(text: &str, edits: impl IntoIterator<Item = &'e Edit>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for e in edits {
        out.push_str(&text[at..e.range.start]);
        out.push_str(&e.replacement);
        at = e.range.end;
    }
    out.push_str(&text[at..]);
    out
}

fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// The last byte before `at` that is not whitespace.
fn prev_token(bytes: &[u8], at: usize) -> Option<usize> {
    bytes[..at].iter().rposition(|&b| !is_ws(b))
}

/// The first byte at or after `at` that is not whitespace.
fn next_token(bytes: &[u8], at: usize) -> Option<usize> {
    bytes[at..].iter().position(|&b| !is_ws(b)).map(|i| at + i)
}

fn edit(range: Range<usize>, replacement: impl Into<String>) -> Edit {
    Edit {
        range,
        replacement: replacement.into(),
    }
}

fn resolve_op(locator: &Locator<'_>, op: &Op, vacated: &[Path]) -> Option<Edit> {
    // Whether the object at `path` has `key` that the fix keeps.
    let taken = |path: &Path, key: &str| {
        let member = path.key(key);
        !vacated.contains(&member) && locator.span(&member).is_some()
    };
    let text = locator.text();
    let bytes = text.as_bytes();
    match op {
        Op::Replace { path, json } => Some(edit(locator.value_span(path)?, json.as_str())),
        Op::Rename { path, key } => {
            // Never a second member of the same name.
            if taken(&path.parent(), key) {
                return None;
            }
            Some(edit(locator.key_span(path)?, super::json(key)))
        }
        // Resolved with their neighbours, in `resolve`.
        Op::Remove { .. } => None,
        Op::AddToList { path, key, json } => {
            let list = path.key(key);
            match locator.value_span(&list) {
                Some(value) if bytes.get(value.start) == Some(&b'[') => {
                    add_last(bytes, value, json, " ")
                }
                Some(_) => None,
                None => resolve_op(
                    locator,
                    &Op::Insert {
                        path: path.clone(),
                        key: key.clone(),
                        json: format!("[{json}]"),
                    },
                    vacated,
                ),
            }
        }
        Op::Insert { path, key, json } => {
            if taken(path, key) {
                return None;
            }
            let value = locator.value_span(path)?;
            if bytes.get(value.start) != Some(&b'{') {
                return None;
            }
            let colon = colon(bytes, value.start);
            let space = if colon.ends_with(' ') { " " } else { "" };
            let member = format!("{}{colon}{json}", super::json(key));
            add_last(bytes, value, &member, space)
        }
        Op::Append { path, json } => {
            let value = locator.value_span(path)?;
            if bytes.get(value.start) != Some(&b'[') {
                return None;
            }
            add_last(bytes, value, json, " ")
        }
    }
}

/// How the object at `open` writes the colon after a key (`": "` or `":"`),
/// from its first member; `": "` for an empty one.
fn colon(bytes: &[u8], open: usize) -> String {
    let Some(key) = next_token(bytes, open + 1).filter(|&k| bytes[k] == b'"') else {
        return ": ".into();
    };
    let Some(from) = crate::locate::string_end(bytes, key) else {
        return ": ".into();
    };
    let Some(colon) = next_token(bytes, from).filter(|&c| bytes[c] == b':') else {
        return ": ".into();
    };
    let to = next_token(bytes, colon + 1).unwrap_or(colon + 1);
    // The spacing around the colon, without line breaks.
    String::from_utf8_lossy(&bytes[from..to])
        .chars()
        .filter(|c| *c != '\n' && *c != '\r')
        .collect()
}

/// Adds `item` after the last member or element of the container `value`,
/// on a line of its own when the container puts its first item on one, else
/// after `space`.
fn add_last(bytes: &[u8], value: Range<usize>, item: &str, space: &str) -> Option<Edit> {
    let close = value.end.checked_sub(1)?;
    let last = prev_token(bytes, close)?;
    if last == value.start {
        // Empty: `{}` → `{"k": v}`.
        return Some(edit(value.start + 1..value.start + 1, item));
    }
    let first = next_token(bytes, value.start + 1)?;
    let lead = &bytes[value.start + 1..first];
    let separator = if lead.contains(&b'\n') {
        String::from_utf8_lossy(lead).into_owned()
    } else {
        space.to_owned()
    };
    Some(edit(last + 1..last + 1, format!(",{separator}{item}")))
}
