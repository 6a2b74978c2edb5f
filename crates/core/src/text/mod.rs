//! Reading names and prose: what the rules that care about words share, so
//! each judgement is made in one place and tuned with one test table.

pub(crate) mod addresses;
pub(crate) mod escapes;
pub(crate) mod prose;
pub(crate) mod quoting;
pub(crate) mod re;
pub(crate) mod request;
pub(crate) mod scan;
pub(crate) mod secrets;
pub(crate) mod sensitive;
pub(crate) mod similarity;
pub(crate) mod spelling;
pub(crate) mod unicode;
pub(crate) mod words;

pub(crate) use quoting::{join_and, push_quoted, quote};
pub(crate) use spelling::{closest, loose};

/// A character both providers (OpenAI and Claude) accept in a tool name.
#[must_use]
pub(crate) fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}
