//! JSON Schema validity.

pub(crate) mod additional_properties_not_false;
pub(crate) mod array_without_items;
pub(crate) mod boolean_exclusive_bound;
pub(crate) mod boolean_required;
pub(crate) mod default_not_allowed;
pub(crate) mod deprecated_keyword;
pub(crate) mod empty_enum;
pub(crate) mod external_ref;
pub(crate) mod input_schema_type_not_object;
pub(crate) mod meta_schema_violation;
pub(crate) mod misspelled_keyword;
pub(crate) mod openapi_nullable;
pub(crate) mod required_not_in_properties;
pub(crate) mod tuple_form_items;
pub(crate) mod unknown_type_name;
pub(crate) mod unresolved_local_ref;
pub(crate) mod unused_definition;

/// The JSON Schema dialect a schema declares with `$schema`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// Draft 3.
    Draft3,
    /// Draft 4.
    Draft4,
    /// Draft 6.
    Draft6,
    /// Draft 7.
    Draft7,
    /// 2019-09.
    Draft201909,
    /// 2020-12, also when `$schema` is absent.
    Draft202012,
    /// A `$schema` naming something else.
    Unknown,
}

impl Dialect {
    /// The dialect of a schema root: the one `$schema` names, or else MCP's
    /// default, 2020-12. MCP 2025-06-18 names no default dialect; its own
    /// schema and most SDKs of that time use draft-07, so that is assumed there.
    /// A `$schema` that is not a string counts as absent.
    pub(crate) fn of(schema: &crate::value::Value, revision: crate::settings::Revision) -> Self {
        match crate::value::field(schema, "$schema").and_then(crate::value::Value::as_str) {
            Some(uri) => Self::from_uri(uri),
            None if revision == crate::settings::Revision::R2025_06_18 => Dialect::Draft7,
            None => Dialect::Draft202012,
        }
    }

    fn from_uri(uri: &str) -> Self {
        let uri = uri.trim().trim_end_matches('#').to_ascii_lowercase();
        let rest = uri
            .strip_prefix("https://")
            .or_else(|| uri.strip_prefix("http://"))
            .unwrap_or(&uri);
        match rest {
            "json-schema.org/draft/2020-12/schema" => Dialect::Draft202012,
            "json-schema.org/draft/2019-09/schema" => Dialect::Draft201909,
            "json-schema.org/draft-07/schema" => Dialect::Draft7,
            "json-schema.org/draft-06/schema" => Dialect::Draft6,
            "json-schema.org/draft-04/schema" => Dialect::Draft4,
            "json-schema.org/draft-03/schema" => Dialect::Draft3,
            _ => Dialect::Unknown,
        }
    }

    /// How messages name it.
    pub(crate) fn label(self) -> &'static str {
        match self {
            Dialect::Draft3 => "draft-03",
            Dialect::Draft4 => "draft-04",
            Dialect::Draft6 => "draft-06",
            Dialect::Draft7 => "draft-07",
            Dialect::Draft201909 => "2019-09",
            Dialect::Draft202012 => "2020-12",
            Dialect::Unknown => "unknown",
        }
    }
}

/// Each schema of a tool (input, then output), with where it is.
#[cfg(feature = "schema")]
pub(crate) fn tool_schemas<'a>(
    tool: &crate::input::Tool<'a>,
) -> Vec<(
    crate::input::SchemaKind,
    &'a crate::value::Value,
    crate::path::Path,
)> {
    let mut out = Vec::new();
    if let Some(schema) = tool.input_schema() {
        out.push((
            crate::input::SchemaKind::Input,
            schema,
            tool.input_schema_path(),
        ));
    }
    if let Some(schema) = tool.output_schema() {
        out.push((
            crate::input::SchemaKind::Output,
            schema,
            tool.path.key("outputSchema"),
        ));
    }
    out
}

/// Visits every subschema of every tool's input and output schemas, with the
/// dialect its schema root declares.
pub(crate) fn each_node_with_dialect<'a>(
    cx: &crate::rules::Definitions<'a>,
    visit: &mut dyn FnMut(&'a crate::input::Tool<'a>, Dialect, &crate::rules::walk::Node<'a>),
) {
    let tools = cx.tools();
    for (tool, nodes) in tools.iter().zip(cx.cache.nodes(tools)) {
        for (schema, nodes) in [
            (tool.input_schema(), &nodes.input),
            (tool.output_schema(), &nodes.output),
        ] {
            let Some(schema) = schema else { continue };
            let dialect = Dialect::of(schema, cx.settings.revision);
            for (_, node) in nodes.reached() {
                visit(tool, dialect, node);
            }
        }
    }
}
