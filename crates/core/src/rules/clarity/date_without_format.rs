use crate::value::{Map, Value};

use crate::registry::declare_rule;
use crate::rules::clarity::{is_parameter, name_tokens};
use crate::rules::util::member;
use crate::rules::util::quote;
use crate::rules::walk::has_type;
use crate::rules::{Cx, Emitter};

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

fn check(cx: &Cx<'_>, out: &mut Emitter<'_>) {
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
        out.emit(
            Some(tool),
            node.path.clone(),
            format!("{} looks like a date or time but has no format", quote(name)),
            "Without a `format`, `2026-10-16`, `16/10/2026` and `last Friday` all validate. The model sends whichever \
             shape it thinks of, and the handler has to parse it or fail the call.",
            format!("Add \"format\": \"{format}\" to {}", quote(name)),
        );
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

    crate::rule_snapshot!(DATE_WITHOUT_FORMAT, "clarity/date-without-format.json");
}
