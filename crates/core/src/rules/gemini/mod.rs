//! Gemini function calling, as of 2026-12-02.
//!
//! Gemini takes a function's parameters in one of two fields:
//!
//! - `parameters`, a subset of the OpenAPI 3.0 Schema object. Its protobuf
//!   parser rejects any field it does not know, and one unknown field fails
//!   the whole `generateContent` request, not only that tool.
//! - `parametersJsonSchema` (2025), which takes JSON Schema describing an
//!   object whose properties are the parameters.
//!
//! A pasted Gemini declaration uses the field it has; an MCP capture checked
//! against Gemini uses [`crate::settings::GeminiField`] (`--gemini-field`).

pub(crate) mod array_missing_items;
pub(crate) mod both_parameter_fields;
pub(crate) mod function_name_invalid;
pub(crate) mod json_schema_not_object;
pub(crate) mod string_format;
pub(crate) mod type_array;
pub(crate) mod unsupported_keyword;
pub(crate) mod vertex_parameter_name;

use crate::input::{Flavour, Tool};
use crate::rules::Definitions;
use crate::rules::walk::Node;
use crate::settings::GeminiField;

/// The fields of Gemini's `Schema` (the Gemini API's `content.proto`): the
/// keywords `parameters` accepts.
pub(crate) const SUPPORTED: [&str; 22] = [
    "type",
    "format",
    "title",
    "description",
    "nullable",
    "enum",
    "items",
    "maxItems",
    "minItems",
    "properties",
    "required",
    "minProperties",
    "maxProperties",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "pattern",
    "example",
    "anyOf",
    "propertyOrdering",
    "default",
];

/// The field a tool's parameters reach Gemini in.
pub(crate) fn field(cx: &Definitions<'_>, tool: &Tool<'_>) -> GeminiField {
    match tool.flavour {
        Flavour::GeminiParameters => GeminiField::Parameters,
        Flavour::GeminiJsonSchema => GeminiField::JsonSchema,
        _ => cx.settings.gemini_field,
    }
}

/// Visits every reached node of the input schemas that reach Gemini as
/// `parameters` (the Gemini rules run only when Gemini is a target).
pub(crate) fn each_parameters_node<'a>(
    cx: &Definitions<'a>,
    visit: &mut dyn FnMut(&'a Tool<'a>, &Node<'a>),
) {
    cx.each_input_node(&mut |tool, node| {
        if field(cx, tool) == GeminiField::Parameters {
            visit(tool, node);
        }
    });
}

/// Google's limit on function and (Vertex AI) parameter names.
pub(crate) const NAME_LIMIT: usize = 64;

/// Whether `c` may start a Google name: a letter or `_`.
pub(crate) fn name_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

/// A name Google accepts, made from `name`: each character `allowed` refuses
/// becomes `_`, a `_` goes before a first character that is not a letter or
/// `_`, and the result is cut to [`NAME_LIMIT`].
pub(crate) fn safe_name(name: &str, allowed: fn(char) -> bool) -> String {
    let mut out: String = name
        .chars()
        .map(|c| if allowed(c) { c } else { '_' })
        .collect();
    if !out.starts_with(name_start) {
        out.insert(0, '_');
    }
    out.chars().take(NAME_LIMIT).collect()
}

/// "the whole request fails": what an unknown or malformed field in
/// `parameters` costs, for the explanations.
pub(crate) const WHOLE_REQUEST: &str = "Gemini parses `parameters` as a protobuf message, and a field it cannot parse fails the whole \
     generateContent request with a 400 (\"Invalid JSON payload received\"), before any tool is looked at: no tool in the request can be called, not only this one.";
