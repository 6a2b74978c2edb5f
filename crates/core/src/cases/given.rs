//! Argument values a user gives (`toolcheck probe --arguments FILE`,
//! `[probe.arguments]`): real ones, where a made-up value gets a call
//! refused ("Project not found: 'example'") and so keeps the result rules
//! from judging its answer.
//!
//! The values are a JSON object. A key that names a tool of the server holds
//! that tool's values by argument name; any other key is an argument name,
//! and its value goes to every tool that declares that argument. A tool's
//! own values come before the shared ones.
//!
//! A given value is sent in every call of the tool (a value the call did not
//! hold is added) but where the call's defect is that argument: a call that
//! leaves out a required `id` still leaves it out. Every call is checked
//! against the schema again: a value the schema refuses is not sent (the
//! tool gets a note saying why), and an invalid call that the values made
//! valid keeps its made-up ones.

use serde_json::{Map, Value};

use super::ToolCases;
use super::generate::description_hint;
use crate::InputError;
use crate::input::{Document, detect};

/// The values a user gives, by tool and by argument.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Given {
    values: Map<String, Value>,
}

/// Where a value sent in a call came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The user gave it.
    Given,
    /// The schema: its `const`, `enum`, `examples` or `default`.
    Schema,
    /// The argument's description ("e.g. `main`").
    Description,
    /// Made to fit the schema's type and bounds.
    MadeUp,
}

impl Source {
    /// In words, as the probe's report says it.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Given => "given",
            Source::Schema => "from the schema",
            Source::Description => "from its description",
            Source::MadeUp => "made up",
        }
    }
}

impl Given {
    /// The values of a JSON object.
    #[must_use]
    pub fn new(values: Map<String, Value>) -> Self {
        Self { values }
    }

    /// The values for one tool: its own, then the shared ones it declares.
    fn for_tool(&self, tool: &Value) -> Map<String, Value> {
        let mut out = match self.values.get(name_of(tool)) {
            Some(Value::Object(own)) => own.clone(),
            _ => Map::new(),
        };
        for (name, value) in &self.values {
            if declares(tool, name) && !out.contains_key(name) {
                out.insert(name.clone(), value.clone());
            }
        }
        out
    }

    /// Sends the given values in the cases of `definitions` (a capture's
    /// tools, [`definitions`]), whose cases `tools` are, in the same order.
    ///
    /// # Errors
    /// A key that names no tool and no argument of any tool, or a tool's
    /// value that is no object or names an argument the tool does not
    /// declare (with the closest name).
    pub fn apply(&self, definitions: &[Value], tools: &mut [ToolCases]) -> Result<(), String> {
        for (key, value) in &self.values {
            if let Some(tool) = definitions.iter().find(|t| name_of(t) == key) {
                let Value::Object(own) = value else {
                    return Err(format!(
                        "\"{key}\" is a tool: its value must be an object of its arguments' values"
                    ));
                };
                if let Some(argument) = own.keys().find(|a| !declares(tool, a)) {
                    let hint = crate::text::closest(argument, argument_names(tool))
                        .map(|c| format!("; did you mean \"{c}\"?"))
                        .unwrap_or_default();
                    return Err(format!("\"{key}\" has no argument \"{argument}\"{hint}"));
                }
            } else if !definitions.iter().any(|t| declares(t, key)) {
                let names = definitions
                    .iter()
                    .flat_map(|t| argument_names(t).chain([name_of(t)]));
                let hint = crate::text::closest(key, names)
                    .map(|c| format!("; did you mean \"{c}\"?"))
                    .unwrap_or_default();
                return Err(format!(
                    "\"{key}\" is no tool of the server and no argument of any of its tools{hint}"
                ));
            }
        }
        for (tool, cases) in definitions.iter().zip(tools.iter_mut()) {
            let values = self.for_tool(tool);
            if let Some(schema) = tool.get("inputSchema")
                && !values.is_empty()
            {
                send(schema, &values, cases);
            }
        }
        Ok(())
    }
}

/// A tool's declared arguments: its `inputSchema`'s `properties`.
fn properties(tool: &Value) -> Option<&Map<String, Value>> {
    tool.pointer("/inputSchema/properties")
        .and_then(Value::as_object)
}

/// The names of a tool's declared arguments.
fn argument_names(tool: &Value) -> impl Iterator<Item = &str> {
    properties(tool)
        .into_iter()
        .flat_map(|p| p.keys().map(String::as_str))
}

/// Whether a tool declares the argument `name`.
fn declares(tool: &Value, name: &str) -> bool {
    properties(tool).is_some_and(|p| p.contains_key(name))
}

/// The tool definitions of a capture, in list order.
///
/// # Errors
/// Invalid JSON, an unrecognisable capture.
pub fn definitions(text: &str) -> Result<Vec<Value>, InputError> {
    let doc = Document::parse(text)?;
    let input = detect(&doc)?;
    Ok(input.tools.iter().map(|t| t.value.to_serde()).collect())
}

fn name_of(tool: &Value) -> &str {
    tool.get("name").and_then(Value::as_str).unwrap_or_default()
}

/// The top-level argument a case's defect is about, if any
/// (`["inputSchema", "properties", "id", …]` is about `id`).
fn defect_argument(case: &super::Case) -> Option<&str> {
    if case.is_valid() {
        return None;
    }
    match case.schema_path.as_slice() {
        [_, properties, name, ..] if properties == "properties" => Some(name),
        _ => case.argument.as_deref(),
    }
}

/// Sends `values` in the tool's calls, each one only where the schema still
/// takes the call (see the module's docs).
fn send(schema: &Value, values: &Map<String, Value>, cases: &mut ToolCases) {
    let Ok(validator) = crate::schema_errors::options().build(schema) else {
        return;
    };
    // Which values the valid calls take, one at a time.
    let mut fitting: Vec<&String> = Vec::new();
    for (name, value) in values {
        let mut refused = None;
        for case in cases.cases.iter().filter(|c| c.is_valid()) {
            let mut arguments = case.arguments.clone();
            if let Some(object) = arguments.as_object_mut() {
                object.insert(name.clone(), value.clone());
            }
            if let Some(error) = validator.iter_errors(&arguments).next() {
                refused = Some(error.to_string());
                break;
            }
        }
        match refused {
            None => fitting.push(name),
            Some(why) => cases.notes.push(format!(
                "the value given for `{name}` is not sent: the schema refuses it ({why})"
            )),
        }
    }
    for case in &mut cases.cases {
        let skip = defect_argument(case).map(str::to_owned);
        let mut arguments = case.arguments.clone();
        let Some(object) = arguments.as_object_mut() else {
            continue;
        };
        for name in &fitting {
            if skip.as_deref() != Some(name.as_str()) {
                object.insert((*name).clone(), values[*name].clone());
            }
        }
        // A valid call stays valid, an invalid one invalid.
        if validator.is_valid(&arguments) == case.is_valid() {
            case.arguments = arguments;
        }
    }
}

/// Where each argument of a call came from, in the call's order.
#[must_use]
pub fn sources(tool: &Value, arguments: &Value, given: &Given) -> Vec<(String, Source)> {
    let declared = properties(tool);
    let values = given.for_tool(tool);
    let Some(arguments) = arguments.as_object() else {
        return Vec::new();
    };
    arguments
        .iter()
        .map(|(name, value)| {
            let schema = declared
                .and_then(|d| d.get(name))
                .and_then(|s| super::generate::resolve(tool.get("inputSchema")?, s));
            let listed = |key: &str| {
                schema
                    .and_then(|s| s.get(key))
                    .is_some_and(|v| v == value || v.as_array().is_some_and(|a| a.contains(value)))
            };
            let source = if values.get(name) == Some(value) {
                Source::Given
            } else if ["const", "enum", "examples", "default"]
                .into_iter()
                .any(listed)
            {
                Source::Schema
            } else if schema
                .and_then(description_hint)
                .is_some_and(|hint| value.as_str() == Some(hint))
            {
                Source::Description
            } else {
                Source::MadeUp
            };
            (name.clone(), source)
        })
        .collect()
}
