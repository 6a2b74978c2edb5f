//! The probe rules: how a live server answered the calls `toolcheck probe`
//! made from its tools' schemas, one file each, with its docs and its check.

pub(crate) mod error_names_no_argument;
pub(crate) mod error_not_a_tool_result;
pub(crate) mod invalid_input_accepted;
pub(crate) mod no_answer;
pub(crate) mod valid_call_refused;

pub use error_names_no_argument::PROBE_ERROR_NAMES_NO_ARGUMENT;
pub use error_not_a_tool_result::PROBE_ERROR_NOT_A_TOOL_RESULT;
pub use invalid_input_accepted::PROBE_INVALID_INPUT_ACCEPTED;
pub use no_answer::PROBE_NO_ANSWER;
pub use valid_call_refused::PROBE_VALID_CALL_REFUSED;
