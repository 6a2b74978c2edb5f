use crate::registry::declare_rule;
use crate::rules::provider::{CLAUDE_STRICT_DESCEND, each_strict_node, unsupported_format};
use crate::rules::{Definitions, Emitter};
use crate::text::quote;

/// The `format` values Claude's strict mode supports.
const FORMATS: [&str; 10] = [
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "uri",
    "ipv4",
    "ipv6",
    "uuid",
];

declare_rule! {
    /// ## What it does
    /// In strict mode, flags a `format` value Claude does not support. The
    /// supported values are `date-time`, `time`, `date`, `duration`, `email`,
    /// `hostname`, `uri`, `ipv4`, `ipv6` and `uuid`. Strict mode applies when it
    /// is ticked for every tool or the tool says `"strict": true`; runs when
    /// Claude is a target.
    ///
    /// ## Why is this bad?
    /// Claude's strict tool use compiles the schema into a grammar and supports
    /// only these string formats; a schema with another one (`uri-reference`,
    /// `ipv4-address`, `int32`, …) is refused with a 400 and no tool in the
    /// request can be called. Unlike OpenAI, Claude supports `uri`.
    ///
    /// ## Example
    /// ```json
    /// {"link": {"type": "string", "format": "uri-reference"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"link": {"type": "string", "format": "uri"}}
    /// ```
    ///
    /// ## Fix
    /// Use a supported format, or remove `format` and say what the value is in
    /// the description; validate it in the handler.
    ///
    /// ## Sources
    /// - Claude structured outputs, JSON Schema limitations: <https://platform.claude.com/docs/en/build-with-claude/structured-outputs>
    /// - Claude strict tool use: <https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use>
    /// - anthropic-sdk-python `lib/_parse/_transform.py` (`SupportedStringFormats`)
    pub CLAUDE_STRICT_UNSUPPORTED_FORMAT,
    id = "claude-strict-unsupported-format",
    group = Claude,
    severity = Error,
    provider = Claude, as_of = "2026-10-01",
    runs_in = Worker,
    converter = (TransformSchema, Fixes),
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: the format is then no longer stated in the schema) removes `format`; say it in the description instead.",
    summary = "Claude strict: a `format` value outside the supported list",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_strict_node(cx, CLAUDE_STRICT_DESCEND, &mut |tool, node| {
        let Some((format, fix)) = unsupported_format(node, &FORMATS, false) else {
            return;
        };
        out.report(
            Some(tool),
            node.path.key("format"),
            format!("Claude: format {} is not supported in strict mode", quote(format)),
        )
        .explanation(
            "Claude's strict mode accepts only the formats date-time, time, date, duration, email, hostname, uri, ipv4, ipv6 \
             and uuid; a schema with any other format is refused with a 400, so no tool in the request can be called.",
        )
        .help(fix)
.with_fix(|| crate::fix::Fix::r#unsafe(
    "Remove \"format\"",
    vec![crate::fix::Op::Remove { path: node.path.key("format") }],
));
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        CLAUDE_STRICT_UNSUPPORTED_FORMAT,
        "claude/claude-strict-unsupported-format.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            strict: true,
            ..Default::default()
        }
    );
}
