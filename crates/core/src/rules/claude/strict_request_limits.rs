use crate::registry::declare_rule;
use crate::rules::provider::{list_path, strict_tools};
use crate::rules::{Definitions, Emitter};

/// Tools with strict mode in one request.
const MAX_STRICT_TOOLS: usize = 20;
/// Optional parameters across all strict schemas in one request.
const MAX_OPTIONAL: usize = 24;
/// Parameters with union types across all strict schemas in one request.
const MAX_UNIONS: usize = 16;

declare_rule! {
    /// ## What it does
    /// Adds up Claude's request-wide strict-mode limits over every tool that is
    /// strict (all of them when strict mode is ticked, otherwise those with
    /// `"strict": true`) and reports each limit exceeded, once, on the tools list:
    /// - more than 20 strict tools;
    /// - more than 24 optional parameters: properties not listed in their
    ///   object's `required`, counted in every object of every strict schema;
    /// - more than 16 parameters with union types: subschemas (below the root)
    ///   that use `anyOf` (or `oneOf`, which Anthropic's SDK turns into `anyOf`)
    ///   or a `type` array such as `["string", "null"]`.
    ///
    /// Runs when Claude is a target.
    ///
    /// ## Why is this bad?
    /// Claude compiles the strict schemas of a request into one grammar and caps
    /// its size with these limits, counted across all strict tools (and any
    /// structured-output schema) in the request; over a limit the whole request
    /// is refused with a 400. The totals depend on which tools are sent
    /// together, so they are computed over everything pasted: check the same set
    /// of tools the agent sends in one request. There is also an undocumented
    /// grammar-size limit, so a schema can pass every check and still be refused
    /// as "Schema is too complex for compilation".
    ///
    /// Where the sources disagree: Anthropic's SKILL.md says a strict schema
    /// needs `required`; the limits table allows optional parameters and counts
    /// them. Toolcheck allows them and counts them. Copying OpenAI's idiom
    /// (every property required, optional ones typed with `null`) trades the
    /// optional budget for the union budget.
    ///
    /// ## Example
    /// 30 tools forwarded with `"strict": true` in one request.
    ///
    /// Use instead: `"strict": true` only on the tools whose arguments must be
    /// exact (writes, payments), at most 20, with few optional and nullable
    /// parameters.
    ///
    /// ## Fix
    /// Turn strict mode off for the tools that do not need it, send fewer tools
    /// per request, or make parameters required and non-nullable where a value
    /// always exists.
    ///
    /// ## Sources
    /// - Claude structured outputs, schema complexity limits: <https://platform.claude.com/docs/en/build-with-claude/structured-outputs>
    /// - Claude strict tool use: <https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use>
    /// - "compiled grammar is too large": anthropics/anthropic-sdk-python#1185, alphaXiv/agents#49
    pub CLAUDE_STRICT_REQUEST_LIMIT_EXCEEDED,
    id = "claude-strict-request-limit-exceeded",
    group = Claude,
    severity = Error,
    provider = Claude, as_of = "2026-10-01",
    runs_in = Worker,
    needs = ClaudeTallies,
    converter = (TransformSchema, Keeps),
    scope = List,
    fix_note = "No automatic fix: which tools need strict mode, and which are sent together, are decisions about how the agent uses the server.",
    summary = "Claude strict: more than 20 strict tools, 24 optional or 16 union-typed parameters in one request",
}

const TOO_COMPLEX: &str = "Toolcheck adds these up over everything pasted, so check the same set of tools the agent sends in one \
                           request. Even within the published limits, a schema can pass every check and still be refused as \
                           \"Schema is too complex for compilation\".";

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    let tools = strict_tools(cx).count();
    if tools == 0 {
        return;
    }
    // Each window of tools counted its own; see `Cache::claude_strict_tallies`.
    let (optional, unions) = cx
        .cache
        .claude_strict_tallies(cx)
        .iter()
        .fold((0usize, 0usize), |(o, u), t| (o + t.optional, u + t.unions));
    let path = list_path(cx);
    let across = if tools == 1 {
        "in the 1 strict tool".to_owned()
    } else {
        format!("across the {tools} strict tools")
    };
    if tools > MAX_STRICT_TOOLS {
        out.report(
            None,
            path.clone(),
            format!("Claude: {tools} strict tools in one request; the limit is {MAX_STRICT_TOOLS}"),
        )
        .explanation(
            format!(
                "Claude accepts at most 20 tools with strict mode in one request and refuses the request with a 400 beyond \
                 that, so no tool in it can be called. {TOO_COMPLEX}"
            ),
        )
        .help(
            "Send at most 20 tools with \"strict\": true per request: keep strict mode for the tools whose arguments must be \
             exact and turn it off for the rest",
        );
    }
    if optional > MAX_OPTIONAL {
        out.report(
            None,
            path.clone(),
            format!("Claude: {optional} optional parameters {across}; the limit is {MAX_OPTIONAL}"),
        )
        .explanation(
            format!(
                "Claude allows at most 24 optional parameters (properties not listed in `required`) across all strict \
                 schemas in one request, and refuses the request with a 400 beyond that. {TOO_COMPLEX}"
            ),
        )
        .help(
            "Make parameters required where a value always exists, drop rarely used ones, or turn strict mode off for the \
             tools with the most optional parameters",
        );
    }
    if unions > MAX_UNIONS {
        out.report(
            None,
            path,
            format!("Claude: {unions} parameters with union types {across}; the limit is {MAX_UNIONS}"),
        )
        .explanation(
            format!(
                "Claude allows at most 16 parameters with union types (`anyOf`, or a type array such as [\"string\", \"null\"]) \
                 across all strict schemas in one request, and refuses the request with a 400 beyond that. {TOO_COMPLEX}"
            ),
        )
        .help(
            "Give parameters a single type where null is not needed (leave an optional parameter out of `required` instead \
             of making it nullable), or turn strict mode off for the tools with the most unions",
        );
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        CLAUDE_STRICT_REQUEST_LIMIT_EXCEEDED,
        "claude/claude-strict-request-limit-exceeded.json",
        crate::Settings {
            targets: crate::Targets::ALL,
            ..Default::default()
        }
    );

    fn run(text: &str, strict: bool) -> Vec<String> {
        let settings = crate::Settings {
            targets: crate::Targets::ALL,
            strict,
            ..Default::default()
        };
        let report = crate::check(
            text,
            &settings.only(super::CLAUDE_STRICT_REQUEST_LIMIT_EXCEEDED.id),
        )
        .unwrap();
        report
            .findings
            .iter()
            .map(|f| format!("{} {}", f.path, f.message))
            .collect()
    }

    #[test]
    fn at_the_limits_is_fine() {
        // 20 tools, 24 optional parameters, 16 unions.
        let tools: Vec<String> = (0..20)
            .map(|i| {
                let extra = if i < 4 {
                    r#", "o2": {"type": "string"}"#
                } else {
                    ""
                };
                let union = if i < 16 {
                    r#", "u": {"type": ["string", "null"]}"#
                } else {
                    ""
                };
                format!(
                    r#"{{"name": "t{i}", "inputSchema": {{"type": "object", "required": ["u"],
                        "properties": {{"o1": {{"type": "string"}}{extra}{union}}}}}}}"#
                )
            })
            .collect();
        let text = format!(r#"{{"tools": [{}]}}"#, tools.join(","));
        assert!(run(&text, true).is_empty(), "{:?}", run(&text, true));
        // Not strict: nothing is counted.
        let many: Vec<String> = (0..30)
            .map(|i| {
                format!(
                    r#"{{"name": "t{i}", "inputSchema": {{"type": "object", "properties": {{}}}}}}"#
                )
            })
            .collect();
        let text = format!(r#"{{"tools": [{}]}}"#, many.join(","));
        assert!(run(&text, false).is_empty());
        assert_eq!(
            run(&text, true),
            ["tools Claude: 30 strict tools in one request; the limit is 20"]
        );
    }
}
