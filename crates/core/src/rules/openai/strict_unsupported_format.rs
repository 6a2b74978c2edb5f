use crate::registry::declare_rule;
use crate::rules::provider::{OPENAI_STRICT_DESCEND, each_strict_node, unsupported_format};
use crate::rules::{Definitions, Emitter};
use crate::text::quote;

/// The `format` values OpenAI's strict mode supports.
pub(crate) const FORMATS: [&str; 9] = [
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
];

declare_rule! {
    /// ## What it does
    /// In strict mode, flags a `format` value OpenAI does not support. The
    /// supported values are `date-time`, `time`, `date`, `duration`, `email`,
    /// `hostname`, `ipv4`, `ipv6` and `uuid`; `uri` is not among them. Strict
    /// mode applies when it is ticked for every tool or the tool says
    /// `"strict": true`; runs when OpenAI is a target.
    ///
    /// ## Why is this bad?
    /// The API rejects the whole request with a 400: "In context=('properties',
    /// 'url'), 'uri' is not a valid format". Zod's `.url()` and Pydantic's
    /// `AnyUrl` emit `format: "uri"`, so MCP servers built with them trip over it,
    /// and because the error is request-wide one such tool takes every other
    /// tool in the request down with it. Claude's strict mode does support
    /// `uri`.
    ///
    /// ## Example
    /// ```json
    /// {"url": {"type": "string", "format": "uri"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"url": {"type": "string", "description": "An absolute https:// URL"}}
    /// ```
    ///
    /// ## Fix
    /// Remove the `format` and say what the value is in the description (or use
    /// a supported `pattern`); validate it in the handler. A misspelt value gets
    /// the right spelling in the fix line.
    ///
    /// ## Sources
    /// - OpenAI Structured Outputs, supported schemas (string `format` values): <https://developers.openai.com/api/docs/guides/structured-outputs>
    /// - API error quoted in cyanheads/git-mcp-server#47, RooCodeInc/Roo-Code#10198, 1jehuang/jcode#543
    pub OPENAI_STRICT_UNSUPPORTED_FORMAT,
    id = "openai-strict-unsupported-format",
    group = OpenAi,
    severity = Error,
    provider = OpenAi, as_of = "2026-10-01",
    runs_in = Worker,
    converter = (EnsureStrictJsonSchema, Keeps),
    fix = Unsafe,
    fix_note = "The automatic fix (unsafe: the format is then no longer stated in the schema) removes `format`; say it in the description instead.",
    summary = "OpenAI strict: a `format` value outside the supported list",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_strict_node(cx, OPENAI_STRICT_DESCEND, &mut |tool, node| {
        let Some((format, fix)) = unsupported_format(node, &FORMATS, true) else {
            return;
        };
        let shown: String = format.replace('"', "'").chars().take(40).collect();
        out.report(
            Some(tool),
            node.path.key("format"),
            format!("OpenAI: format {} is not supported in strict mode", quote(format)),
        )
        .explanation(
            format!(
                "OpenAI's strict mode accepts only the formats date-time, time, date, duration, email, hostname, ipv4, ipv6 \
                 and uuid, and rejects the whole request with a 400 (\"'{shown}' is not a valid format\"), so no tool in it \
                 can be called."
            ),
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
        OPENAI_STRICT_UNSUPPORTED_FORMAT,
        "openai/openai-strict-unsupported-format.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            strict: true,
            ..Default::default()
        }
    );
}
