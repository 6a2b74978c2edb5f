//! The shape of the tool list and of each tool.

pub(crate) mod dotted_tool_name;
pub(crate) mod duplicate_tool_name;
pub(crate) mod input_schema_missing;
pub(crate) mod nonconforming_tool_name;
pub(crate) mod prompt_argument_required_not_boolean;
pub(crate) mod tool_field_wrong_type;
pub(crate) mod tool_name_missing;
pub(crate) mod tool_not_object;
pub(crate) mod tools_not_array;
