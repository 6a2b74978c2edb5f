use crate::value::Value;

use crate::input::Tool;
use crate::numbers::thousands;
use crate::path::Path;
use crate::registry::declare_rule;
use crate::rules::provider::{OPENAI_STRICT_DESCEND, each_strict_node};
use crate::rules::walk::Via;
use crate::rules::{Definitions, Emitter};
use crate::value::member;

/// Object properties in one schema.
const MAX_PROPERTIES: usize = 5_000;
/// Levels of object nesting.
const MAX_LEVELS: usize = 10;
/// Characters of property names, definition names, enum and const values.
const MAX_CHARS: usize = 120_000;
/// Enum values in one schema.
const MAX_ENUM_VALUES: usize = 1_000;
/// A string enum longer than this many values…
const BIG_ENUM: usize = 250;
/// …may total at most this many characters.
const BIG_ENUM_CHARS: usize = 15_000;

declare_rule! {
    /// ## What it does
    /// In strict mode, checks each tool's parameters schema against OpenAI's
    /// size limits, one finding per limit exceeded:
    /// - at most 5,000 object properties in total;
    /// - at most 10 levels of object nesting;
    /// - at most 120,000 characters of property names, definition names, enum
    ///   values and const values together;
    /// - at most 1,000 enum values in total;
    /// - a single string enum with more than 250 values may total at most
    ///   15,000 characters.
    ///
    /// Strict mode applies when it is ticked for every tool or the tool says
    /// `"strict": true`; runs when OpenAI is a target.
    ///
    /// How levels are counted (OpenAI does not document it): on the schema as
    /// written, the parameters object is level 1, and every object schema met
    /// through `properties`, `items` or a `$defs`/`definitions` member adds one;
    /// the branches of an object's `anyOf` stay at its level, and arrays and
    /// other non-object schemas add nothing. `$ref` is not followed. Enum and
    /// const values that are not strings count with their JSON text.
    ///
    /// ## Why is this bad?
    /// A schema over a limit is rejected with a 400, and the whole request
    /// fails. Large generated schemas (every field of an API, an enum of every
    /// country or product code) hit these.
    ///
    /// Where the sources disagree: older copies of the guide, and many tools
    /// built from them, still quote 100 properties, 5 levels and 500 enum values.
    /// Those figures are stale; OpenAI raised them in 2025 and Toolcheck uses the
    /// current ones.
    ///
    /// ## Example
    /// An `enum` of 1,200 product codes in one parameter.
    ///
    /// Use instead: a string parameter whose description names the format, with
    /// a separate search tool that returns valid codes.
    ///
    /// ## Fix
    /// Split the tool, flatten deep nesting, or replace a huge enum with a
    /// described string that the handler validates.
    ///
    /// ## Sources
    /// - OpenAI Structured Outputs, supported schemas (objects have limitations): <https://developers.openai.com/api/docs/guides/structured-outputs>
    /// - Old figures: community.openai.com/t/918388 and /974416
    pub OPENAI_STRICT_SCHEMA_TOO_LARGE,
    id = "openai-strict-schema-too-large",
    group = OpenAi,
    severity = Error,
    provider = OpenAi, as_of = "2026-10-01",
    runs_in = Worker,
    converter = (EnsureStrictJsonSchema, Keeps),
    fix_note = "No automatic fix: splitting the tool, flattening it or replacing an enum changes its interface, and the handler has to change with it.",
    summary = "OpenAI strict: the schema exceeds a size limit (properties, nesting, characters, enum values)",
}

#[derive(Default)]
struct Tally {
    properties: usize,
    chars: usize,
    enum_values: usize,
    too_deep: Option<(Path, usize)>,
    deepest: usize,
    big_enums: Vec<(Path, usize, usize)>,
}

fn value_chars(v: &Value) -> usize {
    match v {
        Value::String(s) => s.chars().count(),
        other => other.to_string().chars().count(),
    }
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    let mut tallies: Vec<(&Tool<'_>, Tally)> = Vec::new();
    each_strict_node(cx, OPENAI_STRICT_DESCEND, &mut |tool, node| {
        if tallies.last().is_none_or(|(t, _)| t.index != tool.index) {
            tallies.push((tool, Tally::default()));
        }
        let Some((_, t)) = tallies.last_mut() else {
            return;
        };
        match node.via {
            Via::Property(name) | Via::Named("$defs" | "definitions", name) => {
                t.chars += name.chars().count()
            }
            _ => {}
        }
        t.deepest = t.deepest.max(node.level);
        if node.level > MAX_LEVELS && t.too_deep.is_none() {
            t.too_deep = Some((node.path.clone(), node.level));
        }
        let Some(obj) = node.object() else { return };
        if let Some(props) = member(obj, "properties").and_then(Value::as_object) {
            t.properties += props.len();
        }
        if let Some(c) = member(obj, "const") {
            t.chars += value_chars(c);
        }
        if let Some(Value::Array(values)) = member(obj, "enum") {
            t.enum_values += values.len();
            let len: usize = values.iter().map(value_chars).sum();
            t.chars += len;
            if values.len() > BIG_ENUM
                && values.iter().all(Value::is_string)
                && len > BIG_ENUM_CHARS
            {
                t.big_enums.push((node.path.key("enum"), values.len(), len));
            }
        }
    });
    for (tool, t) in tallies {
        let root = tool.input_schema_path();
        let fails = "OpenAI rejects a strict schema over this limit with a 400, and the whole request fails, so no tool in it \
                     can be called.";
        if t.properties > MAX_PROPERTIES {
            out.report(
                Some(tool),
                root.clone(),
                format!(
                    "OpenAI: {} object properties; strict mode allows {}",
                    thousands(t.properties),
                    thousands(MAX_PROPERTIES)
                ),
            )
            .explanation(
                format!("A strict schema may have at most 5,000 object properties in total. {fails}"),
            )
            .help(
                "Split the tool into smaller tools, or move rarely used fields into one described string parameter",
            );
        }
        if let Some((path, level)) = t.too_deep {
            out.report(
                Some(tool),
                path,
                format!(
                    "OpenAI: objects nest {} levels deep here; strict mode allows {MAX_LEVELS}",
                    t.deepest.max(level)
                ),
            )
            .explanation(
                format!(
                    "A strict schema may nest objects at most 10 levels deep. OpenAI does not say how it counts; Toolcheck \
                     counts object schemas from the parameters object (level 1) down, as written. {fails}"
                ),
            )
            .help(
                "Flatten the nesting: lift inner objects into top-level parameters, or take the deep part as a JSON string",
            );
        }
        if t.chars > MAX_CHARS {
            out.report(
                Some(tool),
                root.clone(),
                format!(
                    "OpenAI: {} characters of property names, definition names, enum and const values; strict mode allows {}",
                    thousands(t.chars),
                    thousands(MAX_CHARS)
                ),
            )
            .explanation(
                format!(
                    "The names of properties and definitions and the enum and const values of a strict schema may total \
                     at most 120,000 characters. {fails}"
                ),
            )
            .help(
                "Shorten or drop large enums (use a described string the handler validates), or split the tool",
            );
        }
        if t.enum_values > MAX_ENUM_VALUES {
            out.report(
                Some(tool),
                root.clone(),
                format!(
                    "OpenAI: {} enum values; strict mode allows {}",
                    thousands(t.enum_values),
                    thousands(MAX_ENUM_VALUES)
                ),
            )
            .explanation(
                format!("A strict schema may have at most 1,000 enum values across all its enums. {fails}"),
            )
            .help(
                "Replace the largest enums with described strings that the handler validates, or add a lookup tool",
            );
        }
        for (path, count, len) in t.big_enums {
            out.report(
                Some(tool),
                path,
                format!(
                    "OpenAI: an enum of {} strings totals {} characters; strict mode allows {} when over {BIG_ENUM} values",
                    thousands(count),
                    thousands(len),
                    thousands(BIG_ENUM_CHARS)
                ),
            )
            .explanation(
                format!(
                    "A single string enum with more than 250 values may total at most 15,000 characters in strict mode. {fails}"
                ),
            )
            .help(
                "Replace the enum with a described string that the handler validates, or add a lookup tool that returns valid values",
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    crate::rule_snapshot!(
        OPENAI_STRICT_SCHEMA_TOO_LARGE,
        "openai/openai-strict-schema-too-large.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            strict: true,
            ..Default::default()
        }
    );

    fn run(schema: &serde_json::Value) -> Vec<String> {
        let text = json!({"tools": [{"name": "t", "inputSchema": schema}]}).to_string();
        let settings = crate::Settings {
            targets: crate::Targets::ALL,
            strict: true,
            ..Default::default()
        };
        let report = crate::check(
            &text,
            &settings.only(super::OPENAI_STRICT_SCHEMA_TOO_LARGE.id),
        )
        .unwrap();
        report.findings.iter().map(|f| f.message.clone()).collect()
    }

    #[test]
    fn property_count() {
        let props = |n: usize| {
            let mut m = serde_json::Map::new();
            for i in 0..n {
                m.insert(format!("p{i}"), json!({"type": "string"}));
            }
            json!({"type": "object", "properties": m})
        };
        assert!(run(&props(5_000)).is_empty());
        assert_eq!(
            run(&props(5_001)),
            ["OpenAI: 5,001 object properties; strict mode allows 5,000"]
        );
    }

    #[test]
    fn character_total() {
        // Four properties ("a" to "d": 4 characters) with 250 enum values each,
        // 120 characters apiece except the last: 120,000 characters exactly.
        let schema = |last: usize| {
            let mut props = serde_json::Map::new();
            for (p, name) in ["a", "b", "c", "d"].iter().enumerate() {
                let values: Vec<String> = (0..250)
                    .map(|i| {
                        let width = if p == 3 && i == 249 { last } else { 120 };
                        format!("{i:0>width$}")
                    })
                    .collect();
                props.insert(
                    (*name).to_owned(),
                    json!({"type": "string", "enum": values}),
                );
            }
            json!({"type": "object", "properties": props})
        };
        assert!(run(&schema(116)).is_empty());
        assert_eq!(
            run(&schema(117)),
            [
                "OpenAI: 120,001 characters of property names, definition names, enum and const values; strict mode allows 120,000"
            ]
        );
    }
}
