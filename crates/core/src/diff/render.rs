//! Renders a [`Diff`]: text, Markdown, JSON, SARIF and GitHub annotations.

use std::fmt::Write as _;

use serde_json::{Map, Value, json};

use super::{Class, Diff, Kind, Side};
use crate::report::github::{command, location_properties};
use crate::report::markdown::{code, escape};
use crate::report::sarif::{self, Source, artifact, driver, fingerprint, location, pascal};

use crate::text::unicode::one_line;

fn header(diff: &Diff) -> String {
    format!(
        "old: {} · {} tools; new: {} · {} tools",
        diff.old.format.label(),
        diff.old.tools,
        diff.new.format.label(),
        diff.new.tools
    )
}

/// Plain text for terminals.
#[must_use]
pub fn text(diff: &Diff) -> String {
    let mut out = String::new();
    for c in &diff.changes {
        let _ = writeln!(
            out,
            "{}[{}] {}: {}",
            c.class,
            c.kind.id(),
            one_line(&c.tool),
            one_line(&c.message)
        );
        let _ = writeln!(out, "  --> {}: {}", c.side.as_str(), c.path);
        if let Some(t) = &c.text {
            for (label, text) in [("was", &t.old), ("now", &t.new)] {
                if let Some(text) = text {
                    let _ = writeln!(out, "  {label}: \"{}\"", one_line(text));
                }
            }
            for f in &t.concerns {
                let _ = writeln!(
                    out,
                    "  ! {}[{}]: {}",
                    f.severity,
                    f.rule,
                    one_line(&f.message)
                );
            }
        }
        out.push('\n');
    }
    if diff.changes.is_empty() {
        out.push_str("No changes to tool definitions.\n");
    }
    let _ = writeln!(out, "{}", header(diff));
    let _ = writeln!(out, "{}", diff.summary());
    out
}

/// Markdown, for a pull-request comment. Pasted names and values are escaped.
#[must_use]
pub fn markdown(diff: &Diff) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# Toolcheck diff\n");
    let _ = writeln!(out, "**{}**\n", diff.summary());
    let _ = writeln!(out, "- {}\n", escape(&header(diff)));
    if diff.changes.is_empty() {
        let _ = writeln!(out, "No changes to tool definitions.\n");
    }
    for (class, title) in [
        (Class::Breaking, "Breaking"),
        (Class::Review, "Needs review"),
        (Class::Compatible, "Compatible"),
    ] {
        let group: Vec<_> = diff.changes.iter().filter(|c| c.class == class).collect();
        if group.is_empty() {
            continue;
        }
        let _ = writeln!(out, "## {title} ({})\n", group.len());
        let _ = writeln!(out, "| tool | change | where | what |");
        let _ = writeln!(out, "| --- | --- | --- | --- |");
        for c in group {
            let mut what = escape(&c.message);
            for f in c.text.iter().flat_map(|t| &t.concerns) {
                let _ = write!(
                    what,
                    "<br>**{}** {}: {}",
                    f.severity,
                    code(f.rule),
                    escape(&f.message)
                );
            }
            let _ = writeln!(
                out,
                "| {} | {} | {} {} | {} |",
                code(&c.tool),
                code(c.kind.id()),
                c.side.as_str(),
                code(&c.path.to_string()),
                what
            );
        }
        out.push('\n');
    }
    out
}

/// The diff as a JSON value.
///
/// ```json
/// {"summary": {"breaking": 2, "review": 1, "compatible": 1},
///  "old": {"format": "json-rpc-response", "tools": 3},
///  "new": {"format": "json-rpc-response", "tools": 3},
///  "changes": [{"kind": "required-dangling", "class": "breaking", "tool": "orders.search",
///               "side": "new", "path": "result.tools[0].inputSchema.required[0]",
///               "pointer": "/result/tools/0/inputSchema/required/0", "message": "…"}]}
/// ```
#[must_use]
pub fn to_value(diff: &Diff) -> Value {
    let changes: Vec<Value> = diff
        .changes
        .iter()
        .map(|c| {
            let mut change = json!({
                "kind": c.kind.id(),
                "class": c.class,
                "tool": c.tool,
                "side": c.side,
                "path": c.path.to_string(),
                "pointer": c.path.pointer(),
                "message": c.message,
            });
            if let (Some(t), Value::Object(map)) = (&c.text, &mut change) {
                map.insert("old_text".into(), json!(t.old));
                map.insert("new_text".into(), json!(t.new));
                map.insert("concerns".into(), json!(t.concerns));
            }
            change
        })
        .collect();
    json!({
        "summary": summary(diff),
        "old": diff.old,
        "new": diff.new,
        "changes": changes,
    })
}

/// Pretty-printed JSON.
#[must_use]
pub fn json(diff: &Diff) -> String {
    serde_json::to_string_pretty(&to_value(diff)).unwrap_or_default()
}

/// The counts by class, as JSON and SARIF give them.
fn summary(diff: &Diff) -> Value {
    json!({
        "breaking": diff.count(Class::Breaking),
        "review": diff.count(Class::Review),
        "compatible": diff.count(Class::Compatible),
    })
}

fn level(class: Class) -> &'static str {
    match class {
        Class::Breaking => "error",
        Class::Review => "warning",
        Class::Compatible => "note",
    }
}

/// The message of a change with the concerns about its new text.
fn with_concerns(c: &super::Change) -> String {
    let mut message = format!("{}: {}", c.tool, c.message);
    for f in c.text.iter().flat_map(|t| &t.concerns) {
        let _ = write!(message, "; {} {}: {}", f.severity, f.rule, f.message);
    }
    message
}

/// The diff as a SARIF 2.1.0 log: one rule per kind of change, breaking
/// changes at level `error`, changes to review at `warning` and compatible
/// ones at `note`, each located in the capture its path points into.
#[must_use]
pub fn sarif_value(diff: &Diff, old: &Source<'_>, new: &Source<'_>) -> Value {
    let rules: Vec<Value> = Kind::ALL
        .iter()
        .map(|k| {
            json!({
                "id": k.id(),
                "name": pascal(k.id()),
                "shortDescription": {"text": k.summary()},
                "fullDescription": {"text": format!("{} ({}).", k.summary(), k.class())},
                "defaultConfiguration": {"level": level(k.class())},
                "properties": {"tags": ["diff", k.class().as_str()], "class": k.class().as_str()},
            })
        })
        .collect();
    let mut artifacts = Vec::new();
    let mut index = |s: &Source<'_>| {
        artifact(s).map(|a| {
            artifacts.push(a);
            artifacts.len() - 1
        })
    };
    let old_index = index(old).unwrap_or(0);
    let new_index = index(new).unwrap_or(0);
    let results: Vec<Value> = diff
        .changes
        .iter()
        .map(|c| {
            let (source, idx) = match c.side {
                Side::Old => (old, old_index),
                Side::New => (new, new_index),
            };
            let rule_index = Kind::ALL.iter().position(|k| *k == c.kind).unwrap_or(0);
            json!({
                "ruleId": c.kind.id(),
                "ruleIndex": rule_index,
                "level": level(c.class),
                "message": {"text": with_concerns(c)},
                "locations": [location(source, idx, &c.path, Some(&c.tool))],
                "partialFingerprints": {"toolcheck-diff/v1": fingerprint(&[c.kind.id(), &c.tool, &c.path.pointer()])},
                "properties": {
                    "class": c.class,
                    "tool": c.tool,
                    "side": c.side,
                    "path": c.path.to_string(),
                    "pointer": c.path.pointer(),
                },
            })
        })
        .collect();
    let mut run = Map::new();
    run.insert("tool".into(), json!({"driver": driver(rules)}));
    if !artifacts.is_empty() {
        run.insert("artifacts".into(), Value::Array(artifacts));
    }
    run.insert("columnKind".into(), json!("unicodeCodePoints"));
    run.insert("results".into(), Value::Array(results));
    run.insert("properties".into(), json!({"summary": summary(diff)}));
    sarif::log(Value::Object(run))
}

/// Pretty-printed SARIF.
#[must_use]
pub fn sarif(diff: &Diff, old: &Source<'_>, new: &Source<'_>) -> String {
    serde_json::to_string_pretty(&sarif_value(diff, old, new)).unwrap_or_default()
}

/// GitHub workflow commands: breaking changes as `::error`, changes to review
/// as `::warning`, compatible ones as `::notice`, on the file and line of the
/// capture each points into.
#[must_use]
pub fn github(diff: &Diff, old: &Source<'_>, new: &Source<'_>) -> String {
    let mut out = String::new();
    for c in &diff.changes {
        let source = match c.side {
            Side::Old => old,
            Side::New => new,
        };
        let mut props = location_properties(source, &c.path);
        props.push((
            "title",
            format!("{} change: {} ({})", c.class, c.kind.id(), c.tool),
        ));
        let name = match c.class {
            Class::Breaking => "error",
            Class::Review => "warning",
            Class::Compatible => "notice",
        };
        out.push_str(&command(name, &props, &with_concerns(c)));
    }
    let _ = writeln!(out, "toolcheck diff: {}", diff.summary());
    out
}
