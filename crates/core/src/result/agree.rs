//! Text content against `structuredContent`: whether a text block carries the
//! serialised structured value, and whether it agrees with it.

use serde_json::{Number, Value};

use super::parse::{parse_json, text_blocks};
use super::rules;
use crate::finding::Finding;
use crate::finding::Severity;
use crate::path::Path;
use crate::settings::Revision;

/// Differing places counted at most.
const MAX_DIFFS: usize = 1000;
/// Differing places named in a message.
const NAMED_DIFFS: usize = 5;

/// Compares the text blocks with `structured`. A missing serialisation is
/// reported only when `expect_fallback` (not for error results, whose text is
/// the error for the model).
pub(super) fn check(
    structured: &Value,
    blocks: &[Value],
    revision: Revision,
    expect_fallback: bool,
    out: &mut Vec<Finding>,
) {
    let root = Path::root().key("structuredContent");
    let primitive = !(structured.is_object() || structured.is_array());
    // The block whose JSON differs least: (index, named paths, count).
    let mut best: Option<(usize, Vec<Path>, usize)> = None;
    for (i, text) in text_blocks(blocks) {
        if let Value::String(s) = structured
            && text == s
        {
            return; // a string carried as itself
        }
        let Some(parsed) = parse_json(text) else {
            continue;
        };
        if !(parsed.is_object() || parsed.is_array() || primitive) {
            continue;
        }
        let mut named = Vec::new();
        let mut count = 0;
        diff(structured, &parsed, &root, &mut named, &mut count);
        if count == 0 {
            return;
        }
        if best.as_ref().is_none_or(|(_, _, c)| count < *c) {
            best = Some((i, named, count));
        }
    }
    match best {
        Some((i, named, count)) => {
            let path = Path::root().key("content").index(i).key("text");
            let mut places = named
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            if count > named.len() {
                let more = count - named.len();
                let plus = if count >= MAX_DIFFS { "+" } else { "" };
                places.push_str(&format!(" and {more}{plus} more"));
            }
            out.push(Finding::new(
                &rules::TEXT_DISAGREES_WITH_STRUCTURED,
                path.clone(),
                format!("{path} holds JSON that differs from structuredContent at {places}"),
                rules::TEXT_DISAGREES_WITH_STRUCTURED.why(),
                "Serialise the same value into both: build the text block from structuredContent \
                      (JSON.stringify in TypeScript, json.dumps in Python)",
            ));
        }
        None if expect_fallback => out.push(fallback_missing(structured, revision)),
        None => {}
    }
}

fn fallback_missing(structured: &Value, revision: Revision) -> Finding {
    let object = structured.is_object();
    let kind = match structured {
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
        _ => "a primitive",
    };
    let must = !object && revision >= Revision::R2026_07_28;
    let (severity, message, explanation) = if must {
        (
            Severity::Error,
            format!(
                "structuredContent is {kind} and no text content block holds its serialised JSON, which 2026-07-28 requires"
            ),
            "Since 2026-07-28 (SEP-2106) a tool whose structuredContent is an array or a primitive MUST also return \
             its serialised JSON in a text block: clients on earlier revisions typed structuredContent as an object \
             and can only read the text, and hosts that show the model only content give it nothing else."
                .to_owned(),
        )
    } else {
        (
            Severity::Warning,
            "No text content block holds the serialised structuredContent".to_owned(),
            format!(
                "A tool that returns structuredContent SHOULD also return its serialised JSON in a text block, for \
                 clients that do not read structuredContent; many hosts show the model only content, so it never \
                 sees the structured value.{}",
                if object {
                    ""
                } else {
                    " Under 2026-07-28 this is a MUST for an array or a primitive (SEP-2106)."
                }
            ),
        )
    };
    Finding {
        severity,
        ..Finding::new(
            &rules::STRUCTURED_TEXT_FALLBACK_MISSING,
            Path::root().key("content"),
            message,
            explanation,
            "Add {\"type\": \"text\", \"text\": JSON.stringify(structuredContent)} to content (json.dumps in Python)",
        )
    }
}

fn num_eq(a: &Number, b: &Number) -> bool {
    if let (Some(x), Some(y)) = (a.as_i64(), b.as_i64()) {
        return x == y;
    }
    if let (Some(x), Some(y)) = (a.as_u64(), b.as_u64()) {
        return x == y;
    }
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

fn note(path: Path, named: &mut Vec<Path>, count: &mut usize) {
    if named.len() < NAMED_DIFFS {
        named.push(path);
    }
    *count += 1;
}

/// Records where `a` (structured) and `b` (from the text) differ: members on
/// one side only, arrays of different lengths, different scalars. Numbers
/// compare by value (`49.9` equals `49.90`, `2` equals `2.0`).
fn diff(a: &Value, b: &Value, path: &Path, named: &mut Vec<Path>, count: &mut usize) {
    if *count >= MAX_DIFFS {
        return;
    }
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, va) in x {
                match y.get(k) {
                    Some(vb) => diff(va, vb, &path.key(k), named, count),
                    None => note(path.key(k), named, count),
                }
            }
            for k in y.keys() {
                if !x.contains_key(k) {
                    note(path.key(k), named, count);
                }
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                diff(va, vb, &path.index(i), named, count);
            }
            if x.len() != y.len() {
                note(path.clone(), named, count);
            }
        }
        (Value::Number(x), Value::Number(y)) => {
            if !num_eq(x, y) {
                note(path.clone(), named, count);
            }
        }
        _ => {
            if a != b {
                note(path.clone(), named, count);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn run(structured: Value, content: Value, revision: Revision) -> Vec<String> {
        let mut out = Vec::new();
        check(
            &structured,
            content.as_array().unwrap(),
            revision,
            true,
            &mut out,
        );
        out.into_iter()
            .map(|f| format!("{} {} {} | {}", f.severity, f.rule.id, f.path, f.message))
            .collect()
    }

    #[test]
    fn agreement_and_numbers() {
        let sc = json!({"total": 49.9, "n": 2, "items": [1, 2]});
        let text =
            json!([{"type": "text", "text": "{\"n\": 2.0, \"total\": 49.90, \"items\": [1, 2]}"}]);
        assert!(run(sc, text, Revision::R2026_07_28).is_empty());
    }

    #[test]
    fn disagreement_names_the_paths() {
        let sc = json!({"total": 49.9, "status": "shipped", "items": [1, 2]});
        let content = json!([
            {"type": "text", "text": "Order ord_19ab"},
            {"type": "text", "text": "{\"total\": 50, \"status\": \"shipped\", \"items\": [1], \"extra\": true}"}
        ]);
        assert_eq!(
            run(sc, content, Revision::R2025_11_25),
            vec![
                "warning text-disagrees-with-structured content[1].text | content[1].text holds JSON that differs from \
                 structuredContent at structuredContent.total, structuredContent.items, structuredContent.extra"
            ]
        );
    }

    #[test]
    fn fallback_severity_by_revision_and_kind() {
        let prose = json!([{"type": "text", "text": "Found 2 orders"}]);
        let object = run(json!({"a": 1}), prose.clone(), Revision::R2026_07_28);
        assert!(
            object[0].starts_with("warning structured-text-fallback-missing content"),
            "{object:?}"
        );
        let array = run(json!([1, 2]), prose.clone(), Revision::R2026_07_28);
        assert!(
            array[0].starts_with("error structured-text-fallback-missing"),
            "{array:?}"
        );
        let array_old = run(json!([1, 2]), prose.clone(), Revision::R2025_11_25);
        assert!(
            array_old[0].starts_with("warning structured-text-fallback-missing"),
            "{array_old:?}"
        );
        let number = run(json!(3), prose, Revision::R2026_07_28);
        assert!(
            number[0].starts_with("error structured-text-fallback-missing"),
            "{number:?}"
        );
        // Primitives serialised as JSON, or a string carried as itself, are fine.
        assert!(
            run(
                json!(3),
                json!([{"type": "text", "text": "3"}]),
                Revision::R2026_07_28
            )
            .is_empty()
        );
        assert!(
            run(
                json!("ok"),
                json!([{"type": "text", "text": "ok"}]),
                Revision::R2026_07_28
            )
            .is_empty()
        );
        assert!(
            run(
                json!("ok"),
                json!([{"type": "text", "text": "\"ok\""}]),
                Revision::R2026_07_28
            )
            .is_empty()
        );
    }
}
