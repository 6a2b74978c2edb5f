//! How a server answered each case: the verdict, before it is a finding.

use serde_json::Value;

use super::Answer;
use crate::cases::Case;

/// What an answer shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Verdict {
    /// As it should: a valid call got a result, an invalid one a tool error
    /// that names the argument.
    Fine,
    /// An invalid call got a result that is not an error: the handler ran.
    InvalidAccepted,
    /// An invalid call got a JSON-RPC error, which the client keeps from
    /// the model.
    ProtocolError { code: Option<i64>, message: String },
    /// An invalid call got a tool error whose message names neither the
    /// argument nor its path.
    NamesNothing { message: String },
    /// A valid call got a tool error or a JSON-RPC error (the handler may
    /// need credentials or data).
    ValidRefused { message: String },
    /// A valid call's result, for the result rules.
    ValidResult(Value),
    /// No answer before the timeout.
    Timeout,
    /// The server stopped: it exited or its stream closed.
    Closed(String),
    /// Not judged: the tool refuses valid calls too, so its refusal of an
    /// invalid one says nothing about validation.
    Unjudged,
}

/// The text of a result's text blocks, joined.
pub(super) fn text_of(result: &Value) -> String {
    result
        .get("content")
        .and_then(Value::as_array)
        .map(|blocks| {
            blocks
                .iter()
                .filter_map(|b| b.get("text").and_then(Value::as_str))
                .collect::<Vec<_>>()
                .join("\n")
        })
        .unwrap_or_default()
}

/// Whether `message` names the argument at `path` (`filter.since`): its
/// path, or its own name, as a word.
pub(super) fn names(message: &str, path: &str) -> bool {
    let lower = message.to_lowercase();
    let word = |name: &str| {
        let name = name.to_lowercase();
        lower.match_indices(&name).any(|(at, _)| {
            let before = lower[..at].chars().next_back();
            let after = lower[at + name.len()..].chars().next();
            let inside = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
            !inside(before) && !inside(after)
        })
    };
    let last = path.rsplit('.').next().unwrap_or(path);
    word(path) || word(last) || word(&last.replace('_', " "))
}

/// The verdict on one answer. `refuses_valid` says whether the tool
/// refused a valid call.
pub(super) fn judge(case: &Case, answer: &Answer, refuses_valid: bool) -> Verdict {
    match answer {
        Answer::Timeout => Verdict::Timeout,
        Answer::Closed(why) => Verdict::Closed(why.clone()),
        Answer::Error { code, message } => {
            if case.is_valid() {
                Verdict::ValidRefused {
                    message: format!(
                        "JSON-RPC error{}: {message}",
                        code.map(|c| format!(" {c}")).unwrap_or_default()
                    ),
                }
            } else {
                Verdict::ProtocolError {
                    code: *code,
                    message: message.clone(),
                }
            }
        }
        Answer::Result(result) => {
            let is_error = result.get("isError").and_then(Value::as_bool) == Some(true);
            match (case.is_valid(), is_error) {
                (true, false) => Verdict::ValidResult(result.clone()),
                (true, true) => Verdict::ValidRefused {
                    message: text_of(result),
                },
                (false, false) => Verdict::InvalidAccepted,
                (false, true) if refuses_valid => Verdict::Unjudged,
                (false, true) => {
                    let message = text_of(result);
                    match &case.argument {
                        Some(path) if !names(&message, path) => Verdict::NamesNothing { message },
                        _ => Verdict::Fine,
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_names_the_argument_by_its_name_or_its_path() {
        assert!(names("Invalid argument query: must be a string", "query"));
        assert!(names("filter.since must be a date", "filter.since"));
        assert!(names("'since' is not a date", "filter.since"));
        assert!(names("Page size too large", "page_size"));
        assert!(!names("Invalid input.", "query"));
        assert!(!names("queryable is wrong", "query"));
    }
}
