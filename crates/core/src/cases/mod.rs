//! Test cases for a tool's calls, made from its `inputSchema`: the calls a
//! server should accept and the calls it should refuse, one defect each.
//!
//! - **Valid calls**: one with only the required arguments and one with all
//!   of them. Values come from `const`, `enum`, `examples` and `default`
//!   first, and are otherwise made to fit the type, the format, the bounds
//!   and a simple `pattern`. A string takes the value its description gives
//!   ("e.g. `main`") when the call still fits the schema, and a probe sends
//!   the values a user gives ([`given`]).
//! - **Invalid calls**, each breaking one constraint of one argument (at any
//!   depth of nested objects): a missing required argument, a wrong type, a
//!   value outside `enum`, a broken `format` (date-time, date, email, uri,
//!   uuid), each bound broken (`minimum`, `maximum`, the exclusive ones,
//!   `minLength`, `maxLength`, `minItems`, `maxItems`, `pattern`), an unknown
//!   argument where `additionalProperties` is false, and `null` where the
//!   type has no null.
//!
//! Every case is checked against the schema with the JSON Schema validator
//! before it is kept: a valid call that the schema refuses is not offered
//! (the tool gets a note saying why instead of a guess), and an invalid one
//! that the schema accepts (a constraint that an `anyOf` makes moot) is
//! left out. Generation is deterministic: the same schema and seed give the
//! same cases, on the page and in the CLI.

mod defects;
pub mod export;
mod generate;
pub mod given;
mod pattern;

use jsonschema::ReferencingError;
use jsonschema::error::ValidationErrorKind;
use serde_json::{Value, json};

use crate::InputError;
use crate::input::{Document, detect};

pub use defects::Defect;
use generate::{Fill, Gen};

/// The cases of one tool.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolCases {
    /// The tool's name.
    pub tool: String,
    /// Whether its annotations say `readOnlyHint: true`: the only tools a
    /// probe calls without being told to.
    pub read_only: bool,
    /// Whether it can only be called as a task (`execution.taskSupport:
    /// "required"`): a plain `tools/call`, which is what a probe makes, is
    /// refused whatever its arguments.
    pub task_only: bool,
    /// The cases, the valid calls first.
    pub cases: Vec<Case>,
    /// Why cases are missing: a schema too complex to satisfy, or one that
    /// does not compile.
    pub notes: Vec<String>,
}

/// One call to make, and what the server should do with it.
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    /// A stable id within the tool: `valid:required`, `valid:all`,
    /// `missing-required:filter.since`.
    pub id: String,
    /// The defect, for an invalid call.
    pub defect: Option<Defect>,
    /// The argument at fault, as a path into the arguments (`filter.since`).
    pub argument: Option<String>,
    /// What in the tool's definition the case tests, as the keys of a path
    /// from the tool (`inputSchema`, `properties`, `filter`, …).
    pub schema_path: Vec<String>,
    /// The arguments to send.
    pub arguments: Value,
}

impl Case {
    /// Whether the server should accept the call.
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.defect.is_none()
    }

    /// What the server should do, in words.
    #[must_use]
    pub fn expectation(&self) -> String {
        match (&self.defect, &self.argument) {
            (None, _) => "runs the tool and returns a result".to_owned(),
            (Some(_), Some(argument)) => format!(
                "refuses the call with a tool error (a result with isError: true) whose message names `{argument}`"
            ),
            (Some(_), None) => {
                "refuses the call with a tool error (a result with isError: true)".to_owned()
            }
        }
    }
}

/// The cases of a tool definition (an MCP `Tool` object).
#[must_use]
pub fn for_tool(tool: &Value, seed: u64) -> ToolCases {
    let name = tool
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let read_only = tool
        .get("annotations")
        .and_then(|a| a.get("readOnlyHint"))
        .and_then(Value::as_bool)
        == Some(true);
    let task_only = tool
        .get("execution")
        .and_then(|e| e.get("taskSupport"))
        .and_then(Value::as_str)
        == Some("required");
    let mut notes = Vec::new();
    let cases = match tool.get("inputSchema") {
        Some(schema) => cases(schema, seed, &mut notes),
        None => {
            notes.push("the tool has no inputSchema".into());
            Vec::new()
        }
    };
    ToolCases {
        tool: name,
        read_only,
        task_only,
        cases,
        notes,
    }
}

/// The tool of `tools` whose name is closest to `name` (a misspelt
/// `--tools` name), if one is close.
#[must_use]
pub fn closest_tool<'t>(name: &str, tools: &'t [ToolCases]) -> Option<&'t str> {
    crate::text::closest(name, tools.iter().map(|t| t.tool.as_str()))
}

/// The cases of every tool of a capture (anything [`crate::check`] accepts).
///
/// # Errors
/// Invalid JSON (with line and column), or an unrecognisable capture.
pub fn for_capture(text: &str, seed: u64) -> Result<Vec<ToolCases>, InputError> {
    let doc = Document::parse(text)?;
    let input = detect(&doc)?;
    Ok(input
        .tools
        .iter()
        .map(|tool| for_tool(&tool.value.to_serde(), seed))
        .collect())
}

/// The cases as JSON: each tool's cases, each with the `tools/call` request
/// it sends (numbered from 1 across the tools) and what the server should
/// do. The page's export and `toolcheck probe --dry-run --format json`
/// give this.
#[must_use]
pub fn to_json(tools: &[ToolCases], seed: u64) -> Value {
    let mut id = 0;
    let tools: Vec<Value> = tools
        .iter()
        .map(|t| {
            let cases: Vec<Value> = t
                .cases
                .iter()
                .map(|c| {
                    id += 1;
                    json!({
                        "id": c.id,
                        "kind": if c.is_valid() { "valid" } else { "invalid" },
                        "defect": c.defect.map(Defect::as_str),
                        "argument": c.argument,
                        "schema_path": c.schema_path.join("."),
                        "expect": {
                            "outcome": if c.is_valid() { "result" } else { "tool-error" },
                            "names": c.argument,
                            "text": c.expectation(),
                        },
                        "request": {
                            "jsonrpc": "2.0",
                            "id": id,
                            "method": "tools/call",
                            "params": {"name": t.tool, "arguments": c.arguments},
                        },
                    })
                })
                .collect();
            json!({
                "tool": t.tool,
                "read_only": t.read_only,
                "cases": cases,
                "notes": t.notes,
            })
        })
        .collect();
    json!({"seed": seed, "tools": tools})
}

/// The cases of one `inputSchema`.
fn cases(schema: &Value, seed: u64, notes: &mut Vec<String>) -> Vec<Case> {
    let validator = match crate::schema_errors::options().build(schema) {
        Ok(v) => v,
        Err(e) => {
            // Of several `$ref`s that lead nowhere, the validator names
            // whichever it met first, in no fixed order; the note must be
            // the same on every run, on the page and in the CLI, so it names
            // none (`external-ref` and `unresolved-local-ref` name each).
            notes.push(match e.kind() {
                ValidationErrorKind::Referencing(r)
                    if !matches!(r, ReferencingError::UnknownSpecification { .. }) =>
                {
                    "the inputSchema does not compile: a `$ref` in it leads outside it or to nothing in it".into()
                }
                _ => format!("the inputSchema does not compile: {e}"),
            });
            return Vec::new();
        }
    };
    let mut out: Vec<Case> = Vec::new();
    let mut base: Option<Value> = None;
    for (fill, id) in [(Fill::Required, "valid:required"), (Fill::All, "valid:all")] {
        // Values the descriptions give first; made again without them when
        // one does not fit.
        let mut generator = Gen::new(schema, seed);
        generator.hints = true;
        let mut made = generator.value(schema, fill, 0);
        if generator.hinted && !made.as_ref().is_some_and(|a| validator.is_valid(a)) {
            generator = Gen::new(schema, seed);
            made = generator.value(schema, fill, 0);
        }
        let Some(arguments) = made else {
            notes.push(format!(
                "no {} call was made: {}",
                if fill == Fill::Required {
                    "required-only"
                } else {
                    "complete"
                },
                generator
                    .note
                    .unwrap_or_else(|| "the schema is too complex".into())
            ));
            continue;
        };
        if let Some(error) = validator.iter_errors(&arguments).next() {
            notes.push(format!(
                "no {} call was made: the values made for it do not fit the schema ({error})",
                if fill == Fill::Required {
                    "required-only"
                } else {
                    "complete"
                },
            ));
            continue;
        }
        if out.iter().any(|c| c.arguments == arguments) {
            continue;
        }
        out.push(Case {
            id: id.to_owned(),
            defect: None,
            argument: None,
            schema_path: vec!["inputSchema".to_owned()],
            arguments: arguments.clone(),
        });
        base = Some(arguments);
    }
    let Some(base) = base else {
        return out;
    };
    let mut generator = Gen::new(schema, seed);
    for case in defects::invalid(&mut generator, schema, &base) {
        // Only a call the schema itself refuses: a constraint that an
        // `anyOf` makes moot is not a defect.
        if !validator.is_valid(&case.arguments) && !out.iter().any(|c| c.id == case.id) {
            out.push(case);
        }
    }
    out
}

#[cfg(test)]
mod tests;
