use crate::registry::declare_rule;
use crate::rules::{Definitions, Emitter};
use crate::text::quote;
use crate::value::json_kind;

declare_rule! {
    /// ## What it does
    /// Flags a prompt argument whose `required` is present but not the JSON
    /// literal `true` or `false`: the string `"true"`, a number, `null`.
    ///
    /// ## Why is this bad?
    /// The MCP schema types `PromptArgument.required` as a boolean. A client
    /// that validates the `prompts/list` result rejects it, and every prompt
    /// of the server disappears; a lenient client reads the field as absent,
    /// so an argument the prompt cannot work without is treated as optional
    /// and left out.
    ///
    /// ## Example
    /// ```json
    /// {"name": "review", "arguments": [{"name": "code", "description": "The code to review", "required": "true"}]}
    /// ```
    /// Use instead:
    /// ```json
    /// {"name": "review", "arguments": [{"name": "code", "description": "The code to review", "required": true}]}
    /// ```
    ///
    /// ## Fix
    /// Write `required` as `true` or `false`, or leave it out for an optional
    /// argument.
    ///
    /// ## Sources
    /// - MCP 2026-07-28 schema, `PromptArgument`: <https://github.com/modelcontextprotocol/modelcontextprotocol/blob/main/schema/2026-07-28/schema.ts>
    pub PROMPT_ARGUMENT_REQUIRED_NOT_BOOLEAN,
    id = "prompt-argument-required-not-boolean",
    group = Shape,
    severity = Error,
    runs_in = Worker,
    fix_note = "No automatic fix: the fixer edits tool definitions, and this is a prompt's.",
    summary = "A prompt argument's `required` is not a boolean",
}

fn check(cx: &Definitions<'_>, out: &mut Emitter<'_>) {
    let Some(server) = cx.server() else { return };
    for argument in server.prompt_arguments() {
        let Some(required) = argument.value.get("required") else {
            continue;
        };
        if required.is_boolean() {
            continue;
        }
        let spelled = match required.as_str().map(str::trim) {
            Some(t) if t.eq_ignore_ascii_case("true") => Some(true),
            Some(t) if t.eq_ignore_ascii_case("false") => Some(false),
            _ => None,
        };
        let help = match spelled {
            Some(flag) => format!("Write `\"required\": {flag}`, without quotes"),
            None => {
                "Write `\"required\": true` or `false`, or leave it out for an optional argument"
                    .to_owned()
            }
        };
        out.report(
            None,
            argument.path().key("required"),
            format!(
                "`required` of argument {}{} is {}, not a boolean",
                quote(argument.name()),
                argument.of_prompt(),
                json_kind(required)
            ),
        )
        .explanation(
            "The MCP schema types `required` as a boolean. A client that validates the `prompts/list` result \
             rejects it, and every prompt of the server disappears; a lenient one reads it as absent, so the \
             argument is treated as optional and left out.",
        )
        .help(help);
    }
}

#[cfg(test)]
mod tests {
    crate::rule_snapshot!(
        PROMPT_ARGUMENT_REQUIRED_NOT_BOOLEAN,
        "shape/prompt-argument-required-not-boolean.json"
    );
}
