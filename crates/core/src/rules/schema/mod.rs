//! JSON Schema validity.

pub(crate) mod required_not_in_properties;
pub(crate) mod unknown_type_name;
