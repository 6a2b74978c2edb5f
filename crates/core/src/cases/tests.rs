use serde_json::{Value, json};

use super::*;

fn tool(schema: Value) -> Value {
    json!({"name": "t", "annotations": {"readOnlyHint": true}, "inputSchema": schema})
}

fn ids(cases: &ToolCases) -> Vec<&str> {
    cases.cases.iter().map(|c| c.id.as_str()).collect()
}

#[test]
fn every_constraint_gets_its_case() {
    let schema = json!({
        "type": "object",
        "properties": {
            "q": {"type": "string", "minLength": 2, "maxLength": 5, "pattern": "^[a-z]+$"},
            "limit": {"type": "integer", "minimum": 1, "maximum": 50},
            "ratio": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
            "sort": {"type": "string", "enum": ["asc", "desc"]},
            "since": {"type": "string", "format": "date-time"},
            "tags": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 3},
            "filter": {
                "type": "object",
                "properties": {"owner": {"type": "string", "format": "email"}},
                "required": ["owner"],
                "additionalProperties": false
            }
        },
        "required": ["q", "filter"],
        "additionalProperties": false
    });
    let cases = for_tool(&tool(schema.clone()), 7);
    assert!(cases.read_only);
    assert!(cases.notes.is_empty(), "{:?}", cases.notes);
    let ids = ids(&cases);
    for id in [
        "valid:required",
        "valid:all",
        "missing-required:q",
        "missing-required:filter",
        "missing-required:filter.owner",
        "unknown-argument:unexpected_argument",
        "unknown-argument:filter.unexpected_argument",
        "wrong-type:q",
        "null:limit",
        "too-short:q",
        "too-long:q",
        "pattern-mismatch:q",
        "below-minimum:limit",
        "above-maximum:limit",
        "at-exclusive-minimum:ratio",
        "at-exclusive-maximum:ratio",
        "outside-enum:sort",
        "broken-format:since",
        "broken-format:filter.owner",
        "too-few-items:tags",
        "too-many-items:tags",
    ] {
        assert!(ids.contains(&id), "{id} not in {ids:?}");
    }
    // Every case is what it says, by the validator's judgement.
    let validator = jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .unwrap();
    for case in &cases.cases {
        assert_eq!(
            validator.is_valid(&case.arguments),
            case.is_valid(),
            "{case:?}"
        );
    }
    let required = &cases.cases[0];
    assert_eq!(required.arguments.as_object().unwrap().len(), 2);
    let pattern = cases
        .cases
        .iter()
        .find(|c| c.id == "pattern-mismatch:q")
        .unwrap();
    assert_eq!(
        pattern.schema_path.join("."),
        "inputSchema.properties.q.pattern"
    );
    assert_eq!(pattern.argument.as_deref(), Some("q"));
    assert!(pattern.expectation().contains("names `q`"));
}

#[test]
fn values_come_from_the_schema_first() {
    let cases = for_tool(
        &tool(json!({
            "type": "object",
            "properties": {
                "mode": {"const": "fast"},
                "region": {"enum": ["eu", "us"]},
                "n": {"type": "integer", "examples": [7]},
                "unit": {"type": "string", "default": "cm"},
                "step": {"type": "integer", "minimum": 3, "multipleOf": 5},
                "id": {"type": "string", "format": "uuid"},
                "code": {"type": "string", "pattern": "^[A-Z]{3}-\\d{2}$"}
            },
            "required": ["mode", "region", "n", "unit", "step", "id", "code"]
        })),
        1,
    );
    let args = &cases.cases[0].arguments;
    assert_eq!(args["mode"], "fast");
    assert_eq!(args["region"], "eu");
    assert_eq!(args["n"], 7);
    assert_eq!(args["unit"], "cm");
    assert_eq!(args["step"], 5);
    assert_eq!(args["code"], "AAA-00");
    assert_eq!(args["id"].as_str().unwrap().len(), 36);
}

#[test]
fn the_same_seed_gives_the_same_cases() {
    let schema = tool(
        json!({"type": "object", "properties": {"id": {"type": "string", "format": "uuid"}}, "required": ["id"]}),
    );
    assert_eq!(for_tool(&schema, 3), for_tool(&schema, 3));
    assert_ne!(for_tool(&schema, 3), for_tool(&schema, 4));
}

#[test]
fn a_schema_nothing_satisfies_gets_a_note_not_a_guess() {
    let cases = for_tool(
        &tool(json!({
            "type": "object",
            "properties": {"x": {"allOf": [{"type": "string"}, {"type": "integer"}]}},
            "required": ["x"]
        })),
        1,
    );
    assert!(cases.cases.is_empty(), "{:?}", cases.cases);
    assert!(
        cases
            .notes
            .iter()
            .any(|n| n.contains("allOf gives type two different values")),
        "{:?}",
        cases.notes
    );
    let empty = for_tool(
        &tool(json!({"type": "object", "properties": {"x": false}, "required": ["x"]})),
        1,
    );
    assert!(empty.cases.is_empty());
    assert!(!empty.notes.is_empty());
}

#[test]
fn references_and_nullable_branches() {
    let cases = for_tool(
        &tool(json!({
            "type": "object",
            "$defs": {"Page": {"type": "integer", "minimum": 1}},
            "properties": {
                "page": {"$ref": "#/$defs/Page"},
                "cursor": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": null}
            },
            "required": ["page"]
        })),
        1,
    );
    let all = cases.cases.iter().find(|c| c.id == "valid:all").unwrap();
    assert_eq!(all.arguments["page"], 1);
    assert_eq!(all.arguments["cursor"], "example");
    assert!(ids(&cases).contains(&"below-minimum:page"));
}

#[test]
fn every_corpus_tool_gets_valid_calls_or_a_note() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/resources/corpus");
    let mut tools = 0;
    let mut with_cases = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for t in for_capture(&text, 1).unwrap() {
            tools += 1;
            if t.cases.iter().any(Case::is_valid) {
                with_cases += 1;
            } else {
                assert!(
                    !t.notes.is_empty(),
                    "{}: {} has no valid call and no note",
                    path.display(),
                    t.tool
                );
            }
        }
    }
    assert!(tools > 480, "{tools}");
    // Nearly every real tool can be called.
    assert!(with_cases * 100 >= tools * 95, "{with_cases} of {tools}");
}

#[test]
fn the_json_names_the_request_and_the_expectation() {
    let cases = for_tool(
        &tool(
            json!({"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}),
        ),
        1,
    );
    let json = to_json(&[cases], 1);
    let first = &json["tools"][0]["cases"][0];
    assert_eq!(first["request"]["method"], "tools/call");
    assert_eq!(first["request"]["params"]["name"], "t");
    assert_eq!(first["expect"]["outcome"], "result");
    let missing = json["tools"][0]["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["defect"] == "missing-required")
        .unwrap();
    assert_eq!(missing["expect"]["outcome"], "tool-error");
    assert_eq!(missing["expect"]["names"], "q");
}

#[test]
fn a_tool_callable_only_as_a_task_is_marked() {
    let tool = serde_json::json!({"name": "research", "execution": {"taskSupport": "required"},
        "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}});
    assert!(super::for_tool(&tool, 1).task_only);
    let plain = serde_json::json!({"name": "research", "execution": {"taskSupport": "optional"},
        "inputSchema": {"type": "object"}});
    assert!(!super::for_tool(&plain, 1).task_only);
}

#[test]
fn a_schema_that_does_not_compile_gets_the_same_note_every_time() {
    // Found by the `cases` fuzz target: of two `$ref`s that lead nowhere,
    // the validator named whichever it met first, in no fixed order, so the
    // note (which the page and `probe --export` show) changed between runs.
    let schema = json!({"type": "object", "properties": {
        "a": {"$ref": "https://example.com/schemas/a.json"},
        "b": {"$ref": "other.json#/$defs/B"},
        "c": {"$ref": "#/$defs/missing"}}});
    let first = for_tool(&tool(schema.clone()), 1);
    assert!(first.cases.is_empty());
    assert_eq!(
        first.notes,
        vec![
            "the inputSchema does not compile: a `$ref` in it leads outside it or to nothing in it"
        ]
    );
    for _ in 0..50 {
        assert_eq!(for_tool(&tool(schema.clone()), 1), first);
    }
}

#[test]
fn a_value_a_description_gives_is_used_when_the_schema_takes_it() {
    let hint = |description: &str| {
        super::generate::description_hint(&json!({"description": description})).map(str::to_owned)
    };
    assert_eq!(hint("The project, e.g. `main`."), Some("main".into()));
    assert_eq!(
        hint("A time zone such as 'America/New_York'"),
        Some("America/New_York".into())
    );
    assert_eq!(
        hint("Folder, for example: notes/daily."),
        Some("notes/daily".into())
    );
    assert_eq!(hint("Entity id (e.g. \"ent_42\")"), Some("ent_42".into()));
    assert_eq!(hint("Order id, e.g. ord_19ab"), Some("ord_19ab".into()));
    assert_eq!(hint("Kind, for instance, note"), Some("note".into()));
    // A phrase, not a value; no hint at all.
    assert_eq!(hint("Tags such as the ones the user gave"), None);
    assert_eq!(hint("No example here."), None);
    // "e.g." inside a word is not one.
    assert_eq!(hint("seg.g. x"), None);

    let valid = |property: Value| {
        let cases = for_tool(
            &tool(json!({"type": "object", "required": ["p"], "properties": {"p": property}})),
            1,
        );
        assert!(cases.notes.is_empty(), "{:?}", cases.notes);
        cases.cases[0].arguments["p"].clone()
    };
    assert_eq!(
        valid(json!({"type": "string", "description": "Project name, e.g. `main`"})),
        json!("main")
    );
    // Values from the schema come first.
    assert_eq!(
        valid(json!({"type": "string", "default": "dev", "description": "e.g. `main`"})),
        json!("dev")
    );
    // What the schema refuses is no hint: the value is made as before.
    assert_eq!(
        valid(json!({"type": "string", "pattern": "^[0-9]+$", "description": "e.g. abc"})),
        valid(json!({"type": "string", "pattern": "^[0-9]+$"}))
    );
    assert_eq!(
        valid(json!({"type": "string", "minLength": 2, "description": "e.g. `x`"})),
        valid(json!({"type": "string", "minLength": 2}))
    );
}

#[test]
fn given_values_go_to_every_call_but_their_own_defects() {
    use super::given::{Given, Source, sources};
    let capture = json!({"tools": [
        {"name": "read", "inputSchema": {"type": "object", "required": ["id"], "properties": {
            "id": {"type": "string", "minLength": 3},
            "project": {"type": "string"}}}},
        {"name": "list", "inputSchema": {"type": "object", "properties": {
            "project": {"type": "string"}, "limit": {"type": "integer", "maximum": 10}}}}
    ]})
    .to_string();
    let mut tools = for_capture(&capture, 1).unwrap();
    let definitions = super::given::definitions(&capture).unwrap();
    let given = Given::new(
        json!({"project": "main", "read": {"id": "note-1"}, "limit": 99})
            .as_object()
            .unwrap()
            .clone(),
    );
    given.apply(&definitions, &mut tools).unwrap();
    let read = &tools[0];
    for case in &read.cases {
        if case.argument.as_deref() != Some("id") {
            assert_eq!(case.arguments["id"], "note-1", "{}", case.id);
        }
        if case.argument.as_deref() != Some("project") {
            assert_eq!(case.arguments["project"], "main", "{}", case.id);
        }
    }
    // The defects on `id` keep theirs: still left out, still too short.
    let missing = read
        .cases
        .iter()
        .find(|c| c.id == "missing-required:id")
        .unwrap();
    assert!(missing.arguments.get("id").is_none());
    let short = read.cases.iter().find(|c| c.id == "too-short:id").unwrap();
    assert_ne!(short.arguments["id"], "note-1");
    // 99 is over `limit`'s maximum: not sent, and said.
    let list = &tools[1];
    assert!(
        list.cases
            .iter()
            .all(|c| c.arguments.get("limit") != Some(&json!(99)))
    );
    assert!(
        list.notes
            .iter()
            .any(|n| n.starts_with("the value given for `limit` is not sent")),
        "{:?}",
        list.notes
    );
    // Where each value came from.
    let definition = &definitions[0];
    assert_eq!(
        sources(definition, &read.cases[0].arguments, &given),
        vec![
            ("id".to_owned(), Source::Given),
            ("project".to_owned(), Source::Given)
        ]
    );
    assert_eq!(
        sources(definition, &json!({"id": "abc"}), &Given::default()),
        vec![("id".to_owned(), Source::MadeUp)]
    );
    // A key that names nothing is an error, with the closest name.
    let typo = Given::new(json!({"projct": "x"}).as_object().unwrap().clone());
    let error = typo
        .apply(&definitions, &mut for_capture(&capture, 1).unwrap())
        .unwrap_err();
    assert!(error.ends_with("did you mean \"project\"?"), "{error}");
}
