use std::ops::Range;

use super::apply::Taken;
use super::*;
use crate::locate::Locator;
use crate::path::Path;
use crate::settings::Settings;

fn run(text: &str, op: Op) -> Option<String> {
    let locator = Locator::new(text);
    let edits = resolve(&locator, &Fix::safe("test", vec![op]))?;
    Some(apply(text, &edits))
}

fn p(pointer: &[&str]) -> Path {
    pointer
        .iter()
        .fold(Path::root(), |path, seg| match seg.parse::<usize>() {
            Ok(i) => path.index(i),
            Err(_) => path.key(seg),
        })
}

#[test]
fn removes_members_and_elements_with_their_commas() {
    let text = "{\"a\": 1, \"b\": 2, \"c\": [1, 2, 3]}";
    let remove = |path| run(text, Op::Remove { path }).unwrap();
    assert_eq!(remove(p(&["a"])), "{\"b\": 2, \"c\": [1, 2, 3]}");
    assert_eq!(remove(p(&["b"])), "{\"a\": 1, \"c\": [1, 2, 3]}");
    assert_eq!(
        remove(p(&["c", "2"])),
        "{\"a\": 1, \"b\": 2, \"c\": [1, 2]}"
    );
    assert_eq!(
        remove(p(&["c", "0"])),
        "{\"a\": 1, \"b\": 2, \"c\": [2, 3]}"
    );
    assert_eq!(
        run(
            "{\"x\": {\n  \"only\": 1\n}}",
            Op::Remove {
                path: p(&["x", "only"])
            }
        )
        .unwrap(),
        "{\"x\": {}}"
    );
    let pretty = "{\n  \"a\": 1,\n  \"b\": 2\n}";
    assert_eq!(
        run(pretty, Op::Remove { path: p(&["b"]) }).unwrap(),
        "{\n  \"a\": 1\n}"
    );
    assert_eq!(
        run(pretty, Op::Remove { path: p(&["a"]) }).unwrap(),
        "{\n  \"b\": 2\n}"
    );
}

#[test]
fn removes_neighbours_together() {
    let text = "{\"d\": {\"a\": 1, \"b\": 2, \"c\": 3, \"e\": 4}}";
    let remove = |keys: &[&str]| {
        let ops = keys
            .iter()
            .map(|k| Op::Remove { path: p(&["d", k]) })
            .collect();
        let edits = resolve(&Locator::new(text), &Fix::safe("t", ops)).unwrap();
        let mut edits: Vec<&Edit> = edits.iter().collect();
        edits.sort_by_key(|e| e.range.start);
        apply(text, edits)
    };
    assert_eq!(remove(&["a", "b"]), "{\"d\": {\"c\": 3, \"e\": 4}}");
    assert_eq!(remove(&["a", "c"]), "{\"d\": {\"b\": 2, \"e\": 4}}");
    assert_eq!(remove(&["b", "c", "e"]), "{\"d\": {\"a\": 1}}");
    assert_eq!(remove(&["a", "b", "c", "e"]), "{\"d\": {}}");
    assert_eq!(remove(&["a", "e"]), "{\"d\": {\"b\": 2, \"c\": 3}}");
}

#[test]
fn adds_to_a_list_or_makes_one() {
    let op = |text: &str| {
        run(
            text,
            Op::AddToList {
                path: Path::root(),
                key: "required".into(),
                json: "\"x\"".into(),
            },
        )
        .unwrap()
    };
    assert_eq!(
        op("{\"required\": [\"a\"]}"),
        "{\"required\": [\"a\", \"x\"]}"
    );
    assert_eq!(
        op("{\"type\": \"object\"}"),
        "{\"type\": \"object\", \"required\": [\"x\"]}"
    );
}

#[test]
fn inserts_in_the_object_s_own_layout() {
    let insert = |text: &str| {
        run(
            text,
            Op::Insert {
                path: p(&["s"]),
                key: "additionalProperties".into(),
                json: "false".into(),
            },
        )
        .unwrap()
    };
    assert_eq!(
        insert("{\"s\": {\"type\": \"object\"}}"),
        "{\"s\": {\"type\": \"object\", \"additionalProperties\": false}}"
    );
    assert_eq!(
        insert("{\"s\": {\"type\":\"object\"}}"),
        "{\"s\": {\"type\":\"object\",\"additionalProperties\":false}}"
    );
    assert_eq!(
        insert("{\"s\": {}}"),
        "{\"s\": {\"additionalProperties\": false}}"
    );
    assert_eq!(
        insert("{\"s\": {\n    \"type\": \"object\"\n  }}"),
        "{\"s\": {\n    \"type\": \"object\",\n    \"additionalProperties\": false\n  }}"
    );
    assert_eq!(
        run(
            "{\"r\": [\"a\"]}",
            Op::Append {
                path: p(&["r"]),
                json: "\"b\"".into()
            }
        )
        .unwrap(),
        "{\"r\": [\"a\", \"b\"]}"
    );
    // An array is not an object to add a member to.
    assert!(
        run(
            "{\"s\": []}",
            Op::Insert {
                path: p(&["s"]),
                key: "k".into(),
                json: "1".into()
            }
        )
        .is_none()
    );
}

#[test]
fn renames_and_replaces_in_place() {
    let text = "{\"desription\": \"x\", \"type\": \"float\"}";
    assert_eq!(
        run(
            text,
            Op::Rename {
                path: p(&["desription"]),
                key: "description".into()
            }
        )
        .unwrap(),
        "{\"description\": \"x\", \"type\": \"float\"}"
    );
    assert_eq!(
        run(
            text,
            Op::Replace {
                path: p(&["type"]),
                json: "\"number\"".into()
            }
        )
        .unwrap(),
        "{\"desription\": \"x\", \"type\": \"number\"}"
    );
    assert!(
        run(
            text,
            Op::Replace {
                path: p(&["nope"]),
                json: "1".into()
            }
        )
        .is_none()
    );
}

#[test]
fn taken_ranges_refuse_overlaps() {
    let e = |r: Range<usize>| Edit {
        range: r,
        replacement: String::new(),
    };
    let mut taken = Taken::default();
    assert!(taken.try_take(&[e(10..20)], &[]));
    assert!(!taken.try_take(&[e(15..25)], &[]));
    assert!(!taken.try_take(&[e(5..11)], &[]));
    // Touching is refused too, on either side.
    assert!(!taken.try_take(&[e(20..20)], &[]));
    assert!(!taken.try_take(&[e(0..10)], &[]));
    assert!(!taken.try_take(&[e(10..10)], &[]));
    assert!(taken.try_take(&[e(21..21)], &[]));
    assert!(!taken.try_take(&[e(21..21)], &[]));
    assert!(taken.try_take(&[e(0..9)], &[]));
    assert!(!taken.try_take(&[e(30..31), e(30..32)], &[]));
    // One fix's own edits may touch, not overlap.
    assert!(taken.try_take(&[e(40..41), e(41..42)], &[]));
    assert!(!taken.try_take(&[e(50..52), e(51..53)], &[]));
}

/// An element appended to an array whose only element another fix removes:
/// the two edits touch, so they go in two rounds and the text stays JSON.
#[test]
fn touching_fixes_go_in_separate_rounds() {
    let text = r#"{"tools": [{"name": "t", "inputSchema": {"type": "object", "properties": {"page": {"type": "string"}}, "required": ["page_old"], "additionalProperties": false}}]}"#;
    let settings = Settings {
        targets: crate::Targets::ALL,
        strict: true,
        ..Settings::default()
    };
    let fixed = fix(text, &settings, Applicability::Unsafe).unwrap();
    assert!(
        fixed
            .skipped
            .iter()
            .all(|s| !s.reason.contains("would not parse")),
        "{:#?}",
        fixed.skipped
    );
    let applied: Vec<&str> = fixed.applied.iter().map(|a| a.rule.id).collect();
    assert!(
        applied.contains(&"required-not-in-properties"),
        "{applied:?}"
    );
    assert!(
        applied.contains(&"openai-strict-optional-property"),
        "{applied:?}"
    );
}

#[test]
fn the_sample_loses_its_mechanical_errors() {
    let settings = Settings::default();
    let fixed = fix(crate::sample::TOOLS, &settings, Applicability::Safe).unwrap();
    let errors: Vec<&str> = fixed
        .remaining
        .findings
        .iter()
        .filter(|f| f.severity == crate::Severity::Error)
        .map(|f| f.rule.id)
        .collect();
    assert_eq!(errors, ["x-mcp-header-not-token"], "{:#?}", fixed.applied);
}
