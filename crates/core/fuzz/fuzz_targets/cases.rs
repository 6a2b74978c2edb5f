//! `cases`: byte 0 picks the seed, the rest is an `inputSchema`. Every valid
//! case the JSON Schema validator accepts and every invalid one it refuses;
//! a schema that does not compile gets a note and no case; the same schema
//! and seed give the same cases; every export is made.

#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::json;
use toolcheck::cases;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(schema) = serde_json::from_slice::<serde_json::Value>(rest) else {
        return;
    };
    let seed = u64::from(first);
    let tool = json!({"name": "t", "inputSchema": schema, "annotations": {"readOnlyHint": true}});
    let made = cases::for_tool(&tool, seed);
    assert_eq!(
        made,
        cases::for_tool(&tool, seed),
        "the same schema and seed give the same cases"
    );
    match jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
    {
        Ok(validator) => {
            for case in &made.cases {
                assert_eq!(
                    validator.is_valid(&case.arguments),
                    case.is_valid(),
                    "{} is {} by the validator's judgement: {}",
                    case.id,
                    if case.is_valid() {
                        "refused"
                    } else {
                        "accepted"
                    },
                    case.arguments
                );
            }
        }
        Err(_) => assert!(
            made.cases.is_empty() && !made.notes.is_empty(),
            "a schema that does not compile has cases"
        ),
    }
    let mut ids: Vec<&str> = made.cases.iter().map(|c| c.id.as_str()).collect();
    ids.sort_unstable();
    let n = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), n, "case ids repeat");
    let tools = [made];
    for export in [
        cases::export::json(&tools, seed),
        cases::export::markdown(&tools, seed),
        cases::export::pytest(&tools, seed),
        cases::export::vitest(&tools, seed),
    ] {
        assert!(!export.is_empty());
    }
    serde_json::from_str::<serde_json::Value>(&cases::export::json(&tools, seed))
        .expect("the JSON export is JSON");
});
