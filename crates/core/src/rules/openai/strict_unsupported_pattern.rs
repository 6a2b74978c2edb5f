use crate::registry::declare_rule;
use crate::rules::provider::{OPENAI_STRICT_DESCEND, RegexFeature, each_strict_node, pattern_of};
use crate::rules::{Definitions, Emitter};
use crate::severity::Severity;
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// In strict mode, flags a `pattern` that uses lookahead or lookbehind
    /// (`(?=`, `(?!`, `(?<=`, `(?<!`), an error, or a backreference (`\1`,
    /// `\k<name>`), a warning. Runs when OpenAI is a target, on tools that
    /// are strict. The pattern is read with `regex-syntax`'s parser, as
    /// `claude-strict-unsupported-pattern` reads it; a pattern it cannot read
    /// for another reason is not reported.
    ///
    /// ## Why is this bad?
    /// OpenAI documents `pattern` as supported in strict mode, but rejects the
    /// whole request with a 400 when it uses lookaround ("Invalid JSON schema:
    /// regex lookaround is not supported"), so no tool in it can be called. A
    /// backreference cannot be enforced by the grammar that constrains the
    /// output either; no rejection of one is reported, so it is a warning.
    ///
    /// ## Example
    /// ```json
    /// {"path": {"type": "string", "pattern": "^(?!/).+$"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"path": {"type": "string", "pattern": "^[^/].*$"}}
    /// ```
    ///
    /// ## Fix
    /// Rewrite the pattern without the feature (a negative lookahead on the
    /// first character is a negated class), or state the rule in the
    /// description and check it in the handler.
    ///
    /// ## Sources
    /// - OpenAI Structured Outputs, supported properties (`pattern`): <https://developers.openai.com/api/docs/guides/structured-outputs>
    /// - The API's error, "Invalid JSON schema: regex lookaround is not supported. Found at $.properties…pattern" (2026-08-05): <https://github.com/existential-birds/daydream/issues/304>
    /// - The same error from tools (2026-07-30): <https://github.com/tombii/better-ccflare/issues/357>
    /// - vercel/ai, "OpenAI documents `pattern` … but the API rejects lookaround patterns" (2026-09-17): <https://github.com/vercel/ai/pull/21037>
    pub OPENAI_STRICT_UNSUPPORTED_PATTERN,
    id = "openai-strict-unsupported-pattern",
    group = OpenAi,
    severity = Error,
    provider = OpenAi, as_of = "2026-12-03",
    runs_in = Worker,
    converter = (EnsureStrictJsonSchema, Keeps),
    fix_note = "No automatic fix: a pattern without the feature usually accepts different strings, so whether to loosen it or check in the handler is the author's decision.",
    summary = "OpenAI strict: a `pattern` uses lookaround or a backreference",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_strict_node(cx, OPENAI_STRICT_DESCEND, &mut |tool, node| {
        let Some(pattern) = pattern_of(node) else {
            return;
        };
        let Some(feature @ (RegexFeature::LookAround | RegexFeature::Backreference)) =
            cx.cache.regex_feature(pattern)
        else {
            return;
        };
        let finding = out.report(
            Some(tool),
            node.path.key("pattern"),
            format!(
                "OpenAI: the pattern {} uses {}, which strict mode does not support",
                quote(pattern),
                feature.words()
            ),
        );
        if feature == RegexFeature::LookAround {
            finding
                .explanation(
                    "OpenAI compiles each `pattern` into the grammar that constrains the model's output, and rejects \
                     the whole request with a 400 (\"regex lookaround is not supported\"), so no tool in it can be called.",
                )
                .help(
                    "Rewrite the pattern without lookaround (a negated class often does it), or remove it, state the \
                     rule in the description and check it in the handler",
                );
        } else {
            finding
                .explanation(
                    "A backreference is not regular, so the grammar OpenAI compiles a `pattern` into cannot enforce it: \
                     the constraint is at best not applied to what the model writes.",
                )
                .help(
                    "Rewrite the pattern without the backreference, or remove it, state the rule in the description \
                     and check it in the handler",
                )
                .severity = Severity::Warning;
        }
    });
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        OPENAI_STRICT_UNSUPPORTED_PATTERN,
        "openai/openai-strict-unsupported-pattern.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            strict: true,
            ..Default::default()
        }
    );
}
