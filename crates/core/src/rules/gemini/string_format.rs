use crate::registry::declare_rule;
use crate::rules::gemini::each_parameters_node;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::Value;

/// The string formats Gemini's errors have named as supported.
const STRING_FORMATS: [&str; 2] = ["enum", "date-time"];

declare_rule! {
    /// ## What it does
    /// Flags a string schema whose `format` is neither `"date-time"` nor
    /// `"enum"` (for example `"email"`, `"uri"`, `"date"`, `"uuid"`) in a
    /// schema that reaches Gemini as `parameters`. Runs when Gemini is a
    /// target and the parameters go in `parameters`.
    ///
    /// ## Why is this bad?
    /// Gemini has rejected such requests with a 400 ("format: only 'enum' and
    /// 'date-time' are supported for STRING type"), so no tool in them could
    /// be called. Its current reference says any format is allowed but most
    /// trigger no special behaviour, and reports disagree on whether the
    /// rejection still happens, so this is a warning: at best the format is
    /// ignored and the model is not held to it, at worst the request fails.
    ///
    /// ## Example
    /// ```json
    /// {"type": "string", "format": "email"}
    /// ```
    /// Use instead:
    /// ```json
    /// {"type": "string", "description": "Email address, e.g. ana@example.com"}
    /// ```
    ///
    /// ## Fix
    /// Remove the `format` and state it in the description with an example;
    /// check it in the handler. Keep `date-time`.
    ///
    /// ## Sources
    /// Checked 2026-12-02.
    /// - Gemini API reference, `Schema.format`: <https://ai.google.dev/api/caching#Schema>
    /// - The 400 for a string format: google-gemini/gemini-cli#4031
    pub GEMINI_STRING_FORMAT,
    id = "gemini-string-format",
    group = Gemini,
    severity = Warning,
    provider = Gemini, as_of = "2026-12-02",
    runs_in = Worker,
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: the format is then no longer stated in the schema) removes `format`; say it in the description instead.",
    summary = "Gemini: a string `format` other than date-time or enum",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_parameters_node(cx, &mut |tool, node| {
        let is_string = node
            .get("type")
            .and_then(Value::as_str)
            .is_some_and(|t| t.eq_ignore_ascii_case("string"));
        let Some(format) = node.get("format").and_then(Value::as_str) else {
            return;
        };
        if !is_string || STRING_FORMATS.contains(&format) {
            return;
        }
        out.report(
            Some(tool),
            node.path.key("format"),
            format!("Gemini: string format {} is not date-time or enum", quote(format)),
        )
        .explanation(
            "Gemini has rejected string formats other than `date-time` and `enum` with a 400 (\"only 'enum' and 'date-time' are supported for STRING type\"); \
             where it accepts them, most formats are ignored, so the model is not held to this one.",
        )
        .help(
            "Remove the format and state it in the description with an example; check it in the handler",
        )
.with_fix(|| crate::fix::Fix::r#unsafe(
    "Remove \"format\"",
    vec![crate::fix::Op::Remove { path: node.path.key("format") }],
));
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        GEMINI_STRING_FORMAT,
        "gemini/gemini-string-format.json",
        crate::Settings {
            targets: crate::Targets::GEMINI,
            ..Default::default()
        }
    );
}
