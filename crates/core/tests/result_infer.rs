//! Property test: a schema inferred from a value validates that value, with
//! formats asserted.

use proptest::prelude::*;
use serde_json::{Map, Number, Value};

/// Strings that look like the formats inference detects, and near misses.
const FORMAT_LIKE: &[&str] = &[
    "2026-07-28T10:15:00Z",
    "2026-07-28T10:15:00.250+05:30",
    "2026-02-29T10:15:00Z",
    "2024-02-29",
    "2026-07-28",
    "123e4567-e89b-12d3-a456-426614174000",
    "asha@example.com",
    "a@b",
    "https://example.com/orders/ord_19ab?x=1#top",
    "http://localhost:8080/a%20b",
    "https://exa mple.com",
    "ord_19ab",
    "49.90",
    "",
];

fn scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| Value::Number(n.into())),
        any::<u64>().prop_map(|n| Value::Number(n.into())),
        any::<f64>().prop_filter_map("finite", |f| Number::from_f64(f).map(Value::Number)),
        (-1000i32..1000)
            .prop_map(|n| Value::Number(Number::from_f64(f64::from(n)).expect("finite"))),
        ".{0,12}".prop_map(Value::String),
        proptest::sample::select(FORMAT_LIKE).prop_map(|s| Value::String(s.to_owned())),
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    scalar().prop_recursive(5, 64, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            proptest::collection::vec(("[a-z$_ .~/]{0,6}", inner), 0..6).prop_map(|entries| {
                Value::Object(entries.into_iter().collect::<Map<String, Value>>())
            }),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn inferred_schema_validates_its_value(value in json_value()) {
        let schema = toolcheck::result::infer_schema(&value);
        let validator = jsonschema::options()
            .should_validate_formats(true)
            .build(&schema)
            .expect("an inferred schema compiles");
        let errors: Vec<String> = validator.iter_errors(&value).map(|e| e.to_string()).collect();
        prop_assert!(errors.is_empty(), "schema {schema} rejects {value}: {errors:?}");
    }

    #[test]
    fn inferred_schema_of_an_array_validates_each_element(items in proptest::collection::vec(json_value(), 1..5)) {
        let schema = toolcheck::result::infer_schema(&Value::Array(items.clone()));
        let mut item_schema = schema.get("items").cloned().unwrap_or(Value::Bool(true));
        if let Value::Object(obj) = &mut item_schema {
            obj.insert("$schema".into(), Value::String("https://json-schema.org/draft/2020-12/schema".into()));
        }
        let validator = jsonschema::options()
            .should_validate_formats(true)
            .build(&item_schema)
            .expect("an inferred schema compiles");
        for item in &items {
            prop_assert!(validator.is_valid(item), "items schema {item_schema} rejects {item}");
        }
    }
}
