//! Text content against `structuredContent`: whether a text block carries the
//! serialised structured value, and whether it agrees with it (what
//! `text-disagrees-with-structured` and `structured-text-fallback-missing`
//! report).

use serde_json::{Number, Value};

use super::parse::{parse_json, text_blocks};
use crate::path::Path;

/// Differing places counted at most.
const MAX_DIFFS: usize = 1000;
/// Differing places named in a message.
const NAMED_DIFFS: usize = 5;

/// Whether the text blocks carry `structuredContent`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Agreement {
    /// A text block holds it: its JSON, or for a string, the string itself.
    Agrees,
    /// The text blocks hold JSON, and the one that differs least differs.
    Differs {
        /// The block's place in `content`.
        block: usize,
        /// The first few places that differ.
        named: Vec<Path>,
        /// How many places differ, counted up to [`MAX_DIFFS`].
        count: usize,
        /// Whether the count stopped at [`MAX_DIFFS`].
        capped: bool,
    },
    /// No text block holds JSON that could be it.
    NoText,
}

/// Compares the text blocks with `structured`.
pub(crate) fn agreement(structured: &Value, blocks: &[Value]) -> Agreement {
    agreement_at(structured, blocks, Path::root().key("structuredContent"))
}

/// Compares the text blocks with `structured`, which is at `root` of the
/// result.
pub(crate) fn agreement_at(structured: &Value, blocks: &[Value], root: Path) -> Agreement {
    let primitive = !(structured.is_object() || structured.is_array());
    // The block whose JSON differs least: (index, named paths, count).
    let mut best: Option<(usize, Vec<Path>, usize)> = None;
    for (i, text) in text_blocks(blocks) {
        if let Value::String(s) = structured
            && text == s
        {
            return Agreement::Agrees; // a string carried as itself
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
            return Agreement::Agrees;
        }
        if best.as_ref().is_none_or(|(_, _, c)| count < *c) {
            best = Some((i, named, count));
        }
    }
    match best {
        Some((block, named, count)) => Agreement::Differs {
            block,
            named,
            count,
            capped: count >= MAX_DIFFS,
        },
        None => Agreement::NoText,
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
    use crate::settings::Revision;

    /// The two rules' findings on a result of a tool without an `outputSchema`.
    fn run(structured: Value, content: Value, revision: Revision) -> Vec<String> {
        run_with(None, structured, content, revision)
    }

    fn run_with(
        output_schema: Option<Value>,
        structured: Value,
        content: Value,
        revision: Revision,
    ) -> Vec<String> {
        let tool = crate::result::ResultTool {
            name: "t".into(),
            path: Path::root(),
            output_schema,
            shows_2026: false,
        };
        let result = json!({"content": content, "structuredContent": structured});
        let settings = crate::Settings {
            revision,
            ..crate::Settings::default()
        };
        crate::checking::check_result_for(&tool, &result.to_string(), &settings)
            .unwrap()
            .findings
            .into_iter()
            .filter(|f| {
                [
                    "text-disagrees-with-structured",
                    "structured-text-fallback-missing",
                ]
                .contains(&f.rule.id)
            })
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

    #[test]
    fn fastmcp_wrapped_result_is_carried_by_its_text() {
        // FastMCP: a list returned as {"result": [...]}, its JSON in the text.
        let schema = |marked: bool| {
            json!({"type": "object", "properties": {"result": {"type": "array"}},
                   "required": ["result"], "x-fastmcp-wrap-result": marked})
        };
        let structured = json!({"result": [{"title": "Probe Note"}]});
        let content = json!([{"type": "text", "text": "[{\"title\":\"Probe Note\"}]"}]);
        let revision = Revision::R2025_11_25;
        assert!(
            run_with(
                Some(schema(true)),
                structured.clone(),
                content.clone(),
                revision
            )
            .is_empty()
        );
        // Unmarked, the text is not the serialised structuredContent.
        assert_eq!(
            run_with(Some(schema(false)), structured.clone(), content, revision).len(),
            1
        );
        // Marked, a text that differs from the value still differs.
        let other = json!([{"type": "text", "text": "[{\"title\":\"Other\"}]"}]);
        let found = run_with(Some(schema(true)), structured, other, revision);
        assert_eq!(found.len(), 1);
        assert!(found[0].contains("structuredContent.result"), "{found:?}");
    }
}
