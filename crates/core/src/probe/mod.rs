//! `toolcheck probe`'s judgements: how a live server answered the calls
//! made from its tools' schemas ([`crate::cases`]). The probe rules are rules
//! of the one list ([`crate::catalog::RULES`]), one file each with its docs
//! and its check, which looks at one answer ([`Answered`]); the probe's
//! runner ([`crate::checking::probe_report`]) runs them over every call, and
//! the result rules over each valid call's result.

pub mod rules;

use std::ops::Deref;
use std::sync::Arc;

use serde_json::Value;

use crate::cases::Defect;
use crate::finding::Finding;
use crate::finding::draft::Draft;
use crate::path::Path;
use crate::registry::RuleInfo;

/// How a server answered a `tools/call`.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// A result (`isError` or not).
    Result(Value),
    /// A result as a probe keeps it until its report
    /// ([`Answer::condensed`]).
    Condensed {
        /// Whether it said `isError: true`.
        is_error: bool,
        /// The start of the text of its text blocks.
        text: String,
        /// The whole result as compact JSON, for a valid call, whose result
        /// the result rules judge.
        result: Option<String>,
    },
    /// A JSON-RPC error.
    Error {
        /// Its code.
        code: Option<i64>,
        /// Its message.
        message: String,
    },
    /// No answer before the timeout.
    Timeout,
    /// The connection broke: the process exited, the stream closed.
    Closed(String),
}

/// How much of a tool error's text an invalid call's answer keeps.
const KEPT_TEXT: usize = 2_000;

impl Answer {
    /// The answer a JSON-RPC response to a `tools/call` gives: its error,
    /// else its result.
    #[must_use]
    pub fn of_response(response: &Value) -> Self {
        match (response.get("result"), response.get("error")) {
            (_, Some(error)) => Answer::Error {
                code: error.get("code").and_then(Value::as_i64),
                message: error
                    .get("message")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_owned(),
            },
            (Some(result), None) => Answer::Result(result.clone()),
            (None, None) => Answer::Closed("a response with no result and no error".into()),
        }
    }

    /// What the judgements read of the answer, and no more: whether a
    /// result is an error, the start of its text, and (`whole`, for a valid
    /// call) the result as compact JSON text. A probe keeps every answer
    /// until its report, and a result kept as a JSON value costs several
    /// times its text.
    #[must_use]
    pub fn condensed(self, whole: bool) -> Self {
        let Answer::Result(result) = self else {
            return self;
        };
        let mut text = text_of(&result);
        if let Some((at, _)) = text.char_indices().nth(KEPT_TEXT) {
            text.truncate(at);
        }
        text.shrink_to_fit();
        Answer::Condensed {
            is_error: result.get("isError").and_then(Value::as_bool) == Some(true),
            text,
            result: whole.then(|| result.to_string()),
        }
    }

    /// For a result: whether it is an error, its text, and the result as
    /// JSON text when it was kept whole.
    #[must_use]
    pub fn result_parts(&self) -> Option<(bool, String, Option<String>)> {
        match self {
            Answer::Result(r) => Some((
                r.get("isError").and_then(Value::as_bool) == Some(true),
                text_of(r),
                Some(r.to_string()),
            )),
            Answer::Condensed {
                is_error,
                text,
                result,
            } => Some((*is_error, text.clone(), result.clone())),
            _ => None,
        }
    }
}

/// One call made: which tool and case (indices into [`Probed::tools`]), and
/// the answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    /// The tool's index.
    pub tool: usize,
    /// The case's index among the tool's.
    pub case: usize,
    /// What the server answered.
    pub answer: Answer,
}

/// A probe run, for its report.
pub struct Probed<'a> {
    /// The capture the cases were made from (`tools/list`, as listed).
    pub capture: &'a str,
    /// The protocol version the server spoke.
    pub protocol: &'a str,
    /// Each tool's cases.
    pub tools: &'a [crate::cases::ToolCases],
    /// The calls made, in order.
    pub calls: &'a [Call],
    /// How long a call could take, in seconds, for messages.
    pub timeout_secs: u64,
    /// Why the probe stopped before the end, if it did.
    pub stopped: Option<&'a str>,
    /// The argument values the user gave, which the calls sent.
    pub given: &'a crate::cases::given::Given,
}

/// A probe rule: what is known about it, and the check that judges one
/// answer.
pub struct ProbeRule {
    /// Its id, docs and other facts.
    pub info: &'static RuleInfo,
    /// Judges one answer.
    pub(crate) check: fn(&Answered<'_>, &mut ProbeEmitter<'_>),
}

impl Deref for ProbeRule {
    type Target = RuleInfo;

    fn deref(&self) -> &RuleInfo {
        self.info
    }
}

/// What a probe rule sees: one call and its answer.
pub(crate) struct Answered<'a> {
    /// The tool called.
    pub tool: &'a str,
    /// The case's id (`missing-required:query`).
    pub case: &'a str,
    /// The case's defect, for an invalid call.
    pub defect: Option<Defect>,
    /// The argument at fault, for an invalid call.
    pub argument: Option<&'a str>,
    /// The answer.
    pub answer: &'a Answer,
    /// The text of a tool error, or the message of a JSON-RPC error.
    pub message: String,
    /// Whether the result says `isError: true`.
    pub is_error: bool,
    /// The message with which the tool refused a valid call, if it did (it
    /// needs credentials or data): a refusal of an invalid call that says
    /// the same says nothing about validation.
    pub refusal: Option<&'a str>,
    /// The protocol version the server spoke (`2025-11-25`).
    pub protocol: &'a str,
    /// How long a call could take, in seconds.
    pub timeout_secs: u64,
    /// For a valid call that was refused, the arguments whose values were
    /// made up, and those given or taken from a description: `made up:
    /// \`path\``.
    pub values: Option<String>,
}

impl Answered<'_> {
    /// Whether the server speaks a protocol from before 2025-11-25, which
    /// let a validation error be a JSON-RPC error (SEP-1303). Versions are
    /// dates, so they compare as text.
    pub(crate) fn before_sep1303(&self) -> bool {
        self.protocol < "2025-11-25"
    }

    /// Whether the call was one the schema refuses.
    pub(crate) fn invalid(&self) -> bool {
        self.defect.is_some()
    }

    /// `` `missing-required:query` (leaves out a required argument, `query`) ``.
    pub(crate) fn call(&self) -> String {
        match (self.defect, self.argument) {
            (Some(d), Some(a)) => format!("`{}`, which {} (`{a}`)", self.case, d.describe()),
            (Some(d), None) => format!("`{}`, which {}", self.case, d.describe()),
            (None, _) => format!("the valid call `{}`", self.case),
        }
    }
}

/// Records one probe rule's findings, at the path of the case it judges.
pub(crate) struct ProbeEmitter<'a> {
    rule: &'static RuleInfo,
    tool: &'a (Arc<str>, usize),
    path: &'a Path,
    found: &'a mut Vec<Finding>,
}

impl<'a> ProbeEmitter<'a> {
    /// Records `rule`'s findings about the case at `path` of `tool` (its
    /// name and its place in the list).
    pub(crate) fn new(
        rule: &'static RuleInfo,
        tool: &'a (Arc<str>, usize),
        path: &'a Path,
        found: &'a mut Vec<Finding>,
    ) -> Self {
        Self {
            rule,
            tool,
            path,
            found,
        }
    }

    /// Starts a finding saying `message`; [`Draft::help`] says what to do.
    pub(crate) fn report(&mut self, message: impl Into<String>) -> Draft<'_> {
        Draft::new(
            &mut *self.found,
            self.rule,
            Some(self.tool.clone()),
            self.path.clone(),
            message.into(),
            false,
        )
    }
}

/// The text of a result's text blocks, joined.
pub(crate) fn text_of(result: &Value) -> String {
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
/// path, or its own name, as a word; or that name in words (`page size` for
/// `page_size` or `pageSize`). A name of one or two letters (`a`, `id`) is
/// also a word of English, so it counts only quoted (`'a'`), followed by `:`
/// or `=`, after a word that introduces a name ("at a", "parameter id":
/// [`NAMING`]), in a path (`/id` as JSON Pointer and Ajv write it, `$.id` as
/// a JSON path), or alone on its line (Pydantic's layout: the field's path,
/// then its error). The layouts of the common validators are fixtures
/// (`resources/validator-messages`). The test files of
/// [`crate::cases::export`] judge the same way.
pub(crate) fn names(message: &str, path: &str) -> bool {
    let lower = message.to_lowercase();
    let inside = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    let quote = |c: Option<char>| matches!(c, Some('\'' | '"' | '`'));
    let word = |name: &str| {
        let name = name.to_lowercase();
        lower.match_indices(&name).any(|(at, _)| {
            let before = lower[..at].chars().next_back();
            let rest = &lower[at + name.len()..];
            let after = rest.chars().next();
            if inside(before) || inside(after) {
                return false;
            }
            let word_before = lower[..at]
                .trim_end()
                .rsplit(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or_default();
            name.chars().count() > 2
                || (quote(before) && quote(after))
                || rest.trim_start().starts_with([':', '='])
                || (before.is_some_and(char::is_whitespace) && NAMING.contains(&word_before))
                || before == Some('/')
                || lower[..at].ends_with("$.")
        })
    };
    let alone = |name: &str| {
        let name = name.to_lowercase();
        lower.lines().any(|line| line.trim() == name)
    };
    let last = path.rsplit('.').next().unwrap_or(path);
    word(path)
        || word(last)
        || word(&last.replace('_', " "))
        || word(&spaced(last))
        || alone(path)
        || alone(last)
}

/// The words after which a short name is a name: "received string at a",
/// "invalid parameter id".
pub(crate) const NAMING: &[&str] = &[
    "at",
    "argument",
    "field",
    "key",
    "param",
    "parameter",
    "property",
];

/// `pageSize` → `page size`.
fn spaced(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    let mut previous: Option<char> = None;
    for c in name.chars() {
        if c.is_uppercase() && previous.is_some_and(|p| p.is_lowercase() || p.is_ascii_digit()) {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
        previous = Some(c);
    }
    out
}

/// Where a valid call's values came from, by kind, for the message of a
/// refused call: `made up: \`path\`, \`project\`; from a description:
/// \`url\``. Values from the schema go unsaid: they are the server's own.
pub(crate) fn values_said(sources: &[(String, crate::cases::given::Source)]) -> Option<String> {
    use crate::cases::given::Source;
    let parts: Vec<String> = [Source::MadeUp, Source::Description, Source::Given]
        .into_iter()
        .filter_map(|kind| {
            let names: Vec<String> = sources
                .iter()
                .filter(|(_, s)| *s == kind)
                .map(|(name, _)| format!("`{name}`"))
                .collect();
            let said = match kind {
                Source::Description => "from a description",
                other => other.as_str(),
            };
            (!names.is_empty()).then(|| format!("{said}: {}", names.join(", ")))
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// A message quoted on one line as people read it: each line break is a
/// `⏎`, each line's indentation goes, and a message longer than 120
/// characters is cut with an ellipsis. Other control and invisible
/// characters are written as visible escapes.
pub fn quoted(message: &str) -> String {
    let lines: Vec<&str> = message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    crate::text::unicode::quote_excerpt(&lines.join(" ⏎ "), 120)
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
        assert!(names("page size must be at most 50", "pageSize"));
        assert!(names("'a' must be a number", "a"));
        assert!(names("a: expected a number", "a"));
        assert!(!names("expected a number", "a"));
        assert!(names(
            "Invalid input: expected number, received string at a",
            "a"
        ));
        assert!(names("invalid parameter id", "id"));
        assert!(!names("look at this", "is"));
        assert!(!names("Input should be a valid integer", "a"));
        assert!(names(
            "1 validation error for call[fetch]\nid\n  Field required",
            "id"
        ));
        assert!(!names(
            "1 validation error for call[fetch]\n  Field required",
            "id"
        ));
        assert!(names("/id must be string", "id"));
        assert!(names("$.id: 3 is not of type 'string'", "id"));
        assert!(!names("must be string", "id"));
        assert!(!names("3 is not of type 'string'", "id"));
    }

    #[test]
    fn messages_are_quoted_as_people_read_them() {
        assert_eq!(
            quoted("1 validation error for call[fetch]\nid\n  Field required\r\n"),
            "\"1 validation error for call[fetch] ⏎ id ⏎ Field required\""
        );
        let long = quoted(&"word ".repeat(60));
        assert!(long.ends_with("…\""), "{long}");
        assert!(long.chars().count() <= 124, "{long}");
        assert_eq!(quoted("a\u{1b}[8mb"), "\"a\\u{001B}[8mb\"");
    }

    /// The real messages of Pydantic, jsonschema, Zod and Ajv
    /// (`scripts/validator-messages.py` and `.mjs` write them): each says
    /// whether it names the argument, and the judge agrees.
    #[test]
    fn the_layouts_of_the_common_validators() {
        let fixtures = [
            include_str!("../../resources/validator-messages/pydantic.json"),
            include_str!("../../resources/validator-messages/jsonschema.json"),
            include_str!("../../resources/validator-messages/zod.json"),
            include_str!("../../resources/validator-messages/ajv.json"),
        ];
        let mut short = 0;
        for text in fixtures {
            let fixture: Value = serde_json::from_str(text).unwrap();
            let cases = fixture["cases"].as_array().unwrap();
            assert!(cases.len() >= 4, "{}", fixture["validator"]);
            for case in cases {
                let (argument, message) = (
                    case["argument"].as_str().unwrap(),
                    case["message"].as_str().unwrap(),
                );
                assert_eq!(
                    names(message, argument),
                    case["names"].as_bool().unwrap(),
                    "{} ({}): {message:?} and `{argument}`",
                    fixture["validator"],
                    case["layout"]
                );
                short += usize::from(argument.len() <= 2);
            }
        }
        // Short names (`id`, `q`), which need the layouts, are among them.
        assert!(short >= 20, "{short}");
    }
}
