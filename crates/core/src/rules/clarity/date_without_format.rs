use std::sync::LazyLock;

use crate::text::re::Regex;

use crate::finding::Severity;
use crate::value::{Map, Value};

use crate::registry::declare_rule;
use crate::rules::clarity::{is_parameter, name_tokens};
use crate::rules::walk::has_type;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::member;

declare_rule! {
    /// ## What it does
    /// Flags a string parameter whose name says it holds a date or a time but
    /// whose schema has no `format` (and no `pattern`, `enum` or `const`).
    ///
    /// The name is split into tokens at `_`, `-`, `.` and camelCase. It is
    /// date-like when a token is `date`, `time`, `datetime` or `timestamp`
    /// (so `timeoutMs`, `runtime` and `times` do not count); when its last
    /// token is `at` (`createdAt`, `lastReadAt`); when a token is `since` or
    /// `until`; or when `after`/`before` follows a word such as `created` or
    /// `updated` (`createdAfter`). A bare `after` or `before` is usually a
    /// pagination cursor, so it counts only when its description mentions a
    /// date or time. Names that end in a token such as `zone`, `format`, `unit`
    /// or `id` (`time_zone`, `date_format`, `since_id`) are not dates.
    /// This is a heuristic: it reads names, not values.
    ///
    /// What the description says changes the finding:
    /// - when it states the format (RFC 3339, ISO 8601, a pattern such as
    ///   `YYYY-MM-DD`, Unix or epoch time, or an example date such as
    ///   `2026-01-31`), the model knows what to send, so the finding is info:
    ///   a `format` still lets clients and validators check the value;
    /// - when it gives relative durations (`'5s'`, `'2m'`, "a relative
    ///   duration", "ago"), the value is an age, not a date, and a date
    ///   `format` would be wrong: nothing is reported;
    /// - when it says the value is the name of a date field ("the name of the
    ///   timestamp to sort against"), nothing is reported either.
    ///
    /// ## Why is this bad?
    /// Without a `format`, `2026-10-16`, `16/10/2026` and `last Friday` all
    /// validate. The model sends whichever it thinks of, and the handler has to
    /// parse it or fail. `"format": "date-time"` (RFC 3339) tells the model the
    /// one shape to send and lets a validator reject the others.
    ///
    /// ## Example
    /// ```json
    /// {"createdAfter": {"type": "string", "description": "Only orders created after this moment"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"createdAfter": {"type": "string", "format": "date-time",
    ///                   "description": "Only orders created after this moment (RFC 3339)"}}
    /// ```
    ///
    /// ## Fix
    /// Add `"format": "date-time"`, or `"format": "date"` for a calendar date.
    ///
    /// ## Sources
    /// - JSON Schema 2020-12 Validation, dates and times: <https://json-schema.org/draft/2020-12/json-schema-validation#section-7.3.1>
    /// - RFC 3339: <https://www.rfc-editor.org/rfc/rfc3339>
    pub DATE_WITHOUT_FORMAT,
    id = "date-without-format",
    group = Clarity,
    severity = Warning,
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: values the handler accepts today may then fail validation) adds the suggested `format`.",
    summary = "A date- or time-like string parameter has no `format`",
}

/// Tokens that make a name a date or time on their own.
const DATE_TOKENS: [&str; 5] = ["date", "time", "datetime", "timestamp", "dob"];
/// Tokens that mean "a moment relative to this one".
const RELATIVE_TOKENS: [&str; 2] = ["since", "until"];
/// Words that, before `after` or `before`, make it a moment (`createdAfter`).
const EVENT_WORDS: [&str; 16] = [
    "created",
    "updated",
    "modified",
    "changed",
    "published",
    "started",
    "ended",
    "finished",
    "completed",
    "deleted",
    "closed",
    "opened",
    "merged",
    "expires",
    "expired",
    "due",
];
/// Tokens that make a date-like name mean something else.
const NOT_A_MOMENT: [&str; 29] = [
    "zone",
    "zones",
    "tz",
    "format",
    "formats",
    "fmt",
    "unit",
    "units",
    "range",
    "window",
    "period",
    "granularity",
    "interval",
    "limit",
    "type",
    "kind",
    "field",
    "mode",
    "style",
    "locale",
    "duration",
    "elapsed",
    "spent",
    "id",
    "ids",
    "cursor",
    "token",
    "sha",
    "version",
];

/// Why a name is date-like, or `None`.
fn date_like(name: &str, description: Option<&str>) -> bool {
    let tokens = name_tokens(name);
    let Some(last) = tokens.last() else {
        return false;
    };
    if tokens.iter().any(|t| NOT_A_MOMENT.contains(&&**t)) {
        return false;
    }
    if tokens
        .iter()
        .any(|t| DATE_TOKENS.contains(&&**t) || RELATIVE_TOKENS.contains(&&**t))
    {
        return true;
    }
    if tokens.len() >= 2 && last == "at" {
        return true;
    }
    let relative = |t: &str| matches!(t, "after" | "before");
    if tokens
        .windows(2)
        .any(|w| EVENT_WORDS.contains(&&*w[0]) && relative(&w[1]))
    {
        return true;
    }
    if tokens.len() == 1 && relative(last) {
        let d = description.unwrap_or_default().to_lowercase();
        return ["date", "time", "iso 8601", "rfc 3339", "timestamp"]
            .iter()
            .any(|w| d.contains(w))
            && !d.contains("cursor");
    }
    false
}

/// Whether the schema (or one of its `anyOf`/`oneOf` branches) is a string.
fn is_string(obj: &Map) -> bool {
    if has_type(obj, "string") {
        return true;
    }
    ["anyOf", "oneOf"].iter().any(|k| {
        member(obj, k).and_then(Value::as_array).is_some_and(|bs| {
            bs.iter()
                .filter_map(Value::as_object)
                .any(|b| has_type(b, "string"))
        })
    })
}

/// Whether the schema (or a branch) already says what shape the value has.
fn constrained(obj: &Map) -> bool {
    let own = ["format", "pattern", "enum", "const"]
        .iter()
        .any(|k| member(obj, k).is_some());
    own || ["anyOf", "oneOf", "allOf"].iter().any(|k| {
        member(obj, k).and_then(Value::as_array).is_some_and(|bs| {
            bs.iter()
                .filter_map(Value::as_object)
                .any(|b| b.contains_key("format") || b.contains_key("pattern"))
        })
    })
}

/// What a description says about the value's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stated {
    /// Nothing: the model has to guess.
    Nothing,
    /// The format: RFC 3339, ISO 8601, a pattern, epoch time or an example.
    Format,
    /// The value is not a moment: a relative duration, or a field's name.
    NotAMoment,
}

/// A description that states a date format. The notations are ASCII, so the
/// pattern is too (`-u`): Unicode classes and case folding would add nothing
/// here and make it several times slower to build, a cost the page's first
/// check pays.
static STATES_FORMAT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i-u)\brfc\s?-?\s?3339\b|\biso\s?-?\s?8601\b|yyyy|\bunix\b|\bepoch\b|\d{4}-\d{2}-\d{2}|\bhh:mm\b")
        .expect("valid pattern")
});

/// A description that makes the value a relative duration or a field's name
/// (ASCII, as [`STATES_FORMAT`]).
static NOT_A_MOMENT_TEXT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i-u)['"`]\d+\s?(?:ms|s|m|h|d|w)['"`]|\brelative (?:duration|time)\b|\bago\b|\bnames? of (?:the|a)\b"#,
    )
    .expect("valid pattern")
});

/// What `description` tells the model about the value's format.
fn stated(description: Option<&str>) -> Stated {
    let Some(text) = description else {
        return Stated::Nothing;
    };
    if NOT_A_MOMENT_TEXT.is_match(text) {
        Stated::NotAMoment
    } else if STATES_FORMAT.is_match(text) {
        Stated::Format
    } else {
        Stated::Nothing
    }
}

/// `date` for calendar dates, `date-time` otherwise.
fn suggested_format(name: &str, description: Option<&str>) -> &'static str {
    let tokens = name_tokens(name);
    let has = |t: &str| tokens.iter().any(|x| x == t);
    let d = description.unwrap_or_default().to_ascii_uppercase();
    let date_only_text = d.contains("YYYY-MM-DD") && !d.contains("HH") && !d.contains("TIME");
    if (has("date") || has("dob") || date_only_text)
        && !has("time")
        && !has("datetime")
        && !has("timestamp")
    {
        "date"
    } else {
        "date-time"
    }
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    cx.each_input_node(&mut |tool, node| {
        if !is_parameter(tool, node) {
            return;
        }
        let (Some(name), Some(obj)) = (node.property_name(), node.object()) else { return };
        let description = member(obj, "description").and_then(Value::as_str);
        if !is_string(obj) || constrained(obj) || !date_like(name, description) {
            return;
        }
        let format = suggested_format(name, description);
        match stated(description) {
            Stated::NotAMoment => {}
            Stated::Nothing => {
                out.report(
                    Some(tool),
                    node.path.clone(),
                    format!("{} looks like a date or time but has no format", quote(name)),
                )
                .explanation(
                    "Without a `format`, `2026-10-16`, `16/10/2026` and `last Friday` all validate. The model sends \
                     whichever shape it thinks of, and the handler has to parse it or fail the call.",
                )
                .help(format!("Add \"format\": \"{format}\" to {}", quote(name)))
.with_fix(|| crate::fix::Fix::r#unsafe(
    format!("Add \"format\": \"{format}\""),
    vec![crate::fix::Op::Insert { path: node.path.clone(), key: "format".into(), json: crate::fix::json(format) }],
));
            }
            Stated::Format => out.report(
                Some(tool),
                node.path.clone(),
                format!(
                    "{} states its date format only in its description, not as a `format`",
                    quote(name)
                ),
            )
            .explanation(
                "The description tells the model what to send, so calls are likely to be right. A `format` would \
                 also let clients and validators reject a malformed value before the handler sees it.",
            )
            .help(format!("Add \"format\": \"{format}\" to {}", quote(name)))
            .severity = Severity::Info,
        }
    });
}

#[cfg(test)]
mod tests {
    use super::date_like;

    #[test]
    fn names() {
        for name in [
            "createdAfter",
            "created_at",
            "lastReadAt",
            "start_date",
            "since",
            "updatedSince",
            "DateTime",
        ] {
            assert!(date_like(name, None), "{name}");
        }
        for name in [
            "timeoutMs",
            "runtime",
            "times",
            "after",
            "format",
            "time_zone",
            "date_format",
            "since_id",
            "at",
        ] {
            assert!(!date_like(name, None), "{name}");
        }
        assert!(date_like(
            "before",
            Some("Only show items updated before the given time (ISO 8601)")
        ));
        assert!(!date_like("before", Some("Backward pagination cursor")));
    }

    #[test]
    fn reads_what_the_description_states() {
        use super::{Stated, stated};
        for text in [
            "Only commits after this date (ISO 8601 format: YYYY-MM-DDTHH:MM:SSZ or YYYY-MM-DD)",
            "Start date in YYYY-MM-DD format",
            "When the run started, as an RFC 3339 timestamp",
            "Seconds since the Unix epoch",
            "For example 2026-01-31",
        ] {
            assert_eq!(stated(Some(text)), Stated::Format, "{text}");
        }
        for text in [
            "Only return logs newer than a relative duration like '5s', '2m', or '3h'",
            "How long ago the event happened",
            "The name of the timestamp to sort against. Possible values include `last_edited_time`.",
        ] {
            assert_eq!(stated(Some(text)), Stated::NotAMoment, "{text}");
        }
        for text in [
            "Only orders created after this moment",
            "Describes the last point that notifications were checked (optional). Default: Now",
        ] {
            assert_eq!(stated(Some(text)), Stated::Nothing, "{text}");
        }
        assert_eq!(stated(None), Stated::Nothing);
    }

    crate::rule_snapshot!(DATE_WITHOUT_FORMAT, "clarity/date-without-format.json");
}
