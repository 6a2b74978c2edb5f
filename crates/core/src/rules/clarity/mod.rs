//! What the model reads: names, descriptions, enums, formats.
//!
//! The schema-facing helpers these rules share, which the list's cache and
//! the metrics read too, are [`crate::rules::facts`]; the word and prose
//! analysis they read text with is [`crate::text`].

pub(crate) mod colliding_description;
pub(crate) mod date_without_format;
pub(crate) mod enum_without_description;
pub(crate) mod near_duplicate_description;
pub(crate) mod prompt_argument_undescribed;
pub(crate) mod prose_enum;
pub(crate) mod thin_description;
pub(crate) mod undescribed_parameter;
pub(crate) mod untyped_parameter;

pub(crate) use crate::rules::facts::{
    ProseEnum, has_text, is_described, is_parameter, resolve_local_ref,
};
pub(crate) use crate::text::words::{
    WordMap, WordSet, analyse, lowered, name_tokens, stem, word_count,
};
