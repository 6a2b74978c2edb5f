use crate::registry::declare_rule;
use crate::rules::provider::{CLAUDE_STRICT_DESCEND, RegexFeature, each_strict_node, pattern_of};
use crate::rules::{Definitions, Emitter};
use crate::text::quote;

declare_rule! {
    /// ## What it does
    /// In strict mode, flags a `pattern` that uses a regular-expression
    /// feature Claude's strict grammar does not support: lookahead or
    /// lookbehind (`(?=`, `(?!`, `(?<=`, `(?<!`), backreferences (`\1`), and
    /// word boundaries (`\b`, `\B`). Runs when Claude is a target, on tools
    /// that are strict (ticked for every tool, or `"strict": true` on the
    /// tool). The pattern is read with `regex-syntax`'s parser, as
    /// `openai-strict-unsupported-pattern` reads it; a pattern it cannot read
    /// for another reason is not reported.
    ///
    /// Anthropic also lists "complex `{n,m}` quantifiers with large ranges"
    /// as unsupported, without a bound; those are not flagged.
    ///
    /// ## Why is this bad?
    /// Claude's strict tool use compiles each `pattern` into its grammar and
    /// supports full and partial matching, `*`, `+`, `?`, simple `{n,m}`,
    /// character classes and groups, and nothing else. A pattern with one of
    /// these features fails the request with a 400, so no tool in it can be
    /// called.
    ///
    /// ## Example
    /// ```json
    /// {"password": {"type": "string", "pattern": "^(?=.*\\d).{8,}$"}}
    /// ```
    /// Use instead:
    /// ```json
    /// {"password": {"type": "string", "pattern": "^.{8,}$",
    ///               "description": "At least 8 characters, one of them a digit"}}
    /// ```
    ///
    /// ## Fix
    /// Rewrite the pattern without the feature, or state the rule in the
    /// description and check it in the handler.
    ///
    /// ## Sources
    /// - Claude structured outputs, JSON Schema limitations ("Regex: … not supported: backreferences, lookahead/lookbehind assertions, word boundaries"): <https://platform.claude.com/docs/en/build-with-claude/structured-outputs>
    /// - Claude strict tool use: <https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use>
    pub CLAUDE_STRICT_UNSUPPORTED_PATTERN,
    id = "claude-strict-unsupported-pattern",
    group = Claude,
    severity = Error,
    provider = Claude, as_of = "2026-12-02",
    runs_in = Worker,
    converter = (TransformSchema, Fixes),
    fix_note = "No automatic fix: a pattern without the feature usually accepts different strings, so whether to loosen it or check in the handler is the author's decision.",
    summary = "Claude strict: a `pattern` uses lookaround, a backreference or a word boundary",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    each_strict_node(cx, CLAUDE_STRICT_DESCEND, &mut |tool, node| {
        let Some(pattern) = pattern_of(node) else {
            return;
        };
        let Some(feature) = cx.cache.regex_feature(pattern).map(RegexFeature::words) else {
            return;
        };
        out.report(
            Some(tool),
            node.path.key("pattern"),
            format!("Claude: the pattern {} uses {feature}, which strict mode does not support", quote(pattern)),
        )
        .explanation(
            "Claude's strict tool use compiles each `pattern` into its grammar and supports only full or partial \
             matching, `*`, `+`, `?`, simple `{n,m}`, character classes and groups. A pattern with lookaround, a \
             backreference or a word boundary fails the request with a 400, so no tool in it can be called.",
        )
        .help(
            "Rewrite the pattern without it, or remove the pattern, state the rule in the description and check it in \
             the handler",
        );
    });
}

#[cfg(test)]
mod tests {
    use crate::rules::provider::{RegexFeature, regex_feature};

    /// The first feature of `pattern` that Claude's strict mode does not
    /// support, in words, as the check reports it.
    fn unsupported_feature(pattern: &str) -> Option<&'static str> {
        regex_feature(pattern).map(RegexFeature::words)
    }

    #[test]
    fn finds_the_features_claude_rejects() {
        assert_eq!(
            unsupported_feature("^(?=.*\\d).{8,}$"),
            Some("lookahead or lookbehind")
        );
        assert_eq!(
            unsupported_feature("(?<!x)y"),
            Some("lookahead or lookbehind")
        );
        assert_eq!(unsupported_feature("(a)\\1"), Some("a backreference"));
        assert_eq!(
            unsupported_feature("\\bword\\b"),
            Some("a word boundary (\\b or \\B)")
        );
        for fine in [
            "^[a-z0-9_-]{1,64}$",
            "^\\d{4}-\\d{2}-\\d{2}$",
            "(ab|cd)+",
            "^$",
            "[(]unclosed",
        ] {
            assert_eq!(unsupported_feature(fine), None, "{fine}");
        }
    }

    crate::rule_snapshot!(
        CLAUDE_STRICT_UNSUPPORTED_PATTERN,
        "claude/claude-strict-unsupported-pattern.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            strict: true,
            ..Default::default()
        }
    );
}
